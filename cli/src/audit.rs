//! `robots --audit ROBOTS_TXT [--path P]... [--agents-file FILE] [--json]`:
//! for each known crawler (or those of a list of one's own), whether it may
//! fetch `/` and the given paths under Google's reading, which group and
//! line decide, and which usage preferences apply; then a summary line.

use std::ffi::OsString;
use std::io::{self, Write};

use clap::Parser;
use robotstxt_exact::Robots;
use robotstxt_exact::audit::{
    Audit, Category, Crawler, FileValueAudit, audit, known_crawlers, parse_crawler_list,
};
use serde_json::json;

use crate::decider::Decider;
use crate::exit::EXIT_OK;
use crate::output::{fail, write_failed};
use crate::robots_txt::{FetchArgs, Rules, load};
use crate::url_warnings::UrlWarnings;

/// Which known crawlers a robots.txt blocks, and what it asks of them.
#[derive(Parser, Debug)]
#[command(
    name = "robots",
    version,
    about = "Which known crawlers (AI crawlers, search engines, SEO tools, archivers) a robots.txt \
        blocks, and what usage preferences apply to them",
    long_about = "Which known crawlers (AI crawlers, search engines, SEO tools, archivers) a \
        robots.txt blocks from the site root and from each --path, under Google's reading of \
        the file; which group and line decide; which usage preferences (Content-Signal, \
        Content-Usage) and Request-rate apply; and a summary line. Then what the file says to \
        everyone: its License (RSL) and LLM-Policy values, and what each policy-token group \
        (User-agent: __usage_ai-training) says at / and each --path.\n\n\
        Each crawler's own parser may read a file differently from Google's, and usage \
        preferences are requests, not access control.\n\n\
        The list of crawlers ships with the tool, each with the page its token comes from and \
        the date it was checked; --agents-file reads a list of one's own: the same format, or \
        one product token per line, optionally followed by a category (ai-training, ai-search, \
        ai-assistant, search-engine, seo, archiver, ai, other), or ai.robots.txt's robots.json \
        as published (its operator and function are shown).\n\n\
        Exit status: 0, or 2 on error."
)]
pub struct AuditArgs {
    /// The robots.txt file ("-" for standard input) or a site's URL.
    #[arg(value_name = "ROBOTS_TXT")]
    robots_txt: OsString,
    /// A path (or URL) to check besides "/" (repeatable), percent-encoded.
    #[arg(long = "path", value_name = "PATH", allow_hyphen_values = true)]
    paths: Vec<String>,
    /// A list of crawlers to audit instead of the shipped one.
    #[arg(long, value_name = "FILE")]
    agents_file: Option<OsString>,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Read the whole file, not only the first 500 KiB that Googlebot reads.
    #[arg(long)]
    no_size_limit: bool,
    #[command(flatten)]
    fetch: FetchArgs,
}

/// Runs `--audit`; returns the exit status.
pub fn run(args: AuditArgs) -> u8 {
    let own;
    let crawlers: &[Crawler] = match &args.agents_file {
        None => known_crawlers(),
        Some(path) => {
            let text = match std::fs::read(path) {
                Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                Err(e) => return fail(&format!("cannot read agents file {path:?}: {e}")),
            };
            own = match parse_crawler_list(&text) {
                Ok(list) => list,
                Err(e) => return fail(&format!("agents file {path:?}, {e}")),
            };
            &own
        }
    };
    let rules = match load(&args.robots_txt, &args.fetch, !args.no_size_limit) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let body = match &rules {
        Rules::Body(body, _) => &body[..],
        Rules::AllowAll(_) | Rules::DisallowAll(_) => b"",
    };
    let robots = match Robots::try_parse(body) {
        Ok(robots) => robots,
        Err(_) => return fail("not enough memory to parse the robots.txt"),
    };
    let mut warnings = UrlWarnings::new();
    for path in &args.paths {
        warnings.check(path.as_bytes());
    }
    warnings.finish();
    let mut report = audit(&robots, crawlers, &args.paths);
    if let Rules::DisallowAll(_) = rules {
        // A fetch said everything is disallowed: no rule decides, nothing
        // applies.
        for verdict in report.crawlers.iter_mut().flat_map(|c| c.paths.iter_mut()) {
            verdict.allowed = false;
            verdict.line = 0;
            verdict.preferences = Default::default();
        }
        for verdict in report.policies.iter_mut().flat_map(|p| p.paths.iter_mut()) {
            verdict.allowed = false;
            verdict.line = 0;
        }
    }
    let decider = Decider::new(&rules, true, true);
    let text = if args.json {
        let mut text = serde_json::to_string(&to_json(&report, &decider)).unwrap_or_default();
        text.push('\n');
        text
    } else {
        to_text(&report, &args.paths)
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => EXIT_OK,
        Err(e) => write_failed(&e),
    }
}

/// `allowed (10)`, `disallowed (3)`, `allowed`.
fn verdict_text(allowed: bool, line: u32) -> String {
    let word = if allowed { "allowed" } else { "disallowed" };
    match line {
        0 => word.to_owned(),
        n => format!("{word} ({n})"),
    }
}

