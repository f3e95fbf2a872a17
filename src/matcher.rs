//! Google's `RobotsMatcher`: parse a robots.txt body and decide one URL.

use std::collections::TryReserveError;

use crate::decide::{Hierarchy, Match, Verdict, is_global_agent, try_index_html_directory_pattern};
pub use crate::decide::{extract_user_agent, is_valid_user_agent_to_obey};
use crate::parser::{ParseHandler, try_parse_robots_txt};
use crate::path::try_path_params_query_into;
use crate::pattern;
use crate::robots::Robots;
use crate::screen::{ByteSet, GRAM_MIN_PATH, GramSet};

/// What a [`RobotsMatcher`] knows after a query: the protected state of
/// Google's `RobotsMatcher` (`allow_`, `disallow_` and the `seen_*` flags) as
/// the query left it. Matches are `(priority, line)`: the length of the
/// longest matching pattern and its line, or `(-1, 0)` when no rule matched.
///
/// ```
/// use robotstxt_exact::RobotsMatcher;
/// let body = b"user-agent: *\ndisallow: /x\nuser-agent: FooBot\nallow: /x/page.html\n";
/// let mut m = RobotsMatcher::new();
/// assert!(m.one_agent_allowed_by_robots(body, b"FooBot", b"http://foo.bar/x/page.html"));
/// let state = m.state();
/// assert_eq!(state.allow_specific, (12, 4));
/// assert_eq!(state.disallow_global, (2, 2));
/// assert!(state.seen_specific_agent && state.seen_separator && !state.seen_global_agent);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatcherState {
    /// Best allow match in the global (`*`) groups.
    pub allow_global: (i64, u32),
    /// Best allow match in the groups of the queried agents.
    pub allow_specific: (i64, u32),
    /// Best disallow match in the global (`*`) groups.
    pub disallow_global: (i64, u32),
    /// Best disallow match in the groups of the queried agents.
    pub disallow_specific: (i64, u32),
    /// The parse ended inside a group that includes `*`.
    pub seen_global_agent: bool,
    /// The parse ended inside a group that names a queried agent.
    pub seen_specific_agent: bool,
    /// Some group named a queried agent.
    pub ever_seen_specific_agent: bool,
    /// The current group had a rule line, so the next `user-agent` line
    /// starts a new group.
    pub seen_separator: bool,
}

/// Decides a URL against a robots.txt body, as Google's `RobotsMatcher`.
///
/// The answers and the accessors are Google's. Unlike Google's matcher, this
/// one does not parse the same body again and again: when a query comes with
/// the same body as the query before it (compared byte for byte), the
/// matcher parses it once into a [`crate::Robots`] and answers that query and
/// the following ones with the same body from it. The memory this keeps is
/// bounded by the last body: a copy of it and its parsed form (about three
/// times the body in all), replaced when another body comes twice in a row;
/// [`clear_memo`](Self::clear_memo) drops them. A body seen once is only
/// streamed through the parser, as Google does, so a matcher asked about a
/// different body every time costs what Google's costs.
///
/// The matcher keeps the state of its last query for [`disallow`](Self::disallow),
/// [`disallow_ignore_global`](Self::disallow_ignore_global),
/// [`ever_seen_specific_agent`](Self::ever_seen_specific_agent) and
/// [`matching_line`](Self::matching_line). A matcher can be reused but not
/// shared between threads while querying; for parse-once matching from many
/// threads see [`crate::Robots`].
///
/// ```
/// use robotstxt_exact::RobotsMatcher;
/// let body = b"user-agent: FooBot\ndisallow: /private\n";
/// let mut m = RobotsMatcher::new();
/// assert!(!m.one_agent_allowed_by_robots(body, b"FooBot", b"https://example.com/private/x"));
/// assert_eq!(m.matching_line(), 2);
/// assert!(m.one_agent_allowed_by_robots(body, b"BarBot", b"https://example.com/private/x"));
/// ```
#[derive(Debug, Clone)]
pub struct RobotsMatcher {
    allow: Hierarchy,
    disallow: Hierarchy,
    seen_global_agent: bool,
    seen_specific_agent: bool,
    ever_seen_specific_agent: bool,
    seen_separator: bool,
    /// The path being matched, reused between queries.
    path: Vec<u8>,
    /// The bytes occurring in `path`.
    path_bytes: ByteSet,
    /// The short substrings of `path`, built at the first `*` pattern that
    /// needs a search through a long path.
    path_grams: GramSet,
    path_grams_built: bool,
    /// The queried user agents, reused between queries.
    agents: Vec<Vec<u8>>,
    agent_count: usize,
    /// Scratch space for the index.html rewrite of allow patterns.
    scratch: Vec<u8>,
    /// Set when the scratch space could not grow during a query.
    out_of_memory: Option<TryReserveError>,
    /// The last body, parsed, when it came twice in a row.
    memo: Option<Memo>,
    /// A cheap fingerprint of the last body streamed: its length and its
    /// first and last bytes. Bodies that pass it twice in a row get parsed
    /// once; the memo itself compares every byte.
    last_streamed: Fingerprint,
    /// Whether bodies that come twice in a row are parsed once and kept.
    memoize: bool,
}

