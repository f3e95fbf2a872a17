//! The public API of the parse-once object: [`Robots`], its [`Group`]s and
//! their [`Rule`]s. The work is done in the layers below.

use std::collections::TryReserveError;

use crate::decide::Verdict;
use crate::preferences::{PreferenceKind, Preferences, RequestRate, Statement};
use crate::robots::alloc::or_abort;
use crate::robots::build;
use crate::robots::claim::{Answer, RuleKind, allowed};
use crate::robots::compiled::CompiledRobots;
use crate::robots::extensions::{ExtensionBlock, PreferenceData};
use crate::robots::parsed::{AgentData, GroupData, Parsed, RuleData, range};

/// A parsed robots.txt, immutable and shareable between threads.
///
/// ```
/// use robotstxt_exact::Robots;
/// let robots = Robots::parse(b"User-agent: *\nDisallow: /private\n\nSitemap: https://example.com/s.xml\n");
/// let answer = robots.check(&["FooBot"], "https://example.com/private/page");
/// assert!(!answer.allowed);
/// assert_eq!(answer.matching_line, 2);
/// assert!(robots.allowed("FooBot", "https://example.com/public"));
/// assert_eq!(robots.sitemaps().collect::<Vec<_>>(), [b"https://example.com/s.xml"]);
/// ```
#[derive(Debug, Clone)]
pub struct Robots {
    parsed: Parsed,
}

impl Robots {
    /// Parses a robots.txt body. Accepts any bytes, as the parser does.
    ///
    /// # Panics
    /// When memory runs out, or the body holds over 4 GiB of values;
    /// [`Robots::try_parse`] reports that instead.
    pub fn parse(body: impl AsRef<[u8]>) -> Robots {
        match Robots::try_parse(body) {
            Ok(robots) => robots,
            Err(error) => panic!("Robots::parse: {error}"),
        }
    }

    /// [`Robots::parse`], reporting a failed allocation instead of
    /// aborting: every allocation that grows with the body is made with
    /// `try_reserve`. Over 4 GiB of values is reported as a capacity
    /// overflow.
    pub fn try_parse(body: impl AsRef<[u8]>) -> Result<Robots, TryReserveError> {
        Ok(Robots {
            parsed: build::parse(body.as_ref())?,
        })
    }

    /// The stored form, for the queries of the sibling modules.
    pub(super) fn parsed(&self) -> &Parsed {
        &self.parsed
    }

