"""The game API: setup, legal moves, play, illegal moves, clone, determinism."""

from __future__ import annotations

import random

import pytest

import tilec
from conftest import REPO, SET_COMBOS, play_random


@pytest.mark.parametrize("sets", SET_COMBOS, ids=lambda s: "+".join(s))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_set_plays_to_the_end(sets: list[str], players: int) -> None:
    game = tilec.Game(sets=sets, players=players, seed=players)
    assert game.players == players
    kinds = set()
    for move in play_random(game, random.Random(players)):
        kinds.add(move.kind)
    assert game.is_over() and game.phase() == "over"
    assert game.legal_moves() == []
    assert len(game.scores()) == players
    assert game.pile_len() == 0
    assert {"place", "figure"} <= kinds
    if "mm" in sets:
        assert "town_hall" in kinds


def test_defaults_are_a_two_player_base_game() -> None:
    game = tilec.Game()
    assert game.players == 2
    assert game.board()[0][0].startswith("base/")
    assert game.phase() == "place"
    assert game.tile() is not None and game.tile().startswith("base/")


def test_the_drawn_tile_is_named_and_placed_where_the_move_says() -> None:
    game = tilec.Game(seed=3)
    tile = game.tile()
    move = game.legal_moves()[0]
    assert move.kind == "place"
    game.play(move)
    placed = game.board()[-1]
    assert placed[0] == tile
    _, x, y, degrees = placed
    assert str(move) == f"place {tile} {x},{y} r{degrees}"
    assert game.phase() == "figure" and game.tile() is None


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"sets": ["nope"]}, "unknown tile set `nope`"),
        ({"players": 7}, "players: 7, but a game has 2 to 6"),
        ({"players": 1}, "players: 1, but a game has 2 to 6"),
        ({"tiles": "/nonexistent/dir"}, "is not a directory"),
        ({"sets": []}, "no tile set given"),
    ],
)
def test_bad_setups_raise_value_error(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        tilec.Game(**kwargs)


def test_a_designers_directory_is_compiled(tmp_path) -> None:
    game = tilec.Game(sets=["lagoon"], tiles=REPO / "tests" / "custom", seed=1)
    assert game.board()[0][0].startswith("lagoon/")
    play_random(game, random.Random(1))
    assert game.is_over()


def test_bad_tiles_are_reported_with_their_place(tmp_path) -> None:
    (tmp_path / "bad.tiles").write_text((REPO / "tests" / "bad" / "segments_cross.tiles").read_text())
    with pytest.raises(ValueError) as e:
        tilec.Game(sets=["base"], tiles=tmp_path)
    text = str(e.value)
    assert "error[E202]: segments `r1` and `r2` cross" in text
    assert "bad.tiles:9:3" in text
    assert "1 problem found" in text


def test_illegal_moves_raise_and_change_nothing() -> None:
    game = tilec.Game(seed=5)
    tile = game.tile()
    state = lambda: (game.board(), game.scores(), game.tile(), game.phase(), game.legal_moves(), game.position_key())
    before = state()
    for text, message in [
        (f"place {tile} 0,0 r0", "the square already holds a tile"),
        (f"place {tile} 40,40 r0", "must touch a placed tile"),
        ("pass", "does not belong to the placement phase"),
        ("draw", "chance step"),
        ("town-hall", "does not belong to the placement phase"),
    ]:
        with pytest.raises(ValueError, match=message):
            game.play(tilec.Move.parse(text, game))
    other = "base/B" if tile != "base/B" else "base/C"
    with pytest.raises(ValueError, match="was drawn"):
        game.play(tilec.Move.parse(f"place {other} 1,0 r0", game))
    assert state() == before
    game.play(game.legal_moves()[0])
    with pytest.raises(ValueError, match="the tile has no segment 30"):
        game.play(tilec.Move.parse("follower 30", game))
    with pytest.raises(ValueError, match="does not belong to the figure phase"):
        game.play(before[4][0])


def test_an_edge_mismatch_names_the_edges() -> None:
    game = tilec.Game(seed=5)
    tile = game.tile()
    legal = set(game.legal_moves())
    near = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    tried = [tilec.Move.parse(f"place {tile} {x},{y} r{d}", game) for x, y in near for d in (0, 90, 180, 270)]
    illegal = [m for m in tried if m not in legal]
    assert illegal, "some placement next to the start tile does not fit"
    with pytest.raises(ValueError, match="edges must match"):
        game.play(illegal[0])


def test_clones_are_independent() -> None:
    game = tilec.Game(sets=["base", "mm"], players=3, seed=8)
    rng = random.Random(8)
    for _ in range(20):
        game.play(rng.choice(game.legal_moves()))
    copy = game.clone()
    state = (game.board(), game.figures(), game.scores(), game.legal_moves())
    assert (copy.board(), copy.figures(), copy.scores(), copy.legal_moves()) == state
    play_random(copy, random.Random(9))
    assert copy.is_over()
    assert (game.board(), game.figures(), game.scores(), game.legal_moves()) == state
    # Two clones of one position draw from the same chance stream of their own.
    a, b = game.clone(), game.clone()
    play_random(a, random.Random(1))
    play_random(b, random.Random(1))
    assert a.board() == b.board() and a.scores() == b.scores()
    import copy as copymod

    assert copymod.deepcopy(game).board() == game.board()


def test_the_same_seed_and_moves_give_the_same_game() -> None:
    def run(seed: int) -> tuple:
        game = tilec.Game(sets=["base", "river", "festival"], players=4, seed=seed)
        moves = play_random(game, random.Random(seed))
        return [str(m) for m in moves], game.board(), game.scores()

    assert run(11) == run(11)
    assert run(11) != run(12)


def test_the_seed_alone_fixes_the_draws() -> None:
    # Different moves, same seed: the first drawn tile is the same.
    assert tilec.Game(seed=21).tile() == tilec.Game(seed=21).tile()
    tiles = {tilec.Game(seed=s).tile() for s in range(30)}
    assert len(tiles) > 3


def test_current_player_is_the_one_who_decides() -> None:
    game = tilec.Game(players=3, seed=2)
    seen = set()
    rng = random.Random(2)
    while not game.is_over():
        seen.add(game.current_player())
        assert 0 <= game.current_player() < 3
        game.play(rng.choice(game.legal_moves()))
    assert seen == {0, 1, 2}


def test_moves_are_equal_hashable_and_shared() -> None:
    game = tilec.Game(seed=4)
    a = game.legal_moves()
    b = game.legal_moves()
    assert a == b
    assert all(x is y for x, y in zip(a, b))
    assert len(set(a)) == len(a)
    assert tilec.Move.parse(str(a[0]), game) == a[0]
    assert hash(tilec.Move.parse(str(a[0]), game)) == hash(a[0])
    assert a[0] != "place 0,0 0"


def test_a_move_of_a_game_with_other_sets_is_refused() -> None:
    base = tilec.Game(seed=1)
    river = tilec.Game(sets=["base", "river"], seed=1)
    move = base.legal_moves()[0]
    assert move != tilec.Move.parse(str(move), river)
    with pytest.raises(ValueError, match="other tile sets"):
        river.play(move)
    a, b = base.legal_moves()[:2]
    assert a != b and not (a != a)
