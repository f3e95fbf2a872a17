//! Extracting the matchable part of a URL (Google's `GetPathParamsQuery`).

use std::borrow::Cow;
use std::collections::TryReserveError;

use crate::arch::any_of_16;

/// The first byte at or after `from` that ends the scheme and authority:
/// `/`, `?` and `;` start the path, params or query, and `#` the fragment.
fn find_authority_end(url: &[u8], from: usize) -> Option<usize> {
    find_any(url, from, [b'/', b'?', b';', b'#'])
}

/// The first byte at or after `from` that is one of `needles`.
///
/// Sixteen bytes at a time, the last sixteen read again where the URL's
/// length is not a multiple; without a call: the search stops within the
/// few bytes of a scheme, a host or a path, where the set-up of a
/// vectorised search costs more than the search itself.
pub(crate) fn find_any(url: &[u8], from: usize, needles: [u8; 4]) -> Option<usize> {
    let mut at = from;
    while let Some(chunk) = url.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        let found = any_of_16(chunk, needles);
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize);
        }
        at += 16;
    }
    if at >= url.len() {
        return None;
    }
    if let Some(last) = url.len().checked_sub(16) {
        // The first `at - last` of these bytes were searched above, or lie
        // before `from`.
        let chunk = url[last..].first_chunk::<16>()?;
        let found = any_of_16(chunk, needles) & (!0u32 << (at - last));
        return (found != 0).then(|| last + found.trailing_zeros() as usize);
    }
    url[at..]
        .iter()
        .position(|b| needles.contains(b))
        .map(|i| at + i)
}

/// Where the path, params and query of `url` start; `None` means the
/// result is `/` (no path, or a fragment before it).
///
/// Google looks for the first `/`, `?` or `;`, a `://` and the first `#`
/// separately; one scan for the first of `/`, `?`, `;` and `#` decides the
/// same. Google ignores a "://" that comes after the first `/`, `?` or `;`;
/// the `/` of a "://" is itself such a byte, so a "://" counts exactly when
/// the first of them is its first `/`, and then the path starts at the
/// first of them after the "://". A `#` met before that start is the first
/// `#`, and a fragment before the path gives `/`; a `#` after it is the
/// caller's to find.
pub(crate) fn path_start(url: &[u8]) -> Option<usize> {
    // Most URLs start so: the first of those bytes is then the first '/' of
    // the "://", which counts.
    let start = if url.starts_with(b"https://") {
        find_authority_end(url, 8)?
    } else if url.starts_with(b"http://") {
        find_authority_end(url, 7)?
    } else {
        // Two leading slashes introduce an authority without a scheme.
        let search_start = if url.starts_with(b"//") { 2 } else { 0 };
        let early = find_authority_end(url, search_start)?;
        if early > search_start && url[early - 1..].starts_with(b"://") {
            find_authority_end(url, early + 2)?
        } else {
            early
        }
    };
    (url[start] != b'#').then_some(start)
}

/// Returns the start and end of the path, params and query of `url`, and
/// whether a `/` must be put in front of them; `None` means the result is `/`.
pub(crate) fn path_params_query_span(url: &[u8]) -> Option<(usize, usize, bool)> {
    let start = path_start(url)?;
    let end = memchr::memchr(b'#', &url[start..]).map_or(url.len(), |h| start + h);
    Some((start, end, url[start] != b'/'))
}

/// Extracts the path, params and query of a URL, dropping the scheme, the
/// authority and the fragment, with Google's exact rules. The result always
/// starts with `/`; a URL without a path (or an empty or odd one) gives `/`.
///
/// The result borrows the URL, except when a `/` must be put in front (a
/// query or params right after the authority), which copies the path;
/// [`try_get_path_params_query`] reports running out of memory for that copy
/// instead of aborting.
///
/// ```
/// use robotstxt_exact::get_path_params_query;
/// assert_eq!(&*get_path_params_query(b"http://www.example.com/a/b?c=d#f"), b"/a/b?c=d");
/// assert_eq!(&*get_path_params_query(b"example.com?a"), b"/?a");
/// assert_eq!(&*get_path_params_query(b""), b"/");
/// ```
pub fn get_path_params_query(url: &[u8]) -> Cow<'_, [u8]> {
    match try_get_path_params_query(url) {
        Ok(path) => path,
        Err(_) => std::alloc::handle_alloc_error(
            std::alloc::Layout::array::<u8>(url.len().saturating_add(1))
                .unwrap_or(std::alloc::Layout::new::<u8>()),
        ),
    }
}

