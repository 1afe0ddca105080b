//! The tile sets a game command plays with: the shipped static tables, or a
//! designer's directory compiled at run time (`--tiles DIR`). Shared by `tilec
//! play` and `tilec simulate`.

use super::input;
use std::path::Path;
use tilec_runtime::{tables, TileSet};

/// Per set id, the sets its `sets.toml` entry `requires`.
pub type Requires = Vec<(String, Vec<String>)>;

/// The sets available to a game: borrowed static tables or owned compiled sets.
pub enum Available {
    /// `tilec_runtime::tables::SETS`.
    Shipped,
    /// Sets compiled from a designer's directory, with its `sets.toml`'s
    /// requirements.
    Compiled(Vec<TileSet>, Requires),
}

/// The shipped `tiles/sets.toml`, built into the binary: the shipped sets'
/// requirements hold wherever tilec runs.
const SHIPPED_SETS_TOML: &str = include_str!("../../tiles/sets.toml");

/// The requirements of the shipped sets.
fn shipped_requires() -> Requires {
    // The spans are not used: the shipped file checks clean (a test does so).
    let (config, _) = tilec::config::read(0, "tiles/sets.toml", SHIPPED_SETS_TOML);
    requires_of(&config)
}

fn requires_of(config: &tilec::config::Config) -> Requires {
    let entry = |s: &tilec::config::SetSpec| {
        (
            s.id.clone(),
            s.requires.iter().map(|r| r.0.clone()).collect(),
        )
    };
    config.sets.iter().map(entry).collect()
}

impl Available {
    /// Every available set, as the engine takes them. Compiled sets come first;
    /// a shipped set whose id they do not use stays available (so that a
    /// designer's expansion can be played with the shipped base game).
    pub fn sets(&self) -> Vec<&TileSet> {
        match self {
            Available::Shipped => tables::SETS.to_vec(),
            Available::Compiled(sets, _) => {
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

    /// The sets that set `id` requires: by the directory's `sets.toml` for a
    /// set it defines, else by the shipped one.
    pub fn requires(&self, id: &str) -> Vec<String> {
        let find = |r: &Requires| r.iter().find(|e| e.0 == id).map(|e| e.1.clone());
        let own = match self {
            Available::Compiled(sets, r) if sets.iter().any(|s| s.id == id) => find(r),
            _ => None,
        };
        own.or_else(|| find(&shipped_requires()))
            .unwrap_or_default()
    }

    /// The first set of `ids` that requires sets left out of `ids`, with the
    /// missing ones; `None` when every requirement is met.
    pub fn missing_requirement(&self, ids: &[String]) -> Option<(String, Vec<String>)> {
        ids.iter().find_map(|id| {
            let missing: Vec<String> = self
                .requires(id)
                .into_iter()
                .filter(|r| !ids.contains(r))
                .collect();
            (!missing.is_empty()).then(|| (id.clone(), missing))
        })
    }

    /// Refuses a `--sets` selection that leaves out a set that a selected set
    /// requires, naming both and the `--sets` that would do.
    pub fn check_requires(&self, ids: &[String]) -> Result<(), String> {
        let Some((id, missing)) = self.missing_requirement(ids) else {
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
    Ok(Available::Compiled(sets, requires_of(&compiled.config)))
}

/// "tile set `river` requires `base` (see its `requires` in sets.toml)".
pub fn requires_text(id: &str, missing: &[String]) -> String {
    let names: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
    format!(
        "tile set `{id}` requires {} (see its `requires` in sets.toml)",
        names.join(" and ")
    )
}

/// The hint for a catalog refused because a tile carries marks the engine does
/// not play: the flag that plays them as plain topology.
pub fn topology_hint(e: &tilec_runtime::CatalogError) -> Option<&'static str> {
    matches!(e, tilec_runtime::CatalogError::UnplayedMark { .. })
        .then_some("  = hint: add `--topology-only` to play these tiles as plain topology, their marks ignored")
}
