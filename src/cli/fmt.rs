//! `tilec fmt [--check] PATH...`: rewrite tile files in the canonical layout.

use super::input;
use std::path::PathBuf;
use tilec::diagnostic::Sources;

/// Arguments of `tilec fmt`.
#[derive(clap::Args)]
pub struct FmtArgs {
    /// Do not write; list the files that would change and exit 1 if any would.
    #[arg(long)]
    pub check: bool,
    /// Tile files or directories (default: `tiles`).
    #[arg(default_value = "tiles")]
    pub paths: Vec<PathBuf>,
}

/// Formats every file; 0 done (or all canonical), 1 changes needed or syntax
/// errors, 2 I/O.
pub fn run(args: &FmtArgs) -> u8 {
    let files = match input::tile_paths(&args.paths) {
        Ok(f) => f,
        Err(input::IoError(msg)) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    let mut code = 0;
    for path in files {
        match format_file(&path, args.check) {
            Ok(true) if args.check => {
                outln!("{}", path.display());
                code = code.max(1);
            }
            Ok(_) => {}
            Err(c) => code = code.max(c),
        }
    }
    code
}

/// Formats one file; `Ok(changed)`, or the exit code of a failure.
fn format_file(path: &std::path::Path, check: bool) -> Result<bool, u8> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("{}", input::io_error(path, &e).0);
        2u8
    })?;
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
        let target = super::output::Target::InPlace(path, formatted.as_bytes());
        super::output::replace_all(&[target], &[]).map_err(|e| {
            eprintln!("{e}");
            2u8
        })?;
    }
    Ok(changed)
}
