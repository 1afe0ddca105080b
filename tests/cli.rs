//! The `tilec check` and `tilec export` commands as a user runs them: exit codes,
//! where output goes, no colour when not on a terminal.

mod common;

use common::{text, tilec};

#[test]
fn check_of_the_shipped_tiles_is_clean() {
    let out = tilec(&["check", "tiles"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "ok: 6 sets, 86 tile kinds, 131 tiles\n");
}

#[test]
fn check_of_a_broken_file_exits_1_with_located_plain_diagnostics() {
    let out = tilec(&["check", "tests/bad/segments_cross.tiles"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("error[E202]: segments `r1` and `r2` cross"),
        "{err}"
    );
    assert!(err.contains("tests/bad/segments_cross.tiles:9:3"), "{err}");
    assert!(
        !err.contains('\u{1b}'),
        "no colour codes when stderr is not a terminal"
    );
    assert!(err.ends_with("error: 1 problem found\n"), "{err}");
}

#[test]
fn unreadable_paths_exit_2() {
    let out = tilec(&["check", "no/such/file.tiles"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read `no/such/file.tiles`"));
    let out = tilec(&["check", "tests/common"]);
    assert_eq!(out.status.code(), Some(2), "a folder without .tiles files");
}

#[test]
fn export_prints_the_library_json() {
    let out = tilec(&["export", "--format", "json", "tiles"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        tilec::emit::json::emit(&common::shipped().model)
    );
}

#[test]
fn export_of_a_directory_without_sets_toml_takes_totals_from_the_tiles() {
    let dir = std::env::temp_dir().join(format!("tilec-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        common::root().join("tiles/promos.tiles"),
        dir.join("promos.tiles"),
    )
    .unwrap();
    let out = tilec(&["export", dir.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["sets"][0]["tile_count"], 4);
}

#[test]
fn dot_needs_a_tile_and_prints_its_graph() {
    assert_eq!(tilec(&["export", "--emit", "dot"]).status.code(), Some(2));
    assert_eq!(
        tilec(&["export", "--emit", "dot", "--tile", "base/ZZ"])
            .status
            .code(),
        Some(2)
    );
    let out = tilec(&["export", "--emit", "dot", "--tile", "base/D"]);
    assert_eq!(out.status.code(), Some(0));
    let dot = text(&out.stdout);
    assert!(dot.starts_with("graph \"base/D\" {"), "{dot}");
    assert!(dot.contains("label=\"c (city)\""), "{dot}");
    assert!(dot.contains("label=\"NL\""), "{dot}");
}

#[test]
fn new_scaffolds_a_set_that_checks_clean_and_refuses_to_overwrite() {
    let dir = std::env::temp_dir().join(format!("tilec-new-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let out = tilec(&["new", "castles", "--dir", d, "--name", "Castles"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(dir.join("castles.tiles").exists());
    let check = tilec(&["check", d]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));
    assert_eq!(text(&check.stdout), "ok: 1 set, 2 tile kinds, 4 tiles\n");
    assert_eq!(
        tilec(&["new", "castles", "--dir", d]).status.code(),
        Some(1)
    );
    assert_eq!(tilec(&["new", "bad id", "--dir", d]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_designers_build_does_not_overwrite_the_shipped_tables_unless_asked() {
    let dir = std::env::temp_dir().join(format!("tilec-build-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mine = common::root().join("tests/custom");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args([
            "build",
            "--tiles",
            mine.to_str().unwrap(),
            "--site",
            "mysite",
        ])
        .current_dir(&dir)
        .output()
        .expect("tilec runs");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(dir.join("mysite/index.html").exists());
    assert!(!dir.join("runtime").exists(), "no tables without --tables");
    assert!(text(&out.stdout).contains("tables not written"));
    std::fs::remove_dir_all(&dir).ok();
}
