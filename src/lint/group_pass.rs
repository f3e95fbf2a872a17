//! The first pass: the group-level findings of a body (rules outside any
//! group; duplicate, overridden and shadowed rules; unreachable and empty
//! groups; extension lines outside any group, preferences no fetchable path
//! takes, groups that go on past extension lines), kept compactly (12 bytes
//! each) until the second pass reaches their lines. What grows with the
//! body (the findings, the rules and preference lines of the open group) is
//! allocated fallibly.

use std::collections::TryReserveError;

use crate::decide::{extract_user_agent, is_global_agent};
use crate::lint::code::Code;
use crate::parser::{ParseHandler, try_parse_robots_txt};
use crate::preferences::{ExtensionKey, parse_signal_value, parse_usage_value};

/// What a group-level finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GroupCodeKind {
    RuleOutsideGroup,
    Duplicate,
    Overridden,
    Shadowed,
    Unreachable,
    Empty,
    /// `aux`: the [`ExtensionKey`] as its index in [`EXTENSION_KEYS`].
    ExtensionOutside,
    PreferenceNeverApplies,
    GroupContinues,
}

const EXTENSION_KEYS: [ExtensionKey; 3] = [
    ExtensionKey::ContentSignal,
    ExtensionKey::ContentUsage,
    ExtensionKey::RequestRate,
];

/// A group-level finding: the line, what, and a number (a line or a count).
#[derive(Debug, Clone, Copy)]
pub(super) struct GroupFinding {
    pub(super) line: u32,
    aux: u32,
    kind: GroupCodeKind,
}

impl GroupFinding {
    pub(super) fn code(self) -> Code {
        match self.kind {
            GroupCodeKind::RuleOutsideGroup => Code::RuleOutsideGroup,
            GroupCodeKind::Duplicate => Code::DuplicateRule {
                first_line: self.aux,
            },
            GroupCodeKind::Overridden => Code::OverriddenDisallow {
                allow_line: self.aux,
            },
            GroupCodeKind::Shadowed => Code::ShadowedRule { by_line: self.aux },
            GroupCodeKind::Unreachable => Code::UnreachableGroup { rules: self.aux },
            GroupCodeKind::Empty => Code::EmptyGroup,
            GroupCodeKind::ExtensionOutside => Code::ExtensionOutsideGroup {
                key: EXTENSION_KEYS[self.aux as usize],
            },
            GroupCodeKind::PreferenceNeverApplies => Code::PreferenceNeverApplies {
                disallow_line: self.aux,
            },
            GroupCodeKind::GroupContinues => Code::GroupContinuesAfterExtension {
                group_line: self.aux,
            },
        }
    }
}

/// A rule of the open group: its pattern lives in the group's arena.
#[derive(Debug, Clone, Copy)]
struct GroupRule {
    start: u32,
    len: u32,
    line: u32,
    allow: bool,
}

#[derive(Default)]
struct GroupPass {
    findings: Vec<GroupFinding>,
    /// Whether a group is open, its first line, whether it names a crawler.
    open: Option<(u32, bool)>,
    rules: Vec<GroupRule>,
    arena: Vec<u8>,
    rule_count: u32,
    /// Keys of the current line's directive, until its metadata arrives.
    last_was_rule: bool,
    /// Whether an extension line came since the last `user-agent` line.
    extension_since_agent: bool,
    /// The open group's preference lines that state a "yes".
    yes_lines: Vec<u32>,
    /// The open group's `disallow: /` (or `/*`), and whether it has an
    /// `allow`.
    disallow_all: Option<u32>,
    has_allow: bool,
    /// The first allocation that failed; nothing is recorded after it.
    failed: Option<TryReserveError>,
}

impl GroupPass {
    fn add(&mut self, line: u32, kind: GroupCodeKind, aux: u32) {
        if self.failed.is_some() {
            return;
        }
        match self.findings.try_reserve(1) {
            Ok(()) => self.findings.push(GroupFinding { line, aux, kind }),
            Err(error) => self.failed = Some(error),
        }
    }

