//! Parse once, match many: an immutable robots.txt object.
//!
//! [`Robots::parse`] reads a body once into groups of rules; [`Robots::check`]
//! then answers any number of queries, from any number of threads, with
//! exactly what [`crate::RobotsMatcher`] would answer after parsing the same
//! body for the same agents and URL: the verdict, the deciding line,
//! `ever_seen_specific_agent` and `disallow_ignore_global`.
//!
//! Why this is the same as Google's matcher: Google's matcher starts a new
//! group at a `user-agent` line that follows a rule, and applies a group's
//! rules to the queried agents when one of the group's `user-agent` lines
//! names one of them (the "specific" rules), else to everyone when one of them
//! is `*` (the "global" rules); other groups, and rules before the first
//! `user-agent` line, are ignored. The global rules only matter when no group
//! names the agents. In each of the four slots (allow or disallow, specific or
//! global) the longest matching pattern wins, and among equally long ones the
//! first in the file. An allow pattern that does not match but ends in a
//! `/index.htm...` segment competes as `<directory>/$` with that shorter
//! length. So each group keeps its rules sorted by (length descending, line
//! ascending), and a query stops at the first rule that matches.

use crate::matcher::{
    Hierarchy, Match, Verdict, extract_user_agent, index_html_directory_pattern, is_global_agent,
};
use crate::parser::{ParseHandler, parse_robots_txt};
use crate::path::path_params_query_span;
use crate::pattern::{ByteSet, matches_split, split_anchor};

/// A byte range in the object's arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    start: usize,
    len: usize,
}

/// One candidate pattern of a group, ready for matching.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The pattern without its final `$`.
    pattern: Span,
    anchored: bool,
    priority: usize,
    line: u32,
}

/// A pattern with a `*`, with what rules most paths out cheaply: the bytes
/// before its first `*` (a path must start with them) and the set of its
/// literal bytes (a path must contain them all).
#[derive(Debug, Clone, Copy)]
struct Wildcard {
    entry: Entry,
    literal_prefix: usize,
    /// The first eight bytes of the literal prefix (see [`head`]) and the
    /// mask of the bytes they cover: patterns hold no NUL, so a masked path
    /// head equal to it means the path starts with them.
    prefix_head: u64,
    prefix_mask: u64,
    literals: ByteSet,
}

/// A pattern without `*` and without a final `$`: it matches the paths it is
/// a prefix of.
#[derive(Debug, Clone, Copy)]
struct Prefix {
    pattern: Span,
    /// The pattern's first eight bytes as a big-endian word (see [`head`]).
    head: u64,
    line: u32,
    /// The longest other prefix pattern that is a prefix of this one.
    parent: Option<u32>,
}

/// The patterns of one kind (allow or disallow) of one group, indexed so a
/// query costs O(log n) for the common wildcard-free patterns instead of a
/// scan of the group.
#[derive(Debug, Clone, Default)]
struct RuleIndex {
    /// Sorted by bytes; repeats dropped (the first line of a pattern wins).
    prefixes: Box<[Prefix]>,
    /// Patterns without `*` ending in `$` (match the whole path), as
    /// entries sorted by bytes; repeats dropped.
    exact: Box<[Entry]>,
    /// Patterns with `*`, by (priority descending, line ascending).
    wildcards: Box<[Wildcard]>,
}

/// Whether a rule allows or disallows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// An `allow` rule.
    Allow,
    /// A `disallow` rule.
    Disallow,
}

#[derive(Debug, Clone, Copy)]
struct RuleData {
    kind: RuleKind,
    pattern: Span,
    line: u32,
}

#[derive(Debug, Clone, Copy)]
struct AgentData {
    /// The value as written on the `user-agent` line.
    value: Span,
    line: u32,
}

#[derive(Debug, Clone)]
struct GroupData {
    agents: std::ops::Range<usize>,
    rules: std::ops::Range<usize>,
    is_global: bool,
    allow: RuleIndex,
    disallow: RuleIndex,
    crawl_delay: Option<f64>,
}

