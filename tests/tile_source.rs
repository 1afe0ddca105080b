//! Which tiles a command reads, the same way for every command (issue #26,
//! points 2, 6 and 9): `--tiles DIR` everywhere, a file read with the
//! `sets.toml` beside it, and outside a checkout the built-in shipped sets.

mod common;

use common::{root, text, Temp};
use std::path::Path;
use std::process::Output;

fn run(dir: &Path, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("tilec runs")
}

/// Every command that reads tiles, with `--tiles tests/custom` (and what else
/// it needs), from a checkout.
#[test]
fn every_command_that_reads_tiles_takes_tiles_dir() {
    let t = Temp::new("tiles-everywhere");
    let out = |name: &str| t.0.join(name).display().to_string();
    let (site, preview, xml) = (out("site"), out("preview"), out("lagoon.xml"));
    let commands: [&[&str]; 9] = [
        &["check"],
        &["export"],
        &["export", "--format", "dot", "--tile", "lagoon/gate"],
        &["export", "--format", "jcz", "--out", &xml],
        &["fmt", "--check"],
        &["render", "--out", &preview],
        &["build", "--site", &site],
        &["play", "tests/custom/harbour.toml"],
        &["simulate", "--sets", "lagoon", "--games", "3"],
    ];
    for args in commands {
        let mut all = args.to_vec();
        all.extend(["--tiles", "tests/custom"]);
        let o = run(&root(), &all);
        assert_eq!(o.status.code(), Some(0), "{all:?}: {}", text(&o.stderr));
        assert!(!text(&o.stderr).contains("built into tilec"), "{all:?}");
    }
    let json = text(&run(&root(), &["export", "--tiles", "tests/custom"]).stdout);
    assert!(json.contains("\"lagoon/gate\""), "the directory's tiles");
    assert!(!json.contains("\"base/D\""), "not the checkout's");
    assert!(t.0.join("site/index.html").exists() && t.0.join("lagoon.xml").exists());
}

#[test]
fn the_tiles_named_twice_are_refused() {
    for args in [
        &["check", "tests/custom", "--tiles", "tiles"][..],
        &["export", "tests/custom", "--tiles", "tiles"],
        &["render", "tests/custom", "--tiles", "tiles"],
        &["fmt", "tests/custom", "--tiles", "tiles"],
    ] {
        let o = run(&root(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(
            err.contains("error: the tiles are named twice: `--tiles tiles` and `tests/custom`"),
            "{err}"
        );
        assert!(err.contains("= hint: give one of them"), "{err}");
    }
}

#[test]
fn a_missing_tiles_dir_is_an_io_error_with_a_hint() {
    let o = run(&root(), &["export", "--tiles", "no-such-dir"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("error: cannot read `no-such-dir`: No such file or directory"),
        "{err}"
    );
    assert!(err.contains("= hint: name a `.tiles` file, or a directory of them with its `sets.toml` (a path, or `--tiles DIR`)"), "{err}");
    let o = run(&root(), &["fmt", "no-such.tiles"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("No such file or directory"),
        "fmt words it as check does: {err}"
    );
    assert!(!err.contains("entity not found"), "{err}");
}

#[test]
fn outside_a_checkout_commands_read_the_built_in_sets() {
    let t = Temp::new("no-tiles-here");
    let o = run(&t.0, &["check"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "ok: 11 sets, 186 tile kinds, 239 tiles\n");
    assert_eq!(
        text(&o.stderr),
        "note: no `tiles` directory here: reading the shipped sets built into tilec\n  = hint: `--tiles DIR` reads your own\n"
    );
    let o = run(&t.0, &["export", "--format", "dot", "--tile", "base/D"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("graph \"base/D\" {"));
    // The built-in text is no file: nothing to format.
    let o = run(&t.0, &["fmt"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains(
            "error: no `tiles` directory here, and the built-in sets are not files to format"
        ),
        "{err}"
    );
    assert!(
        err.contains("= hint: name the files or directories to format: `tilec fmt PATH...`"),
        "{err}"
    );
    let listing: Vec<_> = std::fs::read_dir(&t.0).unwrap().collect();
    assert!(listing.is_empty(), "nothing written");
}

/// `sets.toml` and two sets, `a` and `b` (which requires `a`, and a set whose
/// name is misspelled); each set's tile fits only the other's.
fn two_sets(t: &Temp, requires: &str) {
    let toml = format!(
        "[[set]]\nid = \"a\"\ntotal = 1\n\n[[set]]\nid = \"b\"\ntotal = 99\nrequires = [{requires}]\n"
    );
    std::fs::write(t.0.join("sets.toml"), toml).unwrap();
    let tile = |set: &str, body: &str| {
        format!("set {set} \"{set}\" {{\n  provenance sourced\n}}\n\ntile X \"x\" {{\n  count 1\n  {body}\n}}\n")
    };
    let a = tile("a", "city c N E S W");
    std::fs::write(t.0.join("a.tiles"), a).unwrap();
    let b = tile("b", "city c N\n  field f E S W -> c");
    std::fs::write(t.0.join("b.tiles"), b).unwrap();
}

#[test]
fn a_file_is_checked_with_the_sets_toml_beside_it() {
    let t = Temp::new("beside");
    two_sets(&t, "\"a\", \"bsae\"");
    for command in ["check", "render"] {
        let o = run(
            &t.0,
            &[command, "b.tiles", "--out", "pictures"][..if command == "check" { 2 } else { 4 }],
        );
        assert_eq!(o.status.code(), Some(1), "{command}");
        let err = text(&o.stderr);
        assert!(
            err.contains("error[E300]: set `b` has 1 tile, expected 99"),
            "{command}: {err}"
        );
        assert!(
            err.contains("error[E306]: required set `bsae` is not declared"),
            "{err}"
        );
        assert!(err.contains("= hint: did you mean `base`?"), "{err}");
        assert!(err.contains("error: 2 problems found"), "{err}");
    }
}

#[test]
fn a_file_checked_alone_takes_what_it_requires_from_its_directory() {
    let t = Temp::new("siblings");
    two_sets(&t, "\"a\"");
    // b's total is b's own problem, reported with b; a's tile fits b's, which
    // requires a: no orphan.
    let o = run(&t.0, &["check", "a.tiles"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "ok: 1 set, 1 tile kind, 1 tile\n");
    let o = run(&t.0, &["check", "b.tiles"]);
    let err = text(&o.stderr);
    assert_eq!(err.matches("error[").count(), 1, "{err}");
    assert!(err.contains("set `b` has 1 tile, expected 99"), "{err}");
    // The shipped river, file by file: it requires the base game beside it.
    for file in ["tiles/river.tiles", "tiles/base.tiles"] {
        let o = run(&root(), &["check", file]);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", text(&o.stderr));
    }
}

#[test]
fn every_command_that_reads_tiles_documents_the_same_default() {
    for command in [
        "check", "export", "fmt", "render", "build", "play", "simulate",
    ] {
        let help = text(&run(&root(), &[command, "--help"]).stdout);
        assert!(help.contains("--tiles <DIR>"), "{command}: {help}");
        let default = "[default: `tiles` when the current directory has one, else the shipped";
        assert_eq!(help.matches(default).count(), 1, "{command}: {help}");
    }
}
