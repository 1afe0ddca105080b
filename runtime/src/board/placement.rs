//! Tile placement: which squares and rotations are legal for a kind, and why a
//! given one is not.
//!
//! Legality: the square is empty and touches a placed tile; every shared edge
//! matches ([`Edge::matches`](crate::Edge::matches)); a river tile continues the
//! river (one of its river edges meets the river), makes no U-turn, and sends
//! no branch of a forked river into a square another branch heads into.
//!
//! **U-turn ruling.** The River's rule forbids U-turns; Hans im Glück's answer (quoted
//! with the rules) is that only *immediate* U-turns are forbidden: a bend may not
//! follow a bend in the same direction on the very next tile, which would send the
//! river straight back alongside itself. Two bends the same way with a straight
//! tile between them are allowed. The same bend direction twice in a row is what
//! [`PlaceError::RiverUTurn`] reports.

use crate::catalog::{fit_count, fit_rotations, KindId, KindInfo, PileClass, FIT_COUNTS, TABLE};
use crate::edge_code::{code_edge, side};
use crate::game::{Game, Phase};
use crate::geom::{Pos, Rotation};
use crate::grid::{river_sides, RiverView, BLOCK};
use crate::tile::Edge;
use std::fmt;

/// Where and how a tile goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Placement {
    /// The square.
    pub pos: Pos,
    /// The rotation.
    pub rotation: Rotation,
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.pos, self.rotation)
    }
}

/// Why a placement is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum PlaceError {
    /// No tile is waiting to be placed.
    WrongPhase,
    /// The square already holds a tile.
    Occupied,
    /// The square touches no placed tile.
    NotAdjacent,
    /// An edge does not match its neighbour.
    EdgeMismatch {
        /// The side of the placed tile (0=N, 1=E, 2=S, 3=W).
        side: u8,
        /// What the tile shows there.
        tile: Edge,
        /// What the neighbour shows.
        neighbour: Edge,
    },
    /// A river tile must continue the river.
    RiverNotContinued,
    /// A river bend may not follow a bend in the same direction.
    RiverUTurn,
    /// Two branches of a forked river may not head into one square.
    RiverBranchesMeet,
    /// Abbey & Mayor: an abbey goes only on a square with tiles on all four
    /// sides.
    AbbeyNotInHole,
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::WrongPhase => f.write_str("no drawn tile is waiting to be placed"),
            PlaceError::Occupied => f.write_str("the square already holds a tile"),
            PlaceError::NotAdjacent => f.write_str("a tile must touch a placed tile"),
            PlaceError::EdgeMismatch {
                side,
                tile,
                neighbour,
            } => write!(
                f,
                "edges must match: the {} edge is {} but the neighbour shows {}",
                crate::tile::EDGE_NAMES[usize::from(*side & 3)],
                tile.name(),
                neighbour.name()
            ),
            PlaceError::RiverNotContinued => f.write_str("a river tile must continue the river"),
            PlaceError::RiverBranchesMeet => {
                f.write_str("two branches of the river may not head into one square")
            }
            PlaceError::RiverUTurn => {
                f.write_str("the river may not bend the same way twice in a row (no U-turn)")
            }
            PlaceError::AbbeyNotInHole => f.write_str(
                "an abbey goes only on an empty square with tiles on all four sides (abbey-hole)",
            ),
        }
    }
}

impl std::error::Error for PlaceError {}

/// One in every byte of a word.
const BYTES: u64 = 0x0101_0101_0101_0101;

/// The top bit of every byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// For each set of rotations (bit per rotation) and `n`: the `n`-th lowest
/// rotation in the set (a lookup: a loop of a random length mispredicts).
const NTH_ROTATION: [[u8; 4]; 16] = {
    let mut table = [[0; 4]; 16];
    let mut rots = 0;
    while rots < 16 {
        let (mut n, mut r) = (0, 0);
        while r < 4 {
            if rots & (1 << r) != 0 {
                table[rots][n] = r as u8;
                n += 1;
            }
            r += 1;
        }
        rots += 1;
    }
    table
};

