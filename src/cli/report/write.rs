//! Writes the report's files together: both or neither. Each is written to a
//! temporary file created exclusively (never through a planted link) in the
//! report directory, then all are renamed into place; if a rename fails, the
//! files already replaced are put back as they were and the temporaries removed.

use std::fs::{self, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Creates `dir` (and its parents) if missing, so that a bad `--report` fails
/// before the games.
pub fn prepare(dir: &Path) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| {
        format!(
            "error: cannot create the report directory `{}`: {e}",
            dir.display()
        )
    })
}

/// Writes each `(name, bytes)` as `dir/name`: all of them or, on an error, none
/// (the previous files stay as they were).
pub fn write_all(dir: &Path, files: &[(&str, &[u8])]) -> Result<(), String> {
    prepare(dir)?;
    let targets: Vec<PathBuf> = files.iter().map(|(name, _)| dir.join(name)).collect();
    for target in &targets {
        if target.is_dir() {
            return Err(cannot(target, "it is a directory"));
        }
    }
    let mut temps: Vec<PathBuf> = Vec::new();
    let written = files
        .iter()
        .zip(&targets)
        .try_for_each(|((name, bytes), target)| {
            let tmp = temp_file(dir, name, bytes).map_err(|e| cannot(target, e))?;
            temps.push(tmp);
            Ok(())
        });
    let swapped = written.and_then(|()| swap_in(&temps, &targets));
    for tmp in &temps {
        let _ = fs::remove_file(tmp);
    }
    swapped
}

/// Renames each temporary over its target; when one fails, the targets already
/// replaced get their previous contents back (or are removed if they were new).
fn swap_in(temps: &[PathBuf], targets: &[PathBuf]) -> Result<(), String> {
    let dir = targets
        .first()
        .and_then(|t| t.parent())
        .unwrap_or(Path::new("."));
    // The previous files, kept (as hard links, or copies) until all are swapped.
    let mut backups: Vec<Option<PathBuf>> = Vec::new();
    let mut replaced = 0;
    let mut result = Ok(());
    for (tmp, target) in temps.iter().zip(targets) {
        let step = backup(dir, target).and_then(|old| {
            backups.push(old);
            fs::rename(tmp, target)
        });
        if let Err(e) = step {
            result = Err(cannot(target, e));
            break;
        }
        replaced += 1;
    }
    if result.is_err() {
        for (target, old) in targets.iter().zip(&backups).take(replaced) {
            let _ = match old {
                Some(old) => fs::rename(old, target),
                None => fs::remove_file(target),
            };
        }
    }
    for old in backups.iter().flatten() {
        let _ = fs::remove_file(old);
    }
    result
}

/// A second name for `target`'s current file, if there is one.
fn backup(dir: &Path, target: &Path) -> std::io::Result<Option<PathBuf>> {
    if fs::symlink_metadata(target).is_err() {
        return Ok(None);
    }
    let name = target
        .file_name()
        .map_or("report".into(), |n| n.to_string_lossy());
    for attempt in 0..100u32 {
        let path = dir.join(format!(".{name}.{}.{attempt}.old", std::process::id()));
        match fs::hard_link(target, &path) {
            Ok(()) => return Ok(Some(path)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            // A file system without hard links: keep a copy instead.
            Err(_) => {
                let bytes = fs::read(target)?;
                return temp_file(dir, &format!("{name}.old"), &bytes).map(Some);
            }
        }
    }
    Err(std::io::Error::other("no free name for a backup"))
}

/// Writes `bytes` into a new file `dir/.name.<pid>.<n>.tmp`, created
/// exclusively: an existing file or link of that name is never written through.
fn temp_file(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    for attempt in 0..100u32 {
        let path = dir.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
        let mut file = match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        };
        if let Err(e) = file.write_all(bytes).and_then(|()| file.sync_all()) {
            let _ = fs::remove_file(&path);
            return Err(e);
        }
        return Ok(path);
    }
    Err(std::io::Error::other("no free temporary name"))
}

fn cannot(target: &Path, e: impl std::fmt::Display) -> String {
    format!("error: cannot write `{}`: {e}", target.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tilec-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .expect("dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn both_files_are_replaced() {
        let dir = scratch("pair-ok");
        fs::write(dir.join("a"), "old a").expect("write");
        write_all(&dir, &[("a", b"new a"), ("b", b"new b")]).expect("written");
        assert_eq!(fs::read_to_string(dir.join("a")).expect("a"), "new a");
        assert_eq!(fs::read_to_string(dir.join("b")).expect("b"), "new b");
        assert_eq!(names(&dir), ["a", "b"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_second_rename_puts_the_first_file_back() {
        let dir = scratch("pair-rollback");
        fs::write(dir.join("a"), "old a").expect("write");
        fs::create_dir(dir.join("b")).expect("a directory where b goes");
        fs::write(dir.join("b").join("keep"), "x").expect("write");
        let temps = [
            temp_file(&dir, "a", b"new a").expect("tmp"),
            temp_file(&dir, "b", b"new b").expect("tmp"),
        ];
        let err = swap_in(&temps, &[dir.join("a"), dir.join("b")]).expect_err("b is blocked");
        assert!(err.contains("cannot write") && err.contains('b'), "{err}");
        assert_eq!(fs::read_to_string(dir.join("a")).expect("a"), "old a");
        // Only the second temporary is left for the caller to remove.
        assert_eq!(names(&dir).len(), 3, "{:?}", names(&dir));
        // A target that did not exist before is removed again.
        fs::remove_file(dir.join("a")).expect("remove");
        let temps = [
            temp_file(&dir, "a", b"new a").expect("tmp"),
            temp_file(&dir, "c", b"new c").expect("tmp"),
        ];
        assert!(swap_in(&temps, &[dir.join("a"), dir.join("b")]).is_err());
        assert!(!dir.join("a").exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_blocked_target_writes_nothing_and_leaves_no_temporary() {
        let dir = scratch("pair-blocked");
        fs::write(dir.join("a"), "old a").expect("write");
        fs::create_dir(dir.join("b")).expect("dir");
        let err = write_all(&dir, &[("a", b"new a"), ("b", b"new b")]).expect_err("blocked");
        assert!(err.contains("it is a directory"), "{err}");
        assert_eq!(fs::read_to_string(dir.join("a")).expect("a"), "old a");
        assert_eq!(names(&dir), ["a", "b"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_link_at_a_temporary_name_is_not_written_through() {
        let dir = scratch("pair-link");
        let victim = dir.join("victim");
        fs::write(&victim, "precious").expect("write");
        let planted = dir.join(format!(".a.{}.0.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).expect("link");
        write_all(&dir, &[("a", b"new a")]).expect("written");
        assert_eq!(fs::read_to_string(&victim).expect("victim"), "precious");
        assert_eq!(fs::read_to_string(dir.join("a")).expect("a"), "new a");
        let _ = fs::remove_dir_all(&dir);
    }
}
