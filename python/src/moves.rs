//! The move type the Python `Move` wraps: the research state's [`Play`], a
//! runtime move or the draw when it is a choice (a player holding a town hall
//! may take it instead of drawing, a player holding prisoners may pay a
//! ransom first).

use tilec_runtime::research::Play;
use tilec_runtime::{KindId, Move, Placement};

/// One choice of a player.
pub type Mv = Play;

/// The short name of the move's kind, as Python's `Move.kind` gives it.
pub fn kind(mv: Mv) -> &'static str {
    match mv {
        Mv::Draw => "draw",
        Mv::Move(Move::TakeTownHall) => "town_hall",
        Mv::Move(Move::TakeAbbey) => "abbey",
        Mv::Move(Move::Place { .. }) => "place",
        Mv::Move(Move::Figure(_)) => "figure",
        Mv::Move(Move::Decide(_)) => "choice",
        Mv::Move(Move::Ransom { .. }) => "ransom",
    }
}

/// The tile and placement of a placement move.
pub fn placement(mv: Mv) -> Option<(KindId, Placement)> {
    match mv {
        Mv::Move(Move::Place { kind, placement }) => Some((kind, placement)),
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
