"""The Gymnasium and PettingZoo environments, checked by their own checkers
(or, without the packages, the messages saying what to install)."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

HAVE_GYM = importlib.util.find_spec("gymnasium") is not None
HAVE_PZ = importlib.util.find_spec("pettingzoo") is not None
needs_gym = pytest.mark.skipif(not HAVE_GYM, reason="needs gymnasium")
needs_pz = pytest.mark.skipif(not HAVE_PZ, reason="needs pettingzoo")


@pytest.mark.skipif(HAVE_GYM, reason="gymnasium is installed: the environment is tested instead")
def test_without_gymnasium_the_import_says_what_to_install() -> None:
    with pytest.raises(ImportError, match="pip install gymnasium"):
        import tilec.env  # noqa: F401


@pytest.mark.skipif(HAVE_PZ, reason="pettingzoo is installed: the environment is tested instead")
def test_without_pettingzoo_the_import_says_what_to_install() -> None:
    with pytest.raises(ImportError, match="pip install pettingzoo"):
        import tilec.pettingzoo  # noqa: F401


@needs_gym
@pytest.mark.parametrize("sets, players", [(["base"], 2), (["base", "river", "anniversary", "festival", "promos", "mm", "inns-cathedrals", "traders-builders"], 3)])
def test_the_registered_environment_passes_check_env(sets: list[str], players: int) -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import tilec.env  # registers tilec/Carcassonne-v0

    env = gymnasium.make("tilec/Carcassonne-v0", sets=sets, players=players)
    assert isinstance(env.unwrapped, tilec.env.TilecEnv)
    check_env(env.unwrapped, skip_render_check=False)
    check_env(env.unwrapped)


@needs_gym
def test_random_masked_episodes_end_with_the_seats_return() -> None:
    import gymnasium

    from tilec.env import TilecEnv

    env = TilecEnv(sets=["base"], players=3, seat=1)
    assert isinstance(env, gymnasium.Env)
    assert env.action_space.n == len(env.reset(seed=0)[1]["action_mask"])
    rng = np.random.default_rng(0)
    for episode in range(4):
        obs, info = env.reset(seed=episode)
        assert env.observation_space.contains(obs)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            assert len(legal) > 0
            obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
            assert not truncated and "illegal_action" not in info
        assert reward == env.game.returns()[1]
    obs1, _ = env.reset(seed=42)
    obs2, _ = env.reset(seed=42)
    assert (obs1 == obs2).all()


@needs_gym
def test_an_illegal_action_loses_or_raises() -> None:
    from tilec.env import TilecEnv

    with pytest.raises(ValueError, match="seats 0 to 1"):
        TilecEnv(players=2, seat=2)
    with pytest.raises(ValueError, match="players: 2 to 6, not 7"):
        TilecEnv(players=7)
    env = TilecEnv()
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
    strict = TilecEnv(illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError, match="illegal move"):
        strict.step(illegal)


@needs_pz
@pytest.mark.parametrize("sets, players", [(["base"], 2), (["base", "river", "anniversary", "festival", "promos", "mm", "inns-cathedrals", "traders-builders"], 4)])
def test_the_pettingzoo_environment_passes_api_test_and_seed_test(sets: list[str], players: int) -> None:
    from pettingzoo.test import api_test, seed_test

    import tilec.pettingzoo

    api_test(tilec.pettingzoo.env(sets=sets, players=players), num_cycles=1000)
    seed_test(lambda: tilec.pettingzoo.env(sets=sets, players=players), num_cycles=500)


@needs_pz
def test_pettingzoo_games_end_with_the_returns() -> None:
    import tilec.pettingzoo

    env = tilec.pettingzoo.env(players=3)
    env.reset(seed=1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            assert obs["action_mask"].sum() > 0
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)
    game = env.unwrapped.game
    assert game.is_over()
    assert list(totals.values()) == game.returns()