/// A parsed robots.txt, immutable and shareable between threads.
///
/// ```
/// use robotstxt::Robots;
/// let robots = Robots::parse(b"User-agent: *\nDisallow: /private\n\nSitemap: https://example.com/s.xml\n");
/// let answer = robots.check(&["FooBot"], "https://example.com/private/page");
/// assert!(!answer.allowed);
/// assert_eq!(answer.matching_line, 2);
/// assert!(robots.allowed("FooBot", "https://example.com/public"));
/// assert_eq!(robots.sitemaps().collect::<Vec<_>>(), [b"https://example.com/s.xml"]);
/// ```
#[derive(Debug, Clone)]
pub struct Robots {
    arena: Box<[u8]>,
    agents: Box<[AgentData]>,
    rules: Box<[RuleData]>,
    groups: Box<[GroupData]>,
    /// (lower-cased matchable agent name, group index), sorted.
    agent_index: Box<[(Span, usize)]>,
    global_groups: Box<[usize]>,
    sitemaps: Box<[Span]>,
}

/// The answer to one query, as [`crate::RobotsMatcher`] gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Answer {
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// The line of the deciding rule, or 0 when no rule matched.
    pub matching_line: u32,
    /// Whether a group names one of the queried agents.
    pub ever_seen_specific_agent: bool,
    /// Whether the groups naming the agents alone disallow the URL.
    pub disallow_ignore_global: bool,
}

/// A rule of a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule<'a> {
    /// Allow or disallow.
    pub kind: RuleKind,
    /// The pattern, percent-escape normalised as the parser hands it over.
    pub pattern: &'a [u8],
    /// The line number.
    pub line: u32,
}

/// A group: its `user-agent` lines and its rules.
#[derive(Debug, Clone, Copy)]
pub struct Group<'a> {
    robots: &'a Robots,
    data: &'a GroupData,
}

impl<'a> Group<'a> {
    /// The `user-agent` values as written, with their line numbers.
    pub fn agents(&self) -> impl ExactSizeIterator<Item = (&'a [u8], u32)> + 'a {
        let robots = self.robots;
        robots.agents[self.data.agents.clone()]
            .iter()
            .map(move |a| (robots.bytes(a.value), a.line))
    }

    /// The rules in file order.
    pub fn rules(&self) -> impl ExactSizeIterator<Item = Rule<'a>> + 'a {
        let robots = self.robots;
        robots.rules[self.data.rules.clone()]
            .iter()
            .map(move |r| Rule {
                kind: r.kind,
                pattern: robots.bytes(r.pattern),
                line: r.line,
            })
    }

    /// The `index`-th `user-agent` line (from 0), as [`Group::agents`] gives
    /// it; `None` past the end. Constant time, for callers that index.
    pub fn agent(&self, index: usize) -> Option<(&'a [u8], u32)> {
        let robots = self.robots;
        robots.agents[self.data.agents.clone()]
            .get(index)
            .map(|a| (robots.bytes(a.value), a.line))
    }

    /// The `index`-th rule (from 0) in file order; `None` past the end.
    /// Constant time, for callers that index.
    pub fn rule(&self, index: usize) -> Option<Rule<'a>> {
        let robots = self.robots;
        robots.rules[self.data.rules.clone()]
            .get(index)
            .map(|r| Rule {
                kind: r.kind,
                pattern: robots.bytes(r.pattern),
                line: r.line,
            })
    }

    /// Whether one of the group's agents is `*`.
    pub fn is_global(&self) -> bool {
        self.data.is_global
    }

    /// The group's first valid `crawl-delay` value, in seconds. An extension:
    /// Google ignores crawl-delay, and so do the verdicts here.
    pub fn crawl_delay(&self) -> Option<f64> {
        self.data.crawl_delay
    }
}

/// Builds a [`Robots`] from parser callbacks.
#[derive(Default)]
struct Builder {
    arena: Vec<u8>,
    agents: Vec<AgentData>,
    rules: Vec<RuleData>,
    groups: Vec<GroupData>,
    sitemaps: Vec<Span>,
    last_was_rule: bool,
}

impl Builder {
    fn push(&mut self, bytes: &[u8]) -> Span {
        let start = self.arena.len();
        self.arena.extend_from_slice(bytes);
        Span {
            start,
            len: bytes.len(),
        }
    }

