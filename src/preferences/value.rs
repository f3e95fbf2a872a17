//! The value of a `Content-Signal` or `Content-Usage` line: an optional path,
//! then a statement.

use super::model::{ContentUse, Signal, Statement, UsageCategory};
use super::structured::{MemberValue, SyntaxError, parse_dictionary};

/// A parsed `Content-Signal` or `Content-Usage` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PreferenceValue<'a> {
    /// The path pattern, when the value starts with `/`
    /// (draft-ietf-aipref-attach-05 §3.2); `None` when absent, which
    /// matches every URL with length 0.
    pub path: Option<&'a [u8]>,
    /// The statement as written, after the path and its separator.
    pub statement: &'a [u8],
    /// What the statement states, by [`Signal::index`] or
    /// [`UsageCategory::index`].
    pub stated: Statement,
    /// `Content-Signal` only: the `use=` item (`immediate`, `reference` or
    /// `full`), the least permissive when given more than once.
    pub content_use: Option<ContentUse>,
}

/// Something wrong in a value. None of these stops the rest of the line
/// from being read, except [`Problem::UsageSyntax`], after which the
/// statement states nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem<'a> {
    /// No statement: the value is empty, or only a path.
    NoStatement,
    /// `Content-Signal`: an item without `=`.
    SignalNoEquals {
        /// The item as written.
        item: &'a [u8],
    },
    /// `Content-Signal`: an empty item (two commas in a row, or one at an
    /// end).
    SignalEmptyItem,
    /// `Content-Signal`: a name that is not `search`, `ai-input`,
    /// `ai-train` or `use`.
    SignalUnknownName {
        /// The name as written.
        name: &'a [u8],
    },
    /// `Content-Signal`: a value other than `yes` or `no` (for `use`: other
    /// than `immediate`, `reference` or `full`).
    SignalBadValue {
        /// The name.
        name: &'a [u8],
        /// The value as written.
        value: &'a [u8],
    },
    /// `Content-Signal`: a name given twice in the line with different
    /// values; `no` is read (for `use`, the least permissive).
    SignalContradicts {
        /// The name.
        name: &'a [u8],
    },
    /// `Content-Signal` with a path: the Content Signals Policy shows none.
    SignalPath,
    /// `Content-Usage`: the statement is not an RFC 9651 Dictionary, so it
    /// states nothing (draft-ietf-aipref-vocab-08 §6.5.1).
    UsageSyntax(SyntaxError),
    /// `Content-Usage`: a label the vocabulary does not define; ignored
    /// (vocab §6.4: "any unknown labels MUST be ignored").
    UsageUnknownLabel {
        /// The label.
        label: &'a [u8],
    },
    /// `Content-Usage`: a known label whose (last) value is not the Token
    /// `y` or `n`, so its preference is unknown (vocab §6.5).
    UsageBadValue {
        /// The label.
        label: &'a [u8],
    },
}

fn is_ws(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|&b| !is_ws(b)).unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_ws(b))
        .map_or(start, |e| e + 1);
    &bytes[start..end]
}

/// Splits a value into its path and statement (attach §3.2): a value that
/// starts with `/` has a path up to the first SP or HTAB, and the statement
/// follows all the SP/HTAB after it (the `1*WS` of attach §3's ABNF).
fn split_path(value: &[u8]) -> (Option<&[u8]>, &[u8]) {
    if value.first() != Some(&b'/') {
        return (None, value);
    }
    let end = value.iter().position(|&b| is_ws(b)).unwrap_or(value.len());
    let rest = &value[end..];
    let skip = rest.iter().position(|&b| !is_ws(b)).unwrap_or(rest.len());
    (Some(&value[..end]), &rest[skip..])
}

/// Parses a `Content-Signal` value: an optional path, then
/// `name=value` items separated by commas; see `docs/AI-PREFERENCES.md`.
pub fn parse_signal_value<'a>(
    value: &'a [u8],
    mut problem: impl FnMut(Problem<'a>),
) -> PreferenceValue<'a> {
    let (path, statement) = split_path(value);
    if path.is_some() {
        problem(Problem::SignalPath);
    }
    let mut stated = Statement::EMPTY;
    let mut content_use = None;
    if trim(statement).is_empty() {
        problem(Problem::NoStatement);
    } else {
        for item in statement.split(|&b| b == b',') {
            let item = trim(item);
            if item.is_empty() {
                problem(Problem::SignalEmptyItem);
                continue;
            }
            let Some(eq) = item.iter().position(|&b| b == b'=') else {
                problem(Problem::SignalNoEquals { item });
                continue;
            };
            let (name, value) = (trim(&item[..eq]), trim(&item[eq + 1..]));
            if name.eq_ignore_ascii_case(b"use") {
                let Some(found) = ContentUse::from_name(value) else {
                    problem(Problem::SignalBadValue { name, value });
                    continue;
                };
                if content_use.is_some_and(|u| u != found) {
                    problem(Problem::SignalContradicts { name });
                }
                content_use = ContentUse::combine(content_use, Some(found));
                continue;
            }
            let Some(signal) = Signal::from_name(name) else {
                problem(Problem::SignalUnknownName { name });
                continue;
            };
            let allowed = if value.eq_ignore_ascii_case(b"yes") {
                true
            } else if value.eq_ignore_ascii_case(b"no") {
                false
            } else {
                problem(Problem::SignalBadValue { name, value });
                continue;
            };
            let index = signal.index();
            if stated.get(index) == Some(!allowed) {
                problem(Problem::SignalContradicts { name });
            }
            stated = stated.combine(Statement::EMPTY.set(index, allowed));
        }
    }
    PreferenceValue {
        path: path.filter(|p| !p.is_empty()),
        statement,
        stated,
        content_use,
    }
}

