//! `robots warc [FILE]...`: a crawl's robots.txt captures (WARC files,
//! `.warc` or `.warc.gz`, or standard input) read into a verdict table, a
//! row per capture, agent and path (or page URL), as JSON Lines, CSV or
//! Parquet; or, with `--summary`, per agent, how many hosts allow all,
//! block all, block some, and how many could not be read.
//!
//! The reading is the `robotstxt-exact-warc` crate's: records spread over
//! every core, redirects followed within each file, the fetch-outcome
//! policy of the core. This file parses the options, picks the agents and
//! items, and writes (`warc_table.rs`, `warc_parquet.rs`).

use std::ffi::OsString;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::sync::Arc;

use clap::Parser;
use robotstxt_exact::audit::{known_crawlers, parse_crawler_list};
use robotstxt_warc::{Agent, Class, Input, Limits, Query, ReadError, Rows, Sink, Summary};

use crate::exit::{EXIT_FOUND, EXIT_OK};
use crate::output::fail;
use crate::robots_txt::{PolicyArg, is_stdin, stdin_closed_error};
use crate::warc_table::{Csv, Jsonl, TableWriter};
use crate::{agents, std_fds};

/// The table's format.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// One JSON object a line.
    Jsonl,
    /// Comma-separated, with a header line.
    Csv,
    /// Apache Parquet (Arrow columns, Snappy).
    Parquet,
}

/// A crawl's robots.txt captures (WARC) read into a verdict table.
#[derive(Parser, Debug)]
#[command(
    name = "robots",
    version,
    about = "Read a crawl's robots.txt captures (WARC files) into a verdict table",
    long_about = "Read a crawl's robots.txt captures (WARC files: .warc, or .warc.gz with a gzip \
        member per record, as Common Crawl publishes them; - or no file for standard input) \
        into a verdict table: a row per robots.txt capture, agent and path (\"/\" unless --path \
        is given), or with --urls a row per page URL and agent, under Google's reading of each \
        file and the fetch-outcome policy (--policy): 2xx gives the rules, 4xx allows all, 5xx \
        disallows all, 429 as 5xx under google and as 4xx under rfc9309. Redirects are \
        followed to the next capture of their target in the same file, up to 5 hops.\n\n\
        Columns: robots_url, host, agent, path (url with --urls), status, outcome (rules, \
        allow-all, disallow-all, unknown), allowed, line, rule, the usage preferences that \
        apply (content_signal_search, content_signal_ai_input, content_signal_ai_train, \
        content_usage_train_ai, content_usage_search), reason, redirects, target, date, \
        truncated, file, offset.\n\n\
        A record that cannot be read is reported on standard error with its offset, and the \
        run goes on. Exit status: 0, 1 when some record or file could not be read, 2 on a \
        usage or output error."
)]
pub struct WarcArgs {
    /// WARC files (plain or gzip); "-" or none for standard input.
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
    /// An agent to answer for (repeatable), given to Google's matcher as is.
    #[arg(long = "agent", value_name = "USER_AGENT", allow_hyphen_values = true)]
    agents: Vec<OsString>,
    /// The crawlers of the audit's list: "ai" (its AI crawlers), "all", or a
    /// list file in the format of --audit --agents-file.
    #[arg(long, value_name = "ai|all|FILE")]
    agents_from: Option<OsString>,
    /// A path to answer for, instead of "/" (repeatable), percent-encoded.
    #[arg(long = "path", value_name = "PATH", allow_hyphen_values = true)]
    paths: Vec<String>,
    /// Page URLs to answer for instead of paths: one a line ("-" for
    /// standard input), or a column of a .parquet or .csv file.
    #[arg(long, value_name = "FILE")]
    urls: Option<OsString>,
    /// The column of a .parquet or .csv --urls file.
    #[arg(long, value_name = "NAME", default_value = "url")]
    url_column: String,
    /// The table's format (default jsonl; with --summary, a text table
    /// unless jsonl or csv is asked for).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Write the table to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<OsString>,
    /// Per agent, count the hosts that allow all, block all, block some or
    /// could not be read (by each host's latest capture), instead of the
    /// table.
    #[arg(long)]
    summary: bool,
    /// Worker threads (default: one per core; at most 256).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// How to read a capture's status: Google's documented behaviour or RFC
    /// 9309's (they differ on HTTP 429).
    #[arg(long, value_enum, default_value = "google")]
    policy: PolicyArg,
}

