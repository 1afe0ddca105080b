//! `tilec render [PATH | --tiles DIR] [--out DIR]`: quick previews for a
//! designer: one PNG per tile kind and a sheet per set, even when the tiles
//! still have problems.

use super::source::TilesArg;
use super::{input, output};
use std::path::PathBuf;
use std::time::Instant;
use tilec::emit::png;

/// Arguments of `tilec render`.
#[derive(clap::Args)]
pub struct RenderArgs {
    /// A `.tiles` file (read with the `sets.toml` beside it) or a directory of them.
    pub path: Option<PathBuf>,
    #[command(flatten)]
    pub tiles: TilesArg,
    /// Where to write the pictures (replaced as a whole).
    #[arg(long, default_value = "preview")]
    pub out: PathBuf,
}

/// Renders; 0 clean, 1 written but the tiles have problems, 2 I/O.
pub fn run(args: &RenderArgs) -> u8 {
    let start = Instant::now();
    let source = match args.tiles.resolve(args.path.as_slice()) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (input, compiled) = match source.compile() {
        Ok(v) => v,
        Err(code) => return code,
    };
    if let Err(msg) = super::build::fits(&compiled, "render") {
        eprintln!("{msg}");
        return 2;
    }
    let sets: Vec<_> = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    let mut files = output::Files::new();
    for set in &sets {
        let dir = super::build::file_stem(&set.id);
        let previews: Vec<_> = set.tiles.iter().map(|t| png::render_tile(t, 0)).collect();
        for (tile, img) in set.tiles.iter().zip(&previews) {
            let name = format!("{dir}/{}.png", super::build::file_stem(local(&tile.id)));
            files.push((name, png::encode_png(img)));
        }
        files.push((
            format!("{dir}/sheet.png"),
            png::encode_png(&png::sheet_from(set, &previews)),
        ));
    }
    for tile in sets.iter().flat_map(|s| s.tiles.iter()) {
        if png::layout_problems(tile) > 0 {
            outln!("note: {}: some fields meet with no road, river or wall between them; the picture splits them with a hedge", tile.id);
        }
    }
    if let Err(msg) = output::replace_dir(&args.out, &files, source.inputs()) {
        eprintln!("{msg}");
        return 2;
    }
    let kinds: usize = sets.iter().map(|s| s.tiles.len()).sum();
    outln!(
        "rendered {} in {} into {} ({} ms)",
        tilec::message::plural(kinds, "tile kind"),
        tilec::message::plural(sets.len(), "set"),
        args.out.display(),
        start.elapsed().as_millis()
    );
    if compiled.diagnostics.is_empty() {
        0
    } else {
        input::report(&input.sources, &compiled.diagnostics);
        1
    }
}

/// The part of a tile id after its set.
pub fn local(id: &str) -> &str {
    id.split_once('/').map_or(id, |(_, l)| l)
}
