//! `tilec build [--tiles DIR] [--site DIR] [--tables FILE] [--jcz-addon DIR]`:
//! checks the tiles, then writes the engine tables, the previews, the sheets, the
//! reference site and, if asked, a JCloisterZone add-on. Everything is built in memory first and written atomically, so a build
//! that fails (bad tiles, I/O) leaves the previous outputs as they were, and the
//! site and the tables are replaced together or not at all.

use super::source::TilesArg;
use super::{input, output};
use std::path::PathBuf;
use std::time::Instant;
use tilec::emit::html::{self, SetCheck};
use tilec::Compiled;

/// Arguments of `tilec build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    #[command(flatten)]
    pub tiles: TilesArg,
    /// Where the reference site goes (replaced as a whole).
    #[arg(long, default_value = "site")]
    pub site: PathBuf,
    /// Where the engine tables go (default: `runtime/generated/tables.rs` when building
    /// a checkout's `tiles`; with another `--tiles DIR` or the built-in sets, only
    /// when given, so that a designer's build never overwrites the shipped tables).
    #[arg(long)]
    pub tables: Option<PathBuf>,
    /// Also write a JCloisterZone add-on for the sets built into this directory
    /// (replaced as a whole, with the site and tables: all or none).
    #[arg(long)]
    pub jcz_addon: Option<PathBuf>,
}

impl BuildArgs {
    /// The tables file to write, if any.
    fn tables_path(&self) -> Option<PathBuf> {
        let shipped = self.tiles.source(&[]).is_ok_and(|s| s.is_checkout());
        self.tables
            .clone()
            .or_else(|| shipped.then(|| PathBuf::from("runtime/generated/tables.rs")))
    }
}

/// Builds; 0 success, 1 the tiles have problems (nothing written), 2 I/O.
pub fn run(args: &BuildArgs) -> u8 {
    let start = Instant::now();
    let source = match args.tiles.resolve(&[]) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (input, compiled) = match source.compile() {
        Ok(v) => v,
        Err(code) => return code,
    };
    if !compiled.diagnostics.is_empty() {
        input::report(&input.sources, &compiled.diagnostics);
        eprintln!("error: nothing was written; the previous outputs are unchanged");
        return 1;
    }
    if let Err(msg) = fits(&compiled, "build") {
        eprintln!("{msg}");
        return 2;
    }
    let runtime: Vec<_> = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    let tables = tilec::emit::rust::emit(&runtime);
    let site = html::emit(&compiled.model, &checks(&compiled));
    let tables_path = args.tables_path();
    let mut targets = vec![output::Target::Dir(&args.site, &site)];
    if let Some(path) = &tables_path {
        targets.push(output::Target::File(path, tables.as_bytes()));
    }
    let addon = args.jcz_addon.as_ref().map(|dir| {
        let sets: Vec<_> = compiled.model.sets.iter().collect();
        let (files, lost) = tilec::emit::jcz_addon::addon(&sets);
        super::export::report_lost(&lost);
        for set in &sets {
            if let Some(why) = tilec::emit::jcz_play::refusal(set) {
                eprintln!(
                    "warning: set `{}` is left out of the JCloisterZone add-on: {why}",
                    set.id
                );
            }
        }
        (dir, files)
    });
    if let Some((dir, files)) = &addon {
        targets.push(output::Target::Dir(dir, files));
    }
    if let Err(msg) = output::replace_all(&targets, source.inputs()) {
        eprintln!("{msg}");
        return 2;
    }
    summary(args, &compiled, &site, start);
    0
}

/// At most this many tile kinds get pictures in one run: every kind's previews,
/// and a set's sheet, are drawn in memory (about 100 KB a preview), so a larger
/// input would exhaust memory and abort instead of failing with a message.
pub const MAX_PICTURED_KINDS: usize = 1000;

/// Refuses, before drawing anything, an input with more kinds than
/// [`MAX_PICTURED_KINDS`]; `command` is the command's name for the message.
pub fn fits(compiled: &Compiled, command: &str) -> Result<(), String> {
    let kinds: usize = compiled.model.sets.iter().map(|s| s.tiles.len()).sum();
    if kinds <= MAX_PICTURED_KINDS {
        return Ok(());
    }
    Err(format!(
        "error: {kinds} tile kinds are more than `tilec {command}` draws in one run (at most {MAX_PICTURED_KINDS}); split the sets into several directories and run it on each; nothing was written"
    ))
}

/// Per set: what `sets.toml` expects and how many problems were found (the
/// build only gets this far when there are none).
pub fn checks(compiled: &Compiled) -> Vec<SetCheck> {
    compiled
        .model
        .sets
        .iter()
        .map(|s| SetCheck {
            expected_total: compiled
                .config
                .sets
                .iter()
                .find(|c| c.id == s.id)
                .map(|c| c.total),
            problems: 0,
        })
        .collect()
}

fn summary(args: &BuildArgs, compiled: &Compiled, site: &[html::SiteFile], start: Instant) {
    let sets = &compiled.model.sets;
    let kinds: usize = sets.iter().map(|s| s.tiles.len()).sum();
    let copies: u32 = sets.iter().map(|s| s.total()).sum();
    let pngs = site.iter().filter(|(p, _)| p.ends_with(".png")).count();
    let pages = site.iter().filter(|(p, _)| p.ends_with(".html")).count();
    let bytes: usize = site.iter().map(|(_, b)| b.len()).sum();
    outln!("ok: {}", tilec::message::summary(sets.len(), kinds, copies));
    match args.tables_path() {
        Some(path) => outln!("wrote {}", path.display()),
        None => outln!("tables not written (give --tables FILE to write them)"),
    }
    outln!(
        "wrote {}/: {pages} pages, {pngs} pictures, {} KiB",
        args.site.display(),
        bytes / 1024
    );
    if let Some(dir) = &args.jcz_addon {
        outln!(
            "wrote {}/: a JCloisterZone add-on; in its game setup, choose",
            dir.display()
        );
        let sets: Vec<_> = sets.iter().collect();
        let played = tilec::emit::jcz_addon::played(&sets);
        let extends = |s: &tilec::model::Set| tilec::emit::jcz_addon::extends_river(s, &played);
        for line in tilec::emit::jcz_play::guide(&played, extends) {
            outln!("  {line}");
        }
    }
    outln!("built in {} ms", start.elapsed().as_millis());
}

/// A file-name-safe form of an id part (the site uses the same names).
pub fn file_stem(s: &str) -> String {
    html::file_stem(s)
}
