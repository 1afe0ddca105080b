"""`topology_only`: tiles with marks the engine has no rules for are refused,
naming the mark and the option, unless played as plain topology (as
`tilec play --topology-only` and `tilec simulate --topology-only`)."""

from __future__ import annotations

import random

import pytest

import tilec
from conftest import REPO, play_random

#: Tiles carrying every mark of the tile language (`inn`, `tower`, ...).
MARKS = REPO / "tests" / "vocab"


def test_a_game_with_unplayed_marks_is_refused_naming_the_mark_and_the_option() -> None:
    with pytest.raises(ValueError) as e:
        tilec.Game(sets=["marks"], tiles=MARKS)
    message = str(e.value)
    assert "tile `marks/inn` carries the mark `labyrinth`" in message
    assert "hint: pass topology_only=True" in message


def test_topology_only_plays_the_same_tiles_to_the_end() -> None:
    game = tilec.Game(sets=["marks"], tiles=MARKS, seed=3, topology_only=True)
    moves = play_random(game, random.Random(3))
    assert game.is_over() and moves
    ids = {tile for tile, *_ in game.board()}
    assert any(tile.startswith("marks/") for tile in ids), ids


def test_topology_only_changes_nothing_for_sets_the_engine_plays() -> None:
    plain = tilec.Game(sets=["base"], seed=5)
    topology = tilec.Game(sets=["base"], seed=5, topology_only=True)
    rng_a, rng_b = random.Random(5), random.Random(5)
    assert [str(m) for m in play_random(plain, rng_a)] == [
        str(m) for m in play_random(topology, rng_b)
    ]
    assert plain.scores() == topology.scores()


def test_simulate_takes_topology_only_and_reports_it() -> None:
    with pytest.raises(ValueError, match="carries the mark `labyrinth`.*\n.*topology_only=True"):
        tilec.simulate(sets=["marks"], tiles=MARKS, games=2, threads=1)
    result = tilec.simulate(sets=["marks"], tiles=MARKS, games=2, threads=1, topology_only=True)
    assert result["topology_only"] is True and result["turns_per_game"] > 0
    assert tilec.simulate(games=1, threads=1)["topology_only"] is False


def test_the_environment_passes_topology_only_to_its_games() -> None:
    pytest.importorskip("gymnasium")
    import tilec.env as env_module
    env = env_module.TilecEnv(sets=["marks"], tiles=str(MARKS), topology_only=True)
    obs, _ = env.reset(seed=0)
    assert obs.shape == env.observation_space.shape
    with pytest.raises(ValueError, match="topology_only=True"):
        env_module.TilecEnv(sets=["marks"], tiles=str(MARKS)).reset(seed=0)


@pytest.mark.parametrize("shipped", ["princess-dragon", "tower", "abbey-mayor"])
def test_the_last_shipped_sets_are_played_by_their_rules_and_as_topology(shipped: str) -> None:
    # The engine plays every shipped set: no topology_only needed; as plain
    # topology they still play to the end.
    for topology_only in [False, True]:
        game = tilec.Game(sets=["base", shipped], seed=2, topology_only=topology_only)
        play_random(game, random.Random(2))
        assert game.is_over()
        assert any(tile.startswith(f"{shipped}/") for tile, *_ in game.board())


def test_the_tower_is_played_with_its_towers_and_prisoners_observed() -> None:
    # The Tower is played (issue #38): no topology_only needed, and the
    # observation has the towers, the pieces left and the prisoners.
    game = tilec.Game(sets=["base", "tower"], seed=2)
    names = [name for name, *_ in game.observation_layout()]
    for field in ["towers", "tower_pieces", "prisoners", "ransomed"]:
        assert field in names
    play_random(game, random.Random(2))
    assert game.is_over()


def test_traders_builders_is_played_with_its_goods_observed() -> None:
    # Traders & Builders is played (issue #33): no topology_only needed, and
    # the observation has each player's goods.
    game = tilec.Game(sets=["base", "traders-builders"], seed=2)
    assert "goods" in [name for name, *_ in game.observation_layout()]
    play_random(game, random.Random(2))
    assert game.is_over()


def test_inns_cathedrals_is_played() -> None:
    # Inns & Cathedrals is played (issue #33): no topology_only needed.
    game = tilec.Game(sets=["base", "inns-cathedrals"], seed=2)
    play_random(game, random.Random(2))
    assert game.is_over()
    assert any(tile.startswith("inns-cathedrals/") for tile, *_ in game.board())
