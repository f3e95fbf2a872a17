//! Which robots.txt governs a URL (RFC 9309 section 2.3; Google's "File
//! location and range of validity").

use std::fmt;

use url::Url;

/// Why a URL has no robots.txt.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlError {
    /// The text is not an absolute URL (WHATWG URL parsing failed).
    Invalid(url::ParseError),
    /// The URL has no authority (host), as `mailto:`, `data:` or `file:///`
    /// URLs: RFC 9309 puts robots.txt at `scheme:[//authority]/robots.txt`,
    /// so there is nowhere to look.
    NoAuthority,
    /// The part of the URL the answer depends on (see [`MAX_PARSED_URL_LEN`])
    /// is longer than that limit: no host that DNS can resolve is, so the
    /// URL is refused rather than parsed.
    TooLong,
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::Invalid(e) => write!(f, "not a valid absolute URL: {e}"),
            UrlError::NoAuthority => {
                f.write_str("the URL has no authority (host), so no robots.txt")
            }
            UrlError::TooLong => write!(
                f,
                "the URL's scheme and authority are longer than {MAX_PARSED_URL_LEN} bytes"
            ),
        }
    }
}

impl std::error::Error for UrlError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            UrlError::Invalid(e) => Some(e),
            UrlError::NoAuthority | UrlError::TooLong => None,
        }
    }
}

/// The most bytes of a URL that [`robots_txt_url`], [`is_robots_txt_url`] and
/// [`applies_to`] hand to the WHATWG parser, which copies what it parses and
/// cannot report running out of memory: their memory stays under a fixed
/// bound however long the URL (under 1 MiB; 458,731 bytes at worst in
/// `tests/hostile.rs`, for a user name of 65,536 bytes, each escaped to
/// three).
///
/// Only the part of a page URL up to the end of its authority (its scheme,
/// user name and password, host and port, and the `/`, `?`, `#` or, for
/// special schemes, `\` after them) decides its robots.txt URL, so only
/// that part is parsed: paths, queries and fragments of any length cost
/// nothing. (For `file:` URLs, whose path can move the host, the part
/// before the query or fragment.) For [`is_robots_txt_url`], the part
/// before the fragment. A part longer than this is refused
/// ([`UrlError::TooLong`], or `false`): DNS names have at most 253 bytes
/// (RFC 1035), and this leaves room for user names, percent-escapes and
/// characters that IDNA mapping drops.
pub const MAX_PARSED_URL_LEN: usize = 65_536;