/// Runs `robots warc`; returns the exit status.
pub fn run(args: WarcArgs) -> u8 {
    let agents = match pick_agents(&args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let stdin_files = args.files.is_empty() || args.files.iter().any(is_stdin);
    if stdin_files && args.urls.as_ref().is_some_and(is_stdin) {
        return fail("the WARC records and the --urls list cannot both come from standard input");
    }
    if stdin_files && std_fds::stdin_closed() {
        return stdin_closed_error("WARC records");
    }
    let policy = args.policy.policy();
    let mut query = match &args.urls {
        None => Query::paths(policy, agents, args.paths.clone()),
        Some(file) => match read_urls(file, &args.url_column) {
            Ok(urls) => Query::urls(policy, agents, urls),
            Err(message) => return fail(&message),
        },
    };
    query.classes = args.summary;
    let query = Arc::new(query);
    let inputs: Vec<Input> = if args.files.is_empty() {
        vec![stdin_input()]
    } else {
        args.files
            .iter()
            .map(|f| {
                if is_stdin(f) {
                    stdin_input()
                } else {
                    Input::path(f.to_string_lossy().into_owned())
                }
            })
            .collect()
    };
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let out: Box<dyn Write + Send> = match &args.output {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => Box::new(f),
            Err(e) => return fail(&format!("cannot write {path:?}: {e}")),
        },
        None => {
            if std_fds::stdout_closed() {
                return crate::output::stdout_closed_error();
            }
            if args.format == Some(Format::Parquet) && !args.summary && io::stdout().is_terminal() {
                return fail("Parquet is binary: write it to a file (--output FILE) or a pipe");
            }
            Box::new(io::stdout())
        }
    };
    let out = BufWriter::with_capacity(1 << 20, out);
    let urls = args.urls.is_some();
    let format = args.format.unwrap_or(Format::Jsonl);
    if args.summary && args.format == Some(Format::Parquet) {
        return fail("--summary writes text, jsonl or csv, not Parquet");
    }
    let mut sink = if args.summary {
        Output::Summary(Summary::new(), out)
    } else {
        let writer: Box<dyn TableWriter> = match format {
            Format::Jsonl => Box::new(Jsonl::new(out, urls)),
            Format::Csv => match Csv::new(out, urls) {
                Ok(w) => Box::new(w),
                Err(e) => return crate::output::write_failed(&e),
            },
            Format::Parquet => match parquet_writer(out, urls) {
                Ok(w) => w,
                Err(code) => return code,
            },
        };
        Output::Table(writer)
    };
    let mut table = TableSink {
        output: &mut sink,
        agents: &query.agents,
        broken: 0,
    };
    let result = robotstxt_warc::run(inputs, &query, threads, Limits::default(), &mut table);
    let broken = table.broken;
    let written = result.and_then(|stats| {
        match sink {
            Output::Table(w) => w.finish()?,
            Output::Summary(summary, mut out) => {
                out.write_all(summary_text(&summary, &query.agents, args.format).as_bytes())?;
                out.flush()?;
            }
        }
        Ok(stats)
    });
    match written {
        Ok(stats) => {
            if stats.broken > 0 || broken > 0 {
                let _ = writeln!(
                    io::stderr().lock(),
                    "robots warc: {} of {} records could not be read (reported above); the \
                     rest are in the table",
                    stats.broken,
                    stats.records
                );
                EXIT_FOUND
            } else {
                EXIT_OK
            }
        }
        Err(e) => crate::output::write_failed(&e),
    }
}

