//! Loading the tile sets a game command plays with (`tilec play`, `tilec
//! simulate`): the shipped static tables, or a directory compiled at run time
//! (`--tiles DIR`, or `tiles` in a checkout: see [`super::source`]). Choosing
//! among them is the library's ([`tilec::sets`]), shared with the Python package.

use super::input;
use super::source::{Source, TilesArg};
pub use tilec::sets::{requires_text, Available};

/// The shipped tables when no tiles directory is read; else the directory's
/// `.tiles` files and `sets.toml` compiled and converted with `Set::to_runtime`.
/// Problems in the tiles are reported like `tilec check` does: `Err(1)`; I/O
/// errors `Err(2)`.
pub fn load(tiles: &TilesArg) -> Result<Available, u8> {
    let dir = match tiles.resolve(&[])? {
        Source::BuiltIn => return Ok(Available::Shipped),
        Source::Paths(mut paths) => paths.remove(0),
    };
    if !dir.is_dir() {
        eprintln!("error: --tiles `{}` is not a directory", dir.display());
        return Err(2);
    }
    let (input, compiled) = input::compile(&[dir])?;
    if !compiled.diagnostics.is_empty() {
        input::report(&input.sources, &compiled.diagnostics);
        return Err(1);
    }
    let sets = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    Ok(Available::compiled(sets, &compiled.config))
}

/// Refuses a `--sets` selection that leaves out a set that a selected set
/// requires, naming both and the `--sets` that would do.
pub fn check_requires(available: &Available, ids: &[String]) -> Result<(), String> {
    let Some((id, missing)) = available.missing_requirement(ids) else {
        return Ok(());
    };
    let mut fixed = missing.clone();
    fixed.extend(ids.iter().cloned());
    Err(format!(
        "{}\n  = hint: play it with what it requires: `--sets {}`",
        requires_text(&id, &missing),
        fixed.join(",")
    ))
}

/// The hint for a catalog refused because a tile carries marks or road ends the
/// engine does not play: the flag that plays them as plain topology.
pub fn topology_hint(e: &tilec_runtime::CatalogError) -> Option<&'static str> {
    use tilec_runtime::CatalogError::{UnplayedEnd, UnplayedMark, UnplayedSeam};
    match e {
        UnplayedMark { .. } => Some("  = hint: add `--topology-only` to play these tiles as plain topology, their marks ignored"),
        UnplayedEnd { .. } => Some("  = hint: add `--topology-only` to play these tiles as plain topology, their roads ending there"),
        UnplayedSeam { .. } => Some("  = hint: add `--topology-only` to play the other tiles, the squares of pieces laid out at setup left out of the pile"),
        _ => None,
    }
}
