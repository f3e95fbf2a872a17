//! Deciding URLs against one robots.txt, behind one small seam so the engine
//! can change: `Robots` parsed once for many URLs, Google's streaming matcher
//! for one; and the deciding line's text, for `--explain` and `--diff`.

use std::cell::OnceCell;

use robotstxt_exact::crawler::MAX_ROBOTS_TXT_BYTES;
use robotstxt_exact::lint::{self, SourceLines};
use robotstxt_exact::preferences::{Preferences, Signal, Stated, UsageCategory};
use robotstxt_exact::{Robots, RobotsMatcher};

use crate::output::{plural, printable};
use crate::robots_txt::Rules;

/// What the tool needs to know about one query.
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// The deciding line, 0 when no rule matched.
    pub matching_line: u32,
    /// Whether a group names one of the agents (so `*` was ignored).
    pub specific_group: bool,
}

/// Which size limit cut a body.
#[derive(Debug, Clone, Copy)]
enum CutBy {
    /// The 500 KiB Googlebot reads.
    Googlebot,
    /// `--max-fetch-bytes`.
    FetchLimit,
}

impl CutBy {
    fn name(self) -> &'static str {
        match self {
            CutBy::Googlebot => "the 500 KiB limit",
            CutBy::FetchLimit => "the fetch limit (--max-fetch-bytes)",
        }
    }

    /// The option that reads the whole line.
    fn lifted_by(self) -> &'static str {
        match self {
            CutBy::Googlebot => "--no-size-limit",
            CutBy::FetchLimit => "a larger --max-fetch-bytes",
        }
    }
}

/// Decides URLs against one robots.txt, parsed once, and finds the text of
/// deciding lines.
pub struct Decider<'a> {
    rules: &'a Rules,
    robots: Option<Robots>,
    /// For a single query, Google's streaming matcher instead of `Robots`:
    /// it keeps nothing of the body, so memory stays at the body's size
    /// whatever its layout.
    single: Option<std::cell::RefCell<(RobotsMatcher, &'a [u8])>>,
    lines: Option<LineIndex<'a>>,
    /// The first line not wholly within the 500 KiB Google reads, when the
    /// body is larger.
    past_limit: Option<u32>,
    /// For the usage preferences of `--explain`, when `robots` is not kept:
    /// parsed on first use, and only for a body that has preference lines.
    preference_robots: OnceCell<Option<Robots>>,
    /// The last line, when a size limit cut the body inside it (only its
    /// first part was read, and it may read as a broader rule), and the
    /// limit.
    cut_line: Option<(u32, CutBy)>,
}

impl<'a> Decider<'a> {
    /// `with_lines`: keep an index to show deciding lines. `one_query`:
    /// only one URL will be checked.
    pub fn new(rules: &'a Rules, with_lines: bool, one_query: bool) -> Self {
        let Rules::Body(body, cut) = rules else {
            return Decider {
                rules,
                robots: None,
                single: None,
                lines: None,
                past_limit: None,
                preference_robots: OnceCell::new(),
                cut_line: None,
            };
        };
        let streaming = || {
            let matcher = RobotsMatcher::new();
            (None, Some(std::cell::RefCell::new((matcher, &body[..]))))
        };
        let (robots, single) = if one_query {
            streaming()
        } else {
            // Without the memory for the parsed form, each URL streams the
            // body as Google's matcher does: the same answers, in memory
            // the size of the body.
            match Robots::try_parse(body) {
                Ok(robots) => (Some(robots), None),
                Err(_) => streaming(),
            }
        };
        Decider {
            rules,
            robots,
            single,
            lines: with_lines.then(|| LineIndex::new(body)),
            past_limit: first_line_past_limit(body),
            preference_robots: OnceCell::new(),
            cut_line: cut.filter(|c| c.inside_line).map(|c| {
                let line = u32::try_from(lint::line_count(body)).unwrap_or(u32::MAX);
                let by = if c.at == MAX_ROBOTS_TXT_BYTES {
                    CutBy::Googlebot
                } else {
                    CutBy::FetchLimit
                };
                (line, by)
            }),
        }
    }

    /// The usage preferences that apply to `agents` for `url`; empty when
    /// the file has no `Content-Signal` or `Content-Usage` line (or no
    /// memory to parse it).
    pub fn preferences(&self, agents: &[&[u8]], url: &[u8]) -> Preferences {
        let robots = match (&self.robots, self.rules) {
            (Some(robots), _) => Some(robots),
            (None, Rules::Body(body, _)) => self
                .preference_robots
                .get_or_init(|| {
                    has_preference_lines(body)
                        .then(|| Robots::try_parse(body).ok())
                        .flatten()
                })
                .as_ref(),
            (None, _) => None,
        };
        robots.map_or_else(Preferences::default, |r| r.preferences(agents, url))
    }