#[cfg(feature = "parquet")]
fn parquet_writer(
    out: BufWriter<Box<dyn Write + Send>>,
    urls: bool,
) -> Result<Box<dyn TableWriter>, u8> {
    crate::warc_parquet::Parquet::new(out, urls)
        .map(|w| Box::new(w) as Box<dyn TableWriter>)
        .map_err(|e| fail(&format!("cannot start the Parquet file: {e}")))
}

#[cfg(not(feature = "parquet"))]
fn parquet_writer(
    _: BufWriter<Box<dyn Write + Send>>,
    _: bool,
) -> Result<Box<dyn TableWriter>, u8> {
    Err(fail(
        "this robots was built without Parquet (the `parquet` feature)",
    ))
}

fn stdin_input() -> Input {
    Input {
        name: "-".into(),
        open: Box::new(|| Ok(Box::new(io::stdin()) as Box<dyn io::Read + Send>)),
    }
}

/// The `--agent` values, then the crawlers of `--agents-from`.
fn pick_agents(args: &WarcArgs) -> Result<Vec<Agent>, u8> {
    let mut out: Vec<Agent> = agents::from_args(&args.agents)
        .into_iter()
        .map(|a| Agent {
            name: String::from_utf8_lossy(&a).into_owned(),
            query: a,
        })
        .collect();
    if let Some(from) = &args.agents_from {
        let listed = match from.to_str() {
            Some("ai") => known_crawlers()
                .iter()
                .filter(|c| c.category.is_ai())
                .cloned()
                .collect(),
            Some("all") => known_crawlers().to_vec(),
            _ => {
                let text = std::fs::read(from)
                    .map_err(|e| fail(&format!("cannot read agents file {from:?}: {e}")))?;
                parse_crawler_list(&String::from_utf8_lossy(&text))
                    .map_err(|e| fail(&format!("agents file {from:?}, {e}")))?
            }
        };
        out.extend(listed.iter().map(|c| Agent::token(&c.token)));
    }
    if out.is_empty() {
        return Err(fail(
            "no agent: give --agent USER_AGENT (repeatable) or --agents-from ai|all|FILE",
        ));
    }
    Ok(out)
}

/// The page URLs of `--urls`: a column of a Parquet or CSV file, or one a
/// line.
fn read_urls(file: &OsString, column: &str) -> Result<Vec<String>, String> {
    let name = file.to_string_lossy().to_ascii_lowercase();
    if name.ends_with(".parquet") {
        #[cfg(feature = "parquet")]
        return crate::warc_parquet::read_column(std::path::Path::new(file), column);
        #[cfg(not(feature = "parquet"))]
        return Err("this robots was built without Parquet (the `parquet` feature)".into());
    }
    if name.ends_with(".csv") {
        let mut reader =
            csv::Reader::from_path(file).map_err(|e| format!("cannot read {file:?}: {e}"))?;
        let headers = reader
            .headers()
            .map_err(|e| format!("cannot read {file:?}: {e}"))?;
        let Some(index) = headers.iter().position(|h| h == column) else {
            return Err(format!(
                "{file:?} has no column {column:?} (its columns: {}); --url-column names it",
                headers.iter().collect::<Vec<_>>().join(", ")
            ));
        };
        let mut urls = Vec::new();
        for record in reader.byte_records() {
            let record = record.map_err(|e| format!("cannot read {file:?}: {e}"))?;
            if let Some(url) = record.get(index).filter(|u| !u.is_empty()) {
                urls.push(String::from_utf8_lossy(url).into_owned());
            }
        }
        return Ok(urls);
    }
    let reader: Box<dyn BufRead> = if is_stdin(file) {
        Box::new(io::stdin().lock())
    } else {
        Box::new(io::BufReader::new(
            std::fs::File::open(file).map_err(|e| format!("cannot read URL file {file:?}: {e}"))?,
        ))
    };
    let mut urls = Vec::new();
    for line in reader.split(b'\n') {
        let line = line.map_err(|e| format!("cannot read URLs: {e}"))?;
        let url = line.trim_ascii();
        if !url.is_empty() {
            urls.push(String::from_utf8_lossy(url).into_owned());
        }
    }
    Ok(urls)
}

