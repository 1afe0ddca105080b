//! A game as Python sees it: the runtime's [`Game`] and the seeded random
//! stream of its chance steps, advanced to the next choice of a player after
//! every move.
//!
//! The draw is the engine's chance step ([`Game::draw_random`] from the seed):
//! it is played for the player, except when the player could take the town
//! hall instead; then the two are the legal moves ([`Mv::Draw`] and the
//! runtime's [`Move::TakeTownHall`]). The runtime scores the end when nothing
//! is left to draw.

use crate::moves::Mv;
use std::sync::Arc;
use tilec_runtime::{Catalog, Game, KindId, Move, Phase, Rng, Setup};

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
    /// the first player's first choice; with `history`, it keeps what its
    /// record needs ([`Game::to_record`]).
    pub fn new(
        cat: Arc<Catalog>,
        players: usize,
        seed: u64,
        history: bool,
    ) -> Result<Engine, String> {
        let setup = Setup {
            history,
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
        while self.game.phase() == Phase::Draw && !self.town_hall_choice() {
            // An error is the end of the game (final scoring done).
            if self.game.draw_random(&mut self.rng).is_err() {
                return;
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
        self.game.is_over()
    }

    /// The tile waiting to be placed, if any.
    pub fn drawn(&self) -> Option<KindId> {
        match self.game.phase() {
            Phase::Place(kind) => Some(kind),
            _ => None,
        }
    }

    /// Appends every legal move to `out`, in the runtime's order.
    pub fn legal_moves_into(&self, out: &mut Vec<Mv>, scratch: &mut Vec<Move>) {
        if self.town_hall_choice() {
            out.push(Mv::Draw);
        }
        scratch.clear();
        self.game.legal_moves_into(scratch);
        out.extend(scratch.iter().map(|&m| Mv::Play(m)));
    }

    /// Plays `mv` if it is legal now; otherwise says which rule forbids it and
    /// changes nothing.
    pub fn play(&mut self, mv: Mv) -> Result<(), String> {
        match mv {
            Mv::Draw if self.town_hall_choice() => {
                // The pile is not empty: a tile is drawn, or the hall is taken.
                let _ = self.game.draw_random(&mut self.rng);
            }
            Mv::Draw if self.is_over() => return Err("the game is over".to_string()),
            Mv::Draw => {
                return Err(
                    "the draw is the engine's chance step: it is played for the \
                            player unless a town hall could be taken instead"
                        .to_string(),
                )
            }
            Mv::Play(m) => self.game.play(m).map_err(|e| e.to_string())?,
        }
        self.advance();
        Ok(())
    }

    /// Plays uniformly random legal moves (chosen with `rng`) to the end.
    pub fn playout(&mut self, rng: &mut Rng, moves: &mut Vec<Mv>, scratch: &mut Vec<Move>) {
        while !self.is_over() {
            moves.clear();
            self.legal_moves_into(moves, scratch);
            let Some(&mv) = moves.get(rng.below(moves.len() as u32) as usize) else {
                return;
            };
            match mv {
                Mv::Play(m) => self.game.play_unchecked(m),
                Mv::Draw => {
                    let _ = self.game.draw_random(&mut self.rng);
                }
            }
            self.advance();
        }
    }
}
