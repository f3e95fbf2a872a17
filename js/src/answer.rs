//! An [`Answer`] as one JavaScript number, so that a query returns without
//! building an object in Rust: the matching line times 8, plus a bit each
//! for `allowed` (4), `ever_seen_specific_agent` (2) and
//! `disallow_ignore_global` (1). A line is at most `u32::MAX`, so the sum is
//! below 2^35 and exact in a double. `js/lib/answer.js` unpacks it.

use robotstxt_exact::Answer;

/// The number for `answer`.
pub fn pack(answer: Answer) -> f64 {
    let bits = u64::from(answer.allowed) << 2
        | u64::from(answer.ever_seen_specific_agent) << 1
        | u64::from(answer.disallow_ignore_global);
    (u64::from(answer.matching_line) << 3 | bits) as f64
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
