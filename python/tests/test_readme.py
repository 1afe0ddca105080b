"""The README's Python quick start runs as written."""

from __future__ import annotations

import re

import tilec

from conftest import REPO


def test_the_quick_start_runs(tmp_path, monkeypatch, capsys) -> None:
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("## From Python") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})
    assert (tmp_path / "game.toml").read_text().startswith("players = ")
    lines = capsys.readouterr().out.splitlines()
    size = tilec.Game(sets=["base", "river"]).observation_size
    assert len(lines) == 2 and f"({size},)" in lines[0]


def test_the_environments_snippet_runs() -> None:
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("## From Python") :]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[1]
    scope: dict = {}
    exec(compile(code, "README.md", "exec"), scope)
    scope["env"].reset(seed=0)
    scope["aec"].reset(seed=0)
