//! Extracting the matchable part of a URL (Google's `GetPathParamsQuery`).

use std::borrow::Cow;

fn find_any_of(haystack: &[u8], from: usize, set: &[u8]) -> Option<usize> {
    haystack
        .get(from..)?
        .iter()
        .position(|b| set.contains(b))
        .map(|i| i + from)
}

/// Returns the start and end of the path, params and query of `url`, and
/// whether a `/` must be put in front of them; `None` means the result is `/`.
pub(crate) fn path_params_query_span(url: &[u8]) -> Option<(usize, usize, bool)> {
    const PATH_START: &[u8] = b"/?;";
    // Two leading slashes introduce an authority without a scheme.
    let search_start = if url.starts_with(b"//") { 2 } else { 0 };

    let early_path = find_any_of(url, search_start, PATH_START);
    let protocol = memchr::memmem::find(&url[search_start..], b"://").map(|i| i + search_start);
    // A "://" after the first '/', '?' or ';' is not a scheme separator.
    let protocol_end = match (protocol, early_path) {
        (Some(p), Some(e)) if e < p => search_start,
        (Some(p), _) => p + 3,
        (None, _) => search_start,
    };

    let path_start = find_any_of(url, protocol_end, PATH_START)?;
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
}
