#!/usr/bin/env bash
# The Python package's tests: a fresh virtual environment, `pip install ./python`
# (maturin builds the extension; its Rust build is kept in python/target, so a
# second run rebuilds only what changed), gymnasium and pettingzoo (the
# environments' own checkers run in the tests), then pytest on python/tests.
# The venv lives in $TILEC_VENV (default target/python-venv) and is made anew.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${TILEC_VENV:-target/python-venv}"
rm -rf "$venv"
python3 -m venv "$venv"
started=$(date +%s)
"$venv/bin/pip" install --quiet --disable-pip-version-check ./python pytest numpy gymnasium pettingzoo
echo "pip install ./python (and pytest, numpy, gymnasium, pettingzoo): $(($(date +%s) - started)) s"
# The CLI the tests compare with: the debug build that `cargo test` made.
export TILEC_BIN="${TILEC_BIN:-$PWD/target/debug/tilec}"
[ -x "$TILEC_BIN" ] || cargo build --quiet --bin tilec
# -rs: each skipped test is listed with its reason in the summary.
"$venv/bin/python" -m pytest -q -rs python/tests
