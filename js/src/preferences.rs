//! Usage preferences, Request-rate, the file-wide values, policy tokens and
//! the audit of a parsed robots.txt, as JSON for the JavaScript layer
//! (`lib/robots.js`).
//!
//! The audit's report does not grow with the number of groups (each crawler
//! lists at most `MAX_GROUP_LINES` of them, with their count), so its JSON
//! stays far below V8's longest string; every allocation for it is fallible
//! and memory running out is the package's own `Error`.

use robotstxt_exact::audit::{
    Category, Crawler, FileValueAudit, ROBOTS_JSON_MEMBERS, RobotsJsonEntry, TryListError,
    is_list_token, known_crawlers, try_audit, try_parse_crawler_list, try_robots_json_list,
};
use robotstxt_exact::preferences::{Preferences, RequestRate, Signal, Stated, UsageCategory};
use wasm_bindgen::prelude::*;

use crate::json::Json;
use crate::list::Items;
use crate::memory::{oom, vec_with_capacity};
use crate::robots::Parsed;
use crate::stage::{stage_mismatch, with_staged};

/// `{name: {allowed, line}}` for the categories `stated` gives a value for.
fn write_usage(j: &mut Json, stated: impl Fn(UsageCategory) -> Option<Stated>) {
    j.begin_object();
    for category in UsageCategory::ALL {
        if let Some(s) = stated(category) {
            j.key(category.as_str());
            j.begin_object();
            j.field_bool("allowed", s.allowed);
            j.field_number("line", s.line);
            j.end_object();
        }
    }
    j.end_object();
}

/// `{allowed, signals: {name: {allowed, line}}, usage: {label: {...}},
/// usageInSearch: {...}, contentUse: {value, line} | null}`.
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
    write_usage(j, |c| p.usage(c));
    j.key("usageInSearch");
    write_usage(j, |c| p.usage_in_search(c));
    j.key("contentUse");
    match p.content_use {
        Some(u) => {
            j.begin_object();
            j.field_string("value", u.value.as_str().as_bytes());
            j.field_number("line", u.line);
            j.end_object();
        }
        None => j.null(),
    }
    j.end_object();
}

/// `[{value, line}]`.
fn write_values(j: &mut Json, values: &[FileValueAudit]) {
    j.begin_array();
    for v in values {
        j.begin_object();
        j.field_string("value", v.value.as_bytes());
        j.field_number("line", v.line);
        j.end_object();
    }
    j.end_array();
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

    /// The file-wide values and policy tokens as JSON: `{license: [{value,
    /// line}], llmPolicy: [...], policyTokens: [{token, known, line}]}`.
    pub fn file_values_json(&self) -> Result<String, JsError> {
        const WHAT: &str = "listing the file-wide values";
        let robots = self.robots();
        let mut j = Json::default();
        j.begin_object();
        for (key, license) in [("license", true), ("llmPolicy", false)] {
            j.key(key);
            j.begin_array();
            let values: &mut dyn Iterator<Item = _> = if license {
                &mut robots.licenses()
            } else {
                &mut robots.llm_policies()
            };
            for v in values {
                j.begin_object();
                j.field_string("value", v.value);
                j.field_number("line", v.line);
                j.end_object();
            }
            j.end_array();
        }
        j.key("policyTokens");
        j.begin_array();
        for t in robots.policy_tokens().map_err(|e| oom(WHAT, e))? {
            j.begin_object();
            j.field_string("token", t.token.token);
            j.field_bool("known", t.token.is_known());
            j.field_number("line", t.line);
            j.end_object();
        }
        j.end_array();
        j.end_object();
        j.finish().map_err(|e| oom(WHAT, e))
    }

    /// What the groups naming the policy token say for the staged URL, as
    /// JSON: `{allowed, line}`, or `null` when no group names it.
    pub fn policy_json_staged(&self, token: &[u8], url_len: usize) -> Result<String, JsError> {
        const WHAT: &str = "reading a policy token's group";
        let answer = with_staged(url_len, |url| self.robots().policy(token, url))
            .ok_or_else(stage_mismatch)?
            .map_err(|e| oom(WHAT, e))?;
        let mut j = Json::default();
        match answer {
            Some(a) => {
                j.begin_object();
                j.field_bool("allowed", a.allowed);
                j.field_number("line", a.matching_line);
                j.end_object();
            }
            None => j.null(),
        }
        j.finish().map_err(|e| oom(WHAT, e))
    }

    /// The audit for the paths of a packed list, of the shipped crawlers or
    /// of those of `list` (the shipped list's format, or one token per line
    /// with an optional category), as JSON. Running out of memory is the
    /// package's `Error`. ai.robots.txt's `robots.json` is read by
    /// `lib/robots.js` and goes to [`Parsed::audit_robots_json`].
    pub fn audit_json(
        &self,
        paths: &[u8],
        path_ends: &[u32],
        list: Option<String>,
    ) -> Result<String, JsError> {
        match list {
            None => self.write_audit(paths, path_ends, known_crawlers()),
            Some(text) => {
                let own = try_parse_crawler_list(&text).map_err(list_error)?;
                self.write_audit(paths, path_ends, &own)
            }
        }
    }

    /// [`Parsed::audit_json`] for the crawlers of ai.robots.txt's
    /// `robots.json` as `lib/robots.js` read it with `JSON.parse` (the
    /// module carries no JSON reader): a packed list of strings holding,
    /// for each entry in the file's order, its token and then the values of
    /// [`robots_json_members`] (a member absent or not a string as ""), and
    /// `objects`, one byte an entry, 0 where the entry is not an object. The
    /// core maps the entries to crawlers, as it does those serde_json reads.
    pub fn audit_robots_json(
        &self,
        paths: &[u8],
        path_ends: &[u32],
        entries: &[u8],
        entry_ends: &[u32],
        objects: &[u8],
    ) -> Result<String, JsError> {
        const STRIDE: usize = 1 + ROBOTS_JSON_MEMBERS.len();
        let malformed = || {
            JsError::new(
                "robotstxt-exact: malformed robots.json entries (not UTF-8, or not five strings an entry)",
            )
        };
        let items = Items::new(entries, entry_ends)?;
        if objects.len().checked_mul(STRIDE) != Some(items.len()) {
            return Err(malformed());
        }
        let mut strings: Vec<&str> = vec_with_capacity(items.len(), AUDITING)?;
        for item in items.iter() {
            // JavaScript's strings, encoded as UTF-8 by lib/bytes.js.
            strings.push(std::str::from_utf8(item).map_err(|_| malformed())?);
        }
        let entries = strings
            .chunks_exact(STRIDE)
            .zip(objects)
            .map(|(entry, &object)| RobotsJsonEntry {
                token: entry[0],
                members: (object != 0).then(|| std::array::from_fn(|i| entry[1 + i])),
            });
        let own = try_robots_json_list(entries).map_err(list_error)?;
        self.write_audit(paths, path_ends, &own)
    }
}

