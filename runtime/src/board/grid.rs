//! The board's squares: a growable dense array around the origin, plus the
//! frontier (empty squares next to a placed tile) with what each one asks of a
//! tile's edges.
//!
//! The array keeps a margin of two empty squares around every placed tile, so that
//! neighbours and neighbours-of-neighbours of anything placed are always in range;
//! when a placement comes closer to the border the array doubles.

use crate::catalog::TABLE;
use crate::edge_code::{DEMAND_TABLE, SLOT};
use crate::geom::Pos;
use std::hint::select_unpredictable;

const MARGIN: i32 = 2;

/// What an empty square asks of a tile placed there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cell {
    /// The packed edge codes its neighbours ask for (`0xF` per free side).
    pub need: u16,
    /// Sides (bit per direction) with a placed neighbour.
    pub sides: u8,
}

/// One square of the array; all zero is a blank square.
#[derive(Clone, Copy, Debug, Default)]
struct Square {
    /// Placed-tile index + 1; 0 for an empty square.
    tile: u16,
    /// For an empty square: its demand index (see `edge_code::demand`).
    code: u16,
    /// Frontier index + 1; 0 when not on the frontier.
    front: u16,
    /// Bits 0..4: sides with a placed neighbour (kept for placed squares
    /// too: the surround triggers read it). Bits 4..8: the arrows of placed
    /// tiles pointing at this square while it was empty ([`Grid::point`]),
    /// as `arrow_bit` gives them (20th Anniversary): a tile placed here
    /// activates them without a look at its neighbours.
    sides: u8,
    /// Watched figures (see [`Grid::watch`]) standing on this square or one
    /// orthogonally next to it: a placement here can leave them surrounded.
    watch: u8,
}

/// What the river rules ask of an empty square and its neighbours
/// ([`Grid::river_view`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RiverView {
    /// What the square asks for (packed, as [`Cell::need`]).
    pub need: u16,
    /// The placed-tile index + 1 beyond each side (N, E, S, W; 0 = none).
    pub around: [u16; 4],
    /// Sides (bit per direction) whose square beyond is empty and asks for a
    /// river edge: another branch of the river heads into it.
    pub asks: u8,
}

/// The sides (bit per direction) where a packed demand asks for a river edge:
/// its nibble is exactly the river's code (`ANY` asks for anything).
#[inline(always)]
pub(crate) const fn river_sides(need: u16) -> u8 {
    let others = need | need >> 1 | need >> 2;
    let m = need >> 3 & !others & 0x1111;
    ((m | m >> 3 | m >> 6 | m >> 9) & 0xF) as u8
}

/// Whether a packed demand asks for a river edge on some side.
#[inline(always)]
const fn asks_river(need: u16) -> bool {
    river_sides(need) != 0
}

/// The bits of [`Square::sides`] that are sides.
const SIDES: u8 = 0xF;

/// A fit-table slot that no kind fits (no demand maps to it, see
/// `edge_code::SLOT`): the frontier's codes are padded with it to whole blocks.
pub(crate) const PAD: u16 = (TABLE - 1) as u16;

/// Frontier squares per block of counts (see `Game::count_drawn`): small enough
/// that a block scans quickly, large enough that few blocks are summed.
pub(crate) const BLOCK: usize = 8;

/// The squares around the origin, and the frontier.
///
/// The frontier lives in fixed slots: `spots[..len]` and `codes[..len]`, with
/// room for a whole block and four more squares beyond `len` at all times, and
/// `PAD` in every code slot from `len` on. Placing a tile then writes each
/// neighbour's slot without asking first whether it is new, occupied or already
/// on the frontier: on a random board those branches are coin tosses, and
/// mispredicted branches cost more than the work here.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    w: i32,
    h: i32,
    ox: i32,
    oy: i32,
    squares: Vec<Square>,
    /// Empty squares next to a placed tile, in a deterministic order (`..len`).
    spots: Vec<Pos>,
    /// The table slot (`edge_code::SLOT`) of each frontier square's demand
    /// index, in frontier order; `PAD` from `len` on.
    codes: Vec<u16>,
    /// Number of frontier squares.
    len: usize,
}

