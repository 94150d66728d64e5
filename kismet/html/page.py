"""HTML for the page: the dice, the score sheet and the texts, as strings.

The build renders the page's first paint with these functions, and the browser glue
re-renders the sheet with the same ones, so the sheet's rows are written once. Everything a
player typed (names) is escaped here; nothing else inserts text into the page as HTML.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence

from . import messages
from .dice import Color, color_of
from .game import Game
from .scoring import BASIC_BOXES, KISMET_BOXES, Category, points_to_next_bonus

# Which of the nine pip places (3 x 3, reading order) show for each face, as on real dice.
PIPS = {
    1: (4,),
    2: (2, 6),
    3: (2, 4, 6),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}


def esc(value: object) -> str:
    """Text made safe to put inside HTML, quotes included."""
    return html.escape(str(value), quote=True)


def t(key: str, lang: str = messages.DEFAULT_LANGUAGE, **params: object) -> str:
    """A catalogue message, escaped for HTML."""
    return esc(messages.text(key, lang, **params))


def die_label(index: int, face: int | None, lang: str = messages.DEFAULT_LANGUAGE) -> str:
    """What a screen reader says for a die: "Die 3: five, red"."""
    if face is None:
        return messages.text("die.label", lang, number=index + 1)
    color = messages.text(f"color.{color_of(face).value}", lang)
    face_word = messages.text(f"face.{face}", lang)
    return messages.text("die.label_face", lang, number=index + 1, face=face_word, color=color)


PIP_PLACES = '<span class="pip"></span>' * 9
"""The nine pip places of a die; CSS shows those of its ``data-face``."""


def dice_html(lang: str = messages.DEFAULT_LANGUAGE) -> str:
    """The five dice: buttons with nine pip places each, faces set by ``data-face``."""
    pips = PIP_PLACES
    return "".join(
        f'<button type="button" class="die" data-testid="die-{i}" data-action="hold" '
        f'data-die="{i}" data-face="" aria-pressed="false" '
        f'aria-label="{esc(die_label(i, None, lang))}" disabled>{pips}</button>'
        for i in range(5)
    )


def _box_cell(game: Game | None, player: int, box: Category, lang: str) -> str:
    testid = f"cell-{player}-{box.value}"
    value = game.sheet(player)[box] if game else None
    if game is not None and value is not None:
        fill = next(f for f in game.history if f.player == player and f.category is box)
        mark = ""
        if fill.joker:
            mark = f' class="joker" title="{t("sheet.joker", lang)}"'
        elif fill.penalty:
            mark = f' class="penalty" title="{t("sheet.penalty", lang)}"'
        return f'<td data-testid="{testid}" data-state="filled"{mark}>{value}</td>'
    if game and player == game.current and not game.is_over:
        options = game.options()
        if box in options:
            points = options[box]
            label = t("sheet.option", lang, box=box, points=points)
            zero = " zero" if points == 0 else ""
            return (
                f'<td data-testid="{testid}" data-state="open" class="current">'
                f'<button type="button" class="option{zero}" data-action="score" '
                f'data-box="{box.value}" aria-label="{label}">{points}</button></td>'
            )
    current = ' class="current"' if game and player == game.current and not game.is_over else ""
    return f'<td data-testid="{testid}" data-state="open"{current}></td>'


def _box_row(players: Sequence[str], game: Game | None, box: Category, lang: str) -> str:
    cells = "".join(_box_cell(game, p, box, lang) for p in range(len(players)))
    return (
        f'<tr data-box="{box.value}"><th scope="row"><span class="box-name">'
        f'{t(f"box.{box.value}", lang)}</span><small class="box-rule">'
        f"{t(f'rule.{box.value}', lang)}</small></th>{cells}</tr>"
    )


def _total_row(
    players: Sequence[str],
    game: Game | None,
    kind: str,
    label: str,
    lang: str,
    note: str = "",
    *,
    blank: bool = False,
) -> str:
    cells = []
    for p in range(len(players)):
        totals = game.totals(p) if game else None
        value = getattr(totals, kind) if totals else ("" if blank else 0)
        extra = ""
        if kind == "bonus" and game and not game.is_over:
            basic = totals.basic if totals else 0
            need = points_to_next_bonus(basic)
            if need is None:
                extra_text = t("sheet.top_tier", lang)
            else:
                extra_text = t("sheet.to_go", lang, points=need)
            extra = f'<small class="to-go">{extra_text}</small>'
        elif kind == "bonus" and not game and not blank:
            extra = f'<small class="to-go">{t("sheet.to_go", lang, points=63)}</small>'
        testid = {"basic": "upper-subtotal", "bonus": "bonus", "kismet": "lower-subtotal",
                  "grand": "total"}[kind]  # fmt: skip
        current = ' class="current"' if game and p == game.current and not game.is_over else ""
        cells.append(
            f'<td data-testid="{testid}-{p}"{current}><span class="value">{value}</span>'
            f"{extra}</td>"
        )
    small = f'<small class="box-rule">{note}</small>' if note else ""
    # The last row's heading carries the sheet's Element Timing mark: once it is painted,
    # the whole sheet is (the start-up benchmark reads it).
    timing = ' elementtiming="sheet"' if kind == "grand" else ""
    return (
        f'<tr class="{kind}-row"><th scope="row"{timing}>{label}{small}</th>{"".join(cells)}</tr>'
    )


def sheet_html(
    players: Sequence[str],
    game: Game | None = None,
    lang: str = messages.DEFAULT_LANGUAGE,
    *,
    blank: bool = False,
) -> str:
    """The score sheet table: one column per player, the current player's column marked.

    Without a game, the empty sheet for ``players`` (totals 0, or left empty with ``blank``
    for a pad to print); with one, its boxes, the points each open box of the current player
    would score now (as buttons), and the totals.
    """
    winners = set(game.winners) if game else set()
    heads = []
    for p, name in enumerate(players):
        classes = []
        if game and p == game.current and not game.is_over:
            classes.append("current")
        mark = ""
        if p in winners:
            classes.append("winner")
            mark = f' <span class="winner-mark">★ {t("print.winner", lang)}</span>'
        cls = f' class="{" ".join(classes)}"' if classes else ""
        heads.append(
            f'<th scope="col" data-testid="player-head-{p}"{cls}>'
            f'<span class="name">{esc(name)}</span>{mark}</th>'
        )
    width = len(players) + 1
    rows = [
        f'<caption class="visually-hidden">{t("app.sheet", lang)}</caption>',
        f'<thead><tr><th scope="col" class="corner">{t("sheet.box", lang)}</th>'
        f"{''.join(heads)}</tr></thead>",
        '<tbody class="basic">',
        f'<tr class="section"><th scope="colgroup" colspan="{width}">'
        f"{t('section.basic', lang)}</th></tr>",
        *(_box_row(players, game, box, lang) for box in BASIC_BOXES),
        _total_row(players, game, "basic", t("sheet.basic_subtotal", lang), lang, blank=blank),
        _total_row(
            players,
            game,
            "bonus",
            t("sheet.bonus", lang),
            lang,
            t("sheet.bonus_rule", lang),
            blank=blank,
        ),
        "</tbody>",
        '<tbody class="kismet">',
        f'<tr class="section"><th scope="colgroup" colspan="{width}">'
        f"{t('section.kismet', lang)}</th></tr>",
        *(_box_row(players, game, box, lang) for box in KISMET_BOXES),
        _total_row(players, game, "kismet", t("sheet.kismet_subtotal", lang), lang, blank=blank),
        "</tbody>",
        "<tfoot>",
        _total_row(players, game, "grand", t("sheet.grand_total", lang), lang, blank=blank),
        "</tfoot>",
    ]
    return "".join(rows)


PAGES = {"en": "index.html", "ko": "index.ko.html"}
"""The page built for each interface language (all in one folder, so paths are shared)."""


def help_html(lang: str = messages.DEFAULT_LANGUAGE) -> str:
    """The rules, then the colour groups shown with their dice, then the keyboard."""
    groups = []
    for color in Color:
        faces = [f for f in range(1, 7) if color_of(f) is color]
        dice = "".join(
            f'<span class="die mini" data-face="{f}" aria-hidden="true">{PIP_PLACES}</span>'
            for f in faces
        )
        name = messages.text(f"color.{color.value}", lang)
        shape = messages.text(f"shape.{color.value}", lang)
        line = t("help.color_group", lang, color=name, faces=" & ".join(map(str, faces)))
        note = t("help.color_shape", lang, color=name, shape=shape)
        groups.append(f"<li>{dice} <strong>{line}</strong> <small>{note}</small></li>")
    return (
        messages.text("help.body", lang)
        + f"<h3>{t('help.colors_title', lang)}</h3>"
        + f'<ul class="color-groups">{"".join(groups)}</ul>'
        + f"<h3>{t('help.keys_title', lang)}</h3><p>{t('help.keys', lang)}</p>"
        + f"<h3>{t('help.advice_title', lang)}</h3><p>{t('help.advice', lang)}</p>"
    )


def print_player_options(lang: str = messages.DEFAULT_LANGUAGE) -> str:
    """The choices of a blank sheet's number of players, 1 to 8."""
    options = []
    for count in range(1, 9):
        key = "print.blank_one_player" if count == 1 else "print.blank_players"
        options.append(f'<option value="{count}">{t(key, lang, count=count)}</option>')
    return "".join(options)


