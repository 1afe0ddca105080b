//! The mutable game state and its turn cycle: draw, place, figure step (which
//! scores), and final scoring.
//!
//! A turn runs [`Game::draw`] (or [`Game::draw_random`]), then [`Game::place`],
//! then [`Game::act`]; [`Game::finish`] runs final scoring. Each checked call has
//! an `_unchecked` twin for callers that only pass moves from the `legal_*` lists.

use crate::catalog::{Catalog, KindId};
use crate::decide::{Next, Pending};
use crate::draw::DrawError;
use crate::event::Event;
use crate::expansion::States;
use crate::features::{Features, Node};
use crate::figure::{Figure, FigureKind, Player, MAX_PLAYERS};
use crate::geom::{Pos, Rotation};
use crate::grid::Grid;
use crate::moves::Move;
use crate::pile::Pile;
use crate::placement::Placement;
use crate::rng::Rng;
use std::fmt;
use std::sync::Arc;

/// How a game starts.
///
/// The defaults suit an AI: no event log and no move history, so that a
/// clone copies only the position (see [`Game`]'s clone cost).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Setup {
    /// Number of players, 2 to 6.
    pub players: usize,
    /// The start tile (placed at `[0, 0]`, rotation 0); `None` for the catalog's
    /// [`default_start`](Catalog::default_start).
    pub start: Option<KindId>,
    /// Whether to record [`Event`]s (scores are kept either way).
    pub events: bool,
    /// Whether to keep the history of draws set aside and moves
    /// ([`Game::history`]), from which a game writes its own record.
    pub history: bool,
}

impl Default for Setup {
    /// Two players, as [`Setup::new`].
    fn default() -> Setup {
        Setup::new(2)
    }
}

impl Setup {
    /// `players` players, the default start tile, no events, no history.
    pub fn new(players: usize) -> Setup {
        Setup {
            players,
            start: None,
            events: false,
            history: false,
        }
    }

    /// This setup with the event log on ([`Game::events`]).
    pub fn with_events(self) -> Setup {
        Setup {
            events: true,
            ..self
        }
    }

    /// This setup with the move history on ([`Game::history`]).
    pub fn with_history(self) -> Setup {
        Setup {
            history: true,
            ..self
        }
    }
}

/// One entry of a game's history ([`Game::history`]): what a replay needs
/// besides the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum LogEntry {
    /// A drawn tile that fit nowhere was set aside.
    SetAside(KindId),
    /// A move was played (a [`Move::Place`] names the tile drawn).
    Move(Move),
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Not 2 to 6 players.
    Players(usize),
    /// The start kind is not in the catalog or has no copy.
    Start(KindId),
    /// The start kind is a town hall (held by the players, never on the pile).
    TownHallStart(KindId),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "{n} players: a game has 2 to 6"),
            SetupError::Start(k) => write!(f, "start tile {k} is not in the tile sets"),
            SetupError::TownHallStart(_) => f.write_str(
                "the start tile is a town hall: a game starts with a land or river tile \
                 (town halls are held by the players and placed during the game)",
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// The start tile of `setup`, if the setup is valid for `cat`.
fn check_setup(cat: &Catalog, setup: Setup) -> Result<KindId, SetupError> {
    if !(2..=MAX_PLAYERS).contains(&setup.players) {
        return Err(SetupError::Players(setup.players));
    }
    let start = setup.start.unwrap_or_else(|| cat.default_start());
    if usize::from(start) >= cat.len() || cat.kind(start).count == 0 {
        return Err(SetupError::Start(start));
    }
    if cat.pile_class(start) == crate::catalog::PileClass::TownHall {
        return Err(SetupError::TownHallStart(start));
    }
    Ok(start)
}

/// Where a game is in its turn cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Phase {
    /// The current player draws a tile.
    Draw,
    /// The current player places the drawn tile.
    Place(KindId),
    /// The current player decides the figure step for the tile just placed.
    Figure,
    /// A player owes a decision outside the figure step ([`Game::decision`]):
    /// which arrow to activate, or what a surrounded mayor or scarecrow or a
    /// messenger whose road scored does.
    Decide,
    /// Final scoring is done.
    Over,
}

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    /// Its kind.
    pub kind: KindId,
    /// Its square.
    pub pos: Pos,
    /// How it is turned (normalised below the kind's symmetry).
    pub rotation: Rotation,
    /// First feature node of its segments.
    pub(crate) node_base: u16,
    /// River bend: 0 straight or none, 1 right, -1 left.
    pub(crate) river_turn: i8,
    /// Its arrow as placed: the arrow kind's bit (`arrow_bit`) above two bits
    /// of the side it points at; 0 for none (and always without arrows in
    /// play). Kept here so that a placement beside it reads no catalog entry.
    pub(crate) arrow: u8,
}

