"""Why a choice is good, in words a player can check against the dice.

The strategy table knows *that* a choice is best, as expected points; a newcomer needs the
reason. A box is explained by what the dice make there ("all five one colour: 3s and 4s are
green"), and by the box it keeps open when that one would score more now ("Four of a Kind
scores more later: keep it open"). Dice to keep are explained by what they aim at ("three
alike: toward more of a kind"). None of this is the table's reasoning, which is a sum over
every future; it is the part of it a player can see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...rules import BASIC_BOXES, Category, Color, color_of
from ...text import join_names, text

if TYPE_CHECKING:
    from ...advice.state import State
    from ...advice.strategy import Choice

_PLAIN = {
    Category.THREE_OF_A_KIND: "why.three",
    Category.FOUR_OF_A_KIND: "why.four",
    Category.STRAIGHT: "why.straight",
    Category.FULL_HOUSE: "why.full_house",
    Category.YARBOROUGH: "why.yarborough",
    Category.KISMET: "why.kismet",
}
"""Boxes whose reason needs no more than the face they are made of."""


def _faces(faces: Sequence[int], lang: str) -> str:
    """ "3s and 4s": the distinct faces, for a sentence."""
    return join_names([text("why.face", lang, face=f) for f in sorted(set(faces))], lang)


def _color(faces: Sequence[int], lang: str) -> str:
    return text(f"color.{color_of(faces[0]).value}", lang)


def _pairs(dice: Sequence[int]) -> list[int]:
    """The faces of the pairs in the dice (a face four times makes two pairs)."""
    return [face for face, count in sorted(Counter(dice).items()) for _ in range(count // 2)]


def box_reason(
    box: Category, dice: Sequence[int], points: int, lang: str, *, joker: bool = False
) -> str:
    """What these dice make in ``box``, in words that can be checked against them
    (``joker``: they are an extra Kismet)."""
    if points == 0:
        return text("why.zero", lang, box=box)
    counts = Counter(dice)
    face, most = counts.most_common(1)[0]
    if joker and box is not Category.KISMET:
        return text("why.joker", lang, box=box)  # five alike outside the Kismet box
    if box in BASIC_BOXES:
        face = BASIC_BOXES.index(box) + 1
        named = text("why.face", lang, face=face)
        return text("why.basic", lang, count=counts[face], face=named, points=points)
    if box is Category.FLUSH:
        return text("why.flush", lang, faces=_faces(dice, lang), color=_color(dice, lang))
    if box is Category.TWO_PAIR_SAME_COLOR:
        pairs = _pairs(dice)
        by_color: dict[Color, list[int]] = {}
        for pair in pairs:
            by_color.setdefault(color_of(pair), []).append(pair)
        same = next(faces for faces in by_color.values() if len(faces) >= 2)
        return text("why.two_pair", lang, faces=_faces(same, lang), color=_color(same, lang))
    if box is Category.FULL_HOUSE_SAME_COLOR:
        return text(
            "why.full_house_color", lang, faces=_faces(dice, lang), color=_color(dice, lang)
        )
    return text(_PLAIN[box], lang, face=text("why.face", lang, face=face), count=most)


def keep_reason(keep: Sequence[int], state: State, lang: str) -> str:
    """What kept dice aim at."""
    if not keep:
        return text("why.reroll", lang)
    counts = Counter(keep)
    face, most = counts.most_common(1)[0]
    open_boxes = set(state.open_boxes())
    distinct = sorted(counts)
    if len(distinct) == 1 and most >= 2:
        return text("why.keep_alike", lang, count=most, face=text("why.face", lang, face=face))
    run = len(distinct) >= 3 and distinct[-1] - distinct[0] == len(distinct) - 1
    if run and len(distinct) == len(keep) and Category.STRAIGHT in open_boxes:
        return text("why.keep_run", lang)
    if len(keep) >= 3 and len({color_of(f) for f in keep}) == 1:
        return text("why.keep_color", lang, color=_color(keep, lang))
    if len(_pairs(keep)) >= 2:
        return text("why.keep_pairs", lang)
    return text("why.keep", lang)


def why(choice: Choice, choices: Sequence[Choice], state: State, lang: str) -> str:
    """The reason for ``choice`` among the ``choices`` (all of them, best first), taken
    in ``state`` (the player's sheet)."""
    if choice.box is None:
        return keep_reason(choice.keep, state, lang)
    joker = len(set(choice.keep)) == 1 and state.joker
    said = [box_reason(choice.box, choice.keep, choice.points, lang, joker=joker)]
    richer = [c for c in choices if c.box is not None and c.points > choice.points]
    if richer:
        kept_open = max(richer, key=lambda c: c.points)
        said.append(text("why.later", lang, box=kept_open.box))
    return " ".join(said)
