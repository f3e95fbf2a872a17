//! Lists of byte strings across the boundary: the items' bytes one after
//! another in one buffer, and the end offset of each item ([`Items`]), or,
//! for a staged list, each item's length ([`item_ends`]). One copy into the
//! module for the whole list, instead of one call per item.

use wasm_bindgen::JsError;

use crate::memory::vec_with_capacity;

/// The items of a packed list, borrowed from `bytes`.
pub struct Items<'a> {
    bytes: &'a [u8],
    ends: &'a [u32],
}

impl<'a> Items<'a> {
    /// Checks that `ends` is non-decreasing and within `bytes`.
    pub fn new(bytes: &'a [u8], ends: &'a [u32]) -> Result<Self, JsError> {
        let mut last = 0usize;
        for &end in ends {
            let end = end as usize;
            if end < last || end > bytes.len() {
                return Err(JsError::new(
                    "robotstxt-exact: malformed list (an end offset out of order or past the bytes)",
                ));
            }
            last = end;
        }
        Ok(Items { bytes, ends })
    }

    /// The number of items.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The items in order.
    pub fn iter(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        let bytes = self.bytes;
        let mut start = 0usize;
        self.ends.iter().map(move |&end| {
            let item = &bytes[start..end as usize];
            start = end as usize;
            item
        })
    }

    /// Calls `f` with the items as a slice, on the stack when there are few
    /// (agent lists are short, and a query should not allocate for them).
    pub fn with_slice<R>(&self, what: &str, f: impl FnOnce(&[&[u8]]) -> R) -> Result<R, JsError> {
        const STACK: usize = 8;
        if self.len() <= STACK {
            let mut items: [&[u8]; STACK] = [&[]; STACK];
            for (slot, item) in items.iter_mut().zip(self.iter()) {
                *slot = item;
            }
            return Ok(f(&items[..self.len()]));
        }
        let mut items = vec_with_capacity(self.len(), what)?;
        items.extend(self.iter());
        Ok(f(&items))
    }
}

/// The end offset of each item of `bytes`, from the items' lengths: in
/// bytes, or, when `utf16` is set, in UTF-16 code units (the length of each
/// of the JavaScript strings that were joined and encoded into `bytes`,
/// each unit of which became one character; a lone surrogate became
/// U+FFFD). `None` when the lengths do not fit the bytes.
pub fn item_ends(bytes: &[u8], lens: &[u32], utf16: bool) -> Option<Vec<u32>> {
    let total = bytes.len();
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
    (at == total).then_some(ends)
}

#[cfg(test)]
mod tests {
    use super::*;

    // "a" (1 unit, 1 byte), "é" (1 unit, 2 bytes), "😀" (2 units, 4 bytes),
    // "" (0), "x" (1, 1): the UTF-16 lengths JavaScript gives for these
    // strings, and their UTF-8 encodings joined.
    #[test]
    fn utf16_lengths_become_byte_ends() {
        let text = "aé😀x";
        assert_eq!(
            item_ends(text.as_bytes(), &[1, 1, 2, 0, 1], true),
            Some(vec![1, 3, 7, 7, 8])
        );
    }

    #[test]
    fn ascii_and_byte_lengths_are_summed() {
        assert_eq!(item_ends(b"abcdef", &[2, 0, 4], true), Some(vec![2, 2, 6]));
        assert_eq!(item_ends(b"abcdef", &[2, 0, 4], false), Some(vec![2, 2, 6]));
    }

    #[test]
    fn lengths_that_do_not_fit_are_refused() {
        assert_eq!(item_ends("é".as_bytes(), &[3], true), None);
        assert_eq!(item_ends("é".as_bytes(), &[3], false), None);
        // Half a character in UTF-16 units cannot be.
        assert_eq!(item_ends("😀".as_bytes(), &[1, 1], true), None);
        assert_eq!(item_ends("😀".as_bytes(), &[1, 3], false), Some(vec![1, 4]));
    }
}
