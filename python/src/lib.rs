//! Python bindings of the robotstxt core (`robotstxt_exact._native`).
//!
//! The module converts and nothing else: bytes or str in, the core's answers
//! out. Every query on a parsed object releases the GIL, so threads that
//! share one `Robots` run in parallel.
//!
//! This file declares the module and registers what it holds; the classes
//! and functions live by topic:
//! - `matcher.rs`: Google's `RobotsMatcher` and string helpers;
//! - `robots.rs`: parse once (`Robots`, `AgentView`, `Answer`, `Group`,
//!   `Rule`);
//! - `reporter.rs`: `parse_robots_txt` with `RobotsParsingReporter` or a
//!   Python handler, and the per-line report;
//! - `preferences.rs`: usage preferences (`Preferences`, `Stated`,
//!   `RequestRate`, `PreferenceLine`), as `robots.rs` and `audit.rs` give
//!   them;
//! - `audit.rs`: the audit (`audit`, `Audit`, `CrawlerAudit`,
//!   `PolicyAudit`, `Crawler`, `known_crawlers`, ...), which reads a
//!   `Robots`;
//! - `crawler.rs`: the crawler's side (`robots_txt_url`, `Policy`,
//!   `CacheEntry`, ...);
//! - `warc.rs`: WARC archives (`WarcRecords`, `warc_columns`, ...), for
//!   `robotstxt_exact.warc` and the Spark recipe;
//! - `convert.rs`: the argument and result conversions they all share;
//! - `errors.rs`: how failures reach Python (`MemoryError`, `RuntimeError`,
//!   never a panic).

use pyo3::prelude::*;

mod audit;
mod convert;
mod crawler;
mod errors;
mod matcher;
mod preferences;
mod reporter;
mod robots;
mod warc;

use audit::{
    Audit, Crawler, CrawlerAudit, PathVerdict, PolicyAudit, audit_robots, known_crawlers,
    parse_crawler_list,
};
use crawler::{
    CacheEntry, Decision, Policy, PyAccess, applies_to, is_robots_txt_url,
    max_age_from_cache_control, robots_txt_url, should_follow_redirect, truncate_body,
};
use matcher::{RobotsMatcher, extract_user_agent, get_path_params_query, maybe_escape_pattern};
use preferences::{PreferenceLine, Preferences, RequestRate, Stated};
use reporter::{
    LineMetadata, PyTagName, RobotsParsedLine, RobotsParsingReporter, parse_robots_txt,
};
use robots::{AgentView, Answer, Group, Robots, Rule};

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
    m.add_class::<Stated>()?;
    m.add_class::<Preferences>()?;
    m.add_class::<RequestRate>()?;
    m.add_class::<PreferenceLine>()?;
    m.add_class::<Crawler>()?;
    m.add_class::<PathVerdict>()?;
    m.add_class::<CrawlerAudit>()?;
    m.add_class::<Audit>()?;
    m.add_class::<PolicyAudit>()?;
    m.add_function(wrap_pyfunction!(audit_robots, m)?)?;
    m.add_function(wrap_pyfunction!(known_crawlers, m)?)?;
    m.add_function(wrap_pyfunction!(parse_crawler_list, m)?)?;
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
    m.add_class::<warc::WarcRecord>()?;
    m.add_class::<warc::WarcRecords>()?;
    m.add_function(wrap_pyfunction!(warc::warc_columns, m)?)?;
    m.add_function(wrap_pyfunction!(warc::capture_columns, m)?)?;
    m.add_function(wrap_pyfunction!(warc::robots_key, m)?)?;
    m.add(
        "MAX_ROBOTS_TXT_BYTES",
        robotstxt::crawler::MAX_ROBOTS_TXT_BYTES,
    )?;
    m.add("MAX_REDIRECT_HOPS", robotstxt::crawler::MAX_REDIRECT_HOPS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
