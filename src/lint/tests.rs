//! The lint's behaviour, through its entry points.

use super::*;
use crate::crawler::MAX_ROBOTS_TXT_BYTES;

/// (line, code) of every finding, in order.
fn codes(body: &[u8]) -> Vec<(u32, &'static str)> {
    lint(body)
        .findings()
        .map(|f| (f.line, f.code.as_str()))
        .collect()
}

/// [`codes`] with each code's details.
fn findings(body: &[u8]) -> Vec<(u32, Code)> {
    lint(body)
        .findings()
        .map(|f| (f.line, f.code.clone()))
        .collect()
}

fn kinds(body: &[u8]) -> Vec<&'static str> {
    lint(body).lines.iter().map(|l| l.kind.as_str()).collect()
}

#[test]
fn every_line_gets_a_kind_in_google_numbering() {
    // CRLF is one line end, "\n\r" two; the text after the last line end
    // is a line of its own.
    let body = b"User-agent: *\r\nAllow: /a\n\rDisallow: /b\rSitemap: /s\n# c\nnoindex: /x\nfoo: y\nfoo bar baz\n";
    assert_eq!(
        kinds(body),
        [
            "user-agent",
            "allow",
            "empty",
            "disallow",
            "sitemap",
            "comment",
            "unsupported",
            "unknown",
            "malformed",
            "empty"
        ]
    );
}

#[test]
fn an_empty_body_is_one_empty_line_with_the_empty_file_note() {
    // Google's robots_main: "robots file is empty so all user-agents are
    // allowed"; a note, so an empty file still lints clean.
    let report = lint(b"");
    assert_eq!(report.lines.len(), 1);
    assert_eq!(report.lines[0].kind, LineKind::Empty);
    assert_eq!(findings(b""), [(1, Code::EmptyFile)]);
    assert_eq!(Code::EmptyFile.severity(), Severity::Note);
    assert_eq!((report.summary.errors, report.summary.warnings), (0, 0));
}

#[test]
fn source_lines_follow_google_line_ends_and_skip_the_bom() {
    assert_eq!(
        source_lines(b"\xEF\xBB\xBFa\r\r\nb"),
        [&b"a"[..], b"", b"b"]
    );
    // A partial BOM is skipped too.
    assert_eq!(source_lines(b"\xEF\xBBx\n"), [&b"x"[..], b""]);
}

#[test]
fn text_is_the_raw_line_even_with_nul_and_comment() {
    let report = lint(b"User-agent: *\nDisallow: /a\0b # c\n");
    assert_eq!(report.lines[1].text, b"Disallow: /a\0b # c");
}

#[test]
fn accepted_typos_are_notes_with_the_written_key() {
    let report = lint(b"Useragent: *\nDisalow: /x\nsite-map: http://e.com/s\n");
    let typos: Vec<_> = report
        .findings()
        .map(|f| (f.line, f.code.clone(), f.severity()))
        .collect();
    assert_eq!(
        typos,
        [
            (
                1,
                Code::AcceptedTypo {
                    key: b"Useragent".to_vec()
                },
                Severity::Note
            ),
            (
                2,
                Code::AcceptedTypo {
                    key: b"Disalow".to_vec()
                },
                Severity::Note
            ),
            (
                3,
                Code::AcceptedTypo {
                    key: b"site-map".to_vec()
                },
                Severity::Note
            ),
        ]
    );
    assert_eq!(report.lines[1].kind, LineKind::Disallow);
}

#[test]
fn missing_colon_is_accepted_between_exactly_two_words() {
    assert_eq!(
        codes(b"User-agent *\nDisalow /x\nDisallow /x /y\n"),
        [
            (1, "missing-colon"),
            (2, "accepted-typo"),
            (2, "missing-colon"),
            (3, "malformed-line")
        ]
    );
    let report = lint(b"User-agent: *\nDisalow /x\n");
    assert_eq!(
        report.lines[1].findings[0].code,
        Code::AcceptedTypo {
            key: b"Disalow".to_vec()
        }
    );
}

