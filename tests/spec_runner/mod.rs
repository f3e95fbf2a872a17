//! Runs the shared cases of `spec/cases/` (see `spec/README.md`) through an
//! [`Api`]: the Rust API (`tests/spec.rs`) and the C ABI called from Rust
//! (`capi/tests/spec.rs`) each implement it and call [`main`].
//!
//! The runner is its own test harness: it prints a line per case, the count
//! of checks it ran, and exits non-zero on any failure. It also holds the
//! case files to their format: a field a kind does not know is an error, so
//! a misspelt expectation cannot go unchecked.

#![allow(dead_code)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::Value;

/// What a matcher says after one query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    pub allowed: bool,
    pub matching_line: u32,
    pub ever_seen_specific_agent: bool,
}

/// One parser callback; `kind` is `user-agent`, `allow`, `disallow`,
/// `sitemap` or `unknown` (which alone has a `key`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub line: u32,
    pub kind: &'static str,
    pub key: Vec<u8>,
    pub value: Vec<u8>,
}

/// One line of a reporter's report: the tag as the vocabulary names it, and
/// the names of the `LineMetadata` fields that are true.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportedLine {
    pub line_num: u32,
    pub tag: &'static str,
    pub is_typo: bool,
    pub flags: Vec<&'static str>,
}

/// A reporter's counts and lines after one parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub valid_directives: u32,
    pub last_line_seen: u32,
    pub lines: Vec<ReportedLine>,
}

/// The tag names, by Google's `RobotsTagName` value.
pub const TAGS: [&str; 6] = [
    "unknown",
    "user-agent",
    "allow",
    "disallow",
    "sitemap",
    "unused",
];

/// The `LineMetadata` fields in Google's order, as the cases name them.
pub const FLAGS: [&str; 7] = [
    "is_empty",
    "has_comment",
    "is_comment",
    "has_directive",
    "is_acceptable_typo",
    "is_line_too_long",
    "is_missing_colon_separator",
];

/// The names of the flags that are true, given in [`FLAGS`] order.
pub fn flags(values: [bool; 7]) -> Vec<&'static str> {
    FLAGS
        .iter()
        .zip(values)
        .filter(|(_, on)| *on)
        .map(|(name, _)| *name)
        .collect()
}

/// What a case asks of the interface under test. An implementation may
/// panic on an inconsistency of its own (two of its APIs disagreeing): the
/// case then fails with that message.
pub trait Api {
    /// `OneAgentAllowedByRobots` on a fresh matcher, and what it says after.
    fn allowed(&self, robots: &[u8], agent: &[u8], url: &[u8]) -> Answer;
    /// `IsValidUserAgentToObey`; `None` is a null string.
    fn is_valid_user_agent_to_obey(&self, agent: Option<&[u8]>) -> bool;
    /// `ParseRobotsTxt` with a handler that records every callback.
    fn parse(&self, robots: &[u8]) -> Vec<Event>;
    /// `ParseRobotsTxt` with a fresh `RobotsParsingReporter`.
    fn report(&self, robots: &[u8]) -> Report;
    /// `GetPathParamsQuery`.
    fn path_params_query(&self, url: &[u8]) -> Vec<u8>;
    /// `MaybeEscapePattern`.
    fn escape_pattern(&self, pattern: &[u8]) -> Vec<u8>;
}

/// `spec/cases/`, found from this crate's manifest.
pub fn cases_dir(manifest_dir: &str) -> PathBuf {
    let mut dir = Path::new(manifest_dir).to_path_buf();
    while !dir.join("spec/cases").is_dir() {
        assert!(dir.pop(), "no spec/cases above {manifest_dir}");
    }
    dir.join("spec/cases")
}

