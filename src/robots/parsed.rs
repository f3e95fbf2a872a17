//! The stored form of a parsed robots.txt: its values in one arena, its
//! groups, rules and `user-agent` lines in flat arrays, the names the lines
//! give with the indexes of their rules (built on the first query that
//! needs one); and the queries on it.

use std::cmp::Ordering;
use std::sync::OnceLock;

use crate::decide::{Verdict, index_html_directory_len};
use crate::path::try_get_path_params_query;
use crate::pattern::{matches, matches_split};
use crate::preferences::{PreferenceCandidate, Preferences, select};
use crate::robots::alloc::{Alloc, Span, bytes, too_large, try_push};
use crate::robots::candidate::push_candidates;
use crate::robots::claim::{Claim, RuleKind, verdict};
use crate::robots::extensions::ExtensionBlock;
use crate::robots::index::{RuleIndex, Scratch};
use crate::robots::query::{QueryPath, with_path};
use crate::word::{ascii_lowercase, head};

/// A rule as stored: twelve bytes, the kind in the top bit of the length
/// (a pattern is at most three times [`crate::MAX_LINE_LEN`] bytes).
#[derive(Debug, Clone, Copy)]
pub(super) struct RuleData {
    pub(super) start: u32,
    len_and_kind: u32,
    pub(super) line: u32,
}

/// The bit of [`RuleData::len_and_kind`] set for a disallow rule.
const DISALLOW_BIT: u32 = 1 << 31;

