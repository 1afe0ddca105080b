//! Lays a tile out: rasterises cities, rivers, roads and buildings into a label
//! map and remembers where the symbols go. Values in (a [`TileKind`]), a
//! [`Scene`] out; painting happens elsewhere.

use super::canvas::{dist, Pt};
use super::crossing::{cut, drawing_order, passes_over, under_field_at};
use super::geom::{
    city_aim, curve, edge_mid, edges_of, gates_at, nearest_port, reach_contains, through_path,
    CityShape, CENTRE,
};
use super::labels::{Labels, FREE, MAX_SEGMENTS, OBJ};
use crate::graph::interleave;
use tilec_runtime::{EndKind, RoadEnd, SegmentKind, TileKind};

/// Half the width of a road.
pub const ROAD_HALF: f32 = 0.045;
/// How deep a seam's band reaches into the tile (a fraction of its side).
pub const SEAM_DEPTH: f32 = 0.3;
/// Half the width of a river.
pub const RIVER_HALF: f32 = 0.065;
/// Radius of a monastery, garden or hut plot.
pub const PLOT_R: f32 = 0.13;
/// Radius of the lake a river ends in.
pub const LAKE_R: f32 = 0.2;
/// Radius of a spring.
pub const SPRING_R: f32 = 0.08;
/// Radius of Bogatyr's stone.
pub const STONE_R: f32 = 0.085;
/// Radius of a tunnel portal.
pub const TUNNEL_R: f32 = 0.075;

/// Where an end point of a road or river lies.
#[derive(Clone, Copy)]
enum Target {
    Point(Pt),
    Gate(u8),
    Bank,
}

/// A tile laid out for painting.
pub struct Scene {
    /// Segment per pixel.
    pub labels: Labels,
    /// Positions of monastery, garden and hut plots, by segment.
    pub plots: Vec<(u8, Pt)>,
    /// Where roads enter cities.
    pub gates: Vec<Pt>,
    /// End points drawn as symbols (junction, village, stone, spring, lake).
    pub ends: Vec<(EndKind, Pt)>,
    /// Each road's or river's drawn path(s), by segment.
    pub paths: Vec<(u8, Vec<Pt>)>,
    /// Occupied symbol spots (centre, radius), for placing further symbols.
    pub spots: Vec<(Pt, f32)>,
}

impl Scene {
    /// Rasterises everything but the fields (see `fields::fill`). `via_centre` bends
    /// corner roads through the tile centre instead of round the corner.
    pub fn build(tile: &TileKind, side: u32, via_centre: bool) -> Scene {
        let mut s = Scene {
            labels: Labels::new(side),
            plots: Vec::new(),
            gates: Vec::new(),
            ends: Vec::new(),
            paths: Vec::new(),
            spots: Vec::new(),
        };
        if let Some(arrow) = tile.arrow {
            // Keep symbols clear of the arrow and its badge.
            for p in [(0.72, 0.42), (0.72, 0.25)] {
                s.spots.push((super::marks::turn(p, arrow.points), 0.09));
            }
        }
        s.cities(tile);
        s.seams(tile);
        s.lines(tile, SegmentKind::River, via_centre);
        s.place_plots(tile, true);
        s.lines(tile, SegmentKind::Road, via_centre);
        s.connectors(tile);
        s.place_plots(tile, false);
        s
    }

    /// Cities, those beneath first: a city on a bridge over another covers it
    /// where they cross, its walls drawn across the one beneath.
    fn cities(&mut self, tile: &TileKind) {
        let cities = drawing_order(tile, SegmentKind::City, MAX_SEGMENTS);
        let crowded = cities.len() > 1;
        for i in cities {
            let seg = &tile.segments[usize::from(i)];
            let shape = CityShape::new(edges_of(seg.ports));
            // The edges whose middle it reaches, and the way there.
            let reached: Vec<usize> = (0..4)
                .filter(|e| seg.reaches & (1 << (e * 3 + 1)) != 0)
                .collect();
            let aim = city_aim(tile, i);
            let contains = |p| {
                shape.contains(crowded, p) || reached.iter().any(|&e| reach_contains(e, aim, p))
            };
            for k in 0..self.labels.lab.len() {
                let l = self.labels.lab[k];
                let open = l == FREE || (l != i && passes_over(tile, i, l));
                if open && contains(self.labels.point(k)) {
                    self.labels.lab[k] = i;
                }
            }
        }
    }

