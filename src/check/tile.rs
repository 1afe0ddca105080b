//! The checks of one tile: ports, edges, crossings, adjacency, road ends.

use crate::diagnostic::Diagnostic;
use crate::graph::{
    alternations, arc_of, bits, enclosed_apart, interleave, straddles, walls, Link, TileGraph, Wall,
};
use crate::message::Kind;
use crate::model::{End, Tile};
use crate::vocab::{self, Reach};
use tilec_runtime::{EndKind, MarkKind, SegmentKind, EDGE_NAMES, NO_SEGMENT, PORT_NAMES};

/// Every check of one tile; `g` is rebuilt for it (one graph serves every tile).
pub fn check_tile(tile: &Tile, g: &mut TileGraph, diags: &mut Vec<Diagnostic>) {
    // A town hall has no segments: its edges match anything.
    if tile.marks.iter().any(|m| m.kind == MarkKind::TownHall) {
        if !tile.is_wildcard() {
            diags.push(Diagnostic::new(Kind::TownHallWithSegments, tile.span));
        }
        return;
    }
    g.rebuild(tile);
    ports_covered(tile, g, diags);
    edges_valid(tile, diags);
    no_crossings(tile, diags);
    adjacency_possible(tile, diags);
    let walls = walls(tile);
    enclosed_fields_one_face(tile, &walls, diags);
    ends_valid(tile, g, diags);
    ends_reachable(tile, &walls, diags);
    fields_across_ends(tile, &walls, diags);
}

fn ports_covered(tile: &Tile, g: &TileGraph, diags: &mut Vec<Diagnostic>) {
    let free: Vec<&str> = (0..12u8)
        .filter(|&p| g.degree(g.port(p), Link::Owns) == 0)
        .map(|p| PORT_NAMES[p as usize])
        .collect();
    if !free.is_empty() {
        diags.push(Diagnostic::new(
            Kind::PortUncovered {
                ports: free.join(" "),
            },
            tile.span,
        ));
    }
}

fn kind_at(tile: &Tile, port: usize) -> Option<SegmentKind> {
    let o = tile.ports[port];
    (o != NO_SEGMENT).then(|| tile.segments[o as usize].kind)
}

fn edges_valid(tile: &Tile, diags: &mut Vec<Diagnostic>) {
    use SegmentKind::*;
    for (e, &edge) in EDGE_NAMES.iter().enumerate() {
        let (l, m, r) = (
            kind_at(tile, e * 3),
            kind_at(tile, e * 3 + 1),
            kind_at(tile, e * 3 + 2),
        );
        let (Some(l), Some(m), Some(r)) = (l, m, r) else {
            continue;
        };
        let detail = match (l, m, r) {
            (City, City, City) | (Field, Field, Field) => continue,
            (Field, Road | River, Field) => continue,
            (_, City, _) => "a city in the middle needs city halves".to_string(),
            (_, Road | River, _) => format!("a {} in the middle needs field halves", m.name()),
            _ => format!(
                "halves {} and {} around a {} middle",
                l.name(),
                r.name(),
                m.name()
            ),
        };
        let seg = tile.ports[e * 3 + 1] as usize;
        diags.push(Diagnostic::new(
            Kind::MixedEdge { edge, detail },
            tile.segments[seg].span,
        ));
    }
}

/// Reports each crossing once. A field beside a crossing city, road or river
/// interleaves with it too; those consequences are left out, so that one
/// crossing gives one diagnostic.
fn no_crossings(tile: &Tile, diags: &mut Vec<Diagnostic>) {
    let segs = &tile.segments;
    let is_field = |i: usize| segs[i].kind == SegmentKind::Field;
    let pairs = crossing_pairs(tile);
    let crossed: Vec<usize> = pairs
        .iter()
        .filter(|&&(i, j)| !is_field(i) && !is_field(j))
        .flat_map(|&(i, j)| [i, j])
        .collect();
    for (i, j) in pairs {
        let consequence =
            (is_field(i) && crossed.contains(&j)) || (is_field(j) && crossed.contains(&i));
        if consequence {
            continue;
        }
        let (a, b) = (&segs[i], &segs[j]);
        let kind = Kind::SegmentsCross {
            a: a.name.clone(),
            b: b.name.clone(),
            cure: cure(a.kind, b.kind),
        };
        diags.push(Diagnostic::new(kind, b.span).with(a.span, "crosses this one"));
    }
}

/// How two crossing segments could be allowed to cross, for the hint.
fn cure(a: SegmentKind, b: SegmentKind) -> &'static str {
    use SegmentKind::*;
    match (a, b) {
        (Road, River) | (River, Road) => " (write `over=RIVER` on the road for a bridge)",
        (Road, Road) => " (write `over=ROAD` on one road for a bridge)",
        (Road, City) | (City, Road) => " (write `under=CITY` on the road for a tunnel)",
        _ => "",
    }
}

