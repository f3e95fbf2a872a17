//! Parse once, match many: an immutable robots.txt object.
//!
//! [`Robots::parse`] reads a body once into groups of rules; [`Robots::check`]
//! then answers any number of queries, from any number of threads, with
//! exactly what [`crate::RobotsMatcher`] would answer after parsing the same
//! body for the same agents and URL: the verdict, the deciding line,
//! `ever_seen_specific_agent` and `disallow_ignore_global`.
//! [`Robots::compile`] goes one step further for a crawler that always asks
//! with the same agents: a [`CompiledRobots`] holds only the rules that apply
//! to them, and its [`check`](CompiledRobots::check) does only the path work.
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
//! length.
//!
//! So the rules of every group that applies compete in one slot per kind,
//! ranked by (length, earlier line) whatever their group: all the groups
//! naming an agent merge into one index, built once, and so do all the `*`
//! groups. A query costs one lookup of each agent and one index search,
//! however many groups the file has.
//!
//! Each index orders its rules by their literal start, the bytes before the
//! first `*` (the whole pattern when it has none): a rule can only match a
//! path its literal start is a prefix of. Those literal starts lie on one
//! chain of the byte-sorted list of literal starts, found with one binary
//! search for both kinds of rule. Rules without `*` are then decided by where
//! the path falls on the chain, and only the `*` rules hanging on the chain
//! are matched, longest first, until none can win.
//!
//! Building allocates fallibly: [`Robots::try_parse`] and
//! [`Robots::try_compile`] report memory exhaustion instead of aborting.

use std::cell::{Cell, OnceCell};
use std::cmp::Ordering;
use std::collections::TryReserveError;
use std::sync::OnceLock;

use crate::decide::{
    Hierarchy, Match, Verdict, extract_user_agent, index_html_directory_len, is_global_agent,
};
use crate::parser::{ParseHandler, parse_robots_txt};
use crate::path::{find_any, path_start};
use crate::pattern::{matches_split, matches_tail, split_anchor};
use crate::screen::{ByteSet, PairSet};
use crate::word::ascii_lowercase;

/// What building returns: the value, or the allocation that failed.
type Alloc<T> = Result<T, TryReserveError>;

/// The error for a body whose parsed form does not fit the 32-bit offsets
/// of the arena (over 4 GiB of values): a capacity overflow, as a `Vec`
/// reports one.
fn too_large() -> TryReserveError {
    // A request past isize::MAX bytes always fails, without allocating.
    Vec::<u8>::new()
        .try_reserve(usize::MAX)
        .expect_err("no allocation exceeds isize::MAX bytes")
}

/// Pushes onto a vector, reporting a failed allocation instead of aborting.
fn try_push<T>(vec: &mut Vec<T>, value: T) -> Alloc<()> {
    vec.try_reserve(1)?;
    vec.push(value);
    Ok(())
}

/// Appends bytes to a vector, reporting a failed allocation.
fn try_extend(vec: &mut Vec<u8>, bytes: &[u8]) -> Alloc<()> {
    vec.try_reserve(bytes.len())?;
    vec.extend_from_slice(bytes);
    Ok(())
}

/// The vector as a boxed slice of exactly its length. `into_boxed_slice`
/// would shrink the allocation in place, which aborts if that fails; this
/// copies into an exact allocation instead, fallibly.
fn try_boxed<T: Copy>(vec: Vec<T>) -> Alloc<Box<[T]>> {
    if vec.len() == vec.capacity() {
        return Ok(vec.into_boxed_slice());
    }
    let mut exact = Vec::new();
    exact.try_reserve_exact(vec.len())?;
    exact.extend_from_slice(&vec);
    Ok(exact.into_boxed_slice())
}

/// A byte range in an arena. 32-bit: building fails cleanly past 4 GiB of
/// values (see [`too_large`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.start as usize + self.len as usize
    }
}

/// The bytes of `span` in `arena`.
fn bytes(arena: &[u8], span: Span) -> &[u8] {
    &arena[span.range()]
}

/// Appends `value` to an arena and returns where it lies.
fn push_bytes(arena: &mut Vec<u8>, value: &[u8]) -> Alloc<Span> {
    let start = u32::try_from(arena.len()).map_err(|_| too_large())?;
    let len = u32::try_from(value.len()).map_err(|_| too_large())?;
    if start.checked_add(len).is_none() {
        return Err(too_large());
    }
    try_extend(arena, value)?;
    Ok(Span { start, len })
}

/// The slot of allow rules in a query's pair of best claims.
const ALLOW: usize = RuleKind::Allow as usize;
/// The slot of disallow rules.
const DISALLOW: usize = RuleKind::Disallow as usize;

/// No node: the end of a chain of [`Node`]s or [`WildNode`]s.
const NO_NODE: u32 = u32::MAX;

/// A rule's claim on a slot: its priority (the pattern length) and its
/// line, packed in one word that orders claims as Google's matcher ranks
/// them: the longer pattern first, then the earlier line. The high half holds
/// the priority plus one, so that every claim is above [`Claim::NONE`], the
/// low half the line's complement. Priorities fit: the parser keeps at most
/// [`crate::MAX_LINE_LEN`] bytes of a line, and escaping at most triples them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Claim(u64);

impl Claim {
    /// No rule: priority -1 and line 0, as [`Match::NONE`].
    const NONE: Claim = Claim(u32::MAX as u64);

    fn new(priority: usize, line: u32) -> Claim {
        let priority = u32::try_from(priority + 1).unwrap_or(u32::MAX);
        Claim(u64::from(priority) << 32 | u64::from(!line))
    }

    /// The priority plus one: zero for [`Claim::NONE`], one for an empty
    /// pattern.
    fn priority_plus_one(self) -> u32 {
        (self.0 >> 32) as u32
    }

    fn to_match(self) -> Match {
        Match {
            priority: i64::from((self.0 >> 32) as u32) - 1,
            line: !(self.0 as u32),
        }
    }
}

/// One distinct literal start of an index's rules, in the byte-sorted list
/// of them.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// Per kind, the best rule without `*` or final `$` whose pattern is
    /// this literal or one up the chain: it matches every path this literal
    /// is a prefix of.
    prefix: [Claim; 2],
    /// Where the literal lies in the arena.
    literal: Span,
    /// The longest other literal that is a prefix of this one, or [`NO_NODE`].
    parent: u32,
    /// The nearest [`WildNode`] of this node or one up the parent chain, or
    /// [`NO_NODE`].
    wild: u32,
}

/// A node with `*` rules.
#[derive(Debug, Clone, Copy)]
struct WildNode {
    /// The length of the node's literal: where the tails start matching.
    literal_len: u32,
    /// Where its `*` rules start in [`RuleIndex::wildcards`]; they end where
    /// the next wild node's start.
    first: u32,
    /// The nearest wild node up the parent chain, or [`NO_NODE`].
    parent: u32,
}

/// A rule with a `*` after its literal start.
#[derive(Debug, Clone, Copy)]
struct Wildcard {
    claim: Claim,
    /// The pattern from its first `*` on, without its final `$` and without
    /// trailing `*`s.
    tail: Span,
    /// The [`ByteSet::folded`] bytes of the tail other than `*`, which the
    /// path must all contain: a second screen, for the rules that pass the
    /// pairs' one (in the padding the struct has anyway).
    bytes: u32,
    kind: RuleKind,
    /// For a tail anchored by a final `$`, its last byte, which must also
    /// end the path: a first test that rules most paths out cheaply. `None`
    /// for a tail that is not anchored.
    anchored_end: Option<u8>,
}

/// The rules of one or more groups, indexed by literal start so that a
/// query costs one binary search and a walk up a short chain, plus the `*`
/// rules on it.
#[derive(Debug, Clone, Default)]
struct RuleIndex {
    /// Sorted by bytes.
    nodes: Box<[Node]>,
    /// Two arrays of words in one allocation (a pointer and a length less
    /// per index): first, [`RuleIndex::heads`], then
    /// [`RuleIndex::screens`].
    words: Box<[u64]>,
    /// For the nodes with rules without `*` ending in `$`, which match the
    /// path equal to the literal, the best of them per kind; by node. Apart
    /// from the nodes, as few rules end in `$`.
    exact: Box<[(u32, [Claim; 2])]>,
    /// The nodes with `*` rules, in node order.
    wild_nodes: Box<[WildNode]>,
    /// Grouped by wild node; in each by priority descending, then line.
    wildcards: Box<[Wildcard]>,
}

