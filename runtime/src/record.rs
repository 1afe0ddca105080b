//! Game records (`docs/game-record.md`; feature `record`): a TOML file that fixes
//! every draw and every decision of one game, replayed against the engine, and
//! written by a game that keeps its history ([`Game::to_record`](crate::Game::to_record)).
//!
//! Two stages, as everywhere in tilec: [`parse`] turns text into a checked
//! [`Record`] (every problem found at once, each naming its turn and key), and
//! [`replay`] plays it, stopping at the first illegal move with an error that names
//! the turn, the rule and what was legal. Neither panics on any input.
//!
//! Keys beyond the contract's subset, defined here:
//! - `recall = "abbot"` in a `[[turn]]`: instead of placing a figure, take the own
//!   abbot back (it scores its monastery or garden at once). Not with `figure`.
//! - `figure.kind` is `follower` or `abbot`.
//! - `drawn` and `waiting` at the top: a record written inside a turn (a tile
//!   in hand; a turn whose arrow, figure step or next answer is still to come),
//!   so that a game read back is the same position ([`Waiting`]).
//!
//! ```
//! let text = r#"
//! players = ["red", "blue"]
//! sets = ["base"]
//! start = { tile = "base/D" }
//! [[turn]]
//! tile = "base/U"
//! at = [1, 0]
//! rotation = 0
//! figure = { kind = "follower", on = "E" }
//! [expect]
//! scores = [2, 0]
//! "#;
//! let record = tilec_runtime::record::parse(text).unwrap();
//! let game = tilec_runtime::record::replay(&record, tilec_runtime::tables::SETS).unwrap();
//! assert_eq!(tilec_runtime::record::check_expect(&record, &game), Ok(()));
//! ```

mod error;
mod raw;
mod replay;
mod steps;
mod write;

pub use error::{DecisionReason, InvalidKind, RecordError, ReplayError, ReplayErrorKind};
pub use raw::{parse, MAX_PLAYER_NAME, MAX_RECORD_BYTES, MAX_RECORD_VALUES};
pub use replay::{check_expect, replay, replay_each, replay_with, resume, resume_in};
pub use steps::Steps;

use crate::{ArrowKind, FigureKind, Pos, Rotation};

/// A checked game record (names still unresolved: they need the tile sets).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    /// Player names, in turn order (2 to 6, distinct).
    pub players: Vec<String>,
    /// Ids of the tile sets in play.
    pub sets: Vec<String>,
    /// Id of the start tile.
    pub start: String,
    /// The turns, in order.
    pub turns: Vec<Turn>,
    /// `set_aside = [...]` at the top: tiles drawn after the last turn that fit
    /// nowhere (the pile ran out on them).
    pub set_aside: Vec<String>,
    /// Expected final scores, in player order.
    pub expect_scores: Option<Vec<i32>>,
    /// `seed = N`: the seed of the game's remaining draws, for a program that
    /// continues the game (Python's `Game.from_record`); a replay ignores it.
    /// 64 bits: a seed of 2^63 or more is written as a negative number, its
    /// two's complement.
    pub seed: Option<u64>,
    /// `drawn = "..."`: a record written while a tile was in hand: the tile
    /// drawn after the last turn (and after the top-level `set_aside`), not
    /// placed yet.
    pub drawn: Option<String>,
    /// `waiting = "..."`: a record written inside a turn: what the game waits
    /// for after the last turn as written (see [`Waiting`]).
    pub waiting: Option<Waiting>,
    /// The Tower: `ransom = { player, kind }` at the top: a ransom paid after
    /// the last turn, before the next draw (a record written then).
    pub ransom: Option<Ransom>,
}

/// What a record written inside a turn stops before (`waiting = "..."`): the
/// game read back waits for it, as the game that wrote the record did. A
/// record without it ends at a turn's end (or, with `drawn`, at a tile in hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Waiting {
    /// `"draw"`: the player to move holds a town hall and chose to draw
    /// instead of placing it; the tile is not drawn yet (a chance node).
    Draw,
    /// `"arrow"`: the last turn's tile is placed and activated arrows of
    /// several kinds; the choice among them is next.
    Arrow,
    /// `"figure"`: the last turn's tile is placed (its arrow chosen); its
    /// figure step is next.
    Figure,
    /// `"answer"`: the last turn's figure step is done, and the answers its
    /// `then` gives; the next decision (a mayor's, a scarecrow's, a
    /// messenger's) waits for its answer.
    Answer,
}

impl Waiting {
    /// Every value, in the order of a turn.
    pub const ALL: [Waiting; 4] = [
        Waiting::Draw,
        Waiting::Arrow,
        Waiting::Figure,
        Waiting::Answer,
    ];

    /// The value as a record writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Waiting::Draw => "draw",
            Waiting::Arrow => "arrow",
            Waiting::Figure => "figure",
            Waiting::Answer => "answer",
        }
    }
}

