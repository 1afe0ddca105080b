"""tilec's Carcassonne-style rules engine from Python.

>>> import tilec, random
>>> g = tilec.Game(sets=["base"], players=2, seed=1)
>>> while not g.is_over():
...     g.play(random.choice(g.legal_moves()))
>>> len(g.scores())
2

``Game`` plays one game move by move (``legal_moves``, ``play``, ``clone``,
``observation``, the fixed action index), ``Move`` is one move with a text
notation, ``simulate`` runs many random games at the engine's full speed, and
``tilec.env`` holds a Gymnasium environment (when gymnasium is installed).
See ``docs/python.md`` for the planes of the observation and the layout of
the action index.
"""

from __future__ import annotations

from ._tilec import ACTION_SIZE, PLANES, WINDOW, Game, Move, simulate

__all__ = ["ACTION_SIZE", "OBSERVATION_SHAPE", "PLANES", "WINDOW", "Game", "Move", "simulate"]

#: The shape of ``Game.observation()``: planes × window rows × window columns.
OBSERVATION_SHAPE = (PLANES, WINDOW, WINDOW)
