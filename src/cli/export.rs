//! `tilec export --format json [PATH]` and `tilec export --format dot --tile ID`.

use super::input;
use std::path::PathBuf;

/// Output formats.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    /// The whole model as JSON (docs/export-json.md).
    Json,
    /// One tile's connectivity graph as Graphviz DOT (needs --tile).
    Dot,
}

/// Arguments of `tilec export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// What to print.
    #[arg(long, alias = "emit", value_enum, default_value = "json")]
    pub format: Format,
    /// The tile whose graph to print, with --format dot (for example `base/D`).
    #[arg(long)]
    pub tile: Option<String>,
    /// A tiles directory or file.
    #[arg(default_value = "tiles")]
    pub path: PathBuf,
}

/// Runs the export; 0 done, 1 the tiles have problems, 2 usage or I/O.
pub fn run(args: &ExportArgs) -> u8 {
    if let (Format::Json, Some(id)) = (args.format, &args.tile) {
        eprintln!("error: --tile `{id}` is for --format dot; JSON export prints every tile");
        eprintln!("hint: add `--format dot` to print that tile's graph, or drop --tile");
        return 2;
    }
    let (input, compiled) = match input::compile(std::slice::from_ref(&args.path)) {
        Ok(v) => v,
        Err(code) => return code,
    };
    if !compiled.diagnostics.is_empty() {
        input::report(&input.sources, &compiled.diagnostics);
        return 1;
    }
    match (args.format, &args.tile) {
        (Format::Json, _) => {
            super::stdout::with(|w| tilec::emit::json::write(&compiled.model, w));
        }
        (Format::Dot, None) => {
            eprintln!("error: --format dot needs --tile ID (for example --tile base/D)");
            return 2;
        }
        (Format::Dot, Some(id)) => {
            let Some(tile) = compiled
                .model
                .sets
                .iter()
                .flat_map(|s| &s.tiles)
                .find(|t| &t.id == id)
            else {
                eprintln!("error: no tile `{id}`; ids look like `base/D`");
                return 2;
            };
            out!("{}", tilec::graph::to_dot(tile, &tilec::graph::build(tile)));
        }
    }
    0
}
