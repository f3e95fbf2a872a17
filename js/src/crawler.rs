//! The crawler side: which robots.txt governs a URL, what a fetch means
//! under Google's or RFC 9309's reading, and the cache entry per robots.txt
//! URL. Times cross the boundary as milliseconds since the Unix epoch (what
//! `Date.now()` gives), durations as seconds.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use robotstxt_exact::crawler::{self, CacheEntry, FetchOutcome, Policy};
use wasm_bindgen::prelude::*;

use crate::memory::oom;
use crate::stage::{stage_mismatch, with_staged};

/// The robots.txt URL for a page URL, or an `Error` saying why there is none.
#[wasm_bindgen]
pub fn robots_txt_url(page_url: &str) -> Result<String, JsError> {
    crawler::robots_txt_url(page_url)
        .map(String::from)
        .map_err(|e| JsError::new(&format!("robotstxt-exact: {e}")))
}

/// Whether the robots.txt at `robots_url` governs `page_url`.
#[wasm_bindgen]
pub fn applies_to(robots_url: &str, page_url: &str) -> bool {
    crawler::applies_to(robots_url, page_url)
}

/// Whether `url` is where a robots.txt can be.
#[wasm_bindgen]
pub fn is_robots_txt_url(url: &str) -> bool {
    crawler::is_robots_txt_url(url)
}

/// Whether to follow one more redirect after `hops_followed` hops.
#[wasm_bindgen]
pub fn should_follow_redirect(hops_followed: u32) -> bool {
    crawler::should_follow_redirect(hops_followed)
}

/// The `max-age` of a `Cache-Control` value in seconds, if it has one.
#[wasm_bindgen]
pub fn max_age_from_cache_control(value: &[u8]) -> Option<f64> {
    crawler::max_age_from_cache_control_bytes(value).map(|d| d.as_secs_f64())
}

/// Google's 500 KiB.
#[wasm_bindgen]
pub fn max_robots_txt_bytes() -> u32 {
    crawler::MAX_ROBOTS_TXT_BYTES as u32
}

/// How many redirect hops to follow.
#[wasm_bindgen]
pub fn max_redirect_hops() -> u32 {
    crawler::MAX_REDIRECT_HOPS
}

/// How much of a body of `len` bytes a crawler parses (the core's cut, for
/// `truncateBody`, which holds the bytes).
#[wasm_bindgen]
pub fn truncated_len(len: usize) -> usize {
    crawler::truncated_len(len)
}

// Policies, fetch outcomes, access results and decisions cross as the
// core's codes (spec/vocabulary.json), which `lib/vocabulary.js` names.

/// The policy with the core's code `code`.
fn policy(code: u32) -> Result<Policy, JsError> {
    Policy::from_code(code).ok_or_else(|| JsError::new("robotstxt-exact: unknown policy"))
}

/// The fetch outcome with the core's code `kind` (0: the HTTP `status`).
fn outcome(kind: u32, status: u16) -> Result<FetchOutcome, JsError> {
    FetchOutcome::from_code(kind, status)
        .ok_or_else(|| JsError::new("robotstxt-exact: unknown fetch outcome"))
}

/// RFC 9309's access result of a fetch, as its code.
#[wasm_bindgen]
pub fn classify(policy_code: u32, kind: u32, status: u16) -> Result<u32, JsError> {
    Ok(policy(policy_code)?.classify(outcome(kind, status)?).code())
}

/// What to do right after a fetch, with nothing cached, as its code.
#[wasm_bindgen]
pub fn decide(policy_code: u32, kind: u32, status: u16) -> Result<u32, JsError> {
    Ok(policy(policy_code)?.decide(outcome(kind, status)?).code())
}

/// A time from milliseconds since the epoch.
fn time(ms: f64) -> Result<SystemTime, JsError> {
    let bad = || JsError::new("robotstxt-exact: a time must be a finite number of milliseconds");
    if !ms.is_finite() {
        return Err(bad());
    }
    let d = Duration::try_from_secs_f64(ms.abs() / 1000.0).map_err(|_| bad())?;
    let t = if ms >= 0.0 {
        UNIX_EPOCH.checked_add(d)
    } else {
        UNIX_EPOCH.checked_sub(d)
    };
    t.ok_or_else(bad)
}

/// Milliseconds since the epoch.
fn millis(t: SystemTime) -> f64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs_f64() * 1000.0,
        Err(e) => -e.duration().as_secs_f64() * 1000.0,
    }
}

fn seconds(s: f64) -> Result<Duration, JsError> {
    Duration::try_from_secs_f64(s).map_err(|_| {
        JsError::new("robotstxt-exact: a duration must be a finite, non-negative number of seconds")
    })
}

/// The core's cache entry for one robots.txt URL.
#[wasm_bindgen]
pub struct Cache {
    inner: CacheEntry,
}

#[wasm_bindgen]
impl Cache {
    /// An entry; `lifetime` in seconds (`undefined`: 24 hours), `size_limit`
    /// in bytes (negative: none).
    #[wasm_bindgen(constructor)]
    pub fn new(policy_code: u32, lifetime: Option<f64>, size_limit: f64) -> Result<Cache, JsError> {
        let limit = if size_limit < 0.0 {
            None
        } else {
            Some(size_limit.min(usize::MAX as f64) as usize)
        };
        let mut inner = CacheEntry::new(policy(policy_code)?).with_size_limit(limit);
        if let Some(lifetime) = lifetime {
            inner = inner.with_lifetime(seconds(lifetime)?);
        }
        Ok(Cache { inner })
    }

    /// Records a fetch at `now` (see [`outcome`]) with the staged body of
    /// `len` bytes; `max_age` in seconds.
    pub fn record_staged(
        &mut self,
        now: f64,
        kind: u32,
        status: u16,
        len: usize,
        max_age: Option<f64>,
    ) -> Result<(), JsError> {
        let max_age = max_age.map(seconds).transpose()?;
        let (now, outcome) = (time(now)?, outcome(kind, status)?);
        with_staged(len, |body| {
            self.inner.try_record(now, outcome, body, max_age)
        })
        .ok_or_else(stage_mismatch)?
        .map_err(|e| oom("keeping a robots.txt body", e))
    }

    /// Whether the robots.txt should be fetched at `now`.
    pub fn needs_fetch(&self, now: f64) -> Result<bool, JsError> {
        Ok(self.inner.needs_fetch(time(now)?))
    }

    /// What to do with the site's URLs at `now`, as its code.
    pub fn decide(&self, now: f64) -> Result<u32, JsError> {
        Ok(self.inner.decide(time(now)?).code())
    }

    /// Tells whether the rest of the site answers.
    pub fn set_site_available(&mut self, available: bool) {
        self.inner.set_site_available(available);
    }

    /// The last good body, if any.
    pub fn body(&self) -> Result<Option<Vec<u8>>, JsError> {
        let Some(body) = self.inner.body() else {
            return Ok(None);
        };
        let mut copy = Vec::new();
        copy.try_reserve_exact(body.len())
            .map_err(|e| oom("copying the cached body", e))?;
        copy.extend_from_slice(body);
        Ok(Some(copy))
    }

    /// Until when the last result is fresh, in milliseconds.
    pub fn fresh_until(&self) -> Option<f64> {
        self.inner.fresh_until().map(millis)
    }

    /// Since when the file has been unreachable, in milliseconds.
    pub fn unreachable_since(&self) -> Option<f64> {
        self.inner.unreachable_since().map(millis)
    }

    /// The policy's code.
    pub fn policy(&self) -> u32 {
        self.inner.policy().code()
    }
}
