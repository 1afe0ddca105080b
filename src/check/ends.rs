//! The checks of a tile's road ends: each segment with one port ends once,
//! each end point's keyword and targets fit what ends there, what an end joins
//! lies in one face, and the wall it makes parts no field.

use crate::diagnostic::Diagnostic;
use crate::graph::{arc_of, bits, interleave, straddles, Link, TileGraph, Wall};
use crate::message::Kind;
use crate::model::{End, Tile};
use crate::vocab::{self, Reach};
use tilec_runtime::{EndKind, SegmentKind};

pub fn ends_valid(tile: &Tile, g: &TileGraph, diags: &mut Vec<Diagnostic>) {
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
    end_points(tile, diags);
}

/// Each end point: a keyword that ends this kind of segment, and targets that
/// it may reach.
fn end_points(tile: &Tile, diags: &mut Vec<Diagnostic>) {
    use SegmentKind::*;
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
        match row.map(|r| r.reach) {
            Some(Reach::Nothing) => reaches_nothing(tile, e, e.end.kind.name(), diags),
            Some(Reach::Road) => {
                let mut other = bits(e.end.touches & !e.end.segments);
                if !other.any(|t| tile.segments[t].kind == Road) {
                    diags.push(Diagnostic::new(Kind::StoneWithoutRoad, e.span));
                }
            }
            _ => {}
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
pub fn ends_reachable(tile: &Tile, walls: &[Wall], diags: &mut Vec<Diagnostic>) {
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
pub fn fields_across_ends(tile: &Tile, walls: &[Wall], diags: &mut Vec<Diagnostic>) {
    let segs = &tile.segments;
    let whole = |w: &&Wall| w.mask.count_ones() > 1 && torn(tile, walls, w).is_empty();
    for wall in walls.iter().filter(whole) {
        // A field that a member passes under (or over) lies on both sides of it.
        let fields = segs.iter().filter(|f| {
            f.kind == SegmentKind::Field
                && straddles(wall.ports, f.ports)
                && (f.bridges | f.tunnels) & wall.mask == 0
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
