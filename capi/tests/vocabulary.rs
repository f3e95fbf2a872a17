//! The C ABI's constants and enum values (and so `include/robotstxt.h`,
//! generated from them) are those of `spec/vocabulary.json`.

use std::mem::offset_of;
use std::path::Path;

use robotstxt::crawler::*;
use robotstxt::parse::{robotstxt_key_type, robotstxt_line_metadata};
use robotstxt::reporter::robotstxt_tag_name;
use serde_json::Value;

fn vocabulary() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/vocabulary.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("spec/vocabulary.json"))
        .expect("JSON")
}

/// The code of the value `name` of the enum `which`.
fn code(v: &Value, which: &str, name: &str) -> u64 {
    v["enums"][which]["values"]
        .as_array()
        .unwrap_or_else(|| panic!("no enum {which}"))
        .iter()
        .find(|x| x["name"] == name)
        .unwrap_or_else(|| panic!("no {which} {name}"))["code"]
        .as_u64()
        .expect("a code")
}

fn count(v: &Value, which: &str) -> usize {
    v["enums"][which]["values"]
        .as_array()
        .expect("values")
        .len()
}

#[test]
fn policies_and_decisions() {
    let v = vocabulary();
    assert_eq!(
        u64::from(ROBOTSTXT_POLICY_GOOGLE),
        code(&v, "policy", "google")
    );
    assert_eq!(
        u64::from(ROBOTSTXT_POLICY_RFC9309),
        code(&v, "policy", "rfc9309")
    );
    assert_eq!(count(&v, "policy"), 2);
    use robotstxt_decision::*;
    for (ours, name) in [
        (UseRules, "use-rules"),
        (AllowAll, "allow-all"),
        (DisallowAll, "disallow-all"),
    ] {
        assert_eq!(ours as u64, code(&v, "decision", name), "{name}");
    }
    assert_eq!(count(&v, "decision"), 3);
}

#[test]
fn tag_names_and_key_types() {
    let v = vocabulary();
    use robotstxt_tag_name::*;
    for (ours, name) in [
        (Unknown, "unknown"),
        (UserAgent, "user-agent"),
        (Allow, "allow"),
        (Disallow, "disallow"),
        (Sitemap, "sitemap"),
        (Unused, "unused"),
    ] {
        assert_eq!(ours as u64, code(&v, "tag-name", name), "{name}");
    }
    assert_eq!(count(&v, "tag-name"), 6);
    for (ours, name) in [
        (robotstxt_key_type::UserAgent, "user-agent"),
        (robotstxt_key_type::Sitemap, "sitemap"),
        (robotstxt_key_type::Allow, "allow"),
        (robotstxt_key_type::Disallow, "disallow"),
        (robotstxt_key_type::Unknown, "unknown"),
    ] {
        assert_eq!(ours as u64, code(&v, "key-type", name), "{name}");
    }
    assert_eq!(count(&v, "key-type"), 5);
}

#[test]
fn line_metadata_fields_are_in_the_order_of_their_bits() {
    // One byte per field, in the order of the vocabulary's bits.
    let v = vocabulary();
    let offsets = [
        ("is_empty", offset_of!(robotstxt_line_metadata, is_empty)),
        (
            "has_comment",
            offset_of!(robotstxt_line_metadata, has_comment),
        ),
        (
            "is_comment",
            offset_of!(robotstxt_line_metadata, is_comment),
        ),
        (
            "has_directive",
            offset_of!(robotstxt_line_metadata, has_directive),
        ),
        (
            "is_acceptable_typo",
            offset_of!(robotstxt_line_metadata, is_acceptable_typo),
        ),
        (
            "is_line_too_long",
            offset_of!(robotstxt_line_metadata, is_line_too_long),
        ),
        (
            "is_missing_colon_separator",
            offset_of!(robotstxt_line_metadata, is_missing_colon_separator),
        ),
    ];
    let fields = v["line-metadata"]["fields"].as_array().expect("fields");
    assert_eq!(fields.len(), offsets.len());
    for f in fields {
        let name = f["name"].as_str().expect("a name");
        let (_, offset) = offsets.iter().find(|(n, _)| *n == name).expect("a field");
        assert_eq!(*offset as u64, f["bit"].as_u64().expect("a bit"), "{name}");
    }
}

#[test]
fn limits() {
    let v = vocabulary();
    let limit = |name: &str| v["limits"][name]["value"].as_u64().expect("a limit");
    assert_eq!(
        ROBOTSTXT_MAX_ROBOTS_TXT_BYTES as u64,
        limit("max-robots-txt-bytes")
    );
    assert_eq!(
        u64::from(ROBOTSTXT_MAX_REDIRECT_HOPS),
        limit("max-redirect-hops")
    );
    assert_eq!(
        ROBOTSTXT_MAX_PARSED_URL_LEN as u64,
        limit("max-parsed-url-len")
    );
}
