"""The app's behaviour, without a browser: what each click does, what is saved, what is said.

``App`` is driven by the browser glue (``static/main.py``), which passes it a ``Storage``
over ``localStorage`` and paints the ``View`` it returns. Keeping the decisions here means
they are tested in CPython; the glue only translates between the page and these calls.

Stored values (all JSON, keys namespaced and versioned):

- ``kismet:v1:game``: the game in progress, ``{"id", "started", "mode", "game": Game.to_dict()}``
  (``mode`` is "dice" or "sheet"; a save without it, from before score-sheet mode, is "dice").
- ``kismet:v1:history``: finished games, newest last, ``[{"id", "finished", "players",
  "totals", "winners"}]`` (at most ``HISTORY_LIMIT``); the high scores are drawn from it.
- ``kismet:v1:settings``: the player's choices, ``{"lang": "en" | "ko", "shapes": bool}``
  (both optional; without "lang" the page follows the browser's language).
- ``kismet:v1:backup:...``: a stored value that could not be read, kept, never destroyed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from . import messages
from .game import MAX_PLAYERS, ROLLS_PER_TURN, Game, RuleError
from .page import die_label, sheet_html
from .save import SaveError
from .scoring import Category

if TYPE_CHECKING:  # the strategy modules load only when a feature needs them
    from .players import Step
    from .review import Decision
    from .strategy import Advisor, Choice

PREFIX = "kismet:v1:"
GAME_KEY = PREFIX + "game"
HISTORY_KEY = PREFIX + "history"
SETTINGS_KEY = PREFIX + "settings"
BACKUP_PREFIX = PREFIX + "backup:"
HISTORY_LIMIT = 200
HIGH_SCORES = 10
ROLL = "roll"
"""A pending roll, waiting for the player to confirm past the coach's warning."""
COACH_MARGINS = (1.0, 2.0, 5.0, 10.0)
"""The margins a player can choose: the coach warns before a move that costs more than this
many expected points."""
COACH_MARGIN = 5.0
"""The margin until the player chooses another."""
HUMAN = "human"
SEATS = (HUMAN, "perfect", "good", "casual")
"""What sits in each seat: a person, or a computer at one of the levels."""
DICE_MODE = "dice"
SHEET_MODE = "sheet"
MODES = (DICE_MODE, SHEET_MODE)
"""On-screen dice, or score-sheet mode: the players roll real dice and enter the faces."""


def parse_faces(typed: str) -> tuple[int, ...]:
    """Five faces typed as digits ("33456", "3 3 4 5 6", "3,3,4,5,6"); raises ``RuleError``."""
    digits = [int(ch) for ch in typed if ch.isdigit()]
    if len(digits) != 5 or any(not 1 <= d <= 6 for d in digits):
        raise RuleError("error.typed_roll")
    if any(not (ch.isdigit() or ch in " ,-/") for ch in typed.strip()):
        raise RuleError("error.typed_roll")
    return tuple(digits)


class StorageFull(Exception):
    """The browser's storage quota is used up."""


class StorageUnavailable(Exception):
    """The browser refuses storage (disabled, or private mode)."""


class Storage(Protocol):
    """Text values by key, as ``localStorage`` keeps them; writes may raise the two errors."""

    def get(self, key: str) -> str | None:
        """The value stored under ``key``, or None."""

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``; raises ``StorageFull`` or ``StorageUnavailable``."""


class MemoryStorage:
    """A ``Storage`` in a dict: for tests, and for when the browser has no storage at all."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value


@dataclass(frozen=True)
class Hint:
    """What the Hint button shows: dice to hold (or the box to fill) and the alternatives."""

    marks: tuple[bool, ...]
    box: Category | None
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Saved:
    """A game in progress as stored under ``GAME_KEY``."""

    id: str
    started: str
    mode: str
    seats: list[str]
    decisions: list[Decision]
    game: Game


