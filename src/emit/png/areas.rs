//! Places on a tile as an engine's artwork wants them: an SVG clip path and a
//! point inside it where a figure stands, both from the same layout the preview
//! is painted from (`Scene` and `fields::fill`), so they match the picture.
//!
//! A place is a set of cells of a grid: a segment's area, the part of a road
//! nearest one of its edges (a road that an engine splits at a tunnel), or the
//! symbol of a mark. The point is where a person would put a figure: among the
//! cells with the most room (the farthest from the place's edge, the tile's
//! border counting as an edge, up to a comfortable [`ROOM`]) the one nearest
//! the place's centre of mass, so a road's point lies on its centre line half
//! way along, a city's in its thick part and a field's in its open middle.
//! Symbols drawn over a place (a junction, a lake, a mark's badge, an arrow)
//! are kept clear of its point.

use super::canvas::{dist, Pt};
use super::geom::{edge_mid, edges_of};
use super::labels::Labels;
use super::scene::{segs, Scene};
use super::symbols::{pennant_spots, GATE_R, SHIELD_R};
use tilec_runtime::{SegmentKind, TileKind};

/// One place, in units of a tile `size` wide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// An SVG path: one rectangle per run of the place's cells in a row.
    pub clip: String,
    /// Where a figure stands.
    pub point: (u32, u32),
}

/// Cells per side of the grid the places are traced on.
const GRID: u32 = 90;

/// Room around a point that is enough (a fraction of the tile's side): a
/// roomier cell farther from the centre of the place is not better.
const ROOM: f32 = 0.12;

/// How much less room than the most a cell may have and still be chosen (a
/// fraction of the most), so that a road's point is on its centre line.
const SLACK: f32 = 0.85;

/// Room that is enough to keep a point clear of badges too (a fraction of
/// the tile's side), or the fraction [`KEEP`] of the room beside the place's
/// symbols: with less, the point may stand on a badge.
const MIN_ROOM: f32 = 0.06;
const KEEP: f32 = 0.8;

/// Room too little to stand on (a fraction of the tile's side): such a place
/// is widened by a square of half side [`OWN`], and a point does not keep
/// clear of symbols for so little.
const STAND: f32 = 0.025;
const OWN: f32 = 0.05;

/// Room a figure needs (a fraction of the tile's side: a road's half width),
/// or the fraction [`INSIDE`] of the place's most room when that is less: a
/// point kept clear of symbols has at least this much.
const FIGURE: f32 = 0.045;
const INSIDE: f32 = 0.6;

/// A tile laid out for its places.
pub struct Places {
    labels: Labels,
    /// Cells covered by a symbol drawn over the landscape: a road's end, a
    /// gate, a coat of arms, a mark, an arrow.
    symbols: Vec<bool>,
    /// Cells covered by an upright badge (an illustration, the start tile):
    /// kept clear when there is room.
    badges: Vec<bool>,
    /// Each mark's symbol (centre, radius), in mark order.
    marks: Vec<Option<(Pt, f32)>>,
    /// Each segment's ports.
    ports: Vec<u16>,
    size: u32,
}

/// The places of `tile`, for a tile `size` units wide.
pub fn places(tile: &TileKind, size: u32) -> Places {
    let scene = super::best_scene(tile, GRID);
    // The marks where the preview draws them: placed on the preview's scene.
    let mut fine = super::best_scene(tile, super::TILE_PX * 2);
    let marks = super::marks::places(&mut fine, tile);
    // The symbols placed (road ends, the arrow's badge, marks on fields), but
    // a building's plot, which is its own place.
    let mut spots: Vec<(Pt, f32)> = fine
        .spots
        .iter()
        .copied()
        .filter(|s| !is_plot(&fine, s.0))
        .collect();
    spots.extend(marks.iter().flatten().copied());
    spots.extend(fine.gates.iter().map(|&g| (g, GATE_R)));
    for (i, g) in segs(tile).filter(|(_, g)| g.kind == SegmentKind::City) {
        let shields = pennant_spots(&fine.labels, i, g.pennants);
        spots.extend(shields.into_iter().map(|p| (p, SHIELD_R)));
    }
    let labels = scene.labels;
    let covered = |under: &dyn Fn(Pt) -> bool| {
        (0..labels.lab.len())
            .map(|i| under(labels.point(i)))
            .collect()
    };
    let symbols = covered(&|p| {
        let arrow = tile.arrow.is_some_and(|a| super::marks::arrow_covers(a, p));
        arrow || spots.iter().any(|&(c, r)| dist(p, c) <= r)
    });
    let badges = covered(&|p| super::badges::covers(tile, p));
    let ports = segs(tile).map(|(_, g)| g.ports).collect();
    Places {
        labels,
        symbols,
        badges,
        marks,
        ports,
        size,
    }
}

/// Whether a spot is a monastery's, garden's or hut's plot (its own place).
fn is_plot(scene: &Scene, p: Pt) -> bool {
    scene.plots.iter().any(|&(_, q)| dist(p, q) < 1e-4)
}

impl Places {
    /// Segment `seg`'s area (`None` when it has no cell: not drawn).
    pub fn segment(&self, seg: usize) -> Option<Area> {
        let label = u8::try_from(seg).ok()?;
        self.area(&self.cells(|l, _| l == label))
    }

