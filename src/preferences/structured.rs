//! RFC 9651 (Structured Field Values) Dictionaries: the syntax of a
//! `Content-Usage` statement (draft-ietf-aipref-vocab-08 §6).
//!
//! The parser follows the algorithms of RFC 9651 §4.2 step by step and
//! allocates nothing: it walks the bytes once and hands each member to a
//! callback, which is all a reader of preferences needs (vocab §6.5 looks at
//! the value of two keys and ignores parameters). A Dictionary that fails to
//! parse states nothing (vocab §6.5.1), so the callback's members only count
//! once [`parse_dictionary`] has returned `Ok`.
//!
//! One departure, for robots.txt only: the bytes come from Google's parser,
//! which upper-cases percent escapes in every value it reports, so the hex
//! digits of a Display String's escapes are accepted in either case (RFC 9651
//! §4.2.10 wants lower case); the original case cannot be known.

/// How a member's value starts: what vocab §6.5 needs to tell a preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberValue<'a> {
    /// A Token (RFC 9651 §3.3.4), e.g. `y`.
    Token(&'a [u8]),
    /// Any other Bare Item: Integer, Decimal, String, Byte Sequence,
    /// Boolean (a key without `=` is Boolean true), Date or Display String.
    Other,
    /// An Inner List.
    InnerList,
}

/// A failure to parse: where, and what the grammar wanted there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SyntaxError {
    /// The byte offset in the statement.
    pub at: usize,
    /// What was expected, in a few words.
    pub expected: &'static str,
}

/// Parses `input` as an RFC 9651 Dictionary field value (§4.2 with
/// `field_type` "dictionary"), calling `member(key, value)` for each member
/// in order; a later member with the same key overrides an earlier one
/// (§4.2.2), which the callback sees as a second call.
pub fn parse_dictionary<'a>(
    input: &'a [u8],
    mut member: impl FnMut(&'a [u8], MemberValue<'a>),
) -> Result<(), SyntaxError> {
    // §4.2 step 1: the input must be ASCII.
    if let Some(at) = input.iter().position(|b| !b.is_ascii()) {
        return Err(SyntaxError {
            at,
            expected: "ASCII",
        });
    }
    let mut p = Parser { input, at: 0 };
    p.skip_sp();
    // §4.2.2.
    while !p.is_empty() {
        let key = p.key()?;
        let value = if p.peek() == Some(b'=') {
            p.at += 1;
            p.item_or_inner_list()?
        } else {
            p.parameters()?;
            MemberValue::Other
        };
        member(key, value);
        p.skip_ows();
        if p.is_empty() {
            break;
        }
        p.expect(b',', "\",\" between members")?;
        p.skip_ows();
        if p.is_empty() {
            return Err(p.error("a member after \",\""));
        }
    }
    // §4.2 steps 6 and 7 (the loop consumed the trailing spaces already).
    p.skip_sp();
    if !p.is_empty() {
        return Err(p.error("the end"));
    }
    Ok(())
}

struct Parser<'a> {
    input: &'a [u8],
    at: usize,
}

fn is_lcalpha(b: u8) -> bool {
    b.is_ascii_lowercase()
}

/// RFC 9110 `tchar`.
fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

impl<'a> Parser<'a> {
    fn is_empty(&self) -> bool {
        self.at >= self.input.len()
    }

    fn peek(&self) -> Option<u8> {
        self.input.get(self.at).copied()
    }

