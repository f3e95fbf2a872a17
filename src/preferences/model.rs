//! What the lines state: the keys, the names of each vocabulary, a
//! statement's values per name, and what applies to a query.

/// A key this module reads, as Google's parser reports it (any case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExtensionKey {
    /// `Content-Signal` (Content Signals Policy).
    ContentSignal,
    /// `Content-Usage` (draft-ietf-aipref-attach-05 §3).
    ContentUsage,
    /// `Request-rate`.
    RequestRate,
    /// `License` (RSL 1.0): the URL of the site's licence terms, for the
    /// whole file.
    License,
    /// `LLM-Policy`: a policy document for AI crawlers (such as
    /// `/llms.txt`), for the whole file.
    LlmPolicy,
}

impl ExtensionKey {
    /// Every key, in the order of their names' documentation.
    pub const ALL: [ExtensionKey; 5] = [
        ExtensionKey::ContentSignal,
        ExtensionKey::ContentUsage,
        ExtensionKey::RequestRate,
        ExtensionKey::License,
        ExtensionKey::LlmPolicy,
    ];

    /// The key of a line, when it is one of these (compared ignoring ASCII
    /// case, as Google compares keys).
    pub fn of(key: &[u8]) -> Option<ExtensionKey> {
        ExtensionKey::ALL
            .into_iter()
            .find(|k| k.as_str().as_bytes().eq_ignore_ascii_case(key))
    }

    /// The key as the proposals spell it, e.g. `"Content-Usage"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ExtensionKey::ContentSignal => "Content-Signal",
            ExtensionKey::ContentUsage => "Content-Usage",
            ExtensionKey::RequestRate => "Request-rate",
            ExtensionKey::License => "License",
            ExtensionKey::LlmPolicy => "LLM-Policy",
        }
    }

    /// Whether the line belongs to the group it is in (`Content-Signal`,
    /// `Content-Usage`, `Request-rate`), rather than to the whole file
    /// (`License`, `LLM-Policy`, wherever they stand).
    pub fn is_group_scoped(self) -> bool {
        !matches!(self, ExtensionKey::License | ExtensionKey::LlmPolicy)
    }
}

/// Which of the two preference lines a rule comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PreferenceKind {
    /// `Content-Signal`: [`Signal`]s.
    Signal,
    /// `Content-Usage`: [`UsageCategory`]s.
    Usage,
}

/// A signal of the Content Signals Policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Signal {
    /// `search`: building a search index and providing search results.
    Search,
    /// `ai-input`: inputting content into AI models (retrieval augmented
    /// generation, grounding, real-time answers).
    AiInput,
    /// `ai-train`: training or fine-tuning AI models.
    AiTrain,
}

impl Signal {
    /// The three signals, in the order of their index.
    pub const ALL: [Signal; 3] = [Signal::Search, Signal::AiInput, Signal::AiTrain];

    /// The name as written in the line, e.g. `"ai-train"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Signal::Search => "search",
            Signal::AiInput => "ai-input",
            Signal::AiTrain => "ai-train",
        }
    }

    /// The signal named `name`, ignoring ASCII case (a choice: the policy
    /// writes them in lower case and says nothing of case).
    pub fn from_name(name: &[u8]) -> Option<Signal> {
        Signal::ALL
            .into_iter()
            .find(|s| s.as_str().as_bytes().eq_ignore_ascii_case(name))
    }

    /// The position in [`Signal::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A usage category of draft-ietf-aipref-vocab-08 (§4; labels, which are
/// case-sensitive, in §6.1).
///
/// The index of each ([`UsageCategory::index`]) is fixed once given:
/// `ai-use`, new in -08, comes after the two of -07 so that stored and C
/// layouts keep their meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UsageCategory {
    /// `train-ai`: AI model training.
    TrainAi,
    /// `search`: search applications that link to the asset. A preference
    /// for search overrides the other categories for the uses within a
    /// search application (-08 §4.3; see [`Preferences::usage_in_search`]).
    Search,
    /// `ai-use`: using an asset as input to a generative AI model not
    /// directly provided by the user (new in -08).
    AiUse,
}

impl UsageCategory {
    /// The categories, in the order of their index.
    pub const ALL: [UsageCategory; 3] = [
        UsageCategory::TrainAi,
        UsageCategory::Search,
        UsageCategory::AiUse,
    ];

