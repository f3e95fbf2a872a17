//! The fetch of the command line modes (`--check`, `--audit` and the others
//! read a robots.txt URL alike) against sites that send content codings
//! meant to cost memory and time, or to have coded bytes read as rules; and
//! the bounds of the HTTP client's reading of an answer's head. Each site
//! is a `support` site on 127.0.0.1.
//!
//! What a failed fetch means is Google's: a robots.txt that cannot be read
//! is a server error, "unreachable, so every URL is disallowed" ("How Google
//! interprets the robots.txt specification"); the limit of 4 codings, the
//! refusal of a second `Content-Encoding` field and of transfer codings
//! other than `chunked`, and the client's 128 header fields are this
//! project's (docs/LIMITS.md).

mod support;

use std::process::{Command, Output};

use support::{BIN, Site, gzip, response};

const ROBOTS: &[u8] = b"User-agent: *\nDisallow: /private/\n";

/// `--check SITE --agent FooBot --url URL`, in a process of at most
/// `memory` bytes of address space where prlimit exists.
fn check(site: &Site, url: &str, memory: Option<u64>) -> (Output, String, String) {
    let args = ["--check", &site.base(), "--agent", "FooBot", "--url", url];
    let out = match memory.filter(|_| Command::new("prlimit").arg("--version").output().is_ok()) {
        Some(bytes) => Command::new("prlimit")
            .arg(format!("--as={bytes}"))
            .arg("--")
            .arg(BIN)
            .args(args)
            .output(),
        None => Command::new(BIN).args(args).output(),
    }
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stdout, stderr)
}

