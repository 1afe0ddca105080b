//! 20th Anniversary: the arrows.
//!
//! A placed tile's arrow pointing at an empty square scores 2 at once; an arrow
//! pointing at a tile (the placed tile's own, or a neighbour's pointing at the
//! placed tile) is activated, the player choosing when several are
//! ([`Decision::Arrow`](crate::Decision::Arrow)). An activated portal arrow
//! lets the figure step put a figure on any open feature of the board, an
//! add-next-to arrow a figure beside an own figure, an extra-turn arrow earns
//! one more turn.
//!
//! Rulings (each quoted from its rule page in `docs/rules/anniversary.md`):
//! - **extra-turn-twice**: in an extra turn an extra-turn arrow is not offered
//!   (activating it would have no effect); the other arrows are.
//! - **portal-special**: a portal may not place on Vodyanoy's tile, where
//!   trapped figures lie; Solovei's road is an ordinary road, and Baba Yaga's hut
//!   is no special area (**portal-hut**).
//! - **add-next-to-kind**: the added figure joins exactly one own figure of any
//!   kind, stands where it may, and is not a monk beside an abbot or an abbot
//!   beside a monk; never a third.

mod add;
mod portal;

use super::{Expansion, Position};
use crate::act::ActError;
use crate::catalog::KindInfo;
use crate::decide::{Choice, Decision, Pending};
use crate::event::{Event, PointsReason};
use crate::figure::{Action, FigureKind, Spot};
use crate::game::{Extra, Game, PlacedTile};
use crate::position::mix;
use crate::research::ActionBlock;
use crate::tile::ArrowKind;

/// The 20th Anniversary: in play when a tile carries an arrow.
pub(crate) struct Anniversary;

/// The arrows' part of a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct AnniversaryState {
    /// The arrow activated this turn, if any.
    arrow: Option<ArrowKind>,
    /// Arrow kinds (bit per `ArrowKind as u8`) the player may choose from.
    choices: u8,
}

impl Position for AnniversaryState {
    fn key(&self) -> u64 {
        mix(self.arrow.map_or(0, |a| 1 + a as u64) ^ u64::from(self.choices) << 8)
    }

    fn same(&self, other: &AnniversaryState) -> bool {
        (self.arrow, self.choices) == (other.arrow, other.choices)
    }
}

impl Expansion for Anniversary {
    type Rules = ();
    type State = AnniversaryState;
    const ACTIONS: &'static [ActionBlock] = &[
        ActionBlock::Arrow,
        ActionBlock::Portal,
        ActionBlock::AddNextTo,
    ];
    const OBSERVES: &'static [&'static str] = &["decision", "arrows"];

    fn rules(kinds: &[KindInfo]) -> Option<()> {
        kinds.iter().any(|k| k.arrow.is_some()).then_some(())
    }

    fn begin(game: &mut Game) {
        game.exp.anniversary = AnniversaryState::default();
    }

    #[inline(always)]
    fn noted(game: &mut Game, index: usize) {
        game.note_arrow(index);
    }

    /// The placed tile's arrow and its neighbours' pointing at it; the
    /// player chooses among several kinds before the figure step.
    fn placed(game: &mut Game, tile: PlacedTile, around: [u16; 4]) {
        game.exp.anniversary = AnniversaryState::default();
        game.arrows(tile, around);
        if game.exp.anniversary.choices.count_ones() > 1 {
            let player = game.current;
            game.pending.push(Pending {
                decision: Decision::Arrow { player },
                node: tile.node_base,
            });
        }
    }

    fn actions(game: &Game, _: &PlacedTile, out: &mut Vec<Action>) {
        game.arrow_actions(out);
    }

    fn check(game: &Game, tile: &PlacedTile, action: Action) -> Option<Result<(), ActError>> {
        match action {
            // A magic portal's (Princess & Dragon) is checked there.
            Action::Portal { figure, at } if !game.magic_portal_open(tile) => {
                Some(game.check_portal(figure, at))
            }
            Action::AddNextTo { figure, at } => Some(game.check_add_next_to_arrow(figure, at)),
            _ => None,
        }
    }

    /// Also a magic portal's figure (Princess & Dragon): the same action.
    fn apply(game: &mut Game, _: PlacedTile, action: Action) {
        if let Action::Portal { figure, at } | Action::AddNextTo { figure, at } = action {
            game.arrow_place(figure, at);
        }
    }

    fn choices(game: &Game, p: &Pending, out: &mut Vec<Choice>) {
        if let Decision::Arrow { .. } = p.decision {
            game.arrow_choices_into(out);
        }
    }

    fn answer(game: &mut Game, p: Pending, choice: Choice) {
        match (p.decision, choice) {
            (Decision::Arrow { .. }, Choice::Arrow(kind)) => game.activate(kind),
            // Not an answer: asked again.
            (Decision::Arrow { .. }, _) => game.pending.insert(0, p),
            _ => {}
        }
    }

    #[inline]
    fn turn_ends(game: &mut Game) {
        game.exp.anniversary.arrow = None;
    }
}

