//! Parse once, query many times: `Robots` (immutable, queried by many Java
//! threads at once through shared borrows) and `CompiledRobots`, its rules
//! for fixed agents in one index.

use jni::JNIEnv;
use jni::objects::{JByteArray, JClass, JIntArray};
use jni::sys::{jboolean, jbyteArray, jdouble, jint, jlong, jlongArray};

use robotstxt::preferences::{PreferenceKind, Signal, UsageCategory};
use robotstxt::{CompiledRobots, Group, Robots, RuleKind};

use crate::args::{self, Bytes, Packed, free_handle, handle_ref, into_handle, read};
use crate::boundary::{Failure, run};
use crate::matcher::pack;
use crate::memory::limited;
use crate::wire::Wire;

/// Borrows a `Robots`.
///
/// # Safety
/// See [`handle_ref`]: the Java `Robots` holds the handle for the call.
unsafe fn robots<'a>(handle: jlong) -> Result<&'a Robots, Failure> {
    // SAFETY: per the contract.
    unsafe { handle_ref::<Robots>(handle) }
}

/// Borrows a `CompiledRobots`.
///
/// # Safety
/// See [`handle_ref`]: the Java `CompiledRobots` holds the handle.
unsafe fn compiled<'a>(handle: jlong) -> Result<&'a CompiledRobots, Failure> {
    // SAFETY: per the contract.
    unsafe { handle_ref::<CompiledRobots>(handle) }
}

/// `Native.robotsParse(body)`: a `Robots` handle.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsParse<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    body: JByteArray<'l>,
) -> jlong {
    run(&mut env, |env| {
        let body = Bytes::read(env, &body)?;
        let robots = limited(|| Robots::try_parse(body.as_slice()))?;
        into_handle(robots)
    })
}

/// `Native.robotsFree(handle)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsFree<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) {
    run(&mut env, |_| {
        // SAFETY: the Java side frees a handle once, after its last use.
        unsafe { free_handle::<Robots>(handle) };
        Ok(())
    })
}

/// `Native.robotsAllowed(handle, agent, url)`: 1 or 0.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsAllowed<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    agent: JByteArray<'l>,
    url: JByteArray<'l>,
) -> jint {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        read!(env, agent);
        read!(env, url);
        let allowed = limited(|| robots.try_allowed(agent, url))?;
        Ok(jint::from(allowed))
    })
}

/// `Native.robotsCheck(handle, agents, agentEnds, url)`: the answer packed
/// (see `matcher::pack`).
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsCheck<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    agents: JByteArray<'l>,
    agent_ends: JIntArray<'l>,
    url: JByteArray<'l>,
) -> jlong {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let agents = Packed::read(env, &agents, &agent_ends)?;
        let agents = agents.slices()?;
        read!(env, url);
        Ok(pack(limited(|| robots.try_check(&agents, url))?))
    })
}

/// `Native.robotsCheckMany(handle, agents, agentEnds, urls, urlEnds)`: the
/// packed answer for each URL.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsCheckMany<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    agents: JByteArray<'l>,
    agent_ends: JIntArray<'l>,
    urls: JByteArray<'l>,
    url_ends: JIntArray<'l>,
) -> jlongArray {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let agents = Packed::read(env, &agents, &agent_ends)?;
        let agents = agents.slices()?;
        let urls = Packed::read(env, &urls, &url_ends)?;
        let mut answers = Vec::new();
        answers.try_reserve_exact(urls.len())?;
        limited(|| {
            for url in urls.iter() {
                answers.push(pack(robots.try_check(&agents, url)?));
            }
            Ok::<_, Failure>(())
        })?;
        args::new_longs(env, &answers)
    })
}

/// `Native.robotsCompile(handle, agents, agentEnds)`: a `CompiledRobots`
/// handle for those agents.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsCompile<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    agents: JByteArray<'l>,
    agent_ends: JIntArray<'l>,
) -> jlong {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let agents = Packed::read(env, &agents, &agent_ends)?;
        let agents = agents.slices()?;
        into_handle(limited(|| robots.try_compile(&agents))?)
    })
}

