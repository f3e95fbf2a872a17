//! The request heads of `robots --serve` (`cli/src/serve/request.rs`,
//! compiled here as it is) on arbitrary bytes: the bytes a client sent so
//! far, at most `MAX_HEAD` of them, as the server passes them.
//!
//! Checked for every input:
//!
//! - no panic, and a refusal is one of 400, 413, 414, 431;
//! - a request line longer than `MAX_REQUEST_LINE` with no line end in it
//!   is refused 414, however the rest looks;
//! - a request read ends at the input's first empty line (the head is the
//!   bytes up to and including the first `\n\n` or `\n\r\n` past the
//!   empty lines it may start with, as RFC 9112 lets a line end in LF
//!   alone), its target is a path within
//!   `MAX_TARGET`, it names at most one Host and a body of at most
//!   `MAX_BODY`; the head alone parses to the same request, and the head
//!   one byte short is not yet a request;
//! - an unfinished head is shorter than `MAX_HEAD`.

#![no_main]

#[path = "../../cli/src/serve/request.rs"]
#[allow(dead_code)]
mod request;

use libfuzzer_sys::fuzz_target;
use request::{MAX_BODY, MAX_HEAD, MAX_REQUEST_LINE, MAX_TARGET, Refusal, parse_head};

/// Where the head ends: after the first LF that follows an LF, with at
/// most a CR between them, once the empty lines a request may start with
/// (RFC 9112, 2.2) are passed.
fn first_empty_line_end(data: &[u8]) -> Option<usize> {
    let mut start = 0;
    loop {
        match data[start..] {
            [b'\n', ..] => start += 1,
            [b'\r', b'\n', ..] => start += 2,
            _ => break,
        }
    }
    (start..data.len()).find_map(|i| match (data[i], data.get(i + 1), data.get(i + 2)) {
        (b'\n', Some(b'\n'), _) => Some(i + 2),
        (b'\n', Some(b'\r'), Some(b'\n')) => Some(i + 3),
        _ => None,
    })
}

fuzz_target!(|data: &[u8]| {
    let data = &data[..data.len().min(MAX_HEAD)];
    let line_ended = data.iter().take(MAX_REQUEST_LINE + 1).any(|&b| b == b'\n');
    match parse_head(data) {
        Err(refusal) => {
            assert!(
                matches!(refusal.status(), 400 | 413 | 414 | 431),
                "{refusal:?}"
            );
        }
        Ok(None) => {
            assert!(data.len() < MAX_HEAD);
            assert!(line_ended || data.len() <= MAX_REQUEST_LINE);
        }
        Ok(Some((length, request))) => {
            assert!(line_ended);
            assert_eq!(Some(length), first_empty_line_end(data), "{data:?}");
            assert!(request.target.starts_with('/'));
            assert!(request.target.len() <= MAX_TARGET);
            assert!(request.count("host") <= 1);
            assert!(request.http10 || request.count("host") == 1);
            assert!(request.body_length <= MAX_BODY);
            let (again, same) = parse_head(&data[..length]).unwrap().unwrap();
            assert_eq!(again, length);
            assert_eq!(same.target, request.target);
            assert_eq!(same.method, request.method);
            assert!(matches!(parse_head(&data[..length - 1]), Ok(None)));
        }
    }
    if !line_ended && data.len() > MAX_REQUEST_LINE {
        assert_eq!(parse_head(data).unwrap_err(), Refusal::TargetTooLong);
    }
});
