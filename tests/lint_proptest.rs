//! The lint's claims that a rule can never decide, checked against Google's
//! matcher on random files: replacing each such rule with one of the same
//! kind that matches nothing (so the groups stay as they are) changes no
//! verdict, for any of the agents and URLs tried.

use proptest::prelude::*;
use robotstxt_exact::RobotsMatcher;
use robotstxt_exact::lint::{LineKind, lint};

/// Lines that make groups, shared and separate, with rules that repeat,
/// shadow, override and never match one another.
const LINES: &[&str] = &[
    "User-agent: a",
    "User-agent: b",
    "User-agent: *",
    "useragent: a",
    "User-agent: 1",
    "Allow: /a",
    "Allow: /a*",
    "Allow: /a**",
    "Allow: /ab",
    "Allow: /a$",
    "Allow:",
    "Allow: a",
    "Disallow: /a",
    "Disallow: /a*",
    "Disallow: /ab*",
    "Disallow: /*b",
    "Disallow: /",
    "Disallow:",
    "Disallow: ab",
    "Disalow: /a",
    "Disallow: /%61",
    "Sitemap: https://e.com/s",
    "",
];

const URLS: &[&str] = &[
    "http://e.com/",
    "http://e.com/a",
    "http://e.com/ab",
    "http://e.com/abc",
    "http://e.com/b",
    "http://e.com/xab",
    "http://e.com/a/b",
];

const AGENTS: &[&str] = &["a", "b", "c"];

const NEVER_DECIDE: &[&str] = &[
    "rule-never-matches",
    "empty-rule",
    "duplicate-rule",
    "overridden-disallow",
    "shadowed-rule",
    "rule-outside-group",
];

fn verdicts(body: &[u8]) -> Vec<bool> {
    let mut matcher = RobotsMatcher::new();
    let mut out = Vec::new();
    for agent in AGENTS {
        for url in URLS {
            out.push(matcher.one_agent_allowed_by_robots(body, agent, url));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn rules_the_lint_calls_unable_to_decide_change_no_verdict(
        picks in proptest::collection::vec(0..LINES.len(), 0..14)
    ) {
        let body: String = picks.iter().map(|&i| format!("{}\n", LINES[i])).collect();
        let body = body.as_bytes();
        let report = lint(body);
        let expected = verdicts(body);
        for line in &report.lines {
            let flagged = line
                .findings
                .iter()
                .any(|f| NEVER_DECIDE.contains(&f.code.as_str()));
            if !flagged {
                continue;
            }
            let replacement: &[u8] = match line.kind {
                LineKind::Allow => b"Allow: \x01",
                LineKind::Disallow => b"Disallow: \x01",
                other => panic!("line {} of kind {other:?} flagged", line.line_num),
            };
            let mut changed = body[..line.offset].to_vec();
            changed.extend_from_slice(replacement);
            changed.extend_from_slice(&body[line.offset + line.text.len()..]);
            prop_assert_eq!(
                verdicts(&changed),
                expected.clone(),
                "line {} of\n{}",
                line.line_num,
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn groups_the_lint_calls_unreachable_change_no_verdict(
        picks in proptest::collection::vec(0..LINES.len(), 0..14)
    ) {
        // Replacing every rule after an unreachable group's first line, up
        // to the next group, changes nothing.
        let body: String = picks.iter().map(|&i| format!("{}\n", LINES[i])).collect();
        let body = body.as_bytes();
        let report = lint(body);
        let expected = verdicts(body);
        for (i, line) in report.lines.iter().enumerate() {
            if !line.findings.iter().any(|f| f.code.as_str() == "unreachable-group") {
                continue;
            }
            let mut changed = Vec::new();
            let mut at = 0;
            let mut seen_rule = false;
            for later in &report.lines[i..] {
                match later.kind {
                    LineKind::UserAgent if seen_rule => break,
                    LineKind::Allow | LineKind::Disallow => {
                        seen_rule = true;
                        changed.extend_from_slice(&body[at..later.offset]);
                        changed.extend_from_slice(if later.kind == LineKind::Allow {
                            b"Allow: \x01"
                        } else {
                            b"Disallow: \x01"
                        });
                        at = later.offset + later.text.len();
                    }
                    _ => {}
                }
            }
            changed.extend_from_slice(&body[at..]);
            prop_assert_eq!(
                verdicts(&changed),
                expected.clone(),
                "group at line {} of\n{}",
                line.line_num,
                String::from_utf8_lossy(body)
            );
        }
    }
}
