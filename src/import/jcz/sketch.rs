//! An imported tile as the model would have it (segments with their ports,
//! the ends chosen so far), so that the importer can ask the checker's own
//! question of a choice it makes: which cities each field touches once the
//! text is compiled (its ports' neighbours and its face of the drawing,
//! `graph::face_cities`).

use super::ends::End;
use super::model::{Feature, Kind};
use crate::graph::{face_cities, walls};
use crate::lower::port_neighbours;
use crate::model::{self, Segment, Tile};
use tilec_runtime::{EndKind, Provenance, RoadEnd, NO_SEGMENT};

/// For each feature of `fs`, the cities (by feature index) it touches as the
/// compiled text derives them, before any `not-touching=`: 0 but for fields.
pub fn derived_cities(fs: &[Feature], ends: &[End]) -> Vec<u32> {
    if fs.len() > model::MAX_SEGMENTS {
        return vec![0; fs.len()];
    }
    let tile = sketch(fs, ends);
    let walls = walls(&tile);
    (0..fs.len())
        .map(|f| match fs[f].kind {
            Kind::Field => {
                face_cities(&tile, &walls, f)
                    | port_neighbours(&tile.ports, f as u8, &tile.segments)
            }
            _ => 0,
        })
        .collect()
}

/// Where the ends `ends` break JCloisterZone's city lists: the first field
/// that, once compiled, touches a city its list leaves out and that is not
/// beside its ports (those are written `not-touching=`, or, on a field that
/// lists none, are left to the derivation), with that city. A field that
/// lists no city touches none in JCloisterZone's game: an end that makes its
/// face run along a city (two roads ending at one city at two gates, with the
/// field between them: `TB/RRC`'s `WL SR`) breaks its list too. `None` when
/// every list is kept.
pub fn unkept(fs: &[Feature], ends: &[End]) -> Option<(usize, usize)> {
    if fs.len() > model::MAX_SEGMENTS {
        return None;
    }
    let derived = derived_cities(fs, ends);
    (0..fs.len()).find_map(|f| {
        if fs[f].kind != Kind::Field {
            return None;
        }
        let listed = fs[f].cities.iter().fold(0u32, |m, &c| m | 1 << c);
        let by_ports = if fs[f].cities.is_empty() {
            super::touching::beside(fs, f)
        } else {
            super::touching::unlisted(fs, f)
        };
        let written_out = by_ports.into_iter().fold(0u32, |m, c| m | 1 << c);
        let extra = derived[f] & !listed & !written_out;
        (extra != 0).then(|| (f, extra.trailing_zeros() as usize))
    })
}

/// The model tile of `fs` and `ends`: segment `i` is feature `i`; a field
/// holding both halves of an edge that nothing else holds takes its middle
/// port, as lowering gives it.
fn sketch(fs: &[Feature], ends: &[End]) -> Tile {
    let mut ports = [NO_SEGMENT; 12];
    let mut segments: Vec<Segment> = fs.iter().map(segment).collect();
    for (i, s) in segments.iter().enumerate().take(model::MAX_SEGMENTS) {
        for p in (0..12).filter(|p| s.ports & (1 << p) != 0) {
            ports[p] = i as u8;
        }
    }
    for e in 0..4 {
        let (l, m, r) = (ports[3 * e], ports[3 * e + 1], ports[3 * e + 2]);
        if m == NO_SEGMENT && l == r && l != NO_SEGMENT && fs[usize::from(l)].kind == Kind::Field {
            ports[3 * e + 1] = l;
            segments[usize::from(l)].ports |= 1 << (3 * e + 1);
        }
    }
    let ends = ends.iter().map(end).collect();
    Tile {
        id: String::new(),
        name: String::new(),
        count: 1,
        start: false,
        provenance: Provenance::Sourced,
        sources: Vec::new(),
        segments,
        ports,
        ends,
        arrow: None,
        marks: Vec::new(),
        copies: Vec::new(),
        notes: Vec::new(),
        edges: [tilec_runtime::Edge::Field; 4],
        symmetry: 4,
        span: Default::default(),
        arrow_span: None,
    }
}

fn segment(f: &Feature) -> Segment {
    Segment {
        name: f.name.clone(),
        kind: f.kind.segment_kind(),
        ports: f.ports(),
        pennants: 0,
        cities: 0,
        explicit_cities: Vec::new(),
        bridges: 0,
        not_touching: 0,
        tunnels: 0,
        over: 0,
        reaches: (0..4)
            .filter(|e| f.reaches & (1 << e) != 0)
            .fold(0, |m, e| m | 1 << (3 * e + 1)),
        span: Default::default(),
    }
}

fn end(e: &End) -> model::End {
    let mask = |ids: &[usize]| ids.iter().fold(0u32, |m, &i| m | 1 << i);
    let kind = e
        .keyword
        .and_then(crate::vocab::end_keyword)
        .unwrap_or(EndKind::Segment);
    model::End {
        end: RoadEnd {
            kind,
            segments: mask(&e.segments),
            touches: mask(&e.targets),
        },
        span: Default::default(),
    }
}
