//! The JNI library of the Java package (`java/`): `librobotstxt_jni.so`,
//! carried inside the jar and loaded by `robotstxt.exact.NativeLibrary`.
//!
//! Every export is a static native method of the Java class
//! `robotstxt.exact.Native` and only converts: Java arrays in, a core call,
//! numbers or a byte array out. The Java side checks arguments, owns the
//! handles (`AutoCloseable` plus a `Cleaner`) and turns results into
//! objects; nothing here keeps a Java reference past a call.
//!
//! - `boundary.rs`: the one way out of an export: its value, or a Java
//!   exception (`OutOfMemoryError`, `IllegalArgumentException`, ...) and a
//!   fallback value; a panic is caught there and never unwinds into the JVM.
//! - `memory.rs`: the allocator that counts the library's heap and can cap
//!   it (`NativeLibrary.setMemoryLimit`).
//! - `args.rs`: Java arrays read into Rust bytes, packed lists of agents and
//!   URLs, and handles.
//! - `wire.rs`: the byte layout of structured results, read by the Java
//!   class `Wire`.
//! - `matcher.rs`: Google's `RobotsMatcher` and string functions.
//! - `parse.rs`: `ParseRobotsTxt` with a Java handler, and the reporter.
//! - `robots.rs`: parse once (`Robots`, `CompiledRobots`).
//! - `crawler.rs`: the crawler's side (robots.txt URLs, fetch outcomes,
//!   `CacheEntry`).

mod args;
mod boundary;
mod crawler;
mod matcher;
mod memory;
mod parse;
mod robots;
mod wire;

use jni::JNIEnv;
use jni::objects::JClass;
use jni::sys::{jbyteArray, jlong};

use crate::boundary::run;

/// `Native.version()`: the crate version, which the Java side compares with
/// its own so that a stale library named by a system property is refused.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_version<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
) -> jbyteArray {
    run(&mut env, |env| {
        args::new_bytes(env, env!("CARGO_PKG_VERSION").as_bytes())
    })
}

/// `Native.setMemoryLimit(limit)`: caps the bytes the library holds; a
/// negative limit removes the cap.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_setMemoryLimit<'l>(
    _env: JNIEnv<'l>,
    _class: JClass<'l>,
    limit: jlong,
) {
    memory::set_limit(usize::try_from(limit).ok());
}

/// `Native.allocatedBytes()`: the bytes the library holds now.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_allocatedBytes<'l>(
    _env: JNIEnv<'l>,
    _class: JClass<'l>,
) -> jlong {
    jlong::try_from(memory::live()).unwrap_or(jlong::MAX)
}
