//! The verdict table's columns, shared by every writer of it (the CLI's
//! JSON Lines, CSV and Parquet, the Python package's Arrow table), so that
//! the formats cannot drift apart.

use robotstxt_exact::preferences::{Signal, Stated, UsageCategory};

use crate::query::Rows;
use crate::verdict::{Agent, Cell};

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
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value<'a> {
    /// No value.
    Null,
    /// A string.
    Text(&'a str),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
}

/// The column's type, for CSV's and Parquet's sake.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Strings.
    Text,
    /// 64-bit integers.
    Int,
    /// Booleans.
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

/// The column names, `path` renamed `url` for a table of page URLs.
pub fn names(urls: bool) -> Vec<&'static str> {
    COLUMNS
        .iter()
        .map(|&c| if c == "path" && urls { "url" } else { c })
        .collect()
}