    fn rule(&self, data: &RuleData) -> Rule<'_> {
        Rule {
            kind: data.kind(),
            pattern: self.parsed.bytes(data.pattern()),
            line: data.line,
        }
    }

    /// The outcome of a query, with the state Google's matcher keeps.
    pub(crate) fn verdict<A: AsRef<[u8]>>(
        &self,
        user_agents: &[A],
        url: &[u8],
    ) -> Result<Verdict, TryReserveError> {
        self.parsed.verdict(user_agents, url)
    }

    /// The best matches of the global (`*`) groups alone, as Google's matcher
    /// records them for an agent no group names (in the `global` slots).
    pub(crate) fn global_verdict(&self, url: &[u8]) -> Result<Verdict, TryReserveError> {
        self.parsed.global_verdict(url)
    }

    /// Answers a query for several agents, as
    /// [`crate::RobotsMatcher::allowed_by_robots`] followed by its accessors.
    /// Its cost does not depend on how many groups the file has: the groups
    /// naming an agent, and the `*` groups, are merged into one index.
    ///
    /// Memory: nothing for up to 8 agents, 4 bytes per index of each agent
    /// past that, and a copy of the path when the URL's path starts with
    /// `?` or `;` and is over 255 bytes. Aborts, as the standard library
    /// does, when that cannot be allocated; see [`Robots::try_check`].
    pub fn check<A: AsRef<[u8]>>(&self, user_agents: &[A], url: impl AsRef<[u8]>) -> Answer {
        or_abort(self.try_check(user_agents, url))
    }

    /// [`Robots::check`], or an error when memory runs out for the list of
    /// indexes or the copy of the path. The `Robots` is unchanged by a
    /// failure and answers later queries.
    pub fn try_check<A: AsRef<[u8]>>(
        &self,
        user_agents: &[A],
        url: impl AsRef<[u8]>,
    ) -> Result<Answer, TryReserveError> {
        Ok(Answer::of(&self.verdict(user_agents, url.as_ref())?))
    }

    /// Whether `url` may be fetched by `user_agent`: [`Robots::check`]'s
    /// `allowed`, without the rest of the answer. Aborts as
    /// [`Robots::check`] does.
    pub fn allowed(&self, user_agent: impl AsRef<[u8]>, url: impl AsRef<[u8]>) -> bool {
        or_abort(self.try_allowed(user_agent, url))
    }

    /// [`Robots::allowed`], or an error when memory runs out for the copy
    /// of the path. The `Robots` is unchanged by a failure.
    pub fn try_allowed(
        &self,
        user_agent: impl AsRef<[u8]>,
        url: impl AsRef<[u8]>,
    ) -> Result<bool, TryReserveError> {
        Ok(allowed(
            self.parsed.claims(&[user_agent.as_ref()], url.as_ref())?.0,
        ))
    }

    /// The rules that apply to `user_agents`, merged into one index with
    /// their own copy of the patterns: a [`CompiledRobots`] answers for them
    /// as [`Robots::check`] does, doing only the path work.
    ///
    /// # Panics
    /// When memory runs out; [`Robots::try_compile`] reports that instead.
    pub fn compile<A: AsRef<[u8]>>(&self, user_agents: &[A]) -> CompiledRobots {
        match self.try_compile(user_agents) {
            Ok(compiled) => compiled,
            Err(error) => panic!("Robots::compile: {error}"),
        }
    }

    /// [`Robots::compile`], reporting a failed allocation instead of
    /// aborting.
    pub fn try_compile<A: AsRef<[u8]>>(
        &self,
        user_agents: &[A],
    ) -> Result<CompiledRobots, TryReserveError> {
        CompiledRobots::try_new(&self.parsed, user_agents)
    }

    /// The `sitemap` values in file order.
    pub fn sitemaps(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.parsed
            .sitemap_spans()
            .iter()
            .map(|&s| self.parsed.bytes(s))
    }

    /// The groups in file order. Rules before the first `user-agent` line
    /// belong to no group and are not listed.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = Group<'_>> + '_ {
        self.parsed
            .groups
            .iter()
            .map(move |data| Group { robots: self, data })
    }

    /// The `index`-th `sitemap` value (from 0, in file order); `None` past
    /// the end. Constant time, for callers that index.
    pub fn sitemap(&self, index: usize) -> Option<&[u8]> {
        self.parsed
            .sitemap_spans()
            .get(index)
            .map(|&s| self.parsed.bytes(s))
    }

    /// The `index`-th group (from 0, in file order); `None` past the end.
    /// Constant time, for callers that index.
    pub fn group(&self, index: usize) -> Option<Group<'_>> {
        self.parsed
            .groups
            .get(index)
            .map(move |data| Group { robots: self, data })
    }

    /// The crawl-delay that applies to `user_agent`: the first valid one of
    /// the groups naming it, or, when none names it, of the `*` groups.
    /// An extension: it never changes a verdict.
    pub fn crawl_delay(&self, user_agent: impl AsRef<[u8]>) -> Option<f64> {
        let groups = match self.parsed.groups_naming(user_agent.as_ref()) {
            [] => &self.parsed.global_groups,
            named => named,
        };
        groups
            .iter()
            .find_map(|&g| self.parsed.groups[g as usize].crawl_delay())
    }

    /// The groups that apply to `user_agent`, in file order, as for rules:
    /// those naming it (`true`), else the `*` groups (`false`).
    pub fn applicable_groups(
        &self,
        user_agent: impl AsRef<[u8]>,
    ) -> (bool, impl ExactSizeIterator<Item = Group<'_>> + '_) {
        let (specific, groups) = match self.parsed.groups_naming(user_agent.as_ref()) {
            [] => (false, &self.parsed.global_groups[..]),
            named => (true, named),
        };
        let groups = groups.iter().map(move |&g| Group {
            robots: self,
            data: &self.parsed.groups[g as usize],
        });
        (specific, groups)
    }

    /// The `Request-rate` that applies to `user_agent`: the first valid one
    /// of the groups naming it, or, when none names it, of the `*` groups.
    /// An extension: it never changes a verdict.
    pub fn request_rate(&self, user_agent: impl AsRef<[u8]>) -> Option<RequestRate> {
        self.applicable_groups(user_agent)
            .1
            .find_map(|g| g.request_rate())
    }

    /// The usage preferences (`Content-Signal`, `Content-Usage`) that apply
    /// to the crawler named by `user_agents` for `url`, with the line that
    /// decided each, as `docs/AI-PREFERENCES.md` describes: the groups that
    /// apply as for [`Robots::check`] (those naming one of the agents, else
    /// the `*` groups), then per kind of line the longest matching path
    /// (draft-ietf-aipref-attach-05 §3.1), equally long matches combined
    /// "no" over "yes" (draft-ietf-aipref-vocab-08 §5.1). When Google's
    /// verdict disallows the URL, no preference applies. An extension: it
    /// never changes a verdict.
    ///
    /// ```
    /// use robotstxt_exact::Robots;
    /// use robotstxt_exact::preferences::{Signal, UsageCategory};
    /// let robots = Robots::parse(
    ///     "User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /ok/ train-ai=y\n",
    /// );
    /// let prefs = robots.preferences(&["FooBot"], "https://example.com/ok/page");
    /// assert_eq!(prefs.signal(Signal::AiTrain).map(|s| (s.allowed, s.line)), Some((false, 2)));
    /// assert_eq!(prefs.usage(UsageCategory::TrainAi).map(|s| s.allowed), Some(true));
    /// ```
    ///
    /// Aborts when memory runs out, as [`Robots::check`] does;
    /// [`Robots::try_preferences`] reports that instead.
    pub fn preferences<A: AsRef<[u8]>>(
        &self,
        user_agents: &[A],
        url: impl AsRef<[u8]>,
    ) -> Preferences {
        or_abort(self.try_preferences(user_agents, url))
    }

    /// [`Robots::preferences`], or an error when memory runs out for the
    /// query (as for [`Robots::try_check`]), the list of groups of several
    /// agents or the copy of the path. The `Robots` is unchanged by a
    /// failure.
    pub fn try_preferences<A: AsRef<[u8]>>(
        &self,
        user_agents: &[A],
        url: impl AsRef<[u8]>,
    ) -> Result<Preferences, TryReserveError> {
        let url = url.as_ref();
        let allowed = self.try_check(user_agents, url)?.allowed;
        self.parsed.preferences(user_agents, url, allowed)
    }

    fn preference_line(&self, data: &PreferenceData) -> PreferenceLine<'_> {
        PreferenceLine {
            kind: data.kind,
            path: self.parsed.bytes(data.path),
            line: data.line,
            stated: data.stated,
        }
    }

    /// Heap bytes held by this object (its own allocations, not counting the
    /// `Robots` value itself). The index of the rules for an agent (or for
    /// the `*` groups) is built by the first query that needs it: this grows
    /// as queries ask about more agents, up to [`Robots::indexed`]'s figure.
    pub fn heap_bytes(&self) -> usize {
        self.parsed.heap_bytes()
    }

    /// Builds every index now, as queries for every agent named in the file
    /// (and for one named nowhere) would, and returns the object: for
    /// callers that want all the building done before the first query, and
    /// for measuring the most memory the object can hold.
    ///
    /// # Panics
    /// When memory runs out; a query would then search the rules without
    /// an index instead.
    pub fn indexed(self) -> Robots {
        for lazy in &*self.parsed.indexes {
            if lazy.built.get().is_none() {
                match self
                    .parsed
                    .build(&self.parsed.index_groups[range(lazy.groups)])
                {
                    Ok(index) => {
                        let _ = lazy.built.set(Box::new(index));
                    }
                    Err(error) => panic!("Robots::indexed: {error}"),
                }
            }
        }
        self
    }
}

