//! Tile geometry in unit coordinates: where ports sit, the shapes cities take for
//! each set of edges, and the paths roads and rivers follow.
//!
//! Edges are numbered N=0, E=1, S=2, W=3; edge `e` owns ports `3e..3e+3`.

use super::canvas::{dist, Pt};
use tilec_runtime::{EndKind, PortMask, TileKind};

/// The tile centre.
pub const CENTRE: Pt = (0.5, 0.5);

/// Distance of `p` from edge `e`, inward.
pub fn depth(e: usize, p: Pt) -> f32 {
    match e {
        0 => p.1,
        1 => 1.0 - p.0,
        2 => 1.0 - p.1,
        _ => p.0,
    }
}

/// Position of `p` along edge `e`, clockwise, 0 at the edge's first corner.
fn along(e: usize, p: Pt) -> f32 {
    match e {
        0 => p.0,
        1 => p.1,
        2 => 1.0 - p.0,
        _ => 1.0 - p.1,
    }
}

/// The port whose third of the border lies nearest `p`, and how deep inside
/// the tile `p` is from it.
pub fn nearest_port(p: Pt) -> (usize, f32) {
    let e = (0..4)
        .min_by(|&a, &b| depth(a, p).total_cmp(&depth(b, p)))
        .unwrap_or(0);
    let third = ((along(e, p) * 3.0) as usize).min(2);
    (e * 3 + third, depth(e, p))
}

/// The middle of edge `e`.
pub fn edge_mid(e: usize) -> Pt {
    [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)][e % 4]
}

/// Where port `port` meets the tile border.
pub fn port_anchor(port: usize) -> Pt {
    let e = port / 3;
    let t = [0.25, 0.5, 0.75][port % 3];
    match e {
        0 => (t, 0.0),
        1 => (1.0, t),
        2 => (1.0 - t, 1.0),
        _ => (0.0, 1.0 - t),
    }
}

/// The port a border pixel at `p` belongs to (`road_half` is half the width of
/// the middle port).
pub fn border_port(p: Pt, road_half: f32) -> usize {
    let e = (0..4)
        .min_by(|&a, &b| depth(a, p).total_cmp(&depth(b, p)))
        .unwrap_or(0);
    let t = along(e, p);
    let k = if t < 0.5 - road_half {
        0
    } else if t > 0.5 + road_half {
        2
    } else {
        1
    };
    3 * e + k
}

/// The edges (bit `e`) that a port mask touches.
pub fn edges_of(ports: PortMask) -> u8 {
    (0..4).fold(0, |acc, e| {
        if ports & (0b111 << (3 * e)) != 0 {
            acc | 1 << e
        } else {
            acc
        }
    })
}

fn in_wedge(e: usize, p: Pt) -> bool {
    let d = depth(e, p);
    (0..4).all(|o| depth(o, p) >= d)
}

fn cap(e: usize, p: Pt, base: f32, bulge: f32) -> bool {
    let a = 2.0 * along(e, p) - 1.0;
    in_wedge(e, p) && depth(e, p) < base + bulge * (1.0 - a * a)
}

/// The outline a city takes, chosen once per city from the edges it covers.
#[derive(Clone, Copy)]
pub enum CityShape {
    /// No edge: nothing drawn.
    Empty,
    /// One edge: a cap with a curved wall.
    Cap(usize),
    /// Opposite edges: a band waisted in the middle (`true` = running north–south).
    Band(bool),
    /// Adjacent edges: the corner between them.
    Corner(usize, usize),
    /// Three edges: everything but a cap on the missing edge.
    AllBut(usize),
    /// Four edges: the whole tile.
    Full,
}

impl CityShape {
    /// The shape for a city covering the edges in `edges` (bit `e`).
    pub fn new(edges: u8) -> CityShape {
        let list: Vec<usize> = (0..4).filter(|e| edges & (1 << e) != 0).collect();
        match list[..] {
            [] => CityShape::Empty,
            [e] => CityShape::Cap(e),
            [a, b] if b - a == 2 => CityShape::Band(a == 0),
            [a, b] => CityShape::Corner(a, b),
            [_, _, _] => CityShape::AllBut((0..4).find(|e| edges & (1 << e) == 0).unwrap_or(0)),
            _ => CityShape::Full,
        }
    }

    /// Whether `p` lies in the city. `crowded` shrinks the shapes when the tile
    /// has more than one city, so that fields fit between.
    pub fn contains(self, crowded: bool, p: Pt) -> bool {
        match self {
            CityShape::Empty => false,
            CityShape::Cap(e) => cap(e, p, 0.18, if crowded { 0.07 } else { 0.12 }),
            CityShape::Band(north_south) => {
                let w0 = if crowded { 0.1 } else { 0.16 };
                let (across, axis) = if north_south { (p.0, p.1) } else { (p.1, p.0) };
                let t = 2.0 * (axis - 0.5).abs();
                (across - 0.5).abs() < w0 + (0.5 - w0) * t * t * t
            }
            CityShape::Corner(a, b) => {
                let (u, v) = (depth(a, p) + depth(b, p), depth(a, p) - depth(b, p));
                let bow = if crowded { 0.3 } else { 0.12 };
                u < 1.0 - bow * (1.0 - v * v)
            }
            CityShape::AllBut(missing) => !cap(missing, p, 0.22, 0.14),
            CityShape::Full => true,
        }
    }
}

