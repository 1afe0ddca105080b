//! Games across with JCloisterZone: its saved games (`.jcz`, the JSON its
//! client writes) read as tilec's game records ([`import`]), and records
//! written as saves its client opens and replays ([`export`]). The mapping
//! (tile ids and turns, positions, where a figure stands, meeple ids, each
//! expansion's messages) is described in `docs/jcz-games.md`.
//!
//! Stages, values in and out: [`save`] reads the JSON into a checked
//! [`save::Save`] (every problem located by its JSON path), [`ids`] maps the
//! tile-sets and tiles, [`rooms`] holds each expansion's elements, rules and
//! messages, [`location`] where figures stand; [`import`] and [`export`] put
//! them together and replay the game with tilec's engine, so that what they
//! return is a game tilec plays. Nothing here touches the file system.

pub mod export;
pub mod ids;
pub mod import;
pub mod location;
pub mod rooms;
pub mod save;

pub use export::{export, Exported};
pub use import::{import, Imported};

use std::fmt;

/// A problem with a save or a record, where it lies (a JSON path such as
/// `replay[12].payload.position`, or a record's turn), what is wrong and a
/// hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where.
    pub at: String,
    /// What is wrong.
    pub what: String,
    /// What to do, when there is something to say.
    pub hint: Option<String>,
}

impl Problem {
    /// A problem at `at`.
    pub fn new(at: &str, what: impl Into<String>, hint: Option<&str>) -> Problem {
        Problem {
            at: at.to_string(),
            what: what.into(),
            hint: hint.map(str::to_string),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.what)?;
        if let Some(h) = &self.hint {
            write!(f, "\n  = hint: {h}")?;
        }
        Ok(())
    }
}
