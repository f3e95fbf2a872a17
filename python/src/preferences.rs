//! Usage preferences and the audit: `Stated`, `Preferences`, `RequestRate`
//! and `PreferenceLine` (what `Robots.preferences`, `Robots.request_rate`
//! and `Group.preference_lines` give), and `audit` with its results.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use robotstxt::Robots as CoreRobots;
use robotstxt::audit::{self, Crawler as CoreCrawler};
use robotstxt::preferences::{self as core, PreferenceKind, Signal, UsageCategory};

use crate::convert::{bytes_of, py_bool};
use crate::robots::Robots;

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
    /// `Content-Usage` labels (`train-ai`, `search`) to `Stated`.
    usage: Py<PyDict>,
}

#[pymethods]
impl Preferences {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Preferences(allowed={}, signals={}, usage={})",
            py_bool(self.allowed),
            self.signals.bind(py).repr()?,
            self.usage.bind(py).repr()?
        ))
    }
}

pub(crate) fn preferences(py: Python<'_>, p: &core::Preferences) -> PyResult<Preferences> {
    let signals = PyDict::new(py);
    for signal in Signal::ALL {
        if let Some(s) = p.signal(signal) {
            signals.set_item(signal.as_str(), stated(s))?;
        }
    }
    let usage = PyDict::new(py);
    for category in UsageCategory::ALL {
        if let Some(s) = p.usage(category) {
            usage.set_item(category.as_str(), stated(s))?;
        }
    }
    Ok(Preferences {
        allowed: p.allowed,
        signals: signals.unbind(),
        usage: usage.unbind(),
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
    /// The path it applies to; empty for every path.
    path: String,
    line: u32,
    /// Names or labels to True (yes) or False (no), as the line states them.
    values: Py<PyDict>,
}

#[pymethods]
impl PreferenceLine {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "PreferenceLine(kind='{}', path={:?}, line={}, values={})",
            self.kind,
            self.path,
            self.line,
            self.values.bind(py).repr()?
        ))
    }
}

pub(crate) fn preference_line(
    py: Python<'_>,
    line: robotstxt::PreferenceLine<'_>,
) -> PyResult<PreferenceLine> {
    let values = PyDict::new(py);
    let names: Vec<&str> = match line.kind {
        PreferenceKind::Signal => Signal::ALL.iter().map(|s| s.as_str()).collect(),
        PreferenceKind::Usage => UsageCategory::ALL.iter().map(|c| c.as_str()).collect(),
    };
    for (index, name) in names.into_iter().enumerate() {
        if let Some(allowed) = line.stated.get(index) {
            values.set_item(name, allowed)?;
        }
    }
    Ok(PreferenceLine {
        kind: match line.kind {
            PreferenceKind::Signal => "content-signal",
            PreferenceKind::Usage => "content-usage",
        },
        path: String::from_utf8_lossy(line.path).into_owned(),
        line: line.line,
        values: values.unbind(),
    })
}

/// A crawler of a list.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct Crawler {
    token: String,
    operator: String,
    /// `ai-training`, `ai-search`, `ai-assistant`, `search-engine`, `seo`,
    /// `archiver` or `other`.
    category: &'static str,
    purpose: String,
    source: String,
    checked: String,
    note: String,
}

#[pymethods]
impl Crawler {
    fn __repr__(&self) -> String {
        format!(
            "Crawler(token={:?}, category='{}')",
            self.token, self.category
        )
    }
}

fn crawler(c: &CoreCrawler) -> Crawler {
    Crawler {
        token: c.token.clone(),
        operator: c.operator.clone(),
        category: c.category.as_str(),
        purpose: c.purpose.clone(),
        source: c.source.clone(),
        checked: c.checked.clone(),
        note: c.note.clone(),
    }
}

/// The verdict for one crawler at one path.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct PathVerdict {
    path: String,
    allowed: bool,
    /// The deciding rule's line, 0 when no rule matched.
    line: u32,
    preferences: Py<Preferences>,
}

#[pymethods]
impl PathVerdict {
    fn __repr__(&self) -> String {
        format!(
            "PathVerdict(path={:?}, allowed={}, line={})",
            self.path,
            py_bool(self.allowed),
            self.line
        )
    }
}

/// What a robots.txt says to one crawler.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct CrawlerAudit {
    crawler: Py<Crawler>,
    /// The agent queried: the token's `[A-Za-z_-]` prefix.
    matched_as: String,
    /// Whether a group names the crawler (else the `*` groups apply).
    specific: bool,
    /// The first line of each group that applies.
    groups: Vec<u32>,
    /// Per path, `/` first.
    paths: Vec<Py<PathVerdict>>,
    crawl_delay: Option<f64>,
    request_rate: Option<RequestRate>,
}

