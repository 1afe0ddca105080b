//! Messengers & Mayors: the town halls, the mayor, the scarecrow and the
//! messengers.
//!
//! Each player holds a town hall and may place it instead of drawing (or must,
//! once the pile is empty); its placement sends the mayors next to it home. A
//! mayor or scarecrow left surrounded by a placement acts (a mayor may swap
//! itself for an opponent's follower on its feature; a scarecrow hands over to
//! a follower or lies down), and a messenger whose road scored may move on to a
//! road or city joined to it at a junction.
//!
//! Rulings (each quoted from its rule page in `docs/rules/mm.md`):
//! - **mayor-when**: a surrounded mayor's swap is asked after the figure step,
//!   before scoring; **surround-when**: a mayor or scarecrow is "left
//!   surrounded" by a placement when its tile is the placed tile or
//!   orthogonally next to it and then has all four orthogonal neighbours (a
//!   town hall counts as a neighbour).
//! - **town-hall-points**: a town hall fills its square but brings no points
//!   (a monastery or garden does not count it); **mayor-zero**: strength 0 (a
//!   mayor, a standing scarecrow) wins nothing (`turn/scoring.rs`).
//! - **messenger-junction**: a messenger goes on to the roads ending at the
//!   same place as its scored road on one tile, whichever `end` statements
//!   name that place, and into the incomplete city whose gate it is; a
//!   completed city links nothing (`mm/messenger.rs`: `junction_place`).

mod messenger;
mod surround;

use super::{Expansion, Position};
use crate::catalog::{KindId, KindInfo, PileClass};
use crate::decide::{Choice, Decision, Pending};
use crate::draw::{DrawError, Drawn};
use crate::event::{Cause, ReturnReason};
use crate::figure::{kind_bit, Figure, FigureKind, FigureSpec, Player, MAX_PLAYERS};
use crate::game::{Extra, Game, LogEntry, Phase, PlacedTile};
use crate::geom::{Pos, AROUND};
use crate::mark::MarkKind;
use crate::moves::{Move, MoveError};
use crate::research::ActionBlock;
use crate::scoring::Tally;
use crate::tile::SegmentKind;

/// The mayor: cities only, strength 0, may join an occupied city.
pub(crate) const MAYOR: FigureSpec = FigureSpec {
    name: "mayor",
    per_player: 1,
    strength: 0,
    stands_on: kind_bit(SegmentKind::City),
    joins_occupied: true,
    watched: true,
};

/// The messenger: roads only, strength 1; moves on when its road scores.
pub(crate) const MESSENGER: FigureSpec = FigureSpec {
    name: "messenger",
    per_player: 1,
    strength: 1,
    stands_on: kind_bit(SegmentKind::Road),
    joins_occupied: false,
    watched: false,
};

/// The scarecrow: fields only, may join an occupied field; strength 0
/// standing, 1 once it lies down (at final scoring: `Figure::weight`).
pub(crate) const SCARECROW: FigureSpec = FigureSpec {
    name: "scarecrow",
    per_player: 1,
    strength: 0,
    stands_on: kind_bit(SegmentKind::Field),
    joins_occupied: true,
    watched: true,
};

/// Messengers & Mayors: in play when a town hall with copies is (its rules:
/// the town hall's kind).
pub(crate) struct MessengersMayors;

/// Messengers & Mayors' part of a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct MmState {
    /// Per player: still holding a town hall.
    town_halls: [bool; MAX_PLAYERS],
}

impl Position for MmState {
    fn key(&self) -> u64 {
        self.town_halls
            .iter()
            .enumerate()
            .fold(0, |key, (p, &held)| key | u64::from(held) << p)
    }

    fn same(&self, other: &MmState) -> bool {
        self.town_halls == other.town_halls
    }
}

