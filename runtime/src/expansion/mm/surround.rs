//! Messengers & Mayors: the surround of a mayor's or scarecrow's tile, and
//! what each then does (rulings mayor-when, scarecrow-when, surround-when).

use crate::decide::{Choice, Pending};
use crate::event::{Event, ReturnReason};
use crate::features::Node;
use crate::figure::{FigureKind, Player, Spot};
use crate::game::{Game, PlacedTile};
use crate::geom::Pos;

impl Game {
    /// Which of the placed tile's square (bit 4) and its four neighbours' (bit
    /// `d` beyond side `d`) the placement of `tile` left surrounded, when a
    /// mayor or a standing scarecrow stands on one of them (0 otherwise, and
    /// always without Messengers & Mayors): most placements are near none,
    /// and then neither the squares nor the figures are looked at (inlined:
    /// the test is smaller than a call).
    #[inline]
    pub(crate) fn surrounded(&self, tile: PlacedTile) -> u8 {
        if self.figs.watched == 0 || !self.board.grid.watched_near(tile.pos) {
            return 0;
        }
        match self.board.grid.surrounded_near(tile.pos) {
            Some(mask) => mask,
            None => self.surrounded_slow(tile.pos),
        }
    }

    /// The mayors and the standing scarecrows on the squares `squares`
    /// ([`Game::surrounded`]), queued as decisions, in the order they stand
    /// (asked before the turn's scoring: rulings mayor-when, scarecrow-when).
    pub(crate) fn surround_triggers(&mut self, tile: PlacedTile, squares: u8) {
        // Most placements surround no square: then no figure is looked at.
        if squares == 0 {
            return;
        }
        for i in 0..self.figs.all.len() {
            let f = &self.figs.all[i];
            if !f.watched() {
                continue;
            }
            // The placed tile's square or one beyond a side, without a branch
            // per side.
            if !surround_bit(tile.pos, f.pos, squares) {
                continue;
            }
            let (player, at) = (f.player, f.spot());
            let decision = match f.kind {
                FigureKind::Mayor => crate::decide::Decision::Mayor { player, at },
                _ => crate::decide::Decision::Scarecrow { player, at },
            };
            let node = f.node;
            self.pending.push(Pending { decision, node });
        }
    }

    /// [`Grid::surrounded_near`](crate::grid::Grid) by lookups, for a square
    /// outside the grid's margin (never a placed tile's, in practice).
    #[cold]
    fn surrounded_slow(&self, pos: Pos) -> u8 {
        let filled = |p: Pos| self.board.grid.tile(p).is_some();
        let around = |p: Pos| filled(p) && (0..4).all(|d| filled(p.step(d)));
        let mut mask = u8::from(around(pos)) << 4;
        for d in 0..4 {
            mask |= u8::from(around(pos.step(d))) << d;
        }
        mask
    }

    /// A surrounded mayor's swap (if `choice` is one), then the mayor goes home.
    pub(crate) fn mayor_acts(&mut self, player: Player, at: Spot, choice: Choice) {
        if self.figure_at(player, FigureKind::Mayor, at).is_none() {
            return;
        }
        if let Choice::Swap { player: other, at } = choice {
            if let Some(j) = self.figure_at(other, FigureKind::Follower, at) {
                let their = self.figs.all[j].node;
                self.send_home(j, ReturnReason::Swapped);
                self.put_figure(player, FigureKind::Follower, at, their);
            }
        }
        if let Some(i) = self.figure_at(player, FigureKind::Mayor, at) {
            self.send_home(i, ReturnReason::Surrounded);
        }
    }

    pub(crate) fn scarecrow_acts(&mut self, player: Player, at: Spot, choice: Choice) {
        let Some(i) = self.figure_at(player, FigureKind::Scarecrow, at) else {
            return;
        };
        match choice {
            Choice::LieDown => {
                self.figs.all[i].lying = true;
                self.figs.watched -= 1;
                self.board.grid.watch(at.pos, false);
                self.log(Event::LaidDown {
                    turn: self.turn,
                    player,
                    at,
                });
            }
            Choice::HandOver => {
                let node = self.figs.all[i].node;
                self.send_home(i, ReturnReason::Surrounded);
                self.put_figure(player, FigureKind::Follower, at, node);
            }
            _ => self.send_home(i, ReturnReason::Surrounded),
        }
    }

    /// A surrounded mayor's answers: decline, or swap with an opponent's
    /// follower on the mayor's feature (`node`) when a follower is in supply.
    pub(crate) fn mayor_choices(&self, player: Player, node: Node, out: &mut Vec<Choice>) {
        out.push(Choice::Decline);
        if self.supply(player, FigureKind::Follower) == 0 {
            return;
        }
        let root = self.board.features.find(node);
        for f in &self.figs.all {
            let swap = Choice::Swap {
                player: f.player,
                at: f.spot(),
            };
            if f.player != player
                && f.kind == FigureKind::Follower
                && self.board.features.find(f.node) == root
                && !out.contains(&swap)
            {
                out.push(swap);
            }
        }
    }

    /// A surrounded scarecrow's answers: decline (it goes home), hand over to
    /// a follower from supply, or lie down.
    pub(crate) fn scarecrow_choices(&self, player: Player, out: &mut Vec<Choice>) {
        out.push(Choice::Decline);
        if self.supply(player, FigureKind::Follower) > 0 {
            out.push(Choice::HandOver);
        }
        out.push(Choice::LieDown);
    }
}

/// For each square of the 3 x 3 block around a placed tile (row by row from
/// the north-west): its bit in a surround mask ([`Game::surrounded`]: the
/// square beyond side `d` is bit `d`, the tile's own bit 4), or 7 (never set)
/// for a corner.
const SURROUND_BITS: [u8; 9] = [7, 0, 7, 3, 4, 1, 7, 2, 7];

/// Whether the square `at` is among `squares`, the surround mask of the tile
/// placed at `placed` (its square or one beyond a side), without branches.
fn surround_bit(placed: Pos, at: Pos, squares: u8) -> bool {
    let dx = i32::from(at.x) - i32::from(placed.x);
    let dy = i32::from(at.y) - i32::from(placed.y);
    let near = (dx.unsigned_abs() <= 1) & (dy.unsigned_abs() <= 1);
    let cell = ((dy + 1) * 3 + (dx + 1)).clamp(0, 8) as usize;
    near & (squares >> SURROUND_BITS[cell] & 1 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The branchless surround test agrees with the steps it stands for.
    #[test]
    fn surround_bits_agree_with_the_steps() {
        let placed = Pos::new(3, -2);
        for (dx, dy) in (-3..=3).flat_map(|dx| (-3..=3).map(move |dy| (dx, dy))) {
            let at = placed.offset(dx, dy);
            let bit = (0..4)
                .find(|&d| placed.step(d) == at)
                .or((at == placed).then_some(4));
            for squares in 0..32u8 {
                let want = bit.is_some_and(|b| squares & (1 << b) != 0);
                let got = surround_bit(placed, at, squares);
                assert_eq!(got, want, "{at} around {placed}, squares {squares:#b}");
            }
        }
    }
}
