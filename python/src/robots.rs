//! Parse once, query many times: `Robots` (immutable, shared between
//! threads, the GIL released on every query), its `for_agents` view
//! (`AgentView`), the `Answer` of a query, and the `Group`s and `Rule`s it
//! lists.

use std::collections::TryReserveError;
use std::sync::{Arc, OnceLock};

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBool, PyList};

use robotstxt::{CompiledRobots, Robots as CoreRobots, RuleKind};

use crate::convert::{
    agents_of, bytes_of, int, list_of, new_bytes, new_list, py_bool, text, tuple,
};
use crate::errors::{guarded, no_memory};
use crate::preferences::{Preferences, RequestRate, preference_line, preferences, request_rate};

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
    /// The group's first valid `Request-rate` (an extension).
    request_rate: Option<RequestRate>,
    /// Its `Content-Signal` and `Content-Usage` lines (an extension),
    /// `PreferenceLine`s.
    preference_lines: Py<PyList>,
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

/// How many URLs of a `check_many` call are checked per GIL release: large
/// enough that releasing it costs nothing, small enough that the call holds
/// no Rust memory in proportion to its URLs.
const BATCH: usize = 1024;

/// Calls `each` with the URLs of `urls` (an iterable of bytes or str), up
/// to [`BATCH`] at a time, held by Python, never copied.
fn for_each_batch(
    urls: &Bound<'_, PyAny>,
    mut each: impl FnMut(&[PyBackedBytes]) -> PyResult<()>,
) -> PyResult<()> {
    let mut batch = Vec::new();
    batch.try_reserve_exact(BATCH).map_err(no_memory)?;
    for item in urls.try_iter()? {
        batch.push(bytes_of(&item?, "url")?);
        if batch.len() == BATCH {
            each(&batch)?;
            batch.clear();
        }
    }
    if !batch.is_empty() {
        each(&batch)?;
    }
    Ok(())
}

/// The answers of `check` for every URL of `urls`, as a list: one batch of
/// URLs at a time is answered with the GIL released, then appended. A run of
/// equal answers shares one `Answer` object (they are immutable), so a long
/// list costs Python a pointer per URL.
fn answer_list<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyAny>,
    check: impl Fn(&[u8]) -> Result<robotstxt::Answer, TryReserveError> + Sync,
) -> PyResult<Bound<'py, PyList>> {
    let list = new_list(py)?;
    let mut answers = Vec::new();
    answers.try_reserve_exact(BATCH).map_err(no_memory)?;
    let mut last: Option<(Answer, Bound<'py, Answer>)> = None;
    for_each_batch(urls, |batch| {
        answers.clear();
        py.allow_threads(|| {
            for url in batch {
                answers.push(Answer::from(check(url)?));
            }
            Ok(())
        })
        .map_err(no_memory)?;
        for &answer in &answers {
            let object = match &last {
                Some((value, object)) if *value == answer => object.clone(),
                _ => Bound::new(py, answer)?,
            };
            list.append(&object)?;
            last = Some((answer, object));
        }
        Ok(())
    })?;
    Ok(list)
}

/// The verdicts of `check` for every URL of `urls`, as a list of bools: one
/// batch of URLs at a time is answered with the GIL released, then
/// appended. `before` runs before each batch, with its index.
fn verdict_list<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyAny>,
    mut before: impl FnMut(usize) -> PyResult<()>,
    check: impl Fn(&[u8]) -> Result<bool, TryReserveError> + Sync,
) -> PyResult<Bound<'py, PyList>> {
    let list = new_list(py)?;
    let mut verdicts = Vec::new();
    verdicts.try_reserve_exact(BATCH).map_err(no_memory)?;
    let mut batches = 0;
    for_each_batch(urls, |batch| {
        before(batches)?;
        batches += 1;
        verdicts.clear();
        py.allow_threads(|| {
            for url in batch {
                verdicts.push(check(url)?);
            }
            Ok(())
        })
        .map_err(no_memory)?;
        for &allowed in &verdicts {
            list.append(PyBool::new(py, allowed))?;
        }
        Ok(())
    })?;
    Ok(list)
}

impl Robots {
    /// The parsed object, shared.
    pub(crate) fn shared(&self) -> Arc<CoreRobots> {
        Arc::clone(&self.inner)
    }
}

