//! One set per JCloisterZone tile-set: its id, its tiles with their counts, its
//! requirements, and the `sets.toml` that lists them.
//!
//! - Ids: a file with one set takes the id it is given (the file name, or
//!   `--set`); with several, each takes its tile-set's id made a valid set id
//!   (`basic:1` is `basic-1`, `river/2:1` is `river-2-1`, `gq11/river` is
//!   `gq11-river`). Two tile-sets that give the same id: the second is reported
//!   (`E410`) and not imported.
//! - Requirements: every set but JCloisterZone's base game (a tile-set or file
//!   named `basic...`) requires the shipped `base`; `<requires
//!   expansion="RIVER"/>` adds the shipped set of that expansion (`river`), or the
//!   expansion's name in lower case where tilec ships none.

use super::model::{Tile, TileSet};
use super::write::{self, set_id_of};
use super::xml::Sink;
use crate::message::Kind as Msg;
use std::fmt::Write;

/// One imported set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedSet {
    /// The set id.
    pub id: String,
    /// Its tile text, in the canonical layout.
    pub text: String,
    /// Its copies, counted.
    pub total: u32,
    /// The sets it is played with, for `sets.toml`.
    pub requires: Vec<String>,
}

/// Writes each tile-set as a set; `given` is the id of a file with one set.
pub fn write_all(
    given: &str,
    tiles: &[Tile],
    sets: &[TileSet],
    sink: &mut Sink<'_>,
) -> Vec<ImportedSet> {
    let mut out: Vec<ImportedSet> = Vec::new();
    let mut firsts: Vec<&str> = Vec::new();
    for set in sets {
        let name = match (sets.len(), &set.id) {
            (2.., Some(id)) => id.as_str(),
            _ => given,
        };
        let id = set_id_of(name);
        if let Some(i) = out.iter().position(|s| s.id == id) {
            let kind = Msg::JczSetIdClash {
                id: name.into(),
                first: firsts[i].into(),
                set: id,
            };
            sink.push(kind, set.span);
            continue;
        }
        let counted: Vec<Tile> = set
            .refs
            .iter()
            .map(|&(i, n)| Tile {
                count: Some(n),
                ..tiles[i].clone()
            })
            .collect();
        let total = set.refs.iter().map(|r| r.1).fold(0, u32::saturating_add);
        // The set's name: its tile-set's id when the file has several, else its id.
        let title = if sets.len() > 1 { name } else { id.as_str() };
        let text = super::canonical(write::write(&id, title, counted, sink));
        let base = set.id.as_deref().unwrap_or(given);
        out.push(ImportedSet {
            requires: requires(base, &set.requires),
            id,
            text,
            total,
        });
        firsts.push(name);
    }
    out
}

/// The sets a tile-set named `name` requires, with `<requires>` naming `expansions`.
fn requires(name: &str, expansions: &[String]) -> Vec<String> {
    let first = name.split(['/', ':']).next().unwrap_or(name);
    let mut out: Vec<String> = Vec::new();
    if !first.eq_ignore_ascii_case("basic") {
        out.push("base".into());
    }
    for e in expansions {
        let id = shipped_id(e);
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// The shipped set of a JCloisterZone expansion name (`RIVER` is `river`).
fn shipped_id(expansion: &str) -> String {
    let id = set_id_of(&expansion.to_ascii_lowercase().replace('_', "-"));
    match id.as_str() {
        "basic" => "base".into(),
        "russian-promos" => "promos".into(),
        _ => id,
    }
}

/// The `sets.toml` of the imported sets: each one's total and requirements.
pub fn sets_toml(sets: &[ImportedSet]) -> String {
    let mut out =
        String::from("# Written by tilec import-jcz: each set's total and the sets it requires.\n");
    for s in sets {
        let _ = write!(out, "\n[[set]]\nid = \"{}\"\ntotal = {}\n", s.id, s.total);
        if !s.requires.is_empty() {
            let quoted: Vec<String> = s.requires.iter().map(|r| format!("\"{r}\"")).collect();
            let _ = writeln!(out, "requires = [{}]", quoted.join(", "));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_but_the_base_game_requires_base_and_what_it_names() {
        assert!(requires("basic:1", &[]).is_empty());
        assert_eq!(requires("river/2:1", &[]), ["base"]);
        assert_eq!(requires("gq11/river", &["RIVER".into()]), ["base", "river"]);
        assert_eq!(requires("x", &["BASIC".into()]), ["base"]);
    }
}
