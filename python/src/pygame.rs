//! `tilec.Game`: one game, stepped move by move (the runtime's research
//! [`State`]: explicit or sampled chance, honest clones, actions, observations).

use crate::arrays;
use crate::moves::Mv;
use crate::pymove::{Move, Shared};
use crate::{args, pickle};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::path::PathBuf;
use std::sync::Arc;
use tilec_runtime::research::State;
use tilec_runtime::{CatalogOptions, Game, Phase, Setup};

/// A game of tilec's rules engine.
///
/// ``Game(sets=["base"], players=2, seed=0, tiles=None, *, record=True,
/// topology_only=False, chance="sampled")``: the shipped tile sets named (or,
/// with ``tiles``, a designer's directory of tile text compiled now, whose sets
/// come before the shipped ones), 2 to 6 players, and the seed of the draws. A
/// tile with a mark the engine has no rules for is refused unless
/// ``topology_only=True``, which plays it as plain topology (as ``tilec play
/// --topology-only``). With ``chance="sampled"`` the game draws for the next
/// player after each move, so ``legal_moves()`` always lists the choices of
/// the player to move; with ``chance="explicit"`` it stops in phase ``"draw"``
/// before each draw (``is_chance()``), and the caller draws
/// (``chance_outcomes()``, ``draw(tile)``).
#[pyclass(module = "tilec", name = "Game")]
pub struct PyGame {
    pub state: State,
    /// The catalog and its interned moves.
    pub shared: Arc<Shared>,
    /// The game keeps its history (records, pickling).
    pub record: bool,
    moves: Vec<Mv>,
    scratch: Vec<tilec_runtime::Move>,
    bytes: Vec<u8>,
}

impl PyGame {
    /// A Python game over `state`.
    pub fn from_state(state: State, shared: Arc<Shared>, record: bool) -> PyGame {
        PyGame {
            state,
            shared,
            record,
            moves: Vec::with_capacity(256),
            scratch: Vec::with_capacity(256),
            bytes: Vec::new(),
        }
    }

    /// Fills `self.moves` with the legal moves.
    fn refresh_moves(&mut self) {
        self.moves.clear();
        if self.state.offers_draw() {
            self.moves.push(Mv::Draw);
        }
        self.scratch.clear();
        self.state.legal_moves_into(&mut self.scratch);
        self.moves.extend(self.scratch.iter().map(|&m| Mv::Move(m)));
    }

    /// The move of action index `i` now.
    fn decode(&self, i: &Bound<'_, PyAny>) -> PyResult<Mv> {
        let space = self.state.action_space();
        let i = args::index(i, "action", space.size())?;
        space.decode(i, self.state.game()).ok_or_else(|| {
            PyValueError::new_err(format!(
                "action {i} is a placement, and no tile is waiting to be placed"
            ))
        })
    }

    fn play_mv(&mut self, mv: Mv) -> PyResult<()> {
        self.state.play(mv).map_err(|e| {
            let cat = &self.shared.cat;
            let text = crate::notation::text(mv, cat);
            PyValueError::new_err(format!("illegal move `{text}`: {}", e.describe(cat)))
        })
    }

    /// The id of tile `kind`.
    fn id(&self, kind: tilec_runtime::KindId) -> String {
        self.shared.cat.kind(kind).id.to_string()
    }

