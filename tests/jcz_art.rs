//! The add-on's artwork (`tilec build --jcz-addon`) for every tile we have:
//! the shipped sets, every tile file of the import fixtures, the export's
//! vocabulary tiles and the add-on fixtures; with `TILEC_JCZ_DIR` set to
//! JCloisterZone's tile XML, every tile of its whole library imported too.
//! For each tile, every place JCloisterZone's engine can put a figure or a
//! piece (derived from the add-on's XML by the engine's rules:
//! `jcz_addon/rules.rs`) has an artwork feature, and every feature's point
//! is where a figure can stand, and the clips of a tile are disjoint
//! (`jcz_addon/points.rs`).

#[path = "jcz_addon/points.rs"]
mod points;
#[path = "jcz_addon/rules.rs"]
mod rules;

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tilec::diagnostic::Sources;
use tilec::model::{Model, Set};
use tilec_runtime::MarkKind;

/// The model of one `.tiles` file (every tile that lowers, checked or not).
fn compile_file(path: &Path) -> Model {
    let mut sources = Sources::new();
    let text = std::fs::read_to_string(path).expect("a tile file");
    let id = sources.add(path.display().to_string(), text);
    tilec::compile(&sources, &[id], None).model
}

/// Every model of the fixtures: each loose `.tiles` file, each directory of them.
fn fixtures() -> Vec<(String, Model)> {
    let root = common::root();
    let mut out = vec![("tiles".to_string(), common::shipped().model)];
    for dir in ["tests/import", "tests/export_jcz", "tests/jcz_addon"] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("a fixture directory")
            .map(|e| e.expect("an entry").path())
            .collect();
        entries.sort();
        for p in entries {
            let name = p.strip_prefix(&root).unwrap_or(&p).display().to_string();
            if p.is_dir() && p.join("sets.toml").exists() {
                out.push((name, common::compile_dir(&p).1.model));
            } else if p.extension().is_some_and(|x| x == "tiles") {
                out.push((name, compile_file(&p)));
            }
        }
    }
    out
}

/// The add-on of `model`'s sets, keyed by path, held to the loaders' and
/// the engine's rules (every place the engine can report has a feature).
/// A set the add-on refuses (`jcz_play::refusal`: the Count's pieces, wind
/// roses) is measured without what it refuses (the marks, or the tiles with
/// seams), so that the rest of it still is.
fn addon(model: &Model) -> points::Files {
    let playable: Vec<Set> = model.sets.iter().map(without_refused).collect();
    let sets: Vec<_> = playable.iter().collect();
    let (files, _) = tilec::emit::jcz_addon::addon(&sets);
    let files: points::Files = files.into_iter().collect();
    rules::check(&files);
    files
}

fn without_refused(set: &Set) -> Set {
    let mut set = set.clone();
    for t in &mut set.tiles {
        t.marks
            .retain(|m| !matches!(m.kind, MarkKind::Quarter | MarkKind::WindRose));
    }
    set.tiles
        .retain(|t| tilec::emit::jcz_play::tile_refusal(t).is_none());
    set
}

/// Measures every point and clip of every source's add-on; panics naming
/// each fault.
fn hold(sources: &[(String, Model)]) -> BTreeMap<String, usize> {
    let mut faults = Vec::new();
    let mut overlaps = Vec::new();
    let mut kinds = BTreeMap::new();
    let mut tiles = 0;
    let mut tightest: Vec<(f64, String)> = Vec::new();
    for (name, model) in sources {
        let files = addon(model);
        let measured = points::measure(&files, "tilec");
        let shared = points::overlaps(&files, "tilec");
        overlaps.extend(shared.into_iter().map(|o| format!("{name}: {o}")));
        tiles += model.sets.iter().map(|s| s.tiles.len()).sum::<usize>();
        for m in &measured {
            let ty = m.key.split('/').next().unwrap_or_default().to_string();
            *kinds.entry(ty).or_insert(0) += 1;
            faults.extend(points::fault(m, 160.0).map(|f| format!("{name}: {f}")));
            let margin = m.room / (points::INSIDE * m.most).min(points::ENOUGH * 160.0);
            tightest.push((
                margin,
                format!("{} {} room {:.1} of {:.1}", m.tile, m.key, m.room, m.most),
            ));
        }
    }
    tightest.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (margin, what) in tightest.iter().take(5) {
        println!("tightest: {margin:.2} × the least room wanted: {what}");
    }
    let total: usize = kinds.values().sum();
    println!(
        "{} sources, {tiles} tiles, {total} places: {kinds:?}",
        sources.len()
    );
    assert!(
        faults.is_empty(),
        "{} of {total} points are misplaced:\n{}",
        faults.len(),
        faults.join("\n")
    );
    assert!(
        overlaps.is_empty(),
        "{} pairs of clips overlap (each place's clip must be cut out of the others):\n{}",
        overlaps.len(),
        overlaps.join("\n")
    );
    kinds
}

