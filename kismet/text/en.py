"""The English message catalogue: every string a player reads, by key.

Every other catalogue has exactly these keys (a test checks it) and the same parameters.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # Boxes and sections of the score sheet.
    "box.ones": "Ones",
    "box.twos": "Twos",
    "box.threes": "Threes",
    "box.fours": "Fours",
    "box.fives": "Fives",
    "box.sixes": "Sixes",
    "box.two_pair_same_color": "Two Pair Same Color",
    "box.three_of_a_kind": "Three of a Kind",
    "box.straight": "Straight",
    "box.flush": "Flush",
    "box.full_house": "Full House",
    "box.full_house_same_color": "Full House Same Color",
    "box.four_of_a_kind": "Four of a Kind",
    "box.yarborough": "Yarborough",
    "box.kismet": "Kismet",
    "section.basic": "Basic Section",
    "section.kismet": "Kismet Section",
    # How each box scores, in small print on the sheet.
    "rule.ones": "Count and add only Ones",
    "rule.twos": "Count and add only Twos",
    "rule.threes": "Count and add only Threes",
    "rule.fours": "Count and add only Fours",
    "rule.fives": "Count and add only Fives",
    "rule.sixes": "Count and add only Sixes",
    "rule.two_pair_same_color": "Two pairs of one color: total of all dice",
    "rule.three_of_a_kind": "Three alike: total of all dice",
    "rule.straight": "1-2-3-4-5 or 2-3-4-5-6: 30",
    "rule.flush": "All dice one color: 35",
    "rule.full_house": "Three alike and a pair: total + 15",
    "rule.full_house_same_color": "Full house of one color: total + 20",
    "rule.four_of_a_kind": "Four alike: total + 25",
    "rule.yarborough": "Anything: total of all dice",
    "rule.kismet": "Five alike: total + 50",
    # Sheet rows that are not boxes.
    "sheet.basic_subtotal": "Basic subtotal",
    "sheet.bonus": "Bonus",
    "sheet.bonus_rule": "63-70: 35, 71-77: 55, 78+: 75",
    "sheet.kismet_subtotal": "Kismet subtotal",
    "sheet.chance_label": "Chance to win",
    "sheet.grand_total": "Grand total",
    # Colors of the pips.
    "color.black": "black",
    "color.red": "red",
    "color.green": "green",
    # Faces, for screen readers and messages.
    "face.1": "one",
    "face.2": "two",
    "face.3": "three",
    "face.4": "four",
    "face.5": "five",
    "face.6": "six",
    "die.label": "Die {number}",
    "die.label_face": "Die {number}: {face}, {color}",
    # The page.
    "app.title": "Kismet",
    "app.tagline": "The modern game of Yacht",
    "app.loading": "Loading the game…",
    "app.starting": "Starting the game…",
    "app.file_protocol": (
        "Kismet cannot start from a file on disk: browsers do not run its Python from file:// "
        "addresses. Serve the folder over HTTP instead (python3 build.py serve), or open the "
        "hosted page."
    ),
    "app.no_script": "Kismet needs JavaScript: it runs its Python in the page through Pyodide.",
    "app.roll": "Roll",
    "app.roll_queued": "Your roll comes as soon as the game is ready…",
    "app.rolls_left": "{count} left",
    "app.new_game": "New game",
    "app.help": "Rules",
    "app.scores": "High scores",
    "app.dice": "Dice",
    "app.sheet": "Score sheet",
    "app.close": "Close",
    "app.colorblind": "Color shapes",
    "app.language": "Language",
    "app.settings": "Settings",
    "lang.en": "English",
    "lang.ko": "한국어",
    "app.update_ready": "A new version of Kismet is ready; your game is kept.",
    "app.update_reload": "Reload",
    "app.print": "Print",
    "app.mode_sheet": "Real dice",
    "app.enter_roll": "Enter roll",
    "app.entry_label": "Faces rolled",
    "app.entry_placeholder": "33456",
    "app.rolls_entered": "{count} of 3 entered",
    "app.hint": "Hint",
    "app.skip": "Skip to my turn",
    "app.review": "Review",
    "app.loading_table": "Loading the strategy table…",
    "app.table_failed": (
        "The strategy table could not be loaded, so hints, the coach and the Perfect and "
        "Good computers wait. Check the connection and try again."
    ),
    "hint.title": "Best play now:",
    "review.title": "How each decision went",
    "review.none": "No decisions of a person to review in this game.",
    "advice.keep": "keep {faces}",
    "advice.reroll": "roll all five again",
    "advice.box": "{box} for {points}",
    "hint.best": "Best: {choice}. {why}",
    "hint.best_tie": "Best: {choice}, or {other}: just as good. {why}",
    "hint.only": "Best: {choice}. {why}",
    "hint.worse": "{choice}: about {points:# point|# points} worse.",
    "hint.as_good": "{choice}: just as good.",
    "hint.expect": "Playing the best way from here, expect a final total of about {total}.",
    "hint.to_beat": (
        "To beat {names}: {choice}. Played for the win from here, the chance to win is {chance} "
        "this way, {instead} the way of the most points."
    ),
    "hint.to_win": (
        "To win: {choice}. Played for the win from here, the chance to win is {chance} this way, "
        "{instead} the way of the most points."
    ),
    "hint.for_points": "For the most points: {choice}. {why}",
    "review.player": "{name}: decisions cost about {cost:# point|# points} in all; scored {total}.",
    "review.player_win": (
        "{name}: decisions cost about {cost:# point|# points} in all, and about {chance} of the "
        "chance to win; scored {total}."
    ),
    "review.to_win": (
        "For the win: {best} (played for the win from there: {chance} this way, {chosen} yours)."
    ),
    "review.turn": "Turn {turn}, {name}: {cost:# point|# points}",
    "review.item": (
        "After roll {roll}: you chose {chose}; best was {best} (about {cost:# point|# points} "
        "better)."
    ),
    "review.best": "After roll {roll}: {chose}, the best play.",
    "review.fine": "Turns played as well as can be: {count}",
    "level.win": "Shark",
    "level.perfect": "Perfect",
    "level.good": "Good",
    "level.casual": "Casual",
    "dialog.vs_title": "Play the computer: one tap",
    "dialog.vs_levels": (
        "Casual takes the points in front of it, like a beginner; Good plays well and slips "
        "a little; Perfect scores the most points a game can give on average; Shark plays to "
        "beat you: behind, it gambles on what could still win, ahead, it takes the safe "
        "points. Or name the players below."
    ),
    "seat.computer_name": "{level} (computer)",
    "status.aside_corrupt": (
        "A game in progress could not be read, so it is not in the list (a copy of it is kept)."
    ),
    "status.put_aside": (
        "The game of {names} is not finished. Start a new one anyway? It waits under "
        "Games in progress, to be resumed."
    ),
    "dialog.put_aside_title": "Start a new game?",
    "dialog.put_aside_yes": "Start a new game",
    "status.resumed": "Back to the game of {names}.",
    "status.undone": "{name} took back {box}.",
    "app.undo": "Undo",
    "app.menu": "Menu",
    "app.games": "Games in progress",
    "games.line": "{players}: turn {turn}, started {date}",
    "games.resume": "Resume",
    "games.empty": "No game is waiting.",
    "app.chances": "Win chances",
    "app.handover": "Pass-the-device moment",
    "handover.line": "Pass the device to {name} ({points:# point|# points}).",
    "chance.win": "Chance to win: {percent}",
    "chance.beat": "Chance to beat {name}: {percent}",
    "chance.title": "Win chances",
    "chance.working": (
        "The chances turn by turn are still being worked out: open the review again in a moment."
    ),
    "chance.first_turn": "First turn",
    "chance.end": "End",
    "chance.chart": (
        "Each player's chance to win at the start of all {turns:# turn|# turns}: the lead changed "
        "hands {count:once|# times}, and {winner} won."
    ),
    "chance.chart_beat": (
        "The chance to beat {name}'s total at the start of all {turns:# turn|# turns}."
    ),
    "chance.lead_change": "the lead changed hands",
    "chance.costly": "a costly box",
    "chance.turn": "Turn",
    "chance.note": "What happened",
    "chance.start": "Start",
    "chance.costly_line": (
        "After turn {turn}, {name}: the box chosen cost {cost:# percentage point|# percentage "
        "points} of the chance to win, against the best box on the same dice."
    ),
    "app.sound": "Sound & vibration",
    "scores.computer": "computer",
    "over.solo": "You scored {points}.",
    "over.solo_best": "You scored {points}. Your best is {best}.",
    "over.solo_new_best": "You scored {points}: a new best!",
    "over.new_best": "A new best for {name}: {points}!",
    "celebrate.kismet": "Kismet!",
    "celebrate.extra": "Extra Kismet!",
    "app.enter_first": "Enter these dice to score them.",
    "app.daily": "Daily game",
    "daily.title": "Kismet daily #{number}",
    "daily.intro": "One game a day on the same dice for everyone, wherever they play.",
    "daily.day": "Kismet daily #{number}, {day}",
    "daily.new": "not played yet",
    "daily.waiting": "under way",
    "daily.played": "played: {best}",
    "daily.play": "Play",
    "daily.resume": "Resume",
    "daily.again": "Play again",
    "challenge.title": "{name}'s challenge",
    "challenge.heading": "A challenge",
    "challenge.offer": (
        "{name} challenges you: {total:# point|# points} on these dice. Play the same dice and "
        "see who does better."
    ),
    "challenge.accept": "Play these dice",
    "challenge.later": "Not now",
    "by_link.play": "Play by link",
    "by_link.dialog_intro": (
        "Play by link: friends on their own phones, the game sent on by link after each "
        "turn. You play the first name."
    ),
    "by_link.no_computers": "A game by link is for people, each on their own device: no computers.",
    "by_link.seats": "A game by link is for {low} to {high} people: add a name.",
    "by_link.choose_title": "Which one are you?",
    "by_link.choose_intro": "This device plays that seat of the game from now on.",
    "by_link.i_am": "I am {name}",
    "by_link.seated": "You play {name} on this device.",
    "by_link.waiting": "Waiting for {name}: send them the game.",
    "by_link.send": "Send the game on",
    "by_link.since": "Since you last looked",
    "by_link.turn_line": "Your turn, {name}: Kismet, turn {turn} of 15",
    "by_link.over_line": "Our Kismet game is over: {totals}",
    "by_link.title": "Send the game on",
    "by_link.intro": (
        "Whoever opens the link sees the whole game, every move replayed by the rules, "
        "and plays their turn on the dice the game gives."
    ),
    "by_link.older": (
        "This device has seen this game further ({seen:# turn|# turns} played; this link has "
        "{played}): nothing was taken back."
    ),
    "by_link.parted": (
        "This link does not follow the game this device has seen ({seen:# turn|# turns}): it was "
        "not opened."
    ),
    "by_link.screen_dice": "A game by link plays the game's own dice: real dice cannot be entered.",
    "by_link.your_turn": "your turn",
    "by_link.waiting_for": "waiting for {name}",
    "by_link.twice": "Each player of a game by link needs a name of their own.",
    "friends.here": "(this device)",
    "friends.perfect": "Perfect on the same dice: {total}",
    "friends.standing": "With friends, these days",
    "friends.name": "Player",
    "friends.days": "Days",
    "friends.beaten": "Beaten",
    "by_link.earlier": "Before that: {count} more",
    "by_link.link_label": "Link to the game",
    "by_link.about": "{names}: a game by link, {count:# turn|# turns} played.",
    "restore.friends": "{count:# friend's daily result|# friends' daily results} added.",
    "link.refused": "This link cannot be played: {why}.",
    "share.daily": "Kismet daily #{number}: {total}",
    "share.challenge": "{name}'s Kismet challenge: I scored {total} against {theirs}",
    "share.bonus": "bonus {points}",
    "share.kismet": "Kismet!",
    "share.kismets": "{count:# Kismet|# Kismets}!",
    "share.perfect": "Perfect on the same dice: {total}",
    "share.button": "Share",
    "share.title": "Share your game",
    "share.intro": (
        "Whoever opens the link plays the same dice and sees your score, proven by "
        "replaying your moves."
    ),
    "share.link_label": "Link to these dice",
    "share.send": "Share",
    "share.copy": "Copy",
    "share.copied": "Copied: paste it in a chat.",
    "share.shared": "Shared.",
    "share.failed": "Could not copy: select the link and copy it.",
    "perfect.thinking": "Perfect is playing the same dice…",
    "perfect.total": "Perfect on the same dice: {total}",
    "perfect.compare": "Compare with Perfect",
    "compare.title": "You and Perfect, turn by turn",
    "compare.turn_number": "Turn {turn}",
    "compare.roll": "Rolled {dice}, kept {kept}.",
    "compare.total": "total {total}",
    "compare.cost": "your choices cost {cost}",
    "compare.parted": "choices part",
    "compare.same": "played alike by you and Perfect",
    "compare.intro": (
        "Every turn starts on the same roll for both of you; after it the dice follow what each "
        "kept (ringed). Your choices parted from Perfect's in {parted} of {turns:# turn|# turns}."
    ),
    "perfect.figures": (
        "Why Perfect's numbers differ: {expected} is its average over every game the dice "
        "could give; the statistics' average is from 400 games it played, so luck moves it a "
        "little; and on one game's dice it scores what those dice allow."
    ),
    "compare.you": "You",
    "compare.perfect": "Perfect",
    "seat.human": "Person",
    "seat.win": "Computer: Shark",
    "seat.perfect": "Computer: Perfect",
    "seat.good": "Computer: Good",
    "seat.casual": "Computer: Casual",
    "dialog.seat": "Player {number} plays as",
    "help.by_link_title": "Playing by link",
    "help.unofficial": (
        "Kismet is a trademark of Endless Games. This is an unofficial version, not "
        "affiliated with or endorsed by Endless Games."
    ),
    "help.by_link": (
        "New game, Play by link: friends play one game on their own phones, with no server "
        "and no account. After your turn, Send the game on: the link carries the game's seed "
        "and every decision so far. Whoever opens it sees the whole game, replayed move by "
        "move through these rules, says once which player they are, and plays their turn on "
        "the dice the seed gives: opening the link again gives the same dice. So the link "
        "proves that every move was legal and every roll the seed's. It cannot prove that "
        "nobody looked ahead: a player with programming tools could work out their own next "
        "rolls from the seed. An older link never takes a game back on a device that has seen "
        "it further; a box filled cannot be taken back (the link may be on its way)."
    ),
    "help.advice_title": "Hints, computers and the review",
    "help.advice": (
        "Points and wins are not the same aim. Perfect and Good play for the most points a "
        "game gives on average, as if alone: the exact optimal strategy for one player. At a "
        "table the aim is to finish first, and that can ask for another move: far behind, a "
        "gamble that could still win is worth more than safe points that cannot; far ahead, "
        "the safe points are. The Shark plays for the best chance to win against the table "
        "as it stands; alone, it plays as Perfect. Hints and the coach say what scores most, "
        "and at a table with others also what wins most when that is another move, with the "
        "chances; for a good player that is about 1 turn in 28, and in 4 games in 10 at "
        "least once. The review prices each choice in points and in the chance to win. The "
        "Coach asks before a move that costs more expected points than you chose under Warn "
        "above, unless it is the move that wins most."
    ),
    "help.chances_title": "Chance to win",
    "help.chances": (
        "Beside each total, in a game of two or more (or against a challenge's sender): each "
        "player's chance to win, worked out from the boxes each has left and how each plays, and "
        "for the player to move from the dice showing too. A computer plays by its level: "
        "against perfect play, Casual loses about {casual:# point|# points} a game and Good "
        "about {good}. A person counts by their own record on this device, the points their "
        "choices cost per game (in the statistics, once {games:# of their games is|# of their "
        "games are} priced); someone new counts as a good player. The review's chart shows the "
        "same chances turn by turn."
    ),
    "list.and": "{first} and {last}",
    "turn.current": "{name}'s turn",
    # Score sheet rows that are not boxes.
    "sheet.box": "Box",
    "sheet.to_go": "{points} to the next bonus",
    "sheet.top_tier": "top bonus reached",
    "sheet.option": "{box}: score {points}",
    "sheet.joker": "joker",
    "sheet.penalty": "penalty zero",
    # Status messages.
    "status.ready": "{name}'s turn: roll the dice.",
    "status.rolled": "{name} rolled {dice}.",
    "status.scored": "{name} scored {points} in {box}.",
    "status.next": "{name}'s turn.",
    "status.extra_kismet": "Extra Kismet! {name} scores {points} in {box} as a joker.",
    "status.penalty": "{name} takes a zero in {box}.",
    "status.roll_again": "{name} rolls again.",
    "status.game_over_one": "Game over: {name} wins with {points}.",
    "status.game_over_shared": "Game over: {names} share the win with {points}.",
    "status.confirm_zero": "Score 0 in {box}? {best} would score {points}.",
    "status.restored_full": (
        "Welcome back. Storage is full, so this is your game as it was last saved: moves "
        "made since then may not have been kept."
    ),
    "status.restored": "Welcome back: your game is just as you left it.",
    "status.save_corrupt": (
        "Your saved game could not be read, so a new game has started "
        "(a copy of the old save is kept)."
    ),
    "status.history_corrupt": (
        "Your list of finished games could not be read, so it starts again "
        "(a copy of the old list is kept)."
    ),
    "status.settings_corrupt": (
        "Your settings could not be read, so they are back to the defaults (the old ones "
        "are kept as a copy)."
    ),
    "status.storage_full": (
        "Storage is full, so the latest moves are not saved yet; play goes on. Free "
        "space, or back up."
    ),
    "status.storage_off": (
        "This browser is not letting the page save (private mode, or site data blocked?), "
        "so this game will not be kept; play goes on."
    ),
    "status.entered": "{name} entered {dice}.",
    "status.mode_sheet": (
        "Score-sheet mode: roll your own dice, then tap the dice or type the faces."
    ),
    "status.mode_dice": "On-screen dice: press Roll.",
    "status.mode_turn_start": "Switch between real and on-screen dice at the start of a turn.",
    # Printing.
    "print.title": "Kismet score sheet",
    "print.date": "Date: {date}",
    "print.colors": "Pip colors: 1 and 6 black, 2 and 5 red, 3 and 4 green.",
    "print.winner": "Winner",
    "print.marks": "J: scored with an extra-Kismet joker; dotted 0: a penalty zero.",
    "print.game": "Game {number}",
    "print.dialog_title": "Print",
    "print.this_game": "This game's score sheet",
    "print.blank": "A blank sheet for",
    "print.blank_players": "{count:# player|# players}",
    "print.blank_one_player": "1 player",
    "print.six_games": "A blank sheet for one player, 6 games",
    # Dialogs.
    "dialog.zero_title": "Score a zero?",
    "dialog.zero_yes": "Score 0",
    "dialog.coach_title": "The coach asks",
    "dialog.coach_yes": "Go ahead",
    "app.coach": "Coach",
    "app.coach_margin": "Warn above",
    "coach.warning": (
        "Better: {best}. {why} Your move, {chose}, costs about {cost:# point|# points} over the "
        "rest of the game. Go ahead anyway?"
    ),
    "coach.margin": "{points:# point|# points}",
    "dialog.confirm_no": "Go back",
    "dialog.new_title": "New game",
    "dialog.players": "Players, in turn order",
    "dialog.player": "Player {number}",
    "dialog.default_name": "Player {number}",
    "dialog.add_player": "Add player",
    "dialog.remove_player": "Remove player {number}",
    "dialog.move_up": "Move player {number} up",
    "dialog.start": "Start",
    "dialog.cancel": "Cancel",
    # End of the game.
    "over.title": "Game over",
    "over.winner": "{name} wins with {points}!",
    "over.shared": "{names} share the win with {points}!",
    "over.play_again": "Play again",
    # High scores.
    "scores.rank": "#",
    "scores.name": "Name",
    "scores.score": "Score",
    "scores.date": "Date",
    "scores.empty": "No finished games yet: the best ten totals will be listed here.",
    # Shapes that tell the pip colors apart in color-shapes mode.
    "shape.black": "round",
    "shape.red": "square",
    "shape.green": "triangular",
    "help.colors_title": "The color groups",
    "help.color_group": "{color}: {faces}",
    "help.color_shape": "{color} pips are {shape} when Color shapes is on.",
    "help.keys_title": "Keyboard",
    "help.keys": (
        "Space or R: roll. 1 to 5: hold or release a die. Arrow keys: move through your open "
        "boxes; Enter: fill the box. N: new game. ?: these rules. Tab reaches every control."
    ),
    # The rules, for the help dialog (trusted markup written for this project).
    "help.title": "How to play Kismet",
    "help.body": """
