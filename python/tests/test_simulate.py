"""`tilec.simulate` gives the figures of `tilec simulate` for the same games."""

from __future__ import annotations

import subprocess

import pytest

import tilec


def cli_figures(cli, *args: str) -> dict[str, str]:
    out = subprocess.run([str(cli), "simulate", *args], check=True, capture_output=True, text=True).stdout
    lines = {}
    for line in out.splitlines():
        for key in ("turns per game", "legal placements per turn", "average scores"):
            if line.startswith(key):
                lines[key] = line[len(key) :].strip()
    return lines


@pytest.mark.parametrize(
    "sets, players, seed",
    [(["base"], 2, 0), (["base", "river", "mm"], 4, 9), (["base", "anniversary", "festival", "promos"], 6, 3)],
)
def test_the_same_seed_gives_the_cli_figures(cli, sets: list[str], players: int, seed: int) -> None:
    games = 60
    result = tilec.simulate(sets=sets, players=players, games=games, seed=seed)
    expected = cli_figures(
        cli, "--sets", ",".join(sets), "--players", str(players), "--games", str(games), "--seed", str(seed)
    )
    assert f"{result['turns_per_game']:.1f}" == expected["turns per game"]
    assert f"{result['legal_placements_per_turn']:.2f}" == expected["legal placements per turn"]
    assert ", ".join(f"{s:.2f}" for s in result["average_scores"]) == expected["average scores"]
    assert result["games"] == games and result["players"] == players and result["sets"] == sets
    assert result["games_per_second"] > 0 and result["seconds"] > 0
    assert sum(result["total_scores"]) == pytest.approx(sum(result["average_scores"]) * games)


def test_simulate_is_deterministic_and_seeded() -> None:
    a = tilec.simulate(games=30, seed=5)
    b = tilec.simulate(games=30, seed=5)
    c = tilec.simulate(games=30, seed=6)
    assert a["total_scores"] == b["total_scores"]
    assert a["total_scores"] != c["total_scores"]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 9}, "9 players"),
        ({"figure_rate": 1.5}, "not a probability"),
        ({"sets": ["nope"]}, "unknown tile set"),
    ],
)
def test_bad_arguments_raise_value_error(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tilec.simulate(games=1, **kwargs)


def test_any_number_of_threads_plays_the_same_games() -> None:
    one = tilec.simulate(sets=["base", "mm"], players=3, games=41, seed=2, threads=1)
    for threads in (2, 3, 8, 50):
        many = tilec.simulate(sets=["base", "mm"], players=3, games=41, seed=2, threads=threads)
        assert many["total_scores"] == one["total_scores"], threads
        assert many["turns_per_game"] == one["turns_per_game"]
        assert many["threads"] == threads
    assert tilec.simulate(games=2)["threads"] >= 1
    with pytest.raises(ValueError, match="at least one thread"):
        tilec.simulate(games=1, threads=0)
