//! `tilec import-jcz-game SAVE.jcz [--tiles DIR] [--out FILE]` and
//! `tilec export-game --format jcz RECORD.toml [--tiles DIR] [--out FILE]`:
//! games across with JCloisterZone (`docs/jcz-games.md`). Exit 0 done, 1 the
//! save or record cannot cross (each problem located), 2 usage or I/O.

use super::output;
use std::path::{Path, PathBuf};
use tilec::diagnostic::terminal::escape;
use tilec::jcz_game::{self, Problem};
use tilec::record;

/// Arguments of `tilec import-jcz-game`.
#[derive(clap::Args)]
pub struct ImportArgs {
    /// A game JCloisterZone saved (`.jcz`: the JSON its client writes).
    pub save: PathBuf,
    /// Write the record to this file (all or nothing) instead of stdout.
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub tiles: super::source::TilesArg,
}

/// Output formats of `tilec export-game`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameFormat {
    /// A JCloisterZone saved game (docs/jcz-games.md).
    Jcz,
}

/// Arguments of `tilec export-game`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// What to write.
    #[arg(long, value_enum, default_value = "jcz")]
    pub format: GameFormat,
    /// The game record (TOML, see docs/game-record.md).
    pub record: PathBuf,
    /// Write the save to this file (all or nothing) instead of stdout.
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub tiles: super::source::TilesArg,
}

/// The most problems printed.
const MAX_PROBLEMS: usize = 20;

fn report(path: &Path, problems: &[Problem]) {
    for p in problems.iter().take(MAX_PROBLEMS) {
        // The save's own text may be quoted: shown, never run.
        eprintln!("error: {}: {}", path.display(), escape(&p.to_string()));
    }
    if problems.len() > MAX_PROBLEMS {
        let more = problems.len() - MAX_PROBLEMS;
        eprintln!("error: {}: ... and {more} more problems", path.display());
    }
}

/// Reads a UTF-8 file of at most `max` bytes; the exit code after saying why not.
fn read_text(path: &Path, max: u64) -> Result<String, u8> {
    let bytes = tilec::files::read_at_most(path, max).map_err(|e| {
        eprintln!("error: {e}");
        2
    })?;
    String::from_utf8(bytes).map_err(|_| {
        eprintln!("error: {}: not UTF-8 text", path.display());
        1
    })
}

/// Writes `bytes` to `out` (or stdout); 0 done, 2 when it cannot be written.
fn write(out: Option<&Path>, bytes: &[u8], inputs: &[PathBuf]) -> u8 {
    match out {
        None => super::stdout::with(|w| w.write_all(bytes)),
        Some(path) => {
            let target = output::Target::File(path, bytes);
            if let Err(msg) = output::replace_all(&[target], inputs) {
                eprintln!("{msg}");
                return 2;
            }
        }
    }
    0
}

/// Runs `tilec import-jcz-game`.
pub fn import(args: &ImportArgs) -> u8 {
    let text = match read_text(&args.save, tilec::limits::MAX_SAVE_BYTES) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let available = match super::sets::load(&args.tiles) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let imported = match jcz_game::import(&text, &available) {
        Ok(i) => i,
        Err(problems) => {
            report(&args.save, &problems);
            return 1;
        }
    };
    for n in &imported.notes {
        eprintln!("note: {}: {n}", args.save.display());
    }
    let mut inputs = args.tiles.inputs();
    inputs.push(args.save.clone());
    write(
        args.out.as_deref(),
        imported.record.to_toml().as_bytes(),
        &inputs,
    )
}

/// Runs `tilec export-game`.
pub fn export(args: &ExportArgs) -> u8 {
    let path = &args.record;
    let text = match read_text(path, tilec::limits::MAX_SAVE_BYTES) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let record = match record::parse(&text) {
        Ok(r) => r,
        Err(errors) => {
            for e in errors.iter().take(MAX_PROBLEMS) {
                eprintln!("error: {}: {}", path.display(), escape(&e.to_string()));
            }
            return 1;
        }
    };
    let available = match super::sets::load(&args.tiles) {
        Ok(a) => a,
        Err(code) => return code,
    };
    if let Some((id, missing)) = available.missing_requirement(&record.sets) {
        let msg = super::sets::requires_text(&id, &missing);
        eprintln!("error: {}: {msg}", path.display());
        return 1;
    }
    let exported = match jcz_game::export(&record, &available) {
        Ok(e) => e,
        Err(p) => {
            report(path, &[p]);
            return 1;
        }
    };
    let mut inputs = args.tiles.inputs();
    inputs.push(path.clone());
    write(args.out.as_deref(), exported.json.as_bytes(), &inputs)
}