/// `Native.compiledFree(handle)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_compiledFree<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) {
    run(&mut env, |_| {
        // SAFETY: the Java side frees a handle once, after its last use.
        unsafe { free_handle::<CompiledRobots>(handle) };
        Ok(())
    })
}

/// `Native.compiledCheck(handle, url)`: the answer packed.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_compiledCheck<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    url: JByteArray<'l>,
) -> jlong {
    run(&mut env, |env| {
        // SAFETY: the Java CompiledRobots holds its handle for the call.
        let view = unsafe { compiled(handle) }?;
        read!(env, url);
        Ok(pack(limited(|| view.try_check(url))?))
    })
}

/// `Native.compiledCheckMany(handle, urls, urlEnds)`: the packed answer for
/// each URL.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_compiledCheckMany<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    urls: JByteArray<'l>,
    url_ends: JIntArray<'l>,
) -> jlongArray {
    run(&mut env, |env| {
        // SAFETY: the Java CompiledRobots holds its handle for the call.
        let view = unsafe { compiled(handle) }?;
        let urls = Packed::read(env, &urls, &url_ends)?;
        let mut answers = Vec::new();
        answers.try_reserve_exact(urls.len())?;
        limited(|| {
            for url in urls.iter() {
                answers.push(pack(view.try_check(url)?));
            }
            Ok::<_, Failure>(())
        })?;
        args::new_longs(env, &answers)
    })
}

/// Writes one group: its agents (count, then bytes value and u32 line
/// each), rules (count, then u8 kind (0 allow, 1 disallow), bytes pattern,
/// u32 line each), u8 is_global, f64 crawl-delay (NaN: none), the request
/// rate, and its preference lines (count, then u8 kind (0 Content-Signal,
/// 1 Content-Usage), bytes path, u32 line, and the stated values: count,
/// then bytes name and u8 allowed each).
fn write_group(wire: &mut Wire, group: &Group<'_>) -> Result<(), Failure> {
    wire.count(group.agents().len())?;
    for (value, line) in group.agents() {
        wire.bytes(value)?;
        wire.u32(line)?;
    }
    wire.count(group.rules().len())?;
    for rule in group.rules() {
        wire.u8(match rule.kind {
            RuleKind::Allow => 0,
            RuleKind::Disallow => 1,
        })?;
        wire.bytes(rule.pattern)?;
        wire.u32(rule.line)?;
    }
    wire.bool(group.is_global())?;
    wire.f64(group.crawl_delay())?;
    write_rate(wire, group.request_rate())?;
    wire.count(group.preference_lines().len())?;
    for line in group.preference_lines() {
        let name = |index: usize| match line.kind {
            PreferenceKind::Signal => Signal::ALL.get(index).map(|s| s.as_str()),
            PreferenceKind::Usage => UsageCategory::ALL.get(index).map(|c| c.as_str()),
        };
        wire.u8(match line.kind {
            PreferenceKind::Signal => 0,
            PreferenceKind::Usage => 1,
        })?;
        wire.bytes(line.path)?;
        wire.u32(line.line)?;
        let stated = (0..)
            .map_while(|i| name(i).map(|n| (n, line.stated.get(i))))
            .filter_map(|(n, allowed)| allowed.map(|a| (n, a)));
        wire.count(stated.clone().count())?;
        for (name, allowed) in stated {
            wire.bytes(name.as_bytes())?;
            wire.bool(allowed)?;
        }
    }
    Ok(())
}

/// Writes a request rate: u8 present; then u32 requests, u32 seconds, u8
/// window present, u32 start, u32 end (minutes after midnight, UTC).
fn write_rate(
    wire: &mut Wire,
    rate: Option<robotstxt::preferences::RequestRate>,
) -> Result<(), Failure> {
    wire.bool(rate.is_some())?;
    if let Some(rate) = rate {
        wire.u32(rate.requests)?;
        wire.u32(rate.seconds)?;
        wire.bool(rate.window.is_some())?;
        let (start, end) = rate.window.map_or((0, 0), |w| (w.start, w.end));
        wire.u32(start.into())?;
        wire.u32(end.into())?;
    }
    Ok(())
}

