"""Speed of the engine from Python.

    python bench.py [--games N] [--cli PATH]

1. Random games stepped move by move from Python: ``legal_moves()`` then
   ``play()`` of a uniformly random one, every step, one core.
2. ``clone()`` and an observation into a reused buffer, on mid-game positions
   of 2-player base games.
3. UCT iterations per second (``python/examples/ismcts.py``: a clone and a
   ``resample`` each, a tree walk and a playout).
4. ``tilec.simulate`` against the CLI's ``tilec simulate`` on the same games
   (when the CLI is given or found in ../target/release).
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import time
from pathlib import Path

# This script sits beside the package's sources (tilec/, without the built
# extension): import the installed package, not them.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import tilec  # noqa: E402


def stepped(games: int, sets: list[str], clock=time.perf_counter) -> float:
    """Games per second of random games stepped from Python (a uniformly random
    legal move each step, drawn with `random.random`)."""
    rnd = random.Random(0).random
    started = clock()
    for seed in range(games):
        game = tilec.Game(sets=sets, players=2, seed=seed)
        legal_moves, play, is_over = game.legal_moves, game.play, game.is_over
        while not is_over():
            moves = legal_moves()
            play(moves[int(rnd() * len(moves))])
    return games / (clock() - started)


def mid_games(count: int) -> list[tilec.Game]:
    """Positions of 2-player base games after 10 to 60 random moves."""
    rnd = random.Random(1)
    games = []
    for seed in range(count):
        game = tilec.Game(sets=["base"], players=2, seed=seed)
        for _ in range(10 + seed % 51):
            if game.is_over():
                break
            game.play(rnd.choice(game.legal_moves()))
        games.append(game)
    return games


def per_call(fn, games: list[tilec.Game], repeat: int, clock=time.perf_counter) -> float:
    """Microseconds per call of `fn(game)` over the games."""
    started = clock()
    for _ in range(repeat):
        for g in games:
            fn(g)
    return (clock() - started) / (repeat * len(games)) * 1e6


def uct_rate(iterations: int, clock=time.perf_counter) -> float:
    """UCT iterations per second of the ISMCTS example on a 2-player base game."""
    sys.path.insert(0, str(HERE / "examples"))
    from ismcts import ismcts_move  # noqa: PLC0415

    game = tilec.Game(sets=["base"], players=2, seed=3)
    rng = random.Random(3)
    done, started = 0, clock()
    while done < iterations and not game.is_over():
        game.play(ismcts_move(game, 200, rng))
        done += 200
    return done / (clock() - started)


def cli_rate(cli: Path, games: int) -> float:
    out = subprocess.run(
        [str(cli), "simulate", "--sets", "base", "--players", "2", "--games", str(games), "--seed", "1", "--threads", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    match = re.search(r"([0-9.]+) games/s", out)
    if match is None:
        raise SystemExit(f"no games/s in the CLI's output:\n{out}")
    return float(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games stepped from Python")
    parser.add_argument("--simulate-games", type=int, default=200_000)
    parser.add_argument("--sets", default="base")
    parser.add_argument("--cli", type=Path, default=Path(__file__).resolve().parent.parent / "target/release/tilec")
    parser.add_argument("--rounds", type=int, default=3, help="best of this many rounds")
    parser.add_argument("--uct-iterations", type=int, default=6000, help="UCT iterations timed")
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time the stepped games by the process's CPU time (on a busy machine)",
    )
    args = parser.parse_args()
    sets = args.sets.split(",")
    clock = time.process_time if args.cpu_time else time.perf_counter
    best = max(stepped(args.games, sets, clock) for _ in range(args.rounds))
    how = "CPU time" if args.cpu_time else "wall clock"
    print(f"stepped from Python: {best:.0f} games/s ({args.games} games, best of {args.rounds}, {how})")
    games = mid_games(60)
    clone = min(per_call(lambda g: g.clone(), games, 200, clock) for _ in range(args.rounds))
    print(f"clone(): {clone:.2f} µs (60 mid-game base positions, best of {args.rounds})")
    buffers = {id(g): __import__("numpy").zeros(g.observation_size, dtype="uint8") for g in games}
    obs = min(
        per_call(lambda g: g.observation(out=buffers[id(g)]), games, 200, clock) for _ in range(args.rounds)
    )
    print(f"observation(out=buffer): {obs:.2f} µs ({games[0].observation_size} bytes, best of {args.rounds})")
    uct = max(uct_rate(args.uct_iterations, clock) for _ in range(args.rounds))
    print(f"UCT with resample: {uct:.0f} iterations/s (python/examples/ismcts.py, best of {args.rounds})")
    py = max(
        tilec.simulate(sets=["base"], players=2, games=args.simulate_games, seed=1, threads=1)["games_per_second"]
        for _ in range(args.rounds)
    )
    print(f"tilec.simulate: {py:.0f} games/s ({args.simulate_games} games, best of {args.rounds})")
    # The yardstick of the Python issue: the numba peer's pure-JIT rollouts ran
    # at about 1/36 of `tilec simulate`'s rate on one core of the same machine.
    print(f"stepped / tilec.simulate = 1/{py / best:.1f} (the numba peer: about 1/36)")
    if args.cli.exists():
        cli = max(cli_rate(args.cli, args.simulate_games) for _ in range(args.rounds))
        print(f"tilec simulate (CLI): {cli:.0f} games/s; Python/CLI = {py / cli:.3f}")
    else:
        print(f"no CLI at {args.cli}: build it with `cargo build --release` to compare")


if __name__ == "__main__":
    main()
