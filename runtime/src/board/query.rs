//! Read-only questions about features on the board, for AIs, tools and tests.

use crate::event::Cause;
use crate::game::Game;
use crate::geom::Pos;
use crate::scoring::Tally;
use crate::tile::SegmentKind;

/// A feature on the board, as seen through one of its segments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FeatureInfo {
    /// Identifies the feature until the next placement merges it with another.
    pub id: u16,
    /// What it is.
    pub kind: SegmentKind,
    /// Edge crossings still open (roads, rivers and cities; 0 = complete).
    pub open: u16,
    /// Figures standing on it.
    pub figures: u8,
    /// Pennants (cities).
    pub pennants: u16,
}

impl FeatureInfo {
    /// Whether a road, river or city is complete (always false for other kinds).
    pub fn is_complete(&self) -> bool {
        matches!(
            self.kind,
            SegmentKind::Road | SegmentKind::City | SegmentKind::River
        ) && self.open == 0
    }
}

impl Game {
    /// The feature that segment `segment` of the tile at `pos` belongs to.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// let game = Game::new(std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap()), Setup::new(2)).unwrap();
    /// let city = game.feature(Pos::new(0, 0), 0).unwrap(); // the start tile's city
    /// assert_eq!((city.kind, city.open, city.is_complete()), (SegmentKind::City, 1, false));
    /// ```
    pub fn feature(&self, pos: Pos, segment: u8) -> Option<FeatureInfo> {
        let tile = self.tile_at(pos)?;
        let segs = self.cat.kinds[usize::from(tile.kind)].segs.len();
        if usize::from(segment) >= segs {
            return None;
        }
        let root = self
            .board
            .features
            .find(tile.node_base + u16::from(segment));
        let f = &self.board.features;
        Some(FeatureInfo {
            id: root,
            kind: f.kind(root),
            open: f.open(root),
            figures: u8::try_from(f.figures(root)).unwrap_or(u8::MAX),
            pennants: f.pennants(root),
        })
    }

    /// What the feature that segment `segment` of the tile at `pos` belongs to is
    /// worth now, by the rules of [`finish`](Game::finish) (the points its
    /// majority would score), whether or not a figure stands on it:
    ///
    /// - road: 1 per tile;
    /// - city: complete, 2 per tile and 2 per pennant; incomplete, 1 and 1;
    /// - monastery or garden: 1 plus 1 per filled neighbour (9 when surrounded);
    ///   Baba Yaga's hut: 1 plus 1 per empty neighbour;
    /// - field: 3 per distinct completed city it touches;
    /// - river: 0.
    ///
    /// A tile counts once however many of its segments the feature holds. `None`
    /// when no tile lies at `pos` or it has no such segment. Read-only; it also
    /// answers after [`finish`](Game::finish), which returns the figures but
    /// leaves the features as they are.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let mut game = Game::new(cat.clone(), Setup::new(2)).unwrap();
    /// // The start tile: a city cap (segment 0) over a west-east road (segment 1).
    /// assert_eq!(game.feature_points(Pos::new(0, 0), 0), Some(1)); // incomplete city
    /// game.draw(cat.kind_id("base/U").unwrap()).unwrap(); // a straight road
    /// game.place(Placement { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    /// game.act(Action::Pass).unwrap();
    /// assert_eq!(game.feature_points(Pos::new(0, 0), 1), Some(2)); // a road of two tiles
    /// assert_eq!(game.feature_points(Pos::new(1, 0), 0), Some(2)); // the same road
    /// game.finish();
    /// assert_eq!(game.feature_points(Pos::new(0, 0), 1), Some(2)); // still answers
    /// assert_eq!(game.feature_points(Pos::new(0, 0), 9), None); // no such segment
    /// assert_eq!(game.feature_points(Pos::new(5, 5), 0), None); // no tile there
    /// ```
    pub fn feature_points(&self, pos: Pos, segment: u8) -> Option<u32> {
        let info = self.feature(pos, segment)?;
        let root = info.id;
        let tiles = || {
            let mut t: Vec<u16> = self
                .board
                .features
                .members(root)
                .map(|m| self.board.features.tile(m))
                .collect();
            t.sort_unstable();
            t.dedup();
            t.len() as u32
        };
        let pennants = u32::from(info.pennants);
        let mut cities = 0;
        // Roads and cities score by their tiles (an inn's or a cathedral's
        // points hook reads them too).
        let count = match info.kind {
            SegmentKind::Road | SegmentKind::City => tiles(),
            _ => 0,
        };
        let points = match info.kind {
            SegmentKind::Road => count,
            SegmentKind::City if info.open == 0 => 2 * count + 2 * pennants,
            SegmentKind::City => count + pennants,
            SegmentKind::Field => {
                cities = self.count_completed_cities(root, &mut Vec::new());
                3 * u32::from(cities)
            }
            SegmentKind::River | SegmentKind::Seam => 0,
            SegmentKind::Monastery | SegmentKind::Garden | SegmentKind::Hut => {
                self.cloister_points(root)
            }
        };
        // What the expansions in play make of it, scored now (complete) or
        // at the end.
        let complete = info.open == 0 && matches!(info.kind, SegmentKind::Road | SegmentKind::City);
        let tally = Tally {
            root,
            kind: info.kind,
            cause: match complete {
                true => Cause::Completed,
                false => Cause::EndOfGame,
            },
            tiles: count,
            pennants: info.pennants,
            cities,
            points,
            mark: None,
        };
        Some(self.counted(tally).points)
    }

