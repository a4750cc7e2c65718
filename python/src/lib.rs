//! `salience._native`: the engine as the `salience` Python package sees it. The
//! package (python/salience) gives it clipspy's API; this module holds one
//! [`salience_engine::Environment`] per `Core` and converts values. Output goes to a
//! Python callable (the package's routers), rules run with the GIL released, and
//! Python functions are called from rules through one user-defined function,
//! `python-function`, as clipspy does.

mod core;
mod puzzles;
mod values;

use pyo3::prelude::*;

pyo3::create_exception!(
    _native,
    EngineError,
    pyo3::exceptions::PyRuntimeError,
    "An engine call failed; the message is CLIPS's."
);
pyo3::create_exception!(
    _native,
    LimitError,
    pyo3::exceptions::PyRuntimeError,
    "A run stopped at a limit (max_firings, max_seconds)."
);

/// The module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<core::Core>()?;
    m.add("EngineError", m.py().get_type::<EngineError>())?;
    m.add("LimitError", m.py().get_type::<LimitError>())?;
    m.add_function(wrap_pyfunction!(puzzles::solve, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::compare, m)?)?;
    Ok(())
}
