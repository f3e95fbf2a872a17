//! The `robots` binary, run as a user runs it: the examples of docs/CLI.md and of the README, run as written.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

mod common;

use common::*;

// ---------------------------------------------------------------------------
// The examples of docs/CLI.md and of the README, run as written.
// ---------------------------------------------------------------------------

/// A file of the repository, whose root is the workspace one level above
/// this package (the package has a README.md of its own).
fn repo_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name)
}

/// Runs the examples of a Markdown file: ```` ```text file=NAME ```` blocks
/// are written to files, ```` ```console ```` blocks are run (see
/// [`run_console`]); ```` ```console server=NAME ```` serves file NAME as
/// `/robots.txt` on a local port, written `127.0.0.1:8080` in the block, and
/// ```` ```console server=STATUS ```` answers every request with that
/// HTTP status.
/// Returns the number of commands run.
fn run_markdown(doc: &str, d: &Path, cwd: &Path) -> usize {
    let mut block: Option<(String, String)> = None;
    let mut commands = 0;
    for line in doc.lines() {
        match (&mut block, line.strip_prefix("```")) {
            (None, Some(info)) => block = Some((info.to_string(), String::new())),
            (Some((info, body)), Some(_)) => {
                if let Some(name) = info.strip_prefix("text file=") {
                    file(d, name, body.as_bytes());
                } else if info == "console" {
                    commands += run_console(cwd, body);
                } else if let Some(name) = info.strip_prefix("console server=") {
                    let server = match name.parse::<u16>() {
                        Ok(status) => server::Server::start(move |_| server::Reply::status(status)),
                        Err(_) => {
                            let robots = std::fs::read(d.join(name)).unwrap();
                            server::Server::start(move |path| match path {
                                "/robots.txt" => server::Reply::ok(&robots),
                                _ => server::Reply::status(404),
                            })
                        }
                    };
                    let body = body.replace("127.0.0.1:8080", &server.authority());
                    commands += run_console(cwd, &body);
                }
                block = None;
            }
            (Some((_, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    commands
}

#[test]
fn documented_examples_hold() {
    let doc = std::fs::read_to_string(repo_file("docs/CLI.md")).unwrap();
    let d = dir("docs");
    let commands = run_markdown(&doc, &d, &d);
    assert!(commands >= 14, "only {commands} examples found");
}

#[test]
fn readme_examples_hold() {
    let readme = std::fs::read_to_string(repo_file("README.md")).unwrap();
    let section = readme
        .split("## The `robots` command")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("README has a section on the robots command");
    let d = dir("readme");
    let root = repo_file("examples").parent().unwrap().to_path_buf();
    let commands = run_markdown(section, &d, &root);
    assert!(commands >= 3, "only {commands} examples found");
}

/// Runs each `$ robots ...` line of a console block in `dir` and compares
/// its standard output with the lines that follow it (its standard error,
/// then its standard output, when the command ends with `2>&1`; the tool
/// writes standard error only before or after all of standard output).
/// Returns the number of commands run.
fn run_console(dir: &Path, block: &str) -> usize {
    let mut count = 0;
    for example in block.split("$ ").filter(|e| !e.is_empty()) {
        let (command, expected) = example.split_once('\n').unwrap();
        let mut words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words.remove(0), "robots", "{command}");
        let merged = words.last() == Some(&"2>&1");
        if merged {
            words.pop();
        }
        let stdin = match words.iter().position(|&w| w == "<") {
            Some(i) => {
                let input = std::fs::read(dir.join(words[i + 1])).unwrap();
                words.truncate(i);
                input
            }
            None => Vec::new(),
        };
        let args: Vec<&OsStr> = words.iter().map(OsStr::new).collect();
        let out = run_in(dir, &args, &stdin);
        let mut shown = Vec::new();
        if merged {
            shown.extend_from_slice(&out.stderr);
        }
        shown.extend_from_slice(&out.stdout);
        assert_eq!(String::from_utf8_lossy(&shown), expected, "{command}");
        count += 1;
    }
    count
}