    fn add_rule(&mut self, kind: RuleKind, line: u32, value: &[u8]) {
        // Rules before the first user-agent line belong to no group.
        let Some(group) = self.groups.last_mut() else {
            return;
        };
        group.rules.end += 1;
        self.last_was_rule = true;
        let pattern = self.push(value);
        self.rules.push(RuleData {
            kind,
            pattern,
            line,
        });
    }

    fn finish(mut self) -> Robots {
        let mut scratch = Vec::new();
        let mut agent_index = Vec::new();
        let mut global_groups = Vec::new();
        for (index, group) in self.groups.iter_mut().enumerate() {
            let mut allow = Vec::new();
            let mut disallow = Vec::new();
            for rule in &self.rules[group.rules.clone()] {
                let value = &self.arena[rule.pattern.start..][..rule.pattern.len];
                let (body, anchored) = split_anchor(value);
                let entry = Entry {
                    pattern: Span {
                        start: rule.pattern.start,
                        len: body.len(),
                    },
                    anchored,
                    priority: value.len(),
                    line: rule.line,
                };
                match rule.kind {
                    RuleKind::Disallow => disallow.push(entry),
                    RuleKind::Allow => {
                        allow.push(entry);
                        // The index.html rewrite competes when the original
                        // does not match; when it does, the original is longer
                        // and wins, so listing both is exact.
                        if index_html_directory_pattern(value, &mut scratch) {
                            let prefix_len = scratch.len() - 1;
                            allow.push(Entry {
                                pattern: Span {
                                    start: rule.pattern.start,
                                    len: prefix_len,
                                },
                                anchored: true,
                                priority: scratch.len(),
                                line: rule.line,
                            });
                        }
                    }
                }
            }
            group.allow = RuleIndex::new(allow, &self.arena);
            group.disallow = RuleIndex::new(disallow, &self.arena);

            for agent in &self.agents[group.agents.clone()] {
                let value = &self.arena[agent.value.start..][..agent.value.len];
                if is_global_agent(value) {
                    group.is_global = true;
                } else {
                    agent_index.push((extract_user_agent(value).to_ascii_lowercase(), index));
                }
            }
            if group.is_global {
                global_groups.push(index);
            }
        }
        agent_index.sort();
        agent_index.dedup();
        let agent_index = agent_index
            .into_iter()
            .map(|(name, group)| {
                let start = self.arena.len();
                self.arena.extend_from_slice(&name);
                (
                    Span {
                        start,
                        len: name.len(),
                    },
                    group,
                )
            })
            .collect();
        Robots {
            arena: self.arena.into_boxed_slice(),
            agents: self.agents.into_boxed_slice(),
            rules: self.rules.into_boxed_slice(),
            groups: self.groups.into_boxed_slice(),
            agent_index,
            global_groups: global_groups.into_boxed_slice(),
            sitemaps: self.sitemaps.into_boxed_slice(),
        }
    }
}

impl ParseHandler for Builder {
    fn handle_robots_start(&mut self) {}

    fn handle_robots_end(&mut self) {}

    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        if self.groups.is_empty() || self.last_was_rule {
            let rules = self.rules.len();
            let agents = self.agents.len();
            self.groups.push(GroupData {
                agents: agents..agents,
                rules: rules..rules,
                is_global: false,
                allow: RuleIndex::default(),
                disallow: RuleIndex::default(),
                crawl_delay: None,
            });
            self.last_was_rule = false;
        }
        let value = self.push(value);
        self.agents.push(AgentData { value, line });
        if let Some(group) = self.groups.last_mut() {
            group.agents.end += 1;
        }
    }

    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        self.add_rule(RuleKind::Allow, line, value);
    }

    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        self.add_rule(RuleKind::Disallow, line, value);
    }

    fn handle_sitemap(&mut self, _line: u32, value: &[u8]) {
        let span = self.push(value);
        self.sitemaps.push(span);
    }

    fn handle_unknown_action(&mut self, _line: u32, action: &[u8], value: &[u8]) {
        if !action.eq_ignore_ascii_case(b"crawl-delay") {
            return;
        }
        let Some(group) = self.groups.last_mut() else {
            return;
        };
        if group.crawl_delay.is_none() {
            group.crawl_delay = std::str::from_utf8(value)
                .ok()
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|d| d.is_finite() && *d >= 0.0);
        }
    }
}

