//! The figure step: deploy a figure on the tile just placed, take the abbot back,
//! or pass; then the placement's completed features score and the turn passes.

use crate::event::{Cause, Event, Scoring};
use crate::figure::{Action, Figure, FigureKind};
use crate::game::{Game, Phase, PlacedTile};
use crate::scoring::is_cloister;
use crate::tile::SegmentKind;
use std::fmt;

/// Why a figure-step action is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ActError {
    /// It is not the figure step.
    WrongPhase,
    /// The player has no such figure in supply.
    NoFigureLeft(FigureKind),
    /// The tile just placed has no such segment.
    NoSuchSegment(u8),
    /// This figure may not stand on this kind of segment.
    NotAllowed {
        /// The figure.
        figure: FigureKind,
        /// The segment's kind.
        kind: SegmentKind,
    },
    /// The segment's feature already holds a figure.
    Occupied {
        /// The segment.
        segment: u8,
    },
    /// The player's abbot is not on the board.
    NoAbbotOnBoard,
}

impl fmt::Display for ActError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActError::WrongPhase => f.write_str("it is not the figure step"),
            ActError::NoFigureLeft(k) => write!(f, "no {k} left in supply"),
            ActError::NoSuchSegment(s) => write!(f, "the tile has no segment {s}"),
            ActError::NotAllowed { figure, kind } => {
                write!(f, "{figure}s may not stand on a {}", kind.name())
            }
            ActError::Occupied { .. } => {
                f.write_str("the feature already holds a figure (occupied feature)")
            }
            ActError::NoAbbotOnBoard => f.write_str("the abbot is not on the board"),
        }
    }
}

impl std::error::Error for ActError {}

impl Game {
    /// The tile placed this turn, during the figure step.
    pub fn last_placed(&self) -> Option<&PlacedTile> {
        (self.phase == Phase::Figure)
            .then(|| self.tiles.last())
            .flatten()
    }

    /// Appends every legal figure-step action to `out`, [`Action::Pass`] first.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Some(tile) = self.last_placed() else {
            return;
        };
        out.push(Action::Pass);
        let supply = &self.supply[usize::from(self.current)];
        let k = &self.cat.kinds[usize::from(tile.kind)];
        // The segments some figure in supply may stand on, lowest first; for
        // each, the figures in `FigureKind::ALL` order.
        let mut segs = 0;
        for figure in FigureKind::ALL {
            if supply[figure.index()] != 0 {
                segs |= k.stand[figure.index()];
            }
        }
        while segs != 0 {
            let segment = segs.trailing_zeros() as u8;
            segs &= segs - 1;
            let node = tile.node_base + u16::from(segment);
            if self.features[self.features.find(node)].figures != 0 {
                continue;
            }
            for figure in FigureKind::ALL {
                if supply[figure.index()] != 0 && k.stand[figure.index()] & 1 << segment != 0 {
                    out.push(Action::Place { figure, segment });
                }
            }
        }
        // Every abbot in supply: none on the board, so no scan of the figures.
        let abbots = supply[FigureKind::Abbot.index()];
        if abbots < FigureKind::Abbot.per_player() && self.abbot_on_board().is_some() {
            out.push(Action::RecallAbbot);
        }
    }

    /// Every legal figure-step action, [`Action::Pass`] first.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Why `action` is illegal now, if it is.
    pub fn check_action(&self, action: Action) -> Result<(), ActError> {
        let Some(tile) = self.last_placed() else {
            return Err(ActError::WrongPhase);
        };
        match action {
            Action::Pass => Ok(()),
            Action::Place { figure, segment } => self.check_place(tile, figure, segment),
            Action::RecallAbbot => self
                .abbot_on_board()
                .map(|_| ())
                .ok_or(ActError::NoAbbotOnBoard),
        }
    }

    fn check_place(
        &self,
        tile: &PlacedTile,
        figure: FigureKind,
        segment: u8,
    ) -> Result<(), ActError> {
        let segs = &self.cat.kinds[usize::from(tile.kind)].segs;
        let seg = segs
            .get(usize::from(segment))
            .ok_or(ActError::NoSuchSegment(segment))?;
        if !figure.may_stand_on(seg.kind) {
            return Err(ActError::NotAllowed {
                figure,
                kind: seg.kind,
            });
        }
        if self.supply(self.current, figure) == 0 {
            return Err(ActError::NoFigureLeft(figure));
        }
        let root = self.features.find(tile.node_base + u16::from(segment));
        if self.features[root].figures > 0 {
            return Err(ActError::Occupied { segment });
        }
        Ok(())
    }

    fn abbot_on_board(&self) -> Option<usize> {
        self.figures
            .iter()
            .position(|f| f.player == self.current && f.kind == FigureKind::Abbot)
    }

    /// Takes the figure-step decision, if legal; then completed features score and
    /// the next player is to draw.
    pub fn act(&mut self, action: Action) -> Result<(), ActError> {
        self.check_action(action)?;
        self.act_unchecked(action);
        Ok(())
    }

    /// Takes the decision without checking it (the caller took it from
    /// [`Game::legal_actions`]). Does nothing outside the figure step.
    pub fn act_unchecked(&mut self, action: Action) {
        let Some(&tile) = self.last_placed() else {
            return;
        };
        match action {
            Action::Place { figure, segment } => self.deploy(tile, figure, segment),
            Action::RecallAbbot => self.recall_abbot(),
            Action::Pass => {}
        }
        self.score_completed(tile);
        // Not `%`: a division per turn shows in profiles.
        self.current = if self.current + 1 == self.players {
            0
        } else {
            self.current + 1
        };
        self.turn += 1;
        self.phase = Phase::Draw;
    }

    fn deploy(&mut self, tile: PlacedTile, kind: FigureKind, segment: u8) {
        let node = tile.node_base + u16::from(segment);
        let root = self.features.find(node);
        self.features[root].figures += 1;
        let player = self.current;
        let stock = &mut self.supply[usize::from(player)][kind.index()];
        *stock = stock.saturating_sub(1);
        let cloister = is_cloister(self.features[node].kind);
        self.cloistered += usize::from(cloister);
        self.figures.push(Figure {
            player,
            kind,
            pos: tile.pos,
            segment,
            node,
            cloister,
        });
        let event = Event::FigurePlaced {
            turn: self.turn,
            player,
            figure: kind,
            pos: tile.pos,
            segment,
        };
        self.log(event);
    }

    fn recall_abbot(&mut self) {
        let Some(i) = self.abbot_on_board() else {
            return;
        };
        let abbot = self.figures.remove(i);
        self.cloistered -= usize::from(abbot.cloister);
        let root = self.features.find(abbot.node);
        self.features[root].figures -= 1;
        self.supply[usize::from(abbot.player)][FigureKind::Abbot.index()] += 1;
        let points = self.cloister_points(abbot.node);
        self.scores[usize::from(abbot.player)] += points;
        let scoring = Scoring {
            turn: self.turn,
            cause: Cause::AbbotRecall,
            feature: self.features[abbot.node].kind,
            tiles: vec![abbot.pos],
            pennants: 0,
            cities: 0,
            points,
            winners: vec![abbot.player],
            returned: vec![(abbot.player, FigureKind::Abbot)],
        };
        self.log(Event::Scored(scoring));
    }
}
