//! `robots --man` and `robots --completions SHELL`: the manual page and the
//! shell completions, generated from the clap definitions the modes parse
//! with (clap_mangen, clap_complete), so that they list exactly the options
//! the tool takes. CMake runs both after the build and installs what they
//! print (cmake/RobotstxtCliDocs.cmake).
//!
//! The tool is not one clap command: the first argument picks Google's form
//! or a mode (main.rs). Here it is described as one, each mode a subcommand
//! named after its flag (`--check`), which is how the completion scripts
//! must see it: the mode is the first word, its options follow. Google's
//! form has no subcommand; its file name is what every shell completes by
//! default.

use std::io::{self, Write};

use clap::{Arg, ArgAction, Command, CommandFactory, Parser};
use clap_complete::Shell;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

use crate::audit::AuditArgs;
use crate::check::CheckArgs;
use crate::diff::DiffArgs;
use crate::exit::EXIT_ERROR;
use crate::explain::ExplainArgs;
use crate::lint::LintArgs;
use crate::output::{fail, write_stdout};
use crate::serve::ServeArgs;
use crate::warc::WarcArgs;

/// Print the manual page of robots (roff, section 1).
#[derive(Parser, Debug)]
#[command(
    name = "robots",
    version,
    about = "Print the manual page of robots (roff, section 1)",
    long_about = "Print the manual page of robots (roff, section 1), generated from the options \
        the tool parses: `robots --man > robots.1`, `robots --man | man -l -`."
)]
pub struct ManArgs {}

/// Print a completion script for a shell.
#[derive(Parser, Debug)]
#[command(
    name = "robots",
    version,
    about = "Print the completion script of robots for a shell",
    long_about = "Print the completion script of robots for a shell, generated from the options \
        the tool parses. Installed packages put it where the shell looks; by hand, for example: \
        `robots --completions bash > ~/.local/share/bash-completion/completions/robots`, \
        `robots --completions zsh > ~/.zfunc/_robots` (a directory in $fpath), \
        `robots --completions fish > ~/.config/fish/completions/robots.fish`."
)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

/// Runs `--man`; returns the exit status.
pub fn run_man(_: ManArgs) -> u8 {
    let mut page = Vec::new();
    match man_page(&mut page) {
        Ok(()) => write_stdout(&page),
        Err(e) => fail(&format!("cannot render the manual page: {e}")),
    }
}

/// Runs `--completions`; returns the exit status.
pub fn run_completions(args: CompletionsArgs) -> u8 {
    match completion(args.shell) {
        Ok(script) => write_stdout(&script),
        Err(message) => {
            let _ = writeln!(io::stderr().lock(), "error: {message}");
            EXIT_ERROR
        }
    }
}

/// One line per form, as the synopsis and `--help-all` show them.
const SYNOPSIS: &str = "\
robots <robots.txt filename> <user_agent> <URI>
robots -h | -help | --help
robots --check ROBOTS_TXT --agent USER_AGENT... [--url URL]... [--urls FILE] [--explain] [--json]
robots --explain ROBOTS_TXT USER_AGENT URL [--json]
robots --lint ROBOTS_TXT [--all] [--json]
robots --diff OLD NEW [--agent USER_AGENT]... [--url URL]... [--urls FILE] [--json]
robots --audit ROBOTS_TXT [--path PATH]... [--agents-file FILE] [--json]
robots --serve [--port PORT] [--listen ADDR]
robots --warc [FILE]... (--agent USER_AGENT... | --agents-from ai|all|FILE) [--path PATH]... [--urls FILE] [--format FORMAT] [--summary]
robots --man
robots --completions SHELL
robots --version
robots --help-all";

const DESCRIPTION: &str = "\
With three arguments, robots is Google's robots_main: it says whether the user agent may fetch \
the URI under the rules of the robots.txt file, with the same standard output, standard error \
and exit status, byte for byte. The file is read whole, as raw bytes; the URI must be \
percent-encoded (RFC 3986); the user agent is compared whole with the crawler names of the \
file. -h, -help or --help as the first argument, or another number of arguments, prints \
Google's help on standard error (exit status 2).

