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
//! file), `--version` and `--help-all`. Deciding on the first argument alone
//! keeps the rule independent of the argument count and of the file system:
//! the only invocations of `robots_main` that change meaning are those whose
//! robots.txt path starts with `--`, which can be written `./--name`.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::ExitCode;

use clap::Parser;
use robotstxt_exact::lint::{self, LintReport, Severity};
use robotstxt_exact::{Robots, RobotsMatcher};
use serde_json::json;

/// Exit status: every URL allowed, or lint found no warning.
const EXIT_OK: u8 = 0;
/// Exit status: some URL disallowed, or lint found a warning.
const EXIT_FOUND: u8 = 1;
/// Exit status: usage error, unreadable input, or help shown by Google's form.
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

/// Decides URLs against one robots.txt body, parsed once.
struct Decider {
    robots: Robots,
}

impl Decider {
    fn new(body: &[u8]) -> Self {
        Decider {
            robots: Robots::parse(body),
        }
    }

    fn check(&self, agents: &[&[u8]], url: &[u8]) -> Outcome {
        let answer = self.robots.check(agents, url);
        Outcome {
            allowed: answer.allowed,
            matching_line: answer.matching_line,
            specific_group: answer.ever_seen_specific_agent,
        }
    }
}

// ---------------------------------------------------------------------------
// Extended modes.
// ---------------------------------------------------------------------------

/// Check many URLs against one robots.txt, for one crawler.
#[derive(Parser, Debug)]
#[command(
    about = "Check URLs against a robots.txt file, one result line per URL",
    long_about = "Check URLs against a robots.txt file, one result line per URL.\n\n\
        URLs come from --url options, then from the --urls file; with neither, from standard \
        input, one per line (surrounding whitespace is trimmed, blank lines are skipped).\n\n\
        Several --agent options name one crawler, as Google's AllowedByRobots takes a list: \
        the groups naming any of them apply together.\n\n\
        Exit status: 0 if every URL is allowed, 1 if some URL is disallowed, 2 on error."
)]
struct CheckArgs {
    /// The robots.txt file ("-" for standard input).
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
}

/// Say which line of a robots.txt decides one URL for one user agent.
#[derive(Parser, Debug)]
#[command(
    about = "Say which robots.txt line decides a URL for a user agent",
    long_about = "Say which robots.txt line decides a URL for a user agent: the same as \
        --check ROBOTS_TXT --agent USER_AGENT --url URL --explain.\n\n\
        Exit status: 0 if allowed, 1 if disallowed, 2 on error."
)]
struct ExplainArgs {
    /// The robots.txt file ("-" for standard input).
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
}

/// Report what each line of a robots.txt is read as, and what is wrong.
#[derive(Parser, Debug)]
#[command(
    about = "Report what each robots.txt line is read as, and what is wrong in it",
    long_about = "Report what each robots.txt line is read as (by Google's parser), and what \
        is wrong or unusual in it: accepted typos, missing colons, over-long lines, unsupported \
        and unknown keys, malformed lines, rules outside any group, user agents that name no \
        crawler, and rules or groups that can never have an effect.\n\n\
        Exit status: 0 if there is no warning (notes do not count), 1 if there is one, 2 on \
        error."
)]
struct LintArgs {
    /// The robots.txt file ("-" for standard input).
    #[arg(value_name = "ROBOTS_TXT")]
    robots_txt: OsString,
    /// A JSON document instead of text.
    #[arg(long)]
    json: bool,
}

const MODES: &str = "--check, --explain, --lint, --version, --help-all";

fn extended(args: &[OsString], mode: &[u8]) -> u8 {
    let program = args
        .first()
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_else(|| "robots".into());
    let rest = &args[2..];
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
            }),
            Err(code) => code,
        },
        b"--lint" => match parse::<LintArgs>(&program, "--lint", rest) {
            Ok(a) => lint_mode(a),
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
  {program} --lint <ROBOTS_TXT> [--json]
      Report what each line is read as, and what is wrong or unusual in it.
  {program} --version
  {program} --help-all

\"-\" as ROBOTS_TXT or FILE reads standard input. \"{program} --check --help\" and so on
describe each mode. A robots.txt path starting with \"--\" can be written ./--name.

Exit status: 0 allowed / no warning, 1 disallowed / some warning, 2 error or Google's help.
"
    )
}

/// Parses a mode's arguments; on failure (or `--help`) prints clap's
/// message and returns the exit status.
fn parse<T: Parser>(program: &str, mode: &str, rest: &[OsString]) -> Result<T, u8> {
    let command = T::command().bin_name(format!("{program} {mode}"));
    let argv = std::iter::once(OsString::from(program)).chain(rest.iter().cloned());
    let parsed = command
        .try_get_matches_from(argv)
        .and_then(|m| T::from_arg_matches(&m));
    parsed.map_err(|e| {
        let _ = e.print();
        // Help shown on request is a success; clap's usage errors are 2.
        if e.use_stderr() { EXIT_ERROR } else { EXIT_OK }
    })
}

fn fail(message: &str) -> u8 {
    emit(
        io::stderr().lock(),
        format!("error: {message}\n").as_bytes(),
    );
    EXIT_ERROR
}

