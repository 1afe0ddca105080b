//! [`State`]: a game, its chance mode and its seeded chance stream, advanced
//! to the next choice of a player (or, with explicit chance, to the next draw).

use super::action::ActionSpace;
use crate::catalog::{Catalog, KindId};
use crate::draw::{DrawError, Drawn};
use crate::figure::Player;
use crate::game::{Game, Phase, Setup, SetupError};
use crate::moves::{Move, MoveError};
use crate::rng::Rng;
use std::fmt;
use std::sync::Arc;

/// How a [`State`] treats the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Chance {
    /// The state draws by itself, from its seeded chance stream: after every
    /// move the player to move has a choice to make.
    #[default]
    Sampled,
    /// The state stops before every draw ([`State::is_chance`]): the caller
    /// draws with [`State::draw`] (a named tile) or [`State::draw_random`].
    Explicit,
}

/// One choice of a player: a runtime [`Move`], or the draw when a player
/// holding a town hall chooses to draw instead of taking it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// Draw a tile (offered only beside [`Move::TakeTownHall`] or
    /// [`Move::Ransom`]).
    Draw,
    /// A move of the runtime.
    Move(Move),
}

/// Why a play or a draw was refused; the state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move breaks a rule.
    Move(MoveError),
    /// The draw is refused.
    Draw(DrawError),
    /// [`Play::Draw`] when no town hall could be taken instead (the draw is
    /// the state's own chance step then).
    DrawNotOffered,
    /// A player's move at a chance node: a tile must be drawn first.
    ChanceNode,
    /// A draw named by the caller when the state is at no chance node (with
    /// [`Chance::Sampled`] it draws by itself).
    NotChance,
}

