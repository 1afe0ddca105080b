//! Hostile inputs (issue "hostile inputs, round two"): names that reach tile
//! text, XML and the terminal are escaped or refused where they are written;
//! counts and lengths have bounds with a clear message; no panic.

mod common;

use common::{root, text, Temp};
use std::path::Path;

use common::tilec_in as tilec;

/// `dir/NAME.tiles`: a set of one kind of tile, two copies, the start tile
/// unless the set is `b` (`id` the tile's local id, `name` the set's name as
/// written between the quotes).
fn one_tile_set(dir: &Path, set: &str, id: &str, name: &str) {
    std::fs::create_dir_all(dir).unwrap();
    let start = if set == "b" { "" } else { "\n  start" };
    let text = format!(
        "set {set} \"{name}\" {{\n  provenance sourced\n}}\n\ntile {id} \"t\" {{\n  count 2{start}\n  city c N\n  field f E S W -> c\n}}\n"
    );
    std::fs::write(dir.join(format!("{set}.tiles")), text).unwrap();
}

#[test]
fn escape_sequences_in_inputs_never_reach_the_terminal() {
    let t = Temp::new("esc");
    let tiles = "set e \"\u{1b}]0;pwned\u{7}\" {\n  provenance sourced # \u{1b}[2J\n}\ntile A \"\u{1b}[31m\" { count 1; city c N\u{1b}[8m }\n";
    std::fs::write(t.0.join("e.tiles"), tiles).unwrap();
    let out = tilec(&t.0, &["check", "e.tiles"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(!err.contains('\u{1b}'), "raw escape on stderr: {err:?}");
    assert!(err.contains("\\u{1b}"), "{err}");
    let record = std::fs::read_to_string(root().join("tests/custom/harbour.toml")).unwrap();
    let record = record.replace("\"red\"", "\"r\\u001b[2Jed\"");
    std::fs::write(t.0.join("r.toml"), record).unwrap();
    let custom = root().join("tests/custom");
    let out = tilec(
        &t.0,
        &["play", "--tiles", custom.to_str().unwrap(), "r.toml"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(
        !shown.contains('\u{1b}') && shown.contains("r\\u{1b}[2Jed"),
        "{shown:?}"
    );
    let bad = std::fs::read_to_string(t.0.join("r.toml")).unwrap();
    let bad = bad.replace("\"lagoon\"]", "\"l\\u001b]0;x\\u0007\"]");
    std::fs::write(t.0.join("bad.toml"), bad).unwrap();
    let out = tilec(
        &t.0,
        &["play", "--tiles", custom.to_str().unwrap(), "bad.toml"],
    );
    let err = text(&out.stderr);
    assert!(!out.status.success() && !err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("l\\u{1b}]0;x\\u{7}"), "{err:?}");
}

#[test]
fn new_refuses_a_name_that_is_not_one_line_of_text() {
    let t = Temp::new("new-name");
    for name in [
        "X\ntile Z \"z\" { count 1 }",
        "tab\there",
        "cr\rhere",
        "esc\u{1b}[2J",
    ] {
        let out = tilec(&t.0, &["new", "castles", "--dir", "d", "--name", name]);
        assert_eq!(out.status.code(), Some(2), "{name:?}");
        assert!(text(&out.stderr).contains("error: --name: the name holds the control character"));
        assert!(!t.0.join("d/castles.tiles").exists());
    }
    let long = "x".repeat(65_536);
    let out = tilec(&t.0, &["new", "castles", "--dir", "d", "--name", &long]);
    assert!(
        text(&out.stderr).contains("at most 100"),
        "{}",
        text(&out.stderr)
    );
    let out = tilec(
        &t.0,
        &[
            "new",
            "castles",
            "--dir",
            "d",
            "--name",
            "Château \"fort\" \\o/",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = tilec(&t.0, &["check", "d"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn any_set_name_gives_well_formed_add_on_xml() {
    let t = Temp::new("xml-name");
    one_tile_set(&t.0.join("inp"), "odd", "A", "a\u{1}b\u{8}c<&>\\\"");
    let out = tilec(
        &t.0,
        &["build", "--tiles", "inp", "--site", "s", "--jcz-addon", "a"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let xml = std::fs::read_to_string(t.0.join("a/tilec.xml")).unwrap();
    roxmltree::Document::parse(&xml).expect("the add-on's tilec.xml is XML");
    let out = tilec(&t.0, &["export", "--format", "jcz", "inp"]);
    roxmltree::Document::parse(&text(&out.stdout)).expect("the export is XML");
}

#[test]
fn a_very_long_tile_id_names_its_files() {
    let t = Temp::new("long-id");
    let id = "a".repeat(300);
    one_tile_set(&t.0.join("inp"), "long", &id, "Long");
    assert!(tilec(&t.0, &["check", "inp"]).status.success());
    let out = tilec(
        &t.0,
        &["build", "--tiles", "inp", "--site", "s", "--jcz-addon", "a"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = tilec(&t.0, &["render", "inp", "--out", "p"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn long_player_names_and_long_lines_are_refused_briefly() {
    let t = Temp::new("long-record");
    let record = std::fs::read_to_string(root().join("tests/custom/harbour.toml")).unwrap();
    let custom = root().join("tests/custom");
    let play = |file: &str| tilec(&t.0, &["play", "--tiles", custom.to_str().unwrap(), file]);
    let long = record.replace("\"red\"", &format!("\"{}\"", "r".repeat(65_536)));
    std::fs::write(t.0.join("long.toml"), long).unwrap();
    let out = play("long.toml");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("player 1's name has 65536 characters; at most 100"),
        "{err}"
    );
    assert!(err.len() < 1000, "{} bytes of stderr", err.len());
    let bad = record.replace("sets = [", &format!("sets = {} [", "x".repeat(900 << 10)));
    std::fs::write(t.0.join("bad.toml"), bad).unwrap();
    let out = play("bad.toml");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stderr.len() < 10_000,
        "{} bytes of stderr",
        out.stderr.len()
    );
    assert!(
        text(&out.stderr).contains("characters)"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn counts_past_their_bounds_are_refused_with_a_message() {
    let t = Temp::new("bounds");
    for (args, says) in [
        (
            vec!["--threads", "40000"],
            "--threads 40000: at most 512 threads",
        ),
        (
            vec!["--games", "0"],
            "--games 0: there is nothing to simulate",
        ),
        (
            vec!["--games", "1099511627776"],
            "at most 1000000000000 games",
        ),
        (
            vec!["--compare", "--threads", "40000"],
            "at most 512 threads",
        ),
    ] {
        let mut all = vec!["simulate"];
        all.extend(args);
        let out = tilec(&t.0, &all);
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
}

#[test]
fn sets_that_remove_each_others_tiles_are_named() {
    let t = Temp::new("removes");
    let d = t.0.join("d");
    one_tile_set(&d, "a", "A", "A");
    one_tile_set(&d, "b", "B", "B");
    let toml = "[[set]]\nid = \"a\"\ntotal = 2\nremoves = [\"b/B\"]\n\n[[set]]\nid = \"b\"\ntotal = 2\nremoves = [\"a/A\"]\n";
    std::fs::write(d.join("sets.toml"), toml).unwrap();
    let out = tilec(
        &t.0,
        &["simulate", "--tiles", "d", "--sets", "a,b", "--games", "1"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("the sets a, b leave no tile to play: `a` removes b/B; `b` removes a/A"),
        "{err}"
    );
}

#[test]
fn ids_that_differ_only_in_punctuation_import_as_distinct_tiles() {
    let t = Temp::new("punct");
    let cards: String = (0..300)
        .map(|i| {
            format!(
                "<card id=\"A{}\" count=\"1\"><city>N</city><farm>EL ER SL SR WL WR</farm></card>",
                ".".repeat(i)
            )
        })
        .collect();
    std::fs::write(t.0.join("p.xml"), format!("<pack>{cards}</pack>")).unwrap();
    let out = tilec(&t.0, &["import-jcz", "p.xml"]);
    let tiles = text(&out.stdout);
    for n in [2, 300] {
        assert!(
            tiles.contains(&format!("tile A-{n} ")),
            "A-{n}: {}",
            text(&out.stderr)
        );
    }
}
