//! The registry: every expansion the engine plays, one line each (at the
//! bottom of this file), and what the turn calls: one method per hook that
//! calls the hook of every expansion in play, in registration order.
//!
//! The order is part of the rules where two expansions act at one step: the
//! figure step lists the festival's returns, then the freeing of trapped
//! figures, then an arrow's placements; after the figure step Solovei's trap
//! springs before the mayors and scarecrows it may have caught are asked.

use super::{Expansion, Position};
use crate::act::ActError;
use crate::catalog::{KindId, KindInfo};
use crate::decide::{Choice, Pending};
use crate::draw::{DrawError, Drawn};
use crate::event::Cause;
use crate::figure::{Action, Figure, FigureKind, Player, MAX_PLAYERS};
use crate::game::{Game, Phase, PlacedTile};
use crate::mark::MarkKind;
use crate::moves::{Move, MoveError};
use crate::position::mix;
use crate::research::ActionBlock;
use crate::scoring::Tally;

/// Declares the registry: `name: Type` per expansion, in the order their
/// hooks are called. `name` is the field of the expansion's state in
/// `game.exp` and of its rules in `game.cat.exp`.
macro_rules! registry {
    ($($name:ident: $ty:ty,)*) => {
        /// The marks each registered expansion plays.
        const MARKS: &[&[MarkKind]] = &[$(<$ty as Expansion>::MARKS,)*];

        /// Whether a registered expansion plays the rules of `mark`.
        pub(crate) const fn plays_mark(mark: MarkKind) -> bool {
            let mut i = 0;
            while i < MARKS.len() {
                let mut j = 0;
                while j < MARKS[i].len() {
                    if MARKS[i][j] as u8 == mark as u8 {
                        return true;
                    }
                    j += 1;
                }
                i += 1;
            }
            false
        }

        /// Every registered expansion's state (the default for those not in
        /// play): `Game`'s `exp` field.
        #[derive(Clone, Debug, Default)]
        pub(crate) struct States {
            $(pub(crate) $name: <$ty as Expansion>::State,)*
        }

        impl States {
            /// The states' part of the position key.
            pub(crate) fn key(&self) -> u64 {
                let mut key = 0;
                $(key = mix(key ^ self.$name.key());)*
                key
            }

            /// Whether two games' states are the same position.
            pub(crate) fn same(&self, other: &States) -> bool {
                true $(&& self.$name.same(&other.$name))*
            }
        }

        /// What a catalog says about each registered expansion: `Some` when
        /// its tiles are in play (`Catalog`'s `exp` field).
        #[derive(Clone, Copy, Debug, Default)]
        pub(crate) struct InPlay {
            $(pub(crate) $name: Option<<$ty as Expansion>::Rules>,)*
        }

        impl InPlay {
            /// Which expansions the compiled tiles `kinds` call for.
            pub(crate) fn new(kinds: &[KindInfo]) -> InPlay {
                InPlay { $($name: <$ty>::rules(kinds),)* }
            }

            /// Whether any expansion is in play.
            pub(crate) fn any(&self) -> bool {
                false $(|| self.$name.is_some())*
            }

            /// The figure kinds in play (bit per kind in `FigureKind::ALL`
            /// order): the base game's and the expansions' in play.
            pub(crate) fn figures(&self) -> u16 {
                let mut mask = 1 << FigureKind::Follower.index() | 1 << FigureKind::Abbot.index();
                $(if self.$name.is_some() {
                    for k in <$ty>::FIGURES {
                        mask |= 1 << k.index();
                    }
                })*
                mask
            }

            /// Whether an expansion in play uses the action block `block`.
            pub(crate) fn uses_block(&self, block: ActionBlock) -> bool {
                false $(|| self.$name.is_some() && <$ty>::ACTIONS.contains(&block))*
            }

            /// Whether an expansion in play fills the observation field `name`.
            pub(crate) fn observes(&self, name: &str) -> bool {
                false $(|| self.$name.is_some() && <$ty>::OBSERVES.contains(&name))*
            }
        }

        impl Game {
            /// Setup: each expansion in play sets its state up.
            pub(crate) fn begin_expansions(&mut self) {
                $(if self.cat.exp.$name.is_some() { <$ty>::begin(self); })*
            }

            /// A tile was put on the board (the start tile too).
            #[inline(always)]
            pub(crate) fn note_tile(&mut self, index: usize) {
                $(if self.cat.exp.$name.is_some() { <$ty>::noted(self, index); })*
            }

            /// Whether the expansions let the tile just drawn go on to be
            /// placed (inlined: `true` unless one holds tiles back).
            #[inline]
            pub(crate) fn keeps_drawn(&mut self, kind: KindId) -> bool {
                true $(&& (self.cat.exp.$name.is_none() || <$ty>::drawn(self, kind)))*
            }

            /// Whether `player` holds a tile to place instead of drawing.
            pub(crate) fn holds_tile(&self, player: Player) -> bool {
                false $(|| self.cat.exp.$name.is_some() && <$ty>::holds_tile(self, player))*
            }

            /// The moves the current player may make instead of drawing.
            pub(crate) fn draw_moves(&self, out: &mut Vec<Move>) {
                $(if self.cat.exp.$name.is_some() { <$ty>::draw_moves(self, out); })*
            }

            /// Why the draw-phase move `m` is illegal now, if it is.
            pub(crate) fn check_draw_move(&self, m: Move) -> Result<(), MoveError> {
                $(if let Some(r) = <$ty>::check_draw_move(self, m) { return r; })*
                Err(MoveError::WrongPhase { phase: Phase::Draw })
            }

            /// Plays the draw-phase move `m` (checked).
            pub(crate) fn play_draw_move(&mut self, m: Move) {
                $(<$ty>::play_draw_move(self, m);)*
            }

            /// A replay's draw of a held tile's kind.
            pub(crate) fn draw_held(&mut self, kind: KindId) -> Result<Drawn, DrawError> {
                $(if let Some(r) = <$ty>::draw_held(self, kind) { return r; })*
                Err(DrawError::UnknownKind(kind))
            }

            /// With the pile empty: the next held tile to place, if any.
            pub(crate) fn hand_over(&mut self) -> Option<KindId> {
                if !self.cat.rules.any {
                    return None;
                }
                $(if self.cat.exp.$name.is_some() {
                    if let Some(k) = <$ty>::hand_over(self) { return Some(k); }
                })*
                None
            }

            /// Step 1 of a turn after the tile (placed-tile index `index`) is
            /// down: its specials are noted, then it takes effect. Out of
            /// line: the base game's placement stays small.
            #[inline(never)]
            pub(crate) fn after_place(&mut self, index: usize, around: [u16; 4]) {
                self.note_tile(index);
                let tile = self.board.tiles[index];
                $(if self.cat.exp.$name.is_some() { <$ty>::placed(self, tile, around); })*
            }

            /// Whether figures may be deployed on the tile just placed.
            #[inline]
            pub(crate) fn may_deploy(&self, tile: &PlacedTile) -> Result<(), ActError> {
                $(if self.cat.exp.$name.is_some() { <$ty>::may_deploy(self, tile)?; })*
                Ok(())
            }

            /// The figure step's alternatives the expansions add (out of
            /// line: the base game's listing stays small).
            #[inline(never)]
            pub(crate) fn expansion_actions(&self, tile: &PlacedTile, out: &mut Vec<Action>) {
                $(if self.cat.exp.$name.is_some() { <$ty>::actions(self, tile, out); })*
            }

            /// Why an expansion's figure-step action is illegal now, if it is.
            pub(crate) fn check_expansion_action(
                &self,
                tile: &PlacedTile,
                action: Action,
            ) -> Result<(), ActError> {
                $(if let Some(r) = <$ty>::check(self, tile, action) { return r; })*
                Err(ActError::WrongPhase)
            }

            /// Applies an expansion's figure-step action (checked).
            pub(crate) fn apply_expansion_action(&mut self, tile: PlacedTile, action: Action) {
                $(<$ty>::apply(self, tile, action);)*
            }

            /// A figure just came onto the board as `figs.all[index]`.
            #[inline]
            pub(crate) fn arrived(&mut self, index: usize) {
                $(if self.cat.exp.$name.is_some() { <$ty>::arrived(self, index); })*
            }

            /// After the figure step, with the expansions in play: their
            /// hooks, then the decisions they queued (the turn's scoring
            /// waits for the answers: [`Game::settle`]) or the turn's scoring.
            /// Out of line: the base game's turn stays small enough to be
            /// inlined.
            #[inline(never)]
            pub(crate) fn after_figure_step(&mut self, tile: PlacedTile) {
                $(if self.cat.exp.$name.is_some() { <$ty>::after_figure_step(self, tile); })*
                match self.pending.is_empty() {
                    true => self.expansion_scoring_step(tile),
                    false => self.ask_owed(crate::decide::Next::Scoring),
                }
            }

            /// A feature's points, as the expansions in play count them.
            #[inline]
            pub(crate) fn expansion_points(&self, tally: &mut Tally) {
                $(if self.cat.exp.$name.is_some() { <$ty>::points(self, tally); })*
            }

            /// The strength of a figure whose expansion computes it.
            #[inline(never)]
            pub(crate) fn expansion_strength(&self, figure: &Figure, tally: &Tally) -> u32 {
                $(if let Some(s) = <$ty>::strength(self, figure, tally) { return s; })*
                0
            }

            /// `figure` left a feature that scored.
            #[inline]
            pub(crate) fn figure_scored(&mut self, figure: &Figure, cause: Cause) {
                $(if self.cat.exp.$name.is_some() { <$ty>::figure_scored(self, figure, cause); })*
            }

            /// A feature scored.
            #[inline(never)]
            pub(crate) fn expansion_scored(&mut self, tally: &Tally, strength: &[u32; MAX_PLAYERS]) {
                $(if self.cat.exp.$name.is_some() { <$ty>::scored(self, tally, strength); })*
            }

            /// Every completed feature of the turn scored.
            pub(crate) fn after_scoring(&mut self, tile: PlacedTile) {
                $(if self.cat.exp.$name.is_some() { <$ty>::after_scoring(self, tile); })*
            }

            /// The answers to an expansion's decision `pending`.
            pub(crate) fn expansion_choices(&self, pending: &Pending, out: &mut Vec<Choice>) {
                $(if self.cat.exp.$name.is_some() { <$ty>::choices(self, pending, out); })*
            }

            /// Answers an expansion's decision `pending` with `choice` (legal).
            pub(crate) fn expansion_answer(&mut self, pending: Pending, choice: Choice) {
                $(if self.cat.exp.$name.is_some() { <$ty>::answer(self, pending, choice); })*
            }

            /// The turn ends.
            #[inline]
            pub(crate) fn turn_ends(&mut self) {
                $(if self.cat.exp.$name.is_some() { <$ty>::turn_ends(self); })*
            }

            /// A turn begins (the game is not over).
            #[inline(never)]
            pub(crate) fn turn_begins(&mut self) {
                $(if self.cat.exp.$name.is_some() { <$ty>::turn_begins(self); })*
            }

            /// Final scoring's expansion steps, after every feature.
            pub(crate) fn expansion_final_scoring(&mut self) {
                $(if self.cat.exp.$name.is_some() { <$ty>::final_scoring(self); })*
            }
        }
    };
}

