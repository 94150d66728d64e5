"""The score sheet as an HTML table, drawn from a ``SheetView``."""

from __future__ import annotations

from ..app.base.roster import is_default_name
from ..app.guidance.odds import percent
from ..app.screen.sheet_view import Column, SheetView, empty_sheet
from ..rules import BASIC_BOXES, KISMET_BOXES, Category, Totals, score
from ..text import text
from .escape import esc, t

BOXES = BASIC_BOXES + KISMET_BOXES
"""The boxes in the sheet's order."""

SIX_GAMES = 6
"""The games on one player's pad."""

# The total rows: (which total, its row's label key, its cells' test id).
TOTAL_ROWS = {
    "basic": ("sheet.basic_subtotal", "upper-subtotal"),
    "bonus": ("sheet.bonus", "bonus"),
    "kismet": ("sheet.kismet_subtotal", "lower-subtotal"),
    "grand": ("sheet.grand_total", "total"),
}


def _classes(kinds: tuple[tuple[str, bool], ...]) -> str:
    """A class attribute of the names that are on (nothing when none is)."""
    names = " ".join(name for name, on in kinds if on)
    return f' class="{names}"' if names else ""


EXAMPLES: dict[Category, tuple[int, ...]] = {
    Category.ONES: (1, 1, 1, 4, 6),
    Category.TWOS: (2, 2, 3, 5, 6),
    Category.THREES: (3, 3, 3, 1, 2),
    Category.FOURS: (4, 4, 2, 5, 6),
    Category.FIVES: (5, 5, 5, 5, 1),
    Category.SIXES: (6, 6, 6, 2, 3),
    Category.TWO_PAIR_SAME_COLOR: (6, 6, 1, 1, 3),
    Category.THREE_OF_A_KIND: (4, 4, 4, 2, 6),
    Category.STRAIGHT: (1, 2, 3, 4, 5),
    Category.FLUSH: (2, 2, 5, 5, 5),
    Category.FULL_HOUSE: (3, 3, 3, 6, 6),
    Category.FULL_HOUSE_SAME_COLOR: (3, 3, 3, 4, 4),
    Category.FOUR_OF_A_KIND: (5, 5, 5, 5, 2),
    Category.YARBOROUGH: (1, 3, 4, 5, 6),
    Category.KISMET: (6, 6, 6, 6, 6),
}
"""A roll that shows each box's rule at work (its points are computed by the rules)."""


def rule_line(box: Category, lang: str) -> str:
    """A box's rule in one line, with an example: "Three alike and a pair: total + 15.
    3 3 3 6 6 scores 36." """
    dice = EXAMPLES[box]
    faces = " ".join(map(str, dice))
    example = text("rule.example", lang, dice=faces, points=score(box, dice))
    return f"{text(f'rule.{box.value}', lang)}. {example}"


def _box_cell(sheet: SheetView, player: int, column: Column, box: Category, lang: str) -> str:
    testid = f"cell-{player}-{box.value}"
    cell = column.cells[box]
    focus = ("focus", player == sheet.focus)
    if cell.value is not None:
        kinds = (("joker", cell.joker), ("penalty", cell.penalty), ("fresh", cell.fresh), focus)
        mark = _classes(kinds)
        if cell.joker:
            mark += f' title="{t("sheet.joker", lang)}"'
        elif cell.penalty:
            mark += f' title="{t("sheet.penalty", lang)}"'
        return f'<td data-testid="{testid}" data-state="filled"{mark}>{cell.value}</td>'
    cls = _classes((("current", column.current), ("hinted", cell.hinted), focus))
    if cell.option is None:
        return f'<td data-testid="{testid}" data-state="open"{cls}></td>'
    points = cell.option
    label = t("sheet.option", lang, box=box, points=points)
    zero = " zero" if points == 0 else ""
    disabled = "" if sheet.options_enabled else " disabled"
    return (
        f'<td data-testid="{testid}" data-state="open"{cls}>'
        f'<button type="button" class="option{zero}" data-action="score" '
        f'data-box="{box.value}" aria-label="{label}"{disabled}>{points}</button></td>'
    )


def _box_name(sheet: SheetView, box: Category, lang: str) -> str:
    """A box's name: a button that shows its rule (its short name on a phone's card), or
    plain text on a pad to print."""
    full = t(f"box.{box.value}", lang)
    if sheet.blank:
        return f'<span class="box-name">{full}</span>'
    shown = "true" if sheet.rule is box else "false"
    controls = ' aria-controls="box-rule"' if sheet.rule is box else ""
    return (
        f'<button type="button" class="box-name" data-action="rule" data-box="{box.value}" '
        f'data-testid="name-{box.value}" aria-expanded="{shown}"{controls}>'
        f'<span class="box-full">{full}'
        f'</span><span class="box-short" aria-hidden="true">{t(f"box_short.{box.value}", lang)}'
        "</span></button>"
    )


