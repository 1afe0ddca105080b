"""Set selection: the library's, shared with the CLI, so Python refuses what `tilec simulate` refuses."""

from __future__ import annotations

import pytest

import tilec
from conftest import REPO


def test_a_set_without_what_it_requires_is_refused_as_the_cli_refuses_it() -> None:
    with pytest.raises(ValueError) as e:
        tilec.Game(sets=["river"])
    assert str(e.value) == (
        "tile set `river` requires `base` (see its `requires` in sets.toml)\n"
        'hint: play it with what it requires: sets=["base", "river"]'
    )
    assert tilec.Game(sets=["base", "river"], seed=1).players == 2


def test_a_designers_set_may_require_the_shipped_base_game() -> None:
    designer = REPO / "tests" / "import" / "designer"
    with pytest.raises(ValueError, match="tile set `keep` requires `base`"):
        tilec.Game(sets=["keep"], tiles=designer)
    game = tilec.Game(sets=["base", "keep"], tiles=designer, seed=2)
    assert not game.is_over()