#[pymethods]
impl CrawlerAudit {
    /// Whether the crawler may fetch `/`.
    fn root_allowed(&self) -> bool {
        self.paths.first().is_none_or(|p| p.get().allowed)
    }

    fn __repr__(&self) -> String {
        format!(
            "CrawlerAudit(token={:?}, root_allowed={})",
            self.crawler.get().token,
            py_bool(self.root_allowed())
        )
    }
}

/// The audit of a robots.txt for a list of crawlers.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct Audit {
    crawlers: Vec<Py<CrawlerAudit>>,
    /// `blocks N of M AI crawlers from / (...)`.
    summary: String,
    /// `(blocked, total)` AI crawlers at `/`.
    ai_blocked: (usize, usize),
    /// Per category name, `(blocked, total)` at `/`.
    categories: Py<PyDict>,
}

#[pymethods]
impl Audit {
    fn __repr__(&self) -> String {
        format!("Audit({:?})", self.summary)
    }
}

/// The crawlers of the shipped list, with the page each token comes from
/// and the date it was checked.
#[pyfunction]
pub(crate) fn known_crawlers() -> Vec<Crawler> {
    audit::known_crawlers().iter().map(crawler).collect()
}

/// Reads a crawler list: the shipped list's format, or one token per line
/// optionally followed by a category. ValueError on a bad line.
#[pyfunction]
pub(crate) fn parse_crawler_list(text: &str) -> PyResult<Vec<Crawler>> {
    let list = audit::parse_crawler_list(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(list.iter().map(crawler).collect())
}

/// Which crawlers `robots` (a `Robots`, or a body as bytes or str) blocks
/// from `/` and each of `paths`, the deciding group and line, and the usage
/// preferences that apply; `crawlers` is a list of tokens or `Crawler`s, by
/// default the shipped list. Google's reading of the file: each crawler's
/// own parser may differ, and preferences are requests, not access control.
#[pyfunction]
#[pyo3(name = "audit", signature = (robots, paths = Vec::new(), crawlers = None))]
pub(crate) fn audit_robots(
    py: Python<'_>,
    robots: &Bound<'_, PyAny>,
    paths: Vec<String>,
    crawlers: Option<Vec<Bound<'_, PyAny>>>,
) -> PyResult<Audit> {
    let parsed: Arc<CoreRobots> = match robots.downcast::<Robots>() {
        Ok(r) => r.get().shared(),
        Err(_) => {
            let body = bytes_of(robots, "robots")?;
            Arc::new(py.allow_threads(|| CoreRobots::parse(&*body)))
        }
    };
    let own: Vec<CoreCrawler>;
    let list: &[CoreCrawler] = match crawlers {
        None => audit::known_crawlers(),
        Some(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in &items {
                if let Ok(c) = item.downcast::<Crawler>() {
                    let c = c.get();
                    let mut core = CoreCrawler::new(
                        c.token.clone(),
                        audit::Category::from_name(c.category).unwrap_or(audit::Category::Other),
                    );
                    core.operator = c.operator.clone();
                    core.purpose = c.purpose.clone();
                    core.source = c.source.clone();
                    core.checked = c.checked.clone();
                    core.note = c.note.clone();
                    out.push(core);
                } else {
                    let token = bytes_of(item, "crawler")?;
                    out.push(CoreCrawler::new(
                        String::from_utf8_lossy(&token).into_owned(),
                        audit::Category::Other,
                    ));
                }
            }
            own = out;
            &own
        }
    };
    let report = py.allow_threads(|| audit::audit(&parsed, list, &paths));
    let mut crawlers = Vec::with_capacity(report.crawlers.len());
    for a in &report.crawlers {
        let mut verdicts = Vec::with_capacity(a.paths.len());
        for p in &a.paths {
            verdicts.push(Py::new(
                py,
                PathVerdict {
                    path: p.path.clone(),
                    allowed: p.allowed,
                    line: p.line,
                    preferences: Py::new(py, preferences(py, &p.preferences)?)?,
                },
            )?);
        }
        crawlers.push(Py::new(
            py,
            CrawlerAudit {
                crawler: Py::new(py, crawler(a.crawler))?,
                matched_as: a.matched_as.clone(),
                specific: a.specific,
                groups: a.groups.clone(),
                paths: verdicts,
                crawl_delay: a.crawl_delay,
                request_rate: a.request_rate.map(request_rate),
            },
        )?);
    }
    let categories = PyDict::new(py);
    for category in audit::Category::ALL {
        let count = report.blocked_in(category);
        if count.total > 0 {
            categories.set_item(category.as_str(), (count.blocked, count.total))?;
        }
    }
    let ai = report.ai_blocked();
    Ok(Audit {
        crawlers,
        summary: report.summary(),
        ai_blocked: (ai.blocked, ai.total),
        categories: categories.unbind(),
    })
}
