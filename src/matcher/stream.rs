//! One query streamed through a body, looking only at what can change its
//! answer or the matcher's state.
//!
//! Google's matcher hears every line, but for one query most lines change
//! nothing: outside the groups of the queried agents (and `*`) only
//! `user-agent` lines do, and inside them only `user-agent`, `allow` and
//! `disallow` lines. A line's first byte tells those apart from the rest,
//! so lines are found with the vector line-end scan, told apart by that byte,
//! and only the few that matter are read: common keys are recognised a word
//! at a time, and a rule whose value leaves the path at a plain byte is
//! dropped without escaping or matching its value. Every other line goes
//! through the parser's own line reader, so the answers and the state are
//! the full parse's on any input.

use std::collections::TryReserveError;

use super::RobotsMatcher;
use crate::arch::plain_prefix_16;
use crate::escape::escape_value_into;
use crate::parser::{ALLOW, DISALLOW, FIVE_BYTES, MAX_LINE_LEN, USER_AGE, emit_one_line, skip_bom};
use crate::scan::{BLOCK, Classifier};
use crate::word::ascii_lowercase;

/// The whitespace that may lead a line or a value (line ends never occur
/// inside a line).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0B | 0x0C)
}

fn is_agent_byte(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'-' || b == b'_'
}

/// What a line's first byte says it may be: a `user-agent` line, an
/// `allow` or `disallow` line, or one whose key starts after whitespace.
const AGENT: u8 = 1;
const RULE: u8 = 2;
const SPACE: u8 = 4;

const FIRST_BYTE: [u8; 256] = {
    let mut table = [0u8; 256];
    table[b'u' as usize] = AGENT;
    table[b'U' as usize] = AGENT;
    table[b'a' as usize] = RULE;
    table[b'A' as usize] = RULE;
    table[b'd' as usize] = RULE;
    table[b'D' as usize] = RULE;
    table[b' ' as usize] = SPACE;
    table[b'\t' as usize] = SPACE;
    table[0x0B] = SPACE;
    table[0x0C] = SPACE;
    table
};

/// What the quick look at a rule's value found.
enum Quick {
    /// The rule cannot match the path.
    Rejects,
    /// The value must be read whole.
    Unknown,
}

impl RobotsMatcher {
    /// Streams `body` for the query set up by `set_agents` and `set_url`.
    pub(super) fn stream(&mut self, body: &[u8]) -> Result<(), TryReserveError> {
        use crate::parser::ParseHandler;
        let body = skip_bom(body);
        self.handle_robots_start();
        let classifier = Classifier::new();
        let mut line_num: u32 = 0;
        let mut start = 0;
        let mut base = 0;
        // The LF of a CRLF pair at the start of the block ends no line.
        let mut skip_first = 0u64;
        while base < body.len() {
            let mut eol = classifier.eol_at(body, base) & !skip_first;
            skip_first = 0;
            while eol != 0 {
                let bit = eol.trailing_zeros() as usize;
                let at = base + bit;
                eol &= eol - 1;
                line_num = line_num.saturating_add(1);
                if start < at {
                    self.stream_line(body, line_num, start, at)?;
                }
                start = at + 1;
                if body[at] == b'\r' && body.get(start) == Some(&b'\n') {
                    start += 1;
                    if bit + 1 < BLOCK {
                        eol &= !(2u64 << bit);
                    } else {
                        skip_first = 1;
                    }
                }
            }
            base += BLOCK;
        }
        line_num = line_num.saturating_add(1);
        if start < body.len() {
            self.stream_line(body, line_num, start, body.len())?;
        }
        Ok(())
    }

    /// The line `start..end` (not empty), numbered `line_num`.
    #[inline(always)]
    fn stream_line(
        &mut self,
        body: &[u8],
        line_num: u32,
        start: usize,
        end: usize,
    ) -> Result<(), TryReserveError> {
        let wanted = if self.seen_any_agent() {
            AGENT | RULE | SPACE
        } else {
            AGENT | SPACE
        };
        let mut key = start;
        let mut class = FIRST_BYTE[usize::from(body[key])] & wanted;
        if class == 0 {
            // No other key changes anything here.
            return Ok(());
        }
        if class == SPACE {
            while key < end && is_space(body[key]) {
                key += 1;
            }
            if key == end {
                return Ok(());
            }
            class = FIRST_BYTE[usize::from(body[key])] & wanted & !SPACE;
        }
        match class {
            AGENT => self.stream_agent_line(body, line_num, start, key, end),
            RULE => self.stream_rule_line(body, line_num, start, key, end),
            _ => Ok(()),
        }
    }

    /// A line the parser's own reader must look at.
    #[cold]
    #[inline(never)]
    fn general_line(
        &mut self,
        body: &[u8],
        line_num: u32,
        start: usize,
        end: usize,
    ) -> Result<(), TryReserveError> {
        let mut scratch = std::mem::take(&mut self.line_scratch);
        let result = emit_one_line(body, line_num, start, end, self, &mut scratch);
        self.line_scratch = scratch;
        result
    }

