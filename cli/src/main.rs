//! The `robots` command line tool.
//!
//! With three arguments, or with `-h`, `-help` or `--help` first, or with any
//! other first argument that does not start with `--`, it is a drop-in
//! replacement for Google's `robots_main`: the same standard output, standard
//! error and exit status, byte for byte.
//!
//! A first argument that starts with `--` (other than `--help`) selects one of
//! the extended modes, parsed with clap: `--check` (many URLs, one or several
//! agents), `--explain` (which line decided), `--lint` (what is wrong in the
//! file), `--diff` (what changes between two files), `--version` and
//! `--help-all`; wherever a mode takes a robots.txt, an `http://` or
//! `https://` URL fetches the site's robots.txt. Deciding on the first argument alone
//! keeps the rule independent of the argument count and of the file system:
//! the only invocations of `robots_main` that change meaning are those whose
//! robots.txt path starts with `--`, which can be written `./--name`.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use robotstxt_exact::crawler::{MAX_ROBOTS_TXT_BYTES, Policy};
use robotstxt_exact::lint::{self, LintLine, SourceLines, Summary};
use robotstxt_exact::{Robots, RobotsMatcher, extract_user_agent, is_valid_user_agent_to_obey};
use serde_json::json;

mod diff;
mod fetch;
mod oom;
mod std_fds;

/// Exit status: every URL allowed, lint found no error or warning, no change.
const EXIT_OK: u8 = 0;
/// Exit status: some URL disallowed, lint found an error or a warning, or
/// some verdict or rule changed.
const EXIT_FOUND: u8 = 1;
/// Exit status: usage error, unreadable input, unwritable output, or help
/// shown by Google's form.
const EXIT_ERROR: u8 = 2;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    ExitCode::from(run(&args))
}

/// The bytes of an argument as the C `main` would see them.
#[cfg(unix)]
fn arg_bytes(arg: &OsString) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    arg.as_os_str().as_bytes().to_vec()
}

#[cfg(not(unix))]
fn arg_bytes(arg: &OsString) -> Vec<u8> {
    arg.to_string_lossy().into_owned().into_bytes()
}

fn run(args: &[OsString]) -> u8 {
    let first = args.get(1).map(arg_bytes);
    match first {
        Some(mode) if mode.starts_with(b"--") && mode != b"--help" => extended(args, &mode),
        _ => google_main(args),
    }
}

// ---------------------------------------------------------------------------
// Google's robots_main, reproduced from its observable behaviour.
// ---------------------------------------------------------------------------

/// Writes all of `bytes`, ignoring errors as an unchecked C++ stream does.
fn emit(mut out: impl Write, bytes: &[u8]) {
    let _ = out.write_all(bytes);
    let _ = out.flush();
}

/// Google's help text. Without an `argv[0]` (argc 0, possible only on old
/// kernels), the C++ stream fails at the null program name and prints nothing
/// more, so neither do we.
fn google_help(argv0: Option<&[u8]>) -> Vec<u8> {
    let mut text = Vec::new();
    text.extend_from_slice(
        b"Shows whether the given user_agent and URI combination is allowed or \
          disallowed by the given robots.txt file. \n\nUsage: \n  ",
    );
    let Some(argv0) = argv0 else {
        return text;
    };
    text.extend_from_slice(argv0);
    text.extend_from_slice(
        b" <robots.txt filename> <user_agent> <URI>\n\n\
          The URI must be %-encoded according to RFC3986.\n\n\
          Example: \n  ",
    );
    text.extend_from_slice(argv0);
    text.extend_from_slice(b" robots.txt FooBot http://example.com/foo\n");
    text
}

fn google_main(args: &[OsString]) -> u8 {
    let argv0 = args.first().map(arg_bytes);
    let argv0 = argv0.as_deref();
    let filename = args.get(1).map(arg_bytes).unwrap_or_default();
    if matches!(&filename[..], b"-h" | b"-help" | b"--help") {
        emit(io::stderr().lock(), &google_help(argv0));
        return EXIT_ERROR;
    }
    if args.len() != 4 {
        let mut text = b"Invalid amount of arguments. Showing help.\n\n".to_vec();
        text.extend_from_slice(&google_help(argv0));
        emit(io::stderr().lock(), &text);
        return EXIT_ERROR;
    }
    let Ok(body) = std::fs::read(&args[1]) else {
        let mut text = b"failed to read file \"".to_vec();
        text.extend_from_slice(&filename);
        text.extend_from_slice(b"\"\n");
        emit(io::stderr().lock(), &text);
        return EXIT_ERROR;
    };
    let agent = arg_bytes(&args[2]);
    let url = arg_bytes(&args[3]);
    // The function Google's main calls, with its one-element agent list.
    let allowed = RobotsMatcher::new().allowed_by_robots(&body, &[agent.as_slice()], &url);

    let mut text = b"user-agent '".to_vec();
    text.extend_from_slice(&agent);
    text.extend_from_slice(b"' with URI '");
    text.extend_from_slice(&url);
    text.extend_from_slice(if allowed {
        b"': ALLOWED\n"
    } else {
        b"': DISALLOWED\n"
    });
    if body.is_empty() {
        text.extend_from_slice(b"notice: robots file is empty so all user-agents are allowed\n");
    }
    emit(io::stdout().lock(), &text);
    if allowed { EXIT_OK } else { EXIT_FOUND }
}