/// How a rule matches once its literal start is a prefix of the path.
#[derive(Debug, Clone, Copy)]
enum Shape {
    /// Always (no `*`, no final `$`).
    Prefix,
    /// When the path is the literal start (no `*`, a final `$`).
    Exact,
    /// When the rest of the path matches the tail (see [`Wildcard`]).
    Wildcard { tail: Span, anchored: bool },
}

/// A rule, or the `index.html` rewrite of an allow rule, ready for indexing.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    /// The literal's first word, to sort by (see [`head`]).
    head: u64,
    claim: Claim,
    literal: Span,
    shape: Shape,
    kind: RuleKind,
}

impl Candidate {
    /// `pattern` is the rule's pattern without its final `$`, which
    /// `anchored` tells; it lies at `base` in the arena the index uses.
    fn new(kind: RuleKind, claim: Claim, pattern: &[u8], base: u32, anchored: bool) -> Candidate {
        // Trailing `*`s match any rest of the path, with or without a final
        // `$`: `/a*` and `/a*$` match what `/a` matches (and keep their own
        // priority).
        let kept = pattern
            .iter()
            .rposition(|&b| b != b'*')
            .map_or(0, |i| i + 1);
        let anchored = anchored && kept == pattern.len();
        // Lengths fit: the pattern lies in an arena of 32-bit offsets.
        let span = |from: usize, to: usize| Span {
            start: base + from as u32,
            len: (to - from) as u32,
        };
        let (literal, shape) = match memchr::memchr(b'*', &pattern[..kept]) {
            None if anchored => (span(0, kept), Shape::Exact),
            None => (span(0, kept), Shape::Prefix),
            Some(star) => (
                span(0, star),
                Shape::Wildcard {
                    tail: span(star, kept),
                    anchored,
                },
            ),
        };
        let head = head(&pattern[..literal.len as usize]);
        Candidate {
            head,
            claim,
            literal,
            shape,
            kind,
        }
    }
}

/// Appends the candidates of one rule, whose pattern `value` lies at `base`
/// in the arena the index uses.
fn push_candidates(
    kind: RuleKind,
    line: u32,
    value: &[u8],
    base: u32,
    out: &mut Vec<Candidate>,
) -> Alloc<()> {
    out.try_reserve(2)?;
    // A literal start with a NUL or a `#` matches no path (a path ends at
    // the first of them). The parser ends a value at either byte already;
    // the searches read past a path's end (see [`QueryPath`]) and rely on
    // it, so it is kept here too.
    let mut push = |candidate: Candidate| {
        // Both candidates' literals start where the rule's value does.
        let literal = &value[..candidate.literal.len as usize];
        if memchr::memchr2(0, b'#', literal).is_none() {
            out.push(candidate);
        }
    };
    let (pattern, anchored) = split_anchor(value);
    let claim = Claim::new(value.len(), line);
    push(Candidate::new(kind, claim, pattern, base, anchored));
    // The index.html rewrite competes when the original does not match; when
    // it does, the original is longer and wins, so listing both is exact.
    if kind != RuleKind::Allow {
        return Ok(());
    }
    if let Some(directory) = index_html_directory_len(value) {
        // The rewrite's priority counts its `$`.
        let claim = Claim::new(directory + 1, line);
        push(Candidate::new(
            RuleKind::Allow,
            claim,
            &value[..directory],
            base,
            true,
        ));
    }
    Ok(())
}

/// Whether a rule allows or disallows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// An `allow` rule.
    Allow,
    /// A `disallow` rule.
    Disallow,
}

/// A rule as stored: twelve bytes, the kind in the top bit of the length
/// (a pattern is at most three times [`crate::MAX_LINE_LEN`] bytes).
#[derive(Debug, Clone, Copy)]
struct RuleData {
    start: u32,
    len_and_kind: u32,
    line: u32,
}

/// The bit of [`RuleData::len_and_kind`] set for a disallow rule.
const DISALLOW_BIT: u32 = 1 << 31;

impl RuleData {
    fn new(pattern: Span, line: u32, kind: RuleKind) -> Alloc<RuleData> {
        if pattern.len & DISALLOW_BIT != 0 {
            return Err(too_large());
        }
        let bit = if kind == RuleKind::Disallow {
            DISALLOW_BIT
        } else {
            0
        };
        Ok(RuleData {
            start: pattern.start,
            len_and_kind: pattern.len | bit,
            line,
        })
    }

    fn pattern(&self) -> Span {
        Span {
            start: self.start,
            len: self.len_and_kind & !DISALLOW_BIT,
        }
    }

    fn kind(&self) -> RuleKind {
        if self.len_and_kind & DISALLOW_BIT != 0 {
            RuleKind::Disallow
        } else {
            RuleKind::Allow
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct AgentData {
    /// The value as written on the `user-agent` line.
    value: Span,
    line: u32,
}

#[derive(Debug, Clone, Copy)]
struct GroupData {
    /// A range of [`Robots::agents`].
    agents: [u32; 2],
    /// A range of [`Robots::rules`].
    rules: [u32; 2],
    is_global: bool,
    /// The first valid `crawl-delay`, or NaN for none (no valid delay is
    /// NaN): eight bytes rather than an `Option`'s sixteen.
    crawl_delay: f64,
}

impl GroupData {
    fn crawl_delay(&self) -> Option<f64> {
        Some(self.crawl_delay).filter(|d| !d.is_nan())
    }
}

/// A range of a `u32` list as stored.
fn range([start, end]: [u32; 2]) -> std::ops::Range<usize> {
    start as usize..end as usize
}

/// A matchable agent name of the `user-agent` lines, lower-cased, with the
/// groups naming it and the indexes of their rules.
#[derive(Debug, Clone, Copy)]
struct AgentName {
    name: Span,
    /// The name's first eight bytes as a big-endian word (see [`head`]).
    head: u64,
    /// A range of [`Robots::agent_groups`].
    groups: [u32; 2],
    /// A range of [`Robots::index_lists`].
    indexes: [u32; 2],
}

/// A parsed robots.txt, immutable and shareable between threads.
///
/// ```
/// use robotstxt_exact::Robots;
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
    /// The names, sorted by length, then bytes: a query compares lengths and
    /// first words, and rarely bytes.
    agent_index: Box<[AgentName]>,
    /// The groups of each name, each list in file order.
    agent_groups: Box<[u32]>,
    global_groups: Box<[u32]>,
    /// The indexes to search for each name and for the `*` groups: one
    /// index holding the rules of all their groups, except where merging
    /// would copy too many rules (see [`Builder::index_list`]).
    index_lists: Box<[u32]>,
    /// A range of [`Robots::index_lists`].
    global_indexes: [u32; 2],
    indexes: Box<[LazyIndex]>,
    /// The groups of each index.
    index_groups: Box<[u32]>,
    sitemaps: Box<[Span]>,
}

/// A [`Robots`] narrowed to a fixed list of agents: the rules that apply to
/// them, merged into one index with their own copy of the patterns.
///
/// Made by [`Robots::compile`]; immutable, independent of the `Robots` it
/// came from, and shareable between threads. Its answers are those of
/// [`Robots::check`] with the same agents, and so those of
/// [`crate::RobotsMatcher`]; a query does only the path work.
///
/// ```
/// use robotstxt_exact::Robots;
/// let robots = Robots::parse(b"User-agent: FooBot\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n");
/// let foo = robots.compile(&["FooBot"]);
/// assert!(!foo.allowed("https://example.com/x/y"));
/// assert!(foo.allowed("https://example.com/z"));
/// assert_eq!(foo.check("https://example.com/z"), robots.check(&["FooBot"], "https://example.com/z"));
/// ```
#[derive(Debug, Clone)]
pub struct CompiledRobots {
    arena: Box<[u8]>,
    index: RuleIndex,
    /// Whether a group names one of the agents (the rules are theirs, else
    /// those of the `*` groups).
    specific: bool,
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
    fn agent_data(&self) -> &'a [AgentData] {
        &self.robots.agents[range(self.data.agents)]
    }

    fn rule_data(&self) -> &'a [RuleData] {
        &self.robots.rules[range(self.data.rules)]
    }

