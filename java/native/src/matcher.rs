//! Google's `RobotsMatcher` and string functions.
//!
//! A query returns the whole answer packed in a `long` ([`pack`]), which
//! the Java matcher keeps for its accessors (`matchingLine()` and the rest
//! cost no native call).

use jni::JNIEnv;
use jni::objects::{JByteArray, JClass, JIntArray};
use jni::sys::{jboolean, jbyteArray, jlong};

use robotstxt::{Answer, RobotsMatcher};

use crate::args::{self, Bytes, Packed, free_handle, handle_mut, into_handle, jbool, with_body};
use crate::boundary::run;
use crate::memory::limited;

/// An answer in a `long`: bit 0 `allowed`, bit 1 `ever_seen_specific_agent`,
/// bit 2 `disallow_ignore_global`, bits 32-63 the matching line. Read by
/// `Answer.unpack` in Java.
pub(crate) fn pack(answer: Answer) -> jlong {
    let bits = u64::from(answer.allowed)
        | u64::from(answer.ever_seen_specific_agent) << 1
        | u64::from(answer.disallow_ignore_global) << 2
        | u64::from(answer.matching_line) << 32;
    bits as jlong
}

/// The last answer of a matcher, packed as [`pack`] does.
fn pack_last(allowed: bool, matcher: &RobotsMatcher) -> jlong {
    pack(Answer {
        allowed,
        matching_line: matcher.matching_line(),
        ever_seen_specific_agent: matcher.ever_seen_specific_agent(),
        disallow_ignore_global: matcher.disallow_ignore_global(),
    })
}

/// `Native.matcherNew()`: a matcher handle.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_matcherNew<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
) -> jlong {
    run(&mut env, |_| into_handle(RobotsMatcher::new()))
}

/// `Native.matcherFree(handle)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_matcherFree<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) {
    run(&mut env, |_| {
        // SAFETY: the Java side frees a handle once, after its last use.
        unsafe { free_handle::<RobotsMatcher>(handle) };
        Ok(())
    })
}

/// `Native.matcherAllowed(handle, body, agents, agentEnds, url)`: Google's
/// `AllowedByRobots`, the answer packed.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_matcherAllowed<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    body: JByteArray<'l>,
    agents: JByteArray<'l>,
    agent_ends: JIntArray<'l>,
    url: JByteArray<'l>,
) -> jlong {
    run(&mut env, |env| {
        // SAFETY: the Java matcher holds its handle exclusively for the call.
        let matcher = unsafe { handle_mut::<RobotsMatcher>(handle) }?;
        let agents = Packed::read(env, &agents, &agent_ends)?;
        let agents = agents.slices()?;
        let url = Bytes::read(env, &url)?;
        let allowed = with_body(env, &body, |body| {
            Ok(limited(|| {
                matcher.try_allowed_by_robots(body, &agents, url.as_slice())
            })?)
        })?;
        Ok(pack_last(allowed, matcher))
    })
}

/// `Native.matcherOneAgentAllowed(handle, body, agent, url)`: Google's
/// `OneAgentAllowedByRobots`, the answer packed.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_matcherOneAgentAllowed<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    body: JByteArray<'l>,
    agent: JByteArray<'l>,
    url: JByteArray<'l>,
) -> jlong {
    run(&mut env, |env| {
        // SAFETY: the Java matcher holds its handle exclusively for the call.
        let matcher = unsafe { handle_mut::<RobotsMatcher>(handle) }?;
        let agent = Bytes::read(env, &agent)?;
        let url = Bytes::read(env, &url)?;
        let allowed = with_body(env, &body, |body| {
            Ok(limited(|| {
                matcher.try_one_agent_allowed_by_robots(body, agent.as_slice(), url.as_slice())
            })?)
        })?;
        Ok(pack_last(allowed, matcher))
    })
}

/// `Native.isValidUserAgentToObey(agent)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_isValidUserAgentToObey<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    agent: JByteArray<'l>,
) -> jboolean {
    run(&mut env, |env| {
        let agent = Bytes::read(env, &agent)?;
        Ok(jbool(RobotsMatcher::is_valid_user_agent_to_obey(
            agent.as_slice(),
        )))
    })
}

/// `Native.getPathParamsQuery(url)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_getPathParamsQuery<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    url: JByteArray<'l>,
) -> jbyteArray {
    run(&mut env, |env| {
        let url = Bytes::read(env, &url)?;
        let path = limited(|| robotstxt::try_get_path_params_query(url.as_slice()))?;
        args::new_bytes(env, &path)
    })
}

/// `Native.maybeEscapePattern(pattern)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_maybeEscapePattern<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    pattern: JByteArray<'l>,
) -> jbyteArray {
    run(&mut env, |env| {
        let pattern = Bytes::read(env, &pattern)?;
        let escaped = limited(|| robotstxt::try_maybe_escape_pattern(pattern.as_slice()))?;
        args::new_bytes(env, &escaped)
    })
}

/// `Native.extractUserAgent(agent)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_extractUserAgent<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    agent: JByteArray<'l>,
) -> jbyteArray {
    run(&mut env, |env| {
        let agent = Bytes::read(env, &agent)?;
        args::new_bytes(env, robotstxt::extract_user_agent(agent.as_slice()))
    })
}
