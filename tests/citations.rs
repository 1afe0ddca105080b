//! No doc cites a file that is not in the repository (issue #26, point 10):
//! every relative Markdown link resolves, and every path written in the docs,
//! the tile files, `sets.toml` and the code's comments that starts with one of
//! the repository's own folders names something there. A path into the
//! shared material the project was written from (`reference/...`) is never
//! in the repository: its facts belong in our own docs
//! (`docs/tiles-provenance.md`).

mod common;

use std::path::{Path, PathBuf};

/// The files whose citations are checked: the docs, the tile sources, and the
/// sources of every crate and test (their comments cite files too).
fn cited_from() -> Vec<PathBuf> {
    let root = common::root();
    let mut files = vec![root.join("README.md"), root.join("fuzz/README.md")];
    for (dir, exts) in [
        ("docs", &["md"][..]),
        ("tiles", &["md", "tiles", "toml"]),
        ("src", &["rs"]),
        ("runtime/src", &["rs"]),
        ("runtime/tests", &["rs"]),
        ("tests", &["rs", "toml", "tiles", "xml", "sh"]),
        ("python", &["md", "py", "rs", "sh", "toml"]),
        ("benches", &["rs"]),
        (".ci", &[""]),
    ] {
        walk(&root.join(dir), exts, &mut files);
    }
    files.push(root.join("test.sh"));
    files.sort();
    files
}

fn walk(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.map(|e| e.expect("entry").path()) {
        let name = entry.file_name().unwrap_or_default().to_string_lossy();
        if entry.is_dir() {
            // Build outputs and virtual environments are not the project's text.
            if !["target", ".venv", "__pycache__", "golden"].contains(&name.as_ref()) {
                walk(&entry, exts, out);
            }
        } else {
            let ext = entry
                .extension()
                .map_or(String::new(), |e| e.to_string_lossy().into_owned());
            if exts.contains(&ext.as_str()) {
                out.push(entry);
            }
        }
    }
}

/// The folders at the top of the repository: a path starting with one is a
/// citation of the repository's own files.
fn own_folders(root: &Path) -> Vec<String> {
    std::fs::read_dir(root)
        .expect("the repository")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
        .filter(|n| n != "target" && n != ".git")
        .collect()
}

/// Words that look like our paths and are not: other projects' files, named
/// as theirs, and a unit.
const NOT_OURS: [&str; 3] = [
    "src/renderer/plugins/addons.js", // JCloisterZone-Client's (docs/export-jcz.md)
    "src/extraResources/expansions",  // JCloisterZone's (tests/jcz_export.rs)
    "tiles/s",                        // tiles per second (benches/compile.rs)
];

/// Where tools write: cited as where to look, made by running them.
const OUTPUTS: [&str; 3] = ["python/target", "fuzz/corpus", "fuzz/artifacts"];

/// The text of `file` that may cite: a source file's comments, all of a doc.
fn citing_text(file: &Path, text: &str) -> String {
    let marker = match file.extension().and_then(|e| e.to_str()) {
        Some("rs") => "//",
        Some("py" | "sh") => "#",
        _ if file.file_name().is_some_and(|n| n == "run") => "#",
        _ => return text.to_string(),
    };
    let comment = |line: &str| line.find(marker).map(|at| line[at..].to_string());
    text.lines()
        .filter_map(comment)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The path-like words of `text`: runs of path characters holding a `/`.
fn words(text: &str) -> Vec<&str> {
    let path_char = |c: char| c.is_ascii_alphanumeric() || "_./-*<>~${}".contains(c);
    text.split(|c: char| !path_char(c))
        .map(|w| w.trim_end_matches(['.', ',']))
        .filter(|w| w.contains('/'))
        .collect()
}

/// Whether a path part is a placeholder (`NAME`, `DIR`, `ID`).
fn placeholder(part: &str) -> bool {
    part.len() >= 2 && part.chars().all(|c| c.is_ascii_uppercase() || c == '_')
}

/// The targets of the relative Markdown links of `text`.
fn links(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            let target = &rest[..rest.find(')')?];
            let target = target.split('#').next().unwrap_or_default();
            let remote = target.contains("://") || target.starts_with("mailto:");
            (!target.is_empty() && !remote).then_some(target)
        })
        .collect()
}

/// The problem with one path-like word of `file`, if any.
fn problem(root: &Path, own: &[String], word: &str) -> Option<String> {
    if word.starts_with("reference/") || word.contains("/reference/") {
        return Some(format!(
            "`{word}` is not in the repository (its facts go in docs/)"
        ));
    }
    let first = word.split('/').next().unwrap_or_default();
    if !own.iter().any(|o| o == first) {
        return None; // a user's path (`mytiles/...`), an output, a URL's part
    }
    // Patterns and placeholders name many files or none in particular.
    let pattern = word.contains(['*', '<', '>', '$', '{', '~']) || word.contains("...");
    let unnamed = word
        .split('/')
        .any(|p| placeholder(p.split('.').next().unwrap_or(p)));
    let output = OUTPUTS.iter().any(|o| word.starts_with(o));
    if pattern || unnamed || output || NOT_OURS.contains(&word.trim_end_matches('/')) {
        return None;
    }
    (!root.join(word).exists()).then(|| format!("`{word}` does not exist"))
}

#[test]
fn every_file_a_doc_cites_is_in_the_repository() {
    let root = common::root();
    let own = own_folders(&root);
    let mut problems = Vec::new();
    let files = cited_from();
    assert!(files.len() > 100, "only {} files read", files.len());
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue; // not text (a fixture with a bad byte on purpose)
        };
        let name = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        if name == "tests/citations.rs" {
            continue; // it cites missing files on purpose, to test this test
        }
        let text = citing_text(file, &text);
        for word in words(&text) {
            if let Some(p) = problem(&root, &own, word) {
                problems.push(format!("{name}: {p}"));
            }
        }
        if name.ends_with(".md") {
            let dir = file.parent().expect("a file's folder");
            for target in links(&text) {
                if !dir.join(target).exists() {
                    problems.push(format!("{name}: the link `{target}` leads nowhere"));
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_missing_file_and_a_shared_reference_are_caught() {
    let root = common::root();
    let own = own_folders(&root);
    let bad = "see reference/TILES.md, docs/nowhere.md and [x](docs/gone.md)";
    let found: Vec<String> = words(bad)
        .into_iter()
        .filter_map(|w| problem(&root, &own, w))
        .collect();
    assert_eq!(
        found,
        [
            "`reference/TILES.md` is not in the repository (its facts go in docs/)",
            "`docs/nowhere.md` does not exist",
            "`docs/gone.md` does not exist",
        ]
    );
    assert_eq!(links(bad), ["docs/gone.md"]);
    assert!(problem(&root, &own, "docs/tiles-provenance.md").is_none());
    assert!(problem(&root, &own, "mytiles/castles.tiles").is_none());
}
