//! The label map: for every (supersampled) pixel, the tile segment drawn there.
//! Features are rasterised into it first; the fields are then found as the
//! connected areas left over, so a field's picture is always bounded by the roads,
//! rivers and city walls actually drawn.

use super::canvas::{seg_dist, Pt};

/// A pixel nothing has claimed yet.
pub const FREE: u8 = 255;
/// A pixel covered by something that is no segment (a stone, a town hall).
pub const OBJ: u8 = 254;
/// Segments numbered at or above this are not drawn (labels are bytes).
pub const MAX_SEGMENTS: usize = 250;

/// Segment labels per pixel, plus which road pixels are bridges.
pub struct Labels {
    side: u32,
    /// Row-major labels.
    pub lab: Vec<u8>,
    /// Road pixels drawn over a river.
    pub bridge: Vec<bool>,
}

impl Labels {
    /// An all-free map of `side` × `side` pixels.
    pub fn new(side: u32) -> Labels {
        let n = (side * side) as usize;
        Labels {
            side,
            lab: vec![FREE; n],
            bridge: vec![false; n],
        }
    }

    /// Side length in pixels.
    pub fn side(&self) -> u32 {
        self.side
    }

    /// The unit-coordinate centre of pixel `i`.
    pub fn point(&self, i: usize) -> Pt {
        let s = self.side as usize;
        let f = self.side as f32;
        (((i % s) as f32 + 0.5) / f, ((i / s) as f32 + 0.5) / f)
    }

    /// The label at `p`, or [`OBJ`] outside the tile.
    pub fn at(&self, p: Pt) -> u8 {
        let f = self.side as f32;
        if !(0.0..1.0).contains(&p.0) || !(0.0..1.0).contains(&p.1) {
            return OBJ;
        }
        let (x, y) = ((p.0 * f) as usize, (p.1 * f) as usize);
        self.lab[y * self.side as usize + x]
    }

    /// Sets every free pixel where `inside` holds to `label`.
    pub fn fill(&mut self, label: u8, inside: impl Fn(Pt) -> bool) {
        for i in 0..self.lab.len() {
            if self.lab[i] == FREE && inside(self.point(i)) {
                self.lab[i] = label;
            }
        }
    }

    fn paint_box(
        &mut self,
        lo: Pt,
        hi: Pt,
        label: u8,
        over: &dyn Fn(u8) -> bool,
        inside: &dyn Fn(Pt) -> bool,
    ) {
        let f = self.side as f32;
        let clamp = |v: f32| (v * f).clamp(0.0, f) as usize;
        let s = self.side as usize;
        for y in clamp(lo.1)..clamp(hi.1).min(s) {
            for x in clamp(lo.0)..clamp(hi.0).min(s) {
                let i = y * s + x;
                let old = self.lab[i];
                if (old == FREE || over(old)) && inside(self.point(i)) {
                    if old != FREE && old != label && over(old) {
                        self.bridge[i] = true;
                    }
                    self.lab[i] = label;
                }
            }
        }
    }

    /// Draws a thick polyline of half-width `half` with `label` over free pixels and
    /// over pixels for which `over` holds (those become bridge pixels).
    pub fn stroke(&mut self, path: &[Pt], half: f32, label: u8, over: &dyn Fn(u8) -> bool) {
        for w in path.windows(2) {
            let (a, b) = (w[0], w[1]);
            let lo = (a.0.min(b.0) - half, a.1.min(b.1) - half);
            let hi = (a.0.max(b.0) + half, a.1.max(b.1) + half);
            self.paint_box(lo, hi, label, over, &|p| seg_dist(p, a, b) <= half);
        }
    }

    /// Claims the free pixels of a disc.
    pub fn disc(&mut self, c: Pt, r: f32, label: u8) {
        let inside = |p: Pt| super::canvas::dist(p, c) <= r;
        self.paint_box(
            (c.0 - r, c.1 - r),
            (c.0 + r, c.1 + r),
            label,
            &|_| false,
            &inside,
        );
    }

