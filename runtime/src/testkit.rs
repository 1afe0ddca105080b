//! Hand-built tile sets for tests and examples, written in a one-line-per-segment
//! shorthand. These are not the shipped tables (see [`crate::tables`]); they let
//! the engine be tested on its own and cross-check what the compiler emits.
//!
//! A segment is written `kind ports... [>city...] [+pennants] [@spring|@lake]`:
//! for a city or a field an edge name (`N`) takes the whole edge, for a road or a
//! river only its middle port; half ports (`NL`, `ER`...) are taken as written;
//! `>0 2` links a field to the cities that are segments 0 and 2 of the tile.

mod sets;

pub use sets::{base_set, river_set};

use crate::tile::*;
use std::borrow::Cow;

const EDGES: [&str; 4] = ["N", "E", "S", "W"];

/// Builds one tile kind from the shorthand (panics on a typo: test data only).
pub fn kind(id: &'static str, count: u8, segments: &[&str]) -> TileKind {
    let mut ports = [NO_SEGMENT; 12];
    let mut segs = Vec::new();
    let mut ends = Vec::new();
    for (i, spec) in segments.iter().enumerate() {
        let mut words = spec.split_whitespace();
        let kind = segment_kind(words.next().unwrap_or(""));
        let mut seg = Segment {
            name: Cow::Owned(format!("s{i}")),
            kind,
            ports: 0,
            pennants: 0,
            cities: 0,
            reaches: 0,
        };
        for w in words {
            if let Some(n) = w.strip_prefix('+') {
                seg.pennants = n.parse().expect("pennants");
            } else if let Some(c) = w.strip_prefix('>') {
                seg.cities |= 1 << c.parse::<u32>().expect("city index");
            } else if w == "@spring" || w == "@lake" {
                let kind = if w == "@spring" {
                    EndKind::Spring
                } else {
                    EndKind::Lake
                };
                ends.push(RoadEnd {
                    kind,
                    segments: 1 << i,
                    touches: 0,
                });
            } else if let Some(d) = EDGES.iter().position(|&e| e == w) {
                let whole = matches!(kind, SegmentKind::City | SegmentKind::Field);
                seg.ports |= if whole {
                    0b111 << (3 * d)
                } else {
                    0b010 << (3 * d)
                };
            } else if let Some(p) = PORT_NAMES.iter().position(|&e| e == w) {
                seg.ports |= 1 << p;
            } else if let Ok(c) = w.parse::<u32>() {
                seg.cities |= 1 << c; // `>0 1`: further city indices
            } else {
                panic!("{id}: bad word `{w}`");
            }
        }
        for (p, slot) in ports.iter_mut().enumerate() {
            if seg.ports & (1 << p) != 0 {
                *slot = i as u8;
            }
        }
        if kind == SegmentKind::Road
            && seg.ports.count_ones() == 1
            && ends.iter().all(|e| e.segments & (1 << i) == 0)
        {
            ends.push(RoadEnd {
                kind: EndKind::Segment,
                segments: 1 << i,
                touches: 0,
            });
        }
        segs.push(seg);
    }
    // A field listed with both halves of an edge also covers its middle port.
    for d in 0..4 {
        let (l, m, r) = (ports[3 * d], 3 * d + 1, ports[3 * d + 2]);
        if ports[m] == NO_SEGMENT && l == r && l != NO_SEGMENT {
            ports[m] = l;
            segs[usize::from(l)].ports |= 1 << m;
        }
    }
    finish(id, count, segs, ports, ends)
}

fn segment_kind(word: &str) -> SegmentKind {
    match word {
        "road" => SegmentKind::Road,
        "city" => SegmentKind::City,
        "field" => SegmentKind::Field,
        "monastery" => SegmentKind::Monastery,
        "garden" => SegmentKind::Garden,
        "river" => SegmentKind::River,
        "hut" => SegmentKind::Hut,
        "seam" => SegmentKind::Seam,
        other => panic!("bad segment kind `{other}`"),
    }
}

fn finish(
    id: &'static str,
    count: u8,
    segs: Vec<Segment>,
    ports: [u8; 12],
    ends: Vec<RoadEnd>,
) -> TileKind {
    let edge_at = |r: usize, d: usize| {
        let p = ports[((d + 4 - r) % 4) * 3 + 1];
        match segs.get(usize::from(p)).map(|s| s.kind) {
            Some(SegmentKind::City) => Edge::City,
            Some(SegmentKind::Road) => Edge::Road,
            Some(SegmentKind::River) => Edge::River,
            Some(SegmentKind::Seam) => Edge::Seam,
            Some(_) => Edge::Field,
            None => Edge::Any,
        }
    };
    let edges = [0, 1, 2, 3].map(|r| [0, 1, 2, 3].map(|d| edge_at(r, d)));
    let symmetry = if same_after(&segs, &ports, 1) {
        1
    } else if same_after(&segs, &ports, 2) {
        2
    } else {
        4
    };
    TileKind {
        id: Cow::Borrowed(id),
        name: Cow::Borrowed(id),
        count,
        start: false,
        segments: Cow::Owned(segs),
        ports,
        edges,
        ends: Cow::Owned(ends),
        arrow: None,
        marks: Cow::Borrowed(&[]),
        symmetry,
        copies: Cow::Borrowed(&[]),
        provenance: Provenance::Sourced,
        crossings: Cow::Borrowed(&[]),
        sources: Cow::Borrowed(&[]),
    }
}

/// Whether turning by `r` quarter turns gives the same tile up to renaming segments.
fn same_after(segs: &[Segment], ports: &[u8; 12], r: usize) -> bool {
    let mut map = vec![None; segs.len()];
    for p in 0..12 {
        let (a, b) = (ports[p], ports[(p + 3 * r) % 12]);
        let (Some(sa), Some(sb)) = (segs.get(usize::from(a)), segs.get(usize::from(b))) else {
            if a != b {
                return false;
            }
            continue;
        };
        if sa.kind != sb.kind
            || sa.pennants != sb.pennants
            || sa.cities.count_ones() != sb.cities.count_ones()
        {
            return false;
        }
        match map[usize::from(a)] {
            None => map[usize::from(a)] = Some(b),
            Some(m) if m != b => return false,
            _ => {}
        }
    }
    true
}

/// The shipped sets whose rules the engine plays, in shipping order (the
/// base game first): each set a catalog accepts beside the base game; a set
/// with marks no registered expansion plays is left out. Tests that play
/// "every set" take it from here, so that a new expansion is in them as soon
/// as it is registered.
pub fn played_sets() -> Vec<&'static str> {
    crate::tables::SETS
        .iter()
        .map(|s| &*s.id)
        .filter(|&id| id == "base" || crate::Catalog::shipped(&["base", id]).is_ok())
        .collect()
}
