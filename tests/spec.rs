//! The shared cases of `spec/cases/` through the Rust API: each matcher
//! query is asked of a fresh `RobotsMatcher` and of the parse-once `Robots`
//! (and its compiled view for the one agent), which must agree.
//!
//! Its own harness (`harness = false`): `cargo test --test spec` prints each
//! case and the count of checks.

mod spec_runner;

use std::process::ExitCode;

use robotstxt_exact::{
    ParseHandler, Robots, RobotsMatcher, RobotsParsingReporter, get_path_params_query,
    is_valid_user_agent_to_obey, maybe_escape_pattern, parse_robots_txt,
};
use spec_runner::{Answer, Api, Event, Report, ReportedLine, flags};

#[derive(Default)]
struct Recorder(Vec<Event>);

impl Recorder {
    fn push(&mut self, line: u32, kind: &'static str, key: &[u8], value: &[u8]) {
        self.0.push(Event {
            line,
            kind,
            key: key.to_vec(),
            value: value.to_vec(),
        });
    }
}

impl ParseHandler for Recorder {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        self.push(line, "user-agent", b"", value);
    }
    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        self.push(line, "allow", b"", value);
    }
    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        self.push(line, "disallow", b"", value);
    }
    fn handle_sitemap(&mut self, line: u32, value: &[u8]) {
        self.push(line, "sitemap", b"", value);
    }
    fn handle_unknown_action(&mut self, line: u32, action: &[u8], value: &[u8]) {
        self.push(line, "unknown", action, value);
    }
}

struct RustApi;

impl Api for RustApi {
    fn allowed(&self, robots: &[u8], agent: &[u8], url: &[u8]) -> Answer {
        let mut matcher = RobotsMatcher::new();
        let allowed = matcher.one_agent_allowed_by_robots(robots, agent, url);
        let answer = Answer {
            allowed,
            matching_line: matcher.matching_line(),
            ever_seen_specific_agent: matcher.ever_seen_specific_agent(),
        };
        let parsed = Robots::parse(robots);
        for (what, other) in [
            ("Robots::check", parsed.check(&[agent], url)),
            (
                "Robots::indexed().check",
                parsed.clone().indexed().check(&[agent], url),
            ),
            ("CompiledRobots::check", parsed.compile(&[agent]).check(url)),
        ] {
            let other = Answer {
                allowed: other.allowed,
                matching_line: other.matching_line,
                ever_seen_specific_agent: other.ever_seen_specific_agent,
            };
            assert_eq!(other, answer, "{what} differs from RobotsMatcher");
        }
        answer
    }

    fn is_valid_user_agent_to_obey(&self, agent: Option<&[u8]>) -> bool {
        is_valid_user_agent_to_obey(agent.unwrap_or_default())
    }

    fn parse(&self, robots: &[u8]) -> Vec<Event> {
        let mut recorder = Recorder::default();
        parse_robots_txt(robots, &mut recorder);
        recorder.0
    }

    fn report(&self, robots: &[u8]) -> Report {
        let reporter = RobotsParsingReporter::parse(robots);
        Report {
            valid_directives: reporter.valid_directives(),
            last_line_seen: reporter.last_line_seen(),
            lines: reporter
                .parse_results()
                .iter()
                .map(|line| {
                    let m = &line.metadata;
                    ReportedLine {
                        line_num: line.line_num,
                        tag: line.tag_name.name(),
                        is_typo: line.is_typo,
                        flags: flags([
                            m.is_empty,
                            m.has_comment,
                            m.is_comment,
                            m.has_directive,
                            m.is_acceptable_typo,
                            m.is_line_too_long,
                            m.is_missing_colon_separator,
                        ]),
                    }
                })
                .collect(),
        }
    }

    fn path_params_query(&self, url: &[u8]) -> Vec<u8> {
        get_path_params_query(url).into_owned()
    }

    fn escape_pattern(&self, pattern: &[u8]) -> Vec<u8> {
        maybe_escape_pattern(pattern).into_owned()
    }
}

fn main() -> ExitCode {
    spec_runner::main(env!("CARGO_MANIFEST_DIR"), "the Rust API", &RustApi)
}
