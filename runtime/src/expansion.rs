//! The expansions' hooks: the named points of a turn where the turn
//! (`turn/`) hands over to the expansions' rooms, one module each:
//!
//! - [`anniversary`]: 20th Anniversary arrows (scoring, activation, portal,
//!   add-next-to, extra turn);
//! - [`festival`]: the festival's return of an own figure;
//! - [`promos`]: the Russian promos: Vodyanoy's lake and Solovei's tree (the
//!   traps, freeing, the end-of-game penalty), Baba Yaga's hut;
//! - [`mm`]: Messengers & Mayors: town halls, the mayor, the scarecrow, the
//!   messengers.
//!
//! Everything is driven by the tables (arrows, marks, road ends), never by tile
//! ids, and costs a game without these tiles one flag test per step: the turn
//! calls a hook only when `cat.rules.any` (or the one rule's flag) is set, and
//! the hooks are out of line so the base game's turn stays small.
//!
//! A turn with the expansions: (1) the tile is laid ([`Game::after_place`]:
//! its arrow and traps noted, the town hall's meeting, Vodyanoy's trap, the
//! arrows); (2) the figure step,
//! whose alternatives the expansions add ([`Game::expansion_actions`],
//! checked by [`Game::check_expansion_action`], applied by
//! [`Game::apply_expansion_action`]); then [`Game::after_figure_step`]:
//! Solovei's trap and the decisions of the surrounded mayors and scarecrows;
//! (3) scoring (a scored messenger is queued: [`Game::messenger_scored`]),
//! then the decisions owed are asked; (4) an earned extra turn
//! (`turn/decide.rs`, the turn's end).

pub(crate) mod anniversary;
pub(crate) mod festival;
pub(crate) mod mm;
pub(crate) mod promos;

use crate::act::ActError;
use crate::figure::Action;
use crate::game::{Game, PlacedTile};

impl Game {
    /// A tile just put on the board (any tile, the start tile too): its arrow
    /// is noted on it and, when it points at an empty square, on that square
    /// ([`Grid::point`](crate::grid::Grid::point)); the traps' marks go in
    /// their lists. Part of
    /// [`Game::after_place`] for a placement (one call a turn, not two).
    #[inline(always)]
    pub(crate) fn note_specials(&mut self, index: usize) {
        let tile = &mut self.board.tiles[index];
        let k = &self.cat.kinds[usize::from(tile.kind)];
        let r = usize::from(tile.rotation.quarter_turns());
        tile.arrow = k.arrow.map_or(0, |(kind, dirs)| {
            anniversary::arrow_bit(kind) << 2 | dirs[r]
        });
        let tile = *tile;
        if tile.arrow != 0 {
            // An arrow pointing at an empty square: noted there, so that the
            // tile later placed there activates it (the start tile's too).
            let target = tile.pos.step(usize::from(tile.arrow & 3));
            if self.board.grid.tile(target).is_none() {
                self.board.grid.point(target, tile.arrow >> 2);
            }
        }
        if self.cat.rules.traps {
            self.register_specials(tile);
        }
    }

    /// Step 1 of a turn after the tile (placed-tile index `index`) is down:
    /// its specials are noted, then the town hall's meeting, the traps, and
    /// the arrows. `around` holds the placed-tile index + 1 of its neighbours
    /// (N, E, S, W; 0 = none). Returns whether the player must choose an
    /// arrow.
    #[inline(never)]
    pub(crate) fn after_place(&mut self, index: usize, around: [u16; 4]) -> bool {
        self.note_specials(index);
        let tile = self.board.tiles[index];
        let rules = self.cat.rules;
        if rules.town_hall == Some(tile.kind) {
            self.town_hall_meeting(tile.pos);
        }
        if rules.traps && self.cat.kinds[usize::from(tile.kind)].trap_lake {
            self.vodyanoy_placed(tile.pos);
        }
        self.exp.arrow = None;
        self.exp.arrow_choices = 0;
        if rules.arrows {
            self.arrows(tile, around);
        }
        self.exp.arrow_choices.count_ones() > 1
    }

    /// The figure step's alternatives the expansions add (out of line: the
    /// base game's listing stays small).
    #[inline(never)]
    pub(crate) fn expansion_actions(&self, tile: &PlacedTile, out: &mut Vec<Action>) {
        self.festival_actions(tile, out);
        self.free_actions(out);
        self.arrow_actions(out);
    }

    /// Why the expansions' figure-step alternative `action` is illegal now, if
    /// it is (`Ok` for the base game's actions, which `check_action` checks).
    pub(crate) fn check_expansion_action(
        &self,
        tile: &PlacedTile,
        action: Action,
    ) -> Result<(), ActError> {
        match action {
            Action::Return { at, figure } => self.check_return(tile, figure, at),
            Action::Free { at, figure } => self.check_free(figure, at),
            Action::Portal { figure, at } => self.check_portal(figure, at),
            Action::AddNextTo { figure, at } => self.check_add_next_to_arrow(figure, at),
            Action::Pass | Action::Place { .. } | Action::RecallAbbot => Ok(()),
        }
    }

    /// Applies the expansions' figure-step alternative `action` (checked),
    /// before anything scores.
    pub(crate) fn apply_expansion_action(&mut self, action: Action) {
        match action {
            Action::Return { at, figure } => self.festival_return(figure, at),
            Action::Free { at, figure } => self.free(figure, at),
            Action::Portal { figure, at } | Action::AddNextTo { figure, at } => {
                self.arrow_place(figure, at)
            }
            Action::Pass | Action::Place { .. } | Action::RecallAbbot => {}
        }
    }

    /// After the figure step, with the expansions in play: Solovei's trap
    /// (ruling solovei-when) and the decisions of the mayors and scarecrows the
    /// placement left surrounded (rulings mayor-when, scarecrow-when), then the
    /// turn's scoring ([`Game::scoring_step`]) unless one of those is asked
    /// first: scoring then waits for the answers ([`Game::settle`]). Out of
    /// line: the base game's turn stays small enough to be inlined.
    #[inline(never)]
    pub(crate) fn after_figure_step(&mut self, tile: PlacedTile) {
        // The squares the placement surrounded (Solovei's trap does not change
        // the board).
        let squares = self.surrounded(tile);
        if !self.exp.trees.is_empty() {
            self.solovei_triggers(tile);
        }
        if squares != 0 {
            self.surround_triggers(tile, squares);
            if !self.pending.is_empty() {
                self.scoring_due = true;
                self.ask_owed();
                return;
            }
        }
        self.scoring_step(tile);
    }
}