/// One game: the board, the figures, the pile, the scores.
///
/// **Clone cost.** A clone copies the board (tiles, grid, feature nodes), the
/// figures and the pile: a few small vectors and one grid allocation. With
/// events and history off (the [`Setup`] defaults) nothing grows with the
/// game's past beyond its tiles. Measured by
/// `cargo bench -p tilec-runtime --bench engine -- clone`: about 1.1 µs per
/// mid-game base board (10 to 60 tiles), against about 0.4 µs to list its
/// moves with [`Game::legal_moves_into`] and 0.2 µs for its
/// [`Game::position_key`] (a shared, loaded 2-core machine; figures vary).
///
/// **Equality and hashing** compare positions: the tiles on the board, the
/// figures, supplies, scores, pile, whose turn and phase; not the event log,
/// the history or the order in which the tiles were placed.
/// [`Game::position_key`] is the hash.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) cat: Arc<Catalog>,
    pub(crate) players: u8,
    pub(crate) current: Player,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    pub(crate) pile: Pile,
    /// The board: the tiles placed, the grid of squares and the features.
    pub(crate) board: Board,
    /// The figures: on the board, on cloisters, watched, in supply.
    pub(crate) figs: FigureState,
    pub(crate) scores: [i32; MAX_PLAYERS],
    pub(crate) events: Option<Vec<Event>>,
    /// Draws set aside and moves, when asked for ([`Setup::history`]).
    pub(crate) history: Option<Vec<LogEntry>>,
    /// Whether the last placement closed the last open crossing of a road,
    /// river or city: when it did not, nothing can have been completed, and
    /// the check of its features after the figure step is skipped.
    pub(crate) completed: bool,
    /// Where the turn goes on once the decisions owed are answered.
    pub(crate) next: Next,
    /// Extra-turn state: see [`Extra`].
    pub(crate) extra: Extra,
    /// Legal placements of the randomly drawn tile, counted while drawing it.
    pub(crate) drawn_count: Option<usize>,
    /// Decisions owed, in order (the first is [`Game::decision`]).
    pub(crate) pending: Vec<Pending>,
    /// The expansions' states, one field per registered expansion
    /// (`expansion/registry.rs`), each read and written by its own module.
    pub(crate) exp: States,
    /// Buffers reused from turn to turn; not part of the position.
    pub(crate) scratch: Scratch,
}

/// The figures of a [`Game`] (`figures/`): those on the board, with the
/// indexes the turn keeps over them, and each player's supply.
#[derive(Clone, Debug)]
pub(crate) struct FigureState {
    /// Every figure on the board (standing or lying), in placement order.
    pub(crate) all: Vec<Figure>,
    /// The square and node of each figure standing on a monastery, garden or
    /// hut, in `figures` order: a placement checks these for completion
    /// without scanning every figure.
    pub(crate) cloisters: Vec<(Pos, Node)>,
    /// How many of `figures` a surround can trigger (mayors, standing
    /// scarecrows): most turns none, and the surround check is skipped.
    pub(crate) watched: usize,
    pub(crate) supply: [[u8; FigureKind::ALL.len()]; MAX_PLAYERS],
}

/// The board of a [`Game`]: the tiles placed, the grid (squares, frontier) and
/// the features they form (`board/`).
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub(crate) grid: Grid,
    pub(crate) tiles: Vec<PlacedTile>,
    pub(crate) features: Features,
    /// The tiles' part of the position key, kept as tiles are placed (a sum
    /// of one hash per placed tile, so that placement order does not matter).
    pub(crate) tiles_key: u64,
}

