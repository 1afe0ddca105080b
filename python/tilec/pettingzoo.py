"""A PettingZoo AEC environment over ``tilec.Game`` (needs ``pip install pettingzoo``).

>>> import tilec.pettingzoo
>>> env = tilec.pettingzoo.env(sets=["base"], players=3)
>>> env.reset(seed=0)
>>> for agent in env.agent_iter():
...     obs, reward, termination, truncation, info = env.last()
...     if termination or truncation:
...         action = None
...     else:
...         mask = obs["action_mask"]
...         action = env.action_space(agent).sample(mask)
...     env.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` in turn order; the agent to act
is the game's player to move (during a decision: the one who decides).
Observations are dicts: ``"observation"``, the game's ``observation()`` from
the agent's seat (``uint8``), and ``"action_mask"`` (``int8``: 1 at each legal
action of the agent, all 0 for an agent not to move). Actions are indices of
the game's action index. The rewards come at the end: ``game.returns()``
(+1 for the only player with the highest score, 0 for a shared first place,
-1 for the others). ``env()`` wraps the raw environment as PettingZoo's
classic games are wrapped: an illegal action ends the game with -1 for the
player who made it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional, Sequence

try:
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - exercised only without pettingzoo
    raise ImportError("tilec.pettingzoo needs pettingzoo: pip install pettingzoo") from e

import numpy as np

from . import Game

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment: ``raw_env(**kwargs)`` with PettingZoo's
    illegal-action, bounds and order checks."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped class
    """Every seat of a tilec game as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "tilec_carcassonne_v0", "is_parallelizable": False}

    def __init__(
        self,
        sets: Sequence[str] = ("base",),
        players: int = 2,
        tiles: Optional[str] = None,
        topology_only: bool = False,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise ValueError(f"players: 2 to 6, not {players!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f'render_mode: None or "ansi", not {render_mode!r}')
        self.sets = list(sets)
        self.tiles = tiles
        self.topology_only = topology_only
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.game = self._new_game(0)
        self._np_random, _ = seeding.np_random(None)
        self._size = self.game.observation_size
        self._actions = self.game.action_size

    def _new_game(self, seed: int) -> Game:
        return Game(
            sets=self.sets,
            players=len(self.possible_agents),
            seed=seed,
            tiles=self.tiles,
            topology_only=self.topology_only,
        )

    @lru_cache(maxsize=None)
    def observation_space(self, agent: str) -> spaces.Space:
        """The observation and the action mask (the same object every call)."""
        return spaces.Dict(
            {
                "observation": spaces.Box(0, 255, shape=(self._size,), dtype=np.uint8),
                "action_mask": spaces.Box(0, 1, shape=(self._actions,), dtype=np.int8),
            }
        )

    @lru_cache(maxsize=None)
    def action_space(self, agent: str) -> spaces.Space:
        """The game's action index (the same object every call)."""
        return spaces.Discrete(self._actions)

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """A new game, its draws seeded from the environment's generator."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.game = self._new_game(int(self._np_random.integers(0, 2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        player = self.game.current_player()
        return self.possible_agents[0 if player is None else player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The game from ``agent``'s seat, and its legal actions."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self._actions, dtype=np.int8)
        if not self.game.is_over() and self.game.current_player() == seat:
            self.game.legal_action_mask(out=mask)
        return {"observation": self.game.observation(player=seat), "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        """Plays the selected agent's action (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.play_action(int(action))
        if self.game.is_over():
            for a, r in zip(self.possible_agents, self.game.returns()):
                self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """A one-line summary of the game (``render_mode="ansi"``)."""
        return repr(self.game) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""
