//! Matching a URL path against one robots.txt rule pattern.
//!
//! A pattern is anchored at the start of the path, `*` matches any run of
//! bytes, and `$` is special only as the last byte of the pattern, where it
//! anchors the end. Everything else, `$` in the middle included, matches
//! itself byte for byte.
//!
//! Google decides this with a set of candidate positions that it updates for
//! each pattern byte, which costs O(path × pattern) and lets a hostile
//! robots.txt and URL burn seconds per query. [`matches`] gives the same
//! answers in O(path + pattern): the pattern is split at `*` into literal
//! pieces; the first must be a prefix of the path, each following piece is
//! taken at its leftmost occurrence after the previous one (the leftmost end
//! leaves the most room for what follows, so nothing is missed), and with a
//! final `$` the last piece must instead end the path, after the previous
//! piece. [`matches_reference`] keeps Google's algorithm for tests.

use memchr::memmem;

use crate::word::{LOW7, splat, zero_bytes};

/// Whether `path` matches the robots.txt `pattern`, in time linear in the
/// lengths of both.
///
/// ```
/// use robotstxt_exact::pattern::matches;
/// assert!(matches(b"/fish/salmon.php", b"/fish*.php"));
/// assert!(matches(b"/folder/a.php", b"/*.php$"));
/// assert!(!matches(b"/a.php?x", b"/*.php$"));
/// assert!(matches(b"/anything", b""));
/// ```
pub fn matches(path: &[u8], pattern: &[u8]) -> bool {
    let (pattern, anchored) = split_anchor(pattern);
    matches_split(path, pattern, anchored)
}

/// Splits a final `$` off a pattern: the rest and whether it was there.
pub(crate) fn split_anchor(pattern: &[u8]) -> (&[u8], bool) {
    match pattern.split_last() {
        Some((b'$', rest)) => (rest, true),
        _ => (pattern, false),
    }
}

/// [`matches`] for a pattern whose final `$` (if any) was split off.
pub(crate) fn matches_split(path: &[u8], pattern: &[u8], anchored: bool) -> bool {
    let Some(star) = memchr::memchr(b'*', pattern) else {
        return if anchored {
            path == pattern
        } else {
            path.starts_with(pattern)
        };
    };

    let first = &pattern[..star];
    path.starts_with(first) && matches_tail(path, first.len(), &pattern[star..], anchored)
}

/// Whether the rest of `path`, from `pos`, matches `tail`: the part of a
/// pattern from its first `*` on, its final `$` (if any) split off, the
/// part before having matched the path's first `pos` bytes.
pub(crate) fn matches_tail(path: &[u8], pos: usize, tail: &[u8], anchored: bool) -> bool {
    matches_tail_with(path, pos, tail, anchored, |_| true)
}

/// [`matches_tail`], asking `may_occur` about each piece of two bytes or
/// more before searching the path for it: a piece it says cannot occur in
/// the path ends the match without a search.
pub(crate) fn matches_tail_with(
    path: &[u8],
    mut pos: usize,
    tail: &[u8],
    anchored: bool,
    mut may_occur: impl FnMut(&[u8]) -> bool,
) -> bool {
    // The first piece is the empty one before the leading `*`.
    let mut pieces = tail.split(|&b| b == b'*').skip(1).peekable();
    while let Some(piece) = pieces.next() {
        if anchored && pieces.peek().is_none() {
            return path.len() - pos >= piece.len() && path.ends_with(piece);
        }
        if piece.is_empty() {
            continue;
        }
        if piece.len() >= 2 && !may_occur(piece) {
            return false;
        }
        match find(&path[pos..], piece) {
            Some(i) => pos += i + piece.len(),
            None => return false,
        }
    }
    true
}

/// Haystacks shorter than this are searched eight positions at a time for
/// the needle's first two bytes, without the set-up of a memmem searcher,
/// which costs more than such a search.
const SHORT_HAYSTACK: usize = 256;

