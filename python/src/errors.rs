//! How failures reach Python: an ordinary exception, never a Rust panic
//! (`pyo3_runtime.PanicException` derives from `BaseException`, so
//! `except Exception` would miss it) and never an abort.
//!
//! - Memory the input asks for is allocated fallibly, by the core's `try_*`
//!   forms or by Python (`bytes`, `str`, `list`), and exhaustion is
//!   `MemoryError`.
//! - An object used by two threads at once is `RuntimeError`.
//! - Anything else that goes wrong inside an entry point (a bug) is caught
//!   by [`guarded`] and raised as `RuntimeError`.

use std::collections::TryReserveError;
use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;

/// `MemoryError` for an allocation the core could not make.
pub(crate) fn no_memory(error: TryReserveError) -> PyErr {
    PyMemoryError::new_err(format!("robotstxt_exact: {error}"))
}

/// `RuntimeError` for an object that another thread is using.
pub(crate) fn busy(what: &str) -> PyErr {
    PyRuntimeError::new_err(format!(
        "this {what} is in use by another thread: use one per thread"
    ))
}

/// Runs the body of an entry point, turning a panic into `RuntimeError`.
///
/// PyO3 turns a panic into `PanicException`, which derives from
/// `BaseException`: a crawler's `except Exception` would not catch it, and
/// one bad input would stop the crawl. Nothing here is expected to panic;
/// this makes sure that a bug, if there is one, is an ordinary error.
pub(crate) fn guarded<T>(body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".to_owned());
        Err(PyRuntimeError::new_err(format!(
            "robotstxt_exact: internal error: {message}"
        )))
    })
}
