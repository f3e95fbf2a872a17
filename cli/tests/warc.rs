//! `robots warc`, run as a user runs it, on WARC files the tests make:
//! robots.txt captures answering 200, redirect chains, 404, 429, 500 and
//! 503, a truncated and a duplicate capture, records of other types and
//! other URLs mixed in, plain and as a gzip member per record.
//!
//! Every row is checked against what the core's public API answers for the
//! same body and status ([`Robots::check`], [`Policy::decide`]), computed
//! here without the archive reader; a few values are derived by hand from
//! Google's reading and RFC 9309's status rules.

#![cfg(unix)]

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use flate2::Compression;
use flate2::write::GzEncoder;
use robotstxt_exact::Robots;
use robotstxt_exact::crawler::{Decision, FetchOutcome, Policy};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_robots");

/// www.poetryfoundation.org's robots.txt (from the corpus): CCBot blocked.
const POETRY: &str = "User-agent: *\nDisallow: /craft/\nDisallow: /poetrymagazine/index/\n\
Disallow: /library/desktop\nDisallow: /programs/library/desktop\nDisallow: /mobile-template/resources\n\
Disallow: /mobile-template/programs\nDisallow: /mobile-template/features\nDisallow: /harriet/tag/racism\n\
\nUser-agent: CCBot\nDisallow: /\n";

/// 9gag.com's robots.txt (from the corpus): an empty group for
/// Mediapartners-Google, and `*` blocked from some paths.
const NINEGAG: &str = "# Robots.txt file for https://9gag.com\n# All robots will spider the domain\n\n\
User-agent: Mediapartners-Google\nDisallow:\n\nUser-agent: *\nDisallow: /u/\nDisallow: /read/\n\
Disallow: /gag-in-app/*\nDisallow: /views?*\nDisallow: /search*\nDisallow: /search?query=*\n\
Disallow: /pref/*\nDisallow: /settings*\nDisallow: /notifications*\nDisallow: /views*\n\
Disallow: /connect/*\nDisallow: /others/*\nDisallow: /static/*\nDisallow: /static/ads/*\n\
Disallow: /l.php\nDisallow: /?\n\nCrawl-delay: 1\n\n";

/// A file with usage preferences and an AI crawler blocked.
const SIGNALS: &str = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\n\
User-agent: GPTBot\nDisallow: /\n";

const AGENTS: [&str; 4] = ["Googlebot", "CCBot", "GPTBot", "Mediapartners-Google"];
const PATHS: [&str; 3] = ["/", "/search", "/craft/x"];

