#!/usr/bin/env bash
# Every test: the Rust workspace's, then the Python package's (a fresh virtual
# environment with `pip install ./python`, then pytest; see python/run-tests.sh).
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace
python/run-tests.sh
