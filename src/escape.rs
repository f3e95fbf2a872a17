//! Percent-escape normalisation of rule patterns (Google's `MaybeEscapePattern`).

use std::borrow::Cow;

use crate::word::{HIGH, eq_bytes};

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Whether `s` has a `%` or a byte at or above 0x80, eight bytes at a time.
fn has_percent_or_high_byte(s: &[u8]) -> bool {
    let mut chunks = s.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        if (word | eq_bytes(word, b'%')) & HIGH != 0 {
            return true;
        }
    }
    chunks.remainder().iter().any(|&b| b == b'%' || b >= 0x80)
}

/// Writes the normalised form of `src` into `out` when it differs from `src`.
///
/// Returns `false`, leaving `out` untouched, when `src` needs no change.
/// `src` must hold no NUL byte: Google reads patterns as C strings, so
/// callers cut them at the first NUL.
pub(crate) fn escape_value_into(src: &[u8], out: &mut Vec<u8>) -> bool {
    // Most values need nothing: a word-at-a-time pass tells.
    if !has_percent_or_high_byte(src) {
        return false;
    }
    let is_escape_at = |i: usize| {
        src[i] == b'%'
            && src.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && src.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    };

    let mut to_escape = 0usize;
    let mut need_upper = false;
    let mut i = 0;
    while i < src.len() {
        if is_escape_at(i) {
            need_upper |= src[i + 1].is_ascii_lowercase() || src[i + 2].is_ascii_lowercase();
            i += 3;
        } else {
            to_escape += usize::from(src[i] >= 0x80);
            i += 1;
        }
    }
    if to_escape == 0 && !need_upper {
        return false;
    }

    out.reserve(src.len() + 2 * to_escape);
    let mut i = 0;
    while i < src.len() {
        if is_escape_at(i) {
            out.extend_from_slice(&[
                b'%',
                src[i + 1].to_ascii_uppercase(),
                src[i + 2].to_ascii_uppercase(),
            ]);
            i += 3;
        } else {
            let b = src[i];
            if b >= 0x80 {
                out.extend_from_slice(&[
                    b'%',
                    HEX_UPPER[usize::from(b >> 4)],
                    HEX_UPPER[usize::from(b & 0xF)],
                ]);
            } else {
                out.push(b);
            }
            i += 1;
        }
    }
    true
}

/// Canonicalises an allow/disallow pattern as Google does before matching:
/// `%xx` escapes get upper-case hex digits (`%aa` becomes `%AA`) and every
/// byte at or above 0x80 is percent-escaped (`/SanJoséSellers` becomes
/// `/SanJos%C3%A9Sellers`). Everything else is kept, including a `%` that
/// does not start a valid escape.
///
/// Like Google's C-string interface, the input ends at its first NUL byte.
/// Borrows the input when nothing changes.
pub fn maybe_escape_pattern(src: &[u8]) -> Cow<'_, [u8]> {
    let src = &src[..memchr::memchr(0, src).unwrap_or(src.len())];
    let mut out = Vec::new();
    if escape_value_into(src, &mut out) {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(src)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_at_end_or_before_non_hex_is_kept() {
        assert_eq!(&*maybe_escape_pattern(b"/a%"), b"/a%");
        assert_eq!(&*maybe_escape_pattern(b"/a%a"), b"/a%a");
        assert_eq!(&*maybe_escape_pattern(b"/a%zz%af"), b"/a%zz%AF");
    }

    #[test]
    fn high_bytes_are_escaped_with_upper_hex() {
        assert_eq!(&*maybe_escape_pattern(b"\xff\x80/"), b"%FF%80/");
    }

    #[test]
    fn input_ends_at_nul_like_a_c_string() {
        assert_eq!(&*maybe_escape_pattern(b"/a\0\xff"), b"/a");
    }

    #[test]
    fn percent_or_high_byte_found_in_any_position_of_a_word() {
        for len in 0..20 {
            for at in 0..len {
                for special in [b'%', 0x80, 0xFF] {
                    let mut s = vec![b'a'; len];
                    s[at] = special;
                    assert!(has_percent_or_high_byte(&s), "{len} {at} {special}");
                }
            }
            // '$' (0x24) and '&' (0x26) sit next to '%' (0x25).
            assert!(!has_percent_or_high_byte(&b"$&$&$&$&$&$&$&$&$&$&"[..len]));
        }
    }

    #[test]
    fn unchanged_input_is_borrowed() {
        assert!(matches!(maybe_escape_pattern(b"/a/%AB"), Cow::Borrowed(_)));
    }
}