/// Bit of an arrow kind in the arrow kinds the player may choose from.
pub(crate) const fn arrow_bit(kind: ArrowKind) -> u8 {
    1 << kind as u8
}

/// The arrow kinds, in bit order.
pub(crate) const ARROWS: [ArrowKind; 3] = [
    ArrowKind::AddNextTo,
    ArrowKind::Portal,
    ArrowKind::ExtraTurn,
];

impl Game {
    /// The arrow activated this turn (20th Anniversary), once chosen.
    pub fn active_arrow(&self) -> Option<ArrowKind> {
        self.exp.anniversary.arrow
    }

    /// The arrow kinds (bit per `ArrowKind as u8`) the last placement offered.
    pub(crate) fn arrow_choices(&self) -> u8 {
        self.exp.anniversary.choices
    }

    /// A tile just put on the board (any tile, the start tile too): its arrow
    /// is noted on it and, when it points at an empty square, on that square
    /// ([`Grid::point`](crate::grid::Grid::point)).
    #[inline(always)]
    fn note_arrow(&mut self, index: usize) {
        let tile = &mut self.board.tiles[index];
        let k = &self.cat.kinds[usize::from(tile.kind)];
        let r = usize::from(tile.rotation.quarter_turns());
        tile.arrow = k
            .arrow
            .map_or(0, |(kind, dirs)| arrow_bit(kind) << 2 | dirs[r]);
        let tile = *tile;
        if tile.arrow != 0 {
            // An arrow pointing at an empty square: noted there, so that the
            // tile later placed there activates it (the start tile's too).
            let target = tile.pos.step(usize::from(tile.arrow & 3));
            if self.board.grid.tile(target).is_none() {
                self.board.grid.point(target, tile.arrow >> 2);
            }
        }
    }

    /// The placed tile's arrow scores or is activated; neighbours' arrows pointing
    /// at it are activated.
    fn arrows(&mut self, tile: PlacedTile, around: [u16; 4]) {
        // The neighbours' arrows pointing here were noted on this square when
        // they were placed (it was empty then, [`Game::note_arrow`]): one
        // read, not four tiles'.
        let mut choices = self.board.grid.pointing_at(tile.pos);
        if tile.arrow != 0 {
            if around[usize::from(tile.arrow & 3)] != 0 {
                choices |= tile.arrow >> 2;
            } else {
                self.scores[usize::from(self.current)] += 2;
                self.log(Event::Points {
                    turn: self.turn,
                    player: self.current,
                    points: 2,
                    reason: PointsReason::Arrow,
                });
            }
        }
        if self.extra == Extra::Playing {
            choices &= !arrow_bit(ArrowKind::ExtraTurn);
        }
        self.exp.anniversary.choices = choices;
        if choices.count_ones() == 1 {
            self.activate(ARROWS[choices.trailing_zeros() as usize]);
        }
    }

    /// Activates an arrow of `kind` this turn (ruling extra-turn-twice: an
    /// extra-turn arrow earns nothing in an extra turn).
    fn activate(&mut self, kind: ArrowKind) {
        self.exp.anniversary.arrow = Some(kind);
        if kind == ArrowKind::ExtraTurn {
            self.earn_extra_turn();
        }
        self.log(Event::ArrowActivated {
            turn: self.turn,
            player: self.current,
            arrow: kind,
        });
    }

    /// The figure step's placements an activated portal or add-next-to arrow
    /// offers.
    fn arrow_actions(&self, out: &mut Vec<Action>) {
        match self.exp.anniversary.arrow {
            Some(ArrowKind::Portal) => self.portal_actions(out),
            Some(ArrowKind::AddNextTo) => self.add_actions(out),
            _ => {}
        }
    }

    /// A portal or add-next-to placement (checked): `figure` from supply onto
    /// `at`.
    fn arrow_place(&mut self, figure: FigureKind, at: Spot) {
        if let Some(t) = self.board.grid.tile(at.pos) {
            let node = self.board.tiles[usize::from(t)].node_base + u16::from(at.segment);
            self.put_figure(self.current, figure, at, node);
        }
    }

    /// The arrow kinds the player may activate, as choices.
    fn arrow_choices_into(&self, out: &mut Vec<Choice>) {
        for kind in ARROWS {
            if self.exp.anniversary.choices & arrow_bit(kind) != 0 {
                out.push(Choice::Arrow(kind));
            }
        }
    }
}
