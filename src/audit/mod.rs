//! Which known crawlers a robots.txt blocks, and what it asks of them.
//!
//! [`audit`] answers, for each crawler of a list ([`known_crawlers`], or
//! one's own from [`parse_crawler_list`]), whether it may fetch the site
//! root and each given path under Google's reading of the file, which group
//! and line decide, and which usage preferences apply
//! ([`crate::Robots::preferences`]). Each crawler is queried with the part of
//! its token Google's matcher compares, [`crate::extract_user_agent`]:
//! `archive.org_bot` is matched as `archive`.
//!
//! A crawler's own parser may read the file differently from Google's, and
//! preferences are requests, not access control: the audit tells what the
//! file says under Google's rules, not what a crawler will do.
//!
//! Beside the crawlers, an [`Audit`] gives what the file says to everyone:
//! its `License` and `LLM-Policy` values and, for each policy token a group
//! names (`__usage_ai-training`), what that group says at each path.
//!
//! Memory: the report holds, per crawler and path, a fixed-size verdict and
//! a copy of the path, and per crawler at most [`MAX_GROUP_LINES`] group
//! lines (the count of the rest), so its size does not grow with the number
//! of groups in the file; the file-wide values and the policy tokens are
//! copies of parts of the file, at most its size again.
//!
//! - `list`: the shipped list (`crawlers.toml`, with each token's source and
//!   check date) and users' lists.
//! - `robots_json`: ai.robots.txt's `robots.json` as a list, its entries
//!   read by serde_json (feature `robots-json`) or by the caller's own JSON
//!   reader.

mod list;
mod robots_json;

pub use list::{Category, Crawler, ListError, TryListError, is_list_token, known_crawlers};
pub use robots_json::{ROBOTS_JSON_MEMBERS, RobotsJsonEntry, is_robots_json, try_robots_json_list};

use std::collections::TryReserveError;

use crate::preferences::{Preferences, RequestRate};
use crate::{Robots, extract_user_agent};

/// Reads a crawler list: the format of `crawlers.toml` (a subset of TOML:
/// `[[crawler]]` tables of double-quoted strings); ai.robots.txt's
/// `robots.json` as published (a JSON object keyed by token, each entry with
/// `operator`, `respect`, `function`, `frequency` and `description`
/// strings), told by its first byte that is not whitespace being `{`
/// ([`is_robots_json`]), with the feature `robots-json` (without it,
/// a caller with a JSON reader of its own hands the entries to
/// [`try_robots_json_list`]); or plain text with one crawler per
/// line, `TOKEN [CATEGORY]`, where `#` starts a comment.
///
/// Aborts when memory runs out, as `Vec` does; [`try_parse_crawler_list`]
/// reports that instead.
pub fn parse_crawler_list(text: &str) -> Result<Vec<Crawler>, ListError> {
    try_parse_crawler_list(text).map_err(|error| match error {
        TryListError::List(error) => error,
        TryListError::OutOfMemory(_) => {
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<Crawler>())
        }
    })
}

/// [`parse_crawler_list`], reporting a failed allocation instead of
/// aborting: the list and every string copied into it grow with the text,
/// and each is reserved fallibly.
pub fn try_parse_crawler_list(text: &str) -> Result<Vec<Crawler>, TryListError> {
    if robots_json::is_robots_json(text) {
        #[cfg(feature = "robots-json")]
        return robots_json::parse_robots_json(text);
        #[cfg(not(feature = "robots-json"))]
        return Err(ListError {
            line: 1,
            message: "a JSON crawler list (ai.robots.txt's robots.json) needs the \
                      robots-json feature of robotstxt-exact"
                .to_owned(),
        }
        .into());
    }
    list::try_parse_text_list(text)
}

/// The most group lines an audit keeps per crawler
/// ([`CrawlerAudit::groups`]); [`CrawlerAudit::group_count`] counts them
/// all. A file of many small `*` groups would otherwise make every
/// crawler's report as long as the file.
pub const MAX_GROUP_LINES: usize = 16;

/// The verdict for one crawler and one path.
#[derive(Debug, Clone, PartialEq)]
pub struct PathVerdict {
    /// The path (or URL) as asked.
    pub path: String,
    /// Whether the crawler may fetch it.
    pub allowed: bool,
    /// The line of the rule that decided; 0 when no rule matched.
    pub line: u32,
    /// The usage preferences that apply (none when disallowed).
    pub preferences: Preferences,
}

