//! Staging outputs under temporary names, swapping them in, and the lock.

use super::{describe, Files, Target};
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// `dir/.NAME.PID.N.suffix` beside `dest`: unique to this process and call.
fn sibling(dest: &Path, suffix: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let name = dest.file_name().unwrap_or_default().to_string_lossy();
    let pid = std::process::id();
    dest.with_file_name(format!(".{name}.{pid}.{n}.{suffix}"))
}

/// A file created exclusively: fails on anything already there, a link included.
fn open_new(path: &Path) -> std::io::Result<fs::File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

fn create_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    open_new(path)?.write_all(bytes)
}

/// `dir/.NAME.lock`, created exclusively while this process writes `NAME`.
pub struct Lock(PathBuf);

impl Lock {
    /// Takes the lock of `dest` (creating its parent directories if needed), or
    /// refuses when another live `tilec` holds it. A lock left by a process that
    /// has died is taken over.
    pub fn take(user: &Path, dest: &Path) -> Result<Lock, String> {
        if let Some(parent) = dest.parent() {
            fs::create_dir_all(parent).map_err(|e| describe(user, &e))?;
        }
        let name = dest.file_name().unwrap_or_default().to_string_lossy();
        let path = dest.with_file_name(format!(".{name}.lock"));
        let pid = std::process::id().to_string();
        for _ in 0..2 {
            match create_new(&path, pid.as_bytes()) {
                Ok(()) => return Ok(Lock(path)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let holder = fs::read_to_string(&path).unwrap_or_default();
                    if !is_dead(&holder) {
                        return Err(busy(user, &holder, &path));
                    }
                    let _ = fs::remove_file(&path);
                }
                Err(e) => return Err(describe(user, &e)),
            }
        }
        Err(busy(user, "", &path))
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Whether the lock's holder is known to have died (Linux `/proc`; elsewhere a
/// lock is only ever removed by its holder or by hand).
fn is_dead(holder: &str) -> bool {
    let proc = Path::new("/proc");
    match holder.trim().parse::<u32>() {
        Ok(pid) => proc.join("self").exists() && !proc.join(pid.to_string()).exists(),
        Err(_) => false,
    }
}

fn busy(user: &Path, holder: &str, lock: &Path) -> String {
    format!(
        "error: another tilec (process {}) is writing `{}`; try again when it is done, or remove `{}` if no tilec is running",
        holder.trim(),
        user.display(),
        lock.display()
    )
}

/// An output written under its temporary name, not yet swapped in. Dropped
/// before [`commit`] (a failure), it removes the temporary.
pub struct Staged {
    user: PathBuf,
    dest: PathBuf,
    tmp: Option<PathBuf>,
    /// Whether `dest` is created, never replaced (`Target::NewFile`).
    fresh: bool,
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(tmp) = &self.tmp {
            let _ = fs::remove_dir_all(tmp).or_else(|_| fs::remove_file(tmp));
        }
    }
}

/// Writes `t`'s content under a temporary name beside `dest`.
pub fn stage(t: &Target, dest: PathBuf) -> Result<Staged, String> {
    let user = t.path().to_path_buf();
    let tmp = sibling(&dest, "tmp");
    let mut staged = Staged {
        user,
        dest,
        tmp: None,
        fresh: matches!(t, Target::NewFile(..) | Target::NewDir(..)),
    };
    // The temporary is owned (removed on failure) as soon as it is created.
    let written = match t {
        Target::Dir(_, files) | Target::NewDir(_, files) => fs::create_dir(&tmp)
            .inspect(|()| staged.tmp = Some(tmp.clone()))
            .and_then(|()| write_tree(&tmp, files)),
        Target::File(_, bytes) | Target::NewFile(_, bytes) | Target::InPlace(_, bytes) => {
            open_new(&tmp)
                .inspect(|_| staged.tmp = Some(tmp.clone()))
                .and_then(|mut f| f.write_all(bytes))
        }
    };
    written.map_err(|e| describe(&staged.user, &e))?;
    if let Target::InPlace(..) = t {
        let perms = fs::metadata(&staged.dest).map(|m| m.permissions());
        perms
            .and_then(|p| fs::set_permissions(&tmp, p))
            .map_err(|e| describe(&staged.user, &e))?;
    }
    Ok(staged)
}

fn write_tree(root: &Path, files: &Files) -> std::io::Result<()> {
    for (rel, bytes) in files {
        if rel
            .split('/')
            .any(|part| part.is_empty() || part == ".." || part == ".")
        {
            let msg = format!("refusing to write the unsafe path `{rel}`");
            return Err(std::io::Error::other(msg));
        }
        let path = root.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        create_new(&path, bytes)?;
    }
    Ok(())
}

/// A swapped-in output: where the previous content went, if there was one.
struct Swapped {
    staged: Staged,
    old: Option<PathBuf>,
}

/// Swaps every staged output in; on a failure, puts back the ones already
/// swapped, so that either all are replaced or none.
pub fn commit(staged: Vec<Staged>) -> Result<(), String> {
    let mut done: Vec<Swapped> = Vec::new();
    for s in staged {
        match swap(s) {
            Ok(sw) => done.push(sw),
            Err(e) => {
                done.into_iter().rev().for_each(undo);
                return Err(e);
            }
        }
    }
    for sw in done {
        if let Some(old) = &sw.old {
            let _ = fs::remove_dir_all(old).or_else(|_| fs::remove_file(old));
        }
    }
    Ok(())
}

fn swap(mut s: Staged) -> Result<Swapped, String> {
    let Some(tmp) = s.tmp.clone() else {
        return Err(format!("error: `{}` was not staged", s.user.display()));
    };
    let fail = |e: std::io::Error| describe(&s.user, &e);
    if s.fresh && tmp.is_dir() {
        // Checked again just before: a rename would replace an empty directory
        // made in between (never one with anything in it).
        if fs::symlink_metadata(&s.dest).is_ok() {
            let e = std::io::Error::from(std::io::ErrorKind::AlreadyExists);
            return Err(fail(e));
        }
        fs::rename(&tmp, &s.dest).map_err(fail)?;
        s.tmp = None;
        return Ok(Swapped {
            staged: s,
            old: None,
        });
    }
    if s.fresh {
        // A hard link never replaces what is there: the file is created or not.
        fs::hard_link(&tmp, &s.dest).map_err(fail)?;
        return Ok(Swapped {
            staged: s,
            old: None,
        });
    }
    let old = match fs::symlink_metadata(&s.dest) {
        Ok(_) => {
            let old = sibling(&s.dest, "old");
            fs::rename(&s.dest, &old).map_err(fail)?;
            Some(old)
        }
        Err(_) => None,
    };
    if let Err(e) = fs::rename(&tmp, &s.dest) {
        if let Some(old) = &old {
            let _ = fs::rename(old, &s.dest);
        }
        return Err(fail(e));
    }
    s.tmp = None;
    Ok(Swapped { staged: s, old })
}

/// Puts back what [`swap`] replaced.
fn undo(sw: Swapped) {
    let dest = &sw.staged.dest;
    match &sw.old {
        Some(old) => {
            let back = sibling(dest, "tmp");
            if fs::rename(dest, &back).is_ok() {
                let _ = fs::rename(old, dest);
                let _ = fs::remove_dir_all(&back).or_else(|_| fs::remove_file(&back));
            }
        }
        None => {
            let _ = fs::remove_dir_all(dest).or_else(|_| fs::remove_file(dest));
        }
    }
}
