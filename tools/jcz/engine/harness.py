#!/usr/bin/env python3
"""Plays tilec's JCloisterZone add-ons in JCloisterZone's own Java engine.

    tools/jcz/engine/harness.py --engine ENGINE --jcz-xml XMLDIR --work WORK \\
        [--games N] [--seed S] [--only shipped|library] [--tiles DIR] [--json FILE] [--tilec PATH]

ENGINE is a checkout of farin/JCloisterZone (the engine, AGPL: never copied into
this repository), XMLDIR the tile XML its client ships
(farin/JCloisterZone-Client's src/extraResources/expansions), WORK a directory
outside the repository where everything is built. The script installs the
Debian packages of the engine's libraries if they are missing (apt-get, as
root), compiles the engine with javac (GraalVM's polyglot classes, used only
by scripted scoring, are the stubs in tools/jcz/engine/stubs) and the driver in
tools/jcz/engine/src, builds tilec's add-on of the shipped sets and of the whole
imported JCloisterZone library, and plays N random games of each setup the way
the client sets it up (tilec.jcz.Play). It prints a table: games ended,
failures (with the engine's frame), start tiles, and per tile group the copies
placed, discarded for want of a legal place, and left undrawn, and the
events that show an expansion's rules at work (tokens placed, followers
captured, ...). `--tiles DIR` plays a designer's directory instead, each set
with what `tilec build` says to choose with it.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
JARS = {  # Debian package -> jar under /usr/share/java
    "libvavr0-java": "vavr-0.10.3.jar",
    "libgoogle-gson-java": "gson.jar",
    "libsemver-java": "java-semver.jar",
    "libspullara-cli-parser-java": "spullara-cli-parser.jar",
    "libslf4j-java": "slf4j-api.jar",
}
NOP_LOGGER = "slf4j-nop.jar"  # in libslf4j-java
# Events of every game; the others show an expansion's rules at work.
COMMON_EVENTS = {"PlayerTurnEvent", "TilePlacedEvent", "MeepleDeployed SmallFollower", "MeepleReturned",
                 "ScoreEvent", "TileDiscardedEvent"}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, **kw)


def classpath(work):
    jars = [f"/usr/share/java/{j}" for j in list(JARS.values()) + [NOP_LOGGER]]
    return ":".join([str(work / "classes")] + jars)


def ensure_jars():
    missing = [p for p, j in JARS.items() if not Path(f"/usr/share/java/{j}").exists()]
    if missing:
        print(f"installing {' '.join(missing)}", file=sys.stderr)
        run(["apt-get", "install", "-y", *missing], stdout=subprocess.DEVNULL)


def compile_engine(engine, work):
    java = engine / "src/main/java"
    if not (java / "com/jcloisterzone/engine/Engine.java").exists():
        sys.exit(f"error: {engine} is not a checkout of farin/JCloisterZone (no src/main/java/.../Engine.java)")
    if REPO in work.resolve().parents or work.resolve() == REPO:
        sys.exit("error: --work must be outside the repository (the engine is AGPL)")
    out = work / "classes"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    sources = [str(p) for d in (java, HERE / "stubs", HERE / "src") for p in d.rglob("*.java")]
    listing = work / "sources.txt"
    listing.write_text("\n".join(sources) + "\n")
    run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(out), "-cp", classpath(work), f"@{listing}"],
        stderr=subprocess.DEVNULL)


def tilec_build(tilec, tiles, work, name):
    """`tilec build --jcz-addon`; returns the add-on's XML and the build's stderr."""
    for d in ("site", "addon"):
        shutil.rmtree(work / f"{name}-{d}", ignore_errors=True)
    res = subprocess.run(
        [tilec, "build", "--tiles", str(tiles), "--site", str(work / f"{name}-site"),
         "--tables", str(work / f"{name}-tables.rs"), "--jcz-addon", str(work / f"{name}-addon")],
        text=True, capture_output=True)
    if res.returncode != 0:
        sys.exit(f"error: tilec build --tiles {tiles} failed:\n{res.stderr}")
    return work / f"{name}-addon/tilec.xml", res.stdout + res.stderr


def import_library(tilec, xmls, work):
    """Imports every JCloisterZone file; tiles whose import does not check are
    taken out of a copy of the XML and the import is run again. Returns the
    directory and the ids taken out."""
    dropped = []
    src = work / "jcz-xml"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    for f in xmls:
        shutil.copy(f, src / f.name)
    for _ in range(4):
        lib = work / "library"
        shutil.rmtree(lib, ignore_errors=True)
        files = sorted(str(p) for p in src.glob("*.xml"))
        subprocess.run([tilec, "import-jcz", *files, "--out", str(lib)], capture_output=True, text=True)
        if not lib.exists():
            sys.exit("error: tilec import-jcz wrote nothing")
        res = subprocess.run([tilec, "check", str(lib)], capture_output=True, text=True)
        bad = failing_tiles(res.stderr)
        if res.returncode == 0:
            return lib, dropped
        if not bad:
            sys.exit(f"error: the import does not check, and no tile is named:\n{res.stderr}")
        dropped += sorted(bad)
        for f in src.glob("*.xml"):
            drop_tiles(f, bad)
    sys.exit("error: the import still does not check after taking tiles out")


def failing_tiles(stderr):
    """JCloisterZone ids of the tiles the check names (`┌─ FILE:LINE:COL`): the
    imported tile's name is its JCloisterZone id."""
    ids = set()
    for path, line in re.findall(r"┌─ (\S+?):(\d+):\d+", stderr):
        lines = Path(path).read_text().splitlines()[: int(line)]
        for text in reversed(lines):
            m = re.match(r'tile \S+ "([^"]+)"', text)
            if m:
                ids.add(m.group(1))
                break
    return ids


