//! The core's names, codes, bit layouts and limits are those of
//! `spec/vocabulary.json`, which every binding is held to as well.

use std::path::Path;

use robotstxt_exact::crawler::{
    Access, DEFAULT_CACHE_LIFETIME, Decision, FetchOutcome, GOOGLE_STOP_CRAWLING_PERIOD,
    MAX_PARSED_URL_LEN, MAX_REDIRECT_HOPS, MAX_ROBOTS_TXT_BYTES, Policy, UNREACHABLE_GRACE_PERIOD,
};
use robotstxt_exact::parser::MAX_LINE_LEN;
use robotstxt_exact::{KeyType, LineMetadata, RobotsParsedLine, RobotsTagName, get_key_type};
use serde_json::Value;

fn vocabulary() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/vocabulary.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("spec/vocabulary.json"))
        .expect("JSON")
}

/// An enum's values as (name, code), in file order.
fn values(v: &Value, which: &str) -> Vec<(String, u64)> {
    v["enums"][which]["values"]
        .as_array()
        .unwrap_or_else(|| panic!("no enum {which}"))
        .iter()
        .map(|x| {
            (
                x["name"].as_str().expect("a name").to_owned(),
                x["code"].as_u64().expect("a code"),
            )
        })
        .collect()
}

fn ours<T: Copy>(all: &[T], name: fn(T) -> &'static str, code: fn(T) -> u32) -> Vec<(String, u64)> {
    all.iter()
        .map(|&x| (name(x).to_owned(), u64::from(code(x))))
        .collect()
}

#[test]
fn crawler_enums_have_the_vocabularys_names_and_codes() {
    let v = vocabulary();
    assert_eq!(
        ours(&Policy::ALL, Policy::name, Policy::code),
        values(&v, "policy")
    );
    assert_eq!(
        ours(&Access::ALL, Access::name, Access::code),
        values(&v, "access")
    );
    assert_eq!(
        ours(&Decision::ALL, Decision::name, Decision::code),
        values(&v, "decision")
    );
    let mut outcomes = vec![FetchOutcome::Status(200)];
    outcomes.extend(FetchOutcome::NAMED);
    assert_eq!(
        ours(&outcomes, FetchOutcome::name, FetchOutcome::code),
        values(&v, "fetch-outcome")
    );
}

#[test]
fn tag_names_and_key_types_are_googles_values() {
    let v = vocabulary();
    let tags: Vec<(String, u64)> = RobotsTagName::ALL
        .iter()
        .map(|&t| (t.name().to_owned(), t as u64))
        .collect();
    assert_eq!(tags, values(&v, "tag-name"));
    for (name, code) in values(&v, "tag-name") {
        let tag = RobotsTagName::from_code(code as u8).expect("a tag");
        assert_eq!(tag.name(), name);
    }
    // A recognised key's name is one of its spellings: the parser reads it
    // as that key.
    for (name, code) in values(&v, "key-type") {
        let (key, typo) = get_key_type(name.as_bytes());
        assert_eq!(key as u64, code, "{name}");
        if name != "unknown" {
            assert!(!typo, "{name}");
        } else {
            assert_eq!(key, KeyType::Unknown);
        }
    }
}

#[test]
fn line_metadata_bits_and_the_packed_report_line() {
    let v = vocabulary();
    let field = |m: &LineMetadata, name: &str| match name {
        "is_empty" => m.is_empty,
        "has_comment" => m.has_comment,
        "is_comment" => m.is_comment,
        "has_directive" => m.has_directive,
        "is_acceptable_typo" => m.is_acceptable_typo,
        "is_line_too_long" => m.is_line_too_long,
        "is_missing_colon_separator" => m.is_missing_colon_separator,
        other => panic!("no LineMetadata field {other}"),
    };
    let fields = v["line-metadata"]["fields"].as_array().expect("fields");
    assert_eq!(fields.len(), 7);
    for f in fields {
        let name = f["name"].as_str().expect("a name");
        let bit = f["bit"].as_u64().expect("a bit");
        let m = LineMetadata::from_bits(1 << bit);
        for other in fields {
            let other = other["name"].as_str().expect("a name");
            assert_eq!(
                field(&m, other),
                other == name,
                "bit {bit} is {name}, not {other}"
            );
        }
        assert_eq!(u64::from(m.bits()), 1 << bit);
    }
    let layout = &v["packed"]["report-line"];
    assert_eq!(
        u64::from(RobotsParsedLine::TAG_MASK),
        layout["tag_mask"].as_u64().unwrap()
    );
    assert_eq!(
        u64::from(RobotsParsedLine::TYPO_BIT),
        layout["typo_bit"].as_u64().unwrap()
    );
    assert_eq!(
        u64::from(RobotsParsedLine::METADATA_SHIFT),
        layout["metadata_shift"].as_u64().unwrap()
    );
    let line = RobotsParsedLine {
        line_num: 7,
        tag_name: RobotsTagName::Sitemap,
        is_typo: true,
        metadata: LineMetadata::from_bits(0b101_0110),
    };
    assert_eq!(line.packed_bits(), 4 | 8 | 0b101_0110 << 4);
    assert_eq!(
        RobotsParsedLine::from_packed_bits(7, line.packed_bits()),
        line
    );
}

#[test]
fn limits_are_the_vocabularys() {
    let v = vocabulary();
    let limit = |name: &str| {
        v["limits"][name]["value"]
            .as_u64()
            .unwrap_or_else(|| panic!("no limit {name}"))
    };
    assert_eq!(MAX_LINE_LEN as u64, limit("max-line-len"));
    assert_eq!(MAX_ROBOTS_TXT_BYTES as u64, limit("max-robots-txt-bytes"));
    assert_eq!(u64::from(MAX_REDIRECT_HOPS), limit("max-redirect-hops"));
    assert_eq!(MAX_PARSED_URL_LEN as u64, limit("max-parsed-url-len"));
    assert_eq!(
        DEFAULT_CACHE_LIFETIME.as_secs(),
        limit("default-cache-lifetime-secs")
    );
    assert_eq!(
        GOOGLE_STOP_CRAWLING_PERIOD.as_secs(),
        limit("google-stop-crawling-secs")
    );
    assert_eq!(
        UNREACHABLE_GRACE_PERIOD.as_secs(),
        limit("unreachable-grace-secs")
    );
}
