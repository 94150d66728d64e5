"""Linked dice and challenge links: the same dice anywhere, decisions carried in a short
text, and a total proven by replaying them through the rules."""

from __future__ import annotations

import base64
import json
import random
import zlib
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kismet import (
    Category,
    Game,
    LinkedDice,
    SaveError,
    SaveProblem,
    challenge_of,
    game_from_dict,
    game_to_dict,
    replay_challenge,
)
from kismet.rules.link import MAX_LINK_LENGTH, Challenge, LinkedTurn, decode, encode
from kismet.text import explain
from tests.helpers import refused

# --------------------------------------------------------------- linked dice


def test_ordinary_dice_are_as_before() -> None:
    # The stream of ordinary games and ?seed= is unchanged by linked dice (figures from
    # the code before them).
    game = Game(["Ann"], seed=7)
    assert (game.roll(), game.roll()) == ((4, 1, 1, 4, 5), (4, 5, 1, 6, 6))
    assert Game(["Ann", "Bo"], seed=2**64 - 1).roll() == (3, 4, 2, 1, 1)
    assert not game.linked


def test_two_games_on_one_seed_see_the_same_dice_whatever_they_hold() -> None:
    a = Game(["Ann"], seed=2026, linked=True)
    b = Game(["Bo"], seed=2026, linked=True)
    assert a.roll() == b.roll()
    a.toggle_hold(0)  # Ann keeps die 1, Bo keeps nothing
    first = a.dice[0]
    second_a, second_b = a.roll(), b.roll()
    assert second_a[0] == first and second_a[1:] == second_b[1:]
    a.score(Category.YARBOROUGH)
    b.score(Category.ONES)
    assert a.roll() == b.roll()  # turn 2, roll 1: the same place, the same faces


def test_linked_faces_are_fair_and_depend_on_every_part_of_the_place() -> None:
    dice = LinkedDice(99)
    faces = Counter(dice.face(t, r, d) for t in range(200) for r in range(3) for d in range(5))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(abs(count - 500) < 90 for count in faces.values()), faces
    places = [(t, r, d) for t in range(40) for r in range(3) for d in range(5)]
    other = LinkedDice(100)
    same = sum(dice.face(*p) == other.face(*p) for p in places)
    assert same < len(places) / 6 * 1.5  # another seed: other dice


def test_linked_dice_are_rolled_on_screen_only() -> None:
    game = Game(["Ann"], seed=5, linked=True)
    with refused("linked to its seed"):
        game.set_dice([1, 2, 3, 4, 5])
    with pytest.raises(ValueError, match="need a seed"):
        Game(["Ann"], linked=True)


def play_randomly(game: Game, rng: random.Random) -> None:
    while not game.is_over:
        game.roll()
        while game.rolls_left and rng.random() < 0.7:
            for die in range(5):
                if rng.random() < 0.4:
                    game.toggle_hold(die)
            if all(game.held):
                game.toggle_hold(0)
            game.roll()
        game.score(rng.choice(game.open_boxes(game.current)))


def test_a_linked_game_saves_and_loads_with_its_holds() -> None:
    game = Game(["Ann"], seed=77, linked=True)
    rng = random.Random(3)
    for _ in range(4):
        game.roll()
        game.toggle_hold(1)
        game.roll()
        game.score(rng.choice(game.open_boxes(0)))
    game.roll()
    game.toggle_hold(2)
    game.roll()
    data = json.loads(json.dumps(game_to_dict(game)))
    assert data["linked"] and data["holds"] == [[2]] * 4 and data["turn_holds"] == [4]
    again = game_from_dict(data)
    assert again == game and again.roll() == game.roll()
    bad = dict(data, holds=[[2]] * 3)
    with pytest.raises(SaveError):
        game_from_dict(bad)
    bad = dict(data, turn_holds=[31])
    with pytest.raises(SaveError):
        game_from_dict(bad)


def test_undo_gives_back_the_holds_of_the_turn() -> None:
    game = Game(["Ann"], seed=78, linked=True)
    game.roll()
    game.toggle_hold(4)
    game.roll()
    before = game.state()
    game.score(Category.YARBOROUGH)
    assert game.state().holds == ((16,),)
    game.undo()
    assert game.state() == before and game.state().turn_holds == (16,)


# ----------------------------------------------------------- challenge links


def finished(seed: int, name: str = "Ann", moves: int = 1) -> Game:
    game = Game([name], seed=seed, linked=True)
    play_randomly(game, random.Random(moves))
    return game


