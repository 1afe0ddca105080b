"""Hostile arguments and inputs (issue "hostile inputs, round two"): bounds
with a clear ValueError, Ctrl-C that stops a long run, and tile reading that
shares the CLI's input layer (a FIFO is reported, not waited on)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import tilec

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 2**40}, "games=1099511627776: at most 1000000000000 games"),
        ({"games": 0}, "games=0: there is nothing to simulate"),
        ({"threads": 40_000}, "threads=40000: at most 512 threads"),
    ],
)
def test_counts_past_their_bounds_raise_value_error(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tilec.simulate(**kwargs)


def test_ctrl_c_stops_a_long_simulation() -> None:
    sent: list[float] = []

    def interrupt() -> None:
        time.sleep(0.5)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        tilec.simulate(games=10**9, threads=2)
    latency = time.monotonic() - sent[0]
    print(f"Ctrl-C stopped tilec.simulate after {latency:.3f} s")
    # Generous for a loaded machine; the measured figure is printed above.
    assert latency < 5


def test_a_move_text_of_megabytes_gives_a_short_error() -> None:
    with pytest.raises(ValueError) as e:
        tilec.Move.parse("place " + "x" * (5 << 20), tilec.Game())
    assert len(str(e.value)) < 1000
    assert "characters)" in str(e.value)


def test_a_fifo_among_the_tiles_is_reported_not_waited_on(tmp_path: Path) -> None:
    (tmp_path / "promos.tiles").write_bytes((REPO / "tiles/promos.tiles").read_bytes())
    os.mkfifo(tmp_path / "x.tiles")
    code = "import tilec, sys\ntry:\n    tilec.Game(tiles=sys.argv[1])\nexcept ValueError as e:\n    print(e)\n"
    # A hang would block here: the child is given 60 s.
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert "x.tiles`: not a regular file" in out.stdout, out.stdout + out.stderr
