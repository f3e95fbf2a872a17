//! Crawler lists: the shipped `crawlers.toml` and users' own lists.

use std::collections::TryReserveError;
use std::fmt;
use std::sync::OnceLock;

/// What a crawler is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Collects content to train AI models (or is the token that controls
    /// such use).
    AiTraining,
    /// Indexes content for AI search or answers.
    AiSearch,
    /// Fetches pages when a user of an AI assistant asks.
    AiAssistant,
    /// Crawls for a search engine.
    SearchEngine,
    /// Crawls for SEO tools.
    Seo,
    /// Crawls for a web archive.
    Archiver,
    /// An AI crawler whose list does not say which of the AI categories it
    /// is in (ai.robots.txt's `robots.json`, whose `function` is free text).
    Ai,
    /// Anything else (users' lists).
    Other,
}

impl Category {
    /// Every category, in the order of the list.
    pub const ALL: [Category; 8] = [
        Category::AiTraining,
        Category::AiSearch,
        Category::AiAssistant,
        Category::SearchEngine,
        Category::Seo,
        Category::Archiver,
        Category::Ai,
        Category::Other,
    ];

    /// The name used in lists and output, e.g. `"ai-training"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::AiTraining => "ai-training",
            Category::AiSearch => "ai-search",
            Category::AiAssistant => "ai-assistant",
            Category::SearchEngine => "search-engine",
            Category::Seo => "seo",
            Category::Archiver => "archiver",
            Category::Ai => "ai",
            Category::Other => "other",
        }
    }

    /// The category named `name`.
    pub fn from_name(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.as_str() == name)
    }

    /// Whether crawlers of this category count as AI crawlers.
    pub fn is_ai(self) -> bool {
        matches!(
            self,
            Category::AiTraining | Category::AiSearch | Category::AiAssistant | Category::Ai
        )
    }

    /// The category of an entry of ai.robots.txt's `robots.json` from its
    /// `function`: the labels that list takes from Known Agents' categories
    /// map to ours (`AI Data Scrapers` to `ai-training`, `AI Search
    /// Crawlers` to `ai-search`, `AI Assistants` and `AI Agents` to
    /// `ai-assistant`); any other text, [`Category::Ai`].
    pub fn of_function(function: &str) -> Category {
        match function.trim() {
            "AI Data Scrapers" => Category::AiTraining,
            "AI Search Crawlers" => Category::AiSearch,
            "AI Assistants" | "AI Agents" => Category::AiAssistant,
            _ => Category::Ai,
        }
    }
}

/// One known crawler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crawler {
    /// The product token, as its operator documents it.
    pub token: String,
    /// Who runs it.
    pub operator: String,
    /// What it is for.
    pub category: Category,
    /// What its list says it does (ai.robots.txt's `function`), as
    /// written; empty when the list says nothing.
    pub function: String,
    /// What its operator says it does, in a few words.
    pub purpose: String,
    /// The operator's page the token comes from, or `"none"`.
    pub source: String,
    /// When the entry was checked (YYYY-MM-DD).
    pub checked: String,
    /// The copies read to check it, where not the source itself.
    pub seen_via: String,
    /// Anything else a reader of an audit should know.
    pub note: String,
}

impl Crawler {
    /// A crawler known by its token only.
    pub fn new(token: impl Into<String>, category: Category) -> Crawler {
        Crawler {
            token: token.into(),
            operator: String::new(),
            category,
            function: String::new(),
            purpose: String::new(),
            source: String::new(),
            checked: String::new(),
            seen_via: String::new(),
            note: String::new(),
        }
    }
}

/// A line of a crawler list that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ListError {}

/// Why [`super::try_parse_crawler_list`] gave no list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TryListError {
    /// A line of the list could not be read.
    List(ListError),
    /// Memory ran out for the list.
    OutOfMemory(TryReserveError),
}

impl From<ListError> for TryListError {
    fn from(error: ListError) -> Self {
        TryListError::List(error)
    }
}

impl From<TryReserveError> for TryListError {
    fn from(error: TryReserveError) -> Self {
        TryListError::OutOfMemory(error)
    }
}

impl fmt::Display for TryListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TryListError::List(error) => error.fmt(f),
            TryListError::OutOfMemory(error) => {
                write!(f, "out of memory reading the list: {error}")
            }
        }
    }
}

impl std::error::Error for TryListError {}

/// The crawlers of `src/audit/crawlers.toml`, in its order.
pub fn known_crawlers() -> &'static [Crawler] {
    static LIST: OnceLock<Vec<Crawler>> = OnceLock::new();
    LIST.get_or_init(|| match parse_toml(include_str!("crawlers.toml")) {
        Ok(list) => list,
        // The file ships with the crate and a test reads it: it parses.
        Err(error) => unreachable!("crawlers.toml: {error}"),
    })
}

