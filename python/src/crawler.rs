//! The crawler's side, beside the matcher: which robots.txt governs a URL
//! (`robots_txt_url`, `applies_to`), what a fetch's outcome means under
//! Google's or RFC 9309's `Policy`, redirects, the 500 KiB cut, and the
//! cached state of one robots.txt (`CacheEntry`).

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyString};

use robotstxt::crawler::{self, Access, CacheEntry as CoreCacheEntry, Decision as CoreDecision};
use robotstxt::crawler::{FetchOutcome, Policy as CorePolicy};

use crate::convert::{bytes_of, duration_of, new_bytes, seconds_of, system_time, text};
use crate::errors::{guarded, no_memory};

/// Whose reading of the protocol to follow where Google and RFC 9309 differ.
#[pyclass(module = "robotstxt_exact", eq, eq_int, hash, frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::upper_case_acronyms)]
pub(crate) enum Policy {
    GOOGLE,
    RFC9309,
}

impl From<Policy> for CorePolicy {
    fn from(p: Policy) -> Self {
        match p {
            Policy::GOOGLE => CorePolicy::Google,
            Policy::RFC9309 => CorePolicy::Rfc9309,
        }
    }
}

/// What the crawler may do with a site's URLs.
#[pyclass(module = "robotstxt_exact", eq, eq_int, hash, frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub(crate) enum Decision {
    USE_RULES,
    ALLOW_ALL,
    DISALLOW_ALL,
}

impl From<CoreDecision> for Decision {
    fn from(d: CoreDecision) -> Self {
        match d {
            CoreDecision::UseRules => Decision::USE_RULES,
            CoreDecision::AllowAll => Decision::ALLOW_ALL,
            CoreDecision::DisallowAll => Decision::DISALLOW_ALL,
        }
    }
}

/// RFC 9309's access results.
#[pyclass(module = "robotstxt_exact", eq, eq_int, hash, frozen, name = "Access")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub(crate) enum PyAccess {
    SUCCESSFUL,
    UNAVAILABLE,
    UNREACHABLE,
}

/// A fetch outcome: an HTTP status (int) or one of the names the core gives
/// (spec/vocabulary.json): `"network-error"`, `"timeout"`,
/// `"too-many-redirects"`. The underscore spellings this package took before
/// the names were shared (`"network_error"`, `"too_many_redirects"`) are
/// still read.
fn outcome_of(obj: &Bound<'_, PyAny>) -> PyResult<FetchOutcome> {
    let wrong = || {
        PyValueError::new_err(
            "a fetch outcome is an HTTP status (0-65535) or \"network-error\", \"timeout\" \
             or \"too-many-redirects\"",
        )
    };
    if let Ok(name) = obj.downcast::<PyString>() {
        // Held by Python: PyO3's String would copy any str into Rust memory.
        let name = PyBackedStr::try_from(name.clone())?;
        return match &*name {
            "network_error" => Ok(FetchOutcome::NetworkError),
            "too_many_redirects" => Ok(FetchOutcome::TooManyRedirects),
            other => FetchOutcome::from_name(other).ok_or_else(wrong),
        };
    }
    match obj.extract::<u16>() {
        Ok(status) => Ok(FetchOutcome::Status(status)),
        // Not an integer, or out of range: not an outcome. Anything else
        // (an `__index__` that raised) is the caller's error, raised as is.
        Err(e)
            if e.is_instance_of::<PyTypeError>(obj.py())
                || e.is_instance_of::<PyOverflowError>(obj.py()) =>
        {
            Err(wrong())
        }
        Err(e) => Err(e),
    }
}

#[pymethods]
impl Policy {
    /// Which access result a fetch outcome is.
    fn classify(&self, outcome: &Bound<'_, PyAny>) -> PyResult<PyAccess> {
        guarded(|| {
            Ok(
                match CorePolicy::from(*self).classify(outcome_of(outcome)?) {
                    Access::Successful => PyAccess::SUCCESSFUL,
                    Access::Unavailable => PyAccess::UNAVAILABLE,
                    Access::Unreachable => PyAccess::UNREACHABLE,
                },
            )
        })
    }

    /// What to do right after a fetch, with no cached copy to fall back on.
    fn decide(&self, outcome: &Bound<'_, PyAny>) -> PyResult<Decision> {
        guarded(|| Ok(CorePolicy::from(*self).decide(outcome_of(outcome)?).into()))
    }
}

// The URL arguments are `PyBackedStr`: the string's UTF-8 form, held by
// Python and borrowed, never copied into Rust memory.