/// A WARC record with the given type, target and block.
fn record(kind: &str, uri: &str, date: &str, extra: &str, block: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\nWARC-Date: {date}\r\n\
         WARC-Record-ID: <urn:uuid:{:08x}-0000-0000-0000-000000000000>\r\n{extra}\
         Content-Type: application/http; msgtype={kind}\r\nContent-Length: {}\r\n\r\n",
        block.len() ^ uri.len(),
        block.len()
    )
    .into_bytes();
    r.extend_from_slice(block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

fn response(uri: &str, date: &str, head: &str, body: &str) -> Vec<u8> {
    let block = format!("{head}\r\nContent-Length: {}\r\n\r\n{body}", body.len());
    record("response", uri, date, "", block.as_bytes())
}

/// A capture, as the test knows it: what the archive says.
struct Known {
    url: &'static str,
    date: &'static str,
    status: u16,
    /// The body the crawler got (for redirects, none).
    body: &'static str,
    /// The capture whose status and body decide, after redirects: its URL,
    /// and the hops.
    decided_by: Option<(&'static str, u32)>,
}

const D1: &str = "2024-05-01T00:00:00Z";
const D2: &str = "2024-06-01T00:00:00Z";

/// The records of the test archive, and the captures among them.
fn archive() -> (Vec<Vec<u8>>, Vec<Known>) {
    let mut records = vec![record(
        "warcinfo",
        "",
        D1,
        "",
        b"software: the test\r\nformat: WARC File Format 1.1\r\n",
    )];
    let mut known = Vec::new();
    fn add(
        records: &mut Vec<Vec<u8>>,
        known: &mut Vec<Known>,
        k: Known,
        head: &str,
        before: Vec<Vec<u8>>,
    ) {
        records.extend(before);
        records.push(response(k.url, k.date, head, k.body));
        known.push(k);
    }
    let ok = "HTTP/1.1 200 OK\r\nContent-Type: text/plain";
    let simple = |url, date, status, body| Known {
        url,
        date,
        status,
        body,
        decided_by: None,
    };
    let request = record(
        "request",
        "http://poetry.example/robots.txt",
        D1,
        "",
        b"GET /robots.txt HTTP/1.1\r\nHost: poetry.example\r\n\r\n",
    );
    add(
        &mut records,
        &mut known,
        simple("http://poetry.example/robots.txt", D1, 200, POETRY),
        ok,
        vec![request],
    );
    add(
        &mut records,
        &mut known,
        simple("https://ninegag.example/robots.txt", D1, 200, NINEGAG),
        ok,
        vec![],
    );
    add(
        &mut records,
        &mut known,
        simple("https://signals.example/robots.txt", D1, 200, SIGNALS),
        ok,
        vec![],
    );
    add(
        &mut records,
        &mut known,
        simple(
            "https://gone.example/robots.txt",
            D1,
            404,
            "<h1>Not found</h1>",
        ),
        "HTTP/1.1 404 Not Found",
        vec![],
    );
    add(
        &mut records,
        &mut known,
        simple("https://busy.example/robots.txt", D1, 429, ""),
        "HTTP/1.1 429 Too Many Requests",
        vec![],
    );
    add(
        &mut records,
        &mut known,
        simple("https://broken.example/robots.txt", D1, 500, "oops"),
        "HTTP/1.1 500 Internal Server Error",
        vec![],
    );
    add(
        &mut records,
        &mut known,
        simple("https://down.example/robots.txt", D1, 503, ""),
        "HTTP/1.1 503 Service Unavailable",
        vec![],
    );
    // A page, not a robots.txt: no rows.
    records.push(response(
        "https://poetry.example/index.html",
        D1,
        ok,
        "<html>User-agent: *\nDisallow: /</html>",
    ));
    records.push(record(
        "metadata",
        "https://poetry.example/index.html",
        D1,
        "",
        b"fetchTimeMs: 12\r\n",
    ));
    // http -> https, then the target's capture.
    add(
        &mut records,
        &mut known,
        Known {
            url: "http://hop.example/robots.txt",
            date: D1,
            status: 301,
            body: "",
            decided_by: Some(("https://hop.example/robots.txt", 1)),
        },
        "HTTP/1.1 301 Moved Permanently\r\nLocation: https://hop.example/robots.txt",
        vec![],
    );
    add(
        &mut records,
        &mut known,
        simple("https://hop.example/robots.txt", D1, 200, SIGNALS),
        ok,
        vec![],
    );
    // A chain of two relative redirects.
    add(
        &mut records,
        &mut known,
        Known {
            url: "http://chain.example/robots.txt",
            date: D1,
            status: 302,
            body: "",
            decided_by: Some(("http://www.chain.example/robots.txt?x=1", 2)),
        },
        "HTTP/1.1 302 Found\r\nLocation: //chain2.example/robots.txt",
        vec![],
    );
    add(
        &mut records,
        &mut known,
        Known {
            url: "http://chain2.example/robots.txt",
            date: D1,
            status: 301,
            body: "",
            decided_by: Some(("http://www.chain.example/robots.txt?x=1", 1)),
        },
        "HTTP/1.1 301 Moved\r\nLocation: http://WWW.Chain.example:80/robots.txt?x=1#frag",
        vec![],
    );
    records.push(response(
        "http://www.chain.example/robots.txt?x=1",
        D1,
        ok,
        NINEGAG,
    ));
    // Six redirects in a row from loop0: Google follows five and then
    // treats the fetch as a 404 (allow all); from loop1 on, the fifth hop
    // or an earlier one reaches loop6's rules.
    for i in 0..6u32 {
        let from: &'static str =
            Box::leak(format!("https://loop{i}.example/robots.txt").into_boxed_str());
        let to = format!("https://loop{}.example/robots.txt", i + 1);
        let decided_by = if i == 0 {
            ("too many", 5)
        } else {
            ("https://loop6.example/robots.txt", 6 - i)
        };
        add(
            &mut records,
            &mut known,
            Known {
                url: from,
                date: D1,
                status: 301,
                body: "",
                decided_by: Some(decided_by),
            },
            &format!("HTTP/1.1 301 Moved\r\nLocation: {to}"),
            vec![],
        );
    }
    add(
        &mut records,
        &mut known,
        simple("https://loop6.example/robots.txt", D1, 200, POETRY),
        ok,
        vec![],
    );
    // A redirect whose target the file lacks.
    add(
        &mut records,
        &mut known,
        Known {
            url: "https://lost.example/robots.txt",
            date: D1,
            status: 301,
            body: "",
            decided_by: Some(("missing", 1)),
        },
        "HTTP/1.1 301 Moved\r\nLocation: https://elsewhere.example/robots.txt",
        vec![],
    );
    // Cut by the archiver inside a line: "Disallow: /sea" is what Google
    // would have parsed had its fetch stopped there.
    let cut = &NINEGAG[..NINEGAG.find("/search*").unwrap() + 4];
    records.push(record(
        "response",
        "https://cut.example/robots.txt",
        D1,
        "WARC-Truncated: length\r\n",
        format!("{ok}\r\nContent-Length: {}\r\n\r\n{cut}", NINEGAG.len()).as_bytes(),
    ));
    known.push(simple("https://cut.example/robots.txt", D1, 200, cut));
    // A revisit: skipped.
    records.push(record(
        "revisit",
        "https://poetry.example/robots.txt",
        D2,
        "",
        b"HTTP/1.1 200 OK\r\n\r\n",
    ));
    // The same robots.txt captured again later, now blocking everyone.
    add(
        &mut records,
        &mut known,
        simple(
            "http://poetry.example/robots.txt",
            D2,
            200,
            "User-agent: *\nDisallow: /\n",
        ),
        ok,
        vec![],
    );
    (records, known)
}

/// The expected row for a capture, agent and path, from the core's API.
fn expected(
    k: &Known,
    all: &[Known],
    agent: &str,
    path: &str,
    policy: Policy,
) -> BTreeMap<&'static str, Value> {
    let mut row = BTreeMap::new();
    let (status, body, hops) = match k.decided_by {
        None => (Some(k.status), k.body, 0),
        Some(("too many", hops)) => {
            // Google stops after five hops and reads the last 3xx as a 404.
            row.insert("outcome", "allow-all".into());
            row.insert("allowed", true.into());
            row.insert("redirects", (hops as u64).into());
            row.insert("status", 301.into());
            row.insert("line", Value::Null);
            return row;
        }
        Some(("missing", hops)) => {
            row.insert("outcome", "unknown".into());
            row.insert("allowed", Value::Null);
            row.insert("redirects", (hops as u64).into());
            row.insert("status", Value::Null);
            row.insert("line", Value::Null);
            return row;
        }
        Some((target, hops)) => match all.iter().find(|o| o.url == target) {
            Some(t) => (Some(t.status), t.body, hops),
            // The chain's target, captured but not a robots.txt URL in
            // `known`: its body is NINEGAG.
            None => (Some(200), NINEGAG, hops),
        },
    };
    row.insert("redirects", (hops as u64).into());
    row.insert("status", status.into());
    match policy.decide(FetchOutcome::Status(status.unwrap())) {
        Decision::UseRules => {
            let answer = Robots::parse(body).check(&[agent], path);
            row.insert("outcome", "rules".into());
            row.insert("allowed", answer.allowed.into());
            row.insert(
                "line",
                (answer.matching_line != 0)
                    .then_some(answer.matching_line)
                    .into(),
            );
        }
        Decision::AllowAll => {
            row.insert("outcome", "allow-all".into());
            row.insert("allowed", true.into());
            row.insert("line", Value::Null);
        }
        Decision::DisallowAll => {
            row.insert("outcome", "disallow-all".into());
            row.insert("allowed", false.into());
            row.insert("line", Value::Null);
        }
    }
    row
}

fn dir(test: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("warc")
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn gzip_members(records: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for r in records {
        let mut gz = GzEncoder::new(Vec::new(), Compression::default());
        gz.write_all(r).unwrap();
        out.extend(gz.finish().unwrap());
    }
    out
}

fn robots(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(input) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        let input = input.to_vec();
        std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
    }
    child.wait_with_output().unwrap()
}

fn rows(output: &Output) -> Vec<BTreeMap<String, Value>> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn agent_args() -> Vec<&'static str> {
    let mut args = Vec::new();
    for a in AGENTS {
        args.extend(["--agent", a]);
    }
    for p in PATHS {
        args.extend(["--path", p]);
    }
    args
}

