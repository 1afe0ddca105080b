//! Writing outputs, all or none. Every output of a command is checked first
//! (no `.` or `..`, no file where a directory goes, nothing that is, holds or
//! lies inside an input), then staged under a temporary name unique to this
//! process and created exclusively (never through a planted link), and only when
//! every one is staged are they swapped in; a failure puts back what was swapped
//! and removes the temporaries. A lock beside each output keeps two `tilec`s
//! from writing it at once.

mod stage;
mod target;

use std::path::{Path, PathBuf};

/// Files of an output tree: (relative path with `/` separators, bytes).
pub type Files = Vec<(String, Vec<u8>)>;

/// One output of a command: the path the user named and what goes there.
pub enum Target<'a> {
    /// A directory replaced as a whole by these files (`--site`, `--out`).
    Dir(&'a Path, &'a Files),
    /// A file replaced by these bytes (`--tables`, `sets.toml`).
    File(&'a Path, &'a [u8]),
    /// A directory that must not exist yet, created holding these files
    /// (`tilec import-jcz --out`).
    NewDir(&'a Path, &'a Files),
    /// A file that must not exist yet (the tile file of `tilec new`).
    NewFile(&'a Path, &'a [u8]),
    /// An existing file rewritten in place (`tilec fmt`): a symlink's target is
    /// written, and the file keeps its permissions.
    InPlace(&'a Path, &'a [u8]),
}

impl Target<'_> {
    /// The path as the user gave it (used in every message).
    fn path(&self) -> &Path {
        match self {
            Target::Dir(p, _) | Target::NewDir(p, _) => p,
            Target::File(p, _) | Target::NewFile(p, _) | Target::InPlace(p, _) => p,
        }
    }
}

/// Writes every target or none. `inputs` are the paths the command read; an
/// output that is, holds or lies inside one of them is refused.
pub fn replace_all(targets: &[Target], inputs: &[PathBuf]) -> Result<(), String> {
    let mut dests = Vec::new();
    for t in targets {
        dests.push(target::check(t, inputs)?);
    }
    let mut locks = Vec::new();
    for (t, dest) in targets.iter().zip(&dests) {
        locks.push(stage::Lock::take(t.path(), dest)?);
    }
    let mut staged = Vec::new();
    for (t, dest) in targets.iter().zip(dests) {
        staged.push(stage::stage(t, dest)?);
    }
    stage::commit(staged)
}

/// Refuses an output `path` that is, holds or lies inside one of `inputs`, before
/// anything is created there (the check [`replace_all`] makes again).
pub fn refuse_inputs(path: &Path, inputs: &[PathBuf]) -> Result<(), String> {
    let abs = target::absolute(path);
    inputs
        .iter()
        .try_for_each(|input| target::overlap(path, &abs, input))
}

/// Replaces directory `target` by a directory holding exactly `files`.
pub fn replace_dir(target: &Path, files: &Files, inputs: &[PathBuf]) -> Result<(), String> {
    replace_all(&[Target::Dir(target, files)], inputs)
}

/// `error: cannot write `PATH`: ...`, naming the path the user gave.
fn describe(path: &Path, e: &std::io::Error) -> String {
    format!("error: cannot write `{}`: {e}", path.display())
}
