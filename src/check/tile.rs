//! The checks of one tile: ports, edges, crossings, adjacency; its road ends
//! are `check::ends`'s.

use crate::diagnostic::Diagnostic;
use crate::graph::{alternations, arc_of, bits, enclosed_apart, walls, TileGraph, Wall};
use crate::message::Kind;
use crate::model::Tile;
use tilec_runtime::{MarkKind, SegmentKind, EDGE_NAMES, NO_SEGMENT, PORT_NAMES};

/// Every check of one tile; `g` is rebuilt for it (one graph serves every tile).
pub fn check_tile(tile: &Tile, g: &mut TileGraph, diags: &mut Vec<Diagnostic>) {
    let marked = |kind| tile.marks.iter().any(|m| m.kind == kind);
    if marked(MarkKind::Abbey) {
        return abbey(tile, marked(MarkKind::TownHall), diags);
    }
    // A town hall has no segments: its edges match anything.
    if marked(MarkKind::TownHall) {
        if !tile.segments.is_empty() {
            diags.push(Diagnostic::new(Kind::TownHallWithSegments, tile.span));
        }
        return;
    }
    g.rebuild(tile);
    ports_covered(tile, diags);
    edges_valid(tile, diags);
    no_crossings(tile, diags);
    banks_under_cities(tile, diags);
    adjacency_possible(tile, diags);
    let walls = walls(tile);
    enclosed_fields_one_face(tile, &walls, diags);
    super::ends::ends_valid(tile, g, diags);
    super::ends::ends_reachable(tile, &walls, diags);
    super::ends::fields_across_ends(tile, &walls, diags);
}

/// An abbey is one monastery and nothing else: its edges match anything and
/// end what reaches them, as a town hall's do.
fn abbey(tile: &Tile, town_hall: bool, diags: &mut Vec<Diagnostic>) {
    let monasteries = tile
        .segments
        .iter()
        .filter(|s| s.kind == SegmentKind::Monastery)
        .count();
    if town_hall || monasteries != 1 {
        let kind = Kind::AbbeyMonastery {
            found: monasteries,
            town_hall,
        };
        diags.push(Diagnostic::new(kind, tile.span));
    }
    let others: Vec<String> = tile
        .segments
        .iter()
        .filter(|s| s.kind != SegmentKind::Monastery)
        .map(|s| format!("{} `{}`", s.kind.name(), s.name))
        .collect();
    if !others.is_empty() {
        let names = others.join(", ");
        diags.push(Diagnostic::new(
            Kind::AbbeyWithSegments { names },
            tile.span,
        ));
    }
}

/// Every port belongs to a segment (that none belongs to two, `lower` checks).
pub fn ports_covered(tile: &Tile, diags: &mut Vec<Diagnostic>) {
    let free: Vec<&str> = (0..12)
        .filter(|&p| tile.ports[p] == NO_SEGMENT)
        .map(|p| PORT_NAMES[p])
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
        // A middle a city only reaches: its halves are fields (E248).
        let mid = tile.ports[e * 3 + 1] as usize;
        if tile.segments[mid].reaches & (1 << (e * 3 + 1)) != 0 {
            continue;
        }
        let detail = match (l, m, r) {
            (City, City, City) | (Field, Field, Field) | (Seam, Seam, Seam) => continue,
            (Field, Road | River, Field) => continue,
            // An edge partly a seam: a field half, the seam through the middle.
            (Field, Seam, Seam) | (Seam, Seam, Field) => continue,
            (Seam, _, _) | (_, _, Seam) => {
                "a seam half needs the seam in the middle and a field or seam on the other half"
                    .to_string()
            }
            (_, Seam, _) => "a seam in the middle needs a seam half".to_string(),
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
        (Road, Field) | (Field, Road) => " (write `under=FIELD` on the road for a tunnel)",
        (City, City) => " (write `over=CITY` on one city for a bridge)",
        (River, City) | (City, River) => " (write `under=CITY` on the river)",
        (Field, City) | (City, Field) => {
            " (a field passes under a city beside a river that does: `under=CITY` on both)"
        }
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

/// A field passes under a city only on the banks of a river that does too.
fn banks_under_cities(tile: &Tile, diags: &mut Vec<Diagnostic>) {
    let segs = &tile.segments;
    let rivers_under = segs
        .iter()
        .filter(|s| s.kind == SegmentKind::River)
        .fold(0, |m, s| m | s.tunnels);
    for f in segs.iter().filter(|s| s.kind == SegmentKind::Field) {
        let alone = f.tunnels & !rivers_under;
        for c in bits(alone).filter(|&c| segs[c].kind == SegmentKind::City) {
            let kind = Kind::FieldUnderCityAlone {
                field: f.name.clone(),
                city: segs[c].name.clone(),
            };
            diags.push(Diagnostic::new(kind, f.span).with(segs[c].span, "the city"));
        }
    }
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
            // What the field crosses (a road under it, a city it passes
            // under) separates nothing of it.
            let crossed = f.bridges | f.tunnels;
            let separator = segs.iter().enumerate().find(|(zi, z)| {
                *zi != c as usize
                    && crossed & (1 << zi) == 0
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
