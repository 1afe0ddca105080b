//! A state rebuilt exactly from its history (for pickling and worker
//! processes), and records that carry the chance stream's seed.

use super::state::{Chance, PlayError, State};
use crate::catalog::{Catalog, KindId};
use crate::draw::Drawn;
use crate::game::{Game, LogEntry, Phase, Setup, SetupError};
use crate::moves::Move;
use std::fmt;
use std::sync::Arc;

/// Why a state could not be rebuilt from its history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The setup (players, start tile) is refused.
    Setup(SetupError),
    /// Entry `index` of the history (or the tile in hand, at the history's
    /// length) cannot be played.
    Entry {
        /// Its place in the history.
        index: usize,
        /// Why.
        error: PlayError,
    },
    /// A set-aside entry whose tile fits somewhere, or a drawn tile that
    /// fits nowhere.
    SetAside {
        /// Its place in the history.
        index: usize,
    },
}

impl RestoreError {
    /// The message, with tiles named by their ids in `cat`.
    pub fn describe(&self, cat: &Catalog) -> String {
        match self {
            RestoreError::Entry { index, error } => {
                format!("history entry {index}: {}", error.describe(cat))
            }
            e => e.to_string(),
        }
    }
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Setup(e) => e.fmt(f),
            RestoreError::Entry { index, error } => write!(f, "history entry {index}: {error}"),
            RestoreError::SetAside { index } => write!(
                f,
                "history entry {index}: a tile set aside must fit nowhere, a tile placed somewhere"
            ),
        }
    }
}

impl std::error::Error for RestoreError {}

/// What [`State::from_log`] needs besides the catalog: the parts of a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts<'a> {
    /// Players.
    pub players: usize,
    /// The start tile.
    pub start: KindId,
    /// The history ([`State::log`]).
    pub log: &'a [LogEntry],
    /// The tile drawn and not yet placed ([`State::in_hand`]).
    pub in_hand: Option<KindId>,
    /// A draw chosen over the town hall waits ([`State::drawing`]).
    pub drawing: bool,
    /// The chance stream's seed.
    pub seed: u64,
    /// The chance mode.
    pub chance: Chance,
}

impl State {
    /// The history of set-aside draws and moves (empty when the game keeps
    /// none: a [`State::new`] game keeps it).
    pub fn log(&self) -> &[LogEntry] {
        self.game.history()
    }

    /// The tile drawn and waiting to be placed, if any.
    pub fn in_hand(&self) -> Option<KindId> {
        match self.game.phase() {
            Phase::Place(kind) => Some(kind),
            _ => None,
        }
    }

    /// Whether a draw chosen over the town hall waits at the chance node.
    pub fn drawing(&self) -> bool {
        self.drawing
    }

    /// The parts [`State::from_log`] rebuilds this state from.
    pub fn parts(&self) -> Parts<'_> {
        Parts {
            players: self.game.players(),
            start: self.game.placed_tiles()[0].kind,
            log: self.log(),
            in_hand: self.in_hand(),
            drawing: self.drawing,
            seed: self.seed,
            chance: self.chance,
        }
    }

    /// The state whose [`State::parts`] are `parts`: its history replayed
    /// on a new game (keeping history), the tile in hand drawn, exactly as
    /// it was, seed included.
    pub fn from_log(cat: Arc<Catalog>, parts: &Parts<'_>) -> Result<State, RestoreError> {
        let setup = Setup {
            start: Some(parts.start),
            ..Setup::new(parts.players).with_history()
        };
        let mut game = Game::new(cat, setup).map_err(RestoreError::Setup)?;
        for (index, &entry) in parts.log.iter().enumerate() {
            replay_entry(&mut game, entry, index)?;
        }
        if let Some(kind) = parts.in_hand.filter(|_| game.phase() == Phase::Draw) {
            draw(&mut game, kind, parts.log.len(), true)?;
        }
        let mut state = State::from_game(game, parts.seed, parts.chance);
        state.drawing = parts.drawing && state.offers_draw();
        Ok(state)
    }

    /// The game as a record ([`Game::to_record`]) with this state's seed; a
    /// draw chosen over the town hall and waiting at the chance node is
    /// `waiting = "draw"`.
    #[cfg(feature = "record")]
    pub fn to_record(&self, names: &[String]) -> Option<crate::record::Record> {
        let mut record = self.game.to_record(names)?;
        record.seed = Some(self.seed);
        if self.drawing {
            record.waiting = Some(crate::record::Waiting::Draw);
        }
        Some(record)
    }

    /// The state `record` was written at ([`crate::record::resume`]): after
    /// its turns, inside the last one where `drawn` and `waiting` say so
    /// (the same position, legal plays and observations as the state that
    /// wrote it), drawing on from `seed`, else the record's own `seed`, else 0.
    #[cfg(feature = "record")]
    pub fn from_record(
        record: &crate::record::Record,
        available: &[&crate::TileSet],
        options: crate::CatalogOptions,
        seed: Option<u64>,
        chance: Chance,
    ) -> Result<State, crate::record::ReplayError> {
        let game = crate::record::resume(record, available, options)?;
        Ok(State::resumed(game, record, seed, chance))
    }

    /// [`State::from_record`] with a catalog built already
    /// ([`crate::record::resume_in`]).
    #[cfg(feature = "record")]
    pub fn from_record_in(
        record: &crate::record::Record,
        cat: Arc<Catalog>,
        seed: Option<u64>,
        chance: Chance,
    ) -> Result<State, crate::record::ReplayError> {
        let game = crate::record::resume_in(record, cat)?;
        Ok(State::resumed(game, record, seed, chance))
    }

    /// The state over a game resumed from `record`.
    #[cfg(feature = "record")]
    fn resumed(
        game: Game,
        record: &crate::record::Record,
        seed: Option<u64>,
        chance: Chance,
    ) -> State {
        let mut state = State::from_game(game, seed.or(record.seed).unwrap_or(0), chance);
        if record.waiting == Some(crate::record::Waiting::Draw) {
            // The replay checked that a draw could be chosen here.
            state.drawing = state.offers_draw();
            state.advance();
        }
        state
    }
}

/// Plays one history entry.
fn replay_entry(game: &mut Game, entry: LogEntry, index: usize) -> Result<(), RestoreError> {
    let m = match entry {
        LogEntry::SetAside(kind) => return draw(game, kind, index, false),
        LogEntry::Move(m) => m,
    };
    if let (Move::Place { kind, .. }, Phase::Draw) = (m, game.phase()) {
        draw(game, kind, index, true)?;
    }
    game.play(m).map_err(|error| RestoreError::Entry {
        index,
        error: PlayError::Move(error),
    })
}

/// Draws `kind`, which must fit somewhere (`fits`) or nowhere.
fn draw(game: &mut Game, kind: KindId, index: usize, fits: bool) -> Result<(), RestoreError> {
    let drawn = game.draw(kind).map_err(|error| RestoreError::Entry {
        index,
        error: PlayError::Draw(error),
    })?;
    match (drawn, fits) {
        (Drawn::Place(_), true) | (Drawn::SetAside(_), false) => Ok(()),
        _ => Err(RestoreError::SetAside { index }),
    }
}
