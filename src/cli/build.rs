//! `tilec build [--tiles DIR] [--site DIR] [--tables FILE]`: checks the tiles,
//! then writes the engine tables, the previews, the sheets and the reference
//! site. Everything is built in memory first and written atomically, so a build
//! that fails (bad tiles, I/O) leaves the previous outputs as they were.

use super::{input, output};
use std::path::PathBuf;
use std::time::Instant;
use tilec::emit::html::{self, SetCheck};
use tilec::Compiled;

/// Arguments of `tilec build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    /// Directory of `.tiles` files and `sets.toml`.
    #[arg(long, default_value = "tiles")]
    pub tiles: PathBuf,
    /// Where the reference site goes (replaced as a whole).
    #[arg(long, default_value = "site")]
    pub site: PathBuf,
    /// Where the engine tables go (default: `runtime/generated/tables.rs` when building
    /// the shipped `tiles`; with another `--tiles DIR`, only when given, so that a
    /// designer's build never overwrites the shipped tables).
    #[arg(long)]
    pub tables: Option<PathBuf>,
}

impl BuildArgs {
    /// The tables file to write, if any.
    fn tables_path(&self) -> Option<PathBuf> {
        let shipped = self.tiles == std::path::Path::new("tiles");
        self.tables
            .clone()
            .or_else(|| shipped.then(|| PathBuf::from("runtime/generated/tables.rs")))
    }
}

/// Builds; 0 success, 1 the tiles have problems (nothing written), 2 I/O.
pub fn run(args: &BuildArgs) -> u8 {
    let start = Instant::now();
    let (input, compiled) = match input::compile(std::slice::from_ref(&args.tiles)) {
        Ok(v) => v,
        Err(code) => return code,
    };
    if !compiled.diagnostics.is_empty() {
        input::report(&input.sources, &compiled.diagnostics);
        eprintln!("error: nothing was written; the previous outputs are unchanged");
        return 1;
    }
    let runtime: Vec<_> = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    let tables = tilec::emit::rust::emit(&runtime);
    let site = html::emit(&compiled.model, &checks(&compiled));
    let written = output::replace_dir(&args.site, &site).and_then(|()| match args.tables_path() {
        Some(path) => output::replace_file(&path, tables.as_bytes()),
        None => Ok(()),
    });
    if let Err(msg) = written {
        eprintln!("{msg}");
        return 2;
    }
    summary(args, &compiled, &site, start);
    0
}

/// Per set: what `sets.toml` expects and how many problems were found (the
/// build only gets this far when there are none).
fn checks(compiled: &Compiled) -> Vec<SetCheck> {
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
    println!(
        "ok: {} sets, {kinds} tile kinds, {copies} tiles",
        sets.len()
    );
    match args.tables_path() {
        Some(path) => println!("wrote {}", path.display()),
        None => println!("tables not written (give --tables FILE to write them)"),
    }
    println!(
        "wrote {}/: {pages} pages, {pngs} pictures, {} KiB",
        args.site.display(),
        bytes / 1024
    );
    println!("built in {} ms", start.elapsed().as_millis());
}

/// A file-name-safe form of an id part (the site uses the same names).
pub fn file_stem(s: &str) -> String {
    html::file_stem(s)
}