/// A crawler list that could not be read, as the package's `Error`.
fn list_error(error: TryListError) -> JsError {
    match error {
        TryListError::OutOfMemory(e) => oom(AUDITING, e),
        TryListError::List(e) => JsError::new(&format!("robotstxt-exact: crawler list, {e}")),
    }
}

/// What the audit's out-of-memory `Error` says it was doing.
const AUDITING: &str = "auditing the crawlers";

impl Parsed {
    /// The audit of `crawlers` for the paths of a packed list, as JSON.
    fn write_audit(
        &self,
        paths: &[u8],
        path_ends: &[u32],
        crawlers: &[Crawler],
    ) -> Result<String, JsError> {
        let paths = Items::new(paths, path_ends)?;
        let mut owned: Vec<String> = vec_with_capacity(paths.iter().count(), AUDITING)?;
        for p in paths.iter() {
            let mut copy = String::new();
            copy.try_reserve_exact(p.len().saturating_mul(3))
                .map_err(|e| oom(AUDITING, e))?;
            copy.push_str(&String::from_utf8_lossy(p));
            owned.push(copy);
        }
        let report = try_audit(self.robots(), crawlers, &owned).map_err(|e| oom(AUDITING, e))?;
        let mut j = Json::default();
        j.begin_object();
        j.field_string("summary", report.summary().as_bytes());
        j.key("license");
        write_values(&mut j, &report.licenses);
        j.key("llmPolicy");
        write_values(&mut j, &report.llm_policies);
        j.key("policyTokens");
        j.begin_array();
        for p in &report.policies {
            j.begin_object();
            j.field_string("token", p.token.as_bytes());
            j.field_bool("known", p.known);
            j.field_number("line", p.line);
            j.key("paths");
            j.begin_array();
            for v in &p.paths {
                j.begin_object();
                j.field_string("path", v.path.as_bytes());
                j.field_bool("allowed", v.allowed);
                j.field_number("line", v.line);
                j.end_object();
            }
            j.end_array();
            j.end_object();
        }
        j.end_array();
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
            j.field_string("function", a.crawler.function.as_bytes());
            j.field_string("category", a.crawler.category.as_str().as_bytes());
            j.field_bool("specificGroup", a.specific);
            j.key("groups");
            j.begin_array();
            for &line in &a.groups {
                j.number(line);
            }
            j.end_array();
            j.field_number("groupCount", a.group_count);
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
        j.finish().map_err(|e| oom(AUDITING, e))
    }
}

/// Whether `token` can stand in the crawler list `audit_json` reads (the
/// core's rule), so that `lib/robots.js` refuses it rather than have it cut.
#[wasm_bindgen]
pub fn is_crawler_list_token(token: &str) -> bool {
    is_list_token(token)
}

/// Whether the core reads the crawler list `text` as ai.robots.txt's
/// `robots.json`, which `lib/robots.js` then reads with `JSON.parse` for
/// [`Parsed::audit_robots_json`].
#[wasm_bindgen]
pub fn is_robots_json(text: &str) -> bool {
    robotstxt_exact::audit::is_robots_json(text)
}

/// The members of a `robots.json` entry the core reads, in the order
/// [`Parsed::audit_robots_json`] takes their values, separated by spaces.
#[wasm_bindgen]
pub fn robots_json_members() -> String {
    ROBOTS_JSON_MEMBERS.join(" ")
}
