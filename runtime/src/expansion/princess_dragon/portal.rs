//! The magic portal and the princess (rulings magic-portal, princess).

use crate::act::ActError;
use crate::event::ReturnReason;
use crate::figure::{Action, FigureKind, Spot};
use crate::game::{Game, PlacedTile};
use crate::mark::MarkKind;
use crate::tile::{ArrowKind, SegmentKind};

impl Game {
    /// Whether the tile just placed is a magic portal (and the anniversary's
    /// portal arrow is not what places this turn's portal figures).
    pub(crate) fn magic_portal_open(&self, tile: &PlacedTile) -> bool {
        self.cat.exp.princess_dragon.is_some()
            && self.active_arrow() != Some(ArrowKind::Portal)
            && super::has(self, tile.kind, MarkKind::MagicPortal)
    }

    /// The magic portal's deployments: the portal's targets on the other
    /// tiles of the board (those of the tile just placed are its ordinary
    /// deployments), never the dragon's square.
    pub(super) fn magic_portal_actions(&self, tile: &PlacedTile, out: &mut Vec<Action>) {
        if !self.magic_portal_open(tile) {
            return;
        }
        let start = out.len();
        self.portal_actions(out);
        let dragon = self.exp.princess_dragon.dragon;
        let mut kept = start;
        for i in start..out.len() {
            let away = match out[i] {
                Action::Portal { at, .. } => at.pos != tile.pos && Some(at.pos) != dragon,
                _ => true,
            };
            if away {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Why a portal deployment of `figure` at `at` is illegal now, if it is:
    /// the anniversary's portal arrow, or else the magic portal.
    pub(super) fn check_magic_portal(
        &self,
        tile: &PlacedTile,
        figure: FigureKind,
        at: Spot,
    ) -> Result<(), ActError> {
        if self.active_arrow() == Some(ArrowKind::Portal) || !self.magic_portal_open(tile) {
            return self.check_portal(figure, at);
        }
        if self.supply(self.current, figure) == 0 {
            return Err(ActError::NoFigureLeft(figure));
        }
        if at.pos == tile.pos || Some(at.pos) == self.exp.princess_dragon.dragon {
            return Err(ActError::BadMagicPortal);
        }
        match self.portal_target(at) {
            Some((_, kind)) if figure.may_stand_on(kind) => Ok(()),
            _ => Err(ActError::BadMagicPortal),
        }
    }

    /// The followers the princess of the tile just placed may send home: the
    /// figures (any player's, but builders and pigs) in the cities of its
    /// princess city parts, by spot (the first at a spot stands for all).
    fn princess_targets(&self, tile: &PlacedTile, out: &mut Vec<Spot>) {
        let def = &self.cat.kinds[usize::from(tile.kind)].def;
        let f = &self.board.features;
        for m in def.marks.iter() {
            if m.kind != MarkKind::Princess || usize::from(m.segment) >= def.segments.len() {
                continue;
            }
            if def.segments[usize::from(m.segment)].kind != SegmentKind::City {
                continue;
            }
            let root = f.find(tile.node_base + u16::from(m.segment));
            if f.figures(root) == 0 {
                continue;
            }
            for fig in &self.figs.all {
                if is_follower(fig.kind) && f.find(fig.node) == root && !out.contains(&fig.spot()) {
                    out.push(fig.spot());
                }
            }
        }
    }

    /// The princess's actions: one per knight's spot.
    pub(super) fn princess_actions(&self, tile: &PlacedTile, out: &mut Vec<Action>) {
        if !self.cat.kinds[usize::from(tile.kind)]
            .def
            .has_mark(MarkKind::Princess)
        {
            return;
        }
        let mut spots = Vec::new();
        self.princess_targets(tile, &mut spots);
        out.extend(spots.into_iter().map(|at| Action::Princess { at }));
    }

    /// Why sending the knight at `at` home is illegal now, if it is.
    pub(super) fn check_princess(&self, tile: &PlacedTile, at: Spot) -> Result<(), ActError> {
        let def = &self.cat.kinds[usize::from(tile.kind)].def;
        if self.cat.exp.princess_dragon.is_none() || !def.has_mark(MarkKind::Princess) {
            return Err(ActError::NoPrincess);
        }
        let mut spots = Vec::new();
        self.princess_targets(tile, &mut spots);
        match spots.contains(&at) {
            true => Ok(()),
            false => Err(ActError::BadPrincess),
        }
    }

    /// The princess sends the (first) knight at `at` home.
    pub(super) fn princess(&mut self, at: Spot) {
        let i = self
            .figs
            .all
            .iter()
            .position(|f| is_follower(f.kind) && f.spot() == at);
        if let Some(i) = i {
            self.send_home(i, ReturnReason::Princess);
            self.fairy_check();
        }
    }
}

/// Whether `kind` is a follower for the princess and the fairy: any figure
/// but Traders & Builders' builder and pig and Abbey & Mayor's barn
/// (JCloisterZone's `Special` figures).
pub(super) fn is_follower(kind: FigureKind) -> bool {
    !crate::expansion::traders_builders::is_special(kind) && kind != FigureKind::Barn
}
