//! What a line is read as, what can be wrong with it, how much that
//! matters, and the explanation a reader gets.

use crate::crawler::MAX_ROBOTS_TXT_BYTES;
use crate::preferences::{ExtensionKey, KNOWN_POLICY_TOKENS};
use crate::reporting::RobotsTagName;

/// What a line is read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// A `user-agent` line.
    UserAgent,
    /// An `allow` line.
    Allow,
    /// A `disallow` line.
    Disallow,
    /// A `sitemap` line.
    Sitemap,
    /// A key Google recognises and ignores, one of
    /// [`crate::UNSUPPORTED_TAGS`] (Google's `kUnused`).
    Unsupported,
    /// A key nobody knows; ignored.
    Unknown,
    /// A `Content-Signal` line: a key Google recognises and does not use
    /// (one of [`crate::UNSUPPORTED_TAGS`]), read here beside the verdicts
    /// (see [`crate::preferences`]).
    ContentSignal,
    /// A `Content-Usage` line: a key Google recognises and does not use,
    /// read here beside the verdicts.
    ContentUsage,
    /// A `Request-rate` line: a key Google recognises and does not use.
    RequestRate,
    /// A `License` line (RSL 1.0): a key Google does not know, read here as
    /// the URL of the site's licence terms, for the whole file.
    License,
    /// An `LLM-Policy` line: a key Google does not know, read here as a
    /// policy document for AI crawlers, for the whole file.
    LlmPolicy,
    /// Only a comment.
    Comment,
    /// Nothing, or only whitespace.
    Empty,
    /// Content that is not a key-value pair; ignored.
    Malformed,
}

impl LineKind {
    /// The stable name used in text and JSON output, e.g. `"user-agent"`.
    pub fn as_str(self) -> &'static str {
        match self {
            LineKind::UserAgent => "user-agent",
            LineKind::Allow => "allow",
            LineKind::Disallow => "disallow",
            LineKind::Sitemap => "sitemap",
            LineKind::Unsupported => "unsupported",
            LineKind::Unknown => "unknown",
            LineKind::ContentSignal => "content-signal",
            LineKind::ContentUsage => "content-usage",
            LineKind::RequestRate => "request-rate",
            LineKind::License => "license",
            LineKind::LlmPolicy => "llm-policy",
            LineKind::Comment => "comment",
            LineKind::Empty => "empty",
            LineKind::Malformed => "malformed",
        }
    }

    /// Whether Google counts the line as a valid directive.
    pub fn is_directive(self) -> bool {
        matches!(
            self,
            LineKind::UserAgent | LineKind::Allow | LineKind::Disallow | LineKind::Sitemap
        )
    }

    /// What Google's `RobotsParsingReporter` reports for a line of this
    /// kind: the lint's kinds refine Google's, never contradict them (the
    /// extension lines it reads are `kUnused` when Google's
    /// `kUnsupportedTags` lists their key, `kUnknown` otherwise).
    pub fn google_tag(self) -> RobotsTagName {
        match self {
            LineKind::UserAgent => RobotsTagName::UserAgent,
            LineKind::Allow => RobotsTagName::Allow,
            LineKind::Disallow => RobotsTagName::Disallow,
            LineKind::Sitemap => RobotsTagName::Sitemap,
            LineKind::Unsupported
            | LineKind::ContentSignal
            | LineKind::ContentUsage
            | LineKind::RequestRate => RobotsTagName::Unused,
            LineKind::Unknown
            | LineKind::License
            | LineKind::LlmPolicy
            | LineKind::Comment
            | LineKind::Empty
            | LineKind::Malformed => RobotsTagName::Unknown,
        }
    }
}

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Google reads the line as meant, but it is unusual or other parsers may
    /// read it differently.
    Note,
    /// Google ignores something the author probably meant, or the line can
    /// never have an effect.
    Warning,
    /// What the author wrote as a rule or sitemap is never used by Google:
    /// crawlers behave differently from what the file says.
    Error,
}

