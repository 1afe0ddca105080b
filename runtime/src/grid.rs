//! The board's squares: a growable dense array around the origin, plus the
//! frontier (empty squares next to a placed tile) with what each one asks of a
//! tile's edges.
//!
//! The array keeps a margin of two empty squares around every placed tile, so that
//! neighbours and neighbours-of-neighbours of anything placed are always in range;
//! when a placement comes closer to the border the array doubles.

use crate::edge_code::{side, ANY};
use crate::geom::Pos;

const EMPTY: u16 = u16::MAX;
const NOT_FRONTIER: u16 = u16::MAX;
const MARGIN: i32 = 2;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Cell {
    /// Placed-tile index, or `EMPTY`.
    pub tile: u16,
    /// For an empty square: the packed edge codes its neighbours ask for.
    pub need: u16,
    /// For an empty square: sides (bit per direction) with a placed neighbour.
    pub sides: u8,
    frontier: u16,
}

const BLANK: Cell = Cell {
    tile: EMPTY,
    need: 0xFFFF,
    sides: 0,
    frontier: NOT_FRONTIER,
};

#[derive(Clone, Debug)]
pub(crate) struct Grid {
    w: i32,
    h: i32,
    ox: i32,
    oy: i32,
    cells: Vec<Cell>,
    /// Empty squares next to a placed tile, in a deterministic order.
    pub frontier: Vec<Pos>,
}

impl Grid {
    pub fn new() -> Grid {
        let (w, h) = (16, 16);
        Grid {
            w,
            h,
            ox: 8,
            oy: 8,
            cells: vec![BLANK; 256],
            frontier: Vec::with_capacity(64),
        }
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let (x, y) = (i32::from(p.x) + self.ox, i32::from(p.y) + self.oy);
        ((0..self.w).contains(&x) && (0..self.h).contains(&y)).then(|| (x + y * self.w) as usize)
    }

    /// The square at `p` (a blank one outside the array).
    pub fn cell(&self, p: Pos) -> Cell {
        self.index(p).map_or(BLANK, |i| self.cells[i])
    }

    /// The placed-tile index at `p`.
    pub fn tile(&self, p: Pos) -> Option<u16> {
        Some(self.cell(p).tile).filter(|&t| t != EMPTY)
    }

    /// Puts placed tile `tile` with packed edges `sig` at the empty square `p`.
    pub fn put(&mut self, p: Pos, tile: u16, sig: u16) {
        self.ensure_margin(p);
        let Some(i) = self.index(p) else { return };
        self.remove_frontier(i);
        self.cells[i].tile = tile;
        for d in 0..4 {
            let q = p.step(d);
            let Some(j) = self.index(q) else { continue };
            if self.cells[j].tile != EMPTY {
                continue;
            }
            let opp = (d + 2) % 4;
            let c = &mut self.cells[j];
            c.need = (c.need & !(ANY << (4 * opp))) | (side(sig, d) << (4 * opp));
            c.sides |= 1 << opp;
            if c.frontier == NOT_FRONTIER {
                c.frontier = self.frontier.len() as u16;
                self.frontier.push(q);
            }
        }
    }

    fn remove_frontier(&mut self, i: usize) {
        let k = self.cells[i].frontier;
        if k == NOT_FRONTIER {
            return;
        }
        self.cells[i].frontier = NOT_FRONTIER;
        self.frontier.swap_remove(usize::from(k));
        if let Some(&moved) = self.frontier.get(usize::from(k)) {
            if let Some(j) = self.index(moved) {
                self.cells[j].frontier = k;
            }
        }
    }

    fn ensure_margin(&mut self, p: Pos) {
        loop {
            let (x, y) = (i32::from(p.x) + self.ox, i32::from(p.y) + self.oy);
            let wide = (MARGIN..self.w - MARGIN).contains(&x);
            let high = (MARGIN..self.h - MARGIN).contains(&y);
            if (wide && high) || !self.grow(!wide, !high) {
                return;
            }
        }
    }

    /// Doubles the array along the axes asked for, keeping the old contents
    /// centred. Returns false when it cannot grow (beyond any `i16` coordinate).
    fn grow(&mut self, wide: bool, high: bool) -> bool {
        if self.w > 1 << 16 || self.h > 1 << 16 {
            return false;
        }
        let (w, h) = (
            if wide { self.w * 2 } else { self.w },
            if high { self.h * 2 } else { self.h },
        );
        let (dx, dy) = ((w - self.w) / 2, (h - self.h) / 2);
        let mut cells = vec![BLANK; (w * h) as usize];
        let row = self.w as usize;
        for y in 0..self.h {
            let from = (y * self.w) as usize;
            let to = (dx + (y + dy) * w) as usize;
            cells[to..to + row].copy_from_slice(&self.cells[from..from + row]);
        }
        self.cells = cells;
        self.ox += dx;
        self.oy += dy;
        self.w = w;
        self.h = h;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frontier_follows_placements_and_grows_the_array() {
        let mut g = Grid::new();
        g.put(Pos::new(0, 0), 0, 0x1111);
        assert_eq!(g.frontier.len(), 4);
        for x in 1..40 {
            g.put(Pos::new(x, 0), x as u16, 0x1111);
        }
        assert_eq!(g.tile(Pos::new(39, 0)), Some(39));
        assert_eq!(g.frontier.len(), 40 * 2 + 2);
        let c = g.cell(Pos::new(40, 0));
        assert_eq!(c.sides, 1 << 3);
        assert_eq!(c.need, 0x1FFF);
        assert!(g.frontier.iter().all(|&p| g.tile(p).is_none()));
    }
}
