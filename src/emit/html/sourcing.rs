//! Provenance as the pages word it: which aspects of a tile a source gives and
//! from where, and which were reconstructed.

use crate::model::{Set, Tile};
use tilec_runtime::{Aspect, Aspects, Provenance};

/// The aspects, worded (`arrow kind`), joined with commas.
fn words(aspects: Aspects) -> String {
    let names: Vec<String> = aspects.iter().map(|a| a.name().replace('-', " ")).collect();
    names.join(", ")
}

/// One line per named source (what it gives and what it is), a line for what
/// a sourced tile names no source for, and a line for what is reconstructed.
pub fn tile_lines(tile: &Tile) -> Vec<String> {
    let mut lines: Vec<String> = tile
        .sources
        .iter()
        .map(|s| {
            format!(
                "Sourced: {}, from {} ({})",
                words(s.aspects),
                s.source,
                s.title
            )
        })
        .collect();
    let named = tile
        .sources
        .iter()
        .fold(Aspects::NONE, |a, s| a.union(s.aspects));
    let rest = Aspects(Aspects::ALL.0 & !named.0);
    match tile.provenance {
        Provenance::Sourced if named.is_empty() => lines.push("Sourced: every aspect".into()),
        Provenance::Sourced if !rest.is_empty() => {
            lines.push(format!("Sourced, no source named: {}", words(rest)));
        }
        Provenance::Sourced => {}
        Provenance::Reconstructed => {
            let made = Aspects(Aspects::ALL.0 & !tile.sourced().0);
            lines.push(format!(
                "Reconstructed (designed to fit the rules, no source gives it): {}",
                words(made)
            ));
        }
    }
    lines
}

/// Whether a reconstructed tile has some aspect sourced.
pub fn partly(tile: &Tile) -> bool {
    tile.provenance == Provenance::Reconstructed && !tile.sourced().is_empty()
}

/// The set's sources, one line each with what it gives the set itself.
pub fn set_lines(set: &Set) -> Vec<String> {
    set.sources
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let facts: Vec<&str> = set
                .facts
                .iter()
                .filter(|(_, j)| *j == i)
                .map(|(w, _)| *w)
                .collect();
            match facts.is_empty() {
                true => format!("{}: {}", s.id, s.title),
                false => format!(
                    "{}: {} (also the set's {})",
                    s.id,
                    s.title,
                    facts.join(", ")
                ),
            }
        })
        .collect()
}

/// Every aspect keyword with its meaning, for the legend.
pub fn aspect_meanings() -> Vec<(&'static str, &'static str)> {
    Aspect::ALL.iter().map(|&a| (a.name(), a.what())).collect()
}
