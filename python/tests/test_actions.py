"""The action index (fixed for a game, sized to its sets) and the observation."""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

import tilec
from conftest import SET_COMBOS


def test_a_base_game_has_a_small_fixed_action_space() -> None:
    game = tilec.Game()
    assert game.action_size <= 10_000
    layout = game.action_layout()
    assert [b[0] for b in layout] == ["place", "deploy", "pass", "recall"]
    x, y, side = game.frame()
    assert (x, y, side) == (-24, -24, 49)  # a third of the 71 tiles to place
    assert layout[0] == ("place", 0, [4, side, side], ["rotation", "row", "column"])
    mask = game.legal_action_mask()
    assert mask.shape == (game.action_size,) and mask.dtype == np.int8
    bigger = tilec.Game(sets=SET_COMBOS[-1], players=4)
    assert bigger.action_size > game.action_size
    assert len(bigger.action_layout()) == 24


@pytest.mark.parametrize("sets", SET_COMBOS, ids=lambda s: "+".join(s))
def test_each_legal_move_has_its_own_index(sets: list[str]) -> None:
    rng = random.Random(3)
    for seed in range(4):
        game = tilec.Game(sets=sets, players=2 + seed, seed=seed)
        size = game.action_size
        while not game.is_over():
            moves = game.legal_moves()
            indices = [game.action_index(m) for m in moves]
            assert None not in indices, "a legal move outside the frame"
            assert len(set(indices)) == len(indices), "two moves share an index"
            assert game.legal_actions() == sorted(indices)
            mask = game.legal_action_mask()
            assert mask.sum() == len(moves)
            assert all(mask[i] for i in indices)
            for m, i in zip(moves, indices):
                assert game.action_move(i) == m
                name, coords = game.action_parts(i)
                assert name == dict(place="place", figure=name, choice=name, town_hall="town_hall", abbey="abbey", draw="draw", ransom="ransom")[m.kind]
            assert game.action_size == size, "the space is fixed for the game"
            i = rng.choice(indices)
            expected = game.__copy__()
            expected.play(game.action_move(i))
            game.play_action(i)
            assert game.board() == expected.board() and game.figures() == expected.figures()


def test_an_index_means_one_square_for_the_whole_game() -> None:
    game = tilec.Game(seed=4)
    x0, y0, side = game.frame()
    rng = random.Random(4)
    while not game.is_over():
        for m in game.legal_moves():
            if m.kind == "place":
                name, (rotation, row, column) = game.action_parts(game.action_index(m))
                _, _, at, turned = str(m).split()  # place base/U 1,0 r90
                x, y = (int(v) for v in at.split(","))
                assert (name, x0 + column, y0 + row, rotation * 90) == ("place", x, y, int(turned[1:]))
        game.play(rng.choice(game.legal_moves()))
        assert game.frame() == (x0, y0, side)


def test_bad_actions_raise_naming_the_action() -> None:
    game = tilec.Game(seed=1)
    illegal = int(np.flatnonzero(game.legal_action_mask() == 0)[0])
    with pytest.raises(ValueError, match="illegal move"):
        game.play_action(illegal)
    with pytest.raises(ValueError, match=f"action {game.action_size} is outside 0..{game.action_size}"):
        game.play_action(game.action_size)
    with pytest.raises(ValueError, match=f"action -1 is outside 0..{game.action_size}"):
        game.play_action(-1)
    with pytest.raises(TypeError, match="action: a whole number, not str"):
        game.play_action("3")
    game.play(game.legal_moves()[0])
    with pytest.raises(ValueError, match="no tile is waiting to be placed"):
        game.play_action(0)


def test_the_mask_fills_a_buffer() -> None:
    game = tilec.Game(seed=1)
    out = np.full(game.action_size, 7, dtype=np.int8)
    assert game.legal_action_mask(out=out) is out
    assert set(np.unique(out)) == {0, 1} and out.sum() == len(game.legal_moves())
    with pytest.raises(ValueError, match="out: a C-contiguous array of"):
        game.legal_action_mask(out=np.zeros(3, dtype=np.int8))