/// Parses a `Content-Usage` value (attach §3.2, vocab-08 §6.5): an optional
/// path, then an RFC 9651 Dictionary in which the Tokens `y` and `n` of the
/// labels `train-ai`, `ai-use` and `search` state preferences.
pub fn parse_usage_value<'a>(
    value: &'a [u8],
    mut problem: impl FnMut(Problem<'a>),
) -> PreferenceValue<'a> {
    let (path, statement) = split_path(value);
    let mut stated = Statement::EMPTY;
    if statement.is_empty() {
        problem(Problem::NoStatement);
    } else {
        // The members count only if the whole Dictionary parses; problems
        // with them are reported only then too.
        let mut members: Statement = Statement::EMPTY;
        let mut bad: u8 = 0;
        let result = parse_dictionary(statement, |key, value| {
            let Some(category) = UsageCategory::from_label(key) else {
                return;
            };
            let index = category.index();
            members = match value {
                MemberValue::Token(b"y") => members.set(index, true),
                MemberValue::Token(b"n") => members.set(index, false),
                _ => members.unset(index),
            };
            bad = match value {
                MemberValue::Token(b"y" | b"n") => bad & !(1 << index),
                _ => bad | 1 << index,
            };
        });
        match result {
            Err(error) => problem(Problem::UsageSyntax(error)),
            Ok(()) => {
                stated = members;
                // Walk again to report, in order, what the first pass saw.
                let _ = parse_dictionary(statement, |key, _| {
                    if UsageCategory::from_label(key).is_none() {
                        problem(Problem::UsageUnknownLabel { label: key });
                    }
                });
                for category in UsageCategory::ALL {
                    if bad & 1 << category.index() != 0 {
                        problem(Problem::UsageBadValue {
                            label: category.as_str().as_bytes(),
                        });
                    }
                }
            }
        }
    }
    PreferenceValue {
        path: path.filter(|p| !p.is_empty()),
        statement,
        stated,
        content_use: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(value: &str) -> (PreferenceValue<'_>, Vec<Problem<'_>>) {
        let mut problems = Vec::new();
        let parsed = parse_usage_value(value.as_bytes(), |p| problems.push(p));
        (parsed, problems)
    }

    fn signal(value: &str) -> (PreferenceValue<'_>, Vec<Problem<'_>>) {
        let mut problems = Vec::new();
        let parsed = parse_signal_value(value.as_bytes(), |p| problems.push(p));
        (parsed, problems)
    }

    const TRAIN: usize = 0;
    const SEARCH: usize = 1;

    #[test]
    fn attach_example_values() {
        // draft-ietf-aipref-attach-05 §1.2 and §3.4.
        let (v, p) = usage("train-ai=n");
        assert_eq!(
            (v.path, v.stated.get(TRAIN), v.stated.get(SEARCH)),
            (None, Some(false), None)
        );
        assert!(p.is_empty());
        let (v, p) = usage("/ai-ok/ train-ai=y");
        assert_eq!(v.path, Some(&b"/ai-ok/"[..]));
        assert_eq!(v.statement, b"train-ai=y");
        assert_eq!(v.stated.get(TRAIN), Some(true));
        assert!(p.is_empty());
    }

    #[test]
    fn vocab_serialization_example() {
        // vocab §6: "train-ai=y, search=n" allows training, disallows
        // search.
        let (v, _) = usage("train-ai=y, search=n");
        assert_eq!(
            (v.stated.get(TRAIN), v.stated.get(SEARCH)),
            (Some(true), Some(false))
        );
    }

    #[test]
    fn vocab_duplicate_keys_example_leaves_both_unknown() {
        // vocab §6.5.1: "the following results in all preferences being
        // unknown".
        let (v, p) = usage("train-ai=y, train-ai, search=n, search=\"n\"");
        assert!(v.stated.is_empty());
        assert_eq!(
            p,
            [
                Problem::UsageBadValue { label: b"train-ai" },
                Problem::UsageBadValue { label: b"search" }
            ]
        );
    }

    #[test]
    fn vocab_parameters_example_allows() {
        // vocab §6.5.2: "train-ai;allow=n, train-ai=y" carries no
        // parameters, and a preference to allow the usage.
        let (v, p) = usage("train-ai;allow=n, train-ai=y");
        assert_eq!(v.stated.get(TRAIN), Some(true));
        assert!(p.is_empty());
    }

    #[test]
    fn vocab_processing_unknown_cases_are_not_errors() {
        // vocab §6.5: values that are not Tokens, Tokens other than y or n,
        // and absent keys give unknown; unknown labels are ignored (§6.4).
        let (v, p) = usage("train-ai=yes, search=?1, train-genai=n");
        assert!(v.stated.is_empty());
        assert_eq!(
            p,
            [
                Problem::UsageUnknownLabel {
                    label: b"train-genai"
                },
                Problem::UsageBadValue { label: b"train-ai" },
                Problem::UsageBadValue { label: b"search" }
            ]
        );
    }

    #[test]
    fn uppercase_or_broken_statements_state_nothing() {
        // vocab §6.5.1: "If the parsing of the Dictionary fails,
        // preferences are unknown. This includes where keys include
        // uppercase characters".
        let (v, p) = usage("Train-AI=n");
        assert!(v.stated.is_empty());
        assert!(matches!(p[..], [Problem::UsageSyntax(_)]));
        // A valid member before the failure does not count.
        let (v, _) = usage("train-ai=n, search=");
        assert!(v.stated.is_empty());
    }

    #[test]
    fn path_then_whitespace_then_statement() {
        // attach §3.2: the path ends before the first SP or HTAB; the ABNF's
        // `1*WS` separates it from the statement.
        let (v, p) = usage("/a/b\t \ttrain-ai=n");
        assert_eq!(v.path, Some(&b"/a/b"[..]));
        assert_eq!(v.stated.get(TRAIN), Some(false));
        assert!(p.is_empty());
        // A value not starting with "/" has no path (attach §3.2: "a rule
        // value that starts with any other character indicates that the
        // path is absent").
        let (v, _) = usage("*.pdf train-ai=n");
        assert_eq!(v.path, None);
        assert!(v.stated.is_empty());
        // Only a path: no statement.
        let (v, p) = usage("/private/");
        assert_eq!(v.path, Some(&b"/private/"[..]));
        assert_eq!(p, [Problem::NoStatement]);
        assert_eq!(usage("").1, [Problem::NoStatement]);
    }

    #[test]
    fn content_signal_policy_examples() {
        // contentsignals.org and Cloudflare's managed robots.txt.
        let (v, p) = signal("search=yes, ai-input=yes, ai-train=no");
        let s = v.stated;
        assert_eq!(
            (s.get(0), s.get(1), s.get(2)),
            (Some(true), Some(true), Some(false))
        );
        assert!(p.is_empty());
        let (v, p) = signal("ai-train=no, search=yes, ai-input=yes");
        assert_eq!(v.stated, s);
        assert!(p.is_empty());
        // Without spaces, and a signal left out: unset, not yes or no.
        let (v, p) = signal("search=yes,ai-train=no");
        assert_eq!(
            (v.stated.get(0), v.stated.get(1), v.stated.get(2)),
            (Some(true), None, Some(false))
        );
        assert!(p.is_empty());
    }

    #[test]
    fn content_signal_problems() {
        let (v, p) = signal("search=true, ai_train=no, ai-input, , ai-train = No");
        assert_eq!(
            (v.stated.get(0), v.stated.get(1), v.stated.get(2)),
            (None, None, Some(false))
        );
        assert_eq!(
            p,
            [
                Problem::SignalBadValue {
                    name: b"search",
                    value: b"true"
                },
                Problem::SignalUnknownName { name: b"ai_train" },
                Problem::SignalNoEquals { item: b"ai-input" },
                Problem::SignalEmptyItem,
            ]
        );
        let (v, p) = signal("ai-train=yes, ai-train=no");
        assert_eq!(v.stated.get(2), Some(false));
        assert_eq!(p, [Problem::SignalContradicts { name: b"ai-train" }]);
        let (v, p) = signal("/blog/ ai-train=no");
        assert_eq!(v.path, Some(&b"/blog/"[..]));
        assert_eq!(v.stated.get(2), Some(false));
        assert_eq!(p, [Problem::SignalPath]);
        assert_eq!(signal("").1, [Problem::NoStatement]);
    }

    #[test]
    fn content_signal_use_item() {
        // Cloudflare's managed robots.txt:
        // "Content-Signal: search=yes,ai-train=no,use=reference".
        let (v, p) = signal("search=yes,ai-train=no,use=reference");
        assert_eq!(v.content_use, Some(ContentUse::Reference));
        assert_eq!(
            (v.stated.get(0), v.stated.get(2)),
            (Some(true), Some(false))
        );
        assert!(p.is_empty());
        let (v, p) = signal("use=full, use=Immediate, use=everything");
        assert_eq!(v.content_use, Some(ContentUse::Immediate));
        assert_eq!(
            p,
            [
                Problem::SignalContradicts { name: b"use" },
                Problem::SignalBadValue {
                    name: b"use",
                    value: b"everything"
                }
            ]
        );
    }
}
