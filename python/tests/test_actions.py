"""The observation and the fixed action index."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tilec
from conftest import SET_COMBOS


def test_shapes_and_constants() -> None:
    game = tilec.Game()
    obs = game.observation()
    assert obs.shape == tilec.OBSERVATION_SHAPE == (tilec.PLANES, tilec.WINDOW, tilec.WINDOW)
    assert obs.dtype == np.float32
    mask = game.legal_action_mask()
    assert mask.shape == (tilec.ACTION_SIZE,) and mask.dtype == np.bool_


@pytest.mark.parametrize("sets", SET_COMBOS, ids=lambda s: "+".join(s))
def test_each_legal_move_has_its_own_index(sets: list[str]) -> None:
    rng = random.Random(3)
    for seed in range(4):
        game = tilec.Game(sets=sets, players=2 + seed, seed=seed)
        while not game.is_over():
            moves = game.legal_moves()
            indices = [game.action_index(m) for m in moves]
            assert None not in indices, "a legal move outside the window"
            assert len(set(indices)) == len(indices), "two moves share an index"
            assert game.legal_actions() == sorted(indices)
            mask = game.legal_action_mask()
            assert mask.sum() == len(moves)
            assert all(mask[i] for i in indices)
            for m, i in zip(moves, indices):
                assert game.action_move(i) == m
            i = rng.choice(indices)
            expected = game.clone()
            expected.play(game.action_move(i))
            game.play_action(i)
            assert game.board() == expected.board() and game.figures() == expected.figures()


def test_an_illegal_action_raises() -> None:
    game = tilec.Game(seed=1)
    illegal = int(np.flatnonzero(~game.legal_action_mask())[0])
    with pytest.raises(ValueError, match="illegal move"):
        game.play_action(illegal)
    with pytest.raises(ValueError, match="outside"):
        game.play_action(tilec.ACTION_SIZE)
    game.play(game.legal_moves()[0])
    with pytest.raises(ValueError, match="no tile is waiting to be placed"):
        game.play_action(0)


PLANE = {"tile": 0, "edges": 1, "last": 19, "figures": 20, "fits": 31, "scores": 52, "phase": 64, "pile": 68}


def test_the_planes_show_the_board_figures_drawn_tile_and_scores() -> None:
    game = tilec.Game(seed=2)
    x0, y0 = game.window_origin()
    obs = game.observation()
    tile_plane = obs[PLANE["tile"]]
    assert tile_plane.sum() == 1 and tile_plane[0 - y0, 0 - x0] == 1
    # The drawn tile's fits are exactly the legal placements.
    fits = obs[PLANE["fits"] : PLANE["fits"] + 4]
    legal = game.legal_moves()
    assert fits.sum() == len(legal)
    assert obs[PLANE["phase"]].min() == 1  # placing
    rng = random.Random(2)
    while not game.is_over() and not game.figures():
        game.play(rng.choice(game.legal_moves()))
    obs = game.observation()
    x0, y0 = game.window_origin()
    assert obs[PLANE["tile"]].sum() == len(game.board())
    owner, _, x, y, _ = game.figures()[0]
    rel = (owner - game.current_player()) % game.players
    assert obs[PLANE["figures"] + rel, y - y0, x - x0] >= 1
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    obs = game.observation()
    scores = game.scores()
    me = game.current_player()
    for p, s in enumerate(scores):
        rel = (p - me) % game.players
        assert obs[PLANE["scores"] + rel].max() == pytest.approx(s / 100)
    assert obs[PLANE["pile"]].max() == 0


def test_the_window_holds_random_boards() -> None:
    # How far random boards of every set reach, against the window: a board up
    # to 29 squares wide keeps a free square on each side inside it (the
    # widest seen in 2000 such games was 27).
    widest = 0
    for seed in range(300):
        game = tilec.Game(sets=SET_COMBOS[-1], players=2 + seed % 5, seed=seed)
        game.playout(seed)
        xs = [x for _, x, _, _ in game.board()]
        ys = [y for _, _, y, _ in game.board()]
        widest = max(widest, max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    assert 20 < widest <= tilec.WINDOW - 3, widest
