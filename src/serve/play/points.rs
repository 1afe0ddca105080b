//! Where a figure stands on a tile as the board shows it: each segment's
//! point as the JCloisterZone add-on places it (`emit::png::places`: well
//! inside the segment, clear of the tile's border and its symbols), turned
//! with the tile, in percent of its side.

use std::collections::HashMap;
use tilec_runtime::{Game, KindId, Rotation, Spot};

/// Side of the square the points are given in (percent).
const SIDE: u32 = 100;

/// Segment points per tile kind, worked out once per kind.
#[derive(Default)]
pub struct Points {
    kinds: HashMap<KindId, Vec<Option<(u32, u32)>>>,
}

impl Points {
    /// The point of `spot` on the board of `game` (percent of the tile,
    /// from its north-west corner); the tile's centre for a spot with no
    /// area (or no segment).
    pub fn at(&mut self, game: &Game, spot: Spot) -> (u32, u32) {
        let Some(placed) = game.tile_at(spot.pos) else {
            return (SIDE / 2, SIDE / 2);
        };
        let upright = self.of(game, placed.kind, spot.segment);
        turned(upright, placed.rotation)
    }

    fn of(&mut self, game: &Game, kind: KindId, segment: u8) -> (u32, u32) {
        let points = self.kinds.entry(kind).or_insert_with(|| {
            let tile = game.catalog().kind(kind);
            let segment = |p| matches!(p, tilec::emit::png::Place::Segment(_));
            let places = tilec::emit::png::places(tile, SIDE, segment);
            (0..tile.segments.len())
                .map(|i| places.segment(i).map(|a| a.point))
                .collect()
        });
        let found = points.get(usize::from(segment)).copied().flatten();
        found.unwrap_or((SIDE / 2, SIDE / 2))
    }
}

/// A point of the upright tile after the tile's clockwise quarter turns.
fn turned((mut x, mut y): (u32, u32), rotation: Rotation) -> (u32, u32) {
    for _ in 0..rotation.quarter_turns() % 4 {
        (x, y) = (SIDE - y, x);
    }
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_takes_the_north_to_the_east() {
        assert_eq!(turned((50, 10), Rotation::new(1)), (90, 50));
        assert_eq!(turned((50, 10), Rotation::new(2)), (50, 90));
        assert_eq!(turned((50, 10), Rotation::new(3)), (10, 50));
        assert_eq!(turned((50, 10), Rotation::R0), (50, 10));
    }
}