fn write_stdout(bytes: &[u8]) -> u8 {
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

fn is_stdin(path: &OsString) -> bool {
    path.as_os_str() == "-"
}

fn read_input(path: &OsString, what: &str) -> Result<Vec<u8>, u8> {
    let result = if is_stdin(path) {
        let mut body = Vec::new();
        io::stdin().lock().read_to_end(&mut body).map(|_| body)
    } else {
        std::fs::read(path)
    };
    result.map_err(|e| fail(&format!("cannot read {what} {:?}: {e}", path)))
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

/// Where the URLs of `--check` come from.
enum UrlSource {
    File(BufReader<std::fs::File>),
    Stdin(io::StdinLock<'static>),
    None,
}

impl UrlSource {
    fn open(args: &CheckArgs) -> Result<UrlSource, u8> {
        match &args.url_file {
            Some(path) if is_stdin(path) => Ok(UrlSource::Stdin(io::stdin().lock())),
            Some(path) => std::fs::File::open(path)
                .map(|f| UrlSource::File(BufReader::new(f)))
                .map_err(|e| fail(&format!("cannot read URL file {path:?}: {e}"))),
            None if args.urls.is_empty() => Ok(UrlSource::Stdin(io::stdin().lock())),
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
}

fn check_mode(args: CheckArgs) -> u8 {
    let mut source = match UrlSource::open(&args) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if is_stdin(&args.robots_txt) && source.reads_stdin() {
        return fail(
            "standard input cannot hold both the robots.txt and the URLs: \
             give URLs with --url or --urls FILE",
        );
    }
    let body = match read_input(&args.robots_txt, "robots.txt") {
        Ok(b) => b,
        Err(code) => return code,
    };
    let agents: Vec<Vec<u8>> = args.agents.iter().map(arg_bytes).collect();
    let agents: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
    let lines = if args.explain {
        lint::source_lines(&body)
    } else {
        Vec::new()
    };
    let decider = Decider::new(&body);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut any_disallowed = false;
    let mut report = |url: &[u8], out: &mut dyn Write| -> io::Result<()> {
        let outcome = decider.check(&agents, url);
        any_disallowed |= !outcome.allowed;
        let rule = (outcome.matching_line > 0)
            .then(|| lines.get(outcome.matching_line as usize - 1).copied())
            .flatten();
        if args.json {
            let mut value = json!({
                "url": String::from_utf8_lossy(url),
                "allowed": outcome.allowed,
            });
            if args.explain {
                value["line"] = match outcome.matching_line {
                    0 => serde_json::Value::Null,
                    n => n.into(),
                };
                value["rule"] = rule.map_or(serde_json::Value::Null, |r| {
                    String::from_utf8_lossy(r).into_owned().into()
                });
                value["specific_group"] = outcome.specific_group.into();
            }
            serde_json::to_writer(&mut *out, &value)?;
            return out.write_all(b"\n");
        }
        out.write_all(if outcome.allowed {
            b"ALLOWED "
        } else {
            b"DISALLOWED "
        })?;
        out.write_all(url)?;
        if args.explain {
            let group = if outcome.specific_group {
                "specific group"
            } else {
                "global group"
            };
            match (outcome.matching_line, rule) {
                (0, _) if outcome.specific_group => write!(out, " [no matching rule, {group}]")?,
                (0, _) => write!(out, " [no matching rule]")?,
                (n, text) => {
                    write!(out, " [line {n}, {group}] ")?;
                    out.write_all(&printable(text.unwrap_or(b"")))?;
                }
            }
        }
        out.write_all(b"\n")
    };

    let result = (|| -> Result<(), u8> {
        for url in &args.urls {
            report(&arg_bytes(url), &mut out).map_err(|e| write_failed(&e))?;
        }
        let mut buf = Vec::new();
        loop {
            match source.next_line(&mut buf) {
                Ok(false) => return Ok(()),
                Ok(true) => {}
                Err(e) => return Err(fail(&format!("cannot read URLs: {e}"))),
            }
            let url = buf.trim_ascii();
            if !url.is_empty() {
                report(url, &mut out).map_err(|e| write_failed(&e))?;
            }
        }
    })();
    if let Err(code) = result {
        return code;
    }
    if let Err(e) = out.flush() {
        return write_failed(&e);
    }
    if any_disallowed { EXIT_FOUND } else { EXIT_OK }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// At most this many bytes of a line are shown in the text report.
const SHOWN_LINE_LEN: usize = 200;

fn lint_text(report: &LintReport<'_>, out: &mut dyn Write) -> io::Result<()> {
    let width = report.lines.len().to_string().len();
    for line in &report.lines {
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
    }
    writeln!(
        out,
        "{}, {}: {}, {}",
        plural(report.lines.len(), "line"),
        plural(report.directives(), "directive"),
        plural(report.count(Severity::Warning), "warning"),
        plural(report.count(Severity::Note), "note")
    )
}

fn lint_mode(args: LintArgs) -> u8 {
    let body = match read_input(&args.robots_txt, "robots.txt") {
        Ok(b) => b,
        Err(code) => return code,
    };
    let report = lint::lint(&body);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &report.to_json())
            .map_err(io::Error::from)
            .and_then(|()| out.write_all(b"\n"))
    } else {
        lint_text(&report, &mut out)
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        return write_failed(&e);
    }
    if report.count(Severity::Warning) > 0 {
        EXIT_FOUND
    } else {
        EXIT_OK
    }
}
