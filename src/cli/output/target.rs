//! The checks made on every output before anything is written.

use super::Target;
use std::path::{Path, PathBuf};

/// Refuses a target that cannot be replaced safely; returns the path to write
/// (for [`Target::InPlace`], the file a symlink points to).
pub fn check(t: &Target, inputs: &[PathBuf]) -> Result<PathBuf, String> {
    let path = t.path();
    let shown = path.display();
    if path.file_name().is_none() {
        return Err(format!(
            "error: `{shown}` is not a name tilec can write to; name a new or existing output such as `out`"
        ));
    }
    let meta = std::fs::metadata(path).ok();
    match t {
        Target::Dir(..) if meta.as_ref().is_some_and(|m| !m.is_dir()) => {
            return Err(format!(
                "error: `{shown}` exists and is not a directory; the output directory is replaced as a whole, so name a new or existing directory"
            ));
        }
        Target::File(..) | Target::InPlace(..) if meta.as_ref().is_some_and(|m| m.is_dir()) => {
            return Err(format!("error: `{shown}` is a directory, not a file"));
        }
        Target::NewDir(..) if std::fs::symlink_metadata(path).is_ok() => {
            return Err(format!(
                "error: `{shown}` already exists; it is not overwritten: remove it or name a new directory"
            ));
        }
        Target::NewFile(..) if std::fs::symlink_metadata(path).is_ok() => {
            return Err(format!("error: `{shown}` already exists"));
        }
        _ => {}
    }
    let abs = absolute(path);
    let cwd = absolute(Path::new("."));
    if cwd.starts_with(&abs) {
        return Err(format!(
            "error: `{shown}` holds the current directory; name an output directory inside it, such as `site`"
        ));
    }
    for input in inputs {
        overlap(path, &abs, input)?;
    }
    Ok(match t {
        Target::InPlace(..) => std::fs::canonicalize(path).unwrap_or(abs),
        _ => abs,
    })
}

/// Refuses an output that is, holds or lies inside `input`.
pub fn overlap(path: &Path, abs: &Path, input: &Path) -> Result<(), String> {
    let inp = absolute(input);
    let how = if inp == abs {
        "is"
    } else if inp.starts_with(abs) {
        "holds"
    } else if abs.starts_with(&inp) {
        "lies inside"
    } else {
        return Ok(());
    };
    Err(format!(
        "error: the output `{}` {how} the input `{}`; writing it would destroy the sources, so choose an output elsewhere",
        path.display(),
        input.display()
    ))
}

/// `path` made absolute, with every link and `..` of the part that exists
/// resolved (the rest, not created yet, is appended as written).
pub fn absolute(path: &Path) -> PathBuf {
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = full.as_path();
    let mut rest = Vec::new();
    while std::fs::symlink_metadata(existing).is_err() {
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name);
                existing = parent;
            }
            _ => return full,
        }
    }
    let mut out = std::fs::canonicalize(existing).unwrap_or_else(|_| existing.to_path_buf());
    out.extend(rest.into_iter().rev());
    out
}
