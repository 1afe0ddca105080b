"""A Gymnasium environment over ``tilec.Game`` (needs ``pip install gymnasium``).

Importing this module registers ``tilec/Carcassonne-v0``:

>>> import gymnasium, tilec.env
>>> env = gymnasium.make("tilec/Carcassonne-v0", sets=["base"], players=2)
>>> obs, info = env.reset(seed=0)
>>> obs.shape == env.observation_space.shape
True

(``gymnasium.make("tilec.env:tilec/Carcassonne-v0")`` imports it first.)

The agent plays one seat (``seat``, default 0); the other players move by
``opponent(game)`` (default: a uniformly random legal move), between the
agent's steps. Observations are the game's ``observation()`` from the
agent's seat (``uint8``); actions are indices of the game's action index
(``Discrete(game.action_size)``), ``info["action_mask"]`` (``int8``) marks
the legal ones. The reward comes at the end: the agent's entry of
``game.returns()`` (+1 when its score is the highest alone, 0 for a shared
first place, -1 otherwise). An illegal action ends the episode with reward -1
(``info["illegal_action"]`` is True), or raises ``ValueError`` with
``illegal_action="raise"``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - exercised only without gymnasium
    raise ImportError("tilec.env needs gymnasium: pip install gymnasium") from e

import numpy as np

from . import Game, Move

__all__ = ["TilecEnv", "ENV_ID"]

#: The id ``gymnasium.make`` knows this environment by.
ENV_ID = "tilec/Carcassonne-v0"


class TilecEnv(gym.Env):  # type: ignore[misc]
    """One seat of a tilec game as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        sets: Sequence[str] = ("base",),
        players: int = 2,
        seat: int = 0,
        opponent: Optional[Callable[[Game], Move]] = None,
        tiles: Optional[str] = None,
        render_mode: Optional[str] = None,
        topology_only: bool = False,
        illegal_action: str = "lose",
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise ValueError(f"players: 2 to 6, not {players!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat {seat}: a {players}-player game has seats 0 to {players - 1}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f'illegal_action: "lose" or "raise", not {illegal_action!r}')
        if render_mode not in (None, "ansi"):
            raise ValueError(f'render_mode: None or "ansi", not {render_mode!r}')
        self.sets = list(sets)
        self.players = players
        self.seat = seat
        self.tiles = tiles
        self.topology_only = topology_only
        self.opponent = opponent
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.game = self._new_game(0)
        self._obs = np.zeros(self.game.observation_size, dtype=np.uint8)
        self.observation_space = spaces.Box(0, 255, shape=(self.game.observation_size,), dtype=np.uint8)
        self.action_space = spaces.Discrete(self.game.action_size)

    def _new_game(self, seed: int) -> Game:
        return Game(sets=self.sets, players=self.players, seed=seed, tiles=self.tiles, topology_only=self.topology_only)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game (its draws seeded from the environment's generator)."""
        super().reset(seed=seed)
        self.game = self._new_game(int(self.np_random.integers(0, 2**63)))
        self._opponents_move()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Plays the agent's action, then the opponents' moves up to the agent's next turn."""
        game = self.game
        if game.is_over():
            raise RuntimeError("the episode is over: call reset()")
        try:
            game.play_action(int(action))
        except ValueError:
            if self.illegal_action == "raise":
                raise
            return self._observe(), -1.0, True, False, {**self._info(), "illegal_action": True}
        self._opponents_move()
        over = game.is_over()
        reward = game.returns()[self.seat] if over else 0.0
        return self._observe(), reward, over, False, self._info()

    def render(self) -> Optional[str]:
        """A one-line summary of the game (``render_mode="ansi"``)."""
        return repr(self.game) if self.render_mode == "ansi" else None

    def _observe(self) -> np.ndarray:
        return self.game.observation(player=self.seat, out=self._obs).copy()

    def _opponents_move(self) -> None:
        game = self.game
        while not game.is_over() and game.current_player() != self.seat:
            if self.opponent is not None:
                game.play(self.opponent(game))
            else:
                moves = game.legal_moves()
                game.play(moves[int(self.np_random.integers(len(moves)))])

    def _info(self) -> dict[str, Any]:
        game = self.game
        return {"action_mask": game.legal_action_mask(), "scores": game.scores()}


gym.register(id=ENV_ID, entry_point="tilec.env:TilecEnv")
