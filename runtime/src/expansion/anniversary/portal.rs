//! The 20th Anniversary's portal arrow: a figure on any unoccupied,
//! incomplete feature of the board (rulings portal-special, portal-hut).

use crate::act::{in_supply, ActError};
use crate::features::Node;
use crate::figure::{Action, FigureKind, Spot};
use crate::game::{Game, PlacedTile};
use crate::tile::{ArrowKind, SegmentKind};

impl Game {
    /// Whether a portal may put a figure on segment `seg` of the tile at `spot`:
    /// an unoccupied, incomplete feature, and no special area (ruling
    /// portal-special: Vodyanoy's tile, where trapped figures lie).
    pub(crate) fn portal_target(&self, spot: Spot) -> Option<(Node, SegmentKind)> {
        let t = self.board.grid.tile(spot.pos)?;
        let tile = self.board.tiles[usize::from(t)];
        let k = &self.cat.kinds[usize::from(tile.kind)];
        let seg = k.segs.get(usize::from(spot.segment))?;
        if k.trap_lake || seg.kind == SegmentKind::River || !self.portal_open(&tile, spot.segment) {
            return None;
        }
        Some((tile.node_base + u16::from(spot.segment), seg.kind))
    }

    /// Whether segment `segment` of `tile` lies in an unoccupied, incomplete
    /// feature (fields are never complete; a cloister is complete with its 8
    /// neighbours filled).
    fn portal_open(&self, tile: &PlacedTile, segment: u8) -> bool {
        let (open, cloister) = self.portal_state(tile.node_base + u16::from(segment));
        open && !(cloister && self.neighbours(tile.pos) == 8)
    }

    /// [`Game::portal_open`] of node `node` but for a cloister's neighbours:
    /// whether its feature is unoccupied and, unless a cloister, incomplete;
    /// and whether it is a cloister (complete with its 8 neighbours filled,
    /// which the caller counts). Most segments, in a random mix: tested
    /// without a branch.
    #[inline(always)]
    fn portal_state(&self, node: Node) -> (bool, bool) {
        let f = &self.board.features;
        let root = f.find(node);
        let (free, kind) = (f.figures(root) == 0, f.kind(root));
        let field = kind == SegmentKind::Field;
        let plain = (kind == SegmentKind::Road) | (kind == SegmentKind::City) | field;
        (free & (field | (f.open(root) != 0) | !plain), !plain)
    }

    /// The portal's placements: every segment of the board that a figure in
    /// supply may stand on (the kinds' `stand` masks, as for a deployment:
    /// nothing on Vodyanoy's tile or a river) and whose feature is unoccupied
    /// and incomplete ([`Game::portal_open`]), tile by tile in placement
    /// order, segment by segment.
    ///
    /// That is the order of the feature nodes (a tile's nodes are its
    /// segments, and each tile's follow the last one's), and a node carries
    /// its segment's figure mask: one loop over the nodes lists them, where a
    /// loop over each tile's segments would end at a point a random board
    /// mispredicts, once a tile.
    pub(crate) fn portal_actions(&self, out: &mut Vec<Action>) {
        let avail = in_supply(&self.figs.supply[usize::from(self.current)]);
        let nodes = &self.board.features;
        // Two passes over a chunk of nodes: the first keeps, without a
        // branch, those with a figure to put (a coin toss on a random board,
        // mispredicted about once in four nodes when branched on); the second
        // lists the kept ones.
        const CHUNK: usize = 64;
        let mut kept = [(0 as Node, 0u16, false); CHUNK];
        let len = nodes.len() as Node;
        let mut first = 0;
        while first < len {
            let last = len.min(first + CHUNK as Node);
            let mut n = 0;
            for node in first..last {
                // As for a deployment ([`Game::place_actions_all`]): the
                // figures of each segment from one mask, not a branch per kind.
                let (open, cloister) = self.portal_state(node);
                let figures = nodes.stand(node) & avail & 0u16.wrapping_sub(u16::from(open));
                // `n` stays below `CHUNK` until the chunk's last node.
                kept[n & (CHUNK - 1)] = (node, figures, cloister);
                n += usize::from(figures != 0);
            }
            for &(node, figures, cloister) in &kept[..n] {
                self.portal_node(node, figures, cloister, out);
            }
            first = last;
        }
    }

    /// [`Game::portal_actions`] for one open node with `figures` (a mask) to
    /// put, whether a `cloister`'s.
    fn portal_node(&self, node: Node, mut figures: u16, cloister: bool, out: &mut Vec<Action>) {
        let nodes = &self.board.features;
        let tile = &self.board.tiles[usize::from(nodes.tile(node))];
        if cloister && self.neighbours(tile.pos) == 8 {
            return;
        }
        let at = Spot {
            pos: tile.pos,
            segment: nodes.seg(node),
        };
        while figures != 0 {
            let figure = FigureKind::ALL[figures.trailing_zeros() as usize];
            figures &= figures - 1;
            out.push(Action::Portal { figure, at });
        }
    }

    /// Why a portal placement of `figure` at `at` is illegal now, if it is.
    pub(crate) fn check_portal(&self, figure: FigureKind, at: Spot) -> Result<(), ActError> {
        if self.exp.anniversary.arrow != Some(ArrowKind::Portal) {
            return Err(ActError::NoArrow(ArrowKind::Portal));
        }
        if self.supply(self.current, figure) == 0 {
            return Err(ActError::NoFigureLeft(figure));
        }
        match self.portal_target(at) {
            Some((_, kind)) if figure.may_stand_on(kind) => Ok(()),
            _ => Err(ActError::BadPortalTarget),
        }
    }
}
