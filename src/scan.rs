//! Where the bytes that matter to the parser are, 64 bytes at a time.
//!
//! The parser needs four things of each line: where it ends (LF or CR), its
//! first `:`, its first `#` or NUL (where its content ends), and whether its
//! content has a byte that a rule value must be escaped for. Instead of
//! looking at every byte, or calling a search routine per line and per class
//! of byte (most lines are a few dozen bytes, where call overhead dominates),
//! the body is classified one 64-byte block at a time into bit masks,
//! and lines are then split with bit operations on those masks.
//!
//! On x86-64 the classification uses AVX2 where the processor has it and
//! SSE2 (which every x86-64 processor has) otherwise; elsewhere it runs eight
//! bytes at a time in a `u64`. All give the same masks (tested below).

use crate::word::{HIGH, LOW7, eq_bytes, splat};

/// Bytes per block.
pub(crate) const BLOCK: usize = 64;

/// One bit per byte of a block, bit `i` for byte `i`.
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

    fn classify(self, block: &[u8; BLOCK]) -> Masks {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is true only when the processor has AVX2
            // (`new`), and `classify_avx2` reads nothing but its argument.
            return unsafe { classify_avx2(block) };
        }
        classify(block)
    }
}

#[cfg(target_arch = "x86_64")]
fn classify(block: &[u8; BLOCK]) -> Masks {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor
    // has it, and `classify_sse2` reads nothing but its argument.
    unsafe { classify_sse2(block) }
}

#[cfg(not(target_arch = "x86_64"))]
fn classify(block: &[u8; BLOCK]) -> Masks {
    classify_words(block)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn classify_avx2(block: &[u8; BLOCK]) -> Masks {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi8, _mm256_setzero_si256,
    };
    let eq = |v: __m256i, c: u8| _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c as i8));
    let bits = |v: __m256i| u64::from(_mm256_movemask_epi8(v) as u32);
    let mut masks = Masks::default();
    for (i, lane) in block.chunks_exact(32).enumerate() {
        // SAFETY: `lane` is 32 readable bytes; the load has no alignment
        // requirement.
        let v = unsafe { _mm256_loadu_si256(lane.as_ptr().cast::<__m256i>()) };
        let shift = 32 * i;
        masks.eol |= bits(_mm256_or_si256(eq(v, b'\n'), eq(v, b'\r'))) << shift;
        masks.colon |= bits(eq(v, b':')) << shift;
        masks.stop |= bits(_mm256_or_si256(
            eq(v, b'#'),
            _mm256_cmpeq_epi8(v, _mm256_setzero_si256()),
        )) << shift;
        // A byte at or above 0x80 has its sign bit set already.
        masks.escape |= bits(_mm256_or_si256(v, eq(v, b'%'))) << shift;
    }
    masks
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn classify_sse2(block: &[u8; BLOCK]) -> Masks {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x, _mm_set1_epi8,
        _mm_setzero_si128,
    };
    let eq = |v: __m128i, c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
    // The sign bit of each byte, as 16 bits (movemask yields them in the
    // low bits of a non-negative i32).
    let bits = |v: __m128i| u64::from(_mm_movemask_epi8(v) as u16);
    let mut masks = Masks::default();
    for (i, lane) in block.chunks_exact(16).enumerate() {
        let word = |k: usize| {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&lane[8 * k..8 * k + 8]);
            i64::from_le_bytes(bytes)
        };
        let v = _mm_set_epi64x(word(1), word(0));
        let shift = 16 * i;
        masks.eol |= bits(_mm_or_si128(eq(v, b'\n'), eq(v, b'\r'))) << shift;
        masks.colon |= bits(eq(v, b':')) << shift;
        masks.stop |= bits(_mm_or_si128(
            eq(v, b'#'),
            _mm_cmpeq_epi8(v, _mm_setzero_si128()),
        )) << shift;
        // A byte at or above 0x80 has its sign bit set already.
        masks.escape |= bits(_mm_or_si128(v, eq(v, b'%'))) << shift;
    }
    masks
}

