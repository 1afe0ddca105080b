//! A record stepped through, as a viewer shows it: the record and three
//! games (the start, the step shown, the end), never a game per step. A step
//! is reached by playing the record's turns on from the step shown before,
//! or from the start when it lies earlier.

use super::replay::{play_rest, setup, TurnReplay};
use super::{Record, ReplayError, Waiting};
use crate::catalog::CatalogOptions;
use crate::{Game, Setup, TileSet};

/// A checked record and where a viewer stands in it: step 0 is the game
/// before the first turn, step `n` the game after turn `n`, the last step
/// the game after final scoring.
///
/// ```
/// use tilec_runtime::{record, tables, catalog::CatalogOptions};
/// let text = "players = [\"a\", \"b\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n\
///             [[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\n";
/// let rec = record::parse(text).unwrap();
/// let mut steps = record::Steps::new(rec, tables::SETS, CatalogOptions::default()).unwrap();
/// assert_eq!(steps.len(), 3); // the start, after turn 1, after final scoring
/// assert_eq!(steps.at(1).placed_tiles().len(), 2);
/// assert!(steps.at(2).is_over() && !steps.at(0).is_over());
/// ```
#[derive(Clone, Debug)]
pub struct Steps {
    record: Record,
    start: Game,
    end: Game,
    /// The step of `game`.
    at: usize,
    game: Game,
}

impl Steps {
    /// Replays `record` once with the sets it names (found in `available`),
    /// with events, as [`super::replay_each`] does: its first illegal move is
    /// the error. What is kept is the record and three games.
    pub fn new(
        record: Record,
        available: &[&TileSet],
        options: CatalogOptions,
    ) -> Result<Steps, ReplayError> {
        let start = setup(&record, available, options, Setup::new(0).with_events())?;
        let mut end = play_rest(&record, start.clone(), &mut |_| {})?;
        end.finish();
        Ok(Steps {
            record,
            game: start.clone(),
            start,
            end,
            at: 0,
        })
    }

    /// The number of steps: the record's turns and two.
    pub fn len(&self) -> usize {
        self.record.turns.len() + 2
    }

    /// Never: a record has a start and an end.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The record.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The game at step `step` (the last step beyond it).
    pub fn at(&mut self, step: usize) -> &Game {
        let last = self.len() - 1;
        match step {
            0 => return &self.start,
            s if s >= last => return &self.end,
            s if s < self.at => {
                self.game = self.start.clone();
                self.at = 0;
            }
            _ => {}
        }
        while self.at < step {
            let turn = TurnReplay {
                n: self.at + 1,
                turn: &self.record.turns[self.at],
                players: &self.record.players,
                // The last turn stops where `waiting` says, as in `replay`.
                stop: self
                    .record
                    .waiting
                    .filter(|&w| self.at + 1 == self.record.turns.len() && w != Waiting::Draw),
            };
            // `new` played these turns on the same games: they cannot fail.
            if turn.play(&mut self.game).is_err() {
                break;
            }
            self.at += 1;
        }
        &self.game
    }
}
