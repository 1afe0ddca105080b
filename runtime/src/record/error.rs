//! Record and replay errors; all message text lives in the `Display` impls here.

use crate::{ActError, CatalogError, DrawError, PlaceError, Placement, SetupError};
use std::fmt;

/// A problem with the record's text, before anything is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not valid TOML, or a key of the wrong type, missing or unknown (the TOML
    /// library's message, with line and column).
    Toml(String),
    /// A value that parses but breaks the contract.
    Invalid {
        /// The turn (1-based), for a key inside a `[[turn]]`.
        turn: Option<usize>,
        /// The key.
        key: &'static str,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Toml(m) => write!(f, "{}", m.trim_end()),
            RecordError::Invalid {
                turn: Some(t),
                key,
                message,
            } => {
                write!(f, "turn {t}, key `{key}`: {message}")
            }
            RecordError::Invalid {
                turn: None,
                key,
                message,
            } => write!(f, "key `{key}`: {message}"),
        }
    }
}

/// The replay stopped: the first illegal or impossible move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The turn (1-based); 0 for the setup and the start tile.
    pub turn: usize,
    /// The turn's tile, as written.
    pub tile: String,
    /// What went wrong.
    pub kind: ReplayErrorKind,
}

/// What stopped a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayErrorKind {
    /// A set id that is not shipped.
    UnknownSet {
        /// The id.
        id: String,
        /// The shipped ids.
        known: Vec<String>,
    },
    /// The sets cannot be played together.
    Catalog(CatalogError),
    /// The game cannot start.
    Setup(SetupError),
    /// A tile id that is in none of the sets in play.
    UnknownTile,
    /// The tile cannot be drawn now.
    Draw(DrawError),
    /// `set_aside` names a tile that fits somewhere (it must be placed).
    SetAsideFits {
        /// The tile's id.
        id: String,
    },
    /// A tile of an earlier pile group still fits and must be played first.
    OutOfOrder {
        /// The id of a waiting tile that fits.
        waiting: String,
    },
    /// The placement breaks a rule.
    Place {
        /// The placement asked for.
        at: Placement,
        /// The rule it breaks.
        error: PlaceError,
        /// Every legal placement of the tile.
        legal: Vec<Placement>,
    },
    /// `figure.on` names no segment of the placed tile.
    NoSegment {
        /// The name as written.
        on: String,
        /// The names that would work.
        names: Vec<String>,
    },
    /// An arrow choice or a decision after scoring is missing or breaks a rule.
    Decision {
        /// What is wrong.
        message: String,
        /// The legal answers, as a record writes them.
        legal: Vec<String>,
    },
    /// The figure step breaks a rule.
    Figure {
        /// The step as written.
        step: String,
        /// The rule it breaks.
        error: ActError,
        /// Every legal figure step.
        legal: Vec<String>,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.turn == 0 {
            write!(f, "setup: ")?;
        } else {
            write!(f, "turn {} (`{}`): ", self.turn, self.tile)?;
        }
        match &self.kind {
            ReplayErrorKind::UnknownSet { id, known } => {
                write!(f, "unknown tile set `{id}` (known: {})", known.join(", "))
            }
            ReplayErrorKind::Catalog(e) => write!(f, "the sets cannot be played: {e}"),
            ReplayErrorKind::Setup(e) => write!(f, "{e}"),
            ReplayErrorKind::UnknownTile => write!(f, "no such tile in the sets in play"),
            ReplayErrorKind::Draw(e) => write!(f, "cannot draw this tile: {e}"),
            ReplayErrorKind::SetAsideFits { id } => write!(
                f,
                "set_aside: `{id}` fits on the board, so it cannot be set aside (only a \
                 drawn tile that fits nowhere is)"
            ),
            ReplayErrorKind::OutOfOrder { waiting } => write!(
                f,
                "cannot draw this tile yet: river tiles are played first, then the lake, \
                 then land tiles (`{waiting}` still fits)"
            ),
            ReplayErrorKind::Place { at, error, legal } => {
                write!(f, "illegal placement at {at}: {error}; legal: ")?;
                list(f, legal.iter().map(|p| p.to_string()).collect())
            }
            ReplayErrorKind::NoSegment { on, names } => {
                write!(
                    f,
                    "figure.on: the placed tile has no segment `{on}`; segments: "
                )?;
                list(f, names.clone())
            }
            ReplayErrorKind::Decision { message, legal } if legal.is_empty() => {
                write!(f, "{message}")
            }
            ReplayErrorKind::Decision { message, legal } => {
                write!(f, "{message}; legal: ")?;
                list(f, legal.clone())
            }
            ReplayErrorKind::Figure { step, error, legal } => {
                write!(f, "illegal figure step ({step}): {error}; legal: ")?;
                list(f, legal.clone())
            }
        }
    }
}

fn list(f: &mut fmt::Formatter<'_>, items: Vec<String>) -> fmt::Result {
    if items.is_empty() {
        return write!(f, "none");
    }
    write!(f, "{}", items.join(", "))
}

impl std::error::Error for ReplayError {}
impl std::error::Error for RecordError {}
