//! The `robots` binary, run as a user runs it: bounded reads: durations, what a fetch reads and decodes, what a file costs.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

mod common;

use common::*;

// ---------------------------------------------------------------------------
// Bounded reads: durations, what a fetch reads and decodes, what a file
// read takes, lines cut at 500 KiB.
// ---------------------------------------------------------------------------

/// `--timeout 1e19` is a valid number of seconds, but no instant lies that
/// far away: the wait saturates at a century instead of overflowing the
/// clock ("overflow when adding duration to instant", exit 101, before).
#[test]
fn a_timeout_beyond_the_clock_saturates() {
    let server = Server::start(|_| Reply::ok(ROBOTS));
    let base = server.base();
    for timeout in ["1e19", "1e300", "18446744073709551615"] {
        let (out, stdout, stderr) = fetch_check(
            &base,
            "https://example.com/private/x",
            &["--timeout", timeout],
        );
        assert_eq!(
            stdout,
            "DISALLOWED https://example.com/private/x [line 2, specific group] Disallow: \
             /private\n",
            "--timeout {timeout}: {stderr}"
        );
        assert_eq!(
            stderr,
            format!("fetched {base}/robots.txt: HTTP 200, 90 bytes: its rules apply\n")
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

/// ROBOTS compressed by Google's brotli encoder (Node 20's
/// `zlib.brotliCompressSync(ROBOTS)`, quality 11).
const ROBOTS_BR: [u8; 80] = [
    27, 89, 0, 64, 44, 15, 108, 199, 104, 232, 9, 20, 61, 46, 110, 70, 192, 133, 253, 35, 84, 122,
    191, 85, 185, 165, 77, 133, 32, 162, 84, 121, 49, 74, 144, 178, 181, 156, 123, 163, 107, 133,
    23, 33, 57, 169, 208, 162, 227, 1, 23, 221, 42, 140, 85, 101, 85, 137, 23, 143, 30, 100, 54,
    30, 78, 247, 245, 110, 101, 207, 47, 174, 68, 33, 166, 38, 55, 104, 80, 7,
];

/// A 200 with `body` sent under `Content-Encoding: encoding`.
fn encoded(encoding: &str, body: Vec<u8>) -> Reply {
    Reply::Answer {
        status: 200,
        headers: vec![("Content-Encoding".into(), encoding.into())],
        body,
    }
}

/// Google's crawlers send `Accept-Encoding: gzip, deflate, br` and decode
/// what comes back ("Overview of Google crawlers and fetchers"); before,
/// the fetch asked for nothing and parsed a gzip body as rules.
#[test]
fn fetch_asks_for_and_decodes_gzip_deflate_and_br() {
    use flate2::Compression;
    use flate2::write::{DeflateEncoder, GzEncoder, ZlibEncoder};
    let mut gzip = GzEncoder::new(Vec::new(), Compression::default());
    gzip.write_all(ROBOTS).unwrap();
    let mut zlib = ZlibEncoder::new(Vec::new(), Compression::default());
    zlib.write_all(ROBOTS).unwrap();
    let mut raw_deflate = DeflateEncoder::new(Vec::new(), Compression::default());
    raw_deflate.write_all(ROBOTS).unwrap();
    let cases = [
        ("gzip", gzip.finish().unwrap()),
        ("x-gzip", {
            let mut g = GzEncoder::new(Vec::new(), Compression::fast());
            g.write_all(ROBOTS).unwrap();
            g.finish().unwrap()
        }),
        ("deflate", zlib.finish().unwrap()),
        ("deflate", raw_deflate.finish().unwrap()),
        ("br", ROBOTS_BR.to_vec()),
        ("identity", ROBOTS.to_vec()),
    ];
    for (encoding, body) in cases {
        let server = Server::start(move |_| encoded(encoding, body.clone()));
        let base = server.base();
        let (out, stdout, stderr) = fetch_check(&base, "https://example.com/private/x", &[]);
        assert_eq!(
            stdout,
            "DISALLOWED https://example.com/private/x [line 2, specific group] Disallow: \
             /private\n",
            "{encoding}: {stderr}"
        );
        let name = match encoding {
            "x-gzip" => " (gzip decoded)".to_string(),
            "identity" => String::new(),
            e => format!(" ({e} decoded)"),
        };
        assert_eq!(
            stderr,
            format!("fetched {base}/robots.txt: HTTP 200, 90 bytes{name}: its rules apply\n")
        );
        assert_eq!(out.status.code(), Some(1));
        let heads = server.heads.lock().unwrap();
        assert!(
            heads[0]
                .to_ascii_lowercase()
                .contains("\r\naccept-encoding: gzip, deflate, br\r\n"),
            "{}",
            heads[0]
        );
    }
}

/// A body in a coding the fetch did not ask for cannot be read: like a
/// broken body, the fetch failed (Google counts such failures as server
/// errors), so every URL is disallowed.
#[test]
fn fetch_of_an_unknown_or_broken_coding_is_a_network_error() {
    for (encoding, body) in [("zstd", ROBOTS.to_vec()), ("gzip", ROBOTS.to_vec())] {
        let server = Server::start(move |_| encoded(encoding, body.clone()));
        let base = server.base();
        let (out, stdout, stderr) = fetch_check(&base, "https://example.com/public", &[]);
        assert!(stdout.starts_with("DISALLOWED https://example.com/public [no rules: "));
        assert!(
            stderr.starts_with(&format!("fetched {base}/robots.txt: network error (")),
            "{stderr}"
        );
        assert!(
            stderr.ends_with(": unreachable, so every URL is disallowed (Google)\n"),
            "{stderr}"
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

/// A gzip body that decodes to `head`, then `mib` MiB of `#` (one comment
/// line). 1 MiB of `#` deflates to about a kilobyte of blocks, ended by a
/// sync flush; the same blocks again decode to the same bytes again (their
/// back-references reach only `#`s of their own run), so 1 GiB takes 1 MB.
/// The gzip trailer is left zero: a reader that got that far would have
/// decoded it all.
fn gzip_bomb(head: &[u8], mib: usize) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    let mut deflate = Compress::new(Compression::best(), false);
    let mut run = |input: &[u8], flush| {
        let mut out = Vec::with_capacity(input.len() / 64 + 4096);
        let before = deflate.total_in();
        deflate.compress_vec(input, &mut out, flush).unwrap();
        assert_eq!(deflate.total_in() - before, input.len() as u64);
        out
    };
    let mut gzip = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    gzip.extend(run(head, FlushCompress::Sync));
    let filler = run(&vec![b'#'; 1 << 20], FlushCompress::Sync);
    for _ in 0..mib {
        gzip.extend_from_slice(&filler);
    }
    gzip.extend(run(b"", FlushCompress::Finish));
    gzip.extend_from_slice(&[0; 8]);
    gzip
}

/// The decoder inflates only what the limit needs: 16 GiB behind 16 MB of
/// gzip cost the 500 KiB that Googlebot reads (and 64 MiB with
/// --no-size-limit), in a process capped at 256 MiB, and the client hangs
/// up long before the server has sent the whole bomb (16 MB is more than
/// the sockets' buffers hold).
#[cfg(target_os = "linux")]
#[test]
fn a_compression_bomb_is_decoded_only_as_far_as_the_limit() {
    let bomb = gzip_bomb(ROBOTS, 16 << 10);
    assert!(bomb.len() < 20 << 20, "{}", bomb.len());
    let server = Server::start(move |_| encoded("gzip", bomb.clone()));
    let base = server.base();
    for (extra, limit, why) in [
        (None, 512_000, "as Googlebot does"),
        (
            Some("--no-size-limit"),
            64 << 20,
            "the fetch limit (--max-fetch-bytes)",
        ),
    ] {
        let mut args = vec![
            "--check",
            &base,
            "--agent",
            "FooBot",
            "--url",
            "https://example.com/private/x",
        ];
        args.extend(extra);
        let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        let out = run_capped(256, &args, b"");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "DISALLOWED https://example.com/private/x\n",
            "{stderr}"
        );
        assert!(
            stderr.starts_with(&format!(
                "fetched {base}/robots.txt: HTTP 200, more than {limit} bytes (gzip decoded): \
                 only the first {limit} are read, {why}: its rules apply\n"
            )),
            "{stderr}"
        );
        assert_eq!(out.status.code(), Some(1));
    }
    // Each fetch hung up with most of the bomb unsent.
    assert_eq!(
        server.unfinished.load(std::sync::atomic::Ordering::Relaxed),
        2
    );
}

/// With --no-size-limit (and for --lint), a fetch still reads at most
/// --max-fetch-bytes, 64 MiB by default; a larger limit that memory cannot
/// hold ends with the out-of-memory error (exit 2), not a network error
/// that disallows every URL (exit 1, before). The server offers 2 GB.
#[cfg(target_os = "linux")]
#[test]
fn a_fetch_reads_at_most_max_fetch_bytes_and_reports_running_out_of_memory() {
    let unit = {
        let mut u =
            b"# filler filler filler filler filler filler filler filler filler\n".repeat(1024);
        u.truncate(65_536);
        u
    };
    let server = Server::start(move |_| Reply::Repeat {
        unit: unit.clone(),
        total: 2_000_000_000,
    });
    let base = server.base();
    let run = |args: &[&str]| {
        let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        let out = run_capped(512, &args, b"");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.code(), stdout, stderr)
    };
    let check = [
        "--check",
        &base,
        "--agent",
        "FooBot",
        "--url",
        "https://example.com/x",
        "--no-size-limit",
    ];
    let (code, stdout, stderr) = run(&check);
    assert_eq!(stdout, "ALLOWED https://example.com/x\n", "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "fetched {base}/robots.txt: HTTP 200, more than 67108864 bytes: only the first \
             67108864 are read, the fetch limit (--max-fetch-bytes): its rules apply\n"
        )
    );
    assert_eq!(code, Some(0));
    let over = "--max-fetch-bytes=3000000000";
    for args in [[&check[..], &[over]].concat(), vec!["--lint", &base, over]] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stdout, "");
        assert!(
            stderr.starts_with(&format!(
                "error: out of memory reading the robots.txt fetched for {base:?} ("
            )),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("network error"), "{stderr}");
    }
}

