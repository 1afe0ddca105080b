//! Game records (`spec/game-record.md`): a TOML file that fixes every draw and every
//! decision of one game, replayed against the `tilec-runtime` engine.
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
//! let record = tilec::record::parse(text).unwrap();
//! let game = tilec::record::replay(&record, tilec_runtime::tables::SETS).unwrap();
//! assert_eq!(tilec::record::check_expect(&record, &game), Ok(()));
//! ```

mod error;
mod raw;
mod replay;

pub use error::{RecordError, ReplayError, ReplayErrorKind};
pub use raw::parse;
pub use replay::{check_expect, replay};

use tilec_runtime::{FigureKind, Pos, Rotation};

/// A checked game record (names still unresolved: they need the tile sets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Player names, in turn order (2 to 6, distinct).
    pub players: Vec<String>,
    /// Ids of the tile sets in play.
    pub sets: Vec<String>,
    /// Id of the start tile.
    pub start: String,
    /// The turns, in order.
    pub turns: Vec<Turn>,
    /// Expected final scores, in player order.
    pub expect_scores: Option<Vec<u32>>,
}

/// One tile placement and its figure step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Id of the tile drawn.
    pub tile: String,
    /// Where it goes.
    pub at: Pos,
    /// How it is turned.
    pub rotation: Rotation,
    /// The figure step.
    pub step: Step,
}

/// The figure step of a turn, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// No figure.
    Pass,
    /// A figure on the segment named by `on` (a port as on the board, or a kind).
    Figure {
        /// Which figure.
        kind: FigureKind,
        /// The segment's name.
        on: String,
    },
    /// Take the own abbot back.
    RecallAbbot,
}
