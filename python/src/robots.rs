//! Parse once, query many times: `Robots` (immutable, shared between
//! threads, the GIL released on every query), its `for_agents` view
//! (`AgentView`), the `Answer` of a query, and the `Group`s and `Rule`s it
//! lists.

use std::borrow::Cow;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

use robotstxt::{CompiledRobots, Robots as CoreRobots, RuleKind};

use crate::convert::{agents_of, bytes_of, py_bool, text};

/// The answer to one query, as `RobotsMatcher`'s accessors give it.
#[pyclass(module = "robotstxt_exact", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Answer {
    allowed: bool,
    matching_line: u32,
    ever_seen_specific_agent: bool,
    disallow_ignore_global: bool,
}

impl From<robotstxt::Answer> for Answer {
    fn from(a: robotstxt::Answer) -> Self {
        Answer {
            allowed: a.allowed,
            matching_line: a.matching_line,
            ever_seen_specific_agent: a.ever_seen_specific_agent,
            disallow_ignore_global: a.disallow_ignore_global,
        }
    }
}

#[pymethods]
impl Answer {
    fn __bool__(&self) -> bool {
        self.allowed
    }

    fn __repr__(&self) -> String {
        format!(
            "Answer(allowed={}, matching_line={}, ever_seen_specific_agent={}, \
             disallow_ignore_global={})",
            py_bool(self.allowed),
            self.matching_line,
            py_bool(self.ever_seen_specific_agent),
            py_bool(self.disallow_ignore_global)
        )
    }
}

/// A rule of a group.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct Rule {
    /// `"allow"` or `"disallow"`.
    kind: &'static str,
    /// The pattern, percent-escape normalised as the parser hands it over.
    pattern: Py<PyAny>,
    line: u32,
}

#[pymethods]
impl Rule {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Rule(kind='{}', pattern={}, line={})",
            self.kind,
            self.pattern.bind(py).repr()?,
            self.line
        ))
    }
}

/// A group: its `user-agent` lines and its rules.
#[pyclass(module = "robotstxt_exact", frozen, get_all)]
pub(crate) struct Group {
    /// `(value as written, line)` for each `user-agent` line.
    agents: Py<PyList>,
    rules: Py<PyList>,
    is_global: bool,
    crawl_delay: Option<f64>,
}

#[pymethods]
impl Group {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Group(agents={}, rules={}, is_global={}, crawl_delay={})",
            self.agents.bind(py).repr()?,
            self.rules.bind(py).repr()?,
            py_bool(self.is_global),
            match self.crawl_delay {
                Some(d) => d.to_string(),
                None => "None".to_owned(),
            }
        ))
    }
}

/// A parsed robots.txt: immutable, safe to query from many threads at once;
/// queries release the GIL.
#[pyclass(module = "robotstxt_exact", frozen)]
pub(crate) struct Robots {
    inner: Arc<CoreRobots>,
}

