#!/usr/bin/env bash
# Loads tilec's JCloisterZone add-ons with the client's own add-on, expansion
# and artwork code, and looks up every place of every tile in all rotations
# (tools/jcz/client-check.mjs; docs/export-jcz.md).
#
#   tools/jcz/client-check.sh CLIENT_DIR [JCZ_XML_DIR]
#
# CLIENT_DIR: a checkout of farin/JCloisterZone-Client (AGPL: keep it outside
# this repository). JCZ_XML_DIR (usually CLIENT_DIR/src/extraResources/
# expansions): also import every JCloisterZone tile file there and check the
# add-on of the whole library (the tiles that do not check taken out).
# Everything is installed and built under $TILEC_JCZ_WORK (default
# ~/.cache/tilec-jcz-client), never in this repository. Exit 0 when every
# lookup found its place, 1 otherwise, 2 on bad arguments.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 CLIENT_DIR [JCZ_XML_DIR]" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/../.." && pwd)
client=$(cd "$1" && pwd)
xml=${2:+$(cd "$2" && pwd)}
work=${TILEC_JCZ_WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/tilec-jcz-client}
mkdir -p "$work"
work=$(cd "$work" && pwd)
case "$work/" in
  "$repo"/*) echo "refusing to work inside the repository: $work" >&2; exit 2 ;;
esac
[ -f "$client/src/renderer/plugins/theme.js" ] || { echo "not a JCloisterZone-Client checkout: $client" >&2; exit 2; }

# The client's own versions of what its loaders import (its yarn.lock), and
# jsdom with a real 2D canvas (node-canvas, which paper needs) for Electron's
# window, esbuild to bundle. node-canvas builds from source when its binary
# cannot be downloaded: it then needs Debian's libcairo2-dev libpango1.0-dev
# libjpeg-dev libgif-dev librsvg2-dev.
if [ ! -f "$work/node_modules/.tilec-deps" ]; then
  (cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund \
    paper@0.12.17 ohm-js@17.0.4 lodash@4.17.21 tiny-emitter@2.1.0 compare-versions@5.0.3 \
    unzipper@0.10.11 sha256-file@1.0.0 jsdom@24 canvas@2.11.2 esbuild@0.24 >/dev/null)
  touch "$work/node_modules/.tilec-deps"
fi

# One bundle of our driver and the client's modules it imports (`@/` and `~/`
# are the client's src/renderer, as in its webpack config).
(cd "$work" && node -e '
const path = require("path")
const [entry, renderer, vue, out] = process.argv.slice(1)
const client = {
  name: "client",
  setup (build) {
    build.onResolve({ filter: /^[@~]\// }, args =>
      build.resolve("./" + args.path.slice(2), { resolveDir: renderer, kind: args.kind }))
    build.onResolve({ filter: /^vue$/ }, () => ({ path: vue }))
  }
}
require("esbuild").build({
  entryPoints: [entry], outfile: out, bundle: true, platform: "node", format: "esm",
  plugins: [client], nodePaths: [path.join(process.cwd(), "node_modules")],
  loader: { ".ohm": "text", ".svg": "text" }, external: ["jsdom", "canvas"], logLevel: "warning",
  banner: { js: "import { createRequire } from \"module\"; const require = createRequire(import.meta.url);" }
}).catch(() => process.exit(1))
' "$repo/tools/jcz/client-check.mjs" "$client/src/renderer" "$repo/tools/jcz/vue-stub.js" "$work/client-check.bundle.mjs")

# $TILEC: a tilec binary to use (the opt-in test passes its own).
if [ -n "${TILEC:-}" ]; then
  tilec=("$TILEC")
else
  tilec=(cargo run --quiet --manifest-path "$repo/Cargo.toml" --)
fi
rm -rf "$work/addons" "$work/out" "$work/library"
mkdir -p "$work/addons" "$work/out"
"${tilec[@]}" build --tiles "$repo/tiles" --tables "$work/out/tables.rs" \
  --site "$work/out/site" --jcz-addon "$work/addons/tilec-shipped" >"$work/out/build.log" 2>&1 \
  || { cat "$work/out/build.log" >&2; exit 1; }

if [ -n "$xml" ]; then
  # import-jcz writes the directory even when some tiles do not check (exit 1).
  "${tilec[@]}" import-jcz "$xml"/*.xml --out "$work/library" >/dev/null 2>&1 || true
  [ -f "$work/library/sets.toml" ] || { echo "import-jcz wrote nothing" >&2; exit 1; }
  if ! "${tilec[@]}" check "$work/library" >"$work/out/check.txt" 2>&1; then
    node "$repo/tools/jcz/drop-unchecked.mjs" "$work/library" <"$work/out/check.txt"
  fi
  "${tilec[@]}" build --tiles "$work/library" --tables "$work/out/library-tables.rs" \
    --site "$work/out/library-site" --jcz-addon "$work/addons/tilec-library" >"$work/out/build.log" 2>&1 \
    || { cat "$work/out/build.log" >&2; exit 1; }
fi

# Each add-on in a client of its own: two tilec add-ons whose sets share an
# id define the same expansion (TILEC_FESTIVAL) and the client refuses the second.
status=0
for addon in "$work"/addons/*; do
  node "$work/client-check.bundle.mjs" "$client" "$addon" || status=1
done
exit $status
