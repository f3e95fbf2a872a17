//! The same answers eight bytes at a time in a `u64`, on any processor:
//! for processors without the vector instructions, for inputs too short to
//! be worth a vector, and as the reference the vector versions are tested
//! against.

use crate::arch::generic::{BLOCK, Masks};
use crate::word::{HIGH, eq_bytes, gray, pair_keys};

/// Gathers the high bit of each byte of `m` into the low eight bits.
fn gather(m: u64) -> u64 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The eight bytes of `chunk` (eight long) as a word.
fn word(chunk: &[u8]) -> u64 {
    u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]))
}

/// [`crate::arch::generic::classify`] a word at a time.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn classify(block: &[u8; BLOCK]) -> Masks {
    let mut masks = Masks::default();
    for (i, chunk) in block.chunks_exact(8).enumerate() {
        let word = word(chunk);
        let shift = 8 * i;
        masks.eol |= gather(eq_bytes(word, b'\n') | eq_bytes(word, b'\r')) << shift;
        masks.colon |= gather(eq_bytes(word, b':')) << shift;
        masks.stop |= gather(eq_bytes(word, b'#') | eq_bytes(word, 0)) << shift;
        masks.escape |= gather((word & HIGH) | eq_bytes(word, b'%')) << shift;
    }
    masks
}

/// [`crate::arch::generic::odd`] a word at a time.
pub(crate) fn odd(block: &[u8; BLOCK]) -> u64 {
    let mut odd = 0u64;
    for (i, chunk) in block.chunks_exact(8).enumerate() {
        odd |= gather((word(chunk) << 7) & HIGH) << (8 * i);
    }
    odd
}

/// [`crate::arch::generic::any_of`] for sixteen bytes, a word at a time.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn any_of_16(chunk: &[u8; 16], needles: [u8; 4]) -> u32 {
    let mut mask = 0;
    for (i, half) in chunk.chunks_exact(8).enumerate() {
        let word = word(half);
        let found = needles.iter().fold(0, |m, &c| m | eq_bytes(word, c));
        mask |= (gather(found) as u32) << (8 * i);
    }
    mask
}

/// [`crate::arch::generic::both`] for sixteen bytes each, a word at a time.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn both_16(a: &[u8; 16], b: &[u8; 16], x: u8, y: u8) -> u32 {
    a.chunks_exact(8)
        .zip(b.chunks_exact(8))
        .enumerate()
        .fold(0, |mask, (i, (a, b))| {
            let found = eq_bytes(word(a), x) & eq_bytes(word(b), y);
            mask | (gather(found) as u32) << (8 * i)
        })
}

/// The bits of a byte set (`crate::screen::ByteSet`): for each byte `b`,
/// bit `(b ^ b >> 1) % 64`, ORed.
pub(crate) fn byte_set(bytes: &[u8]) -> u64 {
    // Eight bytes a word: their Gray codes at once, then a shift and an OR
    // each, into two sets to halve the chain of dependent ORs. Past eight
    // bytes, the last word overlaps the one before it instead of a byte
    // loop for the rest: a set does not mind bytes added twice.
    let Some(&last) = bytes.last_chunk::<8>() else {
        return bytes.iter().fold(0, |set, &b| {
            set | 1u64.wrapping_shl(u32::from(b ^ (b >> 1)))
        });
    };
    fn add(sets: &mut [u64; 2], word: u64) {
        let gray = gray(word);
        for byte in 0..8 {
            sets[byte & 1] |= 1u64.wrapping_shl((gray >> (8 * byte)) as u32);
        }
    }
    let mut sets = [0u64; 2];
    for chunk in bytes.chunks_exact(8) {
        add(&mut sets, word(chunk));
        // Stopping early once the set is full also keeps the loop from
        // being vectorised, and slower for it.
        if sets[0] | sets[1] == u64::MAX {
            return u64::MAX;
        }
    }
    if bytes.len() % 8 != 0 {
        add(&mut sets, u64::from_le_bytes(last));
    }
    sets[0] | sets[1]
}

/// The bits of a pair set (`crate::screen::PairSet`): for each pair of
/// adjacent bytes, the bit of its key ([`pair_keys`]) modulo 64, ORed.
pub(crate) fn pair_set(bytes: &[u8]) -> u64 {
    // The pairs starting at eight positions at once: each byte of a word
    // with the byte after it, from the word one byte on; then a shift and
    // an OR each. Past nine bytes, the last two words overlap the ones
    // before them: a set does not mind pairs added twice.
    let Some(&last) = bytes.last_chunk::<9>() else {
        let mut set = 0;
        for pair in bytes.windows(2) {
            let key = pair_keys(u64::from(pair[0]), u64::from(pair[1]));
            set |= 1u64.wrapping_shl(u32::from(key as u8));
        }
        return set;
    };
    let mut sets = [0u64; 2];
    let mut add = |first: u64, second: u64| {
        let keys = pair_keys(first, second);
        for byte in 0..8 {
            sets[byte & 1] |= 1u64.wrapping_shl((keys >> (8 * byte)) as u32);
        }
    };
    let mut at = 0;
    while at + 9 <= bytes.len() {
        add(word(&bytes[at..at + 8]), word(&bytes[at + 1..at + 9]));
        at += 8;
    }
    if at + 1 < bytes.len() {
        add(word(&last[..8]), word(&last[1..]));
    }
    sets[0] | sets[1]
}

/// Which of up to 64 `sets` (bit sets in words) lie within `set`: bit `i`
/// for `sets[i]`.
pub(crate) fn within(sets: &[u64], set: u64) -> u64 {
    sets.iter()
        .enumerate()
        .fold(0, |mask, (i, &s)| mask | u64::from(s & !set == 0) << i)
}