#[test]
fn over_long_line_is_reported_with_its_length() {
    let mut body = b"User-agent: *\nDisallow: /".to_vec();
    body.extend(std::iter::repeat_n(b'a', crate::MAX_LINE_LEN));
    let len = body.len() - b"User-agent: *\n".len();
    let report = lint(&body);
    assert_eq!(
        report.lines[1].findings,
        [Finding {
            line: 2,
            code: Code::LineTooLong { len }
        }]
    );
    assert_eq!(report.lines[1].kind, LineKind::Disallow);
}

#[test]
fn a_line_of_exactly_the_limit_is_not_too_long() {
    let mut body = b"Sitemap: http://e.com/".to_vec();
    body.resize(crate::MAX_LINE_LEN, b'a');
    assert_eq!(codes(&body), []);
}

#[test]
fn unsupported_keys_are_notes_and_unknown_keys_warnings() {
    let report = lint(b"Crawl-Delay: 5\nUnicorn: yes\n");
    let found: Vec<_> = report
        .findings()
        .map(|f| (f.code.clone(), f.severity()))
        .collect();
    assert_eq!(
        found,
        [
            (
                Code::UnsupportedKey {
                    key: b"Crawl-Delay".to_vec()
                },
                Severity::Note
            ),
            (
                Code::UnknownKey {
                    key: b"Unicorn".to_vec()
                },
                Severity::Warning
            ),
        ]
    );
}

#[test]
fn empty_key_before_colon_is_malformed() {
    assert_eq!(codes(b": /x\n"), [(1, "malformed-line")]);
}

#[test]
fn rules_before_the_first_user_agent_are_outside_any_group() {
    assert_eq!(
        codes(b"Disallow: /a\nAllow: /b\nSitemap: http://e.com/s\nUser-agent: *\nDisallow: /c\n"),
        [(1, "rule-outside-group"), (2, "rule-outside-group")]
    );
}

#[test]
fn user_agents_that_name_no_crawler_are_flagged() {
    // "*" alone or followed by whitespace is the global agent; "*bot" is
    // not, and has no leading crawler name.
    assert_eq!(
        codes(b"User-agent: * foo\nUser-agent: *bot\nUser-agent: 007\nUser-agent:\nDisallow: /\n"),
        [
            (2, "invalid-user-agent"),
            (3, "invalid-user-agent"),
            (4, "invalid-user-agent")
        ]
    );
}

#[test]
fn only_the_leading_crawler_name_of_a_user_agent_is_compared() {
    let report = lint(b"User-agent: Googlebot/2.1\nUser-agent: Googlebot News\nDisallow: /\n");
    let found: Vec<_> = report.findings().map(|f| f.code.clone()).collect();
    assert_eq!(
        found,
        [
            Code::PartialUserAgent {
                matched: b"Googlebot".to_vec()
            },
            Code::PartialUserAgent {
                matched: b"Googlebot".to_vec()
            },
        ]
    );
}

#[test]
fn a_group_whose_agents_all_name_no_crawler_is_unreachable() {
    assert_eq!(
        codes(
            b"User-agent: 1\nUser-agent: /x\nDisallow: /\nAllow: /a\nUser-agent: a\nDisallow: /\n"
        ),
        [
            (1, "invalid-user-agent"),
            (1, "unreachable-group"),
            (2, "invalid-user-agent")
        ]
    );
    let report = lint(b"User-agent: 1\nDisallow: /\nAllow: /a\n");
    assert_eq!(
        report.lines[0].findings[1].code,
        Code::UnreachableGroup { rules: 2 }
    );
}

#[test]
fn one_valid_agent_makes_the_group_reachable() {
    assert_eq!(
        codes(b"User-agent: 1\nUser-agent: foo\nDisallow: /\n"),
        [(1, "invalid-user-agent")]
    );
}

#[test]
fn a_repeated_rule_in_the_same_group_is_a_duplicate() {
    assert_eq!(
        findings(b"User-agent: a\nDisallow: /x\nAllow: /y\nDisallow: /x\nAllow: /y\n"),
        [
            (4, Code::DuplicateRule { first_line: 2 }),
            (5, Code::DuplicateRule { first_line: 3 }),
        ]
    );
}

