"""The type stubs describe everything public, with a docstring each."""

from __future__ import annotations

import ast
from pathlib import Path

import tilec
from tilec import _tilec

STUBS = Path(tilec.__file__).with_name("_tilec.pyi")


def stub_names() -> dict[str, set[str]]:
    tree = ast.parse(STUBS.read_text())
    names: dict[str, set[str]] = {"": set()}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            names[""].add(node.name)
        elif isinstance(node, ast.FunctionDef):
            names[""].add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[""].add(node.target.id)
    return names


def public(obj: object) -> set[str]:
    return {n for n in dir(obj) if not n.startswith("_")}


def test_every_public_name_has_a_stub_and_a_docstring() -> None:
    names = stub_names()
    assert public(_tilec) - {"tilec"} <= names[""], public(_tilec) - names[""]
    for cls in (tilec.Game, tilec.Move):
        assert public(cls) <= names[cls.__name__], public(cls) - names[cls.__name__]
        for name in public(cls):
            assert getattr(cls, name).__doc__, f"{cls.__name__}.{name} has no docstring"
    assert tilec.simulate.__doc__ and tilec.Game.__doc__ and tilec.Move.__doc__
    assert (Path(tilec.__file__).parent / "py.typed").exists()
