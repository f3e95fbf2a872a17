//! What a run answers ([`Query`]) and what it gives for each capture
//! ([`Rows`], with the [`Decided`] fetch): the types the run, the redirects'
//! resolver and the tables share.

use std::collections::HashMap;
use std::sync::Arc;

use robotstxt_exact::crawler::{Policy, robots_txt_url};

use crate::verdict::{Agent, Fetch, Verdicts};

/// What to answer, for every capture.
#[derive(Debug)]
pub struct Query {
    /// How a fetch's status reads: Google's or RFC 9309's.
    pub policy: Policy,
    /// The agents, in column order.
    pub agents: Vec<Agent>,
    /// Whether to give each agent's [`crate::Class`] (for a summary).
    pub classes: bool,
    /// Whether rows carry the response that decided them ([`Decided`]),
    /// for a caller that answers later, as the Spark recipe's join does.
    pub bodies: bool,
    paths: Arc<Vec<String>>,
    pub(crate) urls: Option<UrlTable>,
}

/// Page URLs grouped by the robots.txt URL that governs each.
#[derive(Debug, Default)]
pub(crate) struct UrlTable {
    pub(crate) by_robots: HashMap<String, Arc<Vec<String>>>,
    /// URLs with no robots.txt (not absolute, no host), and why.
    pub(crate) invalid: Vec<(String, String)>,
}

impl Query {
    /// A row per agent and path (`/` when `paths` is empty) for every
    /// robots.txt capture.
    pub fn paths(policy: Policy, agents: Vec<Agent>, paths: Vec<String>) -> Query {
        let paths = if paths.is_empty() {
            vec!["/".to_string()]
        } else {
            paths
        };
        Query {
            policy,
            agents,
            classes: false,
            bodies: false,
            paths: Arc::new(paths),
            urls: None,
        }
    }

    /// A row per agent and page URL, for every capture of the URL's
    /// robots.txt (and a row with an unknown outcome for URLs whose
    /// robots.txt is not captured).
    pub fn urls(
        policy: Policy,
        agents: Vec<Agent>,
        urls: impl IntoIterator<Item = String>,
    ) -> Query {
        let mut table = UrlTable::default();
        let mut grouped: HashMap<String, Vec<String>> = HashMap::new();
        for url in urls {
            match robots_txt_url(&url) {
                Ok(robots) => grouped
                    .entry(robots.as_str().to_string())
                    .or_default()
                    .push(url),
                Err(e) => table.invalid.push((url, e.to_string())),
            }
        }
        table.by_robots = grouped.into_iter().map(|(k, v)| (k, Arc::new(v))).collect();
        Query {
            policy,
            agents,
            classes: false,
            bodies: false,
            paths: Arc::new(Vec::new()),
            urls: Some(table),
        }
    }

    /// The paths of a host table (empty in a URL table).
    pub(crate) fn default_items(&self) -> Arc<Vec<String>> {
        self.paths.clone()
    }

    /// What to answer for a robots.txt URL: the paths, or the page URLs it
    /// governs (none: no rows).
    pub(crate) fn items_for(&self, robots_url: &str) -> Option<Arc<Vec<String>>> {
        match &self.urls {
            None => Some(self.paths.clone()),
            Some(table) => table.by_robots.get(robots_url).cloned(),
        }
    }
}

/// The rows of one capture: one per agent and item (path or page URL).
#[derive(Debug, Clone)]
pub struct Rows {
    /// The input, as named to [`crate::run()`].
    pub file: Arc<str>,
    /// The capture's record offset (see [`crate::RawRecord::offset`]); 0
    /// for URLs whose robots.txt is not captured.
    pub offset: u64,
    /// The robots.txt URL captured (normalized); `None` for a page URL
    /// that has none.
    pub robots_url: Option<String>,
    /// Its host (and non-default port).
    pub host: String,
    /// `WARC-Date` of the capture.
    pub date: String,
    /// `WARC-Truncated` of the capture (or `block`, see
    /// [`crate::Capture::truncated`]).
    pub truncated: Option<String>,
    /// Redirect hops followed from the capture.
    pub redirects: u32,
    /// Where the redirects led (the last URL fetched), when there were any.
    pub target: Option<String>,
    /// The paths or page URLs, in row order within each agent.
    pub items: Arc<Vec<String>>,
    /// The answers: `verdicts.cells[agent * items.len() + item]`.
    pub verdicts: Arc<Verdicts>,
    /// With [`Query::bodies`], what decided.
    pub decided: Option<Decided>,
}

/// The fetch that decided a capture's rows, to answer for it later with
/// [`crate::verdicts`].
#[derive(Debug, Clone)]
pub struct Decided {
    /// `response` (a status and body: [`Fetch::Response`]),
    /// `too-many-redirects` ([`Fetch::TooManyRedirects`]) or `unknown`
    /// ([`Fetch::Unknown`]).
    pub fetch: &'static str,
    /// The status of the response, or of the last redirect.
    pub status: Option<u16>,
    /// The body of a `response`, decoded, at most 500 KiB.
    pub body: Arc<Vec<u8>>,
    /// Why, for `unknown`.
    pub reason: Option<String>,
}

impl Decided {
    /// As a [`Fetch`].
    pub fn as_fetch(&self) -> Fetch<'_> {
        match (self.fetch, self.status) {
            ("response", Some(status)) => Fetch::Response(status, &self.body),
            ("too-many-redirects", Some(status)) => Fetch::TooManyRedirects(status),
            _ => Fetch::Unknown(self.reason.as_deref().unwrap_or("unknown")),
        }
    }
}