#[test]
fn duplicates_compare_normalised_patterns() {
    // Google upper-cases percent escapes and escapes non-ASCII bytes, so
    // these three patterns are one.
    assert_eq!(
        codes("User-agent: a\nDisallow: /%c3%a9\nDisallow: /%C3%A9\nDisallow: /é\n".as_bytes()),
        [(3, "duplicate-rule"), (4, "duplicate-rule")]
    );
}

#[test]
fn rules_in_bytes_over_0x7f_and_their_escapes_are_duplicates() {
    // The group keeps `/\xff\xfe` as written, not as `/%FF%FE`; the rule
    // written in escapes is still the same rule.
    let body = b"User-agent: a\nDisallow: /\xff\xfe\nDisallow: /%ff%FE\nAllow: /%41\xff\n";
    assert_eq!(
        codes(body),
        [(2, "non-utf8"), (3, "duplicate-rule"), (4, "non-utf8")]
    );
}

#[test]
fn the_same_rule_in_another_group_is_not_a_duplicate() {
    assert_eq!(
        codes(b"User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /x\n"),
        []
    );
}

#[test]
fn user_agent_lines_without_rules_between_share_a_group() {
    // Sitemap and unknown lines do not end a group.
    assert_eq!(
        codes(b"User-agent: a\nDisallow: /x\nUser-agent: b\nSitemap: http://e.com/s\nUser-agent: c\nDisallow: /y\nDisallow: /y\n"),
        [(7, "duplicate-rule")]
    );
}

#[test]
fn a_disallow_with_the_pattern_of_an_allow_in_its_group_never_decides() {
    // Before or after the allow: allow wins ties either way.
    assert_eq!(
        findings(b"User-agent: a\nDisallow: /x\nAllow: /x\nDisallow: /x\n"),
        [
            (2, Code::OverriddenDisallow { allow_line: 3 }),
            (4, Code::DuplicateRule { first_line: 2 }),
        ]
    );
    // An allow in another group does not override.
    assert_eq!(
        codes(b"User-agent: a\nDisallow: /x\nUser-agent: b\nAllow: /x\n"),
        []
    );
}

#[test]
fn many_allows_and_disallows_of_one_pattern() {
    // The first allow wins; the first disallow is overridden by it, and
    // every later rule repeats the first of its kind.
    assert_eq!(
        findings(
            b"User-agent: a\nDisallow: /x\nAllow: /x\nDisallow: /x\nAllow: /x\nDisallow: /x\n"
        ),
        [
            (2, Code::OverriddenDisallow { allow_line: 3 }),
            (4, Code::DuplicateRule { first_line: 2 }),
            (5, Code::DuplicateRule { first_line: 3 }),
            (6, Code::DuplicateRule { first_line: 2 }),
        ]
    );
}

#[test]
fn a_last_group_without_rules_is_empty() {
    assert_eq!(
        codes(b"User-agent: *\nDisallow: /\n\nUser-agent: foo\nSitemap: http://e.com/s\n"),
        [(4, "empty-group")]
    );
    assert_eq!(codes(b"User-agent: *\n"), [(1, "empty-group")]);
}

#[test]
fn summary_counts_severities_and_codes() {
    let summary = lint(b"User-agent: *\nDisalow: /x\nfoo: bar\nDisallow: x\n").summary;
    assert_eq!(
        (
            summary.lines,
            summary.directives,
            summary.errors,
            summary.warnings,
            summary.notes
        ),
        (5, 3, 1, 1, 1)
    );
    assert_eq!(summary.codes["accepted-typo"], 1);
    assert_eq!(summary.codes["unknown-key"], 1);
    assert_eq!(summary.codes["rule-never-matches"], 1);
    assert_eq!(summary.first_line_past_limit, None);
}

#[test]
fn a_rule_without_a_leading_slash_or_star_never_matches() {
    // Google's path always starts with '/', and a pattern is matched from
    // its first byte: only '/' or '*' can match there. "$" alone would
    // need an empty path.
    assert_eq!(
        codes(b"User-agent: *\nDisallow: firehose.pl\nAllow: $\nDisallow: /ok\nDisallow: *.gif\n"),
        [(2, "rule-never-matches"), (3, "rule-never-matches")]
    );
    assert_eq!(
        lint(b"User-agent: *\nDisallow: x\n").lines[1].findings[0].severity(),
        Severity::Error
    );
}

