//! Google's `reporting_robots_test.cc` through the Rust API.
//!
//! The inputs and the per-line expectations are those of Google's robotstxt
//! test suite (github.com/google/robotstxt, Apache-2.0), carried over as
//! facts; test names are Google's. As in Google's test, one reporter is reused
//! for several parses: a new parse resets the counts but keeps the per-line
//! results of earlier parses.

#![allow(non_snake_case)]

use robotstxt_exact::{
    LineMetadata, RobotsParsedLine, RobotsParsingReporter, RobotsTagName, parse_robots_txt,
};

/// Google's `expectLineToParseTo`: the result at index `line_num - 1` is the
/// expected one.
#[track_caller]
fn expect_line_to_parse_to(
    lines: &[&[u8]],
    parse_results: &[RobotsParsedLine],
    expected: RobotsParsedLine,
) {
    let line_num = expected.line_num as usize;
    assert_eq!(
        parse_results[line_num - 1],
        expected,
        "for line {line_num}: {:?}",
        String::from_utf8_lossy(lines[line_num - 1])
    );
}

/// `absl::StrSplit(text, '\n')`: every piece, including a last empty one.
fn split_lines(text: &[u8]) -> Vec<&[u8]> {
    text.split(|&b| b == b'\n').collect()
}

fn parse(report: &mut RobotsParsingReporter, body: &[u8]) {
    parse_robots_txt(body, report);
}

#[test]
fn LinesNumbersAreCountedCorrectly() {
    let mut report = RobotsParsingReporter::new();
    let simple_file: &[u8] = b"User-Agent: foo\n\
                               Allow: /some/path\n\
                               User-Agent bar # no\n\
                               absolutely random line\n\
                               #so comment, much wow\n\
                               \n\
                               unicorns: /extinct\n\
                               noarchive: /some\n\
                               Disallow: /\n\
                               Error #and comment\n\
                               useragent: baz\n\
                               disallaw: /some\n\
                               site-map: https://e/s.xml #comment\n\
                               sitemap: https://e/t.xml\n\
                               Noarchive: /someCapital\n";
    // Line 16 is the empty line after the last "\n".
    parse(&mut report, simple_file);
    assert_eq!(8, report.valid_directives());
    assert_eq!(16, report.last_line_seen());
    assert_eq!(
        report.parse_results().len(),
        report.last_line_seen() as usize
    );
    let lines = split_lines(simple_file);
    let results = report.parse_results();

    // "User-Agent: foo"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 1,
            tag_name: RobotsTagName::UserAgent,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                is_missing_colon_separator: false,
                ..LineMetadata::default()
            },
        },
    );
    // "Allow: /some/path"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 2,
            tag_name: RobotsTagName::Allow,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                ..LineMetadata::default()
            },
        },
    );
    // "User-Agent bar # no"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 3,
            tag_name: RobotsTagName::UserAgent,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: true,
                is_comment: false,
                has_directive: true,
                is_missing_colon_separator: true,
                ..LineMetadata::default()
            },
        },
    );
    // "absolutely random line"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 4,
            tag_name: RobotsTagName::Unknown,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: false,
                is_missing_colon_separator: false,
                ..LineMetadata::default()
            },
        },
    );
    // "#so comment, much wow"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 5,
            tag_name: RobotsTagName::Unknown,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: true,
                is_comment: true,
                has_directive: false,
                ..LineMetadata::default()
            },
        },
    );
    // ""
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 6,
            tag_name: RobotsTagName::Unknown,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: true,
                has_comment: false,
                is_comment: false,
                has_directive: false,
                ..LineMetadata::default()
            },
        },
    );
    // "unicorns: /extinct"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 7,
            tag_name: RobotsTagName::Unknown,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                ..LineMetadata::default()
            },
        },
    );
    // "noarchive: /some"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 8,
            tag_name: RobotsTagName::Unused,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                ..LineMetadata::default()
            },
        },
    );
    // "Disallow: /"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 9,
            tag_name: RobotsTagName::Disallow,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                ..LineMetadata::default()
            },
        },
    );
    // "Error #and comment"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 10,
            tag_name: RobotsTagName::Unknown,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: true,
                is_comment: false,
                has_directive: false,
                is_missing_colon_separator: false,
                ..LineMetadata::default()
            },
        },
    );
    // "useragent: baz"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 11,
            tag_name: RobotsTagName::UserAgent,
            is_typo: true,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                is_acceptable_typo: true,
                ..LineMetadata::default()
            },
        },
    );
    // "disallaw: /some"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 12,
            tag_name: RobotsTagName::Disallow,
            is_typo: true,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                is_acceptable_typo: true,
                ..LineMetadata::default()
            },
        },
    );
    // "site-map: https://e/s.xml #comment"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 13,
            tag_name: RobotsTagName::Sitemap,
            is_typo: true,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: true,
                is_comment: false,
                has_directive: true,
                is_acceptable_typo: true,
                ..LineMetadata::default()
            },
        },
    );
    // "sitemap: https://e/t.xml"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 14,
            tag_name: RobotsTagName::Sitemap,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                is_acceptable_typo: false,
                ..LineMetadata::default()
            },
        },
    );
    // "Noarchive: /someCapital"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 15,
            tag_name: RobotsTagName::Unused,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                ..LineMetadata::default()
            },
        },
    );
    // The empty line 16 after the last "\n".
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 16,
            tag_name: RobotsTagName::Unknown,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: true,
                has_comment: false,
                is_comment: false,
                has_directive: false,
                ..LineMetadata::default()
            },
        },
    );

    let dos_file: &[u8] = b"User-Agent: foo\r\n\
                            Allow: /some/path\r\n\
                            User-Agent: bar\r\n\
                            \r\n\
                            \r\n\
                            Disallow: /\r\n";
    parse(&mut report, dos_file);
    assert_eq!(4, report.valid_directives());
    assert_eq!(7, report.last_line_seen());

    let mac_file: &[u8] = b"User-Agent: foo\r\
                            Allow: /some/path\r\
                            User-Agent: bar\r\
                            \r\
                            \r\
                            Disallow: /\r";
    parse(&mut report, mac_file);
    assert_eq!(4, report.valid_directives());
    assert_eq!(7, report.last_line_seen());
}

