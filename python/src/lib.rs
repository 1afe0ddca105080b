//! The `tilec._tilec` extension module: tilec's rules engine for Python.
//! The Python package `tilec` (in `tilec/`) re-exports it and adds numpy
//! views and the Gymnasium environment; `docs/python.md` is the user's guide.

mod action;
mod engine;
mod moves;
mod notation;
mod observe;
mod pygame;
mod pymove;
mod sets;
mod simulate;

use pyo3::prelude::*;

#[pymodule]
fn _tilec(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<pymove::Move>()?;
    m.add_class::<pygame::PyGame>()?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add("ACTION_SIZE", action::SIZE)?;
    m.add("WINDOW", action::S)?;
    m.add("PLANES", observe::C)?;
    Ok(())
}
