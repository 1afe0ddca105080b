"""Type stubs of the extension module ``tilec._tilec`` (re-exported by ``tilec``)."""

from __future__ import annotations

from os import PathLike
from typing import Any, Optional, Sequence, Union

import numpy as np

#: Size of the fixed action index (``Game.legal_action_mask()`` has this length).
ACTION_SIZE: int
#: Side of the observation's square window, in board squares.
WINDOW: int
#: Planes of the observation.
PLANES: int

class Move:
    """A player's move: a tile placement, a figure step (or pass), the answer
    to a decision, taking the town hall, or drawing.

    ``str(move)`` is the move's notation; ``Move.parse(text, game)`` reads it.
    Moves are immutable, compare equal when they are the same move, and hash
    accordingly.
    """

    @staticmethod
    def parse(text: str, game: Game) -> Move:
        """Reads a move in the notation ``str(move)`` writes; ``ValueError``
        says what is wrong with malformed text. Legality is checked by
        ``Game.play``."""
    @property
    def kind(self) -> str:
        """``"place"``, ``"figure"``, ``"choice"``, ``"town_hall"`` or ``"draw"``."""
    def __str__(self) -> str: ...
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Game:
    """A game of tilec's rules engine, stepped move by move.

    ``sets``: ids of the tile sets in play (default ``["base"]``); ``players``:
    2 to 6; ``seed``: the seed of the draws; ``tiles``: a designer's directory of
    ``.tiles`` files (and ``sets.toml``), compiled now, whose sets come before
    the shipped ones; ``record``: keep what ``to_record`` needs (off, a clone
    is a little cheaper); ``topology_only``: play tiles whose marks the engine
    has no rules for (``tower``, ``dragon``, ...) as plain topology, their marks
    ignored, instead of refusing them (as ``tilec play --topology-only``). Bad
    arguments or tiles raise ``ValueError``; a tile with a mark the engine does
    not play names the mark and ``topology_only=True``.

    The draw is the engine's chance step: after each move the game draws for
    the next player, so ``legal_moves()`` always lists the choices of the
    player to move.
    """

    def __init__(
        self,
        sets: Optional[Sequence[str]] = None,
        players: int = 2,
        seed: int = 0,
        tiles: Union[str, PathLike[str], None] = None,
        *,
        record: bool = True,
        topology_only: bool = False,
    ) -> None: ...
    @property
    def players(self) -> int:
        """The number of players."""
    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move (empty once the game is over)."""
    def play(self, move_: Move) -> None:
        """Plays a move; an illegal one raises ``ValueError`` naming the rule it
        breaks and leaves the game unchanged."""
    def is_over(self) -> bool:
        """Whether the game is over (final scoring done)."""
    def scores(self) -> list[int]:
        """Each player's score so far (final once the game is over)."""
    def current_player(self) -> int:
        """The player to move, from 0 (during a decision, the one who decides)."""
    def tile(self) -> Optional[str]:
        """The id of the tile drawn and waiting to be placed, or ``None``."""
    def phase(self) -> str:
        """``"draw"``, ``"place"``, ``"figure"``, ``"decide"`` or ``"over"``."""
    def pile_len(self) -> int:
        """Tiles left in the pile."""
    def board(self) -> list[tuple[str, int, int, int]]:
        """The tiles on the board, start tile first: ``(id, x, y, degrees)``."""
    def figures(self) -> list[tuple[int, str, int, int, int]]:
        """The figures on the board: ``(player, kind, x, y, segment)``."""
    def playout(self, seed: int) -> list[int]:
        """Finishes the game with uniformly random legal moves (chosen from
        ``seed``; the draws still come from the game's own seed) inside the
        engine, and returns the final scores: a fast Monte-Carlo rollout."""
    def to_record(self, names: Optional[Sequence[str]] = None) -> str:
        """The game's record (TOML, ``docs/game-record.md``) so far, with the
        final scores as ``[expect]`` once the game is over: ``tilec play``
        replays it to the same scores. ``names``: the players' distinct names
        (default ``p1``, ``p2``, ...)."""
    def position_key(self) -> int:
        """The position key (board, figures, supplies, scores, whose turn and
        phase, tiles left): equal positions have equal keys. The chance stream
        of the draws is not part of it."""
    def clone(self) -> Game:
        """An independent copy: playing on one never changes the other."""
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def observation(self) -> np.ndarray:
        """The position from the player to move's point of view: float32, shape
        ``(PLANES, WINDOW, WINDOW)``; planes in ``docs/python.md``."""
    def legal_actions(self) -> list[int]:
        """The action indices of the legal moves, ascending."""
    def legal_action_mask(self) -> np.ndarray:
        """A bool array of ``ACTION_SIZE``, true at each legal move's index."""
    def play_action(self, i: int) -> None:
        """Plays the move of action index ``i`` (``ValueError`` if illegal)."""
    def action_move(self, i: int) -> Move:
        """The move of action index ``i`` in the current window (legal or not)."""
    def action_index(self, move_: Move) -> Optional[int]:
        """The action index of a move now, or ``None`` outside the window."""
    def window_origin(self) -> tuple[int, int]:
        """The board square ``(x, y)`` of the window's column 0, row 0."""

def simulate(
    sets: Optional[Sequence[str]] = None,
    players: int = 2,
    games: int = 1000,
    seed: int = 0,
    threads: Optional[int] = None,
    figure_rate: float = 0.3,
    tiles: Union[str, PathLike[str], None] = None,
    *,
    topology_only: bool = False,
) -> dict[str, Any]:
    """Plays random legal games as ``tilec simulate`` does (same seed, same
    games, on any number of threads; default: every core) and returns its
    figures: ``games_per_second``, ``turns_per_game``,
    ``legal_placements_per_turn``, ``average_scores``, ``total_scores``,
    ``seconds`` and the run's parameters. ``topology_only`` plays tiles with
    marks the engine has no rules for as plain topology (``tilec simulate
    --topology-only``)."""