#[test]
fn LinesTooLongReportedCorrectly() {
    let mut report = RobotsParsingReporter::new();
    let max_line_len = 2084 * 8;
    let allow = "allow: /\n";
    let disallow = "disallow: ";
    let mut robotstxt = String::from("user-agent: foo\n");
    let mut longline = String::from("/x/");
    while longline.len() < max_line_len {
        longline.push('a');
    }
    robotstxt.push_str(disallow);
    robotstxt.push_str(&longline);
    robotstxt.push('\n');
    robotstxt.push_str(allow);

    parse(&mut report, robotstxt.as_bytes());
    assert_eq!(3, report.valid_directives());
    assert_eq!(4, report.last_line_seen());
    assert_eq!(
        report.parse_results().len(),
        report.last_line_seen() as usize
    );
    let lines = split_lines(robotstxt.as_bytes());
    let results = report.parse_results();

    // "user-agent: foo"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 1,
            tag_name: RobotsTagName::UserAgent,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                is_line_too_long: false,
                ..LineMetadata::default()
            },
        },
    );
    // "disallow: /x/a[...]a"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 2,
            tag_name: RobotsTagName::Disallow,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                is_line_too_long: true,
                ..LineMetadata::default()
            },
        },
    );
    // "allow: /"
    expect_line_to_parse_to(
        &lines,
        &results,
        RobotsParsedLine {
            line_num: 3,
            tag_name: RobotsTagName::Allow,
            is_typo: false,
            metadata: LineMetadata {
                is_empty: false,
                has_comment: false,
                is_comment: false,
                has_directive: true,
                is_line_too_long: false,
                ..LineMetadata::default()
            },
        },
    );
}
