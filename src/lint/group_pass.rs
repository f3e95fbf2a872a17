//! The first pass: the group-level findings of a body (rules outside any
//! group; duplicate, overridden and shadowed rules; unreachable and empty
//! groups), kept compactly (12 bytes each) until the second pass reaches
//! their lines.

use crate::decide::{extract_user_agent, is_global_agent};
use crate::lint::code::Code;
use crate::parser::{ParseHandler, parse_robots_txt};

/// What a group-level finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GroupCodeKind {
    RuleOutsideGroup,
    Duplicate,
    Overridden,
    Shadowed,
    Unreachable,
    Empty,
}

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
}

impl GroupPass {
    fn add(&mut self, line: u32, kind: GroupCodeKind, aux: u32) {
        self.findings.push(GroupFinding { line, aux, kind });
    }

    fn close(&mut self, last: bool) {
        let Some((first, names_crawler)) = self.open.take() else {
            return;
        };
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
            for k in i + 1..j {
                let r = rules[k];
                if rules[run].len != r.len {
                    run = k;
                    self.add(r.line, GroupCodeKind::Shadowed, winner);
                } else if rules[run].allow == r.allow {
                    // The first of the run has this kind: r repeats it.
                    self.add(r.line, GroupCodeKind::Duplicate, rules[run].line);
                } else if rules[k - 1].allow == r.allow {
                    // An earlier disallow of this run was reported already;
                    // r repeats that disallow.
                    let first = rules[run..k]
                        .iter()
                        .find(|x| x.allow == r.allow)
                        .map_or(r.line, |x| x.line);
                    self.add(r.line, GroupCodeKind::Duplicate, first);
                } else {
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
        self.rule_count = self.rule_count.saturating_add(1);
        // Rules that never match, or match with length 0, never decide and
        // are reported on their own line.
        if !matches!(value.first(), Some(b'/' | b'*')) {
            return;
        }
        let (Ok(start), Ok(len)) = (u32::try_from(self.arena.len()), u32::try_from(value.len()))
        else {
            return;
        };
        self.arena.extend_from_slice(value);
        self.rules.push(GroupRule {
            start,
            len,
            line,
            allow,
        });
    }
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
        }
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
    fn handle_unknown_action(&mut self, _line: u32, _action: &[u8], _value: &[u8]) {}
}

/// The group-level findings of a body, sorted by line (stable, so findings
/// of one line keep the order in which they were found).
pub(super) fn group_findings(body: &[u8]) -> Vec<GroupFinding> {
    let mut pass = GroupPass::default();
    parse_robots_txt(body, &mut pass);
    let mut findings = pass.findings;
    findings.sort_by_key(|f| f.line);
    findings
}

// ---------------------------------------------------------------------------
