//! The verdict table of `robots warc`: its columns, and the writers of
//! JSON Lines, CSV and Parquet. Every format has the same columns, in the
//! same order, with nulls where a value does not apply.

use std::io::{self, Write};

use robotstxt_exact::preferences::{Signal, Stated, UsageCategory};
use robotstxt_warc::{Agent, Cell, Rows};

/// The columns, in order; `path` is `url` in a table of page URLs.
pub const COLUMNS: [&str; 21] = [
    "robots_url",
    "host",
    "agent",
    "path",
    "status",
    "outcome",
    "allowed",
    "line",
    "rule",
    "content_signal_search",
    "content_signal_ai_input",
    "content_signal_ai_train",
    "content_usage_train_ai",
    "content_usage_search",
    "reason",
    "redirects",
    "target",
    "date",
    "truncated",
    "file",
    "offset",
];

/// One value of a row.
pub enum Value<'a> {
    Null,
    Text(&'a str),
    Int(i64),
    Bool(bool),
}

/// The column's type, for CSV's and Parquet's sake.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    Int,
    Bool,
}

/// The type of each column of [`COLUMNS`].
pub fn kind(column: usize) -> Kind {
    match COLUMNS[column] {
        "status" | "line" | "redirects" | "offset" => Kind::Int,
        "allowed" => Kind::Bool,
        c if c.starts_with("content_") => Kind::Bool,
        _ => Kind::Text,
    }
}

/// The values of the row for `agent` and `item` of `rows`.
pub fn values<'a>(
    rows: &'a Rows,
    agents: &'a [Agent],
    agent: usize,
    item: usize,
) -> [Value<'a>; 21] {
    let v = &rows.verdicts;
    let cell: &Cell = &v.cells[agent * rows.items.len() + item];
    let text = |s: Option<&'a str>| s.map_or(Value::Null, Value::Text);
    let stated = |s: Option<Stated>| s.map_or(Value::Null, |s| Value::Bool(s.allowed));
    let p = &cell.preferences;
    [
        text(rows.robots_url.as_deref()),
        Value::Text(&rows.host),
        Value::Text(&agents[agent].name),
        Value::Text(&rows.items[item]),
        v.status.map_or(Value::Null, |s| Value::Int(s.into())),
        Value::Text(v.outcome.as_str()),
        cell.allowed.map_or(Value::Null, Value::Bool),
        cell.line.map_or(Value::Null, |l| Value::Int(l.into())),
        text(cell.rule.as_deref()),
        stated(p.signal(Signal::Search)),
        stated(p.signal(Signal::AiInput)),
        stated(p.signal(Signal::AiTrain)),
        stated(p.usage(UsageCategory::TrainAi)),
        stated(p.usage(UsageCategory::Search)),
        text(v.reason.as_deref()),
        Value::Int(rows.redirects.into()),
        text(rows.target.as_deref()),
        text((!rows.date.is_empty()).then_some(rows.date.as_str())),
        text(rows.truncated.as_deref()),
        text((!rows.file.is_empty()).then_some(&*rows.file)),
        if rows.file.is_empty() {
            Value::Null
        } else {
            Value::Int(rows.offset as i64)
        },
    ]
}

/// A writer of the table in one format.
pub trait TableWriter {
    /// Writes the rows of one capture.
    fn write(&mut self, rows: &Rows, agents: &[Agent]) -> io::Result<()>;
    /// Writes what is left (Parquet's footer) and flushes.
    fn finish(self: Box<Self>) -> io::Result<()>;
}

/// The column names, `path` renamed `url` for a table of page URLs.
pub fn names(urls: bool) -> Vec<&'static str> {
    COLUMNS
        .iter()
        .map(|&c| if c == "path" && urls { "url" } else { c })
        .collect()
}

/// JSON Lines: one object a row, the keys in column order.
pub struct Jsonl<W: Write> {
    out: W,
    names: Vec<&'static str>,
    line: Vec<u8>,
}

impl<W: Write> Jsonl<W> {
    pub fn new(out: W, urls: bool) -> Self {
        Jsonl {
            out,
            names: names(urls),
            line: Vec::new(),
        }
    }
}

impl<W: Write> TableWriter for Jsonl<W> {
    fn write(&mut self, rows: &Rows, agents: &[Agent]) -> io::Result<()> {
        for agent in 0..agents.len() {
            for item in 0..rows.items.len() {
                self.line.clear();
                self.line.push(b'{');
                for (i, value) in values(rows, agents, agent, item).iter().enumerate() {
                    if i > 0 {
                        self.line.push(b',');
                    }
                    serde_json::to_writer(&mut self.line, self.names[i])?;
                    self.line.push(b':');
                    match value {
                        Value::Null => self.line.extend_from_slice(b"null"),
                        Value::Text(s) => serde_json::to_writer(&mut self.line, s)?,
                        Value::Int(n) => write!(self.line, "{n}")?,
                        Value::Bool(b) => write!(self.line, "{b}")?,
                    }
                }
                self.line.extend_from_slice(b"}\n");
                self.out.write_all(&self.line)?;
            }
        }
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.out.flush()
    }
}

/// CSV with a header line: booleans `true`/`false`, nulls empty.
pub struct Csv<W: Write> {
    out: csv::Writer<W>,
}

impl<W: Write> Csv<W> {
    pub fn new(out: W, urls: bool) -> io::Result<Self> {
        let mut out = csv::Writer::from_writer(out);
        out.write_record(names(urls))?;
        Ok(Csv { out })
    }
}

impl<W: Write> TableWriter for Csv<W> {
    fn write(&mut self, rows: &Rows, agents: &[Agent]) -> io::Result<()> {
        let mut record = csv::ByteRecord::new();
        for agent in 0..agents.len() {
            for item in 0..rows.items.len() {
                record.clear();
                for value in values(rows, agents, agent, item) {
                    match value {
                        Value::Null => record.push_field(b""),
                        Value::Text(s) => record.push_field(s.as_bytes()),
                        Value::Int(n) => record.push_field(n.to_string().as_bytes()),
                        Value::Bool(b) => record.push_field(if b { b"true" } else { b"false" }),
                    }
                }
                self.out.write_byte_record(&record)?;
            }
        }
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.out.flush()
    }
}