/// The prefix of `url` that the WHATWG parser (as the `url` crate
/// implements it) needs to find the scheme, host and port: up to and
/// including the character that ends the authority. Parsing it gives the
/// same scheme, host and port, or the same error, as parsing all of `url`:
/// the parser reads left to right, and what follows that character is a
/// path, query and fragment, which never fail and never change the host
/// (except for `file:`, where a Windows drive letter in the path drops the
/// host: there the prefix ends at the query or fragment). Tabs and line
/// breaks are skipped as the parser skips them, and the ending character
/// is kept so that a trailing space before it is not trimmed away.
fn authority_prefix(url: &str) -> &str {
    let bytes = url.as_bytes();
    // Leading C0 controls and spaces are trimmed by the parser.
    let mut at = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
    let next = |at: &mut usize| -> Option<(usize, u8)> {
        while let Some(&b) = bytes.get(*at) {
            *at += 1;
            if !matches!(b, b'\t' | b'\n' | b'\r') {
                return Some((*at - 1, b));
            }
        }
        None
    };
    let through = |i: usize| &url[..=i];
    // The scheme: an ASCII letter, then letters, digits, `+`, `-`, `.`.
    let mut scheme = [0u8; 6];
    let mut scheme_len = 0;
    loop {
        let Some((i, b)) = next(&mut at) else {
            return url;
        };
        let valid = b.is_ascii_alphabetic()
            || (scheme_len > 0 && (b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')));
        if b == b':' && scheme_len > 0 {
            break;
        }
        if !valid {
            // No scheme: the parser fails here, whatever follows (and
            // fails the same way on the part before, which has no `:`).
            return &url[..i];
        }
        if scheme_len < scheme.len() {
            scheme[scheme_len] = b.to_ascii_lowercase();
        }
        scheme_len += 1;
    }
    let scheme = &scheme[..scheme_len.min(scheme.len())];
    let special = scheme_len <= 5 && matches!(scheme, b"http" | b"https" | b"ws" | b"wss" | b"ftp");
    if scheme_len == 4 && scheme == b"file" {
        return match memchr::memchr2(b'?', b'#', &bytes[at..]) {
            Some(i) => through(at + i),
            None => url,
        };
    }
    if special {
        // Any run of `/` and `\` leads to the authority.
        let mut after = at;
        while let Some((i, b)) = next(&mut after) {
            if !matches!(b, b'/' | b'\\') {
                at = i;
                break;
            }
            at = after;
        }
    } else {
        // Only `//` leads to an authority; anything else is a path.
        let mut after = at;
        let starts_authority = matches!(next(&mut after), Some((_, b'/')))
            && matches!(next(&mut after), Some((_, b'/')));
        if !starts_authority {
            return &url[..at];
        }
        at = after;
    }
    while let Some((i, b)) = next(&mut at) {
        if matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\') {
            return through(i);
        }
    }
    url
}

/// `url` up to and including its first `#`: the fragment, which the parser
/// only copies, is all that follows (a `#` before the end of the scheme
/// fails the parse with or without what follows).
fn before_fragment(url: &str) -> &str {
    match memchr::memchr(b'#', url.as_bytes()) {
        Some(i) => &url[..=i],
        None => url,
    }
}

/// Parses `url` when it is at most [`MAX_PARSED_URL_LEN`] bytes long.
fn parse_bounded(url: &str) -> Result<Url, UrlError> {
    if url.len() > MAX_PARSED_URL_LEN {
        return Err(UrlError::TooLong);
    }
    Url::parse(url).map_err(UrlError::Invalid)
}

/// The robots.txt URL that governs `page_url`: its scheme, host and port with
/// the path `/robots.txt` (RFC 9309 section 2.3: "scheme:[//authority]/robots.txt").
///
/// Parsing is WHATWG's (the `url` crate), so for `http`, `https` and `ftp`,
/// the schemes Google names, the host is lowercased and internationalized
/// names become punycode ("IDNs are equivalent to their punycode versions"),
/// and the scheme's default port (80, 443, 21) is dropped ("Standard port
/// numbers ... are equivalent to their default hostnames"). User name,
/// password, query and fragment are dropped: the rules "apply only to the
/// host, protocol, and port number where the robots.txt file is hosted".
///
/// When the fetch of this URL is redirected, keep using this URL (not the
/// redirect target) as the key: RFC 9309 section 2.3.1.2 says the rules found
/// are "followed in the context of the initial authority".
///
/// Only the scheme and authority are parsed, so memory stays under a fixed
/// bound however long the path, query or fragment; an authority longer
/// than [`MAX_PARSED_URL_LEN`] gives [`UrlError::TooLong`].
///
/// ```
/// use robotstxt_exact::crawler::robots_txt_url;
/// assert_eq!(robots_txt_url("HTTP://www.Exämple.com:80/a?b#c").unwrap().as_str(),
///            "http://www.xn--exmple-cua.com/robots.txt");
/// assert!(robots_txt_url("mailto:someone@example.com").is_err());
/// ```
pub fn robots_txt_url(page_url: &str) -> Result<Url, UrlError> {
    robots_txt_url_of(&parse_bounded(authority_prefix(page_url))?)
}

fn robots_txt_url_of(url: &Url) -> Result<Url, UrlError> {
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err(UrlError::NoAuthority);
    }
    let mut robots = url.clone();
    // Neither can fail for a URL with a host; ignoring the results keeps this
    // total without an unreachable panic.
    let _ = robots.set_username("");
    let _ = robots.set_password(None);
    robots.set_path("/robots.txt");
    robots.set_query(None);
    robots.set_fragment(None);
    Ok(robots)
}

/// Whether `url` is where a robots.txt can be: an absolute URL with an
/// authority whose path is exactly `/robots.txt` (case-sensitive, as Google's
/// page says URLs are) and which has no query.
///
/// Google's table: "`https://example.com/folder/robots.txt`: Not a valid
/// robots.txt file. Crawlers don't check for robots.txt files in
/// subdirectories." A fragment is allowed: it is not sent to the server.
/// A URL longer than [`MAX_PARSED_URL_LEN`] bytes before its fragment is
/// not one (no robots.txt URL is that long).
///
/// ```
/// use robotstxt_exact::crawler::is_robots_txt_url;
/// assert!(is_robots_txt_url("https://example.com/robots.txt"));
/// assert!(!is_robots_txt_url("https://example.com/folder/robots.txt"));
/// ```
pub fn is_robots_txt_url(url: &str) -> bool {
    parse_bounded(before_fragment(url)).is_ok_and(|u| is_robots_txt(&u))
}

fn is_robots_txt(url: &Url) -> bool {
    !url.cannot_be_a_base()
        && url.host().is_some()
        && url.path() == "/robots.txt"
        && url.query().is_none()
}

