"""The README's Python quick start runs as written."""

from __future__ import annotations

import re

from conftest import REPO


def test_the_quick_start_runs(tmp_path, monkeypatch, capsys) -> None:
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("## From Python") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})
    assert (tmp_path / "game.toml").read_text().startswith("players = ")
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "(69, 32, 32)" in lines[0]