    /// The `user-agent` values as written, with their line numbers.
    pub fn agents(&self) -> impl ExactSizeIterator<Item = (&'a [u8], u32)> + 'a {
        let robots = self.robots;
        self.agent_data()
            .iter()
            .map(move |a| (robots.bytes(a.value), a.line))
    }

    /// The rules in file order.
    pub fn rules(&self) -> impl ExactSizeIterator<Item = Rule<'a>> + 'a {
        let robots = self.robots;
        self.rule_data().iter().map(move |r| robots.rule(r))
    }

    /// The `index`-th `user-agent` line (from 0), as [`Group::agents`] gives
    /// it; `None` past the end. Constant time, for callers that index.
    pub fn agent(&self, index: usize) -> Option<(&'a [u8], u32)> {
        let robots = self.robots;
        self.agent_data()
            .get(index)
            .map(|a| (robots.bytes(a.value), a.line))
    }

    /// The `index`-th rule (from 0) in file order; `None` past the end.
    /// Constant time, for callers that index.
    pub fn rule(&self, index: usize) -> Option<Rule<'a>> {
        let robots = self.robots;
        self.rule_data().get(index).map(|r| robots.rule(r))
    }

    /// Whether one of the group's agents is `*`.
    pub fn is_global(&self) -> bool {
        self.data.is_global
    }

    /// The group's first valid `crawl-delay` value, in seconds. An extension:
    /// Google ignores crawl-delay, and so do the verdicts here.
    pub fn crawl_delay(&self) -> Option<f64> {
        self.data.crawl_delay()
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
    /// The first allocation that failed; the callbacks after it do nothing.
    failed: Option<TryReserveError>,
}

/// A name of a `user-agent` line while building: the matchable part of the
/// value, in the arena as written, and its group.
#[derive(Debug, Clone, Copy)]
struct NameRef {
    /// The lower-cased first word (see [`head`]).
    head: u64,
    name: Span,
    group: u32,
}

/// Compares two agent names as the query side orders them: by length, then
/// lower-cased bytes (`head_a`, `head_b` being their lower-cased first
/// words).
fn compare_names(a: &[u8], head_a: u64, b: &[u8], head_b: u64) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then(head_a.cmp(&head_b))
        .then_with(|| {
            // As long, and the same first eight bytes: the rest decides.
            let rest = a.iter().zip(b).skip(8);
            rest.map(|(x, y)| x.to_ascii_lowercase().cmp(&y.to_ascii_lowercase()))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        })
}

/// An index of the rules of one or more groups, built on the first query
/// that needs it: most files name agents a crawler never asks about, and
/// parsing stays a single pass over the body.
#[derive(Debug, Clone)]
struct LazyIndex {
    /// A range of [`Robots::index_groups`]: the groups whose rules it holds.
    groups: [u32; 2],
    /// Boxed: most are never built, and an empty cell stays small.
    built: OnceLock<Box<RuleIndex>>,
}

/// The indexes of a [`Robots`] while they are planned.
struct Indexes<'a> {
    groups: &'a [GroupData],
    indexes: Vec<LazyIndex>,
    index_groups: Vec<u32>,
    /// Per group, its own index once planned, or [`NO_NODE`].
    own: Vec<u32>,
    lists: Vec<u32>,
    /// How many more rules merged indexes may copy: as many as the file
    /// has, so that the indexes hold at most twice its rules, even where
    /// many names share many groups in a different combination each.
    budget: usize,
}

impl Indexes<'_> {
    fn rule_count(&self, group: u32) -> usize {
        let [start, end] = self.groups[group as usize].rules;
        (end - start) as usize
    }

    /// Plans the index of the rules of `groups`.
    fn plan(&mut self, groups: &[u32]) -> Alloc<u32> {
        let first = u32::try_from(self.index_groups.len()).map_err(|_| too_large())?;
        self.index_groups.try_reserve(groups.len())?;
        self.index_groups.extend_from_slice(groups);
        let end = u32::try_from(self.index_groups.len()).map_err(|_| too_large())?;
        let id = u32::try_from(self.indexes.len()).map_err(|_| too_large())?;
        try_push(
            &mut self.indexes,
            LazyIndex {
                groups: [first, end],
                built: OnceLock::new(),
            },
        )?;
        Ok(id)
    }

    /// The index of one group's rules, planned once.
    fn own(&mut self, group: u32) -> Alloc<u32> {
        let planned = self.own[group as usize];
        if planned != NO_NODE {
            return Ok(planned);
        }
        let id = self.plan(&[group])?;
        self.own[group as usize] = id;
        Ok(id)
    }

    /// The list of indexes that holds the rules of `groups`, as a range of
    /// the lists: one merged index, or, past the budget, one per group.
    /// Groups without rules need none.
    fn index_list(&mut self, groups: &[u32]) -> Alloc<[u32; 2]> {
        let first = u32::try_from(self.lists.len()).map_err(|_| too_large())?;
        let rules: usize = groups.iter().map(|&g| self.rule_count(g)).sum();
        if rules > 0 {
            if groups.len() == 1 {
                let id = self.own(groups[0])?;
                try_push(&mut self.lists, id)?;
            } else if rules <= self.budget {
                self.budget -= rules;
                let id = self.plan(groups)?;
                try_push(&mut self.lists, id)?;
            } else {
                for &group in groups {
                    if self.rule_count(group) > 0 {
                        let id = self.own(group)?;
                        try_push(&mut self.lists, id)?;
                    }
                }
            }
        }
        let end = u32::try_from(self.lists.len()).map_err(|_| too_large())?;
        Ok([first, end])
    }
}

impl Builder {
    fn add_rule(&mut self, kind: RuleKind, line: u32, value: &[u8]) -> Alloc<()> {
        // Rules before the first user-agent line belong to no group.
        if self.groups.is_empty() {
            return Ok(());
        }
        let pattern = push_bytes(&mut self.arena, value)?;
        let index = u32::try_from(self.rules.len() + 1).map_err(|_| too_large())?;
        try_push(&mut self.rules, RuleData::new(pattern, line, kind)?)?;
        if let Some(group) = self.groups.last_mut() {
            group.rules[1] = index;
        }
        self.last_was_rule = true;
        Ok(())
    }

    fn add_user_agent(&mut self, line: u32, value: &[u8]) -> Alloc<()> {
        if self.groups.is_empty() || self.last_was_rule {
            let rules = u32::try_from(self.rules.len()).map_err(|_| too_large())?;
            let agents = u32::try_from(self.agents.len()).map_err(|_| too_large())?;
            try_push(
                &mut self.groups,
                GroupData {
                    agents: [agents, agents],
                    rules: [rules, rules],
                    is_global: false,
                    crawl_delay: f64::NAN,
                },
            )?;
            self.last_was_rule = false;
        }
        let value = push_bytes(&mut self.arena, value)?;
        let index = u32::try_from(self.agents.len() + 1).map_err(|_| too_large())?;
        try_push(&mut self.agents, AgentData { value, line })?;
        if let Some(group) = self.groups.last_mut() {
            group.agents[1] = index;
        }
        Ok(())
    }

    /// Records the first failure; later callbacks do nothing.
    fn note(&mut self, result: Alloc<()>) {
        if let Err(error) = result {
            self.failed = Some(error);
        }
    }

