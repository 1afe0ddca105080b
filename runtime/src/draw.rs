//! Drawing a named tile (a replayed game): the copy must be in the pile, and the
//! pile's order holds (river tiles, then the lake, then land tiles).

use crate::catalog::{KindId, PileClass};
use crate::event::Event;
use crate::figure::Player;
use crate::game::{Game, Phase};
use std::fmt;

/// Why a tile cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DrawError {
    /// It is not time to draw.
    WrongPhase,
    /// The kind is not in the catalog.
    UnknownKind(KindId),
    /// Every copy of the kind is already drawn.
    NoCopyLeft {
        /// The kind.
        kind: KindId,
        /// How many copies its set has.
        copies: u8,
    },
    /// The player holds no town hall (it is placed already, or none is in play).
    NoTownHall,
    /// Tiles of an earlier group (river tiles, then the lake) are still waiting
    /// and at least one of them fits.
    OutOfOrder {
        /// The kind asked for.
        kind: KindId,
        /// A waiting kind that fits and must come first.
        waiting: KindId,
    },
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::WrongPhase => f.write_str("it is not time to draw a tile"),
            DrawError::UnknownKind(k) => write!(f, "tile kind {k} is not in play"),
            DrawError::NoCopyLeft { copies, .. } => {
                write!(
                    f,
                    "every copy of this tile has been drawn (the sets have {copies})"
                )
            }
            DrawError::NoTownHall => f.write_str("the player holds no town hall to place"),
            DrawError::OutOfOrder { .. } => {
                f.write_str("river tiles are played first, then the lake, then land tiles")
            }
        }
    }
}

impl std::error::Error for DrawError {}

impl Game {
    /// Draws a copy of `kind` for the current player.
    ///
    /// Tiles of an earlier pile group that still wait but fit nowhere are set aside
    /// (for good) first; if one of them fits, the draw is out of order.
    pub fn draw(&mut self, kind: KindId) -> Result<(), DrawError> {
        if self.phase != Phase::Draw {
            return Err(DrawError::WrongPhase);
        }
        if usize::from(kind) >= self.cat.len() {
            return Err(DrawError::UnknownKind(kind));
        }
        if self.cat.pile_class(kind) == PileClass::TownHall {
            return self.take_town_hall();
        }
        if self.pile.count(kind) == 0 {
            return Err(DrawError::NoCopyLeft {
                kind,
                copies: self.cat.kind(kind).count,
            });
        }
        let waiting = self.pile.before(&self.cat, kind);
        if let Some(&w) = waiting.iter().find(|&&w| self.can_place(w)) {
            return Err(DrawError::OutOfOrder { kind, waiting: w });
        }
        for w in waiting {
            self.pile.take(&self.cat, w);
            self.log(Event::SetAside {
                turn: self.turn,
                kind: w,
            });
        }
        self.pile.take(&self.cat, kind);
        self.phase = Phase::Place(kind);
        Ok(())
    }

    /// Messengers & Mayors: takes the current player's town hall to place instead
    /// of drawing a land tile. A town hall fits next to any placed tile.
    pub fn take_town_hall(&mut self) -> Result<(), DrawError> {
        if self.phase != Phase::Draw {
            return Err(DrawError::WrongPhase);
        }
        let held = &mut self.town_halls[usize::from(self.current)];
        match (self.cat.rules.town_hall, *held) {
            (Some(kind), true) => {
                *held = false;
                self.phase = Phase::Place(kind);
                Ok(())
            }
            _ => Err(DrawError::NoTownHall),
        }
    }

    /// Whether `player` still holds a town hall to place.
    pub fn holds_town_hall(&self, player: Player) -> bool {
        self.town_halls
            .get(usize::from(player))
            .copied()
            .unwrap_or(false)
    }

    /// Whether `kind` is a river tile (spring, river or lake).
    pub fn is_river_tile(&self, kind: KindId) -> bool {
        usize::from(kind) < self.cat.len()
            && matches!(
                self.cat.pile_class(kind),
                PileClass::Spring | PileClass::River | PileClass::Lake
            )
    }
}