/// Scratch buffers of a [`Game`], kept between turns so that a turn allocates
/// nothing; their contents mean nothing between calls (but `stamp`/`walk`,
/// which count distinct tiles, and `blocks` and `river`, valid while a drawn tile's
/// placements are counted).
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    /// Neighbours' feature nodes that the last placement closed without joining
    /// (a town hall's sides); the placed tile's own nodes are checked as well.
    pub(crate) touched: Vec<u16>,
    /// Per placed tile: the last walk that counted it (distinct-tile counting).
    pub(crate) stamp: Vec<u32>,
    pub(crate) walk: u32,
    /// Scratch: the completed features of a placement (see `score_completed`).
    pub(crate) roots: Vec<u16>,
    /// Scratch: the distinct completed cities of a field (see `completed_cities`).
    pub(crate) seen: Vec<u16>,
    /// While `drawn_count` is set for a kind without a river: per block of
    /// `grid::BLOCK` frontier squares, the running totals of its legal
    /// placements square by square, one byte each (the last byte is the
    /// block's total), and the squares' fit bytes, so that
    /// `nth_legal_placement` skips whole blocks and finds the square and
    /// rotation in its block without rescanning.
    pub(crate) blocks: Vec<(u64, u64)>,
    /// While `drawn_count` is set for a river kind: the frontier squares
    /// where it continues the river, with their legal rotations (bit per
    /// rotation), in frontier order, so that `nth_legal_placement` picks
    /// without applying the river rules again.
    pub(crate) river: Vec<(Pos, u8)>,
    /// Whether a figure left the board on its own (sent home, trapped,
    /// recalled, moved: `Game::lift`) since Traders & Builders last looked
    /// for builders and pigs left alone: a feature's figures that score
    /// leave together, so only such a departure can leave one alone. Set
    /// when the game is made, so that the first look is a full one.
    pub(crate) lifted: bool,
}

/// Where the current turn stands with respect to extra turns (one notion
/// for every rule that grants one: [`Game::earn_extra_turn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Extra {
    /// A normal turn.
    No,
    /// A normal turn that earned an extra turn (an extra-turn arrow).
    Earned,
    /// The extra turn itself (it earns no third).
    Playing,
}

impl Game {
    /// A new game with the start tile on the board and player 0 to draw.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// # let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let game = Game::new(cat, Setup::new(2))?;
    /// assert_eq!(game.phase(), Phase::Draw);
    /// assert_eq!(game.placed_tiles().len(), 1);
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn new(cat: Arc<Catalog>, setup: Setup) -> Result<Game, SetupError> {
        let start = check_setup(&cat, setup)?;
        let mut game = Game {
            board: Board {
                grid: Grid::new(),
                tiles: Vec::with_capacity(cat.total_tiles),
                features: Features::with_capacity(cat.max_nodes),
                tiles_key: 0,
            },
            exp: States::default(),
            scratch: Scratch {
                touched: Vec::with_capacity(16),
                stamp: vec![0; cat.total_tiles],
                walk: 0,
                roots: Vec::with_capacity(16),
                seen: Vec::with_capacity(16),
                blocks: Vec::with_capacity(32),
                river: Vec::with_capacity(4),
                lifted: true,
            },
            pile: Pile::default(),
            cat,
            players: setup.players as u8,
            current: 0,
            turn: 0,
            phase: Phase::Draw,
            figs: FigureState {
                all: Vec::with_capacity(MAX_PLAYERS * 8),
                cloisters: Vec::with_capacity(MAX_PLAYERS * 2),
                watched: 0,
                supply: [[0; FigureKind::ALL.len()]; MAX_PLAYERS],
            },
            scores: [0; MAX_PLAYERS],
            events: None,
            history: None,
            completed: false,
            drawn_count: None,
            pending: Vec::new(),
            next: Next::End,
            extra: Extra::No,
        };
        game.begin(setup, start);
        Ok(game)
    }

