//! Where a mode's robots.txt comes from: a file, standard input ("-"), or a
//! site's URL fetched as a crawler does (`--policy`, `--timeout`); and the
//! 500 KiB Googlebot reads, which `--no-size-limit` lifts.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::time::Duration;

use robotstxt_exact::crawler::{MAX_ROBOTS_TXT_BYTES, Policy};

use crate::output::fail;
use crate::{fetch, std_fds};

/// How `--policy` reads a fetch's outcome.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum PolicyArg {
    /// Google's documented behaviour (429 is a server error).
    Google,
    /// RFC 9309 (429 is a client error: allow all).
    Rfc9309,
}

/// The longest `--timeout`: a century, which is no timeout in practice; a
/// longer one would overflow the clock's arithmetic (an instant a
/// `Duration` of 1e19 seconds away does not exist).
const LONGEST_TIMEOUT: Duration = Duration::from_secs(100 * 365 * 24 * 60 * 60);

/// Options for fetching a robots.txt given as a URL.
#[derive(clap::Args, Debug, Clone)]
pub struct FetchArgs {
    /// How to read the outcome of a fetch: Google's documented behaviour or
    /// RFC 9309's (they differ on HTTP 429).
    #[arg(long, value_enum, default_value = "google")]
    policy: PolicyArg,
    /// Seconds to wait for a fetch, redirects included (longer than a
    /// century counts as a century).
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    timeout: Duration,
}

/// A positive number of seconds, fractions allowed; at most a century
/// (longer waits saturate there).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0 && s.is_finite())
        .map(|s| Duration::try_from_secs_f64(s).unwrap_or(LONGEST_TIMEOUT))
        .map(|d| d.min(LONGEST_TIMEOUT))
        .ok_or_else(|| format!("not a positive number of seconds: {text:?}"))
}

impl FetchArgs {
    /// The policy `--policy` names.
    pub fn policy(&self) -> Policy {
        match self.policy {
            PolicyArg::Google => Policy::Google,
            PolicyArg::Rfc9309 => Policy::Rfc9309,
        }
    }

    /// The `--timeout` of a fetch.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }
}

/// The rules a mode works with.
pub enum Rules {
    /// A robots.txt body.
    Body(Vec<u8>),
    /// No rules: a fetch said every URL is allowed (why).
    AllowAll(String),
    /// No rules: a fetch said every URL is disallowed (why).
    DisallowAll(String),
}

fn is_url(source: &OsString) -> bool {
    let s = source.to_string_lossy();
    let lower = s.get(..8).unwrap_or(&s).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// Whether a path argument means standard input.
pub fn is_stdin(path: &OsString) -> bool {
    path.as_os_str() == "-"
}

/// The error for input that cannot come: standard input was closed.
pub fn stdin_closed_error(what: &str) -> u8 {
    fail(&format!("cannot read {what}: standard input is closed"))
}

/// Reads a robots.txt from a file, standard input or a URL. With `limit`,
/// only that many bytes are kept (Googlebot's view), and a note on standard
/// error says so when the file was larger.
pub fn load(source: &OsString, fetch: &FetchArgs, limit: Option<usize>) -> Result<Rules, u8> {
    if is_url(source) {
        let url = source.to_string_lossy();
        let timeout = fetch.timeout();
        let fetched = fetch::fetch(&url, limit, timeout)
            .map_err(|e| fail(&format!("cannot fetch a robots.txt for {url:?}: {e}")))?;
        let policy = fetch.policy();
        let line = fetched.describe(policy, limit, timeout);
        let _ = writeln!(io::stderr().lock(), "{line}");
        let reason = line
            .rsplit_once(": ")
            .map_or(String::new(), |(head, _)| head.to_string());
        return Ok(match fetched.decision(policy) {
            robotstxt_exact::crawler::Decision::UseRules => Rules::Body(fetched.body),
            robotstxt_exact::crawler::Decision::AllowAll => Rules::AllowAll(reason),
            robotstxt_exact::crawler::Decision::DisallowAll => Rules::DisallowAll(reason),
        });
    }
    let mut body = read_input(source, "robots.txt")?;
    if let Some(limit) = limit.filter(|&l| body.len() > l) {
        let _ = writeln!(
            io::stderr().lock(),
            "note: {} is {} bytes; only the first {limit} (500 KiB) are used, as Googlebot \
             does (--no-size-limit reads it all)",
            source.to_string_lossy(),
            body.len()
        );
        body.truncate(limit);
    }
    Ok(Rules::Body(body))
}

fn read_input(path: &OsString, what: &str) -> Result<Vec<u8>, u8> {
    let result = if is_stdin(path) {
        if std_fds::stdin_closed() {
            return Err(stdin_closed_error(what));
        }
        let mut body = Vec::new();
        io::stdin().lock().read_to_end(&mut body).map(|_| body)
    } else {
        std::fs::read(path)
    };
    result.map_err(|e| fail(&format!("cannot read {what} {:?}: {e}", path)))
}

/// How much of a robots.txt to read: Googlebot's 500 KiB unless
/// `--no-size-limit`.
pub fn size_limit(no_size_limit: bool) -> Option<usize> {
    (!no_size_limit).then_some(MAX_ROBOTS_TXT_BYTES)
}
