//! Google's matcher for Python: `RobotsMatcher`, which answers each query
//! from the body it is given (parsing a repeated body once, unless told
//! not to), and Google's string helpers (`get_path_params_query`,
//! `maybe_escape_pattern`, `extract_user_agent`).

use std::borrow::Cow;
use std::collections::TryReserveError;

use pyo3::prelude::*;
use pyo3::types::PyString;

use robotstxt::RobotsMatcher as CoreMatcher;

use crate::convert::{agents_of, bytes_in, bytes_of, new_bytes, text};
use crate::errors::{guarded, no_memory};

/// Bodies from this size on are queried with the GIL released. A query
/// streams a few kilobytes in a microsecond or two, about what handing the
/// GIL over and back costs; past this size other threads gain more than
/// the hand-over costs.
const RELEASE_GIL_FROM: usize = 16 * 1024;

/// Runs `query` with the GIL released when the body is large enough for
/// that to pay.
fn query<T: Send>(py: Python<'_>, body_len: usize, query: impl FnOnce() -> T + Send) -> T {
    if body_len >= RELEASE_GIL_FROM {
        py.allow_threads(query)
    } else {
        query()
    }
}

/// Google's `RobotsMatcher`: answers as Google's does and keeps the
/// answer's details for the accessors. Not for sharing between threads: use
/// one per thread, or a `Robots`.
///
/// Google's matcher parses the body on every query; this one, by default,
/// parses a body that comes twice in a row once and answers the queries
/// after that from the parsed form (the memo), as the core's matcher does.
/// `memo=False` streams every body for every query, as Google's does, and
/// keeps no body between queries; `clear_memo()` frees what is kept.
#[pyclass(module = "robotstxt_exact")]
pub(crate) struct RobotsMatcher {
    inner: CoreMatcher,
    memo: bool,
}

#[pymethods]
impl RobotsMatcher {
    #[new]
    #[pyo3(signature = (*, memo = true))]
    fn new(memo: bool) -> Self {
        let inner = if memo {
            CoreMatcher::new()
        } else {
            CoreMatcher::without_memo()
        };
        RobotsMatcher { inner, memo }
    }

    /// Whether a body that comes twice in a row is parsed once and kept
    /// (with its copy: about three times the body) for the queries after it.
    #[getter]
    fn memo(&self) -> bool {
        self.memo
    }

    /// Drops the kept body and its parsed form, if any: the memory goes
    /// back at once; the next query with that body streams it again.
    fn clear_memo(&mut self) {
        self.inner.clear_memo();
    }

    /// Whether any of `user_agents` may fetch `url` under `robots_body`.
    fn allowed_by_robots(
        &mut self,
        py: Python<'_>,
        robots_body: &Bound<'_, PyAny>,
        user_agents: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        guarded(|| {
            let body = bytes_in(robots_body, "robots_body")?;
            let agents = agents_of(user_agents)?;
            let url = bytes_in(url, "url")?;
            let inner = &mut self.inner;
            query(py, body.len(), || {
                inner.try_allowed_by_robots(body, &agents, url)
            })
            .map_err(no_memory)
        })
    }

    /// Whether `user_agent` may fetch `url` under `robots_body`.
    fn one_agent_allowed_by_robots(
        &mut self,
        py: Python<'_>,
        robots_body: &Bound<'_, PyAny>,
        user_agent: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        guarded(|| {
            let body = bytes_in(robots_body, "robots_body")?;
            let agent = bytes_in(user_agent, "user_agent")?;
            let url = bytes_in(url, "url")?;
            let inner = &mut self.inner;
            query(py, body.len(), || {
                inner.try_one_agent_allowed_by_robots(body, agent, url)
            })
            .map_err(no_memory)
        })
    }

    /// Whether the last query was disallowed.
    fn disallow(&self) -> bool {
        self.inner.disallow()
    }

    /// Whether the groups naming the agents alone disallow the last URL.
    fn disallow_ignore_global(&self) -> bool {
        self.inner.disallow_ignore_global()
    }

    /// Whether a group named one of the last query's agents.
    fn ever_seen_specific_agent(&self) -> bool {
        self.inner.ever_seen_specific_agent()
    }

    /// The line of the rule that decided the last query, 0 if none did.
    fn matching_line(&self) -> u32 {
        self.inner.matching_line()
    }

    /// Whether `user_agent` is non-empty and only `[a-zA-Z_-]`.
    #[staticmethod]
    fn is_valid_user_agent_to_obey(user_agent: &Bound<'_, PyAny>) -> PyResult<bool> {
        guarded(|| {
            Ok(CoreMatcher::is_valid_user_agent_to_obey(&*bytes_of(
                user_agent,
                "user_agent",
            )?))
        })
    }
}

/// Google's `GetPathParamsQuery`: the path, params and query of a URL.
#[pyfunction]
pub(crate) fn get_path_params_query<'py>(url: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    same_kind(url, "url", robotstxt::try_get_path_params_query)
}

/// Google's `MaybeEscapePattern`: upper-case percent escapes, escape
/// non-ASCII bytes.
#[pyfunction]
pub(crate) fn maybe_escape_pattern<'py>(
    pattern: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    same_kind(pattern, "pattern", robotstxt::try_maybe_escape_pattern)
}

/// Google's `ExtractUserAgent`: the leading `[a-zA-Z_-]` run of a value.
#[pyfunction]
pub(crate) fn extract_user_agent<'py>(
    user_agent: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    same_kind(user_agent, "user_agent", |b| {
        Ok(Cow::Borrowed(robotstxt::extract_user_agent(b)))
    })
}

/// One of Google's byte functions applied to a `bytes` or `str` argument:
/// `str` in, `str` out (the output is ASCII or from the input's UTF-8);
/// `bytes` in, `bytes` out.
fn same_kind<'py>(
    arg: &Bound<'py, PyAny>,
    what: &str,
    f: impl for<'b> FnOnce(&'b [u8]) -> Result<Cow<'b, [u8]>, TryReserveError>,
) -> PyResult<Bound<'py, PyAny>> {
    guarded(|| {
        let py = arg.py();
        let bytes = bytes_of(arg, what)?;
        let out = f(&bytes).map_err(no_memory)?;
        if arg.is_instance_of::<PyString>() {
            text(py, &out)
        } else {
            Ok(new_bytes(py, &out)?.into_any())
        }
    })
}
