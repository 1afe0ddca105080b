"""A Gymnasium environment over ``tilec.Game`` (needs ``pip install gymnasium``).

>>> from tilec.env import TilecEnv
>>> env = TilecEnv(sets=["base"], players=2)
>>> obs, info = env.reset(seed=0)
>>> obs.shape == env.observation_space.shape
True

The agent plays one seat (``seat``, default 0); the other players move by
``opponent(game)`` (default: a uniformly random legal move), between the
agent's steps. Actions are indices of the fixed action index
(``tilec.ACTION_SIZE``); ``info["action_mask"]`` marks the legal ones, and an
illegal action raises ``ValueError``. The reward comes at the end: +1 when the
agent's score is the highest alone, -1 when another player's is higher, 0 for
a shared first place.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - exercised only without gymnasium
    raise ImportError("tilec.env needs gymnasium: pip install gymnasium") from e

import numpy as np

from . import ACTION_SIZE, OBSERVATION_SHAPE, Game, Move

__all__ = ["TilecEnv"]


class TilecEnv(gym.Env):  # type: ignore[misc]
    """One seat of a tilec game as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        sets: Sequence[str] = ("base",),
        players: int = 2,
        seat: int = 0,
        opponent: Optional[Callable[[Game], Move]] = None,
        tiles: Optional[str] = None,
        render_mode: Optional[str] = None,
        topology_only: bool = False,
    ) -> None:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat}: a {players}-player game has seats 0 to {players - 1}")
        self.sets = list(sets)
        self.players = players
        self.seat = seat
        self.tiles = tiles
        self.topology_only = topology_only
        self.opponent = opponent
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=OBSERVATION_SHAPE, dtype=np.float32)
        self.action_space = spaces.Discrete(ACTION_SIZE)
        self.game: Optional[Game] = None

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game (its draws seeded from the environment's generator)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        self.game = Game(
            sets=self.sets,
            players=self.players,
            seed=game_seed,
            tiles=self.tiles,
            topology_only=self.topology_only,
        )
        self._opponents_move()
        return self.game.observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Plays the agent's action, then the opponents' moves up to the agent's next turn."""
        game = self._game()
        game.play_action(int(action))
        self._opponents_move()
        over = game.is_over()
        return game.observation(), self._reward() if over else 0.0, over, False, self._info()

    def render(self) -> Optional[str]:
        """A one-line summary of the game (``render_mode="ansi"``)."""
        return repr(self.game) if self.render_mode == "ansi" else None

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        return self.game

    def _opponents_move(self) -> None:
        game = self._game()
        while not game.is_over() and game.current_player() != self.seat:
            if self.opponent is not None:
                game.play(self.opponent(game))
            else:
                moves = game.legal_moves()
                game.play(moves[int(self.np_random.integers(len(moves)))])

    def _reward(self) -> float:
        scores = self._game().scores()
        mine = scores[self.seat]
        best_other = max(s for p, s in enumerate(scores) if p != self.seat)
        return 1.0 if mine > best_other else -1.0 if mine < best_other else 0.0

    def _info(self) -> dict[str, Any]:
        game = self._game()
        return {"action_mask": game.legal_action_mask(), "scores": game.scores()}