/// A server may close a kept-alive connection just as the next request
/// goes out on it; the fetch sends that request again, once, on a new
/// connection, as HTTP clients do (RFC 9112, 9.3.1). Before, the redirect's
/// target was "unreachable" and every URL disallowed.
#[test]
fn a_request_on_a_kept_alive_connection_closed_by_the_server_is_sent_again() {
    let server = Server::start(|path| match path {
        "/robots.txt" => Reply::RedirectThenClose {
            location: "/moved.txt".into(),
        },
        "/moved.txt" => Reply::ok(ROBOTS),
        _ => Reply::status(404),
    });
    let base = server.base();
    let (out, stdout, stderr) = fetch_check(&base, "https://example.com/public", &[]);
    assert_eq!(
        stdout, "ALLOWED https://example.com/public [no matching rule, specific group]\n",
        "{stderr}"
    );
    assert_eq!(
        stderr,
        format!(
            "fetched {base}/robots.txt -> {base}/moved.txt: HTTP 200, 90 bytes: its rules apply\n"
        )
    );
    assert_eq!(out.status.code(), Some(0));
    // The first request for /moved.txt went out on the kept-alive
    // connection and was not answered; the second, on a new one, was.
    assert_eq!(
        *server.paths.lock().unwrap(),
        ["/robots.txt", "/moved.txt", "/moved.txt"]
    );
}

