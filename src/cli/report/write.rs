//! Writes the report's files: each is built in memory, written as a hidden
//! sibling, then renamed into place.

use std::fs;
use std::path::Path;

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

/// Writes each `(name, bytes)` as `dir/name`, through `dir/.name.tmp`.
pub fn write_all(dir: &Path, files: &[(&str, &[u8])]) -> Result<(), String> {
    prepare(dir)?;
    let tmp = |name: &str| dir.join(format!(".{name}.tmp"));
    let clean = || {
        for (name, _) in files {
            let _ = fs::remove_file(tmp(name));
        }
    };
    for step in [false, true] {
        for (name, bytes) in files {
            let done = if step {
                fs::rename(tmp(name), dir.join(name))
            } else {
                fs::write(tmp(name), bytes)
            };
            if let Err(e) = done {
                clean();
                return Err(format!(
                    "error: cannot write `{}`: {e}",
                    dir.join(name).display()
                ));
            }
        }
    }
    Ok(())
}
