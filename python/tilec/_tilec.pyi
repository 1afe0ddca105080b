"""Type stubs of the extension module ``tilec._tilec`` (re-exported by ``tilec``)."""

from __future__ import annotations

from os import PathLike
from typing import Any, Optional, Sequence, Union

import numpy as np

#: The observation's board planes in order: ``(name, meaning)`` (a game has
#: those its sets use: ``Game.observation_layout()``).
OBSERVATION_PLANES: list[tuple[str, str]]
#: The observation's vector fields after the planes: ``(name, meaning)``.
OBSERVATION_FIELDS: list[tuple[str, str]]

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
        """``"place"``, ``"figure"``, ``"choice"``, ``"town_hall"``, ``"abbey"``, ``"draw"`` or ``"ransom"``."""
    def __str__(self) -> str: ...
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...
    def __copy__(self) -> Move: ...
    def __deepcopy__(self, memo: Any) -> Move: ...

class Game:
    """A game of tilec's rules engine, stepped move by move.

    ``sets``: ids of the tile sets in play (default ``["base"]``; a list, not a
    string); ``players``: 2 to 6; ``seed``: the seed of the draws (0 to
    2**64-1); ``tiles``: a designer's directory of ``.tiles`` files (and
    ``sets.toml``), compiled now, whose sets come before the shipped ones;
    ``record``: keep what ``to_record`` and pickling need (off, a clone is a
    little cheaper); ``topology_only``: play tiles whose marks the engine has
    no rules for (``tower``, ``dragon``, ...) as plain topology, their marks
    ignored, instead of refusing them (as ``tilec play --topology-only``);
    ``chance``: ``"sampled"`` (the game draws for the next player after each
    move) or ``"explicit"`` (it stops in phase ``"draw"`` before each draw:
    ``is_chance()``, ``chance_outcomes()``, ``draw(tile)``). Bad arguments
    raise ``ValueError`` or ``TypeError`` naming them.
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
        chance: str = "sampled",
    ) -> None: ...
    @staticmethod
    def from_record(
        text: str,
        *,
        seed: Optional[int] = None,
        chance: str = "sampled",
        tiles: Union[str, PathLike[str], None] = None,
        topology_only: bool = False,
    ) -> Game:
        """The game where the record was written (inside a turn where its
        ``drawn`` and ``waiting`` say: the same position), going on: its draws
        continue from ``seed``, else the record's ``seed`` (``to_record``
        writes it), else 0."""
    @property
    def players(self) -> int:
        """The number of players."""
    @property
    def chance(self) -> str:
        """``"sampled"`` or ``"explicit"``."""
    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move (empty at a chance node and
        once the game is over)."""
    def play(self, move_: Move) -> None:
        """Plays a move; an illegal one raises ``ValueError`` naming the rule it
        breaks and leaves the game unchanged."""
    def is_over(self) -> bool:
        """Whether the game is over (final scoring done)."""
    def scores(self) -> list[int]:
        """Each player's score so far (final once the game is over)."""
    def returns(self) -> list[float]:
        """Once over: 1.0 for the only player with the highest score, 0.0 for
        each of several sharing it, -1.0 for the others; all 0.0 before."""
    def current_player(self) -> Optional[int]:
        """The player to move, from 0 (during a decision, the one who decides;
        at a chance node, the one the tile is drawn for); ``None`` once over."""
    def tile(self) -> Optional[str]:
        """The id of the tile drawn and waiting to be placed, or ``None``."""
    def phase(self) -> str:
        """``"draw"``, ``"place"``, ``"figure"``, ``"decide"`` or ``"over"``."""
    def is_chance(self) -> bool:
        """Whether the game waits for a draw (``chance="explicit"``)."""
    def chance_outcomes(self) -> list[tuple[str, float]]:
        """The odds of the next draw: ``(tile id, probability)`` from the
        unseen pile; empty when no draw is next."""
    def draw(self, tile: Optional[str] = None) -> None:
        """At a chance node: draws ``tile`` (one of ``chance_outcomes()``), or
        with ``None`` a random tile from the game's chance stream."""
    def pile_counts(self) -> dict[str, int]:
        """The unseen pile: ``{tile id: copies}``."""
    def pile_len(self) -> int:
        """Tiles left in the pile."""
    def resample(self, seed: int) -> None:
        """Reseeds the chance stream: the unseen pile (contents unchanged)
        comes in another order; on a clone, a determinization."""
    def board(self) -> list[tuple[str, int, int, int]]:
        """The tiles on the board, start tile first: ``(id, x, y, degrees)``."""
    def figures(self) -> list[tuple[int, str, int, int, int]]:
        """The figures on the board: ``(player, kind, x, y, segment)``."""
    def playout(self, seed: int) -> list[int]:
        """Finishes the game with uniformly random legal moves inside the
        engine, drawing the rest of the pile at random, both from ``seed``
        alone (never the game's own chance stream), and returns the final
        scores: a fast Monte-Carlo rollout."""
    def to_record(self, names: Optional[Sequence[str]] = None) -> str:
        """The game's record (TOML, ``docs/game-record.md``) so far, with the
        seed of its draws and, once over, the final scores as ``[expect]``:
        ``tilec play`` replays it to the same scores, ``Game.from_record``
        goes on from it. ``names``: the players' distinct names (default
        ``p1``, ``p2``, ...)."""
    def position_key(self) -> int:
        """The position key (board, figures, supplies, scores, whose turn and
        phase, tiles left): equal positions have equal keys. The chance stream
        of the draws is not part of it."""
    def clone(self) -> Game:
        """A searcher's copy: the same position, drawing from a chance stream
        of its own (never the real game's future tiles; two clones of one
        position draw alike, ``resample`` gives each another)."""
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...
    @property
    def observation_size(self) -> int:
        """The observation's length in bytes."""
    def observation_layout(self) -> list[tuple[str, int, list[int]]]:
        """The observation's parts in order: ``(name, start, shape)``."""
    def observation(self, player: Optional[int] = None, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The position as ``player`` sees it (default: the player to move):
        ``uint8``, ``observation_size`` bytes; ``out``: an array to fill."""
    @property
    def action_size(self) -> int:
        """The size of the action index (fixed for the game)."""
    def action_layout(self) -> list[tuple[str, int, list[int], list[str]]]:
        """The action index's blocks: ``(name, start, shape, axes)``."""
    def action_parts(self, i: int) -> tuple[str, list[int]]:
        """The block of action ``i`` and its coordinates."""
    def frame(self) -> tuple[int, int, int]:
        """``(x, y, side)``: the board square of the frame's row 0, column 0,
        and the frame's side."""
    def legal_actions(self) -> list[int]:
        """The action indices of the legal moves, ascending."""
    def legal_action_mask(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        """An ``int8`` array of ``action_size``, 1 at each legal move's index;
        ``out``: an ``int8`` or ``uint8`` array to fill."""
    def play_action(self, i: int) -> None:
        """Plays the move of action index ``i`` (``ValueError`` if illegal)."""
    def action_move(self, i: int) -> Move:
        """The move of action index ``i`` (legal or not)."""
    def action_index(self, move_: Move) -> Optional[int]:
        """The action index of a move, or ``None`` outside the frame."""

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
