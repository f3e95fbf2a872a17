//! Google's 500 KiB size limit on a robots.txt body, which is also RFC
//! 9309's minimum parsing limit.

/// How many bytes of a robots.txt body Google reads: "Google enforces a
/// robots.txt file size limit of 500 kibibytes (KiB). Content which is after
/// the maximum file size is ignored." One KiB is 1024 bytes, so the limit is
/// 500 × 1024 = 512,000 bytes.
///
/// RFC 9309 section 2.5 makes the same number a floor: "The parsing limit MUST
/// be at least 500 kibibytes".
///
/// The drop-in [`crate::RobotsMatcher`] applies no limit, as Google's library
/// does not; apply this one with [`truncate_body`] (a
/// [`CacheEntry`](crate::crawler::CacheEntry) does so by default).
pub const MAX_ROBOTS_TXT_BYTES: usize = 500 * 1024;

/// The first [`MAX_ROBOTS_TXT_BYTES`] bytes of `body`, the part Google reads.
///
/// The cut is at the byte, as Google's page describes it ("content which is
/// after the maximum file size is ignored"): a line that straddles the limit
/// is parsed as far as it goes.
///
/// ```
/// use robotstxt_exact::crawler::{MAX_ROBOTS_TXT_BYTES, truncate_body};
/// let body = vec![b'#'; MAX_ROBOTS_TXT_BYTES + 10];
/// assert_eq!(truncate_body(&body).len(), 512_000);
/// assert_eq!(truncate_body(b"short"), b"short");
/// ```
pub fn truncate_body(body: &[u8]) -> &[u8] {
    &body[..truncated_len(body.len())]
}

/// The length of [`truncate_body`]'s result for a body of `len` bytes: for
/// a binding that holds the body itself and cuts it there (the JavaScript
/// package's `truncateBody`), so that the rule is this crate's.
///
/// ```
/// use robotstxt_exact::crawler::truncated_len;
/// assert_eq!(truncated_len(600_000), 512_000);
/// assert_eq!(truncated_len(5), 5);
/// ```
pub const fn truncated_len(len: usize) -> usize {
    if len > MAX_ROBOTS_TXT_BYTES {
        MAX_ROBOTS_TXT_BYTES
    } else {
        len
    }
}
