//! The expansions: each one module behind one interface, [`Expansion`] (a
//! capability, as JCloisterZone's `Capability` classes are), registered in
//! one place (`expansion/registry.rs`). The turn (`turn/`) never names an
//! expansion: at each step it calls the registry, which calls the hook of
//! every expansion in play, in registration order.
//!
//! - [`anniversary`]: 20th Anniversary arrows (scoring, activation, portal,
//!   add-next-to, extra turn);
//! - [`festival`]: the festival's return of an own figure;
//! - [`promos`]: the Russian promos: Vodyanoy's lake and Solovei's tree (the
//!   traps, freeing, the end-of-game penalty), Baba Yaga's hut;
//! - [`mm`]: Messengers & Mayors: town halls, the mayor, the scarecrow, the
//!   messengers;
//! - [`inns_cathedrals`]: Inns & Cathedrals: inns, cathedrals, the big
//!   follower.
//! - [`traders_builders`]: Traders & Builders: the trade goods, the builder,
//!   the pig.
//! - [`princess_dragon`]: The Princess & the Dragon: volcanoes, the dragon,
//!   magic portals, the princess, the fairy.
//! - [`abbey_mayor`]: Abbey & Mayor: the abbeys, the mayor, the wagon, the
//!   barn.
//!
//! A catalog decides once which expansions are in play ([`Expansion::rules`]
//! reads its compiled tiles: arrows, marks, road ends; never tile ids). A
//! game without any pays one flag test (`cat.rules.any`) per step of the
//! turn; with some, each hook costs one test of its expansion's flag, and
//! the registry's calls are out of line so that the base game's turn stays
//! small. Dispatch is static: no `dyn` call anywhere.
//!
//! `docs/expansions.md` is the guide: the lifecycle of a turn with every hook
//! in order, and the checklist of what adding an expansion touches.

pub(crate) mod abbey_mayor;
pub(crate) mod anniversary;
pub(crate) mod festival;
pub(crate) mod inns_cathedrals;
pub(crate) mod mm;
pub(crate) mod princess_dragon;
pub(crate) mod promos;
mod registry;
pub(crate) mod tower;
pub(crate) mod traders_builders;

pub(crate) use registry::{plays_mark, InPlay, States};

use crate::act::ActError;
use crate::catalog::{KindId, KindInfo};
use crate::decide::Pending;
use crate::draw::{DrawError, Drawn};
use crate::event::Cause;
use crate::figure::{Action, Figure, FigureKind, MAX_PLAYERS};
use crate::game::{Game, PlacedTile};
use crate::mark::MarkKind;
use crate::moves::{Move, MoveError};
use crate::research::ActionBlock;
use crate::scoring::Tally;
use crate::Choice;
use std::fmt::Debug;

/// One expansion: its state, what it brings, and the hooks of a turn it
/// joins. Every hook has a default that does nothing, so a module writes only
/// the hooks it needs. Hooks are associated functions taking the whole
/// [`Game`]: an expansion moves figures, scores and queues decisions through
/// the game's own bookkeeping (`put_figure`, `send_home`, `log`, ...).
///
/// The hooks in the order a turn calls them (`docs/expansions.md` has the
/// whole lifecycle):
/// 1. setup: [`begin`](Expansion::begin), then [`noted`](Expansion::noted)
///    for the start tile;
/// 2. the draw: [`drawn`](Expansion::drawn) (a tile held back),
///    [`holds_tile`](Expansion::holds_tile),
///    [`draw_moves`](Expansion::draw_moves) /
///    [`check_draw_move`](Expansion::check_draw_move) /
///    [`play_draw_move`](Expansion::play_draw_move) (a held tile instead of a
///    draw), [`draw_held`](Expansion::draw_held) (a held tile named by a
///    replay), [`hand_over`](Expansion::hand_over) (the pile is empty);
/// 3. the placement: [`noted`](Expansion::noted), then
///    [`placed`](Expansion::placed), which may queue decisions asked before
///    the figure step;
/// 4. the figure step: [`may_deploy`](Expansion::may_deploy),
///    [`actions`](Expansion::actions) / [`check`](Expansion::check) /
///    [`apply`](Expansion::apply), and [`arrived`](Expansion::arrived) for
///    every figure that comes onto the board;
/// 5. [`after_figure_step`](Expansion::after_figure_step), which may queue
///    decisions asked before scoring;
/// 6. scoring, per feature: [`points`](Expansion::points),
///    [`strength`](Expansion::strength),
///    [`figure_scored`](Expansion::figure_scored),
///    [`scored`](Expansion::scored); then
///    [`after_scoring`](Expansion::after_scoring), which may queue decisions
///    asked after scoring;
/// 7. decisions: [`choices`](Expansion::choices) /
///    [`answer`](Expansion::answer);
/// 8. the turn's end: [`turn_ends`](Expansion::turn_ends) (an extra turn is
///    the turn's own notion: [`Game::earn_extra_turn`]), then
///    [`turn_begins`](Expansion::turn_begins) for the next turn;
/// 9. the game's end: [`final_scoring`](Expansion::final_scoring).
pub(crate) trait Expansion {
    /// What the catalog says about the expansion when its tiles are in play
    /// (`()` when only whether; the town hall's kind for Messengers &
    /// Mayors). Read by the module as `game.cat.exp.<name>`.
    type Rules: Copy + Debug;

