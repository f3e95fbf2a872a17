//! Building: the parse handler that records a body's groups, rules and
//! `user-agent` lines in the arena, and the plan of the indexes a query
//! will search for each name.

use std::collections::TryReserveError;
use std::sync::OnceLock;

use crate::decide::{extract_user_agent, is_global_agent};
use crate::parser::{ParseHandler, parse_robots_txt};
use crate::preferences::{
    ExtensionKey, PreferenceKind, is_absolute_url, parse_request_rate, parse_signal_value,
    parse_usage_value,
};
use crate::robots::alloc::{Alloc, Span, bytes, push_bytes, too_large, try_boxed, try_push};
use crate::robots::claim::RuleKind;
use crate::robots::extensions::{ExtensionBlock, GroupExtensions, PreferenceData};
use crate::robots::parsed::{
    AgentData, AgentName, FILE_VALUES_MARK, FileValueData, GroupData, LazyIndex, Parsed, RuleData,
    compare_names, range,
};
use crate::word::{ascii_lowercase, head};

/// Parses `body` into its stored form. Accepts any bytes, as the parser
/// does.
pub(super) fn parse(body: &[u8]) -> Alloc<Parsed> {
    let mut builder = Builder::default();
    // The values are at most the body, mostly; escaping can add more.
    builder.arena.try_reserve_exact(body.len())?;
    parse_robots_txt(body, &mut builder);
    builder.finish()
}

/// Builds the stored form of a robots.txt from parser callbacks.
#[derive(Default)]
struct Builder {
    arena: Vec<u8>,
    agents: Vec<AgentData>,
    rules: Vec<RuleData>,
    groups: Vec<GroupData>,
    sitemaps: Vec<Span>,
    /// The `License` lines with an absolute URL and the `LLM-Policy` lines.
    file_values: Vec<FileValueData>,
    /// The `Content-Signal` and `Content-Usage` lines, in file order.
    preferences: Vec<PreferenceData>,
    /// Per group with extension lines, in group order.
    extensions: Vec<GroupExtensions>,
    last_was_rule: bool,
    /// The first allocation that failed; the callbacks after it do nothing.
    failed: Option<TryReserveError>,
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
                    extensions: 0,
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

    /// A `License` (RSL 1.0: an absolute URL, else ignored) or `LLM-Policy`
    /// line: for the whole file, wherever it stands.
    fn add_file_value(&mut self, is_license: bool, line: u32, value: &[u8]) -> Alloc<()> {
        if is_license && !is_absolute_url(value) {
            return Ok(());
        }
        let value = push_bytes(&mut self.arena, value)?;
        try_push(
            &mut self.file_values,
            FileValueData {
                is_license,
                value,
                line,
            },
        )
    }

    /// A `Content-Signal`, `Content-Usage` or `Request-rate` line: kept for
    /// the open group (lines before the first group apply to no one); a
    /// `License` or `LLM-Policy` line: kept for the file.
    fn add_extension(&mut self, key: ExtensionKey, line: u32, value: &[u8]) -> Alloc<()> {
        match key {
            ExtensionKey::License => return self.add_file_value(true, line, value),
            ExtensionKey::LlmPolicy => return self.add_file_value(false, line, value),
            _ => {}
        }
        let Some(group) = self.groups.len().checked_sub(1) else {
            return Ok(());
        };
        let group = u32::try_from(group).map_err(|_| too_large())?;
        if self.extensions.last().is_none_or(|e| e.group != group) {
            let start = u32::try_from(self.preferences.len()).map_err(|_| too_large())?;
            try_push(
                &mut self.extensions,
                GroupExtensions {
                    group,
                    preferences: [start, start],
                    request_rate: None,
                },
            )?;
        }
        let (kind, parsed) = match key {
            ExtensionKey::RequestRate => {
                if let Some(extensions) = self.extensions.last_mut() {
                    if extensions.request_rate.is_none() {
                        extensions.request_rate = parse_request_rate(value).ok();
                    }
                }
                return Ok(());
            }
            ExtensionKey::ContentSignal => {
                (PreferenceKind::Signal, parse_signal_value(value, |_| {}))
            }
            ExtensionKey::ContentUsage => (PreferenceKind::Usage, parse_usage_value(value, |_| {})),
            ExtensionKey::License | ExtensionKey::LlmPolicy => return Ok(()),
        };
        let path = push_bytes(&mut self.arena, parsed.path.unwrap_or_default())?;
        let index = u32::try_from(self.preferences.len() + 1).map_err(|_| too_large())?;
        try_push(
            &mut self.preferences,
            PreferenceData {
                kind,
                path,
                line,
                stated: parsed.stated,
                content_use: parsed.content_use,
            },
        )?;
        if let Some(extensions) = self.extensions.last_mut() {
            extensions.preferences[1] = index;
        }
        Ok(())
    }

    /// Records the first failure; later callbacks do nothing.
    fn note(&mut self, result: Alloc<()>) {
        if let Err(error) = result {
            self.failed = Some(error);
        }
    }

    fn finish(mut self) -> Alloc<Parsed> {
        if let Some(error) = self.failed {
            return Err(error);
        }
        // The extension lines, each group's in a block after the values.
        for extensions in &self.extensions {
            let lines = &self.preferences[range(extensions.preferences)];
            let start = ExtensionBlock::write(&mut self.arena, extensions, lines)?;
            self.groups[extensions.group as usize].extensions = start + 1;
        }
        drop(std::mem::take(&mut self.preferences));
        drop(std::mem::take(&mut self.extensions));
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
        own.resize(self.groups.len(), UNPLANNED);
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

        // The sitemaps, then the file-wide values after their mark.
        if !self.file_values.is_empty() {
            try_push(&mut self.sitemaps, FILE_VALUES_MARK)?;
            for value in &self.file_values {
                try_push(&mut self.sitemaps, value.value)?;
                try_push(&mut self.sitemaps, value.meta())?;
            }
        }

        Ok(Parsed {
            arena: try_boxed(self.arena)?,
            agents: try_boxed(self.agents)?,
            rules: try_boxed(self.rules)?,
            groups: try_boxed(self.groups)?,
            agent_index: try_boxed(agent_index)?,
            agent_groups: try_boxed(agent_groups)?,
            global_groups: try_boxed(global_groups)?,
            index_lists: try_boxed(index_lists)?,
            global_indexes,
            indexes: try_boxed(indexes)?,
            index_groups: try_boxed(index_groups)?,
            file_lines: try_boxed(self.sitemaps)?,
        })
    }
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

    fn handle_unknown_action(&mut self, line: u32, action: &[u8], value: &[u8]) {
        if self.failed.is_none() {
            if let Some(key) = ExtensionKey::of(action) {
                let result = self.add_extension(key, line, value);
                self.note(result);
                return;
            }
        }
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

/// A name of a `user-agent` line while building: the matchable part of the
/// value, in the arena as written, and its group.
#[derive(Debug, Clone, Copy)]
struct NameRef {
    /// The lower-cased first word (see [`head`]).
    head: u64,
    name: Span,
    group: u32,
}

/// No index planned yet for a group.
const UNPLANNED: u32 = u32::MAX;

/// The indexes of a robots.txt while they are planned.
struct Indexes<'a> {
    groups: &'a [GroupData],
    indexes: Vec<LazyIndex>,
    index_groups: Vec<u32>,
    /// Per group, its own index once planned, or [`UNPLANNED`].
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
        if planned != UNPLANNED {
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