// ---------------------------------------------------------------------------
// Where the rules come from: a file, standard input, or a fetch.
// ---------------------------------------------------------------------------

/// How `--policy` reads a fetch's outcome.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum PolicyArg {
    /// Google's documented behaviour (429 is a server error).
    Google,
    /// RFC 9309 (429 is a client error: allow all).
    Rfc9309,
}

/// Options for fetching a robots.txt given as a URL.
#[derive(clap::Args, Debug, Clone)]
struct FetchArgs {
    /// How to read the outcome of a fetch: Google's documented behaviour or
    /// RFC 9309's (they differ on HTTP 429).
    #[arg(long, value_enum, default_value = "google")]
    policy: PolicyArg,
    /// Seconds to wait for a fetch, redirects included.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    timeout: Duration,
}

/// A positive number of seconds, fractions allowed.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("not a positive number of seconds: {text:?}"))
}

impl FetchArgs {
    fn policy(&self) -> Policy {
        match self.policy {
            PolicyArg::Google => Policy::Google,
            PolicyArg::Rfc9309 => Policy::Rfc9309,
        }
    }

    fn timeout(&self) -> Duration {
        self.timeout
    }
}

/// The rules a mode works with.
enum Rules {
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

fn is_stdin(path: &OsString) -> bool {
    path.as_os_str() == "-"
}

fn stdin_closed_error(what: &str) -> u8 {
    fail(&format!("cannot read {what}: standard input is closed"))
}

/// Reads a robots.txt from a file, standard input or a URL. With `limit`,
/// only that many bytes are kept (Googlebot's view), and a note on standard
/// error says so when the file was larger.
fn load(source: &OsString, fetch: &FetchArgs, limit: Option<usize>) -> Result<Rules, u8> {
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

// ---------------------------------------------------------------------------
// Matching, behind one small seam so the engine can change.
// ---------------------------------------------------------------------------

/// What the tool needs to know about one query.
#[derive(Debug, Clone, Copy)]
struct Outcome {
    allowed: bool,
    /// The deciding line, 0 when no rule matched.
    matching_line: u32,
    /// Whether a group names one of the agents (so `*` was ignored).
    specific_group: bool,
}

/// Decides URLs against one robots.txt, parsed once, and finds the text of
/// deciding lines.
struct Decider<'a> {
    rules: &'a Rules,
    robots: Option<Robots>,
    /// For a single query, Google's streaming matcher instead of `Robots`:
    /// it keeps nothing of the body, so memory stays at the body's size
    /// whatever its layout.
    single: Option<std::cell::RefCell<(RobotsMatcher, &'a [u8])>>,
    lines: Option<LineIndex<'a>>,
    /// The first line not wholly within the 500 KiB Google reads, when the
    /// body is larger.
    past_limit: Option<u32>,
}

impl<'a> Decider<'a> {
    /// `with_lines`: keep an index to show deciding lines. `one_query`:
    /// only one URL will be checked.
    fn new(rules: &'a Rules, with_lines: bool, one_query: bool) -> Self {
        let Rules::Body(body) = rules else {
            return Decider {
                rules,
                robots: None,
                single: None,
                lines: None,
                past_limit: None,
            };
        };
        let streaming = || {
            let matcher = RobotsMatcher::new();
            (None, Some(std::cell::RefCell::new((matcher, &body[..]))))
        };
        let (robots, single) = if one_query {
            streaming()
        } else {
            // Without the memory for the parsed form, each URL streams the
            // body as Google's matcher does: the same answers, in memory
            // the size of the body.
            match Robots::try_parse(body) {
                Ok(robots) => (Some(robots), None),
                Err(_) => streaming(),
            }
        };
        Decider {
            rules,
            robots,
            single,
            lines: with_lines.then(|| LineIndex::new(body)),
            past_limit: first_line_past_limit(body),
        }
    }

    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Outcome {
        if let Some(single) = &self.single {
            let mut single = single.borrow_mut();
            let (matcher, body) = &mut *single;
            let allowed = matcher.allowed_by_robots(*body, agents, url);
            return Outcome {
                allowed,
                matching_line: matcher.matching_line(),
                specific_group: matcher.ever_seen_specific_agent(),
            };
        }
        match (&self.robots, self.rules) {
            (Some(robots), _) => {
                let answer = robots.check(agents, url);
                Outcome {
                    allowed: answer.allowed,
                    matching_line: answer.matching_line,
                    specific_group: answer.ever_seen_specific_agent,
                }
            }
            (None, rules) => Outcome {
                allowed: !matches!(rules, Rules::DisallowAll(_)),
                matching_line: 0,
                specific_group: false,
            },
        }
    }

    /// Why there are no rules, for a fetch that gave none.
    fn no_rules(&self) -> Option<&str> {
        match self.rules {
            Rules::Body(_) => None,
            Rules::AllowAll(why) | Rules::DisallowAll(why) => Some(why),
        }
    }

    fn line(&self, n: u32) -> Option<&'a [u8]> {
        self.lines.as_ref().and_then(|l| l.get(n))
    }

    fn is_past_limit(&self, n: u32) -> bool {
        self.past_limit.is_some_and(|p| n >= p && n > 0)
    }

    /// ` [line 3, specific group] Allow: /x` and the like.
    fn explain_text(&self, outcome: &Outcome) -> Vec<u8> {
        if let Some(why) = self.no_rules() {
            return format!(" [no rules: {why}]").into_bytes();
        }
        let group = if outcome.specific_group {
            "specific group"
        } else {
            "global group"
        };
        match outcome.matching_line {
            0 if outcome.specific_group => format!(" [no matching rule, {group}]").into_bytes(),
            0 => b" [no matching rule]".to_vec(),
            n => {
                let past = if self.is_past_limit(n) {
                    ", past the 500 KiB Googlebot reads"
                } else {
                    ""
                };
                let mut text = format!(" [line {n}, {group}{past}] ").into_bytes();
                text.extend_from_slice(&printable(self.line(n).unwrap_or(b"")));
                text
            }
        }
    }

    /// The `line`, `rule`, `specific_group` (and `past_size_limit`) keys.
    fn explain_json(&self, outcome: &Outcome, value: &mut serde_json::Value) {
        value["line"] = match outcome.matching_line {
            0 => serde_json::Value::Null,
            n => n.into(),
        };
        value["rule"] = match outcome.matching_line {
            0 => serde_json::Value::Null,
            n => String::from_utf8_lossy(self.line(n).unwrap_or(b""))
                .into_owned()
                .into(),
        };
        value["specific_group"] = outcome.specific_group.into();
        if self.past_limit.is_some() {
            value["past_size_limit"] = self.is_past_limit(outcome.matching_line).into();
        }
        if let Some(why) = self.no_rules() {
            value["no_rules"] = why.into();
        }
    }
}

/// The first line of `body` not wholly within the first
/// [`MAX_ROBOTS_TXT_BYTES`], if the body is larger.
fn first_line_past_limit(body: &[u8]) -> Option<u32> {
    if body.len() <= MAX_ROBOTS_TXT_BYTES {
        return None;
    }
    SourceLines::new(body)
        .position(|(offset, text)| offset + text.len() > MAX_ROBOTS_TXT_BYTES)
        .map(|i| u32::try_from(i + 1).unwrap_or(u32::MAX))
}

/// Finds the text of a line by number without keeping every line: the
/// offset of every 64th line, then a short walk (an eighth of a byte per
/// line, where a list of all lines would take sixteen).
struct LineIndex<'a> {
    body: &'a [u8],
    marks: Vec<usize>,
}

