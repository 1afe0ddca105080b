"""A random agent: every move uniformly among the legal ones.

    python examples/random_agent.py [--games N] [--players P] [--sets base,river]
"""

from __future__ import annotations

import argparse
import random

import tilec


def random_move(game: tilec.Game, rng: random.Random) -> tilec.Move:
    """A uniformly random legal move."""
    return rng.choice(game.legal_moves())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sets", default="base")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for g in range(args.games):
        game = tilec.Game(sets=args.sets.split(","), players=args.players, seed=args.seed + g)
        moves = 0
        while not game.is_over():
            game.play(random_move(game, rng))
            moves += 1
        print(f"game {g}: {moves} moves, {len(game.board())} tiles, scores {game.scores()}")


if __name__ == "__main__":
    main()
