//! What the parser reads in a body: its events for a JavaScript handler
//! (Google's `ParseRobotsTxt`), Google's per-line reporter, the lint
//! findings, and Google's URL and pattern helpers.

use std::collections::TryReserveError;

use robotstxt_exact::lint::{self, Code};
use robotstxt_exact::{
    LineMetadata, ParseHandler, RobotsParsingReporter, try_get_path_params_query,
    try_maybe_escape_pattern, try_parse_robots_txt,
};
use wasm_bindgen::prelude::*;

use crate::json::Json;
use crate::memory::oom;
use crate::stage::{stage_mismatch, with_staged};

/// The kinds of the recorded callbacks (`packed.parse-event` of
/// `spec/vocabulary.json`, `PARSE_EVENT` in `js/lib/vocabulary.js`).
pub(crate) mod event {
    pub const USER_AGENT: u32 = 1;
    pub const ALLOW: u32 = 2;
    pub const DISALLOW: u32 = 3;
    pub const SITEMAP: u32 = 4;
    pub const UNKNOWN: u32 = 5;
    pub const LINE_METADATA: u32 = 6;
}

/// Records the handler callbacks as JSON: `[[kind, line, ...values]]`, the
/// [`event`] kinds each with its value (the unknown key's event with the
/// key and the value; the line metadata's with [`LineMetadata::bits`]).
/// `js/lib/parse.js` replays them to the handler.
struct Events {
    json: Json,
    metadata: bool,
}

impl Events {
    fn directive(&mut self, kind: u32, line: u32, values: &[&[u8]]) {
        self.json.begin_array();
        self.json.number(kind);
        self.json.number(line);
        for value in values {
            self.json.string(value);
        }
        self.json.end_array();
    }
}

impl ParseHandler for Events {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, line_num: u32, value: &[u8]) {
        self.directive(event::USER_AGENT, line_num, &[value]);
    }
    fn handle_allow(&mut self, line_num: u32, value: &[u8]) {
        self.directive(event::ALLOW, line_num, &[value]);
    }
    fn handle_disallow(&mut self, line_num: u32, value: &[u8]) {
        self.directive(event::DISALLOW, line_num, &[value]);
    }
    fn handle_sitemap(&mut self, line_num: u32, value: &[u8]) {
        self.directive(event::SITEMAP, line_num, &[value]);
    }
    fn handle_unknown_action(&mut self, line_num: u32, action: &[u8], value: &[u8]) {
        self.directive(event::UNKNOWN, line_num, &[action, value]);
    }
    fn report_line_metadata(&mut self, line_num: u32, metadata: &LineMetadata) {
        if self.metadata {
            self.json.begin_array();
            self.json.number(event::LINE_METADATA);
            self.json.number(line_num);
            self.json.number(u32::from(metadata.bits()));
            self.json.end_array();
        }
    }
}

/// The parser's callbacks for the staged body as JSON (see [`Events`]); the line
/// metadata only when `metadata` is set.
#[wasm_bindgen]
pub fn parse_events_staged(len: usize, metadata: bool) -> Result<String, JsError> {
    const WHAT: &str = "recording the parser's callbacks";
    let mut events = Events {
        json: Json::default(),
        metadata,
    };
    events.json.begin_array();
    with_staged(len, |body| try_parse_robots_txt(body, &mut events))
        .ok_or_else(stage_mismatch)?
        .map_err(|e| oom(WHAT, e))?;
    events.json.end_array();
    events.json.finish().map_err(|e| oom(WHAT, e))
}

/// Google's `RobotsParsingReporter`, kept across parses as Google's is.
#[wasm_bindgen]
#[derive(Default)]
pub struct Reporter {
    inner: RobotsParsingReporter,
}

#[wasm_bindgen]
impl Reporter {
    /// An empty reporter.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Reporter {
        Reporter::default()
    }

    /// Parses the staged body into the reporter.
    pub fn parse_staged(&mut self, len: usize) -> Result<(), JsError> {
        with_staged(len, |body| self.inner.try_parse_into(body))
            .ok_or_else(stage_mismatch)?
            .map_err(|e| oom("reporting on a robots.txt body", e))
    }

    /// The per-line results, two numbers a line: the line number, then
    /// [`robotstxt_exact::RobotsParsedLine::packed_bits`] (the tag, the typo flag and the
    /// metadata bits).
    pub fn results(&self) -> Result<Vec<u32>, JsError> {
        let fail = |e: TryReserveError| oom("listing the reporter's lines", e);
        let lines = self.inner.lines();
        let mut out = Vec::new();
        out.try_reserve_exact(2 * lines.len()).map_err(fail)?;
        for line in lines {
            out.push(line.line_num);
            out.push(u32::from(line.packed_bits()));
        }
        Ok(out)
    }

    /// The highest line number seen.
    pub fn last_line_seen(&self) -> u32 {
        self.inner.last_line_seen()
    }

    /// The number of user-agent, allow, disallow and sitemap lines.
    pub fn valid_directives(&self) -> u32 {
        self.inner.valid_directives()
    }

    /// The number of lines with an unrecognised key.
    pub fn unused_directives(&self) -> u32 {
        self.inner.unused_directives()
    }
}