    /// The verdict on `url` for the crawler named by `agents`.
    pub fn check(&self, agents: &[&[u8]], url: &[u8]) -> Outcome {
        if let Some(single) = &self.single {
            let mut single = single.borrow_mut();
            let (matcher, body) = &mut *single;
            let allowed = matcher.allowed_by_robots(*body, agents, url);
            return Outcome {
                allowed,
                matching_line: matcher.matching_line(),
                specific_group: matcher.ever_seen_specific_agent(),
            };
        }
        match (&self.robots, self.rules) {
            (Some(robots), _) => {
                let answer = robots.check(agents, url);
                Outcome {
                    allowed: answer.allowed,
                    matching_line: answer.matching_line,
                    specific_group: answer.ever_seen_specific_agent,
                }
            }
            (None, rules) => Outcome {
                allowed: !matches!(rules, Rules::DisallowAll(_)),
                matching_line: 0,
                specific_group: false,
            },
        }
    }

    /// Why there are no rules, for a fetch that gave none.
    fn no_rules(&self) -> Option<&str> {
        match self.rules {
            Rules::Body(..) => None,
            Rules::AllowAll(why) | Rules::DisallowAll(why) => Some(why),
        }
    }

    fn line(&self, n: u32) -> Option<&'a [u8]> {
        self.lines.as_ref().and_then(|l| l.get(n))
    }

    /// The text of line `n`; empty when unknown.
    pub fn line_text(&self, n: u32) -> &'a [u8] {
        self.line(n).unwrap_or(b"")
    }

    /// Whether line `n` lies past the 500 KiB Googlebot reads.
    pub fn is_past_limit(&self, n: u32) -> bool {
        self.past_limit.is_some_and(|p| n >= p && n > 0)
    }

    /// Whether line `n` is the one a size limit cut in two.
    pub fn is_cut_line(&self, n: u32) -> bool {
        n > 0 && self.cut_line.is_some_and(|(line, _)| line == n)
    }

    /// The warning for `urls` URLs decided by the line the size limit cut
    /// in two (`file` names the file, for `--diff`).
    pub fn cut_line_warning(&self, urls: usize, file: &str) -> Option<String> {
        let (line, by) = self.cut_line.filter(|_| urls > 0)?;
        Some(format!(
            "warning: {} decided by line {line}{file}, which {} cuts in two: only its \
             first part was read, and it may match more than the whole line would; Google \
             does not document what Googlebot makes of a cut line ({} reads the whole line)",
            plural(urls, "URL was", "URLs were"),
            by.name(),
            by.lifted_by(),
        ))
    }

    /// ` [line 3, specific group] Allow: /x` and the like.
    pub fn explain_text(&self, outcome: &Outcome) -> Vec<u8> {
        if let Some(why) = self.no_rules() {
            return format!(" [no rules: {why}]").into_bytes();
        }
        let group = if outcome.specific_group {
            "specific group"
        } else {
            "global group"
        };
        match outcome.matching_line {
            0 if outcome.specific_group => format!(" [no matching rule, {group}]").into_bytes(),
            0 => b" [no matching rule]".to_vec(),
            n => {
                let past = if self.is_past_limit(n) {
                    ", past the 500 KiB Googlebot reads"
                } else if let Some((_, by)) = self.cut_line.filter(|_| self.is_cut_line(n)) {
                    &format!(", cut short by {}", by.name())
                } else {
                    ""
                };
                let mut text = format!(" [line {n}, {group}{past}] ").into_bytes();
                text.extend_from_slice(&printable(self.line(n).unwrap_or(b"")));
                text
            }
        }
    }

    /// ` [Content-Signal search=yes (line 4), ai-train=no (line 4);
    /// Content-Usage train-ai=n (line 6)]`, or nothing when no preference
    /// applies.
    pub fn preferences_text(preferences: &Preferences) -> Vec<u8> {
        let parts: Vec<String> = preference_parts(preferences)
            .into_iter()
            .filter(|(_, values)| !values.is_empty())
            .map(|(key, values)| {
                let values: Vec<String> = values
                    .iter()
                    .map(|(name, value, line)| format!("{name}={value} (line {line})"))
                    .collect();
                format!("{key} {}", values.join(", "))
            })
            .collect();
        if parts.is_empty() {
            return Vec::new();
        }
        format!(" [{}]", parts.join("; ")).into_bytes()
    }

    /// The `preferences` key: per line kind, per name, the value and line;
    /// only what applies.
    pub fn preferences_json(preferences: &Preferences, value: &mut serde_json::Value) {
        let mut object = serde_json::Map::new();
        for (key, values) in preference_parts(preferences) {
            let mut names = serde_json::Map::new();
            for (name, value, line) in values {
                names.insert(
                    name.into(),
                    serde_json::json!({"value": value, "line": line}),
                );
            }
            object.insert(key.into(), names.into());
        }
        value["preferences"] = object.into();
    }

    /// The `line`, `rule`, `specific_group` (and `past_size_limit`) keys.
    pub fn explain_json(&self, outcome: &Outcome, value: &mut serde_json::Value) {
        value["line"] = match outcome.matching_line {
            0 => serde_json::Value::Null,
            n => n.into(),
        };
        value["rule"] = match outcome.matching_line {
            0 => serde_json::Value::Null,
            n => String::from_utf8_lossy(self.line(n).unwrap_or(b""))
                .into_owned()
                .into(),
        };
        value["specific_group"] = outcome.specific_group.into();
        if self.past_limit.is_some() {
            value["past_size_limit"] = self.is_past_limit(outcome.matching_line).into();
        }
        if self.cut_line.is_some() {
            value["cut_at_size_limit"] = self.is_cut_line(outcome.matching_line).into();
        }
        if let Some(why) = self.no_rules() {
            value["no_rules"] = why.into();
        }
    }
}

