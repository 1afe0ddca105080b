//! numpy arrays out of bytes: new ones (over a `bytearray`, no copy) or a
//! caller's buffer filled in place (`out=`).

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyByteArray;

/// A writable 1-D numpy array of `dtype` holding `bytes` (no copy).
pub fn new_array<'py>(py: Python<'py>, bytes: &[u8], dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    static FROMBUFFER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let frombuffer = FROMBUFFER.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("numpy")?.getattr("frombuffer")?.unbind())
    })?;
    let array = PyByteArray::new(py, bytes);
    frombuffer.bind(py).call1((array, dtype))
}

/// Copies `bytes` into `out`, a writable C-contiguous buffer of one-byte
/// items (numpy `uint8` or `int8`) of the same length, named `name` in errors.
pub fn fill<'py>(out: &Bound<'py, PyAny>, bytes: &[u8], name: &str) -> PyResult<()> {
    let bad = |what: String| PyValueError::new_err(format!("{name}: {what}"));
    if let Ok(buf) = PyBuffer::<u8>::get(out) {
        return write(out.py(), &buf, bytes).map_err(bad);
    }
    if let Ok(buf) = PyBuffer::<i8>::get(out) {
        let signed: Vec<i8> = bytes.iter().map(|&b| b as i8).collect();
        return write(out.py(), &buf, &signed).map_err(bad);
    }
    Err(bad(format!(
        "a writable numpy array of uint8 or int8 with {} items",
        bytes.len()
    )))
}

fn write<T: pyo3::buffer::Element + Copy>(
    py: Python<'_>,
    buf: &PyBuffer<T>,
    items: &[T],
) -> Result<(), String> {
    if buf.readonly() {
        return Err("a read-only array".to_string());
    }
    if buf.item_count() != items.len() || !buf.is_c_contiguous() {
        return Err(format!(
            "a C-contiguous array of {} items, not {}",
            items.len(),
            buf.item_count()
        ));
    }
    buf.copy_from_slice(py, items).map_err(|e| e.to_string())
}
