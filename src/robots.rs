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
//! length.
//!
//! So each group indexes its rules by their literal start, the bytes before
//! the first `*` (the whole pattern when it has none): a rule can only match
//! a path its literal start is a prefix of. Those literal starts lie on one
//! chain of the byte-sorted list of literal starts, found with one binary
//! search for both kinds of rule. Rules without `*` are then decided by where
//! the path falls on the chain, and only the `*` rules hanging on the chain
//! are matched, longest first, until none can win.

use std::cell::OnceCell;
use std::cmp::Ordering;

use crate::matcher::{
    Hierarchy, Match, Verdict, extract_user_agent, index_html_directory_pattern, is_global_agent,
};
use crate::parser::{ParseHandler, parse_robots_txt};
use crate::path::path_start;
use crate::pattern::{ByteSet, matches_tail, split_anchor};
use crate::word::ascii_lowercase;

/// A byte range in the object's arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    start: usize,
    len: usize,
}

/// The slot of allow rules in a query's pair of best claims.
const ALLOW: usize = RuleKind::Allow as usize;
/// The slot of disallow rules.
const DISALLOW: usize = RuleKind::Disallow as usize;

/// No node: the end of a chain of [`Node`]s.
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

    fn to_match(self) -> Match {
        Match {
            priority: i64::from((self.0 >> 32) as u32) - 1,
            line: !(self.0 as u32),
        }
    }
}

/// One distinct literal start of a group's rules, in the byte-sorted list of
/// them.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// Where the literal starts in the arena.
    start: usize,
    /// The literal's first eight bytes as a big-endian word (see [`head`]).
    head: u64,
    /// The literal's length (a pattern's length fits: see [`Claim`]).
    len: u32,
    /// The longest other literal that is a prefix of this one, or [`NO_NODE`].
    parent: u32,
    /// The nearest node up the parent chain with `*` rules, or [`NO_NODE`].
    wild_parent: u32,
    /// Where this node's `*` rules start in [`RuleIndex::wildcards`]; they
    /// end where the next node's start.
    first_wildcard: u32,
    /// Per kind, the best rule without `*` or final `$` whose pattern is
    /// this literal or one up the chain: it matches every path this literal
    /// is a prefix of.
    prefix: [Claim; 2],
}

impl Node {
    fn literal(&self) -> Span {
        Span {
            start: self.start,
            len: self.len as usize,
        }
    }
}

/// A rule with a `*` after its literal start.
#[derive(Debug, Clone, Copy)]
struct Wildcard {
    claim: Claim,
    /// The pattern from its first `*` on, without its final `$` and without
    /// trailing `*`s.
    tail: Span,
    /// The literal bytes of the tail: a path must contain them all.
    literals: ByteSet,
    kind: RuleKind,
    /// For a tail anchored by a final `$`, its last byte, which must also
    /// end the path: a first test that rules most paths out cheaply. `None`
    /// for a tail that is not anchored.
    anchored_end: Option<u8>,
    /// Whether `literals` is checked before matching: not for one anchored
    /// piece (`*.pdf$`), a single comparison at the end of the path.
    prefilter: bool,
}

/// The rules of one group, indexed by literal start so that a query costs
/// one binary search and a walk up a short chain, plus the `*` rules on it.
#[derive(Debug, Clone, Default)]
struct RuleIndex {
    /// Sorted by bytes.
    nodes: Box<[Node]>,
    /// For the nodes with rules without `*` ending in `$`, which match the
    /// path equal to the literal, the best of them per kind; by node. Apart
    /// from the nodes, as few rules end in `$`.
    exact: Box<[(u32, [Claim; 2])]>,
    /// Grouped by node; in each node by priority descending, then line.
    wildcards: Box<[Wildcard]>,
}

impl RuleIndex {
    /// The `*` rules of the `at`-th node.
    fn wildcards_of(&self, at: usize) -> &[Wildcard] {
        let first = self.nodes[at].first_wildcard as usize;
        let end = self
            .nodes
            .get(at + 1)
            .map_or(self.wildcards.len(), |next| next.first_wildcard as usize);
        &self.wildcards[first..end]
    }
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
    kind: RuleKind,
    claim: Claim,
    literal: Span,
    shape: Shape,
}