def parse_envelope(raw: str) -> Saved:
    """Read the stored game in progress; raises ``ValueError`` for anything else.

    "mode" came with score-sheet mode, "seats" and "decisions" with computer players and
    the review: a save without them is an on-screen game of humans with no decisions kept.
    """
    envelope = json.loads(raw)
    if not isinstance(envelope, dict):
        raise ValueError("not a saved game")
    required, optional = {"id", "started", "game"}, {"mode", "seats", "decisions"}
    if not required <= set(envelope) <= required | optional:
        raise ValueError("not a saved game")
    game = Game.from_dict(envelope["game"])
    mode = envelope.get("mode", DICE_MODE)
    seats = envelope.get("seats", [HUMAN] * len(game.players))
    decisions = envelope.get("decisions", [])
    if (
        not isinstance(envelope["id"], str)
        or not isinstance(envelope["started"], str)
        or mode not in MODES
        or not isinstance(seats, list)
        or len(seats) != len(game.players)
        or any(seat not in SEATS for seat in seats)
        or not isinstance(decisions, list)
    ):
        raise ValueError("not a saved game")
    kept = []
    if decisions:
        from .review import Decision

        kept = [Decision.from_dict(d) for d in decisions]
    return Saved(envelope["id"], envelope["started"], mode, seats, kept, game)


@dataclass(frozen=True)
class HighScore:
    """One line of the high-score table."""

    name: str
    points: int
    date: str


@dataclass(frozen=True)
class View:
    """Everything the page shows, for the glue to paint."""

    players: tuple[str, ...]
    mode: str
    dice: tuple[int | None, ...]
    held: tuple[bool, ...]
    die_labels: tuple[str, ...]
    can_hold: bool
    can_roll: bool
    can_enter: bool
    entry_text: str
    rolls_left: int
    roll_label: str
    current_player: str
    status: str
    notice: str
    sheet_html: str
    confirm: str | None
    confirm_title: str
    confirm_yes: str
    game_over: str | None
    high_scores: tuple[HighScore, ...]
    rolled: tuple[bool, ...] = field(default=(False,) * 5)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _is_coach_margin(value: object) -> bool:
    """Whether ``value`` is one of the coach's margins (a number, not a bool)."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number and value in COACH_MARGINS


def coach_margin_label(points: float, lang: str) -> str:
    """How a margin reads in the coach's menu: "1 point", "5 points"."""
    if points == 1:
        return messages.text("coach.margin_one", lang)
    return messages.text("coach.margin_many", lang, points=f"{points:g}")


