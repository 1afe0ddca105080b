#!/bin/sh
# Seeds fuzz/corpus/compile (and fuzz/corpus/import_jcz) from the project's own
# files: every tile file (mode byte 0: one tile file), and every directory with
# a sets.toml (mode byte 1: the first tile file, NUL, its sets.toml), so the
# seeds hold every syntax the grammar has (bridges over roads, tunnels,
# not-touching=, marks with values, road ends at segments, enclosed fields,
# sets.toml requires). Run from the repository root: sh fuzz/seed.sh
set -eu
out=fuzz/corpus/compile
mkdir -p "$out"
for f in tiles/*.tiles tests/crossings/*.tiles tests/vocab/*.tiles tests/import/*.tiles tests/seams/*.tiles \
         tests/custom/*.tiles tests/bad/*.tiles tests/regressions/*.tiles; do
  [ -f "$f" ] || continue
  name=$(echo "$f" | tr '/' '_')
  { printf '\0'; cat "$f"; } > "$out/$name"
done
for toml in tests/import/designer/sets.toml tests/custom/sets.toml tests/bad/dir_*/sets.toml tiles/sets.toml; do
  dir=$(dirname "$toml")
  first=$(ls "$dir"/*.tiles 2>/dev/null | head -n 1)
  [ -n "$first" ] || continue
  name=$(echo "$dir" | tr '/' '_')
  { printf '\1'; cat "$first"; printf '\0'; cat "$toml"; } > "$out/toml_$name"
done
xml=fuzz/corpus/import_jcz
mkdir -p "$xml"
for f in tests/import/*.xml tests/export_jcz/*.xml; do
  [ -f "$f" ] || continue
  cp "$f" "$xml/$(echo "$f" | tr '/' '_')"
done
echo "seeded $(ls "$out" | wc -l) tile inputs and $(ls "$xml" | wc -l) XML inputs"