impl Expansion for MessengersMayors {
    type Rules = KindId;
    type State = MmState;
    const MARKS: &'static [MarkKind] = &[MarkKind::TownHall];
    const FIGURES: &'static [FigureKind] = &[
        FigureKind::Mayor,
        FigureKind::Messenger,
        FigureKind::Scarecrow,
    ];
    const ACTIONS: &'static [ActionBlock] = &[
        ActionBlock::TownHall,
        ActionBlock::Draw,
        ActionBlock::Decline,
        ActionBlock::HandOver,
        ActionBlock::LieDown,
        ActionBlock::Swap,
        ActionBlock::MoveTo,
    ];
    const OBSERVES: &'static [&'static str] = &["town_halls", "decision"];

    fn rules(kinds: &[KindInfo]) -> Option<KindId> {
        kinds
            .iter()
            .position(|k| k.class == PileClass::TownHall && k.def.count > 0)
            .map(|i| i as KindId)
    }

    /// One town hall per player, as far as the set's copies go.
    fn begin(game: &mut Game) {
        let halls = game
            .cat
            .exp
            .mm
            .map_or(0, |k| usize::from(game.cat.kind(k).count));
        let players = game.players();
        for (p, held) in game.exp.mm.town_halls.iter_mut().enumerate() {
            *held = p < players && p < halls;
        }
    }

    fn holds_tile(game: &Game, player: Player) -> bool {
        game.holds_town_hall(player)
    }

    fn draw_moves(game: &Game, out: &mut Vec<Move>) {
        if game.holds_town_hall(game.current) {
            out.push(Move::TakeTownHall);
        }
    }

    fn check_draw_move(game: &Game, m: Move) -> Option<Result<(), MoveError>> {
        let held = game.cat.exp.mm.is_some() && game.holds_town_hall(game.current);
        match (m, held) {
            (Move::TakeTownHall, true) => Some(Ok(())),
            (Move::TakeTownHall, false) => Some(Err(MoveError::TownHall(DrawError::NoTownHall))),
            _ => None,
        }
    }

    fn play_draw_move(game: &mut Game, m: Move) {
        if m == Move::TakeTownHall {
            // A no-op when not held.
            let _ = game.take_town_hall();
        }
    }

    /// A replay names the town hall as its tile: the player's, or once the
    /// pile is empty the next holder's.
    fn draw_held(game: &mut Game, kind: KindId) -> Option<Result<Drawn, DrawError>> {
        if game.cat.pile_class(kind) != PileClass::TownHall {
            return None;
        }
        Some(match game.pile.len() {
            0 => game
                .next_town_hall()
                .map(Drawn::Place)
                .ok_or(DrawError::NoTownHall),
            _ => game.take_town_hall().map(|()| Drawn::Place(kind)),
        })
    }

    fn hand_over(game: &mut Game) -> Option<KindId> {
        game.next_town_hall()
    }

    fn placed(game: &mut Game, tile: PlacedTile, _: [u16; 4]) {
        if game.cat.exp.mm == Some(tile.kind) {
            game.town_hall_meeting(tile.pos);
        }
    }

    /// Rulings mayor-when, scarecrow-when: the surrounded mayors and
    /// scarecrows are asked before the turn's scoring.
    fn after_figure_step(game: &mut Game, tile: PlacedTile) {
        let squares = game.surrounded(tile);
        if squares != 0 {
            game.surround_triggers(tile, squares);
        }
    }

    /// Ruling town-hall-points: a town hall among a monastery's or garden's
    /// neighbours brings it nothing.
    fn points(game: &Game, tally: &mut Tally) {
        if matches!(tally.kind, SegmentKind::Monastery | SegmentKind::Garden) {
            let f = &game.board.features;
            let pos = game.board.tiles[usize::from(f.tile(tally.root))].pos;
            tally.points = tally.points.saturating_sub(game.town_halls_around(pos));
        }
    }

    fn figure_scored(game: &mut Game, f: &Figure, cause: Cause) {
        if f.kind == FigureKind::Messenger && cause == Cause::Completed {
            game.messenger_scored(f.player, f.spot(), f.node);
        }
    }

    fn choices(game: &Game, p: &Pending, out: &mut Vec<Choice>) {
        match p.decision {
            // A figure no longer there (the dragon ate it this turn) has no
            // answer (the `_` arm): `settle` drops its decision unasked.
            Decision::Mayor { player, at }
                if game.figure_at(player, FigureKind::Mayor, at).is_some() =>
            {
                game.mayor_choices(player, p.node, out);
            }
            Decision::Scarecrow { player, at }
                if game.figure_at(player, FigureKind::Scarecrow, at).is_some() =>
            {
                game.scarecrow_choices(player, out);
            }
            Decision::Messenger { .. } => {
                out.push(Choice::Decline);
                game.messenger_targets(p.node, out);
            }
            _ => {}
        }
    }

    fn answer(game: &mut Game, p: Pending, choice: Choice) {
        match (p.decision, choice) {
            (Decision::Mayor { player, at }, choice) => game.mayor_acts(player, at, choice),
            (Decision::Scarecrow { player, at }, choice) => game.scarecrow_acts(player, at, choice),
            (Decision::Messenger { player, from }, Choice::Move { to }) => {
                game.messenger_moves(player, from, to)
            }
            _ => {}
        }
    }
}