/// How many candidates (positions starting with the needle's first two
/// bytes) a short search checks before it hands the rest of the haystack to
/// a memmem searcher: the time stays linear in the haystack.
const CANDIDATES_CHECKED: usize = 8;

/// The leftmost occurrence of `needle` in `haystack`.
#[inline]
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    match needle {
        [byte] => memchr::memchr(*byte, haystack),
        [first, second, ..] if haystack.len() < SHORT_HAYSTACK => {
            find_in_short(haystack, needle, *first, *second)
        }
        _ => memmem::find(haystack, needle),
    }
}

/// [`find`] in a short haystack for a needle starting with `first` and
/// `second`.
fn find_in_short(haystack: &[u8], needle: &[u8], first: u8, second: u8) -> Option<usize> {
    let last_start = haystack.len().checked_sub(needle.len())?;
    if last_start >= 15 {
        return find_sixteen_at_a_time(haystack, needle, last_start);
    }
    // The eight bytes from `at`, zero past the end (a candidate there starts
    // past `last_start`).
    let word = |at: usize| match haystack.get(at..at + 8) {
        Some(chunk) => u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])),
        None => {
            let rest = haystack.get(at..).unwrap_or_default();
            let mut bytes = [0u8; 8];
            bytes[..rest.len()].copy_from_slice(rest);
            u64::from_le_bytes(bytes)
        }
    };
    let (first, second) = (splat(first), splat(second));
    let mut checked = 0;
    let mut at = 0;
    while at <= last_start {
        let mut candidates = zero_bytes(word(at) ^ first) & zero_bytes(word(at + 1) ^ second);
        while candidates != 0 {
            let start = at + (candidates.trailing_zeros() / 8) as usize;
            if start > last_start {
                return None;
            }
            if haystack[start..].starts_with(needle) {
                return Some(start);
            }
            checked += 1;
            if checked == CANDIDATES_CHECKED {
                return memmem::find(&haystack[start + 1..], needle).map(|i| start + 1 + i);
            }
            candidates &= candidates - 1;
        }
        at += 8;
    }
    None
}

/// [`find_in_short`] where there are at least sixteen places the needle
/// may start: sixteen at a time, those holding the needle's first and last
/// bytes ([`crate::scan::both_16`]); the last sixteen overlap the ones
/// before.
fn find_sixteen_at_a_time(haystack: &[u8], needle: &[u8], last_start: usize) -> Option<usize> {
    let starts = last_start + 1;
    let gap = needle.len() - 1;
    let (first, last) = (needle[0], needle[gap]);
    let mut checked = 0;
    let mut at = 0;
    while at < starts {
        // Starts before `at` were looked at already.
        let base = at.min(starts - 16);
        let mut candidates = crate::scan::both_16(
            crate::scan::sixteen_at(haystack, base),
            crate::scan::sixteen_at(haystack, base + gap),
            first,
            last,
        ) >> (at - base);
        while candidates != 0 {
            let start = at + candidates.trailing_zeros() as usize;
            if haystack[start..start + needle.len()] == *needle {
                return Some(start);
            }
            checked += 1;
            if checked == CANDIDATES_CHECKED {
                return memmem::find(&haystack[start + 1..], needle).map(|i| start + 1 + i);
            }
            candidates &= candidates - 1;
        }
        at = base + 16;
    }
    None
}

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
        // Shorter than a word, the vector set-up costs more than the bytes.
        if bytes.len() >= 8 {
            if let Some(set) = crate::scan::gray_bits(bytes) {
                return ByteSet(set);
            }
        }
        Self::of_words(bytes)
    }

    /// [`ByteSet::of`] without vector instructions.
    fn of_words(bytes: &[u8]) -> Self {
        // Eight bytes a word: their Gray codes at once, then a shift and an
        // OR each, into two sets to halve the chain of dependent ORs. Past
        // eight bytes, the last word overlaps the one before it instead of
        // a byte loop for the rest: a set does not mind bytes added twice.
        let Some(&last) = bytes.last_chunk::<8>() else {
            return ByteSet(bytes.iter().fold(0, |set, &b| set | Self::bit(b)));
        };
        fn add(sets: &mut [u64; 2], word: u64) {
            let gray = word ^ ((word >> 1) & LOW7);
            for byte in 0..8 {
                sets[byte & 1] |= 1u64.wrapping_shl((gray >> (8 * byte)) as u32);
            }
        }
        let mut sets = [0u64; 2];
        for chunk in bytes.chunks_exact(8) {
            add(
                &mut sets,
                u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])),
            );
            // Stopping early once the set is full also keeps the loop from
            // being vectorised, and slower for it.
            if sets[0] | sets[1] == u64::MAX {
                return ByteSet(u64::MAX);
            }
        }
        if bytes.len() % 8 != 0 {
            add(&mut sets, u64::from_le_bytes(last));
        }
        ByteSet(sets[0] | sets[1])
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