    /// The 4-neighbours of pixel `i` inside the map.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let s = self.side as usize;
        let (x, y) = (i % s, i / s);
        let mut out = [usize::MAX; 4];
        if x > 0 {
            out[0] = i - 1;
        }
        if x + 1 < s {
            out[1] = i + 1;
        }
        if y > 0 {
            out[2] = i - s;
        }
        if y + 1 < s {
            out[3] = i + s;
        }
        out.into_iter().filter(|&j| j != usize::MAX)
    }

    /// Whether pixel `i` lies on the tile border.
    pub fn on_border(&self, i: usize) -> bool {
        let s = self.side as usize;
        let (x, y) = (i % s, i / s);
        x == 0 || y == 0 || x + 1 == s || y + 1 == s
    }

    /// For each pixel, the chamfer distance (in pixels, 3-4 chamfer, capped at
    /// about 80) to the nearest pixel with a different label: what walls, road
    /// kerbs and river banks are drawn from. The tile's own border is no
    /// boundary here (a wall runs along a city's inner edge, not the tile's).
    pub fn boundary_distance(&self) -> Vec<f32> {
        let s = self.side as usize;
        let lab = &self.lab;
        let differs = |i: usize, j: usize| lab[i] != lab[j];
        chamfer(s, |i| self.neighbours(i).any(|j| differs(i, j)))
    }

    /// For each pixel of `mask`, the chamfer distance (in pixels) to the
    /// nearest pixel outside it, the tile's border counting as outside: how far
    /// a figure standing there is from the area's edge and from the tile's.
    /// Pixels outside the mask are 0.
    pub fn inside_distance(&self, mask: &[bool]) -> Vec<f32> {
        let s = self.side as usize;
        chamfer(s, |i| {
            !mask[i] || self.on_border(i) || self.neighbours(i).any(|j| !mask[j])
        })
    }
}

/// The 3-4 chamfer distance transform of a `side` × `side` grid from the
/// pixels where `seed` holds (distance 0), in pixels (capped at about 80).
fn chamfer(s: usize, seed: impl Fn(usize) -> bool) -> Vec<f32> {
    let mut d: Vec<u8> = (0..s * s)
        .map(|i| if seed(i) { 0 } else { u8::MAX })
        .collect();
    let relax = |v: u8, o: u8, w: u8| v.min(o.saturating_add(w));
    for y in 0..s {
        for x in 0..s {
            let i = y * s + x;
            let mut v = d[i];
            if x > 0 {
                v = relax(v, d[i - 1], 3);
            }
            if y > 0 {
                v = relax(v, d[i - s], 3);
                if x > 0 {
                    v = relax(v, d[i - s - 1], 4);
                }
                if x + 1 < s {
                    v = relax(v, d[i - s + 1], 4);
                }
            }
            d[i] = v;
        }
    }
    for y in (0..s).rev() {
        for x in (0..s).rev() {
            let i = y * s + x;
            let mut v = d[i];
            if x + 1 < s {
                v = relax(v, d[i + 1], 3);
            }
            if y + 1 < s {
                v = relax(v, d[i + s], 3);
                if x + 1 < s {
                    v = relax(v, d[i + s + 1], 4);
                }
                if x > 0 {
                    v = relax(v, d[i + s - 1], 4);
                }
            }
            d[i] = v;
        }
    }
    d.into_iter().map(|v| f32::from(v) / 3.0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tiles_border_is_an_edge_for_a_figure_not_for_a_wall() {
        let labels = Labels::new(9);
        let inside = labels.inside_distance(&[true; 81]);
        assert_eq!(inside[0], 0.0, "a corner has no room");
        assert_eq!(inside[4 * 9 + 4], 4.0, "the middle is 4 from every border");
        assert_eq!(inside[4 * 9 + 1], 1.0);
        // One label everywhere: no wall anywhere, however near the border.
        assert!(labels.boundary_distance().iter().all(|&d| d > 80.0));
    }
}
