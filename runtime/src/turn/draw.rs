//! Drawing a named tile (a replayed game): the copy must be in the pile, and the
//! pile's order holds (river forks, other river tiles, the lake, land tiles).

use crate::catalog::{KindId, PileClass};
use crate::game::{Game, Phase};
use std::fmt;

/// Why a tile cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum DrawError {
    /// The game is over (final scoring is done).
    Over,
    /// It is not time to draw: a drawn tile waits to be placed, or a figure
    /// step or decision is owed.
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
    /// Abbey & Mayor: the player holds no abbey (it is placed already, or
    /// none is in play).
    NoAbbey,
    /// Abbey & Mayor: no empty square has tiles on all four sides, so an
    /// abbey fits nowhere (ruling abbey-hole).
    NoAbbeySquare,
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::Over => f.write_str("the game is over"),
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
            DrawError::NoAbbey => f.write_str("the player holds no abbey to place"),
            DrawError::NoAbbeySquare => f.write_str(
                "an abbey goes only on an empty square with tiles on all four sides, and there \
                 is none (abbey-hole)",
            ),
        }
    }
}

impl std::error::Error for DrawError {}

impl DrawError {
    /// The message, with tiles named by their ids in `cat` (`Display` has no
    /// catalog and numbers them).
    pub fn describe(&self, cat: &crate::Catalog) -> String {
        use crate::moves::tile_id;
        match self {
            DrawError::UnknownKind(k) if usize::from(*k) < cat.len() => format!(
                "tile `{}` is never drawn from the pile (a town hall is taken, not drawn)",
                tile_id(cat, *k)
            ),
            DrawError::UnknownKind(k) => format!("tile kind {k} is not in play"),
            DrawError::NoCopyLeft { kind, copies } => format!(
                "every copy of `{}` has been drawn (the sets have {copies})",
                tile_id(cat, *kind)
            ),
            DrawError::OutOfOrder { kind, waiting } => format!(
                "`{}` cannot be drawn while `{}` waits: river tiles are played first, \
                 then the lake, then land tiles",
                tile_id(cat, *kind),
                tile_id(cat, *waiting)
            ),
            e => e.to_string(),
        }
    }
}

/// What a named draw ([`Game::draw`]) did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Drawn {
    /// The tile is drawn and waits to be placed ([`Phase::Place`]).
    Place(KindId),
    /// The tile fits nowhere: it is set aside for good, as the rules say, and
    /// the player draws again (the game stays in [`Phase::Draw`], or is over
    /// when nothing is left to draw).
    SetAside(KindId),
}

impl Game {
    /// Draws a copy of `kind` for the current player (a replay names the tiles;
    /// [`Game::draw_random`] is the seeded draw).
    ///
    /// Tiles of an earlier pile group that still wait but fit nowhere are set aside
    /// (for good) first; if one of them fits, the draw is out of order. A tile
    /// that fits nowhere is set aside ([`Drawn::SetAside`]). The kind of a
    /// tile the players hold (a town hall) takes the player's; once the pile
    /// is empty it is taken by the next player in turn order still holding
    /// one (the turn passes to them, as with [`Game::draw_random`]).
    pub fn draw(&mut self, kind: KindId) -> Result<Drawn, DrawError> {
        self.check_draw_phase()?;
        if usize::from(kind) >= self.cat.len() {
            return Err(DrawError::UnknownKind(kind));
        }
        if matches!(
            self.cat.pile_class(kind),
            PileClass::TownHall | PileClass::Abbey
        ) {
            // A tile the players hold, never in the pile.
            return self.draw_held(kind);
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
            self.set_aside(w);
        }
        self.pile.take(&self.cat, kind);
        if self.cat.rules.any && !self.keeps_drawn(kind) {
            // Held back by an expansion: the player draws again.
            if !self.tiles_left() {
                self.finish();
            }
            return Ok(Drawn::SetAside(kind));
        }
        if !self.can_place(kind) {
            self.set_aside(kind);
            if !self.tiles_left() {
                self.finish();
            }
            return Ok(Drawn::SetAside(kind));
        }
        self.phase = Phase::Place(kind);
        Ok(Drawn::Place(kind))
    }

    /// [`DrawError::Over`] or [`DrawError::WrongPhase`] unless it is time to draw.
    pub(crate) fn check_draw_phase(&self) -> Result<(), DrawError> {
        match self.phase {
            Phase::Draw => Ok(()),
            Phase::Over => Err(DrawError::Over),
            _ => Err(DrawError::WrongPhase),
        }
    }

    /// Each kind still in the pile (the tiles no player has seen) with its
    /// copies, in kind order. Town halls are held by the players, never in
    /// the pile.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// # let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let game = Game::new(cat.clone(), Setup::new(2))?;
    /// let counts = game.pile_counts();
    /// assert_eq!(counts.iter().map(|&(_, n)| n).sum::<usize>(), 71); // 72 less the start tile
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn pile_counts(&self) -> Vec<(KindId, usize)> {
        let mut out = Vec::new();
        self.pile.counts(&mut out);
        out
    }

    /// The chance node of the draw: each kind the next draw can give, with its
    /// probability (its copies over the copies of its pile group; river forks,
    /// then the other river tiles, then the lake come before land tiles), in
    /// kind order. Empty unless it is time to draw ([`Phase::Draw`]) with
    /// tiles in the pile. [`Game::draw_random`] draws by exactly these odds;
    /// [`Game::draw`] of one of them is that outcome. A tile drawn that fits
    /// nowhere is set aside and the game is at the next chance node.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// # let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let game = Game::new(cat.clone(), Setup::new(2))?;
    /// let odds = game.chance_outcomes();
    /// let u = odds.iter().find(|&&(k, _)| k == cat.kind_id("base/U").unwrap()).unwrap();
    /// assert_eq!(u.1, 7.0 / 71.0); // 7 plain straight roads among 71 tiles
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn chance_outcomes(&self) -> Vec<(KindId, f64)> {
        let mut counts = Vec::new();
        if self.phase != Phase::Draw {
            return Vec::new();
        }
        let mut total = self.pile.current_counts(&mut counts);
        if self.cat.rules.any {
            // A tile an expansion would hold back is no outcome (a dragon
            // tile before the first volcano): the draw goes on to another.
            counts.retain(|&(k, n)| {
                let held = self.held_back(k);
                total -= if held { n } else { 0 };
                !held
            });
        }
        counts
            .into_iter()
            .map(|(k, n)| (k, n as f64 / total as f64))
            .collect()
    }

    /// Whether `kind` is in the pile group the next draw comes from (a
    /// [`Game::chance_outcomes`] outcome).
    pub fn is_chance_outcome(&self, kind: KindId) -> bool {
        self.phase == Phase::Draw
            && self.pile.in_current(kind)
            && !(self.cat.rules.any && self.held_back(kind))
    }

    /// Whether `kind` is a river tile (spring, fork, river or lake).
    pub fn is_river_tile(&self, kind: KindId) -> bool {
        usize::from(kind) < self.cat.len()
            && matches!(
                self.cat.pile_class(kind),
                PileClass::Spring | PileClass::Fork | PileClass::River | PileClass::Lake
            )
    }
}
