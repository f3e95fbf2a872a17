//! The audit: `audit` and its results (`Audit`, `CrawlerAudit`,
//! `PathVerdict`, `PolicyAudit`), and the crawler lists (`Crawler`,
//! `known_crawlers`, `parse_crawler_list`).
//!
//! The report comes from the core's `try_audit`, whose size does not grow
//! with the number of groups (each crawler lists at most
//! `MAX_GROUP_LINES` of them, with their count), and is turned into Python
//! objects with checked allocations, so memory running out is
//! `MemoryError`.

use std::collections::TryReserveError;
use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBool, PyDict, PyList, PyString};

use robotstxt::Robots as CoreRobots;
use robotstxt::audit::{self, Category, Count, Crawler as CoreCrawler, TryListError};

use crate::convert::{bytes_of, count, int, list_of, new_dict, py_bool, text, tuple};
use crate::errors::{guarded, no_memory};
use crate::preferences::{Preferences, RequestRate, preferences, request_rate};
use crate::robots::Robots;

/// A crawler of a list.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct Crawler {
    token: Py<PyAny>,
    operator: Py<PyAny>,
    /// `ai-training`, `ai-search`, `ai-assistant`, `search-engine`, `seo`,
    /// `archiver` or `other`.
    category: &'static str,
    /// What the list says it does (ai.robots.txt's `function`), or "".
    function: Py<PyAny>,
    purpose: Py<PyAny>,
    source: Py<PyAny>,
    checked: Py<PyAny>,
    note: Py<PyAny>,
}

#[pymethods]
impl Crawler {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Crawler(token={}, category='{}')",
            self.token.bind(py).repr()?,
            self.category
        ))
    }
}

fn crawler<'py>(py: Python<'py>, c: &CoreCrawler) -> PyResult<Bound<'py, Crawler>> {
    let s = |field: &String| text(py, field.as_bytes()).map(Bound::unbind);
    Bound::new(
        py,
        Crawler {
            token: s(&c.token)?,
            operator: s(&c.operator)?,
            category: c.category.as_str(),
            function: s(&c.function)?,
            purpose: s(&c.purpose)?,
            source: s(&c.source)?,
            checked: s(&c.checked)?,
            note: s(&c.note)?,
        },
    )
}

/// The verdict for one crawler at one path.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct PathVerdict {
    path: Py<PyAny>,
    allowed: bool,
    /// The deciding rule's line, 0 when no rule matched.
    line: u32,
    preferences: Py<Preferences>,
}

#[pymethods]
impl PathVerdict {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "PathVerdict(path={}, allowed={}, line={})",
            self.path.bind(py).repr()?,
            py_bool(self.allowed),
            self.line
        ))
    }
}

/// What a robots.txt says to one crawler.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct CrawlerAudit {
    crawler: Py<Crawler>,
    /// The agent queried: the token's `[A-Za-z_-]` prefix.
    matched_as: Py<PyAny>,
    /// Whether a group names the crawler (else the `*` groups apply).
    specific: bool,
    /// The first line of each group that applies (`int`s), at most
    /// `MAX_GROUP_LINES` (16) of them.
    groups: Py<PyList>,
    /// How many groups apply.
    group_count: usize,
    /// Per path, `/` first (`PathVerdict`s).
    paths: Py<PyList>,
    crawl_delay: Option<f64>,
    request_rate: Option<RequestRate>,
}

#[pymethods]
impl CrawlerAudit {
    /// Whether the crawler may fetch `/`.
    fn root_allowed(&self, py: Python<'_>) -> bool {
        let root = self.paths.bind(py).get_item(0).ok();
        root.as_ref()
            .and_then(|p| p.downcast::<PathVerdict>().ok())
            .is_none_or(|p| p.get().allowed)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "CrawlerAudit(token={}, root_allowed={})",
            self.crawler.get().token.bind(py).repr()?,
            py_bool(self.root_allowed(py))
        ))
    }
}

/// A policy token named by the file's groups (`__usage_ai-training`) and
/// what its groups say at each path.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct PolicyAudit {
    token: Py<PyAny>,
    /// Whether the library knows the token.
    known: bool,
    /// Its first `user-agent` line.
    line: u32,
    /// Per path, `/` first: `(path, allowed, line)`, line 0 when no rule
    /// matched.
    paths: Py<PyList>,
}

#[pymethods]
impl PolicyAudit {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "PolicyAudit(token={}, paths={})",
            self.token.bind(py).repr()?,
            self.paths.bind(py).repr()?
        ))
    }
}