/// Whether `token` can stand as a crawler in the plain list format of
/// [`super::parse_crawler_list`]: not empty, and neither whitespace (which ends the
/// token) nor `#` (which starts a comment) in it. A binding that writes a
/// list from its caller's tokens checks them here first, so that none is
/// cut or dropped unseen.
///
/// ```
/// use robotstxt_exact::audit::is_list_token;
/// assert!(is_list_token("Googlebot-Image"));
/// assert!(!is_list_token("Google bot"));
/// assert!(!is_list_token("bot#1"));
/// assert!(!is_list_token(""));
/// ```
pub fn is_list_token(token: &str) -> bool {
    !token.is_empty() && !token.contains('#') && !token.contains(char::is_whitespace)
}

/// Reads a crawler list in one of the text formats: `crawlers.toml`'s, or
/// plain text; [`super::try_parse_crawler_list`] tells them and robots.json
/// apart.
pub(super) fn try_parse_text_list(text: &str) -> Result<Vec<Crawler>, TryListError> {
    let is_toml = text.lines().any(|line| line.trim() == "[[crawler]]");
    if is_toml {
        parse_toml(text)
    } else {
        parse_plain(text)
    }
}

/// A copy of `s`, or an error when memory runs out.
pub(super) fn try_string(s: &str) -> Result<String, TryReserveError> {
    let mut copy = String::new();
    copy.try_reserve_exact(s.len())?;
    copy.push_str(s);
    Ok(copy)
}

/// Pushes onto a vector, or reports that memory ran out.
fn try_push<T>(list: &mut Vec<T>, item: T) -> Result<(), TryReserveError> {
    list.try_reserve(1)?;
    list.push(item);
    Ok(())
}

fn parse_plain(text: &str) -> Result<Vec<Crawler>, TryListError> {
    let mut list = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        let mut words = content.split_whitespace();
        let Some(token) = words.next() else {
            continue;
        };
        let category = match words.next() {
            None => Category::Other,
            Some(name) => Category::from_name(name).ok_or_else(|| ListError {
                line: index + 1,
                message: format!("unknown category {name:?}"),
            })?,
        };
        if let Some(extra) = words.next() {
            return Err(ListError {
                line: index + 1,
                message: format!("unexpected {extra:?} after the category"),
            }
            .into());
        }
        try_push(&mut list, Crawler::new(try_string(token)?, category))?;
    }
    Ok(list)
}

/// A double-quoted string with `\"` and `\\` escapes, then only a comment;
/// `Ok(None)` when `value` is not one.
fn quoted(value: &str) -> Result<Option<String>, TryReserveError> {
    let Some(inner) = value.strip_prefix('"') else {
        return Ok(None);
    };
    // Escapes only shrink the text: one reservation holds the string.
    let mut out = String::new();
    out.try_reserve_exact(inner.len())?;
    let mut chars = inner.chars();
    loop {
        match chars.next() {
            Some('"') => break,
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => out.push(c),
                _ => return Ok(None),
            },
            Some(c) => out.push(c),
            None => return Ok(None),
        }
    }
    let rest = chars.as_str().trim();
    Ok((rest.is_empty() || rest.starts_with('#')).then_some(out))
}