    /// The segment of the tile at `pos` that owns board port `port` (as it lies,
    /// after rotation), if any.
    pub fn segment_at_port(&self, pos: Pos, port: usize) -> Option<u8> {
        let tile = self.tile_at(pos)?;
        let k = &self.cat.kinds[usize::from(tile.kind)];
        let s = *k.port_seg[usize::from(tile.rotation.quarter_turns())].get(port)?;
        (s != crate::tile::NO_SEGMENT).then_some(s)
    }

    /// Filled squares among the eight around `pos`.
    pub fn filled_neighbours(&self, pos: Pos) -> u32 {
        self.neighbours(pos)
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::Arc;

    /// Draws `id`, places it at `(x, y)` turned `quarter_turns` clockwise, passes.
    fn put(game: &mut Game, id: &str, x: i16, y: i16, quarter_turns: u8) {
        let kind = game.catalog().kind_id(id).expect("a base kind");
        game.draw(kind).expect("drawable");
        let at = Placement {
            pos: Pos::new(x, y),
            rotation: Rotation::new(quarter_turns),
        };
        game.place(at).expect("fits");
        game.act(Action::Pass).expect("a figure step");
    }

    #[test]
    fn feature_points_of_a_hand_built_position() {
        let cat = Arc::new(Catalog::shipped(&["base"]).expect("base"));
        let mut game = Game::new(cat.clone(), Setup::new(2)).expect("setup");
        // Start tile D at [0, 0]: city N (0), road W-E (1), the field between
        // them (2, touching the city) and the field south of the road (3).
        put(&mut game, "base/U", 1, 0, 0); // the road goes on east
        put(&mut game, "base/M", 0, -1, 2); // pennant corner city, now S and E
        put(&mut game, "base/E", 1, -1, 3); // city cap facing W closes the city
        put(&mut game, "base/B", 0, 1, 0); // monastery south of the start tile
        let d = Pos::new(0, 0);
        let check = |game: &Game| {
            // Three city tiles and one pennant, complete: 2 * 3 + 2.
            assert_eq!(game.feature(d, 0).map(|f| f.is_complete()), Some(true));
            assert_eq!(game.feature_points(d, 0), Some(8));
            assert_eq!(game.feature_points(Pos::new(0, -1), 0), Some(8));
            // An incomplete road of two tiles.
            assert_eq!(game.feature_points(d, 1), Some(2));
            assert_eq!(game.feature_points(Pos::new(1, 0), 0), Some(2));
            // The northern field touches the one completed city, counted once.
            assert_eq!(game.feature_points(d, 2), Some(3));
            // The southern field touches no city.
            assert_eq!(game.feature_points(d, 3), Some(0));
            // The monastery: itself, D and U around it.
            assert_eq!(game.feature_points(Pos::new(0, 1), 0), Some(3));
            assert_eq!(game.feature_points(d, 4), None);
            assert_eq!(game.feature_points(Pos::new(3, 3), 0), None);
        };
        check(&game);
        // An incomplete city: 1 per tile and 1 per pennant.
        let mut open = Game::new(cat, Setup::new(2)).expect("setup");
        put(&mut open, "base/M", 0, -1, 2);
        assert_eq!(open.feature_points(d, 0), Some(3));
        // Final scoring returns the figures but leaves the features alone.
        game.finish();
        check(&game);
    }
}
