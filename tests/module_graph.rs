//! Every crate stands in layers a newcomer can read: no circle among its
//! modules, and no source file past 800 lines.
//!
//! # The graph
//!
//! The crates are those of [`CRATES`]: the core, the C ABI, the CLI, the
//! WebAssembly, Python and JVM bindings and the WARC reader, each read on its
//! own. Every module file under a crate's source folder is a node: `src/lib.rs`
//! (or `main.rs`) is the crate root, `src/a.rs` and `src/a/mod.rs` are module
//! `a`, `src/a/b.rs` is `a::b`. Module `m` depends on module `n` where the code
//! of `m` names a path into `n`, in a `use` declaration or inline: a path that
//! starts with `crate::`, `super::`, `self::` or the name of one of `m`'s own
//! child modules. The path is followed through the modules it names, and then
//! through re-exports (`pub use`, `pub(crate) use`, ...) to the module that
//! defines the item, so that importing through the crate root or a module's
//! facade counts as importing from where the item lives. A module's `mod`
//! declarations of its children are not dependencies; comments, string and
//! character literals, and test code (`#[cfg(test)]` modules, inline or in a
//! file of their own) are not read. Every circle (two or more modules that each
//! reach the others) fails the test, with the paths that make it.
//!
//! # The lines
//!
//! A file's lines are all its lines, code, comments and blank lines alike,
//! less those of its `#[cfg(test)] mod name { ... }` blocks (from the
//! attribute to the closing brace). Files that are test modules themselves
//! (declared `#[cfg(test)] mod name;`) and generated files (`@generated` in
//! their first five lines) are not counted. The limit covers the `.rs`
//! files under [`CRATES`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MAX_LINES: usize = 800;

/// The source folders of the crates, from the repository root: the core,
/// the C ABI, the CLI, the Python, WebAssembly and JVM bindings and the
/// WARC reader. Each is checked for circles, and its `.rs` files against
/// the line limit.
const CRATES: &[&str] = &[
    "src",
    "capi/src",
    "cli/src",
    "python/src",
    "js/src",
    "java/native/src",
    "warc/src",
];

/// A module path, e.g. `["robots", "index"]`; the crate root is empty.
type ModulePath = Vec<String>;

#[test]
fn the_modules_of_each_crate_import_one_another_without_a_circle() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut crates = 0;
    for dir in CRATES {
        let root = repo.join(dir);
        if !root.is_dir() {
            // The published package holds the library alone.
            eprintln!("{} not found: its modules are not checked", root.display());
            continue;
        }
        crates += 1;
        let sources = read_crate(&root);
        assert!(
            sources.len() > 3,
            "{dir}: only {} modules found",
            sources.len()
        );
        let texts = sources
            .iter()
            .map(|(module, source)| (module.clone(), source.text.as_str()))
            .collect();
        let graph = Graph::new(&texts);
        for circle in graph.circles() {
            found.push(format!("{dir}: {}", graph.describe(&circle)));
        }
    }
    assert!(crates >= 1, "no crate found");
    assert!(
        found.is_empty(),
        "import circles among the modules of a crate:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_source_file_is_over_800_lines() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut over = Vec::new();
    let mut counted = 0;
    for dir in CRATES {
        let root = repo.join(dir);
        if !root.is_dir() {
            // The published package holds the library alone.
            eprintln!("{} not found: its files are not checked", root.display());
            continue;
        }
        for source in read_crate(&root).values() {
            counted += 1;
            let lines = counted_lines(&source.text);
            if lines > MAX_LINES {
                over.push(format!("{}: {lines} lines", source.path.display()));
            }
        }
    }
    assert!(counted > 20, "only {counted} files counted");
    assert!(
        over.is_empty(),
        "files over {MAX_LINES} lines (tests apart):\n{}",
        over.join("\n")
    );
}

/// A module's file.
struct Source {
    path: PathBuf,
    text: String,
}

/// The module files of the crate whose root file (`lib.rs` or `main.rs`)
/// is in `root`, by module path, less test modules and generated files.
fn read_crate(root: &Path) -> BTreeMap<ModulePath, Source> {
    let mut files = Vec::new();
    collect_rs_files(root, &mut files);
    let mut sources = BTreeMap::new();
    for path in files {
        let mut module: ModulePath = path
            .strip_prefix(root)
            .unwrap()
            .iter()
            .map(|part| part.to_string_lossy().into_owned())
            .collect();
        let file = module.pop().unwrap();
        if !matches!(file.as_str(), "lib.rs" | "main.rs" | "mod.rs") {
            module.push(file.trim_end_matches(".rs").to_owned());
        }
        let text = std::fs::read_to_string(&path).unwrap();
        if !text.lines().take(5).any(|line| line.contains("@generated")) {
            sources.insert(module, Source { path, text });
        }
    }
    // Test modules in files of their own, and everything below them.
    let mut tests = BTreeSet::new();
    for (module, source) in &sources {
        for name in strip_test_code(&blank_comments_and_literals(&source.text)).test_files {
            tests.insert([module.clone(), vec![name]].concat());
        }
    }
    sources.retain(|module, _| !tests.iter().any(|test| module.starts_with(test)));
    sources
}