impl RuleIndex {
    fn new(entries: Vec<Entry>, arena: &[u8]) -> RuleIndex {
        let bytes = |span: Span| &arena[span.start..][..span.len];
        let (mut wildcards, plain): (Vec<Entry>, Vec<Entry>) = entries
            .into_iter()
            .partition(|e| memchr::memchr(b'*', bytes(e.pattern)).is_some());
        let (mut exact, mut prefixes): (Vec<Entry>, Vec<Entry>) =
            plain.into_iter().partition(|e| e.anchored);

        // A repeated pattern has the same priority and a later line, so it
        // can never win; hostile files repeat expensive patterns.
        let by_pattern = |a: &Entry, b: &Entry| {
            (bytes(a.pattern), a.anchored, a.line).cmp(&(bytes(b.pattern), b.anchored, b.line))
        };
        let same_pattern = |a: &mut Entry, b: &mut Entry| {
            (bytes(a.pattern), a.anchored) == (bytes(b.pattern), b.anchored)
        };
        for list in [&mut wildcards, &mut exact, &mut prefixes] {
            list.sort_by(by_pattern);
            list.dedup_by(same_pattern);
        }
        wildcards.sort_by(|a, b| b.priority.cmp(&a.priority).then(a.line.cmp(&b.line)));
        let wildcards: Vec<Wildcard> = wildcards
            .into_iter()
            .map(|entry| {
                let pattern = bytes(entry.pattern);
                let literal_prefix = memchr::memchr(b'*', pattern).unwrap_or(pattern.len());
                let covered = literal_prefix.min(8);
                Wildcard {
                    entry,
                    literal_prefix,
                    prefix_head: head(&pattern[..covered]),
                    prefix_mask: !(u64::MAX.checked_shr(8 * covered as u32).unwrap_or(0)),
                    literals: ByteSet::of_literals(pattern),
                }
            })
            .collect();

        // In byte order, the patterns that are prefixes of a pattern come
        // before it and are still on the stack when it is reached.
        let mut stack: Vec<u32> = Vec::new();
        let mut indexed: Vec<Prefix> = Vec::with_capacity(prefixes.len());
        for entry in &prefixes {
            let pattern = bytes(entry.pattern);
            while let Some(&top) = stack.last() {
                if pattern.starts_with(bytes(indexed[top as usize].pattern)) {
                    break;
                }
                stack.pop();
            }
            indexed.push(Prefix {
                pattern: entry.pattern,
                head: head(pattern),
                line: entry.line,
                parent: stack.last().copied(),
            });
            stack.push(u32::try_from(indexed.len() - 1).unwrap_or(u32::MAX));
        }
        RuleIndex {
            prefixes: indexed.into_boxed_slice(),
            exact: exact.into_boxed_slice(),
            wildcards: wildcards.into_boxed_slice(),
        }
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&*self.prefixes) + size_of_val(&*self.exact) + size_of_val(&*self.wildcards)
    }
}

/// The first eight bytes of `s` as a big-endian word, zero-padded. Words
/// order like the byte strings whenever they differ: where one side is
/// padding and the other a real non-zero byte, the padded side is a proper
/// prefix of the other, so the smaller. Equal words say nothing.
fn head(s: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    let n = s.len().min(8);
    word[..n].copy_from_slice(&s[..n]);
    u64::from_be_bytes(word)
}

/// What a query computes about its path once: its first word, and its byte
/// set on first use (only `*` patterns need it).
struct LazyByteSet<'a> {
    path: &'a [u8],
    head: u64,
    set: std::cell::OnceCell<ByteSet>,
}

impl<'a> LazyByteSet<'a> {
    fn new(path: &'a [u8]) -> Self {
        LazyByteSet {
            path,
            head: head(path),
            set: std::cell::OnceCell::new(),
        }
    }

    fn get(&self) -> &ByteSet {
        self.set.get_or_init(|| ByteSet::of(self.path))
    }
}

