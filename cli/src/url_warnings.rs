//! Warnings for URLs that Google's matcher reads otherwise than the user
//! likely means: an empty URL, a URL without a scheme (its first segment is
//! taken for a host), and one that is not percent-encoded (RFC 3986, which
//! Google's tool asks for: the matcher compares the URL's bytes as given,
//! while a crawler requests them encoded). Each warning names what to pass
//! instead. They go to standard error and change no verdict; Google's form
//! has none, as `robots_main` prints none.

use std::io::{self, Write};

use robotstxt_exact::get_path_params_query;
use robotstxt_exact::path::path_params_query_parts;

/// Warnings shown per kind; the rest are counted at the end, so that a
/// long list of such URLs does not bury the output.
const SHOWN_PER_KIND: usize = 5;

/// What can be wrong with a URL.
#[derive(Clone, Copy)]
enum Kind {
    Empty,
    NoScheme,
    NotEncoded,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Empty, Kind::NoScheme, Kind::NotEncoded];

    /// How the summary counts the URLs not shown.
    fn counted(self, n: usize) -> String {
        let (one, many) = match self {
            Kind::Empty => ("empty URL", "empty URLs"),
            Kind::NoScheme => ("URL without a scheme", "URLs without a scheme"),
            Kind::NotEncoded => ("URL not percent-encoded", "URLs not percent-encoded"),
        };
        format!("{n} more {}", if n == 1 { one } else { many })
    }
}

/// Warns about the URLs of one run.
#[derive(Default)]
pub struct UrlWarnings {
    /// Per kind: how many URLs had it.
    seen: [usize; 3],
}

impl UrlWarnings {
    pub fn new() -> Self {
        Self::default()
    }

    /// Warns on standard error if `url` is read otherwise than meant.
    pub fn check(&mut self, url: &[u8]) {
        for (kind, message) in problems(url) {
            let seen = &mut self.seen[kind as usize];
            *seen += 1;
            if *seen <= SHOWN_PER_KIND {
                let _ = writeln!(io::stderr().lock(), "warning: {message}");
            }
        }
    }

    /// Counts the warnings that were not shown.
    pub fn finish(&self) {
        let more: Vec<String> = Kind::ALL
            .iter()
            .filter_map(|&kind| {
                let n = self.seen[kind as usize].checked_sub(SHOWN_PER_KIND)?;
                (n > 0).then(|| kind.counted(n))
            })
            .collect();
        if !more.is_empty() {
            let _ = writeln!(
                io::stderr().lock(),
                "warning: {} (warnings not shown)",
                more.join(", ")
            );
        }
    }
}

/// What is wrong with `url`, each with its message.
fn problems(url: &[u8]) -> Vec<(Kind, String)> {
    if url.is_empty() {
        return vec![(
            Kind::Empty,
            "empty URL: Google's matcher checks it as the path \"/\"; pass \"/\" or a full URL \
             such as \"https://example.com/\""
                .to_owned(),
        )];
    }
    let mut found = Vec::new();
    if let Some(host) = schemeless_host(url) {
        let shown = show(url);
        found.push((
            Kind::NoScheme,
            format!(
                "URL \"{shown}\" has no scheme: Google's matcher takes \"{}\" for the host and \
                 checks the path \"{}\"; pass \"https://{shown}\" for a page of that host, or \
                 \"/{shown}\" for a path",
                show(host),
                show(&get_path_params_query(url)),
            ),
        ));
    }
    if let Some(encoded) = percent_encoded(url) {
        found.push((
            Kind::NotEncoded,
            format!(
                "URL \"{}\" is not percent-encoded (RFC 3986): Google's matcher compares its \
                 bytes as given, while a crawler requests them encoded; pass \"{}\"",
                show(url),
                show(&encoded),
            ),
        ));
    }
    found
}

/// Where `url` has no scheme and does not start with `/`, the part that
/// Google's `GetPathParamsQuery` takes for the host: everything before the
/// first `/`, `?` or `;` (a `://` only counts before them).
fn schemeless_host(url: &[u8]) -> Option<&[u8]> {
    if url.starts_with(b"/") {
        return None;
    }
    let early_path = url.iter().position(|b| matches!(b, b'/' | b'?' | b';'));
    let scheme_end = url.windows(3).position(|w| w == b"://");
    match (scheme_end, early_path) {
        (Some(scheme), Some(path)) if scheme < path => None,
        (Some(_), None) => None,
        (_, path) => {
            let host = &url[..path.unwrap_or(url.len())];
            // A fragment ends the host too.
            Some(host.split(|&b| b == b'#').next().unwrap_or(host))
        }
    }
}

/// `url` with the bytes that RFC 3986 does not allow percent-encoded in the
/// part Google's matcher reads (path, params and query); `None` if there
/// are none. The scheme, the host and the fragment are left as they are:
/// the matcher does not read them.
fn percent_encoded(url: &[u8]) -> Option<Vec<u8>> {
    // The matcher's part is a slice of the URL (with at most a `/` put in
    // front of it).
    let (_, part) = path_params_query_parts(url);
    let start = (part.as_ptr() as usize).checked_sub(url.as_ptr() as usize)?;
    let end = start + part.len();
    if part.is_empty() || !part.iter().any(|&b| needs_encoding(b)) {
        return None;
    }
    let mut out = url[..start].to_vec();
    for &b in part {
        if needs_encoding(b) {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        } else {
            out.push(b);
        }
    }
    out.extend_from_slice(&url[end..]);
    Some(out)
}

/// A byte RFC 3986 allows only percent-encoded: not unreserved, reserved
/// or `%`.
fn needs_encoding(b: u8) -> bool {
    !(b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=%".contains(&b))
}

/// The bytes as text for a message: invalid UTF-8 and control bytes as
/// `\xNN`.
fn show(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_control() {
                out.push_str(&format!("\\x{:02X}", c as u32));
            } else {
                out.push(c);
            }
        }
        for &b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}