    /// A line whose key starts with `u` at `key`.
    #[inline(never)]
    fn stream_agent_line(
        &mut self,
        body: &[u8],
        line_num: u32,
        start: usize,
        key: usize,
        end: usize,
    ) -> Result<(), TryReserveError> {
        let cap = start + MAX_LINE_LEN;
        let head = match body.get(key..key + 11) {
            Some(head) if key + 16 <= cap => head,
            _ => return self.general_line(body, line_num, start, end),
        };
        let word = u64::from_le_bytes(head[..8].try_into().unwrap_or([0; 8]));
        if ascii_lowercase(word) != USER_AGE
            || head[8] | 0x20 != b'n'
            || head[9] | 0x20 != b't'
            || head[10] != b':'
        {
            return self.general_line(body, line_num, start, end);
        }
        let mut v = key + 11;
        while v < end && is_space(body[v]) {
            v += 1;
        }
        if body.get(v) == Some(&b'*') {
            // `*` alone, or followed by whitespace, names the global group.
            let global = v + 1 < cap
                && matches!(
                    body.get(v + 1),
                    None | Some(b' ' | b'\t' | 0x0B | 0x0C | b'\r' | b'\n' | b'#' | 0)
                );
            if !global {
                return self.general_line(body, line_num, start, end);
            }
            self.agent_line(true, b"");
            return Ok(());
        }
        let mut token_end = v;
        while token_end < body.len() && is_agent_byte(body[token_end]) {
            token_end += 1;
        }
        if token_end >= cap {
            return self.general_line(body, line_num, start, end);
        }
        self.agent_line(false, &body[v..token_end]);
        Ok(())
    }

    /// A line whose key starts with `a` or `d` at `key`, inside a group that
    /// applies.
    #[inline(always)]
    fn stream_rule_line(
        &mut self,
        body: &[u8],
        line_num: u32,
        start: usize,
        key: usize,
        end: usize,
    ) -> Result<(), TryReserveError> {
        let cap = start + MAX_LINE_LEN;
        let head = match body.get(key..key + 16) {
            Some(head) if key + 32 <= cap => head,
            _ => return self.general_line(body, line_num, start, end),
        };
        let word = ascii_lowercase(u64::from_le_bytes(head[..8].try_into().unwrap_or([0; 8])));
        let (is_allow, mut v) = if word == DISALLOW && head[8] == b':' {
            (false, key + 9)
        } else if word & FIVE_BYTES == ALLOW && head[5] == b':' {
            (true, key + 6)
        } else {
            return self.general_line(body, line_num, start, end);
        };
        // Mostly one space after the colon; more whitespace, or none, is
        // looked at out of line.
        if body[v] == b' ' {
            v += 1;
        }
        if is_space(body[v]) {
            return self.rule_value(body, line_num, v, end, cap, is_allow);
        }
        match self.quick(body, v, cap, is_allow) {
            Quick::Rejects => {
                // What Google's handler does with a rule it does not match.
                self.seen_separator = true;
                Ok(())
            }
            Quick::Unknown => self.rule_value(body, line_num, v, end, cap, is_allow),
        }
    }

    /// The rule whose value starts at `v` (or after whitespace there),
    /// read whole, escaped and matched.
    #[inline(never)]
    fn rule_value(
        &mut self,
        body: &[u8],
        line_num: u32,
        mut v: usize,
        end: usize,
        cap: usize,
        is_allow: bool,
    ) -> Result<(), TryReserveError> {
        // The value: up to a comment, a NUL, the line end or the cap,
        // without the whitespace around it; whitespace that runs past the
        // cap leaves it empty.
        let limit = end.min(cap);
        while v < limit && is_space(body[v]) {
            v += 1;
        }
        let mut value_end = memchr::memchr2(b'#', 0, &body[v..limit]).map_or(limit, |i| v + i);
        while value_end > v && is_space(body[value_end - 1]) {
            value_end -= 1;
        }
        let value = &body[v..value_end];
        let mut scratch = std::mem::take(&mut self.line_scratch);
        let result = match escape_value_into(value, &mut scratch) {
            Ok(true) => {
                self.handle_rule(is_allow, line_num, &scratch);
                Ok(())
            }
            Ok(false) => {
                self.handle_rule(is_allow, line_num, value);
                Ok(())
            }
            Err(error) => Err(error),
        };
        self.line_scratch = scratch;
        result
    }

    /// Whether the rule whose value starts at `v` cannot match the path:
    /// its value leaves the path at a plain byte (not an escape, a wildcard,
    /// an anchor or the value's end), sixteen bytes at a time.
    #[inline(always)]
    fn quick(&self, body: &[u8], v: usize, cap: usize, is_allow: bool) -> Quick {
        let mut k = 0;
        loop {
            let at = v + k;
            if at + 16 > cap {
                return Quick::Unknown;
            }
            let Some(chunk) = body
                .get(at..at + 16)
                .and_then(|c| <&[u8; 16]>::try_from(c).ok())
            else {
                return Quick::Unknown;
            };
            let path = if k == 0 {
                self.path_head
            } else {
                let mut p = [0u8; 16];
                let rest = self.path.get(k..).unwrap_or_default();
                let n = rest.len().min(16);
                p[..n].copy_from_slice(&rest[..n]);
                p
            };
            let (diff, stop) = plain_prefix_16(chunk, &path);
            let first = (diff | stop).trailing_zeros() as usize;
            if first >= 16 {
                k += 16;
                continue;
            }
            if stop >> first & 1 == 1 {
                return Quick::Unknown;
            }
            let d = k + first;
            if d < self.path.len() || !is_allow {
                return Quick::Rejects;
            }
            // An allow rule longer than the path: only Google's index.htm
            // rule (`<dir>/index.htm...` also allows `<dir>/`) may match.
            return if self.path.last() == Some(&b'/')
                && body[at + first..].starts_with(b"index.htm")
            {
                Quick::Unknown
            } else {
                Quick::Rejects
            };
        }
    }
}
