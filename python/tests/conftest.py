"""Shared fixtures: the sets in play, and the `tilec` command line (for the
tests that compare with it)."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

import pytest

import tilec

REPO = Path(__file__).resolve().parents[2]

#: Each shipped expansion with the base game, and the base game alone.
SET_COMBOS = [
    ["base"],
    ["base", "river"],
    ["base", "anniversary"],
    ["base", "festival"],
    ["base", "promos"],
    ["base", "mm"],
    ["base", "inns-cathedrals"],
    ["base", "traders-builders"],
    ["base", "princess-dragon"],
    ["base", "tower"],
    ["base", "abbey-mayor"],
    [
        "base",
        "river",
        "anniversary",
        "festival",
        "promos",
        "mm",
        "inns-cathedrals",
        "traders-builders",
        "princess-dragon",
        "tower",
        "abbey-mayor",
    ],
]


def play_random(game: tilec.Game, rng: random.Random, limit: int = 10_000) -> list[tilec.Move]:
    """Plays uniformly random legal moves to the end; returns them."""
    played = []
    for _ in range(limit):
        if game.is_over():
            return played
        moves = game.legal_moves()
        assert moves, f"no legal move in phase {game.phase()} of an unfinished game"
        move = rng.choice(moves)
        game.play(move)
        played.append(move)
    raise AssertionError(f"the game did not end within {limit} moves")


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `tilec` binary: $TILEC_BIN, or the debug build (built if missing)."""
    env = os.environ.get("TILEC_BIN")
    if env:
        return Path(env)
    binary = REPO / "target" / "debug" / "tilec"
    if not binary.exists():
        subprocess.run(["cargo", "build", "--quiet", "--bin", "tilec"], cwd=REPO, check=True)
    return binary