fn check_all(robots: &CoreRobots, agents: &[Vec<u8>], urls: &[Cow<'_, [u8]>]) -> Vec<Answer> {
    urls.iter()
        .map(|url| robots.check(agents, &**url).into())
        .collect()
}

fn urls_of<'a>(urls: &'a [Bound<'_, PyAny>]) -> PyResult<Vec<Cow<'a, [u8]>>> {
    urls.iter().map(|u| bytes_of(u, "url")).collect()
}

fn collect_items<'py>(iterable: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    iterable.try_iter()?.collect()
}

#[pymethods]
impl Robots {
    /// Parses a robots.txt body (bytes or str; any bytes are accepted).
    #[new]
    fn new(py: Python<'_>, body: &Bound<'_, PyAny>) -> PyResult<Self> {
        let body = bytes_of(body, "body")?;
        let inner = py.allow_threads(|| CoreRobots::parse(&*body));
        Ok(Robots {
            inner: Arc::new(inner),
        })
    }

    /// Same as `Robots(body)`.
    #[staticmethod]
    fn parse(py: Python<'_>, body: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::new(py, body)
    }

    /// The full answer for `user_agents` (one agent or a sequence) and
    /// `url`: what `RobotsMatcher.allowed_by_robots` and its accessors say.
    fn check(
        &self,
        py: Python<'_>,
        user_agents: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<Answer> {
        let agents = agents_of(user_agents)?;
        let url = bytes_of(url, "url")?;
        let robots = &*self.inner;
        Ok(py.allow_threads(|| robots.check(&agents, &*url).into()))
    }

    /// Whether `user_agent` may fetch `url`.
    fn allowed(
        &self,
        py: Python<'_>,
        user_agent: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let agent = bytes_of(user_agent, "user_agent")?;
        let url = bytes_of(url, "url")?;
        let robots = &*self.inner;
        Ok(py.allow_threads(|| robots.allowed(&*agent, &*url)))
    }

    /// `check` for every URL of an iterable, in one call (one GIL release).
    fn check_many(
        &self,
        py: Python<'_>,
        user_agents: &Bound<'_, PyAny>,
        urls: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Answer>> {
        let agents = agents_of(user_agents)?;
        let items = collect_items(urls)?;
        let urls = urls_of(&items)?;
        let robots = &*self.inner;
        Ok(py.allow_threads(|| check_all(robots, &agents, &urls)))
    }

    /// `allowed` for every URL of an iterable, in one call.
    fn allowed_many(
        &self,
        py: Python<'_>,
        user_agents: &Bound<'_, PyAny>,
        urls: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<bool>> {
        let agents = agents_of(user_agents)?;
        let items = collect_items(urls)?;
        let urls = urls_of(&items)?;
        let robots = &*self.inner;
        Ok(py.allow_threads(|| {
            urls.iter()
                .map(|url| robots.check(&agents, &**url).allowed)
                .collect()
        }))
    }

    /// A view for fixed agents: `check(url)`, `allowed(url)`, `check_many(urls)`.
    fn for_agents(&self, py: Python<'_>, user_agents: &Bound<'_, PyAny>) -> PyResult<AgentView> {
        let agents = agents_of(user_agents)?;
        let compiled = py
            .allow_threads(|| self.inner.try_compile(&agents))
            .map_err(|_| {
                pyo3::exceptions::PyMemoryError::new_err("robots.txt view does not fit")
            })?;
        Ok(AgentView { compiled, agents })
    }

    /// The `sitemap` values in file order.
    fn sitemaps<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.inner.sitemaps().map(|s| text(py, s)).collect()
    }

    /// The groups in file order.
    fn groups(&self, py: Python<'_>) -> PyResult<Vec<Group>> {
        self.inner
            .groups()
            .map(|g| {
                let agents = PyList::empty(py);
                for (value, line) in g.agents() {
                    agents.append((text(py, value)?, line))?;
                }
                let rules = PyList::empty(py);
                for r in g.rules() {
                    let rule = Rule {
                        kind: match r.kind {
                            RuleKind::Allow => "allow",
                            RuleKind::Disallow => "disallow",
                        },
                        pattern: text(py, r.pattern)?.unbind(),
                        line: r.line,
                    };
                    rules.append(Py::new(py, rule)?)?;
                }
                Ok(Group {
                    agents: agents.unbind(),
                    rules: rules.unbind(),
                    is_global: g.is_global(),
                    crawl_delay: g.crawl_delay(),
                })
            })
            .collect()
    }

    /// The crawl-delay for `user_agent` (seconds), or None. An extension:
    /// Google ignores crawl-delay, and so do the verdicts.
    fn crawl_delay(&self, user_agent: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        Ok(self
            .inner
            .crawl_delay(&*bytes_of(user_agent, "user_agent")?))
    }

    /// Heap bytes held by the parsed object.
    fn heap_bytes(&self) -> usize {
        self.inner.heap_bytes()
    }
}

/// A `Robots` with its agents fixed: the rules that apply to them, compiled
/// into one index (the core's `CompiledRobots`), so a query does only the
/// path work. Same answers as `Robots.check` with those agents.
#[pyclass(module = "robotstxt_exact", frozen)]
pub(crate) struct AgentView {
    compiled: CompiledRobots,
    agents: Vec<Vec<u8>>,
}

#[pymethods]
impl AgentView {
    /// The full answer for `url`.
    fn check(&self, py: Python<'_>, url: &Bound<'_, PyAny>) -> PyResult<Answer> {
        let url = bytes_of(url, "url")?;
        Ok(py.allow_threads(|| self.compiled.check(&*url).into()))
    }

    /// Whether `url` may be fetched.
    fn allowed(&self, py: Python<'_>, url: &Bound<'_, PyAny>) -> PyResult<bool> {
        let url = bytes_of(url, "url")?;
        Ok(py.allow_threads(|| self.compiled.check(&*url).allowed))
    }

    /// `check` for every URL of an iterable, in one call.
    fn check_many(&self, py: Python<'_>, urls: &Bound<'_, PyAny>) -> PyResult<Vec<Answer>> {
        let items = collect_items(urls)?;
        let urls = urls_of(&items)?;
        Ok(py.allow_threads(|| {
            urls.iter()
                .map(|url| self.compiled.check(&**url).into())
                .collect()
        }))
    }

    /// The agents, as given.
    #[getter]
    fn agents<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyBytes>> {
        self.agents.iter().map(|a| PyBytes::new(py, a)).collect()
    }
}
