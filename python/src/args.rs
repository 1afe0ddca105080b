//! Arguments from Python, checked: every bad one a `ValueError` or a
//! `TypeError` that names it (never an `OverflowError` or pyo3's generic
//! extraction message).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use tilec_runtime::research::Chance;

/// A whole number named `name` (a `TypeError` for anything else).
fn int(value: &Bound<'_, PyAny>, name: &str) -> PyResult<i128> {
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name}: a whole number, not a bool"
        )));
    }
    value.extract().map_err(|_| {
        let t = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string());
        PyTypeError::new_err(format!("{name}: a whole number, not {t}"))
    })
}

/// A whole number in `0..=max` named `name`.
pub fn whole(value: &Bound<'_, PyAny>, name: &str, max: u64) -> PyResult<u64> {
    let n = int(value, name)?;
    let range = match max {
        u64::MAX => "0..2**64".to_string(),
        max => format!("0..={max}"),
    };
    u64::try_from(n)
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| PyValueError::new_err(format!("{name}: {n} is not in {range}")))
}

/// The number of players, 2 to 6.
pub fn players(value: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(value) = value else {
        return Ok(2);
    };
    match int(value, "players")? {
        n @ 2..=6 => Ok(n as usize),
        n => Err(PyValueError::new_err(format!(
            "players: {n}, but a game has 2 to 6"
        ))),
    }
}

/// An index in `0..size` named `name`.
pub fn index(value: &Bound<'_, PyAny>, name: &str, size: usize) -> PyResult<usize> {
    let n = int(value, name)?;
    usize::try_from(n)
        .ok()
        .filter(|&n| n < size)
        .ok_or_else(|| PyValueError::new_err(format!("{name} {n} is outside 0..{size}")))
}

/// A seed: any whole number in `0..2**64`.
pub fn seed(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<u64> {
    value.map_or(Ok(0), |v| whole(v, name, u64::MAX))
}

/// The set ids: a list (or other sequence) of strings, never one string.
pub fn sets(value: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(value) = value else {
        return Ok(vec!["base".to_string()]);
    };
    if value.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "sets: a list of set ids such as [{}], not a string",
            value.repr()?
        )));
    }
    value
        .extract()
        .map_err(|_| PyTypeError::new_err("sets: a list of set ids (strings) such as ['base']"))
}

/// The chance mode, `"sampled"` or `"explicit"`.
pub fn chance(value: &str) -> PyResult<Chance> {
    match value {
        "sampled" => Ok(Chance::Sampled),
        "explicit" => Ok(Chance::Explicit),
        _ => Err(PyValueError::new_err(format!(
            "chance: \"sampled\" or \"explicit\", not {value:?}"
        ))),
    }
}

/// The name of a chance mode.
pub fn chance_name(chance: Chance) -> &'static str {
    match chance {
        Chance::Sampled => "sampled",
        Chance::Explicit => "explicit",
    }
}