/// The groups naming the queried agents: a few at most, kept inline.
#[derive(Default)]
struct GroupList {
    inline: [usize; 8],
    len: usize,
    spilled: Vec<usize>,
}

impl GroupList {
    fn push(&mut self, group: usize) {
        if self.len < self.inline.len() {
            self.inline[self.len] = group;
            self.len += 1;
        } else {
            if self.spilled.is_empty() {
                self.spilled.extend_from_slice(&self.inline);
            }
            self.spilled.push(group);
        }
    }

    /// The groups in file order, each once.
    fn as_sorted_set(&mut self) -> &[usize] {
        let list = if self.spilled.is_empty() {
            &mut self.inline[..self.len]
        } else {
            &mut self.spilled[..]
        };
        list.sort_unstable();
        let mut kept = 0;
        for i in 0..list.len() {
            if kept == 0 || list[kept - 1] != list[i] {
                list[kept] = list[i];
                kept += 1;
            }
        }
        &list[..kept]
    }
}

/// The best match of one slot so far.
fn consider(best: &mut Match, candidate: Match) {
    if candidate.priority > best.priority
        || (candidate.priority == best.priority && candidate.line < best.line)
    {
        *best = candidate;
    }
}

impl Robots {
    /// Parses a robots.txt body. Accepts any bytes, as the parser does.
    pub fn parse(body: impl AsRef<[u8]>) -> Robots {
        let mut builder = Builder::default();
        parse_robots_txt(body.as_ref(), &mut builder);
        builder.finish()
    }

    fn bytes(&self, span: Span) -> &[u8] {
        &self.arena[span.start..][..span.len]
    }

    /// The groups whose user-agent lines name `agent` (case-insensitively,
    /// compared with the matchable part of each line's value).
    fn groups_naming<'s>(&'s self, agent: &'s [u8]) -> impl Iterator<Item = usize> + 's {
        let cmp = move |name: &[u8]| {
            let common = name.len().min(agent.len());
            for (a, b) in name[..common].iter().zip(&agent[..common]) {
                let ord = a.cmp(&b.to_ascii_lowercase());
                if ord.is_ne() {
                    return ord;
                }
            }
            name.len().cmp(&agent.len())
        };
        let index = &self.agent_index;
        let first = index.partition_point(|&(name, _)| cmp(self.bytes(name)).is_lt());
        index[first..]
            .iter()
            .take_while(move |&&(name, _)| cmp(self.bytes(name)).is_eq())
            .map(|&(_, group)| group)
    }

    /// Best match of one slot among the groups, for `path`.
    fn best(
        &self,
        groups: &[usize],
        path: &[u8],
        path_bytes: &LazyByteSet<'_>,
        pick: fn(&GroupData) -> &RuleIndex,
    ) -> Match {
        let mut best = Match::NONE;
        for &g in groups {
            let index = pick(&self.groups[g]);
            if let Ok(i) = index.exact.binary_search_by(|e| {
                let pattern = self.bytes(e.pattern);
                head(pattern)
                    .cmp(&path_bytes.head)
                    .then_with(|| pattern.cmp(path))
            }) {
                let e = &index.exact[i];
                consider(
                    &mut best,
                    Match {
                        priority: e.priority as i64,
                        line: e.line,
                    },
                );
            }
            self.best_prefix(&index.prefixes, path, path_bytes.head, &mut best);
            for wildcard in &index.wildcards {
                let entry = &wildcard.entry;
                let priority = entry.priority as i64;
                if priority < best.priority
                    || (priority == best.priority && entry.line >= best.line)
                {
                    break;
                }
                let pattern = self.bytes(entry.pattern);
                if path_bytes.head & wildcard.prefix_mask == wildcard.prefix_head
                    && (wildcard.literal_prefix <= 8
                        || path.starts_with(&pattern[..wildcard.literal_prefix]))
                    && path_bytes.get().contains_all(&wildcard.literals)
                    && matches_split(path, pattern, entry.anchored)
                {
                    consider(
                        &mut best,
                        Match {
                            priority,
                            line: entry.line,
                        },
                    );
                    break;
                }
            }
        }
        best
    }

