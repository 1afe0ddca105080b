"""tilec's Carcassonne-style rules engine from Python.

>>> import tilec, random
>>> g = tilec.Game(sets=["base"], players=2, seed=1)
>>> while not g.is_over():
...     g.play(random.choice(g.legal_moves()))
>>> len(g.scores())
2

``Game`` plays one game move by move (``legal_moves``, ``play``, ``clone``,
explicit chance, ``resample``, ``observation``, the action index), ``Move`` is
one move with a text notation, ``simulate`` runs many random games at the
engine's full speed, ``tilec.env`` holds a Gymnasium environment
(``tilec/Carcassonne-v0``, with gymnasium installed) and ``tilec.pettingzoo``
a PettingZoo AEC environment (with pettingzoo installed). See
``docs/python.md`` for the observation's layout and the action index.
"""

from __future__ import annotations

from ._tilec import OBSERVATION_FIELDS, OBSERVATION_PLANES, Game, Move, simulate

__all__ = ["OBSERVATION_FIELDS", "OBSERVATION_PLANES", "Game", "Move", "simulate"]
