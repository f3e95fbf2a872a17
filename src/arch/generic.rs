//! The vector algorithms, each written once over [`Vector`]: what one
//! instruction set must give (a load, a splat, comparisons, a movemask) for
//! them to run on its vectors. The per-instruction-set modules compile them
//! for their vector type; inlined there, each is the code a hand-written
//! version would be.

// Only x86-64 has a `Vector` yet: elsewhere the portable code runs alone.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

/// Bytes per block of the body the parser classifies.
pub(crate) const BLOCK: usize = 64;

/// What classifying a block gives: one bit per byte of the block, bit `i`
/// for byte `i`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Masks {
    /// LF or CR.
    pub(crate) eol: u64,
    /// `:`.
    pub(crate) colon: u64,
    /// `#` or NUL.
    pub(crate) stop: u64,
    /// `%` or a byte at or above 0x80: the bytes that make a rule value
    /// need percent-escape normalisation.
    pub(crate) escape: u64,
}

/// A vector of bytes of one instruction set.
///
/// # Safety
/// Every method may only be called where the processor has the
/// instructions the type is made of; all are inlined into the caller, whose
/// `target_feature` says which.
pub(crate) trait Vector: Copy {
    /// Bytes per vector: at most 64, and a divisor of [`BLOCK`].
    const BYTES: usize;

    /// The first [`Vector::BYTES`] bytes of `bytes`, which has at least as
    /// many; unaligned.
    unsafe fn load(bytes: &[u8]) -> Self;

    /// `byte` in every byte.
    unsafe fn splat(byte: u8) -> Self;

    /// 0xFF in each byte equal in both, 0 in the others.
    unsafe fn eq(self, other: Self) -> Self;

    /// Bitwise or.
    unsafe fn or(self, other: Self) -> Self;

    /// Bitwise and.
    unsafe fn and(self, other: Self) -> Self;

    /// Each byte's lowest bit moved to its sign bit (the other bits are
    /// whatever the instruction set leaves: only sign bits are read).
    unsafe fn lowest_bits_to_sign(self) -> Self;

    /// The sign bit of each byte: bit `i` for byte `i`.
    unsafe fn movemask(self) -> u64;
}

/// The [`Masks`] of a block.
///
/// # Safety
/// The processor has `V`'s instructions.
#[inline(always)]
pub(crate) unsafe fn classify<V: Vector>(block: &[u8; BLOCK]) -> Masks {
    // SAFETY: the caller guarantees `V`'s instructions, and each lane is
    // `V::BYTES` readable bytes.
    unsafe {
        let eq = |v: V, c: u8| v.eq(V::splat(c));
        let mut masks = Masks::default();
        for (i, lane) in block.chunks_exact(V::BYTES).enumerate() {
            let v = V::load(lane);
            let shift = V::BYTES * i;
            masks.eol |= eq(v, b'\n').or(eq(v, b'\r')).movemask() << shift;
            masks.colon |= eq(v, b':').movemask() << shift;
            masks.stop |= eq(v, b'#').or(eq(v, 0)).movemask() << shift;
            // A byte at or above 0x80 has its sign bit set already.
            masks.escape |= v.or(eq(v, b'%')).movemask() << shift;
        }
        masks
    }
}

/// One bit per byte of the block: its lowest bit.
///
/// # Safety
/// The processor has `V`'s instructions.
#[inline(always)]
pub(crate) unsafe fn odd<V: Vector>(block: &[u8; BLOCK]) -> u64 {
    // SAFETY: as in `classify`.
    unsafe {
        let mut odd = 0u64;
        for (i, lane) in block.chunks_exact(V::BYTES).enumerate() {
            odd |= V::load(lane).lowest_bits_to_sign().movemask() << (V::BYTES * i);
        }
        odd
    }
}

/// Bit `i` set where byte `i` of the first [`Vector::BYTES`] bytes of
/// `bytes` is one of `needles`.
///
/// # Safety
/// The processor has `V`'s instructions, and `bytes` holds a vector.
#[inline(always)]
pub(crate) unsafe fn any_of<V: Vector>(bytes: &[u8], needles: [u8; 4]) -> u64 {
    // SAFETY: the caller guarantees `V`'s instructions and the bytes.
    unsafe {
        let v = V::load(bytes);
        let eq = |c: u8| v.eq(V::splat(c));
        eq(needles[0])
            .or(eq(needles[1]))
            .or(eq(needles[2]).or(eq(needles[3])))
            .movemask()
    }
}

/// Bit `i` set where byte `i` of `a` is `x` and byte `i` of `b` is `y`, of
/// their first [`Vector::BYTES`] bytes.
///
/// # Safety
/// The processor has `V`'s instructions, and `a` and `b` hold a vector each.
#[inline(always)]
pub(crate) unsafe fn both<V: Vector>(a: &[u8], b: &[u8], x: u8, y: u8) -> u64 {
    // SAFETY: the caller guarantees `V`'s instructions and the bytes.
    unsafe {
        V::load(a)
            .eq(V::splat(x))
            .and(V::load(b).eq(V::splat(y)))
            .movemask()
    }
}
