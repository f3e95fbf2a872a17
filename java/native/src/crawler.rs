//! The crawler's side: which robots.txt governs a URL, what a fetch's
//! outcome means under Google's or RFC 9309's policy, and the cached state
//! of one robots.txt (`CacheEntry`).
//!
//! Policies, fetch outcomes, access results and decisions cross as the
//! codes of spec/vocabulary.json, which the core's `code` and `from_code`
//! give and take: a fetch outcome is its code (0 for an HTTP status) and
//! the status beside it. Times are milliseconds since the epoch.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jni::JNIEnv;
use jni::objects::{JByteArray, JClass};
use jni::sys::{jboolean, jbyteArray, jdouble, jint, jlong};

use robotstxt::crawler::{self, CacheEntry, FetchOutcome, Policy};

use crate::args::{self, Bytes, free_handle, handle_mut, handle_ref, into_handle, jbool};
use crate::boundary::{Failure, run};
use crate::memory::limited;

fn policy(code: jint) -> Result<Policy, Failure> {
    u32::try_from(code)
        .ok()
        .and_then(Policy::from_code)
        .ok_or_else(|| Failure::Illegal(format!("no policy {code}")))
}

/// The fetch outcome with code `code`; `status` is the HTTP status of
/// code 0.
fn outcome(code: jint, status: jint) -> Result<FetchOutcome, Failure> {
    let status =
        u16::try_from(status).map_err(|_| Failure::Illegal(format!("no HTTP status {status}")))?;
    u32::try_from(code)
        .ok()
        .and_then(|code| FetchOutcome::from_code(code, status))
        .ok_or_else(|| Failure::Illegal(format!("no fetch outcome {code}")))
}

/// An access result or decision code as Java takes it.
fn jcode(code: u32) -> jint {
    jint::try_from(code).unwrap_or(jint::MAX)
}

/// Milliseconds since the epoch as a time.
fn time(millis: jlong) -> Result<SystemTime, Failure> {
    let span = Duration::from_millis(millis.unsigned_abs());
    let t = if millis >= 0 {
        UNIX_EPOCH.checked_add(span)
    } else {
        UNIX_EPOCH.checked_sub(span)
    };
    t.ok_or_else(|| Failure::Illegal(format!("time out of range: {millis} ms")))
}

/// A time as milliseconds since the epoch; `Long.MIN_VALUE` for none.
fn millis(t: Option<SystemTime>) -> jlong {
    let Some(t) = t else { return jlong::MIN };
    let ms = |d: Duration| jlong::try_from(d.as_millis()).unwrap_or(jlong::MAX);
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => ms(d),
        Err(e) => -ms(e.duration()),
    }
}

/// The UTF-8 text of a Java string's bytes (`String.getBytes(UTF_8)` makes
/// only valid UTF-8).
fn text(bytes: &Bytes) -> Result<&str, Failure> {
    std::str::from_utf8(bytes.as_slice()).map_err(|e| Failure::Illegal(e.to_string()))
}

/// `Native.robotsTxtUrl(pageUrl)`: the robots.txt URL's UTF-8 bytes, or
/// `IllegalArgumentException` saying why there is none.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsTxtUrl<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    page_url: JByteArray<'l>,
) -> jbyteArray {
    run(&mut env, |env| {
        let page_url = Bytes::read(env, &page_url)?;
        let url = crawler::robots_txt_url(text(&page_url)?)
            .map_err(|e| Failure::Illegal(e.to_string()))?;
        args::new_bytes(env, url.as_str().as_bytes())
    })
}

/// `Native.appliesTo(robotsUrl, pageUrl)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_appliesTo<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    robots_url: JByteArray<'l>,
    page_url: JByteArray<'l>,
) -> jboolean {
    run(&mut env, |env| {
        let robots_url = Bytes::read(env, &robots_url)?;
        let page_url = Bytes::read(env, &page_url)?;
        Ok(jbool(crawler::applies_to(
            text(&robots_url)?,
            text(&page_url)?,
        )))
    })
}

/// `Native.isRobotsTxtUrl(url)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_isRobotsTxtUrl<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    url: JByteArray<'l>,
) -> jboolean {
    run(&mut env, |env| {
        let url = Bytes::read(env, &url)?;
        Ok(jbool(crawler::is_robots_txt_url(text(&url)?)))
    })
}

/// `Native.shouldFollowRedirect(hopsFollowed)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_shouldFollowRedirect<'l>(
    _env: JNIEnv<'l>,
    _class: JClass<'l>,
    hops_followed: jint,
) -> jboolean {
    let hops = u32::try_from(hops_followed).unwrap_or(0);
    jbool(crawler::should_follow_redirect(hops))
}

/// `Native.maxAgeFromCacheControl(value)`: seconds, NaN for none.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_maxAgeFromCacheControl<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    value: JByteArray<'l>,
) -> jdouble {
    run(&mut env, |env| {
        let value = Bytes::read(env, &value)?;
        Ok(crawler::max_age_from_cache_control_bytes(value.as_slice())
            .map_or(f64::NAN, |d| d.as_secs_f64()))
    })
}

