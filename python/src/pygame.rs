//! `tilec.Game`: one game, stepped move by move.

use crate::action::{self, SIZE};
use crate::engine::Engine;
use crate::moves::Mv;
use crate::observe;
use crate::pymove::{Move, Shared};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyList};
use std::path::PathBuf;
use std::sync::Arc;
use tilec_runtime::CatalogOptions;

/// A game of tilec's rules engine.
///
/// ``Game(sets=["base"], players=2, seed=0, tiles=None, *, record=True,
/// topology_only=False)``: the shipped tile sets named (or, with ``tiles``, a
/// designer's directory of tile text compiled now, whose sets come before the
/// shipped ones), 2 to 6 players, and the seed of the draws. A tile with a mark
/// the engine has no rules for is refused unless ``topology_only=True``, which
/// plays it as plain topology (as ``tilec play --topology-only``). The draw is the engine's chance step: after each move the
/// game draws for the next player, so ``legal_moves()`` always lists the
/// choices of the player to move.
#[pyclass(module = "tilec", name = "Game")]
pub struct PyGame {
    pub engine: Engine,
    /// The catalog and its interned moves.
    pub shared: Arc<Shared>,
    moves: Vec<Mv>,
    scratch: Vec<tilec_runtime::Move>,
    fits: Vec<tilec_runtime::Placement>,
    total_tiles: usize,
}

impl PyGame {
    fn from_engine(engine: Engine, shared: Arc<Shared>, total_tiles: usize) -> PyGame {
        PyGame {
            engine,
            shared,
            moves: Vec::with_capacity(256),
            scratch: Vec::with_capacity(256),
            fits: Vec::new(),
            total_tiles,
        }
    }

    /// Fills `self.moves` with the legal moves.
    fn refresh_moves(&mut self) {
        self.moves.clear();
        self.engine
            .legal_moves_into(&mut self.moves, &mut self.scratch);
    }

    /// The move of action index `i` now.
    fn decode(&self, i: usize) -> PyResult<Mv> {
        action::decode(i, observe::frame(&self.engine), self.engine.drawn()).ok_or_else(|| {
            PyValueError::new_err(match i < SIZE {
                true => format!("action {i} is a placement, and no tile is waiting to be placed"),
                false => format!("action {i} is outside 0..{SIZE}"),
            })
        })
    }

    fn play_mv(&mut self, mv: Mv) -> PyResult<()> {
        self.engine.play(mv).map_err(|e| {
            let text = crate::notation::text(mv, &self.shared.cat);
            PyValueError::new_err(format!("illegal move `{text}`: {e}"))
        })
    }
}

