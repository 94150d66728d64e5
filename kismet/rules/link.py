"""Links that carry games: a challenge (a whole solo game on linked dice) and a game played
by link (a game of 2 to 8 seats, each on linked dice of its own, as far as it has gone), as
short URL-safe texts.

A challenge holds the dice's seed, the player's name, and every decision of the game: for
each turn, the dice held before each re-roll and the box filled. Anyone can replay it
through the rules on the same linked dice (``replay_challenge``), so the total it shows is
proven, not claimed: a text that was altered, cut short, comes from another version, or
does not replay is refused with a ``SaveError`` naming why.

The text (base64url, no padding) encodes these bytes::

    version (1) | seed (8) | name length (1) | name (UTF-8) | turns (1) |
    the turns, bit-packed: rolls - 1 (2 bits), a 5-bit hold mask per re-roll, box (4 bits) |
    CRC-32 of all that (4)

A whole game takes about 40 characters plus the name.

A game by link (``GameLink``, ``encode_game``) is the same for several seats::

    version (1) | seed (8) | seats (1) | for each seat: name length (1) | name (UTF-8) |
    turns (2) | the turns, bit-packed as above, in the order they were played | CRC-32 (4)

Whose turn each one was is not written: the rules say it (an extra Kismet's extra turn
included) when the link is replayed (``replay_game_link``). A whole game of eight seats
with names of ten letters takes about 500 characters.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Callable, Iterator
from typing import NamedTuple

from .dice import DICE_COUNT
from .errors import LinkFault, SaveError, SaveProblem
from .game import ROLLS_PER_TURN, Game
from .moves import Move, Roll, Score, hold_moves
from .replay import replay
from .scoring import Category

LINK_VERSION = 1
"""The challenge format this code writes and reads."""

MAX_LINK_LENGTH = 1000
"""Longer texts are refused before anything is decoded."""

GAME_LINK_VERSION = 101
"""The format of a game by link this code writes and reads (its first byte never that of a
challenge, so the one is never read as the other)."""

MAX_GAME_LINK_LENGTH = 3000
"""A game by link's longest text: eight seats of the longest names, a whole game."""

SEATS = range(2, 9)
"""How many seats a game by link has."""

_BOXES = tuple(Category)
_ROLL_BITS, _MASK_BITS, _BOX_BITS = 2, DICE_COUNT, 4
_SEED_BYTES, _CHECK_BYTES = 8, 4


class LinkedTurn(NamedTuple):
    """One turn of a challenge: the dice held before each re-roll (bit masks: die i is bit
    i), and the box filled."""

    holds: tuple[int, ...]
    box: Category


class Challenge(NamedTuple):
    """A solo game on linked dice, as a link carries it."""

    seed: int
    name: str
    turns: tuple[LinkedTurn, ...]


def challenge_of(game: Game) -> Challenge:
    """The challenge of a finished solo game on linked dice."""
    if not game.linked or len(game.players) != 1 or not game.is_over:
        raise ValueError("A challenge is a finished solo game on linked dice")
    state = game.state()
    boxes = [fill.category for fill in state.history if not fill.penalty]
    turns = tuple(LinkedTurn(holds, box) for holds, box in zip(state.holds, boxes, strict=True))
    return Challenge(state.stream, game.players[0], turns)


def encode(challenge: Challenge) -> str:
    """The challenge as URL-safe text (see the module docstring)."""
    name = challenge.name.encode("utf-8")
    bits = _turn_bits(challenge.turns)
    body = b"".join([
        bytes([LINK_VERSION]),
        challenge.seed.to_bytes(_SEED_BYTES, "big"),
        bytes([len(name)]),
        name,
        bytes([len(challenge.turns)]),
        bits.to_bytes(),
    ])  # fmt: skip
    return _text(body)


def _text(body: bytes) -> str:
    data = body + zlib.crc32(body).to_bytes(_CHECK_BYTES, "big")
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _turn_bits(turns: tuple[LinkedTurn, ...]) -> _Bits:
    bits = _Bits()
    for turn in turns:
        bits.write(len(turn.holds), _ROLL_BITS)
        for mask in turn.holds:
            bits.write(mask, _MASK_BITS)
        bits.write(_BOXES.index(turn.box), _BOX_BITS)
    return bits