    fn close(&mut self, last: bool) {
        let Some((first, names_crawler)) = self.open.take() else {
            return;
        };
        let yes_lines = std::mem::take(&mut self.yes_lines);
        if let (Some(disallow), false) = (self.disallow_all.take(), self.has_allow) {
            for line in yes_lines {
                self.add(line, GroupCodeKind::PreferenceNeverApplies, disallow);
            }
        }
        self.has_allow = false;
        if self.rule_count == 0 {
            if last {
                self.add(first, GroupCodeKind::Empty, 0);
            }
            return;
        }
        if !names_crawler {
            let rules = self.rule_count;
            self.add(first, GroupCodeKind::Unreachable, rules);
        }
        self.unreachable_rules();
        self.rules.clear();
        self.arena.clear();
        self.rule_count = 0;
    }

    /// Duplicates, overridden disallows and shadowed rules of the open group.
    fn unreachable_rules(&mut self) {
        let arena = std::mem::take(&mut self.arena);
        let pattern = |r: &GroupRule| &arena[r.start as usize..(r.start + r.len) as usize];
        // Patterns differing only by trailing `*` match the same URLs.
        let stem = |r: &GroupRule| {
            let p = pattern(r);
            let keep = p.len() - p.iter().rev().take_while(|&&b| b == b'*').count();
            &p[..keep]
        };
        let mut rules = std::mem::take(&mut self.rules);
        rules.sort_unstable_by(|a, b| {
            stem(a)
                .cmp(stem(b))
                .then(b.len.cmp(&a.len))
                .then(b.allow.cmp(&a.allow))
                .then(a.line.cmp(&b.line))
        });
        // Within one stem the first rule wins: longest, allow before
        // disallow, earliest line. Equal stems and equal lengths mean equal
        // patterns, so the rules of one length form a run, allows first.
        let mut i = 0;
        while i < rules.len() {
            let mut j = i + 1;
            while j < rules.len() && stem(&rules[j]) == stem(&rules[i]) {
                j += 1;
            }
            let winner = rules[i].line;
            let mut run = i;
            // The line of the run's first rule of the other kind (its
            // disallows follow its allows), once met.
            let mut first_other = None;
            for k in i + 1..j {
                let r = rules[k];
                if rules[run].len != r.len {
                    run = k;
                    first_other = None;
                    self.add(r.line, GroupCodeKind::Shadowed, winner);
                } else if rules[run].allow == r.allow {
                    // The first of the run has this kind: r repeats it.
                    self.add(r.line, GroupCodeKind::Duplicate, rules[run].line);
                } else if let Some(first) = first_other {
                    // An earlier disallow of this run was reported already;
                    // r repeats that disallow.
                    self.add(r.line, GroupCodeKind::Duplicate, first);
                } else {
                    first_other = Some(r.line);
                    self.add(r.line, GroupCodeKind::Overridden, rules[run].line);
                }
            }
            i = j;
        }
        rules.clear();
        self.rules = rules;
        self.arena = arena;
    }

    fn rule(&mut self, line: u32, allow: bool, value: &[u8]) {
        self.last_was_rule = true;
        if self.open.is_none() {
            self.add(line, GroupCodeKind::RuleOutsideGroup, 0);
            return;
        }
        if allow {
            self.has_allow = true;
        } else if matches!(value, b"/" | b"/*") && self.disallow_all.is_none() {
            self.disallow_all = Some(line);
        }
        self.rule_count = self.rule_count.saturating_add(1);
        // Rules that never match, or match with length 0, never decide and
        // are reported on their own line.
        if !matches!(value.first(), Some(b'/' | b'*')) {
            return;
        }
        if self.failed.is_some() {
            return;
        }
        // The stored form is never longer than the escaped one.
        if let Err(error) = self
            .arena
            .try_reserve(value.len())
            .and_then(|()| self.rules.try_reserve(1))
        {
            self.failed = Some(error);
            return;
        }
        let Ok(start) = u32::try_from(self.arena.len()) else {
            return;
        };
        push_compact(&mut self.arena, value);
        let Ok(len) = u32::try_from(self.arena.len() - start as usize) else {
            self.arena.truncate(start as usize);
            return;
        };
        self.rules.push(GroupRule {
            start,
            len,
            line,
            allow,
        });
    }
}

