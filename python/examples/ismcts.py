"""An information-set Monte-Carlo tree search (ISMCTS, UCT) agent against
random agents.

The tree is over the player's moves and the tiles drawn; each iteration
starts from a determinization of the hidden pile order: a clone of the real
game reshuffled with ``resample(seed)`` (a new seed per iteration), so the
search never sees the real game's future tiles (Cowling, Powley and
Whitehouse's single-observer ISMCTS: a node's children are the moves seen
legal in the determinizations that reached it, each chosen by UCB1 among
those legal in the current one). Below the tree, ``playout(seed)`` finishes
the game in the engine, drawing the rest of the pile from its own seed. A
node's value is the mean of ``returns()`` for the player who moved into it.

    python examples/ismcts.py [--games N] [--iterations K]

prints the agent's win rate (a shared first place counts half) and its
iterations per second.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Optional

import tilec

sys.path.insert(0, str(Path(__file__).parent))
from random_agent import random_move  # noqa: E402


class Node:
    """One move (or tile drawn) and what was seen after it."""

    __slots__ = ("player", "children", "visits", "value", "available")

    def __init__(self, player: Optional[int]) -> None:
        self.player = player  # who moved into this node
        self.children: dict[tilec.Move, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.available = 0  # how often it was legal when its parent was visited

    def ucb(self, c: float) -> float:
        if self.visits == 0:
            return math.inf
        return self.value / self.visits + c * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def ismcts_move(game: tilec.Game, iterations: int, rng: random.Random, c: float = 0.7) -> tilec.Move:
    """The most visited move of the player to move after `iterations` searches."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    root = Node(None)
    for _ in range(iterations):
        state = game.clone()
        state.resample(rng.getrandbits(64))  # this iteration's determinization
        node, path = root, [root]
        while not state.is_over():
            legal = state.legal_moves()
            children = node.children
            for m in legal:
                if m in children:
                    children[m].available += 1
            unseen = [m for m in legal if m not in children]
            if unseen:  # expand one, then play out
                m = rng.choice(unseen)
                child = children[m] = Node(state.current_player())
                child.available = 1
                state.play(m)
                path.append(child)
                break
            m = max(legal, key=lambda k: children[k].ucb(c))
            node = children[m]
            state.play(m)
            path.append(node)
        if not state.is_over():
            state.playout(rng.getrandbits(64))
        returns = state.returns()
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.value += returns[n.player]
    # Moves of a clone are moves of the game (the same tile sets).
    return max(root.children, key=lambda m: root.children[m].visits)


def play(seed: int, players: int, iterations: int, seat: int, stats: dict) -> list[int]:
    """One game: the ISMCTS agent in `seat`, random agents elsewhere."""
    rng = random.Random(seed)
    game = tilec.Game(sets=["base"], players=players, seed=seed * 7919 + 1)
    while not game.is_over():
        if game.current_player() == seat:
            started = time.perf_counter()
            game.play(ismcts_move(game, iterations, rng))
            stats["seconds"] += time.perf_counter() - started
            stats["iterations"] += iterations
        else:
            game.play(random_move(game, rng))
    return game.scores()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    wins = 0.0
    stats = {"seconds": 0.0, "iterations": 0}
    for g in range(args.games):
        seat = g % args.players
        scores = play(args.seed + g, args.players, args.iterations, seat, stats)
        margin = scores[seat] - max(s for p, s in enumerate(scores) if p != seat)
        wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        print(f"game {g}: ISMCTS agent in seat {seat}, scores {scores}")
    rate = stats["iterations"] / max(stats["seconds"], 1e-9)
    print(f"ISMCTS win rate over {args.games} games: {wins / args.games:.2f}")
    print(f"{rate:.0f} iterations/s (a resample, a tree walk and a playout each)")


if __name__ == "__main__":
    main()