/// Whether `body` has a line whose key could be `Content-Signal` or
/// `Content-Usage` (ignoring case): a cheap test before parsing it again.
fn has_preference_lines(body: &[u8]) -> bool {
    body.windows(b"content-".len() + 5).any(|w| {
        w[..8].eq_ignore_ascii_case(b"content-")
            && (w[8..].eq_ignore_ascii_case(b"signa") || w[8..].eq_ignore_ascii_case(b"usage"))
    })
}

/// What applies, per line kind: the key and (name, value, line) triples.
type PreferenceParts = Vec<(&'static str, Vec<(&'static str, &'static str, u32)>)>;

fn preference_parts(p: &Preferences) -> PreferenceParts {
    let signal = |s: Stated| if s.allowed { "yes" } else { "no" };
    let usage = |s: Stated| if s.allowed { "y" } else { "n" };
    let signals = Signal::ALL
        .into_iter()
        .filter_map(|n| p.signal(n).map(|s| (n.as_str(), signal(s), s.line)))
        .chain(p.content_use.map(|u| ("use", u.value.as_str(), u.line)))
        .collect();
    let usages = UsageCategory::ALL
        .into_iter()
        .filter_map(|c| p.usage(c).map(|s| (c.as_str(), usage(s), s.line)))
        .collect();
    vec![("Content-Signal", signals), ("Content-Usage", usages)]
}

/// The first line of `body` not wholly within the first
/// [`MAX_ROBOTS_TXT_BYTES`], if the body is larger.
fn first_line_past_limit(body: &[u8]) -> Option<u32> {
    if body.len() <= MAX_ROBOTS_TXT_BYTES {
        return None;
    }
    SourceLines::new(body)
        .position(|(offset, text)| offset + text.len() > MAX_ROBOTS_TXT_BYTES)
        .map(|i| u32::try_from(i + 1).unwrap_or(u32::MAX))
}

/// Finds the text of a line by number without keeping every line: the
/// offset of every 64th line, then a short walk (an eighth of a byte per
/// line, where a list of all lines would take sixteen).
struct LineIndex<'a> {
    body: &'a [u8],
    marks: Vec<usize>,
}

const LINE_INDEX_STEP: usize = 64;

impl<'a> LineIndex<'a> {
    fn new(body: &'a [u8]) -> Self {
        let marks = SourceLines::new(body)
            .step_by(LINE_INDEX_STEP)
            .map(|(offset, _)| offset)
            .collect();
        LineIndex { body, marks }
    }

    fn get(&self, n: u32) -> Option<&'a [u8]> {
        let i = (n as usize).checked_sub(1)?;
        let start = *self.marks.get(i / LINE_INDEX_STEP)?;
        SourceLines::from_offset(self.body, start)
            .nth(i % LINE_INDEX_STEP)
            .map(|(_, text)| text)
    }
}