/// [`get_path_params_query`], with an error instead of an abort when the
/// copy (at most one byte longer than the URL) cannot be allocated.
pub fn try_get_path_params_query(url: &[u8]) -> Result<Cow<'_, [u8]>, TryReserveError> {
    Ok(match path_params_query_span(url) {
        None => Cow::Borrowed(b"/"),
        Some((start, end, false)) => Cow::Borrowed(&url[start..end]),
        Some((start, end, true)) => {
            let mut out = Vec::new();
            out.try_reserve_exact(end - start + 1)?;
            out.push(b'/');
            out.extend_from_slice(&url[start..end]);
            Cow::Owned(out)
        }
    })
}

/// The path, params and query of `url` as at most two pieces: an optional
/// leading `/` and a slice of the URL. Their lengths sum to the length of
/// [`get_path_params_query`]'s result; nothing is copied.
pub fn path_params_query_parts(url: &[u8]) -> (&'static [u8], &[u8]) {
    match path_params_query_span(url) {
        None => (b"/", &[]),
        Some((start, end, slash)) => (if slash { b"/" } else { b"" }, &url[start..end]),
    }
}

/// Writes the path, params and query of `url` into `out` (cleared first),
/// or reports that `out` cannot grow to hold them (then `out` is empty).
pub(crate) fn try_path_params_query_into(
    url: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), TryReserveError> {
    out.clear();
    let (slash, rest) = path_params_query_parts(url);
    out.try_reserve(slash.len() + rest.len())?;
    out.extend_from_slice(slash);
    out.extend_from_slice(rest);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(url: &str) -> String {
        String::from_utf8(get_path_params_query(url.as_bytes()).into_owned()).unwrap()
    }

    #[test]
    fn scheme_separator_after_path_start_is_not_a_scheme() {
        // The '/' comes before "://", so "a" is no host and "/b://c" the path.
        assert_eq!(p("a/b://c"), "/b://c");
    }

    #[test]
    fn fragment_before_path_gives_root() {
        assert_eq!(p("http://a#b/c"), "/");
    }

    #[test]
    fn params_or_query_first_get_a_slash() {
        assert_eq!(p("http://a;x"), "/;x");
        assert_eq!(p("http://a?x#y"), "/?x");
    }

    /// Google's steps written out literally: find_first_of, find, and the
    /// comparisons of their positions.
    fn reference(url: &[u8]) -> Vec<u8> {
        let find_first_of =
            |from: usize| (from..url.len()).find(|&i| matches!(url[i], b'/' | b'?' | b';'));
        let search_start = if url.len() >= 2 && url[0] == b'/' && url[1] == b'/' {
            2
        } else {
            0
        };
        let early_path = find_first_of(search_start);
        let mut protocol_end =
            (search_start..url.len().saturating_sub(2)).find(|&i| &url[i..i + 3] == b"://");
        if early_path.is_some() && (protocol_end.is_none() || early_path < protocol_end) {
            protocol_end = None;
        }
        let protocol_end = protocol_end.map_or(search_start, |p| p + 3);
        let Some(path_start) = find_first_of(protocol_end) else {
            return b"/".to_vec();
        };
        let hash = (search_start..url.len()).find(|&i| url[i] == b'#');
        if hash.is_some_and(|h| h < path_start) {
            return b"/".to_vec();
        }
        let path_end = hash.unwrap_or(url.len());
        let mut out = Vec::new();
        if url[path_start] != b'/' {
            out.push(b'/');
        }
        out.extend_from_slice(&url[path_start..path_end]);
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20000))]
        #[test]
        fn equals_googles_steps(url in proptest::collection::vec(
            proptest::sample::select(b"/:?;#ab".to_vec()), 0..12)
        ) {
            proptest::prop_assert_eq!(get_path_params_query(&url).into_owned(), reference(&url));
        }

        #[test]
        fn equals_googles_steps_after_a_scheme(
            scheme in proptest::sample::select(vec!["", "http://", "https://", "//", "http:/", "a://"]),
            rest in proptest::collection::vec(proptest::sample::select(b"/:?;#+ab".to_vec()), 0..24),
        ) {
            // Also words of eight bytes, and '+', which the word scan must
            // tell from the bytes it looks for.
            let url = [scheme.as_bytes(), &rest].concat();
            proptest::prop_assert_eq!(get_path_params_query(&url).into_owned(), reference(&url));
        }
    }
}
