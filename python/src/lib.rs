//! Python bindings of the robotstxt core (`robotstxt_exact._native`).
//!
//! The module converts and nothing else: bytes or str in, the core's answers
//! out. Every query on a parsed object releases the GIL, so threads that
//! share one `Robots` run in parallel.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use robotstxt::crawler::{self, Access, CacheEntry as CoreCacheEntry, Decision as CoreDecision};
use robotstxt::crawler::{FetchOutcome, Policy as CorePolicy};
use robotstxt::{
    CompiledRobots, LineMetadata as CoreLineMetadata, ParseHandler, Robots as CoreRobots,
    RobotsMatcher as CoreMatcher, RobotsParsingReporter as CoreReporter, RobotsTagName, RuleKind,
};

// --- Conversions ---------------------------------------------------------------

/// The bytes of a `bytes` or `str` argument: borrowed for `bytes`, UTF-8
/// encoded for `str`.
fn bytes_of<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, [u8]>> {
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
fn agents_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u8>>> {
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
fn text<'py>(py: Python<'py>, bytes: &[u8]) -> PyResult<Bound<'py, PyAny>> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(PyString::new(py, s).into_any()),
        Err(_) => PyBytes::new(py, bytes)
            .call_method1("decode", ("utf-8", "surrogateescape"))
            .map(Bound::into_any),
    }
}

fn system_time(seconds: f64) -> PyResult<SystemTime> {
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

fn seconds_of(t: SystemTime) -> f64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs_f64(),
        Err(e) => -e.duration().as_secs_f64(),
    }
}

fn duration_of(seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds).map_err(|e| PyValueError::new_err(e.to_string()))
}

// --- Google's matcher ----------------------------------------------------------

/// Google's `RobotsMatcher`: parses the body on every query and keeps the
/// answer's details for the accessors. Not for sharing between threads: use
/// one per thread, or a `Robots`.
#[pyclass(module = "robotstxt_exact")]
#[derive(Default)]
struct RobotsMatcher {
    inner: CoreMatcher,
}

#[pymethods]
impl RobotsMatcher {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// Whether any of `user_agents` may fetch `url` under `robots_body`.
    fn allowed_by_robots(
        &mut self,
        py: Python<'_>,
        robots_body: &Bound<'_, PyAny>,
        user_agents: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let body = bytes_of(robots_body, "robots_body")?;
        let agents = agents_of(user_agents)?;
        let url = bytes_of(url, "url")?;
        let inner = &mut self.inner;
        Ok(py.allow_threads(|| inner.allowed_by_robots(&*body, &agents, &*url)))
    }

    /// Whether `user_agent` may fetch `url` under `robots_body`.
    fn one_agent_allowed_by_robots(
        &mut self,
        py: Python<'_>,
        robots_body: &Bound<'_, PyAny>,
        user_agent: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let body = bytes_of(robots_body, "robots_body")?;
        let agent = bytes_of(user_agent, "user_agent")?;
        let url = bytes_of(url, "url")?;
        let inner = &mut self.inner;
        Ok(py.allow_threads(|| inner.one_agent_allowed_by_robots(&*body, &*agent, &*url)))
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
        Ok(CoreMatcher::is_valid_user_agent_to_obey(&*bytes_of(
            user_agent,
            "user_agent",
        )?))
    }
}

// --- The parser and the reporter -------------------------------------------------

/// What the parser learned about one line.
#[pyclass(module = "robotstxt_exact", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct LineMetadata {
    is_empty: bool,
    has_comment: bool,
    is_comment: bool,
    has_directive: bool,
    is_acceptable_typo: bool,
    is_line_too_long: bool,
    is_missing_colon_separator: bool,
}

impl From<&CoreLineMetadata> for LineMetadata {
    fn from(m: &CoreLineMetadata) -> Self {
        LineMetadata {
            is_empty: m.is_empty,
            has_comment: m.has_comment,
            is_comment: m.is_comment,
            has_directive: m.has_directive,
            is_acceptable_typo: m.is_acceptable_typo,
            is_line_too_long: m.is_line_too_long,
            is_missing_colon_separator: m.is_missing_colon_separator,
        }
    }
}