def decode(text: str) -> Challenge:
    """The challenge a text carries; raises ``SaveError`` for anything that is not one
    (it is not replayed here: see ``replay_challenge``)."""
    body = _body(text, MAX_LINK_LENGTH, LINK_VERSION)
    seed = int.from_bytes(body[1 : 1 + _SEED_BYTES], "big")
    at = 1 + _SEED_BYTES
    size = body[at]
    try:
        name = body[at + 1 : at + 1 + size].decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(SaveProblem.PLAYERS, "link") from None
    if len(name.encode("utf-8")) != size:
        raise SaveError(SaveProblem.PLAYERS, "link")
    # The name is checked by the one rule for names, the game's (``replay_challenge``): a
    # name that can be played can be shared. It is text, escaped wherever it is shown.
    at += 1 + size
    if at >= len(body):
        raise SaveError(SaveProblem.LINK, "link", reason=LinkFault.SHORT)
    return Challenge(seed, name, _read_turns(body[at + 1 :], body[at]))


def _body(text: str, longest: int, version: int) -> bytes:
    """The checked bytes of a link's text (its checksum taken off); raises ``SaveError``."""
    if not isinstance(text, str) or len(text) > longest:
        raise SaveError(SaveProblem.LINK, "link", reason=LinkFault.TOO_LONG)
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise SaveError(SaveProblem.LINK, "link", reason=LinkFault.NOT_BASE64) from None
    if len(data) < 1 + _SEED_BYTES + 2 + _CHECK_BYTES:
        raise SaveError(SaveProblem.LINK, "link", reason=LinkFault.SHORT)
    if data[0] != version:
        raise SaveError(SaveProblem.VERSION, "link", version=data[0], readable=version)
    body, check = data[:-_CHECK_BYTES], data[-_CHECK_BYTES:]
    if zlib.crc32(body).to_bytes(_CHECK_BYTES, "big") != check:
        raise SaveError(SaveProblem.CHECKSUM, "link")
    return body


def _read_turns(data: bytes, count: int) -> tuple[LinkedTurn, ...]:
    bits = _Bits(data)
    try:
        turns = tuple(_read_turn(bits) for _ in range(count))
    except (IndexError, ValueError):
        raise SaveError(SaveProblem.LINK, "link", reason=LinkFault.TURNS) from None
    if bits.left_over():
        raise SaveError(SaveProblem.LINK, "link", reason=LinkFault.TRAILING)
    return turns


def _read_turn(bits: _Bits) -> LinkedTurn:
    rerolls = bits.read(_ROLL_BITS)
    if rerolls >= ROLLS_PER_TURN:
        raise ValueError("more than three rolls")
    holds = tuple(bits.read(_MASK_BITS) for _ in range(rerolls))
    return LinkedTurn(holds, _BOXES[bits.read(_BOX_BITS)])


def replay_challenge(challenge: Challenge) -> Game:
    """The challenge's game played again through the rules on its linked dice: the total
    it gives is proven. Raises ``SaveError`` when a decision is not legal or the game does
    not end with the last turn."""

    moves = _moves(challenge.turns)
    game = replay([challenge.name], moves, seed=challenge.seed, linked=True, where="link")
    if not game.is_over:
        raise SaveError(SaveProblem.UNFINISHED, "link")
    return game


def _moves(turns: tuple[LinkedTurn, ...]) -> Callable[[Game], Iterator[tuple[str, Move]]]:
    """The moves of the linked turns, each named by its turn's number."""

    def moves(game: Game) -> Iterator[tuple[str, Move]]:
        for number, turn in enumerate(turns, start=1):
            where = f"turn {number}"
            yield where, Roll()
            for mask in turn.holds:
                yield from ((where, hold) for hold in hold_moves(game.held, mask))
                yield where, Roll()
            yield where, Score(turn.box)

    return moves