<h3>The dice</h3>
<p>Five dice. The pips are colored: <strong>1 and 6 black</strong>, <strong>2 and 5 red</strong>,
<strong>3 and 4 green</strong>. Faces on opposite sides (adding up to 7) share a color.</p>
<h3>Your turn</h3>
<ol>
<li>Roll all five dice.</li>
<li>Tap the dice you want to keep (they are held) and roll the rest. You may change your
mind between rolls; you have three rolls at most.</li>
<li>Then fill one open box of your column: it takes the points it gives for the dice
showing, or 0 if they do not fit. A filled box never changes. You cannot score before
your first roll.</li>
</ol>
<h3>Basic section</h3>
<p>Ones to Sixes: the total of the dice showing that face. If the six boxes add up to 63-70
you earn a bonus of 35, 71-77 earns 55, and 78 or more earns 75.</p>
<h3>Kismet section</h3>
<ul>
<li><strong>Two Pair Same Color</strong>: two pairs of one color (1-1-6-6, 2-2-5-5 or
3-3-4-4; four alike counts too): total of all five dice.</li>
<li><strong>Three of a Kind</strong>: three dice alike: total of all five.</li>
<li><strong>Straight</strong>: 1-2-3-4-5 or 2-3-4-5-6: 30.</li>
<li><strong>Flush</strong>: all five dice of one color: 35.</li>
<li><strong>Full House</strong>: three of one face and two of another: total + 15.</li>
<li><strong>Full House Same Color</strong>: a full house whose two faces share a color:
total + 20.</li>
<li><strong>Four of a Kind</strong>: four dice alike: total + 25.</li>
<li><strong>Yarborough</strong>: anything: total of all five.</li>
<li><strong>Kismet</strong>: all five alike: total + 50.</li>
</ul>
<h3>Extra Kismets</h3>
<p>Five alike when your Kismet box already holds points is an <strong>extra Kismet</strong>
(a Kismet box filled with 0 never gives one). Score it as a <strong>joker</strong> in any
open Kismet-section box except Straight (Full House then scores total + 15, and so on), or
in the Basic box of its face. Every other player takes a 0 in the topmost open box of their
column, and you roll again.</p>
<h3>Winning</h3>
<p>The game ends when every box is filled. Grand total = Basic subtotal + bonus + Kismet
subtotal. The highest grand total wins; equal totals share the win.</p>
<h3>Playing together</h3>
<p>Up to 8 players take turns in the order they were entered, passing the device round. The
game is saved in this browser after every move: close the page and carry on later.</p>
""",
    # Illegal actions.
    "error.game_over": "The game is over",
    "error.no_rolls_left": "You have no rolls left this turn",
    "error.all_held": "All five dice are held: release one to roll again, or score a box",
    "error.no_dice_to_hold": "Roll first: there are no dice to hold yet",
    "error.hold_after_last_roll": "That was your last roll: choose a box to score",
    "error.no_such_die": "There is no die {die}: the dice are numbered 0 to 4",
    "error.score_before_roll": "Roll the dice before you score",
    "error.box_filled": "{box} is already filled",
    "error.not_a_box": "{box} is not a box of the score sheet",
    "error.bad_roll": "A roll is five faces from 1 to 6",
    "error.player_count": "A game has 1 to 8 players, not {count}",
    "error.typed_roll": "Type the five faces as digits from 1 to 6, like 33456",
    "error.player_name_type": "Player {number}'s name must be text",
    "error.player_name_empty": "Player {number} needs a name",
    "error.player_name_long": (
        "Player {number}'s name is longer than {limit:# character|# characters}"
    ),
    "error.player_name_control": "Player {number}'s name contains a control character",
    "error.nothing_to_undo": "There is no box to take back now",
    "error.linked_dice": "This game's dice are linked to its seed: roll them on screen",
    # Stored data that cannot be read (a save, a list of finished games, settings).
    "save.not_an_object": "This is not a saved Kismet game",
    "save.not_a_game": "This is not a saved Kismet game",
    "save.version": (
        "This was saved by another version of Kismet (format {version}); "
        "this page reads format {readable}"
    ),
    "save.fields": "The saved data is damaged (at {where})",
    "save.field_type": "The saved data is damaged (at {where})",
    "save.bad_value": "The saved data is damaged (at {where})",
    "save.players": "The saved game's players are not valid",
    "save.wrong_player": "The saved game does not follow the rules (at {where})",
    "save.refused": "The saved game does not follow the rules (at {where})",
    "save.differs": "The saved game does not follow the rules (at {where})",
    "save.stray_penalty": "The saved game does not follow the rules (at {where})",
    "save.missing_penalty": "The saved game does not follow the rules (at {where})",
    "save.current": "The saved game does not follow the rules (whose turn it is)",
    "save.turn": "The saved game does not follow the rules (the turn in progress)",
    "save.stream": "The saved data is damaged (the dice's stream)",
    "save.link": "This link is not a whole Kismet challenge (was it cut short?)",
    "save.checksum": "This link was changed after it was made, so it cannot be trusted",
    "save.unfinished": "This link's game stops before its end",
    # Statistics, export and import.
    "app.stats": "Statistics",
    "stats.title": "Your progress",
    "stats.player": "Player",
    "stats.empty": "No finished games yet. Finish a game and its figures appear here.",
    "stats.numbers": "The numbers",
    "stats.games": "Games",
    "stats.average": "Average",
    "stats.best": "Best",
    "stats.wins": "Wins",
    "stats.wins_of": "{wins} of {games:# game|# games} with others",
    "stats.bonus_tier": "Bonus {bonus} (Basic {lowest}+)",
    "stats.kismets": "Kismet scored",
    "stats.extras": "Extra Kismet",
    "stats.lost_per_game": "Points lost to decisions, per game",
    "stats.folded": (
        "{count:# older game is counted in these figures but no longer shown on its own|# older "
        "games are counted in these figures but no longer shown one by one}."
    ),
    "stats.totals_chart": (
        "{count:The total of # game: {high}|Totals of # games, from {low} to {high}, with a "
        "moving average; the average is {average}}"
    ),
    "stats.first": "first",
    "stats.latest": "latest",
    "stats.game": "Game",
    "stats.moving": "Moving average",
    "stats.histogram": "{count:Where the total of # game falls|How the totals of # games spread}",
    "stats.histogram_perfect": (
        "{count:Where the total of # game falls|How the totals of # games spread}, beside perfect "
        "play (average {perfect})"
    ),
    "stats.points_range": "Points",
    "stats.yours": "Yours",
    "stats.perfect": "Perfect play",
    "stats.skill_chart": (
        "{count:Points lost to decisions in # game: {average}|Points lost to decisions in # "
        "games, {average} a game on average}"
    ),
    "stats.lost": "Points lost",
    "stats.recent": "The last games against the average",
    "stats.against_average": "Against the average",
    "stats.boxes": "Each box, on average",
    "stats.box": "Box",
    "stats.versus": "Head to head",
    "stats.against": "Against",
    "stats.won": "Won",
    "stats.lost_games": "Lost",
    "stats.tied": "Tied",
    "stats.legend_game": "A game",
    "stats.legend_yours": "Your games",
    "stats.legend_perfect": "Perfect play",
    "app.backup": "Back up",
    "app.restore": "Restore",
    "stats.backup": (
        "Back up writes every finished game, the statistics, the games in progress (games "
        "by link with this device's seat), the settings and friends' daily results to one "
        "file: keep it in your mail or cloud. Restore it on a new phone, or after this "
        "browser was cleared, to bring them back: nothing is counted twice."
    ),
    "keep.persisted": "This browser keeps your games for good.",
    "keep.may_clear": (
        "This browser may clear your games when it runs short of room: install the app, "
        "and keep a backup."
    ),
    "keep.safari": (
        "Safari deletes this page's games after 7 days without a visit, unless it is on "
        "the Home Screen: add it there, and keep a backup."
    ),
    "keep.size_site_unknown": (
        "Your games take {games} (how much the whole site takes, this browser does not say)."
    ),
    "keep.size_site": "Your games take {games} (the whole site, kept for offline play: {site}).",
    "keep.reminder": (
        "Your games live only in this browser. A backup keeps them if it is cleared or "
        "the phone is lost."
    ),
    "keep.later": "Not now",
    "keep.wiped": (
        "This browser has no games stored, but Kismet was played here before: its storage "
        "was cleared. Open a backup to bring your games back."
    ),
    "keep.open_backup": "Open a backup",
    "restore.by_link": "{count} of them by link, each at this device's seat.",
    "restore.too_big": (
        "That file is too big ({size} MB) to be a Kismet backup. Nothing was changed."
    ),
    "restore.not_json": "That file is not a Kismet backup (it is not JSON). Nothing was changed.",
    "restore.not_kismet": "That file is not a Kismet backup. Nothing was changed.",
    "restore.newer": (
        "That file comes from a newer version of Kismet (format {version}). Reload the "
        "page to update, then restore it again. Nothing was changed."
    ),
    "restore.bad_game": (
        "That file holds a game the rules could not have produced ({where}). Nothing was changed."
    ),
    "restore.done": (
        "Restored {added:# finished game|# finished games} ({known:# was|# were} already here)."
    ),
    "restore.aside": (
        "{count:# game in progress was|# games in progress were} added to Games in progress."
    ),
    "restore.settings": "The settings were taken from the file.",
    "restore.read_failed": "The file could not be read. Nothing was changed.",
    "backup.done": "Backed up to {name}.",
    "backup.cancelled": "Not backed up: the share was cancelled.",
    # Luck against skill, after a game.
    "luck.title": "Luck and skill, player by player",
    "luck.solo_kind": (
        "{name}'s choices cost {lost:# point|# points} against perfect play; the dice gave "
        "{dice:# point|# points} more than perfect play expects."
    ),
    "luck.solo_unkind": (
        "{name}'s choices cost {lost:# point|# points} against perfect play; the dice gave "
        "{dice:# point|# points} less than perfect play expects."
    ),
    "luck.off_link": (
        "Luck against skill: in a game by link each player chose on their own device, so "
        "this one cannot price every player's choices."
    ),
    "luck.off": "Luck against skill: no person's decisions were recorded in this game.",
    "luck.off_partial": (
        "Luck against skill: some of this game's boxes were chosen with no decision "
        "recorded (with real dice, or in an older version), so it cannot be split."
    ),
    "luck.off_real": (
        "Luck against skill needs the on-screen dice: with real dice only the boxes are known."
    ),
    "luck.expected": "Expected",
    "luck.choices": "Choices",
    "luck.dice": "Dice",
    "luck.total": "Total",
    # Storage: tabs, a full storage, damaged data.
    "status.save_unkept": (
        "Your saved game could not be read, and there is no room to keep a copy, so it "
        "stays stored as it is: a new game has started, and it is not saved until there "
        "is room."
    ),
    "status.settings_unkept": (
        "Your settings could not be read, and there is no room to keep a copy: they are "
        "back to the defaults, and the old ones stay stored as they are until there is "
        "room."
    ),
    "status.history_unkept": (
        "Your list of finished games could not be read, and there is no room to keep a "
        "copy, so it stays stored as it is: new games are not recorded until there is "
        "room."
    ),
    "status.folded_corrupt": (
        "The tallies of your older finished games could not be read, so they start again "
        "(the old ones are kept as a copy)."
    ),
    "status.folded_unkept": (
        "The tallies of your older finished games could not be read, and there is no room "
        "to keep a copy, so they stay stored as they are until there is room."
    ),
    "status.records_corrupt": (
        "{count:# of your finished games|# of your finished games} could not be read (a copy is "
        "kept); {kept:the other # is here|the other # are all here}."
    ),
    "status.records_unkept": (
        "{count:# of your finished games|# of your finished games} could not be read, and there "
        "is no room to keep a copy, so {count:it stays|they stay} stored as {count:it is|they "
        "are}; {kept:the other # is here|the other # are all here}."
    ),
    "status.aside_unkept": (
        "A game in progress could not be read, and there is no room to keep a copy, so it "
        "stays stored as it is until there is room."
    ),
    "status.spare_back": (
        "Storage was full when you last played in this tab, so your last moves were kept "
        "in the tab alone: here they are."
    ),
    "status.synced": ("This game went on in another tab or window: here it is as it stands now."),
    "status.synced_finished": (
        "Another tab or window finished that game (it is among your finished games) and "
        "moved on to this one."
    ),
    "status.synced_aside": (
        "Another tab or window put that game aside (it waits under Games in progress) and "
        "moved on to this one."
    ),
    "status.synced_other": "Another tab or window moved on to this game.",
    "status.full_keep": (
        "Storage is full, so the game at the table is not saved yet: leaving it now would "
        "lose it. Free space, or back up, first."
    ),
    "status.freed": (
        "Space freed: {count:your oldest finished game now counts|your # oldest finished games "
        "now count} in the statistics only (totals, bests and high scores stay; the box-by-box "
        "detail goes). Everything is saved."
    ),
    "status.freed_none": "Everything is saved now: no finished game had to make room.",
    "status.still_full": (
        "Storage is still full, though {count:your oldest finished game now counts|your # oldest "
        "finished games now count} in the statistics only (totals, bests and high scores stay). "
        "The rest of what this site stores takes the room: games in progress, and anything other "
        "pages of this address keep. Back up to keep a copy of everything; play goes on, and the "
        "latest moves are not saved yet."
    ),
    "status.still_full_none": (
        "Storage is still full, and no finished game is left to count in the statistics only. The "
        "rest of what this site stores takes the room: games in progress, and anything other "
        "pages of this address keep. Back up to keep a copy of everything; play goes on, and the "
        "latest moves are not saved yet."
    ),
    "app.free_space": "Free space",
    "app.backup_copy": "Back up",
    "restore.unchecked": (
        "{count:# finished game from before the statistics was left out: without its boxes and "
        "dice it cannot be checked|# finished games from before the statistics were left out: "
        "without their boxes and dice they cannot be checked}."
    ),
    "restore.unsaved": "Storage is full, so what was restored is not saved yet.",
    "save.too_big": "The saved data is too large to be Kismet's (at {where})",
    "save.too_deep": "The saved data is damaged (nested too deeply, at {where})",
    "save.not_json": "The saved data is damaged (it is not JSON, at {where})",
    "perfect.offline": (
        "Perfect's game on the same dice needs the strategy table, which this device has "
        "not downloaded yet: it is played once you are online."
    ),
    # The boxes' short names, on a phone's card.
    "box_short.ones": "Ones",
    "box_short.twos": "Twos",
    "box_short.threes": "Threes",
    "box_short.fours": "Fours",
    "box_short.fives": "Fives",
    "box_short.sixes": "Sixes",
    "box_short.two_pair_same_color": "2 Pair Color",
    "box_short.three_of_a_kind": "3 of a Kind",
    "box_short.straight": "Straight",
    "box_short.flush": "Flush",
    "box_short.full_house": "Full House",
    "box_short.full_house_same_color": "FH Color",
    "box_short.four_of_a_kind": "4 of a Kind",
    "box_short.yarborough": "Yarbor\u00adough",
    "box_short.kismet": "Kismet",
    "rule.example": "For example, {dice} scores {points}.",
    "app.whole_sheet": "Everyone",
    # The end of a game, challenges, the first game's guide.
    "status.game_over_solo": "Game over: {name} scored {points}.",
    "over.solo_computer": "{name} scored {points}.",
    "over.rank": "{points} is #{rank} on this device's high scores.",
    "over.fold": "Tap to fold this away and see the whole sheet, or to open it again",
    "over.rank_same": "#{rank} on this device's high scores.",
    "versus.beats": "{winner} beats {loser}, {high} to {low}!",
    "versus.tie_both": "{name} and {other} tie at {points}!",
    "celebrate.bonus": "Bonus +{points}!",
    "celebrate.win": "{names} won!",
    "celebrate.best": "New best!",
    "luck.lead": "{winner} won by {margin} over {other}.",
    "luck.lead_tie": "{names} tied at {points}.",
    "luck.seat_kind": (
        "{name}'s choices cost {lost:# point|# points} against perfect play; the dice gave {name} "
        "{dice:# point|# points} more than perfect play expects from average dice."
    ),
    "luck.seat_unkind": (
        "{name}'s choices cost {lost:# point|# points} against perfect play; the dice gave {name} "
        "{dice:# point|# points} less than perfect play expects from average dice."
    ),
    "luck.cost": "{name} {lost}",
    "luck.costs": (
        "The choices cost {costs:# point|# points} against perfect play; the dice were kindest to "
        "{name} ({dice})."
    ),
    "rival.start": "{name} scored {total} on these dice: beat it!",
    "rival.ahead": "{name} had {theirs} after {turn:# turn|# turns}: you lead by {gap}.",
    "rival.behind": "{name} had {theirs} after {turn:# turn|# turns}: you trail by {gap}.",
    "rival.level": "{name} had {theirs} after {turn:# turn|# turns}: level with you.",
    "challenge.your_name": "Your name",
    "guide.title": "First game",
    "guide.step": "{step}/{count}",
    "guide.roll": "Tap Roll to throw the dice: up to three rolls a turn.",
    "guide.hold": (
        "Tap the dice to keep: held dice stay when you roll again. Colors count too: 1 and 6"
        " black, 2 and 5 red, 3 and 4 green."
    ),
    "guide.again": "Roll again: only the free dice are thrown.",
    "guide.box": "Tap a box to write in what it shows: one box a turn.",
    "guide.box_or_roll": (
        "Roll once more, or tap a box now to write in what it shows: one box a turn."
    ),
    "guide.skip": "Skip guide",
    "guide.again_button": "Play the first-game guide again",
    # Why a choice is good, in words a player can check against the dice.
    "why.face": "{face}s",
    "why.zero": "{box} is the box that costs least to give up now.",
    "why.joker": "An extra Kismet is a joker: it scores in full here.",
    "why.basic": "The {face} count {points} toward the Basic bonus.",
    "why.flush": "All five one color: {faces} are {color}.",
    "why.two_pair": "Two pairs of one color: {faces} are {color}.",
    "why.full_house_color": "A full house in one color ({faces} are {color}): plus 20.",
    "why.three": "Three alike ({face}): all five dice count.",
    "why.four": "Four alike ({face}): all five dice count, plus 25.",
    "why.straight": "Five in a row: 30.",
    "why.full_house": "Three alike and a pair: their total plus 15.",
    "why.yarborough": "Any five dice: their total.",
    "why.kismet": "Five alike: their total plus 50.",
    "why.later": "{box} scores more now but is worth more kept open.",
    "why.reroll": "Nothing here is worth keeping for the boxes still open.",
    "why.keep_alike": "Keep the {face}: toward more of a kind.",
    "why.keep_run": "A run: toward the Straight.",
    "why.keep_color": "All {color}: toward the Flush.",
    "why.keep_pairs": "Two pairs: toward a Full House.",
    "why.keep": "These give the best chances for the boxes still open.",
    "date.months": "January February March April May June July August September October "
    "November December",
    "date.format": "{day} {month} {year}",
    "turn.computer": "{name} is playing",
    "status.next_computer": "{name} plays next.",
}
