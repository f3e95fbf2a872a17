//! Parse once, match many: an immutable robots.txt object.
//!
//! [`Robots::parse`] reads a body once into groups of rules; [`Robots::check`]
//! then answers any number of queries, from any number of threads, with
//! exactly what [`crate::RobotsMatcher`] would answer after parsing the same
//! body for the same agents and URL: the verdict, the deciding line,
//! `ever_seen_specific_agent` and `disallow_ignore_global`.
//! [`Robots::compile`] goes one step further for a crawler that always asks
//! with the same agents: a [`CompiledRobots`] holds only the rules that apply
//! to them, and its [`check`](CompiledRobots::check) does only the path work.
//!
//! Why this is the same as Google's matcher: Google's matcher starts a new
//! group at a `user-agent` line that follows a rule, and applies a group's
//! rules to the queried agents when one of the group's `user-agent` lines
//! names one of them (the "specific" rules), else to everyone when one of them
//! is `*` (the "global" rules); other groups, and rules before the first
//! `user-agent` line, are ignored. The global rules only matter when no group
//! names the agents. In each of the four slots (allow or disallow, specific or
//! global) the longest matching pattern wins, and among equally long ones the
//! first in the file. An allow pattern that does not match but ends in a
//! `/index.htm...` segment competes as `<directory>/$` with that shorter
//! length.
//!
//! So the rules of every group that applies compete in one slot per kind,
//! ranked by (length, earlier line) whatever their group: all the groups
//! naming an agent merge into one index, built once, and so do all the `*`
//! groups. A query costs one lookup of each agent and one index search,
//! however many groups the file has.
//!
//! Each index orders its rules by their literal start, the bytes before the
//! first `*` (the whole pattern when it has none): a rule can only match a
//! path its literal start is a prefix of. Those literal starts lie on one
//! chain of the byte-sorted list of literal starts, found with one binary
//! search for both kinds of rule. Rules without `*` are then decided by where
//! the path falls on the chain, and only the `*` rules hanging on the chain
//! are matched, longest first, until none can win.
//!
//! Building allocates fallibly: [`Robots::try_parse`] and
//! [`Robots::try_compile`] report memory exhaustion instead of aborting.
//!
//! # Where things are
//!
//! The files stand in layers, each importing only those below it:
//!
//! - `api.rs`: [`Robots`], its [`Group`]s and [`Rule`]s, with their docs;
//! - `compiled.rs`: [`CompiledRobots`], the view narrowed to some agents;
//! - `build.rs`: the parse handler that fills the stored form, and the plan
//!   of the indexes;
//! - `parsed.rs`: the stored form (one arena, flat arrays of groups, rules
//!   and names, the lazily built indexes) and the queries on it;
//! - `extensions.rs`: the `Content-Signal`, `Content-Usage` and
//!   `Request-rate` lines of a group, stored after the values (read beside
//!   the rules, never in a verdict);
//! - `file_wide.rs`: what the file says beside its groups and rules: the
//!   `License` and `LLM-Policy` values and the policy-token groups
//!   ([`FileValue`], [`PolicyGroup`]);
//! - `index.rs`: the rule index and its search (literal starts, chains,
//!   the screens of the `*` rules);
//! - `candidate.rs`: the rules as the index takes them, with the
//!   `index.html` rewrite;
//! - `query.rs`: the path of a query, found in the URL;
//! - `claim.rs`: how matching rules compete ([`RuleKind`], the claims), and
//!   the [`Answer`] the best of them give;
//! - `alloc.rs`: fallible allocation and the arena's spans.
//!
//! Google's own rules (longest match, global and specific groups, agent
//! names) are in `crate::decide`, shared with [`crate::RobotsMatcher`].

mod alloc;
mod api;
mod build;
mod candidate;
mod claim;
mod compiled;
mod extensions;
mod file_wide;
mod index;
mod parsed;
mod query;

pub use api::{Group, PreferenceLine, Robots, Rule};
pub use claim::{Answer, RuleKind};
pub use compiled::CompiledRobots;
pub use file_wide::{FileValue, PolicyGroup};
