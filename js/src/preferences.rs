//! Usage preferences, Request-rate and the audit of a parsed robots.txt, as
//! JSON for the JavaScript layer (`lib/robots.js`, `lib/audit.js`).

use robotstxt_exact::audit::{Category, Crawler, audit, known_crawlers, parse_crawler_list};
use robotstxt_exact::preferences::{Preferences, RequestRate, Signal, UsageCategory};
use wasm_bindgen::prelude::*;

use crate::json::Json;
use crate::list::Items;
use crate::memory::oom;
use crate::robots::Parsed;
use crate::stage::{stage_mismatch, with_staged};

/// `{allowed, signals: {name: {allowed, line}}, usage: {label: {...}}}`.
fn write_preferences(j: &mut Json, p: &Preferences) {
    j.begin_object();
    j.field_bool("allowed", p.allowed);
    j.key("signals");
    j.begin_object();
    for signal in Signal::ALL {
        if let Some(s) = p.signal(signal) {
            j.key(signal.as_str());
            j.begin_object();
            j.field_bool("allowed", s.allowed);
            j.field_number("line", s.line);
            j.end_object();
        }
    }
    j.end_object();
    j.key("usage");
    j.begin_object();
    for category in UsageCategory::ALL {
        if let Some(s) = p.usage(category) {
            j.key(category.as_str());
            j.begin_object();
            j.field_bool("allowed", s.allowed);
            j.field_number("line", s.line);
            j.end_object();
        }
    }
    j.end_object();
    j.end_object();
}

/// `{requests, seconds, window: [start, end] | null}` or `null`.
fn write_request_rate(j: &mut Json, rate: Option<RequestRate>) {
    let Some(rate) = rate else {
        j.null();
        return;
    };
    j.begin_object();
    j.field_number("requests", rate.requests);
    j.field_number("seconds", rate.seconds);
    j.key("window");
    match rate.window {
        Some(w) => {
            j.begin_array();
            j.number(w.start);
            j.number(w.end);
            j.end_array();
        }
        None => j.null(),
    }
    j.end_object();
}

#[wasm_bindgen]
impl Parsed {
    /// The usage preferences for the agents of a packed list and the staged
    /// URL, as JSON (see [`write_preferences`]).
    pub fn preferences_json_staged(
        &self,
        agents: &[u8],
        agent_ends: &[u32],
        url_len: usize,
    ) -> Result<String, JsError> {
        const WHAT: &str = "finding the usage preferences";
        let agents = Items::new(agents, agent_ends)?;
        let found = with_staged(url_len, |url| {
            agents.with_slice(WHAT, |agents| self.robots().try_preferences(agents, url))
        })
        .ok_or_else(stage_mismatch)??
        .map_err(|e| oom(WHAT, e))?;
        let mut j = Json::default();
        write_preferences(&mut j, &found);
        j.finish().map_err(|e| oom(WHAT, e))
    }

    /// The Request-rate for the agent as JSON, `null` when none applies.
    pub fn request_rate_json(&self, agent: &[u8]) -> Result<String, JsError> {
        let mut j = Json::default();
        write_request_rate(&mut j, self.robots().request_rate(agent));
        j.finish().map_err(|e| oom("finding the Request-rate", e))
    }

    /// The audit for the paths of a packed list, of the shipped crawlers or
    /// of those of `list` (the shipped list's format, or one token per line
    /// with an optional category), as JSON.
    pub fn audit_json(
        &self,
        paths: &[u8],
        path_ends: &[u32],
        list: Option<String>,
    ) -> Result<String, JsError> {
        const WHAT: &str = "auditing the crawlers";
        let own: Vec<Crawler>;
        let crawlers: &[Crawler] = match list {
            None => known_crawlers(),
            Some(text) => {
                own = parse_crawler_list(&text)
                    .map_err(|e| JsError::new(&format!("robotstxt-exact: crawler list, {e}")))?;
                &own
            }
        };
        let paths = Items::new(paths, path_ends)?;
        let paths: Vec<String> = paths
            .iter()
            .map(|p| String::from_utf8_lossy(p).into_owned())
            .collect();
        let report = audit(self.robots(), crawlers, &paths);
        let mut j = Json::default();
        j.begin_object();
        j.field_string("summary", report.summary().as_bytes());
        let ai = report.ai_blocked();
        j.key("aiBlocked");
        j.begin_object();
        j.field_number("blocked", ai.blocked);
        j.field_number("total", ai.total);
        j.end_object();
        j.key("categories");
        j.begin_object();
        for category in Category::ALL {
            let count = report.blocked_in(category);
            if count.total > 0 {
                j.key(category.as_str());
                j.begin_object();
                j.field_number("blocked", count.blocked);
                j.field_number("total", count.total);
                j.end_object();
            }
        }
        j.end_object();
        j.key("crawlers");
        j.begin_array();
        for a in &report.crawlers {
            j.begin_object();
            j.field_string("token", a.crawler.token.as_bytes());
            j.field_string("matchedAs", a.matched_as.as_bytes());
            j.field_string("operator", a.crawler.operator.as_bytes());
            j.field_string("category", a.crawler.category.as_str().as_bytes());
            j.field_bool("specificGroup", a.specific);
            j.key("groups");
            j.begin_array();
            for &line in &a.groups {
                j.number(line);
            }
            j.end_array();
            j.key("paths");
            j.begin_array();
            for p in &a.paths {
                j.begin_object();
                j.field_string("path", p.path.as_bytes());
                j.field_bool("allowed", p.allowed);
                j.field_number("line", p.line);
                j.key("preferences");
                write_preferences(&mut j, &p.preferences);
                j.end_object();
            }
            j.end_array();
            // Filled in by lib/robots.js from the crawl-delay export, which
            // gives the same value (the audit's is the crawl-delay for the
            // agent as matched): a float printed here would bring in float
            // formatting (see json.rs).
            j.key("crawlDelay");
            j.null();
            j.key("requestRate");
            write_request_rate(&mut j, a.request_rate);
            j.field_string("source", a.crawler.source.as_bytes());
            j.field_string("checked", a.crawler.checked.as_bytes());
            j.field_string("note", a.crawler.note.as_bytes());
            j.end_object();
        }
        j.end_array();
        j.end_object();
        j.finish().map_err(|e| oom(WHAT, e))
    }
}
