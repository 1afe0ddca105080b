//! The catalog a Python game plays with: shipped sets, or a designer's
//! directory of tile text compiled at run time (as `tilec play --tiles DIR`
//! does: the compiled sets first, the shipped ones whose ids they do not use
//! after them).

use crate::pymove::{Origin, Shared};
use std::path::Path;
use std::sync::{Arc, Mutex};
use tilec::diagnostic::render_plain;
use tilec::sets::Available;
use tilec_runtime::{Catalog, CatalogError, CatalogOptions};

/// A shipped catalog's key: its set ids and its options.
type Key = (Vec<String>, CatalogOptions);

/// Catalogs of shipped sets already built (with their interned moves), by
/// their ids and options: a new game of the same sets shares one (building a
/// catalog costs more than a whole game).
static SHIPPED: Mutex<Vec<(Key, Arc<Shared>)>> = Mutex::new(Vec::new());

/// The catalog of the sets `ids` (in that order), from the shipped tables or,
/// with `tiles`, from that directory's sets (compiled anew each time) and the
/// shipped ones. `options` say whether tiles with marks the engine does not
/// play are refused or played as plain topology (`topology_only=True`).
pub fn catalog(
    ids: &[String],
    tiles: Option<&Path>,
    options: CatalogOptions,
) -> Result<Arc<Shared>, String> {
    let Some(dir) = tiles else {
        let mut shipped = SHIPPED.lock().unwrap_or_else(|e| e.into_inner());
        let key = (ids.to_vec(), options);
        if let Some((_, shared)) = shipped.iter().find(|(k, _)| *k == key) {
            return Ok(shared.clone());
        }
        let origin = Origin::new(ids, None, options);
        let shared = Arc::new(Shared::new(
            build(ids, &Available::Shipped, options)?,
            origin,
        ));
        shipped.push((key, shared.clone()));
        return Ok(shared);
    };
    let available = compile(dir)?;
    let origin = Origin::new(ids, Some(dir), options);
    Ok(Arc::new(Shared::new(
        build(ids, &available, options)?,
        origin,
    )))
}

/// The catalog of the sets `ids`, chosen as `tilec play` and `simulate` choose
/// them (the library's [`Available`]): unknown ids and sets without what they
/// require are refused with the CLI's message, and a tile with a mark the
/// engine does not play with a hint naming `topology_only=True`.
fn build(
    ids: &[String],
    available: &Available,
    options: CatalogOptions,
) -> Result<Arc<Catalog>, String> {
    let chosen = available
        .choose(ids)
        .map_err(|e| with_requires_hint(e, ids, available))?;
    let chosen: Vec<&tilec_runtime::TileSet> = chosen.iter().map(|s| &**s).collect();
    Catalog::with_options(&chosen, options)
        .map(Arc::new)
        .map_err(|e| match e {
            CatalogError::UnplayedMark { .. } | CatalogError::UnplayedEnd { .. } => format!(
                "{e}\nhint: pass topology_only=True to play these tiles as plain topology, their marks ignored"
            ),
            CatalogError::UnplayedSeam { .. } => format!(
                "{e}\nhint: pass topology_only=True to play the other tiles, the squares of pieces laid out at setup left out of the pile"
            ),
            e => e.to_string(),
        })
}

/// A refused choice of sets, with the `sets=[...]` that plays them with what
/// they require when that is why (the CLI's `--sets` hint, in Python).
fn with_requires_hint(e: String, ids: &[String], available: &Available) -> String {
    let Some((_, missing)) = available.missing_requirement(ids) else {
        return e;
    };
    let fixed: Vec<String> = missing
        .iter()
        .chain(ids)
        .map(|id| format!("\"{id}\""))
        .collect();
    format!(
        "{e}\nhint: play it with what it requires: sets=[{}]",
        fixed.join(", ")
    )
}

/// The sets of a directory's `.tiles` files and `sets.toml` (with its
/// requirements), or every problem in them rendered as `tilec check` prints it.
fn compile(dir: &Path) -> Result<Available, String> {
    if !dir.is_dir() {
        return Err(format!("tiles `{}` is not a directory", dir.display()));
    }
    // The CLI's own input layer: only regular files are read (a FIFO named
    // `x.tiles` is reported, not waited on).
    let input = tilec::files::read_paths(&[dir.to_path_buf()]).map_err(|e| e.to_string())?;
    if input.tiles.is_empty() {
        return Err(format!("no .tiles files in `{}`", dir.display()));
    }
    let (sources, ids, config) = (input.sources, input.tiles, input.config);
    let mut diagnostics = input.diagnostics;
    let mut compiled = tilec::compile(&sources, &ids, config);
    compiled.diagnostics.append(&mut diagnostics);
    if !compiled.diagnostics.is_empty() {
        let n = compiled.diagnostics.len();
        return Err(format!(
            "{}error: {n} problem{} found in `{}`",
            render_plain(&sources, &compiled.diagnostics),
            if n == 1 { "" } else { "s" },
            dir.display()
        ));
    }
    let sets = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    Ok(Available::compiled(sets, &compiled.config))
}