/// Asserts that `stderr` reports a network error for `site` saying `why`,
/// and that every URL was disallowed.
fn network_error(site: &Site, (out, stdout, stderr): (Output, String, String), why: &str) {
    assert_eq!(
        stderr,
        format!(
            "fetched {}/robots.txt: network error ({why}): unreachable, so every URL is \
             disallowed (Google)\n",
            site.base()
        )
    );
    assert!(stdout.starts_with("DISALLOWED "), "{stdout}");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_stack_of_thousands_of_codings_is_refused_before_any_decoder_is_made() {
    // Before: 1.44 GB and 5.6 s for 21,001 br (938 MB for 12,500 gzip),
    // and an abort in 512 MiB of address space.
    for (coding, count) in [("br", 21_001), ("gzip", 12_500)] {
        let stack = vec![coding; count].join(",");
        let site =
            Site::start(move |_| response(200, &[("Content-Encoding", &stack)], b"\x06\x00"));
        let result = check(&site, "/x", Some(512 << 20));
        network_error(
            &site,
            result,
            "more than 4 content codings in Content-Encoding",
        );
    }
}

#[test]
fn four_codings_are_undone_and_a_fifth_is_refused() {
    let four = gzip(&gzip(&gzip(&gzip(ROBOTS))));
    let site =
        Site::start(move |_| response(200, &[("Content-Encoding", "gzip,gzip,gzip,gzip")], &four));
    let (out, stdout, stderr) = check(&site, "/private/x", None);
    assert_eq!(stdout, "DISALLOWED /private/x\n");
    assert_eq!(
        stderr,
        format!(
            "fetched {}/robots.txt: HTTP 200, {} bytes (gzip, gzip, gzip, gzip decoded): its \
             rules apply\n",
            site.base(),
            ROBOTS.len()
        )
    );
    assert_eq!(out.status.code(), Some(1));
    let five = gzip(&gzip(&gzip(&gzip(&gzip(ROBOTS)))));
    let site = Site::start(move |_| {
        response(
            200,
            &[("Content-Encoding", "gzip, gzip, gzip, gzip, gzip")],
            &five,
        )
    });
    let result = check(&site, "/public", None);
    network_error(
        &site,
        result,
        "more than 4 content codings in Content-Encoding",
    );
}

#[test]
fn a_second_brotli_coding_is_refused() {
    // Each brotli decoder may hold a 16 MiB window: four stacked ones
    // held 70 MB where one holds 20.
    let site = Site::start(|_| response(200, &[("Content-Encoding", "br, gzip, br")], b"\x06"));
    let result = check(&site, "/x", None);
    network_error(&site, result, "more than one br coding in Content-Encoding");
}

#[test]
fn a_second_content_encoding_field_is_refused_not_guessed_at() {
    // Before, the first field alone was read: gzip bytes read as rules
    // (none of which parse), so every URL was allowed.
    let coded = gzip(b"User-agent: *\nDisallow: /\n");
    let site = Site::start(move |_| {
        response(
            200,
            &[
                ("Content-Encoding", "identity"),
                ("Content-Encoding", "gzip"),
            ],
            &coded,
        )
    });
    let result = check(&site, "/x", None);
    network_error(
        &site,
        result,
        "2 Content-Encoding fields, where one is read",
    );
}

#[test]
fn a_transfer_coding_other_than_chunked_is_refused() {
    let coded = gzip(b"User-agent: *\nDisallow: /\n");
    let mut chunked = format!("{:x}\r\n", coded.len()).into_bytes();
    chunked.extend_from_slice(&coded);
    chunked.extend_from_slice(b"\r\n0\r\n\r\n");
    let answer = |coding: &str| {
        let mut bytes =
            format!("HTTP/1.1 200 OK\r\nTransfer-Encoding: {coding}\r\nConnection: close\r\n\r\n")
                .into_bytes();
        bytes.extend_from_slice(&chunked);
        bytes
    };
    let gzip_chunked = answer("gzip, chunked");
    let site = Site::start(move |_| gzip_chunked.clone());
    let result = check(&site, "/x", None);
    network_error(
        &site,
        result,
        "unsupported Transfer-Encoding \"gzip, chunked\": only chunked is read",
    );
    // `chunked` alone is the HTTP client's to undo: the rules are read.
    let plain = {
        let mut bytes =
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".to_vec();
        bytes.extend_from_slice(b"1a\r\nUser-agent: *\nDisallow: /\n\r\n0\r\n\r\n");
        bytes
    };
    let site = Site::start(move |_| plain.clone());
    let (_, stdout, stderr) = check(&site, "/x", None);
    assert_eq!(stdout, "DISALLOWED /x\n", "{stderr}");
}

#[test]
fn a_decoder_kept_busy_without_output_is_stopped_at_its_budget() {
    // Gzip over 20 MB of empty deflate blocks (five bytes each, no output):
    // about 20 KB on the wire; the outer decoder would chew through all of
    // it for nothing.
    let empty_blocks = [0u8, 0, 0, 0xff, 0xff].repeat(4 << 20);
    // At the best level: the default level's size depends on which of
    // flate2's back ends the workspace build picks.
    let coded = {
        use flate2::{Compression, write::GzEncoder};
        let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
        std::io::Write::write_all(&mut encoder, &empty_blocks).unwrap();
        encoder.finish().unwrap()
    };
    assert!(coded.len() < 100_000, "{}", coded.len());
    let site =
        Site::start(move |_| response(200, &[("Content-Encoding", "deflate, gzip")], &coded));
    let result = check(&site, "/x", None);
    network_error(
        &site,
        result,
        "a content coding of the body reads more than it may",
    );
}

/// An answer with `fields` header fields in all (`Content-Length` and
/// `X-N` fields).
fn with_fields(fields: usize) -> Vec<u8> {
    let mut head = format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\n", ROBOTS.len());
    for n in 1..fields {
        head.push_str(&format!("X-{n}: v\r\n"));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(ROBOTS);
    bytes
}

#[test]
fn answers_of_up_to_128_header_fields_are_read_and_more_is_a_stated_network_error() {
    for fields in [101, 128] {
        let answer = with_fields(fields);
        let site = Site::start(move |_| answer.clone());
        let (_, stdout, stderr) = check(&site, "/private/x", None);
        assert_eq!(stdout, "DISALLOWED /private/x\n", "{fields}: {stderr}");
    }
    let answer = with_fields(129);
    let site = Site::start(move |_| answer.clone());
    let result = check(&site, "/x", None);
    network_error(
        &site,
        result,
        "the answer has more than 128 header fields, the most this client reads",
    );
}

#[test]
fn the_audit_fetches_within_the_same_bounds() {
    let stack = vec!["br"; 21_001].join(",");
    let site = Site::start(move |_| response(200, &[("Content-Encoding", &stack)], b"\x06\x00"));
    let out = Command::new(BIN)
        .args(["--audit", &site.base()])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(&format!(
            "fetched {}/robots.txt: network error (more than 4 content codings in \
             Content-Encoding): unreachable",
            site.base()
        )),
        "{stderr}"
    );
}
