//! What the tests of the `robots` binary share: running it, files to give
//! it, and the local server of the fetch tests (`server`).
//!
//! The three-argument form's expected bytes and exit statuses come from
//! Google's `robots_main.cc` and from a recording of Google's own binary
//! (run as `robots_main`, hence `arg0("robots_main")`). The extended modes'
//! expected outputs follow from Google's matching rules, worked out by hand
//! in the tests' comments.

// Each test file uses some of these.
#![allow(dead_code, unused_imports)]

pub mod server;

pub use server::{Reply, Server};

// What every test file uses, brought in with `use common::*`.
pub use std::ffi::OsStr;
pub use std::io::Write;
pub use std::os::unix::ffi::OsStrExt;
pub use std::os::unix::process::CommandExt;
pub use std::path::{Path, PathBuf};
pub use std::process::{Command, Output, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_robots");

/// Google's help text for a program invoked as `argv0`.
pub fn google_help(argv0: &str) -> String {
    format!(
        "Shows whether the given user_agent and URI combination is allowed or disallowed by \
         the given robots.txt file. \n\nUsage: \n  {argv0} <robots.txt filename> <user_agent> \
         <URI>\n\nThe URI must be %-encoded according to RFC3986.\n\nExample: \n  {argv0} \
         robots.txt FooBot http://example.com/foo\n"
    )
}

pub fn invalid_amount(argv0: &str) -> String {
    format!(
        "Invalid amount of arguments. Showing help.\n\n{}",
        google_help(argv0)
    )
}

/// A directory of its own per test, under Cargo's scratch space.
pub fn dir(test: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub fn file(dir: &Path, name: &str, body: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p
}

/// The recording's robots.txt.
pub const ROBOTS: &[u8] = b"User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: *\nDisallow: /all-no\n";

/// Runs the binary as `robots_main` with raw-byte arguments.
pub fn google<A: AsRef<OsStr>>(args: &[A]) -> Output {
    Command::new(BIN)
        .arg0("robots_main")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

pub fn run_in(cwd: &Path, args: &[&OsStr], stdin: &[u8]) -> Output {
    let mut command = Command::new(BIN);
    // Fetches go to 127.0.0.1 only, never through a proxy.
    for var in ["http_proxy", "https_proxy", "all_proxy", "no_proxy"] {
        command.env_remove(var).env_remove(var.to_uppercase());
    }
    command.arg0("robots").args(args).current_dir(cwd);
    output_of(command, stdin)
}

/// Runs `command` with `stdin` as its input and its output captured.
pub fn output_of(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The tool may exit before reading; a closed pipe is fine then.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    run_in(Path::new("."), &args, stdin)
}

#[track_caller]
pub fn assert_output(out: &Output, code: i32, stdout: &[u8], stderr: &[u8]) {
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(stdout),
        "stdout"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(stderr),
        "stderr"
    );
    assert_eq!(out.stdout, stdout, "stdout bytes");
    assert_eq!(out.stderr, stderr, "stderr bytes");
    assert_eq!(out.status.code(), Some(code), "exit status");
}

pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A byte order mark, a NUL inside a rule (Google stops the line there), a
/// Latin-1 rule (escaped to %E9) and an invalid UTF-8 byte before a NUL.
pub const NON_UTF8: &[u8] =
    b"\xef\xbb\xbfUser-agent: *\nDisallow: /a\x00b\nDisallow: /\xe9t\xe9\nAllow: /ok\xff\x00zz\n";

/// The JSON Lines of a `--lint --json` run: the line objects and the summary.
pub fn json_lines(stdout: &[u8]) -> (Vec<serde_json::Value>, serde_json::Value) {
    let mut values: Vec<serde_json::Value> = stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let summary = values.pop().unwrap();
    (values, summary["summary"].clone())
}

/// The `--check ... --explain` verdict for one URL of a site, and standard
/// error.
pub fn fetch_check(site: &str, url: &str, extra: &[&str]) -> (Output, String, String) {
    let mut args = vec![
        "--check",
        site,
        "--agent",
        "FooBot",
        "--url",
        url,
        "--explain",
    ];
    args.extend_from_slice(extra);
    let out = run(&args, b"");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stdout, stderr)
}

/// A 2 MB robots.txt whose `Disallow: /late` lies past the first 500 KiB,
/// on line `late_line`.
pub fn two_megabytes() -> (Vec<u8>, usize) {
    let mut body = b"User-agent: *\nDisallow: /early\n".to_vec();
    while body.len() < 600_000 {
        body.extend_from_slice(b"# filler filler filler filler\n");
    }
    let late_line = body.iter().filter(|&&b| b == b'\n').count() + 1;
    body.extend_from_slice(b"Disallow: /late\n");
    while body.len() < 2_000_000 {
        body.extend_from_slice(b"# filler filler filler filler\n");
    }
    (body, late_line)
}

/// The binary with its address space capped at `mib` MiB, and no proxy.
/// The address space holds the binary itself: a cap near its size (a debug
/// build with the tester page embedded maps about 33 MB at rest) leaves
/// room that depends on the build; [`heap_capped`] does not.
#[cfg(target_os = "linux")]
pub fn capped(mib: u64) -> Command {
    limited(Cap::AddressSpace, mib)
}

/// The binary with its heap capped at `mib` MiB, and no proxy: its data
/// segment and private writable mappings, which hold every allocation
/// (Linux counts anonymous mappings in `RLIMIT_DATA` since 4.7), but not
/// its code or read-only data, so that the room for what it allocates is
/// the same whatever the build embeds.
#[cfg(target_os = "linux")]
pub fn heap_capped(mib: u64) -> Command {
    limited(Cap::Heap, mib)
}

/// What [`limited`] caps.
#[cfg(target_os = "linux")]
#[derive(Clone, Copy)]
enum Cap {
    AddressSpace,
    Heap,
}

/// The binary with `cap` at `mib` MiB, and no proxy.
#[cfg(target_os = "linux")]
fn limited(cap: Cap, mib: u64) -> Command {
    let mut command = Command::new(BIN);
    let resource = match cap {
        Cap::AddressSpace => libc::RLIMIT_AS,
        Cap::Heap => libc::RLIMIT_DATA,
    };
    let limit = libc::rlimit {
        rlim_cur: mib << 20,
        rlim_max: mib << 20,
    };
    // SAFETY: setrlimit is async-signal-safe and touches only the child.
    unsafe {
        command.pre_exec(move || {
            if libc::setrlimit(resource, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    for var in ["http_proxy", "https_proxy", "all_proxy", "no_proxy"] {
        command.env_remove(var).env_remove(var.to_uppercase());
    }
    // A panic's backtrace, symbolised without memory, can deadlock in the
    // standard library; a failure must show as a failure, not a hang.
    command
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    command
}

/// Runs the binary with its address space capped at `mib` MiB.
#[cfg(target_os = "linux")]
pub fn run_capped(mib: u64, args: &[&OsStr], stdin: &[u8]) -> Output {
    let mut command = capped(mib);
    command.args(args);
    output_of(command, stdin)
}

/// Runs the binary with its heap capped at `mib` MiB.
#[cfg(target_os = "linux")]
pub fn run_heap_capped(mib: u64, args: &[&OsStr], stdin: &[u8]) -> Output {
    let mut command = heap_capped(mib);
    command.args(args);
    output_of(command, stdin)
}
