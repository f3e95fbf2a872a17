//! Redirects followed within one file, in the order its records come: a
//! robots.txt capture that answers 3xx with a `Location` waits for the next
//! capture of that URL in the same file, as a crawler that follows the
//! redirect fetches it next; up to [`MAX_REDIRECT_HOPS`] hops (then, or on
//! a loop, [`Fetch::TooManyRedirects`]). A target the file never captures
//! after the redirect leaves the outcome unknown.
//!
//! Only the waiting redirects are held (their URL, host, date and the
//! chain's URLs), never a body: the memory of a file's pass grows with the
//! number of redirects still waiting, not with the file.

use std::collections::HashMap;
use std::sync::Arc;

use robotstxt_exact::crawler::{MAX_REDIRECT_HOPS, should_follow_redirect};

use crate::capture::Capture;
use crate::query::Query;
use crate::query::{Decided, Rows};
use crate::verdict::{Fetch, Verdicts, verdicts};

/// A robots.txt capture, as its rows name it.
#[derive(Debug, Clone)]
struct Source {
    offset: u64,
    url: String,
    host: String,
    date: String,
    truncated: Option<String>,
    items: Arc<Vec<String>>,
}

/// A redirect waiting for its target.
#[derive(Debug)]
struct Waiter {
    source: Source,
    /// Hops followed so far.
    hops: u32,
    /// The URLs of the chain so far, the source first: a target among them
    /// is a loop.
    chain: Vec<String>,
}

/// The redirects of one file.
pub(crate) struct Resolver {
    file: Arc<str>,
    wanted: HashMap<String, Vec<Waiter>>,
}

/// How a capture ends a fetch.
pub(crate) fn fetch_of(c: &Capture) -> Fetch<'_> {
    match &c.body_error {
        Some(e) if (200..300).contains(&c.status) => Fetch::Unknown(e),
        _ => Fetch::Response(c.status, &c.body),
    }
}

impl Resolver {
    pub(crate) fn new(file: Arc<str>) -> Resolver {
        Resolver {
            file,
            wanted: HashMap::new(),
        }
    }

    fn rows(
        &self,
        source: Source,
        redirects: u32,
        target: Option<String>,
        verdicts: Arc<Verdicts>,
        decided: Option<Decided>,
    ) -> Rows {
        Rows {
            file: self.file.clone(),
            offset: source.offset,
            robots_url: Some(source.url),
            host: source.host,
            date: source.date,
            truncated: source.truncated,
            redirects,
            target,
            items: source.items,
            verdicts,
            decided,
        }
    }

    /// Takes the next capture of the file: ends the redirects waiting for
    /// it, and gives its own rows (`own`, computed by a worker) or makes it
    /// wait when it redirects.
    pub(crate) fn capture(
        &mut self,
        query: &Query,
        c: &Capture,
        own: Option<Arc<Verdicts>>,
        out: &mut Vec<Rows>,
    ) {
        if let Some(waiters) = self.wanted.remove(&c.url) {
            for mut w in waiters {
                match &c.location {
                    Some(next)
                        if should_follow_redirect(w.hops)
                            && !w.chain.contains(next)
                            && next != &c.url =>
                    {
                        w.hops += 1;
                        w.chain.push(c.url.clone());
                        self.wanted.entry(next.clone()).or_default().push(w);
                    }
                    Some(_) => {
                        let v = verdicts(
                            query.policy,
                            Fetch::TooManyRedirects(c.status),
                            &query.agents,
                            &w.source.items,
                            query.classes,
                        );
                        let decided = query.bodies.then(|| Decided::too_many(c.status));
                        out.push(self.rows(
                            w.source,
                            w.hops,
                            Some(c.url.clone()),
                            Arc::new(v),
                            decided,
                        ));
                    }
                    None => {
                        let v = match &own {
                            Some(v) if Arc::ptr_eq(&w.source.items, &query.default_items()) => {
                                v.clone()
                            }
                            _ => Arc::new(verdicts(
                                query.policy,
                                fetch_of(c),
                                &query.agents,
                                &w.source.items,
                                query.classes,
                            )),
                        };
                        let decided = query.bodies.then(|| Decided::of(c));
                        out.push(self.rows(w.source, w.hops, Some(c.url.clone()), v, decided));
                    }
                }
            }
        }
        if !c.is_robots {
            return;
        }
        let Some(items) = query.items_for(&c.url) else {
            return;
        };
        let source = Source {
            offset: c.offset,
            url: c.url.clone(),
            host: c.host.clone(),
            date: c.date.clone(),
            truncated: c.truncated.clone(),
            items,
        };
        match (&c.location, own) {
            (Some(next), _) => {
                let waiter = Waiter {
                    source,
                    hops: 1,
                    chain: vec![c.url.clone()],
                };
                if next == &c.url {
                    // Redirects to itself: a loop.
                    let v = verdicts(
                        query.policy,
                        Fetch::TooManyRedirects(c.status),
                        &query.agents,
                        &waiter.source.items,
                        query.classes,
                    );
                    let decided = query.bodies.then(|| Decided::too_many(c.status));
                    out.push(self.rows(waiter.source, 1, Some(next.clone()), Arc::new(v), decided));
                } else {
                    self.wanted.entry(next.clone()).or_default().push(waiter);
                }
            }
            (None, Some(v)) => {
                let decided = query.bodies.then(|| Decided::of(c));
                out.push(self.rows(source, 0, None, v, decided));
            }
            (None, None) => {
                let v = verdicts(
                    query.policy,
                    fetch_of(c),
                    &query.agents,
                    &source.items,
                    query.classes,
                );
                let decided = query.bodies.then(|| Decided::of(c));
                out.push(self.rows(source, 0, None, Arc::new(v), decided));
            }
        }
    }

    /// At the end of the file: the redirects whose target it never
    /// captured, in the order they were made.
    pub(crate) fn finish(self, query: &Query, out: &mut Vec<Rows>) {
        let mut left: Vec<(String, Waiter)> = self
            .wanted
            .into_iter()
            .flat_map(|(url, ws)| ws.into_iter().map(move |w| (url.clone(), w)))
            .collect();
        left.sort_by_key(|(_, w)| w.source.offset);
        let file = self.file;
        for (target, w) in left {
            let why = format!(
                "the redirect's target {target} is not captured after it in the file \
                 ({} of at most {MAX_REDIRECT_HOPS} hops followed)",
                w.hops
            );
            let v = verdicts(
                query.policy,
                Fetch::Unknown(&why),
                &query.agents,
                &w.source.items,
                query.classes,
            );
            let resolver = Resolver {
                file: file.clone(),
                wanted: HashMap::new(),
            };
            let decided = query.bodies.then(|| Decided {
                fetch: "unknown",
                status: None,
                body: Arc::new(Vec::new()),
                reason: Some(why.clone()),
            });
            out.push(resolver.rows(w.source, w.hops, Some(target), Arc::new(v), decided));
        }
    }
}

impl Decided {
    /// The capture `c` decided.
    fn of(c: &Capture) -> Decided {
        match fetch_of(c) {
            Fetch::Unknown(why) => Decided {
                fetch: "unknown",
                status: Some(c.status),
                body: Arc::new(Vec::new()),
                reason: Some(why.to_string()),
            },
            _ => Decided {
                fetch: "response",
                status: Some(c.status),
                body: Arc::new(c.body.clone()),
                reason: None,
            },
        }
    }

    /// A chain too long, ending at `status`.
    fn too_many(status: u16) -> Decided {
        Decided {
            fetch: "too-many-redirects",
            status: Some(status),
            body: Arc::new(Vec::new()),
            reason: None,
        }
    }
}