impl Candidate {
    /// `pattern` is the rule's pattern without its final `$`, which
    /// `anchored` tells.
    fn new(kind: RuleKind, claim: Claim, pattern: Span, anchored: bool, arena: &[u8]) -> Candidate {
        let bytes = &arena[pattern.start..][..pattern.len];
        // Trailing `*`s match any rest of the path, with or without a final
        // `$`: `/a*` and `/a*$` match what `/a` matches (and keep their own
        // priority).
        let kept = bytes.iter().rposition(|&b| b != b'*').map_or(0, |i| i + 1);
        let anchored = anchored && kept == bytes.len();
        let span = |from: usize, to: usize| Span {
            start: pattern.start + from,
            len: to - from,
        };
        let (literal, shape) = match memchr::memchr(b'*', &bytes[..kept]) {
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
        Candidate {
            kind,
            claim,
            literal,
            shape,
        }
    }
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
    index: RuleIndex,
    crawl_delay: Option<f64>,
}

/// A matchable agent name of the `user-agent` lines, lower-cased, with the
/// groups naming it.
#[derive(Debug, Clone, Copy)]
struct AgentName {
    name: Span,
    /// The name's first eight bytes as a big-endian word (see [`head`]).
    head: u64,
    /// A range of [`Robots::agent_groups`].
    groups: [u32; 2],
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
        let mut names = Vec::new();
        let mut global_groups = Vec::new();
        for (index, group) in self.groups.iter_mut().enumerate() {
            let index = u32::try_from(index).unwrap_or(u32::MAX);
            let mut candidates = Vec::new();
            for rule in &self.rules[group.rules.clone()] {
                let value = &self.arena[rule.pattern.start..][..rule.pattern.len];
                let (body, anchored) = split_anchor(value);
                let pattern = Span {
                    start: rule.pattern.start,
                    len: body.len(),
                };
                let claim = Claim::new(value.len(), rule.line);
                candidates.push(Candidate::new(
                    rule.kind,
                    claim,
                    pattern,
                    anchored,
                    &self.arena,
                ));
                // The index.html rewrite competes when the original does not
                // match; when it does, the original is longer and wins, so
                // listing both is exact.
                if rule.kind == RuleKind::Allow && index_html_directory_pattern(value, &mut scratch)
                {
                    let directory = Span {
                        start: rule.pattern.start,
                        len: scratch.len() - 1,
                    };
                    let claim = Claim::new(scratch.len(), rule.line);
                    let rewrite =
                        Candidate::new(RuleKind::Allow, claim, directory, true, &self.arena);
                    candidates.push(rewrite);
                }
            }
            group.index = RuleIndex::new(candidates, &self.arena);

            for agent in &self.agents[group.agents.clone()] {
                let value = &self.arena[agent.value.start..][..agent.value.len];
                if is_global_agent(value) {
                    group.is_global = true;
                } else {
                    names.push((extract_user_agent(value).to_ascii_lowercase(), index));
                }
            }
            if group.is_global {
                global_groups.push(index);
            }
        }
        names.sort_by(|(a, i), (b, j)| (a.len(), a, i).cmp(&(b.len(), b, j)));
        names.dedup();
        let mut agent_index: Vec<AgentName> = Vec::new();
        let mut agent_groups = Vec::with_capacity(names.len());
        for run in names.chunk_by(|(a, _), (b, _)| a == b) {
            let name = &run[0].0;
            let start = self.arena.len();
            self.arena.extend_from_slice(name);
            let first = u32::try_from(agent_groups.len()).unwrap_or(u32::MAX);
            agent_groups.extend(run.iter().map(|&(_, group)| group));
            agent_index.push(AgentName {
                name: Span {
                    start,
                    len: name.len(),
                },
                head: head(name),
                groups: [first, u32::try_from(agent_groups.len()).unwrap_or(u32::MAX)],
            });
        }
        Robots {
            arena: self.arena.into_boxed_slice(),
            agents: self.agents.into_boxed_slice(),
            rules: self.rules.into_boxed_slice(),
            groups: self.groups.into_boxed_slice(),
            agent_index: agent_index.into_boxed_slice(),
            agent_groups: agent_groups.into_boxed_slice(),
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
                index: RuleIndex::default(),
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
    fn new(mut candidates: Vec<Candidate>, arena: &[u8]) -> RuleIndex {
        let bytes = |span: Span| &arena[span.start..][..span.len];
        candidates.sort_by(|a, b| bytes(a.literal).cmp(bytes(b.literal)));
        let mut nodes: Vec<Node> = Vec::new();
        let mut exact = Vec::new();
        let mut wildcards: Vec<Wildcard> = Vec::new();
        let mut own: Vec<Wildcard> = Vec::new();
        // Whether each node so far has `*` rules.
        let mut has_wildcards: Vec<bool> = Vec::new();
        // In byte order, the literals that are prefixes of a literal come
        // before it and are still on the stack when it is reached.
        let mut stack: Vec<usize> = Vec::new();
        for run in candidates.chunk_by(|a, b| bytes(a.literal) == bytes(b.literal)) {
            let literal = run[0].literal;
            while let Some(&top) = stack.last() {
                if bytes(literal).starts_with(bytes(nodes[top].literal())) {
                    break;
                }
                stack.pop();
            }
            let parent = stack.last().copied();
            let id = node_id(nodes.len());
            let mut node = Node {
                start: literal.start,
                head: head(bytes(literal)),
                len: u32::try_from(literal.len).unwrap_or(u32::MAX),
                parent: parent.map_or(NO_NODE, node_id),
                wild_parent: match parent {
                    Some(p) if has_wildcards[p] => node_id(p),
                    Some(p) => nodes[p].wild_parent,
                    None => NO_NODE,
                },
                first_wildcard: 0,
                prefix: parent.map_or([Claim::NONE; 2], |p| nodes[p].prefix),
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
                        own.push(Wildcard {
                            claim,
                            tail,
                            literals: ByteSet::of_literals(tail_bytes),
                            kind: candidate.kind,
                            anchored_end: tail_bytes.last().copied().filter(|_| anchored),
                            prefilter: !anchored || tail_bytes[1..].contains(&b'*'),
                        });
                    }
                }
            }
            if own_exact != [Claim::NONE; 2] {
                exact.push((id, own_exact));
            }
            // Rules of one kind with the same tail match the same paths: only
            // the best can win. Hostile files repeat expensive patterns.
            let best_first = |a: &Wildcard, b: &Wildcard| b.claim.cmp(&a.claim);
            let shape = |w: &Wildcard| (w.kind as usize, bytes(w.tail), w.anchored_end);
            own.sort_by(|a, b| shape(a).cmp(&shape(b)).then_with(|| best_first(a, b)));
            own.dedup_by(|a, b| shape(a) == shape(b));
            own.sort_by(best_first);
            node.first_wildcard = node_id(wildcards.len());
            wildcards.extend_from_slice(&own);
            has_wildcards.push(!own.is_empty());
            stack.push(nodes.len());
            nodes.push(node);
        }
        RuleIndex {
            nodes: nodes.into_boxed_slice(),
            exact: exact.into_boxed_slice(),
            wildcards: wildcards.into_boxed_slice(),
        }
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
        let bytes = |span: Span| &arena[span.start..][..span.len];
        let nodes = &*self.nodes;
        let after = nodes.partition_point(|n| {
            if n.head == path.head {
                bytes(n.literal()) <= path.bytes
            } else {
                n.head < path.head
            }
        });
        let Some(mut at) = after.checked_sub(1) else {
            return;
        };
        let common = common_prefix_len(bytes(nodes[at].literal()), path.bytes);
        let node = loop {
            let node = &nodes[at];
            if node.len as usize <= common {
                break node;
            }
            if node.parent == NO_NODE {
                return;
            }
            at = node.parent as usize;
        };
        best[ALLOW] = best[ALLOW].max(node.prefix[ALLOW]);
        best[DISALLOW] = best[DISALLOW].max(node.prefix[DISALLOW]);
        if node.len as usize == path.bytes.len() {
            let found = self.exact.binary_search_by_key(&node_id(at), |&(id, _)| id);
            if let Ok(i) = found {
                let [allow, disallow] = self.exact[i].1;
                best[ALLOW] = best[ALLOW].max(allow);
                best[DISALLOW] = best[DISALLOW].max(disallow);
            }
        }