/// Every `*.json` under `dir`, in sorted path order.
pub fn case_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// A bytes value: a string, or a list of strings, `{"hex"}` and
/// `{"repeat", "times"}` segments.
pub fn bytes(value: &Value) -> Result<Vec<u8>, String> {
    match value {
        Value::String(s) => Ok(s.as_bytes().to_vec()),
        Value::Array(segments) => {
            let mut out = Vec::new();
            for segment in segments {
                match segment {
                    Value::String(s) => out.extend_from_slice(s.as_bytes()),
                    Value::Object(o) if o.len() == 1 && o.contains_key("hex") => {
                        let hex = o["hex"].as_str().ok_or("hex is not a string")?;
                        if hex.len() % 2 != 0 {
                            return Err(format!("odd hex {hex:?}"));
                        }
                        for i in (0..hex.len()).step_by(2) {
                            let byte = u8::from_str_radix(&hex[i..i + 2], 16)
                                .map_err(|e| format!("hex {hex:?}: {e}"))?;
                            out.push(byte);
                        }
                    }
                    Value::Object(o)
                        if o.len() == 2 && o.contains_key("repeat") && o.contains_key("times") =>
                    {
                        let unit = bytes(&o["repeat"])?;
                        let times = o["times"].as_u64().ok_or("times is not a count")?;
                        for _ in 0..times {
                            out.extend_from_slice(&unit);
                        }
                    }
                    other => return Err(format!("not a segment: {other}")),
                }
            }
            Ok(out)
        }
        other => Err(format!("not a bytes value: {other}")),
    }
}

/// Bytes as a failure message shows them.
pub fn show(b: &[u8]) -> String {
    let mut s = String::new();
    for chunk in b.utf8_chunks() {
        for c in chunk.valid().chars() {
            if s.len() > 120 {
                return format!("{s}...({} bytes)", b.len());
            }
            match c {
                '\n' => s.push_str("\\n"),
                '\r' => s.push_str("\\r"),
                c if c.is_control() => s.push_str(&format!("\\u{{{:x}}}", c as u32)),
                c => s.push(c),
            }
        }
        for byte in chunk.invalid() {
            s.push_str(&format!("\\x{byte:02X}"));
        }
    }
    s
}

fn show_event(e: &Event) -> String {
    if e.kind == "unknown" {
        format!("{} unknown {}={}", e.line, show(&e.key), show(&e.value))
    } else {
        format!("{} {} {}", e.line, e.kind, show(&e.value))
    }
}

/// One check's fields, each read once: what is left over was misspelt.
struct Fields<'a> {
    object: &'a serde_json::Map<String, Value>,
    used: Vec<&'static str>,
}

