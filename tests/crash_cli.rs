//! A crash at any instant leaves every output path old or new, never missing,
//! and the next run cleans up what the crash left. `TILEC_CRASH_AT_STEP=N`
//! makes `tilec` abort (as `kill -9` stops it: nothing of its own runs after)
//! just before the N-th system call that changes the file system; each command
//! here is stopped at every N in turn until it runs to its end.

mod common;

use common::{root, text, Temp};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

/// What a path holds: a file's bytes, a directory's entries, a link's target.
#[derive(Debug, PartialEq, Eq, Clone)]
enum Entry {
    File(Vec<u8>),
    Dir(BTreeMap<String, Entry>),
    Link(String),
}

fn entry(path: &Path) -> Option<Entry> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    Some(match meta.file_type() {
        t if t.is_symlink() => Entry::Link(std::fs::read_link(path).unwrap().display().to_string()),
        t if t.is_dir() => Entry::Dir(
            std::fs::read_dir(path)
                .unwrap()
                .flatten()
                .map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    (name, entry(&e.path()).expect("listed entry"))
                })
                .collect(),
        ),
        _ => Entry::File(std::fs::read(path).unwrap()),
    })
}

fn run(cwd: &Path, args: &[&str], crash_at: Option<usize>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tilec"));
    cmd.args(args).current_dir(cwd);
    if let Some(n) = crash_at {
        cmd.env("TILEC_CRASH_AT_STEP", n.to_string());
    }
    cmd.output().expect("tilec runs")
}

/// Copies the tree `from` to `to` (files, directories and links).
fn copy(from: &Path, to: &Path) {
    let meta = std::fs::symlink_metadata(from).unwrap();
    if meta.is_symlink() {
        std::os::unix::fs::symlink(std::fs::read_link(from).unwrap(), to).unwrap();
    } else if meta.is_dir() {
        std::fs::create_dir(to).unwrap();
        for e in std::fs::read_dir(from).unwrap().flatten() {
            copy(&e.path(), &to.join(e.file_name()));
        }
    } else {
        std::fs::copy(from, to).unwrap();
    }
}

/// Every staging name left anywhere under `dir`.
fn leftovers(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.ends_with(".tilec-new") || name.ends_with(".tilec-fresh") {
            out.push(e.path().display().to_string());
        } else if e.file_type().unwrap().is_dir() {
            out.extend(leftovers(&e.path()));
        }
    }
    out
}