impl RuleData {
    pub(super) fn new(pattern: Span, line: u32, kind: RuleKind) -> Alloc<RuleData> {
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

    pub(super) fn pattern(&self) -> Span {
        Span {
            start: self.start,
            len: self.len_and_kind & !DISALLOW_BIT,
        }
    }

    pub(super) fn kind(&self) -> RuleKind {
        if self.len_and_kind & DISALLOW_BIT != 0 {
            RuleKind::Disallow
        } else {
            RuleKind::Allow
        }
    }
}

/// A `user-agent` line.
#[derive(Debug, Clone, Copy)]
pub(super) struct AgentData {
    /// The value as written on the `user-agent` line.
    pub(super) value: Span,
    pub(super) line: u32,
}

/// A group: ranges of its lines, and what it says beside its rules.
#[derive(Debug, Clone, Copy)]
pub(super) struct GroupData {
    /// A range of [`Parsed::agents`].
    pub(super) agents: [u32; 2],
    /// A range of [`Parsed::rules`].
    pub(super) rules: [u32; 2],
    pub(super) is_global: bool,
    /// The first valid `crawl-delay`, or NaN for none (no valid delay is
    /// NaN): eight bytes rather than an `Option`'s sixteen.
    pub(super) crawl_delay: f64,
    /// Where the group's extension block lies in the arena, plus one; 0 for
    /// a group without `Content-Signal`, `Content-Usage` or `Request-rate`
    /// lines (see [`ExtensionBlock`]). It fits in the padding after
    /// `is_global`: a group costs no more for it.
    pub(super) extensions: u32,
}

impl GroupData {
    pub(super) fn crawl_delay(&self) -> Option<f64> {
        Some(self.crawl_delay).filter(|d| !d.is_nan())
    }
}

/// A range of a `u32` list as stored.
pub(super) fn range([start, end]: [u32; 2]) -> std::ops::Range<usize> {
    start as usize..end as usize
}

/// A matchable agent name of the `user-agent` lines, lower-cased, with the
/// groups naming it and the indexes of their rules.
#[derive(Debug, Clone, Copy)]
pub(super) struct AgentName {
    pub(super) name: Span,
    /// The name's first eight bytes as a big-endian word (see [`head`]).
    pub(super) head: u64,
    /// A range of [`Parsed::agent_groups`].
    pub(super) groups: [u32; 2],
    /// A range of [`Parsed::index_lists`].
    pub(super) indexes: [u32; 2],
}

/// Compares two agent names as the query side orders them: by length, then
/// lower-cased bytes (`head_a`, `head_b` being their lower-cased first
/// words).
pub(super) fn compare_names(a: &[u8], head_a: u64, b: &[u8], head_b: u64) -> Ordering {
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
pub(super) struct LazyIndex {
    /// A range of [`Parsed::index_groups`]: the groups whose rules it holds.
    pub(super) groups: [u32; 2],
    /// Boxed: most are never built, and an empty cell stays small.
    pub(super) built: OnceLock<Box<RuleIndex>>,
}

/// A parsed robots.txt, as [`crate::Robots`] holds it.
#[derive(Debug, Clone)]
pub(super) struct Parsed {
    pub(super) arena: Box<[u8]>,
    pub(super) agents: Box<[AgentData]>,
    pub(super) rules: Box<[RuleData]>,
    pub(super) groups: Box<[GroupData]>,
    /// The names, sorted by length, then bytes: a query compares lengths and
    /// first words, and rarely bytes.
    pub(super) agent_index: Box<[AgentName]>,
    /// The groups of each name, each list in file order.
    pub(super) agent_groups: Box<[u32]>,
    pub(super) global_groups: Box<[u32]>,
    /// The indexes to search for each name and for the `*` groups: one
    /// index holding the rules of all their groups, except where merging
    /// would copy too many rules (see `Indexes::index_list` in
    /// `build.rs`).
    pub(super) index_lists: Box<[u32]>,
    /// A range of [`Parsed::index_lists`].
    pub(super) global_indexes: [u32; 2],
    pub(super) indexes: Box<[LazyIndex]>,
    /// The groups of each index.
    pub(super) index_groups: Box<[u32]>,
    /// The lines for the whole file: each `sitemap` value in file order;
    /// then, only when the file has `License` or `LLM-Policy` lines,
    /// [`FILE_VALUES_MARK`] and two spans per such line (its value, then
    /// its line number and kind as [`FileValueData::meta`]). One slice, so
    /// that the many files without those lines hold no more than before
    /// they were read.
    pub(super) file_lines: Box<[Span]>,
}

/// Ends the sitemaps in [`Parsed::file_lines`]: no value starts at the
/// arena's 4 GiB limit.
pub(super) const FILE_VALUES_MARK: Span = Span {
    start: u32::MAX,
    len: u32::MAX,
};

/// A file-wide extension line as stored: which key, its value and line.
#[derive(Debug, Clone, Copy)]
pub(super) struct FileValueData {
    /// `true` for `License`, `false` for `LLM-Policy`.
    pub(super) is_license: bool,
    pub(super) value: Span,
    pub(super) line: u32,
}

impl FileValueData {
    /// The second span of the line in [`Parsed::file_lines`].
    pub(super) fn meta(&self) -> Span {
        Span {
            start: self.line,
            len: u32::from(self.is_license),
        }
    }
}

impl Parsed {
    /// The `sitemap` values' spans, in file order.
    pub(super) fn sitemap_spans(&self) -> &[Span] {
        let end = self
            .file_lines
            .iter()
            .position(|&s| s == FILE_VALUES_MARK)
            .unwrap_or(self.file_lines.len());
        &self.file_lines[..end]
    }

    /// The `License` and `LLM-Policy` lines, in file order.
    pub(super) fn file_values(&self) -> impl Iterator<Item = FileValueData> + '_ {
        let after = self.sitemap_spans().len() + 1;
        self.file_lines
            .get(after..)
            .unwrap_or_default()
            .chunks_exact(2)
            .map(|pair| FileValueData {
                is_license: pair[1].len == 1,
                value: pair[0],
                line: pair[1].start,
            })
    }

    /// The bytes of `span` in the arena.
    pub(super) fn bytes(&self, span: Span) -> &[u8] {
        bytes(&self.arena, span)
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

    /// The distinct names of the `user-agent` lines (lower-cased), each with
    /// its groups in file order.
    pub(super) fn names(&self) -> impl Iterator<Item = (&[u8], &[u32])> + '_ {
        self.agent_index
            .iter()
            .map(|n| (self.bytes(n.name), &self.agent_groups[range(n.groups)]))
    }

    /// The extension lines of a group, if it has any.
    pub(super) fn extension_block(&self, group: &GroupData) -> Option<ExtensionBlock<'_>> {
        let start = group.extensions.checked_sub(1)?;
        Some(ExtensionBlock::read(&self.arena, start as usize))
    }