impl Grid {
    pub fn new() -> Grid {
        let (w, h) = (24, 24);
        let n = (w * h) as usize;
        let slots = 128;
        Grid {
            w,
            h,
            ox: w / 2,
            oy: h / 2,
            squares: vec![Square::default(); n],
            spots: vec![Pos::new(0, 0); slots],
            codes: vec![PAD; slots],
            len: 0,
        }
    }

    /// Empty squares next to a placed tile, in a deterministic order.
    pub fn frontier(&self) -> &[Pos] {
        &self.spots[..self.len]
    }

    /// The table slot of each frontier square's demand, in frontier order.
    pub fn codes(&self) -> &[u16] {
        &self.codes[..self.len]
    }

    /// [`Grid::codes`] padded with `PAD` to a whole number of blocks.
    pub fn padded_codes(&self) -> &[u16] {
        &self.codes[..self.len.next_multiple_of(BLOCK)]
    }

    /// Empties the board whose placed tiles stand at `tiles`, keeping the array
    /// (however far it grew) and the frontier's slots. Only the tiles' squares
    /// and the frontier are non-blank, so only they are cleared.
    pub fn clear(&mut self, tiles: impl Iterator<Item = Pos>) {
        let Grid {
            w,
            ox,
            oy,
            squares,
            spots,
            codes,
            len,
            ..
        } = self;
        // Blanking a square twice, or one that is blank already, is harmless.
        let mut blank = |p: Pos| {
            let i = i32::from(p.x) + *ox + (i32::from(p.y) + *oy) * *w;
            if let Some(sq) = usize::try_from(i).ok().and_then(|i| squares.get_mut(i)) {
                *sq = Square::default();
            }
        };
        tiles.for_each(&mut blank);
        spots[..*len].iter().copied().for_each(blank);
        codes[..*len].fill(PAD);
        *len = 0;
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let (x, y) = (i32::from(p.x) + self.ox, i32::from(p.y) + self.oy);
        ((0..self.w).contains(&x) && (0..self.h).contains(&y)).then(|| (x + y * self.w) as usize)
    }

    /// What the empty square at `p` asks for (anything, outside the array).
    pub fn cell(&self, p: Pos) -> Cell {
        match self.index(p) {
            Some(i) => Cell {
                need: DEMAND_TABLE
                    .get(usize::from(self.squares[i].code))
                    .copied()
                    .unwrap_or(0xFFFF),
                sides: self.squares[i].sides & SIDES,
            },
            None => Cell {
                need: 0xFFFF,
                sides: 0,
            },
        }
    }

    /// What the river rules ask of the empty square `p` and its four
    /// neighbours ([`RiverView`]): read straight from the array when `p` is a
    /// square in from its border (every frontier square is), else square by
    /// square.
    pub fn river_view(&self, p: Pos) -> RiverView {
        let need_of = |sq: Square| {
            let need = DEMAND_TABLE.get(usize::from(sq.code)).copied();
            need.unwrap_or(0xFFFF)
        };
        let mut view = RiverView {
            need: 0xFFFF,
            around: [0; 4],
            asks: 0,
        };
        let (x, y) = (i32::from(p.x) + self.ox, i32::from(p.y) + self.oy);
        if (1..self.w - 1).contains(&x) && (1..self.h - 1).contains(&y) {
            let (i, w) = ((x + y * self.w) as usize, self.w as usize);
            view.need = need_of(self.squares[i]);
            for (d, j) in [i - w, i + 1, i + w, i - 1].into_iter().enumerate() {
                let sq = self.squares[j];
                view.around[d] = sq.tile;
                view.asks |= u8::from(sq.tile == 0 && asks_river(need_of(sq))) << d;
            }
            return view;
        }
        self.river_view_by_lookups(p)
    }