impl PlayError {
    /// The message, with tiles named by their ids in `cat`.
    pub fn describe(&self, cat: &Catalog) -> String {
        match self {
            PlayError::Move(e) => e.describe(cat),
            PlayError::Draw(e) => e.describe(cat),
            e => e.to_string(),
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Move(e) => e.fmt(f),
            PlayError::Draw(e) => e.fmt(f),
            PlayError::DrawNotOffered => f.write_str(
                "the draw is the game's chance step: it is a choice only beside taking the town hall",
            ),
            PlayError::ChanceNode => {
                f.write_str("a tile must be drawn first (the game is at a chance node)")
            }
            PlayError::NotChance => f.write_str("the game is at no chance node: nothing to draw"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game as a search or learning algorithm sees it (see [the module](super)).
///
/// `Clone` gives a copy whose future draws come from a seed of its own,
/// derived from this state's: it never tells a searcher the real game's
/// future tiles. Two clones of one state draw alike; [`State::resample`] gives
/// each its own. Equality compares positions and the chance mode, not seeds.
#[derive(Debug)]
pub struct State {
    pub(super) game: Game,
    pub(super) seed: u64,
    pub(super) chance: Chance,
    /// The player chose to draw instead of taking the town hall, and the
    /// draw waits at the chance node.
    pub(super) drawing: bool,
    pub(super) space: ActionSpace,
}

/// The key of a clone's seed in the stream of its original's ([`Rng::keyed`];
/// draws use the tiles left as the key, never this).
const CLONE_KEY: u64 = u64::MAX;

impl Clone for State {
    fn clone(&self) -> State {
        State {
            seed: Rng::keyed(self.seed, CLONE_KEY).next_u64(),
            ..self.exact_copy()
        }
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.game == other.game && self.chance == other.chance && self.drawing == other.drawing
    }
}

impl State {
    /// A new game of `players` players that keeps its history (for its
    /// record and [`State::log`]), drawing from `seed`, advanced to the first
    /// choice (or draw).
    pub fn new(
        cat: Arc<Catalog>,
        players: usize,
        seed: u64,
        chance: Chance,
    ) -> Result<State, SetupError> {
        let game = Game::new(cat, Setup::new(players).with_history())?;
        Ok(State::from_game(game, seed, chance))
    }

    /// A state over `game` (whatever its setup), advanced to its next choice.
    pub fn from_game(game: Game, seed: u64, chance: Chance) -> State {
        let space = ActionSpace::new(game.catalog(), game.players());
        let mut state = State {
            game,
            seed,
            chance,
            drawing: false,
            space,
        };
        state.advance();
        state
    }

    /// A copy with the same seed: its future draws are this state's (a
    /// checkpoint; a searcher uses [`Clone`]).
    pub fn exact_copy(&self) -> State {
        State {
            game: self.game.clone(),
            seed: self.seed,
            chance: self.chance,
            drawing: self.drawing,
            space: self.space,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The seed of the chance stream.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How the state treats the draw.
    pub fn chance(&self) -> Chance {
        self.chance
    }

    /// The game's action index.
    pub fn action_space(&self) -> &ActionSpace {
        &self.space
    }

    /// Whether the game is over (final scoring done).
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Whether the state waits for a draw ([`Chance::Explicit`] only).
    pub fn is_chance(&self) -> bool {
        self.chance == Chance::Explicit && self.draw_due()
    }

    /// Whether a tile is to be drawn now (not a town hall choice first).
    fn draw_due(&self) -> bool {
        self.game.phase() == Phase::Draw
            && self.game.pile_len() > 0
            && (self.drawing || !self.game.draw_alternatives())
    }

    /// Whether the player to move may draw or take the town hall.
    pub fn offers_draw(&self) -> bool {
        self.game.phase() == Phase::Draw
            && self.game.pile_len() > 0
            && !self.drawing
            && self.game.draw_alternatives()
    }

    /// The player to move (during a decision, the one who decides; at a chance
    /// node, the one the tile is drawn for); `None` once the game is over.
    pub fn current_player(&self) -> Option<Player> {
        if self.is_over() {
            return None;
        }
        let d = self.game.decision();
        Some(d.map_or(self.game.current_player(), |d| d.player()))
    }

    /// The odds of the next draw: each kind with its probability, from the
    /// unseen pile (see [`Game::chance_outcomes`]); empty when no draw is
    /// next.
    pub fn chance_outcomes(&self) -> Vec<(KindId, f64)> {
        match self.game.pile_len() > 0 && !self.game.is_over() {
            true => self.game.chance_outcomes(),
            false => Vec::new(),
        }
    }

    /// Appends the legal moves of the player to move (none at a chance node
    /// or once over); [`State::offers_draw`] says whether [`Play::Draw`] is
    /// one more.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if !self.is_chance() {
            self.game.legal_moves_into(out);
        }
    }

    /// Appends every legal play: the draw when offered, then the moves.
    pub fn legal_plays_into(&self, out: &mut Vec<Play>) {
        if self.offers_draw() {
            out.push(Play::Draw);
        }
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        out.extend(moves.into_iter().map(Play::Move));
    }

    /// Plays `play` if it is legal now; otherwise the state is unchanged.
    pub fn play(&mut self, play: Play) -> Result<(), PlayError> {
        if self.is_chance() {
            return Err(PlayError::ChanceNode);
        }
        match play {
            Play::Draw if self.offers_draw() => self.drawing = true,
            Play::Draw if self.is_over() => return Err(PlayError::Move(MoveError::Over)),
            Play::Draw => return Err(PlayError::DrawNotOffered),
            Play::Move(m) => self.game.play(m).map_err(PlayError::Move)?,
        }
        self.advance();
        Ok(())
    }

    /// Draws `kind` at a chance node: it must be one of
    /// [`State::chance_outcomes`]. A tile that fits nowhere is set aside
    /// ([`Drawn::SetAside`]) and the state is at the next chance node.
    pub fn draw(&mut self, kind: KindId) -> Result<Drawn, PlayError> {
        if !self.is_chance() {
            return Err(PlayError::NotChance);
        }
        if !self.game.is_chance_outcome(kind) {
            return Err(PlayError::Draw(self.not_outcome(kind)));
        }
        let drawn = self.game.draw(kind).map_err(PlayError::Draw)?;
        self.drawing = false;
        self.advance();
        Ok(drawn)
    }

    /// Why `kind` is no outcome of the chance node.
    fn not_outcome(&self, kind: KindId) -> DrawError {
        let cat = self.game.catalog();
        if usize::from(kind) >= cat.len() || cat.pile_class(kind) == crate::PileClass::TownHall {
            return DrawError::UnknownKind(kind);
        }
        if self.game.pile_count(kind) == 0 {
            let copies = cat.kind(kind).count;
            return DrawError::NoCopyLeft { kind, copies };
        }
        let waiting = self.game.chance_outcomes().first().map_or(kind, |o| o.0);
        DrawError::OutOfOrder { kind, waiting }
    }

    /// Draws at a chance node from the state's chance stream (tiles that fit
    /// nowhere are set aside and drawn again, as with [`Chance::Sampled`]).
    pub fn draw_random(&mut self) -> Result<(), PlayError> {
        if !self.is_chance() {
            return Err(PlayError::NotChance);
        }
        self.draw_from_stream();
        self.advance();
        Ok(())
    }

    /// Reseeds the chance stream: the unseen pile (its contents unchanged)
    /// will come in another random order. On a searcher's copy, a
    /// determinization of the hidden order; on the real game, a reshuffle.
    pub fn resample(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Plays uniformly random legal plays to the end of the game, drawing the
    /// rest of the pile uniformly at random: both from `seed` alone, never
    /// from the state's own stream. Returns nothing; read the scores.
    pub fn playout(&mut self, seed: u64) {
        let mut rng = Rng::new(seed);
        let mut moves = Vec::with_capacity(64);
        loop {
            match self.game.phase() {
                Phase::Over => break,
                Phase::Draw if self.draw_due() || self.game.pile_len() == 0 => {
                    self.drawing = false;
                    let _ = self.game.draw_canonical(&mut rng);
                }
                _ => {
                    moves.clear();
                    self.game.legal_moves_into(&mut moves);
                    let draw = usize::from(self.offers_draw());
                    let i = rng.below((moves.len() + draw) as u32) as usize;
                    match i.checked_sub(draw) {
                        Some(i) => self.game.play_unchecked(moves[i]),
                        None => self.drawing = true,
                    }
                }
            }
        }
    }

    /// Each player's result once the game is over: 1 for the only player with
    /// the highest score, 0 for each of several sharing it, -1 for the others;
    /// all 0 before the end.
    pub fn returns(&self) -> Vec<f64> {
        let scores = self.game.scores();
        if !self.is_over() {
            return vec![0.0; scores.len()];
        }
        let best = scores.iter().copied().max().unwrap_or(0);
        let tops = scores.iter().filter(|&&s| s == best).count();
        let top = if tops == 1 { 1.0 } else { 0.0 };
        scores
            .iter()
            .map(|&s| if s == best { top } else { -1.0 })
            .collect()
    }

    /// Plays the chance steps up to the next choice of a player, the next
    /// chance node, or the end.
    pub(super) fn advance(&mut self) {
        while self.game.phase() == Phase::Draw {
            if self.game.pile_len() == 0 {
                // The town halls handed over, or final scoring: no chance.
                let _ = self.game.draw_canonical(&mut Rng::new(0));
            } else if self.offers_draw() || self.chance == Chance::Explicit {
                return;
            } else {
                self.draw_from_stream();
            }
        }
    }

    /// One draw (and the set-aside draws before it) from the chance stream:
    /// the generator keyed by the seed and the tiles left.
    fn draw_from_stream(&mut self) {
        self.drawing = false;
        let mut rng = Rng::keyed(self.seed, self.game.pile_len() as u64);
        let _ = self.game.draw_canonical(&mut rng);
    }
}