fn collect_rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_rs_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

fn display(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

/// The lines of `text` that count against the limit (see the module
/// documentation).
fn counted_lines(text: &str) -> usize {
    let stripped = strip_test_code(&blank_comments_and_literals(text));
    text.lines().count() - stripped.test_lines
}

/// `text` with spaces for the characters of `text[range]` other than line
/// ends, as many bytes as they took: offsets and lines stay where they were.
fn blank(text: &mut String, range: std::ops::Range<usize>) {
    let spaces: String = text[range.clone()]
        .chars()
        .map(|c| match c {
            '\n' => "\n".to_owned(),
            c => " ".repeat(c.len_utf8()),
        })
        .collect();
    text.replace_range(range, &spaces);
}

/// `text` with its comments and its string and character literals
/// blanked (see [`blank`]): what is left is code.
fn blank_comments_and_literals(text: &str) -> String {
    let bytes = text.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
    let mut out = text.to_owned();
    let mut i = 0;
    while i < bytes.len() {
        let starts_token = i == 0 || !is_ident(bytes[i - 1]);
        // A raw string: `r`, or `br`, some `#`, a quote.
        let raw = starts_token && (at(i) == b'r' || at(i) == b'b' && at(i + 1) == b'r');
        let quote = i + if at(i) == b'r' { 1 } else { 2 };
        let hashes = bytes[quote.min(bytes.len())..]
            .iter()
            .take_while(|&&b| b == b'#')
            .count();
        let end = if at(i) == b'/' && at(i + 1) == b'/' {
            text[i..].find('\n').map_or(bytes.len(), |n| i + n)
        } else if at(i) == b'/' && at(i + 1) == b'*' {
            // Block comments nest.
            let (mut depth, mut j) = (1, i + 2);
            while j < bytes.len() && depth > 0 {
                match (bytes[j], at(j + 1)) {
                    (b'/', b'*') => (depth, j) = (depth + 1, j + 2),
                    (b'*', b'/') => (depth, j) = (depth - 1, j + 2),
                    _ => j += 1,
                }
            }
            j
        } else if raw && at(quote + hashes) == b'"' {
            let closing = format!("\"{}", "#".repeat(hashes));
            let body = quote + hashes + 1;
            text[body..]
                .find(&closing)
                .map_or(bytes.len(), |n| body + n + closing.len())
        } else if at(i) == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            j + 1
        } else if at(i) == b'\'' && at(i + 1) == b'\\' {
            // An escape; the escaped character may itself be a quote.
            text[i + 3..]
                .find('\'')
                .map_or(bytes.len(), |n| i + 3 + n + 1)
        } else if at(i) == b'\'' && text[i + 1..].chars().nth(1) == Some('\'') {
            i + 2 + text[i + 1..].chars().next().map_or(0, char::len_utf8)
        } else {
            // Code, a lifetime or a label.
            i += 1;
            continue;
        };
        let end = end.min(bytes.len());
        blank(&mut out, i..end);
        i = end;
    }
    out
}

/// Code with its test modules taken out.
struct Stripped {
    /// The code, with each inline `#[cfg(test)]` module blanked.
    code: String,
    /// The lines those modules spanned.
    test_lines: usize,
    /// The names of the test modules in files of their own.
    test_files: Vec<String>,
}