def drop_tiles(path, ids):
    tree = ET.parse(path)
    for parent in tree.iter():
        for child in list(parent):
            if child.tag in ("tile", "card") and child.get("id") in ids:
                parent.remove(child)
            elif child.tag in ("ref", "remove") and child.get("tile") in ids:
                parent.remove(child)
    tree.write(path, encoding="utf-8", xml_declaration=True)


def tile_sets(addon_xml):
    """Each tile-set of an add-on with the JCloisterZone sets a player chooses
    with it, as `tilec build` prints them: a set that counts BA/RCr alone; a
    river set that removes River I's tiles, or that extends a river, with the
    Basic game and JCloisterZone's River I; any other with the Basic game."""
    out = []
    root = ET.parse(addon_xml).getroot()
    group = {t.get("id"): t.get("group") for t in root.iter("tile")}
    for ts in root.iter("tile-set"):
        sid = ts.get("id")
        refs = {r.get("tile") for r in ts.iter("ref")}
        removes = {r.get("tile") for r in ts.iter("remove")}
        groups = {group.get(t) for t in refs}
        if "BA/RCr" in refs:
            out.append((sid, [sid]))
        elif "RI.1/II" in removes or groups & {"river", "river-spring", "river-lake", "river-fork"}:
            out.append((sid, ["basic", "river/1", sid]))
        else:
            out.append((sid, ["basic", sid]))
    return out


def play(work, defs, sets, games, seed, label):
    cmd = ["java", "-cp", classpath(work), "tilec.jcz.Play", "--defs", ",".join(map(str, defs)),
           "--sets", ",".join(sets), "--games", str(games), "--seed", str(seed), "--label", label]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        return {"label": label, "error": res.stderr.strip().splitlines()[-1:], "games": games, "finished": 0}
    return json.loads(res.stdout)


