#![warn(missing_docs)]
//! `tilec-runtime`: a rules engine for Carcassonne-style games, and static
//! tables for every tile set that `tilec` ships.
//!
//! # Quick start for an AI author
//!
//! A [`Game`] is the whole mutable state; every choice a player makes is a
//! [`Move`]; the draw is the engine's chance step. List, play, clone, hash:
//!
//! ```
//! use std::collections::HashSet;
//! use std::sync::Arc;
//! use tilec_runtime::*;
//!
//! let cat = Arc::new(Catalog::shipped(&["base"]).unwrap()); // immutable, shared
//! let mut game = Game::new(cat.clone(), Setup::new(2)).unwrap(); // no events: cheap clones
//! let mut rng = Rng::new(1);
//! let mut moves = Vec::new();
//! let mut seen = HashSet::new(); // a transposition table keyed by position
//! while !game.is_over() {
//!     if game.phase() == Phase::Draw && game.draw_random(&mut rng).is_err() {
//!         break; // DrawError::Over: nothing left to draw
//!     }
//!     moves.clear();
//!     game.legal_moves_into(&mut moves); // placements, figure steps or answers
//!     // Look one move ahead on copies: a clone is a few small vectors.
//!     let best = *moves
//!         .iter()
//!         .max_by_key(|&&m| {
//!             let mut next = game.clone();
//!             next.play_unchecked(m); // m is listed: no check needed
//!             next.scores()[usize::from(game.current_player())]
//!         })
//!         .unwrap();
//!     game.play(best).unwrap(); // checked: an illegal move is refused, game unchanged
//!     seen.insert(game.position_key());
//! }
//! let outcome = game.outcome().unwrap(); // final scoring ran by itself
//! assert_eq!(outcome.scores, game.scores());
//! println!("{}", moves.first().map_or(String::new(), |m| m.display(&cat).to_string()));
//! ```
//!
//! - [`Game::legal_moves_into`] lists the current phase's moves;
//!   [`Game::play`] checks one ([`MoveError`] names the rule) and
//!   [`Game::play_unchecked`] trusts the caller (checked anyway in debug
//!   builds).
//! - [`Game::draw_random`] (seeded) or [`Game::draw`] (a named tile, for
//!   replays) is the chance step; a drawn tile that fits nowhere is set aside.
//! - [`Game::is_over`] and [`Game::outcome`]: the engine scores the end
//!   itself.
//! - `Game` is `Clone`, `Eq` and `Hash` by position; [`Game::position_key`] is
//!   a 64-bit key kept as tiles are placed. Events ([`Setup::with_events`])
//!   and the move history ([`Setup::with_history`]) are off unless asked for.
//! - Moves have a text notation ([`notation`]): `place base/U 1,0 r90`,
//!   `follower 2`, `pass`, `arrow portal`, ... A [`Notation`] (a move with
//!   its tile named by id) is `Display` + `FromStr` without a catalog;
//!   [`Move::to_notation`] and [`Notation::resolve`] convert with one.
//! - [`research`]: the engine as a research environment (OpenSpiel-style
//!   states): explicit chance nodes with their odds, a seeded chance stream
//!   that a clone never shares and [`research::State::resample`] reshuffles,
//!   playouts, returns, exact restores from the history or a record, a
//!   fixed action index sized to the game and observations from any
//!   player's view. On a plain `Game`, [`Game::chance_outcomes`] and
//!   [`Game::pile_counts`] give the unseen pile: the pile is a multiset and
//!   the draw comes from the `Rng` you pass, so a clone drawing with your own
//!   generator never sees the real game's future.
//! - Optional features: `serde` (moves, setups, events, outcomes, records) and
//!   `record` (game records: the `record` module). With neither, the crate depends on
//!   nothing.
//!
//! # Where each rule lives
//!
//! The source is grouped in rooms, one home per rule:
//! - `board/`: geometry, the grid and its frontier, the features' union–find,
//!   placement fit and board queries ([`Game`]'s `board` fields);
//! - `turn/`: the turn's state machine: draw and pile, place, the figure step
//!   (`act`), decisions, scoring, the one [`Move`] type;
//! - `figures.rs` and `figures/`: the figure kinds and the bookkeeping every
//!   rule shares (stand, lift, send home; `Game`'s `figs` fields);
//! - `expansion.rs`: the interface every expansion implements (the trait
//!   `Expansion`: its state, what it brings, the hooks of a turn it joins),
//!   `expansion/registry.rs`: the one list of expansions and the calls the
//!   turn makes into them, and one module per expansion behind it:
//!   `expansion/anniversary.rs` (arrows, portal, add-next-to),
//!   `expansion/festival.rs`, `expansion/promos.rs` (Vodyanoy's trap,
//!   Solovei's trap), `expansion/mm.rs` (town halls, mayors, scarecrows,
//!   messengers); each one's state is its field of `Game`'s `exp`. The turn
//!   names no expansion; `docs/expansions.md` lists every hook in the order
//!   a turn calls them, and what adding an expansion touches;
//! - `record/`, `notation.rs`, `position.rs`, `event.rs`, `sim.rs`: records,
//!   move text, position keys, events, the random player;
//! - `research.rs` and `research/`: states, chance, the action index and
//!   observations for search and learning.
//!
//! # The rest of the API
//!
//! The tables in [`tables`] are generated by `cargo run --release -- build` from the
//! tile text in `tiles/` into `runtime/generated/tables.rs` and committed; never
//! edit them by hand. A designer's own set compiled at run time by the `tilec`
//! CLI has the same types ([`TileSet`]), so code written against the shipped
//! tables works unchanged with custom tiles.
//!
//! A [`Catalog`] checks and compiles the sets in play (immutable, shared). The
//! phase-specific calls remain: [`Game::draw`], [`Game::place`], [`Game::act`],
//! [`Game::choose`] and their `legal_*` lists and `_unchecked` forms. Rules:
//! base game, River, Abbot & gardens, and the expansions (20th Anniversary
//! arrows, Festival, Russian promos' traps, Messengers & Mayors; see
//! `docs/rules/` for the rulings). Their extra decisions are in
//! [`decide`]: when [`Game::phase`] is [`Phase::Decide`], answer
//! [`Game::decision`].
//!
//! ```
//! use std::sync::Arc;
//! use tilec_runtime::*;
//! let cat = Arc::new(Catalog::shipped(&["base"]).unwrap());
//! let mut game = Game::new(cat.clone(), Setup::new(2)).unwrap();
//! game.draw(cat.kind_id("base/U").unwrap()).unwrap(); // a straight road
//! // East of the start tile's road, turned so the road runs west-east.
//! game.place(Placement { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
//! game.act(Action::Place { figure: FigureKind::Follower, segment: 0 }).unwrap();
//! game.finish(); // ends a game early: final scoring now
//! assert_eq!(game.scores(), &[2, 0]); // an incomplete road of two tiles
//! ```
//!
//! Clone cost, `legal_moves_into` and the position key are measured by
//! `cargo bench -p tilec-runtime --bench engine` (group `engine`: `clone`,
//! `legal_moves_into`, `position_key`, each over three mid-game base boards
//! with a tile drawn): about 3.4 µs, 1.3 µs and 0.65 µs for the three, that is
//! about 1.1 µs per clone (measured on a shared, loaded 2-core machine).
//!
//! Rulings the engine implements where the rules leave room (see the modules):
//! - River: only an *immediate* U-turn is forbidden (a bend may not follow a bend
//!   the same way on the next tile; [`placement`]); river tiles come first, then the
//!   lake, then land tiles; a river tile must continue the river.
//! - A drawn tile that fits nowhere is set aside for good and another is drawn.
//! - The abbot taken back scores its monastery or garden counting the tile just
//!   placed; a completed one scores 9 and returns the abbot.
//! - Fields score 3 per distinct completed city they touch, for the majority.
//!
//! Speed (`cargo bench -p tilec-runtime --bench engine`; the same games from the
//! CLI: `cargo run --release -- simulate --sets base --players 2 --games 200000 --threads 1`):
//! random play is dominated by coin-toss branches and table lookups, so the hot
//! paths are written for both.
//! - The frontier (empty squares next to a tile) lives in fixed slots with each
//!   square's demand as a table slot; placing a tile updates its four neighbours
//!   without branching on whether each is empty, new or already on the frontier.
//! - A kind's fit table holds, per demand, the rotations that fit and their
//!   count in one byte, ordered so that a real frontier's demands share a few
//!   cache lines; kinds with the same edges and symmetry share one table. A
//!   kind's compiled entry puts what draws and placements read in its first
//!   cache lines, and its node template is line-aligned. Counting a drawn tile's placements packs each block of eight
//!   squares' counts into one word; the uniform pick finds its block and square
//!   by comparing running totals, without a data-dependent exit.
//! - Features are a union–find whose nodes all point at their root (the smaller
//!   feature is relabelled on a union), so a lookup is one load. The nodes are
//!   stored in a few arrays (links, counters, tiles, what they are): a kind's
//!   nodes are copied from a template in groups of fixed length (a few vector
//!   stores), and a root's four counters merge in one lane-wise addition.
//! - The placement (grid update, node copy, unions) is inlined into one
//!   function, and a pass that completes nothing is a few checks: rare work
//!   (growing the board, scoring, actions other than a pass) is out of line.
//! - Completion is checked only after a placement closed a feature's last open
//!   crossing; cloister figures are kept in a list of their own.
//! - The expansions' steps (arrows, traps, the figure step's alternatives, the
//!   surround triggers) are out of line and cost a base game one flag test per
//!   step. Each square counts the watched figures (mayors, standing
//!   scarecrows) on it and beside it, so most placements skip the surround
//!   check; a surround is found from five squares' neighbour masks and a
//!   figure's place in it by a table lookup; Solovei's trigger tells a road
//!   built on by its growth; an arrow pointing at an empty square is noted
//!   on that square (beside its sides' bits), so a placement there finds the
//!   arrows pointing at it in one read, not its four neighbours'; with all five
//!   figure kinds (and for the portal) a segment's figures come from one mask
//!   per segment (kept on its feature node) instead of a branch per kind;
//!   the portal's listing walks the nodes, not each tile's segments, and
//!   keeps a chunk's nodes with a figure to put without a branch before
//!   listing them;
//!   the listings of festival returns, freed figures and add-next-to
//!   placements look for repeats among their own entries only; a river kind
//!   counts from a table of the rotations that continue the river, passing
//!   over every other frontier square with one lookup, and picks from the
//!   squares its count kept; the river rules read a square and its four
//!   neighbours once (from the grid's array) for all of a tile's rotations;
//!   a town hall taken instead of a draw is counted once for the count and
//!   the pick.
//! - Every x86-64 build aligns loop heads to a cache line
//!   (`.cargo/config.toml`): otherwise a change anywhere could move the hot
//!   loops and shift a configuration's rate by several per cent, which a
//!   comparison of two commits would take for the change.
//!
//! The expansions' speed against the base game's is measured in one run by
//! `tilec simulate --compare` (the compiler's CLI; rounds of random 2-player
//! base games and 4-player games with all six sets alternate, each rate the
//! median of its rounds; it prints the ratio and the time per tile placed and
//! per legal placement offered). A random 4-player game with all six sets
//! plays 1.8 times the turns of a 2-player base game, with 1.5 times the legal
//! placements a turn.
//!
//! This crate deliberately depends on no compiler crate (no parser, graph, image or
//! template library) and on no random-number crate: engines and AIs link only what
//! they play with.