    /// The usage preferences the extension lines of the groups that apply
    /// to `user_agents` state for `url`: see [`crate::Robots::preferences`].
    /// `allowed` is the verdict for the URL, and nothing applies without it.
    /// An error when memory runs out for the list of groups of many agents
    /// or for the copy of the path.
    pub(super) fn preferences<A: AsRef<[u8]>>(
        &self,
        user_agents: &[A],
        url: &[u8],
        allowed: bool,
    ) -> Alloc<Preferences> {
        let mut preferences = Preferences {
            allowed,
            ..Preferences::default()
        };
        if !allowed {
            return Ok(preferences);
        }
        // The groups as for rules: those naming an agent, else `*`, each
        // once, in file order.
        let mut merged: Vec<u32> = Vec::new();
        let groups: &[u32] = match user_agents {
            [agent] => self.groups_naming(agent.as_ref()),
            _ => {
                for agent in user_agents {
                    let named = self.groups_naming(agent.as_ref());
                    merged.try_reserve(named.len())?;
                    merged.extend_from_slice(named);
                }
                merged.sort_unstable();
                merged.dedup();
                &merged
            }
        };
        let groups = if groups.is_empty() {
            &self.global_groups[..]
        } else {
            groups
        };
        let lines = || {
            groups
                .iter()
                .filter_map(|&g| self.extension_block(&self.groups[g as usize]))
                .flat_map(ExtensionBlock::lines)
        };
        if lines().next().is_none() {
            return Ok(preferences);
        }
        let path = try_get_path_params_query(url)?;
        let candidates = lines().map(|p| PreferenceCandidate {
            kind: p.kind,
            pattern: self.bytes(p.path),
            line: p.line,
            stated: p.stated,
            content_use: p.content_use,
        });
        (
            preferences.signals,
            preferences.usage,
            preferences.content_use,
        ) = select(candidates, &path);
        Ok(preferences)
    }

    pub(super) fn groups_naming(&self, agent: &[u8]) -> &[u32] {
        self.name(agent)
            .map_or(&[], |name| &self.agent_groups[range(name.groups)])
    }

    /// Searches the indexes `ids` for `url`.
    fn search(&self, ids: &[u32], url: &[u8]) -> Alloc<[Claim; 2]> {
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
            })?;
        }
        Ok(best)
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
    pub(super) fn build(&self, groups: &[u32]) -> Alloc<RuleIndex> {
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
                if matches(path.bytes(), value) {
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
    pub(super) fn verdict<A: AsRef<[u8]>>(&self, user_agents: &[A], url: &[u8]) -> Alloc<Verdict> {
        let (best, specific) = self.claims(user_agents, url)?;
        Ok(verdict(best, specific))
    }

    /// The best claims (allow, disallow) of the rules that apply to
    /// `user_agents` and match `url`, and whether a group names one of the
    /// agents (then only the groups naming them apply).
    pub(super) fn claims<A: AsRef<[u8]>>(
        &self,
        user_agents: &[A],
        url: &[u8],
    ) -> Alloc<([Claim; 2], bool)> {
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
                        list.extend(&self.index_lists[range(name.indexes)])?;
                    }
                }
                if !specific {
                    list.extend(&self.index_lists[range(self.global_indexes)])?;
                }
                return Ok((self.search(list.as_set(), url)?, specific));
            }
        };
        // With a group of its own, the global rules never decide.
        Ok((self.search(ids, url)?, specific))
    }

    /// The best matches of the global (`*`) groups alone, as Google's matcher
    /// records them for an agent no group names (in the `global` slots).
    pub(super) fn global_verdict(&self, url: &[u8]) -> Alloc<Verdict> {
        Ok(verdict(
            self.search(&self.index_lists[range(self.global_indexes)], url)?,
            false,
        ))
    }

    /// Heap bytes held (not counting the value itself).
    pub(super) fn heap_bytes(&self) -> usize {
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
            + size_of_val(&*self.file_lines)
    }
}

/// The indexes to search for a query: a few at most, kept inline.
#[derive(Default)]
struct IndexList {
    inline: [u32; 8],
    len: usize,
    spilled: Vec<u32>,
}

impl IndexList {
    /// Adds `ids`; fails when the list outgrows its inline room and the
    /// heap has none (an agent list of millions, say).
    fn extend(&mut self, ids: &[u32]) -> Alloc<()> {
        for &id in ids {
            if self.len < self.inline.len() {
                self.inline[self.len] = id;
                self.len += 1;
            } else {
                if self.spilled.is_empty() {
                    self.spilled.try_reserve(self.inline.len() + 1)?;
                    self.spilled.extend_from_slice(&self.inline);
                }
                try_push(&mut self.spilled, id)?;
            }
        }
        Ok(())
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
