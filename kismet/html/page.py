"""The whole page: the template's placeholders, the rules, the dialogs' lists and menus."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..advice.skill import CASUAL, GOOD, RECORD_GAMES
from ..app.base.finished import HighScore
from ..app.base.roster import SEAT_CODES, Roster, seat_code
from ..app.base.settings import COACH_MARGIN, COACH_MARGINS, coach_margin_label
from ..app.base.table import AsideGame
from ..app.guidance.compare import Play, Side
from ..app.guidance.guide import opening
from ..app.guidance.linked import Offer, Scene
from ..app.guidance.luck import Luck
from ..app.play.finale import Finale
from ..app.screen.sheet_view import empty_sheet
from ..rules import FACES, MAX_NAME_LENGTH, MAX_PLAYERS, Color, color_of
from ..text import LANGUAGES, figure, text
from .dice import dice_html, mini_die, pip_css
from .escape import esc, t
from .sheet import sheet_css, sheet_html
from .stats import luck_html

if TYPE_CHECKING:
    from ..app.guidance.coaching import Review, ReviewTurn

PAGES = {"en": "index.html", "ko": "index.ko.html"}
"""The page built for each interface language (all in one folder, so paths are shared)."""


def help_html(lang: str) -> str:
    """The rules, then the colour groups shown with their dice, then the keyboard."""
    groups = []
    for color in Color:
        faces = [f for f in FACES if color_of(f) is color]
        dice = "".join(mini_die(f) for f in faces)
        name = text(f"color.{color.value}", lang)
        shape = text(f"shape.{color.value}", lang)
        line = t("help.color_group", lang, color=name, faces=" & ".join(map(str, faces)))
        note = t("help.color_shape", lang, color=name, shape=shape)
        groups.append(f"<li>{dice} <strong>{line}</strong> <small>{note}</small></li>")
    chances = t(
        "help.chances",
        lang,
        casual=round(CASUAL.per_game),
        good=round(GOOD.per_game),
        games=RECORD_GAMES,
    )
    return (
        text("help.body", lang)
        + f"<h3>{t('help.colors_title', lang)}</h3>"
        + f'<ul class="color-groups">{"".join(groups)}</ul>'
        + f"<h3>{t('help.keys_title', lang)}</h3><p>{t('help.keys', lang)}</p>"
        + f"<h3>{t('help.advice_title', lang)}</h3><p>{t('help.advice', lang)}</p>"
        + f"<h3>{t('help.chances_title', lang)}</h3><p>{chances}</p>"
        + f"<h3>{t('help.by_link_title', lang)}</h3><p>{t('help.by_link', lang)}</p>"
        + f"<p><small>{t('help.unofficial', lang)}</small></p>"
    )


def _options(choices: list[tuple[str, str]], selected: str) -> str:
    """``<option>``s from (value, label) pairs, ``selected`` chosen."""
    return "".join(
        f'<option value="{esc(value)}"{" selected" if value == selected else ""}>'
        f"{esc(label)}</option>"
        for value, label in choices
    )


def print_player_options(lang: str) -> str:
    """The choices of a blank sheet's number of players, 1 to 8."""
    choices = [
        (
            str(n),
            text("print.blank_one_player" if n == 1 else "print.blank_players", lang, count=n),
        )
        for n in range(1, MAX_PLAYERS + 1)
    ]
    return _options(choices, "")


def roster_html(roster: Roster, lang: str) -> str:
    """The New game dialog's seats: for each, the name, what plays it (a person or a
    computer level), and the buttons that move it up or remove it."""
    rows = []
    seats = [(code, text(f"seat.{code}", lang)) for code in SEAT_CODES]
    last = len(roster.names) - 1
    for i, (name, seat) in enumerate(zip(roster.names, roster.seats, strict=True)):
        number = i + 1
        row = [
            f"<li><label>{t('dialog.player', lang, number=number)}"
            f'<input type="text" maxlength="{MAX_NAME_LENGTH}" autocomplete="off" '
            f'data-testid="player-name-{i}" value="{esc(name)}"></label>',
            f'<select data-testid="player-kind-{i}" '
            f'aria-label="{t("dialog.seat", lang, number=number)}">'
            f"{_options(seats, seat_code(seat))}</select>",
        ]
        if i > 0:
            label = t("dialog.move_up", lang, number=number)
            row.append(
                f'<button type="button" data-action="move-up" data-index="{i}" '
                f'aria-label="{label}">↑</button>'
            )
        if last > 0:
            label = t("dialog.remove_player", lang, number=number)
            row.append(
                f'<button type="button" data-action="remove-player" data-index="{i}" '
                f'data-testid="remove-player-{i}" aria-label="{label}">✕</button>'
            )
        rows.append("".join(row) + "</li>")
    return "".join(rows)