enum Output {
    Table(Box<dyn TableWriter>),
    Summary(Summary, BufWriter<Box<dyn Write + Send>>),
}

struct TableSink<'a> {
    output: &'a mut Output,
    agents: &'a [Agent],
    broken: u64,
}

impl Sink for TableSink<'_> {
    fn rows(&mut self, rows: &Rows) -> io::Result<()> {
        match self.output {
            Output::Table(w) => w.write(rows, self.agents),
            Output::Summary(s, _) => {
                s.add(rows);
                Ok(())
            }
        }
    }

    fn broken(&mut self, file: &str, error: &ReadError) {
        self.broken += 1;
        let _ = writeln!(io::stderr().lock(), "error: {file}: {error}");
    }
}

/// The summary: a text table, or a line per agent in JSON Lines or CSV.
fn summary_text(summary: &Summary, agents: &[Agent], format: Option<Format>) -> String {
    let mut text = String::new();
    if format == Some(Format::Csv) {
        text.push_str(
            "agent,hosts,allows-all,blocks-all,blocks-some,unreadable,unreadable_reasons\n",
        );
        for (i, agent) in agents.iter().enumerate() {
            let c = summary.agent(i);
            let reasons: Vec<String> = c
                .unreadable
                .iter()
                .map(|(r, n)| format!("{r}: {n}"))
                .collect();
            let mut line = csv::Writer::from_writer(Vec::new());
            let fields = [
                agent.name.clone(),
                summary.hosts().to_string(),
                c.classes[0].to_string(),
                c.classes[1].to_string(),
                c.classes[2].to_string(),
                c.classes[3].to_string(),
                reasons.join("; "),
            ];
            let _ = line.write_record(&fields);
            text.push_str(&String::from_utf8_lossy(
                &line.into_inner().unwrap_or_default(),
            ));
        }
        return text;
    }
    if format == Some(Format::Jsonl) {
        for (i, agent) in agents.iter().enumerate() {
            let c = summary.agent(i);
            let mut value = serde_json::json!({"agent": agent.name, "hosts": summary.hosts()});
            for (class, n) in Class::ALL.iter().zip(c.classes) {
                value[class.as_str()] = n.into();
            }
            value["unreadable_reasons"] = serde_json::to_value(&c.unreadable).unwrap_or_default();
            text.push_str(&value.to_string());
            text.push('\n');
        }
        return text;
    }
    let width = agents
        .iter()
        .map(|a| a.name.len())
        .max()
        .unwrap_or(5)
        .max(5);
    text.push_str(&format!(
        "{:<width$}  {:>10}  {:>10}  {:>11}  {:>10}  UNREADABLE BY REASON\n",
        "AGENT", "ALLOWS-ALL", "BLOCKS-ALL", "BLOCKS-SOME", "UNREADABLE"
    ));
    for (i, agent) in agents.iter().enumerate() {
        let c = summary.agent(i);
        let reasons: Vec<String> = c
            .unreadable
            .iter()
            .map(|(r, n)| format!("{r}: {n}"))
            .collect();
        text.push_str(&format!(
            "{:<width$}  {:>10}  {:>10}  {:>11}  {:>10}  {}\n",
            agent.name,
            c.classes[0],
            c.classes[1],
            c.classes[2],
            c.classes[3],
            if reasons.is_empty() {
                "-".to_string()
            } else {
                reasons.join(", ")
            }
        ));
    }
    text.push_str(&format!(
        "\n{} hosts, each counted by its latest capture (Google's reading; blocks-some: / is \
         allowed but some disallow rule applies to the agent)\n",
        summary.hosts()
    ));
    text
}
