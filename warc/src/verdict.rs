//! What a capture means for each agent: the fetch-outcome policy of the
//! core ([`Policy::decide`]) turns the status into rules, allow-all or
//! disallow-all, and the core's parse-once [`Robots`] answers each agent
//! for each path or URL, with the deciding line and the usage preferences
//! that apply.

use std::sync::Arc;

use robotstxt_exact::crawler::{Decision, FetchOutcome, Policy, truncate_body};
use robotstxt_exact::lint::SourceLines;
use robotstxt_exact::preferences::Preferences;
use robotstxt_exact::{Robots, RuleKind, extract_user_agent};

/// An agent to answer for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agent {
    /// As shown in the table: the `--agent` value, or the crawler list's
    /// token.
    pub name: String,
    /// The bytes given to the matcher: the `--agent` value as is (Google's
    /// matcher compares it whole), or for a listed crawler the part of its
    /// token the matcher compares, as the audit queries it.
    pub query: Vec<u8>,
}

impl Agent {
    /// An agent queried as given.
    pub fn exact(name: &str) -> Agent {
        Agent {
            name: name.to_string(),
            query: name.as_bytes().to_vec(),
        }
    }

    /// A crawler of the audit's list, queried as the audit queries it: by
    /// the `[A-Za-z_-]` prefix of its token (the token itself when that is
    /// empty).
    pub fn token(token: &str) -> Agent {
        let matched = extract_user_agent(token.as_bytes());
        Agent {
            name: token.to_string(),
            query: if matched.is_empty() {
                token.as_bytes().to_vec()
            } else {
                matched.to_vec()
            },
        }
    }
}

/// What the fetch means, after redirects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The body's rules apply.
    Rules,
    /// Everything may be fetched (4xx, or a redirect chain too long).
    AllowAll,
    /// Nothing may be fetched (5xx, 429 under Google's policy, an invalid
    /// response).
    DisallowAll,
    /// The archive does not say: a redirect whose target it lacks, or a body
    /// that cannot be decoded.
    Unknown,
}

impl Outcome {
    /// `rules`, `allow-all`, `disallow-all` or `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Rules => "rules",
            Outcome::AllowAll => "allow-all",
            Outcome::DisallowAll => "disallow-all",
            Outcome::Unknown => "unknown",
        }
    }
}

/// How a host treats an agent, for `--summary`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// No rule disallows anything for the agent (or no robots.txt: 4xx).
    AllowsAll,
    /// The site root `/` is disallowed.
    BlocksAll,
    /// `/` is allowed, but some disallow rule applies to the agent.
    BlocksSome,
    /// The robots.txt could not be read (5xx, 429, a missing redirect
    /// target...): see the reason.
    Unreadable,
}

impl Class {
    /// The four, in the order a summary shows them.
    pub const ALL: [Class; 4] = [
        Class::AllowsAll,
        Class::BlocksAll,
        Class::BlocksSome,
        Class::Unreadable,
    ];

    /// `allows-all`, `blocks-all`, `blocks-some`, `unreadable`.
    pub fn as_str(self) -> &'static str {
        match self {
            Class::AllowsAll => "allows-all",
            Class::BlocksAll => "blocks-all",
            Class::BlocksSome => "blocks-some",
            Class::Unreadable => "unreadable",
        }
    }
}

/// The answer for one agent and one path or URL.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// Whether the agent may fetch it; `None` when the outcome is unknown.
    pub allowed: Option<bool>,
    /// The line of the deciding rule, when one decided.
    pub line: Option<u32>,
    /// That line's text.
    pub rule: Option<Arc<str>>,
    /// The usage preferences that apply (none unless allowed by rules).
    pub preferences: Preferences,
}

/// The answers for one capture.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdicts {
    /// The HTTP status that decided (after redirects); `None` when the
    /// archive has none.
    pub status: Option<u16>,
    /// What the status means.
    pub outcome: Outcome,
    /// Why there are no rules, in words (`HTTP 503`, ...); `None` for
    /// rules.
    pub reason: Option<String>,
    /// Per agent, per item (path or URL): `cells[agent * items + item]`.
    pub cells: Vec<Cell>,
    /// Per agent, for `--summary`; empty when not asked for.
    pub classes: Vec<Class>,
}

