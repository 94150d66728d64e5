"""The moments of a game without a browser: the first game's guide, the end of a game
(headline, luck, new best, rank, celebrations), and a challenge's name and race."""

from __future__ import annotations

import json
import random
import re
from datetime import date

from kismet.advice.strategy import Advisor
from kismet.app.guidance.guide import GuideStep
from kismet.app.guidance.reasons import box_reason
from kismet.app.keeping.storage import GAME_KEY, SETTINGS_KEY, MemoryStorage
from kismet.app.screen.session import Session
from kismet.html.page import compare_html, game_over_html
from kismet.rules import Category, Totals
from tests.helpers import almost_finished
from tests.test_session import Clock, app_with, enter, finish_randomly

JUNK = (1, 2, 3, 4, 6)


def play_out(app: Session, rng: random.Random) -> None:
    """Finish the game: computers step, people roll once and take a random open box."""
    while not app.game.is_over:
        if app.table.computer_to_move:
            assert app.computer_step()
            continue
        app.moves.roll()
        app.moves.choose(rng.choice(app.game.open_boxes(app.game.current)))
        if app.moves.pending is not None:
            app.moves.confirm()


# ------------------------------------------------------------------ the guide


def test_the_guide_runs_on_a_first_visit_step_by_step_then_ends_for_good() -> None:
    app, storage = app_with()
    assert json.loads(storage.items[SETTINGS_KEY])["guide"] is True

    def step() -> int | None:
        guide = app.view().guide
        return None if guide is None else guide.step

    assert step() == GuideStep.ROLL
    first = app.view().guide
    assert first is not None and "Tap Roll" in first.line and first.heading == "1/4"
    app.moves.roll()
    assert step() == GuideStep.HOLD
    hold = app.view().guide  # the colours, before any box is chosen
    assert hold is not None and "3 and 4 green" in hold.line
    app.moves.toggle_hold(0)
    assert step() == GuideStep.AGAIN
    app.moves.roll()
    assert step() == GuideStep.BOX
    box_line = app.view().guide
    assert box_line is not None and box_line.line.startswith("Roll once more, or tap a box")
    app.moves.choose(app.game.open_boxes(0)[-1])
    if app.moves.pending is not None:
        app.moves.confirm()
    assert app.view().guide is None  # the first box filled: done, not on every turn after
    assert app.settings.guide is True  # until the page has the session remember it
    app.settle_guide()
    assert app.settings.guide is False and app.view().guide is None
    app.moves.roll()
    assert app.view().guide is None
    again = Session(storage, clock=Clock())
    assert again.view().guide is None  # it never comes back by itself


def test_skipping_ends_the_guide_and_the_rules_offer_it_again() -> None:
    app, storage = app_with()
    app.lobby.change_settings(guide=False)  # Skip
    assert Session(storage, clock=Clock()).view().guide is None
    app.moves.roll()
    app.lobby.change_settings(guide=True)  # the rules' button: from the step that fits the turn
    guide = app.view().guide
    assert guide is not None and guide.step == GuideStep.HOLD


def test_a_step_jumped_past_is_jumped_by_the_guide_too() -> None:
    app, _ = app_with()
    app.moves.roll()
    app.moves.roll()  # no hold: the guide moves on to the boxes once holding makes no sense
    app.moves.roll()
    guide = app.view().guide
    assert guide is not None and guide.step == GuideStep.BOX
    assert guide.line.startswith("Tap a box")  # no roll left: the box alone


def test_a_returning_player_gets_no_guide() -> None:
    storage = MemoryStorage({GAME_KEY: almost_finished()})
    app = Session(storage, clock=Clock())
    assert app.view().guide is None and app.settings.guide is None


def test_the_guide_waits_while_a_computer_moves() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann", "Robo"], ["human", "casual"])
    app.moves.roll()
    app.moves.choose(app.game.open_boxes(0)[0])
    if app.moves.pending is not None:
        app.moves.confirm()
    assert app.table.computer_to_move and app.view().guide is None


