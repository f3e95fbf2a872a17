//! Which requests are answered at all, and which may start a fetch.
//!
//! - While the server listens on a loopback address, it answers only
//!   requests addressed to a loopback name (`Host:`), so that a web page
//!   elsewhere cannot reach it by DNS rebinding (a name of the attacker's
//!   that resolves to 127.0.0.1).
//! - A fetch must come from the page: a browser says where a request comes
//!   from (`Sec-Fetch-Site`, and `Origin` on cross-origin ones), and the
//!   page sends [`PAGE_HEADER`], a field that a cross-site `<img>`, link or
//!   form cannot send and a cross-site script can send only after a CORS
//!   preflight, which this server never allows (it answers `OPTIONS` 405).
//!   A browser old enough to send neither `Origin` nor `Sec-Fetch-Site` is
//!   stopped by the field alone, and so is this server's own fetch (a
//!   redirect to `/api/fetch` carries no field of the page's).

use super::reply::Reply;
use super::request::Request;

/// The header field the page sends with every `/api/fetch` request, and
/// its value: `X-Robots-Tester: 1`.
pub const PAGE_HEADER: (&str, &str) = ("x-robots-tester", "1");

/// Whether `host` (a `Host:` value) names this server by a loopback name.
pub fn is_loopback_host(host: &str, port: u16) -> bool {
    let Some((name, host_port)) = host.rsplit_once(':') else {
        return false;
    };
    host_port.parse::<u16>() == Ok(port)
        && matches!(
            name.to_ascii_lowercase().as_str(),
            "127.0.0.1" | "localhost" | "[::1]"
        )
}

/// The refusal of a request that does not name this server by a loopback
/// name.
pub fn not_loopback(request: &Request, port: u16) -> Option<Reply> {
    let host = request.header("host").unwrap_or("");
    if is_loopback_host(host, port) {
        return None;
    }
    Some(Reply::text(
        403,
        "this server answers requests for 127.0.0.1, localhost or [::1] only\n",
    ))
}

/// The refusal of a fetch that the page did not ask for: another site's
/// page, or anything without the page's field.
pub fn not_from_the_page(request: &Request) -> Option<Reply> {
    let site = request.header("sec-fetch-site");
    let foreign_origin = request.header("origin").is_some_and(|origin| {
        let host = request.header("host").unwrap_or("");
        !origin.eq_ignore_ascii_case(&format!("http://{host}"))
    });
    if matches!(site, Some("cross-site" | "same-site")) || foreign_origin {
        return Some(Reply::json_error(
            403,
            "fetches are for the tester page of this server only",
        ));
    }
    let (name, value) = PAGE_HEADER;
    if request.count(name) != 1 || request.header(name) != Some(value) {
        return Some(Reply::json_error(
            403,
            "fetches are for the tester page of this server only: it sends \
             X-Robots-Tester: 1 with each",
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::request::parse_head;

    fn request(fields: &str) -> Request {
        let head = format!("GET /api/fetch HTTP/1.1\r\nHost: 127.0.0.1:9309\r\n{fields}\r\n");
        parse_head(head.as_bytes()).unwrap().unwrap().1
    }

    #[test]
    fn loopback_hosts_are_the_loopback_names_with_this_port() {
        for host in [
            "127.0.0.1:9309",
            "localhost:9309",
            "LOCALHOST:9309",
            "[::1]:9309",
        ] {
            assert!(is_loopback_host(host, 9309), "{host}");
        }
        for host in [
            "127.0.0.1:9310",
            "127.0.0.1",
            "evil.example:9309",
            "127.0.0.1.evil.example:9309",
            "",
            "localhost:",
        ] {
            assert!(!is_loopback_host(host, 9309), "{host}");
        }
    }

    #[test]
    fn a_fetch_needs_the_page_field_and_no_sign_of_another_site() {
        let ok = "X-Robots-Tester: 1\r\n";
        assert!(not_from_the_page(&request(ok)).is_none());
        let same = "X-Robots-Tester: 1\r\nSec-Fetch-Site: same-origin\r\nOrigin: http://127.0.0.1:9309\r\n";
        assert!(not_from_the_page(&request(same)).is_none());
        for fields in [
            "",
            "X-Robots-Tester: 0\r\n",
            "X-Robots-Tester: 1\r\nX-Robots-Tester: 1\r\n",
            "Sec-Fetch-Site: same-origin\r\n",
            "X-Robots-Tester: 1\r\nSec-Fetch-Site: cross-site\r\n",
            "X-Robots-Tester: 1\r\nSec-Fetch-Site: same-site\r\n",
            "X-Robots-Tester: 1\r\nOrigin: https://evil.example\r\n",
        ] {
            let refusal = not_from_the_page(&request(fields)).map(|r| r.status);
            assert_eq!(refusal, Some(403), "{fields:?}");
        }
    }
}