const LINE_INDEX_STEP: usize = 64;

impl<'a> LineIndex<'a> {
    fn new(body: &'a [u8]) -> Self {
        let marks = SourceLines::new(body)
            .step_by(LINE_INDEX_STEP)
            .map(|(offset, _)| offset)
            .collect();
        LineIndex { body, marks }
    }

    fn get(&self, n: u32) -> Option<&'a [u8]> {
        let i = (n as usize).checked_sub(1)?;
        let start = *self.marks.get(i / LINE_INDEX_STEP)?;
        SourceLines::from_offset(self.body, start)
            .nth(i % LINE_INDEX_STEP)
            .map(|(_, text)| text)
    }
}

/// Warns about agents Google's matcher can only match as `*`: a user agent
/// is compared whole with the product tokens (`[a-zA-Z_-]+`) of the file.
fn warn_agents(agents: &[&[u8]]) {
    for agent in agents {
        if is_valid_user_agent_to_obey(agent) {
            continue;
        }
        let shown = String::from_utf8_lossy(agent);
        let advice = match product_token(agent) {
            Some(token) => format!("; did you mean \"{}\"?", String::from_utf8_lossy(token)),
            None => String::new(),
        };
        let _ = writeln!(
            io::stderr().lock(),
            "warning: user agent \"{shown}\" is not a product token ([a-zA-Z_-]+): Google's \
             matcher compares it whole, so no group can name it and only \"*\" applies{advice}"
        );
    }
}