/// --check, --explain and --diff use the first 500 KiB, and read no more:
/// /dev/zero, as a file and as standard input, in a process whose heap is
/// capped at 32 MiB (before, they read until memory ran out: exit 2). The
/// heap, not the address space, so that the room does not shrink as the
/// binary grows.
#[cfg(target_os = "linux")]
#[test]
fn the_500_kib_modes_read_only_what_they_use() {
    let d = dir("reads_what_it_uses");
    let robots = file(&d, "robots.txt", ROBOTS);
    let zero = OsStr::new("/dev/zero");
    let run = |args: &[&OsStr], stdin_zero: bool| {
        let mut command = heap_capped(32);
        command.args(args);
        if stdin_zero {
            command.stdin(std::fs::File::open("/dev/zero").unwrap());
        } else {
            command.stdin(Stdio::null());
        }
        let out = command.output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let note = |name: &str| {
        format!(
            "note: {name} has more than 512000 bytes; only the first 512000 (500 KiB) are \
             used, as Googlebot does (--no-size-limit reads it all)\n"
        )
    };
    let os = |s: &'static str| OsStr::new(s);
    // NUL bytes end each line's content, as in Google's C strings: no rules.
    let (code, stdout, stderr) = run(
        &[
            os("--check"),
            zero,
            os("--agent"),
            os("FooBot"),
            os("--url"),
            os("https://example.com/x"),
        ],
        false,
    );
    assert_eq!(
        (code, stdout.as_str()),
        (Some(0), "ALLOWED https://example.com/x\n"),
        "{stderr}"
    );
    assert_eq!(stderr, note("/dev/zero"));
    let (code, stdout, stderr) = run(
        &[
            os("--explain"),
            os("-"),
            os("FooBot"),
            os("https://example.com/x"),
        ],
        true,
    );
    assert_eq!(
        (code, stdout.as_str()),
        (
            Some(0),
            "ALLOWED https://example.com/x [no matching rule]\n"
        ),
        "{stderr}"
    );
    assert_eq!(stderr, note("standard input"));
    let (code, stdout, stderr) = run(&[os("--diff"), zero, robots.as_os_str()], false);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stdout.ends_with("3 rules added, 0 removed, for 2 agents\n"),
        "{stdout}"
    );
    assert_eq!(stderr, note("/dev/zero"));
}

