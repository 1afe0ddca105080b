//! The fairy (ruling fairy).

use super::portal::is_follower;
use super::FairyAt;
use crate::act::ActError;
use crate::event::{Event, PointsReason};
use crate::figure::{Action, Figure, Spot};
use crate::game::{Extra, Game, Phase};

impl Game {
    /// Whether the fairy may move beside `fig`: the current player's
    /// follower, not the one it stands beside already.
    fn fairy_target(&self, fig: &Figure) -> bool {
        let now = self
            .exp
            .princess_dragon
            .fairy
            .filter(|f| f.bound && f.player == self.current)
            .map(|f| f.at);
        fig.player == self.current && is_follower(fig.kind) && Some(fig.spot()) != now
    }

    /// The fairy's moves: one per own follower's spot (in the figures'
    /// order; no list of its own: this runs at every figure step).
    pub(super) fn fairy_actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        for fig in &self.figs.all {
            let action = Action::Fairy { at: fig.spot() };
            if self.fairy_target(fig) && !out[start..].contains(&action) {
                out.push(action);
            }
        }
    }

    /// Why moving the fairy beside the follower at `at` is illegal now.
    pub(super) fn check_fairy(&self, at: Spot) -> Result<(), ActError> {
        let mut all = self.figs.all.iter();
        match self.cat.exp.princess_dragon.is_some()
            && all.any(|f| f.spot() == at && self.fairy_target(f))
        {
            true => Ok(()),
            false => Err(ActError::BadFairy),
        }
    }

    /// The fairy moves beside the current player's follower at `at`.
    pub(super) fn move_fairy(&mut self, at: Spot) {
        let player = self.current;
        self.exp.princess_dragon.fairy = Some(FairyAt {
            at,
            player,
            bound: true,
        });
        self.log(Event::FairyMoved {
            turn: self.turn,
            player,
            at,
        });
    }

    /// The fairy's follower scored: 3 to its owner; the fairy stays, beside
    /// nobody.
    pub(super) fn fairy_scored(&mut self, figure: &Figure) {
        let Some(fairy) = self.exp.princess_dragon.fairy else {
            return;
        };
        if !fairy.bound || fairy.player != figure.player || fairy.at != figure.spot() {
            return;
        }
        if !is_follower(figure.kind) {
            return;
        }
        self.exp.princess_dragon.fairy = Some(FairyAt {
            bound: false,
            ..fairy
        });
        self.fairy_points(figure.player, 3, PointsReason::FairyScored);
    }

    /// Unbinds the fairy when its follower has left without scoring (sent
    /// home by the dragon's neighbour rules, a princess, a festival...).
    pub(super) fn fairy_check(&mut self) {
        let Some(fairy) = self.exp.princess_dragon.fairy else {
            return;
        };
        let stays = |f: &Figure| f.player == fairy.player && f.spot() == fairy.at;
        if fairy.bound
            && !self
                .figs
                .all
                .iter()
                .any(|f| stays(f) && is_follower(f.kind))
        {
            self.exp.princess_dragon.fairy = Some(FairyAt {
                bound: false,
                ..fairy
            });
        }
    }

    /// A turn begins: 1 to its player if the fairy stands beside one of
    /// their followers (not in an extra turn).
    pub(super) fn fairy_turn_point(&mut self) {
        let Some(fairy) = self.exp.princess_dragon.fairy else {
            return;
        };
        if fairy.bound
            && fairy.player == self.current
            && self.extra != Extra::Playing
            && self.phase == Phase::Draw
        {
            self.fairy_points(fairy.player, 1, PointsReason::FairyTurn);
        }
    }

    fn fairy_points(&mut self, player: u8, points: i32, reason: PointsReason) {
        self.scores[usize::from(player)] += points;
        self.log(Event::Points {
            turn: self.turn,
            player,
            points,
            reason,
        });
    }
}
