//! Extracting the matchable part of a URL (Google's `GetPathParamsQuery`).

use std::borrow::Cow;

fn find_path_start(url: &[u8], from: usize) -> Option<usize> {
    memchr::memchr3(b'/', b'?', b';', url.get(from..)?).map(|i| i + from)
}

/// Returns the start and end of the path, params and query of `url`, and
/// whether a `/` must be put in front of them; `None` means the result is `/`.
pub(crate) fn path_params_query_span(url: &[u8]) -> Option<(usize, usize, bool)> {
    // Two leading slashes introduce an authority without a scheme.
    let search_start = if url.starts_with(b"//") { 2 } else { 0 };

    // Google ignores a "://" that comes after the first '/', '?' or ';'. The
    // '/' of a "://" is itself such a byte, so a "://" counts exactly when
    // the first of them is its first '/'.
    let early = find_path_start(url, search_start)?;
    let path_start = if early > search_start && url[early - 1..].starts_with(b"://") {
        find_path_start(url, early + 2)?
    } else {
        early
    };
    let hash = memchr::memchr(b'#', &url[search_start..]).map(|i| i + search_start);
    if hash.is_some_and(|h| h < path_start) {
        return None;
    }
    let path_end = hash.unwrap_or(url.len());
    Some((path_start, path_end, url[path_start] != b'/'))
}

/// Extracts the path, params and query of a URL, dropping the scheme, the
/// authority and the fragment, with Google's exact rules. The result always
/// starts with `/`; a URL without a path (or an empty or odd one) gives `/`.
///
/// ```
/// use robotstxt::get_path_params_query;
/// assert_eq!(&*get_path_params_query(b"http://www.example.com/a/b?c=d#f"), b"/a/b?c=d");
/// assert_eq!(&*get_path_params_query(b"example.com?a"), b"/?a");
/// assert_eq!(&*get_path_params_query(b""), b"/");
/// ```
pub fn get_path_params_query(url: &[u8]) -> Cow<'_, [u8]> {
    match path_params_query_span(url) {
        None => Cow::Borrowed(b"/"),
        Some((start, end, false)) => Cow::Borrowed(&url[start..end]),
        Some((start, end, true)) => {
            let mut out = Vec::with_capacity(end - start + 1);
            out.push(b'/');
            out.extend_from_slice(&url[start..end]);
            Cow::Owned(out)
        }
    }
}

/// Writes the path, params and query of `url` into `out` (cleared first).
pub(crate) fn path_params_query_into(url: &[u8], out: &mut Vec<u8>) {
    out.clear();
    match path_params_query_span(url) {
        None => out.push(b'/'),
        Some((start, end, slash)) => {
            if slash {
                out.push(b'/');
            }
            out.extend_from_slice(&url[start..end]);
        }
    }
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
    }
}
