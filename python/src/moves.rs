//! The move type the Python `Move` wraps: one value per choice a player makes.
//!
//! Thin glue over the runtime's phase calls (a placement, a figure step, a
//! decision's answer, taking the town hall, or drawing when a town hall could
//! be taken instead).

use tilec_runtime::{Action, Choice, Placement};

/// One choice of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mv {
    /// Draw a tile (offered only when the player could take the town hall instead).
    Draw,
    /// Take the own town hall to place instead of drawing.
    TownHall,
    /// Place the drawn tile.
    Place(Placement),
    /// The figure step after a placement.
    Act(Action),
    /// The answer to an owed decision.
    Choose(Choice),
}

impl Mv {
    /// The short name of the move's kind, as Python's `Move.kind` gives it.
    pub fn kind(self) -> &'static str {
        match self {
            Mv::Draw => "draw",
            Mv::TownHall => "town_hall",
            Mv::Place(_) => "place",
            Mv::Act(_) => "figure",
            Mv::Choose(_) => "choice",
        }
    }
}

/// The tile and placement of a placement move.
pub fn placement(mv: Mv) -> Option<(tilec_runtime::KindId, Placement)> {
    match mv {
        Mv::Place(p) => Some((0, p)),
        _ => None,
    }
}

/// A fast hash for moves (the derived `Hash` writes a few small integers; the
/// standard SipHash would cost more than the lookup it serves).
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

impl std::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_i16(&mut self, i: i16) {
        self.write_u64(u64::from(i as u16));
    }
    fn write_isize(&mut self, i: isize) {
        self.write_u64(i as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        // FxHash's step: rotate, mix in, multiply by a large odd constant.
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Builds [`FastHasher`]s.
pub type FastHash = std::hash::BuildHasherDefault<FastHasher>;