    /// Its part of a game: the position's (`Clone`, compared and hashed
    /// through [`Position`]), reset by [`Expansion::begin`]. Read and
    /// written by the module only, as `game.exp.<name>`.
    type State: Clone + Debug + Default + Position;

    /// The tile marks whose rules it plays: a catalog refuses a tile with a
    /// mark no registered expansion plays ([`MarkKind::played`]), unless its
    /// tiles are played as plain topology.
    const MARKS: &'static [MarkKind] = &[];

    /// The figure kinds it brings: in play with it, each player starting with
    /// [`FigureKind::per_player`] of each.
    const FIGURES: &'static [FigureKind] = &[];

    /// The research action index's blocks its moves use (their place in the
    /// index is fixed by [`ActionBlock::ORDER`]).
    const ACTIONS: &'static [ActionBlock] = &[];

    /// The research observation's vector fields it fills (names in
    /// [`VECTOR_FIELDS`](crate::research::VECTOR_FIELDS)).
    const OBSERVES: &'static [&'static str] = &[];

    /// Whether the tiles in play call for it, and what they say: `None` when
    /// it is not in play. Called once, when a catalog is built.
    fn rules(kinds: &[KindInfo]) -> Option<Self::Rules>;

    /// A game starts (new or reset), before its start tile is put down:
    /// its state is set up (held tiles, tokens); the supplies of its
    /// [`FIGURES`](Expansion::FIGURES) are filled already.
    fn begin(_game: &mut Game) {}

    /// A tile was put on the board (any tile, the start tile included, index
    /// `index` in `board.tiles`): note what it carries.
    fn noted(_game: &mut Game, _index: usize) {}

    /// A tile of kind `kind` was drawn from the pile (at random or named by a
    /// replay), before anything else looks at it: `false` holds it back (the
    /// expansion keeps it, as dragon tiles are before the first volcano, and
    /// says so in its state and events); the player then draws again, and a
    /// named draw answers [`Drawn::SetAside`].
    fn drawn(_game: &mut Game, _kind: KindId) -> bool {
        true
    }

    /// Whether `player` holds a tile to place instead of drawing (a town
    /// hall): the game is not over while one is held.
    fn holds_tile(_game: &Game, _player: crate::Player) -> bool {
        false
    }

    /// The moves the current player may make instead of drawing.
    fn draw_moves(_game: &Game, _out: &mut Vec<Move>) {}

    /// Why the draw-phase move `m` is illegal now, if it is its move (`None`
    /// for another expansion's move). Asked of every registered expansion,
    /// in play or not.
    fn check_draw_move(_game: &Game, _m: Move) -> Option<Result<(), MoveError>> {
        None
    }

    /// Plays the draw-phase move `m` (checked), if it is its move.
    fn play_draw_move(_game: &mut Game, _m: Move) {}

    /// A replay names a held tile's kind as the turn's tile: take it (`None`
    /// when the kind is not its held tile). Asked of every registered
    /// expansion, in play or not.
    fn draw_held(_game: &mut Game, _kind: KindId) -> Option<Result<Drawn, DrawError>> {
        None
    }

    /// The pile is empty: the turn passes to the next player who must still
    /// place a held tile, who takes it; its kind, or `None`.
    fn hand_over(_game: &mut Game) -> Option<KindId> {
        None
    }

    /// The tile just placed (`around`: the placed-tile index + 1 of its
    /// neighbours N, E, S, W; 0 for none) takes effect: a volcano, a town
    /// hall, a trap, arrows. Decisions queued here (`game.pending`) are
    /// asked before the figure step.
    fn placed(_game: &mut Game, _tile: PlacedTile, _around: [u16; 4]) {}

    /// Whether figures may be deployed on the tile just placed at all (Err:
    /// the rule that forbids it). Checked before the base game's
    /// deployments are listed or checked.
    fn may_deploy(_game: &Game, _tile: &PlacedTile) -> Result<(), ActError> {
        Ok(())
    }

    /// Appends the figure step's alternatives it adds (after the base game's
    /// deployments, in registration order).
    fn actions(_game: &Game, _tile: &PlacedTile, _out: &mut Vec<Action>) {}

    /// Why `action` is illegal now, if it is its action (`None` for another
    /// expansion's); a deployment of one of its kinds that the base rules do
    /// not place ([`FigureSpec::stands_on`](crate::figure::FigureSpec) 0)
    /// comes here too. Asked of every registered expansion, in play or not.
    fn check(_game: &Game, _tile: &PlacedTile, _action: Action) -> Option<Result<(), ActError>> {
        None
    }

    /// Applies its figure-step `action` (checked), before anything scores.
    fn apply(_game: &mut Game, _tile: PlacedTile, _action: Action) {}

    /// A figure just came onto the board as `game.figs.all[index]` (deployed,
    /// moved, swapped in): Vodyanoy's trap takes it.
    fn arrived(_game: &mut Game, _index: usize) {}

    /// After the figure step, before scoring: moves several players make (a
    /// dragon's), traps that spring. Decisions queued here are asked before
    /// the turn's features score.
    fn after_figure_step(_game: &mut Game, _tile: PlacedTile) {}

    /// A feature about to score: its points as the base game counts them in
    /// `tally`, to change (an inn, a cathedral, a town hall's square).
    fn points(_game: &Game, _tally: &mut Tally) {}

    /// The strength of `figure` (a kind of its with strength
    /// [`STRENGTH_BY_EXPANSION`](crate::figure::STRENGTH_BY_EXPANSION)) in
    /// the feature `tally` is about.
    fn strength(_game: &Game, _figure: &Figure, _tally: &Tally) -> Option<u32> {
        None
    }

    /// `figure` left a feature that scored (`cause`), before the points
    /// are given: a messenger's move is queued.
    fn figure_scored(_game: &mut Game, _figure: &Figure, _cause: Cause) {}

    /// A feature scored (`strength`: each player's): bonuses (a pig), goods.
    fn scored(_game: &mut Game, _tally: &Tally, _strength: &[u32; MAX_PLAYERS]) {}

    /// Every completed feature of the turn scored: follow-ups (a builder
    /// going home, a wagon moving on). Decisions queued here are asked after
    /// scoring.
    fn after_scoring(_game: &mut Game, _tile: PlacedTile) {}

    /// Appends the answers to `pending` if it is its decision (none for
    /// another expansion's).
    fn choices(_game: &Game, _pending: &Pending, _out: &mut Vec<Choice>) {}

    /// Answers `pending` with `choice` (legal), if it is its decision.
    fn answer(_game: &mut Game, _pending: Pending, _choice: Choice) {}

    /// The turn ends (before the next player's, or an extra turn): forget
    /// what held for this turn only.
    fn turn_ends(_game: &mut Game) {}

    /// A turn begins (after [`turn_ends`](Expansion::turn_ends), the turn's
    /// player and number those of the new turn; not when the game is over):
    /// the fairy's point.
    fn turn_begins(_game: &mut Game) {}

    /// Final scoring, after every feature: penalties, goods, barns.
    fn final_scoring(_game: &mut Game) {}
}

/// An expansion's state as part of the position: equality and the position
/// key ([`Game::position_key`]), both blind to the order things happened in
/// (two transposed games are equal).
pub(crate) trait Position {
    /// A 64-bit summary: equal parts give equal keys.
    fn key(&self) -> u64;
    /// Whether two games' parts are the same position.
    fn same(&self, other: &Self) -> bool;
}

impl Position for () {
    fn key(&self) -> u64 {
        0
    }

    fn same(&self, _: &()) -> bool {
        true
    }
}