def test_a_link_carries_the_game_and_its_total_is_proven() -> None:
    game = finished(2026)
    text = encode(challenge_of(game))
    assert len(text) < 100 and set(text) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )
    again = replay_challenge(decode(text))
    assert again.total(0) == game.total(0) and again.history == game.history
    assert again.state().holds == game.state().holds


def test_the_longest_name_still_makes_a_short_link() -> None:
    text = encode(challenge_of(finished(1, name="지" * 40)))
    assert len(text) < 400


masks = st.integers(0, 30)  # never all five held: one die at least is rolled


@st.composite
def challenges(draw: st.DrawFn) -> Challenge:
    boxes = draw(st.permutations(list(Category)))
    turns = tuple(LinkedTurn(tuple(draw(st.lists(masks, max_size=2))), box) for box in boxes)
    name = draw(st.text(st.characters(codec="utf-8"), max_size=40))
    return Challenge(draw(st.integers(0, 2**64 - 1)), name, turns)


@settings(max_examples=200, deadline=None)
@given(challenge=challenges())
def test_every_sequence_of_decisions_round_trips(challenge: Challenge) -> None:
    assert len(challenge.name.encode()) <= 160  # 40 characters of 4 bytes at most: any fits
    assert decode(encode(challenge)) == challenge


@settings(max_examples=25, deadline=None)
@given(challenge=challenges())
def test_any_legal_challenge_replays_to_its_total(challenge: Challenge) -> None:
    named = challenge._replace(name="Ann")
    game = replay_challenge(decode(encode(named)))
    assert game.is_over and len(game.history) == 15
    assert challenge_of(game) == named  # what was played is what the link says


@settings(max_examples=300, deadline=None)
@given(position=st.integers(0, 10_000), value=st.integers(0, 255))
def test_a_changed_link_is_refused(position: int, value: int) -> None:
    text = encode(challenge_of(finished(31)))
    data = bytearray(text.encode())
    alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    position %= len(data)
    new = alphabet[value % len(alphabet)]
    if new == data[position]:
        return
    data[position] = new
    try:
        decoded = decode(data.decode())
    except SaveError:
        return
    # Only the padding bits of the last character can change and leave the same bytes.
    assert decoded == decode(text)


BAD_LINKS = {
    "garbage": "this is not a link!",
    "empty": "",
    "enormous": "A" * (MAX_LINK_LENGTH + 1),
}


@pytest.mark.parametrize("name", list(BAD_LINKS))
def test_bad_links_get_one_clear_message(name: str) -> None:
    with pytest.raises(SaveError) as caught:
        decode(BAD_LINKS[name])
    assert "{" not in explain(caught.value) and "{" not in explain(caught.value, "ko")


def test_every_shorter_link_is_refused() -> None:
    text = encode(challenge_of(finished(32)))
    for end in range(len(text) - 1):
        with pytest.raises(SaveError):
            replay_challenge(decode(text[:end]))


def test_a_link_from_another_version_is_named() -> None:
    text = encode(challenge_of(finished(33)))
    data = bytearray(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    data[0] = 9
    body = bytes(data[:-4])
    forged = base64.urlsafe_b64encode(body + zlib.crc32(body).to_bytes(4, "big")).decode()
    with pytest.raises(SaveError) as caught:
        decode(forged.rstrip("="))
    assert caught.value.problem is SaveProblem.VERSION


def test_illegal_decisions_do_not_replay() -> None:
    good = challenge_of(finished(34))
    twice = good._replace(turns=(good.turns[0], good.turns[0], *good.turns[2:]))
    with pytest.raises(SaveError) as caught:
        replay_challenge(decode(encode(twice)))
    assert caught.value.problem is SaveProblem.REFUSED and "turn 2" in explain(caught.value)
    short = good._replace(turns=good.turns[:14])
    with pytest.raises(SaveError) as caught:
        replay_challenge(decode(encode(short)))
    assert caught.value.problem is SaveProblem.UNFINISHED


def test_a_name_is_checked_by_the_one_rule_for_names() -> None:
    # A name the game accepts can be shared and opened, markup-like or not (it is text,
    # escaped wherever it is shown); one the game refuses is refused in a link too.
    good = challenge_of(finished(35))
    for name in ("<3 Bob", "<img src=x>", "Ann & Bo"):
        assert replay_challenge(decode(encode(good._replace(name=name)))).players == (name,)
    with pytest.raises(SaveError) as caught:
        replay_challenge(decode(encode(good._replace(name="Ann\u0007"))))
    assert caught.value.problem is SaveProblem.PLAYERS