#[pymethods]
impl LineMetadata {
    fn __repr__(&self) -> String {
        format!(
            "LineMetadata(is_empty={}, has_comment={}, is_comment={}, has_directive={}, \
             is_acceptable_typo={}, is_line_too_long={}, is_missing_colon_separator={})",
            py_bool(self.is_empty),
            py_bool(self.has_comment),
            py_bool(self.is_comment),
            py_bool(self.has_directive),
            py_bool(self.is_acceptable_typo),
            py_bool(self.is_line_too_long),
            py_bool(self.is_missing_colon_separator)
        )
    }
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// Forwards the parser's callbacks to a Python handler object. The first
/// exception a method raises stops the forwarding; it is raised when the
/// parse returns.
struct PyHandler<'py> {
    handler: Bound<'py, PyAny>,
    has_metadata: bool,
    error: Option<PyErr>,
}

impl<'py> PyHandler<'py> {
    fn call<A: IntoPyObject<'py, Target = PyTuple>>(&mut self, name: &str, args: A) {
        if self.error.is_some() {
            return;
        }
        if let Err(e) = self.handler.call_method1(name, args) {
            self.error = Some(e);
        }
    }

    fn bytes(&self, b: &[u8]) -> Py<PyBytes> {
        PyBytes::new(self.handler.py(), b).unbind()
    }
}

impl ParseHandler for PyHandler<'_> {
    fn handle_robots_start(&mut self) {
        self.call("handle_robots_start", ());
    }
    fn handle_robots_end(&mut self) {
        self.call("handle_robots_end", ());
    }
    fn handle_user_agent(&mut self, line_num: u32, value: &[u8]) {
        let v = self.bytes(value);
        self.call("handle_user_agent", (line_num, v));
    }
    fn handle_allow(&mut self, line_num: u32, value: &[u8]) {
        let v = self.bytes(value);
        self.call("handle_allow", (line_num, v));
    }
    fn handle_disallow(&mut self, line_num: u32, value: &[u8]) {
        let v = self.bytes(value);
        self.call("handle_disallow", (line_num, v));
    }
    fn handle_sitemap(&mut self, line_num: u32, value: &[u8]) {
        let v = self.bytes(value);
        self.call("handle_sitemap", (line_num, v));
    }
    fn handle_unknown_action(&mut self, line_num: u32, action: &[u8], value: &[u8]) {
        let (a, v) = (self.bytes(action), self.bytes(value));
        self.call("handle_unknown_action", (line_num, a, v));
    }
    fn report_line_metadata(&mut self, line_num: u32, metadata: &CoreLineMetadata) {
        if self.has_metadata {
            self.call(
                "report_line_metadata",
                (line_num, LineMetadata::from(metadata)),
            );
        }
    }
}

/// Google's `ParseRobotsTxt`: streams the directives of `body` to `handler`.
///
/// `handler` is a `RobotsParsingReporter` (parsed natively) or any object
/// with the `RobotsParseHandler` methods; values reach it as `bytes`.
/// `report_line_metadata` is optional.
#[pyfunction]
fn parse_robots_txt(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    handler: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let body = bytes_of(body, "body")?;
    if let Ok(reporter) = handler.downcast::<RobotsParsingReporter>() {
        let mut reporter = reporter.borrow_mut();
        let inner = &mut reporter.inner;
        py.allow_threads(|| robotstxt::parse_robots_txt(&body, inner));
        return Ok(());
    }
    let mut forward = PyHandler {
        handler: handler.clone(),
        has_metadata: handler.hasattr("report_line_metadata")?,
        error: None,
    };
    robotstxt::parse_robots_txt(&body, &mut forward);
    match forward.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// What a line was parsed as: Google's `RobotsParsedLine::RobotsTagName`.
#[pyclass(
    module = "robotstxt_exact",
    eq,
    eq_int,
    hash,
    frozen,
    name = "RobotsTagName"
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
enum PyTagName {
    UNKNOWN = 0,
    USER_AGENT = 1,
    ALLOW = 2,
    DISALLOW = 3,
    SITEMAP = 4,
    UNUSED = 5,
}

impl From<RobotsTagName> for PyTagName {
    fn from(t: RobotsTagName) -> Self {
        match t {
            RobotsTagName::Unknown => PyTagName::UNKNOWN,
            RobotsTagName::UserAgent => PyTagName::USER_AGENT,
            RobotsTagName::Allow => PyTagName::ALLOW,
            RobotsTagName::Disallow => PyTagName::DISALLOW,
            RobotsTagName::Sitemap => PyTagName::SITEMAP,
            RobotsTagName::Unused => PyTagName::UNUSED,
        }
    }
}

/// The report for one line.
#[pyclass(module = "robotstxt_exact", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct RobotsParsedLine {
    line_num: u32,
    tag_name: PyTagName,
    is_typo: bool,
    metadata: LineMetadata,
}

