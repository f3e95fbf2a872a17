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
//! file), `--diff` (what changes between two files), `--audit` (which known
//! crawlers the file blocks), `--serve` (the tester page on 127.0.0.1),
//! `--man` and `--completions` (the manual page and the shell completions),
//! `--version` and `--help-all`; wherever a mode takes a robots.txt, an
//! `http://` or `https://` URL fetches the site's robots.txt. Deciding on the
//! first argument alone keeps the rule independent of the argument count and
//! of the file system: the only invocations of `robots_main` that change
//! meaning are those whose robots.txt path starts with `--`, which can be
//! written `./--name`. Two words are modes too: `robots serve [--port N]` is
//! `--serve`, as long as no file named `serve` exists in the working
//! directory (a robots.txt of that name is read by Google's form, as
//! `./serve` always is), and `robots warc ...` is `--warc` unless a regular
//! file named `warc` is there.
//!
//! This file only dispatches on the first argument; the rest is a file per
//! mode over a small shared core:
//! - modes: `google.rs` (Google's form), `check.rs`, `explain.rs`, `lint.rs`,
//!   `diff.rs`, `audit.rs`, `serve.rs` (with the page `build.rs` embeds),
//!   `manual.rs` (`--man`, `--completions`);
//! - what they read: `robots_txt.rs` (file, "-" or URL, the 500 KiB limit,
//!   `--policy`/`--timeout`/`--max-fetch-bytes`), `limit.rs` (how much is
//!   read, where a body was cut), `fetch.rs` (the HTTP fetch; its gzip,
//!   deflate and br are undone by the WARC crate's decoder), `url_list.rs`
//!   (`--url`, `--urls FILE`), `url_warnings.rs` (URLs Google reads otherwise
//!   than meant), `agents.rs` (`--agent` and its warnings);
//! - the verdicts: `decider.rs` (the engine behind one seam, deciding lines);
//! - what they write: `output.rs` (errors, closed or broken output, text
//!   helpers), `progress.rs` (progress on a terminal);
//! - the process: `std_fds.rs` (standard descriptors closed at start),
//!   `oom.rs` (out of memory as an error status).

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;

use crate::args::arg_bytes;
use crate::exit::{EXIT_ERROR, EXIT_OK};
use crate::output::{emit, fail, stdout_closed_error, write_failed, write_stdout};

mod agents;
mod args;
mod audit;
mod check;
mod decider;
mod diff;
mod exit;
mod explain;
mod fetch;
mod google;
mod limit;
mod lint;
mod manual;
mod oom;
mod output;
mod progress;
mod robots_txt;
mod serve;
mod std_fds;
mod this_server;
mod url_list;
mod url_warnings;
mod warc;
#[cfg(feature = "parquet")]
mod warc_parquet;
mod warc_table;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    ExitCode::from(run(&args))
}

/// Google's form, or an extended mode: decided by the first argument alone,
/// and for the word `serve` by whether a file of that name exists.
fn run(args: &[OsString]) -> u8 {
    let first = args.get(1).map(arg_bytes);
    match first {
        Some(mode) if mode.starts_with(b"--") && mode != b"--help" => extended(args, &mode),
        Some(word) if word == b"serve" && !Path::new("serve").exists() => {
            extended(args, b"--serve")
        }
        // A folder named warc (where WARC files are often kept) is no
        // robots.txt file: only a file of that name keeps Google's form.
        Some(word) if word == b"warc" && !Path::new("warc").is_file() => extended(args, b"--warc"),
        _ => google::robots_main(args),
    }
}

const MODES: &str = "--check, --explain, --lint, --diff, --audit, --serve, --warc, --man, --completions, --version, --help-all";

