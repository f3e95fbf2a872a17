//! Google's parser with a reporter: `parse_robots_txt` streaming a body's
//! directives to `RobotsParsingReporter` (natively) or to any Python object
//! with the handler methods, and the per-line report (`RobotsParsedLine`,
//! `LineMetadata`, `RobotsTagName`).

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use robotstxt::{
    LineMetadata as CoreLineMetadata, ParseHandler, RobotsParsingReporter as CoreReporter,
    RobotsTagName,
};

use crate::convert::{bytes_of, int, list_of, new_bytes, py_bool, tuple};
use crate::errors::{busy, guarded, no_memory};

/// What the parser learned about one line.
#[pyclass(module = "robotstxt_exact", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct LineMetadata {
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

/// Forwards the parser's callbacks to a Python handler object. The first
/// exception (a method's, or `MemoryError` making a value's `bytes`) stops
/// the forwarding; it is raised when the parse returns.
struct PyHandler<'py> {
    handler: Bound<'py, PyAny>,
    has_metadata: bool,
    error: Option<PyErr>,
}

impl<'py> PyHandler<'py> {
    /// Calls the handler's method `name` (interned: no string is made per
    /// call) with the arguments `args` makes; every object is made
    /// fallibly, so a failure is the `MemoryError` raised at the end.
    fn call(
        &mut self,
        name: &Bound<'py, PyString>,
        args: impl FnOnce(Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>>,
    ) {
        if self.error.is_some() {
            return;
        }
        let py = self.handler.py();
        let called = args(py)
            .and_then(|a| tuple(py, &a))
            .and_then(|a| self.handler.call_method1(name, a));
        if let Err(e) = called {
            self.error = Some(e);
        }
    }

    /// A `(line_num, value)` call.
    fn call_value(&mut self, name: &Bound<'py, PyString>, line_num: u32, value: &[u8]) {
        self.call(name, |py| {
            Ok(vec![
                int(py, line_num.into())?,
                new_bytes(py, value)?.into_any(),
            ])
        });
    }
}

impl ParseHandler for PyHandler<'_> {
    fn handle_robots_start(&mut self) {
        let name = intern!(self.handler.py(), "handle_robots_start");
        self.call(name, |_| Ok(Vec::new()));
    }
    fn handle_robots_end(&mut self) {
        let name = intern!(self.handler.py(), "handle_robots_end");
        self.call(name, |_| Ok(Vec::new()));
    }
    fn handle_user_agent(&mut self, line_num: u32, value: &[u8]) {
        let name = intern!(self.handler.py(), "handle_user_agent");
        self.call_value(name, line_num, value);
    }
    fn handle_allow(&mut self, line_num: u32, value: &[u8]) {
        let name = intern!(self.handler.py(), "handle_allow");
        self.call_value(name, line_num, value);
    }
    fn handle_disallow(&mut self, line_num: u32, value: &[u8]) {
        let name = intern!(self.handler.py(), "handle_disallow");
        self.call_value(name, line_num, value);
    }
    fn handle_sitemap(&mut self, line_num: u32, value: &[u8]) {
        let name = intern!(self.handler.py(), "handle_sitemap");
        self.call_value(name, line_num, value);
    }
    fn handle_unknown_action(&mut self, line_num: u32, action: &[u8], value: &[u8]) {
        let name = intern!(self.handler.py(), "handle_unknown_action");
        self.call(name, |py| {
            Ok(vec![
                int(py, line_num.into())?,
                new_bytes(py, action)?.into_any(),
                new_bytes(py, value)?.into_any(),
            ])
        });
    }
    fn report_line_metadata(&mut self, line_num: u32, metadata: &CoreLineMetadata) {
        if self.has_metadata {
            let name = intern!(self.handler.py(), "report_line_metadata");
            self.call(name, |py| {
                Ok(vec![
                    int(py, line_num.into())?,
                    Bound::new(py, LineMetadata::from(metadata))?.into_any(),
                ])
            });
        }
    }
}

/// Google's `ParseRobotsTxt`: streams the directives of `body` to `handler`.
///
/// `handler` is a `RobotsParsingReporter` (parsed natively) or any object
/// with the `RobotsParseHandler` methods; values reach it as `bytes`.
/// `report_line_metadata` is optional. A reporter that another thread is
/// filling raises `RuntimeError`.
#[pyfunction]
pub(crate) fn parse_robots_txt(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    handler: &Bound<'_, PyAny>,
) -> PyResult<()> {
    guarded(|| {
        let body = bytes_of(body, "body")?;
        if let Ok(reporter) = handler.downcast::<RobotsParsingReporter>() {
            let mut reporter = reporter
                .try_borrow_mut()
                .map_err(|_| busy("RobotsParsingReporter"))?;
            let inner = &mut reporter.inner;
            return py
                .allow_threads(|| inner.try_parse_into(&body))
                .map_err(no_memory);
        }
        let mut forward = PyHandler {
            handler: handler.clone(),
            has_metadata: handler.hasattr("report_line_metadata")?,
            error: None,
        };
        let parsed = robotstxt::try_parse_robots_txt(&body, &mut forward);
        match (forward.error, parsed) {
            (Some(e), _) => Err(e),
            (None, Err(e)) => Err(no_memory(e)),
            (None, Ok(())) => Ok(()),
        }
    })
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
pub(crate) enum PyTagName {
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
pub(crate) struct RobotsParsedLine {
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
pub(crate) struct RobotsParsingReporter {
    inner: CoreReporter,
}

#[pymethods]
impl RobotsParsingReporter {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// The report of each line seen, by line number.
    fn parse_results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guarded(|| {
            list_of(
                py,
                self.inner.lines().map(|l| {
                    Bound::new(
                        py,
                        RobotsParsedLine {
                            line_num: l.line_num,
                            tag_name: l.tag_name.into(),
                            is_typo: l.is_typo,
                            metadata: (&l.metadata).into(),
                        },
                    )
                }),
            )
        })
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
