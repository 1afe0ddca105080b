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

/// The interned moves: placements near the start tile in a table indexed by
/// square and rotation (most moves), the others by hash.
#[derive(Default)]
struct Table {
    places: Vec<Option<Py<Move>>>,
    others: HashMap<Mv, Py<Move>, FastHash>,
    /// The objects of the list being built.
    buffer: Vec<Py<Move>>,
}

/// Squares `-REACH..REACH` on both axes have a slot in `Table::places`.
const REACH: i32 = 64;

/// A table this large is dropped and rebuilt (it holds only moves any game
/// can recreate).
const INTERN_LIMIT: usize = 1 << 20;

static INTERNED: Mutex<Option<Table>> = Mutex::new(None);

impl Table {
    /// The slot of a placement in `places`, if it has one.
    fn place_slot(mv: Mv) -> Option<usize> {
        let Mv::Place(p) = mv else {
            return None;
        };
        let (x, y) = (i32::from(p.pos.x) + REACH, i32::from(p.pos.y) + REACH);
        let side = 2 * REACH;
        let inside = (0..side).contains(&x) && (0..side).contains(&y);
        inside.then(|| ((x * side + y) * 4) as usize + usize::from(p.rotation.quarter_turns()))
    }

    /// The one object of `mv`.
    fn intern(&mut self, py: Python<'_>, mv: Mv) -> PyResult<Py<Move>> {
        let slot = match Table::place_slot(mv) {
            Some(i) => &mut self.places[i],
            None => {
                if let Some(obj) = self.others.get(&mv) {
                    return Ok(obj.clone_ref(py));
                }
                let obj = Py::new(py, Move { mv })?;
                self.others.insert(mv, obj.clone_ref(py));
                return Ok(obj);
            }
        };
        match slot {
            Some(obj) => Ok(obj.clone_ref(py)),
            None => {
                let obj = Py::new(py, Move { mv })?;
                *slot = Some(obj.clone_ref(py));
                Ok(obj)
            }
        }
    }
}

/// Runs `f` on the table of interned moves.
fn with_table<T>(f: impl FnOnce(&mut Table) -> T) -> T {
    let mut guard = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
    let table = guard.get_or_insert_with(|| Table {
        places: std::iter::repeat_with(|| None)
            .take((4 * REACH * REACH * 4) as usize)
            .collect(),
        ..Table::default()
    });
    if table.others.len() > INTERN_LIMIT {
        table.others.clear();
    }
    f(table)
}

/// A new list of the Python objects of `moves`.
pub fn move_list<'py>(py: Python<'py>, moves: &[Mv]) -> PyResult<Bound<'py, PyList>> {
    with_table(|table| {
        table.buffer.clear();
        for &mv in moves {
            let obj = table.intern(py, mv)?;
            table.buffer.push(obj);
        }
        PyList::new(py, table.buffer.drain(..))
    })
}

/// The Python object of one move.
pub fn move_object(py: Python<'_>, mv: Mv) -> PyResult<Py<Move>> {
    with_table(|table| table.intern(py, mv))
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