/// The robots.txt URL that governs `page_url`; ValueError if there is none.
#[pyfunction]
pub(crate) fn robots_txt_url(py: Python<'_>, page_url: PyBackedStr) -> PyResult<Bound<'_, PyAny>> {
    guarded(|| {
        let url =
            crawler::robots_txt_url(&page_url).map_err(|e| PyValueError::new_err(e.to_string()))?;
        text(py, url.as_str().as_bytes())
    })
}

/// Whether the robots.txt at `robots_url` governs `page_url`.
#[pyfunction]
pub(crate) fn applies_to(robots_url: PyBackedStr, page_url: PyBackedStr) -> PyResult<bool> {
    guarded(|| Ok(crawler::applies_to(&robots_url, &page_url)))
}

/// Whether `url` is a robots.txt URL (path `/robots.txt`, no query).
#[pyfunction]
pub(crate) fn is_robots_txt_url(url: PyBackedStr) -> PyResult<bool> {
    guarded(|| Ok(crawler::is_robots_txt_url(&url)))
}

/// Whether to follow one more redirect after `hops_followed` hops.
#[pyfunction]
pub(crate) fn should_follow_redirect(hops_followed: u32) -> bool {
    crawler::should_follow_redirect(hops_followed)
}

/// The `max-age` of a `Cache-Control` value, in seconds, or None.
#[pyfunction]
pub(crate) fn max_age_from_cache_control(value: PyBackedStr) -> PyResult<Option<f64>> {
    guarded(|| Ok(crawler::max_age_from_cache_control(&value).map(|d| d.as_secs_f64())))
}

/// The first 500 KiB of a body: what a crawler should parse.
#[pyfunction]
pub(crate) fn truncate_body<'py>(
    py: Python<'py>,
    body: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    guarded(|| new_bytes(py, crawler::truncate_body(&bytes_of(body, "body")?)))
}

/// What a crawler knows about one robots.txt URL. Times are seconds since
/// the epoch (`time.time()`), passed in: the entry reads no clock.
#[pyclass(module = "robotstxt_exact")]
pub(crate) struct CacheEntry {
    inner: CoreCacheEntry,
}

#[pymethods]
impl CacheEntry {
    /// `lifetime`: seconds a result stays fresh without `max-age` (default
    /// 24 hours); `size_limit`: bytes of a body kept (default 500 KiB, None
    /// for no limit).
    #[new]
    #[pyo3(signature = (policy = Policy::GOOGLE, lifetime = None, size_limit = Some(crawler::MAX_ROBOTS_TXT_BYTES)))]
    fn new(policy: Policy, lifetime: Option<f64>, size_limit: Option<usize>) -> PyResult<Self> {
        let mut inner = CoreCacheEntry::new(policy.into()).with_size_limit(size_limit);
        if let Some(seconds) = lifetime {
            inner = inner.with_lifetime(duration_of(seconds)?);
        }
        Ok(CacheEntry { inner })
    }

    /// Records a fetch: `outcome` is an HTTP status or `"network_error"`,
    /// `"timeout"`, `"too_many_redirects"`; `max_age` in seconds.
    #[pyo3(signature = (now, outcome, body = None, max_age = None))]
    fn record(
        &mut self,
        now: f64,
        outcome: &Bound<'_, PyAny>,
        body: Option<&Bound<'_, PyAny>>,
        max_age: Option<f64>,
    ) -> PyResult<()> {
        guarded(|| {
            let body = body.map(|b| bytes_of(b, "body")).transpose()?;
            let max_age = max_age.map(duration_of).transpose()?;
            self.inner
                .try_record(
                    system_time(now)?,
                    outcome_of(outcome)?,
                    body.as_deref().unwrap_or_default(),
                    max_age,
                )
                .map_err(no_memory)
        })
    }

    /// Whether the robots.txt should be fetched (again) now.
    fn needs_fetch(&self, now: f64) -> PyResult<bool> {
        Ok(self.inner.needs_fetch(system_time(now)?))
    }

    /// What to do with the site's URLs now.
    fn decide(&self, now: f64) -> PyResult<Decision> {
        Ok(self.inner.decide(system_time(now)?).into())
    }

    /// Tells whether the rest of the site answers (used after 30 days of
    /// an unreachable robots.txt under Google's policy).
    fn set_site_available(&mut self, available: bool) {
        self.inner.set_site_available(available);
    }

    /// The last good body (cut to the size limit), or None.
    #[getter]
    fn body<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyBytes>>> {
        guarded(|| self.inner.body().map(|b| new_bytes(py, b)).transpose())
    }

    /// Until when the last result is fresh, or None.
    #[getter]
    fn fresh_until(&self) -> Option<f64> {
        self.inner.fresh_until().map(seconds_of)
    }

    /// Since when the file has been unreachable, or None.
    #[getter]
    fn unreachable_since(&self) -> Option<f64> {
        self.inner.unreachable_since().map(seconds_of)
    }

    /// The policy.
    #[getter]
    fn policy(&self) -> Policy {
        match self.inner.policy() {
            CorePolicy::Google => Policy::GOOGLE,
            CorePolicy::Rfc9309 => Policy::RFC9309,
        }
    }
}
