//! Random play: uniform placements, a random figure now and then. Used by
//! `tilec simulate`, the benchmark and the conformance test. Written over the
//! move API ([`Game::legal_moves_into`], [`Game::play_unchecked`]), with one
//! shortcut: the placement is picked by [`Game::nth_legal_placement`] without
//! listing them all.

use crate::figure::Action;
use crate::game::{Game, Phase};
use crate::moves::Move;
use crate::rng::Rng;

/// A random player that reuses its buffers from turn to turn.
#[derive(Clone, Debug, Default)]
pub struct RandomPlayer {
    /// Probability of deploying a figure (or recalling the abbot) when one can.
    pub figure_rate: f64,
    actions: Vec<Action>,
    moves: Vec<Move>,
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

    /// Plays the rest of one turn: the draw if it is time to draw (or takes
    /// the town hall), then the placement of the tile drawn (one drawn
    /// already is played as it is), the figure step and the decisions. Returns
    /// the number of legal placements it chose from, or `None` when the game
    /// is over.
    ///
    /// Every decision is random: a player holding a town hall places it instead
    /// of drawing with probability 1 / (its turns left + 1), so that town halls
    /// spread over the game; owed decisions take a uniformly random legal answer.
    pub fn turn(&mut self, game: &mut Game, rng: &mut Rng) -> Option<usize> {
        if game.phase() == Phase::Draw {
            self.draw(game, rng)?;
        }
        let mut n = 0;
        loop {
            // Each arm plays its own kind of move: `play_unchecked` is inlined
            // and its dispatch folds away.
            match game.phase() {
                Phase::Place(kind) => {
                    n = game.legal_placement_count();
                    let placement = game.nth_legal_placement(rng.below(n as u32) as usize)?;
                    game.play_unchecked(Move::Place { kind, placement });
                }
                Phase::Figure => {
                    let action = self.figure_step(game, rng);
                    game.play_unchecked(Move::Figure(action));
                }
                Phase::Decide => {
                    let m = self.decide(game, rng)?;
                    game.play_unchecked(m);
                }
                Phase::Draw => return Some(n),
                Phase::Over => return (n > 0).then_some(n),
            }
        }
    }

    /// Plays on (as [`RandomPlayer::turn`]) until the game is at a figure
    /// step; false once it is over. For tests that look at every figure step.
    #[cfg(test)]
    pub(crate) fn turn_until_figure_step(&mut self, game: &mut Game, rng: &mut Rng) -> bool {
        loop {
            match game.phase() {
                Phase::Figure => return true,
                Phase::Over => return false,
                Phase::Draw => {
                    if self.draw(game, rng).is_none() {
                        return false;
                    }
                }
                Phase::Place(kind) => {
                    let n = game.legal_placement_count();
                    let Some(placement) = game.nth_legal_placement(rng.below(n as u32) as usize)
                    else {
                        return false;
                    };
                    game.play_unchecked(Move::Place { kind, placement });
                }
                Phase::Decide => match self.decide(game, rng) {
                    Some(m) => game.play_unchecked(m),
                    None => return false,
                },
            }
        }
    }

    /// The draw, or a held tile (a town hall) taken instead; `None` when the
    /// game is over.
    fn draw(&mut self, game: &mut Game, rng: &mut Rng) -> Option<()> {
        let held = game.cat.rules.any
            && game.pile_len() > 0
            && game.holds_tile(game.current_player())
            && {
                let turns_left = game.pile_len() / game.players();
                rng.below(turns_left as u32 + 1) == 0
            };
        if held {
            self.moves.clear();
            game.legal_moves_into(&mut self.moves);
            // One held tile: no draw of the random stream to pick it.
            let n = self.moves.len() as u32;
            let i = if n > 1 { rng.below(n) as usize } else { 0 };
            if let Some(&m) = self.moves.get(i) {
                game.play_unchecked(m);
                return Some(());
            }
        }
        if game.cat.rules.any && game.cat.exp.tower.is_some() && game.may_ransom() {
            self.ransom(game, rng);
        }
        game.draw_random(rng).ok()?;
        Some(())
    }

    /// The Tower: before drawing, with a ransom to pay, pays one at random
    /// half the time.
    #[cold]
    #[inline(never)]
    fn ransom(&mut self, game: &mut Game, rng: &mut Rng) {
        if !rng.chance(0.5) {
            return;
        }
        self.moves.clear();
        game.legal_moves_into(&mut self.moves);
        self.moves.retain(|m| matches!(m, Move::Ransom { .. }));
        let n = self.moves.len() as u32;
        if n > 0 {
            let m = self.moves[rng.below(n) as usize];
            game.play_unchecked(m);
        }
    }

    /// A pass, or with probability `figure_rate` a uniformly random other
    /// figure-step action (the figure step's own list, as
    /// [`Game::legal_moves_into`] lists them: a little cheaper on this hot path).
    #[inline]
    fn figure_step(&mut self, game: &Game, rng: &mut Rng) -> Action {
        if rng.chance(self.figure_rate) {
            self.actions.clear();
            game.legal_actions_into(&mut self.actions);
            if self.actions.len() > 1 {
                return self.actions[1 + rng.below(self.actions.len() as u32 - 1) as usize];
            }
        }
        Action::Pass
    }

    /// A uniformly random answer to the decision owed.
    #[cold]
    #[inline(never)]
    fn decide(&mut self, game: &Game, rng: &mut Rng) -> Option<Move> {
        self.moves.clear();
        game.legal_moves_into(&mut self.moves);
        let i = rng.below(self.moves.len().max(1) as u32) as usize;
        self.moves.get(i).copied()
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
