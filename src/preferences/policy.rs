//! Policy tokens and the `License` value.
//!
//! draft-kelley-aipref-training-preference-signal-00 binds a usage
//! preference to paths with an ordinary group whose `User-agent` line names
//! a per-purpose *policy token* instead of a crawler; the group's `Allow`
//! and `Disallow` lines say where the purpose is allowed, read exactly as a
//! crawler's group is read. draft-kelley-rep-namespaces-00 writes such a
//! label `__<namespace>_<label>` (reserving `__`); `__usage_ai-training` is
//! the form in circulation. Google's matcher needs nothing new for them: a
//! token made of `[A-Za-z_-]` is matched whole, as any product token.
//!
//! Both are individual drafts: the token's spelling and the known list
//! below follow their -00 versions, and change with them.

/// The policy tokens this library knows, as `(namespace, label)`: the
/// training preference of draft-kelley-aipref-training-preference-signal-00,
/// written as draft-kelley-rep-namespaces-00 writes it.
pub const KNOWN_POLICY_TOKENS: [(&str, &str); 1] = [("usage", "ai-training")];

/// A namespaced label of a `User-agent` line: `__<namespace>_<label>`
/// (draft-kelley-rep-namespaces-00).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PolicyToken<'a> {
    /// The token as written (its matchable part, `[A-Za-z_-]`, which is
    /// what Google's matcher compares).
    pub token: &'a [u8],
    /// The namespace, between `__` and the next `_` (e.g. `usage`).
    pub namespace: &'a [u8],
    /// The label after it (e.g. `ai-training`).
    pub label: &'a [u8],
}

impl<'a> PolicyToken<'a> {
    /// The policy token a `User-agent` value writes, if it writes one: the
    /// value's matchable part ([`crate::extract_user_agent`]) starts with
    /// `__`, and a non-empty namespace and a non-empty label follow,
    /// separated by `_`.
    pub fn parse(value: &'a [u8]) -> Option<PolicyToken<'a>> {
        let token = crate::extract_user_agent(value);
        let rest = token.strip_prefix(b"__")?;
        let split = rest.iter().position(|&b| b == b'_')?;
        let (namespace, label) = (&rest[..split], &rest[split + 1..]);
        (!namespace.is_empty() && !label.is_empty()).then_some(PolicyToken {
            token,
            namespace,
            label,
        })
    }

    /// Whether the token is one of [`KNOWN_POLICY_TOKENS`] (ignoring ASCII
    /// case, as Google compares agents).
    pub fn is_known(&self) -> bool {
        KNOWN_POLICY_TOKENS.iter().any(|(namespace, label)| {
            namespace.as_bytes().eq_ignore_ascii_case(self.namespace)
                && label.as_bytes().eq_ignore_ascii_case(self.label)
        })
    }
}

/// Whether a `License` value is what RSL 1.0 requires: "a fully qualified
/// URL, including the protocol and host" (rslstandard.org, "Adding RSL to
/// robots.txt").
pub fn is_absolute_url(value: &[u8]) -> bool {
    std::str::from_utf8(value)
        .ok()
        .and_then(|text| url::Url::parse(text).ok())
        .is_some_and(|url| url.has_host())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namespaced_labels() {
        // draft-kelley-rep-namespaces-00, abstract: "labels qualified by a
        // namespace are written __<namespace>_<label>".
        let t = PolicyToken::parse(b"__usage_ai-training").unwrap();
        assert_eq!((t.namespace, t.label), (&b"usage"[..], &b"ai-training"[..]));
        assert!(t.is_known());
        assert!(
            PolicyToken::parse(b"__USAGE_AI-Training")
                .unwrap()
                .is_known()
        );
        let other = PolicyToken::parse(b"__usage_ai-input").unwrap();
        assert!(!other.is_known());
        // Only the matchable part counts, as in Google's matcher.
        let t = PolicyToken::parse(b"__usage_ai-training/1.0").unwrap();
        assert_eq!(t.token, b"__usage_ai-training");
        for not_one in [
            &b"GPTBot"[..],
            b"_usage_x",
            b"__usage",
            b"___x",
            b"__usage_",
            b"*",
        ] {
            assert_eq!(PolicyToken::parse(not_one), None, "{not_one:?}");
        }
    }

    #[test]
    fn license_urls() {
        // RSL's example: "License: https://your-website.com/license.xml".
        assert!(is_absolute_url(b"https://your-website.com/license.xml"));
        assert!(is_absolute_url(b"http://example.org/rsl/feed.xml"));
        assert!(!is_absolute_url(b"/license.xml"));
        assert!(!is_absolute_url(b"license.xml"));
        assert!(!is_absolute_url(b"mailto:licensing@example.com"));
        assert!(!is_absolute_url(b""));
    }
}
