//! Kernel locks on the directories outputs are written in, and the clean-up
//! of what a crashed `tilec` left there.
//!
//! A `tilec` that writes into a directory holds a `flock` on the directory
//! itself while it swaps its outputs in (and `tilec new` while it reads and
//! extends `sets.toml`): no lock file is created, so none can be planted,
//! left behind or read, and the kernel drops the lock when the process dies.
//! Each entry a `tilec` is staging holds a lock of its own until it is swapped
//! in; an entry with a staging name whose lock is free was left by a process
//! that died, and the next `tilec` writing the same output removes it (while it
//! holds the directory's lock, so that no swap is under way).

use super::{stage, sys};
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// The directory locks a command holds (released when dropped).
#[derive(Default)]
pub struct Locks {
    held: Vec<(PathBuf, File)>,
}

impl Locks {
    /// Locks `dir` (an absolute path, made if missing) unless already held,
    /// waiting, with a message, while another process holds it. `user` is the
    /// output the user named, for the messages.
    pub fn take(&mut self, dir: &Path, user: &Path) -> Result<(), String> {
        if self.held.iter().any(|(d, _)| d == dir) {
            return Ok(());
        }
        sys::mkdir_all(dir).map_err(|e| super::describe(user, &e))?;
        let file = sys::open_to_lock(dir).map_err(|e| super::describe(user, &e))?;
        let locked = match sys::flock(&file, false) {
            Ok(true) => Ok(()),
            Ok(false) => {
                eprintln!("waiting: another tilec is writing into `{}`", dir.display());
                sys::flock(&file, true).map(|_| ())
            }
            Err(e) => Err(e),
        };
        match locked {
            Ok(()) => {}
            // A file system without locks (some network ones): go on unlocked,
            // as cargo does; the swaps themselves stay atomic.
            Err(e) if unlockable(&e) => eprintln!(
                "warning: `{}` cannot be locked ({e}); writing without a lock",
                dir.display()
            ),
            Err(e) => return Err(super::describe(user, &e)),
        }
        self.held.push((dir.to_path_buf(), file));
        Ok(())
    }
}

/// Whether a failed `flock` means that the file system has no locks.
fn unlockable(e: &std::io::Error) -> bool {
    let nolck = rustix::io::Errno::NOLCK.raw_os_error();
    e.kind() == std::io::ErrorKind::Unsupported || e.raw_os_error() == Some(nolck)
}

/// Removes what crashed processes left while staging or swapping `dest`:
/// entries named as [`stage::staging_name`] names them, whose lock is free.
/// Only files, empty directories and directories carrying tilec's marker are
/// removed; anything else is left where it is.
pub fn clean(dest: &Path) {
    let (Some(dir), Some(name)) = (dest.parent(), dest.file_name()) else {
        return;
    };
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let me = std::process::id();
    for entry in entries.flatten() {
        let left = entry.file_name();
        let fresh = match stage::staging_pid(&left, name) {
            Some((pid, fresh)) if pid != me => fresh,
            _ => continue,
        };
        let path = entry.path();
        if abandoned(&path, fresh) {
            let _ = sys::remove(&path);
        }
    }
}

/// Whether a leftover at `path` is tilec's to remove: no live process holds
/// its lock, and it is a file, a fresh output's staging (nothing else is ever
/// at such a name), an empty directory or one with the marker (a swap may
/// have put anything at the other staging names for an instant).
fn abandoned(path: &Path, fresh: bool) -> bool {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return false;
    };
    let ours = match meta.file_type() {
        t if t.is_file() => true,
        t if t.is_dir() => fresh || stage::is_tilecs(path).unwrap_or(false),
        _ => false,
    };
    ours && sys::open_to_lock(path).is_ok_and(|f| sys::flock(&f, false).unwrap_or(false))
}
