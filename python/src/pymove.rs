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
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tilec_runtime::{Catalog, CatalogOptions};

/// A player's move: a tile placement, a figure step (or pass), the answer to a
/// decision, taking the town hall, or drawing.
///
/// ``str(move)`` is the move's notation; ``Move.parse(text, game)`` reads it.
/// Moves compare equal when they are the same move of games with the same
/// tile sets, and hash accordingly.
#[pyclass(frozen, module = "tilec", name = "Move")]
pub struct Move {
    pub mv: Mv,
    /// The catalog the move's tile ids refer to.
    pub cat: Arc<Catalog>,
    /// Where the catalog comes from (for pickling).
    pub origin: Arc<Shared>,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.mv == other.mv && Arc::ptr_eq(&self.cat, &other.cat)
    }
}

/// Where a catalog comes from: what `sets::catalog` builds it again from
/// (for pickled games and moves).
#[derive(Clone, Debug)]
pub struct Origin {
    /// The set ids, in order.
    pub sets: Vec<String>,
    /// The designer's directory, if any (read again when unpickled).
    pub tiles: Option<PathBuf>,
    /// Tiles with unplayed marks played as plain topology.
    pub topology_only: bool,
}

impl Origin {
    /// The origin of a catalog of `sets` (and `tiles`) built with `options`.
    pub fn new(sets: &[String], tiles: Option<&Path>, options: CatalogOptions) -> Origin {
        Origin {
            sets: sets.to_vec(),
            tiles: tiles.map(Path::to_path_buf),
            topology_only: options.topology_only,
        }
    }

    /// The catalog again (shipped sets: the same one).
    pub fn catalog(&self) -> PyResult<Arc<Shared>> {
        let options = CatalogOptions {
            topology_only: self.topology_only,
        };
        crate::sets::catalog(&self.sets, self.tiles.as_deref(), options)
            .map_err(PyValueError::new_err)
    }

    /// The arguments of `_restore_*`: sets, tiles, topology_only.
    pub fn args(&self) -> (Vec<String>, Option<PathBuf>, bool) {
        (self.sets.clone(), self.tiles.clone(), self.topology_only)
    }
}

/// A catalog and the moves of its games, each interned: every legal-move
/// list hands out the one Python object of each distinct move, so building a
/// list is a lookup and a reference count per move, not an allocation.
pub struct Shared {
    /// The catalog.
    pub cat: Arc<Catalog>,
    /// Where it comes from.
    pub origin: Origin,
    table: Mutex<Table>,
}

/// The interned moves: placements near the start tile in tables indexed by
/// square and rotation (one per tile kind, made when first needed), the
/// others by hash.
#[derive(Default)]
struct Table {
    places: Vec<Option<Slots>>,
    others: HashMap<Mv, Py<Move>, FastHash>,
    /// The objects of the list being built.
    buffer: Vec<Py<Move>>,
}

/// One tile kind's placements by slot ([`Table::place_slot`]).
type Slots = Box<[Option<Py<Move>>]>;

/// Squares `-REACH..REACH` on both axes have a slot in `Table::places`.
const REACH: i32 = 32;
const SLOTS: usize = (2 * REACH * 2 * REACH * 4) as usize;

/// A table this large is dropped and rebuilt (it holds only moves any game
/// can recreate).
const INTERN_LIMIT: usize = 1 << 20;

impl Shared {
    /// A catalog with no move interned yet.
    pub fn new(cat: Arc<Catalog>, origin: Origin) -> Shared {
        Shared {
            cat,
            origin,
            table: Mutex::new(Table::default()),
        }
    }

    fn with_table<T>(&self, f: impl FnOnce(&mut Table) -> T) -> T {
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if table.others.len() > INTERN_LIMIT {
            table.others.clear();
        }
        f(&mut table)
    }

    /// A new list of the Python objects of `moves`.
    pub fn move_list<'py>(
        self: &Arc<Self>,
        py: Python<'py>,
        moves: &[Mv],
    ) -> PyResult<Bound<'py, PyList>> {
        self.with_table(|table| {
            table.buffer.clear();
            for &mv in moves {
                let obj = table.intern(py, self, mv)?;
                table.buffer.push(obj);
            }
            PyList::new(py, table.buffer.drain(..))
        })
    }

    /// The Python object of one move.
    pub fn move_object(self: &Arc<Self>, py: Python<'_>, mv: Mv) -> PyResult<Py<Move>> {
        self.with_table(|table| table.intern(py, self, mv))
    }
}