/// Checks that the run succeeded and every row of `out` against the
/// core's answers.
fn check_rows(out: &Output, known: &[Known], policy: Policy) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = rows(out);
    assert_eq!(
        rows.len(),
        known.len() * AGENTS.len() * PATHS.len(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for k in known {
        for agent in AGENTS {
            for path in PATHS {
                let row = rows
                    .iter()
                    .find(|r| {
                        r["robots_url"] == k.url
                            && r["date"] == k.date
                            && r["agent"] == agent
                            && r["path"] == path
                    })
                    .unwrap_or_else(|| panic!("no row for {} {} {agent} {path}", k.url, k.date));
                for (key, want) in expected(k, known, agent, path, policy) {
                    assert_eq!(
                        row[key], want,
                        "{key} of {} {} {agent} {path}: {row:?}",
                        k.url, k.date
                    );
                }
            }
        }
    }
}

#[test]
fn every_row_equals_the_cores_answer_for_the_same_body_and_status_plain_gzip_and_stdin() {
    let d = dir("rows");
    let (records, known) = archive();
    let plain = records.concat();
    std::fs::write(d.join("a.warc"), &plain).unwrap();
    std::fs::write(d.join("a.warc.gz"), gzip_members(&records)).unwrap();
    let mut args = agent_args();
    let plain_path = d.join("a.warc");
    let gz_path = d.join("a.warc.gz");
    for input in [
        Some(plain_path.to_str().unwrap()),
        Some(gz_path.to_str().unwrap()),
        None,
    ] {
        let mut a = args.clone();
        a.insert(0, "warc");
        a.extend(input);
        let out = robots(&a, input.is_none().then_some(&plain[..]));
        check_rows(&out, &known, Policy::Google);
    }
    // RFC 9309 reads 429 as "unavailable": allow all.
    args.splice(
        0..0,
        ["warc", "--policy", "rfc9309", gz_path.to_str().unwrap()],
    );
    let out = robots(&args, None);
    check_rows(&out, &known, Policy::Rfc9309);
}

/// Any thread count is read as one to 256 workers: a count of a billion
/// (whose queues alone would need 96 GB) answers as one thread does.
#[test]
fn a_huge_thread_count_answers_as_one_thread() {
    let d = dir("threads");
    let (records, known) = archive();
    let path = d.join("a.warc");
    std::fs::write(&path, records.concat()).unwrap();
    for threads in ["1", "0", "1000000000", &usize::MAX.to_string()] {
        let mut args = vec!["warc", "--threads", threads, path.to_str().unwrap()];
        args.extend(agent_args());
        let out = robots(&args, None);
        check_rows(&out, &known, Policy::Google);
    }
}

#[test]
fn hand_derived_values_from_googles_reading_and_the_status_rules() {
    let d = dir("hand");
    let (records, _) = archive();
    std::fs::write(d.join("a.warc.gz"), gzip_members(&records)).unwrap();
    let file = d.join("a.warc.gz");
    let mut args = vec!["warc", file.to_str().unwrap()];
    args.extend(agent_args());
    let out = robots(&args, None);
    let rows = rows(&out);
    let get = |url: &str, date: &str, agent: &str, path: &str| {
        rows.iter()
            .find(|r| {
                r["robots_url"] == url
                    && r["date"] == date
                    && r["agent"] == agent
                    && r["path"] == path
            })
            .cloned()
            .unwrap()
    };
    let p = "http://poetry.example/robots.txt";
    // CCBot's own group: "Disallow: /" on line 12.
    let r = get(p, D1, "CCBot", "/");
    assert_eq!(
        (r["allowed"].clone(), r["line"].clone(), r["rule"].clone()),
        (false.into(), 12.into(), "Disallow: /".into())
    );
    // Googlebot under "*": /craft/ on line 2.
    assert_eq!(get(p, D1, "Googlebot", "/craft/x")["line"], 2);
    // The later capture of the same URL blocks everyone.
    assert_eq!(get(p, D2, "Googlebot", "/")["allowed"], false);
    let g = "https://ninegag.example/robots.txt";
    // "/search*" is line 12; Mediapartners-Google has its own group with an
    // empty Disallow, so "*" does not apply to it.
    assert_eq!(get(g, D1, "Googlebot", "/search")["line"], 12);
    assert_eq!(
        get(g, D1, "Mediapartners-Google", "/search")["allowed"],
        true
    );
    // Usage preferences: the "*" group's Content-Signal on line 2.
    let s = get("https://signals.example/robots.txt", D1, "Googlebot", "/");
    assert_eq!(
        (
            s["content_signal_search"].clone(),
            s["content_signal_ai_train"].clone()
        ),
        (true.into(), false.into())
    );
    assert_eq!(
        get("https://signals.example/robots.txt", D1, "GPTBot", "/")["allowed"],
        false
    );
    // Google: 404 allows all; 429, 500 and 503 disallow all.
    for (host, allowed, status) in [
        ("gone", true, 404),
        ("busy", false, 429),
        ("broken", false, 500),
        ("down", false, 503),
    ] {
        let r = get(
            &format!("https://{host}.example/robots.txt"),
            D1,
            "Googlebot",
            "/",
        );
        assert_eq!(
            (r["allowed"].clone(), r["status"].clone()),
            (allowed.into(), status.into()),
            "{host}"
        );
    }
    // The redirect takes the target's rules: GPTBot blocked at hop.example.
    let r = get("http://hop.example/robots.txt", D1, "GPTBot", "/");
    assert_eq!(
        (
            r["allowed"].clone(),
            r["redirects"].clone(),
            r["target"].clone()
        ),
        (
            false.into(),
            1.into(),
            "https://hop.example/robots.txt".into()
        )
    );
    // Cut inside "Disallow: /search*": "Disallow: /sea" is parsed as far as
    // it goes.
    let r = get("https://cut.example/robots.txt", D1, "Googlebot", "/search");
    assert_eq!(
        (
            r["allowed"].clone(),
            r["rule"].clone(),
            r["truncated"].clone()
        ),
        (false.into(), "Disallow: /sea".into(), "length".into())
    );
}

#[test]
fn a_broken_record_is_reported_with_its_offset_and_the_run_goes_on() {
    let d = dir("broken");
    let (records, known) = archive();
    // The fourth record's Content-Length is not a number.
    let mut bad = records.clone();
    let at: usize = records[..3].iter().map(Vec::len).sum();
    let text = String::from_utf8(bad[3].clone()).unwrap();
    let cl = text.find("Content-Length: ").unwrap();
    bad[3] = text
        .replacen("Content-Length: ", "Content-Length: x", 1)
        .into_bytes();
    assert!(cl > 0);
    let plain = bad.concat();
    std::fs::write(d.join("bad.warc"), &plain).unwrap();
    let path = d.join("bad.warc");
    let mut args = vec!["warc", path.to_str().unwrap()];
    args.extend(agent_args());
    let out = robots(&args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "record at byte {at}: Content-Length is not a number"
        )),
        "{stderr}"
    );
    // All the other captures have their rows.
    assert_eq!(
        rows(&out).len(),
        (known.len() - 1) * AGENTS.len() * PATHS.len()
    );

    // A gzip member with its deflate data damaged: reported at the
    // member's offset, the next members read.
    let mut members: Vec<Vec<u8>> = records
        .iter()
        .map(|r| gzip_members(std::slice::from_ref(r)))
        .collect();
    let at: usize = members[..3].iter().map(Vec::len).sum();
    let m = &mut members[3];
    let mid = m.len() / 2;
    m[mid..mid + 4].copy_from_slice(b"\xff\xff\xff\xff");
    std::fs::write(d.join("bad.warc.gz"), members.concat()).unwrap();
    let path = d.join("bad.warc.gz");
    let mut args = vec!["warc", path.to_str().unwrap()];
    args.extend(agent_args());
    let out = robots(&args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!("record at byte {at}: ")),
        "{stderr}"
    );
    assert_eq!(
        rows(&out).len(),
        (known.len() - 1) * AGENTS.len() * PATHS.len(),
        "{stderr}"
    );
    // A file that does not exist is an error too, and the others are read.
    let missing = d.join("missing.warc");
    let out = robots(
        &[
            "warc",
            missing.to_str().unwrap(),
            path.to_str().unwrap(),
            "--agent",
            "x",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("missing.warc: record at byte 0: cannot read the input")
    );
    assert_eq!(rows(&out).len(), (known.len() - 1) * PATHS.len().min(1));
}