// The expansions, in the order their hooks are called. Adding one: its
// module in `expansion/` and one line here (docs/expansions.md).
registry! {
    festival: super::festival::Festival,
    promos: super::promos::Promos,
    mm: super::mm::MessengersMayors,
    anniversary: super::anniversary::Anniversary,
    inns_cathedrals: super::inns_cathedrals::InnsCathedrals,
    traders_builders: super::traders_builders::TradersBuilders,
    princess_dragon: super::princess_dragon::PrincessDragon,
    tower: super::tower::TowerExp,
    abbey_mayor: super::abbey_mayor::AbbeyMayor,
}

#[cfg(test)]
mod tests {
    use crate::research::ActionSpace;
    use crate::{Catalog, FigureKind, MarkKind};

    /// The registered expansions in play with `sets`, by name.
    fn in_play(sets: &[&str]) -> Vec<&'static str> {
        let cat = Catalog::shipped(sets).expect("shipped sets");
        let exp = cat.exp;
        let mut names = Vec::new();
        for (name, on) in [
            ("festival", exp.festival.is_some()),
            ("promos", exp.promos.is_some()),
            ("mm", exp.mm.is_some()),
            ("anniversary", exp.anniversary.is_some()),
            ("inns_cathedrals", exp.inns_cathedrals.is_some()),
            ("traders_builders", exp.traders_builders.is_some()),
            ("princess_dragon", exp.princess_dragon.is_some()),
            ("tower", exp.tower.is_some()),
            ("abbey_mayor", exp.abbey_mayor.is_some()),
        ] {
            if on {
                names.push(name);
            }
        }
        assert_eq!(cat.rules.any, !names.is_empty(), "{sets:?}");
        names
    }

    /// Each expansion is in play exactly with the tiles that call for it,
    /// whatever else is in play (the river carries none of their marks).
    #[test]
    fn an_expansion_is_in_play_with_its_tiles_only() {
        assert!(in_play(&["base"]).is_empty());
        assert!(in_play(&["base", "river"]).is_empty());
        assert_eq!(in_play(&["base", "festival"]), ["festival"]);
        assert_eq!(in_play(&["base", "promos"]), ["promos"]);
        assert_eq!(in_play(&["base", "mm"]), ["mm"]);
        assert_eq!(in_play(&["base", "anniversary"]), ["anniversary"]);
        assert_eq!(in_play(&["base", "inns-cathedrals"]), ["inns_cathedrals"]);
        assert_eq!(in_play(&["base", "traders-builders"]), ["traders_builders"]);
        assert_eq!(in_play(&["base", "princess-dragon"]), ["princess_dragon"]);
        assert_eq!(in_play(&["base", "tower"]), ["tower"]);
        assert_eq!(in_play(&["base", "abbey-mayor"]), ["abbey_mayor"]);
        let all = [
            "base",
            "river",
            "anniversary",
            "festival",
            "promos",
            "mm",
            "inns-cathedrals",
            "traders-builders",
            "princess-dragon",
            "tower",
            "abbey-mayor",
        ];
        let names = [
            "festival",
            "promos",
            "mm",
            "anniversary",
            "inns_cathedrals",
            "traders_builders",
            "princess_dragon",
            "tower",
            "abbey_mayor",
        ];
        assert_eq!(in_play(&all), names);
    }

    /// What an expansion declares comes with it and only with it: its
    /// figures (supplies), its action blocks (the research index), its
    /// observation fields and its marks.
    #[test]
    fn an_expansion_brings_what_it_declares() {
        let blocks = |sets: &[&str]| {
            let cat = Catalog::shipped(sets).expect("shipped sets");
            let space = ActionSpace::new(&cat, 2);
            let names: Vec<&str> = space.blocks().iter().map(|(b, _)| b.name()).collect();
            (cat.figure_kinds().to_vec(), names)
        };
        let base = ["place", "deploy", "pass", "recall"];
        let (kinds, names) = blocks(&["base"]);
        assert_eq!(
            (kinds, names),
            (vec![FigureKind::Follower, FigureKind::Abbot], base.to_vec())
        );
        let (kinds, names) = blocks(&["base", "festival"]);
        assert_eq!(kinds.len(), 2);
        assert_eq!(names, [&base[..], &["return"]].concat());
        let (kinds, names) = blocks(&["base", "mm"]);
        assert_eq!(kinds, FigureKind::ALL[..5]);
        let mm = [
            "town_hall",
            "draw",
            "decline",
            "hand_over",
            "lie_down",
            "swap",
            "move",
        ];
        assert_eq!(names.len(), base.len() + mm.len());
        assert!(mm.iter().all(|b| names.contains(b)), "{names:?}");
        let cat = Catalog::shipped(&["base", "promos"]).expect("shipped sets");
        assert!(cat.exp.observes("trapped") && !cat.exp.observes("arrows"));
        let (kinds, names) = blocks(&["base", "traders-builders"]);
        let tb = [FigureKind::Builder, FigureKind::Pig];
        assert_eq!(kinds, [&FigureKind::ALL[..2], &tb[..]].concat());
        assert_eq!(names, base.to_vec());
        let cat = Catalog::shipped(&["base", "traders-builders"]).expect("shipped sets");
        assert!(cat.exp.observes("goods") && !cat.exp.observes("trapped"));
        for mark in [
            MarkKind::Festival,
            MarkKind::Tree,
            MarkKind::TrapLake,
            MarkKind::TownHall,
            MarkKind::Resource,
        ] {
            assert!(mark.played(), "{mark:?}");
        }
        // Inns & Cathedrals: the big follower, no action block of its own.
        let (kinds, names) = blocks(&["base", "inns-cathedrals"]);
        let big = vec![
            FigureKind::Follower,
            FigureKind::Abbot,
            FigureKind::BigFollower,
        ];
        assert_eq!((kinds, names), (big, base.to_vec()));
        for mark in [MarkKind::Inn, MarkKind::Cathedral] {
            assert!(mark.played(), "{mark:?}");
        }
        // The Princess & the Dragon: no figure kind; the dragon, the princess,
        // the fairy and the portal (the anniversary's block).
        let (kinds, names) = blocks(&["base", "princess-dragon"]);
        assert_eq!(kinds, FigureKind::ALL[..2]);
        let pd = ["portal", "dragon", "princess", "fairy"];
        assert_eq!(names, [&base[..], &pd[..]].concat());
        let cat = Catalog::shipped(&["base", "princess-dragon"]).expect("shipped sets");
        assert!(cat.exp.observes("dragon") && !cat.exp.observes("goods"));
        for mark in [
            MarkKind::Dragon,
            MarkKind::Volcano,
            MarkKind::MagicPortal,
            MarkKind::Princess,
        ] {
            assert!(mark.played(), "{mark:?}");
        }
        assert!(!MarkKind::Watchtower.played());
        // The Tower: its moves' blocks and observed fields, no figure kind.
        let (kinds, names) = blocks(&["base", "tower"]);
        let tower = [
            "draw",
            "decline",
            "tower_piece",
            "tower_follower",
            "capture",
            "ransom",
        ];
        assert_eq!((kinds.len(), names), (2, [&base[..], &tower[..]].concat()));
        assert!(MarkKind::Tower.played());
        // Abbey & Mayor: its three figures, the abbey's block beside the
        // draw, the wagon's decline and move.
        let (kinds, names) = blocks(&["base", "abbey-mayor"]);
        let am = [FigureKind::AmMayor, FigureKind::Wagon, FigureKind::Barn];
        assert_eq!(kinds, [&FigureKind::ALL[..2], &am[..]].concat());
        let am_blocks = ["abbey", "draw", "decline", "move"];
        assert_eq!(names.len(), base.len() + am_blocks.len());
        assert!(am_blocks.iter().all(|b| names.contains(b)), "{names:?}");
        let cat = Catalog::shipped(&["base", "abbey-mayor"]).expect("shipped sets");
        assert!(cat.exp.observes("abbeys") && !cat.exp.observes("goods"));
        for mark in [MarkKind::Abbey, MarkKind::Wells] {
            assert!(mark.played(), "{mark:?}");
        }
    }
}
