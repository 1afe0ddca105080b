//! Hand-built tile sets for tests and examples, written in a one-line-per-segment
//! shorthand. These are not the shipped tables (see [`crate::tables`]); they let
//! the engine be tested on its own and cross-check what the compiler emits.
//!
//! A segment is written `kind ports... [>city...] [+pennants] [@spring|@lake]`:
//! for a city or a field an edge name (`N`) takes the whole edge, for a road or a
//! river only its middle port; half ports (`NL`, `ER`...) are taken as written;
//! `>0 2` links a field to the cities that are segments 0 and 2 of the tile.

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

/// The base game (72 tiles, with the garden variants) from the catalogue's table.
pub fn base_set() -> TileSet {
    let mut d = kind(
        "base/D",
        4,
        &["city N", "road W E", "field EL WR >0", "field ER SL SR WL"],
    );
    d.start = true;
    let tiles = vec![
        kind("base/A", 2, &["monastery", "road S", "field N E W SL SR"]),
        kind("base/B", 4, &["monastery", "field N E S W"]),
        kind("base/C", 1, &["city N E S W +1"]),
        d,
        kind("base/E", 4, &["city N", "field E S W >0"]),
        kind("base/E-garden", 1, &["city N", "field E S W >0", "garden"]),
        kind("base/F", 2, &["city W E +1", "field N >0", "field S >0"]),
        kind("base/G", 1, &["city W E", "field N >0", "field S >0"]),
        kind("base/H", 2, &["city N", "city S", "field E W >0 1"]),
        kind(
            "base/H-garden",
            1,
            &["city N", "city S", "field E W >0 1", "garden"],
        ),
        kind("base/I", 1, &["city N", "city W", "field E S >0 1"]),
        kind(
            "base/I-garden",
            1,
            &["city N", "city W", "field E S >0 1", "garden"],
        ),
        kind(
            "base/J",
            3,
            &["city N", "road E S", "field EL W SR >0", "field ER SL"],
        ),
        kind(
            "base/K",
            3,
            &["city N", "road S W", "field WR E SL >0", "field WL SR"],
        ),
        kind(
            "base/L",
            3,
            &[
                "city N",
                "road E",
                "road S",
                "road W",
                "field WR EL >0",
                "field WL SR",
                "field ER SL",
            ],
        ),
        kind("base/M", 1, &["city N W +1", "field E S >0"]),
        kind(
            "base/M-garden",
            1,
            &["city N W +1", "field E S >0", "garden"],
        ),
        kind("base/N", 2, &["city N W", "field E S >0"]),
        kind("base/N-garden", 1, &["city N W", "field E S >0", "garden"]),
        kind(
            "base/O",
            2,
            &["city N W +1", "road E S", "field EL SR >0", "field ER SL"],
        ),
        kind(
            "base/P",
            3,
            &["city N W", "road E S", "field EL SR >0", "field ER SL"],
        ),
        kind("base/Q", 1, &["city N E W +1", "field S >0"]),
        kind("base/R", 2, &["city N E W", "field S >0"]),
        kind("base/R-garden", 1, &["city N E W", "field S >0", "garden"]),
        kind(
            "base/S",
            2,
            &["city N E W +1", "road S", "field SL >0", "field SR >0"],
        ),
        kind(
            "base/T",
            1,
            &["city N E W", "road S", "field SL >0", "field SR >0"],
        ),
        kind("base/U", 7, &["road W E", "field WR N EL", "field ER S WL"]),
        kind(
            "base/U-garden",
            1,
            &["road W E", "field WR N EL", "field ER S WL", "garden"],
        ),
        kind("base/V", 8, &["road W S", "field WR N E SL", "field SR WL"]),
        kind(
            "base/V-garden",
            1,
            &["road W S", "field WR N E SL", "field SR WL", "garden"],
        ),
        kind(
            "base/W",
            4,
            &[
                "road E",
                "road S",
                "road W",
                "field WR N EL",
                "field ER SL",
                "field SR WL",
            ],
        ),
        kind(
            "base/X",
            1,
            &[
                "road N",
                "road E",
                "road S",
                "road W",
                "field WR NL",
                "field NR EL",
                "field ER SL",
                "field SR WL",
            ],
        ),
    ];
    set("base", false, tiles)
}

/// The River (12 tiles) from the catalogue's table.
pub fn river_set() -> TileSet {
    let tiles = vec![
        kind(
            "river/A",
            1,
            &[
                "river S @spring",
                "road N E",
                "field NR EL",
                "field NL W SR",
                "field ER SL",
            ],
        ),
        kind(
            "river/B",
            1,
            &[
                "city N",
                "river W E",
                "road S",
                "field EL >0",
                "field WR >0",
                "field ER SL",
                "field WL SR",
            ],
        ),
        kind(
            "river/C",
            1,
            &[
                "city N",
                "city S",
                "river W E",
                "field EL WR >0",
                "field ER WL >1",
            ],
        ),
        kind(
            "river/D",
            1,
            &["river N S", "field NR E SL", "field SR W NL"],
        ),
        kind(
            "river/E",
            1,
            &["city N E", "river W S", "field SL WR >0", "field SR WL"],
        ),
        kind(
            "river/F",
            1,
            &["river N S", "field NR E SL", "field SR W NL"],
        ),
        kind(
            "river/G",
            1,
            &["river N W", "field NR E S WL", "field WR NL"],
        ),
        kind(
            "river/H",
            1,
            &[
                "monastery",
                "road S",
                "river W E",
                "field WR N EL",
                "field ER SL",
                "field WL SR",
            ],
        ),
        kind(
            "river/I",
            1,
            &[
                "road N W",
                "river E S",
                "field WR NL",
                "field NR EL SR WL",
                "field ER SL",
            ],
        ),
        kind(
            "river/J",
            1,
            &["river E S", "garden", "field EL N W SR", "field ER SL"],
        ),
        kind(
            "river/K",
            1,
            &[
                "river N S",
                "road W E",
                "field WR NL",
                "field NR EL",
                "field ER SL",
                "field SR WL",
            ],
        ),
        kind(
            "river/L",
            1,
            &["river N @lake", "monastery", "field NL NR E S W"],
        ),
    ];
    set("river", true, tiles)
}

fn set(id: &'static str, river: bool, tiles: Vec<TileKind>) -> TileSet {
    TileSet {
        id: Cow::Borrowed(id),
        name: Cow::Borrowed(id),
        river,
        tiles: Cow::Owned(tiles),
    }
}