def language_options(lang: str) -> str:
    """The language menu, each language named in itself."""
    return _options([(code, text(f"lang.{code}", lang)) for code in LANGUAGES], lang)


def coach_margin_options(lang: str) -> str:
    """The coach's margins: "1 point", "2 points"..."""
    choices = [(f"{m:g}", coach_margin_label(m, lang)) for m in COACH_MARGINS]
    return _options(choices, f"{COACH_MARGIN:g}")


_PLACEHOLDER = re.compile(r"\{\{(t:[a-z_.]+|[a-z_]+)\}\}")


def built_css() -> str:
    """The style sheet's rules that follow from the rules of the game and the sheet (each
    face's pips and colour, each box's place on a phone's card, the printed names' sizes):
    written by the build after static/kismet.css, in a file, as the page's content policy
    lets no style in the page itself."""
    return f"{pip_css()}\n{sheet_css()}\n"


def render_index(template: str, lang: str) -> str:
    """Fill the page template: ``{{t:key}}`` texts, ``{{dice}}``, ``{{sheet}}``, ``{{help}}``
    and the menus.

    The sheet is the empty one of a solo game, so the first paint shows the board before
    Python starts.
    """
    first_player = text("dialog.default_name", lang, number=1)
    fills: dict[str, Callable[[], str]] = {
        "dice": lambda: dice_html(lang),
        "sheet": lambda: sheet_html(empty_sheet([first_player]), lang),
        "help": lambda: help_html(lang),
        "lang": lambda: lang,
        "lang_pages": lambda: json.dumps(PAGES),
        "language_options": lambda: language_options(lang),
        "coach_margins": lambda: coach_margin_options(lang),
        "print_players": lambda: print_player_options(lang),
        "guide_step": lambda: esc(opening(lang).heading),
        "guide_line": lambda: esc(opening(lang).line),
    }

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.startswith("t:"):
            return t(name[2:], lang)
        if name not in fills:
            raise ValueError(f"The page template has an unknown placeholder {{{{{name}}}}}")
        return fills[name]()

    return _PLACEHOLDER.sub(fill, template)


OVER_BODY = "game-over-body"
"""The id of the game-over panel's body: drawn on its own, so that what arrives late (the
luck, Perfect's total) never redraws the panel, which would unfold it."""


def game_over_html(
    finale: Finale,
    lang: str,
    scene: Scene | None = None,
    luck: Luck | None = None,
) -> str:
    """The game-over panel whole (``game_over_parts``, the body in its place)."""
    shell, body = game_over_parts(finale, lang, scene, luck)
    empty = f'<div class="over-body" id="{OVER_BODY}"></div>'
    return shell.replace(empty, f'<div class="over-body" id="{OVER_BODY}">{body}</div>')


def game_over_parts(
    finale: Finale,
    lang: str,
    scene: Scene | None = None,
    luck: Luck | None = None,
) -> tuple[str, str]:
    """The panel at the end of a game, as its shell (the head and an empty body) and its
    body: the total counted up, the headline, a new best and the rank; luck against
    skill; for a daily game or a challenge also Perfect's result on the same dice, and
    Share; then what to do next. A tap on its head folds it to that head, so that the
    whole sheet shows (on a phone the panel covers half of it)."""
    parts = []
    if finale.new_best:
        parts.append(
            f'<p class="new-best" data-testid="new-best"><strong>★ {esc(finale.new_best)}'
            "</strong></p>"
        )
    if finale.rank_line:
        parts.append(f'<p class="rank" data-testid="rank">{esc(finale.rank_line)}</p>')
    if luck is not None:
        parts.append(f'<p class="luck-line" data-testid="luck">{esc(luck.line)}</p>')
        parts.append(luck_html(luck.splits, lang))
    said, extra = _over_scene(scene, lang) if scene is not None else ("", [])
    return _over_shell(finale, lang, scene), "".join(parts) + said + _over_buttons(extra, lang)