        let mut at = if self.wildcards_of(at).is_empty() {
            node.wild_parent
        } else {
            node_id(at)
        };
        while at != NO_NODE {
            let node = &nodes[at as usize];
            for wildcard in self.wildcards_of(at as usize) {
                let claim = wildcard.claim;
                if claim <= best[ALLOW].min(best[DISALLOW]) {
                    // Nor can the rest of the node, longest first, win.
                    break;
                }
                let kind = wildcard.kind as usize;
                if claim > best[kind]
                    && wildcard
                        .anchored_end
                        .is_none_or(|end| path.bytes.last() == Some(&end))
                    && (!wildcard.prefilter || path.byte_set().contains_all(&wildcard.literals))
                    && matches_tail(
                        path.bytes,
                        node.len as usize,
                        bytes(wildcard.tail),
                        wildcard.anchored_end.is_some(),
                    )
                {
                    best[kind] = claim;
                }
            }
            at = node.wild_parent;
        }
    }

    fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&*self.nodes) + size_of_val(&*self.exact) + size_of_val(&*self.wildcards)
    }
}

/// A node's position as stored: nodes and wildcards of one group number far
/// fewer than 2^32 (a rule is a line of at least a few bytes).
fn node_id(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(NO_NODE)
}

/// The length of the longest common prefix of `a` and `b`, compared eight
/// bytes at a time.
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