/// The extended modes: `args[1]` (`mode`) starts with `--` and is not
/// `--help`.
fn extended(args: &[OsString], mode: &[u8]) -> u8 {
    oom::exit_on_abort();
    let program = args
        .first()
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_else(|| "robots".into());
    let rest = &args[2..];
    let known = matches!(
        mode,
        b"--check"
            | b"--explain"
            | b"--lint"
            | b"--diff"
            | b"--audit"
            | b"--serve"
            | b"--warc"
            | b"--man"
            | b"--completions"
            | b"--version"
            | b"--help-all"
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
        b"--check" => parse(&program, "--check", rest).map_or_else(|code| code, check::run),
        b"--explain" => parse(&program, "--explain", rest).map_or_else(|code| code, explain::run),
        b"--lint" => parse(&program, "--lint", rest).map_or_else(|code| code, lint::run),
        b"--diff" => parse(&program, "--diff", rest).map_or_else(|code| code, diff::run),
        b"--audit" => parse(&program, "--audit", rest).map_or_else(|code| code, audit::run),
        b"--serve" => parse(&program, "--serve", rest).map_or_else(|code| code, serve::run),
        b"--warc" => parse(&program, "--warc", rest).map_or_else(|code| code, warc::run),
        b"--man" => parse(&program, "--man", rest).map_or_else(|code| code, manual::run_man),
        b"--completions" => {
            parse(&program, "--completions", rest).map_or_else(|code| code, manual::run_completions)
        }
        b"--version" | b"--help-all" if !rest.is_empty() => fail(&format!(
            "{} takes no arguments; '{program} --help-all' shows every form of the tool",
            String::from_utf8_lossy(mode)
        )),
        b"--version" => write_stdout(format!("robots {}\n", env!("CARGO_PKG_VERSION")).as_bytes()),
        b"--help-all" => write_stdout(help_all(&program).as_bytes()),
        _ => fail(&format!(
            "unknown mode '{}' (modes: {MODES}; a robots.txt path starting with \"--\" can be \
             written as ./--name); '{program} --help-all' shows every form of the tool",
            String::from_utf8_lossy(mode)
        )),
    }
}

/// The text of `--help-all`: every form of the tool on one page.
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
  {program} --audit <ROBOTS_TXT> [--path <PATH>]... [--agents-file <FILE>] [--json]
      Which known crawlers (AI crawlers, search engines, SEO tools, archivers) the file blocks,
      and the usage preferences (Content-Signal, Content-Usage) that apply to them.
  {program} --serve [--port <PORT>] [--listen <ADDR>]
      The robots.txt tester page on http://127.0.0.1:9309/ (edit a file, test URLs, load a site);
      `{program} serve` is the same where no file named `serve` exists here.
  {program} --warc [FILE]... (--agent <USER_AGENT>... | --agents-from ai|all|FILE) [--path <PATH>]...
          [--urls <FILE>] [--format jsonl|csv|parquet] [--output FILE] [--summary]
      A crawl's robots.txt captures (WARC, .warc or .warc.gz) read into a verdict table;
      `{program} warc` is the same where no file named `warc` exists here.
  {program} --man
      The manual page (roff): `{program} --man | man -l -`.
  {program} --completions <SHELL>
      The completion script for bash, zsh, fish, elvish or powershell.
  {program} --version
  {program} --help-all

ROBOTS_TXT, OLD and NEW are files, \"-\" for standard input, or http:// or https:// URLs
of a site, whose robots.txt is fetched as a crawler does (--policy google|rfc9309,
--timeout SECONDS, --max-fetch-bytes BYTES). --check, --explain, --diff and --audit use
only the first 500 KiB, as Googlebot does (--no-size-limit reads it all, but a fetch at
most --max-fetch-bytes, 64 MiB by default). \"{program} --check --help\" and so on
describe each mode. A robots.txt path starting with \"--\" can be written ./--name.

Exit status: 0 allowed / nothing found / no change, 1 disallowed / errors or warnings
found / changes, 2 error or Google's help.
"
    )
}

/// clap's message for a usage error, its closing tip pointing to the
/// mode's help and to `--help-all`: a bare `--help` would be Google's help,
/// which knows no mode.
fn usage_error(e: &clap::Error, program: &str, mode: &str) -> String {
    let text = e.render().to_string();
    let text = match text.rfind("\n\nFor more information, try '") {
        Some(at) => &text[..at],
        None => text.trim_end(),
    };
    format!(
        "{text}\n\nFor more information, try '{program} {mode} --help', or '{program} --help-all' \
         for every form of the tool.\n"
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
            emit(
                io::stderr().lock(),
                usage_error(&e, program, mode).as_bytes(),
            );
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
