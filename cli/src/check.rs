//! `robots --check ROBOTS_TXT --agent A... [--url U]... [--urls FILE]`:
//! many URLs against one robots.txt, one line (or JSON object) per URL, with
//! the deciding line under `--explain`.

use std::ffi::OsString;
use std::io::{self, Write};

use clap::Parser;
use serde_json::json;

use crate::agents;
use crate::decider::Decider;
use crate::exit::{EXIT_FOUND, EXIT_OK};
use crate::output::{fail, json_line, plural, write_failed};
use crate::progress::Progress;
use crate::robots_txt::{FetchArgs, is_stdin, load};
use crate::url_list::UrlSource;
use crate::url_warnings::UrlWarnings;

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
pub struct CheckArgs {
    /// The robots.txt file ("-" for standard input) or a site's URL.
    #[arg(value_name = "ROBOTS_TXT")]
    pub robots_txt: OsString,
    /// A user agent of the crawler (repeatable).
    #[arg(long = "agent", value_name = "USER_AGENT", required = true)]
    pub agents: Vec<OsString>,
    /// A URL to check (repeatable), percent-encoded (RFC 3986).
    #[arg(long = "url", value_name = "URL", allow_hyphen_values = true)]
    pub urls: Vec<OsString>,
    /// A file of URLs, one per line ("-" for standard input).
    #[arg(long = "urls", value_name = "FILE")]
    pub url_file: Option<OsString>,
    /// Also say which line decided, and whether the agent's own group or the
    /// global group applied.
    #[arg(long)]
    pub explain: bool,
    /// One JSON object per URL (JSON Lines) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Read the whole file, not only the first 500 KiB that Googlebot reads.
    #[arg(long)]
    pub no_size_limit: bool,
    #[command(flatten)]
    pub fetch: FetchArgs,
}

/// Runs `--check`; returns the exit status.
pub fn run(args: CheckArgs) -> u8 {
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
    let agents = agents::from_args(&args.agents);
    let agents: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
    let rules = match load(&args.robots_txt, &args.fetch, !args.no_size_limit) {
        Ok(r) => r,
        Err(code) => return code,
    };
    // --explain and a single --url: Google's streaming matcher suffices.
    let one_query = args.urls.len() == 1 && source.is_none();
    let decider = Decider::new(&rules, args.explain, one_query);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut any_disallowed = false;
    let mut past_limit = 0usize;
    let mut cut_line = 0usize;
    let mut checked = 0usize;
    let mut progress = Progress::new();
    let mut warnings = UrlWarnings::new();
    let result = source.for_each_url(&args.urls, |url| {
        warnings.check(url);
        let outcome = decider.check(&agents, url);
        any_disallowed |= !outcome.allowed;
        checked += 1;
        if decider.is_past_limit(outcome.matching_line) {
            past_limit += 1;
        }
        if decider.is_cut_line(outcome.matching_line) {
            cut_line += 1;
        }
        progress.tick(|| format!("{checked} URLs checked"));
        if args.json {
            let mut value = json!({
                "url": String::from_utf8_lossy(url),
                "allowed": outcome.allowed,
            });
            if args.explain {
                decider.explain_json(&outcome, &mut value);
                let preferences = decider.preferences(&agents, url);
                if !preferences.is_empty() {
                    Decider::preferences_json(&preferences, &mut value);
                }
            }
            return json_line(&mut out, &value);
        }
        out.write_all(if outcome.allowed {
            b"ALLOWED"
        } else {
            b"DISALLOWED"
        })?;
        // An empty URL leaves no space at the end of the line.
        if !url.is_empty() {
            out.write_all(b" ")?;
            out.write_all(url)?;
        }
        if args.explain {
            out.write_all(&decider.explain_text(&outcome))?;
            let preferences = decider.preferences(&agents, url);
            out.write_all(&Decider::preferences_text(&preferences))?;
        }
        out.write_all(b"\n")
    });
    progress.done();
    warnings.finish();
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
    if let Some(warning) = decider.cut_line_warning(cut_line, "") {
        let _ = writeln!(io::stderr().lock(), "{warning}");
    }
    if any_disallowed { EXIT_FOUND } else { EXIT_OK }
}