    /// The longest prefix pattern that is a prefix of `path`.
    ///
    /// Every pattern that is a prefix of `path` sorts at or before `path`, and
    /// so at or before the last pattern `q` that does; everything between such
    /// a pattern and `path` starts with it, `q` included. So the answer is on
    /// the chain of patterns that are prefixes of `q`: the longest of them no
    /// longer than the common prefix of `q` and `path`.
    fn best_prefix(&self, prefixes: &[Prefix], path: &[u8], path_head: u64, best: &mut Match) {
        let after = prefixes.partition_point(|p| {
            if p.head == path_head {
                self.bytes(p.pattern) <= path
            } else {
                p.head < path_head
            }
        });
        let Some(last) = after.checked_sub(1) else {
            return;
        };
        let q = self.bytes(prefixes[last].pattern);
        let common = q.iter().zip(path).take_while(|(a, b)| a == b).count();
        let mut at = Some(last as u32);
        while let Some(i) = at {
            let p = &prefixes[i as usize];
            if p.pattern.len <= common {
                consider(
                    best,
                    Match {
                        priority: p.pattern.len as i64,
                        line: p.line,
                    },
                );
                return;
            }
            at = p.parent;
        }
    }

    /// Answers a query for several agents, as
    /// [`crate::RobotsMatcher::allowed_by_robots`] followed by its accessors.
    pub fn check<A: AsRef<[u8]>>(&self, user_agents: &[A], url: impl AsRef<[u8]>) -> Answer {
        let url = url.as_ref();
        let mut owned = Vec::new();
        let path: &[u8] = match path_params_query_span(url) {
            None => b"/",
            Some((start, end, false)) => &url[start..end],
            Some((start, end, true)) => {
                owned.reserve(end - start + 1);
                owned.push(b'/');
                owned.extend_from_slice(&url[start..end]);
                &owned
            }
        };
        // Google matches the path as a C string.
        let path = match memchr::memchr(0, path) {
            Some(nul) => &path[..nul],
            None => path,
        };

        let path_bytes = &LazyByteSet::new(path);
        let mut specific = GroupList::default();
        for agent in user_agents {
            for group in self.groups_naming(agent.as_ref()) {
                specific.push(group);
            }
        }
        let specific = specific.as_sorted_set();
        let ever_seen_specific_agent = !specific.is_empty();
        let mut allow = Hierarchy::NONE;
        let mut disallow = Hierarchy::NONE;
        if ever_seen_specific_agent {
            // With a group of its own, the global rules never decide.
            allow.specific = self.best(specific, path, path_bytes, |g| &g.allow);
            disallow.specific = self.best(specific, path, path_bytes, |g| &g.disallow);
        } else {
            allow.global = self.best(&self.global_groups, path, path_bytes, |g| &g.allow);
            disallow.global = self.best(&self.global_groups, path, path_bytes, |g| &g.disallow);
        }
        let verdict = Verdict {
            allow,
            disallow,
            ever_seen_specific_agent,
        };
        Answer {
            allowed: !verdict.disallow(),
            matching_line: verdict.matching_line(),
            ever_seen_specific_agent,
            disallow_ignore_global: verdict.disallow_ignore_global(),
        }
    }

    /// Whether `url` may be fetched by `user_agent`.
    pub fn allowed(&self, user_agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        self.check(&[user_agent.as_ref()], url).allowed
    }

    /// The `sitemap` values in file order.
    pub fn sitemaps(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.sitemaps.iter().map(|&s| self.bytes(s))
    }