    /// [`Grid::river_view`] square by square (any `p`, however far out).
    fn river_view_by_lookups(&self, p: Pos) -> RiverView {
        let mut view = RiverView {
            need: self.cell(p).need,
            around: [0; 4],
            asks: 0,
        };
        for d in 0..4 {
            let q = p.step(d);
            let tile = self.tile(q).map_or(0, |t| t + 1);
            view.around[d] = tile;
            view.asks |= u8::from(tile == 0 && asks_river(self.cell(q).need)) << d;
        }
        view
    }

    /// The placed-tile index at `p`.
    pub fn tile(&self, p: Pos) -> Option<u16> {
        let t = self.squares[self.index(p)?].tile;
        t.checked_sub(1)
    }

    /// Puts placed tile `tile` at the empty square `p`; `adds` is what its edges
    /// add to the demand index of the square beyond each side
    /// (`edge_code::demand_adds`). Returns the placed-tile index + 1 of its
    /// neighbours (N, E, S, W; 0 = none).
    #[inline(always)]
    pub fn put(&mut self, p: Pos, tile: u16, adds: [u16; 4]) -> [u16; 4] {
        let mut around = [0; 4];
        let i = match self.inner_index(p) {
            Some(i) => i,
            None => {
                self.ensure_margin(p);
                match self.inner_index(p) {
                    Some(i) => i,
                    None => return around, // past any real board: the array could not grow
                }
            }
        };
        self.remove_frontier(i);
        if self.codes.len() < self.len + BLOCK + 4 {
            self.grow_slots();
        }
        self.squares[i].tile = tile + 1;
        let w = self.w as usize;
        // In range: `i` is at least MARGIN squares from every border.
        let steps = [i - w, i + 1, i + w, i - 1];
        for (d, (&j, &add)) in steps.iter().zip(&adds).enumerate() {
            let Some(sq) = self.squares.get_mut(j) else {
                continue;
            };
            // Written without branches (see the type's note): an occupied square
            // (`keep` 0) keeps its code and only learns of its new neighbour,
            // and its slot write lands past the frontier's end, where it is
            // harmless.
            around[d] = sq.tile;
            let empty = sq.tile == 0;
            let keep = u16::from(empty).wrapping_neg();
            sq.sides |= 1 << ((d + 2) & 3);
            sq.code += add & keep;
            let front = usize::from(sq.front);
            let slot = select_unpredictable(front == 0, self.len, front.wrapping_sub(1));
            if let (Some(s), Some(c)) = (self.spots.get_mut(slot), self.codes.get_mut(slot)) {
                *s = p.step(d);
                let table = SLOT[usize::from(sq.code) & (TABLE - 1)];
                *c = select_unpredictable(empty, table, PAD);
            }
            sq.front = (slot as u16 + 1) & keep;
            self.len += usize::from(empty & (front == 0));
        }
        around
    }

    /// Notes arrows `arrows` (arrow-kind bits, below 16) of a placed tile
    /// pointing at the empty square `p`.
    pub fn point(&mut self, p: Pos, arrows: u8) {
        if let Some(i) = self.index(p) {
            self.squares[i].sides |= arrows << 4;
        }
    }

    /// The arrows ([`Grid::point`]) of placed tiles pointing at `p`.
    pub fn pointing_at(&self, p: Pos) -> u8 {
        self.index(p).map_or(0, |i| self.squares[i].sides >> 4)
    }

    /// Filled squares among the eight around `p`, if `p` is inside the margin
    /// (every placed tile is).
    pub fn filled_around(&self, p: Pos) -> Option<u32> {
        let i = self.inner_index(p)?;
        let w = self.w as usize;
        let around = [
            i - w - 1,
            i - w,
            i - w + 1,
            i - 1,
            i + 1,
            i + w - 1,
            i + w,
            i + w + 1,
        ];
        let filled = around
            .iter()
            .filter(|&&j| self.squares.get(j).is_some_and(|s| s.tile != 0));
        Some(filled.count() as u32)
    }