/// A body whose byte 512,000 falls inside `Disallow: /shop/cart`: the
/// first 500 KiB end in `Disallow: /sh`, which Google's parser reads as a
/// rule (it parses a last line without a line end), and which matches
/// `/shoes` where the whole rule does not.
fn cut_inside_a_rule() -> (Vec<u8>, usize) {
    let mut body = b"User-agent: *\nDisallow: /private\n".to_vec();
    let cut_after = b"Disallow: /sh".len();
    let target = 512_000 - cut_after;
    let filler = b"# filler filler filler filler filler filler filler filler\n";
    while body.len() + filler.len() + 2 <= target {
        body.extend_from_slice(filler);
    }
    // A last comment line of the right length, so the rule starts at
    // `target`.
    let pad = target - body.len();
    body.push(b'#');
    body.extend(std::iter::repeat_n(b'-', pad - 2));
    body.push(b'\n');
    assert_eq!(body.len(), target);
    let line = body.iter().filter(|&&b| b == b'\n').count() + 1;
    body.extend_from_slice(b"Disallow: /shop/cart\n# the end\n");
    (body, line)
}

/// The line the 500 KiB cut leaves half of is marked where it decides, and
/// a warning says so; with --no-size-limit the whole rule is read.
#[test]
fn a_rule_cut_in_two_by_the_500_kib_limit_is_flagged_where_it_decides() {
    let d = dir("cut_inside_a_rule");
    let (body, line) = cut_inside_a_rule();
    let path = file(&d, "robots.txt", &body);
    let path = s(&path);
    let out = run(
        &[
            "--check",
            path,
            "--agent",
            "FooBot",
            "--url",
            "https://example.com/shoes",
            "--url",
            "https://example.com/private",
            "--explain",
        ],
        b"",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "DISALLOWED https://example.com/shoes [line {line}, global group, cut short by the \
             500 KiB limit] Disallow: /sh\n\
             DISALLOWED https://example.com/private [line 2, global group] Disallow: /private\n"
        )
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "note: {path} is {} bytes; only the first 512000 (500 KiB) are used, as Googlebot \
             does (--no-size-limit reads it all)\n\
             warning: 1 URL was decided by line {line}, which the 500 KiB limit cuts in two: \
             only its first part was read, and it may match more than the whole line would; \
             Google does not document what Googlebot makes of a cut line (--no-size-limit \
             reads the whole line)\n",
            body.len()
        )
    );
    assert_eq!(out.status.code(), Some(1));
    let out = run(
        &[
            "--explain",
            path,
            "FooBot",
            "https://example.com/shoes",
            "--json",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cut_at_size_limit"], true);
    assert_eq!(v["line"], line);
    assert_eq!(v["rule"], "Disallow: /sh");
    // The whole file: the whole rule, which /shoes does not match.
    let out = run(
        &[
            "--explain",
            path,
            "FooBot",
            "https://example.com/shoes",
            "--no-size-limit",
        ],
        b"",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "ALLOWED https://example.com/shoes [no matching rule]\n"
    );
    assert_eq!(out.status.code(), Some(0));
    // A cut right before a line's own line end leaves whole lines: no
    // mark, no warning.
    let mut whole = body[..512_000 - b"Disallow: /sh".len()].to_vec();
    whole.extend_from_slice(b"Disallow: /sh\n# the end\n");
    let path = file(&d, "whole.txt", &whole);
    let out = run(
        &[
            "--explain",
            s(&path),
            "FooBot",
            "https://example.com/shoes",
            "--json",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["line"], line);
    assert!(v.get("cut_at_size_limit").is_none(), "{v}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
}

/// A fetch cut by --max-fetch-bytes inside a line is flagged the same way,
/// naming that limit: the first 32 bytes of ROBOTS end in `Disallow: /pr`,
/// which decides /print where `Disallow: /private` would not.
#[test]
fn a_fetch_cut_inside_a_rule_by_max_fetch_bytes_is_flagged_too() {
    let server = Server::start(|_| Reply::ok(ROBOTS));
    let base = server.base();
    let (out, stdout, stderr) = fetch_check(
        &base,
        "https://example.com/print",
        &["--max-fetch-bytes", "32"],
    );
    assert_eq!(
        stdout,
        "DISALLOWED https://example.com/print [line 2, specific group, cut short by the fetch \
         limit (--max-fetch-bytes)] Disallow: /pr\n"
    );
    assert_eq!(
        stderr,
        format!(
            "fetched {base}/robots.txt: HTTP 200, more than 32 bytes: only the first 32 are \
             read, the fetch limit (--max-fetch-bytes): its rules apply\n\
             warning: 1 URL was decided by line 2, which the fetch limit (--max-fetch-bytes) \
             cuts in two: only its first part was read, and it may match more than the whole \
             line would; Google does not document what Googlebot makes of a cut line (a \
             larger --max-fetch-bytes reads the whole line)\n"
        )
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_timeout_must_be_a_positive_number_of_seconds() {
    for bad in ["0", "-1", "soon", "NaN"] {
        let option = format!("--timeout={bad}");
        let out = run(&["--lint", "http://127.0.0.1:9/", &option], b"");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("not a positive number of seconds"),
            "{bad}"
        );
    }
}

/// Out of memory, every extended mode still ends with a defined result: the
/// right answer (the tool streams the body as Google's matcher does when the
/// parsed form does not fit), or exit status 2 with a message saying memory
/// ran out; never a signal or a panic. Google's answer for `/1/x.php`:
/// disallowed by `/1/*.php$`, line 3.
///
/// The heap is capped, not the address space: the binary's own size (a
/// debug build with the tester page embedded maps 33 MB before it
/// allocates) would otherwise decide how much room is left, and a 32 MiB
/// address space would not even load it.
#[cfg(target_os = "linux")]
#[test]
fn out_of_memory_gives_an_answer_or_an_error_never_an_abort() {
    let d = dir("out_of_memory");
    let mut body = b"User-agent: *\n".to_vec();
    let mut i = 0u32;
    while body.len() < 40 << 20 {
        body.extend_from_slice(format!("Disallow: /{i:x}/*.php$\n").as_bytes());
        i += 1;
    }
    let path = file(&d, "robots.txt", &body);
    drop(body);
    let path = path.as_os_str();
    let url = b"https://example.com/1/x.php\n";
    let defined = |out: &Output, answer: &[u8], answer_code: i32| {
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(2) => assert!(stderr.contains("out of memory"), "stderr: {stderr}"),
            Some(code) => {
                assert_eq!(code, answer_code, "stderr: {stderr}");
                assert!(
                    out.stdout.starts_with(answer),
                    "stdout: {}",
                    String::from_utf8_lossy(&out.stdout)
                );
            }
            None => panic!("killed by a signal: {:?}; stderr: {stderr}", out.status),
        }
    };
    let check: Vec<&OsStr> = ["--check", "--no-size-limit", "--agent", "FooBot"]
        .iter()
        .map(OsStr::new)
        .chain([path])
        .collect();
    let lint: Vec<&OsStr> = vec![OsStr::new("--lint"), path];
    let lint_json: Vec<&OsStr> = vec![OsStr::new("--lint"), OsStr::new("--json"), path];
    // Room for the file (40 MiB) but not for its parsed form (the check
    // takes 300 MB unbounded) or the lint's tables (90 MB).
    let out = run_heap_capped(64, &check, url);
    defined(&out, b"DISALLOWED https://example.com/1/x.php", 1);
    for args in [&lint, &lint_json] {
        let out = run_heap_capped(64, args, b"");
        // The lint finds problems (rules that can never match nothing here,
        // but 1.8 million rules in one group), so a finished lint exits 0
        // or 1; an unfinished one must say memory ran out.
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(2) => assert!(stderr.contains("out of memory"), "stderr: {stderr}"),
            Some(0 | 1) => {}
            other => panic!("exit {other:?}; stderr: {stderr}"),
        }
    }
    // Not even room for the file: an error, whatever the mode.
    for args in [&check, &lint, &lint_json] {
        let out = run_heap_capped(32, args, url);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
        assert!(stderr.contains("out of memory"), "stderr: {stderr}");
    }
}