#[pymethods]
impl Robots {
    /// Parses a robots.txt body (bytes or str; any bytes are accepted).
    #[new]
    fn new(py: Python<'_>, body: &Bound<'_, PyAny>) -> PyResult<Self> {
        guarded(|| {
            let body = bytes_of(body, "body")?;
            let inner = py
                .allow_threads(|| CoreRobots::try_parse(&*body))
                .map_err(no_memory)?;
            Ok(Robots {
                inner: Arc::new(inner),
            })
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
        guarded(|| {
            let agents = agents_of(user_agents)?;
            let url = bytes_of(url, "url")?;
            let robots = &*self.inner;
            py.allow_threads(|| robots.try_check(&agents, &*url))
                .map(Answer::from)
                .map_err(no_memory)
        })
    }

    /// Whether `user_agent` may fetch `url`.
    fn allowed(
        &self,
        py: Python<'_>,
        user_agent: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        guarded(|| {
            let agent = bytes_of(user_agent, "user_agent")?;
            let url = bytes_of(url, "url")?;
            let robots = &*self.inner;
            py.allow_threads(|| robots.try_check(&[&*agent], &*url))
                .map(|a| a.allowed)
                .map_err(no_memory)
        })
    }

    /// `check` for every URL of an iterable, in one call (the GIL released
    /// for each batch of URLs).
    fn check_many<'py>(
        &self,
        py: Python<'py>,
        user_agents: &Bound<'py, PyAny>,
        urls: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        guarded(|| {
            let agents = agents_of(user_agents)?;
            let robots = &*self.inner;
            answer_list(py, urls, |url| robots.try_check(&agents, url))
        })
    }

    /// `allowed` for every URL of an iterable, in one call. Past the first
    /// batch the agents' rules are compiled into one index, as `for_agents`
    /// does: a long list is answered as fast as a view answers it, a short
    /// one pays nothing for the compiling.
    fn allowed_many<'py>(
        &self,
        py: Python<'py>,
        user_agents: &Bound<'py, PyAny>,
        urls: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        guarded(|| {
            let agents = agents_of(user_agents)?;
            let robots = &*self.inner;
            let compiled: OnceLock<CompiledRobots> = OnceLock::new();
            let compile = |batch| {
                if batch == 1 {
                    let made = py
                        .allow_threads(|| robots.try_compile(&agents))
                        .map_err(no_memory)?;
                    let _ = compiled.set(made);
                }
                Ok(())
            };
            verdict_list(py, urls, compile, |url| match compiled.get() {
                Some(view) => view.try_check(url).map(|a| a.allowed),
                None => robots.try_check(&agents, url).map(|a| a.allowed),
            })
        })
    }

    /// A view for fixed agents, their rules compiled into one index:
    /// `check(url)`, `allowed(url)`, `check_many(urls)`, `allowed_many(urls)`.
    fn for_agents(&self, py: Python<'_>, user_agents: &Bound<'_, PyAny>) -> PyResult<AgentView> {
        guarded(|| {
            let agents = agents_of(user_agents)?;
            let compiled = py
                .allow_threads(|| self.inner.try_compile(&agents))
                .map_err(no_memory)?;
            Ok(AgentView { compiled, agents })
        })
    }

