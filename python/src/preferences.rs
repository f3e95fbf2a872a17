//! Usage preferences as Python objects: `Stated`, `Preferences`,
//! `RequestRate` and `PreferenceLine` (what `Robots.preferences`,
//! `Robots.request_rate` and `Group.preference_lines` give, and what the
//! audit reports per path). The audit itself is in `audit.rs`.
//!
//! As everywhere in the binding, results are built with checked
//! allocations: strings, dicts, lists and tuples by Python's allocator
//! through `convert.rs`, so memory running out is `MemoryError`. A result
//! keeps Python objects, never Rust strings or vectors that PyO3 would
//! convert on each access.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

use robotstxt::preferences::{self as core, PreferenceKind, Signal, UsageCategory};

use crate::convert::{new_dict, py_bool, text};

/// A usage preference and the line that stated it.
#[pyclass(module = "robotstxt_exact", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Stated {
    /// True for yes / allowed, False for no / disallowed.
    allowed: bool,
    line: u32,
}

#[pymethods]
impl Stated {
    fn __bool__(&self) -> bool {
        self.allowed
    }

    fn __repr__(&self) -> String {
        format!(
            "Stated(allowed={}, line={})",
            py_bool(self.allowed),
            self.line
        )
    }
}

fn stated(s: core::Stated) -> Stated {
    Stated {
        allowed: s.allowed,
        line: s.line,
    }
}

/// The usage preferences that apply to a crawler for a URL.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct Preferences {
    /// Google's verdict for the URL; when False nothing applies.
    allowed: bool,
    /// `Content-Signal` names (`search`, `ai-input`, `ai-train`) to `Stated`.
    signals: Py<PyDict>,
    /// `Content-Usage` labels (`train-ai`, `ai-use`, `search`) to `Stated`.
    usage: Py<PyDict>,
    /// `Content-Signal`'s `use=` item: `(value, line)` with value
    /// `"immediate"`, `"reference"` or `"full"`, or None.
    content_use: Option<(&'static str, u32)>,
    /// `Content-Usage` labels to `Stated` for uses within a search
    /// application, where a stated `search` overrides the others
    /// (draft-ietf-aipref-vocab-08 §4.3).
    usage_in_search: Py<PyDict>,
}

#[pymethods]
impl Preferences {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Preferences(allowed={}, signals={}, usage={}, content_use={})",
            py_bool(self.allowed),
            self.signals.bind(py).repr()?,
            self.usage.bind(py).repr()?,
            match self.content_use {
                Some((value, line)) => format!("('{value}', {line})"),
                None => "None".into(),
            }
        ))
    }
}

/// A dict of `names` to `Stated`, for the names `stated` gives one for.
fn stated_dict<'py, T: Copy>(
    py: Python<'py>,
    names: &[T],
    name: impl Fn(T) -> &'static str,
    stated_for: impl Fn(T) -> Option<core::Stated>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = new_dict(py)?;
    for &key in names {
        if let Some(s) = stated_for(key) {
            dict.set_item(text(py, name(key).as_bytes())?, Bound::new(py, stated(s))?)?;
        }
    }
    Ok(dict)
}

pub(crate) fn preferences(py: Python<'_>, p: &core::Preferences) -> PyResult<Preferences> {
    let signals = stated_dict(py, &Signal::ALL, Signal::as_str, |s| p.signal(s))?;
    let usage = stated_dict(py, &UsageCategory::ALL, UsageCategory::as_str, |c| {
        p.usage(c)
    })?;
    let in_search = stated_dict(py, &UsageCategory::ALL, UsageCategory::as_str, |c| {
        p.usage_in_search(c)
    })?;
    Ok(Preferences {
        allowed: p.allowed,
        signals: signals.unbind(),
        usage: usage.unbind(),
        content_use: p.content_use.map(|u| (u.value.as_str(), u.line)),
        usage_in_search: in_search.unbind(),
    })
}

/// A `Request-rate`: at most `requests` every `seconds` seconds, during
/// `window` (UTC minutes after midnight, start and end) when not None.
#[pyclass(module = "robotstxt_exact", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct RequestRate {
    requests: u32,
    seconds: u32,
    window: Option<(u16, u16)>,
}

#[pymethods]
impl RequestRate {
    fn __repr__(&self) -> String {
        let window = match self.window {
            Some((start, end)) => format!("({start}, {end})"),
            None => "None".into(),
        };
        format!(
            "RequestRate(requests={}, seconds={}, window={window})",
            self.requests, self.seconds
        )
    }
}

pub(crate) fn request_rate(r: core::RequestRate) -> RequestRate {
    RequestRate {
        requests: r.requests,
        seconds: r.seconds,
        window: r.window.map(|w| (w.start, w.end)),
    }
}

/// A `Content-Signal` or `Content-Usage` line of a group.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct PreferenceLine {
    /// `"content-signal"` or `"content-usage"`.
    kind: &'static str,
    /// The path it applies to (`surrogateescape`, as every value read from
    /// the file); empty for every path.
    path: Py<PyAny>,
    line: u32,
    /// Names or labels to True (yes) or False (no), as the line states them.
    values: Py<PyDict>,
}

#[pymethods]
impl PreferenceLine {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "PreferenceLine(kind='{}', path={}, line={}, values={})",
            self.kind,
            self.path.bind(py).repr()?,
            self.line,
            self.values.bind(py).repr()?
        ))
    }
}

pub(crate) fn preference_line<'py>(
    py: Python<'py>,
    line: robotstxt::PreferenceLine<'_>,
) -> PyResult<Bound<'py, PreferenceLine>> {
    let name = |index: usize| match line.kind {
        PreferenceKind::Signal => Signal::ALL.get(index).map(|s| s.as_str()),
        PreferenceKind::Usage => UsageCategory::ALL.get(index).map(|c| c.as_str()),
    };
    let values = new_dict(py)?;
    for index in 0.. {
        let Some(name) = name(index) else { break };
        if let Some(allowed) = line.stated.get(index) {
            values.set_item(text(py, name.as_bytes())?, PyBool::new(py, allowed))?;
        }
    }
    let kind = match line.kind {
        PreferenceKind::Signal => "content-signal",
        PreferenceKind::Usage => "content-usage",
    };
    Bound::new(
        py,
        PreferenceLine {
            kind,
            path: text(py, line.path)?.unbind(),
            line: line.line,
            values: values.unbind(),
        },
    )
}
