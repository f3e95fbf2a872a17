//! robots.txt captures in WARC archives, read into Google's verdicts.
//!
//! A crawl's robots.txt fetches, as Common Crawl publishes them
//! (`crawl-data/CC-MAIN-*/segments/*/robotstxt/*.warc.gz`), are WARC
//! `response` records: the URL, the HTTP status line and headers, the body.
//! This crate reads them and answers, for each capture and each agent,
//! what Google's reading of that robots.txt says, with the crawler's side
//! of the protocol applied: what the status means
//! ([`robotstxt_exact::crawler::Policy`]), redirects followed within the
//! file up to five hops, the 500 KiB Google reads.
//!
//! - `reader`: WARC records from plain or gzip input, offsets, limits,
//!   and recovery after a broken record ([`WarcReader`]);
//! - `capture`: the HTTP response in a record ([`Capture`]);
//! - `content_coding`: gzip, deflate and br bodies undone within bounds,
//!   for a recorded response and for a live fetch (the `robots` command's);
//! - `verdict`: a capture's answers for the agents ([`verdicts`]);
//! - `query`: what a run answers and the rows of a capture ([`Query`],
//!   [`Rows`]);
//! - `resolve`: redirects within a file;
//! - `run`: the run over many files on every core ([`run`], [`Sink`]);
//! - `table`: the columns of the verdict table, for its writers;
//! - `summary`: per agent, hosts that allow all, block all, block some or
//!   could not be read ([`Summary`]).
//!
//! The library holds no output format: the `robots warc` command writes
//! JSON Lines, CSV and Parquet, the Python package Arrow tables.

pub mod capture;
pub mod content_coding;
mod query;
pub mod reader;
mod resolve;
pub mod run;
pub mod summary;
pub mod table;
pub mod verdict;

pub use capture::{Capture, Record};
pub use query::{Decided, Query, Rows};
pub use reader::{Header, Limits, Next, RawRecord, ReadError, WarcReader};
pub use run::{Input, MAX_THREADS, Sink, Stats, run};
pub use summary::{AgentCounts, Summary};
pub use verdict::{Agent, Cell, Class, Fetch, Outcome, Verdicts, verdicts};

/// Compiles the README's example as a doctest, so it cannot drift from the
/// API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