/// Every pair of segments (by index) that interleave around the border, bridges
/// and tunnels apart.
fn crossing_pairs(tile: &Tile) -> Vec<(usize, usize)> {
    let segs = &tile.segments;
    let mut pairs = Vec::new();
    for i in 0..segs.len() {
        for j in i + 1..segs.len() {
            let (a, b) = (&segs[i], &segs[j]);
            if a.ports == 0 || b.ports == 0 || (a.bridges | a.tunnels) & (1 << j) != 0 {
                continue;
            }
            if alternations(a.ports, b.ports) >= 4 {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

fn adjacency_possible(tile: &Tile, diags: &mut Vec<Diagnostic>) {
    let segs = &tile.segments;
    for f in segs
        .iter()
        .filter(|s| s.kind == SegmentKind::Field && s.ports != 0)
    {
        let Some(fp) = (0..12).find(|p| f.ports & (1 << p) != 0) else {
            continue;
        };
        for &(c, span) in &f.explicit_cities {
            let city = &segs[c as usize];
            let separator = segs.iter().enumerate().find(|(zi, z)| {
                *zi != c as usize
                    && z.name != f.name
                    && z.ports != 0
                    && arc_of(z.ports, fp) & city.ports == 0
            });
            if let Some((_, z)) = separator {
                let kind = Kind::AdjacencySeparated {
                    field: f.name.clone(),
                    city: city.name.clone(),
                    by: z.name.clone(),
                };
                diags.push(Diagnostic::new(kind, span).with(z.span, "this segment separates them"));
            }
        }
    }
}

/// A field that touches no port lies in one face of the tile: no wall (a road,
/// river or city with what it is joined to) may separate two cities of its `->`
/// list.
fn enclosed_fields_one_face(tile: &Tile, walls: &[Wall], diags: &mut Vec<Diagnostic>) {
    let segs = &tile.segments;
    for (f, field) in segs.iter().enumerate() {
        if field.kind != SegmentKind::Field || field.ports != 0 {
            continue;
        }
        for (_, b, wall) in enclosed_apart(tile, walls, f) {
            let by = wall.named_by(tile);
            let span = field
                .explicit_cities
                .iter()
                .find(|e| e.0 as usize == b)
                .map_or(field.span, |e| e.1);
            let kind = Kind::AdjacencySeparated {
                field: field.name.clone(),
                city: segs[b].name.clone(),
                by: segs[by].name.clone(),
            };
            diags.push(
                Diagnostic::new(kind, span).with(segs[by].span, "this segment separates them"),
            );
        }
    }
}

fn ends_valid(tile: &Tile, g: &TileGraph, diags: &mut Vec<Diagnostic>) {
    use SegmentKind::*;
    for (i, s) in tile.segments.iter().enumerate() {
        let ends = g.degree(g.segment(i), Link::EndsAt);
        let ports = s.ports.count_ones();
        match (s.kind, ports, ends) {
            (Road | River, 1, 0) => diags.push(Diagnostic::new(
                Kind::RoadWithoutEnd {
                    name: s.name.clone(),
                    kind: s.kind.name(),
                },
                s.span,
            )),
            (Road | River, 1, 1) => {}
            (Road | River, 1, _) => diags.push(Diagnostic::new(
                Kind::EndedTwice {
                    name: s.name.clone(),
                },
                s.span,
            )),
            (_, _, 0) => {}
            _ => diags.push(Diagnostic::new(
                Kind::EndOnThroughRoad {
                    name: s.name.clone(),
                    ports,
                },
                s.span,
            )),
        }
    }
    let has_river = tile.segments.iter().any(|s| s.kind == River);
    for e in &tile.ends {
        if e.end.kind == EndKind::Bank && !has_river {
            diags.push(Diagnostic::new(Kind::BankWithoutRiver, e.span));
        }
        let rivers = bits(e.end.segments).any(|s| tile.segments[s].kind == River);
        let roads = bits(e.end.segments).any(|s| tile.segments[s].kind != River);
        let row = vocab::end_row_of(e.end.kind);
        match row {
            Some(row) if roads && row.river => diags.push(Diagnostic::new(
                Kind::RiverEndOnRoad { target: row.word },
                e.span,
            )),
            Some(row) if rivers && !row.river => diags.push(Diagnostic::new(
                Kind::RoadEndOnRiver { target: row.word },
                e.span,
            )),
            // A segment's end: a river's is at a city, and not a road's too.
            None if rivers && roads => diags.push(Diagnostic::new(
                Kind::RoadEndOnRiver {
                    target: "road's end",
                },
                e.span,
            )),
            _ => {}
        }
        if let Some(row) = row.filter(|r| r.reach == Reach::Nothing) {
            reaches_nothing(tile, e, row.word, diags);
        }
        end_targets(tile, e, rivers, diags);
    }
}

/// A portal, bank, spring or lake is a place of its own: an end at one names no
/// segment besides.
fn reaches_nothing(tile: &Tile, e: &End, keyword: &'static str, diags: &mut Vec<Diagnostic>) {
    for t in bits(e.end.touches) {
        let target = &tile.segments[t];
        let kind = Kind::EndReachesNothing {
            keyword,
            name: target.name.clone(),
            kind: target.kind.name(),
        };
        diags.push(Diagnostic::new(kind, e.span));
    }
}

/// The segments an end reaches: a road reaches a monastery, garden, hut, city
/// gate or (after `stone`) a road; a river reaches a city.
fn end_targets(tile: &Tile, e: &End, rivers: bool, diags: &mut Vec<Diagnostic>) {
    use SegmentKind::*;
    for t in bits(e.end.touches) {
        let target = &tile.segments[t];
        if rivers {
            if target.kind != City {
                let kind = Kind::RoadEndOnRiver {
                    target: target.kind.name(),
                };
                diags.push(Diagnostic::new(kind, e.span));
            }
            continue;
        }
        let allowed = match target.kind {
            Monastery | Garden | Hut | City => true,
            Road => e.end.kind == EndKind::Stone,
            _ => false,
        };
        if !allowed {
            let kind = Kind::EndTargetKind {
                name: target.name.clone(),
                kind: target.kind.name(),
            };
            diags.push(Diagnostic::new(kind, e.span));
        }
    }
}

/// Everything a road end joins (the roads ending there and what they reach) lies
/// in one face of the tile: no other wall (a river, road or city with what is
/// joined to it) separates two of them, unless one of them crosses it on a bridge
/// or in a tunnel.
fn ends_reachable(tile: &Tile, walls: &[Wall], diags: &mut Vec<Diagnostic>) {
    let segs = &tile.segments;
    for wall in walls {
        for (first, m, by) in torn(tile, walls, wall) {
            let z = by.named_by(tile);
            let span = tile
                .ends
                .iter()
                .find(|e| (e.end.segments | e.end.touches) & (1 << m) != 0)
                .map_or(segs[m].span, |e| e.span);
            let kind = Kind::EndAcross {
                pair: format!("`{}` and `{}`", segs[first].name, segs[m].name),
                by: segs[z].name.clone(),
                by_kind: segs[z].kind.name(),
            };
            diags.push(
                Diagnostic::new(kind, span).with(segs[z].span, "this segment lies between them"),
            );
        }
    }
}

/// The members of `wall` (touching the border) that another wall separates from
/// its first such member, none of them crossing it: `(first, member, other)`.
fn torn<'w>(tile: &Tile, walls: &'w [Wall], wall: &Wall) -> Vec<(usize, usize, &'w Wall)> {
    let segs = &tile.segments;
    let crossing = wall
        .members()
        .fold(0, |m, i| m | segs[i].bridges | segs[i].tunnels);
    let mut ported = wall.members().filter(|&i| segs[i].ports != 0);
    let Some(first) = ported.next() else {
        return Vec::new();
    };
    let p = segs[first].ports.trailing_zeros() as usize;
    ported
        .filter_map(|m| {
            let across = walls.iter().find(|w| {
                w.mask & crossing == 0
                    && w.mask & (1 << m) == 0
                    && arc_of(w.ports, p) & segs[m].ports == 0
            });
            across.map(|by| (first, m, by))
        })
        .collect()
}

/// A road end that joins a road to a city's gate (or roads at a junction, a
/// river to a city) makes one wall of them across the tile: a field on both
/// sides of that wall cannot exist. A field that crosses one segment of the
/// wall on its own is E202's already, and a wall that another one tears apart
/// E241's.
fn fields_across_ends(tile: &Tile, walls: &[Wall], diags: &mut Vec<Diagnostic>) {
    let segs = &tile.segments;
    let whole = |w: &&Wall| w.mask.count_ones() > 1 && torn(tile, walls, w).is_empty();
    for wall in walls.iter().filter(whole) {
        let fields = segs.iter().filter(|f| {
            f.kind == SegmentKind::Field
                && straddles(wall.ports, f.ports)
                && !wall.members().any(|m| interleave(segs[m].ports, f.ports))
        });
        for field in fields {
            let named = wall
                .members()
                .map(|m| format!("{} `{}`", segs[m].kind.name(), segs[m].name));
            let kind = Kind::FieldAcrossEnd {
                field: field.name.clone(),
                wall: crate::message::and_list(named),
            };
            let mut d = Diagnostic::new(kind, field.span);
            let joins = |e: &&End| (e.end.segments | e.end.touches) & wall.mask != 0;
            if let Some(end) = tile.ends.iter().find(joins) {
                d = d.with(end.span, "joined into one wall here");
            }
            diags.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternations_tell_crossing_from_apart() {
        // A road W–E against a road N–S: they cross.
        assert_eq!(alternations(1 << 4 | 1 << 10, 1 << 1 | 1 << 7), 4);
        // A road W–E against the field north of it: apart.
        assert_eq!(
            alternations(1 << 4 | 1 << 10, 0b1000_0000_1111 & !(1 << 10)),
            2
        );
    }

    #[test]
    fn a_city_across_the_middle_cuts_the_tile_in_two_arcs() {
        let city_we: u16 = 0b1110_0011_1000; // EL E ER, WL W WR
        assert_eq!(arc_of(city_we, 0), 0b111); // NL N NR
        assert_eq!(arc_of(city_we, 7), 0b1_1100_0000); // SL S SR
    }
}
