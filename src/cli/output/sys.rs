//! The system calls that change the file system, each one a numbered step: a
//! crash test sets `TILEC_CRASH_AT_STEP=N` and the process aborts (as a
//! `kill -9` would stop it: no clean-up runs) just before its N-th step, so
//! that every instant between two calls can be tried. Swaps use Linux's
//! `renameat2` (`RENAME_EXCHANGE`, `RENAME_NOREPLACE`, also on macOS) through
//! `rustix`; elsewhere, or on a file system without them, two plain renames.

use rustix::fs::{FlockOperation, RenameFlags, CWD};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Counts a step; aborts at the one `TILEC_CRASH_AT_STEP` names (tests only).
pub fn step() {
    static AT: OnceLock<Option<u64>> = OnceLock::new();
    static DONE: AtomicU64 = AtomicU64::new(0);
    let at = AT.get_or_init(|| std::env::var("TILEC_CRASH_AT_STEP").ok()?.parse().ok());
    if let Some(at) = *at {
        if DONE.fetch_add(1, Ordering::SeqCst) + 1 == at {
            std::process::abort();
        }
    }
}

/// A file created exclusively (never through a link, never over anything).
pub fn create_new(path: &Path) -> io::Result<File> {
    step();
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32)
        .open(path)
}

/// Writes `bytes` to a file just created.
pub fn write(file: &mut File, bytes: &[u8]) -> io::Result<()> {
    step();
    file.write_all(bytes)
}

/// Makes a directory (its parent exists).
pub fn mkdir(path: &Path) -> io::Result<()> {
    step();
    fs::create_dir(path)
}

/// Opens a file or directory to lock it, without following a link and without
/// blocking on a FIFO.
pub fn open_to_lock(path: &Path) -> io::Result<File> {
    let flags = rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK;
    OpenOptions::new()
        .read(true)
        .custom_flags(flags.bits() as i32)
        .open(path)
}

/// Takes `file`'s kernel lock (`flock`): `Ok(false)` when another open file
/// holds it and `wait` is false. The lock goes when the file is closed, or
/// when the process dies.
pub fn flock(file: &File, wait: bool) -> io::Result<bool> {
    let op = match wait {
        true => FlockOperation::LockExclusive,
        false => FlockOperation::NonBlockingLockExclusive,
    };
    match rustix::fs::flock(file, op) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Gives `file` the owner, group and permission bits of `old` (an owner it
/// may not give, when not root, is left as it is).
pub fn keep_owner_and_mode(file: &File, old: &fs::Metadata) -> io::Result<()> {
    step();
    match std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid())) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {}
        other => other?,
    }
    step();
    file.set_permissions(fs::Permissions::from_mode(old.mode() & 0o777))
}

/// Flushes a file's bytes to the disk.
pub fn sync(file: &File) -> io::Result<()> {
    step();
    file.sync_all()
}

/// Flushes a directory's entries (a rename in it) to the disk.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    step();
    File::open(dir)?.sync_all()
}

/// Swaps what `a` and `b` name, atomically: at every instant each of them is
/// the old or the new. Without `RENAME_EXCHANGE`, `b` is moved to `a`'s name
/// through a third name (`spare`), with an instant where `b` is missing.
pub fn exchange(a: &Path, b: &Path, spare: &Path) -> io::Result<()> {
    step();
    match renameat2(a, b, RenameFlags::EXCHANGE) {
        Err(e) if unsupported(&e) => {
            fs::rename(b, spare)?;
            step();
            fs::rename(a, b)?;
            step();
            fs::rename(spare, a)
        }
        other => other,
    }
}

/// Renames `from` to `to` only if nothing is at `to` (`AlreadyExists` else).
pub fn rename_new(from: &Path, to: &Path) -> io::Result<()> {
    step();
    match renameat2(from, to, RenameFlags::NOREPLACE) {
        Err(e) if unsupported(&e) => match fs::symlink_metadata(to) {
            Ok(_) => Err(io::ErrorKind::AlreadyExists.into()),
            Err(_) => fs::rename(from, to),
        },
        other => other,
    }
}

#[cfg(any(target_os = "linux", target_os = "android", target_os = "macos"))]
fn renameat2(a: &Path, b: &Path, flags: RenameFlags) -> io::Result<()> {
    rustix::fs::renameat_with(CWD, a, CWD, b, flags).map_err(io::Error::from)
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_os = "macos")))]
fn renameat2(_: &Path, _: &Path, _: RenameFlags) -> io::Result<()> {
    let _ = CWD;
    Err(io::ErrorKind::Unsupported.into())
}

/// Whether a failed `renameat2` means the system or file system lacks it.
fn unsupported(e: &io::Error) -> bool {
    use rustix::io::Errno;
    let errno = e.raw_os_error().map(Errno::from_raw_os_error);
    e.kind() == io::ErrorKind::Unsupported
        || errno == Some(Errno::INVAL)
        || errno == Some(Errno::NOSYS)
}

/// Removes a file, or a directory and all it holds (never following a link).
pub fn remove(path: &Path) -> io::Result<()> {
    step();
    match fs::symlink_metadata(path)?.is_dir() {
        true => fs::remove_dir_all(path),
        false => fs::remove_file(path),
    }
}

/// Removes an empty directory (fails when anything is in it).
pub fn remove_empty_dir(path: &Path) -> io::Result<()> {
    step();
    fs::remove_dir(path)
}

/// Makes `dir` and its missing parents.
pub fn mkdir_all(dir: &Path) -> io::Result<()> {
    if dir.as_os_str().is_empty() || fs::symlink_metadata(dir).is_ok() {
        return Ok(());
    }
    step();
    fs::create_dir_all(dir)
}