    /// A seam is the interior of a piece of several squares: a band along the
    /// ports it holds (painted as hatched stone), turning the corners it holds.
    fn seams(&mut self, tile: &TileKind) {
        for (i, seg) in segs(tile).filter(|(_, g)| g.kind == SegmentKind::Seam) {
            self.labels.fill(i, |p| {
                let (port, depth) = nearest_port(p);
                depth < SEAM_DEPTH && seg.ports & (1 << port) != 0
            });
        }
    }

    /// Draws every road (or river) segment and its end symbols.
    fn lines(&mut self, tile: &TileKind, kind: SegmentKind, via_centre: bool) {
        for i in drawing_order(tile, kind, MAX_SEGMENTS) {
            let seg = &tile.segments[usize::from(i)];
            let ends: Vec<&RoadEnd> = tile.ends.iter().filter(|e| has(e.segments, i)).collect();
            let edges: Vec<usize> = (0..4)
                .filter(|e| edges_of(seg.ports) & (1 << e) != 0)
                .collect();
            let half = if kind == SegmentKind::River {
                RIVER_HALF
            } else {
                ROAD_HALF
            };
            let Some(first) = ends.first() else {
                let paths = match edges[..] {
                    [a, b] => vec![through_path(a, b, via_centre)],
                    _ => edges.iter().map(|&e| vec![edge_mid(e), CENTRE]).collect(),
                };
                for p in paths {
                    self.draw_path(tile, i, p, half);
                }
                continue;
            };
            let target = self.target(tile, first, edges.first().copied());
            for &e in &edges {
                let path = match target {
                    Target::Point(p) => vec![edge_mid(e), p],
                    // Roads ending at one city in several end statements reach
                    // it at gates of their own: each heads straight for it.
                    Target::Gate(c) if gates_at(tile, c) > 1 => {
                        vec![edge_mid(e), city_aim(tile, c)]
                    }
                    Target::Gate(c) => curve(edge_mid(e), CENTRE, self.gate_point(tile, c)),
                    Target::Bank => vec![edge_mid(e), CENTRE],
                };
                let stop = |l: u8| match target {
                    Target::Gate(c) => l == c,
                    Target::Bank => is_kind(tile, l, SegmentKind::River),
                    Target::Point(_) => false,
                };
                let path = self.truncate(path, &stop);
                if matches!(target, Target::Gate(_)) {
                    self.gates.extend(path.last().copied());
                }
                self.draw_path(tile, i, path, half);
            }
            if let Target::Point(p) = target {
                self.end_symbol(i, first.kind, p);
            }
        }
    }

    fn draw_path(&mut self, tile: &TileKind, seg: u8, path: Vec<Pt>, half: f32) {
        // The checker lets a road interleave with a river or a road only on a
        // bridge, with a city only in a tunnel, and a river with a city only
        // beneath it, so crossing means exactly that.
        let ports = tile.segments[usize::from(seg)].ports;
        let crossed = |l: u8, kind: SegmentKind| {
            is_kind(tile, l, kind) && interleave(ports, tile.segments[usize::from(l)].ports)
        };
        let road = is_kind(tile, seg, SegmentKind::Road);
        // Of two roads, the one on top (a tile without its crossings: the later).
        let on_top = |l: u8| match tile.crossings.is_empty() {
            true => crossed(l, SegmentKind::Road),
            false => is_kind(tile, l, SegmentKind::Road) && passes_over(tile, seg, l),
        };
        let bridged = |l: u8| road && (is_kind(tile, l, SegmentKind::River) || on_top(l));
        // Under a field at either end: dashes from the edge to the first feature.
        let edge_at = |p: Pt| (0..4).find(|&e| dist(edge_mid(e), p) < 1e-3);
        let mut body = path.clone();
        let mut buried = Vec::new();
        if road && edge_at(body[0]).is_some_and(|e| under_field_at(tile, seg, e)) {
            let (head, rest) = cut(&self.labels, &body);
            buried.push(head);
            body = rest;
        }
        let last = body.last().copied();
        if road
            && last
                .and_then(edge_at)
                .is_some_and(|e| under_field_at(tile, seg, e))
        {
            body.reverse();
            let (tail, rest) = cut(&self.labels, &body);
            buried.push(tail);
            body = rest;
            body.reverse();
        }
        for piece in &buried {
            for dash in dashes(piece, 0.03, 0.15) {
                self.labels.stroke(&dash, half * 0.6, seg, &|_| false);
            }
        }
        if body.len() >= 2 {
            self.labels.stroke(&body, half, seg, &bridged);
        }
        let river = is_kind(tile, seg, SegmentKind::River);
        if (road || river) && segs(tile).any(|(l, _)| crossed(l, SegmentKind::City)) {
            // A tunnel (a river beneath a city): dashes drawn across the city.
            let under = |l: u8| crossed(l, SegmentKind::City);
            for dash in dashes(&path, 0.03, 0.15) {
                self.labels.stroke(&dash, half * 0.6, seg, &under);
            }
        }
        self.paths.push((seg, path));
    }

