//! The Festival: a festival tile's figure step may return one of the player's
//! own figures from the board instead of deploying one.
//!
//! Rulings (`docs/rules/festival.md`):
//! - **festival-before-scoring**: the figure leaves before this turn's features
//!   score.
//! - **festival-trapped**: an own trapped figure is returned by
//!   [`Action::Free`], which this turn offers too (`promos.rs`).

use super::Expansion;
use crate::act::ActError;
use crate::catalog::KindInfo;
use crate::event::ReturnReason;
use crate::figure::{Action, FigureKind, Spot};
use crate::game::{Game, PlacedTile};
use crate::mark::MarkKind;
use crate::research::ActionBlock;

/// The Festival: in play when a tile carries its symbol.
pub(crate) struct Festival;

impl Expansion for Festival {
    type Rules = ();
    type State = ();
    const MARKS: &'static [MarkKind] = &[MarkKind::Festival];
    const ACTIONS: &'static [ActionBlock] = &[ActionBlock::Return];

    fn rules(kinds: &[KindInfo]) -> Option<()> {
        kinds.iter().any(|k| k.festival).then_some(())
    }

    fn actions(game: &Game, tile: &PlacedTile, out: &mut Vec<Action>) {
        game.festival_actions(tile, out);
    }

    fn check(game: &Game, tile: &PlacedTile, action: Action) -> Option<Result<(), ActError>> {
        match action {
            Action::Return { at, figure } => Some(game.check_return(tile, figure, at)),
            _ => None,
        }
    }

    fn apply(game: &mut Game, _: PlacedTile, action: Action) {
        if let Action::Return { at, figure } = action {
            game.festival_return(figure, at);
        }
    }
}

impl Game {
    /// On a festival tile, the figure step may return any own figure on the
    /// board (one action per figure and spot).
    fn festival_actions(&self, tile: &PlacedTile, out: &mut Vec<Action>) {
        if !self.cat.kinds[usize::from(tile.kind)].festival {
            return;
        }
        // Only this listing's own entries can repeat one (two own figures of a
        // kind side by side): the search starts there.
        let start = out.len();
        for f in &self.figs.all {
            let a = Action::Return {
                at: f.spot(),
                figure: f.kind,
            };
            if f.player == self.current && !out[start..].contains(&a) {
                out.push(a);
            }
        }
    }

    /// Why returning `figure` from `at` is illegal now, if it is: the placed
    /// tile is a festival and an own figure of that kind stands there (ruling
    /// festival-trapped: a trapped one is freed by [`Action::Free`]).
    fn check_return(
        &self,
        tile: &PlacedTile,
        figure: FigureKind,
        at: Spot,
    ) -> Result<(), ActError> {
        let festival = self.cat.kinds[usize::from(tile.kind)].festival;
        let there = self
            .figs
            .all
            .iter()
            .any(|f| f.player == self.current && f.kind == figure && f.spot() == at);
        (festival && there)
            .then_some(())
            .ok_or(ActError::NoFestivalReturn)
    }

    /// Returns the own `figure` at `at` to supply (ruling
    /// festival-before-scoring: before this turn's features score).
    fn festival_return(&mut self, figure: FigureKind, at: Spot) {
        if let Some(i) = self.figure_at(self.current, figure, at) {
            self.send_home(i, ReturnReason::Festival);
        }
    }
}