#[test]
fn an_empty_rule_is_a_note() {
    // Google lets only matches longer than 0 decide; "Disallow:" alone
    // is the documented way to allow everything.
    assert_eq!(
        codes(b"User-agent: *\nDisallow:\nAllow: \n"),
        [(2, "empty-rule"), (3, "empty-rule")]
    );
    assert_eq!(
        lint(b"Disallow:\n").lines[0].findings[0].code.as_str(),
        "empty-rule"
    );
}

#[test]
fn a_rule_differing_only_by_trailing_stars_is_shadowed_by_the_longer() {
    // "/a*" and "/a" match the same paths; the longer pattern wins the
    // longest match, so "Disallow: /a" never decides.
    assert_eq!(
        codes(b"User-agent: *\nDisallow: /a\nAllow: /a*\n"),
        [(2, "shadowed-rule")]
    );
    assert_eq!(
        findings(b"User-agent: *\nAllow: /a\nDisallow: /a**\nDisallow: /a*\n"),
        [
            (2, Code::ShadowedRule { by_line: 3 }),
            (4, Code::ShadowedRule { by_line: 3 }),
        ]
    );
    // Different stems: "/a" does not cover "/ab".
    assert_eq!(codes(b"User-agent: *\nDisallow: /ab\nAllow: /a*\n"), []);
    // "$" is an anchor, not a trailing star.
    assert_eq!(codes(b"User-agent: *\nDisallow: /a\nAllow: /a$\n"), []);
}

#[test]
fn sitemaps_must_be_absolute_http_urls() {
    // Google: "The [sitemap] URL must be a fully-qualified URL".
    assert_eq!(
        codes(
            b"Sitemap: /sitemap.xml\nSitemap: sitemap.xml\nSitemap: https://e.com/s.xml\nSitemap: ftp://e.com/s\nSitemap: http://\nSitemap: https://e.com/s\xFF\n"
        ),
        [
            (1, "relative-sitemap"),
            (2, "relative-sitemap"),
            (4, "invalid-sitemap"),
            (5, "invalid-sitemap"),
            (6, "non-utf8"),
            (6, "invalid-sitemap")
        ]
    );
}

#[test]
fn a_body_over_500_kib_is_flagged_on_the_first_line_past_the_cut() {
    // Google reads the first 512,000 bytes. Fill exactly that much with
    // whole lines: the next line is the first that is not read.
    let mut body = b"User-agent: *\n".to_vec();
    while body.len() + 10 <= MAX_ROBOTS_TXT_BYTES {
        body.extend_from_slice(b"# comment\n");
    }
    let filler = MAX_ROBOTS_TXT_BYTES - body.len();
    body.extend(std::iter::repeat_n(b'#', filler - 1));
    body.push(b'\n');
    assert_eq!(body.len(), MAX_ROBOTS_TXT_BYTES);
    assert_eq!(codes(&body), [(1, "empty-group")]);
    let lines_before = line_count(&body) as u32 - 1;
    body.extend_from_slice(b"Disallow: /late\n");
    let report = lint(&body);
    let past = lines_before + 1;
    assert_eq!(report.summary.first_line_past_limit, Some(past));
    assert_eq!(report.summary.directives_past_limit, 1);
    assert_eq!(
        report.lines[past as usize - 1].findings[0].code,
        Code::FileTooLarge {
            size: MAX_ROBOTS_TXT_BYTES + 16,
            cut_inside: false
        }
    );
    // A line that straddles the limit is the one flagged, cut inside.
    let mut body = b"User-agent: *\nDisallow: /".to_vec();
    body.resize(MAX_ROBOTS_TXT_BYTES + 5, b'a');
    let report = lint(&body);
    assert_eq!(report.summary.first_line_past_limit, Some(2));
    assert!(report.lines[1].findings.contains(&Finding {
        line: 2,
        code: Code::FileTooLarge {
            size: MAX_ROBOTS_TXT_BYTES + 5,
            cut_inside: true
        }
    }));
}

