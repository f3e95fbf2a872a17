//! `robots --diff OLD NEW`: what changes for crawlers between two versions
//! of a robots.txt. With URLs, every URL whose verdict changes, with the
//! deciding line on each side; without, the rules added and removed per
//! agent.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, Write};

use clap::Parser;
use robotstxt_exact::{Robots, RuleKind, extract_user_agent};
use serde_json::json;

use crate::agents;
use crate::decider::{Decider, Outcome};
use crate::exit::{EXIT_FOUND, EXIT_OK};
use crate::output::{fail, json_line, plural, printable, write_failed};
use crate::robots_txt::{FetchArgs, Rules, is_stdin, load};
use crate::url_list::UrlSource;
use crate::url_warnings::UrlWarnings;

/// Compare two versions of a robots.txt.
#[derive(Parser, Debug)]
#[command(
    name = "robots",
    version,
    about = "Say what changes for crawlers between two versions of a robots.txt",
    long_about = "Say what changes for crawlers between two versions of a robots.txt.\n\n\
        OLD and NEW are files, \"-\" for standard input (one of them), or http:// or https:// \
        URLs of a site, whose robots.txt is fetched as a crawler does.\n\n\
        With URLs (--url, --urls FILE, \"--urls -\" for standard input) and --agent: every URL \
        whose verdict changes, with the deciding line in each version, and a summary line \
        (newly disallowed, newly allowed). Without URLs: the rules added and removed for each \
        user agent (--agent limits the list), compared by kind and pattern after Google's \
        percent-escape normalisation.\n\n\
        Exit status: 0 if nothing changes, 1 if something does, 2 on error."
)]
pub struct DiffArgs {
    /// The old robots.txt: a file, "-" or a site's URL.
    #[arg(value_name = "OLD")]
    old: OsString,
    /// The new robots.txt: a file, "-" or a site's URL.
    #[arg(value_name = "NEW")]
    new: OsString,
    /// A user agent of the crawler (repeatable): the crawler whose verdicts
    /// are compared, or the agents whose rules are listed.
    #[arg(long = "agent", value_name = "USER_AGENT")]
    agents: Vec<OsString>,
    /// A URL to compare (repeatable), percent-encoded (RFC 3986).
    #[arg(long = "url", value_name = "URL", allow_hyphen_values = true)]
    urls: Vec<OsString>,
    /// A file of URLs, one per line ("-" for standard input).
    #[arg(long = "urls", value_name = "FILE")]
    url_file: Option<OsString>,
    /// JSON Lines instead of text: one object per change, then a summary.
    #[arg(long)]
    json: bool,
    /// Read the whole files, not only the first 500 KiB that Googlebot reads.
    #[arg(long)]
    no_size_limit: bool,
    #[command(flatten)]
    fetch: FetchArgs,
}

/// Runs `--diff`; returns the exit status.
pub fn run(args: DiffArgs) -> u8 {
    let mut source = match UrlSource::open(args.url_file.as_ref(), !args.urls.is_empty(), false) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let stdin_files = usize::from(is_stdin(&args.old)) + usize::from(is_stdin(&args.new));
    if stdin_files + usize::from(source.reads_stdin()) > 1 {
        return fail("standard input can hold only one of OLD, NEW and the URLs");
    }
    let googlebot_limit = !args.no_size_limit;
    let old = match load(&args.old, &args.fetch, googlebot_limit) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let new = match load(&args.new, &args.fetch, googlebot_limit) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let agents = agents::from_args(&args.agents);
    let agents: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
    if args.urls.is_empty() && source.is_none() {
        return rules_diff(&old, &new, &agents, args.json);
    }
    if agents.is_empty() {
        return fail("comparing URLs needs the crawler: give --agent USER_AGENT");
    }
    let one_query = args.urls.len() == 1 && source.is_none();
    let old = Decider::new(&old, true, one_query);
    let new = Decider::new(&new, true, one_query);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut urls, mut blocked, mut allowed) = (0usize, 0usize, 0usize);
    let (mut old_cut, mut new_cut) = (0usize, 0usize);
    let mut warnings = UrlWarnings::new();
    let result = source.for_each_url(&args.urls, |url| {
        urls += 1;
        warnings.check(url);
        let before = old.check(&agents, url);
        let after = new.check(&agents, url);
        old_cut += usize::from(old.is_cut_line(before.matching_line));
        new_cut += usize::from(new.is_cut_line(after.matching_line));
        if before.allowed == after.allowed {
            return Ok(());
        }
        let change = if after.allowed {
            allowed += 1;
            "newly-allowed"
        } else {
            blocked += 1;
            "newly-disallowed"
        };
        if args.json {
            let side = |d: &Decider<'_>, o: &Outcome| {
                let mut v = json!({"allowed": o.allowed});
                d.explain_json(o, &mut v);
                v
            };
            let value = json!({
                "url": String::from_utf8_lossy(url),
                "change": change,
                "old": side(&old, &before),
                "new": side(&new, &after),
            });
            return json_line(&mut out, &value);
        }
        let verdict = |allowed: bool| if allowed { "ALLOWED" } else { "DISALLOWED" };
        out.write_all(if after.allowed {
            b"NEWLY ALLOWED"
        } else {
            b"NEWLY DISALLOWED"
        })?;
        // An empty URL leaves no space at the end of the line.
        if !url.is_empty() {
            out.write_all(b" ")?;
            out.write_all(url)?;
        }
        write!(out, "\n  old: {}", verdict(before.allowed))?;
        out.write_all(&old.explain_text(&before))?;
        write!(out, "\n  new: {}", verdict(after.allowed))?;
        out.write_all(&new.explain_text(&after))?;
        out.write_all(b"\n")
    });
    warnings.finish();
    if let Err(code) = result {
        return code;
    }
    let summary = if args.json {
        json_line(
            &mut out,
            &json!({"summary": {
                "urls": urls,
                "newly_disallowed": blocked,
                "newly_allowed": allowed,
            }}),
        )
    } else {
        writeln!(
            out,
            "{} compared: {} newly disallowed, {} newly allowed",
            plural(urls, "URL", "URLs"),
            blocked,
            allowed
        )
    };
    if let Err(e) = summary.and_then(|()| out.flush()) {
        return write_failed(&e);
    }
    for warning in [
        old.cut_line_warning(old_cut, " of OLD"),
        new.cut_line_warning(new_cut, " of NEW"),
    ]
    .into_iter()
    .flatten()
    {
        let _ = writeln!(io::stderr().lock(), "{warning}");
    }
    if blocked + allowed > 0 {
        EXIT_FOUND
    } else {
        EXIT_OK
    }
}

