//! Staging: every output is first written beside its target under a name of
//! its own, `.NAME.PID.N.tilec-new`, created exclusively (never through a
//! planted link) and locked while it exists, so that a clean-up by another
//! `tilec` never takes it for a crash's leftover. A directory tilec writes
//! carries a marker file, [`MARKER`], from its first instant: it is how a
//! later run knows the directory is tilec's to replace.

use super::sys;
use std::ffi::OsStr;
use std::fs::{self, File, Metadata};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The file that marks a directory as written by tilec.
pub const MARKER: &str = ".tilec-output";
const MARKER_TEXT: &[u8] =
    b"This directory was written by tilec, which replaces it as a whole when it writes it again.\n";
/// The suffix of a staging name that a swap may exchange with what is at the
/// output's path.
const SUFFIX: &str = ".tilec-new";
/// The suffix of a staging name that is only ever renamed to a new path
/// (`import-jcz --out`, `new`): nothing but tilec's own staging is ever there.
const FRESH: &str = ".tilec-fresh";

/// `dir/.NAME.PID.N.tilec-new` beside `dest` (`.tilec-fresh` for an output
/// that must not exist yet): unique to this process and call.
pub fn staging_name(dest: &Path, fresh: bool) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let name = dest.file_name().unwrap_or_default().to_string_lossy();
    let pid = std::process::id();
    let suffix = if fresh { FRESH } else { SUFFIX };
    dest.with_file_name(format!(".{name}.{pid}.{n}{suffix}"))
}

/// When `entry` is a staging name of output `name`: the process id in it, and
/// whether it is a fresh output's.
pub fn staging_pid(entry: &OsStr, name: &OsStr) -> Option<(u32, bool)> {
    let (entry, name) = (entry.to_str()?, name.to_str()?);
    let rest = entry
        .strip_prefix('.')?
        .strip_prefix(name)?
        .strip_prefix('.')?;
    let (rest, fresh) = match rest.strip_suffix(FRESH) {
        Some(rest) => (rest, true),
        None => (rest.strip_suffix(SUFFIX)?, false),
    };
    let (pid, n) = rest.split_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(pid) || !digits(n) {
        return None;
    }
    Some((pid.parse().ok()?, fresh))
}

/// Whether directory `dir` is tilec's to replace: it carries the marker (a
/// regular file) or is empty.
pub fn is_tilecs(dir: &Path) -> io::Result<bool> {
    Ok(marked(dir) || fs::read_dir(dir)?.next().is_none())
}

/// Whether `dir` holds the marker, a regular file.
fn marked(dir: &Path) -> bool {
    fs::symlink_metadata(dir.join(MARKER)).is_ok_and(|m| m.is_file())
}

/// An output written under its staging name, not yet swapped in. Dropped
/// while it still holds the staged content (a failure), it removes it.
pub struct Staged {
    /// The path the user named (for messages).
    pub user: PathBuf,
    /// Where it goes: an absolute path, its parent's links resolved.
    pub dest: PathBuf,
    /// The staging name.
    pub tmp: PathBuf,
    /// A directory, not a file.
    pub dir: bool,
    /// Created where nothing is, never replacing anything.
    pub fresh: bool,
    /// The staged entry, open and locked until the swap.
    lock: Option<File>,
    /// Whether what is at `tmp` is this process's to remove when dropped.
    pub owned: bool,
}

impl Staged {
    fn new(user: &Path, dest: PathBuf, dir: bool, fresh: bool) -> Staged {
        let tmp = staging_name(&dest, fresh);
        let user = user.to_path_buf();
        let (lock, owned) = (None, false);
        Staged {
            user,
            dest,
            tmp,
            dir,
            fresh,
            lock,
            owned,
        }
    }

    /// Stages a file holding `bytes`; `old` is the file it replaces, whose
    /// owner and permissions it takes.
    pub fn file(
        user: &Path,
        dest: PathBuf,
        bytes: &[u8],
        old: Option<&Metadata>,
        fresh: bool,
    ) -> io::Result<Staged> {
        let mut s = Staged::new(user, dest, false, fresh);
        sys::mkdir_all(s.tmp.parent().unwrap_or(Path::new("")))?;
        let mut file = sys::create_new(&s.tmp)?;
        s.owned = true;
        // A file system without locks stages unlocked (and cleans nothing up).
        let _ = sys::flock(&file, false);
        sys::write(&mut file, bytes)?;
        if let Some(old) = old {
            sys::keep_owner_and_mode(&file, old)?;
        }
        sys::sync(&file)?;
        s.lock = Some(file);
        Ok(s)
    }

    /// Stages an empty directory holding only the marker (none for a fresh
    /// output: what `import-jcz --out` writes is the user's to edit, never
    /// tilec's to replace); [`Staged::add`] writes its files.
    pub fn dir(user: &Path, dest: PathBuf, fresh: bool) -> io::Result<Staged> {
        let mut s = Staged::new(user, dest, true, fresh);
        sys::mkdir_all(s.tmp.parent().unwrap_or(Path::new("")))?;
        sys::mkdir(&s.tmp)?;
        s.owned = true;
        let lock = sys::open_to_lock(&s.tmp)?;
        let _ = sys::flock(&lock, false);
        s.lock = Some(lock);
        if !fresh {
            let mut marker = sys::create_new(&s.tmp.join(MARKER))?;
            sys::write(&mut marker, MARKER_TEXT)?;
        }
        Ok(s)
    }

    /// Writes the file `rel` (a relative path with `/` separators) into a
    /// staged directory; the error names it.
    pub fn add(&self, rel: &str, bytes: &[u8]) -> io::Result<()> {
        let named = |e: io::Error| io::Error::new(e.kind(), format!("`{rel}`: {e}"));
        let bad = rel
            .split('/')
            .any(|p| p.is_empty() || p == "." || p == ".." || p.len() > 255 || p == MARKER);
        if bad {
            return Err(named(io::Error::other("not a name tilec writes")));
        }
        let path = self.tmp.join(rel);
        if let Some(parent) = path.parent() {
            sys::mkdir_all(parent).map_err(named)?;
        }
        let mut file = sys::create_new(&path).map_err(named)?;
        sys::write(&mut file, bytes).map_err(named)
    }

    /// Releases the staged entry's lock (after the swap).
    pub fn unlock(&mut self) {
        self.lock = None;
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.owned {
            return;
        }
        // A directory without the marker (but a fresh output's own staging)
        // was empty when it was swapped out: it is removed only if it still is.
        let _ = match self.dir && !self.fresh && !marked(&self.tmp) {
            true => sys::remove_empty_dir(&self.tmp),
            false => sys::remove(&self.tmp),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staging_name_is_known_for_its_output_only() {
        let me = std::process::id();
        for fresh in [false, true] {
            let tmp = staging_name(Path::new("/x/site"), fresh);
            let name = tmp.file_name().unwrap();
            assert_eq!(staging_pid(name, OsStr::new("site")), Some((me, fresh)));
            assert_eq!(staging_pid(name, OsStr::new("sit")), None);
        }
        for other in [
            ".site.12.x.tilec-new",
            ".site.12.3.tilec-old",
            "site.12.3.tilec-new",
            ".site..3.tilec-new",
        ] {
            assert_eq!(
                staging_pid(OsStr::new(other), OsStr::new("site")),
                None,
                "{other}"
            );
        }
    }
}
