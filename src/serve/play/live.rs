//! A game being played: the runtime's [`Game`] (with its events and history),
//! who sits at each seat, and the seeded draw. Every move is the engine's:
//! a person's move arrives as notation text and is checked by [`Game::play`];
//! a bot picks among the moves the engine lists. The draw is automatic unless
//! the player may take the town hall instead, which is then a choice.

use super::bot::{self, Act, Seat};
use std::time::Duration;
use tilec_runtime::{DrawError, Game, Move, Phase, Player, Rng};

/// How long the Monte-Carlo bot thinks about one move.
pub const BOT_BUDGET: Duration = Duration::from_millis(100);

/// A game in play.
pub struct Live {
    /// The game (events and history on).
    pub game: Game,
    /// Who plays each seat.
    pub seats: Vec<Seat>,
    /// The players' names, in seat order.
    pub names: Vec<String>,
    draws: Rng,
    bots: Rng,
}

impl Live {
    /// A game at its first move (the first tile drawn).
    pub fn new(game: Game, seats: Vec<Seat>, names: Vec<String>, seed: u64) -> Live {
        let mut live = Live {
            game,
            seats,
            names,
            draws: Rng::new(seed),
            bots: Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15),
        };
        live.advance();
        live
    }

    /// The player who acts now (the one owing a decision, else the current
    /// player); `None` once the game is over.
    pub fn acting(&self) -> Option<Player> {
        match self.game.phase() {
            Phase::Over => None,
            Phase::Decide => self.game.decision().map(|d| d.player()),
            _ => Some(self.game.current_player()),
        }
    }

    /// What the player acting may do now, in the engine's order (the draw
    /// first when taking the town hall is the other option).
    pub fn acts(&self) -> Vec<Act> {
        let mut acts: Vec<Act> = self.game.legal_moves().into_iter().map(Act::Move).collect();
        if self.game.phase() == Phase::Draw && !acts.is_empty() {
            acts.insert(0, Act::Draw);
        }
        acts
    }

    /// Plays a person's move, given as notation (`place base/U 1,0 r90`,
    /// `follower 2`, `pass`, ...) or `draw`; the error is the engine's message.
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        match self.acting() {
            None => return Err("the game is over".into()),
            Some(p) if self.seats[usize::from(p)] != Seat::Person => {
                return Err(format!(
                    "it is {}'s move, a bot's",
                    self.names[usize::from(p)]
                ))
            }
            Some(_) => {}
        }
        let act = match text.trim() {
            "draw" if self.acts().first() == Some(&Act::Draw) => Act::Draw,
            "draw" => return Err("it is not time to choose the draw".into()),
            t => Act::Move(Move::parse(t, self.game.catalog()).map_err(|e| e.message)?),
        };
        self.apply(act)
    }

    /// Lets the bot acting now move; returns what it did. An error when a
    /// person acts or the game is over.
    pub fn bot_move(&mut self, budget: Duration) -> Result<String, String> {
        let Some(p) = self.acting() else {
            return Err("the game is over".into());
        };
        let seat = self.seats[usize::from(p)];
        if seat == Seat::Person {
            return Err(format!(
                "it is {}'s move, a person's",
                self.names[usize::from(p)]
            ));
        }
        let acts = self.acts();
        if acts.is_empty() {
            return Err("no legal move: the game cannot go on".into());
        }
        let i = bot::choose(seat, &self.game, &acts, p, &mut self.bots, budget);
        let text = self.act_text(acts[i]);
        self.apply(acts[i])?;
        Ok(text)
    }

    /// An option as text: `draw` or the move's notation.
    pub fn act_text(&self, act: Act) -> String {
        match act {
            Act::Draw => "draw".into(),
            Act::Move(m) => m.display(self.game.catalog()).to_string(),
        }
    }

    fn apply(&mut self, act: Act) -> Result<(), String> {
        match act {
            Act::Draw => self.draw().map_err(|e| e.to_string())?,
            Act::Move(m) => self.game.play(m).map_err(|e| e.to_string())?,
        }
        self.advance();
        Ok(())
    }

    /// Draws until a tile is to be placed, the player may take the town hall
    /// instead, or the game is over (final scoring runs by itself).
    fn advance(&mut self) {
        while self.game.phase() == Phase::Draw && self.game.legal_moves().is_empty() {
            if self.draw().is_err() {
                break;
            }
        }
    }

    fn draw(&mut self) -> Result<(), DrawError> {
        match self.game.draw_random(&mut self.draws) {
            Ok(_) | Err(DrawError::Over) => Ok(()),
            Err(e) => Err(e),
        }
    }
}
