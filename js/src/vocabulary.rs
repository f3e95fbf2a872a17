//! The module's numbers are those of `spec/vocabulary.json`, which
//! `lib/vocabulary.js` names on the JavaScript side (and
//! `test/vocabulary.test.js` holds to the same file): the packed answer and
//! verdict, the recorded parser events, and the core's codes that cross as
//! they are.

use std::path::Path;

use robotstxt_exact::crawler::{FetchOutcome, Policy};
use serde_json::Value;

use crate::answer;
use crate::report::event;

fn vocabulary() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/vocabulary.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("spec/vocabulary.json"))
        .expect("JSON")
}

#[test]
fn the_packed_answer_and_verdict() {
    let v = vocabulary();
    let layout = &v["packed"]["answer"];
    assert_eq!(answer::LINE_FACTOR, layout["line_factor"].as_u64().unwrap());
    assert_eq!(
        answer::ALLOWED,
        layout["flags"]["allowed"].as_u64().unwrap()
    );
    assert_eq!(
        answer::EVER_SEEN_SPECIFIC_AGENT,
        layout["flags"]["ever_seen_specific_agent"]
            .as_u64()
            .unwrap()
    );
    assert_eq!(
        answer::DISALLOW_IGNORE_GLOBAL,
        layout["flags"]["disallow_ignore_global"].as_u64().unwrap()
    );
    assert_eq!(
        answer::OUT_OF_MEMORY,
        layout["out_of_memory"].as_f64().unwrap()
    );
    let verdict = &v["packed"]["verdict"]["codes"];
    assert_eq!(u64::from(false), verdict["disallowed"].as_u64().unwrap());
    assert_eq!(u64::from(true), verdict["allowed"].as_u64().unwrap());
    assert_eq!(
        u64::from(answer::VERDICT_OUT_OF_MEMORY),
        verdict["out_of_memory"].as_u64().unwrap()
    );
}

#[test]
fn the_parse_events() {
    let v = vocabulary();
    let codes = &v["packed"]["parse-event"]["codes"];
    for (ours, name) in [
        (event::USER_AGENT, "user-agent"),
        (event::ALLOW, "allow"),
        (event::DISALLOW, "disallow"),
        (event::SITEMAP, "sitemap"),
        (event::UNKNOWN, "unknown"),
        (event::LINE_METADATA, "line-metadata"),
    ] {
        assert_eq!(u64::from(ours), codes[name].as_u64().unwrap(), "{name}");
    }
    assert_eq!(codes.as_object().unwrap().len(), 6);
}

#[test]
fn policies_and_outcomes_cross_as_the_cores_codes() {
    // The module takes the core's codes (crate::crawler); they are the
    // vocabulary's (tests/vocabulary.rs of the core), so the JavaScript
    // tables need only match the file.
    let v = vocabulary();
    for p in v["enums"]["policy"]["values"].as_array().unwrap() {
        let code = p["code"].as_u64().unwrap() as u32;
        assert_eq!(
            Policy::from_code(code).map(Policy::name),
            p["name"].as_str()
        );
    }
    for o in v["enums"]["fetch-outcome"]["values"].as_array().unwrap() {
        let code = o["code"].as_u64().unwrap() as u32;
        assert_eq!(
            FetchOutcome::from_code(code, 200).map(FetchOutcome::name),
            o["name"].as_str()
        );
    }
}
