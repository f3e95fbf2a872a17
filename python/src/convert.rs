//! The conversions every class shares: `bytes` or `str` arguments in,
//! `bytes`, `str` (with `surrogateescape`), `int`s, tuples, lists and dicts
//! out, Python booleans in `__repr__`, and seconds as `float` to and from
//! Rust times; with the `TypeError` or `ValueError` a wrong argument raises.
//!
//! Nothing here copies an argument into Rust memory or builds a result
//! with an allocation that cannot fail: arguments stay in Python objects
//! (a `str` is encoded once, by Python), results are built by Python's
//! allocator, and running out of memory on either side is `MemoryError`.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::errors::no_memory;

/// The bytes of a `bytes` or `str` argument, held by Python: the `bytes`
/// object itself, or the UTF-8 encoding of a `str` (a `bytes` object that
/// Python allocates, so a failure is `MemoryError`). `Send` and `Sync`, so
/// a query can read it with the GIL released.
pub(crate) fn bytes_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<PyBackedBytes> {
    if let Ok(b) = obj.downcast::<PyBytes>() {
        return Ok(PyBackedBytes::from(b.clone()));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(PyBackedBytes::from(s.encode_utf8()?));
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be bytes or str, not {}",
        obj.get_type().name()?
    )))
}

/// The bytes of a `bytes` or `str` argument, copied for neither: a `str`'s
/// UTF-8 form as CPython keeps it (an ASCII string's own bytes; for other
/// strings an encoding CPython makes on first use and keeps with the
/// string), valid for as long as the argument. For the per-query calls,
/// where a body copied into a new `bytes` object cost a quarter of the
/// query.
pub(crate) fn bytes_in<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<&'a [u8]> {
    if let Ok(b) = obj.downcast::<PyBytes>() {
        return Ok(b.as_bytes());
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(s.to_str()?.as_bytes());
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be bytes or str, not {}",
        obj.get_type().name()?
    )))
}

/// One agent or a sequence of agents, each bytes or str.
pub(crate) fn agents_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<PyBackedBytes>> {
    let mut agents = Vec::new();
    if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyString>() {
        agents.try_reserve_exact(1).map_err(no_memory)?;
        agents.push(bytes_of(obj, "user agent")?);
        return Ok(agents);
    }
    for item in obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err("user agents must be bytes, str or a sequence of them"))?
    {
        let agent = bytes_of(&item?, "user agent")?;
        agents.try_reserve(1).map_err(no_memory)?;
        agents.push(agent);
    }
    Ok(agents)
}

/// `bytes` with a copy of `data`.
pub(crate) fn new_bytes<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    // PyBytes::new panics when Python cannot allocate; new_with reports it.
    PyBytes::new_with(py, data.len(), |buf| {
        buf.copy_from_slice(data);
        Ok(())
    })
}

/// Bytes from a robots.txt as `str`, decoded from UTF-8 with
/// `surrogateescape`, so `s.encode("utf-8", "surrogateescape")` gives the
/// original bytes back whatever they were.
pub(crate) fn text<'py>(py: Python<'py>, bytes: &[u8]) -> PyResult<Bound<'py, PyAny>> {
    let len = ffi::Py_ssize_t::try_from(bytes.len())
        .map_err(|_| PyValueError::new_err("value too long for a Python str"))?;
    // SAFETY: the pointer and length describe `bytes`, which Python only
    // reads; the error handler name is a NUL-terminated static string; the
    // result is a new reference or NULL with an exception set.
    unsafe {
        let s = ffi::PyUnicode_DecodeUTF8(bytes.as_ptr().cast(), len, c"surrogateescape".as_ptr());
        Bound::from_owned_ptr_or_err(py, s)
    }
}

/// An `int`, or `MemoryError`: PyO3's conversion of a `u32` panics when
/// Python cannot allocate it, which matters where a call makes one per
/// line or group.
pub(crate) fn int(py: Python<'_>, n: u64) -> PyResult<Bound<'_, PyAny>> {
    // SAFETY: PyLong_FromUnsignedLongLong returns a new reference or NULL
    // with an exception set.
    unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyLong_FromUnsignedLongLong(n)) }
}

/// A count as an `int`, or `MemoryError`.
pub(crate) fn count(py: Python<'_>, n: usize) -> PyResult<Bound<'_, PyAny>> {
    int(py, u64::try_from(n).unwrap_or(u64::MAX))
}

/// A tuple of `items`, or `MemoryError` (PyO3's tuple conversions panic).
pub(crate) fn tuple<'py>(
    py: Python<'py>,
    items: &[Bound<'py, PyAny>],
) -> PyResult<Bound<'py, PyTuple>> {
    let len = ffi::Py_ssize_t::try_from(items.len())
        .map_err(|_| PyValueError::new_err("too many items for a tuple"))?;
    // SAFETY: PyTuple_New returns a new reference or NULL with an exception
    // set; each slot is set once, within bounds, with a new reference that
    // PyTuple_SetItem steals.
    unsafe {
        let tuple = Bound::from_owned_ptr_or_err(py, ffi::PyTuple_New(len))?;
        for (i, item) in (0..).zip(items) {
            ffi::PyTuple_SetItem(tuple.as_ptr(), i, item.clone().into_ptr());
        }
        Ok(tuple.downcast_into_unchecked())
    }
}

/// An empty list, or `MemoryError` (PyO3's `PyList::empty` panics).
pub(crate) fn new_list(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    // SAFETY: PyList_New returns a new reference or NULL with an exception
    // set.
    unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyList_New(0))
            .map(|list| list.downcast_into_unchecked())
    }
}

/// An empty dict, or `MemoryError` (PyO3's `PyDict::new` panics).
pub(crate) fn new_dict(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    // SAFETY: PyDict_New returns a new reference or NULL with an exception
    // set.
    unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyDict_New())
            .map(|dict| dict.downcast_into_unchecked())
    }
}

/// A list of the items, each made by Python; the first error (a
/// `MemoryError`, say) is raised.
pub(crate) fn list_of<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    items: impl IntoIterator<Item = PyResult<T>>,
) -> PyResult<Bound<'py, PyList>> {
    let list = new_list(py)?;
    for item in items {
        list.append(item?)?;
    }
    Ok(list)
}

/// Seconds since the epoch (`time.time()`) as a time; ValueError for a
/// value that is not finite or out of range.
pub(crate) fn system_time(seconds: f64) -> PyResult<SystemTime> {
    if !seconds.is_finite() {
        return Err(PyValueError::new_err(
            "time must be a finite number of seconds",
        ));
    }
    let d = Duration::try_from_secs_f64(seconds.abs())
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let t = if seconds >= 0.0 {
        UNIX_EPOCH.checked_add(d)
    } else {
        UNIX_EPOCH.checked_sub(d)
    };
    t.ok_or_else(|| PyValueError::new_err("time out of range"))
}

/// A time as seconds since the epoch, negative before it.
pub(crate) fn seconds_of(t: SystemTime) -> f64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs_f64(),
        Err(e) => -e.duration().as_secs_f64(),
    }
}

/// Seconds as a duration; ValueError for a negative, non-finite or too
/// large value.
pub(crate) fn duration_of(seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `True` or `False`, as Python writes a `bool` in a `__repr__`.
pub(crate) fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}
