//! tilec's add-ons played in JCloisterZone's own Java engine, set up as its
//! client sets a game up (`tools/jcz/engine/harness.py`, docs/export-jcz.md).
//! Opt-in: `TILEC_JCZ_ENGINE` is a checkout of farin/JCloisterZone and
//! `TILEC_JCZ_DIR` its client's tile XML (src/extraResources/expansions); the
//! harness compiles the engine outside the repository. Without them each test
//! says SKIPPED.

mod common;

use serde_json::Value;
use std::path::PathBuf;

/// The engine checkout and the XML directory, or `None` after saying SKIPPED.
fn jcz() -> Option<(PathBuf, PathBuf)> {
    match (
        std::env::var_os("TILEC_JCZ_ENGINE"),
        std::env::var_os("TILEC_JCZ_DIR"),
    ) {
        (Some(engine), Some(xml)) => Some((engine.into(), xml.into())),
        _ => {
            common::skip("jcz_engine", "set TILEC_JCZ_ENGINE to a checkout of farin/JCloisterZone and TILEC_JCZ_DIR to its client's src/extraResources/expansions to play the add-ons in its engine");
            None
        }
    }
}

/// Runs the harness on `only` (`shipped` or `library`) with `games` games a setup.
fn harness(only: &str, games: u32) -> Option<Value> {
    let (engine, xml) = jcz()?;
    let tmp = common::Temp::new(&format!("jcz-engine-{only}"));
    let json = tmp.0.join("results.json");
    let out = std::process::Command::new("python3")
        .arg(common::root().join("tools/jcz/engine/harness.py"))
        .args(["--engine".as_ref(), engine.as_os_str()])
        .args(["--jcz-xml".as_ref(), xml.as_os_str()])
        .args(["--work".as_ref(), tmp.0.join("work").as_os_str()])
        .args(["--games", &games.to_string(), "--only", only])
        .args(["--tilec", env!("CARGO_BIN_EXE_tilec")])
        .args(["--json".as_ref(), json.as_os_str()])
        .output()
        .expect("python3 runs");
    let report = common::text(&out.stdout);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    println!("{report}");
    let text = std::fs::read_to_string(json).expect("results");
    Some(serde_json::from_str(&text).expect("JSON"))
}

fn results(v: &Value) -> Vec<&Value> {
    v["results"].as_array().expect("results").iter().collect()
}

/// Copies of a group's `field` (`placed`, `discarded`, `left`, `inPack`) summed.
fn sum(r: &Value, field: &str) -> u64 {
    let groups = r["groups"].as_object().expect("groups");
    groups.values().map(|g| g[field].as_u64().expect("n")).sum()
}

#[test]
fn the_shipped_sets_start_and_play_to_the_end() {
    let games = 3;
    let Some(v) = harness("shipped", games) else {
        return;
    };
    for r in results(&v) {
        let label = r["label"].as_str().expect("label");
        assert_eq!(r["games"], games, "{label}");
        assert_eq!(r["finished"], games, "{label}: {r}");
        assert!(
            r["failures"].as_object().expect("failures").is_empty(),
            "{label}"
        );
        let river = &r["groups"]["river"];
        let start = r["startTiles"].as_object().expect("starts");
        if label == "basic+tilec/river" {
            // Not as `tilec build` says: without JCloisterZone's River the
            // client starts on BA/RCr and every river tile is discarded.
            assert_eq!(river["discarded"], river["inPack"], "{label}");
            continue;
        }
        assert_eq!(sum(r, "discarded"), 0, "{label}");
        assert_eq!(sum(r, "left"), 0, "{label}");
        let want = if label.contains("river") {
            "RI/s"
        } else {
            "BA/RCr"
        };
        assert_eq!(start.get(want), Some(&Value::from(games)), "{label}");
        if label.contains("river") {
            assert_eq!(river["placed"], river["inPack"], "{label}");
            assert_eq!(r["groups"]["river-lake"]["placed"], games, "{label}");
        }
    }
}

#[test]
fn the_imported_library_plays_to_the_end() {
    let games = 2;
    let Some(v) = harness("library", games) else {
        return;
    };
    let refused = v["library"]["refused"].as_array().expect("refused");
    assert_eq!(refused, &["count", "wind-roses"]);
    for r in results(&v) {
        let label = r["label"].as_str().expect("label");
        assert_eq!(r["finished"], games, "{label}: {r}");
        assert!(
            r["failures"].as_object().expect("failures").is_empty(),
            "{label}"
        );
        if label.contains("river/") {
            assert_eq!(r["startTiles"]["RI/s"], games, "{label}");
        }
    }
}
