//! SSE2: [`Vector`] for `__m128i`, and the generic algorithms compiled for
//! it. SSE2 is part of the x86-64 baseline: these need no check at run time.

use std::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
    _mm_set1_epi8, _mm_slli_epi16,
};

use crate::arch::generic::{self, BLOCK, Masks, Vector};

impl Vector for __m128i {
    const BYTES: usize = 16;

    #[inline(always)]
    unsafe fn load(bytes: &[u8]) -> Self {
        debug_assert!(bytes.len() >= Self::BYTES);
        // SAFETY: the caller guarantees sixteen readable bytes; the load has
        // no alignment requirement.
        unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
    }

    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe { _mm_set1_epi8(byte as i8) }
    }

    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        // SAFETY: as in `splat`.
        unsafe { _mm_cmpeq_epi8(self, other) }
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: as in `splat`.
        unsafe { _mm_or_si128(self, other) }
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: as in `splat`.
        unsafe { _mm_and_si128(self, other) }
    }

    #[inline(always)]
    unsafe fn lowest_bits_to_sign(self) -> Self {
        // Shifting each 16-bit lane left by 7 moves the lowest bit of both
        // of its bytes to their sign bits.
        // SAFETY: as in `splat`.
        unsafe { _mm_slli_epi16::<7>(self) }
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u64 {
        // The sign bit of each byte, as 16 bits (movemask yields them in
        // the low bits of a non-negative i32).
        // SAFETY: as in `splat`.
        u64::from(unsafe { _mm_movemask_epi8(self) } as u16)
    }
}

/// [`generic::classify`] with SSE2.
#[target_feature(enable = "sse2")]
pub(crate) fn classify(block: &[u8; BLOCK]) -> Masks {
    // SAFETY: this function runs only where the processor has SSE2.
    unsafe { generic::classify::<__m128i>(block) }
}

/// [`generic::any_of`] with SSE2, for sixteen bytes.
#[target_feature(enable = "sse2")]
pub(crate) fn any_of_16(chunk: &[u8; 16], needles: [u8; 4]) -> u32 {
    // SAFETY: as in `classify`; `chunk` is a vector.
    unsafe { generic::any_of::<__m128i>(chunk, needles) as u32 }
}

/// [`generic::both`] with SSE2, for sixteen bytes each.
#[target_feature(enable = "sse2")]
pub(crate) fn both_16(a: &[u8; 16], b: &[u8; 16], x: u8, y: u8) -> u32 {
    // SAFETY: as in `classify`; `a` and `b` are a vector each.
    unsafe { generic::both::<__m128i>(a, b, x, y) as u32 }
}