class App:
    """One player's (or table's) session: the game in progress, its saves, the messages."""

    def __init__(
        self,
        storage: Storage,
        *,
        seed: int | None = None,
        lang: str = messages.DEFAULT_LANGUAGE,
        clock: Callable[[], str] = _now,
    ) -> None:
        self.storage = storage
        self.seed = seed
        self.lang = lang
        self.clock = clock
        self.status = ""
        self.pending: Category | str | None = None  # a box, or ROLL
        self.pending_reason = "zero"  # or "coach": which question the dialog asks
        self.rolled: tuple[bool, ...] = (False,) * 5
        self.storage_problem: str | None = None
        self.history: list[dict[str, Any]] = []
        self.settings: dict[str, Any] = {}
        self.mode = DICE_MODE
        self.seats: list[str] = []
        self.decisions: list[Decision] = []
        self.advisor: Advisor | None = None
        self.hint: Hint | None = None
        self.steps: list[Step] = []
        self.acting = False  # a computer is making its move through the human actions
        self.draft: list[int | None] = [None] * 5
        self.game_id = ""
        self.started = ""
        self.game = self._start()

    # ------------------------------------------------------------ messages

    def text(self, key: str, **params: Any) -> str:
        """A catalogue message in the app's language."""
        return messages.text(key, self.lang, **params)

    def name(self, player: int) -> str:
        return self.game.players[player]

    # ------------------------------------------------------------- storage

    def _write(self, key: str, value: str) -> None:
        try:
            self.storage.set(key, value)
        except StorageFull:
            self._tell_storage("status.storage_full")
        except StorageUnavailable:
            self._tell_storage("status.storage_off")
        else:
            self.storage_problem = None

    def _tell_storage(self, key: str) -> None:
        # Shown as a notice beside the status until storage works again; play goes on.
        self.storage_problem = key

    def _read(self, key: str) -> str | None:
        try:
            return self.storage.get(key)
        except StorageUnavailable:
            self._tell_storage("status.storage_off")
            return None

    def _backup(self, name: str, raw: str) -> None:
        self._write(f"{BACKUP_PREFIX}{name}:{self.clock()}", raw)

    def _load_history(self) -> list[dict[str, Any]]:
        raw = self._read(HISTORY_KEY)
        if raw is None:
            return []
        try:
            entries = json.loads(raw)
            if not isinstance(entries, list):
                raise ValueError("not a list")
            return [_check_history_entry(e) for e in entries]
        except ValueError:
            self._backup("history", raw)
            self.status = self.text("status.history_corrupt")
            self._write(HISTORY_KEY, "[]")
            return []

    def _load_settings(self) -> dict[str, Any]:
        raw = self._read(SETTINGS_KEY)
        if raw is None:
            return {}
        try:
            settings = json.loads(raw)
            if (
                not isinstance(settings, dict)
                or set(settings) - {"lang", "shapes", "coach", "coach_margin"}
                or settings.get("lang", messages.DEFAULT_LANGUAGE) not in messages.LANGUAGES
                or not isinstance(settings.get("shapes", False), bool)
                or not isinstance(settings.get("coach", False), bool)
                or not _is_coach_margin(settings.get("coach_margin", COACH_MARGIN))
            ):
                raise ValueError("not settings")
        except ValueError:
            self._backup("settings", raw)
            self.status = self.text("status.settings_corrupt")
            self._write(SETTINGS_KEY, "{}")
            return {}
        return settings

    def _start(self) -> Game:
        self.settings = self._load_settings()
        self.history = self._load_history()
        raw = self._read(GAME_KEY)
        if raw is not None:
            try:
                saved = parse_envelope(raw)
            except ValueError:  # includes json and SaveError
                self._backup("game", raw)
                self.status = f"{self.status} {self.text('status.save_corrupt')}".strip()
            else:
                self.game_id, self.started, self.game = saved.id, saved.started, saved.game
                self.mode, self.seats, self.decisions = saved.mode, saved.seats, saved.decisions
                if saved.game.dice:
                    self.draft = list(saved.game.dice)
                if not self.status:
                    self.status = self.text("status.restored")
                self._record_if_over()
                return saved.game
        default = [self.text("dialog.default_name", number=1)]
        return self._new(default, announce=not self.status)

    def _new(
        self, names: Sequence[str], seats: Sequence[str] | None = None, *, announce: bool = True
    ) -> Game:
        game = Game(names, seed=self.seed)
        seats = list(seats or [HUMAN] * len(game.players))
        if len(seats) != len(game.players) or any(s not in SEATS for s in seats):
            raise RuleError("error.player_count", count=len(seats))
        self.game, self.seats, self.decisions = game, seats, []
        self.hint = None
        self.steps = []
        self.game_id = os.urandom(8).hex()
        self.started = self.clock()
        self.pending = None
        self.rolled = (False,) * 5
        self.draft = [None] * 5
        if announce:
            self.status = self.text("status.ready", name=game.players[0])
        self._save()
        return game

    def _save(self) -> None:
        envelope = {
            "id": self.game_id,
            "started": self.started,
            "mode": self.mode,
            "seats": self.seats,
            "decisions": [d.to_dict() for d in self.decisions],
            "game": self.game.to_dict(),
        }
        self._write(GAME_KEY, json.dumps(envelope, separators=(",", ":")))

    def _record_if_over(self) -> None:
        if not self.game.is_over or any(e["id"] == self.game_id for e in self.history):
            return
        game = self.game
        self.history.append(
            {
                "id": self.game_id,
                "finished": self.clock(),
                "players": list(game.players),
                "totals": [game.total(p) for p in range(len(game.players))],
                "winners": game.winners,
            }
        )
        self.history = self.history[-HISTORY_LIMIT:]
        self._write(HISTORY_KEY, json.dumps(self.history, separators=(",", ":")))

    # ------------------------------------------------------------- actions

    def _act(self, action: Callable[[], object]) -> bool:
        """Run a game action; a refused one is told to the player and changes nothing."""
        try:
            action()
        except RuleError as error:
            self.status = error.message(self.lang)
            return False
        return True

    def _refuse_while_computer(self) -> bool:
        """While a computer is to move, the page's controls do nothing."""
        return self.computer_to_move and not self.acting

    def roll(self, *, confirmed: bool = False) -> None:
        """The Roll button (``confirmed`` once the coach's warning was accepted)."""
        if self._refuse_while_computer():
            return
        game = self.game
        before = game.dice
        decision = None
        if before and not game.is_over and game.rolls_left and not all(game.held):
            kept = tuple(sorted(d for d, h in zip(before, game.held, strict=True) if h))
            decision = self._decision(keep=kept)
        if decision and not confirmed and self._coach_warns(decision, ROLL):
            return
        if self._act(self.game.roll):
            if decision:
                self.decisions.append(decision)
            self.hint = None
            self.pending = None
            # The dice that left the table this roll: all five at first, then the free ones.
            self.rolled = tuple(not before or not held for held in self.game.held)
            faces = " ".join(str(d) for d in self.game.dice)
            self.status = self.text("status.rolled", name=self.name(self.game.current), dice=faces)
            self._save()

    def tap_die(self, die: int) -> None:
        """A click on a die: holds or releases it, or in score-sheet mode sets its face."""
        if self._refuse_while_computer():
            return
        if self.mode == SHEET_MODE:
            if self.game.is_over or self.game.rolls_left == 0:
                return
            face = self.draft[die]
            self.draft[die] = 1 if face is None else face % 6 + 1
            self.rolled = (False,) * 5
            return
        self.toggle_hold(die)

    def type_faces(self, typed: str) -> None:
        """Text typed in the faces field: the digits so far become the draft dice."""
        digits = [int(ch) for ch in typed if ch in "123456"][:5]
        self.draft = [*digits, *([None] * (5 - len(digits)))]

    def enter_roll(self, typed: str | None = None) -> None:
        """Record the faces of real dice (typed, or else the draft) as one of the turn's rolls."""
        if self._refuse_while_computer():
            return
        self.rolled = (False,) * 5
        try:
            if typed is not None and typed.strip():
                faces = parse_faces(typed)
            elif None in self.draft:
                raise RuleError("error.typed_roll")
            else:
                faces = tuple(d for d in self.draft if d is not None)
        except RuleError as error:
            self.status = error.message(self.lang)
            return
        if self._act(lambda: self.game.set_dice(faces)):
            self.pending = None
            self.draft = list(faces)
            dice = " ".join(map(str, faces))
            self.status = self.text("status.entered", name=self.name(self.game.current), dice=dice)
            self._save()

    def set_mode(self, mode: str) -> None:
        """Switch between on-screen dice and score-sheet mode, at the start of a turn only."""
        if mode not in MODES or mode == self.mode:
            return
        if self.game.dice:
            self.status = self.text("status.mode_turn_start")
            return
        self.mode = mode
        self.draft = [None] * 5
        self.status = self.text("status.mode_sheet" if mode == SHEET_MODE else "status.mode_dice")
        self._save()

    def toggle_hold(self, die: int) -> None:
        """Hold or release a die (on-screen dice)."""
        self.rolled = (False,) * 5
        if self._act(lambda: self.game.toggle_hold(die)):
            self.pending = None
            self._save()

    def choose(self, box: Category) -> None:
        """A click on an open box: scores it, or first asks when a zero would waste the turn."""
        if self._refuse_while_computer():
            return
        self.rolled = (False,) * 5
        decision = self._decision(box=box)
        if decision and self._coach_warns(decision, box):
            return
        options = self.game.options()
        if box in options and options[box] == 0 and max(options.values()) > 0:
            best = max(options, key=lambda c: options[c])
            self.pending, self.pending_reason = box, "zero"
            self.status = self.text("status.confirm_zero", box=box, best=best, points=options[best])
            return
        self._score(box)

    def confirm(self) -> None:
        """Go ahead with the pending move: the zero, or what the coach warned about."""
        pending, self.pending = self.pending, None
        if pending == ROLL:
            self.roll(confirmed=True)
        elif isinstance(pending, Category):
            self._score(pending)

    def cancel(self) -> None:
        """Keep playing the turn instead of the pending zero."""
        if self.pending is not None:
            self.pending = None
            self.status = self.text("status.ready", name=self.name(self.game.current))

    def _decision(
        self, *, keep: tuple[int, ...] | None = None, box: Category | None = None
    ) -> Decision | None:
        """A human's decision about to be taken, for the review and the coach (on-screen dice
        only: with real dice the app does not see the holds)."""
        game = self.game
        if self.seats[game.current] != HUMAN or not game.dice or self.mode != DICE_MODE:
            return None
        from .review import Decision
        from .strategy import State

        if game.is_over or (box is not None and game.sheet(game.current)[box] is not None):
            return None  # refused anyway
        return Decision(
            player=game.current,
            state=State.of(game, game.current),
            dice=tuple(sorted(game.dice)),
            rolls_left=game.rolls_left,
            keep=keep,
            box=box,
        )

    def _coach_warns(self, decision: Decision, pending: Category | str) -> bool:
        """With the coach on, stop a move that costs more than the player's margin
        (``coach_margin``) in expected points, and ask first."""
        if not self.coach or self.advisor is None:
            return False
        from .review import price

        verdict = price(decision, self.advisor)
        if verdict.cost <= self.coach_margin:
            return False
        self.pending, self.pending_reason = pending, "coach"
        best = self._describe(verdict.best)
        self.status = self.text("coach.warning", cost=f"{verdict.cost:.1f}", best=best)
        return True

    def _score(self, box: Category) -> None:
        game = self.game
        roller = game.current
        before = len(game.history)
        decision = self._decision(box=box)
        if not self._act(lambda: game.score(box)):
            return
        if decision:
            self.decisions.append(decision)
        self.hint = None
        fills = game.history[before:]
        first = fills[0]
        self.draft = [None] * 5
        if first.joker:
            parts = [
                self.text(
                    "status.extra_kismet", name=self.name(roller), points=first.points, box=box
                )
            ]
            parts += [
                self.text("status.penalty", name=self.name(f.player), box=f.category)
                for f in fills[1:]
            ]
            if not game.is_over and game.current == roller:
                parts.append(self.text("status.roll_again", name=self.name(roller)))
        else:
            parts = [
                self.text("status.scored", name=self.name(roller), points=first.points, box=box)
            ]
        if game.is_over:
            parts.append(self._result_sentence("status.game_over_one", "status.game_over_shared"))
        elif game.current != roller:
            parts.append(self.text("status.next", name=self.name(game.current)))
        self.status = " ".join(parts)
        self._save()
        self._record_if_over()

    def _result_sentence(self, one: str, shared: str) -> str:
        game = self.game
        winners = [self.name(p) for p in game.winners]
        points = game.total(game.winners[0])
        if len(winners) == 1:
            return self.text(one, name=winners[0], points=points)
        return self.text(shared, names=messages.join_names(winners, self.lang), points=points)

    def new_game(self, names: Sequence[str], seats: Sequence[str] | None = None) -> None:
        """Start a game for these names (blank names become "Player N"), each seat a human or
        a computer level; refuses bad lists."""
        filled = [
            (name.strip() or self.text("dialog.default_name", number=i + 1))
            if isinstance(name, str)
            else name
            for i, name in enumerate(names)
        ]
        try:
            self._new(filled, seats)
        except RuleError as error:
            self.status = error.message(self.lang)

    def set_language(self, lang: str) -> None:
        """Remember the interface language chosen in the page (the glue then loads its page)."""
        if lang in messages.LANGUAGES:
            self._remember("lang", lang)

    @property
    def shapes(self) -> bool:
        """Whether the pips of each colour group are drawn with their own shape."""
        return bool(self.settings.get("shapes", False))

    @property
    def coach(self) -> bool:
        """Whether the coach warns before costly moves."""
        return bool(self.settings.get("coach", False))

    def set_coach(self, on: bool) -> None:
        """Switch the coach on or off, and remember it."""
        self._remember("coach", bool(on))

    @property
    def coach_margin(self) -> float:
        """The coach warns before a move that costs more than this many expected points."""
        return float(self.settings.get("coach_margin", COACH_MARGIN))

    def set_coach_margin(self, points: float) -> None:
        """Choose the coach's margin (one of ``COACH_MARGINS``), and remember it."""
        if not _is_coach_margin(points):
            raise ValueError(f"the coach's margin is one of {COACH_MARGINS}, not {points!r}")
        self._remember("coach_margin", float(points))

    def set_shapes(self, on: bool) -> None:
        """Switch the colour shapes on or off, and remember it."""
        self._remember("shapes", bool(on))

    def _remember(self, name: str, value: object) -> None:
        """Set one setting and save them all."""
        self.settings[name] = value
        self._write(SETTINGS_KEY, json.dumps(self.settings))

    def play_again(self) -> None:
        """A new game with the same players (and computers) in the same order."""
        self._new(self.game.players, self.seats)

    # ------------------------------------------------------ computers, hints

    @property
    def computer_to_move(self) -> bool:
        """Whether the seat to move is a computer (and the game goes on)."""
        return not self.game.is_over and self.seats[self.game.current] != HUMAN

    @property
    def needs_table(self) -> bool:
        """Whether a seat of this game plays from the strategy table."""
        from .players import needs_table

        return any(needs_table(seat) for seat in self.seats)

    def computer_step(self) -> bool:
        """One visible step of the computer to move (a hold, a roll or a box); False when
        it cannot move now (not its turn, or its table is not loaded yet)."""
        if not self.computer_to_move:
            return False
        import random

        from .players import needs_table, plan

        level = self.seats[self.game.current]
        if needs_table(level) and self.advisor is None:
            return False
        if not self.steps:
            rng = random.Random(f"{self.game_id}:{len(self.game.history)}:{self.game.rolls_left}")
            self.steps = plan(self.game, level, self.advisor, rng)
        step = self.steps.pop(0)
        self.acting = True
        try:
            if step.kind == "hold" and step.die is not None:
                self.toggle_hold(step.die)
            elif step.kind == "roll":
                self.roll()
            elif step.box is not None:
                self.steps = []
                self._score(step.box)
        finally:
            self.acting = False
        return True

    @property
    def can_hint(self) -> bool:
        """A hint needs dice showing (on screen or entered) in a game that goes on."""
        return bool(self.game.dice) and not self.game.is_over

    def ask_hint(self) -> None:
        """The Hint button: the best holds or box now, and the next best, from the table."""
        if self.advisor is None or self.game.is_over or not self.game.dice:
            self.hint = None
            return
        from .strategy import holds_for

        choices = self.advisor.choices(self.game)
        best = choices[0]
        marks: tuple[bool, ...] = (False,) * 5
        if best.kind == "keep":
            marks = holds_for(self.game.dice, best.keep)
        lines = tuple(self._describe(c) for c in choices[:4])
        self.hint = Hint(marks=marks, box=best.box, lines=lines)

    def _describe(self, choice: Choice) -> str:
        if choice.box is not None:
            return self.text("hint.box", box=choice.box, points=f"{choice.expected:.1f}")
        faces = "-".join(map(str, choice.keep)) or self.text("hint.nothing")
        return self.text("hint.keep", faces=faces, points=f"{choice.expected:.1f}")

    def review_lines(self) -> list[str]:
        """After the game: each human decision, the best one, and what it cost."""
        if self.advisor is None or not self.decisions:
            return []
        from .review import review

        verdicts = review(self.decisions, self.advisor)
        lines = []
        for verdict in verdicts:
            who = self.name(verdict.decision.player)
            chose, best = self._describe(verdict.chosen), self._describe(verdict.best)
            lines.append(
                self.text(
                    "review.line", name=who, chose=chose, best=best, cost=f"{verdict.cost:.1f}"
                )
            )
        total = sum(v.cost for v in verdicts)
        perfect = self.advisor.future(0, 0, False)
        lines.append(self.text("review.total", cost=f"{total:.1f}", perfect=f"{perfect:.2f}"))
        return lines

    # ---------------------------------------------------------------- view

    def high_scores(self) -> tuple[HighScore, ...]:
        """The best ``HIGH_SCORES`` totals of finished games: name, points, date."""
        lines = [
            HighScore(name, total, entry["finished"][:10])
            for entry in self.history
            for name, total in zip(entry["players"], entry["totals"], strict=True)
        ]
        lines.sort(key=lambda h: (-h.points, h.date))
        return tuple(lines[:HIGH_SCORES])

    def view(self) -> View:
        """What the page should show now."""
        game = self.game
        playing = not game.is_over
        sheet_mode = self.mode == SHEET_MODE
        dice: tuple[int | None, ...] = game.dice or (None,) * 5
        if sheet_mode:
            dice = tuple(self.draft)
        can_roll = (
            not sheet_mode
            and playing
            and game.rolls_left > 0
            and not (game.dice and all(game.held))
        )
        entered = ROLLS_PER_TURN - game.rolls_left
        over = None
        if game.is_over:
            over = self._result_sentence("over.winner", "over.shared")
        confirm = self.status if self.pending is not None else None
        return View(
            players=game.players,
            mode=self.mode,
            dice=dice,
            held=game.held,
            die_labels=tuple(die_label(i, d, self.lang) for i, d in enumerate(dice)),
            can_hold=playing and game.rolls_left > 0 and (sheet_mode or bool(game.dice)),
            can_roll=can_roll,
            can_enter=sheet_mode and playing and game.rolls_left > 0,
            entry_text="".join(str(d) for d in self.draft if d is not None),
            rolls_left=game.rolls_left,
            roll_label=(
                self.text("app.rolls_entered", count=entered)
                if sheet_mode
                else self.text("app.rolls_left", count=game.rolls_left)
            ),
            current_player=(
                self.text("over.title")
                if game.is_over
                else self.text("turn.current", name=self.name(game.current))
            ),
            status=self.status,
            notice=self.text(self.storage_problem) if self.storage_problem else "",
            sheet_html=sheet_html(game.players, game, self.lang),
            confirm=confirm,
            confirm_title=self.text(f"dialog.{self.pending_reason}_title"),
            confirm_yes=self.text(f"dialog.{self.pending_reason}_yes"),
            game_over=over,
            high_scores=self.high_scores(),
            rolled=self.rolled,
        )


def _check_history_entry(entry: object) -> dict[str, Any]:
    """A finished-game record as stored, checked; raises ValueError if it is not one."""
    if not isinstance(entry, dict) or set(entry) != {"id", "finished", "players", "totals",
                                                       "winners"}:  # fmt: skip
        raise ValueError("not a finished game")
    players, totals, winners = entry["players"], entry["totals"], entry["winners"]
    if not (
        isinstance(entry["id"], str)
        and isinstance(entry["finished"], str)
        and isinstance(players, list)
        and 1 <= len(players) <= MAX_PLAYERS
        and all(isinstance(n, str) for n in players)
        and isinstance(totals, list)
        and len(totals) == len(players)
        and all(isinstance(x, int) and not isinstance(x, bool) for x in totals)
        and isinstance(winners, list)
        and all(isinstance(w, int) and 0 <= w < len(players) for w in winners)
    ):
        raise ValueError("not a finished game")
    return entry


__all__ = [
    "App",
    "HighScore",
    "MemoryStorage",
    "SaveError",
    "Storage",
    "StorageFull",
    "StorageUnavailable",
    "View",
]
