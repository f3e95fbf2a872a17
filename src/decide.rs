//! Google's decision rules, in one place for both engines: the streaming
//! [`crate::RobotsMatcher`] and the parse-once [`crate::Robots`].
//!
//! - which `user-agent` lines name an agent: [`extract_user_agent`], and the
//!   global group's `*` ([`is_global_agent`]);
//! - the longest match per slot: a [`Match`] for each of allow and disallow,
//!   for the global and for the specific groups ([`Hierarchy`]);
//! - how the four slots decide ([`Verdict`]): the specific groups first,
//!   the global ones only where no group names the agent;
//! - the `index.html` rule, under which an allow rule for a directory's
//!   index page also allows the directory.

use std::collections::TryReserveError;

/// A match of one rule: its priority (the pattern length; -1 for no match)
/// and its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Match {
    pub(crate) priority: i64,
    pub(crate) line: u32,
}

impl Match {
    pub(crate) const NONE: Match = Match {
        priority: -1,
        line: 0,
    };

    /// The higher-priority of two matches; `b` wins ties.
    fn higher(a: Match, b: Match) -> Match {
        if a.priority > b.priority { a } else { b }
    }
}

/// Global (`*`) and specific (the queried agents) matches of one rule kind.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Hierarchy {
    pub(crate) global: Match,
    pub(crate) specific: Match,
}

impl Hierarchy {
    pub(crate) const NONE: Hierarchy = Hierarchy {
        global: Match::NONE,
        specific: Match::NONE,
    };
}

/// The outcome of matching one URL, with everything Google's matcher exposes
/// after a query.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Verdict {
    pub(crate) allow: Hierarchy,
    pub(crate) disallow: Hierarchy,
    pub(crate) ever_seen_specific_agent: bool,
}

impl Verdict {
    pub(crate) fn disallow(&self) -> bool {
        let (a, d) = (self.allow, self.disallow);
        if a.specific.priority > 0 || d.specific.priority > 0 {
            return d.specific.priority > a.specific.priority;
        }
        if self.ever_seen_specific_agent {
            // The agent's own group exists but has no non-empty match.
            return false;
        }
        if a.global.priority > 0 || d.global.priority > 0 {
            return d.global.priority > a.global.priority;
        }
        false
    }

    pub(crate) fn disallow_ignore_global(&self) -> bool {
        let (a, d) = (self.allow, self.disallow);
        if a.specific.priority > 0 || d.specific.priority > 0 {
            return d.specific.priority > a.specific.priority;
        }
        false
    }

    pub(crate) fn matching_line(&self) -> u32 {
        let (a, d) = (self.allow, self.disallow);
        if self.ever_seen_specific_agent {
            Match::higher(d.specific, a.specific).line
        } else {
            Match::higher(d.global, a.global).line
        }
    }
}

/// The matchable part of a user agent: the leading run of `[a-zA-Z_-]`.
///
/// ```
/// use robotstxt_exact::extract_user_agent;
/// assert_eq!(extract_user_agent(b"Googlebot/2.1"), b"Googlebot");
/// ```
pub fn extract_user_agent(user_agent: &[u8]) -> &[u8] {
    let end = user_agent
        .iter()
        .position(|&b| !(b.is_ascii_alphabetic() || b == b'-' || b == b'_'))
        .unwrap_or(user_agent.len());
    &user_agent[..end]
}

/// Whether a user agent is one a crawler may obey rules for: non-empty and
/// made only of `[a-zA-Z_-]`.
pub fn is_valid_user_agent_to_obey(user_agent: &[u8]) -> bool {
    !user_agent.is_empty() && extract_user_agent(user_agent).len() == user_agent.len()
}

/// Whether a `user-agent` value names the global group: `*`, alone or
/// followed by whitespace and anything.
pub(crate) fn is_global_agent(value: &[u8]) -> bool {
    match value {
        [b'*'] => true,
        [b'*', next, ..] => matches!(next, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r'),
        _ => false,
    }
}

/// Google's `index.htm` rule: the length of the directory (up to and
/// including its last `/`) of an allow pattern whose last segment starts
/// with `index.htm`; that directory, anchored by `$`, is allowed too.
pub(crate) fn index_html_directory_len(value: &[u8]) -> Option<usize> {
    let slash = memchr::memrchr(b'/', value)?;
    value[slash..]
        .starts_with(b"/index.htm")
        .then_some(slash + 1)
}

/// Google's `index.htm` rule as a pattern: an allow pattern whose last
/// segment starts with `/index.htm` also allows the directory itself, as
/// `<prefix>/$`. Writes that pattern to `out` and says whether it did; an
/// error when `out` cannot grow to it (at most the length of `value`).
pub(crate) fn try_index_html_directory_pattern(
    value: &[u8],
    out: &mut Vec<u8>,
) -> Result<bool, TryReserveError> {
    let Some(directory) = index_html_directory_len(value) else {
        return Ok(false);
    };
    out.clear();
    out.try_reserve(directory + 1)?;
    out.extend_from_slice(&value[..directory]);
    out.push(b'$');
    Ok(true)
}
