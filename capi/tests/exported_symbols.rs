//! The shared library exports exactly the functions of include/robotstxt/robotstxt.h,
//! all prefixed `robotstxt_`, under the SONAME `librobotstxt.so.0.<minor>`.
//!
//! Needs binutils (`nm`, `readelf`), as any C toolchain on Linux has.
#![cfg(target_os = "linux")]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

/// `cargo test` builds the cdylib next to the `deps/` folder of this test.
fn shared_library() -> PathBuf {
    let exe = std::env::current_exe().expect("path of the test binary");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("test binaries live in <target>/<profile>/deps");
    let lib = profile_dir.join("librobotstxt.so");
    assert!(
        lib.exists(),
        "{} not found: cargo should build the cdylib for integration tests",
        lib.display()
    );
    lib
}

fn run(program: &str, args: &[&str], lib: &PathBuf) -> String {
    let output = Command::new(program)
        .args(args)
        .arg(lib)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program} (install binutils): {e}"));
    assert!(output.status.success(), "{program} failed: {output:?}");
    String::from_utf8(output.stdout).expect("tool output is text")
}

fn header_functions() -> BTreeSet<String> {
    let header = include_str!("../include/robotstxt/robotstxt.h");
    header
        .lines()
        .filter(|line| !line.starts_with(' ') && !line.starts_with('#') && line.contains('('))
        .filter_map(|line| {
            let head = line.split('(').next()?.trim_end();
            let name = head.rsplit([' ', '*']).next()?;
            name.starts_with("robotstxt_").then(|| name.to_owned())
        })
        .collect()
}

#[test]
fn shared_library_exports_exactly_the_header_functions() {
    let lib = shared_library();
    let exported: BTreeSet<String> = run("nm", &["-D", "--defined-only"], &lib)
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (_addr, kind, name) = (fields.next()?, fields.next()?, fields.next()?);
            // Absolute symbols (kind A) are linker version nodes, not code.
            (kind != "A").then(|| name.to_owned())
        })
        .collect();
    let strays: Vec<_> = exported
        .iter()
        .filter(|name| !name.starts_with("robotstxt_"))
        .collect();
    assert!(strays.is_empty(), "symbols without the prefix: {strays:?}");
    let declared = header_functions();
    assert!(declared.len() > 20, "header parse found only {declared:?}");
    assert_eq!(exported, declared, "exports and header declarations differ");
}

#[test]
fn shared_library_soname_carries_the_minor_version_while_0x() {
    let lib = shared_library();
    let dynamic = run("readelf", &["-d"], &lib);
    let expected = if env!("CARGO_PKG_VERSION_MAJOR") == "0" {
        format!("librobotstxt.so.0.{}", env!("CARGO_PKG_VERSION_MINOR"))
    } else {
        format!("librobotstxt.so.{}", env!("CARGO_PKG_VERSION_MAJOR"))
    };
    assert!(
        dynamic.contains(&format!("Library soname: [{expected}]")),
        "SONAME should be {expected}:\n{dynamic}"
    );
}