impl Severity {
    /// `"note"`, `"warning"` or `"error"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// What a finding is about. Byte strings are as written in the file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Code {
    /// The key is a misspelling Google accepts (`disalow`, `useragent`,
    /// `site-map`, ...). Note.
    AcceptedTypo {
        /// The key as written.
        key: Vec<u8>,
    },
    /// Key and value are separated by whitespace instead of a colon; Google
    /// accepts it. Note.
    MissingColon,
    /// The line is longer than [`crate::MAX_LINE_LEN`] bytes; Google ignores
    /// the rest. Warning.
    LineTooLong {
        /// The length of the line in bytes.
        len: usize,
    },
    /// A key Google recognises but does not use (`crawl-delay`, `host`,
    /// `noindex`, ...). Note.
    UnsupportedKey {
        /// The key as written.
        key: Vec<u8>,
    },
    /// A key Google does not know; the line is ignored. Warning.
    UnknownKey {
        /// The key as written.
        key: Vec<u8>,
    },
    /// Content that is neither a comment nor a key-value pair (no colon and
    /// not exactly two words, or nothing before the colon); ignored. Warning.
    MalformedLine,
    /// An `allow` or `disallow` before the first `user-agent` line: no
    /// crawler uses it. Error.
    RuleOutsideGroup,
    /// A `user-agent` value that is not `*` and does not start with a
    /// crawler name, so it names no crawler. Warning.
    InvalidUserAgent,
    /// A `user-agent` value of which only a leading crawler name is compared
    /// (`Googlebot/2.1` and `Googlebot News` both name `Googlebot`). Note.
    PartialUserAgent {
        /// The part that is compared.
        matched: Vec<u8>,
    },
    /// The same rule (kind and normalised pattern) appears earlier in the
    /// same group; this one never decides. Warning.
    DuplicateRule {
        /// The line of the earlier rule.
        first_line: u32,
    },
    /// An `allow` with the same normalised pattern is in the same group and
    /// wins every tie; this `disallow` never decides. Warning.
    OverriddenDisallow {
        /// The line of the `allow`.
        allow_line: u32,
    },
    /// Another rule of the same group matches every URL this one matches
    /// (the patterns differ only by trailing `*`) and always wins (longer,
    /// or as long and an `allow`); this one never decides. Warning.
    ShadowedRule {
        /// The line of the rule that wins.
        by_line: u32,
    },
    /// The pattern starts with neither `/` nor `*` (`Disallow: page.html`),
    /// so it matches no URL: every path starts with `/`. Error.
    RuleNeverMatches,
    /// An empty `allow` or `disallow` value: it matches with length 0 and
    /// Google ignores it; an empty `disallow` alone allows everything. Note.
    EmptyRule,
    /// No `user-agent` line of this group names a crawler: its rules are
    /// never used. Reported on the group's first line. Error.
    UnreachableGroup {
        /// The number of rules in the group.
        rules: u32,
    },
    /// The last group has no rules: a crawler named only there may fetch
    /// everything and ignores the `*` group. Reported on the group's first
    /// line. Warning.
    EmptyGroup,
    /// A sitemap that is not an absolute URL (`Sitemap: /sitemap.xml`);
    /// Google needs a fully-qualified URL and ignores it. Error.
    RelativeSitemap,
    /// A sitemap value that is not a valid `http` or `https` URL; ignored.
    /// Error.
    InvalidSitemap,
    /// The file is larger than the [`MAX_ROBOTS_TXT_BYTES`] (500 KiB) Google
    /// reads; reported once, on the first line not wholly within the limit.
    /// Error.
    FileTooLarge {
        /// The size of the file in bytes.
        size: usize,
        /// Whether the line itself starts before the limit (and is read only
        /// up to it).
        cut_inside: bool,
    },
    /// The file starts with a UTF-8 byte order mark; Google skips it. Note.
    ByteOrderMark,
    /// The file is an HTML page: its first line that is not blank starts
    /// with `<!DOCTYPE html` or `<html` (ignoring case, after a byte order
    /// mark and whitespace). A server that answers `/robots.txt` with a page
    /// (an error page sent with status 200, a login page) serves no rules:
    /// Google reads the markup as robots.txt lines, ignores them, and finds
    /// few rules or none. Reported on that line. Error.
    LooksLikeHtml,
    /// The file has no bytes, or nothing but whitespace (and a byte order
    /// mark): no rule, so every crawler may fetch every URL, which is also
    /// what a missing robots.txt means. Reported on line 1. Note.
    EmptyFile,
    /// The line has bytes that are not UTF-8; Google's documentation says
    /// such characters may be ignored, which can make rules invalid. Warning.
    NonUtf8,
    /// A `Content-Signal`, `Content-Usage` or `Request-rate` line before the
    /// first `user-agent` line: it applies to no crawler. Error.
    ExtensionOutsideGroup {
        /// The key.
        key: ExtensionKey,
    },
    /// A `Content-Signal` or `Content-Usage` line with no statement (empty,
    /// or only a path): it states nothing. Warning.
    PreferenceEmpty,
    /// A `Content-Signal` or `Content-Usage` line states a "yes" in a group
    /// whose rules disallow every path (`Disallow: /` and no `allow`): no
    /// preference applies to what may not be fetched
    /// (draft-ietf-aipref-attach-05 §3.1). Warning.
    PreferenceNeverApplies {
        /// The line of the `disallow`.
        disallow_line: u32,
    },
    /// A `user-agent` line after `Content-Signal`, `Content-Usage` or
    /// `Request-rate` lines, with no `allow` or `disallow` between: Google
    /// starts no new group there, so those lines (and the rules that follow)
    /// apply to both sets of agents. Warning.
    GroupContinuesAfterExtension {
        /// The first line of the group it joins.
        group_line: u32,
    },
    /// `Content-Signal`: an item without `=`, or an empty item. Warning.
    SignalSyntax {
        /// The item as written (empty for an empty item).
        item: Vec<u8>,
    },
    /// `Content-Signal`: a name other than `search`, `ai-input`, `ai-train`
    /// and `use`; ignored. Warning.
    SignalUnknownName {
        /// The name as written.
        name: Vec<u8>,
    },
    /// `Content-Signal`: a value other than `yes` or `no`; ignored. Warning.
    SignalBadValue {
        /// The signal's name.
        name: Vec<u8>,
        /// The value as written.
        value: Vec<u8>,
    },
    /// `Content-Signal`: a signal given both `yes` and `no` in one line;
    /// `no` is read. Warning.
    SignalContradicts {
        /// The signal's name.
        name: Vec<u8>,
    },
    /// `Content-Signal` with a path, which the Content Signals Policy does
    /// not show; read as `Content-Usage` reads one. Note.
    SignalPath,
    /// `Content-Usage`: the statement is not an RFC 9651 Dictionary, so it
    /// states nothing (draft-ietf-aipref-vocab-08 §6.5.1). Warning.
    UsageSyntax {
        /// The byte offset in the statement.
        at: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// `Content-Usage`: a label the vocabulary does not define; ignored, as
    /// the vocabulary requires. Note.
    UsageUnknownLabel {
        /// The label.
        label: Vec<u8>,
    },
    /// `Content-Usage`: a known label whose value is not the Token `y` or
    /// `n`, so its preference is unknown. Warning.
    UsageBadValue {
        /// The label.
        label: Vec<u8>,
    },
    /// `Request-rate`: not `REQUESTS/PERIOD[s|m|h] [HHMM-HHMM]`; ignored.
    /// Warning.
    RequestRateMalformed {
        /// What is wrong.
        reason: &'static str,
    },
    /// `License`: not an absolute URL, which RSL 1.0 requires; ignored.
    /// Warning.
    LicenseNotAbsolute,
    /// A `user-agent` value starting with `__`, which
    /// draft-kelley-rep-namespaces-00 reserves for namespaced labels, that
    /// is not a policy token this library knows
    /// ([`crate::preferences::KNOWN_POLICY_TOKENS`]). Google's matcher
    /// reads its group as any other. Note.
    UnknownPolicyToken {
        /// The token (its matchable part).
        token: Vec<u8>,
    },
}

impl Code {
    /// The stable name of the finding, e.g. `"duplicate-rule"`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Code::AcceptedTypo { .. } => "accepted-typo",
            Code::MissingColon => "missing-colon",
            Code::LineTooLong { .. } => "line-too-long",
            Code::UnsupportedKey { .. } => "unsupported-key",
            Code::UnknownKey { .. } => "unknown-key",
            Code::MalformedLine => "malformed-line",
            Code::RuleOutsideGroup => "rule-outside-group",
            Code::InvalidUserAgent => "invalid-user-agent",
            Code::PartialUserAgent { .. } => "partial-user-agent",
            Code::DuplicateRule { .. } => "duplicate-rule",
            Code::OverriddenDisallow { .. } => "overridden-disallow",
            Code::ShadowedRule { .. } => "shadowed-rule",
            Code::RuleNeverMatches => "rule-never-matches",
            Code::EmptyRule => "empty-rule",
            Code::UnreachableGroup { .. } => "unreachable-group",
            Code::EmptyGroup => "empty-group",
            Code::RelativeSitemap => "relative-sitemap",
            Code::InvalidSitemap => "invalid-sitemap",
            Code::FileTooLarge { .. } => "file-too-large",
            Code::ByteOrderMark => "byte-order-mark",
            Code::LooksLikeHtml => "looks-like-html",
            Code::EmptyFile => "empty-file",
            Code::NonUtf8 => "non-utf8",
            Code::ExtensionOutsideGroup { .. } => "extension-outside-group",
            Code::PreferenceEmpty => "preference-empty",
            Code::PreferenceNeverApplies { .. } => "preference-never-applies",
            Code::GroupContinuesAfterExtension { .. } => "group-continues-after-extension",
            Code::SignalSyntax { .. } => "content-signal-syntax",
            Code::SignalUnknownName { .. } => "content-signal-unknown-name",
            Code::SignalBadValue { .. } => "content-signal-bad-value",
            Code::SignalContradicts { .. } => "content-signal-contradicts",
            Code::SignalPath => "content-signal-path",
            Code::UsageSyntax { .. } => "content-usage-syntax",
            Code::UsageUnknownLabel { .. } => "content-usage-unknown-label",
            Code::UsageBadValue { .. } => "content-usage-bad-value",
            Code::RequestRateMalformed { .. } => "request-rate-malformed",
            Code::LicenseNotAbsolute => "license-not-absolute",
            Code::UnknownPolicyToken { .. } => "unknown-policy-token",
        }
    }

    /// How much the finding matters.
    pub fn severity(&self) -> Severity {
        match self {
            Code::AcceptedTypo { .. }
            | Code::MissingColon
            | Code::UnsupportedKey { .. }
            | Code::PartialUserAgent { .. }
            | Code::EmptyRule
            | Code::ByteOrderMark
            | Code::EmptyFile
            | Code::SignalPath
            | Code::UsageUnknownLabel { .. }
            | Code::UnknownPolicyToken { .. } => Severity::Note,
            Code::RuleOutsideGroup
            | Code::RuleNeverMatches
            | Code::UnreachableGroup { .. }
            | Code::RelativeSitemap
            | Code::InvalidSitemap
            | Code::FileTooLarge { .. }
            | Code::LooksLikeHtml
            | Code::ExtensionOutsideGroup { .. } => Severity::Error,
            Code::LineTooLong { .. }
            | Code::UnknownKey { .. }
            | Code::MalformedLine
            | Code::InvalidUserAgent
            | Code::DuplicateRule { .. }
            | Code::OverriddenDisallow { .. }
            | Code::ShadowedRule { .. }
            | Code::EmptyGroup
            | Code::NonUtf8
            | Code::PreferenceEmpty
            | Code::PreferenceNeverApplies { .. }
            | Code::GroupContinuesAfterExtension { .. }
            | Code::SignalSyntax { .. }
            | Code::SignalUnknownName { .. }
            | Code::SignalBadValue { .. }
            | Code::SignalContradicts { .. }
            | Code::UsageSyntax { .. }
            | Code::UsageBadValue { .. }
            | Code::RequestRateMalformed { .. }
            | Code::LicenseNotAbsolute => Severity::Warning,
        }
    }

    /// A one-line explanation in English.
    pub fn message(&self) -> String {
        let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        match self {
            Code::AcceptedTypo { key } => {
                format!("key \"{}\" is a misspelling that Google accepts", s(key))
            }
            Code::MissingColon => {
                "no colon after the key; Google accepts whitespace, other parsers may not".into()
            }
            Code::LineTooLong { len } => format!(
                "line is {len} bytes long; Google ignores everything after byte {}",
                crate::MAX_LINE_LEN
            ),
            Code::UnsupportedKey { key } => {
                format!(
                    "key \"{}\" is not supported by Google; line ignored",
                    s(key)
                )
            }
            Code::UnknownKey { key } => format!("unknown key \"{}\"; line ignored", s(key)),
            Code::MalformedLine => "not a \"key: value\" line; ignored".into(),
            Code::RuleOutsideGroup => "rule before any user-agent line; no crawler uses it".into(),
            Code::InvalidUserAgent => {
                "user-agent names no crawler: not \"*\" and not starting with a letter, '-' or '_'"
                    .into()
            }
            Code::PartialUserAgent { matched } => format!(
                "only \"{}\" of this user-agent is compared with crawler names",
                s(matched)
            ),
            Code::DuplicateRule { first_line } => {
                format!("unreachable: the same rule is on line {first_line} of this group")
            }
            Code::OverriddenDisallow { allow_line } => format!(
                "unreachable: the allow rule with the same pattern on line {allow_line} wins"
            ),
            Code::ShadowedRule { by_line } => format!(
                "unreachable: the rule on line {by_line} matches the same URLs and always wins"
            ),
            Code::RuleNeverMatches => {
                "pattern starts with neither '/' nor '*': it matches no URL (paths start with '/')"
                    .into()
            }
            Code::EmptyRule => {
                "empty pattern: the rule is ignored (an empty disallow allows everything)".into()
            }
            Code::UnreachableGroup { rules } => format!(
                "no user-agent of this group names a crawler; its {rules} rule(s) are never used"
            ),
            Code::EmptyGroup => {
                "group has no allow or disallow rules; a crawler named only here may fetch \
                 everything and ignores the \"*\" group"
                    .into()
            }
            Code::RelativeSitemap => {
                "sitemap is not an absolute URL; Google needs a full URL such as \
                 https://example.com/sitemap.xml"
                    .into()
            }
            Code::InvalidSitemap => "sitemap is not a valid http or https URL".into(),
            Code::FileTooLarge { size, cut_inside } => format!(
                "file is {size} bytes; Google reads only the first {MAX_ROBOTS_TXT_BYTES} \
                 (500 KiB): {} ignored",
                if *cut_inside {
                    "this line is cut there and every line after it is"
                } else {
                    "this line and every line after it are"
                }
            ),
            Code::ByteOrderMark => {
                "the file starts with a UTF-8 byte order mark; Google skips it".into()
            }
            Code::LooksLikeHtml => {
                "the file is an HTML page, not a robots.txt: Google reads the markup as \
                 robots.txt lines and ignores them, so few rules or none apply (a page served at \
                 /robots.txt, such as an error page sent with status 200?)"
                    .into()
            }
            Code::EmptyFile => {
                "the file is empty or only whitespace: no rule applies, so every crawler may \
                 fetch every URL"
                    .into()
            }
            Code::NonUtf8 => {
                "line has bytes that are not UTF-8; Google may ignore them, which can make \
                 rules invalid"
                    .into()
            }
            Code::ExtensionOutsideGroup { key } => format!(
                "{} before any user-agent line; it applies to no crawler",
                key.as_str()
            ),
            Code::PreferenceEmpty => "no statement of preference; the line states nothing".into(),
            Code::PreferenceNeverApplies { disallow_line } => format!(
                "states \"yes\", but the group disallows every path (line {disallow_line}): no \
                 preference applies to what may not be fetched"
            ),
            Code::GroupContinuesAfterExtension { group_line } => format!(
                "this user-agent joins the group of line {group_line}: Google starts a new group \
                 only after an allow or disallow line, so the Content-Signal, Content-Usage and \
                 Request-rate lines above apply to these agents too"
            ),
            Code::SignalSyntax { item } if item.is_empty() => {
                "empty item in the Content-Signal list".into()
            }
            Code::SignalSyntax { item } => {
                format!("\"{}\" is not a name=value item; ignored", s(item))
            }
            Code::SignalUnknownName { name } => format!(
                "unknown signal \"{}\" (the Content Signals Policy defines search, ai-input and \
                 ai-train, and Cloudflare adds use); ignored",
                s(name)
            ),
            Code::SignalBadValue { name, value } => format!(
                "value \"{}\" of {} is neither yes nor no; ignored",
                s(value),
                s(name)
            ),
            Code::SignalContradicts { name } => {
                format!("{} is both yes and no in this line; no is read", s(name))
            }
            Code::SignalPath => "the Content Signals Policy shows no path; it is read as \
                 Content-Usage reads one"
                .into(),
            Code::UsageSyntax { at, expected } => format!(
                "not an RFC 9651 dictionary (at byte {at} of the statement, expected \
                 {expected}); the line states no preference"
            ),
            Code::UsageUnknownLabel { label } => format!(
                "label \"{}\" is not in the vocabulary (train-ai, ai-use, search); ignored",
                s(label)
            ),
            Code::UsageBadValue { label } => format!(
                "the value of {} is not the token y or n; its preference is unknown",
                s(label)
            ),
            Code::RequestRateMalformed { reason } => {
                format!("Request-rate is {reason}; ignored")
            }
            Code::LicenseNotAbsolute => "License is not an absolute URL (RSL 1.0 requires the \
                 protocol and host, e.g. https://example.com/license.xml); ignored"
                .into(),
            Code::UnknownPolicyToken { token } => {
                let known: Vec<String> = KNOWN_POLICY_TOKENS
                    .iter()
                    .map(|(namespace, label)| format!("__{namespace}_{label}"))
                    .collect();
                format!(
                    "\"{}\" starts with \"__\", reserved for namespaced policy tokens \
                     (draft-kelley-rep-namespaces-00), and is not one this library knows \
                     ({}); Google's matcher reads its group as any other",
                    s(token),
                    known.join(", ")
                )
            }
        }
    }
}

/// One finding on one line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Finding {
    /// The line the finding is about, from 1.
    pub line: u32,
    /// What it is.
    pub code: Code,
}

impl Finding {
    /// Shorthand for `self.code.severity()`.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }
}