impl Game {
    /// Every mayor orthogonally next to a town hall just placed goes home.
    fn town_hall_meeting(&mut self, at: Pos) {
        let mut i = 0;
        while i < self.figs.all.len() {
            let f = self.figs.all[i];
            if f.kind == FigureKind::Mayor && (0..4).any(|d| at.step(d) == f.pos) {
                self.send_home(i, ReturnReason::TownHall);
            } else {
                i += 1;
            }
        }
    }

    /// Town halls among the eight squares around `pos`: they fill their squares
    /// (a monastery can be completed by one) but bring no points (ruling
    /// town-hall-points).
    #[inline(never)]
    fn town_halls_around(&self, pos: Pos) -> u32 {
        let Some(hall) = self.cat.exp.mm else {
            return 0;
        };
        AROUND
            .iter()
            .filter_map(|&(dx, dy)| self.board.grid.tile(pos.offset(dx, dy)))
            .filter(|&t| self.board.tiles[usize::from(t)].kind == hall)
            .count() as u32
    }

    /// Messengers & Mayors: takes the current player's town hall to place instead
    /// of drawing a land tile. A town hall fits next to any placed tile.
    pub fn take_town_hall(&mut self) -> Result<(), DrawError> {
        self.take_hall()?;
        self.remember(LogEntry::Move(Move::TakeTownHall));
        Ok(())
    }

    /// [`Game::take_town_hall`], unlogged (the engine's hand-over at the end of
    /// the pile is no move of the player's).
    fn take_hall(&mut self) -> Result<(), DrawError> {
        self.check_draw_phase()?;
        let held = &mut self.exp.mm.town_halls[usize::from(self.current)];
        match (self.cat.exp.mm, *held) {
            (Some(kind), true) => {
                *held = false;
                self.phase = Phase::Place(kind);
                // Counted once, not once for the count and again for the pick
                // (no blocks: the pick scans the frontier, as for a tile drawn
                // by name).
                self.scratch.blocks.clear();
                self.drawn_count = Some(self.count_for(kind));
                Ok(())
            }
            _ => Err(DrawError::NoTownHall),
        }
    }

    /// Whether `player` still holds a town hall to place.
    pub fn holds_town_hall(&self, player: Player) -> bool {
        self.exp
            .mm
            .town_halls
            .get(usize::from(player))
            .copied()
            .unwrap_or(false)
    }

    /// With the pile empty: gives the turn to the next player (from the current
    /// one, in turn order) still holding a town hall, who takes it to place.
    fn next_town_hall(&mut self) -> Option<KindId> {
        let kind = self.cat.exp.mm?;
        let n = self.players;
        let p = (0..n)
            .map(|i| (self.current + i) % n)
            .find(|&p| self.exp.mm.town_halls[usize::from(p)])?;
        if p != self.current {
            self.current = p;
            self.extra = Extra::No;
        }
        self.take_hall().ok()?;
        Some(kind)
    }
}
