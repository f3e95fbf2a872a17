//! Embeds the robots.txt tester page in the binary for `robots --serve`.
//!
//! The page is built from `web/` by `npm --prefix web run build` (Vite, with
//! the WebAssembly module of `js/`) into `cli/web-dist/`, which is not in git:
//! it is a build product that needs Node, and the CLI must build without it.
//! When `web-dist/index.html` is there, every file of `web-dist/` becomes an
//! `include_bytes!` entry of a table in `$OUT_DIR/web_assets.rs`; when it is
//! not, the table is empty and `robots --serve` says how to build the page.
//! `cargo package` takes `web-dist/` along when it exists (Cargo.toml's
//! `include`), so a packaged crate built after the page serves it too.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dist = manifest.join("web-dist");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo")).join("web_assets.rs");
    println!("cargo:rerun-if-changed=build.rs");

    let mut files = Vec::new();
    if dist.join("index.html").is_file() {
        // A rebuilt page replaces the folder's files: their times change.
        println!("cargo:rerun-if-changed=web-dist");
        collect(&dist, &mut files);
        files.sort();
    } else {
        // Watching the missing folder itself would rerun this script on every
        // build; the crate's folder changes when web-dist/ appears in it.
        println!("cargo:rerun-if-changed=.");
    }

    let mut code = String::from(
        "/// The files of the built page: path under the site root, contents.\n\
         pub static ASSETS: &[(&str, &[u8])] = &[\n",
    );
    for file in &files {
        let relative = file.strip_prefix(&dist).expect("under web-dist");
        let url_path = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        writeln!(
            code,
            "    ({url_path:?}, include_bytes!({:?})),",
            file.display()
        )
        .expect("writing to a String");
    }
    code.push_str("];\n");
    fs::write(&out, code).expect("writing web_assets.rs");
}

/// Every file under `dir`, recursively.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}
