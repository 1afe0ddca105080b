//! Traders & Builders: the trade goods, the builder and the pig.
//!
//! The player who places the tile that completes a city takes its goods (one
//! token per symbol), whoever holds the city; at the end the most tokens of
//! each good score 10. The builder and the pig join a feature of the tile
//! just placed that already holds a follower of their owner's: a tile that
//! later extends the builder's road or city earns its owner one more turn; a
//! pig makes its owner's field worth 4 a completed city instead of 3.
//!
//! Rulings (each with its source in `docs/rules/traders-builders.md`):
//! - **goods-completer**: the goods go to the player who placed the completing
//!   tile, with or without a follower in the city; every city the tile
//!   completes gives its goods (`traders_builders/goods.rs`).
//! - **goods-tie**: every player tied for the most of a good scores 10;
//!   nobody when nobody holds any.
//! - **builder-beside-follower**, **pig-beside-farmer**: the builder goes
//!   onto a road or city segment, the pig onto a field segment, of the tile
//!   just placed, instead of a follower, into a feature that already holds a
//!   follower of the player's: any figure of theirs but a builder or pig
//!   counts (JCloisterZone: a `Follower` of the player's; the mayor counts);
//!   **builder-open**: never into a completed road or city.
//! - **builder-turn**: a tile the builder's owner places that joins the
//!   builder's road or city (completing it included) earns one more turn, at
//!   once, through the turn's shared extra turn: an extra turn earns no
//!   third (JCloisterZone: `BuilderCapability`, `TilePhase`).
//! - **alone**: a builder or pig goes home when its feature scores, or as
//!   soon as no follower of its owner's is left in it (JCloisterZone:
//!   `undeployLonelySpecials`).
//! - **pig-bonus**: at the end, the pig's owner, if among the field's
//!   winners, scores 1 more a completed city the field supplies.
//!
//! The builder and the pig have strength 0 (they win nothing) and
//! `stands_on` 0: the base game never lists them; this module's `actions`
//! and `check` place them (`traders_builders/figures.rs`).

mod figures;
mod goods;

use super::{Expansion, Position};
use crate::act::ActError;
use crate::catalog::KindInfo;
use crate::event::{Cause, Good};
use crate::figure::{Action, Figure, FigureKind, FigureSpec, Player, MAX_PLAYERS};
use crate::game::{Game, PlacedTile};
use crate::mark::MarkKind;
use crate::position::mix;
use crate::scoring::Tally;

/// The builder: placed by this module beside an own follower (strength 0).
pub(crate) const BUILDER: FigureSpec = FigureSpec {
    name: "builder",
    per_player: 1,
    strength: 0,
    stands_on: 0,
    joins_occupied: true,
    watched: false,
};

/// The pig: placed by this module beside an own farmer (strength 0).
pub(crate) const PIG: FigureSpec = FigureSpec {
    name: "pig",
    per_player: 1,
    strength: 0,
    stands_on: 0,
    joins_occupied: true,
    watched: false,
};

/// Traders & Builders: in play when a tile carries a trade good.
pub(crate) struct TradersBuilders;

/// Traders & Builders' part of a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct TbState {
    /// Per player: the tokens of each good ([`Good::ALL`] order).
    goods: [[u8; 3]; MAX_PLAYERS],
    /// While a field scores: the players whose pig left it (bit per player).
    /// Empty between moves: no part of the position.
    pigs: u8,
}

impl Position for TbState {
    fn key(&self) -> u64 {
        self.goods
            .iter()
            .flatten()
            .fold(0, |key, &n| mix(key ^ u64::from(n)))
    }

    fn same(&self, other: &TbState) -> bool {
        self.goods == other.goods
    }
}

impl Expansion for TradersBuilders {
    type Rules = ();
    type State = TbState;
    const MARKS: &'static [MarkKind] = &[MarkKind::Resource];
    const FIGURES: &'static [FigureKind] = &[FigureKind::Builder, FigureKind::Pig];
    const OBSERVES: &'static [&'static str] = &["goods"];

    fn rules(kinds: &[KindInfo]) -> Option<()> {
        let goods = |k: &KindInfo| k.def.marks.iter().any(|m| m.kind == MarkKind::Resource);
        kinds
            .iter()
            .any(|k| k.def.count > 0 && goods(k))
            .then_some(())
    }

    fn begin(game: &mut Game) {
        game.exp.traders_builders = TbState::default();
    }

    /// Ruling builder-turn.
    fn placed(game: &mut Game, tile: PlacedTile, _: [u16; 4]) {
        game.builder_extended(tile);
    }

    fn actions(game: &Game, tile: &PlacedTile, out: &mut Vec<Action>) {
        game.tb_actions(tile, out);
    }

    fn check(game: &Game, tile: &PlacedTile, action: Action) -> Option<Result<(), ActError>> {
        match action {
            Action::Place { figure, segment } if is_special(figure) => {
                Some(game.check_special(tile, figure, segment))
            }
            _ => None,
        }
    }

    /// Ruling alone: a festival return or a trap may have taken the last
    /// own follower.
    fn after_figure_step(game: &mut Game, _: PlacedTile) {
        game.send_lonely_home();
    }

    fn figure_scored(game: &mut Game, f: &Figure, _: Cause) {
        if f.kind == FigureKind::Pig {
            game.exp.traders_builders.pigs |= 1 << f.player;
        }
    }

    /// Ruling pig-bonus.
    fn scored(game: &mut Game, tally: &Tally, strength: &[u32; MAX_PLAYERS]) {
        let pigs = std::mem::take(&mut game.exp.traders_builders.pigs);
        if pigs != 0 {
            game.pig_bonus(pigs, tally, strength);
        }
    }

    /// Ruling goods-completer; ruling alone (a decision may have moved a
    /// follower away).
    fn after_scoring(game: &mut Game, tile: PlacedTile) {
        game.take_goods(tile);
        game.send_lonely_home();
    }

    /// Ruling alone: the decisions answered after scoring (a messenger's
    /// move) may have taken the last own follower.
    fn turn_ends(game: &mut Game) {
        game.send_lonely_home();
    }

    /// Ruling goods-tie.
    fn final_scoring(game: &mut Game) {
        game.goods_majorities();
    }
}

/// Whether `kind` is one of this expansion's figures (no follower).
pub(crate) const fn is_special(kind: FigureKind) -> bool {
    matches!(kind, FigureKind::Builder | FigureKind::Pig)
}

impl Game {
    /// Traders & Builders: `player`'s tokens of each good, in [`Good::ALL`]
    /// order (all 0 without the expansion).
    pub fn goods(&self, player: Player) -> [u8; 3] {
        self.exp
            .traders_builders
            .goods
            .get(usize::from(player))
            .copied()
            .unwrap_or_default()
    }

    /// `player`'s tokens of `good`.
    pub fn goods_of(&self, player: Player, good: Good) -> u8 {
        self.goods(player)[good as usize]
    }
}
