//! Google's `RobotsMatcher`, per query: the body, the agents and the URL in,
//! the verdict out, and the accessors for the rest of the answer.

use robotstxt_exact::RobotsMatcher;
use wasm_bindgen::prelude::*;

use crate::answer::VERDICT_OUT_OF_MEMORY;
use crate::list::Items;
use crate::stage::{with_agent_and_staged, with_staged};

const QUERY: &str = "matching a URL";

/// The core's matcher and the body of the queries.
///
/// The body is held here between queries so that JavaScript sends it once
/// per change, not once per query ([`Matcher::set_body`]); the core's
/// matcher then sees the same bytes query after query and answers from its
/// parse of them.
#[wasm_bindgen]
pub struct Matcher {
    inner: RobotsMatcher,
    body: Vec<u8>,
}

#[wasm_bindgen]
impl Matcher {
    /// A matcher that keeps the parse of a body that comes twice in a row
    /// (`memo`), or one that parses every body on every query as Google's
    /// does.
    #[wasm_bindgen(constructor)]
    pub fn new(memo: bool) -> Matcher {
        Matcher {
            inner: if memo {
                RobotsMatcher::new()
            } else {
                RobotsMatcher::without_memo()
            },
            body: Vec::new(),
        }
    }

    /// Makes the first `len` staged bytes the body of the next queries;
    /// false when memory ran out (the body is then empty).
    pub fn set_body_staged(&mut self, len: usize) -> bool {
        self.body.clear();
        with_staged(len, |body| {
            if self.body.try_reserve(body.len()).is_err() {
                return false;
            }
            self.body.extend_from_slice(body);
            true
        })
        .unwrap_or(false)
    }

    /// Drops the body and the core's kept parse.
    pub fn clear(&mut self) {
        self.body = Vec::new();
        self.inner.clear_memo();
    }

    /// `allowed_by_robots` for the agents of a packed list and the staged
    /// URL: 1 or 0; 2 when memory ran out.
    pub fn allowed_staged(&mut self, agents: &[u8], agent_ends: &[u32], url_len: usize) -> u32 {
        let Ok(agents) = Items::new(agents, agent_ends) else {
            return VERDICT_OUT_OF_MEMORY;
        };
        let (inner, body) = (&mut self.inner, &self.body);
        with_staged(url_len, |url| {
            agents
                .with_slice(QUERY, |agents| {
                    inner.try_allowed_by_robots(body, agents, url)
                })
                .ok()?
                .ok()
        })
        .flatten()
        .map_or(VERDICT_OUT_OF_MEMORY, u32::from)
    }

    /// `one_agent_allowed_by_robots` for the staged agent and URL: 1 or 0; 2
    /// when memory ran out.
    pub fn one_agent_staged(&mut self, url_len: usize) -> u32 {
        let (inner, body) = (&mut self.inner, &self.body);
        with_agent_and_staged(url_len, |agent, url| {
            inner.try_one_agent_allowed_by_robots(body, agent, url).ok()
        })
        .flatten()
        .map_or(VERDICT_OUT_OF_MEMORY, u32::from)
    }

    /// Whether the last query was disallowed.
    pub fn disallow(&self) -> bool {
        self.inner.disallow()
    }

    /// Whether the groups naming the agents alone disallowed the last URL.
    pub fn disallow_ignore_global(&self) -> bool {
        self.inner.disallow_ignore_global()
    }

    /// Whether a group named one of the last query's agents.
    pub fn ever_seen_specific_agent(&self) -> bool {
        self.inner.ever_seen_specific_agent()
    }

    /// The line of the rule that decided the last query, 0 if none did.
    pub fn matching_line(&self) -> u32 {
        self.inner.matching_line()
    }
}

/// Google's `IsValidUserAgentToObey`: non-empty and only `[a-zA-Z_-]`.
#[wasm_bindgen]
pub fn is_valid_user_agent_to_obey(agent: &[u8]) -> bool {
    RobotsMatcher::is_valid_user_agent_to_obey(agent)
}