/// Writes the details a finding's code carries, as extra fields.
fn code_details(j: &mut Json, code: &Code) {
    match code {
        Code::AcceptedTypo { key } | Code::UnsupportedKey { key } | Code::UnknownKey { key } => {
            j.field_string("key", key)
        }
        Code::LineTooLong { len } => j.field_number("length", len),
        Code::PartialUserAgent { matched } => j.field_string("matched", matched),
        Code::DuplicateRule { first_line } => j.field_number("firstLine", first_line),
        Code::OverriddenDisallow { allow_line } => j.field_number("allowLine", allow_line),
        Code::ShadowedRule { by_line } => j.field_number("byLine", by_line),
        Code::UnreachableGroup { rules } => j.field_number("rules", rules),
        Code::FileTooLarge { size, cut_inside } => {
            j.field_number("size", size);
            j.field_bool("cutInside", *cut_inside);
        }
        _ => {}
    }
}

/// The lint of the staged body as JSON: `{findings: [{line, code, severity, message,
/// ...details}], lines, directives, errors, warnings, notes, bytes,
/// firstLinePastLimit, directivesPastLimit}`.
#[wasm_bindgen]
pub fn lint_staged(len: usize) -> Result<String, JsError> {
    with_staged(len, lint_json).ok_or_else(stage_mismatch)?
}

fn lint_json(body: &[u8]) -> Result<String, JsError> {
    let mut j = Json::default();
    j.begin_object();
    j.key("findings");
    j.begin_array();
    let summary = lint::try_lint_each(body, |line| {
        for finding in &line.findings {
            j.begin_object();
            j.field_number("line", finding.line);
            j.field_string("code", finding.code.as_str().as_bytes());
            j.field_string("severity", finding.severity().as_str().as_bytes());
            j.field_string("message", finding.code.message().as_bytes());
            code_details(&mut j, &finding.code);
            j.end_object();
        }
        // Once the text cannot grow, the rest of the lint is of no use.
        j.status()
    })
    .map_err(|e| oom("linting a robots.txt body", e))?;
    j.end_array();
    j.field_number("lines", summary.lines);
    j.field_number("directives", summary.directives);
    j.field_number("errors", summary.errors);
    j.field_number("warnings", summary.warnings);
    j.field_number("notes", summary.notes);
    j.field_number("bytes", summary.bytes);
    j.key("firstLinePastLimit");
    match summary.first_line_past_limit {
        Some(line) => j.number(line),
        None => j.null(),
    }
    j.field_number("directivesPastLimit", summary.directives_past_limit);
    j.end_object();
    j.finish().map_err(|e| oom("linting a robots.txt body", e))
}

/// Google's `GetPathParamsQuery`.
#[wasm_bindgen]
pub fn get_path_params_query(url: &[u8]) -> Result<Vec<u8>, JsError> {
    let fail = |e| oom("extracting a URL's path", e);
    let path = try_get_path_params_query(url).map_err(fail)?;
    copy(&path).map_err(fail)
}

/// Google's `MaybeEscapePattern`.
#[wasm_bindgen]
pub fn maybe_escape_pattern(pattern: &[u8]) -> Result<Vec<u8>, JsError> {
    let fail = |e| oom("escaping a pattern", e);
    let escaped = try_maybe_escape_pattern(pattern).map_err(fail)?;
    copy(&escaped).map_err(fail)
}

/// Google's `ExtractUserAgent`: the leading `[a-zA-Z_-]` run.
#[wasm_bindgen]
pub fn extract_user_agent(agent: &[u8]) -> Result<Vec<u8>, JsError> {
    copy(robotstxt_exact::extract_user_agent(agent)).map_err(|e| oom("copying a user agent", e))
}

fn copy(bytes: &[u8]) -> Result<Vec<u8>, TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(bytes.len())?;
    v.extend_from_slice(bytes);
    Ok(v)
}
