//! The WARC reader and the HTTP response reading, through the public API:
//! offsets, recovery after broken records and members, limits, and any
//! bytes at all read without a panic.

use std::io::Write;

use flate2::Compression;
use flate2::write::GzEncoder;
use proptest::prelude::*;
use robotstxt_warc::capture::{self, Record};
use robotstxt_warc::{Limits, Next, WarcReader};

fn record(kind: &str, uri: &str, block: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Target-URI: <{uri}>\r\nContent-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    r.extend_from_slice(block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

fn gz(bytes: &[u8]) -> Vec<u8> {
    let mut e = GzEncoder::new(Vec::new(), Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

type Item = Result<(u64, String, Vec<u8>, bool), (u64, String)>;

/// Every item of a reading: `Ok((offset, uri, block, complete))` or
/// `Err((offset, message))`.
fn read_all(input: Vec<u8>, limits: Limits) -> Vec<Item> {
    let mut reader = WarcReader::new(Box::new(std::io::Cursor::new(input)), limits).unwrap();
    let mut out = Vec::new();
    loop {
        match reader.next_record(|h| h.warc_type() != "request").unwrap() {
            Next::Record(r) => out.push(Ok((
                r.offset,
                r.header.target_uri().unwrap_or("").to_string(),
                r.block,
                r.complete,
            ))),
            Next::Broken(e) => out.push(Err((e.offset, e.message))),
            Next::End => return out,
        }
    }
}

const HTTP: &[u8] = b"HTTP/1.1 200 OK\r\n\r\nUser-agent: *\nDisallow: /x\n";

#[test]
fn plain_records_have_their_byte_offsets_and_blocks() {
    let a = record("response", "http://a.example/robots.txt", HTTP);
    let b = record(
        "request",
        "http://a.example/robots.txt",
        b"GET / HTTP/1.1\r\n\r\n",
    );
    let c = record("response", "http://c.example/robots.txt", HTTP);
    let items = read_all([a.clone(), b.clone(), c].concat(), Limits::default());
    assert_eq!(items.len(), 3);
    assert_eq!(
        items[0],
        Ok((0, "http://a.example/robots.txt".into(), HTTP.to_vec(), true))
    );
    // The request's block is read past, not kept.
    assert_eq!(
        items[1],
        Ok((
            a.len() as u64,
            "http://a.example/robots.txt".into(),
            vec![],
            false
        ))
    );
    assert_eq!(items[2].as_ref().unwrap().0, (a.len() + b.len()) as u64);
}

#[test]
fn gzip_records_have_their_members_offsets_and_a_single_member_file_works() {
    let records: Vec<Vec<u8>> = (0..3)
        .map(|i| record("response", &format!("http://{i}.example/robots.txt"), HTTP))
        .collect();
    let members: Vec<Vec<u8>> = records.iter().map(|r| gz(r)).collect();
    let items = read_all(members.concat(), Limits::default());
    let offsets: Vec<u64> = items.iter().map(|i| i.as_ref().unwrap().0).collect();
    let (m0, m1) = (members[0].len() as u64, members[1].len() as u64);
    assert_eq!(offsets, [0, m0, m0 + m1]);
    // One member for the whole file: each record is in the member at 0.
    let items = read_all(gz(&records.concat()), Limits::default());
    assert_eq!(items.len(), 3);
    assert!(items.iter().all(|i| i.as_ref().unwrap().0 == 0));
}

#[test]
fn a_broken_header_is_reported_at_its_offset_and_reading_resumes_at_the_next_record() {
    let a = record("response", "http://a.example/robots.txt", HTTP);
    let broken =
        b"WARC/1.0\r\nWARC-Type: response\r\nno colon here\r\n\r\nHTTP/1.1 200 OK\r\n\r\n".to_vec();
    let junk = b"garbage before the next record\n".to_vec();
    let c = record("response", "http://c.example/robots.txt", HTTP);
    let input = [a.clone(), broken.clone(), junk.clone(), c].concat();
    let items = read_all(input, Limits::default());
    assert_eq!(items.len(), 3, "{items:?}");
    let (offset, message) = items[1].clone().unwrap_err();
    assert_eq!(offset, a.len() as u64);
    assert!(message.contains("no colon"), "{message}");
    let c_at = (a.len() + broken.len() + junk.len()) as u64;
    assert_eq!(items[2].as_ref().unwrap().0, c_at);
}

#[test]
fn missing_or_bad_content_length_and_a_cut_block_are_broken_records() {
    let no_length = b"WARC/1.0\r\nWARC-Type: response\r\n\r\n".to_vec();
    let a = record("response", "http://a.example/robots.txt", HTTP);
    let mut cut = record("response", "http://b.example/robots.txt", HTTP);
    cut.truncate(cut.len() - 10);
    let items = read_all([no_length, a, cut].concat(), Limits::default());
    assert!(
        items[0]
            .clone()
            .unwrap_err()
            .1
            .contains("no Content-Length")
    );
    assert!(items[1].is_ok());
    let (_, message) = items[2].clone().unwrap_err();
    assert!(
        message.contains("ends 40 bytes into a content block of 46 bytes"),
        "{message}"
    );
    assert_eq!(items.len(), 3);
}

#[test]
fn a_damaged_gzip_member_is_reported_and_the_next_member_read() {
    let members: Vec<Vec<u8>> = (0..3)
        .map(|i| {
            gz(&record(
                "response",
                &format!("http://{i}.example/robots.txt"),
                HTTP,
            ))
        })
        .collect();
    let mut damaged = members.clone();
    let n = damaged[1].len();
    // The CRC: the record decodes whole, then the member fails its check,
    // which is reported (the record may be damaged).
    damaged[1][n - 6] ^= 0xff;
    let items = read_all(damaged.concat(), Limits::default());
    assert_eq!(items.len(), 4, "{items:?}");
    let (offset, message) = items[2].clone().unwrap_err();
    assert_eq!(offset, members[0].len() as u64);
    assert!(message.contains("checksum"), "{message}");
    assert_eq!(items[3].as_ref().unwrap().1, "http://2.example/robots.txt");
    // Bytes that are no gzip member between two members.
    let with_junk = [members[0].clone(), b"junk".to_vec(), members[2].clone()].concat();
    let items = read_all(with_junk, Limits::default());
    assert_eq!(items.len(), 3);
    assert_eq!(
        items[1].clone().unwrap_err(),
        (
            members[0].len() as u64,
            "not the start of a gzip member".into()
        )
    );
}

#[test]
fn limits_bound_the_header_and_the_kept_block() {
    let big = vec![b'#'; 5000];
    let a = record("response", "http://a.example/robots.txt", &big);
    let limits = Limits {
        header_bytes: 200,
        block_bytes: 1000,
    };
    let items = read_all(a.clone(), limits);
    let (_, _, block, complete) = items[0].clone().unwrap();
    assert_eq!((block.len(), complete), (1000, false));
    let long_header = format!(
        "WARC/1.0\r\nX: {}\r\nContent-Length: 0\r\n\r\n",
        "y".repeat(300)
    );
    let items = read_all([long_header.into_bytes(), a].concat(), limits);
    assert!(
        items[0]
            .clone()
            .unwrap_err()
            .1
            .contains("longer than 200 bytes")
    );
    assert!(items[1].is_ok());
}

/// The capture of a response record for `HTTP://A.example:80/robots.txt`.
fn capture_of(block: &[u8]) -> Record {
    let input = record("response", "HTTP://A.example:80/robots.txt", block);
    let mut reader =
        WarcReader::new(Box::new(std::io::Cursor::new(input)), Limits::default()).unwrap();
    match reader.next_record(capture::wanted).unwrap() {
        Next::Record(r) => capture::read(r),
        other => panic!("{other:?}"),
    }
}

#[test]
fn responses_are_read_as_a_crawler_reads_them() {
    // Chunked and gzip-encoded: the body as sent.
    let body = gz(b"User-agent: *\nDisallow: /\n");
    let mut chunked = format!("{:x}\r\n", 10).into_bytes();
    chunked.extend_from_slice(&body[..10]);
    chunked.extend_from_slice(format!("\r\n{:x};ext=1\r\n", body.len() - 10).as_bytes());
    chunked.extend_from_slice(&body[10..]);
    chunked.extend_from_slice(b"\r\n0\r\n\r\n");
    let head = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n";
    let Record::Capture(c) = capture_of(&[head.to_vec(), chunked].concat()) else {
        panic!()
    };
    assert_eq!(c.body, b"User-agent: *\nDisallow: /\n");
    assert_eq!(
        (c.url.as_str(), c.host.as_str(), c.is_robots),
        ("http://a.example/robots.txt", "a.example", true)
    );
    // HTTP/2 status lines, relative locations, fragments dropped.
    let Record::Capture(c) = capture_of(b"HTTP/2 301\r\nlocation: /robots.txt?v=2#top\r\n\r\n")
    else {
        panic!()
    };
    assert_eq!(
        (c.status, c.location.as_deref()),
        (301, Some("http://a.example/robots.txt?v=2"))
    );
    // An unknown Content-Encoding: no body, and why.
    let Record::Capture(c) = capture_of(b"HTTP/1.1 200 OK\r\nContent-Encoding: zstd\r\n\r\nxx")
    else {
        panic!()
    };
    assert!(c.body_error.unwrap().contains("zstd"));
    // Not HTTP at all: skipped; a cut HTTP header: broken.
    assert!(matches!(capture_of(b"dns answer"), Record::Other(_)));
    assert!(matches!(
        capture_of(b"HTTP/1.1 200 OK\r\nContent-"),
        Record::Broken(_)
    ));
}

/// The capture of a 200 response with `fields` (`Name: value`) and `body`.
fn capture_with(fields: &[&str], body: &[u8]) -> robotstxt_warc::Capture {
    let mut block = b"HTTP/1.1 200 OK\r\n".to_vec();
    for field in fields {
        block.extend_from_slice(format!("{field}\r\n").as_bytes());
    }
    block.extend_from_slice(b"\r\n");
    block.extend_from_slice(body);
    match capture_of(&block) {
        Record::Capture(c) => c,
        other => panic!("{other:?}"),
    }
}

/// A recorded body is undone by the decoder of a live fetch, within the
/// same bounds (docs/LIMITS.md, "Fetching"): codings stacked up to 4,
/// deflate zlib-wrapped or raw; more codings, a second br, a second
/// `Content-Encoding` field, or a stream that keeps a decoder busy without
/// output cannot be decoded, whatever the record holds.
#[test]
fn a_recorded_body_is_decoded_within_the_bounds_of_a_fetch() {
    use flate2::write::{DeflateEncoder, ZlibEncoder};
    const RULES: &[u8] = b"User-agent: *\nDisallow: /\n";
    let zlib = |data: &[u8]| {
        let mut e = ZlibEncoder::new(Vec::new(), Compression::fast());
        e.write_all(data).unwrap();
        e.finish().unwrap()
    };
    let raw_deflate = |data: &[u8]| {
        let mut e = DeflateEncoder::new(Vec::new(), Compression::fast());
        e.write_all(data).unwrap();
        e.finish().unwrap()
    };
    for (field, body) in [
        ("Content-Encoding: deflate, x-gzip", gz(&zlib(RULES))),
        ("Content-Encoding: deflate", raw_deflate(RULES)),
        ("content-encoding: GZIP, identity", gz(RULES)),
        (
            "Content-Encoding: gzip, gzip, gzip, gzip",
            gz(&gz(&gz(&gz(RULES)))),
        ),
    ] {
        let c = capture_with(&[field], &body);
        assert_eq!((c.body.as_slice(), c.body_error), (RULES, None), "{field}");
    }
    let empty_blocks = gz(&[0u8, 0, 0, 0xff, 0xff].repeat(1 << 20));
    for (fields, body, why) in [
        (
            &["Content-Encoding: gzip, gzip, gzip, gzip, gzip"][..],
            gz(RULES),
            "more than 4 content codings in Content-Encoding",
        ),
        (
            &["Content-Encoding: gzip, identity, identity, identity, identity"],
            gz(RULES),
            "more than 4 content codings in Content-Encoding",
        ),
        (
            &["Content-Encoding: br, gzip, br"],
            gz(RULES),
            "more than one br coding in Content-Encoding",
        ),
        (
            &["Content-Encoding: identity", "Content-Encoding: gzip"],
            gz(RULES),
            "2 Content-Encoding fields, where one is read",
        ),
        (
            &["Content-Encoding: deflate, gzip"],
            empty_blocks,
            "the body cannot be decoded: a content coding of the body reads more than it may",
        ),
    ] {
        let c = capture_with(fields, &body);
        assert_eq!(c.body_error.as_deref(), Some(why), "{fields:?}");
        assert!(c.body.is_empty(), "{fields:?}");
    }
}

/// Reads every record of `input` and every capture in it; the number of
/// items.
fn read_everything(input: Vec<u8>, limits: Limits) -> usize {
    let mut reader = WarcReader::new(Box::new(std::io::Cursor::new(input)), limits).unwrap();
    let mut n = 0;
    loop {
        match reader.next_record(capture::wanted).unwrap() {
            Next::Record(r) => {
                let _ = capture::read(r);
            }
            Next::Broken(_) => {}
            Next::End => return n,
        }
        n += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_read_without_a_panic_and_end(
        bytes in proptest::collection::vec(any::<u8>(), 0..2048),
        gzip in any::<bool>(),
    ) {
        let input = if gzip { [vec![0x1f, 0x8b], bytes].concat() } else { bytes };
        let n = read_everything(input, Limits { header_bytes: 512, block_bytes: 512 });
        prop_assert!(n <= 2050);
    }

    #[test]
    fn a_damaged_archive_reads_without_a_panic(
        at in 0usize..4096,
        value in any::<u8>(),
        gzip in any::<bool>(),
    ) {
        let records = [
            record("response", "http://a.example/robots.txt", HTTP),
            record("response", "http://b.example/robots.txt",
                b"HTTP/1.1 301 Moved\r\nLocation: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab"),
            record("response", "http://c.example/robots.txt", HTTP),
        ];
        let mut input = if gzip {
            records.iter().map(|r| gz(r)).collect::<Vec<_>>().concat()
        } else {
            records.concat()
        };
        let at = at % input.len();
        input[at] = value;
        let n = read_everything(input, Limits::default());
        prop_assert!(n >= 1);
    }
}
