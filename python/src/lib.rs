//! The `tilec._tilec` extension module: tilec's rules engine for Python.
//! The Python package `tilec` (in `tilec/`) re-exports it and adds the
//! Gymnasium and PettingZoo environments; `docs/python.md` is the user's guide.

mod args;
mod arrays;
mod moves;
mod notation;
mod pickle;
mod pygame;
mod pymove;
mod sets;
mod simulate;

use pyo3::prelude::*;
use tilec_runtime::research::{BOARD_PLANES, VECTOR_FIELDS};

#[pymodule]
fn _tilec(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<pymove::Move>()?;
    m.add_class::<pygame::PyGame>()?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::_restore_game, m)?)?;
    m.add_function(wrap_pyfunction!(pymove::_restore_move, m)?)?;
    m.add("OBSERVATION_PLANES", BOARD_PLANES.to_vec())?;
    m.add("OBSERVATION_FIELDS", VECTOR_FIELDS.to_vec())?;
    Ok(())
}