fn to_text(report: &Audit<'_>, paths: &[String]) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec!["CRAWLER".to_owned(), "CATEGORY".to_owned(), "/".to_owned()];
    header.extend(paths.iter().cloned());
    header.extend(["GROUP".to_owned(), "PREFERENCES AT /".to_owned()]);
    rows.push(header);
    for a in &report.crawlers {
        let mut name = a.crawler.token.clone();
        if a.matched_as != a.crawler.token {
            name.push_str(&format!(" (as {})", a.matched_as));
        }
        let mut row = vec![name, a.crawler.category.as_str().to_owned()];
        row.extend(a.paths.iter().map(|p| verdict_text(p.allowed, p.line)));
        let more = match a.group_count {
            0 | 1 => String::new(),
            n => format!(" (+{} more)", n - 1),
        };
        row.push(match (a.groups.first(), a.specific) {
            (None, _) => "none".to_owned(),
            (Some(line), true) => format!("line {line}{more}"),
            (Some(line), false) => format!("* line {line}{more}"),
        });
        let mut prefs = a
            .paths
            .first()
            .map(|p| Decider::preferences_text(&p.preferences))
            .map(|t| {
                String::from_utf8_lossy(&t)
                    .trim()
                    .trim_matches(['[', ']'])
                    .to_owned()
            })
            .unwrap_or_default();
        if let Some(rate) = a.request_rate {
            if !prefs.is_empty() {
                prefs.push_str("; ");
            }
            prefs.push_str(&format!("Request-rate {}/{}s", rate.requests, rate.seconds));
        }
        row.push(if prefs.is_empty() {
            "-".to_owned()
        } else {
            prefs
        });
        rows.push(row);
    }
    let columns = rows[0].len();
    let widths: Vec<usize> = (0..columns - 1)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut text = String::new();
    for value in &report.licenses {
        text.push_str(&format!("License (line {}): {}\n", value.line, value.value));
    }
    for value in &report.llm_policies {
        text.push_str(&format!(
            "LLM-Policy (line {}): {}\n",
            value.line, value.value
        ));
    }
    for policy in &report.policies {
        let verdicts: Vec<String> = policy
            .paths
            .iter()
            .map(|p| format!("{} {}", p.path, verdict_text(p.allowed, p.line)))
            .collect();
        text.push_str(&format!(
            "policy token {} (line {}{}): {}\n",
            policy.token,
            policy.line,
            if policy.known {
                ""
            } else {
                ", not a known token"
            },
            verdicts.join(", ")
        ));
    }
    if !text.is_empty() {
        text.push('\n');
    }
    for row in &rows {
        for (c, cell) in row.iter().enumerate() {
            if c + 1 < columns {
                text.push_str(&format!("{cell:<width$}  ", width = widths[c]));
            } else {
                text.push_str(cell);
            }
        }
        text.push('\n');
    }
    let per_category: Vec<String> = Category::ALL
        .into_iter()
        .filter_map(|c| {
            let count = report.blocked_in(c);
            (count.total > 0).then(|| format!("{} {}/{}", c.as_str(), count.blocked, count.total))
        })
        .collect();
    text.push_str(&format!(
        "\n{}\nblocked from / per category: {}\n\
         (Google's reading of the file: each crawler's own parser may differ; \
         preferences are requests, not access control)\n",
        report.summary(),
        per_category.join(", ")
    ));
    text
}

fn to_json(report: &Audit<'_>, decider: &Decider<'_>) -> serde_json::Value {
    let crawlers: Vec<serde_json::Value> = report
        .crawlers
        .iter()
        .map(|a| {
            let paths: Vec<serde_json::Value> = a
                .paths
                .iter()
                .map(|p| {
                    let mut value = json!({
                        "path": p.path,
                        "allowed": p.allowed,
                        "line": (p.line != 0).then_some(p.line),
                        "rule": (p.line != 0).then(|| {
                            String::from_utf8_lossy(decider.line_text(p.line)).into_owned()
                        }),
                    });
                    Decider::preferences_json(&p.preferences, &mut value);
                    value
                })
                .collect();
            json!({
                "token": a.crawler.token,
                "matched_as": a.matched_as,
                "operator": a.crawler.operator,
                "function": a.crawler.function,
                "category": a.crawler.category.as_str(),
                "ai": a.crawler.category.is_ai(),
                "specific_group": a.specific,
                "groups": a.groups,
                "group_count": a.group_count,
                "paths": paths,
                "crawl_delay": a.crawl_delay,
                "request_rate": a.request_rate.map(|r| json!({
                    "requests": r.requests,
                    "seconds": r.seconds,
                    "window": r.window.map(|w| json!({"start_minute": w.start, "end_minute": w.end})),
                })),
                "source": a.crawler.source,
                "checked": a.crawler.checked,
                "note": a.crawler.note,
            })
        })
        .collect();
    let mut categories = serde_json::Map::new();
    for category in Category::ALL {
        let count = report.blocked_in(category);
        if count.total > 0 {
            categories.insert(
                category.as_str().into(),
                json!({"blocked": count.blocked, "total": count.total}),
            );
        }
    }
    let ai = report.ai_blocked();
    let values = |values: &[FileValueAudit]| -> Vec<serde_json::Value> {
        values
            .iter()
            .map(|v| json!({"value": v.value, "line": v.line}))
            .collect()
    };
    let policies: Vec<serde_json::Value> = report
        .policies
        .iter()
        .map(|p| {
            let paths: Vec<serde_json::Value> = p
                .paths
                .iter()
                .map(|v| {
                    json!({
                        "path": v.path,
                        "allowed": v.allowed,
                        "line": (v.line != 0).then_some(v.line),
                        "rule": (v.line != 0).then(|| {
                            String::from_utf8_lossy(decider.line_text(v.line)).into_owned()
                        }),
                    })
                })
                .collect();
            json!({"token": p.token, "known": p.known, "line": p.line, "paths": paths})
        })
        .collect();
    json!({
        "summary": report.summary(),
        "ai_blocked": {"blocked": ai.blocked, "total": ai.total},
        "categories": categories,
        "license": values(&report.licenses),
        "llm_policy": values(&report.llm_policies),
        "policy_tokens": policies,
        "crawlers": crawlers,
    })
}