/// A body and its parsed form.
#[derive(Debug, Clone)]
struct Memo {
    body: Vec<u8>,
    robots: Robots,
    end: EndState,
}

/// What the state Google's matcher is left in after a parse depends on,
/// beyond the verdict: only the last run of `user-agent` lines and whether
/// an `allow` or `disallow` line follows it; and, for the global matches
/// when the queried agents have a group of their own, which agents share a
/// group with `*` (their rules there count as specific, not global). (Before that run the state is
/// as good as reset: a rule line either set the separator, so the run's
/// first line resets the flags, or found no agent seen, so they were all
/// false already. Sitemap and unknown lines change nothing.)
#[derive(Debug, Clone, Default)]
struct EndState {
    /// The run includes `*`.
    global: bool,
    /// The product tokens of the run's other lines.
    agents: Vec<Vec<u8>>,
    /// A rule line follows the run.
    rule_after: bool,
    /// The allocation of a token failed while recording.
    out_of_memory: bool,
    /// The tokens of every run that also includes `*`. Runs are cut at each
    /// `user-agent` line after a rule line, which cuts no finer than Google's
    /// groups for any agent list, so no agent sharing a group with `*` is
    /// missed.
    with_global: Vec<Vec<u8>>,
}

impl EndState {
    /// Records the run's tokens when it includes `*`.
    fn close_run(&mut self) {
        if !self.global {
            return;
        }
        if self.with_global.try_reserve(self.agents.len()).is_err() {
            self.out_of_memory = true;
            return;
        }
        for token in &self.agents {
            let mut copy = Vec::new();
            if copy.try_reserve_exact(token.len()).is_err() {
                self.out_of_memory = true;
                return;
            }
            copy.extend_from_slice(token);
            self.with_global.push(copy);
        }
    }
}

impl ParseHandler for EndState {
    fn handle_robots_start(&mut self) {}

    fn handle_robots_end(&mut self) {
        self.close_run();
    }

    fn handle_sitemap(&mut self, _line_num: u32, _value: &[u8]) {}

    fn handle_unknown_action(&mut self, _line_num: u32, _action: &[u8], _value: &[u8]) {}

    fn needs_rule_values(&self) -> bool {
        false
    }

    fn handle_user_agent(&mut self, _line_num: u32, value: &[u8]) {
        if self.rule_after {
            self.close_run();
            self.global = false;
            self.agents.clear();
            self.rule_after = false;
        }
        if is_global_agent(value) {
            self.global = true;
            return;
        }
        let agent = extract_user_agent(value);
        let mut token = Vec::new();
        if self.agents.try_reserve(1).is_err() || token.try_reserve_exact(agent.len()).is_err() {
            self.out_of_memory = true;
            return;
        }
        token.extend_from_slice(agent);
        self.agents.push(token);
    }