# ------------------------------------------------------------- a game by link


class GameLink(NamedTuple):
    """A game of several seats, each on linked dice of its own, as a link carries it: the
    turns played so far, in order."""

    seed: int
    names: tuple[str, ...]
    turns: tuple[LinkedTurn, ...]


def game_link_of(game: Game) -> GameLink:
    """The link of a game of 2 to 8 seats on dice of each seat's own, between two turns."""
    if not game.apart or len(game.players) not in SEATS or game.dice:
        raise ValueError("A game by link is 2 to 8 seats on their own dice, between turns")
    state = game.state()
    boxes = [fill.category for fill in state.history if not fill.penalty]
    turns = tuple(LinkedTurn(holds, box) for holds, box in zip(state.holds, boxes, strict=True))
    return GameLink(state.stream, game.players, turns)


def encode_game(link: GameLink) -> str:
    """The game by link as URL-safe text (see the module docstring)."""
    names = [name.encode("utf-8") for name in link.names]
    parts = [bytes([GAME_LINK_VERSION]), link.seed.to_bytes(_SEED_BYTES, "big")]
    parts += [bytes([len(names)]), *(bytes([len(name)]) + name for name in names)]
    parts += [len(link.turns).to_bytes(2, "big"), _turn_bits(link.turns).to_bytes()]
    return _text(b"".join(parts))


def decode_game(text: str) -> GameLink:
    """The game a text carries; raises ``SaveError`` for anything that is not one (it is
    not replayed here: see ``replay_game_link``)."""
    body = _body(text, MAX_GAME_LINK_LENGTH, GAME_LINK_VERSION)
    seed, at = int.from_bytes(body[1 : 1 + _SEED_BYTES], "big"), 1 + _SEED_BYTES
    seats, at = body[at], at + 1
    if seats not in SEATS:
        raise SaveError(SaveProblem.PLAYERS, "link")
    names = []
    for _ in range(seats):
        size = body[at] if at < len(body) else 0
        try:
            names.append(body[at + 1 : at + 1 + size].decode("utf-8"))
        except UnicodeDecodeError:
            raise SaveError(SaveProblem.PLAYERS, "link") from None
        if not size or len(names[-1].encode("utf-8")) != size:
            raise SaveError(SaveProblem.PLAYERS, "link")
        at += 1 + size
    if len(set(names)) != len(names):  # a seat is told by its name: "Which one are you?"
        raise SaveError(SaveProblem.PLAYERS, "link")
    if at + 2 > len(body):
        raise SaveError(SaveProblem.LINK, "link", reason=LinkFault.SHORT)
    count = int.from_bytes(body[at : at + 2], "big")
    return GameLink(seed, tuple(names), _read_turns(body[at + 2 :], count))


def replay_game_link(link: GameLink) -> Game:
    """The game by link played again through the rules on its seats' own dice, turn by turn
    in the order the rules give (an extra Kismet's penalties and extra turn included):
    every total it shows is proven. Raises ``SaveError`` for a decision that is not legal,
    or names the game refuses (the one rule for names)."""
    return replay(
        link.names, _moves(link.turns), seed=link.seed, linked=True, apart=True, where="link"
    )


class _Bits:
    """Whole numbers packed in bits, most significant first."""

    def __init__(self, data: bytes = b"") -> None:
        self._value = int.from_bytes(data, "big")
        self._size = 8 * len(data)
        self._read = 0

    def write(self, value: int, width: int) -> None:
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit {width} bits")
        self._value = self._value << width | value
        self._size += width

    def to_bytes(self) -> bytes:
        pad = -self._size % 8
        return (self._value << pad).to_bytes((self._size + pad) // 8, "big")

    def read(self, width: int) -> int:
        if self._read + width > self._size:
            raise IndexError("past the end")
        self._read += width
        return self._value >> (self._size - self._read) & ((1 << width) - 1)

    def left_over(self) -> bool:
        """Whether more than the last byte's padding (or any set bit) is left unread."""
        left = self._size - self._read
        return left >= 8 or (self._value & ((1 << left) - 1)) != 0