    /// Starts a new game with the same catalog, as [`Game::new`] would, but keeps
    /// this game's allocations (board, pile, feature and event buffers): the cheap
    /// way to play many games in a row.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// # let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let mut game = Game::new(cat, Setup::new(2))?;
    /// RandomPlayer::new(0.3).play(&mut game, &mut Rng::new(1));
    /// game.reset(Setup::new(3))?;
    /// assert_eq!((game.phase(), game.players(), game.placed_tiles().len()), (Phase::Draw, 3, 1));
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn reset(&mut self, setup: Setup) -> Result<(), SetupError> {
        let start = check_setup(&self.cat, setup)?;
        self.board
            .grid
            .clear(self.board.tiles.iter().map(|t| t.pos));
        self.board.tiles.clear();
        self.board.features.clear();
        self.figs.all.clear();
        self.figs.cloisters.clear();
        self.figs.watched = 0;
        self.scratch.touched.clear();
        self.scratch.stamp.fill(0);
        self.scratch.walk = 0;
        self.drawn_count = None;
        self.pending.clear();
        self.begin(setup, start);
        Ok(())
    }

    /// Sets up a checked `setup` on an empty board: pile, supplies, start tile.
    fn begin(&mut self, setup: Setup, start: KindId) {
        self.pile.reset(&self.cat, &self.cat.pile, start);
        self.players = setup.players as u8;
        self.current = 0;
        self.phase = Phase::Draw;
        self.figs.supply = [[0; FigureKind::ALL.len()]; MAX_PLAYERS];
        for row in self.figs.supply.iter_mut().take(setup.players) {
            for &k in self.cat.figure_kinds() {
                row[k.index()] = k.per_player();
            }
        }
        self.next = Next::End;
        self.extra = Extra::No;
        self.scores = [0; MAX_PLAYERS];
        match (&mut self.events, setup.events) {
            (Some(events), true) => events.clear(),
            (events, on) => *events = on.then(Vec::new),
        }
        match (&mut self.history, setup.history) {
            (Some(history), true) => history.clear(),
            (history, on) => *history = on.then(Vec::new),
        }
        self.board.tiles_key = 0;
        let at = Placement {
            pos: Pos::new(0, 0),
            rotation: Rotation::R0,
        };
        if self.cat.rules.any {
            self.begin_expansions();
        }
        self.put_tile(start, at, 0);
        if self.cat.rules.any {
            self.note_tile(0);
        }
        self.turn = 1;
    }