/// The line ends among the line-end bytes `eol` of a block whose CRs are
/// `cr`: every CR, and every LF that does not follow a CR (`cr_before` says
/// whether the byte before the block is one).
pub(crate) fn line_ends(eol: u64, cr: u64, cr_before: bool) -> u64 {
    let lf = eol & !cr;
    eol & !(lf & (cr << 1 | u64::from(cr_before)))
}

impl Classifier {
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

    /// One bit per byte of the block: its lowest bit.
    fn odd(self, block: &[u8; BLOCK]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is true only when the processor has AVX2
            // (`new`), and `odd_avx2` reads nothing but its argument.
            return unsafe { odd_avx2(block) };
        }
        odd_words(block)
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn odd_avx2(block: &[u8; BLOCK]) -> u64 {
    use std::arch::x86_64::{__m256i, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_slli_epi16};
    let mut odd = 0u64;
    for (i, lane) in block.chunks_exact(32).enumerate() {
        // SAFETY: `lane` is 32 readable bytes; the load has no alignment
        // requirement.
        let v = unsafe { _mm256_loadu_si256(lane.as_ptr().cast::<__m256i>()) };
        // Shifting each 16-bit lane left by 7 moves the lowest bit of both
        // of its bytes to their sign bits.
        odd |= u64::from(_mm256_movemask_epi8(_mm256_slli_epi16(v, 7)) as u32) << (32 * i);
    }
    odd
}

/// [`Classifier::odd`] eight bytes at a time in a `u64`.
fn odd_words(block: &[u8; BLOCK]) -> u64 {
    let mut odd = 0u64;
    for (i, chunk) in block.chunks_exact(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        odd |= gather((u64::from_le_bytes(bytes) << 7) & HIGH) << (8 * i);
    }
    odd
}

/// The bits a byte set (`pattern::ByteSet`) gives the bytes of a word: for
/// each byte `b`, bit `(b ^ b >> 1) % 64`, ORed. Words of eight bytes at a
/// time with AVX2, where the processor has it (`None` where it does not):
/// a variable shift per byte, four to a vector.
#[cfg(target_arch = "x86_64")]
pub(crate) fn gray_bits(words: &[u8]) -> Option<u64> {
    if !std::is_x86_feature_detected!("avx2") {
        return None;
    }
    // SAFETY: the processor has AVX2 (checked above), and `gray_bits_avx2`
    // reads nothing but its argument.
    Some(unsafe { gray_bits_avx2(words) })
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn gray_bits(_words: &[u8]) -> Option<u64> {
    None
}

/// [`gray_bits`] with AVX2. Past a multiple of eight bytes, the last word
/// overlaps the one before, and a word shorter than eight bytes repeats its
/// first byte: a set does not mind a byte added twice.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn gray_bits_avx2(words: &[u8]) -> u64 {
    let mut sets = KeySets::new();
    let word = |chunk: &[u8]| {
        let mut bytes = [chunk[0]; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(bytes)
    };
    let gray = |word: u64| word ^ ((word >> 1) & LOW7);
    for chunk in words.chunks_exact(8) {
        sets.add(gray(word(chunk)));
    }
    if words.len() % 8 != 0 {
        sets.add(gray(word(&words[words.len().saturating_sub(8)..])));
    }
    sets.bits()
}

/// The bits a pair set (`pattern::PairSet`) gives the pairs of adjacent
/// bytes of `bytes`: for each pair, the bit of its key
/// (`pattern::pair_keys`) modulo 64, ORed. Eight or sixteen pairs at a time
/// with AVX2, as [`gray_bits`]; `None` where the processor lacks it.
#[cfg(target_arch = "x86_64")]
pub(crate) fn pair_bits(bytes: &[u8]) -> Option<u64> {
    if !std::is_x86_feature_detected!("avx2") {
        return None;
    }
    // SAFETY: the processor has AVX2 (checked above), and `pair_bits_avx2`
    // reads nothing but its argument.
    Some(unsafe { pair_bits_avx2(bytes) })
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn pair_bits(_bytes: &[u8]) -> Option<u64> {
    None
}

/// [`pair_bits`] with AVX2. Past sixteen bytes, see [`pair_bits_16`].
/// Else the pairs starting at eight positions a word, each byte with the
/// byte after it; past the last whole word, the last two words overlap the
/// ones before (a set does not mind a pair added twice). Fewer than nine
/// bytes, a pair at a time (its key in all eight bytes of the word).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn pair_bits_avx2(bytes: &[u8]) -> u64 {
    let mut sets = KeySets::new();
    if bytes.len() < 9 {
        // Less than a word of pairs: one at a time.
        for pair in bytes.windows(2) {
            sets.add(crate::pattern::pair_keys(u64::from(pair[0]), u64::from(pair[1])) * splat(1));
        }
        return sets.bits();
    }
    if bytes.len() > 16 {
        return pair_bits_16(bytes);
    }
    let pairs = bytes.len() - 1;
    // The eight bytes from `at`: the keys below read at most `bytes[..len]`.
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    let key = |at: usize| crate::pattern::pair_keys(word(at), word(at + 1));
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

/// The sixteen bytes of `bytes` from `at`; callers keep `at + 16` within
/// `bytes`.
pub(crate) fn sixteen_at(bytes: &[u8], at: usize) -> &[u8; 16] {
    bytes[at..at + 16].try_into().unwrap_or(&[0; 16])
}

/// [`pair_bits_avx2`] for more than sixteen bytes: the keys of sixteen
/// pairs computed in one vector, the last sixteen overlapping the ones
/// before.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn pair_bits_16(bytes: &[u8]) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_set1_epi8, _mm_slli_epi16, _mm_srli_epi16, _mm_srli_si128,
        _mm_xor_si128,
    };
    let keys = |at: usize| {
        let (first, second) = (
            vector_16(sixteen_at(bytes, at)),
            vector_16(sixteen_at(bytes, at + 1)),
        );
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
#[cfg(target_arch = "x86_64")]
struct KeySets([std::arch::x86_64::__m256i; 2]);

#[cfg(target_arch = "x86_64")]
impl KeySets {
    #[target_feature(enable = "avx2")]
    fn new() -> KeySets {
        KeySets([std::arch::x86_64::_mm256_setzero_si256(); 2])
    }

    /// Adds the eight keys in the bytes of `keys`.
    #[target_feature(enable = "avx2")]
    fn add(&mut self, keys: u64) {
        self.add_vector(std::arch::x86_64::_mm_cvtsi64_si128(keys as i64));
    }

    /// Adds the eight keys in the low eight bytes of `keys`.
    #[target_feature(enable = "avx2")]
    fn add_vector(&mut self, keys: std::arch::x86_64::__m128i) {
        use std::arch::x86_64::{
            _mm_and_si128, _mm_set1_epi8, _mm_srli_si128, _mm256_cvtepu8_epi64, _mm256_or_si256,
            _mm256_set1_epi64x, _mm256_sllv_epi64,
        };
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
        use std::arch::x86_64::{
            _mm_cvtsi128_si64, _mm_extract_epi64, _mm_or_si128, _mm256_castsi256_si128,
            _mm256_extracti128_si256, _mm256_or_si256,
        };
        let both = _mm256_or_si256(self.0[0], self.0[1]);
        let half = _mm_or_si128(
            _mm256_castsi256_si128(both),
            _mm256_extracti128_si256::<1>(both),
        );
        (_mm_cvtsi128_si64(half) | _mm_extract_epi64::<1>(half)) as u64
    }
}

/// Which of up to 64 `sets` (bit sets in words) lie within `set`: bit `i`
/// for `sets[i]`. Four at a time with AVX2 where the processor has it.
pub(crate) fn within(sets: &[u64], set: u64) -> u64 {
    debug_assert!(sets.len() <= 64);
    #[cfg(target_arch = "x86_64")]
    if sets.len() >= 4 && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (checked above), and `within_avx2`
        // reads nothing but its arguments.
        return unsafe { within_avx2(sets, set) };
    }
    within_words(sets, set)
}

/// [`within`] a word at a time.
fn within_words(sets: &[u64], set: u64) -> u64 {
    sets.iter()
        .enumerate()
        .fold(0, |mask, (i, &s)| mask | u64::from(s & !set == 0) << i)
}

/// [`within`] with AVX2: four words a vector, the rest a word at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn within_avx2(sets: &[u64], set: u64) -> u64 {
    use std::arch::x86_64::{
        __m256i, _mm256_andnot_si256, _mm256_castsi256_pd, _mm256_cmpeq_epi64, _mm256_loadu_si256,
        _mm256_movemask_pd, _mm256_set1_epi64x, _mm256_setzero_si256,
    };
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
    mask | within_words(rest, set) << (sets.len() - rest.len())
}

/// The number of lines of `body` as the parser splits it: one more than
/// its line ends (LF, CR, or a CRLF pair), 64 bytes at a time.
pub(crate) fn count_lines(body: &[u8]) -> u64 {
    let classifier = Classifier::new();
    let mut lines = 1u64;
    let mut cr_before = false;
    let mut base = 0;
    while base < body.len() {
        let eol = classifier.classify_at(body, base).eol;
        let cr = if eol == 0 {
            0
        } else {
            classifier.cr_at(body, base, eol)
        };
        lines += u64::from(line_ends(eol, cr, cr_before).count_ones());
        cr_before = cr >> 63 == 1;
        base += BLOCK;
    }
    lines
}

/// Gathers the high bit of each byte of `m` into the low eight bits.
fn gather(m: u64) -> u64 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Bit `i` set where byte `i` of `chunk` is one of `needles`: sixteen bytes
/// at once, for the short scans of a URL (its authority, its path's end),
/// where a vectorised search's set-up costs more than the scan.
#[cfg(target_arch = "x86_64")]
pub(crate) fn any_of_16(chunk: &[u8; 16], needles: [u8; 4]) -> u32 {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor
    // has it, and `any_of_16_sse2` reads nothing but its arguments.
    unsafe { any_of_16_sse2(chunk, needles) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn any_of_16_sse2(chunk: &[u8; 16], needles: [u8; 4]) -> u32 {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8};
    let v = vector_16(chunk);
    let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
    let any = _mm_or_si128(
        _mm_or_si128(eq(needles[0]), eq(needles[1])),
        _mm_or_si128(eq(needles[2]), eq(needles[3])),
    );
    u32::from(_mm_movemask_epi8(any) as u16)
}

/// [`any_of_16`] eight bytes at a time, for processors without SSE2 (and as
/// the reference the SSE2 version is tested against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn any_of_16_words(chunk: &[u8; 16], needles: [u8; 4]) -> u32 {
    let mut mask = 0;
    for (i, half) in chunk.chunks_exact(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(half);
        let word = u64::from_le_bytes(bytes);
        let found = needles.iter().fold(0, |m, &c| m | eq_bytes(word, c));
        mask |= (gather(found) as u32) << (8 * i);
    }
    mask
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn any_of_16(chunk: &[u8; 16], needles: [u8; 4]) -> u32 {
    any_of_16_words(chunk, needles)
}

/// Bit `i` set where byte `i` of `a` is `x` and byte `i` of `b` is `y`: of
/// sixteen places a needle may start, those holding its first byte, `a`
/// being the haystack from the first of them, and its last byte, `b` being
/// the haystack as far on as the needle is long less one.
#[cfg(target_arch = "x86_64")]
pub(crate) fn both_16(a: &[u8; 16], b: &[u8; 16], x: u8, y: u8) -> u32 {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor
    // has it, and `both_16_sse2` reads nothing but its arguments.
    unsafe { both_16_sse2(a, b, x, y) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn both_16_sse2(a: &[u8; 16], b: &[u8; 16], x: u8, y: u8) -> u32 {
    use std::arch::x86_64::{_mm_and_si128, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_set1_epi8};
    let both = _mm_and_si128(
        _mm_cmpeq_epi8(vector_16(a), _mm_set1_epi8(x as i8)),
        _mm_cmpeq_epi8(vector_16(b), _mm_set1_epi8(y as i8)),
    );
    u32::from(_mm_movemask_epi8(both) as u16)
}

/// Sixteen bytes in a vector, in one unaligned load (built from two words,
/// it took the compiler three instructions).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn vector_16(bytes: &[u8; 16]) -> std::arch::x86_64::__m128i {
    // SAFETY: `bytes` is sixteen readable bytes; the load has no alignment
    // requirement.
    unsafe { std::arch::x86_64::_mm_loadu_si128(bytes.as_ptr().cast()) }
}

/// [`both_16`] eight bytes at a time, for processors without SSE2 (and as
/// the reference the SSE2 version is tested against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn both_16_words(a: &[u8; 16], b: &[u8; 16], x: u8, y: u8) -> u32 {
    let word = |half: &[u8]| u64::from_le_bytes(half.try_into().unwrap_or([0; 8]));
    a.chunks_exact(8)
        .zip(b.chunks_exact(8))
        .enumerate()
        .fold(0, |mask, (i, (a, b))| {
            let found = eq_bytes(word(a), x) & eq_bytes(word(b), y);
            mask | (gather(found) as u32) << (8 * i)
        })
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn both_16(a: &[u8; 16], b: &[u8; 16], x: u8, y: u8) -> u32 {
    both_16_words(a, b, x, y)
}

/// The masks computed eight bytes at a time in a `u64`, for processors
/// without SSE2 (and as the reference the SSE2 version is tested against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn classify_words(block: &[u8; BLOCK]) -> Masks {
    let mut masks = Masks::default();
    for (i, chunk) in block.chunks_exact(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let word = u64::from_le_bytes(bytes);
        let shift = 8 * i;
        masks.eol |= gather(eq_bytes(word, b'\n') | eq_bytes(word, b'\r')) << shift;
        masks.colon |= gather(eq_bytes(word, b':')) << shift;
        masks.stop |= gather(eq_bytes(word, b'#') | eq_bytes(word, 0)) << shift;
        masks.escape |= gather((word & HIGH) | eq_bytes(word, b'%')) << shift;
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;

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
            proptest::prop_assert_eq!(within_words(&sets, set), expected);
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
            proptest::prop_assert_eq!(any_of_16_words(&chunk, needles), expected);
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
            proptest::prop_assert_eq!(both_16_words(&a, &b, x, y), expected);
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
        for value in 0..=255u8 {
            for at in 0..BLOCK {
                let mut block = [b'a'; BLOCK];
                block[at] = value;
                // Bytes that differ from a class byte by one bit, around it.
                if at + 1 < BLOCK {
                    block[at + 1] = value ^ 0x80;
                }
                let expected = classify_bytes(&block);
                assert_eq!(Classifier::new().classify(&block), expected);
                assert_eq!(classify(&block), expected, "{value:#x} at {at}");
                assert_eq!(classify_words(&block), expected, "{value:#x} at {at}");
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
        assert_eq!(Classifier::new().classify(&block), expected);
        assert_eq!(classify(&block), expected);
        assert_eq!(classify_words(&block), expected);
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
        for value in 0..=255u8 {
            for at in 0..BLOCK {
                let mut block = [0x0A; BLOCK];
                block[at] = value;
                let expected: u64 = block
                    .iter()
                    .enumerate()
                    .map(|(i, &b)| u64::from(b & 1) << i)
                    .sum();
                assert_eq!(Classifier::new().odd(&block), expected);
                assert_eq!(odd_words(&block), expected);
            }
        }
    }

    #[test]
    fn lines_are_counted_as_the_parser_splits_them() {
        // Google: "\n\r" is two line ends, "\r\r\n" two, CRLF one; a
        // CRLF split between two blocks is still one.
        assert_eq!(count_lines(b""), 1);
        assert_eq!(count_lines(b"a\n\rb\r\r\nc"), 5);
        let mut split = vec![b'a'; 63];
        split.extend_from_slice(b"\r\n\r\n");
        assert_eq!(count_lines(&split), 3);
        for len in 0..200 {
            let body: Vec<u8> = (0..len).map(|i| b"\r\nx\n\r\r"[i * 7 % 6]).collect();
            let mut expected = 1;
            for (i, &b) in body.iter().enumerate() {
                let crlf_tail = b == b'\n' && i > 0 && body[i - 1] == b'\r';
                if (b == b'\n' || b == b'\r') && !crlf_tail {
                    expected += 1;
                }
            }
            assert_eq!(count_lines(&body), expected, "{body:?}");
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
