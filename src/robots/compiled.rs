//! The compiled view: a [`crate::Robots`] narrowed to a fixed list of
//! agents, which answers with only the path work.

use std::collections::TryReserveError;

use crate::robots::alloc::{Alloc, or_abort, push_bytes, try_boxed};
use crate::robots::candidate::{Candidate, push_candidates};
use crate::robots::claim::{Answer, Claim, allowed, verdict};
use crate::robots::index::{RuleIndex, Scratch};
use crate::robots::parsed::{Parsed, range};
use crate::robots::query::with_path;

/// A [`Robots`](crate::Robots) narrowed to a fixed list of agents: the rules that apply to
/// them, merged into one index with their own copy of the patterns.
///
/// Made by [`Robots::compile`](crate::Robots::compile); immutable, independent of the `Robots` it
/// came from, and shareable between threads. Its answers are those of
/// [`Robots::check`](crate::Robots::check) with the same agents, and so those of
/// [`crate::RobotsMatcher`]; a query does only the path work.
///
/// ```
/// use robotstxt_exact::Robots;
/// let robots = Robots::parse(b"User-agent: FooBot\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n");
/// let foo = robots.compile(&["FooBot"]);
/// assert!(!foo.allowed("https://example.com/x/y"));
/// assert!(foo.allowed("https://example.com/z"));
/// assert_eq!(foo.check("https://example.com/z"), robots.check(&["FooBot"], "https://example.com/z"));
/// ```
#[derive(Debug, Clone)]
pub struct CompiledRobots {
    arena: Box<[u8]>,
    index: RuleIndex,
    /// Whether a group names one of the agents (the rules are theirs, else
    /// those of the `*` groups).
    specific: bool,
}

impl CompiledRobots {
    /// The rules of `parsed` that apply to `user_agents`, merged into one
    /// index with their own copy of the patterns (see
    /// [`crate::Robots::try_compile`]).
    pub(super) fn try_new<A: AsRef<[u8]>>(
        parsed: &Parsed,
        user_agents: &[A],
    ) -> Result<CompiledRobots, TryReserveError> {
        // The groups that apply, each once, in file order.
        let mut groups: Vec<u32> = Vec::new();
        for agent in user_agents {
            let named = parsed.groups_naming(agent.as_ref());
            groups.try_reserve(named.len())?;
            groups.extend_from_slice(named);
        }
        groups.sort_unstable();
        groups.dedup();
        let specific = !groups.is_empty();
        let groups = if specific {
            &groups[..]
        } else {
            &parsed.global_groups[..]
        };

        let mut arena: Vec<u8> = Vec::new();
        let mut candidates: Vec<Candidate> = Vec::new();
        for &group in groups {
            for rule in &parsed.rules[range(parsed.groups[group as usize].rules)] {
                let value = parsed.bytes(rule.pattern());
                let base = push_bytes(&mut arena, value)?.start;
                push_candidates(rule.kind(), rule.line, value, base, &mut candidates)?;
            }
        }
        let index = RuleIndex::new(&mut candidates, &arena, &mut Scratch::default())?;
        Ok(CompiledRobots {
            arena: try_boxed(arena)?,
            index,
            specific,
        })
    }

    /// Answers a query for the agents this was compiled for, as
    /// [`Robots::check`](crate::Robots::check) with them.
    ///
    /// Memory: a copy of the path when the URL's path starts with `?` or
    /// `;` and is over 255 bytes, nothing otherwise. Aborts, as the standard
    /// library does, when that cannot be allocated; see
    /// [`CompiledRobots::try_check`].
    pub fn check(&self, url: impl AsRef<[u8]>) -> Answer {
        or_abort(self.try_check(url))
    }

    /// [`CompiledRobots::check`], or an error when memory runs out for the
    /// copy of the path.
    pub fn try_check(&self, url: impl AsRef<[u8]>) -> Result<Answer, TryReserveError> {
        Ok(Answer::of(&verdict(
            self.claims(url.as_ref())?,
            self.specific,
        )))
    }

    /// Whether `url` may be fetched by the agents this was compiled for:
    /// [`CompiledRobots::check`]'s `allowed`, without the rest of the answer.
    /// Aborts as [`CompiledRobots::check`] does.
    pub fn allowed(&self, url: impl AsRef<[u8]>) -> bool {
        or_abort(self.try_allowed(url))
    }

    /// [`CompiledRobots::allowed`], or an error when memory runs out for the
    /// copy of the path.
    pub fn try_allowed(&self, url: impl AsRef<[u8]>) -> Result<bool, TryReserveError> {
        Ok(allowed(self.claims(url.as_ref())?))
    }

    /// The best claims (allow, disallow) of the rules that match `url`.
    fn claims(&self, url: &[u8]) -> Alloc<[Claim; 2]> {
        let mut best = [Claim::NONE; 2];
        if !self.index.is_empty() {
            with_path(url, |path| self.index.search(&self.arena, path, &mut best))?;
        }
        Ok(best)
    }

    /// Whether a group names one of the agents: then their rules apply,
    /// else those of the `*` groups.
    pub fn ever_seen_specific_agent(&self) -> bool {
        self.specific
    }

    /// Heap bytes held by this object (not counting the value itself).
    pub fn heap_bytes(&self) -> usize {
        self.arena.len() + self.index.heap_bytes()
    }
}
