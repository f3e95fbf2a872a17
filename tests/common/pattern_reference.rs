//! Google's own pattern-matching algorithm (`RobotsMatchStrategy::Matches`
//! in `robots.cc`), transcribed step by step: the reference the crate's
//! linear-time `pattern::matches` is tested against, by the property tests,
//! the hostile inputs and the `matcher` fuzz target (which includes this
//! file). Quadratic: a test oracle, not part of the library.

/// Whether `path` matches the robots.txt `pattern`, by Google's position
/// sets: after each pattern byte, the set of path positions a match can
/// have reached.
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
