#!/usr/bin/env python3
"""JCloisterZone's engine referees tilec's: random games of each setup both
engines know, played by one and replayed by the other, scores compared after
every turn and at the end.

    tools/jcz/engine/referee.py --engine ENGINE --jcz-xml XMLDIR --work WORK \\
        [--games 200] [--seed 1] [--setups base,river] [--tilec PATH] [--json FILE]

ENGINE is a checkout of farin/JCloisterZone, XMLDIR the tile XML of
farin/JCloisterZone-Client (both AGPL, never copied into this repository);
WORK a directory outside the repository. The engine and the driver
(tools/jcz/engine/src) are compiled as harness.py compiles them, and tilec's
add-on of the shipped sets is built (a setup with tilec's River plays its
tiles). Then, for each setup:

- tilec to JCloisterZone: `tilec simulate --records` plays N games, `tilec
  export-game` writes each as a save, the driver (`tilec.jcz.Referee replay`)
  replays the saves in JCloisterZone's engine; each game's scores after every
  turn and at the end are compared with `tilec play --json`'s;
- JCloisterZone to tilec: the driver (`tilec.jcz.Referee play`) plays N random
  games from the setup of the first exported save and saves them as the
  client does (no forced draws), replays them for its scores, and `tilec
  import-jcz-game` and `tilec play --json` give tilec's.

It prints a table per setup and direction: games, turns, games agreeing,
games whose disagreement is a known difference (docs/rules/jcz-differences.md,
named), and the first disagreement of each kind (the game, turn, the feature
scored differently, both engines' scores). Exit status 1 on any disagreement
no known difference explains.

A setup is one line of SETUPS; a known difference one entry of KNOWN.
"""

import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import harness  # noqa: E402  (the engine's compilation and the add-on's build)

# A setup: its name and tilec's sets (`simulate --sets`). Its JCloisterZone
# setup is what `tilec export-game` writes for them (src/jcz_game/rooms.rs).
SETUPS = [
    ("base", "base"),
    ("river", "base,river"),
    ("festival", "base,festival"),
    ("promos", "base,promos"),
    ("together", "base,river,festival,promos"),
    ("inns", "base,inns-cathedrals"),
    ("traders", "base,traders-builders"),
    ("big-boxes", "base,inns-cathedrals,traders-builders"),
]


def refused_by_river(d):
    """JCloisterZone's river rule refused tilec's placement, or set aside a
    river tile (whose place tilec's rule allows) by the refused turn."""
    if d.get("refusedBy") == "RiverCapability":
        return True
    turn = d.get("turn")
    aside = d.get("jcz set aside", [])[: turn if isinstance(turn, int) else None]
    return d["kind"] == "tilec refuses" and any("river" in t for ts in aside for t in ts)


def first_trap_divergence(d):
    """The kind of trap ("solovei", "vodyanoy") by which the engines' Russian
    traps first caught different figures, up to the disagreement's turn
    (that turn included: a trap springs before its turn's figure step and
    scoring), or None. A figure tilec's Vodyanoy took from Solovei counts as
    Vodyanoy's."""
    ours, theirs = d.get("tilec traps"), d.get("jcz traps")
    if ours is None or theirs is None:
        return None
    turn = d.get("turn")
    last = max(len(ours), len(theirs)) if turn in (None, "end") else turn
    for t in range(last):
        a = sorted(tuple(x) for x in (ours[t] if t < len(ours) else []))
        b = sorted(tuple(x) for x in (theirs[t] if t < len(theirs) else []))
        if a != b:
            kinds = {k for k, _ in set(a) ^ set(b)}
            return "vodyanoy" if "vodyanoy" in kinds else "solovei"
    return None


# Differences on purpose: (name in docs/rules/jcz-differences.md, whether a
# game's first disagreement is that difference at work).
KNOWN = [
    ("river-u-turn", refused_by_river),
    ("solovei-when", lambda d: first_trap_divergence(d) == "solovei"),
    ("vodyanoy-wins", lambda d: first_trap_divergence(d) == "vodyanoy"),
]


def run(cmd, **kw):
    return subprocess.run(cmd, text=True, capture_output=True, **kw)


def java(work, mode, defs, **opts):
    cmd = ["java", "-cp", harness.classpath(work), "tilec.jcz.Referee", mode, "--defs", ",".join(map(str, defs))]
    for k, v in opts.items():
        cmd += [f"--{k.replace('_', '-')}", str(v)]
    res = run(cmd)
    if res.returncode != 0:
        sys.exit(f"error: the driver failed ({mode}):\n{res.stderr[-3000:]}")
    return [json.loads(line) for line in res.stdout.splitlines() if line.strip()]