    fn finish(mut self) -> Alloc<Robots> {
        if let Some(error) = self.failed {
            return Err(error);
        }
        // The names of the user-agent lines, with their groups.
        let mut names: Vec<NameRef> = Vec::new();
        names.try_reserve_exact(self.agents.len())?;
        let mut global_groups = Vec::new();
        for (index, group) in self.groups.iter_mut().enumerate() {
            let index = index as u32;
            for agent in &self.agents[range(group.agents)] {
                let value = bytes(&self.arena, agent.value);
                if is_global_agent(value) {
                    group.is_global = true;
                } else {
                    let name = extract_user_agent(value);
                    names.push(NameRef {
                        head: ascii_lowercase(head(name)),
                        name: Span {
                            start: agent.value.start,
                            len: name.len() as u32,
                        },
                        group: index,
                    });
                }
            }
            if group.is_global {
                try_push(&mut global_groups, index)?;
            }
        }
        let arena = &self.arena;
        let by_name = |a: &NameRef, b: &NameRef| {
            compare_names(bytes(arena, a.name), a.head, bytes(arena, b.name), b.head)
        };
        names.sort_unstable_by(|a, b| by_name(a, b).then(a.group.cmp(&b.group)));
        names.dedup_by(|a, b| a.group == b.group && by_name(a, b).is_eq());

        // Distinct names, each with its groups in file order.
        let mut agent_index: Vec<AgentName> = Vec::new();
        let mut agent_groups: Vec<u32> = Vec::new();
        agent_groups.try_reserve_exact(names.len())?;
        for run in names.chunk_by(|a, b| by_name(a, b).is_eq()) {
            let first = agent_groups.len() as u32;
            agent_groups.extend(run.iter().map(|n| n.group));
            try_push(
                &mut agent_index,
                AgentName {
                    name: run[0].name,
                    head: run[0].head,
                    groups: [first, agent_groups.len() as u32],
                    indexes: [0, 0],
                },
            )?;
        }
        drop(names);

        // One list of indexes per distinct set of groups: names that share
        // their groups share the list.
        let mut order: Vec<u32> = Vec::new();
        order.try_reserve_exact(agent_index.len())?;
        order.extend(0..agent_index.len() as u32);
        let groups_of = |name: u32| &agent_groups[range(agent_index[name as usize].groups)];
        order.sort_unstable_by(|&a, &b| groups_of(a).cmp(groups_of(b)));
        let mut own = Vec::new();
        own.try_reserve_exact(self.groups.len())?;
        own.resize(self.groups.len(), NO_NODE);
        let mut indexes = Indexes {
            groups: &self.groups,
            indexes: Vec::new(),
            index_groups: Vec::new(),
            own,
            lists: Vec::new(),
            budget: self.rules.len(),
        };
        let global_indexes = indexes.index_list(&global_groups)?;
        let mut lists: Vec<(u32, [u32; 2])> = Vec::new();
        lists.try_reserve_exact(order.len())?;
        for run in order.chunk_by(|&a, &b| groups_of(a) == groups_of(b)) {
            let list = indexes.index_list(groups_of(run[0]))?;
            lists.extend(run.iter().map(|&name| (name, list)));
        }
        let Indexes {
            indexes,
            index_groups,
            lists: index_lists,
            ..
        } = indexes;
        for (name, list) in lists {
            agent_index[name as usize].indexes = list;
        }

        // The query side compares lower-cased names: store them so.
        for entry in &mut agent_index {
            let name = entry.name.range();
            let start = u32::try_from(self.arena.len()).map_err(|_| too_large())?;
            self.arena.try_reserve(name.len())?;
            for i in name {
                let b = self.arena[i].to_ascii_lowercase();
                self.arena.push(b);
            }
            entry.name.start = start;
        }

        Ok(Robots {
            arena: try_boxed(self.arena)?,
            agents: try_boxed(self.agents)?,
            rules: try_boxed(self.rules)?,
            groups: try_boxed(self.groups)?,
            agent_index: try_boxed(agent_index)?,
            agent_groups: try_boxed(agent_groups)?,
            global_groups: try_boxed(global_groups)?,
            index_lists: try_boxed(index_lists)?,
            global_indexes,
            indexes: try_boxed_indexes(indexes)?,
            index_groups: try_boxed(index_groups)?,
            sitemaps: try_boxed(self.sitemaps)?,
        })
    }
}

/// [`try_boxed`] for the indexes, which own their slices.
fn try_boxed_indexes(vec: Vec<LazyIndex>) -> Alloc<Box<[LazyIndex]>> {
    if vec.len() == vec.capacity() {
        return Ok(vec.into_boxed_slice());
    }
    let mut exact = Vec::new();
    exact.try_reserve_exact(vec.len())?;
    exact.extend(vec);
    Ok(exact.into_boxed_slice())
}

impl ParseHandler for Builder {
    fn handle_robots_start(&mut self) {}

    fn handle_robots_end(&mut self) {}

    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        if self.failed.is_none() {
            let result = self.add_user_agent(line, value);
            self.note(result);
        }
    }

    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        if self.failed.is_none() {
            let result = self.add_rule(RuleKind::Allow, line, value);
            self.note(result);
        }
    }

    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        if self.failed.is_none() {
            let result = self.add_rule(RuleKind::Disallow, line, value);
            self.note(result);
        }
    }

    fn needs_rule_values(&self) -> bool {
        // Rules before the first group, and all after a failure, are dropped.
        self.failed.is_none() && !self.groups.is_empty()
    }

    fn handle_sitemap(&mut self, _line: u32, value: &[u8]) {
        if self.failed.is_none() {
            let result = push_bytes(&mut self.arena, value)
                .and_then(|span| try_push(&mut self.sitemaps, span));
            self.note(result);
        }
    }

    fn handle_unknown_action(&mut self, _line: u32, action: &[u8], value: &[u8]) {
        if !action.eq_ignore_ascii_case(b"crawl-delay") {
            return;
        }
        let Some(group) = self.groups.last_mut() else {
            return;
        };
        if group.crawl_delay.is_nan() {
            group.crawl_delay = std::str::from_utf8(value)
                .ok()
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|d| d.is_finite() && *d >= 0.0)
                .unwrap_or(f64::NAN);
        }
    }
}

/// Vectors [`RuleIndex::new`] reuses from one index to the next.
#[derive(Debug, Default)]
struct Scratch {
    /// The `*` rules of one node.
    own: Vec<Wildcard>,
    /// The chain of literals that are prefixes of the current one.
    stack: Vec<usize>,
    /// The [`RuleIndex::screens`] so far.
    screens: Vec<u64>,
}

