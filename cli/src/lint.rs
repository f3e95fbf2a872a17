//! `robots --lint ROBOTS_TXT`: what is wrong in a robots.txt, line by line
//! (text or JSON Lines), then a summary. The findings are the library's
//! (`robotstxt_exact::lint`); this file only prints them.

use std::ffi::OsString;
use std::io::{self, Write};

use clap::Parser;
use robotstxt_exact::lint::{self, LintLine, Summary};
use serde_json::json;

use crate::exit::{EXIT_FOUND, EXIT_OK};
use crate::output::{fail, json_line, plural, printable, write_failed};
use crate::progress::Progress;
use crate::robots_txt::{FetchArgs, Rules, load};

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
pub struct LintArgs {
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
    json_line(out, &value)
}

/// Runs `--lint`; returns the exit status.
pub fn run(args: LintArgs) -> u8 {
    // The lint reads the whole file: it reports what lies past 500 KiB.
    let body = match load(&args.robots_txt, &args.fetch, false) {
        Ok(Rules::Body(body, _)) => body,
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