/// A writable numpy array of `dtype` over `bytes` (no copy).
fn numpy_view<'py>(
    py: Python<'py>,
    bytes: Bound<'py, PyByteArray>,
    dtype: &str,
) -> PyResult<Bound<'py, PyAny>> {
    static FROMBUFFER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let frombuffer = FROMBUFFER.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("numpy")?.getattr("frombuffer")?.unbind())
    })?;
    frombuffer.bind(py).call1((bytes, dtype))
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (sets=None, players=2, seed=0, tiles=None, *, record=true, topology_only=false))]
    fn new(
        sets: Option<Vec<String>>,
        players: usize,
        seed: u64,
        tiles: Option<PathBuf>,
        record: bool,
        topology_only: bool,
    ) -> PyResult<PyGame> {
        let sets = sets.unwrap_or_else(|| vec!["base".to_string()]);
        let options = CatalogOptions { topology_only };
        let shared = crate::sets::catalog(&sets, tiles.as_deref(), options)
            .map_err(PyValueError::new_err)?;
        let cat = &shared.cat;
        let total = cat.kind_ids().map(|k| usize::from(cat.kind(k).count)).sum();
        let engine =
            Engine::new(cat.clone(), players, seed, record).map_err(PyValueError::new_err)?;
        Ok(PyGame::from_engine(engine, shared, total))
    }

    /// Every legal move of the player to move (empty once the game is over).
    fn legal_moves<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.refresh_moves();
        self.shared.move_list(py, &self.moves)
    }

    /// Plays ``move``. An illegal move raises ``ValueError`` naming the rule it
    /// breaks, and leaves the game as it was.
    #[pyo3(name = "play", signature = (move_))]
    fn py_play(&mut self, move_: &Bound<'_, Move>) -> PyResult<()> {
        let m = move_.get();
        if !Arc::ptr_eq(&m.cat, &self.shared.cat) {
            return Err(PyValueError::new_err(
                "the move is of a game with other tile sets (read its text with Move.parse(text, game))",
            ));
        }
        self.play_mv(m.mv)
    }

    /// Whether the game is over (the pile is empty, every town hall placed, and
    /// final scoring done).
    fn is_over(&self) -> bool {
        self.engine.is_over()
    }

    /// Each player's score so far (final scores once the game is over).
    fn scores(&self) -> Vec<i32> {
        self.engine.game.scores().to_vec()
    }

    /// The player to move, from 0 (during a decision: the player who decides).
    fn current_player(&self) -> u8 {
        let game = &self.engine.game;
        game.decision()
            .map_or(game.current_player(), |d| d.player())
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.engine.game.players()
    }

    /// The id of the tile drawn and waiting to be placed (``"base/D"``), or
    /// ``None`` outside the placement.
    fn tile(&self) -> Option<String> {
        let kind = self.engine.drawn()?;
        Some(self.engine.game.catalog().kind(kind).id.to_string())
    }

    /// Where the turn stands: ``"draw"`` (draw or take the town hall),
    /// ``"place"``, ``"figure"``, ``"decide"`` or ``"over"``.
    fn phase(&self) -> &'static str {
        match self.engine.game.phase() {
            tilec_runtime::Phase::Draw => "draw",
            tilec_runtime::Phase::Place(_) => "place",
            tilec_runtime::Phase::Figure => "figure",
            tilec_runtime::Phase::Decide => "decide",
            _ => "over",
        }
    }

    /// Tiles left in the pile.
    fn pile_len(&self) -> usize {
        self.engine.game.pile_len()
    }

    /// The tiles on the board, the start tile first: ``(id, x, y, degrees)``.
    fn board(&self) -> Vec<(String, i16, i16, u16)> {
        let game = &self.engine.game;
        let cat = game.catalog();
        game.placed_tiles()
            .iter()
            .map(|t| {
                (
                    cat.kind(t.kind).id.to_string(),
                    t.pos.x,
                    t.pos.y,
                    t.rotation.degrees(),
                )
            })
            .collect()
    }

    /// The figures on the board: ``(player, kind, x, y, segment)``.
    fn figures(&self) -> Vec<(u8, &'static str, i16, i16, u8)> {
        self.engine
            .game
            .figures()
            .iter()
            .map(|f| (f.player, f.kind.name(), f.pos.x, f.pos.y, f.segment))
            .collect()
    }

    /// Plays uniformly random legal moves to the end of the game (the draws
    /// still come from the game's seed; ``seed`` drives the choices), in the
    /// engine: a fast rollout for Monte-Carlo players. Returns the final scores.
    fn playout(&mut self, py: Python<'_>, seed: u64) -> Vec<i32> {
        let PyGame {
            engine,
            moves,
            scratch,
            ..
        } = self;
        py.detach(|| engine.playout(&mut tilec_runtime::Rng::new(seed), moves, scratch));
        self.scores()
    }

    /// The game's record (the TOML text of ``docs/game-record.md``) so far:
    /// its set-aside tiles and moves, and once the game is over its final
    /// scores as ``[expect]``; ``tilec play`` replays it to the same scores.
    /// ``names``: the players' distinct names (default ``p1``, ``p2``, ...).
    #[pyo3(signature = (names=None))]
    fn to_record(&self, names: Option<Vec<String>>) -> PyResult<String> {
        let game = &self.engine.game;
        let names =
            names.unwrap_or_else(|| (1..=game.players()).map(|p| format!("p{p}")).collect());
        if names.len() != game.players() {
            return Err(PyValueError::new_err(format!(
                "{} names for {} players",
                names.len(),
                game.players()
            )));
        }
        if (1..names.len()).any(|i| names[..i].contains(&names[i])) {
            return Err(PyValueError::new_err("the players' names must differ"));
        }
        let record = game.to_record(&names).ok_or_else(|| {
            PyValueError::new_err("this game keeps no history: make it with Game(..., record=True)")
        })?;
        Ok(record.to_toml())
    }

    /// The runtime's position key (board, figures, supplies, scores, whose
    /// turn and phase, tiles left): equal positions have equal keys, for
    /// transposition tables. The chance stream of the draws is not part of it.
    fn position_key(&self) -> u64 {
        self.engine.game.position_key()
    }

    /// An independent copy: playing on one never changes the other.
    fn clone(&self) -> PyGame {
        PyGame::from_engine(self.engine.clone(), self.shared.clone(), self.total_tiles)
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// The position from the player to move's point of view: a numpy float32
    /// array of shape ``OBSERVATION_SHAPE`` (the planes are in
    /// ``docs/python.md``).
    fn observation<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.fits.clear();
        self.engine.game.legal_placements_into(&mut self.fits);
        let len = observe::C * action::SQ;
        let mut values = vec![0f32; len];
        observe::write(&self.engine, &self.fits, self.total_tiles, &mut values);
        let bytes = PyByteArray::new_with(py, len * 4, |bytes| {
            for (chunk, v) in bytes.chunks_exact_mut(4).zip(&values) {
                chunk.copy_from_slice(&v.to_ne_bytes());
            }
            Ok(())
        })?;
        let shape = (observe::C, action::S, action::S);
        numpy_view(py, bytes, "float32")?.call_method1("reshape", (shape,))
    }

    /// The legal moves' action indices, ascending (moves outside the window
    /// have none).
    fn legal_actions(&mut self) -> Vec<usize> {
        self.refresh_moves();
        let frame = observe::frame(&self.engine);
        let mut out: Vec<usize> = self
            .moves
            .iter()
            .filter_map(|&m| action::encode(m, frame))
            .collect();
        out.sort_unstable();
        out
    }

    /// A numpy bool array of ``ACTION_SIZE``: true at the index of each legal
    /// move.
    fn legal_action_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let legal = self.legal_actions();
        let bytes = PyByteArray::new_with(py, SIZE, |bytes| {
            for i in legal {
                bytes[i] = 1;
            }
            Ok(())
        })?;
        numpy_view(py, bytes, "bool")
    }

    /// Plays the move of action index ``i`` (``ValueError`` if it is not legal).
    fn play_action(&mut self, i: usize) -> PyResult<()> {
        let mv = self.decode(i)?;
        self.play_mv(mv)
    }

    /// The move of action index ``i`` now (legal or not).
    fn action_move(&self, py: Python<'_>, i: usize) -> PyResult<Py<Move>> {
        let mv = self.decode(i)?;
        self.shared.move_object(py, mv)
    }

    /// The action index of ``move`` now, or ``None`` when it has none (a
    /// square outside the window).
    #[pyo3(signature = (move_))]
    fn action_index(&self, move_: &Bound<'_, Move>) -> Option<usize> {
        action::encode(move_.get().mv, observe::frame(&self.engine))
    }

    /// The board square ``(x, y)`` of the window's column 0, row 0: column
    /// ``c``, row ``r`` of the observation is square ``(x + c, y + r)``.
    fn window_origin(&self) -> (i32, i32) {
        let f = observe::frame(&self.engine);
        (f.x0, f.y0)
    }

    fn __repr__(&self) -> String {
        let game = &self.engine.game;
        format!(
            "Game(players={}, turn={}, phase={:?}, scores={:?})",
            game.players(),
            game.turn(),
            self.phase(),
            game.scores()
        )
    }
}
