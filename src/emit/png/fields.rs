//! Fields: the areas left free once the features are drawn. Each connected area
//! goes to the field segment whose ports it reaches on the tile border; an area
//! reaching no border is an enclosed field; an area reaching several fields (no
//! road or wall drawn between them) is shared out by angle, nearest port first.

use super::canvas::Pt;
use super::geom::{border_port, CENTRE};
use super::labels::{Labels, FREE, OBJ};
use super::scene::{segs, ROAD_HALF};
use tilec_runtime::{SegmentKind, TileKind};

/// Labels every free pixel with a field and returns how many places the picture
/// does not match the tile's field topology (0 = every area maps to exactly one
/// field and every field with ports is drawn).
pub fn fill(labels: &mut Labels, tile: &TileKind) -> usize {
    let mut problems = 0;
    let mut seen = vec![false; labels.lab.len()];
    for start in 0..labels.lab.len() {
        if labels.lab[start] != FREE || seen[start] {
            continue;
        }
        let area = component(labels, start, &mut seen);
        let (fields, cities) = touched(labels, tile, &area);
        problems += assign(labels, tile, &area, &fields, cities);
    }
    let is_field = |(_, g): &(u8, &tilec_runtime::Segment)| g.kind == SegmentKind::Field;
    for (i, g) in segs(tile).filter(is_field) {
        if g.ports != 0 && !labels.lab.contains(&i) {
            problems += 1;
        }
    }
    problems
}

fn component(labels: &Labels, start: usize, seen: &mut [bool]) -> Vec<usize> {
    let mut area = vec![start];
    seen[start] = true;
    let mut k = 0;
    while k < area.len() {
        let i = area[k];
        k += 1;
        for j in labels.neighbours(i) {
            if !seen[j] && labels.lab[j] == FREE {
                seen[j] = true;
                area.push(j);
            }
        }
    }
    area
}

/// The field segments whose ports the area reaches, and (only when it reaches
/// none, as that is when they are needed) the cities it borders.
fn touched(labels: &Labels, tile: &TileKind, area: &[usize]) -> (Vec<u8>, u32) {
    let mut fields = Vec::new();
    for &i in area {
        if labels.on_border(i) {
            let owner = tile.ports[border_port(labels.point(i), ROAD_HALF)];
            if is_field(tile, owner) && !fields.contains(&owner) {
                fields.push(owner);
            }
        }
    }
    fields.sort_unstable();
    if !fields.is_empty() {
        return (fields, 0);
    }
    let city_labels = segs(tile)
        .filter(|(i, g)| *i < 32 && g.kind == SegmentKind::City)
        .fold(0u32, |m, (i, _)| m | 1 << i);
    let mut cities = 0u32;
    for &i in area {
        for j in labels.neighbours(i) {
            let l = labels.lab[j];
            if l < 32 && city_labels & (1 << l) != 0 {
                cities |= 1 << l;
            }
        }
    }
    (fields, cities)
}

fn assign(
    labels: &mut Labels,
    tile: &TileKind,
    area: &[usize],
    fields: &[u8],
    cities: u32,
) -> usize {
    let tiny = area.len() * 500 < labels.lab.len();
    if let [f] = fields {
        area.iter().for_each(|&i| labels.lab[i] = *f);
        return 0;
    }
    if fields.is_empty() {
        if let Some(f) = enclosed_field(tile, cities) {
            area.iter().for_each(|&i| labels.lab[i] = f);
            return 0;
        }
    }
    let candidates: Vec<u8> = if fields.is_empty() {
        segs(tile)
            .filter(|(i, _)| is_field(tile, *i))
            .map(|(i, _)| i)
            .collect()
    } else {
        fields.to_vec()
    };
    for &i in area {
        labels.lab[i] = nearest_field(tile, &candidates, labels.point(i)).unwrap_or(OBJ);
    }
    usize::from(!tiny)
}

/// The enclosed field (no ports) sharing the most cities with the area.
fn enclosed_field(tile: &TileKind, cities: u32) -> Option<u8> {
    segs(tile)
        .filter(|(_, g)| g.kind == SegmentKind::Field && g.ports == 0)
        .max_by_key(|(i, g)| ((g.cities & cities).count_ones(), std::cmp::Reverse(*i)))
        .map(|(i, _)| i)
}

/// The field among `candidates` owning the port nearest in angle to `p`.
fn nearest_field(tile: &TileKind, candidates: &[u8], p: Pt) -> Option<u8> {
    let angle = |q: Pt| (q.1 - CENTRE.1).atan2(q.0 - CENTRE.0);
    let a = angle(p);
    (0..12)
        .filter(|&port| candidates.contains(&tile.ports[port]))
        .map(|port| {
            let d = (PORT_ANGLES[port] - a).abs();
            (d.min(std::f32::consts::TAU - d), tile.ports[port])
        })
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map(|(_, f)| f)
        .or_else(|| candidates.first().copied())
}

/// The angle of each port's anchor seen from the centre (atan2 of (1, 1) steps).
const PORT_ANGLES: [f32; 12] = {
    // atan2(-0.5, -0.25) etc., written out so they are computed once.
    const A: f32 = 1.107_148_7; // atan(2)
    const B: f32 = 0.463_647_6; // atan(0.5)
    const H: f32 = std::f32::consts::FRAC_PI_2;
    const P: f32 = std::f32::consts::PI;
    [
        -(P - A),
        -H,
        -A, // NL N NR
        -B,
        0.0,
        B, // EL E ER
        A,
        H,
        P - A, // SL S SR
        P - B,
        P,
        -(P - B), // WL W WR
    ]
};

fn is_field(tile: &TileKind, l: u8) -> bool {
    tile.segments
        .get(usize::from(l))
        .is_some_and(|g| g.kind == SegmentKind::Field)
}
