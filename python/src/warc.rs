//! WARC archives (`robotstxt_exact.warc`): the records of a file one by
//! one, and the verdict table of many files as columns (Python lists),
//! which `robotstxt_exact/warc.py` makes into a `pyarrow.Table`. Arrow is
//! not compiled in: the wheel stays small and pyarrow stays optional.
//!
//! The reading is the `robotstxt-exact-warc` crate's, the same as `robots
//! warc`'s: records spread over the cores with the GIL released, redirects
//! followed within each file, the core's fetch-outcome policy.

use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use robotstxt::crawler::Policy as CorePolicy;
use robotstxt_warc::capture::{self, Record};
use robotstxt_warc::table::{COLUMNS, Value, names, values};
use robotstxt_warc::{
    Agent, Decided, Input, Limits, Next, Query, ReadError, Rows, Sink, WarcReader, verdicts,
};

use crate::convert::{new_bytes, new_dict, new_list};
use crate::errors::{busy, guarded};

/// One record of a WARC file, as `records()` gives it.
#[pyclass(module = "robotstxt_exact.warc", frozen, get_all)]
pub(crate) struct WarcRecord {
    /// The record's byte offset (a gzip file: its member's offset).
    offset: u64,
    /// `WARC-Type` (lower-case); `None` for a record that cannot be read.
    warc_type: Option<String>,
    /// `WARC-Target-URI` (normalized for a response).
    url: Option<String>,
    /// `WARC-Date`.
    date: Option<String>,
    /// For an HTTP response: its status.
    status: Option<u16>,
    /// For a 3xx response: the `Location`, resolved.
    location: Option<String>,
    /// For an HTTP response: the body, decoded, the first 500 KiB.
    body: Option<Py<PyBytes>>,
    /// `WARC-Truncated`, or `block` when the record is larger than kept.
    truncated: Option<String>,
    /// Why the record (or its body) could not be read.
    error: Option<String>,
    /// Whether `url` is a robots.txt URL.
    is_robots: bool,
}

/// The records of a file, one by one.
#[pyclass(module = "robotstxt_exact.warc")]
pub(crate) struct WarcRecords {
    reader: Mutex<Option<WarcReader>>,
}

