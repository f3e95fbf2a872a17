//! The rule index and its search: the rules of one or more groups, ordered
//! by literal start, so that a query costs one search of the literal
//! starts, a walk up a short chain, and the `*` rules on that chain that
//! pass two screens.

use crate::pattern::matches_tail;
use crate::robots::alloc::{Alloc, Span, bytes, try_boxed, try_push};
use crate::robots::candidate::{Candidate, Shape};
use crate::robots::claim::{ALLOW, Claim, DISALLOW, RuleKind};
use crate::robots::query::QueryPath;
use crate::screen::{ByteSet, PairSet};

/// No node: the end of a chain of [`Node`]s or [`WildNode`]s.
const NO_NODE: u32 = u32::MAX;

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
pub(super) struct RuleIndex {
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

impl RuleIndex {
    /// Indexes `candidates` (reordered in place), whose spans lie in
    /// `arena`.
    pub(super) fn new(
        candidates: &mut [Candidate],
        arena: &[u8],
        scratch: &mut Scratch,
    ) -> Alloc<RuleIndex> {
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

    /// Each node's first eight bytes as a big-endian word (see
    /// [`head`](crate::word::head)),
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
    pub(super) fn search(&self, arena: &[u8], path: &QueryPath<'_>, best: &mut [Claim; 2]) {
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

    /// Whether the index holds no rule.
    pub(super) fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub(super) fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&*self.nodes)
            + size_of_val(&*self.words)
            + size_of_val(&*self.exact)
            + size_of_val(&*self.wild_nodes)
            + size_of_val(&*self.wildcards)
    }
}

/// Vectors [`RuleIndex::new`] reuses from one index to the next.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// The `*` rules of one node.
    own: Vec<Wildcard>,
    /// The chain of literals that are prefixes of the current one.
    stack: Vec<usize>,
    /// The [`RuleIndex::screens`] so far.
    screens: Vec<u64>,
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

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn common_prefix_len_counts_equal_leading_bytes(
            a in proptest::collection::vec(proptest::sample::select(vec![0u8, b'/', b'a']), 0..20),
            b in proptest::collection::vec(proptest::sample::select(vec![0u8, b'/', b'a']), 0..20),
        ) {
            let expected = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
            proptest::prop_assert_eq!(common_prefix_len(&a, &b), expected);
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
}