def part(game: tilec.Game, obs: np.ndarray, name: str) -> np.ndarray:
    for n, start, shape in game.observation_layout():
        if n == name:
            return obs[start : start + int(np.prod(shape))].reshape(shape)
    raise KeyError(name)


def test_the_observation_is_compact_and_laid_out() -> None:
    game = tilec.Game(seed=2)
    obs = game.observation()
    assert obs.dtype == np.uint8 and obs.shape == (game.observation_size,)
    layout = game.observation_layout()
    assert layout[-1][1] + int(np.prod(layout[-1][2])) == game.observation_size
    names = [n for n, _ in tilec.OBSERVATION_PLANES + tilec.OBSERVATION_FIELDS]
    assert all(n in names for n, _, _ in layout)
    x0, y0, side = game.frame()
    tile = part(game, obs, "tile")
    assert tile.shape == (side, side) and (tile > 0).sum() == 1 and tile[-y0, -x0] > 0
    assert part(game, obs, "in_hand")[0] > 0  # a tile waits to be placed
    assert part(game, obs, "phase")[0] == 1
    assert part(game, obs, "pile").sum() == game.pile_len()
    rng = random.Random(2)
    while not game.figures():
        game.play(rng.choice(game.legal_moves()))
    owner, _, x, y, segment = game.figures()[0]
    for viewer in range(2):
        obs = game.observation(player=viewer)
        code = part(game, obs, "figure")[segment, y - y0, x - x0]
        relative = (owner - viewer) % 2
        assert code == 1 + relative * 2 + 0, "a follower (kind 0 of 2) of the relative owner"
        assert part(game, obs, "seat")[0] == viewer
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    obs = game.observation(player=1)
    scores = part(game, obs, "scores").astype(int)
    assert [lo + 256 * hi - 256 for lo, hi in scores] == game.scores()[1:] + game.scores()[:1]


def test_the_observation_fills_a_buffer_and_checks_the_player() -> None:
    game = tilec.Game(seed=3)
    out = np.zeros(game.observation_size, dtype=np.uint8)
    assert game.observation(player=1, out=out) is out
    assert (out == game.observation(player=1)).all()
    with pytest.raises(ValueError, match="player 2 is outside 0..2"):
        game.observation(player=2)
    with pytest.raises(ValueError, match="out:"):
        game.observation(out=np.zeros(5, dtype=np.uint8))


@pytest.mark.parametrize("sets", SET_COMBOS, ids=lambda s: "+".join(s))
def test_different_positions_give_different_observations(sets: list[str]) -> None:
    # Many pairs of positions: every position of a few random games, and
    # every one-move variation of each (a follower on each segment, each
    # placement, ...), seen by each player. Equal observations must be equal
    # positions (as the position key and the board and figures say).
    seen: dict[tuple[int, bytes], tuple] = {}
    pairs = 0
    for seed in range(3):
        game = tilec.Game(sets=sets, players=2 + seed, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            variations = [game.__copy__()]
            for m in game.legal_moves()[:12]:
                v = game.__copy__()
                v.play(m)
                variations.append(v)
            for v in variations:
                key = (v.position_key(), tuple(v.board()), tuple(sorted(v.figures())), v.phase(), v.tile(), tuple(v.scores()))
                for viewer in range(v.players):
                    # A digest, not the bytes: with every set the frame is
                    # large and the games long (tens of thousands of views).
                    obs = hashlib.blake2b(v.observation(player=viewer).tobytes()).digest()
                    other = seen.setdefault((viewer, obs), key)
                    assert other == key, f"one observation for two positions:\n{other}\n{key}"
                    pairs += 1
            game.play(rng.choice(game.legal_moves()))
    assert pairs > 2000
