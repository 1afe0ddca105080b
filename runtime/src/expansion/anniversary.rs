//! 20th Anniversary: the arrows.
//!
//! A placed tile's arrow pointing at an empty square scores 2 at once; an arrow
//! pointing at a tile (the placed tile's own, or a neighbour's pointing at the
//! placed tile) is activated, the player choosing when several are
//! ([`Decision::Arrow`](crate::Decision::Arrow)). An activated portal arrow
//! lets the figure step put a figure on any open feature of the board, an
//! add-next-to arrow a figure beside an own figure, an extra-turn arrow earns
//! one more turn.
//!
//! Rulings (each quoted from its rule page in `docs/game-record.md`):
//! - **extra-turn-twice**: in an extra turn an extra-turn arrow is not offered
//!   (activating it would have no effect); the other arrows are.
//! - **portal-special**: a portal may not place on Vodyanoy's tile, where
//!   trapped figures lie; Solovei's road is an ordinary road, and Baba Yaga's hut
//!   is no special area (**portal-hut**).
//! - **add-next-to-kind**: the added figure joins exactly one own figure of any
//!   kind, stands where it may, and is not a monk beside an abbot or an abbot
//!   beside a monk; never a third.

use crate::act::{in_supply, ActError};
use crate::decide::Choice;
use crate::event::{Event, PointsReason};
use crate::features::Node;
use crate::figure::{Action, Figure, FigureKind, Spot};
use crate::game::{Extra, Game, PlacedTile};
use crate::tile::{ArrowKind, SegmentKind};

/// Bit of an arrow kind in [`Game::arrow_choices`].
pub(crate) const fn arrow_bit(kind: ArrowKind) -> u8 {
    1 << kind as u8
}

/// The arrow kinds, in bit order.
pub(crate) const ARROWS: [ArrowKind; 3] = [
    ArrowKind::AddNextTo,
    ArrowKind::Portal,
    ArrowKind::ExtraTurn,
];

impl Game {
    /// The placed tile's arrow scores or is activated; neighbours' arrows pointing
    /// at it are activated.
    pub(crate) fn arrows(&mut self, tile: PlacedTile, around: [u16; 4]) {
        // The neighbours' arrows pointing here were noted on this square when
        // they were placed (it was empty then, [`Game::note_specials`]): one
        // read, not four tiles'.
        let mut choices = self.board.grid.pointing_at(tile.pos);
        if tile.arrow != 0 {
            if around[usize::from(tile.arrow & 3)] != 0 {
                choices |= tile.arrow >> 2;
            } else {
                self.scores[usize::from(self.current)] += 2;
                self.log(Event::Points {
                    turn: self.turn,
                    player: self.current,
                    points: 2,
                    reason: PointsReason::Arrow,
                });
            }
        }
        if self.exp.extra == Extra::Playing {
            choices &= !arrow_bit(ArrowKind::ExtraTurn);
        }
        self.exp.arrow_choices = choices;
        if choices.count_ones() == 1 {
            self.activate(ARROWS[choices.trailing_zeros() as usize]);
        }
    }