# ------------------------------------------------------------- the game over


def test_a_person_beaten_by_perfect_reads_one_story(advisor: Advisor) -> None:
    app, _ = app_with(seed=4)
    app.attach(advisor)
    app.lobby.new_game(["Ann", ""], ["human", "perfect"])
    play_out(app, random.Random(1))
    app.price_finished(None)  # as the page does once the end is painted
    game = app.game
    assert list(game.winners) == [1]  # random boxes against perfect play
    view = app.view()
    winner = game.players[1]
    assert view.result == f"{winner} wins with {game.total(1)}!"
    assert view.luck is not None
    assert view.luck.line.startswith(f"{winner} won by {game.total(1) - game.total(0)} over Ann")
    assert "Ann's choices cost" in view.luck.line
    assert view.finale is not None and view.finale.total == game.total(1)


def test_the_luck_sentence_covers_every_person_and_the_real_ranking(advisor: Advisor) -> None:
    app, _ = app_with(seed=6)
    app.attach(advisor)
    app.lobby.new_game(["Ann", "Bo", "Cy"])
    play_out(app, random.Random(3))
    app.price_finished(None)
    luck = app.view().luck
    assert luck is not None
    for name in ("Ann", "Bo", "Cy"):
        assert re.search(rf"\b{name} \d+\b", luck.line.split("; ")[0])
    first = max(range(3), key=lambda p: app.game.total(p))
    assert luck.line.startswith(app.game.players[first])
    assert "kindest to" in luck.line and luck.line.count("choices cost") == 1


def test_a_solo_game_speaks_of_a_score_never_of_a_winner(advisor: Advisor) -> None:
    app, _ = app_with()
    app.attach(advisor)
    finish_randomly(app)
    view = app.view()
    words = " ".join([view.result or "", view.status, view.luck.line if view.luck else ""])
    assert "win" not in words.lower() and "scored" in words
    assert not any(column.winner for column in view.sheet.columns)
    alone, _ = app_with()
    alone.lobby.new_game(["Robo"], ["perfect"])
    alone.attach(advisor)
    play_out(alone, random.Random(0))
    assert "win" not in (alone.view().result or "") + alone.view().status


def test_a_new_best_is_marked_ranked_and_celebrated() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann"])
    while not app.game.is_over:
        enter(app, JUNK, app.game.open_boxes(0)[0])
    first = app.game.total(0)
    view = app.view()
    assert view.finale is not None and not view.finale.beaten and view.celebrate == ""
    app.lobby.play_again()
    boxes = list(app.game.open_boxes(0))
    for box in boxes:
        enter(app, (6, 6, 6, 6, 6) if box is Category.KISMET else (5, 5, 5, 6, 6), box)
    assert app.game.total(0) > first
    view = app.view()
    finale = view.finale
    total = app.game.total(0)
    assert finale is not None and finale.beaten
    # Said once each: the total in the headline (the big figure is for the eyes only), the
    # new best there too and in the celebration, the rank without the figure again.
    assert finale.headline == f"You scored {total}: a new best!" and finale.new_best == ""
    assert finale.rank == 1 and finale.rank_line == "#1 on this device's high scores."
    assert view.celebrate == "Kismet! New best!"  # the last box was the Kismet
    html = game_over_html(finale, "en")
    assert 'data-testid="new-best"' not in html and f'data-count="{total}"' in html
    assert html.count(str(total)) == 3  # data-count, the big figure, the headline


def test_a_tab_that_only_watches_another_tabs_first_box_writes_nothing() -> None:
    # Two tabs of a first visit, the guide running in both: a box filled in one is caught
    # up with in the other, which must not end its guide then (a write there would turn
    # the first tab's next move into a stale one, refused).
    watching, storage = app_with()
    playing = Session(storage, clock=Clock())
    playing.moves.roll()
    playing.moves.choose(playing.game.open_boxes(0)[-1])
    if playing.moves.pending is not None:
        playing.moves.confirm()
    before = dict(storage.items)
    assert watching.view().guide is not None
    assert watching.tables.sync() and watching.game.history == playing.game.history
    watching.view()
    watching.settle_guide()
    assert storage.items == before
    playing.moves.roll()  # and the first tab plays on, not stale
    assert playing.game.dice