def _over_shell(finale: Finale, lang: str, scene: Scene | None) -> str:
    """The panel's head (its title, the total counted up, the headline) and empty body."""
    title = "" if scene is None or not scene.title else scene.title
    versus = scene is not None and scene.versus is not None
    testid = "challenge-result" if versus else "result"
    return (
        '<details data-testid="game-over" class="game-over" open>'
        f'<summary data-testid="fold-over" title="{t("over.fold", lang)}">'
        f'<h2 class="over-title">{t("over.title", lang)}</h2>'
        + (f'<span class="game-title">{esc(title)}</span>' if title else "")
        + f'<span class="count-up" aria-hidden="true" data-count="{finale.total}">'
        f"{finale.total}</span>"
        f'<span class="result" data-testid="{testid}">{esc(finale.headline)}</span></summary>'
        f'<div class="over-body" id="{OVER_BODY}"></div></details>'
    )


def _over_scene(scene: Scene, lang: str) -> tuple[str, list[str]]:
    """For a daily game or a challenge: Perfect's result on the same dice (or that it is
    on its way, or offline), and the buttons it brings (Share, Compare)."""
    extra, said = [], ""
    if scene.share is not None:
        extra.append(
            '<button type="button" class="primary" data-action="share" data-testid="share">'
            f"{t('share.button', lang)}</button>"
        )
    if scene.perfect is not None:
        said = f'<p data-testid="perfect-total">{t("perfect.total", lang, total=scene.perfect)}</p>'
        extra.append(
            f'<button type="button" data-action="compare" data-testid="compare">'
            f"{t('perfect.compare', lang)}</button>"
        )
    elif scene.thinking:
        said = f'<p class="thinking">{t("perfect.thinking", lang)}</p>'
    elif scene.unavailable:
        said = f'<p class="thinking" data-testid="perfect-offline">{t("perfect.offline", lang)}</p>'
    return said, extra


def _over_buttons(extra: Sequence[str], lang: str) -> str:
    """What to do next: ``extra`` (Share, Compare), Play again, New game, Review. Four
    buttons at most: with Share and Compare, New game stays in the menu."""
    new_game = (
        ""
        if extra
        else (f'<button type="button" data-action="new-game">{t("app.new_game", lang)}</button>')
    )
    return (
        '<p class="dialog-buttons">'
        + "".join(extra)
        + '<button type="button" data-action="play-again" data-testid="play-again" '
        f'class="{"" if extra else "primary"}">{t("over.play_again", lang)}</button>'
        + new_game
        + '<button type="button" data-action="review" data-testid="open-review">'
        f"{t('app.review', lang)}</button></p>"
    )


def offer_html(offer: Offer, lang: str, problem: str = "") -> str:
    """A challenge link opened: who sent it and their total, proven by a replay, and the
    name to play under (with why the last one typed was refused)."""
    said = f'<p class="notice" role="alert">{esc(problem)}</p>' if problem else ""
    return said + (
        f"<p>{t('challenge.offer', lang, name=offer.name, total=offer.total)}</p>"
        f'<p><label class="challenge-name">{t("challenge.your_name", lang)} '
        f'<input type="text" data-testid="challenge-name" maxlength="{MAX_NAME_LENGTH}" '
        f'autocomplete="nickname" value="{esc(offer.friend)}" '
        f'placeholder="{t("challenge.your_name", lang)}"></label></p>'
    )


def _play_html(play: Play, lang: str) -> str:
    """One player's turn: the box, its points and the total after it, then (a paragraph of
    its own) each roll's dice, those kept for the next roll marked."""
    rolls = []
    for roll in play.rolls:
        dice = "".join(
            f'<span class="kept">{mini_die(face)}</span>' if kept else mini_die(face)
            for face, kept in zip(roll.dice, roll.kept, strict=True)
        )
        kept = " ".join(map(str, roll.faces_kept)) or "-"
        words = t("compare.roll", lang, dice=" ".join(map(str, roll.dice)), kept=kept)
        rolls.append(
            f'<span class="roll-dice">{dice}<span class="visually-hidden">{words}</span></span>'
        )
    box = t("advice.box", lang, box=play.box, points=play.points)
    total = t("compare.total", lang, total=play.total)
    return (
        f"<strong>{box}</strong> <small>· {total}</small></p>"
        f'<p class="rolls">{"<span class=then>→</span>".join(rolls)}'
    )


