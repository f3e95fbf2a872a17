//! Usage preferences and request rates: the `Content-Signal`,
//! `Content-Usage` and `Request-rate` lines, read beside Google's matcher.
//!
//! Google's parser reports these lines as unknown keys and its matcher
//! ignores them; so do the verdicts here. This module is their syntax, one
//! reading shared by [`crate::Robots`] (which answers what applies to an
//! agent for a URL), the lint and the bindings. `docs/AI-PREFERENCES.md`
//! gives each rule with the section of the proposal it comes from and the
//! choices made where the proposals are silent.
//!
//! - [`structured`]: RFC 9651 Dictionaries, the syntax of a `Content-Usage`
//!   statement (draft-ietf-aipref-vocab-08 §6).
//! - `value`: the path-then-statement form both preference lines share
//!   (draft-ietf-aipref-attach-05 §3.2), and each line's statement.
//! - `model`: the keys, the names of each vocabulary, what a statement
//!   states ([`Statement`]) and what applies to a query ([`Preferences`]).
//! - `rate`: `Request-rate` values.
//! - `policy`: policy tokens, the namespaced `User-agent` labels of
//!   draft-kelley-rep-namespaces-00 (`__usage_ai-training`), and the
//!   `License` value's check.
//! - `select`: which lines decide for a URL (longest match, then the
//!   combination of equally long matches).

pub mod structured;

mod model;
mod policy;
mod rate;
mod select;
mod value;

pub use model::{
    ContentUse, ExtensionKey, PreferenceKind, Preferences, Signal, Stated, StatedUse, Statement,
    UsageCategory,
};
pub use policy::{KNOWN_POLICY_TOKENS, PolicyToken, is_absolute_url};
pub use rate::{RateError, RequestRate, VisitWindow, parse_request_rate};
pub(crate) use select::{Candidate as PreferenceCandidate, select};
pub use value::{PreferenceValue, Problem, parse_signal_value, parse_usage_value};