#[pymethods]
impl WarcRecords {
    #[new]
    fn new(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Self> {
        guarded(|| {
            let reader = py.allow_threads(|| {
                let file = std::fs::File::open(&path)?;
                WarcReader::new(Box::new(file), Limits::default())
            })?;
            Ok(WarcRecords {
                reader: Mutex::new(Some(reader)),
            })
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<WarcRecord>> {
        guarded(|| {
            let mut guard = self.reader.try_lock().map_err(|_| busy("WarcRecords"))?;
            let Some(reader) = guard.as_mut() else {
                return Ok(None);
            };
            let next = py.allow_threads(|| {
                reader.next_record(|_| true).map(|next| match next {
                    Next::Record(r) => {
                        let kind = r.header.warc_type();
                        let url = r.header.target_uri().map(str::to_string);
                        let date = r.header.get("WARC-Date").map(str::to_string);
                        let truncated = r.header.get("WARC-Truncated").map(str::to_string);
                        let offset = r.offset;
                        Some((offset, kind, url, date, truncated, capture::read(r)))
                    }
                    Next::Broken(e) => {
                        Some((e.offset, String::new(), None, None, None, Record::Broken(e)))
                    }
                    Next::End => None,
                })
            })?;
            let Some((offset, kind, url, date, truncated, record)) = next else {
                *guard = None;
                return Ok(None);
            };
            let mut out = WarcRecord {
                offset,
                warc_type: (!kind.is_empty()).then_some(kind),
                url,
                date,
                status: None,
                location: None,
                body: None,
                truncated,
                error: None,
                is_robots: false,
            };
            match record {
                Record::Capture(c) => {
                    out.url = Some(c.url);
                    out.status = Some(c.status);
                    out.location = c.location;
                    out.body = Some(new_bytes(py, &c.body)?.unbind());
                    out.truncated = c.truncated;
                    out.error = c.body_error;
                    out.is_robots = c.is_robots;
                }
                Record::Broken(e) => out.error = Some(e.message),
                Record::Other(_) => {}
            }
            Ok(Some(out))
        })
    }
}

/// A column's values before they become a Python list.
enum Owned {
    Null,
    Text(String),
    Int(i64),
    Bool(bool),
}

impl<'a> From<Value<'a>> for Owned {
    fn from(v: Value<'a>) -> Self {
        match v {
            Value::Null => Owned::Null,
            Value::Text(s) => Owned::Text(s.to_string()),
            Value::Int(n) => Owned::Int(n),
            Value::Bool(b) => Owned::Bool(b),
        }
    }
}

/// Collects rows into columns, and broken records.
struct Columns {
    agents: Vec<Agent>,
    columns: Vec<Vec<Owned>>,
    errors: Vec<(String, u64, String)>,
    /// With `bodies`: per capture, what decided (for the Spark recipe).
    decided: Vec<Option<Decided>>,
    bodies: bool,
}

impl Columns {
    fn new(agents: Vec<Agent>, bodies: bool) -> Self {
        Columns {
            agents,
            columns: (0..COLUMNS.len()).map(|_| Vec::new()).collect(),
            errors: Vec::new(),
            decided: Vec::new(),
            bodies,
        }
    }

    fn push(&mut self, rows: &Rows) {
        if self.bodies {
            // One row per capture, whatever the agents.
            for (column, value) in self.columns.iter_mut().zip(capture_values(rows)) {
                column.push(value);
            }
            self.decided.push(rows.decided.clone());
            return;
        }
        for agent in 0..self.agents.len() {
            for item in 0..rows.items.len() {
                for (column, value) in
                    self.columns
                        .iter_mut()
                        .zip(values(rows, &self.agents, agent, item))
                {
                    column.push(value.into());
                }
            }
        }
    }

    fn into_py(self, py: Python<'_>, urls: bool) -> PyResult<PyObject> {
        let names = names(urls);
        let dict = new_dict(py)?;
        for (name, column) in names.into_iter().zip(self.columns) {
            let list = new_list(py)?;
            for v in column {
                match v {
                    Owned::Null => list.append(py.None())?,
                    Owned::Text(s) => list.append(s)?,
                    Owned::Int(n) => list.append(n)?,
                    Owned::Bool(b) => list.append(b)?,
                }
            }
            dict.set_item(name, list)?;
        }
        if self.bodies {
            let fetch = new_list(py)?;
            let body = new_list(py)?;
            for d in &self.decided {
                match d {
                    Some(d) => {
                        fetch.append(d.fetch)?;
                        body.append(new_bytes(py, &d.body)?)?;
                    }
                    None => {
                        fetch.append(py.None())?;
                        body.append(py.None())?;
                    }
                }
            }
            dict.set_item("fetch", fetch)?;
            dict.set_item("body", body)?;
        }
        let errors = new_list(py)?;
        for e in self.errors {
            errors.append(e)?;
        }
        Ok((dict, errors).into_pyobject(py)?.into_any().unbind())
    }
}

/// The capture's own columns (agent, path and the answers left null), for
/// the Spark recipe's first stage.
fn capture_values(rows: &Rows) -> Vec<Owned> {
    let text = |s: Option<&str>| s.map_or(Owned::Null, |s| Owned::Text(s.to_string()));
    let mut out: Vec<Owned> = (0..COLUMNS.len()).map(|_| Owned::Null).collect();
    for (i, name) in COLUMNS.iter().enumerate() {
        out[i] = match *name {
            "robots_url" => text(rows.robots_url.as_deref()),
            "host" => Owned::Text(rows.host.clone()),
            "status" => rows
                .decided
                .as_ref()
                .and_then(|d| d.status)
                .map_or(Owned::Null, |s| Owned::Int(s.into())),
            "reason" => text(rows.decided.as_ref().and_then(|d| d.reason.as_deref())),
            "redirects" => Owned::Int(rows.redirects.into()),
            "target" => text(rows.target.as_deref()),
            "date" => text((!rows.date.is_empty()).then_some(rows.date.as_str())),
            "truncated" => text(rows.truncated.as_deref()),
            "file" => Owned::Text(rows.file.to_string()),
            "offset" => Owned::Int(rows.offset as i64),
            _ => Owned::Null,
        };
    }
    out
}

impl Sink for Columns {
    fn rows(&mut self, rows: &Rows) -> std::io::Result<()> {
        self.push(rows);
        Ok(())
    }

    fn broken(&mut self, file: &str, error: &ReadError) {
        self.errors
            .push((file.to_string(), error.offset, error.message.clone()));
    }
}

fn agents_of(agents: Vec<String>, tokens: Vec<String>) -> Vec<Agent> {
    agents
        .iter()
        .map(|a| Agent::exact(a))
        .chain(tokens.iter().map(|t| Agent::token(t)))
        .collect()
}

fn policy_of(rfc9309: bool) -> CorePolicy {
    if rfc9309 {
        CorePolicy::Rfc9309
    } else {
        CorePolicy::Google
    }
}

/// The verdict table of `files` as `(columns, errors)`: a dict of column
/// name to list, and `(file, offset, message)` per record that could not
/// be read. With `bodies`, a row per capture with what decided it instead
/// (the Spark recipe's first stage).
#[pyfunction]
#[pyo3(signature = (files, agents, tokens, paths=None, urls=None, rfc9309=false, threads=None, bodies=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn warc_columns(
    py: Python<'_>,
    files: Vec<String>,
    agents: Vec<String>,
    tokens: Vec<String>,
    paths: Option<Vec<String>>,
    urls: Option<Vec<String>>,
    rfc9309: bool,
    threads: Option<usize>,
    bodies: bool,
) -> PyResult<PyObject> {
    guarded(|| {
        let agents = agents_of(agents, tokens);
        let policy = policy_of(rfc9309);
        let by_urls = urls.is_some();
        let mut query = match urls {
            Some(urls) => Query::urls(policy, agents.clone(), urls),
            None => Query::paths(policy, agents.clone(), paths.unwrap_or_default()),
        };
        query.bodies = bodies;
        let query = Arc::new(query);
        let threads =
            threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let mut columns = Columns::new(agents, bodies);
        py.allow_threads(|| {
            let inputs = files.into_iter().map(Input::path).collect();
            robotstxt_warc::run(inputs, &query, threads, Limits::default(), &mut columns)
        })?;
        columns.into_py(py, by_urls)
    })
}

/// The rows of one capture answered later (the Spark recipe's second
/// stage): `capture` is a row of `warc_columns(..., bodies=True)` (a dict),
/// `items` the page URLs (or paths) to answer for.
#[pyfunction]
#[pyo3(signature = (capture, agents, tokens, items, rfc9309=false))]
pub(crate) fn capture_columns(
    py: Python<'_>,
    capture: &Bound<'_, pyo3::types::PyDict>,
    agents: Vec<String>,
    tokens: Vec<String>,
    items: Vec<String>,
    rfc9309: bool,
) -> PyResult<PyObject> {
    guarded(|| {
        let get = |k: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
            Ok(capture.get_item(k)?.filter(|v| !v.is_none()))
        };
        let text =
            |k: &str| -> PyResult<Option<String>> { get(k)?.map(|v| v.extract()).transpose() };
        let fetch = text("fetch")?.unwrap_or_else(|| "unknown".into());
        let fetch: &'static str = match fetch.as_str() {
            "response" => "response",
            "too-many-redirects" => "too-many-redirects",
            "unknown" => "unknown",
            other => return Err(PyValueError::new_err(format!("unknown fetch {other:?}"))),
        };
        let status: Option<u16> = get("status")?.map(|v| v.extract()).transpose()?;
        let body: Vec<u8> = get("body")?
            .map(|v| v.extract())
            .transpose()?
            .unwrap_or_default();
        let decided = Decided {
            fetch,
            status,
            body: Arc::new(body),
            reason: text("reason")?,
        };
        let agents = agents_of(agents, tokens);
        let items = Arc::new(items);
        let v = py.allow_threads(|| {
            verdicts(
                policy_of(rfc9309),
                decided.as_fetch(),
                &agents,
                &items,
                false,
            )
        });
        let robots_url = text("robots_url")?;
        let host = text("host")?
            .unwrap_or_else(|| robots_url.as_deref().and_then(url_host).unwrap_or_default());
        let rows = Rows {
            file: Arc::from(text("file")?.unwrap_or_default().as_str()),
            offset: get("offset")?
                .map(|v| v.extract())
                .transpose()?
                .unwrap_or(0),
            robots_url,
            host,
            date: text("date")?.unwrap_or_default(),
            truncated: text("truncated")?,
            redirects: get("redirects")?
                .map(|v| v.extract())
                .transpose()?
                .unwrap_or(0),
            target: text("target")?,
            items,
            verdicts: Arc::new(v),
            decided: None,
        };
        let mut columns = Columns::new(agents, false);
        columns.push(&rows);
        columns.into_py(py, true)
    })
}

/// The host (and non-default port) of a URL, as the table writes it.
fn url_host(u: &str) -> Option<String> {
    let u = url::Url::parse(u).ok()?;
    let mut host = u.host_str()?.to_string();
    if let Some(port) = u.port() {
        host.push_str(&format!(":{port}"));
    }
    Some(host)
}

/// The robots.txt URL of a page URL as the table keys it, or why it has
/// none: `(robots_url, None)` or `(None, reason)`.
#[pyfunction]
pub(crate) fn robots_key(url: &str) -> (Option<String>, Option<String>) {
    match robotstxt::crawler::robots_txt_url(url) {
        Ok(u) => (Some(u.as_str().to_string()), None),
        Err(e) => (None, Some(format!("no robots.txt: {e}"))),
    }
}