    /// Activates an arrow of `kind` this turn.
    pub(crate) fn activate(&mut self, kind: ArrowKind) {
        self.exp.arrow = Some(kind);
        if kind == ArrowKind::ExtraTurn && self.exp.extra == Extra::No {
            self.exp.extra = Extra::Earned;
        }
        self.log(Event::ArrowActivated {
            turn: self.turn,
            player: self.current,
            arrow: kind,
        });
    }

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
    pub(crate) fn portal_open(&self, tile: &PlacedTile, segment: u8) -> bool {
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
    fn portal_actions(&self, out: &mut Vec<Action>) {
        let avail = in_supply(&self.figs.supply[usize::from(self.current)]);
        let nodes = &self.board.features;
        // Two passes over a chunk of nodes: the first keeps, without a
        // branch, those with a figure to put (a coin toss on a random board,
        // mispredicted about once in four nodes when branched on); the second
        // lists the kept ones.
        const CHUNK: usize = 64;
        let mut kept = [(0 as Node, 0u8, false); CHUNK];
        let len = nodes.len() as Node;
        let mut first = 0;
        while first < len {
            let last = len.min(first + CHUNK as Node);
            let mut n = 0;
            for node in first..last {
                // As for a deployment ([`Game::place_actions_all`]): the
                // figures of each segment from one mask, not a branch per kind.
                let (open, cloister) = self.portal_state(node);
                let figures = nodes.stand(node) & avail & 0u8.wrapping_sub(u8::from(open));
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
    fn portal_node(&self, node: Node, mut figures: u8, cloister: bool, out: &mut Vec<Action>) {
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

    /// Ruling **add-next-to-kind**: the added figure joins exactly one own figure
    /// of any kind ("next to another of your meeples"), stands where it may, and
    /// is not a monk beside an abbot or an abbot beside a monk; never a third.
    fn check_add_next_to(&self, figure: FigureKind, at: Spot) -> Result<(), ActError> {
        if self.supply(self.current, figure) == 0 {
            return Err(ActError::NoFigureLeft(figure));
        }
        // None there, or two side by side.
        let there = self.alone_at(at).ok_or(ActError::BadAddNextTo)?;
        match self.may_join(figure, there) {
            true => Ok(()),
            false => Err(ActError::BadAddNextTo),
        }
    }

    /// The current player's figure at `at`, if exactly one stands there.
    fn alone_at(&self, at: Spot) -> Option<&Figure> {
        let mut mine = self
            .figs
            .all
            .iter()
            .filter(|f| f.player == self.current && f.spot() == at);
        match (mine.next(), mine.next()) {
            (Some(there), None) => Some(there),
            _ => None,
        }
    }

    /// Whether `figure` may be added next to the own figure `there`: it
    /// stands where it may, and is not a monk beside an abbot or an abbot
    /// beside a monk.
    fn may_join(&self, figure: FigureKind, there: &Figure) -> bool {
        let fits = figure.may_stand_on(self.board.features.kind(there.node));
        let mixed = (figure == FigureKind::Abbot) != (there.kind == FigureKind::Abbot);
        fits && !mixed
    }

    /// The figure step's placements an activated portal or add-next-to arrow
    /// offers.
    pub(crate) fn arrow_actions(&self, out: &mut Vec<Action>) {
        match self.exp.arrow {
            Some(ArrowKind::Portal) => self.portal_actions(out),
            Some(ArrowKind::AddNextTo) => {
                // Only this listing's own entries can repeat one (two own
                // figures side by side): the search starts there.
                // The own figures at a spot are counted once for all five
                // kinds (what `check_add_next_to` asks, in another order).
                let start = out.len();
                for f in self.figs.all.iter().filter(|f| f.player == self.current) {
                    let Some(there) = self.alone_at(f.spot()) else {
                        continue;
                    };
                    for figure in FigureKind::ALL {
                        let a = Action::AddNextTo {
                            figure,
                            at: f.spot(),
                        };
                        if self.supply(self.current, figure) != 0
                            && self.may_join(figure, there)
                            && !out[start..].contains(&a)
                        {
                            out.push(a);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Why a portal placement of `figure` at `at` is illegal now, if it is.
    pub(crate) fn check_portal(&self, figure: FigureKind, at: Spot) -> Result<(), ActError> {
        if self.exp.arrow != Some(ArrowKind::Portal) {
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

    /// Why adding `figure` next to the own figure at `at` is illegal now, if
    /// it is (the arrow must be active).
    pub(crate) fn check_add_next_to_arrow(
        &self,
        figure: FigureKind,
        at: Spot,
    ) -> Result<(), ActError> {
        if self.exp.arrow != Some(ArrowKind::AddNextTo) {
            return Err(ActError::NoArrow(ArrowKind::AddNextTo));
        }
        self.check_add_next_to(figure, at)
    }

    /// A portal or add-next-to placement (checked): `figure` from supply onto
    /// `at`.
    pub(crate) fn arrow_place(&mut self, figure: FigureKind, at: Spot) {
        if let Some(t) = self.board.grid.tile(at.pos) {
            let node = self.board.tiles[usize::from(t)].node_base + u16::from(at.segment);
            self.put_figure(self.current, figure, at, node);
        }
    }

    /// The arrow kinds the player may activate, as choices.
    pub(crate) fn arrow_choices_into(&self, out: &mut Vec<Choice>) {
        for kind in ARROWS {
            if self.exp.arrow_choices & arrow_bit(kind) != 0 {
                out.push(Choice::Arrow(kind));
            }
        }
    }
}
