//! Atomic writes of generated outputs: everything is built in memory first, then
//! written into a temporary sibling of the target and swapped in with renames, so
//! a failed build leaves the previous outputs as they were.

use std::path::{Path, PathBuf};

/// Files of an output tree: (relative path with `/` separators, bytes).
pub type Files = Vec<(String, Vec<u8>)>;

/// Replaces directory `target` by a directory holding exactly `files`.
pub fn replace_dir(target: &Path, files: &Files) -> Result<(), String> {
    let tmp = sibling(target, "tmp");
    let old = sibling(target, "old");
    for stale in [&tmp, &old] {
        if stale.exists() {
            std::fs::remove_dir_all(stale).map_err(|e| describe(stale, &e))?;
        }
    }
    if let Err(e) = write_tree(&tmp, files) {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(e);
    }
    let had_old = target.exists();
    if had_old {
        std::fs::rename(target, &old).map_err(|e| describe(target, &e))?;
    }
    if let Err(e) = std::fs::rename(&tmp, target) {
        if had_old {
            let _ = std::fs::rename(&old, target);
        }
        return Err(describe(target, &e));
    }
    if had_old {
        std::fs::remove_dir_all(&old).map_err(|e| describe(&old, &e))?;
    }
    Ok(())
}

/// Replaces file `target` by `bytes` (write a sibling, then rename over).
pub fn replace_file(target: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| describe(parent, &e))?;
    }
    let tmp = sibling(target, "tmp");
    std::fs::write(&tmp, bytes).map_err(|e| describe(&tmp, &e))?;
    std::fs::rename(&tmp, target).map_err(|e| describe(target, &e))
}

fn write_tree(root: &Path, files: &Files) -> Result<(), String> {
    std::fs::create_dir_all(root).map_err(|e| describe(root, &e))?;
    for (rel, bytes) in files {
        if rel
            .split('/')
            .any(|part| part.is_empty() || part == ".." || part == ".")
        {
            return Err(format!("error: refusing to write the unsafe path `{rel}`"));
        }
        let path = root.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| describe(parent, &e))?;
        }
        std::fs::write(&path, bytes).map_err(|e| describe(&path, &e))?;
    }
    Ok(())
}

/// `dir/.name.suffix` beside `target`.
fn sibling(target: &Path, suffix: &str) -> PathBuf {
    let name = target
        .file_name()
        .map_or("out".into(), |n| n.to_string_lossy().into_owned());
    let parent = target.parent().unwrap_or(Path::new(""));
    parent.join(format!(".{name}.{suffix}"))
}

fn describe(path: &Path, e: &std::io::Error) -> String {
    format!("error: cannot write `{}`: {e}", path.display())
}