/// The audit of a robots.txt for a list of crawlers.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct Audit {
    /// Per crawler, in the order of the list (`CrawlerAudit`s).
    crawlers: Py<PyList>,
    /// The `License` URLs, `(value, line)`, in file order.
    licenses: Py<PyList>,
    /// The `LLM-Policy` values, `(value, line)`, in file order.
    llm_policies: Py<PyList>,
    /// The policy tokens (`PolicyAudit`s), in file order.
    policies: Py<PyList>,
    /// `blocks N of M AI crawlers from / (...)`.
    summary: Py<PyAny>,
    /// `(blocked, total)` AI crawlers at `/`.
    ai_blocked: (usize, usize),
    /// Per category name, `(blocked, total)` at `/`.
    categories: Py<PyDict>,
}

#[pymethods]
impl Audit {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("Audit({})", self.summary.bind(py).repr()?))
    }
}

/// The crawlers of the shipped list, with the page each token comes from
/// and the date it was checked.
#[pyfunction]
pub(crate) fn known_crawlers(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    guarded(|| list_of(py, audit::known_crawlers().iter().map(|c| crawler(py, c))))
}

/// Reads a crawler list: the shipped list's format, or one token per line
/// optionally followed by a category. ValueError on a bad line.
#[pyfunction]
pub(crate) fn parse_crawler_list<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    guarded(|| {
        let text: PyBackedStr = text.extract()?;
        let list = py
            .allow_threads(|| audit::try_parse_crawler_list(&text))
            .map_err(|e| match e {
                TryListError::List(e) => PyValueError::new_err(e.to_string()),
                TryListError::OutOfMemory(e) => no_memory(e),
            })?;
        list_of(py, list.iter().map(|c| crawler(py, c)))
    })
}

/// The paths of an `audit` call, `/` first: the `str` objects themselves,
/// for the results, and their text, for the core.
fn paths_of<'py>(
    py: Python<'py>,
    paths: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<PyBackedStr>)> {
    let (mut objects, mut texts) = (Vec::new(), Vec::new());
    objects.try_reserve(1).map_err(no_memory)?;
    objects.push(text(py, b"/")?);
    let Some(paths) = paths else {
        return Ok((objects, texts));
    };
    if paths.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "paths must be a sequence of str, not str",
        ));
    }
    for item in paths.try_iter()? {
        let item = item?;
        let path: PyBackedStr = item.extract()?;
        objects.try_reserve(1).map_err(no_memory)?;
        texts.try_reserve(1).map_err(no_memory)?;
        objects.push(item);
        texts.push(path);
    }
    Ok((objects, texts))
}

/// A `String` of `bytes`, invalid UTF-8 replaced as
/// `String::from_utf8_lossy` does, or an error when memory runs out.
fn lossy_string(bytes: &[u8]) -> Result<String, TryReserveError> {
    let mut out = String::new();
    out.try_reserve_exact(bytes.len())?;
    for chunk in bytes.utf8_chunks() {
        out.try_reserve(chunk.valid().len() + char::REPLACEMENT_CHARACTER.len_utf8())?;
        out.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            out.push(char::REPLACEMENT_CHARACTER);
        }
    }
    Ok(out)
}

/// The crawlers given to an `audit` call.
#[derive(Default)]
struct Given<'py> {
    /// The core's form of each: the token and the category, which alone
    /// decide.
    crawlers: Vec<CoreCrawler>,
    /// The `Crawler` object given, if one was, to hand back in the results
    /// as it was.
    objects: Vec<Option<Bound<'py, Crawler>>>,
}

fn crawlers_of<'py>(items: &Bound<'py, PyAny>) -> PyResult<Given<'py>> {
    let mut given = Given::default();
    for item in items.try_iter()? {
        let item = item?;
        let (token, category, object) = match item.downcast::<Crawler>() {
            Ok(c) => {
                let token = bytes_of(c.get().token.bind(item.py()), "crawler token")?;
                let category = Category::from_name(c.get().category).unwrap_or(Category::Other);
                (token, category, Some(c.clone()))
            }
            Err(_) => (bytes_of(&item, "crawler")?, Category::Other, None),
        };
        let token = lossy_string(&token).map_err(no_memory)?;
        given.crawlers.try_reserve(1).map_err(no_memory)?;
        given.objects.try_reserve(1).map_err(no_memory)?;
        given.crawlers.push(CoreCrawler::new(token, category));
        given.objects.push(object);
    }
    Ok(given)
}

