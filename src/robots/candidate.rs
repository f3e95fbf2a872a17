//! The rules as an index takes them: each split into its literal start and
//! how the rest matches, and an allow rule's `index.html` rewrite beside it.

use crate::decide::index_html_directory_len;
use crate::pattern::split_anchor;
use crate::robots::alloc::{Alloc, Span};
use crate::robots::claim::{Claim, RuleKind};
use crate::word::head;

/// How a rule matches once its literal start is a prefix of the path.
#[derive(Debug, Clone, Copy)]
pub(super) enum Shape {
    /// Always (no `*`, no final `$`).
    Prefix,
    /// When the path is the literal start (no `*`, a final `$`).
    Exact,
    /// When the rest of the path matches the tail (see the index's
    /// `Wildcard`).
    Wildcard { tail: Span, anchored: bool },
}

/// A rule, or the `index.html` rewrite of an allow rule, ready for indexing.
#[derive(Debug, Clone, Copy)]
pub(super) struct Candidate {
    /// The literal's first word, to sort by (see [`head`]).
    pub(super) head: u64,
    pub(super) claim: Claim,
    pub(super) literal: Span,
    pub(super) shape: Shape,
    pub(super) kind: RuleKind,
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
pub(super) fn push_candidates(
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
