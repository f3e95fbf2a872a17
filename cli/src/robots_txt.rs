//! Where a mode's robots.txt comes from: a file, standard input ("-"), or a
//! site's URL fetched as a crawler does (`--policy`, `--timeout`,
//! `--max-fetch-bytes`); and the 500 KiB Googlebot reads, which
//! `--no-size-limit` lifts. Only what is used is read: the first 500 KiB
//! (and one byte more, to tell whether there is more), unless told to read
//! all, and never more of a fetch than `--max-fetch-bytes`.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::time::Duration;

use robotstxt_exact::crawler::{MAX_ROBOTS_TXT_BYTES, Policy};

use crate::fetch;
use crate::limit::{Cut, Limit, cut_at};
use crate::output::{fail, out_of_memory, plural};
use crate::std_fds;

/// How `--policy` reads a fetch's outcome.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PolicyArg {
    /// Google's documented behaviour (429 is a server error).
    Google,
    /// RFC 9309 (429 is a client error: allow all).
    Rfc9309,
}

/// The longest `--timeout`: a century, which is no timeout in practice; a
/// longer one would overflow the clock's arithmetic (an instant a
/// `Duration` of 1e19 seconds away does not exist).
const LONGEST_TIMEOUT: Duration = Duration::from_secs(100 * 365 * 24 * 60 * 60);

/// What a fetch reads at most when the 500 KiB limit does not apply
/// (`--no-size-limit`, `--lint`): 64 MiB, a hundred times the largest
/// robots.txt of the corpus and more than any crawler reads.
pub const DEFAULT_MAX_FETCH_BYTES: usize = 64 << 20;

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
    /// At most this many bytes of a fetched robots.txt are read (after
    /// decoding gzip, deflate or br), even with --no-size-limit or --lint.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_FETCH_BYTES, value_parser = parse_bytes)]
    max_fetch_bytes: usize,
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

/// A positive whole number of bytes.
fn parse_bytes(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("not a positive whole number of bytes: {text:?}"))
}

impl PolicyArg {
    /// The core's policy of that name.
    pub fn policy(self) -> Policy {
        match self {
            PolicyArg::Google => Policy::Google,
            PolicyArg::Rfc9309 => Policy::Rfc9309,
        }
    }
}

impl FetchArgs {
    /// The policy `--policy` names.
    pub fn policy(&self) -> Policy {
        self.policy.policy()
    }

    /// The `--timeout` of a fetch.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// How much of a fetch to read: Googlebot's 500 KiB with
    /// `googlebot_limit`, else (or when it is lower) `--max-fetch-bytes`.
    pub fn limit(&self, googlebot_limit: bool) -> Limit {
        if googlebot_limit && MAX_ROBOTS_TXT_BYTES <= self.max_fetch_bytes {
            Limit {
                bytes: MAX_ROBOTS_TXT_BYTES,
                googlebot: true,
            }
        } else {
            Limit {
                bytes: self.max_fetch_bytes,
                googlebot: false,
            }
        }
    }
}

/// The rules a mode works with.
pub enum Rules {
    /// A robots.txt body, and where the size limit cut it.
    Body(Vec<u8>, Option<Cut>),
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

/// Reads a robots.txt from a file, standard input or a URL. With
/// `googlebot_limit`, only the first 500 KiB are read (Googlebot's view),
/// and a note on standard error says so when the file was larger; without,
/// all of a file and at most `--max-fetch-bytes` of a fetch.
pub fn load(source: &OsString, fetch: &FetchArgs, googlebot_limit: bool) -> Result<Rules, u8> {
    if is_url(source) {
        let url = source.to_string_lossy();
        let limit = fetch.limit(googlebot_limit);
        let fetched =
            fetch::fetch(&url, limit, fetch.timeout, None).map_err(|e| fail(&e.message(&url)))?;
        let policy = fetch.policy();
        let line = fetched.describe(policy, limit, fetch.timeout);
        let _ = writeln!(io::stderr().lock(), "{line}");
        let reason = line
            .rsplit_once(": ")
            .map_or(String::new(), |(head, _)| head.to_string());
        return Ok(match fetched.decision(policy) {
            robotstxt_exact::crawler::Decision::UseRules => Rules::Body(fetched.body, fetched.cut),
            robotstxt_exact::crawler::Decision::AllowAll => Rules::AllowAll(reason),
            robotstxt_exact::crawler::Decision::DisallowAll => Rules::DisallowAll(reason),
        });
    }
    let limit = googlebot_limit.then_some(MAX_ROBOTS_TXT_BYTES);
    let (mut body, size) = read_input(source, "robots.txt", limit)?;
    let cut = limit.and_then(|limit| {
        let cut = cut_at(&mut body, limit)?;
        let name = if is_stdin(source) {
            "standard input".to_string()
        } else {
            source.to_string_lossy().into_owned()
        };
        let size = match size {
            Some(n) => format!("is {n} bytes"),
            None => format!("has more than {limit} bytes"),
        };
        let _ = writeln!(
            io::stderr().lock(),
            "note: {name} {size}; only the first {limit} (500 KiB) are used, as Googlebot \
             does (--no-size-limit reads it all)",
        );
        Some(cut)
    });
    Ok(Rules::Body(body, cut))
}

/// Reads `path` ("-" for standard input), all of it or, with `limit`, one
/// byte more than the limit; with the file's size when it is a regular
/// file. Running out of memory is reported as such.
fn read_input(
    path: &OsString,
    what: &str,
    limit: Option<usize>,
) -> Result<(Vec<u8>, Option<u64>), u8> {
    let mut body = Vec::new();
    let wanted = limit.map_or(u64::MAX, |n| n as u64 + 1);
    let result = if is_stdin(path) {
        if std_fds::stdin_closed() {
            return Err(stdin_closed_error(what));
        }
        io::stdin()
            .lock()
            .take(wanted)
            .read_to_end(&mut body)
            .map(|_| None)
    } else {
        std::fs::File::open(path).and_then(|file| {
            let size = file
                .metadata()
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len());
            // A regular file's size is known: one allocation, no doubling.
            if let Some(n) = size {
                let n = usize::try_from(n.min(wanted)).unwrap_or(usize::MAX);
                body.try_reserve_exact(n)
                    .map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
            }
            (&file).take(wanted).read_to_end(&mut body).map(|_| size)
        })
    };
    match result {
        Ok(size) => Ok((body, size)),
        // read_to_end grows the vector fallibly and says so.
        Err(e) if e.kind() == io::ErrorKind::OutOfMemory => Err(out_of_memory(&format!(
            "reading {what} {path:?} ({} read)",
            plural(body.len(), "byte", "bytes")
        ))),
        Err(e) => Err(fail(&format!("cannot read {what} {path:?}: {e}"))),
    }
}
