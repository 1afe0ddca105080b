//! A game as Python sees it: the runtime's [`Game`] and the seeded random
//! stream of its chance steps, advanced to the next choice of a player after
//! every move.
//!
//! The draw is the engine's chance step ([`Game::draw_random`] from the seed):
//! it is played for the player, except when the player could take the town
//! hall instead; then the two are the legal moves ([`Mv::Draw`],
//! [`Mv::TownHall`]). A game whose pile is empty and whose town halls are
//! placed is scored at once ([`Game::finish`]).

use crate::moves::Mv;
use std::sync::Arc;
use tilec_runtime::{Catalog, Game, KindId, Phase, Rng, Setup};

/// A game and its chance stream.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The runtime's game.
    pub game: Game,
    /// The stream the draws come from.
    pub rng: Rng,
}

impl Engine {
    /// A new game of `players` players whose draws come from `seed`, advanced to
    /// the first player's first choice.
    pub fn new(cat: Arc<Catalog>, players: usize, seed: u64) -> Result<Engine, String> {
        let setup = Setup {
            events: false,
            ..Setup::new(players)
        };
        let game = Game::new(cat, setup).map_err(|e| e.to_string())?;
        let mut engine = Engine {
            game,
            rng: Rng::new(seed),
        };
        engine.advance();
        Ok(engine)
    }

    /// Plays the chance steps up to the next choice of a player, or to the end.
    fn advance(&mut self) {
        while self.game.phase() == Phase::Draw {
            if self.town_hall_choice() {
                return;
            }
            if self.game.draw_random(&mut self.rng).is_none() {
                self.game.finish();
            }
        }
    }

    /// Whether the player to draw may take the town hall instead.
    fn town_hall_choice(&self) -> bool {
        self.game.phase() == Phase::Draw
            && self.game.pile_len() > 0
            && self.game.holds_town_hall(self.game.current_player())
    }

    /// Whether the game is over (final scoring done).
    pub fn is_over(&self) -> bool {
        self.game.phase() == Phase::Over
    }

    /// The tile waiting to be placed, if any.
    pub fn drawn(&self) -> Option<KindId> {
        match self.game.phase() {
            Phase::Place(kind) => Some(kind),
            _ => None,
        }
    }

    /// Appends every legal move to `out`, in the runtime's order of each phase.
    pub fn legal_moves_into(&self, out: &mut Vec<Mv>, scratch: &mut Scratch) {
        let game = &self.game;
        match game.phase() {
            Phase::Draw if self.town_hall_choice() => out.extend([Mv::Draw, Mv::TownHall]),
            Phase::Place(_) => {
                scratch.placements.clear();
                game.legal_placements_into(&mut scratch.placements);
                out.extend(scratch.placements.iter().map(|&p| Mv::Place(p)));
            }
            Phase::Figure => {
                scratch.actions.clear();
                game.legal_actions_into(&mut scratch.actions);
                out.extend(scratch.actions.iter().map(|&a| Mv::Act(a)));
            }
            Phase::Decide => {
                scratch.choices.clear();
                game.legal_choices_into(&mut scratch.choices);
                out.extend(scratch.choices.iter().map(|&c| Mv::Choose(c)));
            }
            _ => {}
        }
    }

    /// Plays `mv` if it is legal now; otherwise says which rule forbids it and
    /// changes nothing.
    pub fn play(&mut self, mv: Mv) -> Result<(), String> {
        let hall_choice = self.town_hall_choice();
        let over = self.is_over();
        let game = &mut self.game;
        let done = match mv {
            Mv::Draw if hall_choice => {
                // The pile is not empty: a tile is drawn or the hall is taken.
                game.draw_random(&mut self.rng);
                Ok(())
            }
            Mv::Draw => Err(if over {
                "the game is over".to_string()
            } else {
                "the draw is the engine's chance step: it is played for the player \
                 unless a town hall could be taken instead"
                    .to_string()
            }),
            Mv::TownHall => game.take_town_hall().map_err(|e| e.to_string()),
            Mv::Place(p) => game.place(p).map_err(|e| e.to_string()),
            Mv::Act(a) => game.act(a).map_err(|e| e.to_string()),
            Mv::Choose(c) => game.choose(c).map_err(|e| e.to_string()),
        };
        done?;
        self.advance();
        Ok(())
    }

    /// Plays uniformly random legal moves (chosen with `rng`) to the end.
    pub fn playout(&mut self, rng: &mut Rng, moves: &mut Vec<Mv>, scratch: &mut Scratch) {
        while !self.is_over() {
            moves.clear();
            self.legal_moves_into(moves, scratch);
            let Some(&mv) = moves.get(rng.below(moves.len() as u32) as usize) else {
                return;
            };
            // A legal move: playing it cannot fail.
            let _ = self.play(mv);
        }
    }
}

/// Buffers for [`Engine::legal_moves_into`], kept between calls.
#[derive(Default, Debug)]
pub struct Scratch {
    placements: Vec<tilec_runtime::Placement>,
    actions: Vec<tilec_runtime::Action>,
    choices: Vec<tilec_runtime::Choice>,
}
