//! Inns & Cathedrals: inns on roads, cathedrals in cities, the big follower.
//!
//! A road with at least one inn scores 2 a tile when completed and nothing
//! when left open at the end; a city with at least one cathedral scores 3 a
//! tile and 3 a pennant when completed and nothing when left open. Farmers
//! count a cathedral's city as any completed city (3). The big follower is a
//! follower of strength 2 in every majority, farmers' too.
//!
//! Rulings (`docs/rules/inns-cathedrals.md`):
//! - **inn-any**: one inn or several on a road, the road scores 2 a tile;
//!   **cathedral-any** likewise 3 a tile and 3 a pennant for a city.
//! - **inn-open** / **cathedral-open**: left open at the end, the feature
//!   scores 0 (its majority is still decided: its figures come home, the
//!   winners score 0). [`Game::feature_points`] of an open road with an inn
//!   or an open city with a cathedral says 0 (what it would score at the end
//!   now); an abbot's recall scores a monastery or garden, which carries
//!   neither.
//! - **big-follower-where**: the big follower stands where a follower stands
//!   (road, city, field, monastery, Baba Yaga's hut), never on a garden
//!   (JCloisterZone's `BigFollower.isDeploymentAllowed`), never on an
//!   occupied feature.
//! - **no-castle-inert**: tile G's city carries the mark `no-castle`, a rule
//!   of Bridges, Castles & Bazaars (the city is too small to be a castle's
//!   base). The engine plays no castle: the mark changes nothing, and this
//!   module declares it played so that the set is not refused for it.
//! - **big-follower-two**: it counts 2 in every majority (roads, cities,
//!   monasteries, fields).

use super::{Expansion, Position};
use crate::catalog::KindInfo;
use crate::event::Cause;
use crate::features::Node;
use crate::figure::{FigureKind, FigureSpec, FOLLOWER};
use crate::game::Game;
use crate::mark::MarkKind;
use crate::scoring::Tally;
use crate::tile::SegmentKind;

/// The big follower: a follower of strength 2, one per player, standing where
/// a follower stands (ruling big-follower-where: a follower stands on no
/// garden, and neither does the big follower).
pub(crate) const BIG_FOLLOWER: FigureSpec = FigureSpec {
    name: "big-follower",
    per_player: 1,
    strength: 2,
    ..FOLLOWER
};

/// Inns & Cathedrals: in play when a tile carries an inn or a cathedral.
pub(crate) struct InnsCathedrals;

/// The expansion's part of a game: the feature nodes that carry an inn or a
/// cathedral (the board's: not part of the position beyond the board).
#[derive(Clone, Debug, Default)]
pub(crate) struct InnsCathedralsState {
    /// Nodes of placed road segments with an inn.
    inns: Vec<Node>,
    /// Nodes of placed city segments with a cathedral.
    cathedrals: Vec<Node>,
}

impl Position for InnsCathedralsState {
    /// Nothing beyond the board: the nodes follow from the tiles placed.
    fn key(&self) -> u64 {
        0
    }

    fn same(&self, _: &InnsCathedralsState) -> bool {
        true
    }
}

impl Expansion for InnsCathedrals {
    type Rules = ();
    type State = InnsCathedralsState;
    /// Ruling no-castle-inert: tile G's no-castle mark is played as having
    /// no effect.
    const MARKS: &'static [MarkKind] = &[MarkKind::Inn, MarkKind::Cathedral, MarkKind::NoCastle];
    const FIGURES: &'static [FigureKind] = &[FigureKind::BigFollower];

    fn rules(kinds: &[KindInfo]) -> Option<()> {
        let ours =
            |k: &KindInfo| k.def.has_mark(MarkKind::Inn) || k.def.has_mark(MarkKind::Cathedral);
        kinds.iter().any(ours).then_some(())
    }

    fn begin(game: &mut Game) {
        let state = &mut game.exp.inns_cathedrals;
        state.inns.clear();
        state.cathedrals.clear();
    }

    #[inline(always)]
    fn noted(game: &mut Game, index: usize) {
        game.note_inns_cathedrals(index);
    }

    /// Rulings inn-any, inn-open, cathedral-any, cathedral-open.
    fn points(game: &Game, t: &mut Tally) {
        let state = &game.exp.inns_cathedrals;
        let (nodes, mark) = match t.kind {
            SegmentKind::Road => (&state.inns, MarkKind::Inn),
            SegmentKind::City => (&state.cathedrals, MarkKind::Cathedral),
            _ => return,
        };
        let f = &game.board.features;
        if !nodes.iter().any(|&n| f.find(n) == t.root) {
            return;
        }
        t.mark = Some(mark);
        t.points = match (t.cause, mark) {
            (Cause::EndOfGame, _) => 0,
            (_, MarkKind::Inn) => 2 * t.tiles,
            _ => 3 * t.tiles + 3 * u32::from(t.pennants),
        };
    }
}

impl Game {
    /// Notes the inns and cathedrals of the tile `board.tiles[index]`.
    fn note_inns_cathedrals(&mut self, index: usize) {
        let tile = self.board.tiles[index];
        let def = &self.cat.kinds[usize::from(tile.kind)].def;
        for m in def.marks.iter() {
            if usize::from(m.segment) >= def.segments.len() {
                continue;
            }
            let node = tile.node_base + u16::from(m.segment);
            match m.kind {
                MarkKind::Inn => self.exp.inns_cathedrals.inns.push(node),
                MarkKind::Cathedral => self.exp.inns_cathedrals.cathedrals.push(node),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::Arc;

    /// Draws `id`, places it at `(x, y)` turned `quarter_turns` clockwise, passes.
    fn put(game: &mut Game, id: &str, x: i16, y: i16, quarter_turns: u8) {
        let kind = game.catalog().kind_id(id).expect("a shipped kind");
        game.draw(kind).expect("drawable");
        let at = Placement {
            pos: Pos::new(x, y),
            rotation: Rotation::new(quarter_turns),
        };
        game.place(at).expect("legal placement");
        game.act(Action::Pass).expect("pass");
    }

    /// `Game::feature_points` goes through the points hook (rulings inn-open,
    /// cathedral-open): an open road with an inn and an open city with a
    /// cathedral are worth 0 now, complete 2 a tile and 3 a tile.
    #[test]
    fn feature_points_count_inns_and_cathedrals() {
        let cat = Catalog::shipped(&["base", "inns-cathedrals"]).expect("shipped sets");
        let mut game = Game::new(Arc::new(cat), Setup::new(2)).expect("setup");
        let d = Pos::new(0, 0);
        // Start base/D: city N (segment 0), road W-E (segment 1).
        assert_eq!(game.feature_points(d, 1), Some(1));
        put(&mut game, "inns-cathedrals/A", 1, 0, 0); // road W-S with an inn
        assert_eq!(game.feature_points(d, 1), Some(0));
        put(&mut game, "base/A", 1, 1, 2); // a monastery ends it south
        put(&mut game, "base/A", -1, 0, 3); // and west: 4 tiles
        assert_eq!(game.feature_points(d, 1), Some(8));
        // The cathedral on D's city: open, 0; a plain city of two would be 2.
        assert_eq!(game.feature_points(d, 0), Some(1));
        put(&mut game, "inns-cathedrals/K", 0, -1, 0);
        assert_eq!(game.feature_points(d, 0), Some(0));
        put(&mut game, "base/E", 0, -2, 2);
        put(&mut game, "base/E", 1, -1, 3);
        put(&mut game, "base/E", -1, -1, 1); // complete: 5 tiles
        assert_eq!(game.feature_points(d, 0), Some(15));
    }
}
