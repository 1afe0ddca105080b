//! Reading tile sources: files or directories, `sets.toml`, and rendering
//! diagnostics to stderr (in colour only on a terminal).

use codespan_reporting::term::termcolor::{BufferedStandardStream, ColorChoice};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use tilec::diagnostic::{render, Diagnostic, FileId, Sources};
use tilec::Compiled;

/// Everything read from disk for one compilation.
pub struct Input {
    /// The files' texts.
    pub sources: Sources,
    /// Ids of the `.tiles` files.
    pub tiles: Vec<FileId>,
    /// Id of `sets.toml`, if one was found.
    pub config: Option<FileId>,
    /// Problems found while decoding (bad UTF-8).
    pub diagnostics: Vec<Diagnostic>,
}

/// An I/O failure, already worded for the user.
pub struct IoError(pub String);

/// Reads the given paths: a directory gives its `*.tiles` files (sorted) and its
/// `sets.toml`; a file is read as tile text.
pub fn read(paths: &[PathBuf]) -> Result<Input, IoError> {
    let mut input = Input {
        sources: Sources::new(),
        tiles: Vec::new(),
        config: None,
        diagnostics: Vec::new(),
    };
    for path in paths {
        if path.is_dir() {
            for file in tile_files(path)? {
                let id = add(&mut input, &file)?;
                input.tiles.push(id);
            }
            let toml = path.join("sets.toml");
            if toml.exists() {
                regular(&toml)?;
                input.config = Some(add(&mut input, &toml)?);
            }
        } else {
            let id = add(&mut input, path).map_err(|e| hint_if_missing(e, path))?;
            input.tiles.push(id);
        }
    }
    Ok(input)
}

/// The `.tiles` files named by `paths`: files as given, directories expanded
/// (sorted). `sets.toml` is not included.
pub fn tile_paths(paths: &[PathBuf]) -> Result<Vec<PathBuf>, IoError> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            out.extend(tile_files(path)?);
        } else if !path.exists() {
            let e = std::io::Error::from(std::io::ErrorKind::NotFound);
            return Err(hint_if_missing(io_error(path, &e), path));
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

fn tile_files(dir: &Path) -> Result<Vec<PathBuf>, IoError> {
    let entries = std::fs::read_dir(dir).map_err(|e| io_error(dir, &e))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tiles"))
        .collect();
    files.sort();
    for file in &files {
        regular(file)?;
    }
    Ok(files)
}

/// Only regular files (or links to them) are read from a directory: a FIFO
/// named `x.tiles` would block the read forever, a device never end.
fn regular(path: &Path) -> Result<(), IoError> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(_) => Err(IoError(format!(
            "error: `{}` is not a regular file (a directory, FIFO, socket or device); tilec reads only regular files from a directory, so move or rename it",
            path.display()
        ))),
        Err(e) => Err(io_error(path, &e)),
    }
}

fn add(input: &mut Input, path: &Path) -> Result<FileId, IoError> {
    let bytes = std::fs::read(path).map_err(|e| io_error(path, &e))?;
    let id = input.sources.add(path.display().to_string(), String::new());
    let (text, diag) = tilec::decode(id, bytes);
    input.sources.set_text(id, text);
    input.diagnostics.extend(diag);
    Ok(id)
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
