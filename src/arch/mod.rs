//! The vector code: every place the crate looks at many bytes at once, and
//! the one module where `unsafe` is allowed. Arranged as memchr arranges
//! its own:
//!
//! - `generic.rs`: each algorithm written once, over a vector trait
//!   (classifying the parser's 64-byte blocks, the bytes of a block with
//!   their lowest bit set, sixteen bytes against four needles or two);
//! - `x86_64/sse2.rs`, `x86_64/avx2.rs`: the trait for one instruction set
//!   and thin wrappers that compile the generic algorithms for it; AVX2 also
//!   builds the byte and pair sets and tests subsets, which need its
//!   variable shifts and 64-bit comparisons;
//! - `portable.rs`: the same answers eight bytes at a time in a `u64`, for
//!   any processor and as the reference the vector code is tested against;
//! - this file: the entry points, each choosing the widest version the
//!   processor has: the runtime dispatch, in one place.
//!
//! The parser's blocks are classified with AVX2 where the processor has it,
//! SSE2 (which every x86-64 processor has) otherwise, and eight bytes at a
//! time elsewhere. All give the same answers (tested below).

mod generic;
mod portable;
#[cfg(target_arch = "x86_64")]
mod x86_64;

pub(crate) use generic::{BLOCK, Masks};

/// Picks the widest classification the processor supports: AVX2 where the
/// processor has it (checked once, when made), SSE2 on every other x86-64
/// processor, words elsewhere.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Classifier {
    /// Only ever true when the running processor has AVX2.
    #[cfg(target_arch = "x86_64")]
    avx2: bool,
}

impl Classifier {
    pub(crate) fn new() -> Classifier {
        Classifier {
            #[cfg(target_arch = "x86_64")]
            avx2: std::is_x86_feature_detected!("avx2"),
        }
    }

    /// Classifies the block of the body that starts at `base`; a block that
    /// runs past the end of the body is padded with bytes of no class.
    #[inline(always)]
    pub(crate) fn classify_at(self, body: &[u8], base: usize) -> Masks {
        let rest = body.get(base..).unwrap_or_default();
        match rest.first_chunk::<BLOCK>() {
            Some(block) => self.classify(block),
            None => {
                let mut block = [b'a'; BLOCK];
                block[..rest.len()].copy_from_slice(rest);
                self.classify(&block)
            }
        }
    }

    /// The line-end bytes (LF or CR) of the block of the body that starts
    /// at `base` ([`Masks::eol`] alone), the block padded as in
    /// [`classify_at`](Self::classify_at).
    pub(crate) fn eol_at(self, body: &[u8], base: usize) -> u64 {
        let rest = body.get(base..).unwrap_or_default();
        match rest.first_chunk::<BLOCK>() {
            Some(block) => self.eol(block),
            None => {
                let mut block = [b'a'; BLOCK];
                block[..rest.len()].copy_from_slice(rest);
                self.eol(&block)
            }
        }
    }

    /// The CRs among the line-end bytes `eol` of the block of the body that
    /// starts at `base`. The parser needs them only inside runs of line
    /// ends, so they are not part of [`Masks`]: most blocks never ask.
    pub(crate) fn cr_at(self, body: &[u8], base: usize, eol: u64) -> u64 {
        // Of LF (0x0A) and CR (0x0D) only CR has its lowest bit set.
        let rest = body.get(base..).unwrap_or_default();
        let odd = match rest.first_chunk::<BLOCK>() {
            Some(block) => self.odd(block),
            None => {
                let mut block = [0u8; BLOCK];
                block[..rest.len()].copy_from_slice(rest);
                self.odd(&block)
            }
        };
        odd & eol
    }

