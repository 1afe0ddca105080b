//! The fit check: every tile has an edge that matches an edge of some other tile
//! it may be placed next to (its own set, the sets it requires, the sets that
//! require it).
//!
//! Whether two tiles can touch depends only on the kinds of edges each shows, so
//! each set is summarised once as how many of its tiles show each combination of
//! edge kinds. A tile is then checked against the few combinations of its partner
//! sets instead of against every partner tile: linear in tiles and `requires`.

use crate::diagnostic::Diagnostic;
use crate::message::Kind;
use crate::model::{Model, Set, Tile};
use std::collections::HashMap;
use tilec_runtime::Edge;

/// A set of edge kinds, one bit per [`Edge`] variant.
type Kinds = u8;

/// Reports every tile of `model` that fits next to no tile of its sets; the
/// `shipped` sets (the shipped sets it requires, or the other sets of its
/// directory) count as partners (their own tiles are not checked). Who
/// partners whom is each set's `relations`. Tiles dropped for errors that
/// leave their shape sound take part; while a partner set has a tile whose
/// shape is unknown, its partners' orphans are not reported (that tile might
/// have fitted them).
pub fn orphans(model: &Model, shipped: &[&Set], diags: &mut Vec<Diagnostic>) {
    let mut edges: [Option<Edge>; 8] = [None; 8];
    let all: Vec<&Set> = model.sets.iter().chain(shipped.iter().copied()).collect();
    let summaries: Vec<Vec<(Kinds, u32)>> = all
        .iter()
        .map(|s| summary(s.shaped(), &mut edges))
        .collect();
    for (set, partners) in model.sets.iter().zip(partners(&all)) {
        if !partners.iter().all(|&p| all[p].shapes_known()) {
            continue;
        }
        let mut pool = [0u32; 256];
        for &p in &partners {
            for &(kinds, n) in &summaries[p] {
                pool[kinds as usize] += n;
            }
        }
        let pool: Vec<(Kinds, u32)> = (0..=255u8)
            .filter(|&k| pool[k as usize] > 0)
            .map(|k| (k, pool[k as usize]))
            .collect();
        for tile in set.shaped() {
            let own = kinds(tile, &mut edges);
            let matching: u32 = pool
                .iter()
                .filter(|&&(k, _)| touch(own, k, &edges))
                .map(|&(_, n)| n)
                .sum();
            // The tile itself is in the pool (it touches itself); with one copy it
            // cannot lie next to itself. A count of 0 is a tile dropped for its
            // count: how many copies it has is unknown.
            let others = matching.saturating_sub(u32::from(tile.count == 1));
            if others == 0 {
                let kind = Kind::OrphanTile {
                    tile: tile.id.clone(),
                };
                diags.push(Diagnostic::new(kind, tile.span));
            }
        }
    }
}

/// The edge kinds a tile shows; records each kind's [`Edge`] by its bit.
fn kinds(tile: &Tile, edges: &mut [Option<Edge>; 8]) -> Kinds {
    tile.edges.iter().fold(0, |acc, &e| {
        edges[e as usize] = Some(e);
        acc | 1 << e as u8
    })
}

/// How many tiles show each combination of edge kinds.
fn summary<'t>(
    tiles: impl Iterator<Item = &'t Tile>,
    edges: &mut [Option<Edge>; 8],
) -> Vec<(Kinds, u32)> {
    let mut counts: Vec<(Kinds, u32)> = Vec::new();
    for t in tiles {
        let k = kinds(t, edges);
        match counts.iter_mut().find(|(c, _)| *c == k) {
            Some((_, n)) => *n += 1,
            None => counts.push((k, 1)),
        }
    }
    counts
}

/// Whether some edge of kinds `a` matches some edge of kinds `b`.
fn touch(a: Kinds, b: Kinds, edges: &[Option<Edge>; 8]) -> bool {
    let of = |k: Kinds| {
        (0..8)
            .filter(move |i| k & (1 << i) != 0)
            .filter_map(|i| edges[i])
    };
    of(a).any(|x| of(b).any(|y| x.matches(y)))
}

/// Reports every tile with a seam whose set holds no other copy with one: a
/// seam meets only a seam of the same piece, whose squares are tiles of one set.
/// Not while the set has a tile whose shape or count is unknown (it might be
/// another copy with a seam).
pub fn lone_seams(model: &Model, diags: &mut Vec<Diagnostic>) {
    let known = |s: &&Set| s.shapes_known() && s.shaped().all(|t| t.count > 0);
    for set in model.sets.iter().filter(known) {
        let seamed = |t: &&Tile| t.edges.contains(&Edge::Seam);
        let copies: u32 = set
            .shaped()
            .filter(seamed)
            .map(|t| u32::from(t.count))
            .sum();
        for tile in set.shaped().filter(seamed) {
            if copies <= 1 {
                let kind = Kind::LoneSeam {
                    tile: tile.id.clone(),
                    set: set.id.clone(),
                };
                diags.push(Diagnostic::new(kind, tile.span));
            }
        }
    }
}

/// For each set (by index in `sets`), the sets its tiles may touch: itself,
/// the sets it requires and the sets that require it, each once.
fn partners(sets: &[&Set]) -> Vec<Vec<usize>> {
    let index: HashMap<&str, usize> = sets
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    let mut partners: Vec<Vec<usize>> = (0..sets.len()).map(|i| vec![i]).collect();
    for (a, set) in sets.iter().enumerate() {
        for required in &set.relations.requires {
            if let Some(&b) = index.get(required.as_str()) {
                partners[a].push(b);
                partners[b].push(a);
            }
        }
    }
    for p in &mut partners {
        p.sort_unstable();
        p.dedup();
    }
    partners
}