/// `Native.robotsGroups(handle)`: u32 count, then each group as
/// [`write_group`] writes it.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsGroups<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) -> jbyteArray {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let mut wire = Wire::new();
        wire.count(robots.groups().len())?;
        for group in robots.groups() {
            write_group(&mut wire, &group)?;
        }
        wire.finish(env)
    })
}

/// `Native.robotsSitemaps(handle)`: u32 count, then each value's bytes.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsSitemaps<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) -> jbyteArray {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let mut wire = Wire::new();
        wire.count(robots.sitemaps().len())?;
        for sitemap in robots.sitemaps() {
            wire.bytes(sitemap)?;
        }
        wire.finish(env)
    })
}

/// `Native.robotsCrawlDelay(handle, agents, agentEnds)`: the crawl-delay in
/// seconds for the first agent a group names, else the `*` groups'; NaN
/// for none.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsCrawlDelay<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    agents: JByteArray<'l>,
    agent_ends: JIntArray<'l>,
) -> jdouble {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let agents = Packed::read(env, &agents, &agent_ends)?;
        let agent = agents
            .iter()
            .find(|agent| robots.applicable_groups(agent).0)
            .unwrap_or_default();
        Ok(robots.crawl_delay(agent).unwrap_or(f64::NAN))
    })
}

/// `Native.robotsRequestRate(handle, agent)`: the request rate as
/// [`write_rate`] writes it.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsRequestRate<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    agent: JByteArray<'l>,
) -> jbyteArray {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let agent = Bytes::read(env, &agent)?;
        let mut wire = Wire::new();
        write_rate(&mut wire, robots.request_rate(agent.as_slice()))?;
        wire.finish(env)
    })
}

/// `Native.robotsPreferences(handle, agents, agentEnds, url)`: u8 allowed,
/// then the Content-Signal values, the Content-Usage values and the
/// Content-Usage values for uses within a search application
/// (draft-ietf-aipref-vocab-08 section 4.3), each a count and, per value,
/// bytes name, u8 allowed and u32 line; last the `use=` item of
/// Content-Signal: u8 present, bytes value, u32 line.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsPreferences<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    agents: JByteArray<'l>,
    agent_ends: JIntArray<'l>,
    url: JByteArray<'l>,
) -> jbyteArray {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let agents = Packed::read(env, &agents, &agent_ends)?;
        let agents = agents.slices()?;
        let url = Bytes::read(env, &url)?;
        let found = limited(|| robots.try_preferences(&agents, url.as_slice()))?;
        let mut wire = Wire::new();
        wire.bool(found.allowed)?;
        let signals: Vec<_> = Signal::ALL
            .iter()
            .filter_map(|&s| found.signal(s).map(|v| (s.as_str(), v)))
            .collect();
        let usage: Vec<_> = UsageCategory::ALL
            .iter()
            .filter_map(|&c| found.usage(c).map(|v| (c.as_str(), v)))
            .collect();
        let in_search: Vec<_> = UsageCategory::ALL
            .iter()
            .filter_map(|&c| found.usage_in_search(c).map(|v| (c.as_str(), v)))
            .collect();
        for values in [signals, usage, in_search] {
            wire.count(values.len())?;
            for (name, stated) in values {
                wire.bytes(name.as_bytes())?;
                wire.bool(stated.allowed)?;
                wire.u32(stated.line)?;
            }
        }
        wire.bool(found.content_use.is_some())?;
        if let Some(used) = found.content_use {
            wire.bytes(used.value.as_str().as_bytes())?;
            wire.u32(used.line)?;
        }
        wire.finish(env)
    })
}