/// Appends an escaped pattern to the arena with each `%XY` of a byte over
/// 0x7F stored as that byte. Escaping turns every such byte into three, so
/// a group of rules written in bytes over 0x7F would take three times their
/// text; stored back they take at most their text. Equality is kept: an
/// escaped pattern holds no byte over 0x7F and writes its escapes in upper
/// case, so each stored byte over 0x7F stands for exactly one `%XY`, and two
/// patterns are equal stored exactly when they are equal escaped. Lengths
/// of patterns with one stem differ by their trailing `*` alone, as before.
fn push_compact(arena: &mut Vec<u8>, escaped: &[u8]) {
    let hex = |b: u8| match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    };
    let mut rest = escaped;
    while let Some(at) = memchr::memchr(b'%', rest) {
        let byte = match (rest.get(at + 1), rest.get(at + 2)) {
            (Some(&h), Some(&l)) => hex(h).zip(hex(l)).map(|(h, l)| h << 4 | l),
            _ => None,
        };
        match byte {
            Some(b) if b > 0x7F => {
                arena.extend_from_slice(&rest[..at]);
                arena.push(b);
                rest = &rest[at + 3..];
            }
            _ => {
                arena.extend_from_slice(&rest[..=at]);
                rest = &rest[at + 1..];
            }
        }
    }
    arena.extend_from_slice(rest);
}

impl ParseHandler for GroupPass {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {
        self.close(true);
    }
    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        if self.open.is_none() || self.last_was_rule {
            self.close(false);
            self.open = Some((line, false));
        } else if self.extension_since_agent {
            if let Some((first, _)) = self.open {
                self.add(line, GroupCodeKind::GroupContinues, first);
            }
        }
        self.extension_since_agent = false;
        self.last_was_rule = false;
        let names = is_global_agent(value) || !extract_user_agent(value).is_empty();
        if let Some((_, n)) = self.open.as_mut() {
            *n |= names;
        }
    }
    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        self.rule(line, true, value);
    }
    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        self.rule(line, false, value);
    }
    fn handle_sitemap(&mut self, _line: u32, _value: &[u8]) {}
    fn handle_unknown_action(&mut self, line: u32, action: &[u8], value: &[u8]) {
        let Some(key) = ExtensionKey::of(action).filter(|k| k.is_group_scoped()) else {
            return;
        };
        if self.open.is_none() {
            let index = EXTENSION_KEYS.iter().position(|&k| k == key).unwrap_or(0);
            self.add(line, GroupCodeKind::ExtensionOutside, index as u32);
            return;
        }
        self.extension_since_agent = true;
        let stated = match key {
            ExtensionKey::ContentSignal => parse_signal_value(value, |_| {}).stated,
            ExtensionKey::ContentUsage => parse_usage_value(value, |_| {}).stated,
            ExtensionKey::RequestRate | ExtensionKey::License | ExtensionKey::LlmPolicy => return,
        };
        if stated.allows_any() && self.failed.is_none() {
            match self.yes_lines.try_reserve(1) {
                Ok(()) => self.yes_lines.push(line),
                Err(error) => self.failed = Some(error),
            }
        }
    }
}

/// The group-level findings of a body, sorted by line; an error when
/// memory for them ran out.
pub(super) fn group_findings(body: &[u8]) -> Result<Vec<GroupFinding>, TryReserveError> {
    let mut pass = GroupPass::default();
    try_parse_robots_txt(body, &mut pass)?;
    if let Some(error) = pass.failed {
        return Err(error);
    }
    let mut findings = pass.findings;
    // A line has at most one group-level finding (a group's own findings
    // are on its first `user-agent` line, a continuing group's on a later
    // one, a rule's or a preference's on its own line, and a line outside
    // any group belongs to no group's rules or preferences), so an unstable
    // sort, which needs no buffer, gives the order a stable one would; only
    // past four billion lines, where line numbers saturate, could two share
    // one.
    findings.sort_unstable_by_key(|f| f.line);
    Ok(findings)
}

// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_in_bytes_over_0x7f_are_held_at_their_written_size() {
        // Each of these bytes escapes to three (`%FF`); the group's arena
        // holds it as one, and a rule written as escapes is still the same
        // rule.
        let mut pass = GroupPass {
            open: Some((1, true)),
            ..GroupPass::default()
        };
        for (line, allow, value) in [
            (2, false, &b"/%FF%FE"[..]),
            (3, false, b"/%FF%FE"),
            (4, true, b"/%41%FF"),
        ] {
            pass.rule(line, allow, value);
        }
        assert_eq!(pass.arena, b"/\xff\xfe/\xff\xfe/%41\xff");
    }
}
