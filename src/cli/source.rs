//! Which tiles a command reads, chosen the same way by every command that reads
//! tiles: `--tiles DIR` (or the paths a command takes), else the directory
//! `tiles` when the current directory has one (a tilec checkout), else the
//! shipped sets built into tilec.

use super::input::{self, Input};
use std::path::{Path, PathBuf};
use tilec::diagnostic::Sources;
use tilec::Compiled;

/// `--tiles DIR`, flattened into every command that reads tiles.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TilesArg {
    /// The tiles to read: a directory of `.tiles` files and its `sets.toml`
    /// [default: `tiles` when the current directory has one, else the shipped
    /// sets built into tilec]
    #[arg(long, value_name = "DIR")]
    pub tiles: Option<PathBuf>,
}

/// Where the tiles come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Files and directories on disk.
    Paths(Vec<PathBuf>),
    /// The shipped sets built into tilec: no `tiles` directory here.
    BuiltIn,
}

/// The directory a checkout keeps its tiles in.
pub const DEFAULT_DIR: &str = "tiles";

impl TilesArg {
    /// [`TilesArg::source`], or the exit code after printing why not.
    pub fn resolve(&self, paths: &[PathBuf]) -> Result<Source, u8> {
        self.source(paths).map_err(|msg| {
            eprintln!("{msg}");
            2
        })
    }

    /// The paths `--tiles` (or its default) reads, which outputs must not
    /// overwrite.
    pub fn inputs(&self) -> Vec<PathBuf> {
        self.source(&[])
            .map(|s| s.inputs().to_vec())
            .unwrap_or_default()
    }

    /// The source named by `--tiles` or by a command's own `paths` (one or the
    /// other, not both), else the default.
    pub fn source(&self, paths: &[PathBuf]) -> Result<Source, String> {
        match (&self.tiles, paths) {
            (Some(dir), [first, ..]) => Err(format!(
                "error: the tiles are named twice: `--tiles {}` and `{}`\n  = hint: give one of them",
                dir.display(),
                first.display()
            )),
            (Some(dir), []) => Ok(Source::Paths(vec![dir.clone()])),
            (None, []) if !Path::new(DEFAULT_DIR).is_dir() => Ok(Source::BuiltIn),
            (None, []) => Ok(Source::Paths(vec![PathBuf::from(DEFAULT_DIR)])),
            (None, paths) => Ok(Source::Paths(paths.to_vec())),
        }
    }
}

impl Source {
    /// The paths read, which outputs must not overwrite (none for the built-in sets).
    pub fn inputs(&self) -> &[PathBuf] {
        match self {
            Source::Paths(paths) => paths,
            Source::BuiltIn => &[],
        }
    }

    /// Whether this is the checkout's own `tiles` directory, whose tables are
    /// the shipped ones (`runtime/generated/tables.rs`).
    pub fn is_checkout(&self) -> bool {
        matches!(self, Source::Paths(p) if p.len() == 1 && p[0] == Path::new(DEFAULT_DIR))
    }

    /// Reads and compiles the tiles; prints diagnostics on I/O failure, and a
    /// note when the built-in sets stand in for a missing `tiles` directory.
    /// `Err(code)` when the run must stop.
    pub fn compile(&self) -> Result<(Input, Compiled), u8> {
        match self {
            Source::Paths(paths) => input::compile(paths),
            Source::BuiltIn => {
                eprintln!("{}", built_in_note());
                Ok(built_in())
            }
        }
    }
}

/// What a command says when it reads the built-in sets.
pub fn built_in_note() -> String {
    format!(
        "note: no `{DEFAULT_DIR}` directory here: reading the shipped sets built into tilec\n  = hint: `--tiles DIR` reads your own"
    )
}

/// The shipped sets' built-in text, read as if from a checkout's `tiles`.
fn built_in() -> (Input, Compiled) {
    let mut sources = Sources::new();
    let tiles = tilec::sets::SHIPPED_TILES
        .iter()
        .map(|(name, text)| sources.add(name.to_string(), text.to_string()))
        .collect();
    let toml = tilec::sets::SHIPPED_SETS_TOML.to_string();
    let config = Some(sources.add("tiles/sets.toml".to_string(), toml));
    let input = Input {
        sources,
        tiles,
        siblings: Vec::new(),
        config,
        diagnostics: Vec::new(),
    };
    let compiled = input.compile();
    (input, compiled)
}
