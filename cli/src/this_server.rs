//! Which addresses reach the server a fetch is made for, so that
//! `robots --serve` never fetches from itself: a site whose robots.txt
//! redirects to the server's own `/api/fetch` would otherwise start a
//! fetch of the site again, and so on for as long as the site lets it.
//!
//! The check is made where the HTTP client turns a host into addresses
//! (`AvoidingResolver`, for every request, redirects included, on the
//! addresses actually connected to: a name that resolves elsewhere at the
//! first look and here at the second cannot slip through), and on the URL
//! itself (`named_by`) for a fetch through a proxy, which resolves names
//! itself.

use std::fmt;
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};

use ureq::config::Config;
use ureq::http::Uri;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::NextTimeout;

/// The error a resolver gives for an address of this server.
#[derive(Debug)]
pub struct ThisServer(SocketAddr);

impl fmt::Display for ThisServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is this server itself", self.0)
    }
}

impl std::error::Error for ThisServer {}

impl ThisServer {
    /// The address refused, when `error` is the refusal.
    pub fn in_error(error: &ureq::Error) -> Option<SocketAddr> {
        let ureq::Error::Io(e) = error else {
            return None;
        };
        e.get_ref()?.downcast_ref::<ThisServer>().map(|t| t.0)
    }
}

/// The system's resolver, refusing a host any of whose addresses reach
/// `avoid`.
#[derive(Debug)]
pub struct AvoidingResolver {
    avoid: Option<SocketAddr>,
    system: DefaultResolver,
}

impl AvoidingResolver {
    /// A resolver that refuses addresses reaching `avoid`, when given.
    pub fn new(avoid: Option<SocketAddr>) -> AvoidingResolver {
        AvoidingResolver {
            avoid,
            system: DefaultResolver::default(),
        }
    }
}

impl Resolver for AvoidingResolver {
    fn resolve(
        &self,
        uri: &Uri,
        config: &Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let addrs = self.system.resolve(uri, config, timeout)?;
        if let Some(this) = self.avoid {
            if let Some(to) = addrs.iter().find(|to| reaches(**to, this)) {
                let refusal = io::Error::new(io::ErrorKind::PermissionDenied, ThisServer(*to));
                return Err(ureq::Error::Io(refusal));
            }
        }
        Ok(addrs)
    }
}

/// The address of `url` when it names one (an IP address, or `localhost`)
/// that reaches `this`.
pub fn named_by(url: &url::Url, this: SocketAddr) -> Option<SocketAddr> {
    let port = url.port_or_known_default()?;
    let ips: Vec<IpAddr> = match url.host()? {
        url::Host::Ipv4(ip) => vec![ip.into()],
        url::Host::Ipv6(ip) => vec![ip.into()],
        url::Host::Domain(name) if is_localhost(name) => {
            vec![Ipv4Addr::LOCALHOST.into(), Ipv6Addr::LOCALHOST.into()]
        }
        url::Host::Domain(_) => return None,
    };
    ips.into_iter()
        .map(|ip| SocketAddr::new(ip, port))
        .find(|to| reaches(*to, this))
}

/// `localhost` and its subdomains, which resolvers answer with loopback
/// addresses (RFC 6761, 6.3), with or without the final dot.
fn is_localhost(name: &str) -> bool {
    let name = name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost")
}

/// Whether a connection to `to` arrives at a socket listening on `this`:
/// the same port, and the same address, or any address of this machine
/// when `this` listens on all of them. Connecting to `0.0.0.0` or `::`
/// reaches the machine itself; an IPv4 address may come mapped into IPv6.
pub fn reaches(to: SocketAddr, this: SocketAddr) -> bool {
    if to.port() != this.port() {
        return false;
    }
    let to_ip = local_form(to.ip());
    let this_ip = this.ip().to_canonical();
    if this_ip.is_unspecified() {
        return is_of_this_machine(to_ip);
    }
    to_ip == local_form(this_ip)
}

/// `ip` as the address a connection to it arrives at.
fn local_form(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V4(v4) if v4.is_unspecified() => Ipv4Addr::LOCALHOST.into(),
        IpAddr::V6(v6) if v6.is_unspecified() => Ipv6Addr::LOCALHOST.into(),
        other => other,
    }
}

/// Whether `ip` is an address of this machine: only an address of one of
/// its interfaces (or a loopback one) can be bound.
fn is_of_this_machine(ip: IpAddr) -> bool {
    ip.is_loopback() || UdpSocket::bind(SocketAddr::new(ip, 0)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(text: &str) -> SocketAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_loopback_server_is_reached_by_its_address_and_port_only() {
        let this = addr("127.0.0.1:9309");
        for to in ["127.0.0.1:9309", "0.0.0.0:9309", "[::ffff:127.0.0.1]:9309"] {
            assert!(reaches(addr(to), this), "{to}");
        }
        for to in [
            "127.0.0.1:9310",
            "127.0.0.2:9309",
            "[::1]:9309",
            "192.0.2.1:9309",
        ] {
            assert!(!reaches(addr(to), this), "{to}");
        }
        assert!(reaches(addr("[::]:80"), addr("[::1]:80")));
    }

    #[test]
    fn a_server_on_every_address_is_reached_by_any_of_this_machine() {
        let this = addr("0.0.0.0:9309");
        for to in [
            "127.0.0.1:9309",
            "127.0.0.2:9309",
            "0.0.0.0:9309",
            "[::1]:9309",
        ] {
            assert!(reaches(addr(to), this), "{to}");
        }
        // TEST-NET-1 (RFC 5737) is no machine's address.
        assert!(!reaches(addr("192.0.2.1:9309"), this));
        assert!(!reaches(addr("127.0.0.1:80"), this));
    }

    #[test]
    fn urls_naming_this_server_by_address_or_localhost() {
        let this = addr("127.0.0.1:8080");
        let named = |u: &str| named_by(&url::Url::parse(u).unwrap(), this);
        assert_eq!(named("http://127.0.0.1:8080/robots.txt"), Some(this));
        assert_eq!(named("http://LOCALHOST:8080/"), Some(this));
        assert_eq!(named("http://a.localhost.:8080/"), Some(this));
        assert_eq!(named("http://0.0.0.0:8080/"), Some(addr("0.0.0.0:8080")));
        assert_eq!(named("http://127.0.0.1:8081/"), None);
        assert_eq!(named("http://127.0.0.1/"), None);
        assert_eq!(named("https://127.0.0.1:8080/"), Some(this));
        assert_eq!(named("http://example.com:8080/"), None);
        assert_eq!(named("http://localhost.example:8080/"), None);
        let this80 = addr("127.0.0.1:80");
        assert_eq!(
            named_by(&url::Url::parse("http://localhost/").unwrap(), this80),
            Some(this80)
        );
    }
}