/// `Native.truncatedLength(len)`: how many of a body's `len` bytes a
/// crawler reads (Google's 500 KiB at most).
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_truncatedLength<'l>(
    _env: JNIEnv<'l>,
    _class: JClass<'l>,
    len: jint,
) -> jint {
    let limit = jint::try_from(crawler::MAX_ROBOTS_TXT_BYTES).unwrap_or(jint::MAX);
    len.min(limit)
}

/// `Native.maxRedirectHops()`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_maxRedirectHops<'l>(
    _env: JNIEnv<'l>,
    _class: JClass<'l>,
) -> jint {
    jint::try_from(crawler::MAX_REDIRECT_HOPS).unwrap_or(jint::MAX)
}

/// `Native.policyClassify(policy, outcome, status)`: the access result's
/// code.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_policyClassify<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    policy_code: jint,
    outcome_code: jint,
    status: jint,
) -> jint {
    run(&mut env, |_| {
        Ok(jcode(
            policy(policy_code)?
                .classify(outcome(outcome_code, status)?)
                .code(),
        ))
    })
}

/// `Native.policyDecide(policy, outcome, status)`: the decision's code.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_policyDecide<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    policy_code: jint,
    outcome_code: jint,
    status: jint,
) -> jint {
    run(&mut env, |_| {
        Ok(jcode(
            policy(policy_code)?
                .decide(outcome(outcome_code, status)?)
                .code(),
        ))
    })
}

/// `Native.cacheNew(policy, lifetimeMillis, sizeLimit)`: a `CacheEntry`
/// handle; a negative lifetime keeps the default (24 hours), a negative
/// size limit keeps whole bodies.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_cacheNew<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    policy_code: jint,
    lifetime_millis: jlong,
    size_limit: jlong,
) -> jlong {
    run(&mut env, |_| {
        let mut entry =
            CacheEntry::new(policy(policy_code)?).with_size_limit(usize::try_from(size_limit).ok());
        if let Ok(ms) = u64::try_from(lifetime_millis) {
            entry = entry.with_lifetime(Duration::from_millis(ms));
        }
        into_handle(entry)
    })
}

/// `Native.cacheFree(handle)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_cacheFree<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) {
    run(&mut env, |_| {
        // SAFETY: the Java side frees a handle once, after its last use.
        unsafe { free_handle::<CacheEntry>(handle) };
        Ok(())
    })
}

/// `Native.cacheRecord(handle, now, outcome, status, body, maxAgeMillis)`;
/// a negative max-age is none.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_cacheRecord<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    now: jlong,
    outcome_code: jint,
    status: jint,
    body: JByteArray<'l>,
    max_age_millis: jlong,
) {
    run(&mut env, |env| {
        // SAFETY: the Java entry holds its handle exclusively for the call.
        let entry = unsafe { handle_mut::<CacheEntry>(handle) }?;
        let body = Bytes::read(env, &body)?;
        let max_age = u64::try_from(max_age_millis)
            .ok()
            .map(Duration::from_millis);
        let (now, outcome) = (time(now)?, outcome(outcome_code, status)?);
        limited(|| entry.try_record(now, outcome, body.as_slice(), max_age))?;
        Ok(())
    })
}

/// `Native.cacheNeedsFetch(handle, now)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_cacheNeedsFetch<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    now: jlong,
) -> jboolean {
    run(&mut env, |_| {
        // SAFETY: the Java entry holds its handle for the call.
        let entry = unsafe { handle_ref::<CacheEntry>(handle) }?;
        Ok(jbool(entry.needs_fetch(time(now)?)))
    })
}

/// `Native.cacheDecide(handle, now)`: the decision's code.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_cacheDecide<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    now: jlong,
) -> jint {
    run(&mut env, |_| {
        // SAFETY: the Java entry holds its handle for the call.
        let entry = unsafe { handle_ref::<CacheEntry>(handle) }?;
        Ok(jcode(entry.decide(time(now)?).code()))
    })
}

/// `Native.cacheSetSiteAvailable(handle, available)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_cacheSetSiteAvailable<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    available: jboolean,
) {
    run(&mut env, |_| {
        // SAFETY: the Java entry holds its handle exclusively for the call.
        let entry = unsafe { handle_mut::<CacheEntry>(handle) }?;
        entry.set_site_available(available != 0);
        Ok(())
    })
}

/// `Native.cacheBody(handle)`: the last good body, or null.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_cacheBody<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) -> jbyteArray {
    run(&mut env, |env| {
        // SAFETY: the Java entry holds its handle for the call.
        let entry = unsafe { handle_ref::<CacheEntry>(handle) }?;
        match entry.body() {
            Some(body) => args::new_bytes(env, body),
            None => Ok(std::ptr::null_mut()),
        }
    })
}

/// `Native.cacheTimes(handle)`: `{freshUntil, unreachableSince}` in
/// milliseconds, `Long.MIN_VALUE` for none.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_cacheTimes<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) -> jni::sys::jlongArray {
    run(&mut env, |env| {
        // SAFETY: the Java entry holds its handle for the call.
        let entry = unsafe { handle_ref::<CacheEntry>(handle) }?;
        args::new_longs(
            env,
            &[
                millis(entry.fresh_until()),
                millis(entry.unreachable_since()),
            ],
        )
    })
}
