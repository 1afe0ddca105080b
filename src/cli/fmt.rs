//! `tilec fmt [--check] [PATH... | --tiles DIR]`: rewrite tile files in the
//! canonical layout.

use super::input;
use super::output::{Locks, Target};
use super::source::{Source, TilesArg};
use std::path::PathBuf;
use tilec::diagnostic::Sources;

/// Arguments of `tilec fmt`.
#[derive(clap::Args)]
pub struct FmtArgs {
    /// Do not write; show how each file would change (a unified diff) and exit 1
    /// if any would.
    #[arg(long)]
    pub check: bool,
    /// Tile files or directories.
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub tiles: TilesArg,
}

/// Formats every file; 0 done (or all canonical), 1 changes needed or syntax
/// errors, 2 I/O.
pub fn run(args: &FmtArgs) -> u8 {
    let paths = match args.tiles.resolve(&args.paths) {
        Ok(Source::Paths(paths)) => paths,
        Ok(Source::BuiltIn) => {
            eprintln!("error: no `tiles` directory here, and the built-in sets are not files to format\n  = hint: name the files or directories to format: `tilec fmt PATH...`");
            return 2;
        }
        Err(code) => return code,
    };
    let files = match input::tile_paths(&paths) {
        Ok(f) => f,
        Err(input::IoError(msg)) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    let mut code = 0;
    for path in files {
        match format_file(&path, args.check) {
            Ok(Some(diff)) if args.check => {
                out!("{diff}");
                code = code.max(1);
            }
            Ok(Some(_)) => outln!("formatted {}", path.display()),
            Ok(None) => {}
            Err(c) => code = code.max(c),
        }
    }
    code
}

/// What `--check` shows for a file that would change: its unified diff, or a
/// note when only line endings or the final newline differ.
fn diff(path: &std::path::Path, old: &str, new: &str) -> String {
    let name = path.display().to_string();
    let diff = super::diff::unified(&name, old, new);
    if diff.is_empty() {
        format!("{name}: only line endings or the final newline would change\n")
    } else {
        diff
    }
}

/// Formats one file: `Some` when it changed (with `check`, the diff that shows
/// how), `None` when it was canonical, or the exit code of a failure.
fn format_file(path: &std::path::Path, check: bool) -> Result<Option<String>, u8> {
    let fail = |msg: String| {
        eprintln!("{msg}");
        2u8
    };
    // Held from the read to the write: another `tilec` writing beside the
    // file waits.
    let mut locks = Locks::default();
    if !check {
        let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        locks.lock_for(&real).map_err(fail)?;
    }
    let bytes = tilec::files::read(path, tilec::limits::Input::Tiles)
        .map_err(|e| fail(format!("error: {e}")))?;
    let mut sources = Sources::new();
    let id = sources.add(path.display().to_string(), String::new());
    let (text, bad_utf8) = tilec::decode(id, bytes);
    sources.set_text(id, text);
    let (ast, mut diags) = tilec::syntax::parse(id, sources.text(id));
    diags.extend(bad_utf8);
    if !diags.is_empty() {
        input::report(&sources, &diags);
        return Err(1);
    }
    let formatted = tilec::format::format(&ast);
    let changed = formatted != sources.text(id);
    if changed && !check {
        let target = Target::InPlace(path, formatted.as_bytes());
        locks.replace_all(&[target], &[]).map_err(fail)?;
    }
    if !changed {
        return Ok(None);
    }
    Ok(Some(if check {
        diff(path, sources.text(id), &formatted)
    } else {
        String::new()
    }))
}
