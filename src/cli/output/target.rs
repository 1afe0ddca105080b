//! The checks made on every output before anything is written (and made again
//! on what a swap takes out, in case something took the output's place since).

use super::{stage::MARKER, Target};
use std::fs::Metadata;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Where an output goes and what it replaces.
pub struct Checked {
    /// The absolute path written (the parent's links resolved, never the
    /// output's own; for [`Target::InPlace`], the file a symlink points to).
    pub dest: PathBuf,
    /// What is there now, if anything.
    pub old: Option<Metadata>,
}

/// Refuses a target that cannot be replaced safely.
pub fn check(t: &Target, inputs: &[PathBuf]) -> Result<Checked, String> {
    let path = t.path();
    let shown = path.display();
    if path.file_name().is_none() {
        return Err(format!(
            "error: `{shown}` is not a name tilec can write to; name a new or existing output such as `out`"
        ));
    }
    let dest = match t {
        Target::InPlace(..) => {
            std::fs::canonicalize(path).map_err(|e| super::describe(path, &e))?
        }
        _ => dest_of(path),
    };
    let cwd = absolute(Path::new("."));
    if cwd.starts_with(&dest) {
        return Err(format!(
            "error: `{shown}` holds the current directory; name an output directory inside it, such as `site`"
        ));
    }
    for input in inputs {
        overlap(path, &dest, input)?;
    }
    let old = std::fs::symlink_metadata(&dest).ok();
    if let Some(meta) = &old {
        match t {
            Target::NewDir(..) => return Err(format!(
                "error: `{shown}` already exists; it is not overwritten: remove it or name a new directory"
            )),
            Target::NewFile(..) => return Err(format!("error: `{shown}` already exists")),
            Target::Dir(..) => replaceable_dir(path, &dest, meta)?,
            Target::File(..) | Target::InPlace(..) => replaceable_file(path, meta)?,
        }
    }
    Ok(Checked { dest, old })
}

/// Refuses to replace `meta` (at `path`) by a directory unless it is a
/// directory that tilec wrote (it holds the marker) or an empty one.
pub fn replaceable_dir(user: &Path, path: &Path, meta: &Metadata) -> Result<(), String> {
    let shown = user.display();
    if meta.is_symlink() {
        return Err(link(user));
    }
    if !meta.is_dir() {
        return Err(format!(
            "error: `{shown}` exists and is not a directory; the output directory is replaced as a whole, so name a new or existing directory"
        ));
    }
    match super::stage::is_tilecs(path) {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!(
            "error: `{shown}` is a directory that tilec did not write (it has files and no `{MARKER}`); tilec replaces its output directory as a whole, so it would delete them\nhint: name a new or empty directory, such as `{}`, or move `{shown}` away first",
            user.join("tilec").display()
        )),
        Err(e) => Err(super::describe(user, &e)),
    }
}

/// Refuses to replace `meta` by a file unless it is a regular file of one name.
pub fn replaceable_file(user: &Path, meta: &Metadata) -> Result<(), String> {
    let shown = user.display();
    let t = meta.file_type();
    if t.is_symlink() {
        return Err(link(user));
    }
    if t.is_dir() {
        return Err(format!("error: `{shown}` is a directory, not a file"));
    }
    if !t.is_file() {
        return Err(format!(
            "error: `{shown}` is not a regular file (a device, FIFO or socket); tilec writes only regular files, so name a file"
        ));
    }
    if meta.nlink() > 1 {
        return Err(format!(
            "error: `{shown}` has {} hard links; tilec writes a new file in its place, which would part it from its other names\nhint: write to a file of one name (copy it, or remove the other links)",
            meta.nlink()
        ));
    }
    Ok(())
}

fn link(user: &Path) -> String {
    format!(
        "error: `{}` is a symbolic link; tilec never writes through a link\nhint: name the place it points to, or remove the link",
        user.display()
    )
}

/// Refuses outputs that are, hold or lie inside one another.
pub fn apart(outputs: &[(&Path, &Path)]) -> Result<(), String> {
    for (i, (a, a_abs)) in outputs.iter().enumerate() {
        for (b, b_abs) in &outputs[i + 1..] {
            if a_abs.starts_with(b_abs) || b_abs.starts_with(a_abs) {
                return Err(format!(
                    "error: the outputs `{}` and `{}` overlap: one would replace the other; name separate places",
                    a.display(),
                    b.display()
                ));
            }
        }
    }
    Ok(())
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

/// Where output `path` goes: its parent made absolute with its links
/// resolved, and its own name (a link there is the output, not followed).
pub fn dest_of(path: &Path) -> PathBuf {
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (full.parent(), full.file_name()) {
        (Some(parent), Some(name)) => absolute(parent).join(name),
        _ => full,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_apart_pass_and_nested_ones_are_named() {
        let p = |s: &'static str| Path::new(s);
        assert!(apart(&[
            (p("s"), p("/w/s")),
            (p("t.rs"), p("/w/t.rs")),
            (p("st"), p("/w/st"))
        ])
        .is_ok());
        let err = apart(&[(p("A/site"), p("/w/A/site")), (p("A"), p("/w/A"))]).unwrap_err();
        assert!(err.contains("`A/site` and `A` overlap"), "{err}");
        assert!(apart(&[(p("X"), p("/w/X")), (p("X"), p("/w/X"))]).is_err());
    }
}