/// The keys of eight pairs of bytes, a byte each: `first` holds their
/// first bytes, `second` their second ones. A pair's bit in a [`PairSet`]
/// is its key modulo 64: `first ^ second << 2 ^ second >> 4`, which keeps
/// the low five bits of both bytes, where letters and digits differ.
pub(crate) fn pair_keys(first: u64, second: u64) -> u64 {
    first ^ ((second << 2) & splat(0xFC)) ^ ((second >> 4) & splat(0x0F))
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
        // Shorter, the vector set-up costs more than the pairs.
        if bytes.len() >= 9 {
            if let Some(set) = crate::scan::pair_bits(bytes) {
                return PairSet(set);
            }
        }
        Self::of_words(bytes)
    }

    /// [`PairSet::of`] without vector instructions.
    fn of_words(bytes: &[u8]) -> Self {
        // The pairs starting at eight positions at once: each byte of a word
        // with the byte after it, from the word one byte on; then a
        // shift and an OR each. Past nine bytes, the last two words overlap
        // the ones before them: a set does not mind pairs added twice.
        let Some(&last) = bytes.last_chunk::<9>() else {
            let mut set = 0;
            for pair in bytes.windows(2) {
                set |= Self::bit(pair[0], pair[1]);
            }
            return PairSet(set);
        };
        let mut sets = [0u64; 2];
        let word = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let mut add = |first: u64, second: u64| {
            let keys = pair_keys(first, second);
            for byte in 0..8 {
                sets[byte & 1] |= 1u64.wrapping_shl((keys >> (8 * byte)) as u32);
            }
        };
        let mut at = 0;
        while at + 9 <= bytes.len() {
            add(word(&bytes[at..at + 8]), word(&bytes[at + 1..at + 9]));
            at += 8;
        }
        if at + 1 < bytes.len() {
            add(word(&last[..8]), word(&last[1..]));
        }
        PairSet(sets[0] | sets[1])
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
        crate::scan::within(sets, self.0)
    }
}

/// Which substrings of two, three and four bytes occur in a path, hashed
/// into a bitmap: a prefilter for the literal pieces of `*` patterns, asked
/// before each search of the path (see [`matches_tail_with`]).
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