/// The rules of one agent: (is_allow, pattern) -> first line.
type AgentRules = BTreeMap<(bool, Vec<u8>), u32>;

/// The rules per agent name, lower-cased as Google compares them (`*` for
/// the global group); agents that name no crawler are left out. An agent
/// named in several groups gets all their rules, as Google merges them.
fn rules_by_agent(robots: &Robots) -> BTreeMap<Vec<u8>, AgentRules> {
    let mut by_agent: BTreeMap<Vec<u8>, AgentRules> = BTreeMap::new();
    for group in robots.groups() {
        for (value, _) in group.agents() {
            let key = if value.first() == Some(&b'*')
                && value.get(1).is_none_or(|b| b.is_ascii_whitespace())
            {
                b"*".to_vec()
            } else {
                extract_user_agent(value).to_ascii_lowercase()
            };
            if key.is_empty() {
                continue;
            }
            let rules = by_agent.entry(key).or_default();
            for rule in group.rules() {
                let allow = rule.kind == RuleKind::Allow;
                rules
                    .entry((allow, rule.pattern.to_vec()))
                    .or_insert(rule.line);
            }
        }
    }
    by_agent
}

fn rules_diff(old: &Rules, new: &Rules, agents: &[&[u8]], json_out: bool) -> u8 {
    let parse = |rules: &Rules, which: &str| match rules {
        Rules::Body(body, _) => Robots::try_parse(body).map_err(|_| {
            fail(&format!(
                "{which} is too large to parse in the memory available ({} bytes)",
                body.len()
            ))
        }),
        Rules::AllowAll(_) => Ok(Robots::parse(b"")),
        Rules::DisallowAll(_) => Err(fail(&format!(
            "{which} is unreachable, so it has no rules to compare; compare URLs instead"
        ))),
    };
    let (old, new) = match (parse(old, "OLD"), parse(new, "NEW")) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let before = rules_by_agent(&old);
    let after = rules_by_agent(&new);
    let wanted: Vec<Vec<u8>> = agents
        .iter()
        .map(|a| {
            if *a == b"*" {
                b"*".to_vec()
            } else {
                a.to_ascii_lowercase()
            }
        })
        .collect();
    let empty = AgentRules::new();
    let mut names: Vec<&Vec<u8>> = before.keys().chain(after.keys()).collect();
    names.sort();
    names.dedup();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut added, mut removed, mut changed_agents) = (0usize, 0usize, 0usize);
    let written = (|| -> io::Result<()> {
        for name in names {
            if !wanted.is_empty() && !wanted.contains(name) {
                continue;
            }
            let old_rules = before.get(name).unwrap_or(&empty);
            let new_rules = after.get(name).unwrap_or(&empty);
            let gone: Vec<_> = old_rules
                .iter()
                .filter(|(k, _)| !new_rules.contains_key(*k))
                .collect();
            let came: Vec<_> = new_rules
                .iter()
                .filter(|(k, _)| !old_rules.contains_key(*k))
                .collect();
            if gone.is_empty() && came.is_empty() {
                continue;
            }
            changed_agents += 1;
            removed += gone.len();
            added += came.len();
            let agent = String::from_utf8_lossy(name);
            if !json_out {
                writeln!(out, "{agent}:")?;
            }
            for (sign, change, side, list) in
                [("-", "removed", "old", &gone), ("+", "added", "new", &came)]
            {
                for ((allow, pattern), line) in list.iter() {
                    let kind = if *allow { "Allow" } else { "Disallow" };
                    if json_out {
                        json_line(
                            &mut out,
                            &json!({
                                "agent": agent,
                                "change": change,
                                "kind": kind.to_ascii_lowercase(),
                                "pattern": String::from_utf8_lossy(pattern),
                                "line": line,
                                "file": side,
                            }),
                        )?;
                    } else {
                        write!(out, "  {sign} {kind}: ")?;
                        out.write_all(&printable(pattern))?;
                        writeln!(out, " ({side} line {line})")?;
                    }
                }
            }
        }
        if json_out {
            json_line(
                &mut out,
                &json!({"summary": {"agents": changed_agents, "added": added, "removed": removed}}),
            )?;
        } else {
            writeln!(
                out,
                "{} added, {} removed, for {}",
                plural(added, "rule", "rules"),
                removed,
                plural(changed_agents, "agent", "agents")
            )?;
        }
        out.flush()
    })();
    match written {
        Err(e) => write_failed(&e),
        Ok(()) if added + removed > 0 => EXIT_FOUND,
        Ok(()) => EXIT_OK,
    }
}
