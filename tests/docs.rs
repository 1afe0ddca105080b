//! The docs' examples, run (in the manner of casey/just's tested README):
//! every game record in the docs (a `toml` block with `players =`) replays,
//! and every `console` block of the README, `tiles/GRAMMAR.md` and `docs/`
//! runs and prints what the doc shows. `cargo run [--release] --` and `tilec`
//! are the tilec this test was built with; `...` on a line of its own stands
//! for any lines, `[...]` in a line for any text (a time, a rate).
//!
//! A block runs in a new temporary directory holding a copy of the checkout's
//! `tiles/` and `tests/`. Directives, as HTML comment lines right above a
//! block (`<!-- doc-test: KEY VALUE -->`), change that:
//! - `skip WHY`: the block is not run (it runs too long, or its output is not
//!   the same twice); the test says `SKIPPED` with why.
//! - `session NAME` (with `order N` to run it before a later block with a
//!   smaller N): the blocks of NAME share one empty directory, outside any
//!   checkout, in order (a tutorial's steps).
//! - `run COMMAND`: a step the prose asks of the reader, run before the block.
//! - `append PATH` on a `text` block of a session: the reader adds it to PATH.

mod common;
#[path = "docs_support/markdown.rs"]
mod markdown;

use markdown::Block;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The documents whose examples run.
fn documents() -> Vec<PathBuf> {
    let root = common::root();
    let mut docs = vec![root.join("README.md"), root.join("tiles/GRAMMAR.md")];
    let mut more: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

fn all_blocks() -> Vec<Block> {
    let root = common::root();
    documents()
        .iter()
        .flat_map(|doc| {
            let name = doc.strip_prefix(&root).unwrap_or(doc).display().to_string();
            let text = std::fs::read_to_string(doc).expect("readable doc");
            markdown::blocks(&name, &text)
        })
        .collect()
}

fn is_record(b: &Block) -> bool {
    b.lang == "toml" && b.body.lines().any(|l| l.starts_with("players ="))
}

/// Says SKIPPED for a block marked so; true when it is.
fn skipped(b: &Block) -> bool {
    let Some(why) = b.get("skip") else {
        return false;
    };
    assert!(!why.is_empty(), "{}: `skip` says why", b.place);
    common::skip(&format!("docs: the example at {}", b.place), why);
    true
}

#[test]
fn every_record_in_the_docs_replays() {
    let mut played = 0;
    let mut failures = Vec::new();
    for b in all_blocks().iter().filter(|b| is_record(b) && !skipped(b)) {
        let outcome = tilec::record::parse(&b.body)
            .map_err(|e| format!("{e:?}"))
            .and_then(|r| {
                let game = tilec::record::replay(&r, tilec_runtime::tables::SETS)
                    .map_err(|e| e.to_string())?;
                tilec::record::check_expect(&r, &game)
            });
        match outcome {
            Ok(()) => played += 1,
            Err(e) => failures.push(format!("{}: {e}", b.place)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(played >= 5, "only {played} records found");
}

/// The temporary directories of one run: one per session, one per other block.
struct Places {
    root: common::Temp,
    sessions: BTreeMap<String, PathBuf>,
    made: usize,
    bin: PathBuf,
}

impl Places {
    fn new() -> Places {
        let root = common::Temp::new("docs");
        let bin = root.0.join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_tilec"), bin.join("tilec")).unwrap();
        Places {
            root,
            sessions: BTreeMap::new(),
            made: 0,
            bin,
        }
    }

    /// Where block `b` runs.
    fn dir_for(&mut self, b: &Block) -> PathBuf {
        self.made += 1;
        let dir = self.root.0.join(format!("block-{}", self.made));
        match b.get("session") {
            Some(name) => {
                let fresh = dir.clone();
                let dir = self.sessions.entry(name.to_string()).or_insert(fresh);
                std::fs::create_dir_all(&*dir).unwrap();
                dir.clone()
            }
            None => {
                std::fs::create_dir_all(&dir).unwrap();
                for part in ["tiles", "tests"] {
                    copy_tree(&common::root().join(part), &dir.join(part));
                }
                dir
            }
        }
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A doc's command as this test runs it: `cargo run [--release] --` is tilec.
fn command_line(command: &str) -> String {
    for prefix in ["cargo run --release -- ", "cargo run -- "] {
        if let Some(rest) = command.strip_prefix(prefix) {
            return format!("tilec {rest}");
        }
    }
    command.to_string()
}

/// Runs `command` in `dir` through `sh`, stdout and stderr together.
fn run(places: &Places, dir: &Path, command: &str) -> (bool, String) {
    let path = format!(
        "{}:{}",
        places.bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{}", command_line(command)))
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", places.root.0.join("home"))
        .output()
        .expect("sh runs");
    (out.status.success(), common::text(&out.stdout))
}

/// Runs one console block (or a session's `append`); the problems found.
fn run_block(places: &mut Places, b: &Block) -> Vec<String> {
    let dir = places.dir_for(b);
    let mut problems = Vec::new();
    for (key, value) in &b.directives {
        if key == "run" {
            let (ok, shown) = run(places, &dir, value);
            if !ok {
                problems.push(format!("{}: `{value}` failed:\n{shown}", b.place));
            }
        }
    }
    if let Some(path) = b.get("append") {
        let file = dir.join(path);
        let mut text = std::fs::read_to_string(&file).unwrap_or_default();
        text.push_str(&format!("\n{}", b.body));
        std::fs::write(&file, text).unwrap();
        return problems;
    }
    for step in markdown::steps(&b.body) {
        let (_, shown) = run(places, &dir, &step.command);
        let lines: Vec<&str> = shown.lines().collect();
        if !markdown::matches(&step.expected, &lines) {
            problems.push(format!(
                "{}: `$ {}` printed:\n{shown}--- where the doc shows:\n{}",
                b.place,
                step.command,
                step.expected.join("\n")
            ));
        }
    }
    problems
}

#[test]
fn every_console_example_prints_what_the_doc_shows() {
    let blocks = all_blocks();
    let runnable = |b: &&Block| b.lang == "console" || b.get("append").is_some();
    let mut chosen: Vec<&Block> = blocks.iter().filter(runnable).collect();
    // A session's blocks in their order (document order by default).
    let order = |b: &Block| {
        b.get("order")
            .map_or(0, |n| n.parse::<u32>().expect("order N"))
    };
    chosen.sort_by_key(|b| order(b));
    let mut places = Places::new();
    let mut problems = Vec::new();
    let mut ran = 0;
    for b in chosen.into_iter().filter(|b| !skipped(b)) {
        problems.extend(run_block(&mut places, b));
        ran += 1;
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    assert!(ran >= 5, "only {ran} console examples found");
}

#[test]
fn every_directive_is_known() {
    let known = ["skip", "session", "order", "run", "append"];
    for b in all_blocks() {
        for (key, _) in &b.directives {
            assert!(
                known.contains(&key.as_str()),
                "{}: unknown directive `{key}`",
                b.place
            );
        }
        if b.get("append").is_some() {
            assert!(
                b.get("session").is_some(),
                "{}: `append` is for a session",
                b.place
            );
        }
    }
}