/// Takes the `#[cfg(test)]` modules out of `code` (comments and literals
/// already blanked).
fn strip_test_code(code: &str) -> Stripped {
    const ATTRIBUTE: &str = "#[cfg(test)]";
    let mut stripped = Stripped {
        code: code.to_owned(),
        test_lines: 0,
        test_files: Vec::new(),
    };
    let mut from = 0;
    while let Some(found) = code[from..].find(ATTRIBUTE) {
        let start = from + found;
        from = start + ATTRIBUTE.len();
        let rest = code[from..].trim_start();
        let Some(rest) = rest
            .strip_prefix("pub(crate) mod ")
            .or_else(|| rest.strip_prefix("mod "))
        else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|&c| c.is_alphanumeric() || c == '_')
            .collect();
        let rest = rest[name.len()..].trim_start();
        if rest.starts_with(';') {
            stripped.test_files.push(name);
            continue;
        }
        if !rest.starts_with('{') {
            continue;
        }
        let open = code.len() - rest.len();
        let mut depth = 0;
        let close = code[open..]
            .char_indices()
            .find_map(|(offset, c)| {
                depth += i32::from(c == '{') - i32::from(c == '}');
                (depth == 0).then_some(open + offset + 1)
            })
            .unwrap_or(code.len());
        stripped.test_lines += code[start..close].matches('\n').count() + 1;
        blank(&mut stripped.code, start..close);
        from = close;
    }
    stripped
}

/// A path a `use` declaration brings in.
struct UseItem {
    /// The path as written, e.g. `crate::robots::Robots`.
    path: Vec<String>,
    /// The name it is known by in the module: its alias, or its last
    /// segment.
    name: String,
    /// Whether the module re-exports it (`pub use`, of any visibility).
    public: bool,
    /// The line of the declaration.
    line: usize,
}

/// The `use` declarations of `code`, a path each, and `code` without them.
fn use_items(code: &str) -> (Vec<UseItem>, String) {
    let mut items = Vec::new();
    let mut rest = code.to_owned();
    let mut from = 0;
    while let Some(found) = code[from..].find("use ") {
        let start = from + found;
        from = start + 4;
        let word_start = code[..start]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let Some(end) = code[start..].find(';').map(|n| start + n) else {
            break;
        };
        if !word_start {
            continue;
        }
        let before = code[..start].trim_end();
        let public = before.ends_with("pub")
            || before.ends_with(')')
                && before.rfind("pub(").is_some_and(|open| {
                    !before[open..].contains(|c: char| c.is_whitespace() || c == ']')
                });
        let line = code[..start].matches('\n').count() + 1;
        for (path, name) in expand_use_tree(&compact_use_tree(&code[from..end])) {
            items.push(UseItem {
                path,
                name,
                public,
                line,
            });
        }
        blank(&mut rest, start..end + 1);
        from = end + 1;
    }
    (items, rest)
}

/// A use tree with white space only around `as`, e.g. `a::{b,c::d as e}`.
fn compact_use_tree(tree: &str) -> String {
    let mut tree = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    for (spaced, compact) in [(" ::", "::"), (":: ", "::"), ("{ ", "{"), (" }", "}")] {
        tree = tree.replace(spaced, compact);
    }
    tree.replace(" ,", ",").replace(", ", ",")
}

/// The paths of a use tree as [`compact_use_tree`] gives it, e.g.
/// `a::{b,c::d as e}`: `(["a","b"], "b")` and `(["a","c","d"], "e")`.
fn expand_use_tree(tree: &str) -> Vec<(Vec<String>, String)> {
    fn expand(prefix: &[String], tree: &str, out: &mut Vec<(Vec<String>, String)>) {
        // The parts between the top-level commas.
        let mut depth = 0;
        let parts = tree.split(|c| {
            depth += i32::from(c == '{') - i32::from(c == '}');
            c == ',' && depth == 0
        });
        for part in parts.filter(|part| !part.is_empty()) {
            if let Some(open) = part.find('{') {
                let head = part[..open].split("::").filter(|s| !s.is_empty());
                let path: Vec<String> = prefix
                    .iter()
                    .cloned()
                    .chain(head.map(str::to_owned))
                    .collect();
                expand(&path, &part[open + 1..part.len() - 1], out);
                continue;
            }
            let (part, alias) = match part.split_once(" as ") {
                Some((path, alias)) => (path, Some(alias)),
                None => (part, None),
            };
            let mut path = prefix.to_vec();
            path.extend(part.split("::").map(str::to_owned));
            if path.last().is_some_and(|s| s == "self") {
                path.pop();
            }
            let name = alias.map(str::to_owned).or_else(|| path.last().cloned());
            out.push((path, name.unwrap_or_default()));
        }
    }
    let mut out = Vec::new();
    expand(&[], tree, &mut out);
    out
}

