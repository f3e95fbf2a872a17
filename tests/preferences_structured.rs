//! The Content-Usage statement parser against `sfv`, an RFC 9651
//! implementation: the same inputs parse, and the same preferences come out
//! (draft-ietf-aipref-vocab-08 §6.5: the Token `y` or `n` of the last member
//! with a known label).
//!
//! One known departure is kept out of the inputs: Display String escapes in
//! upper case, which this parser accepts because Google's parser upper-cases
//! every percent escape it reports. No upper-case hex digit (`A` to `F`) is
//! ever generated.

use proptest::prelude::*;
use robotstxt_exact::preferences::structured::parse_dictionary;
use robotstxt_exact::preferences::{UsageCategory, parse_usage_value};
use sfv::{BareItem, Dictionary, ListEntry, Parser};

/// What `sfv` says the statement states, per category: `Some(true)` for
/// `y`, `Some(false)` for `n`, `None` otherwise; `None` overall when it does
/// not parse.
fn reference(input: &str) -> Option<[Option<bool>; 3]> {
    let dict: Dictionary = Parser::new(input).parse().ok()?;
    let mut out = [None; 3];
    for category in UsageCategory::ALL {
        let value = dict
            .iter()
            .find_map(|(key, entry)| (key.as_str() == category.as_str()).then_some(entry));
        out[category.index()] = match value {
            Some(ListEntry::Item(item)) => match &item.bare_item {
                BareItem::Token(t) if t.as_str() == "y" => Some(true),
                BareItem::Token(t) if t.as_str() == "n" => Some(false),
                _ => None,
            },
            _ => None,
        };
    }
    Some(out)
}

fn ours(input: &str) -> Option<[Option<bool>; 3]> {
    parse_dictionary(input.as_bytes(), |_, _| {}).ok()?;
    let parsed = parse_usage_value(input.as_bytes(), |_| {});
    Some(UsageCategory::ALL.map(|c| parsed.stated.get(c.index())))
}

fn check(input: &str) {
    // A value never starts with "/" here, so the whole input is the
    // statement; an empty one is an empty Dictionary for both.
    if input.starts_with('/') {
        return;
    }
    assert_eq!(ours(input), reference(input), "input {input:?}");
}

/// Pieces of RFC 9651 syntax, valid and not, to concatenate.
const PIECES: &[&str] = &[
    "train-ai",
    "search",
    "train-genai",
    "ai-use",
    "a",
    "*",
    "=",
    "y",
    "n",
    "yes",
    "?1",
    "?0",
    "?",
    ",",
    ", ",
    " ",
    "\t",
    ";",
    ";p",
    ";p=1",
    "1",
    "-2",
    "3.25",
    "1.2345",
    "12345678901234567",
    "\"s\"",
    "\"a\\\"b\"",
    "\"x",
    ":YWJj:",
    ":YQ:",
    ":Y:",
    "::",
    "@12",
    "@1.5",
    "%\"caf%c3%a9\"",
    "%\"%ff\"",
    "%\"x\"",
    "(",
    ")",
    "(y n)",
    "()",
    "Tok",
    "Z*",
    "/x:y",
    "_",
    ".",
    "\\",
    "!",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn pieces_parse_as_sfv_does(pieces in prop::collection::vec(prop::sample::select(PIECES), 0..12)) {
        check(&pieces.concat());
    }

    #[test]
    fn bytes_parse_as_sfv_does(input in "[a-z0-9GHZ*=,;:?@%\"()/. \t_\\-]{0,24}") {
        check(&input);
    }
}

#[test]
fn vocab_examples_agree_with_sfv() {
    for input in [
        "train-ai=y, search=n",
        "train-ai=y, train-ai, search=n, search=\"n\"",
        "train-ai;allow=n, train-ai=y",
        "train-ai;has;parameters=\"?\";",
        "train-ai=n",
        "Train-ai=n",
    ] {
        check(input);
    }
}