def test_a_kismets_dice_stay_on_the_board_until_the_next_roll() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann", "Bo"])
    app.moves.roll()
    app.game.set_dice([4] * 5)
    app.moves.choose(Category.KISMET)
    view = app.view()
    assert view.celebrate.startswith("Kismet!") and view.board.dice_kept
    assert [die.face for die in view.board.dice] == [4] * 5 and not view.board.can_hold
    assert app.game.dice == () and app.game.current == 1  # Bo's turn, the Kismet on show
    app.moves.roll()
    view = app.view()
    assert not view.board.dice_kept and [die.face for die in view.board.dice] == list(app.game.dice)
    app.game.set_dice([2, 3, 4, 5, 6])
    app.moves.choose(Category.STRAIGHT)  # no Kismet: the dice go as before
    assert not app.view().board.dice_kept and {d.face for d in app.view().board.dice} == {None}


def test_the_legend_shows_once_the_sheet_holds_a_joker_or_a_penalty() -> None:
    from kismet.html.ops import of_testid
    from kismet.html.paint import Painter

    def legend_hidden() -> bool:
        ops = [
            op for op in Painter().paint(app.view()) if op[:2] == ("hidden", of_testid("legend"))
        ]
        return bool(ops[-1][2])

    app, _ = app_with()
    app.lobby.new_game(["Ann", "Bo"])
    assert legend_hidden()  # nothing to explain on a sheet without J or a dotted zero
    for kismet in (Category.KISMET, Category.FULL_HOUSE):  # Ann's Kismet, then an extra one
        app.moves.roll()
        app.game.set_dice([4] * 5)
        app.moves.choose(kismet)
        if app.moves.pending is not None:
            app.moves.confirm()
        if app.game.current == 1:
            assert legend_hidden()
            app.moves.roll()
            app.moves.choose(app.game.open_boxes(1)[0])
            if app.moves.pending is not None:
                app.moves.confirm()
    assert app.game.history[-1].penalty and not legend_hidden()  # Bo's zero, Ann's J


def test_reaching_a_bonus_tier_is_celebrated() -> None:
    app, _ = app_with()
    app.lobby.new_game(["Ann"])
    for box, face in ((Category.SIXES, 6), (Category.FIVES, 5), (Category.FOURS, 4)):
        enter(app, (face,) * 4 + (1,), box)
    assert app.view().celebrate == ""  # 24 + 20 + 16 = 60: not there yet
    enter(app, (3, 3, 1, 2, 4), Category.THREES)  # 66: the first tier
    assert app.view().celebrate == "Bonus +35!"


def test_a_reloaded_finished_game_shows_its_luck_again(advisor: Advisor) -> None:
    app, storage = app_with(seed=2)
    app.attach(advisor)
    finish_randomly(app)
    app.price_finished(None)
    line = app.view().luck
    assert line is not None and line.splits
    again = Session(storage, clock=Clock())
    assert again.game.is_over and again.wants_table  # to say what the priced choices mean
    again.attach(advisor)
    assert again.view().luck == line


# ------------------------------------------------------------------ challenges


def challenge_from(name: str, seed: int = 5) -> tuple[Session, str]:
    sender, _ = app_with()
    sender.lobby.new_game([name])
    sender.lobby.play_daily(date(2026, 12, 6))
    finish_randomly(sender, seed=seed)
    share = sender.view().linked.share
    assert share is not None
    return sender, share.code