A first argument that starts with \"--\" (other than --help) selects one of the modes below; \
anything else is Google's form. A robots.txt path that starts with \"--\" can be written \
./--name. The word serve alone is --serve, unless a file named serve exists in the working \
directory; the word warc is --warc, unless a regular file named warc exists there.

ROBOTS_TXT, OLD and NEW are files, \"-\" for standard input, or http:// or https:// URLs of a \
site, whose robots.txt is fetched as a crawler does: up to five redirects; a file that is \
unavailable (a 4xx other than 429) allows every URL; a site that is unreachable (5xx, no \
answer, and 429 under the default --policy google) disallows every URL. --check, --explain, \
--diff and --audit use only the first 500 KiB of a file, as Googlebot does. Every mode also answers --help, \
--version and --help-all.";

/// The sections after the modes: (heading, paragraphs).
const AFTER: &[(&str, &[&str])] = &[
    (
        "EXIT STATUS",
        &[
            "0: allowed, every URL allowed, no lint error or warning, no change; or help asked \
             for in a mode.",
            "1: disallowed, some URL disallowed, some lint error or warning, some change.",
            "2: a usage error, unreadable input, unwritable output; or Google's help.",
        ],
    ),
    (
        "ENVIRONMENT",
        &[
            "ALL_PROXY, HTTPS_PROXY, HTTP_PROXY (or their lower-case forms): the proxy for \
             fetches, the first one set; NO_PROXY: the hosts reached directly.",
            "ROBOTS_PROGRESS_INTERVAL_MS: when standard error is a terminal, the milliseconds \
             before the first progress line of a long --check or --lint and between two \
             (default: 500 before the first, 250 between).",
        ],
    ),
    (
        "SEE ALSO",
        &[
            "docs/CLI.md in the robotstxt source tree; Google's robots.txt specification, \
             https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt; \
             RFC 9309.",
        ],
    ),
];

/// Every mode as a subcommand named after its flag, with the `--help-all`
/// every mode answers.
fn modes() -> Vec<Command> {
    // The help and version flags are spelled out: the settings that keep
    // them off Google's form would reach the modes otherwise.
    let mode = |flag: &'static str, command: Command| {
        command
            .name(flag)
            .bin_name(format!("robots {flag}"))
            .disable_help_flag(true)
            .disable_version_flag(true)
            .arg(
                Arg::new("help-all")
                    .long("help-all")
                    .action(ArgAction::SetTrue)
                    .help("Print every form of the tool"),
            )
            .arg(
                Arg::new("help")
                    .short('h')
                    .long("help")
                    .action(ArgAction::Help)
                    .help("Print this mode's help"),
            )
            .arg(
                Arg::new("version")
                    .short('V')
                    .long("version")
                    .action(ArgAction::Version)
                    .help("Print the version"),
            )
    };
    let bare = |flag: &'static str, about: &'static str| {
        Command::new(flag)
            .about(about)
            .disable_help_flag(true)
            .bin_name(format!("robots {flag}"))
    };
    vec![
        mode("--check", CheckArgs::command()),
        mode("--explain", ExplainArgs::command()),
        mode("--lint", LintArgs::command()),
        mode("--diff", DiffArgs::command()),
        mode("--audit", AuditArgs::command()),
        mode("--serve", ServeArgs::command()),
        mode("--warc", WarcArgs::command()),
        mode("--man", ManArgs::command()),
        mode("--completions", CompletionsArgs::command()),
        bare("--version", "Print the version"),
        bare("--help-all", "Print every form of the tool"),
    ]
}

/// The whole tool as one clap command (see the module's comment).
pub fn command() -> Command {
    Command::new("robots")
        .version(env!("CARGO_PKG_VERSION"))
        .disable_version_flag(true)
        .disable_help_subcommand(true)
        .about("is a URL allowed by a robots.txt file? Google's robots_main, and more")
        .long_about(DESCRIPTION)
        .override_usage(SYNOPSIS)
        .subcommand_value_name("MODE")
        .subcommand_help_heading("MODES")
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help("Print Google's help (also -help) on standard error, exit status 2"),
        )
        .disable_help_flag(true)
        .subcommands(modes())
}