impl Table {
    /// The kind and slot of a placement in `places`, if it has one.
    fn place_slot(mv: Mv) -> Option<(usize, usize)> {
        let (kind, p) = crate::moves::placement(mv)?;
        let (x, y) = (i32::from(p.pos.x) + REACH, i32::from(p.pos.y) + REACH);
        let side = 2 * REACH;
        let inside = (0..side).contains(&x) && (0..side).contains(&y);
        let slot = ((x * side + y) * 4) as usize + usize::from(p.rotation.quarter_turns());
        inside.then_some((usize::from(kind), slot))
    }

    /// The one object of `mv`.
    fn intern(&mut self, py: Python<'_>, shared: &Arc<Shared>, mv: Mv) -> PyResult<Py<Move>> {
        let new = || {
            Py::new(
                py,
                Move {
                    mv,
                    cat: shared.cat.clone(),
                    origin: shared.clone(),
                },
            )
        };
        let Some((kind, slot)) = Table::place_slot(mv) else {
            if let Some(obj) = self.others.get(&mv) {
                return Ok(obj.clone_ref(py));
            }
            let obj = new()?;
            self.others.insert(mv, obj.clone_ref(py));
            return Ok(obj);
        };
        if self.places.len() <= kind {
            self.places.resize_with(kind + 1, || None);
        }
        let slots = self.places[kind]
            .get_or_insert_with(|| std::iter::repeat_with(|| None).take(SLOTS).collect());
        match &slots[slot] {
            Some(obj) => Ok(obj.clone_ref(py)),
            None => {
                let obj = new()?;
                slots[slot] = Some(obj.clone_ref(py));
                Ok(obj)
            }
        }
    }
}

#[pymethods]
impl Move {
    /// Reads a move in the notation ``str(move)`` writes. The game is the one
    /// the move is for (the notation names its tiles); the text is checked for
    /// form here, for legality by ``Game.play``.
    #[staticmethod]
    fn parse(
        py: Python<'_>,
        text: &str,
        game: &Bound<'_, crate::pygame::PyGame>,
    ) -> PyResult<Py<Move>> {
        let shared = game.borrow().shared.clone();
        let mv = notation::parse(text, &shared.cat).map_err(PyValueError::new_err)?;
        shared.move_object(py, mv)
    }

    fn __hash__(&self) -> u64 {
        let mut h = crate::moves::FastHasher::default();
        self.mv.hash(&mut h);
        h.finish()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Move>().is_ok_and(|o| *o.get() == *self)
    }

    /// What the move is: ``"place"``, ``"figure"`` (a figure step or pass),
    /// ``"choice"`` (a decision's answer), ``"town_hall"``, ``"abbey"``, ``"draw"`` or
    /// ``"ransom"`` (The Tower: a ransom paid before drawing).
    #[getter]
    fn kind(&self) -> &'static str {
        crate::moves::kind(self.mv)
    }

    fn __str__(&self) -> String {
        notation::text(self.mv, &self.cat)
    }

    /// Pickles as its text and its game's tile sets (``tilec._tilec._restore_move``).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let restore = py.import("tilec._tilec")?.getattr("_restore_move")?;
        let (sets, tiles, topology) = self.origin.origin.args();
        let args = (self.__str__(), sets, tiles, topology).into_pyobject(py)?;
        Ok((restore, args.into_any().unbind()))
    }

    fn __copy__(slf: Py<Move>) -> Py<Move> {
        slf
    }

    fn __deepcopy__(slf: Py<Move>, _memo: &Bound<'_, PyAny>) -> Py<Move> {
        slf
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.__str__())
    }
}

/// A pickled move again: its text read with the catalog of its tile sets.
#[pyfunction]
pub fn _restore_move(
    py: Python<'_>,
    text: &str,
    sets: Vec<String>,
    tiles: Option<PathBuf>,
    topology_only: bool,
) -> PyResult<Py<Move>> {
    let shared = Origin {
        sets,
        tiles,
        topology_only,
    }
    .catalog()?;
    let mv = notation::parse(text, &shared.cat).map_err(PyValueError::new_err)?;
    shared.move_object(py, mv)
}