    /// The part of segment `seg` nearer the middle of `edge` than of any other
    /// edge of the segment: what an engine that splits a road at a tunnel
    /// calls the road at that edge.
    pub fn segment_part(&self, seg: usize, edge: usize) -> Option<Area> {
        let label = u8::try_from(seg).ok()?;
        let edges = edges_of(*self.ports.get(seg)?);
        let nearest = |p: Pt| {
            let d = |e: usize| dist(p, edge_mid(e));
            (0..4)
                .filter(|e| edges & (1 << e) != 0)
                .fold(edge, |b, e| match d(e) < d(b) {
                    true => e,
                    false => b,
                })
        };
        self.area(&self.cells(|l, p| l == label && nearest(p) == edge))
    }

    /// The symbol of the tile's `k`th mark (`None` for one drawn as the whole tile).
    pub fn mark(&self, k: usize) -> Option<Area> {
        let (c, r) = (*self.marks.get(k)?)?;
        self.area(&self.cells(|_, p| dist(p, c) <= r))
    }

    /// The cells where `inside(label, centre)` holds.
    fn cells(&self, inside: impl Fn(u8, Pt) -> bool) -> Vec<bool> {
        let lab = &self.labels.lab;
        (0..lab.len())
            .map(|i| inside(lab[i], self.labels.point(i)))
            .collect()
    }

    fn area(&self, mask: &[bool]) -> Option<Area> {
        let whole = self.point(mask)?;
        let side = self.labels.side() as f32;
        if whole.1 < STAND * side {
            return Some(self.widened(mask));
        }
        let clip = clip(mask, self.labels.side() as usize, self.size);
        let without = |avoid: &[&Vec<bool>]| -> Vec<bool> {
            let hidden = |i: usize| avoid.iter().any(|a| a[i]);
            (0..mask.len()).map(|i| mask[i] && !hidden(i)).collect()
        };
        // The point keeps clear of symbols when a figure can stand beside
        // them, and of badges too when that leaves room enough (a fraction
        // of the room beside the symbols, or MIN_ROOM).
        let needed = (INSIDE * whole.1).min(FIGURE * side);
        let beside = self
            .point(&without(&[&self.symbols]))
            .filter(|p| p.1 >= needed);
        let clear = beside.and_then(|b| {
            let enough = (b.1 * KEEP).min(MIN_ROOM * side);
            let clear = self.point(&without(&[&self.symbols, &self.badges]));
            clear.filter(|p| p.1 >= enough)
        });
        let (best, _) = clear.or(beside).unwrap_or(whole);
        Some(Area {
            clip,
            point: self.at(best),
        })
    }

    /// A place too small to stand on (a sliver of field where two cities
    /// meet in a corner) with a square of room added where it is, kept off
    /// the tile's border; the point at the square's middle.
    fn widened(&self, mask: &[bool]) -> Area {
        let s = self.labels.side() as usize;
        let n = mask.iter().filter(|&&m| m).count().max(1) as f32;
        let mean = |axis: fn(Pt) -> f32| {
            let sum: f32 = (0..mask.len())
                .filter(|&i| mask[i])
                .map(|i| axis(self.labels.point(i)))
                .sum();
            (sum / n).clamp(2.0 * OWN, 1.0 - 2.0 * OWN)
        };
        let c = (mean(|p| p.0), mean(|p| p.1));
        let near = |p: Pt| (p.0 - c.0).abs().max((p.1 - c.1).abs()) <= OWN;
        let widened: Vec<bool> = (0..mask.len())
            .map(|i| mask[i] || near(self.labels.point(i)))
            .collect();
        let middle =
            ((c.1 * s as f32) as usize).min(s - 1) * s + ((c.0 * s as f32) as usize).min(s - 1);
        Area {
            clip: clip(&widened, s, self.size),
            point: self.at(middle),
        }
    }

    /// The middle of cell `c`, in the tile's units.
    fn at(&self, c: usize) -> (u32, u32) {
        let s = self.labels.side() as usize;
        let unit = |c: usize| ((2 * c + 1) as u32 * self.size) / (2 * GRID);
        (unit(c % s), unit(c / s))
    }

    /// The cell of `mask` a figure stands on (see the module's doc), and the
    /// room it has.
    fn point(&self, mask: &[bool]) -> Option<(usize, f32)> {
        let s = self.labels.side() as usize;
        let room = self.labels.inside_distance(mask);
        let cells = || (0..mask.len()).filter(|&i| mask[i]);
        let most = cells().map(|i| room[i]).reduce(f32::max)?;
        let enough = (most * SLACK).min(ROOM * s as f32);
        let n = cells().count() as f32;
        let (cx, cy) = cells().fold((0.0, 0.0), |a, i| {
            (a.0 + (i % s) as f32 / n, a.1 + (i / s) as f32 / n)
        });
        let off = |i: usize| {
            let (dx, dy) = ((i % s) as f32 - cx, (i / s) as f32 - cy);
            dx * dx + dy * dy
        };
        let best =
            cells()
                .filter(|&i| room[i] >= enough)
                .reduce(|b, i| if off(i) < off(b) { i } else { b })?;
        Some((best, room[best]))
    }
}

/// The cells of `mask` (a `side` × `side` grid) as an SVG path in units of a
/// tile `size` wide: one rectangle per run of cells in a row.
fn clip(mask: &[bool], side: usize, size: u32) -> String {
    let unit = |cells: usize| cells as u32 * size / GRID;
    let mut clip = String::new();
    for (y, row) in mask.chunks(side).enumerate() {
        let mut x = 0;
        while x < side {
            if !row[x] {
                x += 1;
                continue;
            }
            let start = x;
            while x < side && row[x] {
                x += 1;
            }
            let (x0, x1, y0, y1) = (unit(start), unit(x), unit(y), unit(y + 1));
            clip.push_str(&format!("M{x0} {y0}H{x1}V{y1}H{x0}Z"));
        }
    }
    clip
}