def test_a_challenge_asks_the_friends_name_with_the_last_one_ready() -> None:
    _, code = challenge_from("Ann")
    friend, _ = app_with(seed=3)
    friend.lobby.new_game(["Bo"])
    friend.lobby.open_link(code)
    offer = friend.view().linked.offer
    assert offer is not None and offer.friend == "Bo"
    friend.lobby.accept_challenge("x" * 200)  # refused: said, and the offer stays
    assert friend.view().linked.offer is not None and "40" in friend.view().linked.notice
    friend.lobby.accept_challenge("  Cy ")
    assert friend.game.players == ("Cy",) and friend.view().linked.offer is None


def test_a_default_named_friend_never_shares_the_senders_name() -> None:
    _, code = challenge_from("Player 1")
    friend, _ = app_with(seed=3)
    friend.lobby.open_link(code)
    offer = friend.view().linked.offer
    assert offer is not None and offer.friend == ""
    friend.lobby.accept_challenge("")
    assert friend.game.players == ("Player 2",)


def test_a_challenge_is_a_race_turn_by_turn_and_ends_with_both_names() -> None:
    sender, code = challenge_from("Ann")
    friend, _ = app_with(seed=3)
    friend.lobby.open_link(code)
    friend.lobby.accept_challenge("Bo")
    assert friend.view().rival == f"Ann scored {sender.game.total(0)} on these dice: beat it!"
    theirs = sender.game.history
    for turn in range(1, 4):
        friend.moves.roll()
        friend.moves.choose(friend.game.open_boxes(0)[0])
        if friend.moves.pending is not None:
            friend.moves.confirm()
        running = Totals.of({f.category: f.points for f in theirs[:turn]}).grand
        turns = "1 turn" if turn == 1 else f"{turn} turns"  # never "after 1 turns"
        assert f"Ann had {running} after {turns}:" in friend.view().rival
    finish_randomly(friend, seed=8)
    view = friend.view()
    assert view.rival == ""
    a, b = sender.game.total(0), friend.game.total(0)
    assert view.result is not None and "Ann" in view.result and "Bo" in view.result
    assert str(a) in view.result and str(b) in view.result
    assert [column.name for column in view.sheet.columns] == ["Ann", "Bo"]


# --------------------------------------------------------------- advice that says why


def test_a_box_is_explained_by_what_the_dice_make_there() -> None:
    green = (3, 3, 3, 3, 4)
    assert box_reason(Category.FLUSH, green, 35, "en") == "All five one color: 3s and 4s are green."
    assert box_reason(Category.FOUR_OF_A_KIND, green, 41, "en").startswith("Four alike (3s)")
    pairs = box_reason(Category.TWO_PAIR_SAME_COLOR, (1, 1, 6, 6, 2), 14, "en")
    assert pairs == "Two pairs of one color: 1s and 6s are black."
    assert box_reason(Category.FIVES, (5, 5, 5, 1, 2), 15, "en") == (
        "The 5s count 15 toward the Basic bonus."
    )
    assert "costs least" in box_reason(Category.STRAIGHT, green, 0, "en")
    assert "joker" in box_reason(Category.FULL_HOUSE, (4,) * 5, 35, "en", joker=True)


def test_the_hint_says_why_a_lower_box_is_best_and_never_repeats_itself(advisor: Advisor) -> None:
    app, _ = app_with()
    app.attach(advisor)
    app.lobby.new_game(["Ann"])
    for _ in range(3):
        app.game.set_dice([3, 3, 3, 3, 4])  # the last roll: only boxes are left
    app.moves.ask_hint()
    hint = app.ui.hint
    assert hint is not None
    best, *others = hint.lines
    assert best.startswith("Best: Flush for 35. All five one color: 3s and 4s are green.")
    assert "Four of a Kind scores more now but is worth more kept open." in best
    assert all("Best" not in line and "expect" not in line for line in others)
    assert "Four of a Kind for 41: about" in " ".join(others)
    assert hint.note.startswith("Playing the best way from here")