    fn end_symbol(&mut self, seg: u8, kind: EndKind, p: Pt) {
        let r = match kind {
            EndKind::Lake => LAKE_R,
            EndKind::Spring => SPRING_R,
            EndKind::Stone => STONE_R,
            EndKind::Village => 0.1,
            EndKind::Junction => 0.06,
            EndKind::Tunnel => TUNNEL_R,
            EndKind::Segment | EndKind::Bank => return,
        };
        let label = if kind == EndKind::Stone { OBJ } else { seg };
        if !self
            .ends
            .iter()
            .any(|&(k, q)| k == kind && dist(p, q) < 1e-4)
        {
            self.ends.push((kind, p));
            self.spots.push((p, r));
        }
        self.labels.disc(p, r, label);
    }

    fn target(&self, tile: &TileKind, end: &RoadEnd, edge: Option<usize>) -> Target {
        let touched = |k: &[SegmentKind]| {
            segs(tile).find(|(i, g)| has(end.touches, *i) && k.contains(&g.kind))
        };
        match end.kind {
            EndKind::Bank => Target::Bank,
            // A portal part way in from the edge: the road dives underground there.
            EndKind::Tunnel => Target::Point(lerp(edge.map_or(CENTRE, edge_mid), CENTRE, 0.5)),
            EndKind::Stone => {
                let from = edge.map_or(CENTRE, edge_mid);
                Target::Point(lerp(from, CENTRE, 0.7))
            }
            EndKind::Segment => {
                let plot = [
                    SegmentKind::Monastery,
                    SegmentKind::Garden,
                    SegmentKind::Hut,
                ];
                if let Some((m, _)) = touched(&plot) {
                    return Target::Point(self.plot_pos(m).unwrap_or(CENTRE));
                }
                match touched(&[SegmentKind::City]) {
                    Some((c, _)) => Target::Gate(c),
                    None => Target::Point(CENTRE),
                }
            }
            _ => Target::Point(CENTRE),
        }
    }

    /// Roads from a junction, village or stone to the cities, plots and roads that
    /// end point touches.
    fn connectors(&mut self, tile: &TileKind) {
        for end in tile.ends.iter() {
            if !matches!(
                end.kind,
                EndKind::Junction | EndKind::Village | EndKind::Stone
            ) {
                continue;
            }
            let Some(&(_, from)) = self.ends.iter().find(|(k, _)| *k == end.kind) else {
                continue;
            };
            let Some((road, _)) = segs(tile).find(|(i, _)| has(end.segments, *i)) else {
                continue;
            };
            for (t, g) in segs(tile).filter(|(i, _)| has(end.touches, *i)) {
                let path = match g.kind {
                    SegmentKind::City => {
                        let path = self.truncate(vec![from, self.gate_point(tile, t)], &|l| l == t);
                        self.gates.extend(path.last().copied());
                        path
                    }
                    SegmentKind::Road => vec![from, CENTRE],
                    _ => vec![from, self.plot_pos(t).unwrap_or(CENTRE)],
                };
                self.labels.stroke(&path, ROAD_HALF, road, &|_| false);
                self.paths.push((road, path));
            }
        }
    }

    /// Where a road aimed at city `c` heads for: the first city pixel met going
    /// from the centre towards the city's edges.
    fn gate_point(&self, tile: &TileKind, c: u8) -> Pt {
        let aim = city_aim(tile, c);
        (0..=150)
            .map(|k| lerp(CENTRE, aim, k as f32 / 150.0))
            .find(|&p| self.labels.at(p) == c)
            .unwrap_or(aim)
    }

