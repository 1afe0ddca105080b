//! The 20th Anniversary's add-next-to arrow: a figure beside an own one
//! (ruling add-next-to-kind).

use crate::act::ActError;
use crate::figure::{Action, Figure, FigureKind, Spot};
use crate::game::Game;
use crate::tile::ArrowKind;

impl Game {
    /// The add-next-to arrow's placements: beside each own figure that
    /// stands alone, every kind in supply that may join it.
    pub(super) fn add_actions(&self, out: &mut Vec<Action>) {
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
    /// beside a monk; nothing joins a barn (Abbey & Mayor: no farmer in a
    /// field with a barn, ruling barn-corner).
    fn may_join(&self, figure: FigureKind, there: &Figure) -> bool {
        let fits = figure.may_stand_on(self.board.features.kind(there.node));
        let mixed = (figure == FigureKind::Abbot) != (there.kind == FigureKind::Abbot);
        fits && !mixed && there.kind != FigureKind::Barn
    }

    /// Why adding `figure` next to the own figure at `at` is illegal now, if
    /// it is (the arrow must be active).
    pub(super) fn check_add_next_to_arrow(
        &self,
        figure: FigureKind,
        at: Spot,
    ) -> Result<(), ActError> {
        if self.exp.anniversary.arrow != Some(ArrowKind::AddNextTo) {
            return Err(ActError::NoArrow(ArrowKind::AddNextTo));
        }
        self.check_add_next_to(figure, at)
    }
}
