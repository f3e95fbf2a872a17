//! The WARC reader on arbitrary bytes, plain and as gzip.
//!
//! The input is the archive; a first byte that is odd makes it a gzip
//! input (the magic bytes are put before the rest). Checked for every
//! input:
//!
//! - reading ends, with no panic, and each record and error has an offset
//!   within the input (a gzip member's offset, for gzip);
//! - a kept block is never longer than the limit, and is all of the
//!   content block exactly when the record says so;
//! - every response record reads as a capture, is skipped or is broken,
//!   with no panic, and a capture's body is never over 500 KiB.

#![no_main]

use libfuzzer_sys::fuzz_target;
use robotstxt_exact::crawler::MAX_ROBOTS_TXT_BYTES;
use robotstxt_warc::capture::{self, Record};
use robotstxt_warc::{Limits, Next, WarcReader};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let input = if first & 1 == 1 {
        [&[0x1f, 0x8b][..], rest].concat()
    } else {
        rest.to_vec()
    };
    let len = input.len() as u64;
    let limits = Limits {
        header_bytes: 4096,
        block_bytes: 4096,
    };
    let mut reader = WarcReader::new(Box::new(std::io::Cursor::new(input)), limits).unwrap();
    loop {
        match reader.next_record(capture::wanted).unwrap() {
            Next::Record(r) => {
                assert!(r.offset < len);
                assert!(r.block.len() <= limits.block_bytes);
                assert_eq!(r.complete, r.block.len() as u64 == r.block_len);
                if let Record::Capture(c) = capture::read(r) {
                    assert!(c.body.len() <= MAX_ROBOTS_TXT_BYTES);
                }
            }
            Next::Broken(e) => assert!(e.offset <= len),
            Next::End => break,
        }
    }
});