    /// Cuts a path at the first point where `stop` holds for the label there.
    fn truncate(&self, path: Vec<Pt>, stop: &dyn Fn(u8) -> bool) -> Vec<Pt> {
        let mut out = vec![path[0]];
        for w in path.windows(2) {
            let n = (dist(w[0], w[1]) / 0.004).ceil().max(1.0) as usize;
            for k in 1..=n {
                let p = lerp(w[0], w[1], k as f32 / n as f32);
                if stop(self.labels.at(p)) {
                    out.push(p);
                    return out;
                }
            }
            out.push(w[1]);
        }
        out
    }

    fn plot_pos(&self, seg: u8) -> Option<Pt> {
        self.plots.iter().find(|(s, _)| *s == seg).map(|&(_, p)| p)
    }

    /// Places monastery, garden and hut plots: first those a road ends at
    /// (`targets`), before the roads are drawn, then the rest.
    fn place_plots(&mut self, tile: &TileKind, targets: bool) {
        let plot_kinds = [
            SegmentKind::Monastery,
            SegmentKind::Garden,
            SegmentKind::Hut,
        ];
        for (i, _) in segs(tile).filter(|(_, g)| plot_kinds.contains(&g.kind)) {
            let is_target = tile.ends.iter().any(|e| has(e.touches, i));
            if is_target != targets || self.plot_pos(i).is_some() {
                continue;
            }
            let p = self.place(PLOT_R, &|l| l == FREE);
            self.labels.disc(p, PLOT_R, i);
            self.plots.push((i, p));
        }
    }

    /// The free spot that leaves the most room around a symbol of radius `r`,
    /// preferring the centre.
    pub fn place(&mut self, r: f32, free: &dyn Fn(u8) -> bool) -> Pt {
        const SPOTS: [Pt; 9] = [
            (0.5, 0.5),
            (0.5, 0.24),
            (0.76, 0.5),
            (0.5, 0.76),
            (0.24, 0.5),
            (0.27, 0.27),
            (0.73, 0.27),
            (0.73, 0.73),
            (0.27, 0.73),
        ];
        // Any spot with comfortable room will do; among those, the centre first.
        let score =
            |c: Pt| self.clearance(c, free).min(r + 0.03) + if c == CENTRE { 0.001 } else { 0.0 };
        let best = SPOTS.iter().copied().fold((CENTRE, f32::MIN), |b, c| {
            if score(c) > b.1 + 1e-4 {
                (c, score(c))
            } else {
                b
            }
        });
        self.spots.push((best.0, r));
        best.0
    }

    fn clearance(&self, c: Pt, free: &dyn Fn(u8) -> bool) -> f32 {
        let mut room = self
            .spots
            .iter()
            .map(|&(p, r)| dist(p, c) - r)
            .fold(0.3f32, f32::min);
        for k in 0..=15 {
            let r = k as f32 * 0.02;
            if r >= room {
                break;
            }
            let blocked = (0..24).any(|a| {
                let t = a as f32 * std::f32::consts::PI / 12.0;
                !free(self.labels.at((c.0 + r * t.cos(), c.1 + r * t.sin())))
            });
            if blocked {
                room = r;
            }
        }
        room
    }
}

/// The tile's segments with their label (segment number), skipping any beyond
/// what a label byte can hold.
pub fn segs(tile: &TileKind) -> impl Iterator<Item = (u8, &tilec_runtime::Segment)> + Clone {
    tile.segments
        .iter()
        .take(MAX_SEGMENTS)
        .enumerate()
        .map(|(i, g)| (i as u8, g))
}

/// Whether segment mask `mask` has segment `i`.
pub fn has(mask: u32, i: u8) -> bool {
    i < 32 && mask & (1 << i) != 0
}

/// Whether label `l` is a segment of kind `kind`.
pub fn is_kind(tile: &TileKind, l: u8, kind: SegmentKind) -> bool {
    tile.segments
        .get(usize::from(l))
        .is_some_and(|g| g.kind == kind)
}

/// Dashes along `path`: a piece of length `dash` every `period`.
fn dashes(path: &[Pt], dash: f32, period: f32) -> Vec<Vec<Pt>> {
    let mut out = Vec::new();
    for w in path.windows(2) {
        let len = dist(w[0], w[1]);
        let mut t = 0.0;
        while t < len {
            let end = (t + dash).min(len);
            out.push(vec![lerp(w[0], w[1], t / len), lerp(w[0], w[1], end / len)]);
            t += period;
        }
    }
    out
}

fn lerp(a: Pt, b: Pt, t: f32) -> Pt {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}