    fn handle_allow(&mut self, _line_num: u32, _value: &[u8]) {
        self.rule_after = true;
    }

    fn handle_disallow(&mut self, _line_num: u32, _value: &[u8]) {
        self.rule_after = true;
    }
}

/// The length, first and last bytes of a body (see
/// [`RobotsMatcher::last_streamed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Fingerprint {
    len: usize,
    first: [u8; 16],
    last: [u8; 16],
}

impl Fingerprint {
    fn of(body: &[u8]) -> Fingerprint {
        let mut first = [0; 16];
        let mut last = [0; 16];
        let n = body.len().min(16);
        first[..n].copy_from_slice(&body[..n]);
        last[..n].copy_from_slice(&body[body.len() - n..]);
        Fingerprint {
            len: body.len(),
            first,
            last,
        }
    }
}

impl Default for RobotsMatcher {
    fn default() -> Self {
        Self::new()
    }
}

impl RobotsMatcher {
    /// A matcher with Google's longest-match strategy.
    pub fn new() -> Self {
        RobotsMatcher {
            allow: Hierarchy::NONE,
            disallow: Hierarchy::NONE,
            seen_global_agent: false,
            seen_specific_agent: false,
            ever_seen_specific_agent: false,
            seen_separator: false,
            path: Vec::new(),
            path_bytes: ByteSet::default(),
            path_grams: GramSet::default(),
            path_grams_built: false,
            agents: Vec::new(),
            agent_count: 0,
            scratch: Vec::new(),
            out_of_memory: None,
            memo: None,
            last_streamed: Fingerprint::default(),
            memoize: true,
        }
    }

    /// A matcher that streams every body through the parser for every
    /// query, exactly as Google's does, and keeps no body: the reference the
    /// memoising [`new`](Self::new) matcher and [`crate::Robots`] are tested
    /// against, and a choice for callers who want no memory kept between
    /// queries.
    pub fn without_memo() -> Self {
        RobotsMatcher {
            memoize: false,
            ..Self::new()
        }
    }

    /// Drops the copy of the last body and its parsed form, if kept.
    pub fn clear_memo(&mut self) {
        self.memo = None;
        self.last_streamed = Fingerprint::default();
    }

    /// Answers from the parsed form of `body` when it is the memoised one,
    /// or when it came twice in a row (then it is parsed now); `false` when
    /// the body must be streamed.
    fn answer_from_memo<A: AsRef<[u8]>>(&mut self, body: &[u8], agents: &[A], url: &[u8]) -> bool {
        let same = self
            .memo
            .as_ref()
            .is_some_and(|memo| memo.body.as_slice() == body);
        if !same {
            let fingerprint = Fingerprint::of(body);
            if fingerprint != self.last_streamed {
                self.last_streamed = fingerprint;
                return false;
            }
            // Probably the body of the query before: worth parsing once.
            // When memory runs short, stream as Google does.
            self.memo = None;
            let mut copy = Vec::new();
            if copy.try_reserve_exact(body.len()).is_err() {
                return false;
            }
            copy.extend_from_slice(body);
            let Ok(robots) = Robots::try_parse(body) else {
                return false;
            };
            let mut end = EndState::default();
            if try_parse_robots_txt(body, &mut end).is_err() || end.out_of_memory {
                return false;
            }
            self.memo = Some(Memo {
                body: copy,
                robots,
                end,
            });
        }
        let Some(memo) = &self.memo else {
            return false;
        };
        let end = &memo.end;
        let named = |tokens: &[Vec<u8>]| {
            tokens.iter().any(|token| {
                agents
                    .iter()
                    .any(|agent| agent.as_ref().eq_ignore_ascii_case(token))
            })
        };
        let mut verdict = memo.robots.verdict(agents, url);
        if verdict.ever_seen_specific_agent {
            // The agents' own groups decide, but Google's matcher still
            // records the global groups' matches. Where an agent shares a
            // group with `*`, that group's rules are specific only: stream.
            if named(&end.with_global) {
                return false;
            }
            let global = memo.robots.global_verdict(url);
            verdict.allow.global = global.allow.global;
            verdict.disallow.global = global.disallow.global;
        }
        self.allow = verdict.allow;
        self.disallow = verdict.disallow;
        self.ever_seen_specific_agent = verdict.ever_seen_specific_agent;
        // The flags a stream through Google's handlers would leave.
        self.seen_global_agent = end.global;
        self.seen_specific_agent = named(&end.agents);
        self.seen_separator =
            end.rule_after && (self.seen_global_agent || self.seen_specific_agent);
        true
    }

