//! The WebAssembly side of the npm package `robotstxt-exact`: the Rust core
//! (`robotstxt_exact`) behind `wasm-bindgen` exports, for the hand-written ES
//! modules in `js/lib/` to wrap. Nothing here is the package's public API;
//! `js/lib/index.d.ts` is.
//!
//! The exports only convert: bytes and numbers in, the core's answers out.
//! Every input is bytes: `&[u8]` (a `Uint8Array` on the JavaScript side) or,
//! for the hot calls, bytes JavaScript wrote into a staging buffer
//! ([`stage`]). A list of inputs comes as one buffer and the end offset of
//! each item ([`list`]). Structured results (groups, lint findings,
//! parse events) go out as JSON ([`json`]); an answer goes out as one number
//! ([`answer`]).
//!
//! Memory: the core's fallible constructors (`try_parse`, `try_compile`,
//! `try_allowed_by_robots`, ...) are used throughout, so running out of the
//! module's memory is a JavaScript `Error`, never a trap.
//!
//! - [`matcher`]: Google's `RobotsMatcher`.
//! - [`robots`]: the parse-once `Robots` and its compiled per-agent view.
//! - [`preferences`]: the usage preferences and Request-rate of a `Robots`,
//!   and the audit of known crawlers.
//! - [`report`]: the parser's events, Google's reporter, lint.
//! - [`crawler`]: the crawler side (robots.txt URL, status policy, cache).

mod answer;
pub mod crawler;
mod json;
mod list;
pub mod matcher;
mod memory;
pub mod preferences;
pub mod report;
pub mod robots;
mod stage;
#[cfg(test)]
mod vocabulary;
