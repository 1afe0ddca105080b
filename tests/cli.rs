//! The `tilec check` and `tilec export` commands as a user runs them: exit codes,
//! where output goes, no colour when not on a terminal.

mod common;

use common::{text, tilec};

#[test]
fn check_of_the_shipped_tiles_is_clean() {
    let out = tilec(&["check", "tiles"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "ok: 11 sets, 186 tile kinds, 239 tiles\n"
    );
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
    // Refusals are usage errors, exit 2, whatever the reason.
    let again = tilec(&["new", "castles", "--tiles", d]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("castles.tiles` already exists; choose another id"));
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

#[test]
fn explain_prints_every_codes_explanation_and_refuses_an_unknown_code() {
    for code in tilec::message::CODES {
        let out = tilec(&["check", "--explain", code]);
        assert_eq!(out.status.code(), Some(0), "{code}");
        let page = text(&out.stdout);
        assert!(page.starts_with(&format!("{code}\n\n")), "{page}");
        assert!(page.contains("```"), "{code} has an example:\n{page}");
    }
    let page = text(&tilec(&["check", "--explain", "e202"]).stdout);
    assert!(page.contains("road r E W over=v"), "{page}");
    let out = tilec(&["check", "--explain", "E999"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("no diagnostic has the code `E999`"), "{err}");
    let last = tilec::message::CODES.iter().max().expect("codes");
    assert!(err.contains(&format!("from E001 to {last}")), "{err}");
}

#[test]
fn help_shows_each_default_once() {
    let help = text(&tilec(&["check", "--help"]).stdout);
    assert_eq!(help.matches("default").count(), 1, "{help}");
    assert!(help.contains("--explain <CODE>"), "{help}");
    for command in ["export", "fmt"] {
        let help = text(&tilec(&[command, "--help"]).stdout);
        assert_eq!(help.matches("[default: `tiles` when").count(), 1, "{help}");
        assert!(!help.contains("(default"), "{help}");
    }
}

#[test]
fn a_tile_without_the_dot_format_is_refused() {
    let out = tilec(&["export", "--tile", "base/D"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stdout, b"", "no JSON printed");
    let err = text(&out.stderr);
    assert!(
        err.contains("error: --tile `base/D` is for --format dot"),
        "{err}"
    );
    assert!(err.contains("hint: add `--format dot`"), "{err}");
}

#[test]
fn set_ids_that_cannot_name_a_table_are_refused_by_new_and_import() {
    let out = tilec(&["new", "9lives", "--dir", "target/no-such-dir"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("begin with a letter"),
        "{}",
        text(&out.stderr)
    );
    assert!(!common::root().join("target/no-such-dir").exists());
    let out = tilec(&["import-jcz", "tests/import/pack.xml", "--set", "9x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("a set id is a letter, then"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_fifo_in_a_tiles_directory_is_reported_not_read() {
    let t = common::Temp::new("fifo");
    std::fs::copy(
        common::root().join("tiles/promos.tiles"),
        t.0.join("promos.tiles"),
    )
    .unwrap();
    let fifo = t.0.join("x.tiles");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(
        made.is_ok_and(|s| s.success()),
        "mkfifo is needed for this test"
    );
    // A hang would block here forever; a child that still runs after 20 s fails.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(["check", t.path()])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("tilec check hangs on a FIFO");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("x.tiles`: not a regular file"), "{err}");
}

#[test]
fn import_jcz_help_speaks_of_several_files_and_of_out() {
    let help = text(&tilec(&["import-jcz", "--help"]).stdout);
    assert!(
        help.starts_with("Import JCloisterZone tile XML files: one set as tile text on stdout, or with --out DIR a new directory of every set and its sets.toml\n"),
        "{help}"
    );
}