/// What a robots.txt says to one crawler.
#[derive(Debug, Clone, PartialEq)]
pub struct CrawlerAudit<'c> {
    /// The crawler.
    pub crawler: &'c Crawler,
    /// The agent queried: the token's `[A-Za-z_-]` prefix (the token itself
    /// when that is empty).
    pub matched_as: String,
    /// Whether a group names the crawler; otherwise the `*` groups apply.
    pub specific: bool,
    /// The line of the first `user-agent` line of each group that applies,
    /// in file order, the first [`MAX_GROUP_LINES`] of them; empty when none
    /// does (everything is allowed).
    pub groups: Vec<u32>,
    /// How many groups apply (those past [`CrawlerAudit::groups`] too).
    pub group_count: usize,
    /// Per path, in the order asked: `/` first.
    pub paths: Vec<PathVerdict>,
    /// The `crawl-delay` that applies.
    pub crawl_delay: Option<f64>,
    /// The `Request-rate` that applies.
    pub request_rate: Option<RequestRate>,
}

impl CrawlerAudit<'_> {
    /// Whether the crawler may fetch `/`.
    pub fn root_allowed(&self) -> bool {
        self.paths.first().is_none_or(|p| p.allowed)
    }
}

/// A value for the whole file (`License`, `LLM-Policy`), copied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileValueAudit {
    /// The value, invalid UTF-8 replaced by U+FFFD.
    pub value: String,
    /// Its line.
    pub line: u32,
}

/// What a policy-token group says at one path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyVerdict {
    /// The path (or URL) as asked.
    pub path: String,
    /// Whether the purpose is allowed there, by Google's reading of the
    /// group.
    pub allowed: bool,
    /// The line of the rule that decided; 0 when no rule matched.
    pub line: u32,
}

/// A policy token named in the file and what its groups say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyAudit {
    /// The token as first written, e.g. `__usage_ai-training`.
    pub token: String,
    /// Whether it is one of [`crate::preferences::KNOWN_POLICY_TOKENS`].
    pub known: bool,
    /// Its first `user-agent` line.
    pub line: u32,
    /// Per path, in the order asked: `/` first.
    pub paths: Vec<PolicyVerdict>,
}

/// The audit of a robots.txt for a list of crawlers.
#[derive(Debug, Clone, PartialEq)]
pub struct Audit<'c> {
    /// Per crawler, in the order of the list.
    pub crawlers: Vec<CrawlerAudit<'c>>,
    /// The `License` values (absolute URLs), in file order.
    pub licenses: Vec<FileValueAudit>,
    /// The `LLM-Policy` values, in file order.
    pub llm_policies: Vec<FileValueAudit>,
    /// The policy tokens the file's groups name, in file order.
    pub policies: Vec<PolicyAudit>,
}

/// How many crawlers of a kind are blocked from `/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Count {
    /// Blocked from `/`.
    pub blocked: usize,
    /// In the list.
    pub total: usize,
}

impl Audit<'_> {
    /// The AI crawlers ([`Category::is_ai`]) blocked from `/`.
    pub fn ai_blocked(&self) -> Count {
        self.count(|c| c.category.is_ai())
    }

    /// The crawlers of `category` blocked from `/`.
    pub fn blocked_in(&self, category: Category) -> Count {
        self.count(|c| c.category == category)
    }

    fn count(&self, pick: impl Fn(&Crawler) -> bool) -> Count {
        let mut count = Count::default();
        for audit in self.crawlers.iter().filter(|a| pick(a.crawler)) {
            count.total += 1;
            count.blocked += usize::from(!audit.root_allowed());
        }
        count
    }

    /// The summary line, e.g. `blocks 14 of 30 AI crawlers from /`.
    pub fn summary(&self) -> String {
        let ai = self.ai_blocked();
        let all = self.count(|_| true);
        format!(
            "blocks {} of {} AI crawlers from / ({} of {} crawlers in all)",
            ai.blocked, ai.total, all.blocked, all.total
        )
    }
}

/// Audits `robots` for `crawlers` at `/` and at each of `paths` (paths, or
/// URLs, percent-encoded as for [`Robots::check`]).
///
/// Aborts when memory runs out, as [`Robots::check`] does; [`try_audit`]
/// reports that instead.
pub fn audit<'c, P: AsRef<str>>(
    robots: &Robots,
    crawlers: &'c [Crawler],
    paths: &[P],
) -> Audit<'c> {
    match try_audit(robots, crawlers, paths) {
        Ok(audit) => audit,
        Err(_) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<PathVerdict>()),
    }
}

