//! Lists of byte strings across the boundary: the items' bytes one after
//! another in one buffer, and the end offset of each item. One copy into
//! the module for the whole list, instead of one call per item.

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
