//! Swapping staged outputs in: each with one atomic `renameat2`, so that at
//! every instant its path holds the old or the new content, never nothing.
//! What a swap takes out is looked at before it is dropped: a file that is not
//! a regular file of one name, or a directory tilec did not make, that took an
//! output's place after the checks is swapped back and the write refused.

use super::stage::{self, Staged};
use super::{describe, sys, target};
use std::fs;
use std::path::Path;

/// A swapped-in output; `old` when the staging name now holds what it replaced.
struct Swapped {
    staged: Staged,
    old: bool,
}

/// Swaps every staged output in; on a failure, swaps back the ones already
/// in, so that either all are replaced or none. Then removes what they replaced.
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
    for mut sw in done {
        sw.staged.unlock();
        let _ = sys::sync_dir(sw.staged.dest.parent().unwrap_or(Path::new("/")));
        // What the swap took out, now at the staging name, goes with the drop.
        sw.staged.owned = sw.old;
    }
    Ok(())
}

fn swap(mut s: Staged) -> Result<Swapped, String> {
    let fail = |s: &Staged, e: std::io::Error| describe(&s.user, &e);
    match sys::rename_new(&s.tmp, &s.dest) {
        Ok(()) => {
            s.owned = false;
            return Ok(Swapped {
                staged: s,
                old: false,
            });
        }
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists || s.fresh => {
            return Err(fail(&s, e));
        }
        Err(_) => {}
    }
    let spare = stage::staging_name(&s.dest, false);
    sys::exchange(&s.tmp, &s.dest, &spare).map_err(|e| fail(&s, e))?;
    if let Err(why) = replaceable(&s) {
        // Put back what was there; the new content is dropped.
        let back = sys::exchange(&s.tmp, &s.dest, &spare);
        return Err(back.map_or_else(|e| fail(&s, e), |()| why));
    }
    Ok(Swapped {
        staged: s,
        old: true,
    })
}

/// Whether what the swap took out (now at the staging name) was the kind of
/// thing tilec replaces, with the check's own message when not.
fn replaceable(s: &Staged) -> Result<(), String> {
    let meta = fs::symlink_metadata(&s.tmp).map_err(|e| describe(&s.user, &e))?;
    match s.dir {
        true => target::replaceable_dir(&s.user, &s.tmp, &meta),
        false => target::replaceable_file(&s.user, &meta),
    }
}

/// Puts back what [`swap`] replaced (or takes out what it created).
fn undo(sw: Swapped) {
    let mut s = sw.staged;
    if sw.old {
        let spare = stage::staging_name(&s.dest, false);
        let _ = sys::exchange(&s.tmp, &s.dest, &spare);
        s.owned = true;
    } else if sys::rename_new(&s.dest, &s.tmp).is_ok() {
        s.owned = true;
    }
}
