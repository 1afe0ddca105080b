//! Read-only questions about features on the board, for AIs, tools and tests.

use crate::game::Game;
use crate::geom::Pos;
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
        let root = self.features.find(tile.node_base + u16::from(segment));
        let r = &self.features[root];
        Some(FeatureInfo {
            id: root,
            kind: r.kind,
            open: r.open,
            figures: r.figures,
            pennants: r.pennants,
        })
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