mod board;
pub mod catalog;
pub mod event;
mod expansion;
pub mod figures;
pub mod game;
pub mod mark;
pub mod notation;
pub mod position;
#[cfg(feature = "record")]
pub mod record;
pub mod research;
pub mod rng;
pub mod sim;
pub mod sourcing;
#[doc(hidden)]
pub mod testkit;
pub mod tile;
mod turn;

// The rooms' inner modules under the paths they had when `src` was flat.
pub(crate) use board::{edge_code, features, grid, query};
pub use board::{geom, placement};
pub use figures as figure;
pub(crate) use turn::{act, draw, pile, scoring};
pub use turn::{decide, moves};

pub use act::ActError;
pub use catalog::{Catalog, CatalogError, CatalogOptions, KindId, PileClass};
pub use decide::{Choice, ChoiceError, Decision};
pub use draw::{DrawError, Drawn};
pub use event::{Cause, Event, Good, PointsReason, ReturnReason, Scoring};
pub use expansion::abbey_mayor::CORNER_NAMES;
/// The Tower: a tower foundation of the board and what stands on it.
pub use expansion::tower::Tower;
pub use figure::{Action, Figure, FigureKind, Player, Spot, Trap, Trapped, MAX_PLAYERS};
pub use game::{Game, LogEntry, Phase, PlacedTile, Setup, SetupError};
pub use geom::{Pos, Rotation};
pub use moves::{Move, MoveError, Outcome};
pub use notation::{Notation, ParseMoveError};
pub use placement::{PlaceError, Placement};
pub use query::FeatureInfo;
pub use rng::Rng;
pub use sim::{GameStats, RandomPlayer};
pub use tile::{
    rotate_ports, Arrow, ArrowKind, Aspect, Aspects, Crossing, Edge, EndKind, Illustration, Mark,
    MarkArg, MarkKind, PortMask, Provenance, RoadEnd, Segment, SegmentKind, SegmentMask, Sourcing,
    TileKind, TileSet, EDGE_NAMES, NO_SEGMENT, PORT_NAMES,
};

/// The generated tables: one `static` [`TileSet`] per shipped set and [`tables::SETS`].
pub mod tables {
    #![allow(clippy::all)]
    use crate::tile::*;
    use std::borrow::Cow;
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/generated/tables.rs"));
}
