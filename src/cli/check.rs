//! `tilec check [PATH...] [--tiles DIR]`, and `tilec check --explain CODE`.

use super::input;
use super::source::TilesArg;
use std::path::PathBuf;

/// Arguments of `tilec check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// Tile files or directories (a file is read with the `sets.toml` beside it).
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub tiles: TilesArg,
    /// Print the long explanation of a diagnostic code (such as E202) and exit.
    #[arg(long, value_name = "CODE")]
    pub explain: Option<String>,
}

/// Runs the check; 0 clean, 1 problems, 2 I/O (or an unknown code to explain).
pub fn run(args: &CheckArgs) -> u8 {
    if let Some(code) = &args.explain {
        return explain(code);
    }
    let compiled = args.tiles.resolve(&args.paths);
    let (input, compiled) = match compiled.and_then(|source| source.compile()) {
        Ok(v) => v,
        Err(code) => return code,
    };
    if !compiled.diagnostics.is_empty() {
        input::report(&input.sources, &compiled.diagnostics);
        return 1;
    }
    let sets = &compiled.model.sets;
    let kinds: usize = sets.iter().map(|s| s.tiles.len()).sum();
    let copies: u32 = sets.iter().map(|s| s.total()).sum();
    outln!("ok: {}", tilec::message::summary(sets.len(), kinds, copies));
    0
}

fn explain(code: &str) -> u8 {
    match tilec::message::explain(code) {
        Some(text) => {
            out!("{}\n\n{text}", code.to_ascii_uppercase());
            0
        }
        None => {
            let codes = tilec::message::CODES;
            eprintln!("error: no diagnostic has the code `{code}`");
            eprintln!(
                "hint: codes are the `E...` in `error[E...]`, from {} to {}",
                codes[0],
                codes[codes.len() - 1]
            );
            2
        }
    }
}
