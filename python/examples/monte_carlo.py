"""A flat Monte-Carlo agent against random agents.

For each legal move, the agent plays it on a clone of the game and finishes
that clone with random playouts in the engine (``Game.playout``); it picks the
move whose playouts ended best for it (its score minus the best other
score, on average).

Why ``resample``: the agent must not know the order of the unseen tiles. A
clone never draws the real game's future tiles (it draws from a chance
stream of its own), but two clones of one position draw alike; so each
sample is a clone reshuffled with ``resample(seed)`` before the move is
played (the move's own follow-up draws then differ from sample to sample),
and ``playout(seed)`` draws the rest of the pile from its seed. Each playout
is one determinization of the hidden pile order, and the average is over
them: flat Monte-Carlo over the information set, not over one known future.

    python examples/monte_carlo.py [--games N] [--playouts K]

prints the Monte-Carlo agent's win rate (a shared first place counts half).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import tilec

sys.path.insert(0, str(Path(__file__).parent))
from random_agent import random_move  # noqa: E402


def margin(scores: list[int], me: int) -> int:
    """The player's score minus the best other score."""
    return scores[me] - max(s for p, s in enumerate(scores) if p != me)


def monte_carlo_move(game: tilec.Game, playouts: int, rng: random.Random) -> tilec.Move:
    """The legal move with the best average playout margin for the player to move."""
    me = game.current_player()
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    best, best_value = moves[0], float("-inf")
    for move in moves:
        total = 0
        for _ in range(playouts):
            sim = game.clone()
            sim.resample(rng.getrandbits(64))  # a determinization of the unseen pile
            sim.play(move)
            total += margin(sim.playout(rng.getrandbits(63)), me)
        if total > best_value:
            best, best_value = move, total
    return best


def play(seed: int, players: int, playouts: int, mc_seat: int) -> list[int]:
    """One game: the Monte-Carlo agent in `mc_seat`, random agents elsewhere."""
    rng = random.Random(seed)
    # The game's draws come from a seed of their own, unknown to the agents.
    game = tilec.Game(sets=["base"], players=players, seed=seed * 7919 + 1)
    while not game.is_over():
        if game.current_player() == mc_seat:
            game.play(monte_carlo_move(game, playouts, rng))
        else:
            game.play(random_move(game, rng))
    return game.scores()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    wins = 0.0
    for g in range(args.games):
        seat = g % args.players  # the agent takes every seat in turn
        scores = play(args.seed + g, args.players, args.playouts, seat)
        m = margin(scores, seat)
        wins += 1.0 if m > 0 else 0.5 if m == 0 else 0.0
        print(f"game {g}: Monte-Carlo agent in seat {seat}, scores {scores}")
    print(f"Monte-Carlo win rate over {args.games} games: {wins / args.games:.2f}")


if __name__ == "__main__":
    main()