    /// The label, e.g. `"train-ai"`.
    pub fn as_str(self) -> &'static str {
        match self {
            UsageCategory::TrainAi => "train-ai",
            UsageCategory::Search => "search",
            UsageCategory::AiUse => "ai-use",
        }
    }

    /// The category labelled `label`; labels are case-sensitive (§6.1).
    pub fn from_label(label: &[u8]) -> Option<UsageCategory> {
        UsageCategory::ALL
            .into_iter()
            .find(|c| c.as_str().as_bytes() == label)
    }

    /// The position in [`UsageCategory::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What one or more statements say, per name of one vocabulary: a bit per
/// name for "yes" (allowed) and one for "no" (disallowed). Both set means
/// statements disagreed, and "no" wins (draft-ietf-aipref-vocab-08 §5.1:
/// "the most restrictive preference applies").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Statement {
    yes: u8,
    no: u8,
}

impl Statement {
    /// Nothing stated.
    pub const EMPTY: Statement = Statement { yes: 0, no: 0 };

    /// The statement of the "yes" and "no" bits, as [`Statement::bits`]
    /// gives them: for storing statements compactly.
    pub(crate) fn from_bits([yes, no]: [u8; 2]) -> Statement {
        Statement { yes, no }
    }

    /// The "yes" and "no" bits.
    pub(crate) fn bits(self) -> [u8; 2] {
        [self.yes, self.no]
    }

    /// The value for the name at `index`: `Some(true)` allowed,
    /// `Some(false)` disallowed, `None` unknown.
    pub fn get(self, index: usize) -> Option<bool> {
        let bit = 1u8 << index;
        if self.no & bit != 0 {
            Some(false)
        } else if self.yes & bit != 0 {
            Some(true)
        } else {
            None
        }
    }

    /// Whether nothing is stated.
    pub fn is_empty(self) -> bool {
        self.yes | self.no == 0
    }

    /// Whether some name is stated as allowed (and not disallowed).
    pub fn allows_any(self) -> bool {
        self.yes & !self.no != 0
    }

    /// This statement with the name at `index` set to `allowed`, replacing
    /// what it said (a later member of one Dictionary, RFC 9651 §4.2.2).
    pub fn set(self, index: usize, allowed: bool) -> Statement {
        let bit = 1u8 << index;
        let (yes, no) = (self.yes & !bit, self.no & !bit);
        if allowed {
            Statement { yes: yes | bit, no }
        } else {
            Statement { yes, no: no | bit }
        }
    }

    /// This statement with the name at `index` forgotten.
    pub fn unset(self, index: usize) -> Statement {
        let bit = 1u8 << index;
        Statement {
            yes: self.yes & !bit,
            no: self.no & !bit,
        }
    }

    /// Both statements, combined per name: "no" over "yes" over unknown.
    pub fn combine(self, other: Statement) -> Statement {
        Statement {
            yes: self.yes | other.yes,
            no: self.no | other.no,
        }
    }
}

/// How much of fetched content an AI system may keep and reuse: the `use=`
/// item Cloudflare's managed robots.txt adds to `Content-Signal`
/// (`immediate`, `reference`, `full`), least permissive first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ContentUse {
    /// `immediate`: interact with the content, store and reuse nothing.
    Immediate,
    /// `reference`: index, excerpt and link back.
    Reference,
    /// `full`: summarise and reproduce.
    Full,
}

impl ContentUse {
    /// The three values, least permissive first.
    pub const ALL: [ContentUse; 3] = [
        ContentUse::Immediate,
        ContentUse::Reference,
        ContentUse::Full,
    ];

    /// The value as written, e.g. `"reference"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ContentUse::Immediate => "immediate",
            ContentUse::Reference => "reference",
            ContentUse::Full => "full",
        }
    }

    /// The value written `name`, ignoring ASCII case as the signals' values.
    pub fn from_name(name: &[u8]) -> Option<ContentUse> {
        ContentUse::ALL
            .into_iter()
            .find(|u| u.as_str().as_bytes().eq_ignore_ascii_case(name))
    }

    /// The code stored for an optional value: 0 for none, then 1 + the
    /// position in [`ContentUse::ALL`].
    pub(crate) fn code(value: Option<ContentUse>) -> u8 {
        value.map_or(0, |u| u as u8 + 1)
    }

    /// The value of a [`ContentUse::code`].
    pub(crate) fn from_code(code: u8) -> Option<ContentUse> {
        ContentUse::ALL
            .get(usize::from(code).checked_sub(1)?)
            .copied()
    }

    /// The more restrictive of two values, either maybe absent: statements
    /// combine as vocab §5.1 combines yes and no, the most restrictive
    /// winning.
    pub fn combine(a: Option<ContentUse>, b: Option<ContentUse>) -> Option<ContentUse> {
        match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// The `use=` value that applies, and the line that stated it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StatedUse {
    /// The value.
    pub value: ContentUse,
    /// The `Content-Signal` line that gave it (the first in file order
    /// among the selected lines that did).
    pub line: u32,
}

