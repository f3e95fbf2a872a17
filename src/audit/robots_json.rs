//! ai.robots.txt's `robots.json` as a crawler list: an object keyed by
//! product token (in the list's order), each value an object of strings.
//!
//! The mapping from an entry to a [`Crawler`] ([`try_robots_json_list`]) is
//! the one place that reads an entry, whichever JSON reader read the file:
//! serde_json here, with the feature `robots-json`, or a host's own reader
//! (JavaScript's `JSON.parse` in the npm package, whose WebAssembly module
//! then carries no JSON reader), which hands over each entry's token and
//! the values of [`ROBOTS_JSON_MEMBERS`].

use std::collections::TryReserveError;

use super::list::{Category, Crawler, ListError, TryListError, try_string};

/// The members of a robots.json entry a crawler list reads, in the order
/// [`RobotsJsonEntry::members`] holds their values.
pub const ROBOTS_JSON_MEMBERS: [&str; 4] = ["operator", "function", "description", "respect"];

/// One entry of robots.json as a JSON reader read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RobotsJsonEntry<'a> {
    /// The entry's name: the crawler's product token, as written.
    pub token: &'a str,
    /// The values of [`ROBOTS_JSON_MEMBERS`], in that order, each the empty
    /// string where the member is absent or not a string (so that a member
    /// the list adds later, or changes the type of, does not stop the
    /// reading); `None` where the entry is not a JSON object.
    pub members: Option<[&'a str; 4]>,
}

/// Whether [`super::try_parse_crawler_list`] reads `text` as robots.json:
/// its first character that is not whitespace is `{`. A binding that reads
/// the JSON itself asks here first, so that it takes the same texts as
/// JSON.
pub fn is_robots_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// The crawlers of robots.json's entries, in the order given: `operator`
/// and `function` carried as written, `description` as the purpose and
/// `respect` in the note, the category from `function`
/// ([`Category::of_function`]), and the list named as the source. An entry
/// that is not an object, or whose token is blank, is an error (line 1: a
/// reader that hands over entries knows no lines).
pub fn try_robots_json_list<'a>(
    entries: impl ExactSizeIterator<Item = RobotsJsonEntry<'a>>,
) -> Result<Vec<Crawler>, TryListError> {
    let mut list = Vec::new();
    list.try_reserve_exact(entries.len())?;
    for entry in entries {
        list.push(try_crawler(entry)?);
    }
    Ok(list)
}

fn try_crawler(entry: RobotsJsonEntry<'_>) -> Result<Crawler, TryListError> {
    let error = |message: String| ListError { line: 1, message };
    let Some([operator, function, description, respect]) = entry.members else {
        return Err(error(format!("the entry of {:?} is not an object", entry.token)).into());
    };
    let token = entry.token.trim();
    if token.is_empty() {
        return Err(error("an entry with an empty token".into()).into());
    }
    let mut crawler = Crawler::new(try_string(token)?, Category::of_function(function));
    crawler.operator = try_string(operator)?;
    crawler.function = try_string(function)?;
    crawler.purpose = try_string(description)?;
    if !respect.is_empty() {
        crawler.note = try_note(respect)?;
    }
    crawler.source = "ai.robots.txt robots.json".into();
    Ok(crawler)
}

/// The note for an entry's `respect`.
fn try_note(respect: &str) -> Result<String, TryReserveError> {
    const PREFIX: &str = "respects robots.txt (ai.robots.txt): ";
    let mut note = String::new();
    note.try_reserve_exact(PREFIX.len() + respect.len())?;
    note.push_str(PREFIX);
    note.push_str(respect);
    Ok(note)
}

/// robots.json read by serde_json, its entries in the order written.
#[cfg(feature = "robots-json")]
pub(super) fn parse_robots_json(text: &str) -> Result<Vec<Crawler>, TryListError> {
    let entries: Entries = serde_json::from_str(text).map_err(|e| {
        let message = if e.is_data() {
            "robots.json must be an object keyed by token".to_owned()
        } else {
            format!("not JSON: {e}")
        };
        ListError {
            line: e.line(),
            message,
        }
    })?;
    try_robots_json_list(entries.0.iter().map(|(token, value)| RobotsJsonEntry {
        token,
        members: match value {
            serde_json::Value::Object(fields) => {
                Some(ROBOTS_JSON_MEMBERS.map(|name| match fields.get(name) {
                    Some(serde_json::Value::String(s)) => s.as_str(),
                    _ => "",
                }))
            }
            _ => None,
        },
    }))
}