    /// Which of the placed square `p` (bit 4) and its four orthogonal
    /// neighbours (bit `d` for the one beyond side `d`) are placed and have all
    /// four orthogonal neighbours filled; `None` if `p` is not inside the margin.
    /// Five squares' `sides`: the surround triggers ask this each turn.
    pub fn surrounded_near(&self, p: Pos) -> Option<u8> {
        let i = self.inner_index(p)?;
        let w = self.w as usize;
        let closed = |j: usize| {
            let sq = self.squares.get(j).copied().unwrap_or_default();
            // `&`, not `&&`: whether a square is filled is a coin toss, and a
            // branch on it was a tenth of an all-sets game's mispredictions.
            u8::from(sq.tile != 0) & u8::from(sq.sides & SIDES == SIDES)
        };
        // In range: `i` is at least MARGIN squares from every border.
        let mask = closed(i - w) | closed(i + 1) << 1 | closed(i + w) << 2 | closed(i - 1) << 3;
        Some(mask | closed(i) << 4)
    }

    /// Counts a watched figure (a mayor or a standing scarecrow, which a
    /// surround triggers) coming to stand on the placed square `p` (`on`) or
    /// leaving it, on `p` and its four neighbours: the squares whose
    /// placement can leave it surrounded.
    pub fn watch(&mut self, p: Pos, on: bool) {
        let Some(i) = self.inner_index(p) else {
            return;
        };
        let w = self.w as usize;
        for j in [i - w, i - 1, i, i + 1, i + w] {
            let watch = &mut self.squares[j].watch;
            *watch = if on {
                watch.wrapping_add(1)
            } else {
                watch.wrapping_sub(1)
            };
        }
    }

    /// Whether a watched figure stands on `p` or orthogonally next to it
    /// (see [`Grid::watch`]): only then can placing a tile on `p` leave one
    /// surrounded.
    pub fn watched_near(&self, p: Pos) -> bool {
        self.inner_index(p)
            .is_some_and(|i| self.squares[i].watch != 0)
    }

    /// [`Grid::watch`]'s count at `p` (for the turn's consistency checks).
    pub fn watched_count(&self, p: Pos) -> Option<usize> {
        self.inner_index(p)
            .map(|i| usize::from(self.squares[i].watch))
    }

    /// The index of `p` if it is at least `MARGIN` squares inside the array.
    fn inner_index(&self, p: Pos) -> Option<usize> {
        let (x, y) = (i32::from(p.x) + self.ox, i32::from(p.y) + self.oy);
        let inside =
            (MARGIN..self.w - MARGIN).contains(&x) && (MARGIN..self.h - MARGIN).contains(&y);
        inside.then(|| (x + y * self.w) as usize)
    }

    /// Takes the square at array index `i` off the frontier (the last frontier
    /// square moves into its slot).
    #[inline(always)]
    fn remove_frontier(&mut self, i: usize) {
        let Some(k) = self.squares[i].front.checked_sub(1) else {
            return;
        };
        let (k, last) = (usize::from(k), self.len - 1);
        self.spots[k] = self.spots[last];
        self.codes[k] = self.codes[last];
        self.codes[last] = PAD;
        self.len = last;
        // When `k` was the last slot the square moved onto itself: its mark is
        // cleared just below.
        if let Some(j) = self.index(self.spots[k]) {
            self.squares[j].front = k as u16 + 1;
        }
        self.squares[i].front = 0;
    }

    /// Doubles the frontier's slots (see the type's note on their room).
    #[cold]
    #[inline(never)]
    fn grow_slots(&mut self) {
        let slots = 2 * self.codes.len();
        self.codes.resize(slots, PAD);
        self.spots.resize(slots, Pos::new(0, 0));
    }

    /// Grows the array until `p` is inside its margin (or it cannot grow).
    #[cold]
    #[inline(never)]
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
        let w = if wide { self.w * 2 } else { self.w };
        let h = if high { self.h * 2 } else { self.h };
        let (dx, dy) = ((w - self.w) / 2, (h - self.h) / 2);
        let (old_w, old_h) = (self.w, self.h);
        self.squares = regrid(&self.squares, old_w, old_h, w, h, dx, dy);
        self.ox += dx;
        self.oy += dy;
        self.w = w;
        self.h = h;
        true
    }
}

