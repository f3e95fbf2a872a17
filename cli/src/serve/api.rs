//! `/api/fetch?url=URL[&policy=google|rfc9309]`: the robots.txt of a site,
//! fetched as a crawler does (`fetch.rs`: redirects, status codes, the
//! first 500 KiB, the timeout, the content codings within their bounds),
//! never from this server itself, and what the outcome means, as JSON. At
//! most [`MAX_FETCHES`] run at once: each may take the whole `--timeout`
//! and the memory of a fetch (docs/LIMITS.md).

use std::borrow::Cow;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};

use robotstxt_exact::crawler::{FetchOutcome, Policy};
use serde_json::json;

use super::reply::Reply;
use crate::fetch::{self, FetchError};
use crate::robots_txt::FetchArgs;

/// Fetches under way at once; more are answered 503.
pub const MAX_FETCHES: usize = 4;

/// What the fetches of one server share.
pub struct Fetches {
    /// The address the server listens on: never fetched from.
    pub this_server: SocketAddr,
    /// `--policy`, `--timeout`, `--max-fetch-bytes`.
    pub args: FetchArgs,
    running: AtomicUsize,
}

impl Fetches {
    /// The fetches of the server listening on `this_server`.
    pub fn new(this_server: SocketAddr, args: FetchArgs) -> Fetches {
        Fetches {
            this_server,
            args,
            running: AtomicUsize::new(0),
        }
    }

    /// Answers `/api/fetch` with `query`.
    pub fn answer(&self, query: &str) -> Reply {
        let mut site = None;
        let mut policy = self.args.policy();
        for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
            match &*key {
                "url" => site = Some(value.into_owned()),
                "policy" => {
                    policy = match Policy::from_name(&value) {
                        Some(policy) => policy,
                        None => {
                            return Reply::json_error(
                                400,
                                &format!("unknown policy {value:?}: google or rfc9309"),
                            );
                        }
                    }
                }
                _ => {}
            }
        }
        let Some(site) = site.map(|s| s.trim().to_string()).filter(|s| !s.is_empty()) else {
            return Reply::json_error(
                400,
                "give the site to fetch: /api/fetch?url=https://example.com/",
            );
        };
        let scheme = site.split_once("://").map(|(s, _)| s.to_ascii_lowercase());
        if !matches!(scheme.as_deref(), Some("http" | "https")) {
            return Reply::json_error(
                400,
                &format!("only http:// and https:// URLs can be fetched, not {site:?}"),
            );
        }
        let Some(_turn) = Turn::take(&self.running) else {
            return Reply::json_error(
                503,
                &format!("busy: {MAX_FETCHES} fetches are under way; try again"),
            )
            .with("Retry-After", "1");
        };
        self.fetch(&site, policy)
    }

    fn fetch(&self, site: &str, policy: Policy) -> Reply {
        let limit = self.args.limit(true);
        let timeout = self.args.timeout();
        let fetched = match fetch::fetch(site, limit, timeout, Some(self.this_server)) {
            Ok(f) => f,
            Err(e @ FetchError::Url(_)) => return Reply::json_error(400, &e.message(site)),
            Err(e @ FetchError::ThisServer { .. }) => {
                return Reply::json_error(403, &e.message(site));
            }
            Err(e @ FetchError::OutOfMemory { .. }) => {
                return Reply::json_error(500, &e.message(site));
            }
        };
        let summary = fetched.describe(policy, limit, timeout);
        eprintln!("{summary}");
        let decision = fetched.decision(policy).name();
        let robots_url = fetched.chain.first().cloned().unwrap_or_default();
        let origin = url::Url::parse(&robots_url)
            .map(|u| u.origin().ascii_serialization())
            .unwrap_or_default();
        let status = match fetched.outcome {
            FetchOutcome::Status(code) => json!(code),
            _ => serde_json::Value::Null,
        };
        let body = String::from_utf8_lossy(&fetched.body);
        Reply::json(
            200,
            &json!({
                "url": site,
                "robots_url": robots_url,
                "chain": fetched.chain,
                "status": status,
                "outcome": fetched.outcome_text(limit, timeout),
                "policy": policy.name(),
                "decision": decision,
                "meaning": fetched.meaning(policy),
                "summary": summary,
                "bytes": fetched.body.len(),
                "cut": fetched.cut.is_some(),
                "encoding": fetched.encoding,
                "non_utf8": matches!(body, Cow::Owned(_)),
                "body": body,
                "origin": origin,
            }),
        )
    }
}

/// One of the [`MAX_FETCHES`] turns, given back when dropped.
struct Turn<'a>(&'a AtomicUsize);

impl<'a> Turn<'a> {
    fn take(running: &'a AtomicUsize) -> Option<Turn<'a>> {
        running
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < MAX_FETCHES).then_some(n + 1)
            })
            .ok()
            .map(|_| Turn(running))
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}
