//! The committed C header is what the pinned cbindgen generates now.
//!
//! Regenerate after changing anything in `capi/src/`:
//!
//! ```text
//! ROBOTSTXT_BLESS=1 cargo test -p robotstxt-exact-capi --test header_drift
//! ```

use std::path::Path;

fn generate() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml"))
        .expect("cbindgen.toml should be a valid cbindgen configuration");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/lib.rs"))
        .generate()
        .expect("cbindgen should generate bindings from capi/src/");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("cbindgen writes UTF-8")
}

#[test]
fn committed_header_matches_cbindgen_output() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/robotstxt/robotstxt.h");
    let generated = generate();
    if std::env::var_os("ROBOTSTXT_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write include/robotstxt/robotstxt.h");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != generated {
        let first_difference = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(committed.lines().count().min(generated.lines().count()));
        panic!(
            "include/robotstxt/robotstxt.h is out of date with capi/src/ (first difference at line {}).\n\
             Regenerate it with:\n\n    ROBOTSTXT_BLESS=1 cargo test -p robotstxt-exact-capi --test header_drift\n",
            first_difference + 1
        );
    }
}

#[test]
fn every_exported_name_has_the_library_prefix() {
    let generated = generate();
    for line in generated.lines() {
        let name = if let Some(rest) = line.strip_prefix("#define ") {
            rest.split_whitespace().next()
        } else if let Some(rest) = line.strip_prefix("typedef struct ") {
            rest.split_whitespace().next()
        } else if let Some(rest) = line.strip_prefix("enum ") {
            rest.split_whitespace().next()
        } else if line.contains('(') && !line.starts_with(' ') && !line.starts_with('#') {
            // A function declaration: `type name(args...`.
            line.split('(')
                .next()
                .and_then(|head| head.trim_end().rsplit([' ', '*']).next())
        } else {
            None
        };
        if let Some(name) = name {
            assert!(
                name.starts_with("robotstxt_")
                    || name.starts_with("ROBOTSTXT_")
                    || name == "ROBOTSTXT_H",
                "header item without the robotstxt prefix: {line}"
            );
        }
    }
}