/// How a fetch ended, for [`verdicts`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fetch<'a> {
    /// The response that decided: its status and (decoded) body.
    Response(u16, &'a [u8]),
    /// A redirect chain longer than the crawler follows, ending at this
    /// status.
    TooManyRedirects(u16),
    /// The archive does not say (why).
    Unknown(&'a str),
}

/// The answers for `agents` on each of `items` (paths or URLs) after
/// `fetch`, under `policy`; with per-agent [`Class`]es when `classes`.
pub fn verdicts(
    policy: Policy,
    fetch: Fetch<'_>,
    agents: &[Agent],
    items: &[String],
    classes: bool,
) -> Verdicts {
    let none = |allowed: Option<bool>| Cell {
        allowed,
        line: None,
        rule: None,
        preferences: Preferences::default(),
    };
    let fixed = |status, outcome, reason: String, allowed, class| Verdicts {
        status,
        outcome,
        reason: Some(reason),
        cells: vec![none(allowed); agents.len() * items.len()],
        classes: if classes {
            vec![class; agents.len()]
        } else {
            Vec::new()
        },
    };
    let (status, body) = match fetch {
        Fetch::Unknown(why) => {
            return fixed(
                None,
                Outcome::Unknown,
                why.to_string(),
                None,
                Class::Unreadable,
            );
        }
        Fetch::TooManyRedirects(status) => {
            let decision = policy.decide(FetchOutcome::TooManyRedirects);
            let (outcome, allowed, class) = fixed_outcome(decision);
            return fixed(
                Some(status),
                outcome,
                format!(
                    "more than {} redirects",
                    robotstxt_exact::crawler::MAX_REDIRECT_HOPS
                ),
                allowed,
                class,
            );
        }
        Fetch::Response(status, body) => (status, body),
    };
    let decision = policy.decide(FetchOutcome::Status(status));
    if decision != Decision::UseRules {
        let (outcome, allowed, class) = fixed_outcome(decision);
        return fixed(
            Some(status),
            outcome,
            format!("HTTP {status}"),
            allowed,
            class,
        );
    }
    let body = truncate_body(body);
    let robots = match Robots::try_parse(body) {
        Ok(robots) => robots,
        Err(_) => {
            return fixed(
                Some(status),
                Outcome::Unknown,
                "out of memory parsing the body".into(),
                None,
                Class::Unreadable,
            );
        }
    };
    let mut cells = Vec::with_capacity(agents.len() * items.len());
    let mut lines = Vec::new();
    for agent in agents {
        let query = [&agent.query[..]];
        for item in items {
            let answer = robots.check(&query, item);
            let line = (answer.matching_line != 0).then_some(answer.matching_line);
            lines.extend(line);
            cells.push(Cell {
                allowed: Some(answer.allowed),
                line,
                rule: None,
                preferences: robots.preferences(&query, item),
            });
        }
    }
    let texts = line_texts(body, lines);
    for cell in &mut cells {
        if let Some(n) = cell.line {
            cell.rule = texts
                .binary_search_by_key(&n, |(line, _)| *line)
                .ok()
                .map(|i| texts[i].1.clone());
        }
    }
    let classes = if classes {
        agents.iter().map(|a| class_of(&robots, &a.query)).collect()
    } else {
        Vec::new()
    };
    Verdicts {
        status: Some(status),
        outcome: Outcome::Rules,
        reason: None,
        cells,
        classes,
    }
}

fn fixed_outcome(decision: Decision) -> (Outcome, Option<bool>, Class) {
    match decision {
        Decision::AllowAll => (Outcome::AllowAll, Some(true), Class::AllowsAll),
        Decision::DisallowAll => (Outcome::DisallowAll, Some(false), Class::Unreadable),
        Decision::UseRules => (Outcome::Rules, Some(true), Class::AllowsAll),
    }
}

/// How the rules treat an agent: `/` disallowed blocks all; else any
/// non-empty disallow rule of the groups that apply blocks some.
fn class_of(robots: &Robots, agent: &[u8]) -> Class {
    if !robots.check(&[agent], "/").allowed {
        return Class::BlocksAll;
    }
    let (_, groups) = robots.applicable_groups(agent);
    let mut groups = groups;
    if groups.any(|g| {
        g.rules()
            .any(|r| r.kind == RuleKind::Disallow && !r.pattern.is_empty())
    }) {
        Class::BlocksSome
    } else {
        Class::AllowsAll
    }
}

/// The text of each line in `lines`, numbered as the parser numbers them,
/// sorted by line.
fn line_texts(body: &[u8], mut lines: Vec<u32>) -> Vec<(u32, Arc<str>)> {
    lines.sort_unstable();
    lines.dedup();
    let mut out = Vec::with_capacity(lines.len());
    let mut wanted = lines.into_iter().peekable();
    for (i, (_, text)) in SourceLines::new(body).enumerate() {
        let Some(&next) = wanted.peek() else { break };
        if next as usize == i + 1 {
            out.push((next, Arc::from(String::from_utf8_lossy(text).as_ref())));
            wanted.next();
        }
    }
    out
}
