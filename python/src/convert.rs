//! The conversions every class shares: `bytes` or `str` arguments in,
//! `str` out with `surrogateescape`, Python booleans in `__repr__`, and
//! seconds as `float` to and from Rust times; with the `TypeError` or
//! `ValueError` a wrong argument raises.

use std::borrow::Cow;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The bytes of a `bytes` or `str` argument: borrowed for `bytes`, UTF-8
/// encoded for `str`.
pub(crate) fn bytes_of<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(b) = obj.downcast::<PyBytes>() {
        return Ok(Cow::Borrowed(b.as_bytes()));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(Cow::Owned(s.to_cow()?.into_owned().into_bytes()));
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be bytes or str, not {}",
        obj.get_type().name()?
    )))
}

/// One agent or a sequence of agents, each bytes or str.
pub(crate) fn agents_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u8>>> {
    if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyString>() {
        return Ok(vec![bytes_of(obj, "user agent")?.into_owned()]);
    }
    let mut agents = Vec::new();
    for item in obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err("user agents must be bytes, str or a sequence of them"))?
    {
        agents.push(bytes_of(&item?, "user agent")?.into_owned());
    }
    Ok(agents)
}

/// Bytes from a robots.txt as `str`, decoded from UTF-8 with
/// `surrogateescape`, so `s.encode("utf-8", "surrogateescape")` gives the
/// original bytes back whatever they were.
pub(crate) fn text<'py>(py: Python<'py>, bytes: &[u8]) -> PyResult<Bound<'py, PyAny>> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(PyString::new(py, s).into_any()),
        Err(_) => PyBytes::new(py, bytes)
            .call_method1("decode", ("utf-8", "surrogateescape"))
            .map(Bound::into_any),
    }
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
