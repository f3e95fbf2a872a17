//! The parse-once `Robots` object against `RobotsMatcher` and against the
//! plain transcription of Google's matcher in `tests/common`.
//!
//! Input: `body [0xFF url [0xFF agent]...]`. Besides the URL and agents given
//! after the body, the queries use what the body itself
//! names, so that plain robots.txt files from the corpus make useful inputs:
//! the matchable part of `user-agent` values (3 agents in all, and the first
//! again upper-cased), and URLs built from rule patterns (`*` replaced by
//! `x`, a final `$` dropped; 3 URLs in all). Every URL is asked for each
//! agent alone, for all agents at once and for no agent.
//!
//! Checked: `Robots::parse(body).check(agents, url)`, the view compiled for
//! the agents and `allowed` equal each other and the four answers
//! of `RobotsMatcher` (allowed, matching line, ever seen a specific agent,
//! disallowed ignoring the global group) for every query, and `RobotsMatcher`
//! equals the reference for all agents at once, on inputs small enough for
//! the quadratic reference (body × URL up to 4 Mi steps): the answer and the
//! whole state (`RobotsMatcher::state`, Google's protected members), both
//! of a matcher that streams the body, skipping the lines that cannot
//! matter, and of one asked three times in a row, which answers from the
//! body it parsed once.

#![no_main]

// The main crate's (stable) clippy lints this file; nightly's asks for
// let-chains, which its minimum Rust version does not have.
#[allow(clippy::collapsible_if)]
#[path = "../../tests/common/mod.rs"]
mod common;

use common::{ReferenceMatcher, crate_outcome, reference_outcome};
use libfuzzer_sys::fuzz_target;
use robotstxt_exact::{ParseHandler, Robots, RobotsMatcher, extract_user_agent, parse_robots_txt};

/// Queries per input: each costs a parse by `RobotsMatcher` and by the
/// reference, whose matching allocates per pattern byte.
const MAX_AGENTS: usize = 3;
const MAX_URLS: usize = 3;

/// The reference transcription of Google's matcher costs up to
/// body × URL steps (each rule byte against each path position, with an
/// allocation per step): on inputs past this product it is skipped, so a
/// slow unit is the library's own slowness, not the harness's. Such inputs
/// (long lines at the 16,663-byte cap, long URLs) are still checked
/// `Robots` against `RobotsMatcher`, both linear; the reference keeps
/// checking every input below the bound, where the same code paths run.
const REFERENCE_MAX_STEPS: usize = 1 << 22;

/// Collects queries from the directives of a body.
#[derive(Default)]
struct Queries {
    agents: Vec<Vec<u8>>,
    urls: Vec<Vec<u8>>,
}

impl Queries {
    fn add_url(&mut self, pattern: &[u8]) {
        if self.urls.len() >= MAX_URLS {
            return;
        }
        let pattern = pattern.strip_suffix(b"$").unwrap_or(pattern);
        let mut url = b"http://example.com".to_vec();
        url.extend(pattern.iter().map(|&b| if b == b'*' { b'x' } else { b }));
        self.urls.push(url);
    }
}

impl ParseHandler for Queries {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _line: u32, value: &[u8]) {
        let agent = extract_user_agent(value);
        if self.agents.len() < MAX_AGENTS && !agent.is_empty() {
            self.agents.push(agent.to_vec());
        }
    }
    fn handle_allow(&mut self, _line: u32, value: &[u8]) {
        self.add_url(value);
    }
    fn handle_disallow(&mut self, _line: u32, value: &[u8]) {
        self.add_url(value);
    }
    fn handle_sitemap(&mut self, _line: u32, _value: &[u8]) {}
    fn handle_unknown_action(&mut self, _line: u32, _action: &[u8], _value: &[u8]) {}
}

fuzz_target!(|data: &[u8]| {
    let mut parts = data.split(|&b| b == 0xFF);
    let body = parts.next().unwrap_or_default();
    let mut queries = Queries::default();
    if let Some(url) = parts.next() {
        queries.urls.push(url.to_vec());
    }
    queries
        .agents
        .extend(parts.take(MAX_AGENTS).map(<[u8]>::to_vec));
    parse_robots_txt(body, &mut queries);
    if let Some(first) = queries.agents.first() {
        let upper = first.to_ascii_uppercase();
        queries.agents.push(upper);
    }
    if queries.urls.is_empty() {
        queries.urls.push(b"http://example.com/".to_vec());
    }

    let robots = Robots::parse(body);
    let all: Vec<&[u8]> = queries.agents.iter().map(Vec::as_slice).collect();
    let mut agent_sets: Vec<Vec<&[u8]>> = all.iter().map(|&a| vec![a]).collect();
    agent_sets.push(all.clone());
    agent_sets.push(Vec::new());
    let compiled: Vec<_> = agent_sets
        .iter()
        .map(|agents| robots.compile(agents))
        .collect();

    for url in &queries.urls {
        // The reference allocates per pattern byte: asked once per URL, with
        // all agents, it keeps the target at a useful speed.
        if body.len().saturating_mul(url.len() + 1) <= REFERENCE_MAX_STEPS {
            let reference = reference_outcome(body, &all, url);
            assert_eq!(
                crate_outcome(body, &all, url),
                reference,
                "RobotsMatcher, agents {all:?} url {url:?}"
            );
            let mut google = ReferenceMatcher::new(&all, url);
            parse_robots_txt(body, &mut google);
            let expected = (!google.disallow(), google.state());
            let mut stream = RobotsMatcher::without_memo();
            let allowed = stream.allowed_by_robots(body, &all, url);
            assert_eq!(
                (allowed, stream.state()),
                expected,
                "streaming RobotsMatcher state, agents {all:?} url {url:?}"
            );
            let mut memo = RobotsMatcher::new();
            for round in 1..=3 {
                let allowed = memo.allowed_by_robots(body, &all, url);
                assert_eq!(
                    (allowed, memo.state()),
                    expected,
                    "memoising RobotsMatcher state, query {round}, agents {all:?} url {url:?}"
                );
            }
        }
        for (agents, compiled) in agent_sets.iter().zip(&compiled) {
            let matcher = crate_outcome(body, agents, url);
            let answer = robots.check(agents, url);
            assert_eq!(
                compiled.check(url),
                answer,
                "compiled, agents {agents:?} url {url:?}"
            );
            assert_eq!(compiled.allowed(url), answer.allowed, "compiled allowed");
            if let [agent] = agents.as_slice() {
                assert_eq!(
                    robots.allowed(agent, url),
                    answer.allowed,
                    "Robots::allowed"
                );
            }
            assert_eq!(
                (
                    answer.allowed,
                    answer.matching_line,
                    answer.ever_seen_specific_agent,
                    answer.disallow_ignore_global,
                ),
                (
                    matcher.allowed,
                    matcher.matching_line,
                    matcher.ever_seen_specific_agent,
                    matcher.disallow_ignore_global,
                ),
                "Robots, agents {agents:?} url {url:?}"
            );
        }
    }
});