/// Copies a `w0 × h0` array into a zeroed `w × h` one, shifted by `(dx, dy)`.
fn regrid<T: Copy + Default>(
    old: &[T],
    w0: i32,
    h0: i32,
    w: i32,
    h: i32,
    dx: i32,
    dy: i32,
) -> Vec<T> {
    let mut out = vec![T::default(); (w * h) as usize];
    let row = w0 as usize;
    for y in 0..h0 {
        let from = (y * w0) as usize;
        let to = (dx + (y + dy) * w) as usize;
        out[to..to + row].copy_from_slice(&old[from..from + row]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge_code::demand_adds;

    #[test]
    fn frontier_follows_placements_and_grows_the_array() {
        let mut g = Grid::new();
        g.put(Pos::new(0, 0), 0, demand_adds(0x1111));
        assert_eq!(g.frontier().len(), 4);
        // Far enough for the array and the frontier's slots to grow.
        for x in 1..80 {
            g.put(Pos::new(x, 0), x as u16, demand_adds(0x1111));
        }
        assert_eq!(g.tile(Pos::new(79, 0)), Some(79));
        assert_eq!(g.frontier().len(), 80 * 2 + 2);
        assert!(g.codes.len() > 128, "the slots grew");
        assert_eq!(g.codes().len(), g.frontier().len());
        assert!(g.codes[g.len..].iter().all(|&c| c == PAD));
        assert_eq!(g.padded_codes().len(), 168);
        let c = g.cell(Pos::new(80, 0));
        assert_eq!(c.sides, 1 << 3);
        assert_eq!(c.need, 0x1FFF);
        // The square below a tile holds the table slot of what it asks for.
        let i = g.index(Pos::new(40, 1)).unwrap();
        let k = usize::from(g.squares[i].front) - 1;
        assert_eq!(g.codes()[k], SLOT[usize::from(g.squares[i].code)]);
        assert!(g.frontier().iter().all(|&p| g.tile(p).is_none()));
        // Every frontier square knows its slot.
        for (k, &p) in g.frontier().iter().enumerate() {
            let i = g.index(p).unwrap();
            assert_eq!(usize::from(g.squares[i].front), k + 1);
        }
        let grown = g.squares.len();
        g.clear((0..80).map(|x| Pos::new(x, 0)));
        assert!(g.frontier().is_empty() && g.codes().is_empty());
        assert!(g.codes.iter().all(|&c| c == PAD));
        assert_eq!(g.squares.len(), grown);
        assert!(g
            .squares
            .iter()
            .all(|s| (s.tile, s.code, s.front, s.sides, s.watch) == (0, 0, 0, 0, 0)));
    }

    /// Arrows pointing at a square are kept beside its sides: they survive
    /// the array's growth and a placement there, and leave the sides (what a
    /// cell reports, what surrounds a square) as they were.
    #[test]
    fn arrows_pointing_at_a_square_leave_its_sides_alone() {
        let mut g = Grid::new();
        g.put(Pos::new(0, 0), 0, demand_adds(0x1111));
        let target = Pos::new(1, 0);
        g.point(target, 0b010);
        g.point(target, 0b100);
        assert_eq!(g.pointing_at(target), 0b110);
        assert_eq!(g.pointing_at(Pos::new(-1, 0)), 0);
        assert_eq!(g.cell(target).sides, 1 << 3);
        // Far enough for the array to grow (it is laid out anew).
        for x in 1..40 {
            g.put(Pos::new(x, 1), x as u16, demand_adds(0x1111));
        }
        assert_eq!(g.pointing_at(target), 0b110);
        assert_eq!(g.cell(target).sides, 1 << 3 | 1 << 2);
        // Surrounded once all four neighbours are down.
        g.put(target, 40, demand_adds(0x1111));
        for (k, p) in [(1, -1), (2, 0)].into_iter().enumerate() {
            g.put(Pos::new(p.0, p.1), 41 + k as u16, demand_adds(0x1111));
        }
        assert_eq!(g.pointing_at(target), 0b110);
        assert_eq!(g.surrounded_near(target).map(|m| m & 1 << 4), Some(1 << 4));
        assert_eq!(g.pointing_at(Pos::new(10_000, 0)), 0, "outside the array");
    }

    /// Exactly the river's code on a side asks for a river (anything does not).
    #[test]
    fn river_sides_are_the_sides_asking_exactly_for_a_river() {
        use crate::edge_code::{demand, side, DEMANDS};
        for i in 0..DEMANDS {
            let need = demand(i);
            let by_side = (0..4).fold(0u8, |m, d| m | u8::from(side(need, d) == 8) << d);
            assert_eq!(river_sides(need), by_side, "demand {need:#06x}");
        }
        assert_eq!(river_sides(0xFFFF), 0);
    }

    /// The river's view of a square read from the array is the view by
    /// lookups, next to tiles and rivers and out at the array's edge.
    #[test]
    fn river_views_from_the_array_agree_with_lookups() {
        let mut g = Grid::new();
        // A river running east (river edges W and E), a field tile above it.
        let river = 0x8181; // N field, E river, S field, W river
        for x in 0..6 {
            g.put(Pos::new(x, 0), x as u16, demand_adds(river));
        }
        g.put(Pos::new(2, -1), 6, demand_adds(0x1111));
        // A second river end two squares beyond the first: its square ahead
        // asks for a river.
        g.put(Pos::new(8, 0), 7, demand_adds(river));
        let far = (g.w / 2 + 3) as i16;
        for x in -far..=far {
            for y in -far..=far {
                let p = Pos::new(x, y);
                let (a, b) = (g.river_view(p), g.river_view_by_lookups(p));
                assert_eq!(
                    (a.need, a.around, a.asks),
                    (b.need, b.around, b.asks),
                    "{p:?}"
                );
            }
        }
        let v = g.river_view(Pos::new(6, 0));
        assert_eq!(v.around, [0, 0, 0, 6]);
        assert_eq!(
            river_sides(v.need),
            1 << 3,
            "the river comes in from the west"
        );
        assert_eq!(v.asks, 1 << 1, "the square east asks for a river too");
    }

    /// A watched figure marks its square and the four beside it, not the
    /// diagonals; two figures count twice, and leaving unmarks.
    #[test]
    fn watch_marks_the_squares_a_placement_can_surround_from() {
        let mut g = Grid::new();
        g.put(Pos::new(0, 0), 0, demand_adds(0x1111));
        g.put(Pos::new(1, 0), 1, demand_adds(0x1111));
        let near = |g: &Grid| {
            (-2..=2)
                .flat_map(|x| (-2..=2).map(move |y| Pos::new(x, y)))
                .filter(|&p| g.watched_near(p))
                .collect::<Vec<_>>()
        };
        g.watch(Pos::new(0, 0), true);
        let cross = [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)].map(|(x, y)| Pos::new(x, y));
        assert_eq!(near(&g), cross);
        g.watch(Pos::new(1, 0), true);
        assert_eq!(g.watched_count(Pos::new(0, 0)), Some(2));
        assert_eq!(g.watched_count(Pos::new(1, 1)), Some(1));
        g.watch(Pos::new(0, 0), false);
        g.watch(Pos::new(1, 0), false);
        assert!(near(&g).is_empty());
    }

    /// The surround mask agrees with lookups on a 5 x 5 block filled in a
    /// scattered order, after every placement.
    #[test]
    fn surrounded_near_agrees_with_lookups() {
        let mut g = Grid::new();
        let order = (0..25).map(|k| (k * 7) % 25);
        for (placed, k) in order.enumerate() {
            let p = Pos::new(k % 5 - 2, k / 5 - 2);
            g.put(p, placed as u16, demand_adds(0x1111));
            let filled = |q: Pos| g.tile(q).is_some();
            let closed = |q: Pos| filled(q) && (0..4).all(|d| filled(q.step(d)));
            let mut want = u8::from(closed(p)) << 4;
            for d in 0..4 {
                want |= u8::from(closed(p.step(d))) << d;
            }
            assert_eq!(g.surrounded_near(p), Some(want), "{p}");
        }
    }
}
