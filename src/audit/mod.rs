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
//! - `list`: the shipped list (`crawlers.toml`, with each token's source and
//!   check date) and users' lists.

mod list;

pub use list::{
    Category, Crawler, ListError, TryListError, known_crawlers, parse_crawler_list,
    try_parse_crawler_list,
};

use std::collections::TryReserveError;

use crate::preferences::{Preferences, RequestRate};
use crate::{Robots, extract_user_agent};

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
    /// in file order; empty when none does (everything is allowed).
    pub groups: Vec<u32>,
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

/// The audit of a robots.txt for a list of crawlers.
#[derive(Debug, Clone, PartialEq)]
pub struct Audit<'c> {
    /// Per crawler, in the order of the list.
    pub crawlers: Vec<CrawlerAudit<'c>>,
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
    Ok(Audit { crawlers: audits })
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
    let mut groups = Vec::new();
    for line in applicable.filter_map(|group| group.agent(0).map(|(_, line)| line)) {
        groups.try_reserve(1)?;
        groups.push(line);
    }
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