impl RuleIndex {
    /// Indexes `candidates` (reordered in place), whose spans lie in
    /// `arena`.
    fn new(candidates: &mut [Candidate], arena: &[u8], scratch: &mut Scratch) -> Alloc<RuleIndex> {
        let bytes = |span: Span| bytes(arena, span);
        candidates.sort_unstable_by(|a, b| {
            a.head
                .cmp(&b.head)
                .then_with(|| bytes(a.literal).cmp(bytes(b.literal)))
        });
        let same_literal = |a: &Candidate, b: &Candidate| {
            a.head == b.head
                && a.literal.len == b.literal.len
                && bytes(a.literal) == bytes(b.literal)
        };
        // Sized exactly up front: no regrowth, and no copy to shrink.
        let (mut node_count, mut exact_count, mut wild_node_count, mut wildcard_count) =
            (0, 0, 0, 0);
        for run in candidates.chunk_by(same_literal) {
            node_count += 1;
            let wild = run
                .iter()
                .filter(|c| matches!(c.shape, Shape::Wildcard { .. }))
                .count();
            wildcard_count += wild;
            wild_node_count += usize::from(wild > 0);
            exact_count += usize::from(run.iter().any(|c| matches!(c.shape, Shape::Exact)));
        }
        let mut nodes: Vec<Node> = Vec::new();
        nodes.try_reserve_exact(node_count)?;
        let mut words: Vec<u64> = Vec::new();
        words.try_reserve_exact(node_count + wildcard_count)?;
        let mut exact = Vec::new();
        exact.try_reserve_exact(exact_count)?;
        let mut wild_nodes: Vec<WildNode> = Vec::new();
        wild_nodes.try_reserve_exact(wild_node_count)?;
        let mut wildcards: Vec<Wildcard> = Vec::new();
        wildcards.try_reserve_exact(wildcard_count)?;
        let Scratch {
            own,
            stack,
            screens,
        } = scratch;
        stack.clear();
        screens.clear();
        screens.try_reserve(wildcard_count)?;
        // In byte order, the literals that are prefixes of a literal come
        // before it and are still on the stack when it is reached.
        for run in candidates.chunk_by(same_literal) {
            let literal = run[0].literal;
            while let Some(&top) = stack.last() {
                if bytes(literal).starts_with(bytes(nodes[top].literal)) {
                    break;
                }
                stack.pop();
            }
            let parent = stack.last().copied();
            let id = node_id(nodes.len());
            words.push(run[0].head);
            let mut node = Node {
                prefix: parent.map_or([Claim::NONE; 2], |p| nodes[p].prefix),
                literal,
                parent: parent.map_or(NO_NODE, node_id),
                wild: parent.map_or(NO_NODE, |p| nodes[p].wild),
            };
            let mut own_exact = [Claim::NONE; 2];
            own.clear();
            for candidate in run {
                let (kind, claim) = (candidate.kind as usize, candidate.claim);
                match candidate.shape {
                    Shape::Prefix => node.prefix[kind] = node.prefix[kind].max(claim),
                    Shape::Exact => own_exact[kind] = own_exact[kind].max(claim),
                    Shape::Wildcard { tail, anchored } => {
                        let tail_bytes = bytes(tail);
                        try_push(
                            own,
                            Wildcard {
                                claim,
                                tail,
                                bytes: ByteSet::of_literals(tail_bytes).folded(),
                                kind: candidate.kind,
                                anchored_end: tail_bytes.last().copied().filter(|_| anchored),
                            },
                        )?;
                    }
                }
            }
            if own_exact != [Claim::NONE; 2] {
                exact.push((id, own_exact));
            }
            if !own.is_empty() {
                // Rules of one kind with the same tail match the same paths:
                // only the best can win. Hostile files repeat expensive
                // patterns.
                let best_first = |a: &Wildcard, b: &Wildcard| b.claim.cmp(&a.claim);
                let shape = |w: &Wildcard| (w.kind as usize, bytes(w.tail), w.anchored_end);
                if own.len() > 1 {
                    own.sort_unstable_by(|a, b| {
                        shape(a).cmp(&shape(b)).then_with(|| best_first(a, b))
                    });
                    own.dedup_by(|a, b| shape(a) == shape(b));
                    // Claims differ (one rule, one line): the order is total.
                    own.sort_unstable_by(best_first);
                }
                wild_nodes.push(WildNode {
                    literal_len: literal.len,
                    first: node_id(wildcards.len()),
                    parent: node.wild,
                });
                node.wild = node_id(wild_nodes.len() - 1);
                wildcards.extend_from_slice(own);
                screens.extend(own.iter().map(|w| PairSet::of_pieces(bytes(w.tail)).bits()));
            }
            try_push(stack, nodes.len())?;
            nodes.push(node);
        }
        Ok(RuleIndex {
            nodes: try_boxed(nodes)?,
            words: {
                words.extend_from_slice(screens);
                try_boxed(words)?
            },
            exact: try_boxed(exact)?,
            wild_nodes: try_boxed(wild_nodes)?,
            wildcards: try_boxed(wildcards)?,
        })
    }

    /// Each node's first eight bytes as a big-endian word (see [`head`]),
    /// apart from the nodes: the binary search reads only these, a word
    /// per node, densely, without a branch.
    fn heads(&self) -> &[u64] {
        &self.words[..self.nodes.len()]
    }

    /// By wildcard, apart from them so that the screen of a node's rules
    /// reads one word each: the [`PairSet::bits`] of the pairs inside the
    /// pieces of its tail, which a path must all contain.
    fn screens(&self) -> &[u64] {
        &self.words[self.nodes.len()..]
    }

    /// Where the `*` rules of the `at`-th wild node lie in
    /// [`RuleIndex::wildcards`] and [`RuleIndex::screens`].
    fn wildcards_of(&self, at: usize) -> std::ops::Range<usize> {
        let first = self.wild_nodes[at].first as usize;
        let end = self
            .wild_nodes
            .get(at + 1)
            .map_or(self.wildcards.len(), |next| next.first as usize);
        first..end
    }

    /// Raises the best claims (allow, disallow) to those of the rules here
    /// that match `path`.
    ///
    /// Every literal that is a prefix of the path sorts at or before the
    /// path, and so at or before the last literal `q` that does; everything
    /// between such a literal and the path starts with it, `q` included. So
    /// they are all on the chain of literals that are prefixes of `q`: the
    /// longest of them no longer than the common prefix of `q` and the path,
    /// and those up its chain.
    fn search(&self, arena: &[u8], path: &QueryPath<'_>, best: &mut [Claim; 2]) {
        let nodes = &*self.nodes;
        // The literals sorting at or before the path: those with a smaller
        // first word, and of those with the same first word (few), the ones
        // whose bytes sort at or before the path's.
        let heads = self.heads();
        let below = count_below(heads, path.head);
        // Usually no literal shares the path's first word: one comparison,
        // and the rare case out of line.
        let after = if heads.get(below) == Some(&path.head) {
            below + self.sharing_at_or_before(arena, path, below)
        } else {
            below
        };
        let Some(mut at) = after.checked_sub(1) else {
            return;
        };
        let literal = nodes[at].literal;
        let shorter = path.rest.len().min(literal.len as usize);
        // Where the first words differ, they tell the common prefix without
        // reading the literal (zero padding is capped by the lengths).
        let common = match heads[at] ^ path.head {
            0 if shorter > 8 => common_prefix_len(bytes(arena, literal), path.rest),
            differ => shorter.min((differ.leading_zeros() / 8) as usize),
        };
        let node = loop {
            let node = &nodes[at];
            if node.literal.len as usize <= common {
                break node;
            }
            if node.parent == NO_NODE {
                return;
            }
            at = node.parent as usize;
        };
        best[ALLOW] = best[ALLOW].max(node.prefix[ALLOW]);
        best[DISALLOW] = best[DISALLOW].max(node.prefix[DISALLOW]);
        if !self.exact.is_empty() && path.ends_at(node.literal.len as usize) {
            let found = self.exact.binary_search_by_key(&node_id(at), |&(id, _)| id);
            if let Ok(i) = found {
                let [allow, disallow] = self.exact[i].1;
                best[ALLOW] = best[ALLOW].max(allow);
                best[DISALLOW] = best[DISALLOW].max(disallow);
            }
        }

        let mut at = node.wild;
        if at == NO_NODE {
            return;
        }
        let set = path.pair_set();
        while at != NO_NODE {
            let wild = &self.wild_nodes[at as usize];
            let range = self.wildcards_of(at as usize);
            let mut first = range.start;
            for screens in self.screens()[range.clone()].chunks(64) {
                // Which rules have all their pairs in the path, without a
                // branch (four at a time where the processor can): few do.
                // Only those are matched, best first.
                let mut maybe = set.which_within(screens);
                while maybe != 0 {
                    let wildcard = &self.wildcards[first + maybe.trailing_zeros() as usize];
                    maybe &= maybe - 1;
                    let kind = wildcard.kind as usize;
                    let anchored = wildcard.anchored_end.is_some();
                    let tail = bytes(arena, wildcard.tail);
                    if wildcard.claim > best[kind]
                        && wildcard
                            .anchored_end
                            .is_none_or(|end| path.bytes().last() == Some(&end))
                        && path.folded_bytes() & wildcard.bytes == wildcard.bytes
                        && matches_tail(path.bytes(), wild.literal_len as usize, tail, anchored)
                    {
                        best[kind] = wildcard.claim;
                    }
                }
                first += screens.len();
            }
            at = wild.parent;
        }
    }