/// `Native.robotsReach(handle, agents, agentEnds)`: bit 0 set when no rule
/// that applies to the agents can disallow a URL, bit 1 when every URL is
/// disallowed (a rule such as `Disallow: /` and no `Allow` rule to
/// outweigh it), bit 2 when a group names one of the agents, bit 3 when the
/// file has a `*` group. For crawler-commons' `isAllowAll`, `isAllowNone`
/// and `isMatchedWildcard`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsReach<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    agents: JByteArray<'l>,
    agent_ends: JIntArray<'l>,
) -> jint {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let agents = Packed::read(env, &agents, &agent_ends)?;
        // Google's matcher: the groups naming any of the agents, else the
        // `*` groups.
        let specific = agents.iter().any(|a| robots.applicable_groups(a).0);
        let (mut can_disallow, mut allow_rule, mut disallows_all) = (false, false, false);
        let mut visit = |group: Group<'_>| {
            for rule in group.rules() {
                // An empty pattern matches with priority 0, which decides
                // nothing.
                if rule.pattern.is_empty() {
                    continue;
                }
                match rule.kind {
                    RuleKind::Allow => allow_rule = true,
                    RuleKind::Disallow => {
                        can_disallow = true;
                        // Every path starts with `/`: `/`, `*`, `/*`, ...
                        // match them all.
                        let head = rule.pattern.trim_ascii_end();
                        let head = &head[..head.len() - trailing_stars(head)];
                        disallows_all |= head.is_empty() || head == b"/";
                    }
                }
            }
        };
        if specific {
            for agent in agents.iter() {
                let (named, groups) = robots.applicable_groups(agent);
                if named {
                    groups.for_each(&mut visit);
                }
            }
        } else {
            robots.applicable_groups(b"").1.for_each(&mut visit);
        }
        let allow_all = !can_disallow;
        let allow_none = disallows_all && !allow_rule;
        let has_global = robots.groups().any(|g| g.is_global());
        Ok(jint::from(allow_all)
            | jint::from(allow_none) << 1
            | jint::from(specific) << 2
            | jint::from(has_global) << 3)
    })
}

/// The number of `*` bytes that end `pattern`.
fn trailing_stars(pattern: &[u8]) -> usize {
    pattern.iter().rev().take_while(|&&b| b == b'*').count()
}

/// `Native.robotsFileValues(handle, licenses)`: the `License` values (true)
/// or the `LLM-Policy` values (false): u32 count, then bytes value and u32
/// line each.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsFileValues<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    licenses: jboolean,
) -> jbyteArray {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let mut wire = Wire::new();
        let count = if licenses != 0 {
            robots.licenses().count()
        } else {
            robots.llm_policies().count()
        };
        wire.count(count)?;
        let values: &mut dyn Iterator<Item = _> = if licenses != 0 {
            &mut robots.licenses()
        } else {
            &mut robots.llm_policies()
        };
        for v in values {
            wire.bytes(v.value)?;
            wire.u32(v.line)?;
        }
        wire.finish(env)
    })
}

/// `Native.robotsPolicyTokens(handle)`: the policy tokens the file's
/// `user-agent` lines name: u32 count, then bytes token, bytes namespace,
/// bytes label and u32 line of the first, each.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsPolicyTokens<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) -> jbyteArray {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let tokens = limited(|| robots.policy_tokens())?;
        let mut wire = Wire::new();
        wire.count(tokens.len())?;
        for t in &tokens {
            wire.bytes(t.token.token)?;
            wire.bytes(t.token.namespace)?;
            wire.bytes(t.token.label)?;
            wire.u32(t.line)?;
        }
        wire.finish(env)
    })
}

/// `Native.robotsPolicy(handle, token, url)`: what the groups naming the
/// policy token say for `url`, packed as `matcher::pack` does; -1 when no
/// group names it.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsPolicy<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    token: JByteArray<'l>,
    url: JByteArray<'l>,
) -> jlong {
    run(&mut env, |env| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        let token = Bytes::read(env, &token)?;
        let url = Bytes::read(env, &url)?;
        let answer = limited(|| robots.policy(token.as_slice(), url.as_slice()))?;
        Ok(answer.map_or(-1, pack))
    })
}

/// `Native.robotsHeapBytes(handle)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_robotsHeapBytes<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) -> jlong {
    run(&mut env, |_| {
        // SAFETY: the Java Robots holds its handle for the call.
        let robots = unsafe { robots(handle) }?;
        Ok(jlong::try_from(robots.heap_bytes()).unwrap_or(jlong::MAX))
    })
}