def tilec_scores(tilec, record):
    """tilec's scores after every turn and at the end, and each turn's points
    by feature, from `tilec play --json`; or the error."""
    res = run([tilec, "play", "--json", str(record)])
    if res.returncode != 0 and not res.stdout:
        return {"error": res.stderr.strip().splitlines()[0] if res.stderr.strip() else "tilec play failed"}
    out = json.loads(res.stdout)
    names = [p["name"] for p in out["players"]]
    turns = sum(1 for line in Path(record).read_text().splitlines() if line.strip() == "[[turn]]")
    per_turn = [[0] * len(names) for _ in range(turns)]
    points = [defaultdict(int) for _ in range(turns + 1)]
    for e in out["events"]:
        t = e["turn"]
        for w in e["winners"]:
            p = names.index(w)
            what = e.get("feature") or e["cause"]
            points[t - 1 if t else turns][(what, p)] += e["points"]
            if t:
                for k in range(t - 1, turns):
                    per_turn[k][p] += e["points"]
    traps = [[] for _ in range(turns)]
    for h in out["happenings"]:
        m = re.search(r"trapped by (\w+)", h["what"])
        if m and 0 < h["turn"] <= turns:
            traps[h["turn"] - 1].append((m.group(1), names.index(h["player"])))
    return {"turns": per_turn, "scores": [p["score"] for p in out["players"]], "points": points, "traps": traps}


def jcz_points(events):
    out = defaultdict(int)
    for e in events:
        what = e["name"].split(".")[0]
        what = {"yaga-hut": "hut", "farm": "field", "cloister": "monastery"}.get(what, what)
        out[(what, e["player"])] += e["points"]
    return out


def compare(ours, theirs):
    """The first disagreement of a game (a dict, with both engines' traps
    for the known differences to look at), or None."""
    d = first_difference(ours, theirs)
    if d is not None:
        d["jcz traps"] = [[(t["trap"].replace("SoloveiRazboynik", "solovei").lower(), t["player"]) for t in ts]
                          for ts in theirs.get("traps", [])]
        d["jcz set aside"] = theirs.get("discarded", [])
        if "traps" in ours:
            d["tilec traps"] = ours["traps"]
        if "turn" in ours and "turn" not in d:
            d["turn"] = ours["turn"]
    return d


def first_difference(ours, theirs):
    if "error" in ours:
        return {"kind": "tilec refuses", "what": ours["error"]}
    if theirs.get("error"):
        d = {"kind": "JCZ refuses", "what": theirs["error"], "message": theirs.get("message"),
             "turn": theirs.get("turn")}
        if theirs.get("refusedBy"):
            d["refusedBy"] = theirs["refusedBy"]
        return d
    jt = theirs["turns"]
    for t, (a, b) in enumerate(zip(ours["turns"], jt)):
        if a != b:
            return differ(t + 1, ours["points"][t], jcz_points(theirs["events"][t]), a, b)
    if len(ours["turns"]) != len(jt):
        return {"kind": "turns", "what": f"tilec {len(ours['turns'])} turns, JCZ {len(jt)}"}
    if ours["scores"] != theirs["scores"]:
        return differ("end", ours["points"][-1], jcz_points(theirs["finalEvents"]), ours["scores"], theirs["scores"])
    return None


def differ(turn, ours, theirs, a, b):
    keys = sorted(set(ours) | set(theirs), key=str)
    diff = [k for k in keys if ours.get(k, 0) != theirs.get(k, 0)]
    feature = diff[0][0] if diff else "?"
    detail = ", ".join(f"{k[0]} p{k[1] + 1}: tilec {ours.get(k, 0)}, JCZ {theirs.get(k, 0)}" for k in diff)
    return {"kind": f"{'end ' if turn == 'end' else ''}{feature}", "turn": turn, "what": detail,
            "tilec": a, "jcz": b}


def known(d):
    return next((name for name, test in KNOWN if d and test(d)), None)


def direction(label, games):
    """One row: games, turns, agreeing, explained, the first disagreement of each kind."""
    row = {"direction": label, "games": len(games), "turns": sum(g["turns"] for g in games),
           "agreeing": sum(1 for g in games if not g["disagreement"]), "explained": defaultdict(int),
           "first": {}}
    for g in games:
        d = g["disagreement"]
        if not d:
            continue
        name = known(d)
        if name:
            row["explained"][name] += 1
            continue
        row["first"].setdefault(d["kind"], dict(d, game=g["name"]))
    return row


def to_jcz(a, tilec, defs, dirs, n, seed, sets):
    recs, saves = dirs / "tilec-records", dirs / "tilec-saves"
    res = run([tilec, "simulate", "--sets", sets, "--players", "2", "--games", str(n), "--seed", str(seed),
               "--threads", "1", "--records", str(recs)])
    if res.returncode != 0:
        sys.exit(f"error: tilec simulate failed:\n{res.stderr}")
    saves.mkdir(parents=True, exist_ok=True)
    for old in saves.glob("*.jcz"):
        old.unlink()
    games, refused = [], {}
    for rec in sorted(recs.glob("game-*.toml"), key=lambda p: int(re.findall(r"\d+", p.name)[0])):
        save = saves / (rec.stem + ".jcz")
        res = run([tilec, "export-game", "--format", "jcz", str(rec), "--out", str(save)])
        if res.returncode != 0:
            refused[rec.stem] = res.stderr.strip().splitlines()[0]
    replayed = {r["file"][:-4]: r for r in java(a.work, "replay", defs, saves=saves)}
    for rec in sorted(recs.glob("game-*.toml"), key=lambda p: int(re.findall(r"\d+", p.name)[0])):
        ours = tilec_scores(tilec, rec)
        theirs = replayed.get(rec.stem, {"error": refused.get(rec.stem, "not exported")})
        games.append({"name": rec.stem, "turns": len(ours.get("turns", [])), "disagreement": compare(ours, theirs)})
    return games, saves