/// The paths of two or more segments written inline in `code` (those
/// whose first segment does not follow a `::`), with their lines.
fn inline_paths(code: &str) -> Vec<(Vec<String>, usize)> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut paths = Vec::new();
    for (index, line) in code.lines().enumerate() {
        let mut rest = line;
        while let Some(start) = rest.find(is_ident) {
            let follows_colons = rest[..start].ends_with("::");
            let mut segments = Vec::new();
            let mut tail = &rest[start..];
            loop {
                let len = tail.find(|c| !is_ident(c)).unwrap_or(tail.len());
                segments.push(tail[..len].to_owned());
                tail = &tail[len..];
                match tail.strip_prefix("::") {
                    Some(next) if next.starts_with(is_ident) => tail = next,
                    _ => break,
                }
            }
            if segments.len() > 1 && !follows_colons {
                paths.push((segments, index + 1));
            }
            rest = tail;
        }
    }
    paths
}

/// The dependencies among the modules of a crate: by module, the modules
/// it depends on, each with the first place (line, path) that makes it so.
struct Graph {
    edges: BTreeMap<ModulePath, BTreeMap<ModulePath, (usize, String)>>,
}

impl Graph {
    /// The graph of the modules whose sources `texts` gives.
    fn new(texts: &BTreeMap<ModulePath, &str>) -> Graph {
        let mut uses = BTreeMap::new();
        let mut code = BTreeMap::new();
        for (module, text) in texts {
            let stripped = strip_test_code(&blank_comments_and_literals(text));
            let (items, rest) = use_items(&stripped.code);
            uses.insert(module.clone(), items);
            code.insert(module.clone(), rest);
        }
        let resolver = Resolver { uses: &uses };
        let mut edges = BTreeMap::new();
        for module in texts.keys() {
            let mut found: Vec<(Vec<String>, usize)> = uses[module]
                .iter()
                .map(|item| (item.path.clone(), item.line))
                .collect();
            found.extend(inline_paths(&code[module]));
            let targets: &mut BTreeMap<_, _> = edges.entry(module.clone()).or_default();
            for (path, line) in found {
                if let Some(target) = resolver.resolve(module, &path, 0) {
                    if &target != module {
                        targets.entry(target).or_insert((line, path.join("::")));
                    }
                }
            }
        }
        Graph { edges }
    }

    /// The modules reachable from `module`.
    fn reachable(&self, module: &ModulePath) -> BTreeSet<&ModulePath> {
        let mut seen = BTreeSet::new();
        let mut next = vec![module];
        while let Some(at) = next.pop() {
            for target in self.edges.get(at).into_iter().flat_map(BTreeMap::keys) {
                if seen.insert(target) {
                    next.push(target);
                }
            }
        }
        seen
    }

    /// The sets of two or more modules that each reach the others, sorted.
    fn circles(&self) -> Vec<Vec<ModulePath>> {
        let reach: BTreeMap<&ModulePath, BTreeSet<&ModulePath>> = self
            .edges
            .keys()
            .map(|module| (module, self.reachable(module)))
            .collect();
        let mut circles = BTreeSet::new();
        for (&module, reached) in &reach {
            let circle: Vec<ModulePath> = reached
                .iter()
                .filter(|&&other| reach.get(other).is_some_and(|back| back.contains(module)))
                .map(|&other| other.clone())
                .collect();
            if circle.len() > 1 {
                circles.insert(circle);
            }
        }
        circles.into_iter().collect()
    }

    /// A circle's modules and the paths between them.
    fn describe(&self, circle: &[ModulePath]) -> String {
        let names: Vec<String> = circle.iter().map(|module| display(module)).collect();
        let mut text = format!("circle: {}", names.join(", "));
        for module in circle {
            for (target, (line, path)) in &self.edges[module] {
                if circle.contains(target) {
                    let (from, to) = (display(module), display(target));
                    text += &format!("\n  {from} -> {to} (line {line}: {path})");
                }
            }
        }
        text
    }
}

/// Finds the module a path leads to.
struct Resolver<'a> {
    /// The `use` declarations of every module; its keys are the modules.
    uses: &'a BTreeMap<ModulePath, Vec<UseItem>>,
}

impl Resolver<'_> {
    /// The module that defines what `path`, written in `from`, names;
    /// `None` for a path outside the crate.
    fn resolve(&self, from: &ModulePath, path: &[String], depth: usize) -> Option<ModulePath> {
        let is_module = |module: &ModulePath| self.uses.contains_key(module);
        let (mut base, mut rest) = match path.first()?.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (from.clone(), &path[1..]),
            "super" => {
                let supers = path.iter().take_while(|s| *s == "super").count();
                let kept = from.len().checked_sub(supers)?;
                (from[..kept].to_vec(), &path[supers..])
            }
            first if is_module(&[from.clone(), vec![first.to_owned()]].concat()) => {
                (from.clone(), path)
            }
            _ => return None,
        };
        while let Some(child) = rest
            .first()
            .map(|next| [base.clone(), vec![next.clone()]].concat())
            .filter(is_module)
        {
            base = child;
            rest = &rest[1..];
        }
        // An item re-exported here is defined where its own path leads.
        let exported = rest.first().filter(|_| depth < 16).and_then(|name| {
            self.uses[&base]
                .iter()
                .find(|item| item.public && &item.name == name)
        });
        exported
            .and_then(|item| self.resolve(&base, &item.path, depth + 1))
            .or(Some(base))
    }
}

