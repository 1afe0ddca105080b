//! Places on a tile as an engine's artwork wants them: an SVG clip path and a
//! point inside it where a figure stands, both from the same layout the preview
//! is painted from (`Scene` and `fields::fill`), so they match the picture.
//!
//! A place is a set of cells of a grid: a segment's area, the part of a road
//! nearest one of its edges (a road that an engine splits at a tunnel), or the
//! symbol of a mark. The places of a tile are disjoint, so that a click or a
//! figure's point belongs to one place: as JCloisterZone's own artwork cuts a
//! symbol out of the road or field it stands on (`${road.N - circus}`), a
//! mark's symbol is cut out of the segments under it, and so is the square
//! given to a place too small to stand on (a sliver of field, an enclosed
//! field the preview does not paint).
//!
//! The point is where a person would put a figure: among the cells with the
//! most room (the farthest from the place's edge, the tile's border counting
//! as an edge, up to a comfortable [`ROOM`]) the one nearest the place's
//! centre of mass, so a road's point lies on its centre line half
//! way along, a city's in its thick part and a field's in its open middle.
//! Symbols drawn over a place (a junction, a lake, a mark's badge, an arrow)
//! are kept clear of its point.

use super::canvas::{dist, Pt};
use super::geom::{edge_mid, edges_of};
use super::labels::{Labels, MAX_SEGMENTS};
use super::scene::{segs, Scene};
use super::symbols::{pennant_spots, GATE_R, SHIELD_R};
use tilec_runtime::{SegmentKind, TileKind};

/// A place of a tile that an engine can report: a segment or a mark (by index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The tile's `n`th segment.
    Segment(usize),
    /// The tile's `k`th mark.
    Mark(usize),
}

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
/// is given a square of half side [`OWN`] where it is, cut out of the places
/// around it.
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
    /// The place each cell belongs to (`None`: to none), the places disjoint.
    owner: Vec<Option<Place>>,
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

/// The places of `tile`, for a tile `size` units wide; `wanted` says which
/// segments and marks are places (the others' cells go to what is drawn
/// under them, and a mark that is no place cuts nothing out).
pub fn places(tile: &TileKind, size: u32, wanted: impl Fn(Place) -> bool) -> Places {
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
    let owner = labels
        .lab
        .iter()
        .map(|&l| (usize::from(l) < MAX_SEGMENTS).then_some(Place::Segment(usize::from(l))))
        .collect();
    let mut places = Places {
        labels,
        owner,
        symbols,
        badges,
        marks,
        ports,
        size,
    };
    places.claim(tile, &wanted);
    places
}

/// Whether a spot is a monastery's, garden's or hut's plot (its own place).
fn is_plot(scene: &Scene, p: Pt) -> bool {
    scene.plots.iter().any(|&(_, q)| dist(p, q) < 1e-4)
}

impl Places {
    /// Gives the cells of what is drawn over the landscape to the wanted
    /// places it draws, cut out of the places beneath: a square to each
    /// segment with too little room to stand on (or none: not drawn), then
    /// each mark's symbol.
    fn claim(&mut self, tile: &TileKind, wanted: &impl Fn(Place) -> bool) {
        let side = self.labels.side() as f32;
        let all = (0..tile.segments.len()).map(Place::Segment);
        for place in all.filter(|&p| wanted(p)) {
            let mask = self.mask(place);
            let cramped = self.point(&mask).is_none_or(|p| p.1 < STAND * side);
            if cramped {
                let centre = self.centre(&mask).unwrap_or_else(|| unpainted(place));
                self.take(place, |p| {
                    (p.0 - centre.0).abs().max((p.1 - centre.1).abs()) <= OWN
                });
            }
        }
        for k in (0..self.marks.len()).filter(|&k| wanted(Place::Mark(k))) {
            if let Some((c, r)) = self.marks[k] {
                self.take(Place::Mark(k), |p| dist(p, c) <= r);
            }
        }
    }

    /// Gives `place` every cell whose centre `inside` holds.
    fn take(&mut self, place: Place, inside: impl Fn(Pt) -> bool) {
        for i in 0..self.owner.len() {
            if inside(self.labels.point(i)) {
                self.owner[i] = Some(place);
            }
        }
    }

    /// The cells of `place`.
    fn mask(&self, place: Place) -> Vec<bool> {
        self.owner.iter().map(|&o| o == Some(place)).collect()
    }

    /// The centre of mass of `mask`, kept [`OWN`] twice off the tile's border
    /// (`None` for no cell).
    fn centre(&self, mask: &[bool]) -> Option<Pt> {
        let cells = || (0..mask.len()).filter(|&i| mask[i]);
        let n = cells().count() as f32;
        let mean = |axis: fn(Pt) -> f32| {
            let sum: f32 = cells().map(|i| axis(self.labels.point(i))).sum();
            (sum / n).clamp(2.0 * OWN, 1.0 - 2.0 * OWN)
        };
        (n > 0.0).then(|| (mean(|p| p.0), mean(|p| p.1)))
    }

    /// Segment `seg`'s area, less what is cut out of it (`None` when it has
    /// no cell: not drawn and not wanted as a place).
    pub fn segment(&self, seg: usize) -> Option<Area> {
        self.area(&self.mask(Place::Segment(seg)))
    }

    /// The part of segment `seg` nearer the middle of `edge` than of any other
    /// edge of the segment: what an engine that splits a road at a tunnel
    /// calls the road at that edge.
    pub fn segment_part(&self, seg: usize, edge: usize) -> Option<Area> {
        let place = Some(Place::Segment(seg));
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
        let cells = (0..self.owner.len())
            .map(|i| self.owner[i] == place && nearest(self.labels.point(i)) == edge);
        self.area(&cells.collect::<Vec<_>>())
    }

    /// The symbol of the tile's `k`th mark (`None` for one drawn as the whole
    /// tile, or not wanted as a place).
    pub fn mark(&self, k: usize) -> Option<Area> {
        self.area(&self.mask(Place::Mark(k)))
    }

    fn area(&self, mask: &[bool]) -> Option<Area> {
        let whole = self.point(mask)?;
        let side = self.labels.side() as f32;
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

/// Where the square of a segment goes when the preview does not paint it (an
/// enclosed field inside a city of four edges): along the diagonal, by index.
fn unpainted(place: Place) -> Pt {
    let (Place::Segment(n) | Place::Mark(n)) = place;
    let at = 0.3 + (n as f32 * 2.5 * OWN) % 0.4;
    (at, at)
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
