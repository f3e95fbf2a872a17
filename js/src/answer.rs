//! An [`Answer`] as one JavaScript number, so that a query returns without
//! building an object in Rust: the matching line times [`LINE_FACTOR`], plus
//! a bit each for `allowed`, `ever_seen_specific_agent` and
//! `disallow_ignore_global`. A line is at most `u32::MAX`, so the sum is
//! below 2^35 and exact in a double. `js/lib/answer.js` unpacks it; the
//! layout is `packed.answer` of `spec/vocabulary.json`, as are the numbers
//! for running out of memory.

use robotstxt_exact::Answer;

/// What the matching line is multiplied by.
pub const LINE_FACTOR: u64 = 8;
/// The flag for `allowed`.
pub const ALLOWED: u64 = 4;
/// The flag for `ever_seen_specific_agent`.
pub const EVER_SEEN_SPECIFIC_AGENT: u64 = 2;
/// The flag for `disallow_ignore_global`.
pub const DISALLOW_IGNORE_GLOBAL: u64 = 1;
/// The packed answer of a query that ran out of memory.
pub const OUT_OF_MEMORY: f64 = -1.0;
/// A yes-or-no query's answer is 0 (disallowed) or 1 (allowed); this, when
/// memory ran out.
pub const VERDICT_OUT_OF_MEMORY: u32 = 2;

/// The number for `answer`.
pub fn pack(answer: Answer) -> f64 {
    let flag = |on: bool, bit: u64| if on { bit } else { 0 };
    let bits = flag(answer.allowed, ALLOWED)
        | flag(answer.ever_seen_specific_agent, EVER_SEEN_SPECIFIC_AGENT)
        | flag(answer.disallow_ignore_global, DISALLOW_IGNORE_GLOBAL);
    (u64::from(answer.matching_line) * LINE_FACTOR + bits) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_line_and_every_flag_survive_the_double() {
        let a = Answer {
            allowed: true,
            matching_line: u32::MAX,
            ever_seen_specific_agent: true,
            disallow_ignore_global: true,
        };
        let packed = pack(a) as u64;
        assert_eq!(packed >> 3, u64::from(u32::MAX));
        assert_eq!(packed & 7, 7);
    }

    #[test]
    fn each_flag_has_its_own_bit() {
        let none = Answer {
            allowed: false,
            matching_line: 5,
            ever_seen_specific_agent: false,
            disallow_ignore_global: false,
        };
        assert_eq!(pack(none), 40.0);
        assert_eq!(
            pack(Answer {
                allowed: true,
                ..none
            }),
            44.0
        );
        assert_eq!(
            pack(Answer {
                ever_seen_specific_agent: true,
                ..none
            }),
            42.0
        );
        assert_eq!(
            pack(Answer {
                disallow_ignore_global: true,
                ..none
            }),
            41.0
        );
    }
}
