//! The fairy (ruling fairy).

use super::portal::is_follower;
use super::FairyAt;
use crate::act::ActError;
use crate::event::{Event, PointsReason};
use crate::figure::{Action, Figure, Spot};
use crate::game::{Extra, Game, Phase};

impl Game {
    /// The spots of the current player's followers the fairy may move
    /// beside: not the one it stands beside already.
    fn fairy_targets(&self, out: &mut Vec<Spot>) {
        let now = self
            .exp
            .princess_dragon
            .fairy
            .filter(|f| f.bound && f.player == self.current)
            .map(|f| f.at);
        for fig in &self.figs.all {
            let at = fig.spot();
            if fig.player == self.current
                && is_follower(fig.kind)
                && Some(at) != now
                && !out.contains(&at)
            {
                out.push(at);
            }
        }
    }

    /// The fairy's moves: one per own follower's spot.
    pub(super) fn fairy_actions(&self, out: &mut Vec<Action>) {
        let mut spots = Vec::new();
        self.fairy_targets(&mut spots);
        out.extend(spots.into_iter().map(|at| Action::Fairy { at }));
    }

    /// Why moving the fairy beside the follower at `at` is illegal now.
    pub(super) fn check_fairy(&self, at: Spot) -> Result<(), ActError> {
        if self.cat.exp.princess_dragon.is_none() {
            return Err(ActError::BadFairy);
        }
        let mut spots = Vec::new();
        self.fairy_targets(&mut spots);
        match spots.contains(&at) {
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
