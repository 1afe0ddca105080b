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
pub fn read(paths: &[PathBuf]) -> Result<Input, IoError> {
    tilec::files::read_paths(paths).map_err(|e| {
        let path = e.path.clone();
        hint_if_missing(e.into(), &path)
    })
}

/// The `.tiles` files named by `paths`: files as given, directories expanded
/// (sorted). `sets.toml` is not included.
pub fn tile_paths(paths: &[PathBuf]) -> Result<Vec<PathBuf>, IoError> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            out.extend(tilec::files::tile_files(path)?);
        } else if !path.exists() {
            let e = std::io::Error::from(std::io::ErrorKind::NotFound);
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
        "{msg}\nhint: name the tiles to read: `tilec check DIR`, `tilec build --tiles DIR` \
         (the default `tiles` is the directory of a tilec checkout)"
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
    let mut compiled = tilec::compile(&input.sources, &input.tiles, input.config);
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
