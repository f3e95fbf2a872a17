//! AVX2: [`Vector`] for `__m256i` and the generic algorithms compiled for
//! it; and what only AVX2 does well here: the byte and pair sets (a shift
//! by a variable count per 64-bit lane) and the subset test (64-bit
//! comparisons). Callers check that the processor has AVX2 first.

use std::arch::x86_64::{
    __m128i, __m256i, _mm_and_si128, _mm_cvtsi64_si128, _mm_cvtsi128_si64, _mm_extract_epi64,
    _mm_or_si128, _mm_set1_epi8, _mm_slli_epi16, _mm_srli_epi16, _mm_srli_si128, _mm_xor_si128,
    _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_pd, _mm256_castsi256_si128,
    _mm256_cmpeq_epi8, _mm256_cmpeq_epi64, _mm256_cvtepu8_epi64, _mm256_extracti128_si256,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_movemask_pd, _mm256_or_si256,
    _mm256_set1_epi8, _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_slli_epi16,
    _mm256_sllv_epi64,
};

use crate::arch::generic::{self, BLOCK, Masks, Vector};
use crate::arch::portable;
use crate::word::{gray, pair_keys, sixteen_at, splat};

impl Vector for __m256i {
    const BYTES: usize = 32;

    #[inline(always)]
    unsafe fn load(bytes: &[u8]) -> Self {
        debug_assert!(bytes.len() >= Self::BYTES);
        // SAFETY: the caller guarantees AVX2 and 32 readable bytes; the load
        // has no alignment requirement.
        unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
    }

    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_set1_epi8(byte as i8) }
    }

    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        // SAFETY: as in `splat`.
        unsafe { _mm256_cmpeq_epi8(self, other) }
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: as in `splat`.
        unsafe { _mm256_or_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: as in `splat`.
        unsafe { _mm256_and_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn lowest_bits_to_sign(self) -> Self {
        // Shifting each 16-bit lane left by 7 moves the lowest bit of both
        // of its bytes to their sign bits.
        // SAFETY: as in `splat`.
        unsafe { _mm256_slli_epi16::<7>(self) }
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u64 {
        // SAFETY: as in `splat`.
        u64::from(unsafe { _mm256_movemask_epi8(self) } as u32)
    }
}

/// [`generic::classify`] with AVX2.
#[target_feature(enable = "avx2")]
pub(crate) fn classify(block: &[u8; BLOCK]) -> Masks {
    // SAFETY: this function runs only where the processor has AVX2.
    unsafe { generic::classify::<__m256i>(block) }
}

/// [`generic::odd`] with AVX2.
#[target_feature(enable = "avx2")]
pub(crate) fn odd(block: &[u8; BLOCK]) -> u64 {
    // SAFETY: as in `classify`.
    unsafe { generic::odd::<__m256i>(block) }
}

/// [`portable::byte_set`] with AVX2: words of eight bytes at a time, a
/// variable shift per byte, four to a vector. Past a multiple of eight
/// bytes, the last word overlaps the one before, and a word shorter than
/// eight bytes repeats its first byte: a set does not mind a byte added
/// twice.
#[target_feature(enable = "avx2")]
pub(crate) fn byte_set(words: &[u8]) -> u64 {
    let mut sets = KeySets::new();
    let word = |chunk: &[u8]| {
        let mut bytes = [chunk[0]; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(bytes)
    };
    for chunk in words.chunks_exact(8) {
        sets.add(gray(word(chunk)));
    }
    if words.len() % 8 != 0 {
        sets.add(gray(word(&words[words.len().saturating_sub(8)..])));
    }
    sets.bits()
}

/// [`portable::pair_set`] with AVX2. Past sixteen bytes, see
/// [`pair_set_16`]. Else the pairs starting at eight positions a word, each
/// byte with the byte after it; past the last whole word, the last two
/// words overlap the ones before (a set does not mind a pair added twice).
/// Fewer than nine bytes, a pair at a time (its key in all eight bytes of
/// the word).
#[target_feature(enable = "avx2")]
pub(crate) fn pair_set(bytes: &[u8]) -> u64 {
    let mut sets = KeySets::new();
    if bytes.len() < 9 {
        // Less than a word of pairs: one at a time.
        for pair in bytes.windows(2) {
            sets.add(pair_keys(u64::from(pair[0]), u64::from(pair[1])) * splat(1));
        }
        return sets.bits();
    }
    if bytes.len() > 16 {
        return pair_set_16(bytes);
    }
    let pairs = bytes.len() - 1;
    // The eight bytes from `at`: the keys below read at most `bytes[..len]`.
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    let key = |at: usize| pair_keys(word(at), word(at + 1));
    let mut at = 0;
    while at + 8 <= pairs {
        sets.add(key(at));
        at += 8;
    }
    if at < pairs {
        sets.add(key(pairs.saturating_sub(8)));
    }
    sets.bits()
}

/// [`pair_set`] for more than sixteen bytes: the keys of sixteen pairs
/// computed in one vector, the last sixteen overlapping the ones before.
#[target_feature(enable = "avx2")]
fn pair_set_16(bytes: &[u8]) -> u64 {
    // SAFETY: sixteen readable bytes, AVX2 (and so SSE2) in this function.
    let load = |at: usize| unsafe { <__m128i as Vector>::load(sixteen_at(bytes, at)) };
    let keys = |at: usize| {
        let (first, second) = (load(at), load(at + 1));
        // Bytes have no shifts of their own: 16-bit ones, masked so that no
        // bit crosses into the next byte.
        let shifted = _mm_xor_si128(
            _mm_and_si128(_mm_slli_epi16::<2>(second), _mm_set1_epi8(0xFCu8 as i8)),
            _mm_and_si128(_mm_srli_epi16::<4>(second), _mm_set1_epi8(0x0F)),
        );
        _mm_xor_si128(first, shifted)
    };
    let mut sets = KeySets::new();
    let mut add = |keys: __m128i| {
        sets.add_vector(keys);
        sets.add_vector(_mm_srli_si128::<8>(keys));
    };
    let pairs = bytes.len() - 1;
    let mut at = 0;
    while at + 16 <= pairs {
        add(keys(at));
        at += 16;
    }
    if at < pairs {
        add(keys(pairs - 16));
    }
    sets.bits()
}

/// Two vectors of four 64-bit sets, filled with `1 << key` for the eight
/// keys (modulo 64) of each word added.
struct KeySets([__m256i; 2]);

impl KeySets {
    #[target_feature(enable = "avx2")]
    fn new() -> KeySets {
        KeySets([_mm256_setzero_si256(); 2])
    }

    /// Adds the eight keys in the bytes of `keys`.
    #[target_feature(enable = "avx2")]
    fn add(&mut self, keys: u64) {
        self.add_vector(_mm_cvtsi64_si128(keys as i64));
    }

    /// Adds the eight keys in the low eight bytes of `keys`.
    #[target_feature(enable = "avx2")]
    fn add_vector(&mut self, keys: __m128i) {
        // A key to a 64-bit lane, four lanes a vector, each shifting a one.
        let ones = _mm256_set1_epi64x(1);
        let v = _mm_and_si128(keys, _mm_set1_epi8(0x3F));
        let low = _mm256_cvtepu8_epi64(v);
        let high = _mm256_cvtepu8_epi64(_mm_srli_si128::<4>(v));
        self.0[0] = _mm256_or_si256(self.0[0], _mm256_sllv_epi64(ones, low));
        self.0[1] = _mm256_or_si256(self.0[1], _mm256_sllv_epi64(ones, high));
    }

    #[target_feature(enable = "avx2")]
    fn bits(&self) -> u64 {
        let both = _mm256_or_si256(self.0[0], self.0[1]);
        let half = _mm_or_si128(
            _mm256_castsi256_si128(both),
            _mm256_extracti128_si256::<1>(both),
        );
        (_mm_cvtsi128_si64(half) | _mm_extract_epi64::<1>(half)) as u64
    }
}

/// [`portable::within`] with AVX2: four words a vector, the rest a word at
/// a time.
#[target_feature(enable = "avx2")]
pub(crate) fn within(sets: &[u64], set: u64) -> u64 {
    let outside = _mm256_set1_epi64x(set as i64);
    let mut mask = 0u64;
    let mut quads = sets.chunks_exact(4);
    for (i, quad) in (&mut quads).enumerate() {
        // SAFETY: `quad` is four readable words; the load has no alignment
        // requirement.
        let v = unsafe { _mm256_loadu_si256(quad.as_ptr().cast::<__m256i>()) };
        // The bits of each word outside `set`: none for a word within it.
        let rest = _mm256_andnot_si256(outside, v);
        let none = _mm256_cmpeq_epi64(rest, _mm256_setzero_si256());
        mask |= (_mm256_movemask_pd(_mm256_castsi256_pd(none)) as u64) << (4 * i);
    }
    let rest = quads.remainder();
    if rest.is_empty() {
        // All 64 may be done: a shift by 64 would overflow.
        return mask;
    }
    mask | portable::within(rest, set) << (sets.len() - rest.len())
}
