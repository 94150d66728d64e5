"""A game played by link: each seat on linked dice of its own, the turns so far carried in a
short text, and every total proven by replaying them through the rules (the rules' side of
playing together apart; the page's side is still to come)."""

from __future__ import annotations

import base64
import random
import zlib
from collections import Counter

import pytest

from kismet import Category, Game, SaveError, SaveProblem, game_from_dict, game_to_dict
from kismet.rules.link import (
    GAME_LINK_VERSION,
    MAX_GAME_LINK_LENGTH,
    GameLink,
    LinkedTurn,
    challenge_of,
    decode_game,
    encode,
    encode_game,
    game_link_of,
    replay_game_link,
)
from kismet.rules.moves import hold_moves


def seated(names: list[str], seed: int = 11) -> Game:
    return Game(names, seed=seed, linked=True, apart=True)


def play_turn(game: Game, rng: random.Random, *, kismet: bool = False) -> None:
    """One turn: random holds (``kismet``: keep the most common face), then a box (the
    first roll made already when the game shows dice)."""
    if not game.dice:
        game.roll()
    while game.rolls_left and rng.random() < 0.8:
        if kismet:
            face, _ = Counter(game.dice).most_common(1)[0]
            mask = sum(1 << i for i, d in enumerate(game.dice) if d == face)
        else:
            mask = rng.randrange(31)  # never all five: those could not be rolled
        if mask == 31:
            break
        for move in hold_moves(game.held, mask):
            game.apply(move)
        game.roll()
    options = game.options()
    best = max(options.values())
    box = rng.choice([b for b, points in options.items() if points == best or not kismet])
    game.score(box)


# ------------------------------------------------------------ the seats' dice


def test_each_seat_rolls_dice_of_its_own_and_the_same_seat_rolls_alike() -> None:
    firsts = []
    for seed in range(20):
        game = seated(["Ann", "Bo"], seed)
        ann = game.roll()
        game.score(Category.YARBOROUGH)
        firsts.append((ann, game.roll()))
        again = seated(["Cy", "Di"], seed)
        assert again.roll() == ann  # seat 0 of another game on the seed: the same dice
    assert sum(ann != bo for ann, bo in firsts) >= 18  # nobody learns their dice from another's
    shared = Game(["Ann", "Bo"], seed=3, linked=True)  # a daily game's dice are all alike
    first = shared.roll()
    shared.score(Category.YARBOROUGH)
    assert shared.roll() == first


def test_a_game_on_its_seats_own_dice_saves_and_loads_as_it_is() -> None:
    game = seated(["Ann", "Bo", "Cy"])
    rng = random.Random(1)
    for _ in range(4):
        play_turn(game, rng)
    game.roll()
    saved = game_to_dict(game)
    assert saved["apart"] is True and "apart" not in game_to_dict(Game(["Ann"], seed=1))
    loaded = game_from_dict(saved)
    assert loaded.apart and loaded.dice == game.dice and loaded.roll() == game.roll()
    with pytest.raises(ValueError):
        Game(["Ann", "Bo"], seed=1, apart=True)  # a seat's own dice are linked dice


# --------------------------------------------------------------- the links


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_game_travels_turn_by_turn_and_replays_the_same(seed: int) -> None:
    game, rng = seated(["Ann", "Bo", "Cy"], seed), random.Random(seed)
    while not game.is_over:
        play_turn(game, rng)
        text = encode_game(game_link_of(game))
        played = replay_game_link(decode_game(text))  # the next reader's game
        assert played.history == game.history and played.current == game.current
        assert [played.total(p) for p in range(3)] == [game.total(p) for p in range(3)]
        assert game_link_of(played) == game_link_of(game)
        if not game.is_over:  # the link opened twice, or the game played on: the same dice
            again = replay_game_link(decode_game(text))
            assert played.roll() == again.roll() == game.roll()
    assert played.is_over and played.winners == game.winners


