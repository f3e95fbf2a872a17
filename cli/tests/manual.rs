//! `robots --man` and `robots --completions SHELL`: the manual page renders
//! cleanly, and the page and the bash, zsh and fish completions offer every
//! mode and option that docs/CLI.md's table of modes lists, each where it
//! belongs (the completions are run in the shells themselves).

#![cfg(unix)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_robots");

fn dir(test: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("manual")
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn robots(args: &[&str]) -> Output {
    let out = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "robots {args:?}");
    assert!(out.stderr.is_empty(), "robots {args:?}");
    out
}

/// The modes of docs/CLI.md's table, each with the options its row shows.
fn documented_modes() -> Vec<(String, Vec<String>)> {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/CLI.md"))
        .unwrap();
    let mut modes = Vec::new();
    for row in doc.lines().filter(|l| l.starts_with("| `robots --")) {
        let cell = row.split(" | ").next().unwrap();
        for form in cell.split('`').filter(|f| f.starts_with("robots --")) {
            let mut words = form.split_whitespace().skip(1);
            let mode = words.next().unwrap().to_owned();
            let options = words
                .map(|w| {
                    w.trim_matches(|c| "[]().,".contains(c))
                        .trim_end_matches("...")
                })
                .map(|w| w.trim_end_matches(']'))
                .filter(|w| w.starts_with("--"))
                .map(str::to_owned)
                .collect();
            modes.push((mode, options));
        }
    }
    let names: Vec<&str> = modes.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(
        names,
        [
            "--check",
            "--explain",
            "--lint",
            "--diff",
            "--audit",
            "--serve",
            "--man",
            "--completions",
            "--version",
            "--help-all"
        ],
        "docs/CLI.md's table of modes"
    );
    modes
}

fn tool(name: &str) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("NOTE: {name} is not installed; its part of this test is not checked");
    }
    found
}

#[test]
fn the_manual_page_renders_without_warnings() {
    if !tool("groff") {
        return;
    }
    let page = robots(&["--man"]).stdout;
    let mut groff = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-z"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    groff.stdin.take().unwrap().write_all(&page).unwrap();
    let out = groff.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "groff's warnings");
}

#[test]
fn the_manual_page_has_a_subsection_per_mode_with_its_options() {
    let page = String::from_utf8(robots(&["--man"]).stdout).unwrap();
    assert!(page.contains(".TH ROBOTS 1 "), "{page}");
    // roff writes a minus sign as \-.
    let page = page.replace("\\-", "-");
    let synopsis = &page[page.find(".SH SYNOPSIS").unwrap()..page.find(".SH DESCRIPTION").unwrap()];
    assert!(synopsis.contains("<robots.txt filename> <user_agent> <URI>"));
    for (mode, options) in documented_modes() {
        assert!(
            synopsis.contains(&format!("\\fR {mode}")),
            "{mode} in {synopsis}"
        );
        let start = page
            .find(&format!(".SS {mode}\n"))
            .unwrap_or_else(|| panic!("no subsection {mode}"));
        let end = page[start + 4..]
            .find("\n.S")
            .map_or(page.len(), |e| start + 4 + e);
        let subsection = &page[start..end];
        for option in options {
            assert!(
                subsection.contains(&option),
                "{mode}: {option} in {subsection}"
            );
        }
    }
}