/// The `n`-th placement of `squares` (frontier squares with their legal
/// rotations, bit per rotation, in listing order).
fn nth_of(squares: impl Iterator<Item = (Pos, u8)>, mut n: usize) -> Option<Placement> {
    for (pos, rots) in squares {
        let here = rots.count_ones() as usize;
        if n < here {
            let rotation = nth_rotation(rots, n);
            return Some(Placement { pos, rotation });
        }
        n -= here;
    }
    None
}

/// The `n`-th lowest rotation set in `rots`.
fn nth_rotation(rots: u8, n: usize) -> Rotation {
    Rotation::new(NTH_ROTATION[usize::from(rots & 0xF)][n & 3])
}

impl Game {
    /// Appends every legal placement of the drawn tile to `out` (one per distinct
    /// rotation; symmetric duplicates are left out). Nothing when no tile is drawn.
    pub fn legal_placements_into(&self, out: &mut Vec<Placement>) {
        if let Phase::Place(kind) = self.phase {
            self.list_for(kind, out);
        }
    }

    fn list_for(&self, kind: KindId, out: &mut Vec<Placement>) {
        self.each_legal_placement(kind, |p| out.push(p));
    }

    /// Calls `f` with every legal placement of `kind`, in listing order.
    #[inline]
    pub(crate) fn each_legal_placement(&self, kind: KindId, mut f: impl FnMut(Placement)) {
        // A plain loop: as fast as the listing can be (river kinds are counted
        // and picked without a list, by `river_squares`).
        let k = &self.cat.kinds[usize::from(kind)];
        if k.class == PileClass::Abbey {
            return self.abbey_squares().for_each(|pos| {
                f(Placement {
                    pos,
                    rotation: Rotation::R0,
                })
            });
        }
        let frontier = self
            .board
            .grid
            .frontier()
            .iter()
            .zip(self.board.grid.codes());
        for (&pos, &code) in frontier {
            let mut rots = fit_rotations(k.fit[usize::from(code) & (TABLE - 1)]);
            while rots != 0 {
                let r = rots.trailing_zeros() as u8;
                rots &= rots - 1;
                if !k.river || self.river_ok(kind, pos, r).is_ok() {
                    f(Placement {
                        pos,
                        rotation: Rotation::new(r),
                    });
                }
            }
        }
    }

    /// The rotations (bit per rotation) of river kind `kind` that are legal at
    /// the frontier square `pos`, whose entry in the kind's river table
    /// (`KindInfo::river_fit`: the rotations that continue the river) is
    /// `entry`: those that also obey the rest of the river rules (the
    /// square's neighbours read once for all of them).
    fn river_rotations(&self, kind: KindId, pos: Pos, entry: u8) -> u8 {
        let k = &self.cat.kinds[usize::from(kind)];
        let view = self.board.grid.river_view(pos);
        let rots = fit_rotations(entry);
        (0..4u8)
            .filter(|&r| rots & (1 << r) != 0 && self.river_rule(k, &view, r).is_ok())
            .fold(0, |m, r| m | 1 << r)
    }