def compare_html(sides: Sequence[Side], lang: str, expected: float | None = None) -> str:
    """This game and Perfect's on the same dice, turn by turn: both players' rolls and kept
    dice, boxes and running totals, the turns where the choices part marked with what this
    game's choices cost; then what the three "perfect" figures mean."""
    items = []
    for side in sides:
        cost = ""
        if side.cost is not None and side.cost >= 0.05:
            cost = f' <span class="cost">{t("compare.cost", lang, cost=figure(side.cost))}</span>'
        mark = f' <span class="parted">{t("compare.parted", lang)}</span>' if side.differs else ""
        heading = t("compare.turn_number", lang, turn=side.turn)
        you, perfect = t("compare.you", lang), t("compare.perfect", lang)
        if not side.differs:  # played alike: the turn once, said so
            alike = f' <span class="alike">{t("compare.same", lang)}</span>'
            items.append(
                f'<li class="same" data-testid="compare-turn"><p><strong>{heading}</strong>'
                f"{alike}</p><p>{_play_html(side.mine, lang)}</p></li>"
            )
            continue
        items.append(
            f'<li class="differs" data-testid="compare-turn">'
            f"<p><strong>{heading}</strong>{mark}{cost}</p>"
            f'<p><span class="who">{you}</span> {_play_html(side.mine, lang)}</p>'
            f'<p><span class="who">{perfect}</span> {_play_html(side.perfect, lang)}</p></li>'
        )
    parted = sum(1 for side in sides if side.differs)
    intro = t("compare.intro", lang, parted=parted, turns=len(sides))
    parts = [f"<p>{intro}</p>", f'<ol class="compare">{"".join(items)}</ol>']
    if expected is not None:
        parts.append(f'<p class="perfect-figures">{perfect_figures(expected, lang)}</p>')
    return "".join(parts)


def perfect_figures(expected: float, lang: str) -> str:
    """The one explanation of the three "perfect" figures, wherever one appears."""
    return t("perfect.figures", lang, expected=f"{expected:.2f}")


def high_scores_html(scores: Sequence[HighScore], lang: str) -> str:
    """The high-score table (or what it will hold, while it is empty)."""
    if not scores:
        return f"<p>{t('scores.empty', lang)}</p>"
    heads = "".join(
        f'<th scope="col">{t(key, lang)}</th>'
        for key in ("scores.rank", "scores.name", "scores.score", "scores.date")
    )
    rows = "".join(  # people's only (kismet.app.base.finished.high_scores)
        f"<tr><td>{rank}</td><td>{esc(line.name)}</td>"
        f"<td>{line.points}</td><td>{esc(line.date)}</td></tr>"
        for rank, line in enumerate(scores, start=1)
    )
    return f'<table class="scores"><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>'


def review_html(review: Review, lang: str) -> str:
    """The review: the summary, then the costly turns (the costliest first) with their dice,
    then, folded away, the turns played as well as can be."""

    def turn(group: ReviewTurn) -> str:
        items = "".join(
            f'<li><span class="review-dice">{"".join(mini_die(f) for f in item.dice)}</span> '
            f"{esc(item.words)}</li>"
            for item in group.items
        )
        return f"<section><h3>{esc(group.heading)}</h3><ol>{items}</ol></section>"

    parts = [f"<p>{esc(line)}</p>" for line in review.summary]
    parts += [turn(group) for group in review.costly]
    if review.fine:
        parts.append(
            f"<details><summary>{esc(review.fine_title)}</summary>"
            f"{''.join(turn(group) for group in review.fine)}</details>"
        )
    return "".join(parts)


def aside_html(games: Sequence[AsideGame], lang: str) -> str:
    """The games in progress, each with the button that takes it up again."""
    if not games:
        return f"<p>{t('games.empty', lang)}</p>"
    lines = [
        t("games.line", lang, players=game.players, turn=game.turn, date=game.started)
        + (f" · <strong>{esc(game.state)}</strong>" if game.state else "")
        for game in games
    ]
    rows = "".join(
        f'<li><span>{line}</span> <button type="button" data-action="resume" '
        f'data-id="{esc(game.id)}" data-testid="resume-{i}">{t("games.resume", lang)}</button></li>'
        for i, (game, line) in enumerate(zip(games, lines, strict=True))
    )
    return f'<ul class="listing">{rows}</ul>'
