//! The checks of whole sets: totals and groups against `sets.toml`, the river's
//! spring and lake, the start tile, and that every tile fits somewhere.

use super::fit;
use crate::config::{Config, Select, SetSpec};
use crate::diagnostic::{Diagnostic, Span};
use crate::message::Kind;
use crate::model::{Model, Set, Tile};
use std::collections::HashMap;
use tilec_runtime::{EndKind, MarkKind, SegmentKind};

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
            removed_tile(model, shipped, &spec.id, id, *span, diags);
        }
    }
    for set in model.sets.iter().filter(|s| s.river) {
        river_ends(set, &river_of(set, model, config, shipped), diags);
    }
    start_tiles(model, diags);
    table_names(model, diags);
    fit::orphans(model, shipped, diags);
    fit::lone_seams(model, diags);
}

/// Checks one tile id of a set's `removes`: a tile of another set, of the
/// directory (`model`, or `others` read beside it) or shipped.
fn removed_tile(
    model: &Model,
    others: &[&Set],
    set: &str,
    id: &str,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) {
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
    known.extend(others.iter().flat_map(|s| &s.tiles).map(|t| t.id.clone()));
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
        Select::Mark(kind, value) => carries(tile, kind, value),
        Select::WithoutMark(kind, value) => !carries(tile, kind, value),
    }
}

/// Whether `tile` carries mark `kind` (with `value`, when one is asked).
fn carries(tile: &Tile, kind: MarkKind, value: Option<u8>) -> bool {
    let valued = |v: u8| value.is_none_or(|want| want == v);
    tile.marks.iter().any(|m| m.kind == kind && valued(m.value))
}

/// The tiles of the river that `set` is part of: its own, and those of the
/// river sets it requires (it extends their river), less the tiles it removes.
/// `None` when a set involved lost tiles to errors (the counts are unknown).
fn river_of<'m>(
    set: &'m Set,
    model: &'m Model,
    config: &Config,
    shipped: &[&'m Set],
) -> Option<Vec<&'m Tile>> {
    let spec = config.sets.iter().find(|s| s.id == set.id);
    let find = |id: &str| {
        let own = model.sets.iter().find(|s| s.id == id);
        own.or_else(|| shipped.iter().find(|s| s.id == id).copied())
    };
    let mut sets = vec![set];
    for (id, _) in spec.iter().flat_map(|s| &s.requires) {
        sets.extend(find(id).filter(|r| r.river));
    }
    if sets.iter().any(|s| s.dropped_copies > 0) {
        return None;
    }
    let removed = |t: &&Tile| spec.is_some_and(|s| s.removes.iter().any(|(id, _)| *id == t.id));
    Some(
        sets.iter()
            .flat_map(|s| &s.tiles)
            .filter(|t| !removed(t))
            .collect(),
    )
}

/// One spring, and as many ends (lakes, cities) as the river has branches: a
/// river is a tree whose leaves are its spring and its ends, so the ends are
/// one more than the river edges its forks have beyond two.
fn river_ends(set: &Set, river: &Option<Vec<&Tile>>, diags: &mut Vec<Diagnostic>) {
    let Some(tiles) = river else {
        return;
    };
    let (mut springs, mut mouths, mut branches) = (0u32, 0u32, 0u32);
    for t in tiles {
        let n = u32::from(t.count);
        for e in &t.ends {
            match e.end.kind {
                EndKind::Spring => springs += n,
                EndKind::Lake => mouths += n,
                EndKind::Segment
                    if t.segments[e.end.segments.trailing_zeros() as usize].kind
                        == SegmentKind::River =>
                {
                    mouths += n
                }
                _ => {}
            }
        }
        let rivers = t.segments.iter().filter(|s| s.kind == SegmentKind::River);
        let extra: u32 = rivers.map(|s| s.ports.count_ones().saturating_sub(2)).sum();
        branches = branches.saturating_add(n.saturating_mul(extra));
    }
    let mut report = |what, count, expected| {
        if count != expected {
            let kind = Kind::RiverEnds {
                set: set.id.clone(),
                what,
                count,
                expected,
            };
            diags.push(Diagnostic::new(kind, set.span));
        }
    };
    report(plural(springs, "spring", "springs"), springs, 1);
    let what = plural(mouths, "lake or city end", "lakes or city ends");
    report(what, mouths, branches.saturating_add(1));
}

fn plural(n: u32, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// At most one start tile, counting tiles dropped for other errors: `start`
/// needs nothing else of its tile.
fn start_tiles(model: &Model, diags: &mut Vec<Diagnostic>) {
    let mut starts: Vec<Span> = Vec::new();
    for set in &model.sets {
        let dropped = set.dropped.iter().filter(|d| d.start).map(|d| d.span);
        let mut own: Vec<Span> = set
            .tiles
            .iter()
            .filter(|t| t.start)
            .map(|t| t.span)
            .collect();
        own.extend(dropped);
        own.sort_by_key(|s| s.start); // in the order of the file
        starts.extend(own);
    }
    if starts.len() > 1 {
        let count = starts.len() as u32;
        let mut d = Diagnostic::new(Kind::StartTiles { count }, starts[1]);
        for &span in starts.iter().skip(2).chain(starts.first()) {
            d = d.with(span, "also marked `start`");
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
