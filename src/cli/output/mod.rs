//! The one output layer: every file or directory any command writes goes
//! through here.
//!
//! - **Where**: an output is written only where nothing is, over a regular
//!   file of one name, or over a directory that tilec wrote (it carries the
//!   marker [`stage::MARKER`]) or that is empty; never over a symlink, a
//!   device, a FIFO, someone else's non-empty directory, an input, or the
//!   current directory; outputs that are, hold or lie inside one another are
//!   refused. Every check is made before anything is written.
//! - **All or none**: every output of a command is staged beside its target
//!   under a name of its own (created exclusively, never through a link), and
//!   only when all are staged are they swapped in; a failure swaps back those
//!   already in.
//! - **Crash instants**: each swap is one atomic `renameat2` (an exchange, or a
//!   rename that never replaces), so that at every instant each output path is
//!   old or new, never missing; what a crash leaves under staging names is
//!   removed by the next run that writes the same output ([`lock::clean`]).
//! - **Locks**: kernel locks on the directories written in ([`Locks`]),
//!   dropped by the kernel when the process dies; no lock file exists.
//! - A replaced file keeps its owner, group and permissions; a file with
//!   several hard links is refused (replacing it would part its names).

mod commit;
mod lock;
mod stage;
mod sys;
mod target;

pub use lock::Locks;
use stage::Staged;
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
    /// An existing file rewritten (`tilec fmt`): a symlink's target is
    /// written (the file a user named as an input), and it keeps its owner
    /// and permissions.
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
    Locks::default().replace_all(targets, inputs)
}

impl Locks {
    /// [`replace_all`] with these locks held (and more taken as needed).
    pub fn replace_all(&mut self, targets: &[Target], inputs: &[PathBuf]) -> Result<(), String> {
        let mut checked = Vec::new();
        for t in targets {
            checked.push(target::check(t, inputs)?);
        }
        let places: Vec<(&Path, &Path)> = targets
            .iter()
            .zip(&checked)
            .map(|(t, c)| (t.path(), c.dest.as_path()))
            .collect();
        target::apart(&places)?;
        let mut staged = Vec::new();
        for (t, c) in targets.iter().zip(checked) {
            staged.push(stage(t, c)?);
        }
        self.commit(staged)
    }

    /// Locks the directory that `path` is written in, before reading what
    /// is to be replaced (`tilec new` extends `sets.toml`; `fmt` rewrites),
    /// and removes what a crash left while writing it (even if this run
    /// writes nothing: `fmt` of a file already formatted).
    pub fn lock_for(&mut self, path: &Path) -> Result<(), String> {
        let dest = target::dest_of(path);
        self.take(dest.parent().unwrap_or(Path::new("/")), path)?;
        lock::clean(&dest);
        Ok(())
    }

    /// Locks the staged outputs' directories (in one order, so that two
    /// commands never wait for each other), cleans up, swaps them in.
    fn commit(&mut self, staged: Vec<Staged>) -> Result<(), String> {
        let mut dirs: Vec<(&Path, &Path)> = staged
            .iter()
            .map(|s| (s.dest.parent().unwrap_or(Path::new("/")), s.user.as_path()))
            .collect();
        dirs.sort();
        for (dir, user) in dirs {
            self.take(dir, user)?;
        }
        staged.iter().for_each(|s| lock::clean(&s.dest));
        commit::commit(staged)
    }
}

fn stage(t: &Target, c: target::Checked) -> Result<Staged, String> {
    let user = t.path();
    let fresh = matches!(t, Target::NewDir(..) | Target::NewFile(..));
    let staged = match t {
        Target::Dir(_, files) | Target::NewDir(_, files) => Staged::dir(user, c.dest, fresh)
            .and_then(|s| {
                files.iter().try_for_each(|(rel, b)| s.add(rel, b))?;
                Ok(s)
            }),
        Target::File(_, b) | Target::NewFile(_, b) | Target::InPlace(_, b) => {
            Staged::file(user, c.dest, b, c.old.as_ref(), fresh)
        }
    };
    staged.map_err(|e| describe(user, &e))
}

/// A directory output whose files are written one by one while the command
/// runs (`simulate --records DIR`), staged, then swapped in as a whole.
pub struct Stream {
    staged: Staged,
}

impl Stream {
    /// Checks `dir` as a [`Target::Dir`] and stages an empty directory for it.
    pub fn begin(dir: &Path, inputs: &[PathBuf]) -> Result<Stream, String> {
        let none = Files::new();
        let t = Target::Dir(dir, &none);
        let c = target::check(&t, inputs)?;
        Ok(Stream {
            staged: stage(&t, c)?,
        })
    }

    /// Writes the file `name` into the staged directory (from any thread).
    pub fn add(&self, name: &str, bytes: &[u8]) -> Result<(), String> {
        self.staged
            .add(name, bytes)
            .map_err(|e| describe(&self.staged.user, &e))
    }

    /// Swaps the directory in, replacing what was at its path.
    pub fn commit(self) -> Result<(), String> {
        Locks::default().commit(vec![self.staged])
    }
}

/// Refuses an output `path` that is, holds or lies inside one of `inputs`, before
/// anything is created there (the check [`replace_all`] makes again).
pub fn refuse_inputs(path: &Path, inputs: &[PathBuf]) -> Result<(), String> {
    let abs = target::dest_of(path);
    inputs
        .iter()
        .try_for_each(|input| target::overlap(path, &abs, input))
}

/// Refuses outputs that are, hold or lie inside one another (named as the
/// user named them), before anything is written.
pub fn refuse_overlap(paths: &[&Path]) -> Result<(), String> {
    let dests: Vec<PathBuf> = paths.iter().map(|p| target::dest_of(p)).collect();
    let places: Vec<(&Path, &Path)> = paths
        .iter()
        .copied()
        .zip(dests.iter().map(PathBuf::as_path))
        .collect();
    target::apart(&places)
}

/// Replaces directory `target` by a directory holding exactly `files`.
pub fn replace_dir(target: &Path, files: &Files, inputs: &[PathBuf]) -> Result<(), String> {
    replace_all(&[Target::Dir(target, files)], inputs)
}

/// `error: cannot write `PATH`: ...`, naming the path the user gave.
fn describe(path: &Path, e: &std::io::Error) -> String {
    format!("error: cannot write `{}`: {e}", path.display())
}
