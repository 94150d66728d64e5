"""Games on linked dice, played apart: challenge links, sharing a result, and what the
Perfect player makes of the same dice.

A finished daily game or challenge is shared as a link (``kismet.rules.link``) and a line
of text; a link that is opened is replayed through the rules first, so the total it shows is
proven. The Perfect player's game on the same dice is played one turn at a time, so the page
never freezes while it thinks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...rules import (
    Category,
    Fill,
    Game,
    RuleError,
    SaveError,
    Totals,
    challenge_of,
    replay_challenge,
)
from ...rules.link import decode, encode
from ...text import explain, text
from ..base.roster import default_name
from .compare import Side, side_by_side

if TYPE_CHECKING:
    from ...advice.strategy import Advisor
    from ..base.table import Table


class Offer(NamedTuple):
    """A challenge link that was opened, and proven: who sent it and their total."""

    code: str
    name: str
    total: int
    friend: str = ""
    """The name the friend last played under on this device (empty: none yet)."""


class Share(NamedTuple):
    """What a finished daily game or challenge is shared as."""

    code: str
    """The challenge link's text (the page puts it after ``#c=``)."""
    text: str
    """A line to paste in a chat: the game, the total, its marks, Perfect's total."""


class Duel(NamedTuple):
    """A challenge answered: the sender's game (replayed) beside this one."""

    theirs: Game
    mine: Game
    line: str
    """Who won, both players named, with both totals."""


class Scene(NamedTuple):
    """What the page shows of linked games now."""

    offer: Offer | None
    notice: str
    share: Share | None
    versus: Duel | None
    perfect: int | None
    """Perfect's total on the same dice, once it has played them."""
    thinking: bool
    """Perfect is still playing the same dice (a turn at each step)."""
    turns: tuple[Side, ...]
    """Turn by turn, once Perfect is done: this game's rolls, holds, box and total beside
    Perfect's, and what this game's choices cost (with the strategy table)."""
    title: str
    """"Kismet daily #3", "Ann's challenge", or empty for another game."""
    unavailable: bool = False
    """Perfect cannot play the same dice: the strategy table could not be loaded (offline
    before it was ever fetched)."""
    expected: float | None = None
    """What perfect play expects from an empty sheet (with the strategy table)."""