    /// Of the nodes from `below` on that share the path's first word (at
    /// least one), how many sort at or before the path.
    #[inline(never)]
    fn sharing_at_or_before(&self, arena: &[u8], path: &QueryPath<'_>, below: usize) -> usize {
        let heads = &self.heads()[below..];
        // Rarely many share the word: a short look, then a binary search
        // past it.
        let mut same = heads
            .iter()
            .take(16)
            .take_while(|&&h| h == path.head)
            .count();
        if same == 16 {
            same += heads[16..].partition_point(|&h| h == path.head);
        }
        // Of those, usually few are at or before the path, and a look at
        // each of a few costs less than a binary search's calls.
        let at_or_before = |n: &Node| sorts_at_or_before(bytes(arena, n.literal), path.rest);
        let sharing = &self.nodes[below..below + same];
        if same <= 4 {
            sharing.iter().take_while(|n| at_or_before(n)).count()
        } else {
            sharing.partition_point(at_or_before)
        }
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&*self.nodes)
            + size_of_val(&*self.words)
            + size_of_val(&*self.exact)
            + size_of_val(&*self.wild_nodes)
            + size_of_val(&*self.wildcards)
    }
}

/// How many of the sorted `heads` are below `x`: a search in steps of a
/// quarter down to sixteen heads, then a count of those, without a branch
/// on what is read. Which way a search goes is as good as random; the
/// compiler makes a binary step's choice a branch, but not a sum of three
/// comparisons.
fn count_below(heads: &[u64], x: u64) -> usize {
    let (mut base, mut size) = (0, heads.len());
    while size > 16 {
        // Everything before `base` is below `x`, nothing from
        // `base + size` on. Of the three probes, those below `x` come
        // first; past the last of them, the next probe is not below, or
        // the end is `base + size` (at most a quarter and three on).
        let quarter = size / 4;
        let below = (1..4)
            .map(|k| usize::from(heads[base + k * quarter] < x))
            .sum::<usize>();
        base += below * quarter;
        size -= 3 * quarter;
    }
    base + heads[base..base + size]
        .iter()
        .map(|&h| usize::from(h < x))
        .sum::<usize>()
}

/// A node's position as stored: nodes and wildcards of one index number far
/// fewer than 2^32 (a rule is a line of at least a few bytes).
fn node_id(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(NO_NODE)
}

/// The length of the longest common prefix of `a` and `b`, compared eight
/// bytes at a time.
#[inline]
fn common_prefix_len(a: &[u8], b: &[u8]) -> usize {
    let mut common = 0;
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        let word = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let differ = word(x) ^ word(y);
        if differ != 0 {
            return common + (differ.trailing_zeros() / 8) as usize;
        }
        common += 8;
    }
    common
        + a[common..]
            .iter()
            .zip(&b[common..])
            .take_while(|(x, y)| x == y)
            .count()
}

/// Whether `a <= b` in byte order, compared eight bytes at a time: the
/// literals compared so share their first word with the path, and a call
/// to `memcmp` costs more than what is left to compare.
#[inline]
fn sorts_at_or_before(a: &[u8], b: &[u8]) -> bool {
    let common = common_prefix_len(a, b);
    match (a.get(common), b.get(common)) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(x), Some(y)) => x < y,
    }
}

/// The first eight bytes of `s` as a big-endian word, zero-padded. Words
/// order like the byte strings whenever they differ: where one side is
/// padding and the other a real non-zero byte, the padded side is a proper
/// prefix of the other, so the smaller. Equal words say nothing.
fn head(s: &[u8]) -> u64 {
    if let Some(first) = s.first_chunk::<8>() {
        return u64::from_be_bytes(*first);
    }
    let mut word = [0u8; 8];
    let n = s.len().min(8);
    word[..n].copy_from_slice(&s[..n]);
    u64::from_be_bytes(word)
}

/// The path of a query, with what the index searches need of it.
///
/// The searches read `rest`, the URL from the path's start on, and never
/// need to know where the path ends: the path ends at the URL's end or at
/// its first `#` or NUL, and no indexed literal holds either byte (see
/// [`push_candidates`]). So a literal is a prefix of `rest` exactly when it
/// is one of the path, and the last literal at or before `rest` in byte
/// order still has every literal prefix of the path on its chain: whatever
/// sorts between the path and `rest` starts with the path. Only a `$`, and
/// the `*` rules that pass the screen, need the end, found on first use.
struct QueryPath<'a> {
    rest: &'a [u8],
    /// The first word of `rest` (see [`head`]).
    head: u64,
    end: OnceCell<usize>,
    /// [`QueryPath::pair_set`] once built.
    pairs: Cell<Option<PairSet>>,
    /// [`QueryPath::folded_bytes`] once built.
    folded_bytes: Cell<Option<u32>>,
}

impl<'a> QueryPath<'a> {
    fn new(rest: &'a [u8]) -> Self {
        QueryPath {
            rest,
            head: head(rest),
            end: OnceCell::new(),
            pairs: Cell::new(None),
            folded_bytes: Cell::new(None),
        }
    }

    /// A path whose end is known: `path` is the whole of it.
    fn whole(path: &'a [u8]) -> Self {
        QueryPath {
            end: OnceCell::from(path.len()),
            ..QueryPath::new(path)
        }
    }

    /// The path itself.
    fn bytes(&self) -> &'a [u8] {
        let end = *self.end.get_or_init(|| path_end(self.rest, 0));
        &self.rest[..end]
    }

    /// Whether the path is `len` bytes long, given that it is at least.
    fn ends_at(&self, len: usize) -> bool {
        self.rest.get(len).is_none_or(|&b| b == b'#' || b == 0)
    }

    /// The pairs of `rest`: those of the path, and of a fragment after it.
    /// A superset serves a screen as well, and needs no end: most queries
    /// it screens never look for the end. Built on first use, and shared by
    /// the indexes a query searches.
    fn pair_set(&self) -> PairSet {
        built_once(&self.pairs, || PairSet::of(self.rest))
    }

    /// The [`ByteSet::folded`] bytes of `rest`, as [`QueryPath::pair_set`];
    /// built for the first `*` rule that passes the pairs' screen.
    fn folded_bytes(&self) -> u32 {
        built_once(&self.folded_bytes, || ByteSet::of(self.rest).folded())
    }
}

/// The value kept in `cell`, built by `build` and kept there on first use.
fn built_once<T: Copy>(cell: &Cell<Option<T>>, build: impl FnOnce() -> T) -> T {
    cell.get().unwrap_or_else(|| {
        let value = build();
        cell.set(Some(value));
        value
    })
}

