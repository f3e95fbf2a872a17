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

/// Whether `path` matches the robots.txt `pattern`, in time linear in the
/// lengths of both.
///
/// ```
/// use robotstxt::pattern::matches;
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
    if !path.starts_with(first) {
        return false;
    }
    let mut pos = first.len();
    let mut pieces = pattern[star + 1..].split(|&b| b == b'*').peekable();
    while let Some(piece) = pieces.next() {
        if anchored && pieces.peek().is_none() {
            return path.len() - pos >= piece.len() && path.ends_with(piece);
        }
        if piece.is_empty() {
            continue;
        }
        match memmem::find(&path[pos..], piece) {
            Some(i) => pos += i + piece.len(),
            None => return false,
        }
    }
    true
}

/// The set of bytes that occur in a path, computed once per query.
///
/// A pattern with a `*` can only match when every literal byte of it occurs
/// in the path; checking that costs O(pattern) and spares the O(path) search
/// that hostile files repeat once per rule (`/*a*a*...*b` against a long run
/// of `a`s).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ByteSet([u64; 4]);

impl ByteSet {
    pub(crate) fn of(bytes: &[u8]) -> Self {
        let mut set = [0u64; 4];
        for &b in bytes {
            set[usize::from(b >> 6)] |= 1 << (b & 63);
        }
        ByteSet(set)
    }

    /// The set of the bytes of `pattern` other than `*`.
    pub(crate) fn of_literals(pattern: &[u8]) -> Self {
        let mut set = ByteSet::of(pattern);
        set.0[usize::from(b'*' >> 6)] &= !(1 << (b'*' & 63));
        set
    }

    /// Whether every byte of `other` is in this set.
    pub(crate) fn contains_all(&self, other: &ByteSet) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| b & !a == 0)
    }

    fn contains(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0
    }

    /// Whether every byte of `pattern` other than `*` is in the set.
    pub(crate) fn has_literals_of(&self, pattern: &[u8]) -> bool {
        pattern.iter().all(|&b| b == b'*' || self.contains(b))
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

    #[test]
    fn star_dollar_matches_anything_after_the_prefix() {
        assert!(matches(b"/x/y", b"/x*$"));
        assert!(!matches(b"/y", b"/x*$"));
    }
}