    /// The catalog the game plays with.
    pub fn catalog(&self) -> &Catalog {
        &self.cat
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Whose turn it is.
    pub fn current_player(&self) -> Player {
        self.current
    }

    /// The turn number: 1 for the first tile after the start tile.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Where the game is in its turn cycle.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Each player's score so far (negative only through Vodyanoy's penalty).
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players()]
    }

    /// The events so far (empty when the game records none).
    pub fn events(&self) -> &[Event] {
        self.events.as_deref().unwrap_or(&[])
    }

    /// Every tile on the board, the start tile first.
    pub fn placed_tiles(&self) -> &[PlacedTile] {
        &self.board.tiles
    }

    /// The tile at `pos`.
    pub fn tile_at(&self, pos: Pos) -> Option<&PlacedTile> {
        self.board
            .grid
            .tile(pos)
            .map(|t| &self.board.tiles[usize::from(t)])
    }

    /// Every figure on the board (trapped figures are in [`Game::trapped`]).
    pub fn figures(&self) -> &[Figure] {
        &self.figs.all
    }

    /// Whether the current turn is an extra turn (earned by an arrow).
    pub fn is_extra_turn(&self) -> bool {
        self.extra == Extra::Playing
    }

    /// How many figures of `kind` `player` has in supply.
    pub fn supply(&self, player: Player, kind: FigureKind) -> u8 {
        self.figs
            .supply
            .get(usize::from(player))
            .map_or(0, |s| s[kind.index()])
    }

    /// Tiles left in the pile.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }

    /// Copies of `kind` left in the pile.
    pub fn pile_count(&self, kind: KindId) -> usize {
        self.pile.count(kind)
    }

    /// Draws a random tile for the current player (the engine's chance step),
    /// setting aside (for good) every drawn tile that fits nowhere.
    ///
    /// When the pile is empty, players still holding a town hall must place it:
    /// the turn passes (in turn order) to the next of them, who takes it. When
    /// nothing is left to place, final scoring runs and the answer is
    /// [`DrawError::Over`]; [`DrawError::WrongPhase`] when it is not time to
    /// draw.
    // Inlined into every caller: with one caller (the simulator's random
    // player) LTO inlines it and the turn shares work with the draw; the
    // server's and Python's callers made it a call, 2.2% more instructions a
    // base game (callgrind, `simulate --threads 1 --seed 3`).
    #[inline(always)]
    pub fn draw_random(&mut self, rng: &mut Rng) -> Result<KindId, DrawError> {
        self.draw_with(rng, Pile::draw_random)
    }

    /// [`Game::draw_random`], but what it draws depends only on the copies
    /// left and `rng`, never on the order of earlier draws (the copy picked
    /// by its index in kind order): the draw of the research state's chance
    /// stream and playouts, so that a game rebuilt from its history or record
    /// draws on as the game would have.
    pub fn draw_canonical(&mut self, rng: &mut Rng) -> Result<KindId, DrawError> {
        self.draw_with(rng, Pile::draw_canonical)
    }

    /// The random draw, with `pick` taking a copy out of the pile.
    #[inline(always)]
    fn draw_with(
        &mut self,
        rng: &mut Rng,
        pick: fn(&mut Pile, &mut Rng) -> Option<KindId>,
    ) -> Result<KindId, DrawError> {
        self.check_draw_phase()?;
        if self.pile.len() == 0 {
            return self.hand_over().ok_or_else(|| self.over());
        }
        while let Some(kind) = pick(&mut self.pile, rng) {
            if self.cat.rules.any && !self.keeps_drawn(kind) {
                continue; // held back by an expansion
            }
            let count = self.count_drawn(kind);
            if count > 0 {
                self.drawn_count = Some(count);
                self.phase = Phase::Place(kind);
                return Ok(kind);
            }
            self.set_aside(kind);
        }
        self.hand_over().ok_or_else(|| self.over())
    }

    /// Nothing is left to draw: final scoring.
    #[cold]
    fn over(&mut self) -> DrawError {
        self.finish();
        DrawError::Over
    }

    /// Logs a drawn tile that fits nowhere (it is out of the pile already).
    pub(crate) fn set_aside(&mut self, kind: KindId) {
        self.log(Event::SetAside {
            turn: self.turn,
            kind,
        });
        self.remember(LogEntry::SetAside(kind));
    }

    /// Whether the game can go on: tiles in the pile or tiles held by the
    /// players to place (town halls).
    pub fn tiles_left(&self) -> bool {
        self.pile.len() > 0 || (self.cat.rules.any && (0..self.players).any(|p| self.holds_tile(p)))
    }

    /// The history of set-aside draws and moves (empty unless
    /// [`Setup::history`] is on).
    pub fn history(&self) -> &[LogEntry] {
        self.history.as_deref().unwrap_or(&[])
    }

    /// Adds `entry` to the history if it is kept.
    #[inline(always)]
    pub(crate) fn remember(&mut self, entry: LogEntry) {
        if let Some(history) = &mut self.history {
            history.push(entry);
        }
    }

    /// Records `event` if events are on. Inlined, so that with events off the
    /// event is not even built.
    #[inline(always)]
    pub(crate) fn log(&mut self, event: Event) {
        if let Some(events) = &mut self.events {
            events.push(event);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::RandomPlayer;

    #[test]
    fn a_reset_game_plays_like_a_new_one() {
        let cat = Arc::new(Catalog::shipped(&["base", "river"]).expect("shipped sets"));
        let mut player = RandomPlayer::new(0.5);
        let mut reused = Game::new(cat.clone(), Setup::new(2)).expect("setup");
        for seed in 0..40u64 {
            let setup = Setup {
                events: seed % 3 != 0,
                ..Setup::new(2 + (seed % 5) as usize)
            };
            reused.reset(setup).expect("setup");
            let mut fresh = Game::new(cat.clone(), setup).expect("setup");
            let a = player.play(&mut reused, &mut Rng::new(seed));
            let b = player.play(&mut fresh, &mut Rng::new(seed));
            assert_eq!(a, b, "seed {seed}");
            assert_eq!(reused.scores(), fresh.scores(), "seed {seed}");
            assert_eq!(reused.events(), fresh.events(), "seed {seed}");
            assert_eq!(reused.placed_tiles(), fresh.placed_tiles(), "seed {seed}");
        }
        assert_eq!(reused.reset(Setup::new(7)), Err(SetupError::Players(7)));
    }
}
