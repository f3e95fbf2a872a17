//! x86-64: SSE2, which every x86-64 processor has, and AVX2, which most
//! have and [`super`] checks for at run time.
//!
//! - `sse2.rs`: [`super::generic::Vector`] for 16-byte vectors, and the
//!   generic algorithms compiled for them;
//! - `avx2.rs`: the same for 32-byte vectors, and the set builds and the
//!   subset test, which need AVX2's shifts by a variable count per lane and
//!   its 64-bit comparisons.

pub(super) mod avx2;
pub(super) mod sse2;
