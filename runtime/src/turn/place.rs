//! Applying a placement: the tile goes on the grid, its segments become feature
//! nodes, and they join the features of the neighbours across each shared edge.

use crate::catalog::KindId;
use crate::decide::Next;
use crate::event::Event;
use crate::features::{Features, Node};
use crate::game::{Board, Game, LogEntry, Phase, PlacedTile, Scratch};
use crate::geom::Rotation;
use crate::moves::Move;
use crate::placement::{PlaceError, Placement};
use crate::tile::NO_SEGMENT;

impl Game {
    /// Places the drawn tile, if the placement is legal; then it is the figure step.
    ///
    /// A rotation at or above the kind's symmetry is the same placement as its
    /// remainder and is stored that way.
    pub fn place(&mut self, placement: Placement) -> Result<(), PlaceError> {
        self.check_placement(placement)?;
        self.place_unchecked(placement);
        Ok(())
    }

    /// Places the drawn tile without checking legality (the caller took it from
    /// [`Game::legal_placements`]). A debug build checks anyway and panics on
    /// an illegal placement; a release build does nothing when no tile is
    /// drawn and leaves the game in an unspecified state on an illegal one.
    pub fn place_unchecked(&mut self, placement: Placement) {
        debug_assert_eq!(
            self.check_placement(placement),
            Ok(()),
            "place_unchecked({placement:?})"
        );
        let Phase::Place(kind) = self.phase else {
            return;
        };
        let k = &self.cat.kinds[usize::from(kind)];
        // A mask, not `%`: the symmetry is 1, 2 or 4 (checked by the catalog), and
        // a division per turn shows in profiles.
        let r = placement.rotation.quarter_turns() & (k.rotations - 1);
        let at = Placement {
            pos: placement.pos,
            rotation: Rotation::new(r),
        };
        let bend = match k.river {
            true => self.river_ok(kind, at.pos, r).unwrap_or(0),
            false => 0,
        };
        self.drawn_count = None;
        self.remember(LogEntry::Move(Move::Place {
            kind,
            placement: at,
        }));
        let around = self.put_tile(kind, at, bend);
        let event = Event::TilePlaced {
            turn: self.turn,
            player: self.current,
            kind,
            pos: at.pos,
            rotation: at.rotation,
        };
        self.log(event);
        if !self.cat.rules.any {
            self.phase = Phase::Figure;
            return;
        }
        self.after_place(self.board.tiles.len() - 1, around);
        // Decisions the placement asks (an arrow's kind) come before the
        // figure step.
        self.ask_owed(Next::Figure);
    }

    /// Puts a tile on the board and merges its features (no checks); returns
    /// its neighbours as [`Grid::put`](crate::grid::Grid) does. Inlined into
    /// its two callers: measured faster than the call. With the expansions in
    /// play, each caller then has them note the tile ([`Game::note_tile`]).
    #[inline(always)]
    pub(crate) fn put_tile(&mut self, kind: KindId, at: Placement, river_turn: i8) -> [u16; 4] {
        self.board.tiles_key = self
            .board
            .tiles_key
            .wrapping_add(crate::position::tile_hash(kind, at));
        let Game {
            cat,
            board:
                Board {
                    grid,
                    tiles,
                    features,
                    ..
                },
            scratch: Scratch { touched, .. },
            completed,
            ..
        } = self;
        let k = &cat.kinds[usize::from(kind)];
        let r = usize::from(at.rotation.quarter_turns());
        let index = tiles.len() as u16;
        let node_base = features.len() as u16;
        tiles.push(PlacedTile {
            kind,
            pos: at.pos,
            rotation: at.rotation,
            node_base,
            river_turn,
            arrow: 0,
        });
        let around = grid.put(at.pos, index, k.adds[r]);
        touched.clear();
        *completed = false;
        features.add_tile(index, &k.nodes);
        let mine = &k.facing[r];
        // The sides with a neighbour, as a mask: one loop exit to predict per
        // placement rather than a coin toss per side.
        let mut sides = around
            .iter()
            .enumerate()
            .fold(0u8, |m, (d, &t)| m | u8::from(t != 0) << d);
        while sides != 0 {
            let d = sides.trailing_zeros() as usize;
            sides &= sides - 1;
            let other = &tiles[usize::from(around[d] - 1)];
            let ok = &cat.kinds[usize::from(other.kind)];
            // Each side's ports as seen from across it (right to left): this tile's
            // left port, `a[2]`, meets the neighbour's right one, `b[0]`.
            let a = mine[d];
            let b = ok.facing[usize::from(other.rotation.quarter_turns())][(d + 2) & 3];
            let ends = Ends {
                base: (node_base, other.node_base),
                crossing: (k.crossing, ok.crossing),
            };
            // The middle port, then the halves; a whole-edge feature repeats the same
            // pair on all three ports and is joined once.
            let (mid, left, right) = ((a[1], b[1]), (a[2], b[0]), (a[0], b[2]));
            ends.join(features, touched, completed, mid, true);
            if left != mid {
                ends.join(features, touched, completed, left, false);
            }
            if right != left {
                ends.join(features, touched, completed, right, false);
            }
        }
        around
    }
}

/// The two tiles meeting across an edge: their first nodes and crossing masks.
struct Ends {
    base: (u16, u16),
    crossing: (u32, u32),
}

impl Ends {
    /// Joins segment `pair.0` (of the new tile) with segment `pair.1` (of a
    /// neighbour) across one port. Crossings are counted once per edge, at the
    /// middle port; a missing segment (a town hall's side) closes what reaches it.
    /// Sets `completed` when a feature's last open crossing closes.
    #[inline(always)]
    fn join(
        &self,
        features: &mut Features,
        touched: &mut Vec<Node>,
        completed: &mut bool,
        pair: (u8, u8),
        middle: bool,
    ) {
        match pair {
            (NO_SEGMENT, NO_SEGMENT) => {}
            (x, NO_SEGMENT) if middle => close_one(
                features,
                touched,
                completed,
                self.base.0,
                self.crossing.0,
                x,
            ),
            (NO_SEGMENT, y) if middle => close_one(
                features,
                touched,
                completed,
                self.base.1,
                self.crossing.1,
                y,
            ),
            (NO_SEGMENT, _) | (_, NO_SEGMENT) => {}
            (x, y) => {
                let is_crossing = crosses(self.crossing.0, x);
                if !middle && is_crossing {
                    return;
                }
                let root = features.union(self.base.0 + u16::from(x), self.base.1 + u16::from(y));
                // Without a branch: whether a port is a crossing is a coin toss.
                features.close(root, 2 * u16::from(is_crossing));
                *completed |= is_crossing & (features.open(root) == 0);
            }
        }
    }
}

/// Whether segment `s` is a road, river or city by its kind's `crossing` mask.
fn crosses(mask: u32, s: u8) -> bool {
    mask & 1u32.wrapping_shl(u32::from(s)) != 0
}

/// A crossing of segment `s` (node `base + s`) reaches a missing segment (a town
/// hall's side): it is closed there.
fn close_one(
    features: &mut Features,
    touched: &mut Vec<Node>,
    completed: &mut bool,
    base: u16,
    mask: u32,
    s: u8,
) {
    if crosses(mask, s) {
        let n = base + u16::from(s);
        let root = features.find(n);
        features.close(root, 1);
        *completed |= features.open(root) == 0;
        touched.push(n);
    }
}