fn parse_toml(text: &str) -> Result<Vec<Crawler>, TryListError> {
    let mut list: Vec<(usize, Crawler, Option<String>)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let error = |message: String| ListError {
            line: line_no,
            message,
        };
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if trimmed == "[[crawler]]" {
            try_push(
                &mut list,
                (line_no, Crawler::new(String::new(), Category::Other), None),
            )?;
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            return Err(error(format!("expected key = \"value\": {trimmed:?}")).into());
        };
        let (key, value) = (key.trim(), value.trim());
        let value =
            quoted(value)?.ok_or_else(|| error(format!("expected a quoted string for {key}")))?;
        let Some((_, crawler, category)) = list.last_mut() else {
            return Err(error("a key before the first [[crawler]]".into()).into());
        };
        let field = match key {
            "token" => &mut crawler.token,
            "operator" => &mut crawler.operator,
            "function" => &mut crawler.function,
            "purpose" => &mut crawler.purpose,
            "source" => &mut crawler.source,
            "checked" => &mut crawler.checked,
            "seen_via" => &mut crawler.seen_via,
            "note" => &mut crawler.note,
            "category" => {
                *category = Some(value);
                continue;
            }
            _ => return Err(error(format!("unknown key {key:?}")).into()),
        };
        if !field.is_empty() {
            return Err(error(format!("{key} given twice")).into());
        }
        *field = value;
    }
    let mut crawlers = Vec::new();
    crawlers.try_reserve_exact(list.len())?;
    for (line, mut crawler, category) in list {
        if crawler.token.is_empty() {
            return Err(ListError {
                line,
                message: "a [[crawler]] without a token".into(),
            }
            .into());
        }
        if let Some(name) = category {
            crawler.category = Category::from_name(&name).ok_or_else(|| ListError {
                line,
                message: format!("unknown category {name:?}"),
            })?;
        }
        crawlers.push(crawler);
    }
    Ok(crawlers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::parse_crawler_list;

    #[test]
    fn shipped_list_parses_and_has_the_crawlers_asked_for() {
        let list = known_crawlers();
        let find = |token: &str| list.iter().find(|c| c.token == token);
        for token in [
            "GPTBot",
            "OAI-SearchBot",
            "ChatGPT-User",
            "ClaudeBot",
            "Claude-User",
            "Claude-SearchBot",
            "anthropic-ai",
            "CCBot",
            "Google-Extended",
            "Googlebot",
            "Bingbot",
            "Applebot",
            "Applebot-Extended",
            "PerplexityBot",
            "Perplexity-User",
            "Bytespider",
            "meta-externalagent",
            "meta-externalfetcher",
            "FacebookBot",
            "Amazonbot",
            "cohere-ai",
            "Diffbot",
            "YouBot",
            "DuckAssistBot",
            "MistralAI-User",
            "ia_archiver",
            "archive.org_bot",
            "AhrefsBot",
            "SemrushBot",
            "DotBot",
            "YandexBot",
            "Baiduspider",
        ] {
            let crawler = find(token).unwrap_or_else(|| panic!("{token} missing"));
            assert!(
                !crawler.operator.is_empty() && !crawler.source.is_empty(),
                "{token}"
            );
            assert_eq!(crawler.checked.len(), 10, "{token}");
        }
        assert!(find("anthropic-ai").unwrap().note.contains("deprecated"));
        assert!(list.iter().filter(|c| c.category.is_ai()).count() >= 30);
        // No token twice, in any case.
        let mut tokens: Vec<String> = list.iter().map(|c| c.token.to_ascii_lowercase()).collect();
        tokens.sort();
        tokens.dedup();
        assert_eq!(tokens.len(), list.len());
    }

    #[test]
    fn plain_lists() {
        let list =
            parse_crawler_list("# mine\nFooBot ai-training\n\nBarBot # no category\n").unwrap();
        assert_eq!(
            list,
            [
                Crawler::new("FooBot", Category::AiTraining),
                Crawler::new("BarBot", Category::Other)
            ]
        );
        let error = parse_crawler_list("FooBot robots\n").unwrap_err();
        assert_eq!(error.line, 1);
    }

    #[test]
    fn toml_lists() {
        let list = parse_crawler_list(
            "[[crawler]]\ntoken = \"A\\\"b\" # quoted\ncategory = \"seo\"\n\n[[crawler]]\ntoken = \"C\"\n",
        )
        .unwrap();
        assert_eq!(list[0].token, "A\"b");
        assert_eq!(list[0].category, Category::Seo);
        assert_eq!(list[1].category, Category::Other);
        assert!(parse_crawler_list("[[crawler]]\ncategory = \"seo\"\n").is_err());
        assert!(parse_crawler_list("[[crawler]]\ntoken = A\n").is_err());
        assert!(parse_crawler_list("[[crawler]]\ntoken = \"A\"\ncolour = \"x\"\n").is_err());
    }

    #[test]
    #[cfg(not(feature = "robots-json"))]
    fn robots_json_without_the_feature_is_a_list_error() {
        let error = parse_crawler_list("{\"GPTBot\": {}}").unwrap_err();
        assert!(error.message.contains("robots-json feature"), "{error}");
    }

    #[test]
    #[cfg(feature = "robots-json")]
    fn robots_json_lists() {
        // The shape of ai.robots.txt's robots.json (MIT; see NOTICE).
        let list = parse_crawler_list(
            r#"{
    "AI2Bot": {
        "operator": "[Ai2](https://allenai.org/crawler)",
        "respect": "Yes",
        "function": "Content is used to train open language models.",
        "frequency": "No information provided.",
        "description": "Explores 'certain domains' to find web content."
    },
    "ChatGPT Agent": {
        "operator": "[OpenAI](https://openai.com)",
        "respect": "Unclear at this time.",
        "function": "AI Agents",
        "frequency": "Unclear at this time.",
        "description": "ChatGPT Agent is an AI agent."
    },
    "Code": {"operator": "x", "function": "AI Search Crawlers", "has_name_and_version": true},
    "AddSearchBot": {"operator": "Unclear at this time.", "function": "AI Search Crawlers"}
}"#,
        )
        .unwrap();
        let tokens: Vec<_> = list.iter().map(|c| c.token.as_str()).collect();
        // In the list's order, not sorted.
        assert_eq!(tokens, ["AI2Bot", "ChatGPT Agent", "Code", "AddSearchBot"]);
        assert_eq!(list[0].operator, "[Ai2](https://allenai.org/crawler)");
        assert_eq!(
            list[0].function,
            "Content is used to train open language models."
        );
        assert_eq!(list[0].category, Category::Ai);
        assert_eq!(list[1].category, Category::AiAssistant);
        assert_eq!(list[2].category, Category::AiSearch);
        assert!(list.iter().all(|c| c.category.is_ai()));
        assert!(parse_crawler_list("{\"A\": 1}").is_err());
        assert!(parse_crawler_list("{\"A\": {}").is_err());
        assert!(parse_crawler_list("[1]\n").is_ok()); // not JSON: a plain list
    }
}