def test_an_extra_kismet_travels_with_its_penalties_and_its_extra_turn() -> None:
    rng = random.Random(0)
    for seed in range(4000):
        game = seated(["Ann", "Bo", "Cy"], seed)
        while not game.is_over and not any(fill.joker for fill in game.history):
            play_turn(game, rng, kismet=True)
        if any(fill.joker for fill in game.history):
            break
    else:
        pytest.fail("no extra Kismet in 4000 games")
    joker = next(i for i, fill in enumerate(game.history) if fill.joker)
    roller = game.history[joker].player
    played = replay_game_link(decode_game(encode_game(game_link_of(game))))
    penalties = [fill for fill in played.history[joker + 1 :] if fill.penalty]
    assert {fill.player for fill in penalties} == {0, 1, 2} - {roller}  # a zero for the others
    assert all(fill.points == 0 for fill in penalties)
    assert played.current == roller == game.current  # and the roller plays again
    assert played.history == game.history


def test_a_whole_game_of_eight_is_well_under_two_thousand_characters() -> None:
    sizes = {}
    for seats in (2, 4, 8):
        names = [f"Player{n:04d}" for n in range(seats)]  # ten letters each
        game, rng = seated(names, 5), random.Random(5)
        while not game.is_over:
            play_turn(game, rng)
        sizes[seats] = len(encode_game(game_link_of(game)))
    assert sizes[2] < sizes[4] < sizes[8] < 2000, sizes


# ------------------------------------------------------------- hostile links


def made(body: bytes) -> str:
    """A text with a right checksum around any bytes (what a forger would write)."""
    data = body + zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def game_bytes(seats: list[bytes], turns: tuple[LinkedTurn, ...] = ()) -> bytes:
    text = encode_game(GameLink(9, ("A", "B"), turns))
    body = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))[:-4]
    head = bytes([GAME_LINK_VERSION]) + (9).to_bytes(8, "big")
    named = bytes([len(seats)]) + b"".join(bytes([len(s)]) + s for s in seats)
    return head + named + body[len(head) + 1 + 2 * 2 :]


def problem(text: str) -> SaveProblem:
    with pytest.raises(SaveError) as refused:
        replay_game_link(decode_game(text))
    return refused.value.problem


def test_altered_cut_short_or_foreign_links_are_refused() -> None:
    game, rng = seated(["Ann", "Bo"]), random.Random(2)
    for _ in range(5):
        play_turn(game, rng)
    text = encode_game(game_link_of(game))
    altered = text[:20] + ("A" if text[20] != "A" else "B") + text[21:]
    assert problem(altered) in {SaveProblem.CHECKSUM, SaveProblem.LINK}
    assert problem(text[:-6]) in {SaveProblem.CHECKSUM, SaveProblem.LINK}
    assert problem("!" * 40) is SaveProblem.LINK
    assert problem("A" * (MAX_GAME_LINK_LENGTH + 1)) is SaveProblem.LINK
    solo = Game(["Ann"], seed=4, linked=True)
    while not solo.is_over:
        solo.roll()
        solo.score(solo.open_boxes(0)[0])
    assert problem(encode(challenge_of(solo))) is SaveProblem.VERSION  # a challenge is not one


def test_seats_names_and_moves_the_rules_refuse_are_refused() -> None:
    assert problem(made(game_bytes([b"A"]))) is SaveProblem.PLAYERS  # one seat
    assert problem(made(game_bytes([b"A"] * 9))) is SaveProblem.PLAYERS  # nine
    assert problem(made(game_bytes([b"A", b""]))) is SaveProblem.PLAYERS  # a name of nothing
    assert problem(made(game_bytes([b"A", b"\xff"]))) is SaveProblem.PLAYERS  # not UTF-8
    assert problem(made(game_bytes([b"A", b"B" * 41]))) is SaveProblem.PLAYERS  # too long
    twice = (LinkedTurn((), Category.ONES),) * 3  # Ann fills Ones, Bo too, then Ann again
    assert problem(encode_game(GameLink(9, ("A", "B"), twice))) is SaveProblem.REFUSED
    many = (LinkedTurn((0, 0, 0), Category.ONES),)  # a fourth roll
    assert problem(encode_game(GameLink(9, ("A", "B"), many))) is SaveProblem.LINK
