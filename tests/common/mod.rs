//! Helpers shared by the integration tests: compile a directory the way the CLI
//! does, and compare against golden files (`UPDATE_GOLDEN=1` re-blesses).
#![allow(dead_code)]

#[cfg(target_os = "linux")]
pub mod usage;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tilec::diagnostic::Sources;
use tilec::Compiled;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Compiles a directory of `.tiles` files (and its `sets.toml`).
pub fn compile_dir(dir: &Path) -> (Sources, Compiled) {
    let mut sources = Sources::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable test directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "tiles"))
        .collect();
    names.sort();
    let mut files = Vec::new();
    for p in &names {
        let rel = p.strip_prefix(root()).unwrap_or(p).display().to_string();
        let text = std::fs::read_to_string(p).expect("UTF-8 tile file");
        files.push(sources.add(rel, text));
    }
    let toml = dir.join("sets.toml");
    let config = toml.exists().then(|| {
        let rel = toml
            .strip_prefix(root())
            .unwrap_or(&toml)
            .display()
            .to_string();
        sources.add(rel, std::fs::read_to_string(&toml).expect("sets.toml"))
    });
    let compiled = tilec::compile(&sources, &files, config);
    (sources, compiled)
}

/// The shipped tiles, compiled; panics with the rendered diagnostics if unclean.
pub fn shipped() -> Compiled {
    let (sources, compiled) = compile_dir(&root().join("tiles"));
    assert!(
        compiled.diagnostics.is_empty(),
        "shipped tiles do not check clean:\n{}",
        tilec::diagnostic::render_plain(&sources, &compiled.diagnostics)
    );
    compiled
}

/// Compares `actual` with the golden file at `path`; `UPDATE_GOLDEN=1` rewrites it.
pub fn golden(path: &Path, actual: &str) {
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().expect("golden files live in a folder"))
            .expect("create golden dir");
        std::fs::write(path, actual).expect("write golden file");
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|_| {
        panic!(
            "missing golden file {}; run with UPDATE_GOLDEN=1",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "{} differs from the output (re-bless with UPDATE_GOLDEN=1):\n--- expected\n{expected}\n--- actual\n{actual}",
        path.display()
    );
}

/// Runs the `tilec` binary from the repository root.
pub fn tilec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("tilec runs")
}

/// Runs the `tilec` binary in `cwd`.
pub fn tilec_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("tilec runs")
}

/// A scratch directory `name` holding `inp/promos.tiles`.
pub fn scratch_with_promos(name: &str) -> Temp {
    let t = Temp::new(name);
    std::fs::create_dir_all(t.0.join("inp")).unwrap();
    std::fs::copy(
        root().join("tiles/promos.tiles"),
        t.0.join("inp/promos.tiles"),
    )
    .unwrap();
    t
}

/// Command output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh temporary directory, removed when dropped.
pub struct Temp(pub PathBuf);

impl Temp {
    /// `tilec-NAME-PID` under the system's temporary directory, empty.
    pub fn new(name: &str) -> Temp {
        let dir = std::env::temp_dir().join(format!("tilec-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        Temp(dir)
    }

    /// The directory as text, for command lines.
    pub fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 temp path")
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Says that a test did not run, and why: straight to stderr (the harness
/// captures `eprintln!` of a passing test, and a skip must not look like a
/// pass) and, under `./test.sh`, into the file `TILEC_SKIP_LOG` names, whose
/// lines `./test.sh` prints at the end as its list of skips.
pub fn skip(test: &str, why: &str) {
    use std::io::Write;
    let line = format!("SKIPPED: {test} ({why})");
    let _ = writeln!(std::io::stderr(), "{line}");
    if let Some(log) = std::env::var_os("TILEC_SKIP_LOG") {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log);
        // One short write per line: concurrent test processes do not interleave.
        let _ = file.and_then(|mut f| f.write_all(format!("{line}\n").as_bytes()));
    }
}
