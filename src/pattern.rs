//! Matching a URL path against one robots.txt rule pattern.
//!
//! A pattern is anchored at the start of the path, `*` matches any run of
//! bytes, and `$` is special only as the last byte of the pattern, where it
//! anchors the end. Everything else, `$` in the middle included, matches
//! itself byte for byte.
//!
//! Google decides this with a set of candidate positions that it updates for
//! each pattern byte, which costs O(path × pattern) and lets a hostile
//! robots.txt and URL burn seconds per query. [`matches()`] gives the same
//! answers in O(path + pattern): the pattern is split at `*` into literal
//! pieces; the first must be a prefix of the path, each following piece is
//! taken at its leftmost occurrence after the previous one (the leftmost end
//! leaves the most room for what follows, so nothing is missed), and with a
//! final `$` the last piece must instead end the path, after the previous
//! piece. `tests/common/pattern_reference.rs` keeps Google's algorithm, the
//! reference this one is tested against.

use memchr::memmem;

use crate::arch::both_16;
use crate::word::{sixteen_at, splat, zero_bytes};

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

/// [`matches()`] for a pattern whose final `$` (if any) was split off.
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
/// bytes ([`both_16`]); the last sixteen overlap the ones before.
fn find_sixteen_at_a_time(haystack: &[u8], needle: &[u8], last_start: usize) -> Option<usize> {
    let starts = last_start + 1;
    let gap = needle.len() - 1;
    let (first, last) = (needle[0], needle[gap]);
    let mut checked = 0;
    let mut at = 0;
    while at < starts {
        // Starts before `at` were looked at already.
        let base = at.min(starts - 16);
        let mut candidates = both_16(
            sixteen_at(haystack, base),
            sixteen_at(haystack, base + gap),
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

    }

    #[test]
    fn star_dollar_matches_anything_after_the_prefix() {
        assert!(matches(b"/x/y", b"/x*$"));
        assert!(!matches(b"/y", b"/x*$"));
    }
}
