//! The checks of whole sets: totals and groups against `sets.toml`, the river's
//! spring and lake, the start tile, and that every tile fits somewhere.

use super::fit;
use crate::config::{Config, Select, SetSpec};
use crate::diagnostic::{Diagnostic, Span};
use crate::message::Kind;
use crate::model::{Model, Set, Tile};
use std::collections::HashMap;
use tilec_runtime::EndKind;

/// Checks every set against its spec, and the sets against each other.
pub fn check_sets(model: &Model, config: &Config, shipped: &[&Set], diags: &mut Vec<Diagnostic>) {
    let by_id: HashMap<&str, &Set> = model.sets.iter().map(|s| (s.id.as_str(), s)).collect();
    let declared = |id: &str| by_id.contains_key(id) || shipped.iter().any(|s| s.id == id);
    for spec in &config.sets {
        match by_id.get(spec.id.as_str()) {
            Some(set) => totals(set, spec, &config.path, diags),
            None => diags.push(Diagnostic::new(
                Kind::UnknownSetInToml {
                    id: spec.id.clone(),
                    suggestion: suggest_set(model, &spec.id),
                },
                spec.span,
            )),
        }
        for (id, span) in &spec.requires {
            if !declared(id) {
                let shipped = tilec_runtime::tables::SETS.iter().map(|s| &*s.id);
                let ids = model.sets.iter().map(|s| s.id.as_str()).chain(shipped);
                let kind = Kind::UnknownRequiredSet {
                    id: id.clone(),
                    suggestion: crate::vocab::suggest(id, ids).map(String::from),
                };
                diags.push(Diagnostic::new(kind, *span));
            }
        }
        for (id, span) in &spec.removes {
            removed_tile(model, &spec.id, id, *span, diags);
        }
    }
    // A river set that requires another river set extends that river (GQ11's
    // fork with its own spring): their ends are not its own to count.
    let river_set = |id: &str| {
        by_id.get(id).is_some_and(|s| s.river) || shipped.iter().any(|s| s.id == id && s.river)
    };
    let extends_a_river = |set: &Set| {
        let spec = config.sets.iter().find(|s| s.id == set.id);
        spec.is_some_and(|s| s.requires.iter().any(|(r, _)| river_set(r)))
    };
    for set in model.sets.iter().filter(|s| s.river && !extends_a_river(s)) {
        river_ends(set, diags);
    }
    start_tiles(model, diags);
    table_names(model, diags);
    fit::orphans(model, config, shipped, diags);
    fit::lone_seams(model, diags);
}

/// Checks one tile id of a set's `removes`: a tile of another set, of the
/// directory or shipped.
fn removed_tile(model: &Model, set: &str, id: &str, span: Span, diags: &mut Vec<Diagnostic>) {
    if id.split_once('/').is_some_and(|(s, _)| s == set) {
        let kind = Kind::RemovesOwnTile {
            id: id.to_string(),
            set: set.to_string(),
        };
        return diags.push(Diagnostic::new(kind, span));
    }
    let tiles = |m: &'_ Model| {
        let all: Vec<String> = m
            .sets
            .iter()
            .flat_map(|s| &s.tiles)
            .map(|t| t.id.clone())
            .collect();
        all
    };
    let mut known = tiles(model);
    if known.iter().any(|t| t == id) {
        return;
    }
    // Only now the shipped sets: the shipped sets.toml removes nothing, so
    // compiling them never comes back here.
    known.extend(tiles(&crate::sets::shipped_model().model));
    if known.iter().any(|t| t == id) {
        return;
    }
    let kind = Kind::UnknownRemovedTile {
        id: id.to_string(),
        suggestion: crate::vocab::suggest(id, known.iter().map(String::as_str)).map(String::from),
    };
    diags.push(Diagnostic::new(kind, span));
}

/// A declared set id that `id` is likely a typo of.
fn suggest_set(model: &Model, id: &str) -> Option<String> {
    let ids = model.sets.iter().map(|s| s.id.as_str());
    crate::vocab::suggest(id, ids).map(String::from)
}

fn totals(set: &Set, spec: &SetSpec, toml: &str, diags: &mut Vec<Diagnostic>) {
    let actual = set.total();
    if actual != spec.total {
        let kind = Kind::SetTotal {
            set: set.id.clone(),
            expected: spec.total,
            actual,
            toml: toml.to_string(),
        };
        diags.push(Diagnostic::new(kind, set.span).with(spec.total_span, "expected here"));
    }
    if set.dropped_copies > 0 {
        return; // group membership of a dropped tile is unknown
    }
    for g in &spec.groups {
        let actual: u32 = set
            .tiles
            .iter()
            .filter(|t| selects(g.select, t))
            .map(|t| u32::from(t.count))
            .sum();
        if actual != g.count {
            let kind = Kind::GroupTotal {
                set: set.id.clone(),
                group: g.name.clone(),
                expected: g.count,
                actual,
                toml: toml.to_string(),
            };
            diags.push(Diagnostic::new(kind, set.span).with(g.count_span, "expected here"));
        }
    }
}

fn selects(select: Select, tile: &Tile) -> bool {
    match select {
        Select::Arrow(kind) => tile.arrow.is_some_and(|a| a.kind == kind),
        Select::Mark(kind) => tile.marks.iter().any(|m| m.kind == kind),
        Select::WithoutMark(kind) => !tile.marks.iter().any(|m| m.kind == kind),
    }
}

fn river_ends(set: &Set, diags: &mut Vec<Diagnostic>) {
    for (kind, what) in [(EndKind::Spring, "spring"), (EndKind::Lake, "lake")] {
        let count: u32 = set
            .tiles
            .iter()
            .map(|t| {
                let ends = t.ends.iter().filter(|e| e.end.kind == kind).count() as u32;
                u32::from(t.count).saturating_mul(ends)
            })
            .fold(0, u32::saturating_add);
        if count != 1 && set.dropped_copies == 0 {
            diags.push(Diagnostic::new(
                Kind::RiverEnds {
                    set: set.id.clone(),
                    what,
                    count,
                },
                set.span,
            ));
        }
    }
}

fn start_tiles(model: &Model, diags: &mut Vec<Diagnostic>) {
    let starts: Vec<&Tile> = model
        .sets
        .iter()
        .flat_map(|s| &s.tiles)
        .filter(|t| t.start)
        .collect();
    if starts.len() > 1 {
        let mut d = Diagnostic::new(
            Kind::StartTiles {
                count: starts.len() as u32,
            },
            starts[1].span,
        );
        for t in starts.iter().skip(2).chain(starts.first()) {
            d = d.with(t.span, "also marked `start`");
        }
        diags.push(d);
    }
}

/// Each set becomes a `static` of the engine tables named after its id: the name
/// must be an identifier, not one the tables use, and not another set's.
fn table_names(model: &Model, diags: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<String, &Set> = HashMap::new();
    for set in &model.sets {
        let name = crate::emit::rust::static_name(&set.id);
        let id = set.id.clone();
        if !set.id.starts_with(|c: char| c.is_ascii_alphabetic()) {
            diags.push(Diagnostic::new(Kind::SetIdStart { id }, set.span));
        } else if crate::emit::rust::RESERVED.contains(&name.as_str()) {
            diags.push(Diagnostic::new(Kind::SetIdReserved { id, name }, set.span));
        } else if let Some(first) = seen.get(&name) {
            let other = first.id.clone();
            let kind = Kind::SetIdClash { id, other, name };
            diags.push(Diagnostic::new(kind, set.span).with(first.span, "first declared here"));
        } else {
            seen.insert(name, set);
        }
    }
}