/// `(blocked, total)`.
fn count_pair<'py>(py: Python<'py>, c: Count) -> PyResult<Bound<'py, PyAny>> {
    Ok(tuple(py, &[count(py, c.blocked)?, count(py, c.total)?])?.into_any())
}

/// Which crawlers `robots` (a `Robots`, or a body as bytes or str) blocks
/// from `/` and each of `paths`, the deciding group and line, and the usage
/// preferences that apply; `crawlers` is a list of tokens or `Crawler`s, by
/// default the shipped list. Google's reading of the file: each crawler's
/// own parser may differ, and preferences are requests, not access control.
#[pyfunction]
#[pyo3(name = "audit", signature = (robots, paths = None, crawlers = None))]
pub(crate) fn audit_robots<'py>(
    py: Python<'py>,
    robots: &Bound<'py, PyAny>,
    paths: Option<&Bound<'py, PyAny>>,
    crawlers: Option<&Bound<'py, PyAny>>,
) -> PyResult<Audit> {
    guarded(|| {
        let parsed: Arc<CoreRobots> = match robots.downcast::<Robots>() {
            Ok(r) => r.get().shared(),
            Err(_) => {
                let body = bytes_of(robots, "robots")?;
                let parsed = py
                    .allow_threads(|| CoreRobots::try_parse(&*body))
                    .map_err(no_memory)?;
                Arc::new(parsed)
            }
        };
        let (path_objects, path_texts) = paths_of(py, paths)?;
        let given = match crawlers {
            Some(items) => crawlers_of(items)?,
            None => Given::default(),
        };
        let list = match crawlers {
            Some(_) => &given.crawlers[..],
            None => audit::known_crawlers(),
        };
        let report = py
            .allow_threads(|| audit::try_audit(&parsed, list, &path_texts))
            .map_err(no_memory)?;
        let audits = list_of(
            py,
            report.crawlers.iter().enumerate().map(|(i, a)| {
                let crawler = match given.objects.get(i) {
                    Some(Some(object)) => object.clone(),
                    _ => crawler(py, a.crawler)?,
                };
                let verdicts = list_of(
                    py,
                    a.paths.iter().zip(&path_objects).map(|(p, path)| {
                        let preferences = Bound::new(py, preferences(py, &p.preferences)?)?;
                        Bound::new(
                            py,
                            PathVerdict {
                                path: path.clone().unbind(),
                                allowed: p.allowed,
                                line: p.line,
                                preferences: preferences.unbind(),
                            },
                        )
                    }),
                )?;
                Bound::new(
                    py,
                    CrawlerAudit {
                        crawler: crawler.unbind(),
                        matched_as: text(py, a.matched_as.as_bytes())?.unbind(),
                        specific: a.specific,
                        groups: list_of(py, a.groups.iter().map(|&line| int(py, line.into())))?
                            .unbind(),
                        group_count: a.group_count,
                        paths: verdicts.unbind(),
                        crawl_delay: a.crawl_delay,
                        request_rate: a.request_rate.map(request_rate),
                    },
                )
            }),
        )?;
        let categories = new_dict(py)?;
        for category in Category::ALL {
            let c = report.blocked_in(category);
            if c.total > 0 {
                categories.set_item(text(py, category.as_str().as_bytes())?, count_pair(py, c)?)?;
            }
        }
        let values = |values: &[audit::FileValueAudit]| {
            list_of(
                py,
                values.iter().map(|v| {
                    tuple(
                        py,
                        &[text(py, v.value.as_bytes())?, int(py, v.line.into())?],
                    )
                }),
            )
        };
        let policies = list_of(
            py,
            report.policies.iter().map(|p| {
                let paths = list_of(
                    py,
                    p.paths.iter().zip(&path_objects).map(|(v, path)| {
                        tuple(
                            py,
                            &[
                                path.clone(),
                                PyBool::new(py, v.allowed).to_owned().into_any(),
                                int(py, v.line.into())?,
                            ],
                        )
                    }),
                )?;
                Bound::new(
                    py,
                    PolicyAudit {
                        token: text(py, p.token.as_bytes())?.unbind(),
                        known: p.known,
                        line: p.line,
                        paths: paths.unbind(),
                    },
                )
            }),
        )?;
        let ai = report.ai_blocked();
        Ok(Audit {
            crawlers: audits.unbind(),
            licenses: values(&report.licenses)?.unbind(),
            llm_policies: values(&report.llm_policies)?.unbind(),
            policies: policies.unbind(),
            summary: text(py, report.summary().as_bytes())?.unbind(),
            ai_blocked: (ai.blocked, ai.total),
            categories: categories.unbind(),
        })
    })
}