/// The product token an agent string probably means: the first word that
/// ends in "bot" (as in a `User-Agent` header), else the leading word.
fn product_token(agent: &[u8]) -> Option<&[u8]> {
    let words = agent
        .split(|b| !(b.is_ascii_alphabetic() || *b == b'-' || *b == b'_'))
        .filter(|w| !w.is_empty());
    let mut first = None;
    for word in words {
        if word.to_ascii_lowercase().ends_with(b"bot") {
            return Some(word);
        }
        first = first.or(Some(word));
    }
    let leading = extract_user_agent(agent);
    if leading.is_empty() {
        first
    } else {
        Some(leading)
    }
}

// ---------------------------------------------------------------------------
// Progress, on a terminal only.
// ---------------------------------------------------------------------------

/// Shows how far a long run is on standard error, when that is a terminal,
/// at most four times a second; never otherwise.
struct Progress {
    on: bool,
    calls: u32,
    next: Instant,
    shown: bool,
}

impl Progress {
    fn new() -> Self {
        Progress {
            on: io::stderr().is_terminal(),
            calls: 0,
            next: Instant::now() + Duration::from_millis(500),
            shown: false,
        }
    }

    fn tick(&mut self, message: impl FnOnce() -> String) {
        if !self.on {
            return;
        }
        self.calls = self.calls.wrapping_add(1);
        if self.calls % 1024 != 0 {
            return;
        }
        let now = Instant::now();
        if now < self.next {
            return;
        }
        self.next = now + Duration::from_millis(250);
        self.shown = true;
        let _ = write!(io::stderr().lock(), "\r{}\x1b[K", message());
    }

    fn done(&mut self) {
        if self.shown {
            let _ = write!(io::stderr().lock(), "\r\x1b[K");
            self.shown = false;
        }
    }
}

// ---------------------------------------------------------------------------
// Extended modes.
// ---------------------------------------------------------------------------

/// Check many URLs against one robots.txt, for one crawler.
#[derive(Parser, Debug)]
#[command(
    name = "robots",
    version,
    about = "Check URLs against a robots.txt file, one result line per URL",
    long_about = "Check URLs against a robots.txt file, one result line per URL.\n\n\
        ROBOTS_TXT is a file, \"-\" for standard input, or an http:// or https:// URL of a site \
        or page, whose robots.txt is fetched as a crawler does.\n\n\
        URLs come from --url options, then from the --urls file; with neither, from standard \
        input, one per line (surrounding whitespace is trimmed, blank lines are skipped).\n\n\
        Several --agent options name one crawler, as Google's AllowedByRobots takes a list: \
        the groups naming any of them apply together.\n\n\
        Only the first 500 KiB of the file are used, as Googlebot does; --no-size-limit reads \
        it all.\n\n\
        Exit status: 0 if every URL is allowed, 1 if some URL is disallowed, 2 on error."
)]
struct CheckArgs {
    /// The robots.txt file ("-" for standard input) or a site's URL.
    #[arg(value_name = "ROBOTS_TXT")]
    robots_txt: OsString,
    /// A user agent of the crawler (repeatable).
    #[arg(long = "agent", value_name = "USER_AGENT", required = true)]
    agents: Vec<OsString>,
    /// A URL to check (repeatable), percent-encoded (RFC 3986).
    #[arg(long = "url", value_name = "URL", allow_hyphen_values = true)]
    urls: Vec<OsString>,
    /// A file of URLs, one per line ("-" for standard input).
    #[arg(long = "urls", value_name = "FILE")]
    url_file: Option<OsString>,
    /// Also say which line decided, and whether the agent's own group or the
    /// global group applied.
    #[arg(long)]
    explain: bool,
    /// One JSON object per URL (JSON Lines) instead of text.
    #[arg(long)]
    json: bool,
    /// Read the whole file, not only the first 500 KiB that Googlebot reads.
    #[arg(long)]
    no_size_limit: bool,
    #[command(flatten)]
    fetch: FetchArgs,
}