/// A preference stated for an agent and a URL, and the line that decided it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stated {
    /// `true` for yes / allowed, `false` for no / disallowed.
    pub allowed: bool,
    /// The line of the `Content-Signal` or `Content-Usage` line that gave
    /// the value (the first in file order among those that did).
    pub line: u32,
}

/// The usage preferences that apply to an agent for a URL
/// ([`crate::Robots::preferences`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Preferences {
    /// Google's verdict: whether the agent may fetch the URL. When it may
    /// not, no preference applies (draft-ietf-aipref-attach-05 §3.1) and
    /// every value below is `None`.
    pub allowed: bool,
    /// Per [`Signal`], by [`Signal::index`].
    pub signals: [Option<Stated>; 3],
    /// Per [`UsageCategory`], by [`UsageCategory::index`].
    pub usage: [Option<Stated>; 3],
    /// The `use=` item of `Content-Signal`.
    pub content_use: Option<StatedUse>,
}

impl Preferences {
    /// The value of a `Content-Signal` signal.
    pub fn signal(&self, signal: Signal) -> Option<Stated> {
        self.signals[signal.index()]
    }

    /// The value of a `Content-Usage` category.
    pub fn usage(&self, category: UsageCategory) -> Option<Stated> {
        self.usage[category.index()]
    }

    /// The preference for `category` when the use is part of a search
    /// application: draft-ietf-aipref-vocab-08 §4.3 makes a stated `search`
    /// preference override the other categories there (allowing search
    /// allows the AI training and use internal to the search application;
    /// disallowing it disallows them). When `search` is unknown, the
    /// category's own preference applies (a choice: nothing overrides it).
    pub fn usage_in_search(&self, category: UsageCategory) -> Option<Stated> {
        self.usage(UsageCategory::Search)
            .or_else(|| self.usage(category))
    }

    /// Whether any preference applies.
    pub fn is_empty(&self) -> bool {
        self.signals.iter().chain(&self.usage).all(Option::is_none) && self.content_use.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_compare_ignoring_case() {
        assert_eq!(
            ExtensionKey::of(b"content-signal"),
            Some(ExtensionKey::ContentSignal)
        );
        assert_eq!(
            ExtensionKey::of(b"CONTENT-USAGE"),
            Some(ExtensionKey::ContentUsage)
        );
        assert_eq!(
            ExtensionKey::of(b"Request-Rate"),
            Some(ExtensionKey::RequestRate)
        );
        assert_eq!(ExtensionKey::of(b"content signal"), None);
    }

    #[test]
    fn combining_prefers_no_then_yes_then_unknown() {
        // draft-ietf-aipref-vocab-08 §5.1.
        let yes = Statement::EMPTY.set(0, true);
        let no = Statement::EMPTY.set(0, false);
        assert_eq!(yes.combine(no).get(0), Some(false));
        assert_eq!(no.combine(yes).get(0), Some(false));
        assert_eq!(yes.combine(Statement::EMPTY).get(0), Some(true));
        assert_eq!(Statement::EMPTY.get(0), None);
        // Setting replaces; it does not combine.
        assert_eq!(no.set(0, true).get(0), Some(true));
    }

    #[test]
    fn usage_labels_are_case_sensitive() {
        // vocab §6.1: "These tokens are case sensitive."
        assert_eq!(
            UsageCategory::from_label(b"train-ai"),
            Some(UsageCategory::TrainAi)
        );
        assert_eq!(UsageCategory::from_label(b"Train-AI"), None);
        assert_eq!(
            UsageCategory::from_label(b"ai-use"),
            Some(UsageCategory::AiUse)
        );
        assert_eq!(UsageCategory::from_label(b"AI-use"), None);
    }

    #[test]
    fn content_use_combines_to_the_least_permissive() {
        use ContentUse::*;
        assert_eq!(
            ContentUse::combine(Some(Full), Some(Reference)),
            Some(Reference)
        );
        assert_eq!(ContentUse::combine(None, Some(Full)), Some(Full));
        assert_eq!(
            ContentUse::combine(Some(Immediate), Some(Full)),
            Some(Immediate)
        );
        for u in [None, Some(Immediate), Some(Reference), Some(Full)] {
            assert_eq!(ContentUse::from_code(ContentUse::code(u)), u);
        }
    }
}