    #[inline(always)]
    fn classify(self, block: &[u8; BLOCK]) -> Masks {
        #[cfg(target_arch = "x86_64")]
        {
            if self.avx2 {
                // SAFETY: `avx2` is true only when the processor has AVX2
                // (`new`).
                return unsafe { x86_64::avx2::classify(block) };
            }
            // SAFETY: SSE2 is part of the x86-64 baseline.
            unsafe { x86_64::sse2::classify(block) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        portable::classify(block)
    }

    fn eol(self, block: &[u8; BLOCK]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            if self.avx2 {
                // SAFETY: `avx2` is true only when the processor has AVX2
                // (`new`).
                return unsafe { x86_64::avx2::eol(block) };
            }
            // SAFETY: SSE2 is part of the x86-64 baseline.
            unsafe { x86_64::sse2::eol(block) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        portable::eol(block)
    }

    /// One bit per byte of the block: its lowest bit. Without AVX2, a word
    /// at a time: few blocks ask, and an SSE2 version here, inlined into the
    /// parser's loop, cost that loop 0.4% more instructions on processors
    /// with AVX2 (callgrind, streaming matcher over the corpus).
    fn odd(self, block: &[u8; BLOCK]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            if self.avx2 {
                // SAFETY: as in `classify`.
                return unsafe { x86_64::avx2::odd(block) };
            }
        }
        portable::odd(block)
    }
}

/// Whether the running processor has AVX2 (the standard library caches the
/// answer).
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// The bits a byte set (`crate::screen::ByteSet`) gives the bytes of
/// `bytes`: for each byte `b`, bit `(b ^ b >> 1) % 64`, ORed.
pub(crate) fn byte_set(bytes: &[u8]) -> u64 {
    // Shorter than a word, the vector set-up costs more than the bytes.
    #[cfg(target_arch = "x86_64")]
    if bytes.len() >= 8 && has_avx2() {
        // SAFETY: the processor has AVX2 (checked above).
        return unsafe { x86_64::avx2::byte_set(bytes) };
    }
    portable::byte_set(bytes)
}

/// The bits a pair set (`crate::screen::PairSet`) gives the pairs of
/// adjacent bytes of `bytes`: for each pair, the bit of its key
/// (`crate::word::pair_keys`) modulo 64, ORed.
pub(crate) fn pair_set(bytes: &[u8]) -> u64 {
    // Shorter, the vector set-up costs more than the pairs.
    #[cfg(target_arch = "x86_64")]
    if bytes.len() >= 9 && has_avx2() {
        // SAFETY: the processor has AVX2 (checked above).
        return unsafe { x86_64::avx2::pair_set(bytes) };
    }
    portable::pair_set(bytes)
}

/// Which of up to 64 `sets` (bit sets in words) lie within `set`: bit `i`
/// for `sets[i]`. Four at a time with AVX2 where the processor has it.
pub(crate) fn within(sets: &[u64], set: u64) -> u64 {
    debug_assert!(sets.len() <= 64);
    #[cfg(target_arch = "x86_64")]
    if sets.len() >= 4 && has_avx2() {
        // SAFETY: the processor has AVX2 (checked above).
        return unsafe { x86_64::avx2::within(sets, set) };
    }
    portable::within(sets, set)
}

/// Bit `i` set where byte `i` of `chunk` is one of `needles`: sixteen bytes
/// at once, for the short scans of a URL (its authority, its path's end),
/// where a vectorised search's set-up costs more than the scan.
pub(crate) fn any_of_16(chunk: &[u8; 16], needles: [u8; 4]) -> u32 {
    // SAFETY: SSE2 is part of the x86-64 baseline.
    #[cfg(target_arch = "x86_64")]
    return unsafe { x86_64::sse2::any_of_16(chunk, needles) };
    #[cfg(not(target_arch = "x86_64"))]
    portable::any_of_16(chunk, needles)
}

/// Where a rule's value stops being a plain copy of the path, over sixteen
/// bytes of each (see [`generic::plain_prefix`]): the bytes that differ, and
/// the bytes of `value` past which the comparison says nothing.
pub(crate) fn plain_prefix_16(value: &[u8; 16], path: &[u8; 16]) -> (u32, u32) {
    // SAFETY: SSE2 is part of the x86-64 baseline.
    #[cfg(target_arch = "x86_64")]
    return unsafe { x86_64::sse2::plain_prefix_16(value, path) };
    #[cfg(not(target_arch = "x86_64"))]
    portable::plain_prefix_16(value, path)
}

/// Bit `i` set where byte `i` of `a` is `x` and byte `i` of `b` is `y`: of
/// sixteen places a needle may start, those holding its first byte, `a`
/// being the haystack from the first of them, and its last byte, `b` being
/// the haystack as far on as the needle is long less one.
pub(crate) fn both_16(a: &[u8; 16], b: &[u8; 16], x: u8, y: u8) -> u32 {
    // SAFETY: SSE2 is part of the x86-64 baseline.
    #[cfg(target_arch = "x86_64")]
    return unsafe { x86_64::sse2::both_16(a, b, x, y) };
    #[cfg(not(target_arch = "x86_64"))]
    portable::both_16(a, b, x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every version of an entry point this processor can run, each with
    /// the name a failure gives: the entry point itself, the portable
    /// version, and the SSE2 and AVX2 ones named (where they run).
    macro_rules! versions {
        ($ty:ty: $dispatch:expr, $portable:expr, sse2: $($sse2:ident)?, avx2: $($avx2:ident)?) => {{
            #[allow(unused_mut)]
            let mut all: Vec<Version<$ty>> =
                vec![("dispatch", $dispatch), ("portable", $portable)];
            #[cfg(target_arch = "x86_64")]
            {
                // SAFETY: SSE2 is part of the x86-64 baseline.
                $(all.push(("sse2", |b| unsafe { x86_64::sse2::$sse2(b) }));)?
                if has_avx2() {
                    // SAFETY: the processor has AVX2 (checked above).
                    $(all.push(("avx2", |b| unsafe { x86_64::avx2::$avx2(b) }));)?
                }
            }
            all
        }};
    }

    /// A version of an entry point, with the name a failure gives.
    type Version<F> = (&'static str, F);

    /// An algorithm on a block.
    type OnBlock<T> = fn(&[u8; BLOCK]) -> T;

    fn classifications() -> Vec<Version<OnBlock<Masks>>> {
        versions!(OnBlock<Masks>:
            |b| Classifier::new().classify(b), portable::classify, sse2: classify, avx2: classify)
    }

    fn eols() -> Vec<Version<OnBlock<u64>>> {
        versions!(OnBlock<u64>:
            |b| Classifier::new().eol(b), portable::eol, sse2: eol, avx2: eol)
    }

    fn odds() -> Vec<Version<OnBlock<u64>>> {
        versions!(OnBlock<u64>:
            |b| Classifier::new().odd(b), portable::odd, sse2:, avx2: odd)
    }

    #[test]
    fn within_takes_a_whole_screen_of_sixty_four() {
        assert_eq!(within(&[0; 64], 0), u64::MAX);
        let mut sets = [1u64; 64];
        sets[63] = 0;
        assert_eq!(within(&sets, 0), 1 << 63);
        assert_eq!(within(&sets, 1), u64::MAX);
    }

    proptest::proptest! {
        #[test]
        fn within_marks_exactly_the_subsets(
            set in proptest::prelude::any::<u64>(),
            sets in proptest::collection::vec(proptest::prelude::any::<u64>(), 0..=64),
            pick in proptest::collection::vec(proptest::prelude::any::<bool>(), 64),
        ) {
            // Half of the words made subsets of `set`, so both answers occur.
            let sets: Vec<u64> = sets
                .iter()
                .zip(&pick)
                .map(|(&s, &inside)| if inside { s & set } else { s })
                .collect();
            let expected = sets
                .iter()
                .enumerate()
                .fold(0u64, |mask, (i, &s)| mask | u64::from(s & !set == 0) << i);
            proptest::prop_assert_eq!(within(&sets, set), expected);
            proptest::prop_assert_eq!(portable::within(&sets, set), expected);
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: the processor has AVX2 (checked above).
                proptest::prop_assert_eq!(unsafe { x86_64::avx2::within(&sets, set) }, expected);
            }
        }

        #[test]
        fn any_of_16_finds_exactly_the_needles(
            chunk in proptest::prelude::any::<[u8; 16]>(),
            needles in proptest::prelude::any::<[u8; 4]>(),
            planted in proptest::collection::vec((0usize..16, 0usize..4), 0..6),
        ) {
            let mut chunk = chunk;
            for (at, which) in planted {
                chunk[at] = needles[which];
            }
            let expected = (0..16)
                .filter(|&i| needles.contains(&chunk[i]))
                .fold(0u32, |m, i| m | 1 << i);
            proptest::prop_assert_eq!(any_of_16(&chunk, needles), expected);
            proptest::prop_assert_eq!(portable::any_of_16(&chunk, needles), expected);
        }

        #[test]
        fn both_16_finds_exactly_the_places_holding_both(
            // Few distinct bytes, so that both hold in many places.
            a in proptest::collection::vec(proptest::sample::select(b"xy".to_vec()), 16),
            b in proptest::collection::vec(proptest::sample::select(b"xy".to_vec()), 16),
            x in proptest::sample::select(b"xyz".to_vec()),
            y in proptest::sample::select(b"xyz".to_vec()),
        ) {
            let (a, b): ([u8; 16], [u8; 16]) = (a.try_into().unwrap(), b.try_into().unwrap());
            let expected = (0..16)
                .filter(|&i| a[i] == x && b[i] == y)
                .fold(0u32, |m, i| m | 1 << i);
            proptest::prop_assert_eq!(both_16(&a, &b, x, y), expected);
            proptest::prop_assert_eq!(portable::both_16(&a, &b, x, y), expected);
        }

        #[test]
        fn byte_set_holds_the_bits_of_its_bytes_and_no_other(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
        ) {
            // A word at a time with the last word overlapping, and the
            // vector build, against one byte at a time: the same set at
            // every length.
            let expected = bytes
                .iter()
                .fold(0u64, |set, &b| set | 1u64.wrapping_shl(u32::from(b ^ (b >> 1))));
            let builds = versions!(fn(&[u8]) -> u64:
                byte_set, portable::byte_set, sse2:, avx2: byte_set);
            for (name, build) in builds {
                proptest::prop_assert_eq!(build(&bytes), expected, "{}", name);
            }
        }

        #[test]
        fn pair_set_holds_the_bits_of_its_pairs_and_no_other(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
        ) {
            let expected = bytes.windows(2).fold(0u64, |set, pair| {
                let key = crate::word::pair_keys(u64::from(pair[0]), u64::from(pair[1]));
                set | 1u64.wrapping_shl(u32::from(key as u8))
            });
            let builds = versions!(fn(&[u8]) -> u64:
                pair_set, portable::pair_set, sse2:, avx2: pair_set);
            for (name, build) in builds {
                proptest::prop_assert_eq!(build(&bytes), expected, "{}", name);
            }
        }
    }

    /// The masks computed one byte at a time.
    fn classify_bytes(block: &[u8; BLOCK]) -> Masks {
        let mut masks = Masks::default();
        for (i, &b) in block.iter().enumerate() {
            let bit = 1u64 << i;
            match b {
                b'\n' | b'\r' => masks.eol |= bit,
                b':' => masks.colon |= bit,
                b'#' | 0 => masks.stop |= bit,
                b'%' | 0x80.. => masks.escape |= bit,
                _ => {}
            }
        }
        masks
    }

    #[test]
    fn every_byte_value_in_every_position() {
        let versions = classifications();
        for value in 0..=255u8 {
            for at in 0..BLOCK {
                let mut block = [b'a'; BLOCK];
                block[at] = value;
                // Bytes that differ from a class byte by one bit, around it.
                if at + 1 < BLOCK {
                    block[at + 1] = value ^ 0x80;
                }
                let expected = classify_bytes(&block);
                for (name, classify) in &versions {
                    assert_eq!(classify(&block), expected, "{name}: {value:#x} at {at}");
                }
                for (name, eol) in eols() {
                    assert_eq!(eol(&block), expected.eol, "{name}: {value:#x} at {at}");
                }
            }
        }
    }

    /// Sixteen places, each of every byte value against a path byte equal
    /// to it or one bit away, in both halves of the vector.
    #[test]
    fn plain_prefix_of_every_byte_value_in_every_position() {
        for value in 0..=255u8 {
            for at in 0..16 {
                for flip in [0u8, 1, 0x20, 0x80] {
                    let mut v = [b'a'; 16];
                    let mut p = [b'a'; 16];
                    v[at] = value;
                    p[at] = value ^ flip;
                    let stop = value <= b' '
                        || value >= 0x80
                        || matches!(value, b'%' | b'*' | b'$' | b'#');
                    let expected = (u32::from(flip != 0) << at, u32::from(stop) << at);
                    assert_eq!(plain_prefix_16(&v, &p), expected, "{value:#x} at {at}");
                    assert_eq!(
                        portable::plain_prefix_16(&v, &p),
                        expected,
                        "{value:#x} at {at}"
                    );
                }
            }
        }
    }

    #[test]
    fn all_class_bytes_at_once() {
        let mut block = [0u8; BLOCK];
        for (i, b) in block.iter_mut().enumerate() {
            *b = b"\n\r:#\0%\x80\xFFx"[i % 9];
        }
        let expected = classify_bytes(&block);
        for (name, classify) in classifications() {
            assert_eq!(classify(&block), expected, "{name}");
        }
    }

    #[test]
    fn carriage_returns_in_every_position() {
        for len in 0..=BLOCK + 8 {
            for at in 0..len {
                let mut body = vec![b'\n'; len];
                body[at] = b'\r';
                let eol = Classifier::new().classify_at(&body, 0).eol;
                let expected = if at < BLOCK { 1u64 << at } else { 0 };
                assert_eq!(
                    Classifier::new().cr_at(&body, 0, eol),
                    expected,
                    "{len} {at}"
                );
            }
        }
    }

    #[test]
    fn lowest_bits_of_every_byte_value() {
        let versions = odds();
        for value in 0..=255u8 {
            for at in 0..BLOCK {
                let mut block = [0x0A; BLOCK];
                block[at] = value;
                let expected: u64 = block
                    .iter()
                    .enumerate()
                    .map(|(i, &b)| u64::from(b & 1) << i)
                    .sum();
                for (name, odd) in &versions {
                    assert_eq!(odd(&block), expected, "{name}: {value:#x} at {at}");
                }
            }
        }
    }

    #[test]
    fn short_tail_is_padded_with_no_class() {
        let body = b"a:b\n#";
        let masks = Classifier::new().classify_at(body, 0);
        assert_eq!(masks.eol, 1 << 3);
        assert_eq!(masks.colon, 1 << 1);
        assert_eq!(masks.stop, 1 << 4);
        assert_eq!(
            Classifier::new().classify_at(body, 64),
            classify_bytes(&[b'a'; BLOCK])
        );
    }
}