/// A rule of a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule<'a> {
    /// Allow or disallow.
    pub kind: RuleKind,
    /// The pattern, percent-escape normalised as the parser hands it over.
    pub pattern: &'a [u8],
    /// The line number.
    pub line: u32,
}

/// A `Content-Signal` or `Content-Usage` line of a group, parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PreferenceLine<'a> {
    /// Which of the two lines.
    pub kind: PreferenceKind,
    /// The path pattern, percent-escape normalised as the parser hands it
    /// over; empty when the line has none (it then applies to every path).
    pub path: &'a [u8],
    /// The line number.
    pub line: u32,
    /// What the line states (see [`crate::preferences::Statement`]).
    pub stated: Statement,
}

/// A group: its `user-agent` lines and its rules.
#[derive(Debug, Clone, Copy)]
pub struct Group<'a> {
    robots: &'a Robots,
    data: &'a GroupData,
}

impl<'a> Group<'a> {
    fn agent_data(&self) -> &'a [AgentData] {
        &self.robots.parsed.agents[range(self.data.agents)]
    }

    fn rule_data(&self) -> &'a [RuleData] {
        &self.robots.parsed.rules[range(self.data.rules)]
    }

    /// The `user-agent` values as written, with their line numbers.
    pub fn agents(&self) -> impl ExactSizeIterator<Item = (&'a [u8], u32)> + 'a {
        let robots = self.robots;
        self.agent_data()
            .iter()
            .map(move |a| (robots.parsed.bytes(a.value), a.line))
    }

    /// The rules in file order.
    pub fn rules(&self) -> impl ExactSizeIterator<Item = Rule<'a>> + 'a {
        let robots = self.robots;
        self.rule_data().iter().map(move |r| robots.rule(r))
    }

    /// The `index`-th `user-agent` line (from 0), as [`Group::agents`] gives
    /// it; `None` past the end. Constant time, for callers that index.
    pub fn agent(&self, index: usize) -> Option<(&'a [u8], u32)> {
        let robots = self.robots;
        self.agent_data()
            .get(index)
            .map(|a| (robots.parsed.bytes(a.value), a.line))
    }

    /// The `index`-th rule (from 0) in file order; `None` past the end.
    /// Constant time, for callers that index.
    pub fn rule(&self, index: usize) -> Option<Rule<'a>> {
        let robots = self.robots;
        self.rule_data().get(index).map(|r| robots.rule(r))
    }

    /// Whether one of the group's agents is `*`.
    pub fn is_global(&self) -> bool {
        self.data.is_global
    }

    /// The group's first valid `crawl-delay` value, in seconds. An extension:
    /// Google ignores crawl-delay, and so do the verdicts here.
    pub fn crawl_delay(&self) -> Option<f64> {
        self.data.crawl_delay()
    }

    fn extension_block(&self) -> ExtensionBlock<'a> {
        self.robots
            .parsed
            .extension_block(self.data)
            .unwrap_or(ExtensionBlock::EMPTY)
    }

    /// The group's first valid `Request-rate`. An extension, never used in
    /// verdicts.
    pub fn request_rate(&self) -> Option<RequestRate> {
        self.extension_block().request_rate
    }

    /// The group's `Content-Signal` and `Content-Usage` lines in file
    /// order, parsed. An extension, never used in verdicts.
    pub fn preference_lines(&self) -> impl ExactSizeIterator<Item = PreferenceLine<'a>> + 'a {
        let robots = self.robots;
        self.extension_block()
            .lines()
            .map(move |p| robots.preference_line(&p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn robots_is_send_and_sync() {
        assert_send_sync::<Robots>();
        assert_send_sync::<CompiledRobots>();
    }

    #[test]
    fn group_ends_at_user_agent_after_a_rule() {
        let r =
            Robots::parse(b"user-agent: a\nuser-agent: b\ndisallow: /\nuser-agent: c\nallow: /x\n");
        let groups: Vec<_> = r.groups().collect();
        assert_eq!(groups.len(), 2);
        assert_eq!(
            groups[0].agents().map(|(a, _)| a).collect::<Vec<_>>(),
            [b"a", b"b"]
        );
        assert_eq!(groups[1].rules().next().unwrap().line, 5);
    }

    #[test]
    fn indexed_accessors_agree_with_the_iterators() {
        let r = Robots::parse(
            b"sitemap: /a.xml\nuser-agent: a\nuser-agent: b\nallow: /x\ndisallow: /\n\
              user-agent: *\ndisallow: /y\nsitemap: /b.xml\n",
        );
        assert_eq!(r.sitemap(0), Some(&b"/a.xml"[..]));
        assert_eq!(r.sitemap(1), Some(&b"/b.xml"[..]));
        assert_eq!(r.sitemap(2), None);
        for (i, g) in r.groups().enumerate() {
            let by_index = r.group(i).unwrap();
            assert_eq!(by_index.is_global(), g.is_global());
            for (j, agent) in g.agents().enumerate() {
                assert_eq!(by_index.agent(j), Some(agent));
            }
            assert_eq!(by_index.agent(g.agents().len()), None);
            for (j, rule) in g.rules().enumerate() {
                assert_eq!(by_index.rule(j), Some(rule));
            }
            assert_eq!(by_index.rule(g.rules().len()), None);
        }
        assert!(r.group(2).is_none());
        assert_eq!(r.group(1).unwrap().agent(0), Some((&b"*"[..], 6)));
        assert_eq!(r.group(0).unwrap().rule(1).unwrap().line, 5);
    }

    #[test]
    fn crawl_delay_is_per_group_and_falls_back_to_global() {
        let r = Robots::parse(
            b"user-agent: *\ndisallow: /x\ncrawl-delay: 5\n\nuser-agent: a\nCrawl-Delay: 1.5\ndisallow: /\n",
        );
        assert_eq!(r.crawl_delay("A"), Some(1.5));
        assert_eq!(r.crawl_delay("b"), Some(5.0));
    }
}
