//! Percent-escape normalisation of rule patterns (Google's `MaybeEscapePattern`).

use std::borrow::Cow;
use std::collections::TryReserveError;

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

/// The length of the normalised form of `src` when it differs from `src`;
/// `None` when `src` needs no change. `src` holds no NUL byte.
pub fn escaped_len(src: &[u8]) -> Option<usize> {
    // Most values need nothing: a word-at-a-time pass tells.
    if !has_percent_or_high_byte(src) {
        return None;
    }
    let mut to_escape = 0usize;
    let mut need_upper = false;
    let mut i = 0;
    while i < src.len() {
        if is_escape_at(src, i) {
            need_upper |= src[i + 1].is_ascii_lowercase() || src[i + 2].is_ascii_lowercase();
            i += 3;
        } else {
            to_escape += usize::from(src[i] >= 0x80);
            i += 1;
        }
    }
    (to_escape != 0 || need_upper).then_some(src.len() + 2 * to_escape)
}

fn is_escape_at(src: &[u8], i: usize) -> bool {
    src[i] == b'%'
        && src.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && src.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// Writes the normalised form of `src` to `out`, which has exactly
/// [`escaped_len`] bytes (the length of `src` when that is `None`). With
/// [`escaped_len`], this lets a caller escape into memory it allocated
/// itself (fallibly, say), as the C ABI does.
///
/// # Panics
/// When `out` is shorter than that.
pub fn escape_into_slice(src: &[u8], out: &mut [u8]) {
    let mut at = 0;
    let mut put = |bytes: &[u8]| {
        out[at..at + bytes.len()].copy_from_slice(bytes);
        at += bytes.len();
    };
    let mut i = 0;
    while i < src.len() {
        if is_escape_at(src, i) {
            put(&[
                b'%',
                src[i + 1].to_ascii_uppercase(),
                src[i + 2].to_ascii_uppercase(),
            ]);
            i += 3;
        } else {
            let b = src[i];
            if b >= 0x80 {
                put(&[
                    b'%',
                    HEX_UPPER[usize::from(b >> 4)],
                    HEX_UPPER[usize::from(b & 0xF)],
                ]);
            } else {
                put(&[b]);
            }
            i += 1;
        }
    }
}

/// Writes the normalised form of `src` into `out` (cleared first) when it
/// differs from `src`.
///
/// Returns `Ok(false)`, leaving `out` untouched, when `src` needs no change,
/// and an error, leaving `out` empty, when `out` cannot grow to the
/// normalised length (at most three times `src`). `src` must hold no NUL
/// byte: Google reads patterns as C strings, so callers cut them at the
/// first NUL.
pub(crate) fn escape_value_into(src: &[u8], out: &mut Vec<u8>) -> Result<bool, TryReserveError> {
    let Some(len) = escaped_len(src) else {
        return Ok(false);
    };
    out.clear();
    out.try_reserve(len)?;
    out.resize(len, 0);
    escape_into_slice(src, out);
    Ok(true)
}

/// Canonicalises an allow/disallow pattern as Google does before matching:
/// `%xx` escapes get upper-case hex digits (`%aa` becomes `%AA`) and every
/// byte at or above 0x80 is percent-escaped (`/SanJoséSellers` becomes
/// `/SanJos%C3%A9Sellers`). Everything else is kept, including a `%` that
/// does not start a valid escape.
///
/// Like Google's C-string interface, the input ends at its first NUL byte.
/// Borrows the input when nothing changes. The result takes at most three
/// times the input's length; [`try_maybe_escape_pattern`] reports running
/// out of memory instead of aborting.
pub fn maybe_escape_pattern(src: &[u8]) -> Cow<'_, [u8]> {
    match try_maybe_escape_pattern(src) {
        Ok(pattern) => pattern,
        Err(_) => std::alloc::handle_alloc_error(
            std::alloc::Layout::array::<u8>(src.len().saturating_mul(3))
                .unwrap_or(std::alloc::Layout::new::<u8>()),
        ),
    }
}

/// [`maybe_escape_pattern`], with an error instead of an abort when the
/// normalised copy (at most three times the input) cannot be allocated.
pub fn try_maybe_escape_pattern(src: &[u8]) -> Result<Cow<'_, [u8]>, TryReserveError> {
    let src = &src[..memchr::memchr(0, src).unwrap_or(src.len())];
    let mut out = Vec::new();
    Ok(if escape_value_into(src, &mut out)? {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(src)
    })
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
