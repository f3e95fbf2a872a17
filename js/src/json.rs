//! A small JSON writer for the structured results (groups, lint findings,
//! parse events), which JavaScript turns into plain objects with one
//! `JSON.parse`. Written by hand rather than with serde_json: the module
//! would grow by more than the rest of this crate for a few object shapes.
//!
//! Byte strings from a robots.txt become JSON strings decoded as UTF-8,
//! each invalid sequence replaced by U+FFFD, as `TextDecoder` does.

use std::collections::TryReserveError;
use std::fmt::Write;

/// JSON text under construction. Every write reserves its room first; after
/// a failed reservation nothing more is written and [`Json::finish`]
/// reports it.
#[derive(Default)]
pub struct Json {
    out: String,
    /// Whether the next value in the current array or object needs a comma.
    comma: bool,
    failed: Option<TryReserveError>,
}

/// Room for any number written here: a `u64` has at most 20 digits.
const NUMBER_ROOM: usize = 20;

/// The numbers the writer prints: integers. Printing an `f64` would bring
/// in the standard library's float formatting, about a twentieth of the
/// module; floats go to JavaScript as numbers instead.
pub trait Integer: std::fmt::Display {}
impl Integer for u16 {}
impl Integer for u32 {}
impl Integer for u64 {}
impl Integer for usize {}
impl<T: Integer> Integer for &T {}

impl Json {
    /// The text written, or the failed reservation.
    pub fn finish(self) -> Result<String, TryReserveError> {
        match self.failed {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }

    /// The failed reservation, if there was one: a writer can stop early.
    pub fn status(&self) -> Result<(), TryReserveError> {
        match &self.failed {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    fn room(&mut self, n: usize) -> bool {
        if self.failed.is_some() {
            return false;
        }
        match self.out.try_reserve(n) {
            Ok(()) => true,
            Err(e) => {
                self.failed = Some(e);
                false
            }
        }
    }

    fn put(&mut self, s: &str) {
        if self.room(s.len()) {
            self.out.push_str(s);
        }
    }

    fn sep(&mut self) {
        if self.comma {
            self.put(",");
        }
        self.comma = true;
    }

    /// Opens an array (as a value, or after [`Json::key`]).
    pub fn begin_array(&mut self) {
        self.sep();
        self.put("[");
        self.comma = false;
    }

    /// Closes an array.
    pub fn end_array(&mut self) {
        self.put("]");
        self.comma = true;
    }

    /// Opens an object.
    pub fn begin_object(&mut self) {
        self.sep();
        self.put("{");
        self.comma = false;
    }

    /// Closes an object.
    pub fn end_object(&mut self) {
        self.put("}");
        self.comma = true;
    }

    /// Writes an object key; the value follows.
    pub fn key(&mut self, key: &str) {
        self.sep();
        self.string_body(key.as_bytes());
        self.put(":");
        self.comma = false;
    }

    /// Writes a number.
    pub fn number(&mut self, n: impl Integer) {
        self.sep();
        if self.room(NUMBER_ROOM) {
            let _ = write!(self.out, "{n}");
        }
    }

    /// Writes `true` or `false`.
    pub fn bool(&mut self, b: bool) {
        self.sep();
        self.put(if b { "true" } else { "false" });
    }

    /// Writes `null`.
    pub fn null(&mut self) {
        self.sep();
        self.put("null");
    }

    /// Writes bytes as a JSON string (see the module documentation).
    pub fn string(&mut self, bytes: &[u8]) {
        self.sep();
        self.string_body(bytes);
    }

    fn string_body(&mut self, bytes: &[u8]) {
        // At most six bytes of output per input byte (`\u001f`), three per
        // replaced sequence, plus the quotes.
        if !self.room(bytes.len().saturating_mul(6).saturating_add(2)) {
            return;
        }
        let out = &mut self.out;
        out.push('"');
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"),
                    '\t' => out.push_str("\\t"),
                    c if (c as u32) < 0x20 => {
                        let _ = write!(out, "\\u{:04x}", c as u32);
                    }
                    c => out.push(c),
                }
            }
            if !chunk.invalid().is_empty() {
                out.push(char::REPLACEMENT_CHARACTER);
            }
        }
        out.push('"');
    }

    /// `key` then a string value.
    pub fn field_string(&mut self, key: &str, bytes: &[u8]) {
        self.key(key);
        self.string(bytes);
    }

    /// `key` then a number value.
    pub fn field_number(&mut self, key: &str, n: impl Integer) {
        self.key(key);
        self.number(n);
    }

    /// `key` then a boolean value.
    pub fn field_bool(&mut self, key: &str, b: bool) {
        self.key(key);
        self.bool(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // RFC 8259 section 7: quote, backslash and the control characters
    // U+0000 to U+001F must be escaped; everything else may stand as is.
    #[test]
    fn strings_escape_what_rfc_8259_requires() {
        let mut j = Json::default();
        j.string(b"a\"b\\c\nd\x01e\x1f/\x7f");
        assert_eq!(
            j.finish().unwrap(),
            "\"a\\\"b\\\\c\\nd\\u0001e\\u001f/\x7f\""
        );
    }

    // WHATWG Encoding: each maximal invalid subsequence becomes one U+FFFD,
    // as TextDecoder does ("\xF0\x90\x80" is one truncated sequence).
    #[test]
    fn invalid_utf8_becomes_one_replacement_per_bad_sequence() {
        let mut j = Json::default();
        j.string(b"x\xF0\x90\x80y\xFFz");
        assert_eq!(j.finish().unwrap(), "\"x\u{FFFD}y\u{FFFD}z\"");
    }

    #[test]
    fn commas_separate_values_at_every_level() {
        let mut j = Json::default();
        j.begin_object();
        j.field_number("a", 1u32);
        j.key("b");
        j.begin_array();
        j.bool(true);
        j.null();
        j.begin_object();
        j.end_object();
        j.end_array();
        j.field_string("c", b"d");
        j.end_object();
        assert_eq!(j.finish().unwrap(), r#"{"a":1,"b":[true,null,{}],"c":"d"}"#);
    }
}
