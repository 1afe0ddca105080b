//! Random play: uniform placements, a random figure now and then. Used by
//! `tilec simulate`, the benchmark and the conformance test.

use crate::decide::Choice;
use crate::figure::Action;
use crate::game::{Game, Phase};
use crate::rng::Rng;

/// A random player that reuses its buffers from turn to turn.
#[derive(Clone, Debug, Default)]
pub struct RandomPlayer {
    /// Probability of deploying a figure (or recalling the abbot) when one can.
    pub figure_rate: f64,
    actions: Vec<Action>,
    choices: Vec<Choice>,
}

/// What one random game did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    /// Turns played.
    pub turns: u32,
    /// Legal placements offered, summed over the turns.
    pub placements: u64,
}

impl RandomPlayer {
    /// A player that takes a figure action with probability `figure_rate`.
    pub fn new(figure_rate: f64) -> RandomPlayer {
        RandomPlayer {
            figure_rate,
            ..RandomPlayer::default()
        }
    }

    /// Plays one turn; returns the number of legal placements it chose from, or
    /// `None` when the pile is empty and every town hall is placed (the game is
    /// ready for [`Game::finish`]).
    ///
    /// Every decision is random: a player holding a town hall places it instead
    /// of drawing with probability 1 / (its turns left + 1), so that town halls
    /// spread over the game; owed decisions take a uniformly random legal answer.
    pub fn turn(&mut self, game: &mut Game, rng: &mut Rng) -> Option<usize> {
        let me = game.current_player();
        let hall = game.cat.rules.town_hall.is_some()
            && game.holds_town_hall(me)
            && game.pile_len() > 0
            && {
                let turns_left = game.pile_len() / game.players();
                rng.below(turns_left as u32 + 1) == 0
            };
        if !hall || game.take_town_hall().is_err() {
            game.draw_random(rng)?;
        }
        let n = game.legal_placement_count();
        let choice = game.nth_legal_placement(rng.below(n as u32) as usize)?;
        game.place_unchecked(choice);
        if game.phase == Phase::Decide {
            self.decide(game, rng);
        }
        let mut action = Action::Pass;
        if rng.chance(self.figure_rate) {
            self.actions.clear();
            game.legal_actions_into(&mut self.actions);
            if self.actions.len() > 1 {
                action = self.actions[1 + rng.below(self.actions.len() as u32 - 1) as usize];
            }
        }
        game.act_unchecked(action);
        if game.phase == Phase::Decide {
            self.decide(game, rng);
        }
        Some(n)
    }

    /// Answers every owed decision at random.
    #[cold]
    #[inline(never)]
    fn decide(&mut self, game: &mut Game, rng: &mut Rng) {
        while game.phase() == Phase::Decide {
            self.choices.clear();
            game.legal_choices_into(&mut self.choices);
            let Some(&c) = self
                .choices
                .get(rng.below(self.choices.len().max(1) as u32) as usize)
            else {
                return;
            };
            game.choose_unchecked(c);
        }
    }

    /// Plays the game to its end, final scoring included.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let mut game = Game::new(cat, Setup::new(2)).unwrap();
    /// let stats = RandomPlayer::new(0.3).play(&mut game, &mut Rng::new(1));
    /// assert_eq!(game.phase(), Phase::Over);
    /// assert!(stats.turns > 0 && game.pile_len() == 0);
    /// ```
    pub fn play(&mut self, game: &mut Game, rng: &mut Rng) -> GameStats {
        let mut stats = GameStats::default();
        while let Some(n) = self.turn(game, rng) {
            stats.turns += 1;
            stats.placements += n as u64;
        }
        game.finish();
        stats
    }
}