def to_tilec(a, tilec, defs, dirs, n, seed, template):
    saves, recs = dirs / "jcz-saves", dirs / "jcz-records"
    for d in (saves, recs):
        d.mkdir(parents=True, exist_ok=True)
        for old in d.iterdir():
            old.unlink()
    java(a.work, "play", defs, setup=template, games=n, seed=seed, out=saves)
    replayed = {r["file"][:-4]: r for r in java(a.work, "replay", defs, saves=saves)}
    games = []
    for save in sorted(saves.glob("*.jcz")):
        rec = recs / (save.stem + ".toml")
        res = run([tilec, "import-jcz-game", str(save), "--out", str(rec)])
        theirs = replayed[save.stem]
        if res.returncode != 0:
            ours = {"error": "import: " + res.stderr.strip().splitlines()[0]}
            ours.update(traps_before(tilec, save, res.stderr, recs))
        else:
            ours = tilec_scores(tilec, rec)
        games.append({"name": save.stem, "turns": len(theirs.get("turns", [])), "disagreement": compare(ours, theirs)})
    return games


def traps_before(tilec, save, stderr, recs):
    """For a save tilec refuses at `replay[i]` (turn t): the refused turn and
    tilec's traps in the game up to it (the save cut before that turn's
    PLACE_TILE, imported and played)."""
    m = re.search(r"replay\[(\d+)\] \(turn (\d+),", stderr)
    if not m:
        return {}
    cut = json.loads(save.read_text())
    cut["replay"] = cut["replay"][: int(m.group(1))]
    part = recs / (save.stem + ".before.jcz")
    part.write_text(json.dumps(cut))
    rec = recs / (save.stem + ".before.toml")
    if run([tilec, "import-jcz-game", str(part), "--out", str(rec)]).returncode != 0:
        return {}
    before = tilec_scores(tilec, rec)
    return {"traps": before.get("traps", []), "turn": int(m.group(2))}


def show(setup, rows):
    for r in rows:
        firsts = "; ".join(
            f"{k}: {d['game']}" + (f" turn {d['turn']}" if "turn" in d else "") + f" ({d['what']}"
            + (f"; scores tilec {d['tilec']}, JCZ {d['jcz']}" if "tilec" in d else "") + ")"
            for k, d in r["first"].items())
        explained = ", ".join(f"{k} {n}" for k, n in r["explained"].items())
        print(f"| {setup} | {r['direction']} | {r['games']} | {r['turns']} | {r['agreeing']} | {explained} | {firsts} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", type=Path, required=True)
    ap.add_argument("--jcz-xml", type=Path, required=True)
    ap.add_argument("--work", type=Path, required=True)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--setups", help="comma-separated names of SETUPS (default: all)")
    ap.add_argument("--tilec", help="the tilec binary (default: cargo build --release, target/release/tilec)")
    ap.add_argument("--json", type=Path, help="also write every game's result as JSON here")
    a = ap.parse_args()
    a.work = a.work.resolve()
    a.work.mkdir(parents=True, exist_ok=True)
    harness.ensure_jars()
    harness.compile_engine(a.engine, a.work)
    tilec = a.tilec
    if tilec is None:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=harness.REPO, check=True)
        tilec = str(harness.REPO / "target/release/tilec")
    addon, _ = harness.tilec_build(tilec, harness.REPO / "tiles", a.work, "shipped")
    defs = sorted(a.jcz_xml.glob("*.xml")) + [addon]
    chosen = a.setups.split(",") if a.setups else [s for s, _ in SETUPS]
    unknown = [c for c in chosen if c not in dict(SETUPS)]
    if unknown:
        sys.exit(f"error: no setup {', '.join(unknown)} (setups: {', '.join(s for s, _ in SETUPS)})")
    print("| setup | direction | games | turns | agreeing | explained (docs/rules/jcz-differences.md) | first disagreement of each kind |")
    print("|---|---|---|---|---|---|---|")
    results, bad = {}, 0
    for name, sets in SETUPS:
        if name not in chosen:
            continue
        dirs = a.work / "referee" / name
        dirs.mkdir(parents=True, exist_ok=True)
        ours, saves = to_jcz(a, tilec, defs, dirs, a.games, a.seed, sets)
        template = next(iter(sorted(saves.glob("*.jcz"))))
        theirs = to_tilec(a, tilec, defs, dirs, a.games, a.seed, template)
        rows = [direction("tilec → JCZ", ours), direction("JCZ → tilec", theirs)]
        show(name, rows)
        bad += sum(len(r["first"]) for r in rows)
        results[name] = {"tilec → JCZ": ours, "JCZ → tilec": theirs}
    if a.json:
        a.json.write_text(json.dumps(results, indent=1, default=str) + "\n")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