class Linked:
    """The daily game's and challenges' parts of a session that are not the game itself."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.offer: Offer | None = None
        self.notice = ""
        """Why a link was refused (a one-line message), until the next link."""
        self._perfect: dict[int, Game] = {}
        self._replays: dict[str, Game] = {}
        self._sides: dict[tuple[str, bool, Fill], tuple[Side, ...]] = {}

    # ------------------------------------------------------------ links

    def open(self, code: str, friend: str = "") -> None:
        """A challenge link opened in the page: offered when it replays, else refused with
        one line in ``notice`` (and nothing else changes). ``friend`` is the name offered
        to play under."""
        self.offer, self.notice = None, ""
        try:
            game = self.replayed(code)
        except SaveError as error:
            self.notice = text("link.refused", self.lang, why=explain(error, self.lang))
            return
        self.offer = Offer(code, game.players[0], game.total(0), friend)

    def accept(self, name: str, lang: str) -> tuple[Game, str] | None:
        """The game that answers the challenge offered, played under ``name``, and the
        challenge's link; the offer is then taken. Left blank, the name is the one last
        used here; with none, the friend is "Player 2" against a sender who is "Player 1",
        so the two columns never share a name. None when nothing is offered, or when the
        game refuses the name (said in ``notice``; the offer stays)."""
        offer = self.offer
        if offer is None:
            return None
        chosen = name.strip() or offer.friend
        if not chosen:
            chosen = default_name(2 if offer.name == default_name(1, lang) else 1, lang)
        try:
            game = Game([chosen], seed=self.seed(offer.code), linked=True)
        except RuleError as error:
            self.notice = explain(error, lang)
            return None
        self.offer, self.notice = None, ""
        return game, offer.code

    def dismiss(self) -> None:
        """Not now: the challenge offered is put away (the link still works later)."""
        self.offer = None

    def replayed(self, code: str) -> Game:
        """The game of a challenge link, played again through the rules (kept once made);
        raises ``SaveError`` for a link that is not a whole, legal game."""
        found = self._replays.get(code)
        if found is None:
            found = self._replays[code] = replay_challenge(decode(code))
        return found

    def seed(self, code: str) -> int:
        """The dice's seed of a challenge link (already opened)."""
        return self.replayed(code).state().stream

    # ---------------------------------------------------------- results

    def share(self, table: Table, perfect: int | None) -> Share | None:
        """The link and the line of a finished daily game or challenge."""
        game = table.game
        if (
            not table.daily_or_challenge
            or not game.is_over
            or not game.linked
            or len(game.players) != 1
        ):
            return None
        code = encode(challenge_of(game))
        totals = game.totals(0)
        marks = []
        if totals.bonus:
            marks.append(text("share.bonus", self.lang, points=totals.bonus))
        if game.sheet(0)[Category.KISMET]:
            extras = sum(1 for f in game.history if f.joker)
            key = "share.kismets" if extras else "share.kismet"
            marks.append(text(key, self.lang, count=extras + 1))
        if table.daily is not None:
            line = text("share.daily", self.lang, number=table.daily, total=totals.grand)
        else:
            theirs = self.replayed(table.challenge or "")
            line = text(
                "share.challenge",
                self.lang,
                name=theirs.players[0],
                total=totals.grand,
                theirs=theirs.total(0),
            )
        parts = [line, *marks]
        if perfect is not None:
            parts.append(text("share.perfect", self.lang, total=perfect))
        return Share(code, " · ".join(parts))

    def versus(self, table: Table) -> Duel | None:
        """A finished challenge: the sender's game beside this one, and who won."""
        if table.challenge is None or not table.game.is_over:
            return None
        theirs, mine = self.replayed(table.challenge), table.game
        a, b = theirs.total(0), mine.total(0)
        sender, friend = theirs.players[0], mine.players[0]
        if a == b:
            line = text("versus.tie_both", self.lang, name=friend, other=sender, points=a)
        else:
            (high, winner), (low, loser) = sorted([(a, sender), (b, friend)], reverse=True)
            line = text("versus.beats", self.lang, winner=winner, loser=loser, high=high, low=low)
        return Duel(theirs, mine, line)

    def target(self, table: Table) -> tuple[int, str] | None:
        """A challenge: the sender's total and name, which its win chances are to beat."""
        if table.challenge is None:
            return None
        theirs = self.replayed(table.challenge)
        return theirs.total(0), theirs.players[0]

    def rival(self, table: Table) -> str:
        """A challenge under way: the sender's total after as many turns as this game has
        played, against this game's (empty for other games, and once it is over)."""
        game = table.game
        if table.challenge is None or game.is_over:
            return ""
        theirs = self.replayed(table.challenge)
        turn = len(game.history)
        name = theirs.players[0]
        if turn == 0:
            return text("rival.start", self.lang, name=name, total=theirs.total(0))
        then = Totals.of({f.category: f.points for f in theirs.history[:turn]}).grand
        gap = game.total(0) - then
        key = "rival.ahead" if gap > 0 else "rival.behind" if gap < 0 else "rival.level"
        return text(key, self.lang, name=name, turn=turn, theirs=then, gap=abs(gap))

    def scene(self, table: Table, advisor: Advisor | None = None) -> Scene:
        """The view of linked games for this table (``advisor`` prices the comparison)."""
        perfect = self.perfect(table)
        done = perfect is not None and perfect.is_over
        total = perfect.total(0) if perfect is not None and done else None
        rows: tuple[Side, ...] = ()
        if perfect is not None and done:
            key = (table.id, advisor is not None, table.game.history[-1])
            if key not in self._sides:
                self._sides[key] = side_by_side(table.game, perfect, advisor)
            rows = self._sides[key]
        title = ""
        if table.daily is not None:
            title = text("daily.title", self.lang, number=table.daily)
        elif table.challenge is not None:
            name = self.replayed(table.challenge).players[0]
            title = text("challenge.title", self.lang, name=name)
        expected = advisor.future(0, 0, False) if advisor is not None else None
        return Scene(
            self.offer,
            self.notice,
            self.share(table, total),
            self.versus(table),
            total,
            perfect is not None and not done,
            rows,
            title,
            expected=expected,
        )

    # ---------------------------------------------------------- Perfect

    def perfect(self, table: Table) -> Game | None:
        """Perfect's game on the same dice as a finished daily game or challenge (while it
        is being played, not over yet); None for other games."""
        game = table.game
        if not table.daily_or_challenge or not game.is_over:
            return None
        seed = game.state().stream
        if seed not in self._perfect:
            self._perfect[seed] = Game([text("level.perfect", self.lang)], seed=seed, linked=True)
        return self._perfect[seed]

    def perfect_turn(self, table: Table, advisor: Advisor) -> bool:
        """Play Perfect's next turn on the same dice; False when there is none to play."""
        game = self.perfect(table)
        if game is None or game.is_over:
            return False
        from ...advice.players import play_perfect_turn  # with the strategy table only

        play_perfect_turn(game, advisor)
        return True
