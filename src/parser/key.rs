//! What a key is: Google's key types and accepted typos, and the word test
//! that tells the right spellings apart without comparing bytes.

use std::ops::Range;

use crate::word::ascii_lowercase;

/// The kind of a recognised robots.txt key.
///
/// The discriminants are Google's `googlebot::KeyType` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum KeyType {
    /// `user-agent` (also `useragent` and `user agent`).
    UserAgent = 0,
    /// `sitemap` (also `site-map`).
    Sitemap = 1,
    /// `allow`.
    Allow = 2,
    /// `disallow` (also the typos `dissallow`, `dissalow`, `disalow`,
    /// `diasllow` and `disallaw`).
    Disallow = 3,
    /// Any other key.
    Unknown = 128,
}

/// Classifies a key by case-insensitive prefix, as Google does: any key that
/// starts with `disallow` is a disallow (`Disallowed: /x` included).
///
/// Returns the key type and whether the key is one of the accepted typos.
pub fn get_key_type(key: &[u8]) -> (KeyType, bool) {
    LowerHead::of(key).key_type(key)
}

/// The first eight bytes of the right spellings of the keys, lower-case, as
/// little-endian words (the parser's key test and the streaming matcher's);
/// a spelling shorter than a word is zero-padded, and compared under the
/// mask of its length.
pub(crate) const DISALLOW: u64 = u64::from_le_bytes(*b"disallow");
pub(crate) const USER_AGE: u64 = u64::from_le_bytes(*b"user-age");
pub(crate) const ALLOW: u64 = u64::from_le_bytes(*b"allow\0\0\0");
pub(crate) const SITEMAP: u64 = u64::from_le_bytes(*b"sitemap\0");
pub(crate) const FIVE_BYTES: u64 = (1 << 40) - 1;
pub(crate) const SEVEN_BYTES: u64 = (1 << 56) - 1;

/// Classifies the key `key` of `body`, a key as the parser splits it from
/// its line: the byte after it, if any, is a colon or whitespace.
///
/// The right spellings, which nearly every line has, are told from the
/// eight bytes at the key's start read as one word with bit 5 of each byte
/// set: that lower-cases a letter, and a byte maps onto a lower-case letter
/// only from that letter or its upper-case form, onto `-` only from `-` or
/// CR (which no line holds). The bytes past a shorter key start with a colon
/// or whitespace, which map onto neither, so a word that matches a prefix's
/// bytes also says the key is that long.
#[inline(always)]
pub(crate) fn classify_key_in(body: &[u8], key: Range<usize>) -> (KeyType, bool) {
    const BIT5: u64 = crate::word::splat(0x20);
    if let Some(chunk) = body.get(key.start..).and_then(<[u8]>::first_chunk::<8>) {
        let word = u64::from_le_bytes(*chunk) | BIT5;
        if word == DISALLOW {
            return (KeyType::Disallow, false);
        }
        if word & FIVE_BYTES == ALLOW {
            return (KeyType::Allow, false);
        }
        if word & SEVEN_BYTES == SITEMAP {
            return (KeyType::Sitemap, false);
        }
        if word == USER_AGE
            && key.len() >= 10
            && body[key.start + 8..key.start + 10].eq_ignore_ascii_case(b"nt")
        {
            return (KeyType::UserAgent, false);
        }
    }
    get_key_type(&body[key])
}

/// The first eight bytes of a key, ASCII-lower-cased, as one word (missing
/// bytes are zero): prefix tests compare words instead of bytes.
struct LowerHead {
    word: u64,
}

impl LowerHead {
    fn of(key: &[u8]) -> LowerHead {
        let mut bytes = [0u8; 8];
        let n = key.len().min(8);
        bytes[..n].copy_from_slice(&key[..n]);
        LowerHead::lower(u64::from_le_bytes(bytes))
    }

    fn lower(word: u64) -> LowerHead {
        LowerHead {
            word: ascii_lowercase(word),
        }
    }

    /// Classifies `key`, whose head this is.
    fn key_type(&self, key: &[u8]) -> (KeyType, bool) {
        let starts = |prefix: &[u8]| self.starts_with(key, prefix);
        // Every accepted spelling of a kind starts with the same letter, and
        // the letters differ between kinds: one test of the first byte picks
        // the kind. A key cannot start with both the right spelling and a
        // typo, so the right one is tried first.
        match self.word as u8 {
            b'u' => {
                if starts(b"user-agent") {
                    return (KeyType::UserAgent, false);
                }
                if starts(b"useragent") || starts(b"user agent") {
                    return (KeyType::UserAgent, true);
                }
            }
            b'a' if starts(b"allow") => return (KeyType::Allow, false),
            b'd' => {
                if starts(b"disallow") {
                    return (KeyType::Disallow, false);
                }
                if starts(b"dissallow")
                    || starts(b"dissalow")
                    || starts(b"disalow")
                    || starts(b"diasllow")
                    || starts(b"disallaw")
                {
                    return (KeyType::Disallow, true);
                }
            }
            b's' => {
                if starts(b"sitemap") {
                    return (KeyType::Sitemap, false);
                }
                if starts(b"site-map") {
                    return (KeyType::Sitemap, true);
                }
            }
            _ => {}
        }
        (KeyType::Unknown, false)
    }

    /// Whether `key` (whose head this is) starts with the lower-case
    /// `prefix`, ignoring ASCII case.
    fn starts_with(&self, key: &[u8], prefix: &[u8]) -> bool {
        if key.len() < prefix.len() {
            return false;
        }
        let n = prefix.len().min(8);
        let mut bytes = [0u8; 8];
        bytes[..n].copy_from_slice(&prefix[..n]);
        let mask = if n == 8 {
            u64::MAX
        } else {
            (1u64 << (8 * n)) - 1
        };
        (self.word & mask) == u64::from_le_bytes(bytes)
            && key[n..prefix.len()].eq_ignore_ascii_case(&prefix[n..])
    }
}
