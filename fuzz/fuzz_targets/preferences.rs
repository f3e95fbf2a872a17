//! The extension lines beside the matcher: `Content-Signal`, `Content-Usage`
//! and `Request-rate` values, and `Robots::preferences` and the audit on any
//! body.
//!
//! Input: `body [0xFF url [0xFF agent]...]`. Checked: no value parser
//! panics; `Robots::preferences` gives Google's verdict (that of
//! `Robots::check`) and, when disallowed, no preference; every stated line
//! is a line of the body whose key is one of the two preference keys; the
//! audit of a few crawlers agrees with `Robots::check` at `/`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use robotstxt_exact::Robots;
use robotstxt_exact::audit::{Category, Crawler, audit};
use robotstxt_exact::lint::{LineKind, lint};
use robotstxt_exact::preferences::structured::parse_dictionary;
use robotstxt_exact::preferences::{parse_request_rate, parse_signal_value, parse_usage_value};

fuzz_target!(|data: &[u8]| {
    let mut parts = data.split(|&b| b == 0xFF);
    let body = parts.next().unwrap_or(b"");
    let url = parts.next().unwrap_or(b"/");
    let mut agents: Vec<&[u8]> = parts.take(3).collect();
    if agents.is_empty() {
        agents.push(b"FooBot");
    }

    // The value parsers take any bytes.
    let _ = parse_dictionary(body, |_, _| {});
    let _ = parse_usage_value(body, |_| {});
    let _ = parse_signal_value(body, |_| {});
    let _ = parse_request_rate(body);

    let robots = Robots::parse(body);
    let kinds: Vec<LineKind> = lint(body).lines.iter().map(|l| l.kind).collect();
    for agent in &agents {
        let preferences = robots.preferences(&[agent], url);
        assert_eq!(preferences.allowed, robots.check(&[agent], url).allowed);
        if !preferences.allowed {
            assert!(preferences.is_empty());
        }
        for stated in preferences
            .signals
            .iter()
            .chain(&preferences.usage)
            .flatten()
        {
            let kind = kinds[stated.line as usize - 1];
            assert!(matches!(
                kind,
                LineKind::ContentSignal | LineKind::ContentUsage
            ));
        }
        let _ = robots.request_rate(agent);
    }
    let both = robots.preferences(&agents, url);
    assert_eq!(both.allowed, robots.check(&agents, url).allowed);

    let crawlers: Vec<Crawler> = agents
        .iter()
        .map(|a| Crawler::new(String::from_utf8_lossy(a), Category::AiTraining))
        .collect();
    let report = audit(&robots, &crawlers, &["/x"]);
    for a in &report.crawlers {
        assert_eq!(
            a.root_allowed(),
            robots.check(&[a.matched_as.as_bytes()], "/").allowed
        );
    }
});