impl<'a> Fields<'a> {
    fn of(value: &'a Value) -> Result<Self, String> {
        let object = value
            .as_object()
            .ok_or_else(|| format!("not an object: {value}"))?;
        Ok(Fields {
            object,
            used: Vec::new(),
        })
    }
    fn get(&mut self, key: &'static str) -> Option<&'a Value> {
        self.used.push(key);
        self.object.get(key)
    }
    fn need(&mut self, key: &'static str) -> Result<&'a Value, String> {
        self.get(key).ok_or_else(|| format!("no \"{key}\""))
    }
    fn bytes(&mut self, key: &'static str) -> Result<Vec<u8>, String> {
        bytes(self.need(key)?).map_err(|e| format!("\"{key}\": {e}"))
    }
    fn bool(&mut self, key: &'static str) -> Result<Option<bool>, String> {
        self.get(key)
            .map(|v| {
                v.as_bool()
                    .ok_or_else(|| format!("\"{key}\" is not a boolean"))
            })
            .transpose()
    }
    fn count(&mut self, key: &'static str) -> Result<Option<u64>, String> {
        self.get(key)
            .map(|v| {
                v.as_u64()
                    .ok_or_else(|| format!("\"{key}\" is not a count"))
            })
            .transpose()
    }
    fn done(self) -> Result<(), String> {
        match self
            .object
            .keys()
            .find(|k| !self.used.contains(&k.as_str()))
        {
            Some(k) => Err(format!("unknown field \"{k}\"")),
            None => Ok(()),
        }
    }
}

/// Runs one check; returns how many checks it counts for, or what failed.
fn run_check(api: &dyn Api, check: &Value) -> Result<usize, String> {
    let mut f = Fields::of(check)?;
    let kind = f.need("kind")?.as_str().unwrap_or_default().to_owned();
    let mut failures = Vec::new();
    let mut expect = |ok: bool, what: String| {
        if !ok {
            failures.push(what);
        }
    };
    let mut counted = 1;
    match kind.as_str() {
        "allowed" => {
            let robots = f.bytes("robots")?;
            let queries = f
                .need("queries")?
                .as_array()
                .ok_or("queries is not a list")?;
            counted = queries.len();
            for query in queries {
                let mut q = Fields::of(query)?;
                let agent = q.bytes("agent")?;
                let url = q.bytes("url")?;
                let allowed = q.bool("allowed")?.ok_or("no \"allowed\"")?;
                let line = q.count("line")?;
                let specific = q.bool("specific")?;
                q.done()?;
                let got = api.allowed(&robots, &agent, &url);
                let what = format!("agent {:?}, url {:?}", show(&agent), show(&url));
                expect(
                    got.allowed == allowed,
                    format!("{what}: allowed {}, expected {allowed}", got.allowed),
                );
                if let Some(line) = line {
                    expect(
                        u64::from(got.matching_line) == line,
                        format!(
                            "{what}: matching line {}, expected {line}",
                            got.matching_line
                        ),
                    );
                }
                if let Some(specific) = specific {
                    expect(
                        got.ever_seen_specific_agent == specific,
                        format!(
                            "{what}: ever seen specific agent {}, expected {specific}",
                            got.ever_seen_specific_agent
                        ),
                    );
                }
            }
        }
        "valid_agent" => {
            let agent = match f.need("agent")? {
                Value::Null => None,
                v => Some(bytes(v)?),
            };
            let valid = f.bool("valid")?.ok_or("no \"valid\"")?;
            let got = api.is_valid_user_agent_to_obey(agent.as_deref());
            expect(
                got == valid,
                format!(
                    "agent {:?}: valid {got}, expected {valid}",
                    agent.as_deref().map(show)
                ),
            );
        }
        "events" => {
            let robots = f.bytes("robots")?;
            let mut want = Vec::new();
            for e in f.need("events")?.as_array().ok_or("events is not a list")? {
                let e = e.as_array().ok_or("an event is not a list")?;
                let line = e
                    .first()
                    .and_then(Value::as_u64)
                    .ok_or("an event without a line")?;
                let kind = e
                    .get(1)
                    .and_then(Value::as_str)
                    .ok_or("an event without a kind")?;
                let values = e[2..].iter().map(bytes).collect::<Result<Vec<_>, _>>()?;
                want.push(match values.as_slice() {
                    [key, value] => format!("{line} {kind} {}={}", show(key), show(value)),
                    [value] => format!("{line} {kind} {}", show(value)),
                    _ => return Err(format!("event {e:?}: one value, or a key and a value")),
                });
            }
            let got: Vec<String> = api.parse(&robots).iter().map(show_event).collect();
            expect(got == want, format!("events {got:#?}, expected {want:#?}"));
        }
        "parse_stats" => {
            let robots = f.bytes("robots")?;
            // The handler of Google's robots_test.cc, over the callbacks.
            let events = api.parse(&robots);
            let unknown = events.iter().filter(|e| e.kind == "unknown").count() as u64;
            let valid = events.len() as u64 - unknown;
            let last = events.last().map_or(0, |e| u64::from(e.line));
            let sitemap: Vec<u8> = events
                .iter()
                .filter(|e| e.kind == "sitemap")
                .flat_map(|e| e.value.iter().copied())
                .collect();
            for (key, got) in [
                ("valid_directives", valid),
                ("unknown_directives", unknown),
                ("last_line_seen", last),
            ] {
                if let Some(want) = f.count(key)? {
                    expect(got == want, format!("{key} {got}, expected {want}"));
                }
            }
            if f.get("sitemap").is_some() {
                let want = f.bytes("sitemap")?;
                expect(
                    sitemap == want,
                    format!("sitemap {:?}, expected {:?}", show(&sitemap), show(&want)),
                );
            }
        }
        "report" => {
            let robots = f.bytes("robots")?;
            let got = api.report(&robots);
            for (key, value) in [
                ("valid_directives", u64::from(got.valid_directives)),
                ("last_line_seen", u64::from(got.last_line_seen)),
                ("results_count", got.lines.len() as u64),
            ] {
                if let Some(want) = f.count(key)? {
                    expect(value == want, format!("{key} {value}, expected {want}"));
                }
            }
            for want in f
                .get("lines")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let mut l = Fields::of(want)?;
                let n = l.count("line")?.ok_or("a line without \"line\"")?;
                let tag = l
                    .get("tag")
                    .map(|t| t.as_str().unwrap_or_default().to_owned());
                let typo = l.bool("typo")?;
                let flags = l.get("flags").map(|f| {
                    let mut names: Vec<String> = f
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|n| n.as_str().unwrap_or_default().to_owned())
                        .collect();
                    names.sort();
                    names
                });
                l.done()?;
                let Some(line) = usize::try_from(n)
                    .ok()
                    .and_then(|n| got.lines.get(n.wrapping_sub(1)))
                else {
                    expect(false, format!("line {n}: not reported"));
                    continue;
                };
                expect(
                    u64::from(line.line_num) == n,
                    format!("line {n}: numbered {}", line.line_num),
                );
                if let Some(tag) = tag {
                    expect(
                        line.tag == tag,
                        format!("line {n}: tag {}, expected {tag}", line.tag),
                    );
                }
                if let Some(typo) = typo {
                    expect(
                        line.is_typo == typo,
                        format!("line {n}: typo {}, expected {typo}", line.is_typo),
                    );
                }
                if let Some(want) = flags {
                    let mut have: Vec<String> = line.flags.iter().map(|s| s.to_string()).collect();
                    have.sort();
                    expect(
                        have == want,
                        format!("line {n}: flags {have:?}, expected {want:?}"),
                    );
                }
            }
        }
        "path" => {
            let url = f.bytes("url")?;
            let want = f.bytes("path")?;
            let got = api.path_params_query(&url);
            expect(
                got == want,
                format!(
                    "url {:?}: path {:?}, expected {:?}",
                    show(&url),
                    show(&got),
                    show(&want)
                ),
            );
        }
        "escape" => {
            let pattern = f.bytes("pattern")?;
            let want = f.bytes("escaped")?;
            let got = api.escape_pattern(&pattern);
            expect(
                got == want,
                format!(
                    "pattern {:?}: {:?}, expected {:?}",
                    show(&pattern),
                    show(&got),
                    show(&want)
                ),
            );
        }
        other => {
            return Err(format!(
                "unknown check kind {other:?}: a runner runs every kind"
            ));
        }
    }
    f.done()?;
    if failures.is_empty() {
        Ok(counted)
    } else {
        Err(failures.join("\n"))
    }
}

