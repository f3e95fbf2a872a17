//! Google's `ParseRobotsTxt` for a Java handler, and the reporter.
//!
//! The parse runs without calling into Java: its callbacks are written as
//! events into one byte array that the Java side replays to the handler
//! (`RobotsTxt.parseRobotsTxt`). A handler's exception then stops the
//! replay in plain Java, and no JNI upcall sits inside the parser.
//!
//! Events, each a tag byte and its fields (see `wire.rs`):
//! 0 start; 1 end; 2 user-agent, 3 allow, 4 disallow, 5 sitemap (u32 line,
//! bytes value); 6 unknown (u32 line, bytes key, bytes value); 7 line
//! metadata (u32 line, u8 flags); 8 empty lines (u32 first line, u32 count),
//! each an empty line's metadata.

use std::collections::TryReserveError;

use jni::JNIEnv;
use jni::objects::{JByteArray, JClass};
use jni::sys::{jboolean, jbyteArray, jlong, jlongArray};

use robotstxt::{LineMetadata, ParseHandler, RobotsParsingReporter};

use crate::args::{self, Bytes, free_handle, handle_mut, handle_ref, into_handle};
use crate::boundary::{Failure, run};
use crate::memory::limited;
use crate::wire::Wire;

/// The flags of a line's metadata, one bit each in the field order of
/// Google's `LineMetadata`; read by `LineMetadata.of` in Java.
fn metadata_bits(m: &LineMetadata) -> u8 {
    u8::from(m.is_empty)
        | u8::from(m.has_comment) << 1
        | u8::from(m.is_comment) << 2
        | u8::from(m.has_directive) << 3
        | u8::from(m.is_acceptable_typo) << 4
        | u8::from(m.is_line_too_long) << 5
        | u8::from(m.is_missing_colon_separator) << 6
}

/// Writes the parser's callbacks as events; the first failed write stops
/// the writing and is kept.
struct Events {
    wire: Wire,
    metadata: bool,
    error: Option<TryReserveError>,
}

impl Events {
    fn write(&mut self, f: impl FnOnce(&mut Wire) -> Result<(), TryReserveError>) {
        if self.error.is_none()
            && let Err(e) = f(&mut self.wire)
        {
            self.error = Some(e);
        }
    }

    fn value(&mut self, tag: u8, line: u32, value: &[u8]) {
        self.write(|w| {
            w.u8(tag)?;
            w.u32(line)?;
            w.bytes(value)
        });
    }
}

impl ParseHandler for Events {
    fn handle_robots_start(&mut self) {
        self.write(|w| w.u8(0));
    }
    fn handle_robots_end(&mut self) {
        self.write(|w| w.u8(1));
    }
    fn handle_user_agent(&mut self, line_num: u32, value: &[u8]) {
        self.value(2, line_num, value);
    }
    fn handle_allow(&mut self, line_num: u32, value: &[u8]) {
        self.value(3, line_num, value);
    }
    fn handle_disallow(&mut self, line_num: u32, value: &[u8]) {
        self.value(4, line_num, value);
    }
    fn handle_sitemap(&mut self, line_num: u32, value: &[u8]) {
        self.value(5, line_num, value);
    }
    fn handle_unknown_action(&mut self, line_num: u32, action: &[u8], value: &[u8]) {
        self.write(|w| {
            w.u8(6)?;
            w.u32(line_num)?;
            w.bytes(action)?;
            w.bytes(value)
        });
    }
    fn report_line_metadata(&mut self, line_num: u32, metadata: &LineMetadata) {
        if self.metadata {
            self.write(|w| {
                w.u8(7)?;
                w.u32(line_num)?;
                w.u8(metadata_bits(metadata))
            });
        }
    }
    fn report_empty_lines(&mut self, first_line: u32, count: u32) {
        if self.metadata {
            self.write(|w| {
                w.u8(8)?;
                w.u32(first_line)?;
                w.u32(count)
            });
        }
    }
}

/// `Native.parseEvents(body, metadata)`: the events of parsing `body`;
/// line metadata only when `metadata` (the handler overrides
/// `reportLineMetadata`).
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_parseEvents<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    body: JByteArray<'l>,
    metadata: jboolean,
) -> jbyteArray {
    run(&mut env, |env| {
        let body = Bytes::read(env, &body)?;
        let mut events = Events {
            wire: Wire::new(),
            metadata: metadata != 0,
            error: None,
        };
        limited(|| robotstxt::try_parse_robots_txt(body.as_slice(), &mut events))?;
        if events.error.is_some() {
            return Err(Failure::OutOfMemory);
        }
        events.wire.finish(env)
    })
}

/// `Native.reporterNew()`: a reporter handle.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_reporterNew<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
) -> jlong {
    run(&mut env, |_| into_handle(RobotsParsingReporter::new()))
}

/// `Native.reporterFree(handle)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_reporterFree<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) {
    run(&mut env, |_| {
        // SAFETY: the Java side frees a handle once, after its last use.
        unsafe { free_handle::<RobotsParsingReporter>(handle) };
        Ok(())
    })
}

/// `Native.reporterParse(handle, body)`: parses `body` into the reporter.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_reporterParse<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
    body: JByteArray<'l>,
) {
    run(&mut env, |env| {
        // SAFETY: the Java reporter holds its handle exclusively for the call.
        let reporter = unsafe { handle_mut::<RobotsParsingReporter>(handle) }?;
        let body = Bytes::read(env, &body)?;
        limited(|| reporter.try_parse_into(body.as_slice()))?;
        Ok(())
    })
}

/// `Native.reporterResults(handle)`: u32 count, then per line u32 line, u8
/// tag (Google's `RobotsTagName` value), u8 is_typo, u8 metadata flags.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_reporterResults<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) -> jbyteArray {
    run(&mut env, |env| {
        // SAFETY: the Java reporter holds its handle for the call.
        let reporter = unsafe { handle_ref::<RobotsParsingReporter>(handle) }?;
        let mut wire = Wire::new();
        let lines = reporter.lines();
        wire.count(lines.len())?;
        for line in lines {
            wire.u32(line.line_num)?;
            wire.u8(line.tag_name as u8)?;
            wire.bool(line.is_typo)?;
            wire.u8(metadata_bits(&line.metadata))?;
        }
        wire.finish(env)
    })
}

/// `Native.reporterCounts(handle)`: `{lastLineSeen, validDirectives,
/// unusedDirectives}`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_robotstxt_exact_Native_reporterCounts<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jlong,
) -> jlongArray {
    run(&mut env, |env| {
        // SAFETY: the Java reporter holds its handle for the call.
        let reporter = unsafe { handle_ref::<RobotsParsingReporter>(handle) }?;
        args::new_longs(
            env,
            &[
                reporter.last_line_seen().into(),
                reporter.valid_directives().into(),
                reporter.unused_directives().into(),
            ],
        )
    })
}
