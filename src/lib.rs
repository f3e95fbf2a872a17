//! A robots.txt parser and matcher that gives Google's answers, byte for byte.
//!
//! This crate reimplements Google's open-source robots.txt library
//! (`robots.cc`, `reporting_robots.cc`) in Rust, for any input bytes:
//!
//! - [`parse_robots_txt`] streams the directives of a body to a
//!   [`ParseHandler`], with Google's line numbering, typo tolerance and
//!   escaping;
//! - [`RobotsMatcher`] decides whether a URL may be fetched, exactly as
//!   Google's `RobotsMatcher`, in time linear in the sizes of the body and the
//!   URL;
//! - [`RobotsParsingReporter`] says what each line was parsed as.
//!
//! ```
//! use robotstxt_exact::RobotsMatcher;
//! let robots = b"User-agent: *\nDisallow: /search\nAllow: /search/about\n";
//! let mut matcher = RobotsMatcher::new();
//! assert!(!matcher.one_agent_allowed_by_robots(robots, "Googlebot", "https://example.com/search?q=x"));
//! assert!(matcher.one_agent_allowed_by_robots(robots, "Googlebot", "https://example.com/search/about"));
//! ```

#![deny(unsafe_code)]

// The vector code: the one module where `unsafe` is allowed (the C ABI is
// the `robotstxt-exact-capi` crate).
#[allow(unsafe_code)]
mod arch;
pub mod audit;
pub mod crawler;
mod decide;
pub mod escape;
pub mod lint;
pub mod matcher;
pub mod parser;
pub mod path;
pub mod pattern;
pub mod preferences;
pub mod reporting;
pub mod robots;
mod scan;
mod screen;
mod word;

pub use escape::{maybe_escape_pattern, try_maybe_escape_pattern};
pub use matcher::{MatcherState, RobotsMatcher, extract_user_agent, is_valid_user_agent_to_obey};
pub use parser::{
    KeyType, LineMetadata, MAX_LINE_LEN, ParseHandler, get_key_type, parse_robots_txt,
    try_parse_robots_txt,
};
pub use path::{get_path_params_query, try_get_path_params_query};
pub use reporting::{RobotsParsedLine, RobotsParsingReporter, RobotsTagName, UNSUPPORTED_TAGS};
pub use robots::{
    Answer, CompiledRobots, FileValue, Group, PolicyGroup, PreferenceLine, Robots, Rule, RuleKind,
};

/// Runs the Rust examples of the README as doctests, so it cannot drift from
/// the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