def blank_sheet_html(columns: int, *, six_games: bool = False, lang: str = "en") -> str:
    """An empty score sheet to print: ``columns`` unnamed players, or one player's 6 games."""
    if six_games:
        heads = [messages.text("print.game", lang, number=n) for n in range(1, 7)]
    else:
        heads = [""] * columns
    return sheet_html(heads, None, lang, blank=True)


def pip_css() -> str:
    """CSS showing each face's pips and giving them the face's colour (from ``PIPS`` and
    ``color_of``, so the drawing and the rules cannot disagree)."""
    rules = []
    for face, places in PIPS.items():
        shown = ", ".join(f'.die[data-face="{face}"] .pip:nth-child({p + 1})' for p in places)
        rules.append(f"{shown} {{ visibility: visible; }}")
        rules.append(f'.die[data-face="{face}"] {{ --pip: var(--pip-{color_of(face).value}); }}')
    return "\n".join(rules)


_PLACEHOLDER = re.compile(
    r"\{\{(t:[a-z_.]+|dice|sheet|help|pip_css|preloads|print_players|lang|lang_pages|language_options|coach_margins)\}\}"
)


def render_index(
    template: str, lang: str = messages.DEFAULT_LANGUAGE, *, preloads: str = ""
) -> str:
    """Fill the page template: ``{{t:key}}`` texts, ``{{dice}}``, ``{{sheet}}``, ``{{help}}``,
    ``{{pip_css}}``, the language and coach's menus, and ``{{preloads}}`` (link tags the
    build computes).

    The sheet is the empty one of a solo game, so the first paint shows the board before
    Python starts.
    """
    default_player = messages.text("dialog.default_name", lang, number=1)

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == "dice":
            return dice_html(lang)
        if name == "sheet":
            return sheet_html([default_player], None, lang)
        if name == "help":
            return help_html(lang)
        if name == "lang":
            return lang
        if name == "lang_pages":
            return json.dumps(PAGES)
        if name == "language_options":
            return "".join(
                f'<option value="{code}"{" selected" if code == lang else ""}>'
                f"{t(f'lang.{code}', lang)}</option>"
                for code in messages.LANGUAGES
            )
        if name == "coach_margins":
            # Imported here: kismet.app imports this module.
            from .app import COACH_MARGIN, COACH_MARGINS, coach_margin_label

            return "".join(
                f'<option value="{points:g}"{" selected" if points == COACH_MARGIN else ""}>'
                f"{html.escape(coach_margin_label(points, lang))}</option>"
                for points in COACH_MARGINS
            )
        if name == "pip_css":
            return pip_css()
        if name == "preloads":
            return preloads
        if name == "print_players":
            return print_player_options(lang)
        return t(name[2:], lang)

    return _PLACEHOLDER.sub(fill, template)
