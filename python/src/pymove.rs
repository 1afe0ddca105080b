//! `tilec.Move`: an immutable move, cheap to create, compare and hash.
//!
//! Moves are interned: every legal-move list hands out the one Python object
//! of each distinct move (a process-wide table), so building a list is a
//! lookup and a reference count per move, not an allocation.

use crate::moves::{FastHash, Mv};
use crate::notation;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::collections::HashMap;
use std::sync::Mutex;

/// A player's move: a tile placement, a figure step (or pass), the answer to a
/// decision, taking the town hall, or drawing.
///
/// ``str(move)`` is the move's notation; ``Move.parse(text, game)`` reads it.
/// Moves compare equal when they are the same move, and hash accordingly.
#[pyclass(frozen, eq, hash, module = "tilec", name = "Move")]
#[derive(PartialEq, Eq, Hash)]
pub struct Move {
    pub mv: Mv,
}

/// The interned moves. A table this large is dropped and rebuilt (it holds
/// only moves any game can recreate).
static INTERNED: Mutex<Option<HashMap<Mv, Py<Move>, FastHash>>> = Mutex::new(None);
const INTERN_LIMIT: usize = 1 << 20;

type Table = HashMap<Mv, Py<Move>, FastHash>;

/// The one object of `mv` in `table`.
fn intern(py: Python<'_>, table: &mut Table, mv: Mv) -> PyResult<Py<Move>> {
    if let Some(obj) = table.get(&mv) {
        return Ok(obj.clone_ref(py));
    }
    let obj = Py::new(py, Move { mv })?;
    table.insert(mv, obj.clone_ref(py));
    Ok(obj)
}

/// Runs `f` on the table of interned moves.
fn with_table<T>(f: impl FnOnce(&mut Table) -> T) -> T {
    let mut guard = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
    let table = guard.get_or_insert_with(HashMap::default);
    if table.len() > INTERN_LIMIT {
        table.clear();
    }
    f(table)
}

/// A new list of the Python objects of `moves`.
pub fn move_list<'py>(py: Python<'py>, moves: &[Mv]) -> PyResult<Bound<'py, PyList>> {
    let objects = with_table(|table| {
        moves
            .iter()
            .map(|&mv| intern(py, table, mv))
            .collect::<PyResult<Vec<_>>>()
    })?;
    PyList::new(py, objects)
}

/// The Python object of one move.
pub fn move_object(py: Python<'_>, mv: Mv) -> PyResult<Py<Move>> {
    with_table(|table| intern(py, table, mv))
}

#[pymethods]
impl Move {
    /// Reads a move in the notation ``str(move)`` writes. The game is the one
    /// the move is for; the text is checked for form here, for legality by
    /// ``Game.play``.
    #[staticmethod]
    #[pyo3(signature = (text, game=None))]
    fn parse(
        py: Python<'_>,
        text: &str,
        game: Option<&Bound<'_, crate::pygame::PyGame>>,
    ) -> PyResult<Py<Move>> {
        let _ = game;
        let mv = notation::parse(text).map_err(PyValueError::new_err)?;
        move_object(py, mv)
    }

    /// What the move is: ``"place"``, ``"figure"`` (a figure step or pass),
    /// ``"choice"`` (a decision's answer), ``"town_hall"`` or ``"draw"``.
    #[getter]
    fn kind(&self) -> &'static str {
        self.mv.kind()
    }

    fn __str__(&self) -> String {
        let mut s = String::new();
        let _ = notation::write(self.mv, &mut s);
        s
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.__str__())
    }
}
