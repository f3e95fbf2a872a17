//! Screens: what a path holds, in a word or a bitmap, so that a `*` rule
//! whose pieces it cannot hold is rejected without a search of the path.
//!
//! - [`ByteSet`]: the bytes of a path, one word;
//! - [`PairSet`]: its pairs of adjacent bytes, one word, the first screen
//!   of the parse-once index's `*` rules;
//! - [`GramSet`]: its substrings of two to four bytes, a bitmap, for the
//!   streaming matcher's long paths.
//!
//! All answer "no" only when the path cannot hold what is asked; shared
//! bits only let a rule through to the search. The sets are built with the
//! vector code of [`crate::arch`].

use crate::word::pair_keys;

/// The set of bytes that occur in a path, computed once per query.
///
/// A pattern with a `*` can only match when every literal byte of it occurs
/// in the path; checking that costs O(pattern) and spares the O(path) search
/// that hostile files repeat once per rule (`/*a*a*...*b` against a long run
/// of `a`s).
///
/// The set is one word, built in a register with two operations a byte.
/// Bytes share its 64 bits: `b` takes the bit of its Gray code
/// `b ^ (b >> 1)`, modulo 64, which it shares with `b ^ 0x7F`, `b ^ 0x80` and
/// `b ^ 0xFF`. That puts lower-case letters with control bytes, and digits
/// and punctuation with upper-case letters, bytes that rarely stand in for
/// each other in a path. A shared bit only makes a check pass where it could
/// have failed: a "no" is always right.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ByteSet(u64);

impl ByteSet {
    fn bit(b: u8) -> u64 {
        1u64.wrapping_shl(u32::from(b ^ (b >> 1)))
    }

    pub(crate) fn of(bytes: &[u8]) -> Self {
        ByteSet(crate::arch::byte_set(bytes))
    }

    /// The set of the bytes of `pattern` other than `*`.
    pub(crate) fn of_literals(pattern: &[u8]) -> Self {
        let ByteSet(set) = ByteSet::of(pattern);
        ByteSet(set & !Self::bit(b'*'))
    }

    /// The set in 32 bits, its high half ORed onto its low half: where a set
    /// holds all of another, it still does folded. Small enough to store
    /// beside a rule for free.
    pub(crate) fn folded(&self) -> u32 {
        (self.0 | self.0 >> 32) as u32
    }

    fn contains(&self, b: u8) -> bool {
        self.0 & Self::bit(b) != 0
    }

    /// Whether every byte of `pattern` other than `*` is in the set.
    pub(crate) fn has_literals_of(&self, pattern: &[u8]) -> bool {
        pattern.iter().all(|&b| b == b'*' || self.contains(b))
    }
}

/// Which pairs of adjacent bytes occur in a path, hashed into one word: the
/// screen of an index's `*` rules, which are matched only when all the
/// pairs inside their pieces are in it ([`PairSet::of_pieces`]).
///
/// A piece that occurs in the path has all its pairs in the set, so a rule
/// with a pair missing cannot match. Shared bits only let a rule through to
/// the search; a "no" is always right. Pairs screen out more rules than the
/// bytes of [`ByteSet`] do, at the same cost of one word per path and rule:
/// on the corpus, about half as many pass.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct PairSet(u64);

impl PairSet {
    fn bit(first: u8, second: u8) -> u64 {
        1u64.wrapping_shl(u32::from(
            pair_keys(u64::from(first), u64::from(second)) as u8
        ))
    }

    pub(crate) fn of(bytes: &[u8]) -> Self {
        PairSet(crate::arch::pair_set(bytes))
    }

    /// The pairs inside the literal pieces of `tail` (the bytes between
    /// its `*`s): a tail whose pieces occur in a path has all of them in the
    /// path's set.
    pub(crate) fn of_pieces(tail: &[u8]) -> Self {
        PairSet(
            tail.windows(2)
                .filter(|pair| pair[0] != b'*' && pair[1] != b'*')
                .fold(0, |set, pair| set | Self::bit(pair[0], pair[1])),
        )
    }

    /// The set's bits, to be stored in bulk (see [`PairSet::which_within`]).
    pub(crate) fn bits(&self) -> u64 {
        self.0
    }

    /// Which of up to 64 sets, given by their [`PairSet::bits`], this set
    /// contains all of: bit `i` for `sets[i]`.
    pub(crate) fn which_within(&self, sets: &[u64]) -> u64 {
        crate::arch::within(sets, self.0)
    }
}

/// Which substrings of two, three and four bytes occur in a path, hashed
/// into a bitmap: a prefilter for the literal pieces of `*` patterns, asked
/// before each search of the path (see
/// [`crate::pattern::matches_tail_with`]).
///
/// A piece that occurs in the path has all its substrings in the set, so a
/// piece with one of them missing cannot occur, and a pattern with such a
/// piece cannot match: it is rejected in O(pattern) instead of a search
/// through the path. Hash collisions only let a piece through to the
/// search; a "no" is always right. Built once per query, lazily, for paths
/// long enough that a search costs more than the build.
#[derive(Debug, Clone, Default)]
pub(crate) struct GramSet {
    /// `GRAM_WORDS` words once built; empty when the allocation failed (the
    /// prefilter is then skipped, never wrong).
    bits: Vec<u64>,
}

/// Paths shorter than this are searched without the prefilter: the build
/// costs about as much as a few searches.
pub(crate) const GRAM_MIN_PATH: usize = 96;

const GRAM_HASH_BITS: u32 = 16;
const GRAM_WORDS: usize = (1 << GRAM_HASH_BITS) / 64;

