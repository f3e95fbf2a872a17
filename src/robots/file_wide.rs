//! What a robots.txt says beside its groups' rules, for the whole file or
//! for a purpose rather than a crawler: the `License` (RSL 1.0) and
//! `LLM-Policy` values, and the groups of policy tokens
//! (draft-kelley-aipref-training-preference-signal-00). Extensions: read
//! beside the verdicts, never changing one.

use std::collections::TryReserveError;

use crate::decide::extract_user_agent;
use crate::preferences::PolicyToken;
use crate::robots::alloc::try_push;
use crate::robots::api::Robots;
use crate::robots::claim::Answer;

/// A file-wide value (`License`, `LLM-Policy`) and its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileValue<'a> {
    /// The value, percent-escape normalised as Google's parser reports it.
    pub value: &'a [u8],
    /// The line number.
    pub line: u32,
}

/// A policy token named by `user-agent` lines of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PolicyGroup<'a> {
    /// The token as first written (its matchable part), with its namespace
    /// and label.
    pub token: PolicyToken<'a>,
    /// The first `user-agent` line naming it.
    pub line: u32,
}

impl Robots {
    fn file_values(&self, license: bool) -> impl Iterator<Item = FileValue<'_>> + '_ {
        let parsed = self.parsed();
        parsed
            .file_values()
            .filter(move |v| v.is_license == license)
            .map(move |v| FileValue {
                value: parsed.bytes(v.value),
                line: v.line,
            })
    }

    /// The `License` values (RSL 1.0: the URL of the site's licence terms),
    /// in file order. A `License` line is for the whole file wherever it
    /// stands ("not tied to any specific user agent"); only values that are
    /// absolute URLs (scheme and host) are listed, as RSL requires one.
    pub fn licenses(&self) -> impl Iterator<Item = FileValue<'_>> + '_ {
        self.file_values(true)
    }

    /// The `LLM-Policy` values (a policy document for AI crawlers, such as
    /// `/llms.txt`), in file order, for the whole file wherever they stand,
    /// as crawler-commons reads them.
    pub fn llm_policies(&self) -> impl Iterator<Item = FileValue<'_>> + '_ {
        self.file_values(false)
    }

    /// The policy tokens (`__<namespace>_<label>`,
    /// draft-kelley-rep-namespaces-00) that `user-agent` lines of the file
    /// name, each once (compared ignoring ASCII case, as Google compares
    /// agents), in the order of their first line. Ask what each says for a
    /// URL with [`Robots::policy`].
    pub fn policy_tokens(&self) -> Result<Vec<PolicyGroup<'_>>, TryReserveError> {
        let parsed = self.parsed();
        let mut found = Vec::new();
        for (name, groups) in parsed.names() {
            if !name.starts_with(b"__") {
                continue;
            }
            let Some(group) = groups.first().and_then(|&g| self.group(g as usize)) else {
                continue;
            };
            let written = group
                .agents()
                .find(|(value, _)| extract_user_agent(value).eq_ignore_ascii_case(name));
            if let Some((value, line)) = written {
                if let Some(token) = PolicyToken::parse(value) {
                    try_push(&mut found, PolicyGroup { token, line })?;
                }
            }
        }
        found.sort_unstable_by_key(|p| p.line);
        Ok(found)
    }

    /// What the groups naming the policy token `token` say for `url`, read
    /// as Google reads any group (draft-kelley-aipref-training-preference-
    /// signal-00: "no new directive names and no new grammar"): allowed
    /// means the purpose is allowed there. `None` when no group names the
    /// token (a policy token never falls back to the `*` groups: they speak
    /// to crawlers). An error when memory runs out, as for
    /// [`Robots::try_check`].
    pub fn policy(
        &self,
        token: impl AsRef<[u8]>,
        url: impl AsRef<[u8]>,
    ) -> Result<Option<Answer>, TryReserveError> {
        let token = token.as_ref();
        if self.parsed().groups_naming(token).is_empty() {
            return Ok(None);
        }
        self.try_check(&[token], url).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_values_and_policy_tokens() {
        let robots = Robots::parse(
            "License: /relative.xml\nUser-agent: *\nAllow: /\nLLM-Policy: /llms.txt\n\n\
             User-agent: __usage_ai-training\nUser-agent: __USAGE_AI-TRAINING\nDisallow: /private/\n\
             License: https://example.com/license.xml\n",
        );
        let values = |it: &mut dyn Iterator<Item = FileValue<'_>>| {
            it.map(|v| (String::from_utf8_lossy(v.value).into_owned(), v.line))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            values(&mut robots.licenses()),
            [("https://example.com/license.xml".to_owned(), 9)]
        );
        assert_eq!(
            values(&mut robots.llm_policies()),
            [("/llms.txt".to_owned(), 4)]
        );
        let tokens = robots.policy_tokens().unwrap();
        assert_eq!(tokens.len(), 1);
        assert_eq!(
            (tokens[0].token.token, tokens[0].line),
            (&b"__usage_ai-training"[..], 6)
        );
        let at = |url: &str| {
            robots
                .policy("__usage_ai-training", url)
                .unwrap()
                .map(|a| (a.allowed, a.matching_line))
        };
        assert_eq!(at("https://example.com/private/x"), Some((false, 8)));
        assert_eq!(at("https://example.com/public"), Some((true, 0)));
        assert_eq!(robots.policy("__usage_other", "/").unwrap(), None);
    }

    #[test]
    fn sitemaps_and_file_values_share_one_slice_without_mixing() {
        // Sitemaps and License lines are both file-wide: each keeps its own
        // values in file order wherever the other stands.
        let robots = Robots::parse(
            "Sitemap: https://example.com/a.xml
License: https://example.com/l.xml
             Sitemap: https://example.com/b.xml
LLM-Policy: /llms.txt
",
        );
        let sitemaps: Vec<&[u8]> = robots.sitemaps().collect();
        assert_eq!(
            sitemaps,
            [
                &b"https://example.com/a.xml"[..],
                b"https://example.com/b.xml"
            ]
        );
        assert_eq!(robots.sitemaps().len(), 2);
        assert_eq!(robots.sitemap(1), Some(&b"https://example.com/b.xml"[..]));
        assert_eq!(robots.sitemap(2), None);
        let lines = |it: &mut dyn Iterator<Item = FileValue<'_>>| {
            it.map(|v| (v.value.to_vec(), v.line)).collect::<Vec<_>>()
        };
        assert_eq!(
            lines(&mut robots.licenses()),
            [(b"https://example.com/l.xml".to_vec(), 2)]
        );
        assert_eq!(
            lines(&mut robots.llm_policies()),
            [(b"/llms.txt".to_vec(), 4)]
        );
    }
}