/// Say which line of a robots.txt decides one URL for one user agent.
#[derive(Parser, Debug)]
#[command(
    name = "robots",
    version,
    about = "Say which robots.txt line decides a URL for a user agent",
    long_about = "Say which robots.txt line decides a URL for a user agent: the same as \
        --check ROBOTS_TXT --agent USER_AGENT --url URL --explain.\n\n\
        Exit status: 0 if allowed, 1 if disallowed, 2 on error."
)]
struct ExplainArgs {
    /// The robots.txt file ("-" for standard input) or a site's URL.
    #[arg(value_name = "ROBOTS_TXT")]
    robots_txt: OsString,
    /// The user agent.
    #[arg(value_name = "USER_AGENT")]
    agent: OsString,
    /// The URL, percent-encoded (RFC 3986).
    #[arg(value_name = "URL", allow_hyphen_values = true)]
    url: OsString,
    /// A JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Read the whole file, not only the first 500 KiB that Googlebot reads.
    #[arg(long)]
    no_size_limit: bool,
    #[command(flatten)]
    fetch: FetchArgs,
}

/// Report what is wrong in a robots.txt.
#[derive(Parser, Debug)]
#[command(
    name = "robots",
    version,
    about = "Report what is wrong in a robots.txt file",
    long_about = "Report what is wrong in a robots.txt file, judged by Google's parser and \
        matcher: rules that can never match or never decide, rules outside any group, groups \
        no crawler uses, relative or malformed sitemaps, a file over the 500 KiB Google reads, \
        accepted typos, missing colons, over-long lines, unsupported and unknown keys, \
        malformed lines, byte order marks and bytes that are not UTF-8. Each finding has a \
        stable code, a severity (error, warning, note) and the line. By default only lines \
        with findings are shown, then a summary line; --all shows every line with what \
        Google reads it as.\n\n\
        Exit status: 0 if there is no error or warning (notes do not count), 1 if there is \
        one, 2 on error."
)]
struct LintArgs {
    /// The robots.txt file ("-" for standard input) or a site's URL.
    #[arg(value_name = "ROBOTS_TXT")]
    robots_txt: OsString,
    /// Show every line, not only those with findings.
    #[arg(long)]
    all: bool,
    /// JSON Lines instead of text: one object per line shown, then a summary.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    fetch: FetchArgs,
}

const MODES: &str = "--check, --explain, --lint, --diff, --version, --help-all";

fn extended(args: &[OsString], mode: &[u8]) -> u8 {
    oom::exit_on_abort();
    let program = args
        .first()
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_else(|| "robots".into());
    let rest = &args[2..];
    let known = matches!(
        mode,
        b"--check" | b"--explain" | b"--lint" | b"--diff" | b"--version" | b"--help-all"
    );
    // Every mode answers --help-all as documented.
    if known
        && rest
            .iter()
            .take_while(|a| *a != "--")
            .any(|a| a == "--help-all")
    {
        return write_stdout(help_all(&program).as_bytes());
    }
    match mode {
        b"--check" => match parse::<CheckArgs>(&program, "--check", rest) {
            Ok(a) => check_mode(a),
            Err(code) => code,
        },
        b"--explain" => match parse::<ExplainArgs>(&program, "--explain", rest) {
            Ok(a) => check_mode(CheckArgs {
                robots_txt: a.robots_txt,
                agents: vec![a.agent],
                urls: vec![a.url],
                url_file: None,
                explain: true,
                json: a.json,
                no_size_limit: a.no_size_limit,
                fetch: a.fetch,
            }),
            Err(code) => code,
        },
        b"--lint" => match parse::<LintArgs>(&program, "--lint", rest) {
            Ok(a) => lint_mode(a),
            Err(code) => code,
        },
        b"--diff" => match parse::<diff::DiffArgs>(&program, "--diff", rest) {
            Ok(a) => diff::diff_mode(a),
            Err(code) => code,
        },
        b"--version" | b"--help-all" if !rest.is_empty() => fail(&format!(
            "{} takes no arguments",
            String::from_utf8_lossy(mode)
        )),
        b"--version" => write_stdout(format!("robots {}\n", env!("CARGO_PKG_VERSION")).as_bytes()),
        b"--help-all" => write_stdout(help_all(&program).as_bytes()),
        _ => fail(&format!(
            "unknown mode '{}' (modes: {MODES}; a robots.txt path starting with \"--\" can be \
             written as ./--name)",
            String::from_utf8_lossy(mode)
        )),
    }
}

