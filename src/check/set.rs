//! The checks of whole sets: totals and groups against `sets.toml`, the river's
//! spring and lake, the start tile, and that every tile fits somewhere.

use crate::config::{Config, Select, SetSpec};
use crate::diagnostic::Diagnostic;
use crate::message::Kind;
use crate::model::{Model, Set, Tile};
use tilec_runtime::EndKind;

/// Checks every set against its spec, and the sets against each other.
pub fn check_sets(model: &Model, config: &Config, diags: &mut Vec<Diagnostic>) {
    for spec in &config.sets {
        match model.sets.iter().find(|s| s.id == spec.id) {
            Some(set) => totals(set, spec, diags),
            None => diags.push(Diagnostic::new(
                Kind::UnknownSetInToml {
                    id: spec.id.clone(),
                },
                spec.span,
            )),
        }
        for (id, span) in &spec.requires {
            if !model.sets.iter().any(|s| &s.id == id) {
                diags.push(Diagnostic::new(
                    Kind::UnknownRequiredSet { id: id.clone() },
                    *span,
                ));
            }
        }
    }
    for set in model.sets.iter().filter(|s| s.river) {
        river_ends(set, diags);
    }
    start_tiles(model, diags);
    for set in &model.sets {
        let partners = partners(model, config, set);
        for tile in &set.tiles {
            if !fits_somewhere(tile, &partners) {
                diags.push(Diagnostic::new(
                    Kind::OrphanTile {
                        tile: tile.id.clone(),
                    },
                    tile.span,
                ));
            }
        }
    }
}

fn totals(set: &Set, spec: &SetSpec, diags: &mut Vec<Diagnostic>) {
    let actual = set.total();
    if actual != spec.total {
        let kind = Kind::SetTotal {
            set: set.id.clone(),
            expected: spec.total,
            actual,
        };
        diags.push(Diagnostic::new(kind, set.span).with(spec.span, "expected here"));
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
            };
            diags.push(Diagnostic::new(kind, set.span).with(spec.span, "expected here"));
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
                u32::from(t.count) * t.ends.iter().filter(|e| e.end.kind == kind).count() as u32
            })
            .sum();
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

/// The tiles a tile of `set` may be placed next to: its own set, the sets it
/// requires, and the sets that require it.
fn partners<'m>(model: &'m Model, config: &Config, set: &Set) -> Vec<&'m Tile> {
    let requires = |a: &str, b: &str| {
        config
            .sets
            .iter()
            .any(|s| s.id == a && s.requires.iter().any(|(r, _)| r == b))
    };
    model
        .sets
        .iter()
        .filter(|o| o.id == set.id || requires(&set.id, &o.id) || requires(&o.id, &set.id))
        .flat_map(|o| &o.tiles)
        .collect()
}

fn fits_somewhere(tile: &Tile, partners: &[&Tile]) -> bool {
    partners.iter().any(|other| {
        let itself = std::ptr::eq(*other, tile);
        (!itself || tile.count > 1)
            && tile
                .edges
                .iter()
                .any(|a| other.edges.iter().any(|b| a.matches(*b)))
    })
}
