"""Explicit chance, honest clones, resampling, exact copies and pickling,
records that go on, returns, and messages naming their argument."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest

import tilec
from conftest import SET_COMBOS, play_random


def future(game: tilec.Game, choices: int = 1) -> list[str]:
    """The tiles placed from now to the end with seeded random moves."""
    now = len(game.board())
    play_random(game, random.Random(choices))
    return [t[0] for t in game.board()[now:]]


def test_explicit_chance_stops_before_each_draw() -> None:
    game = tilec.Game(sets=["base", "river"], seed=3, chance="explicit")
    assert game.chance == "explicit" and game.is_chance() and game.phase() == "draw"
    assert game.legal_moves() == [] and game.tile() is None
    odds = game.chance_outcomes()
    assert abs(sum(p for _, p in odds) - 1) < 1e-9
    assert all(t.startswith("river/") for t, _ in odds), "river tiles first"
    counts = game.pile_counts()
    assert sum(counts.values()) == game.pile_len()
    tile = odds[0][0]
    game.draw(tile)
    assert game.tile() == tile and game.phase() == "place" and not game.is_chance()
    assert game.pile_counts().get(tile, 0) == counts[tile] - 1
    with pytest.raises(ValueError, match="cannot draw: the game is at no chance node"):
        game.draw(tile)
    rng = random.Random(3)
    draws = 0
    while not game.is_over():
        if game.is_chance():
            with pytest.raises(ValueError, match="a tile must be drawn first"):
                game.play(tilec.Move.parse("pass", game))
            outcomes = game.chance_outcomes()
            game.draw(rng.choice(outcomes)[0] if draws % 2 else None)
            draws += 1
        else:
            game.play(rng.choice(game.legal_moves()))
    assert draws >= 70 and game.current_player() is None


def test_a_draw_out_of_turn_names_the_tiles() -> None:
    game = tilec.Game(sets=["base", "river"], chance="explicit")
    with pytest.raises(ValueError, match=r"cannot draw: `base/U` cannot be drawn while `river/.*` waits"):
        game.draw("base/U")
    with pytest.raises(ValueError, match="tile: no tile `base/ZZ` in the game's sets"):
        game.draw("base/ZZ")


def test_a_clone_does_not_see_the_real_future() -> None:
    game = tilec.Game(seed=77)
    for _ in range(10):
        game.play(game.legal_moves()[0])
    truth = future(copy.deepcopy(game))
    assert future(copy.deepcopy(game)) == truth, "a deep copy is exact"
    guess = future(game.clone())
    unseen = Counter(game.pile_counts()) + Counter([game.tile()])
    assert guess != truth and Counter(guess) <= unseen and Counter(truth) <= unseen
    assert future(game.clone()) == guess, "two clones of one position draw alike"
    orders = set()
    for seed in range(20):
        c = game.clone()
        c.resample(seed)
        orders.add(tuple(future(c)))
    assert len(orders) == 20


def test_playouts_draw_from_their_seed() -> None:
    game = tilec.Game(seed=5)
    orders = set()
    for seed in range(20):
        c = game.clone()
        c.playout(seed)
        orders.add(tuple(t[0] for t in c.board()))
    assert len(orders) == 20


@pytest.mark.parametrize("sets", SET_COMBOS, ids=lambda s: "+".join(s))
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_pickles_and_deep_copies_are_exact(sets: list[str], chance: str) -> None:
    game = tilec.Game(sets=sets, players=3, seed=9, chance=chance)
    rng = random.Random(9)
    step = 0
    while not game.is_over():
        if step % 9 == 0:
            for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)):
                assert other.position_key() == game.position_key()
                assert other.legal_moves() == game.legal_moves()
                assert (other.phase(), other.tile(), other.board()) == (game.phase(), game.tile(), game.board())
                a, b = copy.deepcopy(game), other
                for _ in range(10):
                    if a.is_over():
                        break
                    if a.is_chance():
                        a.draw()
                        b.draw()
                    else:
                        m = random.Random(step).choice(a.legal_moves())
                        a.play(m)
                        b.play(m)
                    assert a.board() == b.board() and a.scores() == b.scores()
        if game.is_chance():
            game.draw()
        else:
            game.play(rng.choice(game.legal_moves()))
        step += 1


def test_moves_pickle_and_copy() -> None:
    game = tilec.Game(seed=1)
    move = game.legal_moves()[0]
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.copy(move) is move and copy.deepcopy(move) is move
    with pytest.raises(ValueError, match="record=False keeps no history"):
        pickle.dumps(tilec.Game(record=False))
    assert copy.deepcopy(tilec.Game(record=False, seed=4)).tile() == tilec.Game(seed=4).tile()


def test_a_record_goes_on_as_the_game_would() -> None:
    game = tilec.Game(sets=["base", "river"], players=3, seed=2024)
    rng = random.Random(1)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    while game.phase() != "place":
        game.play(rng.choice(game.legal_moves()))
    text = game.to_record()
    assert "seed = 2024" in text
    back = tilec.Game.from_record(text)
    assert back.position_key() == game.position_key() and back.tile() == game.tile()
    assert future(back) == future(copy.deepcopy(game))
    other = tilec.Game.from_record(text, seed=1, chance="explicit")
    assert other.is_chance() or other.phase() == "place"
    with pytest.raises(ValueError, match="bad record"):
        tilec.Game.from_record("players = 3")
    # A 64-bit seed of 2**63 or more is written as its two's complement.
    high = tilec.Game(seed=2**64 - 1)
    text = high.to_record()
    assert "seed = -1" in text
    assert tilec.Game.from_record(text).tile() == high.tile()


def same_position(a: tilec.Game, b: tilec.Game) -> bool:
    """The same key, legal moves, chance node and every player's observation."""
    players = len(a.scores())
    return (
        a.position_key() == b.position_key()
        and [str(m) for m in a.legal_moves()] == [str(m) for m in b.legal_moves()]
        and a.is_chance() == b.is_chance()
        and all((a.observation(p) == b.observation(p)).all() for p in range(players))
    )


