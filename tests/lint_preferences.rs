//! The lint of `Content-Signal`, `Content-Usage` and `Request-rate` lines:
//! each code on the line it is about, from the proposals' rules (named per
//! case) and Google's grouping.

use robotstxt_exact::lint::{Code, Severity, lint};
use robotstxt_exact::preferences::ExtensionKey;

fn codes(body: &str) -> Vec<(u32, &'static str)> {
    lint(body.as_bytes())
        .findings()
        .map(|f| (f.line, f.code.as_str()))
        .collect()
}

fn findings(body: &str) -> Vec<(u32, Code)> {
    lint(body.as_bytes())
        .findings()
        .map(|f| (f.line, f.code.clone()))
        .collect()
}

#[test]
fn valid_lines_have_kinds_and_no_findings() {
    // The Content Signals Policy's example, draft-ietf-aipref-attach-05
    // §3.4's lines, and the 1996 proposal's `10/10m`.
    let body = "User-Agent: *\nContent-Signal: ai-train=no, search=yes, ai-input=yes\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\nRequest-rate: 10/10m\nAllow: /\n";
    let report = lint(body.as_bytes());
    let kinds: Vec<_> = report.lines.iter().map(|l| l.kind.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "user-agent",
            "content-signal",
            "content-usage",
            "content-usage",
            "request-rate",
            "allow",
            "empty"
        ]
    );
    // No longer "unsupported-key": these lines are read, and valid.
    assert_eq!(codes(body), []);
}

#[test]
fn content_signal_problems() {
    let body = "User-agent: *\nContent-Signal: search=true, ai_train=no, ai-input, ,search=yes,search=no\nContent-Signal: /blog/ ai-train=no\nContent-Signal:\nDisallow: /x\n";
    assert_eq!(
        findings(body),
        [
            (
                2,
                Code::SignalBadValue {
                    name: b"search".to_vec(),
                    value: b"true".to_vec()
                }
            ),
            (
                2,
                Code::SignalUnknownName {
                    name: b"ai_train".to_vec()
                }
            ),
            (
                2,
                Code::SignalSyntax {
                    item: b"ai-input".to_vec()
                }
            ),
            (2, Code::SignalSyntax { item: Vec::new() }),
            (
                2,
                Code::SignalContradicts {
                    name: b"search".to_vec()
                }
            ),
            (3, Code::SignalPath),
            (4, Code::PreferenceEmpty),
        ]
    );
}

#[test]
fn content_usage_problems() {
    // vocab §6.5.1: upper case fails the whole statement; §6.4: unknown
    // labels are ignored; §6.5: a value that is not the Token y or n is
    // unknown.
    let body = "User-agent: *\nContent-Usage: Train-AI=n\nContent-Usage: train-genai=n, train-ai=yes\nContent-Usage: /only-a-path\nDisallow: /x\n";
    let found = findings(body);
    assert!(matches!(found[0], (2, Code::UsageSyntax { at: 0, .. })));
    assert_eq!(
        found[1..],
        [
            (
                3,
                Code::UsageUnknownLabel {
                    label: b"train-genai".to_vec()
                }
            ),
            (
                3,
                Code::UsageBadValue {
                    label: b"train-ai".to_vec()
                }
            ),
            (4, Code::PreferenceEmpty),
        ]
    );
    assert_eq!(found[1].1.severity(), Severity::Note);
    assert_eq!(found[2].1.severity(), Severity::Warning);
}

#[test]
fn request_rate_problems() {
    let body = "User-agent: *\nRequest-rate: fast\nRequest-rate: 1/5d\nRequest-rate: 0/5\nRequest-rate: 1/5 9999\nDisallow: /x\n";
    let reasons: Vec<_> = lint(body.as_bytes())
        .findings()
        .map(|f| match &f.code {
            Code::RequestRateMalformed { reason } => (f.line, *reason),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        reasons,
        [
            (2, "not REQUESTS/PERIOD"),
            (3, "a unit other than s, m or h"),
            (4, "a count or period of 0"),
            (5, "not a HHMM-HHMM window after the rate"),
        ]
    );
}

#[test]
fn lines_outside_any_group() {
    assert_eq!(
        findings("Content-Signal: ai-train=no\nRequest-rate: 1/5\nUser-agent: *\nDisallow:\n")[..2],
        [
            (
                1,
                Code::ExtensionOutsideGroup {
                    key: ExtensionKey::ContentSignal
                }
            ),
            (
                2,
                Code::ExtensionOutsideGroup {
                    key: ExtensionKey::RequestRate
                }
            ),
        ]
    );
    assert_eq!(
        Code::ExtensionOutsideGroup {
            key: ExtensionKey::ContentUsage
        }
        .severity(),
        Severity::Error
    );
}

#[test]
fn yes_in_a_group_that_disallows_everything() {
    // attach §3.1: "no preferences are implied for resources that are
    // disallowed": ai-train=yes under `Disallow: /` never applies.
    let body = "User-agent: GPTBot\nContent-Signal: ai-train=yes\nContent-Usage: train-ai=n\nDisallow: /\n\nUser-agent: *\nContent-Usage: train-ai=y\nDisallow: /\nAllow: /public\n";
    assert_eq!(
        findings(body),
        [(2, Code::PreferenceNeverApplies { disallow_line: 4 })]
    );
}

#[test]
fn user_agent_after_preference_lines_joins_the_group() {
    // Google starts a new group only after allow or disallow.
    let body =
        "User-agent: GPTBot\nContent-Usage: train-ai=n\n\nUser-agent: *\nDisallow: /private\n";
    assert_eq!(
        findings(body),
        [(4, Code::GroupContinuesAfterExtension { group_line: 1 })]
    );
    // After a rule, a new group starts: nothing to say.
    assert_eq!(
        codes(
            "User-agent: GPTBot\nDisallow: /x\nContent-Usage: train-ai=n\n\nUser-agent: *\nDisallow: /private\n"
        ),
        []
    );
}