#[test]
fn every_place_of_every_fixture_has_a_point_a_figure_can_stand_on() {
    let kinds = hold(&fixtures());
    // The engine's places that are no segment are there too.
    for ty in [
        "Vodyanoy",
        "SoloveiRazboynik",
        "Tower",
        "Circus",
        "Acrobats",
        "FlyingMachine",
    ] {
        assert!(
            kinds.contains_key(ty),
            "no {ty} place in the fixtures: {kinds:?}"
        );
    }
}

#[test]
fn a_road_under_a_city_has_a_place_on_each_side() {
    let (_, compiled) = common::compile_dir(&common::root().join("tests/export_jcz"));
    let files = addon(&compiled.model);
    let tiles: serde_json::Value =
        serde_json::from_slice(&files["tilec/jsons/tiles.json"]).expect("JSON");
    let features = tiles["tilec/vocab/tunnel"]["features"]
        .as_object()
        .expect("the tile");
    let keys: Vec<&str> = features.keys().map(String::as_str).collect();
    for key in ["Road/NS", "Road/N", "Road/S", "City/WE"] {
        assert!(keys.contains(&key), "{key}: {keys:?}");
    }
    // Each half stands on its own side of the city.
    let measured = points::measure(&files, "tilec");
    let y = |key: &str| {
        let m = measured
            .iter()
            .find(|m| m.tile == "tilec/vocab/tunnel" && m.key == key);
        m.expect("measured").point.1
    };
    assert!(
        y("Road/N") < 60.0 && y("Road/S") > 100.0,
        "{} {}",
        y("Road/N"),
        y("Road/S")
    );
}

#[test]
fn every_place_of_jczs_whole_library_has_one_too() {
    let Some(dir) = std::env::var_os("TILEC_JCZ_DIR") else {
        common::skip("every_place_of_jczs_whole_library_has_one_too", "set TILEC_JCZ_DIR to JCloisterZone's src/extraResources/expansions to hold the artwork of its whole library, imported, to the same rules");
        return;
    };
    let mut xml: Vec<String> = std::fs::read_dir(&dir)
        .expect("TILEC_JCZ_DIR is a directory")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .map(|p| p.display().to_string())
        .collect();
    xml.sort();
    assert!(!xml.is_empty(), "no .xml in {}", Path::new(&dir).display());
    let tmp = common::Temp::new("jcz-art-library");
    let out = format!("{}/lib", tmp.path());
    let mut args = vec!["import-jcz"];
    args.extend(xml.iter().map(String::as_str));
    args.extend(["--out", &out]);
    // Some of JCloisterZone's tiles do not check (docs/import-jcz.md); the
    // directory is written all the same, and its every tile is held here.
    let done = common::tilec(&args);
    assert!(Path::new(&out).is_dir(), "{}", common::text(&done.stderr));
    let (_, compiled) = common::compile_dir(Path::new(&out));
    let kinds = hold(&[("JCloisterZone".to_string(), compiled.model)]);
    println!("{} files imported", xml.len());
    assert!(kinds["City"] > 300, "{kinds:?}");
}

/// `tools/jcz/client-check.sh`: JCloisterZone-Client's own add-on, expansion
/// and artwork code loads the shipped sets' add-on (and with `TILEC_JCZ_DIR`
/// the whole library's) and finds every place of every tile in all rotations.
#[test]
fn the_clients_own_loaders_find_every_place() {
    let Some(client) = std::env::var_os("TILEC_JCZ_CLIENT") else {
        common::skip("the_clients_own_loaders_find_every_place", "set TILEC_JCZ_CLIENT to a checkout of farin/JCloisterZone-Client to load the add-on with the client's own code (tools/jcz/client-check.sh; needs node and npm)");
        return;
    };
    let mut cmd = std::process::Command::new("bash");
    cmd.arg(common::root().join("tools/jcz/client-check.sh"))
        .arg(&client)
        .env("TILEC", env!("CARGO_BIN_EXE_tilec"));
    if let Some(xml) = std::env::var_os("TILEC_JCZ_DIR") {
        cmd.arg(xml);
    }
    let out = cmd.output().expect("bash runs");
    let report = common::text(&out.stdout);
    println!("{report}");
    assert!(
        out.status.success(),
        "{report}\n{}",
        common::text(&out.stderr)
    );
    let summaries = report
        .lines()
        .filter(|l| l.contains(" lookups in 4 rotations"));
    assert!(summaries.count() >= 1, "no add-on checked: {report}");
    assert!(!report.contains("problem:"), "{report}");
}