#[cfg(test)]
mod tests {
    use crate::diagnostic::Sources;
    use crate::message::Kind;
    use crate::model::{Model, Tile};
    use proptest::prelude::*;

    /// Tile bodies with different edge kinds: all city, all field, road and field,
    /// and a town hall (matches anything).
    const SHAPES: [&str; 4] = [
        "city c N E S W",
        "monastery m\n  field f NL NR EL ER SL SR WL WR",
        "road r N S\n  field f1 NR E SL\n  field f2 SR W NL",
        "mark town-hall",
    ];

    /// The definition the linear check replaces: some partner tile (itself only
    /// with two copies or more) has an edge matching one of the tile's.
    fn orphan_by_definition(
        model: &Model,
        requires: &[(usize, usize)],
        set: usize,
        tile: &Tile,
    ) -> bool {
        let partner =
            |o: usize| o == set || requires.contains(&(set, o)) || requires.contains(&(o, set));
        let id = |i: usize| format!("s{i}");
        !model
            .sets
            .iter()
            .filter(|o| (0..4).any(|i| o.id == id(i) && partner(i)))
            .flat_map(|o| &o.tiles)
            .any(|other| {
                (!std::ptr::eq(other, tile) || tile.count > 1)
                    && tile
                        .edges
                        .iter()
                        .any(|a| other.edges.iter().any(|b| a.matches(*b)))
            })
    }

    /// The codes of compiling one set's tile bodies (each `count 1`).
    fn codes(bodies: &[&str]) -> Vec<&'static str> {
        let mut sources = Sources::new();
        let mut text = "set s \"S\" {\n  provenance sourced\n}\n".to_string();
        for (t, body) in bodies.iter().enumerate() {
            text.push_str(&format!("tile T{t} \"t\" {{\n  count 1\n  {body}\n}}\n"));
        }
        let file = sources.add("s.tiles", text);
        let compiled = crate::compile(&sources, &[file], None);
        compiled.diagnostics.iter().map(|d| d.kind.code()).collect()
    }

    #[test]
    fn a_seam_fits_a_seam_of_its_set_and_nothing_else() {
        let middle = "seam s N E S W";
        let corner = "field f N W\n  seam s E S";
        let road = "road r W E\n  field f1 WR N EL\n  field f2 ER S WL";
        // The middle square fits only the corner's seams.
        assert_eq!(codes(&[middle, corner]), Vec::<&str>::new());
        // Without another square with a seam, the middle fits nothing (and no
        // tile continues its seam).
        assert_eq!(codes(&[middle, road]), ["E303", "E303", "E313"]);
        // A corner with a field edge fits the road; its seam continues nothing.
        assert_eq!(codes(&[corner, road]), ["E313"]);
    }

    proptest! {
        #[test]
        fn the_linear_check_agrees_with_the_definition(
            sets in proptest::collection::vec(proptest::collection::vec((0..4usize, 1..3u8), 1..4), 1..4),
            requires in proptest::collection::vec((0..4usize, 0..4usize), 0..4),
        ) {
            let mut sources = Sources::new();
            let mut files = Vec::new();
            for (i, tiles) in sets.iter().enumerate() {
                let mut text = format!("set s{i} \"S\" {{\n  provenance sourced\n}}\n");
                for (t, (shape, count)) in tiles.iter().enumerate() {
                    text.push_str(&format!("tile T{t} \"t\" {{\n  count {count}\n  {}\n}}\n", SHAPES[*shape]));
                }
                files.push(sources.add(format!("s{i}.tiles"), text));
            }
            let requires: Vec<_> = requires.into_iter().filter(|&(a, b)| a < sets.len() && b < sets.len()).collect();
            let mut toml = String::new();
            for (i, tiles) in sets.iter().enumerate() {
                let total: u32 = tiles.iter().map(|&(_, c)| u32::from(c)).sum();
                let req: Vec<String> = requires.iter().filter(|r| r.0 == i).map(|r| format!("\"s{}\"", r.1)).collect();
                toml.push_str(&format!("[[set]]\nid = \"s{i}\"\ntotal = {total}\nrequires = [{}]\n", req.join(", ")));
            }
            let config = sources.add("sets.toml", toml);
            let compiled = crate::compile(&sources, &files, Some(config));
            let mut reported: Vec<String> = compiled
                .diagnostics
                .iter()
                .filter_map(|d| match &d.kind {
                    Kind::OrphanTile { tile } => Some(tile.clone()),
                    _ => None,
                })
                .collect();
            let others: Vec<_> = compiled.diagnostics.iter().filter(|d| !matches!(d.kind, Kind::OrphanTile { .. })).collect();
            prop_assert!(others.is_empty(), "{others:?}");
            let model = &compiled.model;
            let mut expected = Vec::new();
            for set in &model.sets {
                let i: usize = set.id[1..].parse().expect("set ids are s0, s1, ...");
                for t in set.tiles.iter().filter(|t| orphan_by_definition(model, &requires, i, t)) {
                    expected.push(t.id.clone());
                }
            }
            reported.sort();
            expected.sort();
            prop_assert_eq!(reported, expected);
        }
    }
}