fn help_all(program: &str) -> String {
    format!(
        "Is a URL allowed by a robots.txt file? Google's robots_main, and more.

Google's robots_main (same output and exit status, byte for byte):
  {program} <robots.txt filename> <user_agent> <URI>
  {program} -h | -help | --help

Extended modes, selected by a first argument starting with \"--\":
  {program} --check <ROBOTS_TXT> --agent <USER_AGENT>... [--url <URL>]... [--urls <FILE>] [--explain] [--json]
      Check many URLs (from --url, --urls FILE, or standard input), one line per URL.
  {program} --explain <ROBOTS_TXT> <USER_AGENT> <URL> [--json]
      Say which line decided, and whether the agent's own group or the global group applied.
  {program} --lint <ROBOTS_TXT> [--all] [--json]
      Report what is wrong in the file: errors, warnings and notes, with codes.
  {program} --diff <OLD> <NEW> [--agent <USER_AGENT>...] [--url <URL>]... [--urls <FILE>] [--json]
      Which URLs change verdict between two files; without URLs, the rules added and removed.
  {program} --version
  {program} --help-all

ROBOTS_TXT, OLD and NEW are files, \"-\" for standard input, or http:// or https:// URLs
of a site, whose robots.txt is fetched as a crawler does (--policy google|rfc9309,
--timeout SECONDS). --check, --explain and --diff use only the first 500 KiB, as
Googlebot does (--no-size-limit reads it all). \"{program} --check --help\" and so on
describe each mode. A robots.txt path starting with \"--\" can be written ./--name.

Exit status: 0 allowed / nothing found / no change, 1 disallowed / errors or warnings
found / changes, 2 error or Google's help.
"
    )
}

/// Parses a mode's arguments; on failure (or `--help`, `--version`) prints
/// clap's message and returns the exit status.
fn parse<T: Parser>(program: &str, mode: &str, rest: &[OsString]) -> Result<T, u8> {
    let command = T::command().bin_name(format!("{program} {mode}"));
    let argv = std::iter::once(OsString::from(program)).chain(rest.iter().cloned());
    let parsed = command
        .try_get_matches_from(argv)
        .and_then(|m| T::from_arg_matches(&m));
    let parsed = parsed.map_err(|e| {
        if e.use_stderr() {
            let _ = e.print();
            return EXIT_ERROR;
        }
        // Help and version shown on request are a success, if they reach
        // the reader.
        if std_fds::stdout_closed() {
            return stdout_closed_error();
        }
        match write!(io::stdout().lock(), "{}", e.render()).and_then(|()| io::stdout().flush()) {
            Ok(()) => EXIT_OK,
            Err(err) => write_failed(&err),
        }
    })?;
    if std_fds::stdout_closed() {
        return Err(stdout_closed_error());
    }
    Ok(parsed)
}

fn fail(message: &str) -> u8 {
    emit(
        io::stderr().lock(),
        format!("error: {message}\n").as_bytes(),
    );
    EXIT_ERROR
}

fn stdout_closed_error() -> u8 {
    fail("cannot write output: standard output is closed")
}

fn write_stdout(bytes: &[u8]) -> u8 {
    if std_fds::stdout_closed() {
        return stdout_closed_error();
    }
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => EXIT_OK,
        Err(e) => write_failed(&e),
    }
}

fn write_failed(e: &io::Error) -> u8 {
    // A closed pipe (`robots ... | head`) is the reader's choice, not ours
    // to report.
    if e.kind() != io::ErrorKind::BrokenPipe {
        let _ = writeln!(io::stderr().lock(), "error: cannot write output: {e}");
    }
    EXIT_ERROR
}

/// Makes a line of the file safe to print on a terminal: control bytes other
/// than tab are shown as `\xNN`; everything else is kept as is.
fn printable(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for &b in text {
        if (b < 0x20 && b != b'\t') || b == 0x7F {
            out.extend_from_slice(format!("\\x{b:02X}").as_bytes());
        } else {
            out.push(b);
        }
    }
    out
}

/// Where the URLs of `--check` and `--diff` come from.
enum UrlSource {
    File(BufReader<std::fs::File>),
    Stdin(io::StdinLock<'static>),
    None,
}

impl UrlSource {
    /// URLs from `file`; from standard input when `file` is "-", or when
    /// there is no file, no `--url` and `stdin_by_default`.
    fn open(file: Option<&OsString>, have_urls: bool, stdin_by_default: bool) -> Result<Self, u8> {
        let stdin = || {
            if std_fds::stdin_closed() {
                return Err(stdin_closed_error("URLs"));
            }
            Ok(UrlSource::Stdin(io::stdin().lock()))
        };
        match file {
            Some(path) if is_stdin(path) => stdin(),
            Some(path) => std::fs::File::open(path)
                .map(|f| UrlSource::File(BufReader::new(f)))
                .map_err(|e| fail(&format!("cannot read URL file {path:?}: {e}"))),
            None if !have_urls && stdin_by_default => stdin(),
            None => Ok(UrlSource::None),
        }
    }

