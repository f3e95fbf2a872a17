//! How the rules that match compete: a rule's kind, its claim on a slot
//! (allow or disallow), ranked as Google ranks matches, and the verdict and
//! [`Answer`] the best claims give.

use crate::decide::{Hierarchy, Match, Verdict};

/// Whether a rule allows or disallows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// An `allow` rule.
    Allow,
    /// A `disallow` rule.
    Disallow,
}

/// The slot of allow rules in a query's pair of best claims.
pub(super) const ALLOW: usize = RuleKind::Allow as usize;
/// The slot of disallow rules.
pub(super) const DISALLOW: usize = RuleKind::Disallow as usize;

/// A rule's claim on a slot: its priority (the pattern length) and its
/// line, packed in one word that orders claims as Google's matcher ranks
/// them: the longer pattern first, then the earlier line. The high half holds
/// the priority plus one, so that every claim is above [`Claim::NONE`], the
/// low half the line's complement. Priorities fit: the parser keeps at most
/// [`crate::MAX_LINE_LEN`] bytes of a line, and escaping at most triples them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Claim(u64);

impl Claim {
    /// No rule: priority -1 and line 0, as [`Match::NONE`].
    pub(super) const NONE: Claim = Claim(u32::MAX as u64);

    pub(super) fn new(priority: usize, line: u32) -> Claim {
        let priority = u32::try_from(priority + 1).unwrap_or(u32::MAX);
        Claim(u64::from(priority) << 32 | u64::from(!line))
    }

    /// The priority plus one: zero for [`Claim::NONE`], one for an empty
    /// pattern.
    fn priority_plus_one(self) -> u32 {
        (self.0 >> 32) as u32
    }

    fn to_match(self) -> Match {
        Match {
            priority: i64::from((self.0 >> 32) as u32) - 1,
            line: !(self.0 as u32),
        }
    }
}

/// The answer to one query, as [`crate::RobotsMatcher`] gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Answer {
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// The line of the deciding rule, or 0 when no rule matched.
    pub matching_line: u32,
    /// Whether a group names one of the queried agents.
    pub ever_seen_specific_agent: bool,
    /// Whether the groups naming the agents alone disallow the URL.
    pub disallow_ignore_global: bool,
}

impl Answer {
    /// The answer Google's matcher gives with `verdict`.
    pub(super) fn of(verdict: &Verdict) -> Answer {
        Answer {
            allowed: !verdict.disallow(),
            matching_line: verdict.matching_line(),
            ever_seen_specific_agent: verdict.ever_seen_specific_agent,
            disallow_ignore_global: verdict.disallow_ignore_global(),
        }
    }
}

/// The verdict from the best claims of the rules that apply, which are the
/// agents' own (`specific`) or the `*` groups'.
pub(super) fn verdict(best: [Claim; 2], specific: bool) -> Verdict {
    let slot = |claim: Claim| {
        let found = claim.to_match();
        if specific {
            Hierarchy {
                global: Match::NONE,
                specific: found,
            }
        } else {
            Hierarchy {
                global: found,
                specific: Match::NONE,
            }
        }
    };
    Verdict {
        allow: slot(best[ALLOW]),
        disallow: slot(best[DISALLOW]),
        ever_seen_specific_agent: specific,
    }
}

/// Whether the best claims of the rules that apply allow the path: Google's
/// `disallow()` on the slots [`verdict`] fills with them, specific or
/// global alike. A disallow rule decides only with a non-empty pattern, and
/// only when longer than the best allow rule.
pub(super) fn allowed(best: [Claim; 2]) -> bool {
    let disallow = best[DISALLOW].priority_plus_one();
    disallow < 2 || disallow <= best[ALLOW].priority_plus_one()
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn claims_order_as_google_ranks_matches(
            a in (0usize..100, 0u32..100),
            b in (0usize..100, 0u32..100),
        ) {
            // Google keeps a match unless a strictly longer one comes; of two
            // as long, the earlier line was seen first.
            let (ca, cb) = (Claim::new(a.0, a.1), Claim::new(b.0, b.1));
            let a_wins = a.0 > b.0 || (a.0 == b.0 && a.1 < b.1);
            proptest::prop_assert_eq!(ca > cb, a_wins);
            proptest::prop_assert_eq!(ca.to_match(), Match { priority: a.0 as i64, line: a.1 });
        }
    }

    #[test]
    fn no_claim_reads_back_as_no_match() {
        assert_eq!(Claim::NONE.to_match(), Match::NONE);
        assert!(Claim::new(0, u32::MAX) > Claim::NONE);
    }
}
