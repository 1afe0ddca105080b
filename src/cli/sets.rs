//! The tile sets a game command plays with: the shipped static tables, or a
//! designer's directory compiled at run time (`--tiles DIR`). Shared by `tilec
//! play` and `tilec simulate`.

use super::input;
use std::path::Path;
use tilec_runtime::{tables, TileSet};

/// The sets available to a game: borrowed static tables or owned compiled sets.
pub enum Available {
    /// `tilec_runtime::tables::SETS`.
    Shipped,
    /// Sets compiled from a designer's directory.
    Compiled(Vec<TileSet>),
}

impl Available {
    /// Every available set, as the engine takes them. Compiled sets come first;
    /// a shipped set whose id they do not use stays available (so that a
    /// designer's expansion can be played with the shipped base game).
    pub fn sets(&self) -> Vec<&TileSet> {
        match self {
            Available::Shipped => tables::SETS.to_vec(),
            Available::Compiled(sets) => {
                let mut all: Vec<&TileSet> = sets.iter().collect();
                let shipped = tables::SETS.iter().copied();
                all.extend(shipped.filter(|s| !sets.iter().any(|c| c.id == s.id)));
                all
            }
        }
    }

    /// The available sets with these ids, in the order given; an unknown id is an
    /// error naming the known ones.
    pub fn select(&self, ids: &[String]) -> Result<Vec<&TileSet>, String> {
        let all = self.sets();
        let mut out = Vec::new();
        for id in ids {
            let Some(&set) = all.iter().find(|s| s.id == id.as_str()) else {
                let known: Vec<&str> = all.iter().map(|s| &*s.id).collect();
                return Err(format!(
                    "unknown tile set `{id}` (known: {})",
                    known.join(", ")
                ));
            };
            out.push(set);
        }
        Ok(out)
    }
}

/// The shipped tables without `--tiles`; with it, the directory's `.tiles` files
/// and `sets.toml` compiled and converted with `Set::to_runtime`. Problems in the
/// tiles are reported like `tilec check` does: `Err(1)`; I/O errors `Err(2)`.
pub fn load(tiles: Option<&Path>) -> Result<Available, u8> {
    let Some(dir) = tiles else {
        return Ok(Available::Shipped);
    };
    if !dir.is_dir() {
        eprintln!("error: --tiles `{}` is not a directory", dir.display());
        return Err(2);
    }
    let (input, compiled) = input::compile(&[dir.to_path_buf()])?;
    if !compiled.diagnostics.is_empty() {
        input::report(&input.sources, &compiled.diagnostics);
        return Err(1);
    }
    let sets = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    Ok(Available::Compiled(sets))
}