/// Runs every case of every file under `spec/cases/` through `api`, printing
/// a line per case and the count; `through` names the interface. Arguments
/// that do not start with `-` select the cases whose name contains them.
pub fn main(manifest_dir: &str, through: &str, api: &dyn Api) -> ExitCode {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let dir = cases_dir(manifest_dir);
    let (mut cases, mut checks, mut failed) = (0usize, 0usize, Vec::new());
    let mut names = std::collections::HashSet::new();
    // A panic is a failure of its case: say it there, not on stderr.
    std::panic::set_hook(Box::new(|_| {}));
    for path in case_files(&dir) {
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let doc: Value = match serde_json::from_str(&text) {
            Ok(doc) => doc,
            Err(e) => {
                println!("spec file {} ... FAILED: {e}", path.display());
                failed.push(path.display().to_string());
                continue;
            }
        };
        let suite = doc["suite"].as_str().unwrap_or("?");
        for test in doc["tests"].as_array().into_iter().flatten() {
            let name = format!("{suite}.{}", test["name"].as_str().unwrap_or("?"));
            if !names.insert(name.clone()) {
                println!("test {name} ... FAILED: the name is taken");
                failed.push(name);
                continue;
            }
            if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
                continue;
            }
            cases += 1;
            let mut errors = Vec::new();
            for (i, check) in test["checks"].as_array().into_iter().flatten().enumerate() {
                match catch_unwind(AssertUnwindSafe(|| run_check(api, check))) {
                    Ok(Ok(n)) => checks += n,
                    Ok(Err(e)) => errors.push(format!("check {}: {e}", i + 1)),
                    Err(panic) => {
                        let msg = panic
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        errors.push(format!("check {}: panicked: {msg}", i + 1));
                    }
                }
            }
            if errors.is_empty() {
                println!("test {name} ... ok");
            } else {
                println!(
                    "test {name} ... FAILED\n    {}",
                    errors.join("\n    ").replace('\n', "\n    ")
                );
                failed.push(name);
            }
        }
    }
    let _ = std::panic::take_hook();
    println!(
        "\nspec: {checks} checks in {cases} cases through {through}; {} failed",
        failed.len()
    );
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        println!("failed:\n    {}", failed.join("\n    "));
        ExitCode::FAILURE
    }
}
