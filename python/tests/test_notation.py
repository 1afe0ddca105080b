"""The move notation: every legal move round-trips; bad text is explained."""

from __future__ import annotations

import random

import pytest

import tilec
from conftest import SET_COMBOS


@pytest.mark.parametrize("sets", SET_COMBOS, ids=lambda s: "+".join(s))
def test_every_legal_move_round_trips(sets: list[str]) -> None:
    rng = random.Random(7)
    kinds = set()
    for seed in range(3):
        game = tilec.Game(sets=sets, players=2 + seed, seed=seed)
        while not game.is_over():
            moves = game.legal_moves()
            for move in moves:
                text = str(move)
                assert tilec.Move.parse(text, game) == move, text
                assert repr(move) == f"Move({text!r})"
                kinds.add(text.split()[0])
            game.play(rng.choice(moves))
    assert {"place", "pass", "follower"} <= kinds


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the text is empty"),
        ("jump 1,2", "unknown word `jump`"),
        ("place base/U 1,2", "write `place TILE X,Y rDEGREES`"),
        ("place base/ZZ 1,0 r0", "no tile `base/ZZ` in the sets in play"),
        ("place base/U 1;2 r90", "`1;2` is not a square"),
        ("place base/U 1,2 r45", "`r45` is not a rotation"),
        ("wizard 1", "unknown word `wizard`"),
        ("follower x", "`x` is not a segment number"),
        ("pass now", "takes nothing after it"),
        ("arrow sideways", "no arrow `sideways`"),
        ("portal follower 1,0", "not a spot"),
    ],
)
def test_bad_text_raises_value_error(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tilec.Move.parse(text, tilec.Game())


def test_the_notation_of_each_kind_of_move() -> None:
    game = tilec.Game(sets=["base", "mm"])
    for text in [
        "draw",
        "town-hall",
        "place base/U -3,2 r270",
        "pass",
        "abbot 0",
        "follower 3",
        "recall abbot",
        "return mayor 1,-1/2",
        "free follower 4,4",
        "portal messenger 0,0/1",
        "add follower 2,0/3",
        "arrow extra-turn",
        "decline",
        "swap 3 1,1/0",
        "hand-over",
        "lie-down",
        "move -1,0/2",
    ]:
        assert str(tilec.Move.parse(text, game)) == text