/// [`audit`], or an error when memory runs out: the report grows with the
/// number of crawlers times the number of paths, and every allocation for
/// it, and for each query, is fallible.
pub fn try_audit<'c, P: AsRef<str>>(
    robots: &Robots,
    crawlers: &'c [Crawler],
    paths: &[P],
) -> Result<Audit<'c>, TryReserveError> {
    let mut audits = Vec::new();
    audits.try_reserve_exact(crawlers.len())?;
    for crawler in crawlers {
        audits.push(audit_crawler(robots, crawler, paths)?);
    }
    let copy = |v: crate::FileValue<'_>| -> Result<FileValueAudit, TryReserveError> {
        Ok(FileValueAudit {
            value: lossy_string(v.value)?,
            line: v.line,
        })
    };
    let mut licenses = Vec::new();
    for value in robots.licenses() {
        try_push(&mut licenses, copy(value)?)?;
    }
    let mut llm_policies = Vec::new();
    for value in robots.llm_policies() {
        try_push(&mut llm_policies, copy(value)?)?;
    }
    let mut policies = Vec::new();
    for group in robots.policy_tokens()? {
        let token = group.token.token;
        let mut verdicts = Vec::new();
        verdicts.try_reserve_exact(paths.len().saturating_add(1))?;
        for path in std::iter::once("/").chain(paths.iter().map(AsRef::as_ref)) {
            // A group names the token: there is an answer.
            if let Some(answer) = robots.policy(token, path)? {
                verdicts.push(PolicyVerdict {
                    path: try_string(path)?,
                    allowed: answer.allowed,
                    line: answer.matching_line,
                });
            }
        }
        try_push(
            &mut policies,
            PolicyAudit {
                token: lossy_string(token)?,
                known: group.token.is_known(),
                line: group.line,
                paths: verdicts,
            },
        )?;
    }
    Ok(Audit {
        crawlers: audits,
        licenses,
        llm_policies,
        policies,
    })
}

/// Pushes onto a vector, or reports that memory ran out.
fn try_push<T>(list: &mut Vec<T>, item: T) -> Result<(), TryReserveError> {
    list.try_reserve(1)?;
    list.push(item);
    Ok(())
}

/// `bytes` as a `String`, invalid UTF-8 replaced, or an error when memory
/// runs out.
fn lossy_string(bytes: &[u8]) -> Result<String, TryReserveError> {
    let mut out = String::new();
    out.try_reserve_exact(bytes.len())?;
    for chunk in bytes.utf8_chunks() {
        out.try_reserve(chunk.valid().len() + char::REPLACEMENT_CHARACTER.len_utf8())?;
        out.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            out.push(char::REPLACEMENT_CHARACTER);
        }
    }
    Ok(out)
}

fn audit_crawler<'c, P: AsRef<str>>(
    robots: &Robots,
    crawler: &'c Crawler,
    paths: &[P],
) -> Result<CrawlerAudit<'c>, TryReserveError> {
    let prefix = extract_user_agent(crawler.token.as_bytes());
    let agent = if prefix.is_empty() {
        crawler.token.as_str()
    } else {
        // The prefix is ASCII: a valid str.
        &crawler.token[..prefix.len()]
    };
    let (specific, applicable) = robots.applicable_groups(agent);
    let group_count = applicable.len();
    let mut groups = Vec::new();
    groups.try_reserve_exact(group_count.min(MAX_GROUP_LINES))?;
    groups.extend(
        applicable
            .filter_map(|group| group.agent(0).map(|(_, line)| line))
            .take(MAX_GROUP_LINES),
    );
    let mut verdicts = Vec::new();
    verdicts.try_reserve_exact(paths.len().saturating_add(1))?;
    for path in std::iter::once("/").chain(paths.iter().map(AsRef::as_ref)) {
        let answer = robots.try_check(&[agent], path)?;
        verdicts.push(PathVerdict {
            path: try_string(path)?,
            allowed: answer.allowed,
            line: answer.matching_line,
            preferences: robots.try_preferences(&[agent], path)?,
        });
    }
    Ok(CrawlerAudit {
        crawler,
        matched_as: try_string(agent)?,
        specific,
        groups,
        group_count,
        paths: verdicts,
        crawl_delay: robots.crawl_delay(agent),
        request_rate: robots.request_rate(agent),
    })
}

/// A copy of `s`, or an error when memory runs out.
fn try_string(s: &str) -> Result<String, TryReserveError> {
    let mut copy = String::new();
    copy.try_reserve_exact(s.len())?;
    copy.push_str(s);
    Ok(copy)
}
