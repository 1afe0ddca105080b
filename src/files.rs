//! Reading tile sources from disk: the one input layer of the CLI and the
//! Python package (`tilec.Game(tiles=DIR)`), the only part of the library that
//! touches the file system. Only regular files are read: each is opened
//! without blocking and looked at through the open handle, so that a FIFO or
//! a device named `x.tiles` is reported instead of hanging the read or never
//! ending it, whatever took the name between a look and the open. Each kind
//! of file has a size limit ([`crate::limits::Input`]): a larger file is
//! refused by its size before a byte is read, and no read goes past the limit
//! (a file that grows meanwhile, or reports no size, stops there).

use crate::diagnostic::{Diagnostic, FileId, Sources};
use crate::limits::Input as Kind;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// The sources read for one compilation.
#[derive(Debug, Default)]
pub struct Input {
    /// The files' texts.
    pub sources: Sources,
    /// Ids of the `.tiles` files.
    pub tiles: Vec<FileId>,
    /// Ids of the other `.tiles` files of the directory of a file read alone
    /// with that directory's `sets.toml` (see [`crate::compile_among`]).
    pub siblings: Vec<FileId>,
    /// Id of `sets.toml`, if one was found.
    pub config: Option<FileId>,
    /// Problems found while decoding (bad UTF-8, a byte-order mark).
    pub diagnostics: Vec<Diagnostic>,
}

/// A file or directory that could not be read.
#[derive(Debug)]
pub struct ReadError {
    /// The path, as given or as found in a directory given.
    pub path: PathBuf,
    /// Why.
    pub error: io::Error,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read `{}`: {}", self.path.display(), self.error)
    }
}

/// The bytes of the regular file at `path` (a link to one is followed), a
/// file of `kind`: one over its limit is refused unread.
pub fn read(path: &Path, kind: Kind) -> Result<Vec<u8>, ReadError> {
    let err = |error| ReadError {
        path: path.to_path_buf(),
        error,
    };
    let file = open_regular(path).map_err(err)?;
    let too_large = |bytes| {
        kind.check(bytes)
            .map_err(|m| err(io::Error::new(io::ErrorKind::FileTooLarge, m)))
    };
    let len = file.metadata().map_err(err)?.len();
    too_large(len)?;
    let max = kind.max_bytes() as u64;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(max + 1).read_to_end(&mut bytes).map_err(err)?;
    too_large(bytes.len() as u64)?;
    Ok(bytes)
}

/// The bytes of the regular file at `path`, refused without reading it
/// whole when it holds more than `max` bytes (a hostile file of gigabytes
/// costs nothing but the look).
pub fn read_at_most(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let err = |error| ReadError {
        path: path.to_path_buf(),
        error,
    };
    let too_big = || {
        err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "larger than {} MiB, more than any file of its kind",
                max >> 20
            ),
        ))
    };
    let file = open_regular(path).map_err(err)?;
    if file.metadata().map_err(err)?.len() > max {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    // The length can grow after the look: read one byte past the bound.
    file.take(max + 1).read_to_end(&mut bytes).map_err(err)?;
    if bytes.len() as u64 > max {
        return Err(too_big());
    }
    Ok(bytes)
}

fn open_regular(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a directory, FIFO, socket or device); tilec reads only regular files, so move or rename it",
        ));
    }
    Ok(file)
}

/// The `*.tiles` files of directory `dir`, sorted.
pub fn tile_files(dir: &Path) -> Result<Vec<PathBuf>, ReadError> {
    let entries = std::fs::read_dir(dir).map_err(|error| ReadError {
        path: dir.to_path_buf(),
        error,
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tiles"))
        .collect();
    files.sort();
    Ok(files)
}

/// Reads the given paths: a directory gives its `*.tiles` files (sorted) and
/// its `sets.toml`; a file is read as tile text.
pub fn read_paths(paths: &[PathBuf]) -> Result<Input, ReadError> {
    let mut input = Input::default();
    for path in paths {
        if !path.is_dir() {
            let id = input.add(path, Kind::Tiles)?;
            input.tiles.push(id);
            continue;
        }
        for file in tile_files(path)? {
            let id = input.add(&file, Kind::Tiles)?;
            input.tiles.push(id);
        }
        let toml = path.join("sets.toml");
        if std::fs::symlink_metadata(&toml).is_ok() {
            input.config = Some(input.add(&toml, Kind::SetsToml)?);
        }
    }
    Ok(input)
}

impl Input {
    /// Reads the regular file at `path`, a file of `kind`, into the sources,
    /// decoded (its decoding problems join [`Input::diagnostics`]), and gives
    /// its id.
    pub fn add(&mut self, path: &Path, kind: Kind) -> Result<FileId, ReadError> {
        let bytes = read(path, kind)?;
        let id = self.sources.add(path.display().to_string(), String::new());
        let (text, diags) = crate::decode(id, bytes);
        self.sources.set_text(id, text);
        self.diagnostics.extend(diags);
        Ok(id)
    }

    /// Runs the library's pipeline on what was read.
    pub fn compile(&self) -> crate::Compiled {
        crate::compile_among(&self.sources, &self.tiles, &self.siblings, self.config)
    }
}
