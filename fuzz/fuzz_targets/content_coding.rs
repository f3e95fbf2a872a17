//! The content decoding of a fetch and of a recorded response (the WARC
//! crate's `content_coding`, the one decoder both use) on arbitrary bytes.
//!
//! The first byte picks the case, the rest is the input:
//!
//! - even: a round trip. The next byte's bits pick up to 6 codings (gzip,
//!   zlib-wrapped deflate, raw deflate, br), the rest is the payload,
//!   encoded with them by flate2 and the brotli crate (independent
//!   encoders). With at most 4 codings and one br, decoding gives back the
//!   payload (the first `LIMIT + 1` bytes of it); with more, the field is
//!   refused before any byte is read.
//! - odd: `Content-Encoding` field values and a body, arbitrary: decoding
//!   reads at most `LIMIT + 1` bytes and never panics; every coding accepted
//!   is one of gzip, x-gzip, deflate, br and identity, at most 4 of them.
//!
//! Also, for every input, `check_transfer_encoding` accepts exactly one
//! field whose list is `chunked` alone (any case, RFC 9110's list syntax)
//! on HTTP/1.1, and no field at all.

#![no_main]

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;
use robotstxt_warc::content_coding::{Budget, MAX_CODINGS, check_transfer_encoding, decoded};

/// The decoded bytes read: small, so that a bomb costs little.
const LIMIT: usize = 64 * 1024;

/// A fetch's budget: the deadline is far enough never to be reached, so
/// that every stop is the budget's or the data's.
fn budget() -> Budget {
    Budget::for_output(LIMIT as u64 + 1).until(Instant::now() + Duration::from_secs(60))
}

fn encode(coding: u8, data: &[u8]) -> (Vec<u8>, &'static str) {
    use flate2::Compression;
    use flate2::write::{DeflateEncoder, GzEncoder, ZlibEncoder};
    match coding {
        0 => {
            let mut e = GzEncoder::new(Vec::new(), Compression::fast());
            e.write_all(data).unwrap();
            (e.finish().unwrap(), "gzip")
        }
        1 => {
            let mut e = ZlibEncoder::new(Vec::new(), Compression::fast());
            e.write_all(data).unwrap();
            (e.finish().unwrap(), "deflate")
        }
        2 => {
            let mut e = DeflateEncoder::new(Vec::new(), Compression::fast());
            e.write_all(data).unwrap();
            (e.finish().unwrap(), "deflate")
        }
        _ => {
            let mut out = Vec::new();
            let params = brotli::enc::BrotliEncoderParams {
                quality: 1,
                ..Default::default()
            };
            brotli::BrotliCompress(&mut &data[..], &mut out, &params).unwrap();
            (out, "br")
        }
    }
}

fn read_limited(reader: Box<dyn Read + '_>) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    reader.take(LIMIT as u64 + 1).read_to_end(&mut out)?;
    assert!(out.len() <= LIMIT + 1);
    Ok(out)
}

fn round_trip(input: &[u8]) {
    let Some((&picks, payload)) = input.split_first() else {
        return;
    };
    let count = usize::from(picks % 7);
    let codings: Vec<u8> = (0..count).map(|i| (picks >> (i % 4 * 2)) & 3).collect();
    let mut body = payload.to_vec();
    let mut names = Vec::new();
    for &coding in &codings {
        let (coded, name) = encode(coding, &body);
        body = coded;
        names.push(name);
    }
    let field = names.join(", ");
    let brotli = names.iter().filter(|n| **n == "br").count();
    match decoded(&body[..], &[field.as_bytes()], budget()) {
        Ok((reader, _)) => {
            assert!(count <= MAX_CODINGS && brotli <= 1, "{field}");
            let out = read_limited(reader).unwrap_or_else(|e| panic!("{field}: {e}"));
            assert_eq!(out, &payload[..payload.len().min(LIMIT + 1)], "{field}");
        }
        Err(why) => assert!(count > MAX_CODINGS || brotli > 1, "{field}: {why}"),
    }
}

fn arbitrary(input: &[u8]) {
    // Field values, then the body, separated by 0xFF.
    let mut parts = input.split(|&b| b == 0xFF);
    let body = parts.next_back().unwrap_or_default();
    let fields: Vec<&[u8]> = parts.collect();
    let Ok((reader, names)) = decoded(body, &fields, budget()) else {
        return;
    };
    let names: Vec<&str> = names.split(", ").filter(|n| !n.is_empty()).collect();
    assert!(names.len() <= MAX_CODINGS);
    assert!(
        names
            .iter()
            .all(|n| matches!(*n, "gzip" | "deflate" | "br"))
    );
    let _ = read_limited(reader);
}

fn transfer_encoding(input: &[u8]) {
    let fields: Vec<&[u8]> = input.split(|&b| b == 0xFF).take(3).collect();
    let fields = if input.is_empty() { Vec::new() } else { fields };
    for http10 in [false, true] {
        let expected = match fields.as_slice() {
            [] => true,
            // RFC 9110, 5.6.1: a list, its members trimmed of spaces and
            // tabs, empty members not counted.
            [only] => {
                !http10
                    && std::str::from_utf8(only).is_ok_and(|v| {
                        let members: Vec<String> = v
                            .split(',')
                            .map(|m| m.trim_matches([' ', '\t']).to_ascii_lowercase())
                            .filter(|m| !m.is_empty())
                            .collect();
                        members == ["chunked"]
                    })
            }
            _ => false,
        };
        assert_eq!(
            check_transfer_encoding(&fields, http10).is_ok(),
            expected,
            "{fields:?}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&case, input)) = data.split_first() else {
        return;
    };
    if case % 2 == 0 {
        round_trip(input);
    } else {
        arbitrary(input);
    }
    transfer_encoding(input);
});