    /// The groups in file order. Rules before the first `user-agent` line
    /// belong to no group and are not listed.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = Group<'_>> + '_ {
        self.groups
            .iter()
            .map(move |data| Group { robots: self, data })
    }

    /// The `index`-th `sitemap` value (from 0, in file order); `None` past
    /// the end. Constant time, for callers that index.
    pub fn sitemap(&self, index: usize) -> Option<&[u8]> {
        self.sitemaps.get(index).map(|&s| self.bytes(s))
    }

    /// The `index`-th group (from 0, in file order); `None` past the end.
    /// Constant time, for callers that index.
    pub fn group(&self, index: usize) -> Option<Group<'_>> {
        self.groups
            .get(index)
            .map(move |data| Group { robots: self, data })
    }

    /// The crawl-delay that applies to `user_agent`: the first valid one of
    /// the groups naming it, or, when none names it, of the `*` groups.
    /// An extension: it never changes a verdict.
    pub fn crawl_delay(&self, user_agent: impl AsRef<[u8]>) -> Option<f64> {
        let mut specific: Vec<usize> = self.groups_naming(user_agent.as_ref()).collect();
        if specific.is_empty() {
            specific.extend_from_slice(&self.global_groups);
        }
        specific.sort_unstable();
        specific.dedup();
        specific.iter().find_map(|&g| self.groups[g].crawl_delay)
    }

    /// Heap bytes held by this object (its own allocations, not counting the
    /// `Robots` value itself).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&*self.arena)
            + size_of_val(&*self.agents)
            + size_of_val(&*self.rules)
            + size_of_val(&*self.groups)
            + self
                .groups
                .iter()
                .map(|g| g.allow.heap_bytes() + g.disallow.heap_bytes())
                .sum::<usize>()
            + size_of_val(&*self.agent_index)
            + size_of_val(&*self.global_groups)
            + size_of_val(&*self.sitemaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    proptest::proptest! {
        #[test]
        fn head_words_order_like_byte_strings_when_they_differ(
            a in proptest::collection::vec(proptest::sample::select(vec![0u8, 1, b'/', b'a', 0xFF]), 0..12),
            b in proptest::collection::vec(proptest::sample::select(vec![0u8, 1, b'/', b'a', 0xFF]), 0..12),
        ) {
            if head(&a) != head(&b) {
                proptest::prop_assert_eq!(head(&a).cmp(&head(&b)), a.cmp(&b));
            }
        }
    }

    #[test]
    fn robots_is_send_and_sync() {
        assert_send_sync::<Robots>();
    }

    #[test]
    fn group_ends_at_user_agent_after_a_rule() {
        let r =
            Robots::parse(b"user-agent: a\nuser-agent: b\ndisallow: /\nuser-agent: c\nallow: /x\n");
        let groups: Vec<_> = r.groups().collect();
        assert_eq!(groups.len(), 2);
        assert_eq!(
            groups[0].agents().map(|(a, _)| a).collect::<Vec<_>>(),
            [b"a", b"b"]
        );
        assert_eq!(groups[1].rules().next().unwrap().line, 5);
    }

    #[test]
    fn indexed_accessors_agree_with_the_iterators() {
        let r = Robots::parse(
            b"sitemap: /a.xml\nuser-agent: a\nuser-agent: b\nallow: /x\ndisallow: /\n\
              user-agent: *\ndisallow: /y\nsitemap: /b.xml\n",
        );
        assert_eq!(r.sitemap(0), Some(&b"/a.xml"[..]));
        assert_eq!(r.sitemap(1), Some(&b"/b.xml"[..]));
        assert_eq!(r.sitemap(2), None);
        for (i, g) in r.groups().enumerate() {
            let by_index = r.group(i).unwrap();
            assert_eq!(by_index.is_global(), g.is_global());
            for (j, agent) in g.agents().enumerate() {
                assert_eq!(by_index.agent(j), Some(agent));
            }
            assert_eq!(by_index.agent(g.agents().len()), None);
            for (j, rule) in g.rules().enumerate() {
                assert_eq!(by_index.rule(j), Some(rule));
            }
            assert_eq!(by_index.rule(g.rules().len()), None);
        }
        assert!(r.group(2).is_none());
        assert_eq!(r.group(1).unwrap().agent(0), Some((&b"*"[..], 6)));
        assert_eq!(r.group(0).unwrap().rule(1).unwrap().line, 5);
    }

    #[test]
    fn crawl_delay_is_per_group_and_falls_back_to_global() {
        let r = Robots::parse(
            b"user-agent: *\ndisallow: /x\ncrawl-delay: 5\n\nuser-agent: a\nCrawl-Delay: 1.5\ndisallow: /\n",
        );
        assert_eq!(r.crawl_delay("A"), Some(1.5));
        assert_eq!(r.crawl_delay("b"), Some(5.0));
    }
}
