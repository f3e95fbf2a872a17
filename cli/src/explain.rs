//! `robots --explain ROBOTS_TXT USER_AGENT URL`: which line decides one URL
//! for one agent; `--check` with one agent, one URL and `--explain`.

use std::ffi::OsString;

use clap::Parser;

use crate::check::{self, CheckArgs};
use crate::robots_txt::FetchArgs;

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
pub struct ExplainArgs {
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

/// Runs `--explain`; returns the exit status.
pub fn run(args: ExplainArgs) -> u8 {
    check::run(CheckArgs {
        robots_txt: args.robots_txt,
        agents: vec![args.agent],
        urls: vec![args.url],
        url_file: None,
        explain: true,
        json: args.json,
        no_size_limit: args.no_size_limit,
        fetch: args.fetch,
    })
}
