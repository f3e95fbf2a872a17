//! A staging area for the arguments of the hot calls.
//!
//! wasm-bindgen passes each `&str` or `&[u8]` argument by allocating in the
//! module, copying (a JavaScript loop per character for strings) and freeing
//! after the call: on the corpus that is most of the cost of a parse-once
//! query. Instead, JavaScript writes a URL with `TextEncoder.encodeInto`
//! straight into this buffer, whose address it asked for once
//! ([`stage_reserve`]), and the call passes only the length. The agent of
//! the queries is copied out of the stage once ([`stage_agent`]) and kept
//! until the next one, since a crawler asks for the same agent every time.
//!
//! The module has one thread, so the buffers are per-thread statics; a call
//! borrows them only while it runs.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

thread_local! {
    static STAGE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static AGENT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes the stage at least `len` bytes long and returns its address, or 0
/// when memory ran out (the stage is then as it was). JavaScript keeps the
/// address until it needs a larger stage.
#[wasm_bindgen]
pub fn stage_reserve(len: usize) -> usize {
    STAGE.with(|stage| {
        let mut stage = stage.borrow_mut();
        let more = len.saturating_sub(stage.len());
        if more > 0 {
            if stage.try_reserve_exact(more).is_err() {
                return 0;
            }
            stage.resize(len, 0);
        }
        stage.as_ptr() as usize
    })
}

/// Gives back the memory of a stage grown past `keep` bytes (after a large
/// input), keeping `keep`; returns the stage's address.
#[wasm_bindgen]
pub fn stage_shrink(keep: usize) -> usize {
    STAGE.with(|stage| {
        let mut stage = stage.borrow_mut();
        if stage.len() > keep {
            stage.truncate(keep);
            stage.shrink_to_fit();
        }
        stage.as_ptr() as usize
    })
}

/// Calls `f` with the first `len` staged bytes; `None` when the stage is
/// shorter (JavaScript asked for less than it wrote: a bug, not a trap).
pub fn with_staged<R>(len: usize, f: impl FnOnce(&[u8]) -> R) -> Option<R> {
    STAGE.with(|stage| stage.borrow().get(..len).map(f))
}

/// The error for a staged length past the stage (a bug on the JavaScript
/// side, reported rather than trapped).
pub fn stage_mismatch() -> JsError {
    JsError::new("robotstxt-exact: a staged argument is longer than the stage")
}

/// Makes the first `len` staged bytes the agent of the staged queries;
/// false when memory ran out or the stage is shorter.
#[wasm_bindgen]
pub fn stage_agent(len: usize) -> bool {
    AGENT.with(|agent| {
        let mut agent = agent.borrow_mut();
        with_staged(len, |bytes| {
            agent.clear();
            if agent.try_reserve(bytes.len()).is_err() {
                return false;
            }
            agent.extend_from_slice(bytes);
            true
        })
        .unwrap_or(false)
    })
}

/// Calls `f` with the agent and the first `len` staged bytes (the URL);
/// `None` as for [`with_staged`].
pub fn with_agent_and_staged<R>(len: usize, f: impl FnOnce(&[u8], &[u8]) -> R) -> Option<R> {
    AGENT.with(|agent| with_staged(len, |url| f(&agent.borrow(), url)))
}

/// The end offset of each staged item, from the items' lengths: in bytes,
/// or, when `utf16` is set, in UTF-16 code units (the length of each of the
/// JavaScript strings that were joined and encoded into the stage, each
/// unit of which became one character; a lone surrogate became U+FFFD).
/// `None` when the lengths do not fit the staged bytes.
pub fn item_ends(total: usize, lens: &[u32], utf16: bool) -> Option<Vec<u32>> {
    let mut ends = Vec::new();
    ends.try_reserve_exact(lens.len()).ok()?;
    let units: u64 = lens.iter().map(|&n| u64::from(n)).sum();
    if !utf16 || units == total as u64 {
        // Bytes, or ASCII: one byte per unit.
        let mut at = 0u64;
        for &n in lens {
            at += u64::from(n);
            ends.push(u32::try_from(at).ok()?);
        }
        return (at == total as u64).then_some(ends);
    }
    with_staged(total, |bytes| {
        let text = std::str::from_utf8(bytes).ok()?;
        let mut chars = text.char_indices();
        let mut at = 0usize;
        for &n in lens {
            let mut left = n as usize;
            while left > 0 {
                let (_, c) = chars.next()?;
                at += c.len_utf8();
                // A character from a surrogate pair is two units.
                left = left.checked_sub(c.len_utf16())?;
            }
            ends.push(u32::try_from(at).ok()?);
        }
        (at == total).then_some(())
    })??;
    Some(ends)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(bytes: &[u8]) {
        stage_reserve(bytes.len());
        STAGE.with(|s| s.borrow_mut()[..bytes.len()].copy_from_slice(bytes));
    }

    // "a" (1 unit, 1 byte), "é" (1 unit, 2 bytes), "😀" (2 units, 4 bytes),
    // "" (0), "x" (1, 1): the UTF-16 lengths JavaScript gives for these
    // strings, and their UTF-8 encodings joined.
    #[test]
    fn utf16_lengths_become_byte_ends() {
        let text = "aé😀x";
        stage(text.as_bytes());
        assert_eq!(
            item_ends(text.len(), &[1, 1, 2, 0, 1], true),
            Some(vec![1, 3, 7, 7, 8])
        );
    }

    #[test]
    fn ascii_and_byte_lengths_are_summed() {
        stage(b"abcdef");
        assert_eq!(item_ends(6, &[2, 0, 4], true), Some(vec![2, 2, 6]));
        assert_eq!(item_ends(6, &[2, 0, 4], false), Some(vec![2, 2, 6]));
    }

    #[test]
    fn lengths_that_do_not_fit_are_refused() {
        stage("é".as_bytes());
        assert_eq!(item_ends(2, &[3], true), None);
        assert_eq!(item_ends(2, &[3], false), None);
        // Half a character in UTF-16 units cannot be.
        stage("😀".as_bytes());
        assert_eq!(item_ends(4, &[1, 1], true), None);
        assert_eq!(item_ends(4, &[1, 3], false), Some(vec![1, 4]));
    }
}