    /// Whether a user agent is valid to obey (see
    /// [`is_valid_user_agent_to_obey`]).
    pub fn is_valid_user_agent_to_obey(user_agent: impl AsRef<[u8]>) -> bool {
        is_valid_user_agent_to_obey(user_agent.as_ref())
    }

    /// Whether `url` may be fetched by any of `user_agents` under the
    /// robots.txt `robots_body`. The URL must already be percent-encoded
    /// (RFC 3986); its path, params and query are matched (see
    /// [`crate::get_path_params_query`]), up to a NUL byte if it has one.
    ///
    /// Memory: a copy of the path and of the agents (kept for the next
    /// query), and scratch lines of at most 4 × [`crate::MAX_LINE_LEN`]
    /// bytes; nothing grows with the body. Aborts, as the standard library
    /// does, when that cannot be allocated; see
    /// [`try_allowed_by_robots`](Self::try_allowed_by_robots).
    pub fn allowed_by_robots<A: AsRef<[u8]>>(
        &mut self,
        robots_body: impl AsRef<[u8]>,
        user_agents: &[A],
        url: impl AsRef<[u8]>,
    ) -> bool {
        match self.try_allowed_by_robots(robots_body, user_agents, url) {
            Ok(allowed) => allowed,
            Err(_) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<u8>()),
        }
    }

    /// [`allowed_by_robots`](Self::allowed_by_robots), or an error when
    /// memory runs out (for the copy of a huge URL, say). After an error the
    /// matcher is usable and its getters answer as before any query.
    pub fn try_allowed_by_robots<A: AsRef<[u8]>>(
        &mut self,
        robots_body: impl AsRef<[u8]>,
        user_agents: &[A],
        url: impl AsRef<[u8]>,
    ) -> Result<bool, TryReserveError> {
        let result = self.try_query(robots_body.as_ref(), user_agents, url.as_ref());
        if result.is_err() {
            self.handle_robots_start();
            self.path.clear();
            self.agent_count = 0;
        }
        result
    }

    fn try_query<A: AsRef<[u8]>>(
        &mut self,
        robots_body: &[u8],
        user_agents: &[A],
        url: &[u8],
    ) -> Result<bool, TryReserveError> {
        self.out_of_memory = None;
        if self.memoize && self.answer_from_memo(robots_body, user_agents, url) {
            return Ok(!self.disallow());
        }
        self.set_agents(user_agents.iter().map(AsRef::as_ref))?;
        self.set_url(url)?;
        try_parse_robots_txt(robots_body, self)?;
        if let Some(error) = self.out_of_memory.take() {
            return Err(error);
        }
        Ok(!self.disallow())
    }

    /// [`try_allowed_by_robots`](Self::try_allowed_by_robots) for a single
    /// agent.
    pub fn try_one_agent_allowed_by_robots(
        &mut self,
        robots_body: impl AsRef<[u8]>,
        user_agent: impl AsRef<[u8]>,
        url: impl AsRef<[u8]>,
    ) -> Result<bool, TryReserveError> {
        self.try_allowed_by_robots(robots_body, &[user_agent.as_ref()], url)
    }

    /// [`allowed_by_robots`](Self::allowed_by_robots) for a single agent.
    pub fn one_agent_allowed_by_robots(
        &mut self,
        robots_body: impl AsRef<[u8]>,
        user_agent: impl AsRef<[u8]>,
        url: impl AsRef<[u8]>,
    ) -> bool {
        self.allowed_by_robots(robots_body, &[user_agent.as_ref()], url)
    }

    fn set_agents<'a>(
        &mut self,
        agents: impl Iterator<Item = &'a [u8]>,
    ) -> Result<(), TryReserveError> {
        self.agent_count = 0;
        for agent in agents {
            if self.agent_count == self.agents.len() {
                self.agents.try_reserve(1)?;
                self.agents.push(Vec::new());
            }
            let slot = &mut self.agents[self.agent_count];
            slot.clear();
            slot.try_reserve(agent.len())?;
            slot.extend_from_slice(agent);
            self.agent_count += 1;
        }
        Ok(())
    }

    fn set_url(&mut self, url: &[u8]) -> Result<(), TryReserveError> {
        try_path_params_query_into(url, &mut self.path)?;
        // Google keeps the path as a C string: a NUL ends it.
        if let Some(nul) = memchr::memchr(0, &self.path) {
            self.path.truncate(nul);
        }
        self.path_bytes = ByteSet::of(&self.path);
        self.path_grams_built = false;
        Ok(())
    }

    /// Whether the last query's URL is disallowed.
    pub fn disallow(&self) -> bool {
        self.verdict().disallow()
    }

    /// Whether the last query's URL is disallowed by the groups of the
    /// queried agents alone, ignoring the global (`*`) group.
    pub fn disallow_ignore_global(&self) -> bool {
        self.verdict().disallow_ignore_global()
    }

    /// Whether the last robots.txt had a group naming one of the queried
    /// agents.
    pub fn ever_seen_specific_agent(&self) -> bool {
        self.ever_seen_specific_agent
    }

    /// The line of the rule that decided the last query, or 0 if none did.
    pub fn matching_line(&self) -> u32 {
        self.verdict().matching_line()
    }

    /// The state the last query left, as Google's `RobotsMatcher` keeps it in
    /// its protected members (see [`MatcherState`]), whether the query was
    /// streamed or answered from the kept body.
    pub fn state(&self) -> MatcherState {
        let pair = |m: Match| (m.priority, m.line);
        MatcherState {
            allow_global: pair(self.allow.global),
            allow_specific: pair(self.allow.specific),
            disallow_global: pair(self.disallow.global),
            disallow_specific: pair(self.disallow.specific),
            seen_global_agent: self.seen_global_agent,
            seen_specific_agent: self.seen_specific_agent,
            ever_seen_specific_agent: self.ever_seen_specific_agent,
            seen_separator: self.seen_separator,
        }
    }

    pub(crate) fn verdict(&self) -> Verdict {
        Verdict {
            allow: self.allow,
            disallow: self.disallow,
            ever_seen_specific_agent: self.ever_seen_specific_agent,
        }
    }

    fn seen_any_agent(&self) -> bool {
        self.seen_global_agent || self.seen_specific_agent
    }

    fn record(&mut self, is_allow: bool, priority: i64, line: u32) {
        let hierarchy = if is_allow {
            &mut self.allow
        } else {
            &mut self.disallow
        };
        let slot = if self.seen_specific_agent {
            &mut hierarchy.specific
        } else {
            &mut hierarchy.global
        };
        if slot.priority < priority {
            *slot = Match { priority, line };
        }
    }

    /// The best priority a new rule of this kind must beat to change anything.
    fn current_best(&self, is_allow: bool) -> i64 {
        let hierarchy = if is_allow {
            &self.allow
        } else {
            &self.disallow
        };
        if self.seen_specific_agent {
            hierarchy.specific.priority
        } else {
            hierarchy.global.priority
        }
    }

    fn path_matches(&mut self, pattern: &[u8]) -> bool {
        let (body, anchored) = pattern::split_anchor(pattern);
        let Some(star) = memchr::memchr(b'*', body) else {
            return if anchored {
                self.path == body
            } else {
                self.path.starts_with(body)
            };
        };
        if !self.path.starts_with(&body[..star]) {
            return false;
        }
        let long = self.path.len() >= GRAM_MIN_PATH;
        if long {
            // The piece after the first `*` must occur somewhere in the
            // path: checked first, as it rejects most hopeless rules
            // cheaper than anything else.
            let rest = &body[star + 1..];
            // A plain loop: the piece is a few bytes, where a call to a
            // vectorised search costs more than the search.
            let piece = &rest[..rest.iter().position(|&b| b == b'*').unwrap_or(rest.len())];
            if piece.len() >= 2 {
                if !self.path_grams_built {
                    self.path_grams.build(&self.path);
                    self.path_grams_built = true;
                }
                if !self.path_grams.may_contain(piece) {
                    return false;
                }
            }
        }
        if !self.path_bytes.has_literals_of(body) {
            return false;
        }
        // A search through a long path per rule is what a file of `*` rules
        // that never match costs: a piece with a substring the path lacks
        // is rejected before its search.
        let (path, grams, built) = (&self.path, &mut self.path_grams, &mut self.path_grams_built);
        pattern::matches_tail_with(path, star, &body[star..], anchored, |piece| {
            if !long {
                return true;
            }
            if !*built {
                grams.build(path);
                *built = true;
            }
            grams.may_contain(piece)
        })
    }

    fn handle_rule(&mut self, is_allow: bool, line: u32, value: &[u8]) {
        if !self.seen_any_agent() {
            return;
        }
        self.seen_separator = true;
        // A rule can only win with a strictly longer pattern, and the
        // index.html rewrite only shortens it: skip hopeless rules unmatched.
        let len = value.len() as i64;
        if len <= self.current_best(is_allow) {
            return;
        }
        if self.path_matches(value) {
            self.record(is_allow, len, line);
        } else if is_allow {
            let mut rewritten = std::mem::take(&mut self.scratch);
            match try_index_html_directory_pattern(value, &mut rewritten) {
                Ok(true) if self.path_matches(&rewritten) => {
                    self.record(true, rewritten.len() as i64, line);
                }
                Ok(_) => {}
                Err(error) => self.out_of_memory = Some(error),
            }
            self.scratch = rewritten;
        }
    }
}