/// Google's own matching algorithm, kept as the reference the linear-time
/// [`matches`] is tested against. Quadratic: not for production use.
pub fn matches_reference(path: &[u8], pattern: &[u8]) -> bool {
    let n = path.len();
    let mut pos: Vec<usize> = vec![0];
    for (i, &c) in pattern.iter().enumerate() {
        if c == b'$' && i + 1 == pattern.len() {
            return pos.last() == Some(&n);
        }
        if c == b'*' {
            let lo = pos[0];
            pos = (lo..=n).collect();
        } else {
            pos = pos
                .iter()
                .filter(|&&p| p < n && path[p] == c)
                .map(|&p| p + 1)
                .collect();
            if pos.is_empty() {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollar_only_special_at_the_end() {
        assert!(matches(b"/a$b", b"/a$b"));
        assert!(matches(b"/a$", b"/a$$"));
        assert!(!matches(b"/a", b"/a$$"));
    }

    #[test]
    fn lone_dollar_matches_only_the_empty_path() {
        assert!(matches(b"", b"$"));
        assert!(!matches(b"/", b"$"));
    }

    #[test]
    fn anchored_last_piece_must_not_overlap_earlier_pieces() {
        assert!(!matches(b"/ab", b"/ab*b$"));
        assert!(matches(b"/abb", b"/ab*b$"));
        assert!(matches(b"/ab", b"/a*b$"));
    }

    proptest::proptest! {
        #[test]
        fn find_gives_the_leftmost_occurrence(
            // Few distinct bytes: many candidates, past the number checked
            // before a memmem searcher takes over; haystacks short and long.
            haystack in proptest::collection::vec(proptest::sample::select(b"ab/".to_vec()), 0..300),
            needle in proptest::collection::vec(proptest::sample::select(b"ab/".to_vec()), 1..6),
        ) {
            let naive = haystack.windows(needle.len()).position(|w| w == needle.as_slice());
            proptest::prop_assert_eq!(find(&haystack, &needle), naive);
        }

        #[test]
        fn find_gives_the_leftmost_occurrence_of_a_long_needle(
            // Needles up to longer than sixteen bytes, cut from the haystack
            // (so that they occur) and then perhaps changed in one byte.
            haystack in proptest::collection::vec(proptest::sample::select(b"ab/".to_vec()), 0..120),
            from in 0usize..120,
            len in 1usize..40,
            change in proptest::option::of((0usize..40, proptest::sample::select(b"ab/".to_vec()))),
        ) {
            let from = from.min(haystack.len());
            let mut needle = haystack[from..(from + len).min(haystack.len())].to_vec();
            if let Some((at, byte)) = change {
                if let Some(b) = needle.get_mut(at) {
                    *b = byte;
                }
            }
            proptest::prop_assume!(!needle.is_empty());
            let naive = haystack.windows(needle.len()).position(|w| w == needle.as_slice());
            proptest::prop_assert_eq!(find(&haystack, &needle), naive);
        }

        #[test]
        fn byte_set_never_misses_a_byte(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40)) {
            let set = ByteSet::of(&bytes);
            for &b in &bytes {
                proptest::prop_assert!(set.contains(b));
            }
        }

        #[test]
        fn byte_set_holds_the_bits_of_its_bytes_and_no_other(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
        ) {
            // A word at a time with the last word overlapping, against one
            // byte at a time: the same set at every length.
            let expected = bytes.iter().fold(0, |set, &b| set | ByteSet::bit(b));
            proptest::prop_assert_eq!(ByteSet::of(&bytes).0, expected);
            proptest::prop_assert_eq!(ByteSet::of_words(&bytes).0, expected);
            // The vector build where the processor has it (any length).
            if let Some(set) = crate::scan::gray_bits(&bytes) {
                proptest::prop_assert_eq!(set, expected);
            }
        }

        #[test]
        fn pair_set_holds_the_bits_of_its_pairs_and_no_other(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
        ) {
            let expected = bytes
                .windows(2)
                .fold(0, |set, pair| set | PairSet::bit(pair[0], pair[1]));
            proptest::prop_assert_eq!(PairSet::of(&bytes).0, expected);
            proptest::prop_assert_eq!(PairSet::of_words(&bytes).0, expected);
            // The vector build where the processor has it (any length).
            if let Some(set) = crate::scan::pair_bits(&bytes) {
                proptest::prop_assert_eq!(set, expected);
            }
        }
    }

    proptest::proptest! {
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

    #[test]
    fn star_dollar_matches_anything_after_the_prefix() {
        assert!(matches(b"/x/y", b"/x*$"));
        assert!(!matches(b"/y", b"/x*$"));
    }
}