    /// The `sitemap` values in file order.
    fn sitemaps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guarded(|| list_of(py, self.inner.sitemaps().map(|s| text(py, s))))
    }

    /// The groups in file order.
    fn groups<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guarded(|| {
            list_of(
                py,
                self.inner.groups().map(|g| {
                    let agents = list_of(
                        py,
                        g.agents().map(|(value, line)| {
                            tuple(py, &[text(py, value)?, int(py, line.into())?])
                        }),
                    )?;
                    let rules = list_of(
                        py,
                        g.rules().map(|r| {
                            let rule = Rule {
                                kind: match r.kind {
                                    RuleKind::Allow => "allow",
                                    RuleKind::Disallow => "disallow",
                                },
                                pattern: text(py, r.pattern)?.unbind(),
                                line: r.line,
                            };
                            Bound::new(py, rule)
                        }),
                    )?;
                    Bound::new(
                        py,
                        Group {
                            agents: agents.unbind(),
                            rules: rules.unbind(),
                            is_global: g.is_global(),
                            crawl_delay: g.crawl_delay(),
                            request_rate: g.request_rate().map(request_rate),
                            preference_lines: list_of(
                                py,
                                g.preference_lines().map(|line| preference_line(py, line)),
                            )?
                            .unbind(),
                        },
                    )
                }),
            )
        })
    }

    /// The crawl-delay for `user_agent` (seconds), or None. An extension:
    /// Google ignores crawl-delay, and so do the verdicts.
    fn crawl_delay(&self, user_agent: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        guarded(|| {
            Ok(self
                .inner
                .crawl_delay(&*bytes_of(user_agent, "user_agent")?))
        })
    }

    /// The usage preferences (`Content-Signal`, `Content-Usage`) that apply
    /// to `user_agents` (one agent or a sequence) for `url`, with the line
    /// that stated each. An extension: no verdict uses them.
    fn preferences(
        &self,
        py: Python<'_>,
        user_agents: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<Preferences> {
        guarded(|| {
            let agents = agents_of(user_agents)?;
            let url = bytes_of(url, "url")?;
            let robots = &*self.inner;
            let found = py
                .allow_threads(|| robots.try_preferences(&agents, &*url))
                .map_err(no_memory)?;
            preferences(py, &found)
        })
    }

    /// The `Request-rate` for `user_agent`, or None. An extension.
    fn request_rate(&self, user_agent: &Bound<'_, PyAny>) -> PyResult<Option<RequestRate>> {
        guarded(|| {
            Ok(self
                .inner
                .request_rate(&*bytes_of(user_agent, "user_agent")?)
                .map(request_rate))
        })
    }

    /// The `License` URLs (RSL 1.0; absolute URLs only) as `(value, line)`,
    /// in file order: for the whole file, wherever the lines stand.
    fn licenses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guarded(|| {
            list_of(
                py,
                self.inner
                    .licenses()
                    .map(|v| tuple(py, &[text(py, v.value)?, int(py, v.line.into())?])),
            )
        })
    }

    /// The `LLM-Policy` values as `(value, line)`, in file order.
    fn llm_policies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guarded(|| {
            list_of(
                py,
                self.inner
                    .llm_policies()
                    .map(|v| tuple(py, &[text(py, v.value)?, int(py, v.line.into())?])),
            )
        })
    }

    /// The policy tokens (`__<namespace>_<label>`, such as
    /// `__usage_ai-training`) the file's `user-agent` lines name, as
    /// `(token, line of the first)`, in file order.
    fn policy_tokens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guarded(|| {
            let tokens = self.inner.policy_tokens().map_err(no_memory)?;
            list_of(
                py,
                tokens
                    .iter()
                    .map(|t| tuple(py, &[text(py, t.token.token)?, int(py, t.line.into())?])),
            )
        })
    }

    /// What the groups naming the policy token `token` say for `url`, read
    /// as Google reads any group: an `Answer` (allowed means the purpose is
    /// allowed there), or None when no group names the token.
    fn policy(
        &self,
        py: Python<'_>,
        token: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Answer>> {
        guarded(|| {
            let token = bytes_of(token, "token")?;
            let url = bytes_of(url, "url")?;
            let robots = &*self.inner;
            let answer = py
                .allow_threads(|| robots.policy(&*token, &*url))
                .map_err(no_memory)?;
            Ok(answer.map(Answer::from))
        })
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
    agents: Vec<PyBackedBytes>,
}

#[pymethods]
impl AgentView {
    /// The full answer for `url`.
    fn check(&self, py: Python<'_>, url: &Bound<'_, PyAny>) -> PyResult<Answer> {
        guarded(|| {
            let url = bytes_of(url, "url")?;
            py.allow_threads(|| self.compiled.try_check(&*url))
                .map(Answer::from)
                .map_err(no_memory)
        })
    }

    /// Whether `url` may be fetched.
    fn allowed(&self, py: Python<'_>, url: &Bound<'_, PyAny>) -> PyResult<bool> {
        guarded(|| {
            let url = bytes_of(url, "url")?;
            py.allow_threads(|| self.compiled.try_check(&*url))
                .map(|a| a.allowed)
                .map_err(no_memory)
        })
    }

    /// `check` for every URL of an iterable, in one call.
    fn check_many<'py>(
        &self,
        py: Python<'py>,
        urls: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        guarded(|| answer_list(py, urls, |url| self.compiled.try_check(url)))
    }

    /// `allowed` for every URL of an iterable, in one call (the GIL
    /// released for each batch of URLs).
    fn allowed_many<'py>(
        &self,
        py: Python<'py>,
        urls: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        guarded(|| {
            verdict_list(
                py,
                urls,
                |_| Ok(()),
                |url| self.compiled.try_check(url).map(|a| a.allowed),
            )
        })
    }

    /// The agents, as given (a `str` as its UTF-8 bytes).
    #[getter]
    fn agents<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guarded(|| list_of(py, self.agents.iter().map(|a| new_bytes(py, a))))
    }
}
