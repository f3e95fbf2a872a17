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
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::Invalid(e) => write!(f, "not a valid absolute URL: {e}"),
            UrlError::NoAuthority => {
                f.write_str("the URL has no authority (host), so no robots.txt")
            }
        }
    }
}

impl std::error::Error for UrlError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            UrlError::Invalid(e) => Some(e),
            UrlError::NoAuthority => None,
        }
    }
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
/// ```
/// use robotstxt_exact::crawler::robots_txt_url;
/// assert_eq!(robots_txt_url("HTTP://www.Exämple.com:80/a?b#c").unwrap().as_str(),
///            "http://www.xn--exmple-cua.com/robots.txt");
/// assert!(robots_txt_url("mailto:someone@example.com").is_err());
/// ```
pub fn robots_txt_url(page_url: &str) -> Result<Url, UrlError> {
    let url = Url::parse(page_url).map_err(UrlError::Invalid)?;
    robots_txt_url_of(&url)
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
///
/// ```
/// use robotstxt_exact::crawler::is_robots_txt_url;
/// assert!(is_robots_txt_url("https://example.com/robots.txt"));
/// assert!(!is_robots_txt_url("https://example.com/folder/robots.txt"));
/// ```
pub fn is_robots_txt_url(url: &str) -> bool {
    Url::parse(url).is_ok_and(|u| is_robots_txt(&u))
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
/// scheme's default port equals no port. Anything unparsable gives `false`.
///
/// ```
/// use robotstxt_exact::crawler::applies_to;
/// assert!(applies_to("https://example.com/robots.txt", "https://example.com:443/folder/file"));
/// assert!(!applies_to("https://example.com/robots.txt", "https://other.example.com/"));
/// ```
pub fn applies_to(robots_url: &str, page_url: &str) -> bool {
    let Ok(robots) = Url::parse(robots_url) else {
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