CARD_COLUMNS = 3
"""A phone's card shows the boxes three to a line (static/kismet.css). Each box's row has
the CSS ``order`` 2i (i: its place on the sheet), so that a box's rule, a row of its own
right after the box's in the table, comes on a card after the whole line (its order odd),
as wide as the card: it never overflows the screen, nor covers a box. The orders are rules
of the built style sheet (``sheet_css``), not style attributes, which the page's content
policy refuses."""


def _line_end(place: int) -> int:
    """The place of the last box on the card's line of the box at ``place``."""
    return place - place % CARD_COLUMNS + CARD_COLUMNS - 1


def sheet_css() -> str:
    """The sheet's rules that follow from the boxes and the printed names: each box row's
    place on a phone's card and its rule's after the line, and each printed name size."""
    rules = [
        f'.sheet tr[data-box="{box.value}"] {{ order: {2 * i}; }}' for i, box in enumerate(BOXES)
    ]
    lines = sorted({_line_end(i) for i in range(len(BOXES))})
    rules += [f'.sheet tr.rule-row[data-line="{end}"] {{ order: {2 * end + 1}; }}' for end in lines]
    sizes = (
        f'.sheet thead th[data-name-pt="{pt:g}"] .name {{ font-size: {pt:g}pt; }}'
        for pt in PRINT_NAME_SIZES
    )
    rules.append(f"@media print {{ {' '.join(sizes)} }}")
    return "\n".join(rules)


def _box_row(sheet: SheetView, box: Category, lang: str) -> str:
    cells = "".join(_box_cell(sheet, p, c, box, lang) for p, c in enumerate(sheet.columns))
    place = BOXES.index(box)
    row = (
        f'<tr data-box="{box.value}"><th scope="row">'
        f'{_box_name(sheet, box, lang)}<small class="box-rule">{t(f"rule.{box.value}", lang)}'
        f"</small></th>{cells}</tr>"
    )
    if sheet.rule is not box:
        return row
    return (
        f'{row}<tr class="rule-row" data-line="{_line_end(place)}">'
        f'<td colspan="{len(sheet.columns) + 1}" id="box-rule" data-testid="box-rule">'
        f"<strong>{t(f'box.{box.value}', lang)}</strong> {esc(rule_line(box, lang))}</td></tr>"
    )


def _bonus_note(column: Column, lang: str) -> str:
    if column.top_tier:
        return f'<small class="to-go">{t("sheet.top_tier", lang)}</small>'
    if column.to_go is not None:
        return f'<small class="to-go">{t("sheet.to_go", lang, points=column.to_go)}</small>'
    return ""


def chance_inner(column: Column) -> str:
    """What the span of a player's chance holds: the line a screen reader says, and the
    figure shown (empty while there is none)."""
    if column.chance is None:
        return ""
    return (
        f'<span class="visually-hidden">{esc(column.chance_line)}</span>'
        f'<span aria-hidden="true">{esc(percent(column.chance))}</span>'
    )


def _chance(player: int, column: Column, inline: bool) -> str:
    """The span of a player's chance to win, beside their total; filled ``inline``, or
    left for the page to fill (so that new chances never redraw the sheet)."""
    value = f"{column.chance:.4f}" if inline and column.chance is not None else ""
    inner = chance_inner(column) if inline else ""
    return (
        f'<span class="win-chance" data-testid="win-chance-{player}" data-chance="{value}">'
        f"{inner}</span>"
    )


COMPUTER_MARK = (
    '<svg class="computer-mark" viewBox="0 0 16 16" aria-hidden="true">'
    '<rect x="2" y="3" width="12" height="8" rx="1.5"/><path d="M5 14h6M8 11v3"/></svg>'
)
"""A small screen, a computer's mark beside its name in the totals strip (drawn, not a
font's emoji, so it looks the same everywhere; screen readers hear the word instead)."""


def strip_name(column: Column, lang: str) -> str:
    """A player's name in a phone's totals strip, whole: a computer's the app gave is its
    level with the computer's mark ("Shark" and a screen), the words for screen readers."""
    name, suffix = column.name, text("seat.computer_name", lang, level="")
    if not column.computer:
        return f'<span class="strip-name">{esc(name)}</span>'
    if is_default_name(name) and name.endswith(suffix):
        name = name[: -len(suffix)]
    said = f'<span class="visually-hidden"> ({t("scores.computer", lang)})</span>'
    return f'<span class="strip-name">{esc(name)}{COMPUTER_MARK}{said}</span>'