#[test]
fn a_byte_order_mark_is_a_note_and_other_bytes_must_be_utf8() {
    // Google skips the BOM; its documentation asks for UTF-8.
    assert_eq!(
        codes(b"\xEF\xBB\xBFUser-agent: *\nDisallow: /caf\xE9\n"),
        [(1, "byte-order-mark"), (2, "non-utf8")]
    );
    assert_eq!(codes("User-agent: *\nDisallow: /café\n".as_bytes()), []);
}

#[test]
fn a_file_of_whitespace_or_only_a_bom_is_empty_but_one_of_comments_is_not() {
    // No rule in any of them; only the comments show an author's intent.
    assert_eq!(codes(b" \n\t\r\n\n"), [(1, "empty-file")]);
    assert_eq!(
        codes(b"\xEF\xBB\xBF"),
        [(1, "byte-order-mark"), (1, "empty-file")]
    );
    assert_eq!(codes(b"# nothing to say\n"), []);
    assert_eq!(codes(b"\nUser-agent: *\nDisallow:\n"), [(3, "empty-rule")]);
}

#[test]
fn an_html_page_is_flagged_on_its_first_line_that_is_not_blank() {
    // A page served at /robots.txt: Google's parser reads "<!doctype HTML>"
    // as the key "<!doctype" and the value "HTML>" (two words and no colon),
    // an unknown key; "<title>404</title>" is one word, not a key-value
    // pair.
    assert_eq!(
        codes(b"\xEF\xBB\xBF\n  <!doctype HTML>\n<title>404</title>\n"),
        [
            (1, "byte-order-mark"),
            (2, "looks-like-html"),
            (2, "missing-colon"),
            (2, "unknown-key"),
            (3, "malformed-line")
        ]
    );
    assert_eq!(Code::LooksLikeHtml.severity(), Severity::Error);
    for page in [
        &b"<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0//EN\">"[..],
        b"<html>",
        b"<HTML lang=\"en\"><head>",
        b"\t<html\n<body>",
    ] {
        assert_eq!(
            codes(page).first(),
            Some(&(1, "looks-like-html")),
            "{:?}",
            String::from_utf8_lossy(page)
        );
    }
}

#[test]
fn markup_that_does_not_open_the_file_is_not_an_html_page() {
    // Only a page's opening is taken as a sign: another tag name, or markup
    // after the first line that is not blank, is a robots.txt line.
    for body in [
        &b"<htmlfoo>"[..],
        b"<!doctype xml>",
        b"<head><title>x</title></head>",
        b"User-agent: *\n<html>\n",
        b"# <html>\n",
    ] {
        let found = codes(body);
        assert!(
            !found.iter().any(|(_, c)| *c == "looks-like-html"),
            "{:?}: {found:?}",
            String::from_utf8_lossy(body)
        );
    }
}

#[test]
fn lint_each_streams_lines_and_stops_at_the_first_error() {
    let mut seen = Vec::new();
    let result = lint_each(b"a\nb\nc\n", |line| {
        seen.push(line.line_num);
        if line.line_num == 2 {
            Err("stop")
        } else {
            Ok(())
        }
    });
    assert_eq!(result, Err("stop"));
    assert_eq!(seen, [1, 2]);
}

#[test]
fn offsets_point_at_the_line_text() {
    let body = b"\xEF\xBB\xBFa\r\nbb\rc";
    let report = lint(body);
    for line in &report.lines {
        assert_eq!(&body[line.offset..line.offset + line.text.len()], line.text);
    }
    assert_eq!(report.lines[1].offset, 6);
}

#[test]
fn arbitrary_bytes_do_not_panic() {
    let alphabet = b"ua:/ *\r\n\0#$%Dsw-x\xEF\xBB\xBF";
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for len in 0..400 {
        let body: Vec<u8> = (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                alphabet[(seed % alphabet.len() as u64) as usize]
            })
            .collect();
        let report = lint(&body);
        assert_eq!(report.lines.len(), source_lines(&body).len());
    }
}