    /// The legal moves' action indices, ascending.
    fn action_indices(&mut self) -> Vec<usize> {
        self.refresh_moves();
        let space = self.state.action_space();
        let mut out: Vec<usize> = self.moves.iter().filter_map(|&m| space.encode(m)).collect();
        out.sort_unstable();
        out
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (sets=None, players=None, seed=None, tiles=None, *, record=true, topology_only=false, chance="sampled"))]
    fn new(
        sets: Option<&Bound<'_, PyAny>>,
        players: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        tiles: Option<PathBuf>,
        record: bool,
        topology_only: bool,
        chance: &str,
    ) -> PyResult<PyGame> {
        let sets = args::sets(sets)?;
        let players = args::players(players)?;
        let seed = args::seed(seed, "seed")?;
        let chance = args::chance(chance)?;
        let options = CatalogOptions { topology_only };
        let shared = crate::sets::catalog(&sets, tiles.as_deref(), options)
            .map_err(PyValueError::new_err)?;
        let setup = Setup {
            history: record,
            ..Setup::new(players)
        };
        let game = Game::new(shared.cat.clone(), setup)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyGame::from_state(
            State::from_game(game, seed, chance),
            shared,
            record,
        ))
    }

    /// ``Game.from_record(text, *, seed=None, chance="sampled", tiles=None,
    /// topology_only=False)``: the game where the record was written (after
    /// its turns, inside the last one where ``drawn`` and ``waiting`` say:
    /// the same position, legal moves and observations), going on. Its draws
    /// continue from ``seed``, else the record's ``seed`` (a record
    /// ``to_record`` writes has it: the game goes on exactly as the one that
    /// wrote it), else 0.
    #[staticmethod]
    #[pyo3(signature = (text, *, seed=None, chance="sampled", tiles=None, topology_only=false))]
    fn from_record(
        text: &str,
        seed: Option<&Bound<'_, PyAny>>,
        chance: &str,
        tiles: Option<PathBuf>,
        topology_only: bool,
    ) -> PyResult<PyGame> {
        let seed = seed.map(|s| args::whole(s, "seed", u64::MAX)).transpose()?;
        pickle::from_record(text, seed, chance, tiles, topology_only)
    }

    /// Every legal move of the player to move (empty at a chance node and
    /// once the game is over).
    fn legal_moves<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.refresh_moves();
        self.shared.move_list(py, &self.moves)
    }

    /// Plays ``move``. An illegal move raises ``ValueError`` naming the rule it
    /// breaks, and leaves the game as it was.
    #[pyo3(name = "play", signature = (move_))]
    fn py_play(&mut self, move_: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = move_.cast::<Move>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "move: a tilec.Move (from legal_moves() or Move.parse)",
            )
        })?;
        let m = m.get();
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
        self.state.is_over()
    }

    /// Each player's score so far (final scores once the game is over).
    fn scores(&self) -> Vec<i32> {
        self.state.game().scores().to_vec()
    }

    /// Each player's result once the game is over: 1.0 for the only player
    /// with the highest score, 0.0 for each of several sharing it, -1.0 for
    /// the others; all 0.0 before the end.
    fn returns(&self) -> Vec<f64> {
        self.state.returns()
    }

    /// The player to move, from 0 (during a decision: the player who decides;
    /// at a chance node: the player the tile is drawn for); ``None`` once the
    /// game is over.
    fn current_player(&self) -> Option<u8> {
        self.state.current_player()
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.state.game().players()
    }

    /// ``"sampled"`` or ``"explicit"``: how the game draws.
    #[getter]
    fn chance(&self) -> &'static str {
        args::chance_name(self.state.chance())
    }

    /// The id of the tile drawn and waiting to be placed (``"base/D"``), or
    /// ``None`` outside the placement.
    fn tile(&self) -> Option<String> {
        self.state.in_hand().map(|k| self.id(k))
    }

    /// Where the turn stands: ``"draw"`` (a chance node, or a player who may
    /// draw or take the town hall), ``"place"``, ``"figure"``, ``"decide"`` or
    /// ``"over"``.
    fn phase(&self) -> &'static str {
        match self.state.game().phase() {
            Phase::Draw => "draw",
            Phase::Place(_) => "place",
            Phase::Figure => "figure",
            Phase::Decide => "decide",
            _ => "over",
        }
    }

    /// Whether the game waits for a draw (``chance="explicit"`` only).
    fn is_chance(&self) -> bool {
        self.state.is_chance()
    }

    /// The odds of the next draw: ``[(tile id, probability), ...]`` from the
    /// unseen pile (river forks, river tiles, the lake, then land tiles: only
    /// the group drawn from now); empty when no draw is next.
    fn chance_outcomes(&self) -> Vec<(String, f64)> {
        let out = self.state.chance_outcomes();
        out.into_iter().map(|(k, p)| (self.id(k), p)).collect()
    }

    /// At a chance node: draws ``tile`` (an id of ``chance_outcomes()``), or
    /// with ``None`` a random tile from the game's chance stream. A tile that
    /// fits nowhere is set aside and the game is at the next chance node.
    #[pyo3(signature = (tile=None))]
    fn draw(&mut self, tile: Option<&str>) -> PyResult<()> {
        let cat = self.shared.cat.clone();
        let result = match tile {
            None => self.state.draw_random(),
            Some(id) => {
                let kind = cat.kind_id(id).ok_or_else(|| {
                    PyValueError::new_err(format!("tile: no tile `{id}` in the game's sets"))
                })?;
                self.state.draw(kind).map(|_| ())
            }
        };
        result.map_err(|e| PyValueError::new_err(format!("cannot draw: {}", e.describe(&cat))))
    }

    /// The unseen pile: ``{tile id: copies}`` of every tile not yet drawn.
    fn pile_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (k, n) in self.state.game().pile_counts() {
            dict.set_item(self.id(k), n)?;
        }
        Ok(dict)
    }

    /// Tiles left in the pile.
    fn pile_len(&self) -> usize {
        self.state.game().pile_len()
    }

    /// Reseeds the game's chance stream: the unseen pile (its contents
    /// unchanged) comes in another random order. On a clone, a
    /// determinization for information-set search.
    fn resample(&mut self, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        self.state.resample(args::whole(seed, "seed", u64::MAX)?);
        Ok(())
    }

    /// The tiles on the board, the start tile first: ``(id, x, y, degrees)``.
    fn board(&self) -> Vec<(String, i16, i16, u16)> {
        let game = self.state.game();
        game.placed_tiles()
            .iter()
            .map(|t| (self.id(t.kind), t.pos.x, t.pos.y, t.rotation.degrees()))
            .collect()
    }

    /// The figures on the board: ``(player, kind, x, y, segment)``.
    fn figures(&self) -> Vec<(u8, &'static str, i16, i16, u8)> {
        let figures = self.state.game().figures();
        figures
            .iter()
            .map(|f| (f.player, f.kind.name(), f.pos.x, f.pos.y, f.segment))
            .collect()
    }

    /// Plays uniformly random legal moves to the end of the game in the
    /// engine, drawing the rest of the pile uniformly at random: both from
    /// ``seed`` alone (never the game's own chance stream, so playouts with
    /// different seeds draw different tiles). Returns the final scores.
    fn playout(&mut self, py: Python<'_>, seed: &Bound<'_, PyAny>) -> PyResult<Vec<i32>> {
        let seed = args::whole(seed, "seed", u64::MAX)?;
        let state = &mut self.state;
        py.detach(|| state.playout(seed));
        Ok(self.scores())
    }

    /// The game's record (the TOML text of ``docs/game-record.md``) so far,
    /// with the seed of its draws (``Game.from_record`` goes on from it) and
    /// once the game is over its final scores as ``[expect]``; ``tilec play``
    /// replays it to the same scores. ``names``: the players' distinct names
    /// (default ``p1``, ``p2``, ...).
    #[pyo3(signature = (names=None))]
    fn to_record(&self, names: Option<Vec<String>>) -> PyResult<String> {
        let players = self.state.game().players();
        let names = names.unwrap_or_else(|| (1..=players).map(|p| format!("p{p}")).collect());
        if names.len() != players {
            return Err(PyValueError::new_err(format!(
                "names: {} names for {players} players",
                names.len()
            )));
        }
        if (1..names.len()).any(|i| names[..i].contains(&names[i])) {
            return Err(PyValueError::new_err(
                "names: the players' names must differ",
            ));
        }
        let record = self.state.to_record(&names).ok_or_else(|| {
            PyValueError::new_err("this game keeps no history: make it with Game(..., record=True)")
        })?;
        Ok(record.to_toml())
    }

    /// The runtime's position key (board, figures, supplies, scores, whose
    /// turn and phase, tiles left): equal positions have equal keys, for
    /// transposition tables. The chance stream of the draws is not part of it.
    fn position_key(&self) -> u64 {
        self.state.game().position_key()
    }

    /// A searcher's copy: the same position, drawing from a chance stream of
    /// its own (derived from this game's, so two clones of one position draw
    /// alike): it never knows the real game's future tiles. ``resample(seed)``
    /// gives it another. ``copy.deepcopy`` and ``pickle`` copy exactly,
    /// future draws included.
    fn clone(&self) -> PyGame {
        PyGame::from_state(self.state.clone(), self.shared.clone(), self.record)
    }

    fn __copy__(&self) -> PyGame {
        PyGame::from_state(self.state.exact_copy(), self.shared.clone(), self.record)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.__copy__()
    }

    /// Pickles as its sets, seed, chance mode and history
    /// (``tilec._tilec._restore_game``).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("tilec._tilec")?.getattr("_restore_game")?;
        let state = pickle::pickled(self)?.into_pyobject(py)?;
        Ok((restore, PyTuple::new(py, [state])?))
    }

    /// The observation's length in bytes.
    #[getter]
    fn observation_size(&self) -> usize {
        self.state.observation_layout().size()
    }

    /// The observation's parts in order: ``(name, start, shape)``; the bytes
    /// ``obs[start:start + prod(shape)]`` reshaped to ``shape`` (names in
    /// ``tilec.OBSERVATION_PLANES`` and ``tilec.OBSERVATION_FIELDS``).
    fn observation_layout(&self) -> Vec<(&'static str, usize, Vec<usize>)> {
        let parts = self.state.observation_layout().parts();
        parts
            .into_iter()
            .map(|p| (p.name, p.start, p.shape))
            .collect()
    }

    /// The position as ``player`` sees it (default: the player to move, or 0
    /// once over): a 1-D numpy ``uint8`` array of ``observation_size`` bytes,
    /// laid out as ``observation_layout()`` says. ``out``: a ``uint8`` array of
    /// that size to write into (and return) instead of a new one.
    #[pyo3(signature = (player=None, out=None))]
    fn observation<'py>(
        &mut self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let players = self.state.game().players();
        let viewer = match player {
            Some(p) => args::index(p, "player", players)? as u8,
            None => self.state.current_player().unwrap_or(0),
        };
        self.bytes.resize(self.state.observation_layout().size(), 0);
        self.state.observe(viewer, &mut self.bytes);
        match out {
            Some(out) => {
                arrays::fill(&out, &self.bytes, "out")?;
                Ok(out)
            }
            None => arrays::new_array(py, &self.bytes, "uint8"),
        }
    }

    /// The size of the action index: every action is below it (fixed for the
    /// game, sized to its sets and players).
    #[getter]
    fn action_size(&self) -> usize {
        self.state.action_space().size()
    }

    /// The action index's blocks in order: ``(name, start, shape, axes)``.
    fn action_layout(&self) -> Vec<(&'static str, usize, Vec<usize>, Vec<&'static str>)> {
        let space = self.state.action_space();
        let blocks = space.blocks().iter();
        blocks
            .map(|&(b, start)| (b.name(), start, space.shape(b), b.axes().to_vec()))
            .collect()
    }

    /// The block of action ``i`` and its coordinates: ``(name, (coords...))``.
    fn action_parts(&self, i: &Bound<'_, PyAny>) -> PyResult<(&'static str, Vec<usize>)> {
        let space = self.state.action_space();
        let i = args::index(i, "action", space.size())?;
        let (block, coords) = space.parts(i).expect("an index below the size");
        Ok((block.name(), coords))
    }

    /// The board square ``(x, y)`` of the frame's row 0, column 0, and the
    /// frame's side: row ``r``, column ``c`` is square ``(x + c, y + r)``.
    fn frame(&self) -> (i16, i16, usize) {
        let space = self.state.action_space();
        (-space.radius(), -space.radius(), space.side())
    }

    /// The legal moves' action indices, ascending (a move on a square outside
    /// the frame has none).
    fn legal_actions(&mut self) -> Vec<usize> {
        self.action_indices()
    }

    /// A numpy ``int8`` array of ``action_size``: 1 at the index of each legal
    /// move. ``out``: an ``int8`` or ``uint8`` array of that size to fill (and
    /// return) instead.
    #[pyo3(signature = (out=None))]
    fn legal_action_mask<'py>(
        &mut self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let legal = self.action_indices();
        self.bytes.clear();
        self.bytes.resize(self.state.action_space().size(), 0);
        for i in legal {
            self.bytes[i] = 1;
        }
        match out {
            Some(out) => {
                arrays::fill(&out, &self.bytes, "out")?;
                Ok(out)
            }
            None => arrays::new_array(py, &self.bytes, "int8"),
        }
    }

    /// Plays the move of action index ``i`` (``ValueError`` if it is not legal).
    fn play_action(&mut self, i: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = self.decode(i)?;
        self.play_mv(mv)
    }

    /// The move of action index ``i`` now (legal or not).
    fn action_move(&self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<Py<Move>> {
        let mv = self.decode(i)?;
        self.shared.move_object(py, mv)
    }

    /// The action index of ``move``, or ``None`` when it has none (a square
    /// outside the frame).
    #[pyo3(signature = (move_))]
    fn action_index(&self, move_: &Bound<'_, Move>) -> Option<usize> {
        self.state.action_space().encode(move_.get().mv)
    }

    fn __repr__(&self) -> String {
        let game = self.state.game();
        format!(
            "Game(players={}, turn={}, phase={:?}, scores={:?})",
            game.players(),
            game.turn(),
            self.phase(),
            game.scores()
        )
    }
}