def _total_row(sheet: SheetView, kind: str, lang: str, inline: bool = True) -> str:
    label_key, testid = TOTAL_ROWS[kind]
    cells = []
    for p, column in enumerate(sheet.columns):
        totals: Totals | None = column.totals
        value = "" if totals is None else getattr(totals, kind)
        note = _bonus_note(column, lang) if kind == "bonus" else ""
        chance = ""
        if kind == "grand":  # on a phone's card the grand totals are a strip of names
            note = strip_name(column, lang)
            chance = _chance(p, column, inline) if sheet.chances else ""
        winner = kind == "grand" and column.winner
        cls = _classes(
            (("current", column.current), ("focus", p == sheet.focus), ("winner", winner))
        )
        cells.append(
            f'<td data-testid="{testid}-{p}"{cls}><span class="value">{value}</span>{note}'
            f"{chance}</td>"
        )
    rule = t("sheet.bonus_rule", lang) if kind == "bonus" else ""
    small = f'<small class="box-rule">{rule}</small>' if rule else ""
    # The last row's heading carries the sheet's Element Timing mark: once it is painted,
    # the whole sheet is (the start-up benchmark reads it).
    timing = ' elementtiming="sheet"' if kind == "grand" else ""
    label = f'<span class="row-label">{t(label_key, lang)}</span>'
    if kind == "grand" and sheet.chances:  # the figures beside the totals, said in words
        words = t("sheet.chance_label", lang)
        label += f'<small class="chance-label" data-testid="chance-label">{words}</small>'
    return (
        f'<tr class="{kind}-row"><th scope="row"{timing}>{label}{small}</th>{"".join(cells)}</tr>'
    )


PRINT_WIDTH_PT = 527
"""The printed sheet's width: an A4 page (the narrower of A4 and Letter) inside 12 mm margins."""

PRINT_NAME_SIZES = (5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 8.5, 9.0)
"""The printed names' sizes in points, largest last: each a rule of ``sheet_css``."""


def print_name_size(name: str, columns: int) -> float:
    """The printed name's size in points: 9 pt, or the largest of ``PRINT_NAME_SIZES`` at
    which its longest word fits the player's column whole (a name breaks only between
    words, never inside one), else the smallest."""
    column = PRINT_WIDTH_PT * 0.68 / max(columns, 1) - 10  # less the cell's padding
    longest = max((len(word) for word in name.split()), default=0)
    fit = column / (0.66 * longest) if longest else PRINT_NAME_SIZES[-1]  # 0.66 em a bold letter
    return max((pt for pt in PRINT_NAME_SIZES if pt <= fit), default=PRINT_NAME_SIZES[0])


def _head(player: int, column: Column, columns: int, lang: str) -> str:
    cls = _classes((("current", column.current), ("winner", column.winner)))
    mark = f' <span class="winner-mark">★ {t("print.winner", lang)}</span>' if column.winner else ""
    if column.computer and not is_default_name(column.name):
        mark += f' <small class="seat-kind">{t("scores.computer", lang)}</small>'
    size = print_name_size(column.name, columns)
    return (
        f'<th scope="col" data-testid="player-head-{player}"{cls} '
        f'data-name-pt="{size:g}"><span class="name">{esc(column.name)}</span>{mark}</th>'
    )


def _section(
    sheet: SheetView, name: str, boxes: tuple[Category, ...], total: str, lang: str
) -> str:
    width = len(sheet.columns) + 1
    return "".join(
        [
            f'<tbody class="{name}">',
            f'<tr class="section"><th scope="colgroup" colspan="{width}">'
            f"{t(f'section.{name}', lang)}</th></tr>",
            *(_box_row(sheet, box, lang) for box in boxes),
            _total_row(sheet, total, lang),
            *([_total_row(sheet, "bonus", lang)] if name == "basic" else []),
            "</tbody>",
        ]
    )


def sheet_html(sheet: SheetView, lang: str, *, chances: bool = True) -> str:
    """The score sheet table's rows: one column per player, the player to move's marked,
    the points each open box would score now as buttons, and the totals (with each
    player's chance, or without them a place the page fills: ``chance_inner``)."""
    count = len(sheet.columns)
    heads = "".join(_head(p, column, count, lang) for p, column in enumerate(sheet.columns))
    return "".join(
        [
            f'<caption class="visually-hidden">{t("app.sheet", lang)}</caption>',
            f'<thead><tr><th scope="col" class="corner">{t("sheet.box", lang)}</th>{heads}</tr>'
            "</thead>",
            _section(sheet, "basic", BASIC_BOXES, "basic", lang),
            _section(sheet, "kismet", KISMET_BOXES, "kismet", lang),
            f"<tfoot>{_total_row(sheet, 'grand', lang, chances)}</tfoot>",
        ]
    )


def blank_sheet_html(columns: int, lang: str, *, six_games: bool = False) -> str:
    """An empty score sheet to print: ``columns`` unnamed players, or one player's 6 games."""
    if six_games:
        heads = [text("print.game", lang, number=n) for n in range(1, SIX_GAMES + 1)]
    else:
        heads = [""] * columns
    return sheet_html(empty_sheet(heads, blank=True), lang)