/// Runs `f` on the path Google matches for `url`: its path, params and
/// query, up to the fragment or a NUL (Google matches it as a C string),
/// with a `/` in front when it starts with `?` or `;`.
fn with_path<R>(url: &[u8], f: impl FnOnce(&QueryPath<'_>) -> R) -> R {
    let Some(start) = path_start(url) else {
        return f(&QueryPath::whole(b"/"));
    };
    if url[start] == b'/' {
        return f(&QueryPath::new(&url[start..]));
    }
    let end = path_end(url, start);
    // A short path is prefixed on the stack; only a long one allocates.
    let mut stack = [0u8; 256];
    let len = end - start + 1;
    if len <= stack.len() {
        stack[0] = b'/';
        stack[1..len].copy_from_slice(&url[start..end]);
        return f(&QueryPath::whole(&stack[..len]));
    }
    let mut owned = Vec::with_capacity(len);
    owned.push(b'/');
    owned.extend_from_slice(&url[start..end]);
    f(&QueryPath::whole(&owned))
}

/// Where the path that starts at `start` ends: at the first `#` or NUL, or
/// at the end. Sixteen bytes at a time ([`find_any`]); past 64 bytes, a
/// vectorised search takes over.
fn path_end(url: &[u8], start: usize) -> usize {
    if url.len() - start > 64 {
        return memchr::memchr2(b'#', 0, &url[start..]).map_or(url.len(), |i| start + i);
    }
    find_any(url, start, [b'#', 0, 0, 0]).unwrap_or(url.len())
}

/// The indexes to search for a query: a few at most, kept inline.
#[derive(Default)]
struct IndexList {
    inline: [u32; 8],
    len: usize,
    spilled: Vec<u32>,
}

impl IndexList {
    fn extend(&mut self, ids: &[u32]) {
        for &id in ids {
            if self.len < self.inline.len() {
                self.inline[self.len] = id;
                self.len += 1;
            } else {
                if self.spilled.is_empty() {
                    self.spilled.extend_from_slice(&self.inline);
                }
                self.spilled.push(id);
            }
        }
    }

    /// The ids, each once.
    fn as_set(&mut self) -> &[u32] {
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

/// The verdict from the best claims of the rules that apply, which are the
/// agents' own (`specific`) or the `*` groups'.
fn verdict(best: [Claim; 2], specific: bool) -> Verdict {
    let slot = |claim: Claim| {
        let found = claim.to_match();
        if specific {
            Hierarchy {
                global: Match::NONE,
                specific: found,
            }
        } else {
            Hierarchy {
                global: found,
                specific: Match::NONE,
            }
        }
    };
    Verdict {
        allow: slot(best[ALLOW]),
        disallow: slot(best[DISALLOW]),
        ever_seen_specific_agent: specific,
    }
}

/// Whether the best claims of the rules that apply allow the path: Google's
/// `disallow()` on the slots [`verdict`] fills with them, specific or
/// global alike. A disallow rule decides only with a non-empty pattern, and
/// only when longer than the best allow rule.
fn allowed(best: [Claim; 2]) -> bool {
    let disallow = best[DISALLOW].priority_plus_one();
    disallow < 2 || disallow <= best[ALLOW].priority_plus_one()
}

impl Verdict {
    fn answer(&self) -> Answer {
        Answer {
            allowed: !self.disallow(),
            matching_line: self.matching_line(),
            ever_seen_specific_agent: self.ever_seen_specific_agent,
            disallow_ignore_global: self.disallow_ignore_global(),
        }
    }
}

impl Robots {
    /// Parses a robots.txt body. Accepts any bytes, as the parser does.
    ///
    /// # Panics
    /// When memory runs out, or the body holds over 4 GiB of values;
    /// [`Robots::try_parse`] reports that instead.
    pub fn parse(body: impl AsRef<[u8]>) -> Robots {
        match Robots::try_parse(body) {
            Ok(robots) => robots,
            Err(error) => panic!("Robots::parse: {error}"),
        }
    }

    /// [`Robots::parse`], reporting a failed allocation instead of
    /// aborting: every allocation that grows with the body is made with
    /// `try_reserve`. Over 4 GiB of values is reported as a capacity
    /// overflow.
    pub fn try_parse(body: impl AsRef<[u8]>) -> Result<Robots, TryReserveError> {
        let body = body.as_ref();
        let mut builder = Builder::default();
        // The values are at most the body, mostly; escaping can add more.
        builder.arena.try_reserve_exact(body.len())?;
        parse_robots_txt(body, &mut builder);
        builder.finish()
    }

    fn bytes(&self, span: Span) -> &[u8] {
        bytes(&self.arena, span)
    }

    fn rule(&self, data: &RuleData) -> Rule<'_> {
        Rule {
            kind: data.kind(),
            pattern: self.bytes(data.pattern()),
            line: data.line,
        }
    }

    /// The entry of the name `agent` (case-insensitively, compared with the
    /// matchable part of each line's value).
    fn name(&self, agent: &[u8]) -> Option<&AgentName> {
        let agent_head = ascii_lowercase(head(agent));
        let found = self.agent_index.binary_search_by(|entry| {
            compare_names(self.bytes(entry.name), entry.head, agent, agent_head)
        });
        found.ok().map(|i| &self.agent_index[i])
    }

    /// The groups whose user-agent lines name `agent`, in file order.
    fn groups_naming(&self, agent: &[u8]) -> &[u32] {
        self.name(agent)
            .map_or(&[], |name| &self.agent_groups[range(name.groups)])
    }

    /// Searches the indexes `ids` for `url`.
    fn search(&self, ids: &[u32], url: &[u8]) -> [Claim; 2] {
        let mut best = [Claim::NONE; 2];
        // Without rules the URL is not even looked at.
        if !ids.is_empty() {
            with_path(url, |path| {
                for &id in ids {
                    let lazy = &self.indexes[id as usize];
                    match self.built(lazy) {
                        Some(index) => index.search(&self.arena, path, &mut best),
                        None => self.search_unindexed(lazy, path, &mut best),
                    }
                }
            });
        }
        best
    }

    /// The index, built now if no query built it before; `None` when memory
    /// ran out building it.
    fn built<'a>(&self, lazy: &'a LazyIndex) -> Option<&'a RuleIndex> {
        if let Some(index) = lazy.built.get() {
            return Some(index);
        }
        let index = Box::new(self.build(&self.index_groups[range(lazy.groups)]).ok()?);
        // Two threads may build it at once: the first stored wins, and both
        // are the same.
        let _ = lazy.built.set(index);
        lazy.built.get().map(|index| &**index)
    }

    /// Indexes the rules of `groups`.
    fn build(&self, groups: &[u32]) -> Alloc<RuleIndex> {
        let count: usize = groups
            .iter()
            .map(|&g| range(self.groups[g as usize].rules).len())
            .sum();
        let mut candidates = Vec::new();
        candidates.try_reserve_exact(count + count / 8)?;
        for &group in groups {
            for rule in &self.rules[range(self.groups[group as usize].rules)] {
                let value = self.bytes(rule.pattern());
                push_candidates(rule.kind(), rule.line, value, rule.start, &mut candidates)?;
            }
        }
        RuleIndex::new(&mut candidates, &self.arena, &mut Scratch::default())
    }

    /// What searching the index would give, rule by rule and without
    /// allocating: for when memory ran out building the index.
    fn search_unindexed(&self, lazy: &LazyIndex, path: &QueryPath<'_>, best: &mut [Claim; 2]) {
        for &group in &self.index_groups[range(lazy.groups)] {
            for rule in &self.rules[range(self.groups[group as usize].rules)] {
                let value = self.bytes(rule.pattern());
                let kind = rule.kind() as usize;
                if crate::pattern::matches(path.bytes(), value) {
                    best[kind] = best[kind].max(Claim::new(value.len(), rule.line));
                } else if rule.kind() == RuleKind::Allow {
                    if let Some(directory) = index_html_directory_len(value) {
                        if matches_split(path.bytes(), &value[..directory], true) {
                            let claim = Claim::new(directory + 1, rule.line);
                            best[kind] = best[kind].max(claim);
                        }
                    }
                }
            }
        }
    }

    /// The outcome of a query, with the state Google's matcher keeps.
    pub(crate) fn verdict<A: AsRef<[u8]>>(&self, user_agents: &[A], url: &[u8]) -> Verdict {
        let (best, specific) = self.claims(user_agents, url);
        verdict(best, specific)
    }

    /// The best claims (allow, disallow) of the rules that apply to
    /// `user_agents` and match `url`, and whether a group names one of the
    /// agents (then only the groups naming them apply).
    fn claims<A: AsRef<[u8]>>(&self, user_agents: &[A], url: &[u8]) -> ([Claim; 2], bool) {
        let (ids, specific) = match user_agents {
            [agent] => match self.name(agent.as_ref()) {
                Some(name) => (&self.index_lists[range(name.indexes)], true),
                None => (&self.index_lists[range(self.global_indexes)], false),
            },
            _ => {
                let mut list = IndexList::default();
                let mut specific = false;
                for agent in user_agents {
                    if let Some(name) = self.name(agent.as_ref()) {
                        specific = true;
                        list.extend(&self.index_lists[range(name.indexes)]);
                    }
                }
                if !specific {
                    list.extend(&self.index_lists[range(self.global_indexes)]);
                }
                return (self.search(list.as_set(), url), specific);
            }
        };
        // With a group of its own, the global rules never decide.
        (self.search(ids, url), specific)
    }

    /// The best matches of the global (`*`) groups alone, as Google's matcher
    /// records them for an agent no group names (in the `global` slots).
    pub(crate) fn global_verdict(&self, url: &[u8]) -> Verdict {
        verdict(
            self.search(&self.index_lists[range(self.global_indexes)], url),
            false,
        )
    }

    /// Answers a query for several agents, as
    /// [`crate::RobotsMatcher::allowed_by_robots`] followed by its accessors.
    /// Its cost does not depend on how many groups the file has: the groups
    /// naming an agent, and the `*` groups, are merged into one index.
    pub fn check<A: AsRef<[u8]>>(&self, user_agents: &[A], url: impl AsRef<[u8]>) -> Answer {
        self.verdict(user_agents, url.as_ref()).answer()
    }

    /// Whether `url` may be fetched by `user_agent`: [`Robots::check`]'s
    /// `allowed`, without the rest of the answer.
    pub fn allowed(&self, user_agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        allowed(self.claims(&[user_agent.as_ref()], url.as_ref()).0)
    }

    /// The rules that apply to `user_agents`, merged into one index with
    /// their own copy of the patterns: a [`CompiledRobots`] answers for them
    /// as [`Robots::check`] does, doing only the path work.
    ///
    /// # Panics
    /// When memory runs out; [`Robots::try_compile`] reports that instead.
    pub fn compile<A: AsRef<[u8]>>(&self, user_agents: &[A]) -> CompiledRobots {
        match self.try_compile(user_agents) {
            Ok(compiled) => compiled,
            Err(error) => panic!("Robots::compile: {error}"),
        }
    }

    /// [`Robots::compile`], reporting a failed allocation instead of
    /// aborting.
    pub fn try_compile<A: AsRef<[u8]>>(
        &self,
        user_agents: &[A],
    ) -> Result<CompiledRobots, TryReserveError> {
        // The groups that apply, each once, in file order.
        let mut groups: Vec<u32> = Vec::new();
        for agent in user_agents {
            let named = self.groups_naming(agent.as_ref());
            groups.try_reserve(named.len())?;
            groups.extend_from_slice(named);
        }
        groups.sort_unstable();
        groups.dedup();
        let specific = !groups.is_empty();
        let groups = if specific {
            &groups[..]
        } else {
            &self.global_groups[..]
        };

        let mut arena: Vec<u8> = Vec::new();
        let mut candidates: Vec<Candidate> = Vec::new();
        for &group in groups {
            for rule in &self.rules[range(self.groups[group as usize].rules)] {
                let value = self.bytes(rule.pattern());
                let base = push_bytes(&mut arena, value)?.start;
                push_candidates(rule.kind(), rule.line, value, base, &mut candidates)?;
            }
        }
        let index = RuleIndex::new(&mut candidates, &arena, &mut Scratch::default())?;
        Ok(CompiledRobots {
            arena: try_boxed(arena)?,
            index,
            specific,
        })
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
        let groups = match self.groups_naming(user_agent.as_ref()) {
            [] => &self.global_groups,
            named => named,
        };
        groups
            .iter()
            .find_map(|&g| self.groups[g as usize].crawl_delay())
    }

    /// Heap bytes held by this object (its own allocations, not counting the
    /// `Robots` value itself). The index of the rules for an agent (or for
    /// the `*` groups) is built by the first query that needs it: this grows
    /// as queries ask about more agents, up to [`Robots::indexed`]'s figure.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&*self.arena)
            + size_of_val(&*self.agents)
            + size_of_val(&*self.rules)
            + size_of_val(&*self.groups)
            + size_of_val(&*self.indexes)
            + size_of_val(&*self.index_groups)
            + self
                .indexes
                .iter()
                .filter_map(|lazy| lazy.built.get())
                .map(|index| size_of_val(&**index) + index.heap_bytes())
                .sum::<usize>()
            + size_of_val(&*self.agent_index)
            + size_of_val(&*self.agent_groups)
            + size_of_val(&*self.global_groups)
            + size_of_val(&*self.index_lists)
            + size_of_val(&*self.sitemaps)
    }
}

