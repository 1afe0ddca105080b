#!/usr/bin/env bash
# Every test, on a fresh machine too: first installs what the tests need besides
# cargo (Debian's `chromium` for the site's browser test, `python3-venv` for the
# Python tests) with apt-get, as root or through sudo, or says what to install;
# then the Rust workspace's tests (`cargo test --workspace`), then the Python
# package's (a fresh virtual environment with `pip install ./python`, then
# pytest; see python/run-tests.sh). A test that could not run is listed at the
# end under SKIPPED, and so is a skipped browser test (TILEC_SKIP_BROWSER=1).
# The format and lint gates are not run here: .ci/run runs them, then this.
set -euo pipefail
cd "$(dirname "$0")"

skip_browser=0
if [ -n "${TILEC_SKIP_BROWSER:-}" ] && [ "${TILEC_SKIP_BROWSER}" != 0 ]; then
  skip_browser=1
fi

# Debian packages the tests need and the machine lacks.
missing=()
if [ "$skip_browser" = 0 ] && [ ! -x "${TILEC_CHROMIUM:-/usr/bin/chromium}" ]; then
  missing+=(chromium)
fi
if ! command -v python3 >/dev/null; then
  missing+=(python3 python3-venv)
elif ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  missing+=(python3-venv)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    sudo=()
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo=(sudo)
  else
    sudo=(none)
  fi
  if ! command -v apt-get >/dev/null || [ "${sudo[0]:-}" = none ]; then
    echo "error: the tests need ${missing[*]}, which this script installs with apt-get as root or with sudo" >&2
    echo "  = hint: install them (Debian: \`sudo apt-get install ${missing[*]}\`) and run ./test.sh again; without Chromium, \`TILEC_SKIP_BROWSER=1 ./test.sh\` skips the browser test" >&2
    exit 2
  fi
  echo "test.sh: installing ${missing[*]} (apt-get)"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
fi

# TILEC_SETUP_ONLY=1 stops here (tests/setup_cli.rs tries the set-up so).
if [ "${TILEC_SETUP_ONLY:-0}" = 1 ]; then
  exit 0
fi

# Tests that skip write a line here (tests/common/mod.rs, `skip`).
mkdir -p target
export TILEC_SKIP_LOG="$PWD/target/test-skips.txt"
: >"$TILEC_SKIP_LOG"

# The skips, last, whether the tests passed or not.
report_skips() {
  if [ -s "$TILEC_SKIP_LOG" ]; then
    echo
    echo "SKIPPED: $(wc -l <"$TILEC_SKIP_LOG") Rust test(s) did not run (pytest lists its own skips above):"
    sed 's/^SKIPPED: /  /' "$TILEC_SKIP_LOG"
  fi
  if [ "$skip_browser" = 1 ]; then
    echo "warning: TILEC_SKIP_BROWSER is set: the site was not loaded in a browser"
  fi
}
trap report_skips EXIT

cargo test --workspace
python/run-tests.sh
