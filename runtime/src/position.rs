//! Positions: equality, hashing and the position key of a [`Game`], for
//! transposition tables and for checking that a refused move changed nothing.
//!
//! The key is a Zobrist-style sum: one 64-bit hash per placed tile (kind,
//! square, rotation), kept up to date as tiles are placed, plus at query time
//! one hash per figure and one for the rest (supplies, scores, whose turn,
//! phase, turn number, decisions owed, tiles left) and the expansions' states
//! (trapped figures, arrows, town halls: each state's own key).
//! Sums, not exclusive ors: two identical figures side by side do not cancel.
//! Two positions reached by placing the same tiles in another order have the
//! same key.
//!
//! A position is what a game record holds (`docs/game-record.md`): the pile
//! is the multiset of tiles left (what was drawn is on the board or set
//! aside), never an order; a research state's next draws come from its seed
//! and the tiles left, and its record carries the seed. A record written
//! inside a turn says what the game waits for (`drawn`, `waiting`), so that
//! reading it back gives the same key.

use crate::catalog::KindId;
use crate::game::{Game, Phase};
use crate::placement::Placement;
use std::hash::{Hash, Hasher};

/// A 64-bit mix (SplitMix64's finaliser): distinct inputs give unrelated
/// outputs, so sums of them collide only by chance.
#[inline(always)]
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of one placed tile: cheaper than [`mix`] (it runs on every
/// placement), a multiply and a shift folding the high bits down, so that a
/// sum of them is no function of the sum of their inputs.
#[inline(always)]
pub(crate) fn tile_hash(kind: KindId, at: Placement) -> u64 {
    let (x, y) = (at.pos.x as u16 as u64, at.pos.y as u16 as u64);
    let packed = u64::from(kind) << 34 | x << 18 | y << 2 | u64::from(at.rotation.quarter_turns());
    let z = (packed ^ 0x5851_F42D_4C95_7F2D).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z ^ (z >> 29)
}

/// The phase as a number (the drawn kind included).
fn phase_code(phase: Phase) -> u64 {
    match phase {
        Phase::Draw => 0,
        Phase::Place(k) => 1 | u64::from(k) << 8,
        Phase::Figure => 2,
        Phase::Decide => 3,
        Phase::Over => 4,
    }
}

impl Game {
    /// The position key: equal positions have equal keys (see the module docs
    /// of [`crate::position`]); different positions collide with probability
    /// about 2⁻⁶⁴. The tiles' part is kept incrementally; the figures' part
    /// (a few dozen at most) is summed on each call.
    pub fn position_key(&self) -> u64 {
        let mut key = self.board.tiles_key;
        for f in &self.figs.all {
            key = key.wrapping_add(mix(2 << 60
                | u64::from(f.player) << 52
                | (f.kind as u64) << 48
                | (f.pos.x as u16 as u64) << 32
                | (f.pos.y as u16 as u64) << 16
                | u64::from(f.segment) << 1
                | u64::from(f.lying)));
        }
        let mut rest = mix(u64::from(self.current)
            | u64::from(self.players) << 4
            | u64::from(self.turn) << 8
            | phase_code(self.phase) << 32
            | (self.extra as u64) << 60);
        for p in 0..self.players() {
            rest = mix(rest ^ (self.scores[p] as u32 as u64) << 8);
            for &n in &self.figs.supply[p] {
                rest = mix(rest ^ u64::from(n));
            }
        }
        rest = mix(rest ^ self.exp.key());
        for p in &self.pending {
            rest = mix(rest ^ hash_of(&p.decision));
        }
        rest = mix(rest ^ self.pile.len() as u64);
        key.wrapping_add(rest)
    }

    /// The position's contents in a canonical order, for equality.
    fn canonical(&self) -> Canonical {
        let mut tiles: Vec<_> = self
            .board
            .tiles
            .iter()
            .map(|t| (t.pos, t.kind, t.rotation))
            .collect();
        tiles.sort_unstable();
        let mut figures: Vec<_> = self
            .figs
            .all
            .iter()
            .map(|f| (f.player, f.kind, f.pos, f.segment, f.lying))
            .collect();
        figures.sort_unstable();
        let mut pile = self.pile.kinds();
        pile.sort_unstable();
        Canonical {
            tiles,
            figures,
            pile,
        }
    }
}

/// See [`Game::canonical`].
#[derive(PartialEq, Eq)]
struct Canonical {
    tiles: Vec<(crate::Pos, KindId, crate::Rotation)>,
    figures: Vec<(u8, crate::FigureKind, crate::Pos, u8, bool)>,
    pile: Vec<KindId>,
}

fn hash_of(value: &impl Hash) -> u64 {
    // A fixed hasher: the key must not change from run to run.
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    value.hash(&mut h);
    h.0
}

/// FNV-1a: deterministic and dependency-free (std's hasher is randomly keyed).
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl PartialEq for Game {
    /// Same position: see [`Game`].
    fn eq(&self, other: &Game) -> bool {
        let same_sets = std::sync::Arc::ptr_eq(&self.cat, &other.cat)
            || self.cat.set_ids() == other.cat.set_ids();
        same_sets
            && self.players == other.players
            && self.current == other.current
            && self.turn == other.turn
            && self.phase == other.phase
            && self.extra == other.extra
            && self.figs.supply == other.figs.supply
            && self.scores == other.scores
            && self.exp.same(&other.exp)
            && self.pending.len() == other.pending.len()
            && self
                .pending
                .iter()
                .zip(&other.pending)
                .all(|(a, b)| a.decision == b.decision)
            && self.board.tiles_key == other.board.tiles_key
            && self.canonical() == other.canonical()
    }
}

impl Eq for Game {}

impl Hash for Game {
    /// The [position key](Game::position_key).
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.position_key());
    }
}

#[cfg(test)]
mod tests {
    use crate::{Catalog, Game, Move, Placement, Pos, Rotation, Setup};
    use std::sync::Arc;

    /// Two orders of the same two placements give equal positions and keys;
    /// a different board does not.
    #[test]
    fn transpositions_are_equal() {
        let cat = Arc::new(Catalog::shipped(&["base"]).expect("base"));
        let field = cat.kind_id("base/B").expect("monastery tile");
        let road = cat.kind_id("base/U").expect("road tile");
        let play = |first: (u16, Placement), second: (u16, Placement)| {
            let mut g = Game::new(cat.clone(), Setup::new(2)).expect("setup");
            for (kind, placement) in [first, second] {
                g.draw(kind).expect("draw");
                g.play(Move::Place { kind, placement }).expect("place");
                g.play(Move::Figure(crate::Action::Pass)).expect("pass");
            }
            g
        };
        let south = Placement {
            pos: Pos::new(0, 1),
            rotation: Rotation::R0,
        };
        let east = Placement {
            pos: Pos::new(1, 0),
            rotation: Rotation::R0,
        };
        let a = play((field, south), (road, east));
        let b = play((road, east), (field, south));
        // Same tiles, same turn and player, same pile.
        assert_eq!(a, b);
        assert_eq!(a.position_key(), b.position_key());
        let c = play(
            (road, east),
            (
                road,
                Placement {
                    pos: Pos::new(-1, 0),
                    ..east
                },
            ),
        );
        assert_ne!(a, c);
        assert_ne!(a.position_key(), c.position_key());
    }
}
