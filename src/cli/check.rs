//! `tilec check [PATH...]`.

use super::input;
use std::path::PathBuf;

/// Arguments of `tilec check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// Tile files or directories (default: `tiles`).
    #[arg(default_value = "tiles")]
    pub paths: Vec<PathBuf>,
}

/// Runs the check; 0 clean, 1 problems, 2 I/O.
pub fn run(args: &CheckArgs) -> u8 {
    let (input, compiled) = match input::compile(&args.paths) {
        Ok(v) => v,
        Err(code) => return code,
    };
    if !compiled.diagnostics.is_empty() {
        input::report(&input.sources, &compiled.diagnostics);
        return 1;
    }
    let sets = &compiled.model.sets;
    let tiles: usize = sets.iter().map(|s| s.tiles.len()).sum();
    let copies: u32 = sets.iter().map(|s| s.total()).sum();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    outln!(
        "ok: {}, {}, {}",
        plural(sets.len(), "set"),
        plural(tiles, "tile kind"),
        plural(copies as usize, "tile")
    );
    0
}
