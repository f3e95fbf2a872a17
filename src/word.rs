//! Eight bytes at a time in a `u64`: the few word operations the parser,
//! the path extraction, the matchers and the vector code share.
//!
//! Short strings (keys, URLs, patterns) are where robots.txt work is done;
//! for them a word loop beats both a byte loop and the set-up of a
//! vectorised search.

/// `b` in every byte of a word.
pub(crate) const fn splat(b: u8) -> u64 {
    b as u64 * 0x0101_0101_0101_0101
}

/// The low seven bits of every byte.
pub(crate) const LOW7: u64 = splat(0x7F);

/// The high bit of every byte.
pub(crate) const HIGH: u64 = splat(0x80);

/// 0x80 in each byte of `x` that is zero, 0 in the others (exact: no carry
/// crosses a byte).
pub(crate) const fn zero_bytes(x: u64) -> u64 {
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// 0x80 in each byte of `word` that equals `b`, 0 in the others.
pub(crate) const fn eq_bytes(word: u64, b: u8) -> u64 {
    zero_bytes(word ^ splat(b))
}

/// The Gray code `b ^ b >> 1` of each byte of `word`: the bit (modulo 64)
/// a byte set gives the byte (`crate::screen::ByteSet`).
pub(crate) const fn gray(word: u64) -> u64 {
    word ^ ((word >> 1) & LOW7)
}

/// The keys of eight pairs of bytes, a byte each: `first` holds their
/// first bytes, `second` their second ones. A pair's bit in a pair set
/// (`crate::screen::PairSet`) is its key modulo 64:
/// `first ^ second << 2 ^ second >> 4`, which keeps the low five bits of
/// both bytes, where letters and digits differ.
pub(crate) const fn pair_keys(first: u64, second: u64) -> u64 {
    first ^ ((second << 2) & splat(0xFC)) ^ ((second >> 4) & splat(0x0F))
}

/// The sixteen bytes of `bytes` from `at`; callers keep `at + 16` within
/// `bytes`.
pub(crate) fn sixteen_at(bytes: &[u8], at: usize) -> &[u8; 16] {
    bytes[at..at + 16].try_into().unwrap_or(&[0; 16])
}

/// The first eight bytes of `s` as a big-endian word, zero-padded. Words
/// order like the byte strings whenever they differ: where one side is
/// padding and the other a real non-zero byte, the padded side is a proper
/// prefix of the other, so the smaller. Equal words say nothing.
pub(crate) fn head(s: &[u8]) -> u64 {
    if let Some(first) = s.first_chunk::<8>() {
        return u64::from_be_bytes(*first);
    }
    let mut word = [0u8; 8];
    let n = s.len().min(8);
    word[..n].copy_from_slice(&s[..n]);
    u64::from_be_bytes(word)
}

/// Each ASCII upper-case letter of `word` lower-cased, eight at a time.
pub(crate) const fn ascii_lowercase(word: u64) -> u64 {
    let low7 = word & LOW7;
    // Bit 7 of each byte: whether its low seven bits are at least `A`, and
    // whether they are past `Z`; no carry crosses a byte.
    let from_a = low7 + splat(0x80 - b'A');
    let past_z = low7 + splat(0x80 - b'Z' - 1);
    let upper = from_a & !past_z & !word & HIGH;
    word | (upper >> 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn head_words_order_like_byte_strings_when_they_differ(
            a in proptest::collection::vec(proptest::sample::select(vec![0u8, 1, b'/', b'a', 0xFF]), 0..12),
            b in proptest::collection::vec(proptest::sample::select(vec![0u8, 1, b'/', b'a', 0xFF]), 0..12),
        ) {
            if head(&a) != head(&b) {
                proptest::prop_assert_eq!(head(&a).cmp(&head(&b)), a.cmp(&b));
            }
        }

        #[test]
        fn equal_bytes_are_found_exactly(word in proptest::prelude::any::<[u8; 8]>(), b in proptest::prelude::any::<u8>()) {
            let expected = u64::from_le_bytes(word.map(|x| if x == b { 0x80 } else { 0 }));
            proptest::prop_assert_eq!(eq_bytes(u64::from_le_bytes(word), b), expected);
        }

        #[test]
        fn words_lower_case_as_bytes_do(word in proptest::prelude::any::<[u8; 8]>()) {
            let expected = u64::from_le_bytes(word.map(|b| b.to_ascii_lowercase()));
            proptest::prop_assert_eq!(ascii_lowercase(u64::from_le_bytes(word)), expected);
        }
    }

    #[test]
    fn every_byte_value_next_to_every_other() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let word = u64::from_le_bytes([a, b, a, b, b, a, 0xFF, 0]);
                let expected = u64::from_le_bytes(
                    [a, b, a, b, b, a, 0xFF, 0].map(|x| if x == a { 0x80 } else { 0 }),
                );
                assert_eq!(eq_bytes(word, a), expected, "{a:#x} {b:#x}");
            }
        }
    }
}