def row(r):
    groups = r.get("groups", {})
    g = lambda k: sum(v[k] for v in groups.values())
    fails = "; ".join(f"{n}× {f}" for f, n in r.get("failures", {}).items()) or r.get("error") or ""
    start = ", ".join(f"{t or '-'} ×{n}" for t, n in r.get("startTiles", {}).items())
    river = {k: v for k, v in groups.items() if k.startswith("river")}
    rv = " ".join(f"{k} {v['placed']}/{v['inPack']}" for k, v in river.items())
    hidden = r.get("hiddenUnderHills", 0)
    left = f"{g('left') - hidden}" + (f" (+{hidden} under hills)" if hidden else "") if groups else "-"
    rules = ", ".join(f"{e} {n}" for e, n in r.get("events", {}).items() if e not in COMMON_EVENTS)
    discarded = f"{g('discarded')}" + (f" ({r['gamesWithDiscards']} games)" if g("discarded") else "")
    return (f"| {r['label']} | {r['finished']}/{r['games']} | {start} | {g('placed') if groups else '-'} "
            f"| {discarded if groups else '-'} | {left} | {rv} | {rules} | {fails} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", type=Path, required=True)
    ap.add_argument("--jcz-xml", type=Path, required=True)
    ap.add_argument("--work", type=Path, required=True)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=["shipped", "library"])
    ap.add_argument("--tiles", type=Path, help="play this directory's sets instead (a designer's)")
    ap.add_argument("--json", type=Path, help="also write every result as JSON here")
    ap.add_argument("--tilec", help="the tilec binary (default: cargo build, target/debug/tilec)")
    a = ap.parse_args()
    a.work.mkdir(parents=True, exist_ok=True)
    ensure_jars()
    compile_engine(a.engine, a.work)
    tilec = a.tilec
    if tilec is None:
        run(["cargo", "build", "--quiet"], cwd=REPO)
        tilec = str(REPO / "target/debug/tilec")
    xmls = sorted(a.jcz_xml.glob("*.xml"))
    results, library = [], {}
    if a.tiles:
        addon, log = tilec_build(tilec, a.tiles.resolve(), a.work, "tiles")
        print(log, end="")
        for sid, sets in tile_sets(addon):
            results.append(play(a.work, xmls + [addon], sets, a.games, a.seed, "+".join(sets)))
        a.only = "none"
    if a.only not in ("library", "none"):
        addon, _ = tilec_build(tilec, REPO / "tiles", a.work, "shipped")
        setups = [
            ("tilec/base",),
            ("basic", "river/1", "tilec/river"),
            ("tilec/base", "river/1", "tilec/river"),
            ("basic", "tilec/anniversary"),
            ("basic", "tilec/festival"),
            ("basic", "tilec/promos"),
            ("basic", "tilec/mm"),
            ("basic", "tilec/inns-cathedrals"),
            ("basic", "tilec/traders-builders"),
            ("tilec/base", "tilec/anniversary", "tilec/festival", "tilec/promos", "tilec/mm",
             "tilec/inns-cathedrals", "tilec/traders-builders"),
            ("basic", "tilec/princess-dragon"),
            ("basic", "tilec/tower"),
            # Not ("basic", "tilec/abbey-mayor") yet: its add-on switches JCloisterZone's
            # `abbey` element on, and this driver does not play the abbey phase (a player
            # holding an abbey, no tile drawn: NullPointerException on getDrawnTile()).
            ("basic", "tilec/river"),  # not as `tilec build` says: without JCloisterZone's River
        ]
        for s in setups:
            results.append(play(a.work, xmls + [addon], list(s), a.games, a.seed, "+".join(s)))
    if a.only not in ("shipped", "none"):
        lib, dropped = import_library(tilec, xmls, a.work)
        addon, log = tilec_build(tilec, lib, a.work, "library")
        refused = re.findall(r"warning: set `([^`]+)` is left out", log)
        library = {"files": len(xmls), "dropped": dropped, "refused": refused}
        print(f"library: {len(xmls)} files; tiles taken out (their import does not check): "
              f"{', '.join(dropped) or 'none'}; sets refused by the add-on: {', '.join(refused) or 'none'}")
        # JCloisterZone's own sets, to compare with: its River II discards a
        # river tile now and then too.
        for sets in (["basic"], ["basic", "river/1"], ["basic", "river/2"]):
            results.append(play(a.work, xmls, sets, a.games, a.seed, "JCZ's own " + "+".join(sets)))
        for sid, sets in tile_sets(addon):
            results.append(play(a.work, xmls + [addon], sets, a.games, a.seed, "+".join(sets)))
    print("| setup | ended | start | placed | discarded | left | river placed/in pile | rules in play | failures |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        print(row(r))
    if a.json:
        a.json.write_text(json.dumps({"library": library, "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()