/// The graph of the modules given as (path, source), e.g. `("a::b", "...")`.
fn graph_of(texts: &[(&str, &str)]) -> Graph {
    let texts = texts
        .iter()
        .map(|&(module, text)| (module_path(module), text))
        .collect();
    Graph::new(&texts)
}

fn module_path(path: &str) -> ModulePath {
    path.split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_circle_through_a_use_and_an_inline_path_is_found() {
    let graph = graph_of(&[
        ("", "mod a;\nmod b;\n"),
        ("a", "use crate::b::X;\npub struct Y;\n"),
        ("b", "pub struct X;\nfn f() { let _ = crate::a::Y; }\n"),
    ]);
    assert_eq!(graph.circles(), [vec![module_path("a"), module_path("b")]]);
}

#[test]
fn a_path_through_a_re_export_leads_to_the_defining_module() {
    // `a` imports `X` through the crate root, which re-exports it from `b`;
    // `b` imports from `a`: a circle, though neither names the other.
    let graph = graph_of(&[
        ("", "mod a;\nmod b;\npub use b::X;\n"),
        ("a", "use crate::X;\npub struct Y;\n"),
        ("b", "pub struct X;\nuse super::a::{Y as Z, self};\n"),
    ]);
    assert_eq!(graph.circles(), [vec![module_path("a"), module_path("b")]]);
    assert!(graph.edges[&module_path("a")].contains_key(&module_path("b")));
}

#[test]
fn layers_that_import_downward_make_no_circle() {
    let graph = graph_of(&[
        ("", "mod low;\nmod top;\npub use top::T;\n"),
        ("low", "pub struct L;\n"),
        (
            "top",
            "mod part;\nuse crate::low::L;\npub struct T(part::P, L);\n",
        ),
        ("top::part", "pub struct P(crate::low::L);\n"),
    ]);
    assert!(graph.circles().is_empty());
    assert!(graph.edges[&module_path("top")].contains_key(&module_path("top::part")));
    assert!(graph.edges[&module_path("top::part")].contains_key(&module_path("low")));
}

#[test]
fn comments_literals_and_test_code_are_not_dependencies() {
    let graph = graph_of(&[
        ("", "mod a;\nmod b;\n"),
        (
            "a",
            "// crate::b::X\n/* crate::b::X /* nested */ crate::b */\n\
             const S: &str = \"crate::b::X\";\nconst R: &str = r#\"crate::b\"#;\n\
             const C: char = '\"';\nconst Q: u8 = b'\\'';\nconst E: char = 'é';\n\
             fn f<'x>(s: &'x str) -> &'x str { s }\n\
             #[cfg(test)]\nmod tests {\n    use crate::b::X;\n}\n",
        ),
        ("b", "pub struct X;\nuse crate::a::S;\n"),
    ]);
    assert!(graph.circles().is_empty());
    assert!(!graph.edges[&module_path("a")].contains_key(&module_path("b")));
    assert!(graph.edges[&module_path("b")].contains_key(&module_path("a")));
}

#[test]
fn lines_of_inline_test_modules_are_not_counted() {
    let text = "fn a() {}\n// a comment\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    \
                fn t() { let _ = \"}\"; }\n}\nfn b() {}\n";
    // Nine lines, of which the test module spans five.
    assert_eq!(counted_lines(text), 4);
    let own_file = strip_test_code("#[cfg(test)]\nmod tests;\n");
    assert_eq!(own_file.test_files, ["tests"]);
}

#[test]
fn use_trees_expand_to_one_path_per_name() {
    let tree = compact_use_tree("crate::a::{\n    b, c::{d as e, self},\n    has_f,\n}");
    let paths: Vec<(String, String)> = expand_use_tree(&tree)
        .into_iter()
        .map(|(path, name)| (path.join("::"), name))
        .collect();
    let expected = [
        ("crate::a::b", "b"),
        ("crate::a::c::d", "e"),
        ("crate::a::c", "c"),
        ("crate::a::has_f", "has_f"),
    ];
    assert_eq!(paths, expected.map(|(p, n)| (p.to_owned(), n.to_owned())));
}