    /// The frontier squares where river kind `kind` may continue the river,
    /// with their legal rotations, in frontier order. Only the river's open
    /// end asks for a river edge: every other square is passed over by one
    /// table lookup and a branch that is almost never taken.
    fn river_squares(&self, kind: KindId) -> impl Iterator<Item = (Pos, u8)> + '_ {
        let k = &self.cat.kinds[usize::from(kind)];
        let fit = k.river_fit.as_deref().unwrap_or(&k.fit);
        let frontier = self
            .board
            .grid
            .frontier()
            .iter()
            .zip(self.board.grid.codes());
        frontier.filter_map(move |(&pos, &code)| {
            let entry = fit[usize::from(code) & (TABLE - 1)];
            (entry != 0).then(|| (pos, self.river_rotations(kind, pos, entry)))
        })
    }

    /// [`Game::count_drawn`] for river kind `kind`: its squares, kept for
    /// [`Game::nth_river_placement`]. Out of line, as the river rules are: the
    /// base game's draw stays small.
    #[inline(never)]
    fn count_drawn_river(&mut self, kind: KindId) -> usize {
        self.scratch.blocks.clear();
        let mut squares = std::mem::take(&mut self.scratch.river);
        squares.clear();
        squares.extend(self.river_squares(kind));
        self.scratch.river = squares;
        let counts = self
            .scratch
            .river
            .iter()
            .map(|&(_, rots)| rots.count_ones());
        counts.sum::<u32>() as usize
    }

    /// The `n`-th legal placement of river kind `kind`, in listing order:
    /// from the squares [`Game::count_drawn_river`] kept when the tile was
    /// drawn at random, else by the river rules.
    #[inline(never)]
    fn nth_river_placement(&self, kind: KindId, n: usize) -> Option<Placement> {
        match self.drawn_count {
            Some(_) => nth_of(self.scratch.river.iter().copied(), n),
            None => nth_of(self.river_squares(kind), n),
        }
    }

    /// Number of legal placements of the drawn tile (as listed by
    /// [`Game::legal_placements_into`]).
    pub fn legal_placement_count(&self) -> usize {
        match self.phase {
            Phase::Place(kind) => self.drawn_count.unwrap_or_else(|| self.count_for(kind)),
            _ => 0,
        }
    }

    /// Legal placements `kind` would have now.
    pub(crate) fn count_for(&self, kind: KindId) -> usize {
        let k = &self.cat.kinds[usize::from(kind)];
        if k.river {
            let counts = self.river_squares(kind).map(|(_, rots)| rots.count_ones());
            return counts.sum::<u32>() as usize;
        }
        if k.class == PileClass::Abbey {
            return self.abbey_squares().count();
        }
        let fit = &*k.fit;
        let counts = self.board.grid.codes().iter();
        let total: u32 = counts
            .map(|&c| u32::from(fit_count(fit[usize::from(c) & (TABLE - 1)])))
            .sum();
        total as usize
    }

    /// Legal placements `kind` would have now, as [`Game::count_for`] counts
    /// them, also filling `blocks` (left empty for a river kind, which is listed).
    /// Inlined into the draw (as [`Game::draw_random`] is into its callers).
    #[inline(always)]
    pub(crate) fn count_drawn(&mut self, kind: KindId) -> usize {
        let k = &self.cat.kinds[usize::from(kind)];
        if k.river {
            return self.count_drawn_river(kind);
        }
        let fit = &*k.fit;
        let at = |c: u16| u64::from(fit[usize::from(c) & (TABLE - 1)]);
        let mut total = 0;
        // Padded to whole blocks with a code nothing fits: no remainder loop.
        let codes = self.board.grid.padded_codes();
        self.scratch.blocks.resize(codes.len() / BLOCK, (0, 0));
        for (block, chunk) in self
            .scratch
            .blocks
            .iter_mut()
            .zip(codes.chunks_exact(BLOCK))
        {
            // The squares' fit bytes as the bytes of one word; their counts
            // (at most 4 each) by one mask, and the counts' running totals (at
            // most 32) by one multiplication.
            let fits = chunk
                .iter()
                .enumerate()
                .fold(0, |word, (j, &c)| word | at(c) << (8 * j));
            let running = (fits & FIT_COUNTS).wrapping_mul(BYTES);
            *block = (running, fits);
            total += running >> 56;
        }
        total as usize
    }

    /// The `n`-th legal placement in [`Game::legal_placements_into`] order, without
    /// building the list (random players pick one this way).
    pub fn nth_legal_placement(&self, mut n: usize) -> Option<Placement> {
        let Phase::Place(kind) = self.phase else {
            return None;
        };
        let k = &self.cat.kinds[usize::from(kind)];
        if k.river {
            return self.nth_river_placement(kind, n);
        }
        let fit = &*k.fit;
        if self.drawn_count.is_some() && !self.scratch.blocks.is_empty() {
            // The block holding it, then the square within the block. Counts are
            // never negative, so the blocks (and squares) whose running total
            // stays at or below `n` are exactly those before it: counting them
            // finds it without a data-dependent branch, which on a random pick
            // would be mispredicted about once a scan.
            let (mut before, mut skipped, mut running) = (0usize, 0u64, 0u64);
            let n64 = n as u64;
            for &(word, _) in &self.scratch.blocks {
                let here = word >> 56;
                running += here;
                let past = u64::from(running <= n64);
                before += past as usize;
                skipped += here & past.wrapping_neg();
            }
            let n = n64 - skipped;
            let start = before * BLOCK;
            // Within the block, the same count on the bytes of its word of
            // running totals (`count_drawn`): a byte's top bit, once `n + 1` is
            // taken from it with the top bit forced on, says whether it is
            // above `n` (no borrow crosses bytes: both are below 128).
            let (word, fits) = *self.scratch.blocks.get(before)?;
            let above = ((word | HIGH) - (n + 1) * BYTES) & HIGH;
            let within = BLOCK - ((above >> 7).wrapping_mul(BYTES) >> 56) as usize;
            let shift = 8 * (within & (BLOCK - 1));
            let skipped = (word << 8) >> shift & 0xFF;
            let rots = fit_rotations((fits >> shift) as u8);
            let pos = *self.board.grid.frontier().get(start + within)?;
            let rotation = nth_rotation(rots, (n - skipped) as usize);
            return Some(Placement { pos, rotation });
        }
        if k.class == PileClass::Abbey {
            let pos = self.abbey_squares().nth(n)?;
            return Some(Placement {
                pos,
                rotation: Rotation::R0,
            });
        }
        // Scan from the nearer end: the total is known, so the n-th placement from
        // the front is the (total - 1 - n)-th from the back.
        let codes = self.board.grid.codes();
        let total = self.drawn_count.unwrap_or_else(|| self.count_for(kind));
        let (i, code, n) = if n < total / 2 {
            let mut i = 0;
            loop {
                let code = usize::from(*codes.get(i)?) & (TABLE - 1);
                let here = usize::from(fit_count(fit[code]));
                if n < here {
                    break (i, code, n);
                }
                n -= here;
                i += 1;
            }
        } else {
            let mut back = total.checked_sub(n + 1)?;
            let mut i = codes.len();
            loop {
                i = i.checked_sub(1)?;
                let code = usize::from(codes[i]) & (TABLE - 1);
                let here = usize::from(fit_count(fit[code]));
                if back < here {
                    break (i, code, here - 1 - back);
                }
                back -= here;
            }
        };
        let rotation = nth_rotation(fit_rotations(fit[code]), n);
        self.board
            .grid
            .frontier()
            .get(i)
            .map(|&pos| Placement { pos, rotation })
    }

    /// Every legal placement of the drawn tile, sorted.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// # let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let mut game = Game::new(cat.clone(), Setup::new(2))?;
    /// let cloister = cat.kind_id("base/B").unwrap(); // fields all round
    /// game.draw(cloister).unwrap();
    /// // Next to the start tile's city (N) and roads (E, W) a field edge fits only S.
    /// assert_eq!(game.legal_placements(), vec![Placement { pos: Pos::new(0, 1), rotation: Rotation::R0 }]);
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn legal_placements(&self) -> Vec<Placement> {
        let mut out = Vec::new();
        self.legal_placements_into(&mut out);
        out.sort();
        out
    }

    /// Whether `kind` fits anywhere on the board now.
    pub fn can_place(&self, kind: KindId) -> bool {
        let k = &self.cat.kinds[usize::from(kind)];
        if k.class == PileClass::Abbey {
            return self.abbey_squares().next().is_some();
        }
        let frontier = self
            .board
            .grid
            .frontier()
            .iter()
            .zip(self.board.grid.codes());
        frontier.into_iter().any(|(&pos, &code)| {
            let rots = fit_rotations(k.fit[usize::from(code) & (TABLE - 1)]);
            rots != 0
                && (!k.river
                    || (0..4).any(|r| rots & (1 << r) != 0 && self.river_ok(kind, pos, r).is_ok()))
        })
    }

    /// Why `placement` of the drawn tile is illegal, if it is.
    pub fn check_placement(&self, placement: Placement) -> Result<(), PlaceError> {
        let Phase::Place(kind) = self.phase else {
            return Err(PlaceError::WrongPhase);
        };
        self.check_placement_of(kind, placement)
    }

    /// Why `placement` of `kind` would be illegal now, whatever the phase (a
    /// replay explains why a tile that fits nowhere cannot go where a record
    /// puts it).
    pub fn check_placement_of(&self, kind: KindId, placement: Placement) -> Result<(), PlaceError> {
        if usize::from(kind) >= self.cat.len() {
            return Err(PlaceError::WrongPhase);
        }
        let pos = placement.pos;
        if self.board.grid.tile(pos).is_some() {
            return Err(PlaceError::Occupied);
        }
        let cell = self.board.grid.cell(pos);
        if cell.sides == 0 {
            return Err(PlaceError::NotAdjacent);
        }
        let k = &self.cat.kinds[usize::from(kind)];
        if k.class == PileClass::Abbey && !self.abbey_square(pos) {
            return Err(PlaceError::AbbeyNotInHole);
        }
        let r = placement.rotation.quarter_turns();
        for d in 0..4 {
            let (mine, theirs) = (side(k.sig[usize::from(r)], d), side(cell.need, d));
            if mine & theirs == 0 {
                let (tile, neighbour) = (code_edge(mine), code_edge(theirs));
                return Err(PlaceError::EdgeMismatch {
                    side: d as u8,
                    tile,
                    neighbour,
                });
            }
        }
        self.river_ok(kind, pos, r % k.rotations).map(|_| ())
    }

    /// The river rules for `kind` at `pos` turned `r`; on success, the bend the
    /// tile makes (0 straight, 1 right, -1 left). Out of line: the river
    /// plays a few turns of a game, and the base game's placement stays small.
    #[inline(never)]
    pub(crate) fn river_ok(&self, kind: KindId, pos: Pos, r: u8) -> Result<i8, PlaceError> {
        let k = &self.cat.kinds[usize::from(kind)];
        self.river_rule(k, &self.board.grid.river_view(pos), r)
    }

    /// [`Game::river_ok`] for kind `k` turned `r` on the square seen as `view`.
    fn river_rule(&self, k: &KindInfo, view: &RiverView, r: u8) -> Result<i8, PlaceError> {
        let rivers = k.river_sides[usize::from(r & 3)];
        if rivers == 0 {
            return Ok(0);
        }
        // The river continues only into a neighbour's river edge: a town hall's
        // wildcard side matches a river edge but carries no river.
        let joined = rivers & river_sides(view.need);
        if joined == 0 {
            return Err(PlaceError::RiverNotContinued);
        }
        let entry = joined.trailing_zeros() as usize;
        let exits = rivers & !(1 << entry);
        // Two branches of a forked river (River II) heading into one square
        // could never both go on: every river tile left would be set aside.
        // With one branch no other square asks for a river.
        if exits & view.asks != 0 {
            return Err(PlaceError::RiverBranchesMeet);
        }
        if exits.count_ones() != 1 {
            return Ok(0);
        }
        let heading = (entry + 2) % 4;
        let exit = exits.trailing_zeros() as usize;
        let bend = match (exit + 4 - heading) % 4 {
            1 => 1,
            3 => -1,
            _ => 0,
        };
        let before = match view.around[entry] {
            0 => 0,
            t => self.board.tiles[usize::from(t - 1)].river_turn,
        };
        if bend != 0 && bend == before {
            return Err(PlaceError::RiverUTurn);
        }
        Ok(bend)
    }
}
