//! One build of the served directory, in memory: the tiles read and compiled
//! as `tilec build` does, then the site as values (`emit::html`), drawing only
//! the pictures of kinds that changed. A failed build is its diagnostics,
//! rendered as `tilec check` renders them.

use crate::cli::build::{checks, fits};
use crate::cli::input;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;
use tilec::emit::html::{self, Pictures};
use tilec::sets::Available;
use tilec::Compiled;

/// A clean build: the site's files by path, and the sets to play.
pub struct Good {
    /// The site, path (`sets/base.html`) to bytes.
    pub files: BTreeMap<String, Vec<u8>>,
    /// The sets of the directory, with the shipped ones they do not replace.
    pub available: Available,
    /// `1 set, 3 tile kinds, 12 tiles`.
    pub summary: String,
}

/// Builds `dir`; `Err` holds the text to show: the diagnostics (as `tilec
/// check` prints them, without colour), or the I/O error.
pub fn build(dir: &Path, pictures: &Mutex<Pictures>) -> Result<Good, String> {
    let mut input = input::read(&[dir.to_path_buf()]).map_err(|input::IoError(m)| m)?;
    if input.tiles.is_empty() {
        return Err(format!(
            "error: no .tiles files in `{}`\nhint: a served directory holds `.tiles` files and its `sets.toml`",
            dir.display()
        ));
    }
    let mut compiled = tilec::compile(&input.sources, &input.tiles, input.config);
    compiled.diagnostics.append(&mut input.diagnostics);
    if !compiled.diagnostics.is_empty() {
        let n = compiled.diagnostics.len();
        let text = tilec::diagnostic::render_plain(&input.sources, &compiled.diagnostics);
        return Err(format!(
            "{text}error: {}",
            tilec::message::plural(n, "problem") + " found"
        ));
    }
    fits(&compiled, "serve")?;
    let files = site(&compiled, pictures);
    let sets = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    let available = Available::compiled(sets, &compiled.config);
    {
        let mut cache = pictures.lock().unwrap_or_else(PoisonError::into_inner);
        cache.retain(&available.sets());
    }
    let kinds = compiled.model.sets.iter().map(|s| s.tiles.len()).sum();
    let copies = compiled.model.sets.iter().map(|s| s.total()).sum();
    Ok(Good {
        files,
        available,
        summary: tilec::message::summary(compiled.model.sets.len(), kinds, copies),
    })
}

/// The site of a clean build, with the pictures cache held while drawing.
fn site(compiled: &Compiled, pictures: &Mutex<Pictures>) -> BTreeMap<String, Vec<u8>> {
    let checks = checks(compiled);
    let mut cache = pictures.lock().unwrap_or_else(PoisonError::into_inner);
    html::emit_with(&compiled.model, &checks, &mut cache)
        .into_iter()
        .collect()
}

/// A timed build, for the log line the server prints.
pub fn timed(dir: &Path, pictures: &Mutex<Pictures>) -> (Result<Good, String>, u128) {
    let start = Instant::now();
    let result = build(dir, pictures);
    (result, start.elapsed().as_millis())
}