impl ParseHandler for RobotsMatcher {
    fn handle_robots_start(&mut self) {
        self.allow = Hierarchy::NONE;
        self.disallow = Hierarchy::NONE;
        self.seen_global_agent = false;
        self.seen_specific_agent = false;
        self.ever_seen_specific_agent = false;
        self.seen_separator = false;
    }

    fn handle_robots_end(&mut self) {}

    fn handle_user_agent(&mut self, _line_num: u32, value: &[u8]) {
        if self.seen_separator {
            // A user-agent line after rules starts a new group.
            self.seen_specific_agent = false;
            self.seen_global_agent = false;
            self.seen_separator = false;
        }
        if is_global_agent(value) {
            self.seen_global_agent = true;
        } else {
            let agent = extract_user_agent(value);
            if self.agents[..self.agent_count]
                .iter()
                .any(|a| a.eq_ignore_ascii_case(agent))
            {
                self.seen_specific_agent = true;
                self.ever_seen_specific_agent = true;
            }
        }
    }

    fn handle_allow(&mut self, line_num: u32, value: &[u8]) {
        self.handle_rule(true, line_num, value);
    }

    fn handle_disallow(&mut self, line_num: u32, value: &[u8]) {
        self.handle_rule(false, line_num, value);
    }

    fn needs_rule_values(&self) -> bool {
        // Rules outside the groups that apply are ignored unseen.
        self.seen_any_agent()
    }

    fn report_empty_lines(&mut self, _first_line: u32, _count: u32) {}

    fn handle_sitemap(&mut self, _line_num: u32, _value: &[u8]) {}

    fn handle_unknown_action(&mut self, _line_num: u32, _action: &[u8], _value: &[u8]) {}
}