/// The path of a query, with what the index searches need of it: its first
/// word, and its byte set on first use (only `*` rules need it).
struct QueryPath<'a> {
    bytes: &'a [u8],
    head: u64,
    set: OnceCell<ByteSet>,
}

impl<'a> QueryPath<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        QueryPath {
            bytes,
            head: head(bytes),
            set: OnceCell::new(),
        }
    }

    fn byte_set(&self) -> &ByteSet {
        self.set.get_or_init(|| ByteSet::of(self.bytes))
    }
}

/// The groups naming the queried agents: a few at most, kept inline.
#[derive(Default)]
struct GroupList {
    inline: [u32; 8],
    len: usize,
    spilled: Vec<u32>,
}

impl GroupList {
    fn push(&mut self, group: u32) {
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
    fn as_sorted_set(&mut self) -> &[u32] {
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
    /// compared with the matchable part of each line's value), in file order.
    fn groups_naming(&self, agent: &[u8]) -> &[u32] {
        let agent_head = ascii_lowercase(head(agent));
        let found = self.agent_index.binary_search_by(|entry| {
            entry
                .name
                .len
                .cmp(&agent.len())
                .then(entry.head.cmp(&agent_head))
                .then_with(|| {
                    // As long, and the same first eight bytes: the rest decides.
                    let rest = self.bytes(entry.name).iter().zip(agent).skip(8);
                    rest.map(|(n, a)| n.cmp(&a.to_ascii_lowercase()))
                        .find(|o| o.is_ne())
                        .unwrap_or(Ordering::Equal)
                })
        });
        match found {
            Ok(i) => {
                let [first, end] = self.agent_index[i].groups;
                &self.agent_groups[first as usize..end as usize]
            }
            Err(_) => &[],
        }
    }

    /// Answers a query for several agents, as
    /// [`crate::RobotsMatcher::allowed_by_robots`] followed by its accessors.
    pub fn check<A: AsRef<[u8]>>(&self, user_agents: &[A], url: impl AsRef<[u8]>) -> Answer {
        let mut list;
        let specific = match user_agents {
            [agent] => self.groups_naming(agent.as_ref()),
            _ => {
                list = GroupList::default();
                for agent in user_agents {
                    for &group in self.groups_naming(agent.as_ref()) {
                        list.push(group);
                    }
                }
                list.as_sorted_set()
            }
        };
        let ever_seen_specific_agent = !specific.is_empty();
        // With a group of its own, the global rules never decide.
        let groups = if ever_seen_specific_agent {
            specific
        } else {
            &self.global_groups
        };

        let mut best = [Claim::NONE; 2];
        let indexes = groups.iter().map(|&g| &self.groups[g as usize].index);
        // Without rules the URL is not even looked at.
        if !indexes.clone().all(RuleIndex::is_empty) {
            let url = url.as_ref();
            let mut owned = Vec::new();
            let path: &[u8] = match path_start(url) {
                None => b"/",
                Some(start) => {
                    // The path ends at the fragment, and Google matches it as
                    // a C string: at a NUL too.
                    let end =
                        memchr::memchr2(b'#', 0, &url[start..]).map_or(url.len(), |i| start + i);
                    if url[start] == b'/' {
                        &url[start..end]
                    } else {
                        owned.reserve(end - start + 1);
                        owned.push(b'/');
                        owned.extend_from_slice(&url[start..end]);
                        &owned
                    }
                }
            };
            let path = QueryPath::new(path);
            for index in indexes {
                index.search(&self.arena, &path, &mut best);
            }
        }

        let slot = |claim: Claim, specific: bool| {
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
        let verdict = Verdict {
            allow: slot(best[ALLOW], ever_seen_specific_agent),
            disallow: slot(best[DISALLOW], ever_seen_specific_agent),
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
        let groups = match self.groups_naming(user_agent.as_ref()) {
            [] => &self.global_groups,
            named => named,
        };
        groups
            .iter()
            .find_map(|&g| self.groups[g as usize].crawl_delay)
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
                .map(|g| g.index.heap_bytes())
                .sum::<usize>()
            + size_of_val(&*self.agent_index)
            + size_of_val(&*self.agent_groups)
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

    #[test]
    fn no_claim_reads_back_as_no_match() {
        assert_eq!(Claim::NONE.to_match(), Match::NONE);
        assert!(Claim::new(0, u32::MAX) > Claim::NONE);
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