/// What bash completes for each line.
fn bash_completions(script: &Path, lines: &[&str]) -> Vec<String> {
    let mut program = format!("source {}\n", script.display());
    for line in lines {
        // COMP_WORDS as bash splits the line; the last word may be empty.
        let mut words: Vec<String> = line.split(' ').map(|w| format!("'{w}'")).collect();
        if words.is_empty() {
            words.push("''".into());
        }
        program.push_str(&format!(
            "COMP_WORDS=({}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); COMPREPLY=()\n\
             _robots robots \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"\n\
             echo \"${{COMPREPLY[*]}}\"\n",
            words.join(" ")
        ));
    }
    let out = Command::new("bash")
        .args(["-c", &program])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The words of a shell's answer, sorted, each once: zsh adds some
/// matches twice (with and without their description).
fn words(answer: &str) -> Vec<String> {
    let mut words: Vec<String> = answer.split_whitespace().map(str::to_owned).collect();
    words.sort();
    words.dedup();
    words
}

/// Checks what a shell completes: every mode after `robots --`, every
/// documented option after `robots MODE --`, the values of `--policy`.
fn check_shell(shell: &str, complete: impl Fn(&[&str]) -> Vec<String>) {
    let modes = documented_modes();
    let mut lines = vec![
        "robots --".to_owned(),
        "robots --check x --policy ".to_owned(),
    ];
    lines.extend(modes.iter().map(|(mode, _)| format!("robots {mode} --")));
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let answers = complete(&lines);
    assert_eq!(answers.len(), lines.len(), "{shell}: {answers:?}");
    let first = words(&answers[0]);
    for (mode, _) in &modes {
        assert!(
            first.contains(mode),
            "{shell}: {mode} after `robots --`: {first:?}"
        );
    }
    // docs/CLI.md: "--policy google|rfc9309".
    let policies = words(&answers[1]);
    assert_eq!(policies, ["google", "rfc9309"], "{shell}");
    for ((mode, options), answer) in modes.iter().zip(&answers[2..]) {
        let offered = words(answer);
        for option in options {
            assert!(
                offered.contains(option),
                "{shell}: {option} after `robots {mode}`: {offered:?}"
            );
        }
        if mode != "--version" && mode != "--help-all" {
            assert!(
                offered.contains(&"--help-all".to_owned()),
                "{shell}: {mode}: {offered:?}"
            );
        }
    }
}

fn write_script(test: &str, shell: &str, name: &str) -> PathBuf {
    let d = dir(test);
    let path = d.join(name);
    std::fs::write(&path, robots(&["--completions", shell]).stdout).unwrap();
    path
}

#[test]
fn bash_completes_modes_options_and_values() {
    if !tool("bash") {
        return;
    }
    let script = write_script("bash", "bash", "robots");
    let syntax = Command::new("bash")
        .arg("-n")
        .arg(&script)
        .output()
        .unwrap();
    assert!(syntax.status.success());
    check_shell("bash", |lines| bash_completions(&script, lines));
}

#[test]
fn fish_completes_modes_options_and_values_and_files_first() {
    if !tool("fish") {
        return;
    }
    let script = write_script("fish", "fish", "robots.fish");
    let d = dir("fish_work");
    std::fs::write(d.join("robots.txt"), "").unwrap();
    let complete = |lines: &[&str]| -> Vec<String> {
        let mut program = format!("source {}\n", script.display());
        for line in lines {
            program.push_str(&format!(
                "echo (complete -C '{line}' | string split -f1 \\t)\n"
            ));
        }
        let out = Command::new("fish")
            .args(["--no-config", "-c", &program])
            .current_dir(&d)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    check_shell("fish", complete);
    // Google's form: a robots.txt file as the first word.
    assert_eq!(words(&complete(&["robots rob"])[0]), ["robots.txt"]);
}

/// Runs zsh's completion in an interactive zsh on a pseudo-terminal (zpty),
/// collecting what it adds, until the completion system says it is done.
const ZSH_HARNESS: &str = r#"
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PS1='' ; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z "compadd () { local -a hits; builtin compadd -O hits \"\$@\"; print -rl -- \$hits >> $2; builtin compadd \"\$@\" }"
zpty -w z "post () { print -r -- __DONE__ >> $2 }; pre () { comppostfuncs=(post) }; compprefuncs=(pre)"
zpty -w z "echo set''up-done"
zpty -r z line '*setup-done*'
zpty -w -n z "$3"$'\t'
for i in {1..400}; do grep -qx __DONE__ $2 2>/dev/null && break; sleep 0.05; done
zpty -d z
"#;

#[test]
fn zsh_completes_modes_options_and_values_and_files_first() {
    if !tool("zsh") {
        return;
    }
    let functions = dir("zsh");
    let script = functions.join("_robots");
    std::fs::write(&script, robots(&["--completions", "zsh"]).stdout).unwrap();
    let syntax = Command::new("zsh").arg("-n").arg(&script).output().unwrap();
    assert!(syntax.status.success());
    let work = dir("zsh_work");
    std::fs::write(work.join("robots.txt"), "").unwrap();
    let harness = work.join("harness.zsh");
    std::fs::write(&harness, ZSH_HARNESS).unwrap();
    let complete = |lines: &[&str]| -> Vec<String> {
        lines
            .iter()
            .map(|line| {
                let hits = work.join("hits");
                let _ = std::fs::remove_file(&hits);
                let status = Command::new("timeout")
                    .arg("60")
                    .arg("zsh")
                    .arg(&harness)
                    .arg(&functions)
                    .arg(&hits)
                    .arg(line)
                    .current_dir(&work)
                    .status()
                    .unwrap();
                assert!(status.success(), "zsh harness on {line:?}");
                let hits = std::fs::read_to_string(&hits).unwrap_or_default();
                assert!(
                    hits.lines().any(|l| l == "__DONE__"),
                    "zsh did not complete {line:?}"
                );
                hits.lines()
                    .filter(|l| *l != "__DONE__")
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    check_shell("zsh", complete);
    assert_eq!(words(&complete(&["robots rob"])[0]), ["robots.txt"]);
}
