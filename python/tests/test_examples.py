"""The examples run, and the Monte-Carlo agent plays better than random."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(script: str, *args: str) -> str:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args], check=True, capture_output=True, text=True
    ).stdout


def test_the_random_agent_plays_whole_games() -> None:
    out = run("random_agent.py", "--games", "2", "--players", "3", "--sets", "base,river")
    lines = out.splitlines()
    assert len(lines) == 2
    assert all(re.fullmatch(r"game \d: \d+ moves, \d+ tiles, scores \[\d+, \d+, \d+\]", l) for l in lines), out


def test_the_monte_carlo_agent_beats_random_play() -> None:
    out = run("monte_carlo.py", "--games", "4", "--playouts", "2")
    rate = float(re.search(r"win rate over 4 games: ([0-9.]+)", out).group(1))
    # Measured over more games in the report; even with 2 playouts a move the
    # agent wins most games against random play.
    assert rate >= 0.75, out


def test_the_ismcts_agent_beats_random_play() -> None:
    out = run("ismcts.py", "--games", "2", "--iterations", "60")
    rate = float(re.search(r"win rate over 2 games: ([0-9.]+)", out).group(1))
    assert rate >= 0.5, out
    assert re.search(r"\d+ iterations/s", out), out