#[pymethods]
impl RobotsParsedLine {
    fn __repr__(&self) -> String {
        format!(
            "RobotsParsedLine(line_num={}, tag_name={}, is_typo={}, metadata={})",
            self.line_num,
            self.tag_name as u8,
            py_bool(self.is_typo),
            self.metadata.__repr__()
        )
    }
}

/// Google's `RobotsParsingReporter`: pass it to `parse_robots_txt`.
#[pyclass(module = "robotstxt_exact")]
#[derive(Default)]
struct RobotsParsingReporter {
    inner: CoreReporter,
}

#[pymethods]
impl RobotsParsingReporter {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// The report of each line seen, by line number.
    fn parse_results(&self) -> Vec<RobotsParsedLine> {
        self.inner
            .lines()
            .map(|l| RobotsParsedLine {
                line_num: l.line_num,
                tag_name: l.tag_name.into(),
                is_typo: l.is_typo,
                metadata: (&l.metadata).into(),
            })
            .collect()
    }

    /// The number of the last line of the last parse.
    fn last_line_seen(&self) -> u32 {
        self.inner.last_line_seen()
    }

    /// How many directives the last parse found, unused ones included.
    fn valid_directives(&self) -> u32 {
        self.inner.valid_directives()
    }

    /// How many of them were recognised but unused keys.
    fn unused_directives(&self) -> u32 {
        self.inner.unused_directives()
    }
}

/// Google's `GetPathParamsQuery`: the path, params and query of a URL.
#[pyfunction]
fn get_path_params_query<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let is_str = url.is_instance_of::<PyString>();
    let url = bytes_of(url, "url")?;
    let path = robotstxt::get_path_params_query(&url);
    same_kind(py, is_str, &path)
}

/// Google's `MaybeEscapePattern`: upper-case percent escapes, escape
/// non-ASCII bytes.
#[pyfunction]
fn maybe_escape_pattern<'py>(
    py: Python<'py>,
    pattern: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let is_str = pattern.is_instance_of::<PyString>();
    let pattern = bytes_of(pattern, "pattern")?;
    let escaped = robotstxt::maybe_escape_pattern(&pattern);
    same_kind(py, is_str, &escaped)
}

/// Google's `ExtractUserAgent`: the leading `[a-zA-Z_-]` run of a value.
#[pyfunction]
fn extract_user_agent<'py>(
    py: Python<'py>,
    user_agent: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let is_str = user_agent.is_instance_of::<PyString>();
    let bytes = bytes_of(user_agent, "user_agent")?;
    same_kind(py, is_str, robotstxt::extract_user_agent(&bytes))
}

/// `str` in, `str` out (the output is ASCII or from the input's UTF-8);
/// `bytes` in, `bytes` out.
fn same_kind<'py>(py: Python<'py>, is_str: bool, bytes: &[u8]) -> PyResult<Bound<'py, PyAny>> {
    if is_str {
        text(py, bytes)
    } else {
        Ok(PyBytes::new(py, bytes).into_any())
    }
}

// --- Parse once ------------------------------------------------------------------

/// The answer to one query, as `RobotsMatcher`'s accessors give it.
#[pyclass(module = "robotstxt_exact", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Answer {
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
struct Rule {
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
struct Group {
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
struct Robots {
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
struct AgentView {
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

// --- The crawler side ------------------------------------------------------------

/// Whose reading of the protocol to follow where Google and RFC 9309 differ.
#[pyclass(module = "robotstxt_exact", eq, eq_int, hash, frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::upper_case_acronyms)]
enum Policy {
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
enum Decision {
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
enum PyAccess {
    SUCCESSFUL,
    UNAVAILABLE,
    UNREACHABLE,
}

/// A fetch outcome: an HTTP status (int) or one of the strings
/// `"network_error"`, `"timeout"`, `"too_many_redirects"`.
fn outcome_of(obj: &Bound<'_, PyAny>) -> PyResult<FetchOutcome> {
    if let Ok(status) = obj.extract::<u16>() {
        return Ok(FetchOutcome::Status(status));
    }
    match obj.extract::<String>().as_deref() {
        Ok("network_error") => Ok(FetchOutcome::NetworkError),
        Ok("timeout") => Ok(FetchOutcome::Timeout),
        Ok("too_many_redirects") => Ok(FetchOutcome::TooManyRedirects),
        _ => Err(PyValueError::new_err(
            "a fetch outcome is an HTTP status (0-65535) or \"network_error\", \"timeout\" \
             or \"too_many_redirects\"",
        )),
    }
}

#[pymethods]
impl Policy {
    /// Which access result a fetch outcome is.
    fn classify(&self, outcome: &Bound<'_, PyAny>) -> PyResult<PyAccess> {
        Ok(
            match CorePolicy::from(*self).classify(outcome_of(outcome)?) {
                Access::Successful => PyAccess::SUCCESSFUL,
                Access::Unavailable => PyAccess::UNAVAILABLE,
                Access::Unreachable => PyAccess::UNREACHABLE,
            },
        )
    }

