//! Replays every game record in `tests/records/`. A record either replays and meets
//! its `[expect]` scores (worked out by hand in its comments), or carries a line
//! `# expect-error: TEXT` and must fail with a message containing TEXT.

use std::path::{Path, PathBuf};
use tilec::record;
use tilec_runtime::tables;

fn records() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// The whole outcome of a record as one message: Ok, or every error.
fn outcome(text: &str, must_expect: bool) -> Result<(), String> {
    let rec = record::parse(text).map_err(|errors| {
        let all: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        all.join("\n")
    })?;
    if must_expect && rec.expect_scores.is_none() {
        return Err("a record that replays must have [expect] scores".into());
    }
    let game = record::replay(&rec, tables::SETS).map_err(|e| e.to_string())?;
    record::check_expect(&rec, &game)
}

#[test]
fn every_record_replays_as_its_comments_say() {
    let files = records();
    assert!(files.len() >= 25, "only {} records", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable record");
        let expected = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect-error: "));
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        match (outcome(&text, expected.is_none()), expected) {
            (Ok(()), None) => {}
            (Err(e), Some(want)) if e.contains(want.trim()) => {}
            (Ok(()), Some(want)) => {
                failures.push(format!("{name}: replayed, expected error `{want}`"))
            }
            (Err(e), _) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