/// The members of a JSON object in the order written (a `serde_json::Map`
/// sorts them).
#[cfg(feature = "robots-json")]
struct Entries(Vec<(String, serde_json::Value)>);

#[cfg(feature = "robots-json")]
impl<'de> serde::Deserialize<'de> for Entries {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Entries;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object keyed by token")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<Entries, M::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry<'a>(token: &'a str, members: [&'a str; 4]) -> RobotsJsonEntry<'a> {
        RobotsJsonEntry {
            token,
            members: Some(members),
        }
    }

    // Entries of ai.robots.txt's robots.json as published (MIT; see NOTICE),
    // their members in the order of ROBOTS_JSON_MEMBERS.
    const AI2BOT: [&str; 4] = [
        "[Ai2](https://allenai.org/crawler)",
        "Content is used to train open language models.",
        "Explores 'certain domains' to find web content.",
        "Yes",
    ];
    const CHATGPT_AGENT: [&str; 4] = [
        "[OpenAI](https://openai.com)",
        "AI Agents",
        "ChatGPT Agent is an AI agent.",
        "Unclear at this time.",
    ];

    #[test]
    fn entries_become_crawlers_in_the_order_given() {
        let list = try_robots_json_list(
            [
                entry("AI2Bot", AI2BOT),
                entry("ChatGPT Agent", CHATGPT_AGENT),
                entry("AddSearchBot", ["", "AI Search Crawlers", "", ""]),
            ]
            .into_iter(),
        )
        .unwrap();
        let tokens: Vec<_> = list.iter().map(|c| c.token.as_str()).collect();
        assert_eq!(tokens, ["AI2Bot", "ChatGPT Agent", "AddSearchBot"]);
        assert_eq!(list[0].operator, "[Ai2](https://allenai.org/crawler)");
        assert_eq!(
            list[0].function,
            "Content is used to train open language models."
        );
        assert_eq!(
            list[0].purpose,
            "Explores 'certain domains' to find web content."
        );
        assert_eq!(list[0].note, "respects robots.txt (ai.robots.txt): Yes");
        assert_eq!(list[0].source, "ai.robots.txt robots.json");
        // Free text: an AI crawler of no finer category.
        assert_eq!(list[0].category, Category::Ai);
        // Known Agents' labels: AI Agents are assistants.
        assert_eq!(list[1].category, Category::AiAssistant);
        assert_eq!(list[2].category, Category::AiSearch);
        // No `respect`: no note.
        assert_eq!(list[2].note, "");
    }

    #[test]
    fn an_entry_not_an_object_or_without_a_token_is_an_error() {
        let not_object = RobotsJsonEntry {
            token: "A",
            members: None,
        };
        let error = try_robots_json_list([entry("B", AI2BOT), not_object].into_iter());
        assert_eq!(
            error.unwrap_err(),
            TryListError::List(ListError {
                line: 1,
                message: "the entry of \"A\" is not an object".into()
            })
        );
        assert!(try_robots_json_list([entry(" ", AI2BOT)].into_iter()).is_err());
    }

    #[test]
    fn json_is_told_by_its_first_character() {
        assert!(is_robots_json(" \n\t{}"));
        assert!(!is_robots_json("[1]\n"));
        assert!(!is_robots_json("GPTBot {"));
    }

    #[test]
    #[cfg(feature = "robots-json")]
    fn serde_json_reads_the_same_entries() {
        // The same entries as published, with a member the list does not
        // read and one that is not a string.
        let list = parse_robots_json(
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
    "AddSearchBot": {"function": "AI Search Crawlers", "has_name_and_version": true, "operator": 1}
}"#,
        )
        .unwrap();
        let expected = try_robots_json_list(
            [
                entry("AI2Bot", AI2BOT),
                entry("ChatGPT Agent", CHATGPT_AGENT),
                entry("AddSearchBot", ["", "AI Search Crawlers", "", ""]),
            ]
            .into_iter(),
        )
        .unwrap();
        assert_eq!(list, expected);
        assert!(parse_robots_json("{\"A\": 1}").is_err());
        let error = parse_robots_json("{\"A\": {}").unwrap_err();
        assert!(error.to_string().contains("not JSON"), "{error}");
    }
}