/// Whether the robots.txt at `robots_url` governs `page_url`: `robots_url` is a
/// valid robots.txt URL (see [`is_robots_txt_url`]) and both have the same
/// scheme, host and port, where an IDN equals its punycode form and a
/// scheme's default port equals no port. Anything unparsable gives `false`,
/// and so does a URL over the limits of [`robots_txt_url`] and
/// [`is_robots_txt_url`].
///
/// ```
/// use robotstxt_exact::crawler::applies_to;
/// assert!(applies_to("https://example.com/robots.txt", "https://example.com:443/folder/file"));
/// assert!(!applies_to("https://example.com/robots.txt", "https://other.example.com/"));
/// ```
pub fn applies_to(robots_url: &str, page_url: &str) -> bool {
    let Ok(robots) = parse_bounded(before_fragment(robots_url)) else {
        return false;
    };
    if !is_robots_txt(&robots) {
        return false;
    }
    match (robots_txt_url_of(&robots), robots_txt_url(page_url)) {
        (Ok(governing), Ok(wanted)) => governing == wanted,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_are_not_part_of_the_robots_txt_url() {
        assert_eq!(
            robots_txt_url("ftp://user:secret@example.com/pub/file")
                .unwrap()
                .as_str(),
            "ftp://example.com/robots.txt"
        );
    }

    /// What the functions gave when they parsed the whole URL: the
    /// reference the prefix parse must agree with.
    fn whole_parse(page_url: &str) -> Result<Url, UrlError> {
        robots_txt_url_of(&Url::parse(page_url).map_err(UrlError::Invalid)?)
    }

    /// Pieces that drive WHATWG's parser through its states: schemes,
    /// delimiters, credentials, ports, brackets, percent-escapes, tabs,
    /// C0 controls, IDNA-mapped and dropped characters, drive letters.
    const PIECES: &[&str] = &[
        "http",
        "HTTPS",
        "ftp",
        "ws",
        "wss",
        "file",
        "foo",
        "mailto",
        "h\tt",
        ":",
        "/",
        "\\",
        "//",
        "?",
        "#",
        "@",
        "[",
        "]",
        "::1",
        "a",
        "B",
        "1",
        "80",
        "443",
        ".",
        " ",
        "\t",
        "\n",
        "\u{0}",
        "\u{1f}",
        "%",
        "%41",
        "%2F",
        "é",
        "ß",
        "xn--",
        "-",
        "+",
        "\u{ad}",
        "C:",
        "|",
        "robots.txt",
        "/robots.txt",
        "..",
        "user:pw@",
    ];

    fn url_like() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let pieces = proptest::collection::vec(proptest::sample::select(PIECES), 0..14);
        let start = proptest::sample::select(
            &[
                "",
                "http://",
                "https://a.b",
                "foo://",
                "file://",
                "file://h/",
                " HTTP:\\\\",
                "ws:",
                "x:/",
            ][..],
        );
        (start, pieces).prop_map(|(start, pieces)| format!("{start}{}", pieces.concat()))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        #[test]
        fn parsing_the_authority_alone_gives_the_whole_parse(url in url_like()) {
            proptest::prop_assert_eq!(robots_txt_url(&url), whole_parse(&url));
            proptest::prop_assert_eq!(
                is_robots_txt_url(&url),
                Url::parse(&url).is_ok_and(|u| is_robots_txt(&u))
            );
        }
    }

    #[test]
    fn long_paths_queries_and_fragments_are_not_parsed() {
        let long = "x".repeat(4 * MAX_PARSED_URL_LEN);
        for (page, robots) in [
            (format!("https://a.com/{long}"), "https://a.com/robots.txt"),
            (
                format!("http://a.com:8080?{long}"),
                "http://a.com:8080/robots.txt",
            ),
            (format!("foo://a.com#{long}"), "foo://a.com/robots.txt"),
            (format!("HTTP:\\\\a.com\\{long}"), "http://a.com/robots.txt"),
        ] {
            assert_eq!(robots_txt_url(&page).unwrap().as_str(), robots);
            assert!(applies_to(robots, &page));
        }
        // WHATWG: a Windows drive letter first in a file: path drops the
        // host, so a file: URL's path is parsed, and a long one refused.
        assert_eq!(
            robots_txt_url("file://host/C:/x"),
            Err(UrlError::NoAuthority)
        );
        assert_eq!(
            robots_txt_url("file://host/x?y").unwrap().as_str(),
            "file://host/robots.txt"
        );
        assert_eq!(
            robots_txt_url(&format!("file://host/{long}")),
            Err(UrlError::TooLong)
        );
        assert!(is_robots_txt_url(&format!(
            "https://a.com/robots.txt#{long}"
        )));
        assert!(!is_robots_txt_url(&format!(
            "https://a.com/robots.txt?{long}"
        )));
        assert_eq!(
            robots_txt_url(&format!("mailto:{long}")),
            Err(UrlError::NoAuthority)
        );
    }

    #[test]
    fn an_authority_past_the_limit_is_refused() {
        let host = "h".repeat(MAX_PARSED_URL_LEN);
        assert_eq!(
            robots_txt_url(&format!("http://{host}/")),
            Err(UrlError::TooLong)
        );
        assert!(UrlError::TooLong.to_string().contains("65536"));
        let user = "u".repeat(MAX_PARSED_URL_LEN - "http://@a.com/".len());
        assert_eq!(
            robots_txt_url(&format!("http://{user}@a.com/x"))
                .unwrap()
                .as_str(),
            "http://a.com/robots.txt"
        );
    }

    #[test]
    fn errors_say_why() {
        assert_eq!(
            robots_txt_url("data:text/plain,hi"),
            Err(UrlError::NoAuthority)
        );
        assert!(matches!(
            robots_txt_url("/relative/path"),
            Err(UrlError::Invalid(_))
        ));
        assert!(UrlError::NoAuthority.to_string().contains("authority"));
    }
}