/// Runs `args` in copies of `template`, crashing at step 1, 2, ... until a
/// run completes; after each crash every path of `outputs` must hold what
/// it held before or what a complete run writes, and a run without a crash
/// must then write the outputs whole (or, when the command only creates
/// outputs, `fresh`, refuse because one exists) and leave no staging name.
fn every_instant(name: &str, template: &Path, args: &[&str], outputs: &[&str]) {
    let fresh = args[0] == "new" || args[0] == "import-jcz";
    let scratch = Temp::new(&format!("crash-{name}"));
    let snapshot = |dir: &Path| -> Vec<Option<Entry>> {
        outputs.iter().map(|o| entry(&dir.join(o))).collect()
    };
    let old = snapshot(template);
    let done = scratch.0.join("done");
    copy(template, &done);
    let out = run(&done, args, None);
    assert!(out.status.success(), "{name}: {}", text(&out.stderr));
    let new = snapshot(&done);
    assert_ne!(old, new, "{name}: the run must change its outputs");
    let mut crashes = 0;
    for n in 1.. {
        let dir = scratch.0.join(format!("at-{n}"));
        copy(template, &dir);
        let out = run(&dir, args, Some(n));
        if out.status.success() {
            assert_eq!(snapshot(&dir), new, "{name}: a whole run at step {n}");
            break;
        }
        assert_eq!(
            out.status.code(),
            None,
            "{name}, step {n}: {}",
            text(&out.stderr)
        );
        crashes += 1;
        for (i, now) in snapshot(&dir).into_iter().enumerate() {
            assert!(
                now == old[i] || now == new[i],
                "{name}: a crash at step {n} left `{}` neither old nor new: {now:?}",
                outputs[i]
            );
        }
        let out = run(&dir, args, None);
        let err = text(&out.stderr);
        // A command that only creates (`new`, `import-jcz --out`) refuses to
        // run again once its crash created something; that is all it does.
        if !(fresh && err.contains("already exists")) {
            assert!(out.status.success(), "{name}, after step {n}: {err}");
            assert_eq!(
                snapshot(&dir),
                new,
                "{name}: the run after a crash at step {n}"
            );
        }
        assert_eq!(
            leftovers(&dir),
            Vec::<String>::new(),
            "{name}: after step {n}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
    assert!(crashes >= outputs.len() * 2, "{name}: only {crashes} steps");
    eprintln!("{name}: {crashes} crash instants, each left every output old or new");
}

/// A directory holding `inp/promos.tiles` (`Tiny` renamed `renamed` when `changed`).
fn tiles(dir: &Path, changed: bool) {
    std::fs::create_dir_all(dir.join("inp")).unwrap();
    let text = std::fs::read_to_string(root().join("tiles/promos.tiles")).unwrap();
    let text = match changed {
        true => text.replacen("\"Russian promos\"", "\"Renamed promos\"", 1),
        false => text,
    };
    std::fs::write(dir.join("inp/promos.tiles"), text).unwrap();
}

#[test]
fn build_outputs_are_old_or_new_at_every_instant() {
    let t = Temp::new("crash-build-template");
    tiles(&t.0, false);
    let args = [
        "build",
        "--tiles",
        "inp",
        "--site",
        "site",
        "--tables",
        "t.rs",
        "--jcz-addon",
        "addon",
    ];
    assert!(run(&t.0, &args, None).status.success());
    tiles(&t.0, true);
    every_instant("build", &t.0, &args, &["site", "t.rs", "addon"]);
}

#[test]
fn fmt_and_new_are_old_or_new_at_every_instant() {
    let t = Temp::new("crash-fmt-template");
    tiles(&t.0, false);
    let path = t.0.join("inp/promos.tiles");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("\n  ", "\n      ")).unwrap();
    every_instant(
        "fmt",
        &t.0,
        &["fmt", "inp/promos.tiles"],
        &["inp/promos.tiles"],
    );
    let outputs = ["inp/castles.tiles", "inp/sets.toml"];
    std::fs::write(
        t.0.join("inp/sets.toml"),
        "[[set]]\nid = \"promos\"\ntotal = 4\n",
    )
    .unwrap();
    every_instant("new", &t.0, &["new", "castles", "--dir", "inp"], &outputs);
}

#[test]
fn export_import_and_render_are_old_or_new_at_every_instant() {
    let t = Temp::new("crash-export-template");
    tiles(&t.0, false);
    std::fs::write(t.0.join("x.xml"), "old").unwrap();
    let args = ["export", "--format", "jcz", "inp", "--out", "x.xml"];
    every_instant("export", &t.0, &args, &["x.xml"]);
    let xml = root().join("tests/import/pack.xml");
    let xml = xml.to_str().unwrap();
    every_instant(
        "import",
        &t.0,
        &["import-jcz", xml, "--out", "imported"],
        &["imported"],
    );
    // A directory of pictures an earlier run wrote (it carries the marker).
    std::fs::create_dir_all(t.0.join("pics/old")).unwrap();
    std::fs::write(t.0.join("pics/.tilec-output"), "").unwrap();
    std::fs::write(t.0.join("pics/old/sheet.png"), "old").unwrap();
    every_instant(
        "render",
        &t.0,
        &["render", "inp", "--out", "pics"],
        &["pics"],
    );
}

#[test]
fn records_and_reports_are_old_or_new_at_every_instant() {
    let t = Temp::new("crash-records-template");
    let args = |games: &'static str| {
        [
            "simulate",
            "--games",
            games,
            "--threads",
            "2",
            "--records",
            "rec",
            "--report",
            "rep",
        ]
    };
    assert!(run(&t.0, &args("2"), None).status.success());
    every_instant(
        "records",
        &t.0,
        &args("3"),
        &["rec", "rep/report.json", "rep/report.html"],
    );
}
