"""Game records: `Game.to_record` writes what `tilec play` replays to the same scores."""

from __future__ import annotations

import json
import random
import subprocess

import pytest

import tilec
from conftest import REPO, SET_COMBOS, play_random


def replayed_scores(cli, path, *args: str) -> list[int]:
    out = subprocess.run(
        [str(cli), "play", "--json", str(path), *args], check=True, capture_output=True, text=True
    ).stdout
    return [p["score"] for p in json.loads(out)["players"]]


@pytest.mark.parametrize("sets", SET_COMBOS, ids=lambda s: "+".join(s))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_cli_replays_a_record_to_the_same_scores(cli, tmp_path, sets: list[str], players: int) -> None:
    game = tilec.Game(sets=sets, players=players, seed=100 + players)
    play_random(game, random.Random(players))
    text = game.to_record()
    assert "[expect]" in text
    path = tmp_path / "game.toml"
    path.write_text(text)
    assert replayed_scores(cli, path) == game.scores()


def test_a_record_of_a_designers_tiles_replays_with_them(cli, tmp_path) -> None:
    tiles = REPO / "tests" / "custom"
    game = tilec.Game(sets=["lagoon"], tiles=tiles, seed=3)
    play_random(game, random.Random(3))
    path = tmp_path / "game.toml"
    path.write_text(game.to_record(names=["ann", "bob"]))
    assert 'players = ["ann", "bob"]' in path.read_text()
    assert replayed_scores(cli, path, "--tiles", str(tiles)) == game.scores()


def test_a_record_so_far_has_no_expected_scores() -> None:
    game = tilec.Game(seed=1)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    text = game.to_record()
    assert "[[turn]]" in text and "[expect]" not in text


def test_bad_record_requests_raise_value_error() -> None:
    game = tilec.Game(players=3)
    with pytest.raises(ValueError, match="2 names for 3 players"):
        game.to_record(names=["a", "b"])
    with pytest.raises(ValueError, match="names must differ"):
        game.to_record(names=["a", "b", "a"])
    with pytest.raises(ValueError, match=r"keeps no history: make it with Game\(..., record=True\)"):
        tilec.Game(record=False).to_record()