/// One tile placement and its figure step.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Turn {
    /// Id of the tile drawn.
    pub tile: String,
    /// Where it goes.
    pub at: Pos,
    /// How it is turned.
    pub rotation: Rotation,
    /// `arrow = "..."`: the arrow kind to activate when several could be.
    pub arrow: Option<ArrowKind>,
    /// The figure step.
    pub step: Step,
    /// `then = [...]`: answers to the decisions asked after scoring, matched by
    /// the figure they concern (and player, when named).
    pub then: Vec<Answer>,
    /// `set_aside = [...]`: tiles drawn before this turn's tile that fit
    /// nowhere and were set aside (or were held back: a dragon tile before the
    /// first volcano), in draw order.
    pub set_aside: Vec<String>,
    /// `dragon = ["N", "E", ...]`: the dragon's moves after the figure step
    /// (The Princess & the Dragon), in order, each made by the player whose
    /// move it is; directions 0 = N, 1 = E, 2 = S, 3 = W.
    pub dragon: Vec<u8>,
    /// The Tower: `ransom = { player, kind }`: before drawing, the turn's
    /// player pays 3 points to `player` to free one of their `kind` held
    /// there.
    pub ransom: Option<Ransom>,
}

/// The Tower: a ransom paid before a turn's draw (`ransom = { player = "blue"
/// }`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ransom {
    /// The name of the player holding the prisoner (who is paid).
    pub player: String,
    /// Which figure is freed (default `follower`).
    pub kind: FigureKind,
}

/// The Tower: the capture after a tower piece (`capture = { at, on }`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Capture {
    /// The square of the figure taken.
    pub at: Pos,
    /// Its segment, as a record names it, or `tower` for the top of a tower.
    pub on: String,
    /// Which figure, when several stand there.
    pub kind: Option<FigureKind>,
    /// Whose, when several players' stand there.
    pub of: Option<String>,
}

/// An answer to a decision after scoring, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Answer {
    /// The player deciding, when named (otherwise the first decision of that
    /// figure kind takes it).
    pub player: Option<String>,
    /// What is decided.
    pub what: AnswerKind,
}

impl AnswerKind {
    /// The figure whose decision this answers.
    pub fn figure(&self) -> FigureKind {
        match self {
            AnswerKind::MayorSwap { .. } | AnswerKind::MayorDecline => FigureKind::Mayor,
            AnswerKind::HandOver | AnswerKind::LieDown | AnswerKind::ScarecrowReturn => {
                FigureKind::Scarecrow
            }
            AnswerKind::MessengerMove { .. } | AnswerKind::MessengerReturn => FigureKind::Messenger,
            AnswerKind::WagonMove { .. } | AnswerKind::WagonReturn => FigureKind::Wagon,
        }
    }
}

/// The decisions a record can answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AnswerKind {
    /// `mayor = "swap"`: replace the opponent's follower at `at`/`on` (of player
    /// `of` when several stand there).
    MayorSwap {
        /// The tile's square.
        at: Pos,
        /// The segment's name.
        on: String,
        /// The opponent, when named.
        of: Option<String>,
    },
    /// `mayor = "decline"`.
    MayorDecline,
    /// `scarecrow = "hand-over"`.
    HandOver,
    /// `scarecrow = "lie-down"`.
    LieDown,
    /// `scarecrow = "return"`.
    ScarecrowReturn,
    /// `messenger = "move"` to `at`/`on`.
    MessengerMove {
        /// The tile's square.
        at: Pos,
        /// The segment's name.
        on: String,
    },
    /// `messenger = "return"`.
    MessengerReturn,
    /// `wagon = "move"` to `at`/`on` (Abbey & Mayor).
    WagonMove {
        /// The tile's square.
        at: Pos,
        /// The segment's name.
        on: String,
    },
    /// `wagon = "return"`.
    WagonReturn,
}

/// The figure step of a turn, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Step {
    /// No figure.
    Pass,
    /// A figure on the segment named by `on` (a port as on the board, or a kind)
    /// of the placed tile, or of the tile at `at` through a portal arrow.
    Figure {
        /// Which figure.
        kind: FigureKind,
        /// The segment's name.
        on: String,
        /// Another tile's square (a portal), if given.
        at: Option<Pos>,
        /// `portal = true`: through the portal arrow even onto the tile just
        /// placed.
        portal: bool,
    },
    /// Take the own abbot back.
    RecallAbbot,
    /// `add = { at, on }`: an add-next-to arrow's figure beside the own one there.
    Add {
        /// Which figure (default `follower`).
        kind: FigureKind,
        /// The tile's square.
        at: Pos,
        /// The segment's name.
        on: String,
    },
    /// `return = { at, on }`: a festival return of the own figure there.
    Return {
        /// Which figure, when named.
        kind: Option<FigureKind>,
        /// The tile's square.
        at: Pos,
        /// The segment's name.
        on: String,
    },
    /// `free = { at }`: free the own figure trapped on the tile at `at`.
    Free {
        /// Which figure (default `follower`).
        kind: FigureKind,
        /// The trap tile's square.
        at: Pos,
    },
    /// `princess = { at, on }`: the princess sends the knight there home.
    Princess {
        /// The knight's tile's square.
        at: Pos,
        /// The segment's name.
        on: String,
    },
    /// `fairy = { at, on }`: the fairy moves beside the own follower there.
    Fairy {
        /// The follower's tile's square.
        at: Pos,
        /// The segment's name.
        on: String,
    },
    /// The Tower: `tower = { at }`: a tower piece on the tower at `at`,
    /// then the capture written as `capture` (none when absent).
    Tower {
        /// The tower's square.
        at: Pos,
        /// The capture, if any.
        capture: Option<Capture>,
        /// `capture = false`: the capture was asked and declined (written
        /// when a later decision of the turn waits, so that a record read
        /// back there knows the capture is answered).
        declined: bool,
    },
}