impl Robots {
    /// Builds every index now, as queries for every agent named in the file
    /// (and for one named nowhere) would, and returns the object: for
    /// callers that want all the building done before the first query, and
    /// for measuring the most memory the object can hold.
    ///
    /// # Panics
    /// When memory runs out; a query would then search the rules without
    /// an index instead.
    pub fn indexed(self) -> Robots {
        for lazy in &*self.indexes {
            if lazy.built.get().is_none() {
                match self.build(&self.index_groups[range(lazy.groups)]) {
                    Ok(index) => {
                        let _ = lazy.built.set(Box::new(index));
                    }
                    Err(error) => panic!("Robots::indexed: {error}"),
                }
            }
        }
        self
    }
}

impl CompiledRobots {
    /// Answers a query for the agents this was compiled for, as
    /// [`Robots::check`] with them.
    pub fn check(&self, url: impl AsRef<[u8]>) -> Answer {
        verdict(self.claims(url.as_ref()), self.specific).answer()
    }

    /// Whether `url` may be fetched by the agents this was compiled for:
    /// [`CompiledRobots::check`]'s `allowed`, without the rest of the answer.
    pub fn allowed(&self, url: impl AsRef<[u8]>) -> bool {
        allowed(self.claims(url.as_ref()))
    }

    /// The best claims (allow, disallow) of the rules that match `url`.
    fn claims(&self, url: &[u8]) -> [Claim; 2] {
        let mut best = [Claim::NONE; 2];
        if !self.index.nodes.is_empty() {
            with_path(url, |path| self.index.search(&self.arena, path, &mut best));
        }
        best
    }

    /// Whether a group names one of the agents: then their rules apply,
    /// else those of the `*` groups.
    pub fn ever_seen_specific_agent(&self) -> bool {
        self.specific
    }

    /// Heap bytes held by this object (not counting the value itself).
    pub fn heap_bytes(&self) -> usize {
        self.arena.len() + self.index.heap_bytes()
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

        #[test]
        fn path_end_is_the_first_hash_or_nul(
            url in proptest::collection::vec(proptest::sample::select(vec![0u8, b'#', b'/', b'a', 0x80, 0xFF]), 0..100),
            start in 0usize..100,
        ) {
            let start = start.min(url.len());
            let expected = url[start..]
                .iter()
                .position(|&b| b == b'#' || b == 0)
                .map_or(url.len(), |i| start + i);
            proptest::prop_assert_eq!(path_end(&url, start), expected);
        }

        #[test]
        fn common_prefix_len_counts_equal_leading_bytes(
            a in proptest::collection::vec(proptest::sample::select(vec![0u8, b'/', b'a']), 0..20),
            b in proptest::collection::vec(proptest::sample::select(vec![0u8, b'/', b'a']), 0..20),
        ) {
            let expected = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
            proptest::prop_assert_eq!(common_prefix_len(&a, &b), expected);
        }

        #[test]
        fn claims_order_as_google_ranks_matches(
            a in (0usize..100, 0u32..100),
            b in (0usize..100, 0u32..100),
        ) {
            // Google keeps a match unless a strictly longer one comes; of two
            // as long, the earlier line was seen first.
            let (ca, cb) = (Claim::new(a.0, a.1), Claim::new(b.0, b.1));
            let a_wins = a.0 > b.0 || (a.0 == b.0 && a.1 < b.1);
            proptest::prop_assert_eq!(ca > cb, a_wins);
            proptest::prop_assert_eq!(ca.to_match(), Match { priority: a.0 as i64, line: a.1 });
        }
    }

    proptest::proptest! {
        #[test]
        fn count_below_is_the_partition_point(
            // Heads from a small range, so that runs of equal heads (literals
            // sharing their first word) are common.
            heads in proptest::collection::vec(0u64..48, 0..200),
            x in 0u64..50,
        ) {
            let mut heads = heads;
            heads.sort_unstable();
            proptest::prop_assert_eq!(count_below(&heads, x), heads.partition_point(|&h| h < x));
        }

        #[test]
        fn sorts_at_or_before_is_byte_order(
            a in proptest::collection::vec(proptest::sample::select(b"ab\0\xff".to_vec()), 0..20),
            b in proptest::collection::vec(proptest::sample::select(b"ab\0\xff".to_vec()), 0..20),
        ) {
            proptest::prop_assert_eq!(sorts_at_or_before(&a, &b), a <= b);
            proptest::prop_assert_eq!(sorts_at_or_before(&b, &a), b <= a);
        }
    }

    #[test]
    fn no_claim_reads_back_as_no_match() {
        assert_eq!(Claim::NONE.to_match(), Match::NONE);
        assert!(Claim::new(0, u32::MAX) > Claim::NONE);
    }

    #[test]
    fn robots_is_send_and_sync() {
        assert_send_sync::<Robots>();
        assert_send_sync::<CompiledRobots>();
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
