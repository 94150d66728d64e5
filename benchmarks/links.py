"""How long the links that carry games are: a game by link of 2, 4 and 8 players (names of
ten letters, a whole game played by a plain player), and a challenge, in characters.

Run: ``.venv/bin/python benchmarks/links.py``. The figures are in the README; a game by
link is to stay under 2,000 characters so it passes through any messenger.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kismet import Game
from kismet.rules.link import challenge_of, encode, encode_game, game_link_of
from tests.helpers import greedy_turn

SEEDS = range(20)


def whole_game(seats: int, seed: int) -> Game:
    names = [f"Player{n:04d}" for n in range(seats)]  # ten letters each
    game = Game(names, seed=seed, linked=True, apart=seats > 1)
    while not game.is_over:
        greedy_turn(game)
    return game


def main() -> None:
    for seats in (2, 4, 8):
        sizes = [len(encode_game(game_link_of(whole_game(seats, s)))) for s in SEEDS]
        print(f"game by link, {seats} players, whole game: median {statistics.median(sizes):.0f}"
              f" characters, longest {max(sizes)} ({len(SEEDS)} games)")  # fmt: skip
    sizes = [len(encode(challenge_of(whole_game(1, s)))) for s in SEEDS]
    print(f"challenge (one player, ten letters): median {statistics.median(sizes):.0f}, "
          f"longest {max(sizes)}")


if __name__ == "__main__":
    main()