def test_the_coach_names_the_better_move_its_reason_then_the_points(advisor: Advisor) -> None:
    app, _ = app_with()
    app.attach(advisor)
    app.lobby.new_game(["Ann"])
    app.lobby.change_settings(coach=True, coach_margin=1)
    for _ in range(3):
        app.game.set_dice([3, 3, 3, 3, 4])
    app.moves.choose(Category.FOUR_OF_A_KIND)
    words = app.status
    assert words.startswith("Better: Flush for 35. All five one color: 3s and 4s are green.")
    assert re.search(r"Your move, Four of a Kind for 41, costs about [0-9.]+ points", words)


# ------------------------------------------------------------ compare with Perfect


def test_compare_with_perfect_shows_both_turns_whole_and_what_parted(advisor: Advisor) -> None:
    app, _ = app_with()
    app.attach(advisor)
    app.lobby.play_daily(date(2026, 12, 7))
    finish_randomly(app, seed=4)
    while app.perfect_turn():
        pass
    sides = app.view().linked.turns
    assert len(sides) == 15 and [s.turn for s in sides] == list(range(1, 16))
    mine = app.game
    for side, fill in zip(sides, mine.history, strict=True):
        assert side.mine.rolls[0].dice == side.perfect.rolls[0].dice  # the same first roll
        assert side.mine.rolls[-1].dice == fill.dice and side.mine.box is fill.category
        assert not any(side.mine.rolls[-1].kept)
        assert side.cost is not None and side.cost >= 0
    assert sides[-1].mine.total == mine.total(0)
    assert sides[-1].perfect.total == app.view().linked.perfect
    assert any(s.differs for s in sides) and any(s.cost for s in sides if s.differs)
    # Where the boxes and kept dice agree, the turn costs nothing.
    assert all(s.cost < 0.05 for s in sides if not s.differs)
    html = compare_html(sides, "en", app.view().linked.expected)
    assert html.count('data-testid="compare-turn"') == 15
    # A turn played alike is shown once and said so; a turn where the choices part, both.
    for side, item in zip(sides, html.split("<li")[1:], strict=True):
        assert item.count('class="who"') == (2 if side.differs else 0), side.turn
        assert ("played alike" in item) is not side.differs, side.turn
    assert "315.10" in html and "400 games" in html


def test_a_persons_win_is_cheered_a_computers_is_not_and_their_card_shows() -> None:
    for dice, ann_wins in (((6, 6, 6, 6, 6), True), (JUNK, False)):
        app, _ = app_with(seed=2)
        app.lobby.new_game(["Ann", ""], ["human", "casual"])
        while not app.game.is_over:
            if app.table.computer_to_move:
                assert app.computer_step()
            else:
                enter(app, dice, app.game.open_boxes(0)[0])
        assert (0 in app.game.winners) is ann_wins
        celebrate = app.view().celebrate
        assert ("Ann won!" in celebrate) is ann_wins, celebrate
        if not ann_wins:  # a computer's win is nobody's cheer here
            assert "won" not in celebrate
        assert app.view().sheet.focus == 0  # a phone shows Ann's card, won or lost
    two, _ = app_with(seed=3)
    two.lobby.new_game(["Ann", "Bo"])
    play_out(two, random.Random(3))
    names = " and ".join(two.game.players[w] for w in two.game.winners)
    assert f"{names} won!" in two.view().celebrate
    alone, _ = app_with(seed=4)
    alone.lobby.new_game(["Ann"])
    play_out(alone, random.Random(4))
    assert "won" not in alone.view().celebrate  # a game of one has no winner


def test_a_first_visit_opening_a_challenge_plays_it_without_the_guide() -> None:
    _, code = challenge_from("Ann")
    friend, _ = app_with(seed=3)  # a first visit: the guide is on
    assert friend.view().guide is not None
    friend.lobby.open_link(code)
    friend.lobby.accept_challenge("Bo")
    assert friend.settings.guide and friend.view().guide is None  # not over the race
    friend.moves.roll()
    assert friend.view().guide is None
    friend.lobby.new_game(["Bo"])  # the player's own next game: the guide, from its start
    assert friend.moves.pending is not None  # the race is put aside first
    friend.moves.confirm()
    guide = friend.view().guide
    assert guide is not None and guide.step == GuideStep.ROLL