/// The manual page, in roff.
pub fn man_page(out: &mut dyn Write) -> io::Result<()> {
    let command = command();
    let man = Man::new(command.clone())
        .title("ROBOTS")
        .manual("User Commands");
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;

    let mut roff = Roff::new();
    roff.control("SH", ["MODES"]);
    roff.to_writer(&mut page)?;
    for mode in command.get_subcommands() {
        let mut roff = Roff::new();
        roff.control("SS", [mode.get_name()]);
        let usage = mode.clone().render_usage().to_string();
        let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage);
        roff.text([bold(usage)]);
        roff.to_writer(&mut page)?;
        // The mode's description and options, each a section of a page of
        // its own, become paragraphs of this subsection.
        let mut section = Vec::new();
        let man = Man::new(mode.clone());
        man.render_description_section(&mut section)?;
        if mode.get_arguments().any(|a| !a.is_hide_set()) {
            man.render_options_section(&mut section)?;
        }
        for line in section.split_inclusive(|&b| b == b'\n') {
            if line.starts_with(b".SH") {
                page.extend_from_slice(b".PP\n");
            } else {
                page.extend_from_slice(line);
            }
        }
    }

    let mut roff = Roff::new();
    for (heading, paragraphs) in AFTER {
        roff.control("SH", [*heading]);
        for (i, paragraph) in paragraphs.iter().enumerate() {
            if i > 0 {
                roff.control("PP", []);
            }
            roff.text([roman(*paragraph)]);
        }
    }
    roff.to_writer(&mut page)?;
    out.write_all(&without_repeated_preamble(&page))
}

/// Each rendering starts with the lines that define the apostrophe
/// string; the page needs them once, at the top.
fn without_repeated_preamble(page: &[u8]) -> Vec<u8> {
    let mut seen = Vec::new();
    let mut out = Vec::with_capacity(page.len());
    for line in page.split_inclusive(|&b| b == b'\n') {
        if line.starts_with(b".ie ") || line.starts_with(b".el ") {
            if seen.contains(&line) {
                continue;
            }
            seen.push(line);
        }
        out.extend_from_slice(line);
    }
    out
}

/// The completion script for `shell`.
pub fn completion(shell: Shell) -> Result<Vec<u8>, String> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command(), "robots", &mut script);
    let script = String::from_utf8(script).map_err(|e| e.to_string())?;
    Ok(adapt(shell, script)?.into_bytes())
}

/// The generators take a subcommand for a word that is not an option;
/// fish and zsh need a word changed for modes spelled as options, and for
/// the file name that Google's form takes as its first word.
fn adapt(shell: Shell, script: String) -> Result<String, String> {
    let (from, to) = match shell {
        // fish finds the subcommand with argparse, which stops at an unknown
        // option such as --check unless told to keep it as a word; and it
        // offers no file where a subcommand may stand unless told to.
        Shell::Fish => (
            "argparse -s (__fish_robots_global_optspecs)",
            "argparse -s -i (__fish_robots_global_optspecs)",
        ),
        // zsh completes the first word from the list of modes only.
        Shell::Zsh => (
            "_describe -t commands 'robots commands' commands \"$@\"",
            "_describe -t commands 'robots commands' commands \"$@\"\n    _files",
        ),
        _ => return Ok(script),
    };
    let mut script = match script.matches(from).count() {
        1 => script.replacen(from, to, 1),
        n => {
            return Err(format!(
                "the {shell} script of this clap_complete has {n} places for the adaptation \
                 of modes spelled as options, not one"
            ));
        }
    };
    if shell == Shell::Fish {
        script.push_str("complete -c robots -n \"__fish_robots_needs_command\" -F\n");
    }
    Ok(script)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_described_command_is_consistent_for_clap() {
        command().debug_assert();
    }

    #[test]
    fn every_mode_the_tool_dispatches_is_described() {
        let command = command();
        let described: Vec<&str> = command.get_subcommands().map(Command::get_name).collect();
        let dispatched: Vec<&str> = crate::MODES.split(", ").collect();
        assert_eq!(described, dispatched);
    }
}
