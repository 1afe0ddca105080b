//! The builder and the pig: their placement beside an own follower, the
//! builder's extra turn, and their going home once alone.

use super::is_special;
use crate::act::ActError;
use crate::event::{Event, ReturnReason};
use crate::features::Node;
use crate::figure::{Action, FigureKind, Player};
use crate::game::{Extra, Game, PlacedTile};
use crate::tile::SegmentKind;

impl Game {
    /// The builder and pig placements on the tile just placed, segment by
    /// segment.
    pub(super) fn tb_actions(&self, tile: &PlacedTile, out: &mut Vec<Action>) {
        let segs = self.cat.kinds[usize::from(tile.kind)].segs.len() as u8;
        for segment in 0..segs {
            for figure in [FigureKind::Builder, FigureKind::Pig] {
                if self.check_special(tile, figure, segment).is_ok() {
                    out.push(Action::Place { figure, segment });
                }
            }
        }
    }

    /// Why placing the builder or pig `figure` on `segment` of the tile just
    /// placed is illegal, if it is (rulings builder-beside-follower,
    /// builder-open, pig-beside-farmer).
    pub(super) fn check_special(
        &self,
        tile: &PlacedTile,
        figure: FigureKind,
        segment: u8,
    ) -> Result<(), ActError> {
        let segs = &self.cat.kinds[usize::from(tile.kind)].segs;
        let seg = segs
            .get(usize::from(segment))
            .ok_or(ActError::NoSuchSegment(segment))?;
        let fits = match figure {
            FigureKind::Pig => seg.kind == SegmentKind::Field,
            _ => matches!(seg.kind, SegmentKind::Road | SegmentKind::City),
        };
        if self.cat.exp.traders_builders.is_none() || !fits {
            return Err(ActError::NotAllowed {
                figure,
                kind: seg.kind,
            });
        }
        self.may_deploy(tile)?;
        if self.supply(self.current, figure) == 0 {
            return Err(ActError::NoFigureLeft(figure));
        }
        let f = &self.board.features;
        let root = f.find(tile.node_base + u16::from(segment));
        if figure == FigureKind::Builder && f.open(root) == 0 {
            return Err(ActError::BuilderComplete);
        }
        if !self.has_follower_in(self.current, root) {
            return Err(ActError::NoOwnFollower(figure));
        }
        Ok(())
    }

    /// Whether `player` has a follower (any figure but a builder or pig) in
    /// the feature rooted at `root`.
    fn has_follower_in(&self, player: Player, root: Node) -> bool {
        let f = &self.board.features;
        f.figures(root) > 0
            && self
                .figs
                .all
                .iter()
                .any(|g| g.player == player && !is_special(g.kind) && f.find(g.node) == root)
    }

    /// Ruling builder-turn: the tile just placed joins the road or city of
    /// the current player's builder: one more turn (none in an extra turn).
    pub(super) fn builder_extended(&mut self, tile: PlacedTile) {
        if self.extra != Extra::No {
            return;
        }
        let me = self.current;
        let Some(b) = self
            .figs
            .all
            .iter()
            .find(|g| g.player == me && g.kind == FigureKind::Builder)
            .copied()
        else {
            return;
        };
        let f = &self.board.features;
        let root = f.find(b.node);
        let segs = self.cat.kinds[usize::from(tile.kind)].segs.len() as u16;
        let joined = (0..segs).any(|s| f.find(tile.node_base + s) == root);
        if joined && b.pos != tile.pos {
            self.earn_extra_turn();
            self.log(Event::BuilderTurn {
                turn: self.turn,
                player: me,
                at: b.spot(),
            });
        }
    }

    /// Ruling alone: every builder and pig whose feature holds no follower
    /// of its owner's goes home.
    pub(super) fn send_lonely_home(&mut self) {
        // A feature's figures that score leave together (its builder and pig
        // too): only a figure leaving on its own can leave one alone.
        if !std::mem::take(&mut self.scratch.lifted) {
            return;
        }
        let mut i = 0;
        while i < self.figs.all.len() {
            let g = self.figs.all[i];
            if is_special(g.kind)
                && !self.has_follower_in(g.player, self.board.features.find(g.node))
            {
                self.send_home(i, ReturnReason::Alone);
            } else {
                i += 1;
            }
        }
    }
}