impl GramSet {
    /// The bit of the `len`-byte substring whose bytes are the low bytes of
    /// `gram`.
    fn bit(gram: u32, len: usize) -> usize {
        let key = u64::from(gram) | (len as u64) << 32;
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - GRAM_HASH_BITS)) as usize
    }

    /// The (up to) four bytes at `at`, zero past the end.
    fn window(bytes: &[u8], at: usize) -> u32 {
        let mut word = [0u8; 4];
        let rest = &bytes[at..];
        let n = rest.len().min(4);
        word[..n].copy_from_slice(&rest[..n]);
        u32::from_le_bytes(word)
    }

    /// Fills the set with the substrings of `path`.
    pub(crate) fn build(&mut self, path: &[u8]) {
        self.bits.clear();
        if self.bits.try_reserve_exact(GRAM_WORDS).is_err() {
            return;
        }
        self.bits.resize(GRAM_WORDS, 0);
        for at in 0..path.len() {
            let window = Self::window(path, at);
            let left = path.len() - at;
            for (len, mask) in [(2, 0xFFFF), (3, 0xFF_FFFF), (4, u32::MAX)] {
                if left >= len {
                    let bit = Self::bit(window & mask, len);
                    self.bits[bit / 64] |= 1 << (bit % 64);
                }
            }
        }
    }

    fn has(&self, gram: u32, len: usize) -> bool {
        let bit = Self::bit(gram, len);
        self.bits[bit / 64] >> (bit % 64) & 1 == 1
    }

    /// Whether `piece` may occur in the path: false only when it cannot.
    pub(crate) fn may_contain(&self, piece: &[u8]) -> bool {
        if self.bits.is_empty() {
            return true;
        }
        // Every substring of two to four bytes of the piece occurs in the
        // path if the piece does. Checking the shorter ones too costs a few
        // hashes and catches most pieces whose longer substrings only
        // collide in the bitmap.
        [4usize, 3, 2].into_iter().all(|len| {
            let mask = u32::MAX >> (32 - 8 * len);
            piece.len() < len
                || (0..=piece.len() - len).all(|at| self.has(Self::window(piece, at) & mask, len))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::matches_tail_with;

    proptest::proptest! {
        #[test]
        fn byte_set_never_misses_a_byte(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40)) {
            let set = ByteSet::of(&bytes);
            for &b in &bytes {
                proptest::prop_assert!(set.contains(b));
            }
        }

        #[test]
        fn screens_never_reject_a_tail_whose_pieces_occur(
            path in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
            cuts in proptest::collection::vec((0usize..80, 0usize..6), 1..4),
        ) {
            // A tail made of pieces of the path, with `*` around each; the
            // path holds no `*` of its own.
            let path: Vec<u8> = path.iter().map(|&b| if b == b'*' { b'+' } else { b }).collect();
            let mut tail = Vec::new();
            for (from, len) in cuts {
                let from = from.min(path.len());
                let to = (from + len).min(path.len());
                tail.push(b'*');
                tail.extend_from_slice(&path[from..to]);
            }
            // Both screens of a `*` rule: its pairs, then its bytes folded.
            let pieces = PairSet::of_pieces(&tail).bits();
            proptest::prop_assert_eq!(PairSet::of(&path).which_within(&[pieces]), 1);
            let bytes = ByteSet::of_literals(&tail).folded();
            proptest::prop_assert_eq!(ByteSet::of(&path).folded() & bytes, bytes);
        }
    }

    #[test]
    fn pair_set_rejects_tails_with_pairs_the_path_lacks() {
        let set = PairSet::of(b"/abc/def");
        let holds = |tail: &[u8]| set.which_within(&[PairSet::of_pieces(tail).bits()]) == 1;
        assert!(holds(b"*bc/d"));
        assert!(holds(b"*ab*ef"));
        // Only single bytes between the stars: no pair to ask about.
        assert!(holds(b"*z*q"));
        // Every byte occurs but "ca", "fa" and "/d/" do not; the hash could
        // collide for one of them, not for all.
        let absent = [&b"*ca"[..], b"*fa", b"*/d/", b"*ab*ba", b"*cb"];
        let rejected = absent.iter().filter(|t| !holds(t)).count();
        assert!(rejected >= 4, "{rejected}");
    }

    proptest::proptest! {
        #[test]
        fn gram_set_never_rejects_a_piece_of_the_path(
            path in proptest::collection::vec(proptest::sample::select(b"abc/".to_vec()), 0..300),
            from in 0usize..300,
            len in 0usize..12,
        ) {
            let mut set = GramSet::default();
            set.build(&path);
            let from = from.min(path.len());
            let to = (from + len).min(path.len());
            proptest::prop_assert!(set.may_contain(&path[from..to]));
        }
    }

    #[test]
    fn gram_set_rejects_pieces_that_do_not_occur() {
        let path: Vec<u8> = (0..2000).map(|i| b"abcdefgh"[i % 8]).collect();
        let mut set = GramSet::default();
        set.build(&path);
        assert!(set.may_contain(b"cdefgha"));
        // Substrings the path lacks; the hash could collide for some, but
        // not for all of these.
        let absent = [&b"ba"[..], b"aca", b"hgfe", b"abcdefgg", b"hhh", b"ac"];
        let rejected = absent.iter().filter(|p| !set.may_contain(p)).count();
        assert!(rejected >= 5, "{rejected}");
        let rejects = |pattern: &[u8]| {
            !matches_tail_with(&path, 0, pattern, false, |piece| set.may_contain(piece))
        };
        assert!(rejects(b"*abcdefgg*"));
        assert!(!rejects(b"*abcdefgh*hab"));
    }
}