#[test]
fn summary_counts_each_host_once_by_its_latest_capture() {
    let d = dir("summary");
    let (records, _) = archive();
    std::fs::write(d.join("a.warc"), records.concat()).unwrap();
    let file = d.join("a.warc");
    let out = robots(
        &[
            "warc",
            file.to_str().unwrap(),
            "--agent",
            "CCBot",
            "--summary",
            "--format",
            "jsonl",
        ],
        None,
    );
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    // Hosts: poetry (latest: Disallow: / -> blocks all), ninegag (some),
    // signals (allows all: only Allow), gone (404: allows all), busy, broken,
    // down (unreadable: HTTP 429/500/503), hop (http and https, the later
    // https one counts: SIGNALS, allows all), chain and chain2 (NINEGAG:
    // some), loop0 (too many redirects: allows all), loop1-6 (POETRY:
    // CCBot blocked), lost (redirect target not captured), cut (some).
    assert_eq!(line["hosts"], 19);
    assert_eq!(line["blocks-all"], 7);
    assert_eq!(line["blocks-some"], 4);
    assert_eq!(line["allows-all"], 4);
    assert_eq!(line["unreadable"], 4);
    assert_eq!(line["unreadable_reasons"]["HTTP 503"], 1);
    assert_eq!(
        line["unreadable_reasons"]["redirect target not captured"],
        1
    );
}

