//! `tilec export --format json|jcz [PATH | --tiles DIR] [--set ID] [--out FILE]`
//! and `tilec export --format dot --tile ID`.

use super::source::{Source, TilesArg};
use super::{input, output};
use std::path::PathBuf;
use tilec::model::Set;

/// Output formats.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The whole model as JSON (docs/export-json.md).
    Json,
    /// One tile's connectivity graph as Graphviz DOT (needs --tile).
    Dot,
    /// JCloisterZone tile XML (docs/export-jcz.md).
    Jcz,
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
    /// With --format jcz: export only these sets (repeat or separate with commas).
    #[arg(long = "set", value_delimiter = ',')]
    pub sets: Vec<String>,
    /// With --format jcz: write the XML to this file (all or nothing) instead of stdout.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// A tiles directory or file.
    pub path: Option<PathBuf>,
    #[command(flatten)]
    pub tiles: TilesArg,
}

/// Runs the export; 0 done, 1 the tiles have problems, 2 usage or I/O.
pub fn run(args: &ExportArgs) -> u8 {
    if let Err(msg) = usage(args) {
        eprintln!("{msg}");
        return 2;
    }
    let source = match args.tiles.resolve(args.path.as_slice()) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (input, compiled) = match source.compile() {
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
        (Format::Jcz, _) => {
            let mut requires = tilec::sets::requires_of(&compiled.config);
            requires.extend(tilec::sets::shipped_requires());
            return jcz(args, &compiled.model.sets, &requires, &source);
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

/// Refuses options that do not go with the format, before reading anything.
fn usage(args: &ExportArgs) -> Result<(), String> {
    if let (Format::Json | Format::Jcz, Some(id)) = (args.format, &args.tile) {
        return Err(format!(
            "error: --tile `{id}` is for --format dot; this format prints every tile\nhint: add `--format dot` to print that tile's graph, or drop --tile"
        ));
    }
    if args.format != Format::Jcz && (!args.sets.is_empty() || args.out.is_some()) {
        return Err(
            "error: --set and --out are for --format jcz\nhint: add `--format jcz`, or drop them"
                .into(),
        );
    }
    Ok(())
}

/// The chosen sets (every set when none is named), or the message naming an unknown one.
pub fn chosen<'m>(sets: &'m [Set], ids: &[String]) -> Result<Vec<&'m Set>, String> {
    if ids.is_empty() {
        return Ok(sets.iter().collect());
    }
    ids.iter()
        .map(|id| {
            sets.iter().find(|s| &s.id == id).ok_or_else(|| {
                let known: Vec<&str> = sets.iter().map(|s| s.id.as_str()).collect();
                format!(
                    "error: no set `{id}` in the tiles read\nhint: the sets are {}",
                    known.join(", ")
                )
            })
        })
        .collect()
}

/// Prints one note per thing the XML cannot say, naming the tiles that lose it.
pub fn report_lost(lost: &[(String, Vec<String>)]) {
    let mut by_what: Vec<(&str, Vec<&str>)> = Vec::new();
    for (tile, what) in lost {
        for w in what {
            match by_what.iter_mut().find(|(x, _)| x == w) {
                Some((_, tiles)) => tiles.push(tile),
                None => by_what.push((w, vec![tile])),
            }
        }
    }
    for (what, tiles) in by_what {
        eprintln!(
            "note: not in JCloisterZone's tile XML, left out: {what}: {}",
            tiles.join(", ")
        );
    }
}

fn jcz(args: &ExportArgs, sets: &[Set], requires: &tilec::sets::Requires, source: &Source) -> u8 {
    let sets = match chosen(sets, &args.sets) {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    let export = tilec::emit::jcz::export_requiring(&sets, requires);
    report_lost(&export.lost);
    match &args.out {
        None => super::stdout::with(|w| w.write_all(export.xml.as_bytes())),
        Some(path) => {
            let target = output::Target::File(path, export.xml.as_bytes());
            if let Err(msg) = output::replace_all(&[target], source.inputs()) {
                eprintln!("{msg}");
                return 2;
            }
        }
    }
    0
}