    fn error(&self, expected: &'static str) -> SyntaxError {
        SyntaxError {
            at: self.at,
            expected,
        }
    }

    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), SyntaxError> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    fn skip_sp(&mut self) {
        while self.peek() == Some(b' ') {
            self.at += 1;
        }
    }

    fn skip_ows(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// §4.2.3.3.
    fn key(&mut self) -> Result<&'a [u8], SyntaxError> {
        let start = self.at;
        match self.peek() {
            Some(b) if is_lcalpha(b) || b == b'*' => self.at += 1,
            _ => return Err(self.error("a key (a-z or *)")),
        }
        while let Some(b) = self.peek() {
            if !(is_lcalpha(b) || b.is_ascii_digit() || b"_-.*".contains(&b)) {
                break;
            }
            self.at += 1;
        }
        Ok(&self.input[start..self.at])
    }

    /// §4.2.1.1.
    fn item_or_inner_list(&mut self) -> Result<MemberValue<'a>, SyntaxError> {
        if self.peek() == Some(b'(') {
            self.inner_list()?;
            Ok(MemberValue::InnerList)
        } else {
            self.item()
        }
    }

    /// §4.2.1.2.
    fn inner_list(&mut self) -> Result<(), SyntaxError> {
        self.expect(b'(', "\"(\"")?;
        loop {
            self.skip_sp();
            match self.peek() {
                None => return Err(self.error("\")\"")),
                Some(b')') => {
                    self.at += 1;
                    return self.parameters();
                }
                Some(_) => {
                    self.item()?;
                    if !matches!(self.peek(), Some(b' ' | b')')) {
                        return Err(self.error("\" \" or \")\" in an inner list"));
                    }
                }
            }
        }
    }

    /// §4.2.3.
    fn item(&mut self) -> Result<MemberValue<'a>, SyntaxError> {
        let value = self.bare_item()?;
        self.parameters()?;
        Ok(value)
    }

    /// §4.2.3.2.
    fn parameters(&mut self) -> Result<(), SyntaxError> {
        while self.peek() == Some(b';') {
            self.at += 1;
            self.skip_sp();
            self.key()?;
            if self.peek() == Some(b'=') {
                self.at += 1;
                self.bare_item()?;
            }
        }
        Ok(())
    }

    /// §4.2.3.1.
    fn bare_item(&mut self) -> Result<MemberValue<'a>, SyntaxError> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.number().map(|_| MemberValue::Other),
            Some(b'"') => self.string().map(|()| MemberValue::Other),
            Some(b) if b == b'*' || b.is_ascii_alphabetic() => Ok(MemberValue::Token(self.token())),
            Some(b':') => self.byte_sequence().map(|()| MemberValue::Other),
            Some(b'?') => self.boolean().map(|()| MemberValue::Other),
            Some(b'@') => self.date().map(|()| MemberValue::Other),
            Some(b'%') => self.display_string().map(|()| MemberValue::Other),
            _ => Err(self.error("an item")),
        }
    }

    /// §4.2.4; whether the number is a Decimal.
    fn number(&mut self) -> Result<bool, SyntaxError> {
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return Err(self.error("a digit"));
        }
        let mut digits = 0usize;
        let mut decimal_at = None;
        while let Some(b) = self.peek() {
            if b.is_ascii_digit() {
                digits += 1;
            } else if b == b'.' && decimal_at.is_none() {
                if digits > 12 {
                    return Err(self.error("at most 12 digits before \".\""));
                }
                decimal_at = Some(digits);
            } else {
                break;
            }
            self.at += 1;
            // The input_number of §4.2.4 counts the "." too.
            let len = digits + usize::from(decimal_at.is_some());
            if decimal_at.is_none() && len > 15 {
                return Err(self.error("at most 15 digits"));
            }
            if decimal_at.is_some() && len > 16 {
                return Err(self.error("at most 16 characters in a decimal"));
            }
        }
        match decimal_at {
            None => Ok(false),
            Some(before) if digits == before => Err(self.error("a digit after \".\"")),
            Some(before) if digits - before > 3 => Err(self.error("at most 3 digits after \".\"")),
            Some(_) => Ok(true),
        }
    }

    /// §4.2.5.
    fn string(&mut self) -> Result<(), SyntaxError> {
        self.expect(b'"', "\"\\\"\"")?;
        loop {
            let Some(b) = self.peek() else {
                return Err(self.error("a closing quote"));
            };
            self.at += 1;
            match b {
                b'\\' => match self.peek() {
                    Some(b'"' | b'\\') => self.at += 1,
                    _ => return Err(self.error("\\\" or \\\\ after \\")),
                },
                b'"' => return Ok(()),
                0x00..=0x1f | 0x7f..=0xff => {
                    self.at -= 1;
                    return Err(self.error("a printable character"));
                }
                _ => {}
            }
        }
    }

    /// §4.2.6; the first byte is ALPHA or `*` (checked by the caller).
    fn token(&mut self) -> &'a [u8] {
        let start = self.at;
        self.at += 1;
        while let Some(b) = self.peek() {
            if !(is_tchar(b) || b == b':' || b == b'/') {
                break;
            }
            self.at += 1;
        }
        &self.input[start..self.at]
    }

    /// §4.2.7. Padding may be missing or short, as "synthesizing padding if
    /// necessary" allows, and pad bits may be non-zero (the SHOULD NOTs of
    /// §4.2.7), but the content must decode: no `=` inside, no more `=`
    /// than a complete group needs, and not one lone character in a group.
    fn byte_sequence(&mut self) -> Result<(), SyntaxError> {
        self.expect(b':', "\":\"")?;
        let start = self.at;
        let Some(len) = self.input[start..].iter().position(|&b| b == b':') else {
            return Err(self.error("a closing \":\""));
        };
        let content = &self.input[start..start + len];
        let bad = |at: usize| SyntaxError {
            at: start + at,
            expected: "base64",
        };
        if let Some(at) = content
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b"+/=".contains(&b)))
        {
            return Err(bad(at));
        }
        let data = content.iter().position(|&b| b == b'=').unwrap_or(len);
        let pad = len - data;
        if content[data..].iter().any(|&b| b != b'=') || pad > 2 {
            return Err(bad(data));
        }
        if data % 4 == 1 || data + pad > data.div_ceil(4) * 4 {
            return Err(bad(data));
        }
        self.at = start + len + 1;
        Ok(())
    }

    /// §4.2.8.
    fn boolean(&mut self) -> Result<(), SyntaxError> {
        self.expect(b'?', "\"?\"")?;
        match self.peek() {
            Some(b'0' | b'1') => {
                self.at += 1;
                Ok(())
            }
            _ => Err(self.error("0 or 1 after \"?\"")),
        }
    }

    /// §4.2.9.
    fn date(&mut self) -> Result<(), SyntaxError> {
        self.expect(b'@', "\"@\"")?;
        let start = self.at;
        if self.number()? {
            return Err(SyntaxError {
                at: start,
                expected: "an integer date",
            });
        }
        Ok(())
    }

    /// §4.2.10, hex digits in either case (see the module documentation).
    fn display_string(&mut self) -> Result<(), SyntaxError> {
        self.expect(b'%', "\"%\"")?;
        self.expect(b'"', "\"\\\"\" after \"%\"")?;
        // The decoded bytes must be UTF-8: one sequence at a time.
        let mut sequence = [0u8; 4];
        let mut have = 0usize;
        let mut need = 0usize;
        loop {
            let Some(b) = self.peek() else {
                return Err(self.error("a closing quote"));
            };
            let byte = match b {
                0x00..=0x1f | 0x7f..=0xff => return Err(self.error("a printable character")),
                b'"' => {
                    if have != 0 {
                        return Err(self.error("complete UTF-8"));
                    }
                    self.at += 1;
                    return Ok(());
                }
                b'%' => {
                    let hex = self.input.get(self.at + 1..self.at + 3);
                    let Some(value) = hex.and_then(|h| {
                        let h = std::str::from_utf8(h).ok()?;
                        if !h.bytes().all(|c| c.is_ascii_hexdigit()) {
                            return None;
                        }
                        u8::from_str_radix(h, 16).ok()
                    }) else {
                        return Err(self.error("two hex digits after \"%\""));
                    };
                    self.at += 2;
                    value
                }
                _ => b,
            };
            self.at += 1;
            if have == 0 {
                need = match byte {
                    0x00..=0x7f => 1,
                    0xc2..=0xdf => 2,
                    0xe0..=0xef => 3,
                    0xf0..=0xf4 => 4,
                    _ => return Err(self.error("UTF-8")),
                };
            }
            sequence[have] = byte;
            have += 1;
            if have == need {
                if std::str::from_utf8(&sequence[..have]).is_err() {
                    return Err(self.error("UTF-8"));
                }
                have = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(input: &str) -> Result<Vec<(String, MemberValue<'_>)>, SyntaxError> {
        let mut out = Vec::new();
        parse_dictionary(input.as_bytes(), |k, v| {
            out.push((String::from_utf8_lossy(k).into_owned(), v));
        })?;
        Ok(out)
    }

    fn ok(input: &str) -> bool {
        members(input).is_ok()
    }

    #[test]
    fn vocab_section_6_example_is_two_tokens() {
        // vocab §6: "train-ai=y, search=n".
        assert_eq!(
            members("train-ai=y, search=n").unwrap(),
            [
                ("train-ai".into(), MemberValue::Token(b"y")),
                ("search".into(), MemberValue::Token(b"n")),
            ]
        );
    }

    #[test]
    fn vocab_multiple_preferences_example_parses_with_non_token_values() {
        // vocab §6.5.1: "train-ai=y, train-ai, search=n, search="n"" parses;
        // the later members (a Boolean, a String) are not Tokens.
        assert_eq!(
            members("train-ai=y, train-ai, search=n, search=\"n\"").unwrap(),
            [
                ("train-ai".into(), MemberValue::Token(b"y")),
                ("train-ai".into(), MemberValue::Other),
                ("search".into(), MemberValue::Token(b"n")),
                ("search".into(), MemberValue::Other),
            ]
        );
    }

    #[test]
    fn vocab_parameter_examples_parse() {
        // vocab §6.5.2: parameters on a member, and parameters on a
        // key without a value.
        assert_eq!(
            members("train-ai;allow=n, train-ai=y").unwrap(),
            [
                ("train-ai".into(), MemberValue::Other),
                ("train-ai".into(), MemberValue::Token(b"y")),
            ]
        );
        // "train-ai;has;parameters="?";" ends in ";", which needs a key
        // after it (RFC 9651 §4.2.3.2): as printed, the example fails.
        assert!(!ok("train-ai;has;parameters=\"?\";"));
        assert!(ok("train-ai;has;parameters=\"?\""));
    }

    #[test]
    fn uppercase_keys_fail() {
        // vocab §6.5.1: "This includes where keys include uppercase
        // characters".
        assert!(!ok("Train-ai=y"));
        assert!(!ok("train-AI=y"));
    }

    #[test]
    fn rfc9651_dictionary_examples() {
        // RFC 9651 §3.2 examples.
        assert!(ok("en=\"Applepie\", da=:w4ZibGV0w6ZydGUK:"));
        assert!(ok("a=?0, b, c; foo=bar"));
        assert!(ok("rating=1.5, feelings=(joy sadness)"));
        assert!(ok("a=(1 2), b=3, c=4;aa=bb, d=(5 6);valid"));
    }

    #[test]
    fn separators_and_whitespace() {
        // RFC 9651 §4.2.2: OWS around commas, no trailing comma; §4.2
        // step 2: leading SP only.
        assert!(ok("  a=1 ,\tb=2"));
        assert!(ok(""));
        assert!(!ok("a=1,"));
        assert!(!ok("a=1, "));
        assert!(!ok("\ta=1"));
        assert!(!ok("a=1 b=2"));
        assert!(!ok("a =1"));
        assert!(!ok(",a=1"));
    }

    #[test]
    fn numbers() {
        // RFC 9651 §4.2.4 limits.
        assert!(ok("a=999999999999999"));
        assert!(!ok("a=9999999999999999"));
        assert!(ok("a=-999999999999999"));
        assert!(ok("a=123456789012.123"));
        assert!(!ok("a=1234567890123.1"));
        assert!(!ok("a=1.1234"));
        assert!(!ok("a=1."));
        assert!(!ok("a=-"));
        assert!(!ok("a=1.2.3"));
    }

    #[test]
    fn strings_tokens_booleans_dates() {
        assert!(ok(r#"a="x \"y\" \\ z""#));
        assert!(!ok(r#"a="\x""#));
        assert!(!ok(r#"a="open"#));
        assert!(!ok("a=\"tab\there\""));
        assert!(ok("a=foo/bar:baz*"));
        assert!(ok("a=*"));
        assert!(ok("a=?1, b=?0"));
        assert!(!ok("a=?2"));
        assert!(ok("a=@1659578233"));
        assert!(!ok("a=@1.5"));
        assert!(!ok("a=!"));
    }

    #[test]
    fn byte_sequences() {
        assert!(ok("a=:cHJldGVuZCB0aGlzIGlzIGJpbmFyeSBjb250ZW50Lg==:"));
        assert!(ok("a=::"));
        // Missing padding is accepted (RFC 9651 §4.2.7 SHOULD NOT fail).
        assert!(ok("a=:YQ:"));
        assert!(!ok("a=:Y:"));
        assert!(ok("a=:YQ=:"));
        assert!(!ok("a=:YWJj=:"));
        assert!(!ok("a=:Y=Q=:"));
        assert!(!ok("a=:YQ"));
        assert!(!ok("a=:Y*Q=:"));
    }

    #[test]
    fn display_strings() {
        // RFC 9651 §3.3.8's example, and the same with upper-case escapes
        // as Google's parser reports them.
        assert!(ok(r#"a=%"This is intended for display to %c3%bcsers.""#));
        assert!(ok(r#"a=%"This is intended for display to %C3%BCsers.""#));
        // Not UTF-8, or cut short.
        assert!(!ok(r#"a=%"%c3""#));
        assert!(!ok(r#"a=%"%ff""#));
        assert!(!ok(r#"a=%"%c""#));
        assert!(!ok(r#"a=%x"#));
    }

    #[test]
    fn inner_lists() {
        assert!(ok("a=(), b=(1 \"x\" y);p=1"));
        assert!(!ok("a=(1,2)"));
        assert!(!ok("a=(1"));
    }

    #[test]
    fn non_ascii_fails_where_it_is() {
        let err = parse_dictionary("a=\"é\"".as_bytes(), |_, _| {}).unwrap_err();
        assert_eq!(err.at, 3);
    }
}