    /// What to do right after a fetch, with no cached copy to fall back on.
    fn decide(&self, outcome: &Bound<'_, PyAny>) -> PyResult<Decision> {
        Ok(CorePolicy::from(*self).decide(outcome_of(outcome)?).into())
    }
}

/// The robots.txt URL that governs `page_url`; ValueError if there is none.
#[pyfunction]
fn robots_txt_url(page_url: &str) -> PyResult<String> {
    crawler::robots_txt_url(page_url)
        .map(|u| u.to_string())
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Whether the robots.txt at `robots_url` governs `page_url`.
#[pyfunction]
fn applies_to(robots_url: &str, page_url: &str) -> bool {
    crawler::applies_to(robots_url, page_url)
}

/// Whether `url` is a robots.txt URL (path `/robots.txt`, no query).
#[pyfunction]
fn is_robots_txt_url(url: &str) -> bool {
    crawler::is_robots_txt_url(url)
}

/// Whether to follow one more redirect after `hops_followed` hops.
#[pyfunction]
fn should_follow_redirect(hops_followed: u32) -> bool {
    crawler::should_follow_redirect(hops_followed)
}

/// The `max-age` of a `Cache-Control` value, in seconds, or None.
#[pyfunction]
fn max_age_from_cache_control(value: &str) -> Option<f64> {
    crawler::max_age_from_cache_control(value).map(|d| d.as_secs_f64())
}

/// The first 500 KiB of a body: what a crawler should parse.
#[pyfunction]
fn truncate_body<'py>(py: Python<'py>, body: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    Ok(PyBytes::new(
        py,
        crawler::truncate_body(&bytes_of(body, "body")?),
    ))
}

/// What a crawler knows about one robots.txt URL. Times are seconds since
/// the epoch (`time.time()`), passed in: the entry reads no clock.
#[pyclass(module = "robotstxt_exact")]
struct CacheEntry {
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
        let body = match body {
            Some(b) => bytes_of(b, "body")?,
            None => Cow::Borrowed(&b""[..]),
        };
        let max_age = max_age.map(duration_of).transpose()?;
        self.inner
            .record(system_time(now)?, outcome_of(outcome)?, &body, max_age);
        Ok(())
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
    fn body<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        self.inner.body().map(|b| PyBytes::new(py, b))
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

/// The compiled module `robotstxt_exact._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RobotsMatcher>()?;
    m.add_class::<LineMetadata>()?;
    m.add_class::<RobotsParsingReporter>()?;
    m.add_class::<RobotsParsedLine>()?;
    m.add_class::<PyTagName>()?;
    m.add_class::<Answer>()?;
    m.add_class::<Rule>()?;
    m.add_class::<Group>()?;
    m.add_class::<Robots>()?;
    m.add_class::<AgentView>()?;
    m.add_class::<Policy>()?;
    m.add_class::<Decision>()?;
    m.add_class::<PyAccess>()?;
    m.add_class::<CacheEntry>()?;
    m.add_function(wrap_pyfunction!(parse_robots_txt, m)?)?;
    m.add_function(wrap_pyfunction!(get_path_params_query, m)?)?;
    m.add_function(wrap_pyfunction!(maybe_escape_pattern, m)?)?;
    m.add_function(wrap_pyfunction!(extract_user_agent, m)?)?;
    m.add_function(wrap_pyfunction!(robots_txt_url, m)?)?;
    m.add_function(wrap_pyfunction!(applies_to, m)?)?;
    m.add_function(wrap_pyfunction!(is_robots_txt_url, m)?)?;
    m.add_function(wrap_pyfunction!(should_follow_redirect, m)?)?;
    m.add_function(wrap_pyfunction!(max_age_from_cache_control, m)?)?;
    m.add_function(wrap_pyfunction!(truncate_body, m)?)?;
    m.add("MAX_ROBOTS_TXT_BYTES", crawler::MAX_ROBOTS_TXT_BYTES)?;
    m.add("MAX_REDIRECT_HOPS", crawler::MAX_REDIRECT_HOPS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
