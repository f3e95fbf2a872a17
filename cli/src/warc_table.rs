//! The writers of the verdict table of `robots warc` (its columns are the
//! warc crate's `table`, which the Python package shares): JSON Lines and
//! CSV here, Parquet in `warc_parquet.rs`. Every format has the same
//! columns, in the same order, with nulls where a value does not apply.

use std::io::{self, Write};

use robotstxt_warc::table::{Value, names, values};
use robotstxt_warc::{Agent, Rows};

/// A writer of the table in one format.
pub trait TableWriter {
    /// Writes the rows of one capture.
    fn write(&mut self, rows: &Rows, agents: &[Agent]) -> io::Result<()>;
    /// Writes what is left (Parquet's footer) and flushes.
    fn finish(self: Box<Self>) -> io::Result<()>;
}

/// JSON Lines: one object a row, the keys in column order.
pub struct Jsonl<W: Write> {
    out: W,
    /// Each key as it is written before its value: `{"robots_url":`,
    /// `,"host":`, ...
    keys: Vec<Vec<u8>>,
    line: Vec<u8>,
}

impl<W: Write> Jsonl<W> {
    pub fn new(out: W, urls: bool) -> Self {
        let keys = names(urls)
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let mut key = if i == 0 { b"{".to_vec() } else { b",".to_vec() };
                key.extend_from_slice(serde_json::to_string(name).unwrap_or_default().as_bytes());
                key.push(b':');
                key
            })
            .collect();
        Jsonl {
            out,
            keys,
            line: Vec::new(),
        }
    }
}

impl<W: Write> TableWriter for Jsonl<W> {
    fn write(&mut self, rows: &Rows, agents: &[Agent]) -> io::Result<()> {
        for agent in 0..agents.len() {
            for item in 0..rows.items.len() {
                self.line.clear();
                for (key, value) in self.keys.iter().zip(values(rows, agents, agent, item)) {
                    self.line.extend_from_slice(key);
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