def test_the_issues_game_reads_back_as_the_same_position() -> None:
    g = tilec.Game(sets=["base", "mm"], players=2, seed=9)
    for _ in range(25):
        moves = g.legal_moves()
        g.play(moves[len(moves) // 2])
    h = tilec.Game.from_record(g.to_record())
    assert h.position_key() == g.position_key()
    assert same_position(h, g)


@pytest.mark.parametrize("sets", SET_COMBOS, ids=lambda s: "+".join(s))
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_a_record_read_back_at_any_point_is_the_same_position(sets: list[str], chance: str) -> None:
    """At every step of a random game (a tile in hand, a figure step, an
    arrow, a decision, an extra turn, the town hall's choice, a chance node)."""
    game = tilec.Game(sets=sets, players=3, seed=len(sets) * 7, chance=chance)
    rng = random.Random(len(sets))
    while True:
        back = tilec.Game.from_record(game.to_record(), chance=chance)
        assert same_position(back, game), game.to_record()
        if game.is_over():
            break
        if game.is_chance():
            game.draw()
        else:
            game.play(rng.choice(game.legal_moves()))


def test_returns_and_the_player_to_move_at_the_end() -> None:
    game = tilec.Game(players=3, seed=6)
    assert game.returns() == [0.0, 0.0, 0.0]
    game.playout(1)
    scores, returns = game.scores(), game.returns()
    best = max(scores)
    for s, r in zip(scores, returns):
        assert r == (-1.0 if s < best else 1.0 if scores.count(best) == 1 else 0.0)
    assert game.current_player() is None and game.is_over()


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"sets": "base"}, TypeError, r"sets: a list of set ids such as \['base'\], not a string"),
        ({"sets": [1]}, TypeError, "sets: a list of set ids"),
        ({"players": -1}, ValueError, "players: -1, but a game has 2 to 6"),
        ({"players": "2"}, TypeError, "players: a whole number, not str"),
        ({"seed": -5}, ValueError, r"seed: -5 is not in 0\.\.2\*\*64"),
        ({"seed": 2**64}, ValueError, r"seed: 18446744073709551616 is not in 0\.\.2\*\*64"),
        ({"seed": 1.5}, TypeError, "seed: a whole number, not float"),
        ({"chance": "lazy"}, ValueError, 'chance: "sampled" or "explicit", not "lazy"'),
    ],
)
def test_bad_arguments_name_themselves(kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        tilec.Game(**kwargs)


def test_bad_method_arguments_name_themselves() -> None:
    game = tilec.Game(seed=1)
    with pytest.raises(ValueError, match=r"seed: -1 is not in 0\.\.2\*\*64"):
        game.resample(-1)
    with pytest.raises(ValueError, match=r"seed: -1 is not in 0\.\.2\*\*64"):
        game.playout(-1)
    with pytest.raises(TypeError, match="player: a whole number, not str"):
        game.observation(player="0")
    with pytest.raises(TypeError, match="move: a tilec.Move"):
        game.play("pass")
    other = "base/B" if game.tile() != "base/B" else "base/C"
    with pytest.raises(ValueError, match=f"the move places tile `{other}`, but `{game.tile()}` was drawn"):
        game.play(tilec.Move.parse(f"place {other} 1,0 r0", game))


def test_a_corrupted_pickle_names_what_is_wrong() -> None:
    game = tilec.Game(seed=1)
    game.play(game.legal_moves()[0])
    restore, (state,) = game.__reduce__()
    assert restore(state).position_key() == game.position_key()
    bad = list(state)
    bad[8] = ["pass", *state[8]]  # the history: a pass before the first draw
    with pytest.raises(ValueError, match="cannot restore the game: history entry 0: this move does not belong to the draw phase"):
        restore(tuple(bad))
    bad[8] = ["set-aside base/ZZ"]
    with pytest.raises(ValueError, match="cannot restore the game: no tile `base/ZZ` in the game's sets"):
        restore(tuple(bad))