    /// The next line into `buf`; false at the end.
    fn next_line(&mut self, buf: &mut Vec<u8>) -> io::Result<bool> {
        buf.clear();
        let n = match self {
            UrlSource::File(r) => r.read_until(b'\n', buf)?,
            UrlSource::Stdin(r) => r.read_until(b'\n', buf)?,
            UrlSource::None => 0,
        };
        Ok(n > 0)
    }

    fn reads_stdin(&self) -> bool {
        matches!(self, UrlSource::Stdin(_))
    }

    fn is_none(&self) -> bool {
        matches!(self, UrlSource::None)
    }

    /// Calls `each` with the `--url` values, then every non-blank line of
    /// the source, trimmed. Errors are exit statuses, already reported.
    fn for_each_url(
        &mut self,
        urls: &[OsString],
        mut each: impl FnMut(&[u8]) -> io::Result<()>,
    ) -> Result<(), u8> {
        for url in urls {
            each(&arg_bytes(url)).map_err(|e| write_failed(&e))?;
        }
        let mut buf = Vec::new();
        loop {
            match self.next_line(&mut buf) {
                Ok(false) => return Ok(()),
                Ok(true) => {}
                Err(e) => return Err(fail(&format!("cannot read URLs: {e}"))),
            }
            let url = buf.trim_ascii();
            if !url.is_empty() {
                each(url).map_err(|e| write_failed(&e))?;
            }
        }
    }
}

fn size_limit(no_size_limit: bool) -> Option<usize> {
    (!no_size_limit).then_some(MAX_ROBOTS_TXT_BYTES)
}

fn check_mode(args: CheckArgs) -> u8 {
    let mut source = match UrlSource::open(args.url_file.as_ref(), !args.urls.is_empty(), true) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if is_stdin(&args.robots_txt) && source.reads_stdin() {
        return fail(
            "standard input cannot hold both the robots.txt and the URLs: \
             give URLs with --url or --urls FILE",
        );
    }
    let agents: Vec<Vec<u8>> = args.agents.iter().map(arg_bytes).collect();
    let agents: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
    warn_agents(&agents);
    let rules = match load(
        &args.robots_txt,
        &args.fetch,
        size_limit(args.no_size_limit),
    ) {
        Ok(r) => r,
        Err(code) => return code,
    };
    // --explain and a single --url: Google's streaming matcher suffices.
    let one_query = args.urls.len() == 1 && source.is_none();
    let decider = Decider::new(&rules, args.explain, one_query);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut any_disallowed = false;
    let mut past_limit = 0usize;
    let mut checked = 0usize;
    let mut progress = Progress::new();
    let result = source.for_each_url(&args.urls, |url| {
        let outcome = decider.check(&agents, url);
        any_disallowed |= !outcome.allowed;
        checked += 1;
        if decider.is_past_limit(outcome.matching_line) {
            past_limit += 1;
        }
        progress.tick(|| format!("{checked} URLs checked"));
        if args.json {
            let mut value = json!({
                "url": String::from_utf8_lossy(url),
                "allowed": outcome.allowed,
            });
            if args.explain {
                decider.explain_json(&outcome, &mut value);
            }
            serde_json::to_writer(&mut out, &value)?;
            return out.write_all(b"\n");
        }
        out.write_all(if outcome.allowed {
            b"ALLOWED "
        } else {
            b"DISALLOWED "
        })?;
        out.write_all(url)?;
        if args.explain {
            out.write_all(&decider.explain_text(&outcome))?;
        }
        out.write_all(b"\n")
    });
    progress.done();
    if let Err(code) = result {
        return code;
    }
    if let Err(e) = out.flush() {
        return write_failed(&e);
    }
    if past_limit > 0 {
        let _ = writeln!(
            io::stderr().lock(),
            "warning: {} decided by a line past the 500 KiB that Googlebot reads; Googlebot's \
             answer can differ (run without --no-size-limit to see it)",
            plural(past_limit, "URL was", "URLs were")
        );
    }
    if any_disallowed { EXIT_FOUND } else { EXIT_OK }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// At most this many bytes of a line are shown in the text report.
const SHOWN_LINE_LEN: usize = 200;

fn lint_line_text(line: &LintLine<'_>, width: usize, out: &mut dyn Write) -> io::Result<()> {
    let mut row = format!("{:>width$} {:<11} ", line.line_num, line.kind.as_str()).into_bytes();
    let shown = &line.text[..line.text.len().min(SHOWN_LINE_LEN)];
    row.extend_from_slice(&printable(shown));
    if shown.len() < line.text.len() {
        row.extend_from_slice(b"...");
    }
    out.write_all(row.trim_ascii_end())?;
    out.write_all(b"\n")?;
    for finding in &line.findings {
        writeln!(
            out,
            "{:width$} {}: {} [{}]",
            "",
            finding.severity().as_str(),
            finding.code.message(),
            finding.code.as_str()
        )?;
    }
    Ok(())
}

/// Writes `text` as a JSON string.
fn json_string(out: &mut dyn Write, text: &str) -> io::Result<()> {
    serde_json::to_writer(out, text).map_err(io::Error::from)
}

/// One line as a JSON object, keys in alphabetical order as serde_json
/// writes maps. Written directly: a file of millions of findings should not
/// build a JSON value per line.
fn lint_line_json(line: &LintLine<'_>, out: &mut dyn Write) -> io::Result<()> {
    out.write_all(b"{\"findings\":[")?;
    for (i, f) in line.findings.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{{\"code\":\"{}\",\"message\":", f.code.as_str())?;
        json_string(out, &f.code.message())?;
        write!(out, ",\"severity\":\"{}\"}}", f.severity().as_str())?;
    }
    write!(
        out,
        "],\"kind\":\"{}\",\"line\":{},\"text\":",
        line.kind.as_str(),
        line.line_num
    )?;
    json_string(out, &String::from_utf8_lossy(line.text))?;
    out.write_all(b"}\n")
}

fn lint_summary_text(summary: &Summary, out: &mut dyn Write) -> io::Result<()> {
    write!(
        out,
        "{}, {}: {}, {}, {}",
        plural(summary.lines, "line", "lines"),
        plural(summary.directives, "directive", "directives"),
        plural(summary.errors, "error", "errors"),
        plural(summary.warnings, "warning", "warnings"),
        plural(summary.notes, "note", "notes")
    )?;
    if let Some(line) = summary.first_line_past_limit {
        let n = summary.directives_past_limit;
        write!(
            out,
            "; {} from line {line} on {} past the 500 KiB Google reads",
            plural(n, "directive", "directives"),
            if n == 1 { "is" } else { "are" }
        )?;
    }
    writeln!(out)
}

fn lint_summary_json(summary: &Summary, out: &mut dyn Write) -> io::Result<()> {
    let value = json!({"summary": {
        "lines": summary.lines,
        "directives": summary.directives,
        "errors": summary.errors,
        "warnings": summary.warnings,
        "notes": summary.notes,
        "codes": summary.codes,
        "bytes": summary.bytes,
        "first_line_past_limit": summary.first_line_past_limit,
        "directives_past_limit": summary.directives_past_limit,
    }});
    serde_json::to_writer(&mut *out, &value)?;
    out.write_all(b"\n")
}

fn lint_mode(args: LintArgs) -> u8 {
    // The lint reads the whole file: it reports what lies past 500 KiB.
    let body = match load(&args.robots_txt, &args.fetch, None) {
        Ok(Rules::Body(body)) => body,
        Ok(Rules::AllowAll(_) | Rules::DisallowAll(_)) => {
            return fail("no robots.txt to lint (see the fetch result above)");
        }
        Err(code) => return code,
    };
    let width = if args.json {
        0
    } else {
        lint::line_count(&body).to_string().len()
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut progress = Progress::new();
    let size = body.len().max(1);
    let summary = lint::lint_each(&body, |line| {
        progress.tick(|| format!("{}% linted", line.offset * 100 / size));
        if !args.all && line.findings.is_empty() {
            return Ok(());
        }
        if args.json {
            lint_line_json(line, &mut out)
        } else {
            lint_line_text(line, width, &mut out)
        }
    });
    progress.done();
    let written = summary.and_then(|summary| {
        if args.json {
            lint_summary_json(&summary, &mut out)?;
        } else {
            lint_summary_text(&summary, &mut out)?;
        }
        out.flush()?;
        Ok(summary)
    });
    match written {
        Err(e) => write_failed(&e),
        Ok(summary) if summary.errors + summary.warnings > 0 => EXIT_FOUND,
        Ok(_) => EXIT_OK,
    }
}
