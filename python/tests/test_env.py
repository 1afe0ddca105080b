"""The Gymnasium environment (or, without gymnasium, the message saying so)."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

HAVE_GYM = importlib.util.find_spec("gymnasium") is not None


@pytest.mark.skipif(HAVE_GYM, reason="gymnasium is installed: the environment is tested instead")
def test_without_gymnasium_the_import_says_what_to_install() -> None:
    with pytest.raises(ImportError, match="pip install gymnasium"):
        import tilec.env  # noqa: F401


@pytest.mark.skipif(not HAVE_GYM, reason="needs gymnasium")
def test_random_masked_episodes_end_with_a_win_loss_reward() -> None:
    import gymnasium

    from tilec.env import TilecEnv

    env = TilecEnv(sets=["base"], players=3, seat=1)
    assert isinstance(env, gymnasium.Env)
    assert env.action_space.n == len(env.reset(seed=0)[1]["action_mask"])
    rng = np.random.default_rng(0)
    rewards = []
    for episode in range(4):
        obs, info = env.reset(seed=episode)
        assert env.observation_space.contains(obs)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            assert len(legal) > 0
            obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
            assert not truncated
        rewards.append(reward)
        scores = info["scores"]
        others = max(s for p, s in enumerate(scores) if p != 1)
        assert reward == (1.0 if scores[1] > others else -1.0 if scores[1] < others else 0.0)
    obs1, _ = env.reset(seed=42)
    obs2, _ = env.reset(seed=42)
    assert (obs1 == obs2).all()


@pytest.mark.skipif(not HAVE_GYM, reason="needs gymnasium")
def test_a_bad_seat_and_an_illegal_action_raise() -> None:
    from tilec.env import TilecEnv

    with pytest.raises(ValueError, match="seats 0 to 1"):
        TilecEnv(players=2, seat=2)
    env = TilecEnv()
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(ValueError, match="illegal move"):
        env.step(illegal)
