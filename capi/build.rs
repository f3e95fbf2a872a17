//! Gives the shared library a SONAME, so programs linked against one
//! release are not silently run against an incompatible one.
//!
//! Versions 0.x break compatibility at each minor release, so the SONAME is
//! `librobotstxt.so.0.<minor>`; from 1.0 on it is `librobotstxt.so.<major>`.
//! Installers (CMake) create the file of that name next to `librobotstxt.so`.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let elf = matches!(
        os.as_str(),
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" | "illumos"
    );
    if !elf {
        return;
    }
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets the version");
    let minor = std::env::var("CARGO_PKG_VERSION_MINOR").expect("cargo sets the version");
    let soname = if major == "0" {
        format!("librobotstxt.so.0.{minor}")
    } else {
        format!("librobotstxt.so.{major}")
    };
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
}