#[test]
fn urls_give_a_row_per_page_url_and_csv_and_parquet_lists_work() {
    let d = dir("urls");
    let (records, _) = archive();
    std::fs::write(d.join("a.warc"), records.concat()).unwrap();
    std::fs::write(
        d.join("urls.csv"),
        "id,url\n1,http://hop.example/private\n2,https://ninegag.example/search?q=1\n3,https://nowhere.example/x\n4,not a url\n",
    )
    .unwrap();
    let file = d.join("a.warc");
    let list = d.join("urls.csv");
    let out = robots(
        &[
            "warc",
            file.to_str().unwrap(),
            "--agent",
            "GPTBot",
            "--urls",
            list.to_str().unwrap(),
        ],
        None,
    );
    let rows = rows(&out);
    let by_url = |u: &str| rows.iter().find(|r| r["url"] == u).cloned().unwrap();
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert_eq!(by_url("http://hop.example/private")["allowed"], false);
    assert_eq!(by_url("https://ninegag.example/search?q=1")["line"], 12);
    assert_eq!(by_url("https://nowhere.example/x")["outcome"], "unknown");
    assert_eq!(by_url("not a url")["robots_url"], Value::Null);
}

#[test]
fn csv_and_parquet_hold_the_same_rows_as_jsonl() {
    let d = dir("formats");
    let (records, known) = archive();
    std::fs::write(d.join("a.warc"), records.concat()).unwrap();
    let file = d.join("a.warc");
    let f = file.to_str().unwrap();
    let csv = robots(&["warc", f, "--agent", "GPTBot", "--format", "csv"], None);
    let text = String::from_utf8(csv.stdout).unwrap();
    assert!(text.starts_with("robots_url,host,agent,path,status,outcome,allowed,line,rule,"));
    assert_eq!(text.lines().count(), known.len() + 1);
    let pq = d.join("t.parquet");
    let out = robots(
        &[
            "warc",
            f,
            "--agent",
            "GPTBot",
            "--format",
            "parquet",
            "-o",
            pq.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let mut magic = [0u8; 4];
    std::fs::File::open(&pq)
        .unwrap()
        .read_exact(&mut magic)
        .unwrap();
    assert_eq!(&magic, b"PAR1");
    // A Parquet file as a URL list: the table's own robots_url column.
    let out = robots(
        &[
            "warc",
            f,
            "--agent",
            "GPTBot",
            "--urls",
            pq.to_str().unwrap(),
            "--url-column",
            "robots_url",
        ],
        None,
    );
    // A row per URL and capture of its robots.txt: poetry's URL is listed
    // twice (a row per capture) and captured twice.
    assert_eq!(
        rows(&out).len(),
        known.len() - 2 + 4,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Peak resident memory of a process, from /proc.
fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[test]
fn a_large_generated_stream_is_read_in_bounded_memory() {
    // 256 MiB on standard input, made as it is sent: the test archive's
    // records between 4 MiB page captures. The peak resident memory stays
    // far below the stream's size.
    let (records, known) = archive();
    let page = vec![b'x'; 4 << 20];
    let mut round = records.concat();
    round.extend(response(
        "https://poetry.example/big.html",
        D1,
        "HTTP/1.1 200 OK",
        "",
    ));
    round.truncate(round.len() - 4);
    let big = record(
        "response",
        "https://poetry.example/big.html",
        D1,
        "",
        &[b"HTTP/1.1 200 OK\r\n\r\n".as_slice(), &page].concat(),
    );
    let mut round = records.concat();
    round.extend(&big);
    let total: usize = 256 << 20;
    let mut child = Command::new(BIN)
        .args(["warc", "--agent", "GPTBot", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut lines = 0u64;
        let mut buf = vec![0u8; 1 << 16];
        loop {
            let n = stdout.read(&mut buf).unwrap();
            if n == 0 {
                return lines;
            }
            lines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let (mut sent, mut rounds) = (0, 0u64);
    while sent < total {
        stdin.write_all(&round).unwrap();
        sent += round.len();
        rounds += 1;
    }
    let peak = peak_rss_kib(pid);
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let lines = reader.join().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(lines, rounds * known.len() as u64);
    assert!(
        peak > 0 && peak < 96 * 1024,
        "peak resident memory {peak} KiB for a {total}-byte stream"
    );
}
