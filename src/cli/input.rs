//! Reading tile sources: files or directories, `sets.toml`, and rendering
//! diagnostics to stderr (in colour only on a terminal).

use codespan_reporting::term::termcolor::{BufferedStandardStream, ColorChoice};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use tilec::diagnostic::{render, Diagnostic, Sources};
use tilec::Compiled;

pub use tilec::files::Input;

/// An I/O failure, already worded for the user.
pub struct IoError(pub String);

impl From<tilec::files::ReadError> for IoError {
    fn from(e: tilec::files::ReadError) -> IoError {
        IoError(format!("error: {e}"))
    }
}

/// Reads the given paths: a directory gives its `*.tiles` files (sorted) and its
/// `sets.toml`; a file is read as tile text. Only regular files are read
/// ([`tilec::files`]).
/// Files given without a directory are read with the `sets.toml` beside them
/// (see [`beside`]).
pub fn read(paths: &[PathBuf]) -> Result<Input, IoError> {
    let mut input = tilec::files::read_paths(paths).map_err(|e| {
        let path = e.path.clone();
        hint_if_missing(e.into(), &path)
    })?;
    if input.config.is_none() {
        beside(&mut input, paths)?;
    }
    Ok(input)
}

/// For files given without their directory: the `sets.toml` beside them, and
/// the directory's other `.tiles` files, whose sets its other entries describe
/// and which may hold the sets these files require. Files of several
/// directories are read as they are (which `sets.toml` would apply?), with a note.
fn beside(input: &mut Input, paths: &[PathBuf]) -> Result<(), IoError> {
    let dir_of = |p: &PathBuf| match p.parent() {
        Some(d) if d != Path::new("") => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if paths.iter().any(|p| p.is_dir()) {
        return Ok(());
    }
    let mut dirs: Vec<PathBuf> = paths.iter().map(dir_of).collect();
    dirs.sort();
    dirs.dedup();
    let with_toml: Vec<&PathBuf> = dirs
        .iter()
        .filter(|d| d.join("sets.toml").is_file())
        .collect();
    match with_toml.as_slice() {
        [] => return Ok(()),
        [dir] if dirs.len() == 1 => {
            let toml = dir.join("sets.toml");
            input.config = Some(input.add(&toml, tilec::limits::Input::SetsToml)?);
            let given: Vec<PathBuf> = paths.iter().filter_map(|p| p.canonicalize().ok()).collect();
            for file in tilec::files::tile_files(dir)? {
                if !file.canonicalize().is_ok_and(|f| given.contains(&f)) {
                    let reported = input.diagnostics.len();
                    let id = input.add(&file, tilec::limits::Input::Tiles)?;
                    input.diagnostics.truncate(reported); // a sibling's, not reported
                    input.siblings.push(id);
                }
            }
        }
        _ => eprintln!(
            "note: the files lie in several directories: no `sets.toml` was read\n  = hint: check each directory, or each directory's files, on its own"
        ),
    }
    Ok(())
}

/// The `.tiles` files named by `paths`: files as given, directories expanded
/// (sorted). `sets.toml` is not included.
pub fn tile_paths(paths: &[PathBuf]) -> Result<Vec<PathBuf>, IoError> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            out.extend(tilec::files::tile_files(path)?);
        } else if let Err(e) = std::fs::metadata(path) {
            // The system's own words, as `check` gives them ("No such file ...").
            return Err(hint_if_missing(io_error(path, &e), path));
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

/// Adds a hint to the error for a tile path that does not exist: the default
/// `tiles` exists only in a tilec checkout, so say how to name another one.
fn hint_if_missing(IoError(msg): IoError, path: &Path) -> IoError {
    if path.exists() {
        return IoError(msg);
    }
    IoError(format!(
        "{msg}\n  = hint: name a `.tiles` file, or a directory of them with its `sets.toml` \
         (a path, or `--tiles DIR`)"
    ))
}

/// The wording of an I/O error.
pub fn io_error(path: &Path, e: &std::io::Error) -> IoError {
    IoError(format!("error: cannot read `{}`: {e}", path.display()))
}

/// Reads and compiles; prints diagnostics. `Err(code)` when the run must stop.
pub fn compile(paths: &[PathBuf]) -> Result<(Input, Compiled), u8> {
    let mut input = read(paths).map_err(|IoError(msg)| {
        eprintln!("{msg}");
        2u8
    })?;
    if input.tiles.is_empty() {
        eprintln!("error: no .tiles files found in the given paths");
        return Err(2);
    }
    let mut compiled = input.compile();
    compiled.diagnostics.append(&mut input.diagnostics);
    Ok((input, compiled))
}

/// Prints diagnostics to stderr through one buffer (stderr itself is
/// unbuffered: one `write` per piece of text); colour only on a terminal.
pub fn report(sources: &Sources, diagnostics: &[Diagnostic]) {
    let choice = if std::io::stderr().is_terminal() {
        ColorChoice::Auto
    } else {
        ColorChoice::Never
    };
    let mut err = BufferedStandardStream::stderr(choice);
    let n = diagnostics.len();
    // Nothing is left to tell the user if stderr itself fails.
    let _ = render(&mut err, sources, diagnostics)
        .and_then(|()| {
            writeln!(
                err,
                "error: {n} problem{} found",
                if n == 1 { "" } else { "s" }
            )
        })
        .and_then(|()| err.flush());
}