/// A quadratic Bézier from `a` to `b` pulled towards `ctrl`, as a polyline.
pub fn curve(a: Pt, ctrl: Pt, b: Pt) -> Vec<Pt> {
    (0..=24)
        .map(|i| {
            let t = i as f32 / 24.0;
            let u = 1.0 - t;
            (
                u * u * a.0 + 2.0 * u * t * ctrl.0 + t * t * b.0,
                u * u * a.1 + 2.0 * u * t * ctrl.1 + t * t * b.1,
            )
        })
        .collect()
}

/// The path of a road or river running from edge `a` to edge `b`: straight across
/// for opposite edges; for adjacent ones a quarter circle round their shared
/// corner, or (when `via_centre`) a bend through the tile centre.
pub fn through_path(a: usize, b: usize, via_centre: bool) -> Vec<Pt> {
    let (pa, pb) = (edge_mid(a), edge_mid(b));
    if (a + 2) % 4 == b {
        return vec![pa, pb];
    }
    if via_centre {
        return curve(pa, CENTRE, CENTRE)
            .into_iter()
            .chain(curve(CENTRE, CENTRE, pb))
            .collect();
    }
    let corner = (
        if pa.0 == 0.5 { pb.0 } else { pa.0 },
        if pa.1 == 0.5 { pb.1 } else { pa.1 },
    );
    let angle = |p: Pt| (p.1 - corner.1).atan2(p.0 - corner.0);
    let (t0, mut t1) = (angle(pa), angle(pb));
    if (t1 - t0).abs() > std::f32::consts::PI {
        t1 += if t1 < t0 { 2.0 } else { -2.0 } * std::f32::consts::PI;
    }
    (0..=24)
        .map(|i| {
            let t = t0 + (t1 - t0) * i as f32 / 24.0;
            (corner.0 + 0.5 * t.cos(), corner.1 + 0.5 * t.sin())
        })
        .collect()
}

/// The point halfway along a polyline, and the direction of travel there.
pub fn midpoint(path: &[Pt]) -> (Pt, Pt) {
    let total: f32 = path.windows(2).map(|w| dist(w[0], w[1])).sum();
    let mut left = total / 2.0;
    for w in path.windows(2) {
        let d = dist(w[0], w[1]);
        if d > 0.0 && left <= d {
            let t = left / d;
            let dir = ((w[1].0 - w[0].0) / d, (w[1].1 - w[0].1) / d);
            return (
                (
                    w[0].0 + t * (w[1].0 - w[0].0),
                    w[0].1 + t * (w[1].1 - w[0].1),
                ),
                dir,
            );
        }
        left -= d;
    }
    (path.first().copied().unwrap_or(CENTRE), (1.0, 0.0))
}

/// How many end statements of the tile end a road at city `c`'s gate.
pub fn gates_at(tile: &TileKind, c: u8) -> usize {
    tile.ends
        .iter()
        .filter(|e| e.kind == EndKind::Segment && e.touches & (1 << c) != 0)
        .count()
}

/// Whether `p` lies in the tongue of a city that reaches the middle of edge
/// `e` without holding the edge (`reaches=`), running from there to `aim`
/// (the city's middle): narrow at the edge, where it parts the two fields,
/// wider inside.
pub fn reach_contains(e: usize, aim: Pt, p: Pt) -> bool {
    let a = edge_mid(e);
    let (dx, dy) = (aim.0 - a.0, aim.1 - a.1);
    let len2 = (dx * dx + dy * dy).max(1e-6);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
    dist(p, (a.0 + t * dx, a.1 + t * dy)) < 0.025 + 0.1 * t
}

/// The mean of city `c`'s port anchors: where a road aimed at it heads.
pub fn city_aim(tile: &TileKind, c: u8) -> Pt {
    let ports: Vec<Pt> = (0..12)
        .filter(|&p| tile.ports[p] == c)
        .map(port_anchor)
        .collect();
    let n = ports.len().max(1) as f32;
    ports
        .iter()
        .fold((0.0, 0.0), |a, p| (a.0 + p.0 / n, a.1 + p.1 / n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_follow_the_port_numbering() {
        assert_eq!(port_anchor(0), (0.25, 0.0)); // NL: west half of north
        assert_eq!(port_anchor(3), (1.0, 0.25)); // EL: north half of east
        assert_eq!(port_anchor(6), (0.75, 1.0)); // SL: east half of south
        assert_eq!(port_anchor(9), (0.0, 0.75)); // WL: south half of west
        for port in 0..12 {
            assert_eq!(border_port(port_anchor(port), 0.05), port);
        }
    }

    fn city_contains(edges: u8, crowded: bool, p: Pt) -> bool {
        CityShape::new(edges).contains(crowded, p)
    }

    #[test]
    fn city_shapes_cover_their_whole_edges_and_leave_the_others() {
        let north = 0b0001;
        assert!(city_contains(north, false, (0.02, 0.001)));
        assert!(city_contains(north, false, (0.98, 0.001)));
        assert!(!city_contains(north, false, (0.999, 0.3)));
        let corner_nw = 0b1001;
        assert!(city_contains(corner_nw, false, (0.97, 0.001)));
        assert!(city_contains(corner_nw, false, (0.001, 0.97)));
        assert!(!city_contains(corner_nw, false, (0.999, 0.03)));
        let across = 0b1010;
        assert!(city_contains(across, false, (0.001, 0.02)));
        assert!(!city_contains(across, false, (0.5, 0.001)));
    }

    #[test]
    fn corner_arcs_end_on_edge_middles() {
        let p = through_path(0, 1, false);
        assert!(dist(p[0], edge_mid(0)) < 1e-5);
        assert!(dist(p[p.len() - 1], edge_mid(1)) < 1e-5);
    }
}
