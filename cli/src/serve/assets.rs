//! The page's files, embedded at build time by `build.rs` (`web/`, built
//! into `cli/web-dist/`), served from the binary as they are: a path is
//! looked up in the table of files, never on the file system.

use super::reply::{Body, Reply};

mod table {
    include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));
}

/// Whether this binary was built with the page.
pub fn has_page() -> bool {
    !table::ASSETS.is_empty()
}

/// What `/` answers in a binary built without the page, and what it says
/// when it starts.
pub const NO_PAGE: &str = "this robots was built without the tester page (cli/web-dist/ was \
    missing): build it with `npm --prefix web ci && npm --prefix web run build` (see \
    scripts/test-web.sh), then rebuild robots; /api/fetch works meanwhile\n";

/// A file of the page (`path` without its leading `/`), with its type and
/// how long it may be cached.
pub fn asset(path: &str) -> Reply {
    if !has_page() && path == "index.html" {
        return Reply::text(503, NO_PAGE);
    }
    let Some((_, bytes)) = table::ASSETS.iter().find(|(name, _)| *name == path) else {
        return Reply::text(404, "not found\n");
    };
    let kind = match path.rsplit_once('.').map_or("", |(_, ext)| ext) {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    // Vite names every file but the page after its contents.
    let cache = if path == "index.html" {
        "no-cache"
    } else {
        "public, max-age=31536000, immutable"
    };
    Reply::new(200, Body::Static(bytes))
        .with("Content-Type", kind)
        .with("Cache-Control", cache)
        .with("Referrer-Policy", "no-referrer")
        .with(
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
             worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
             frame-ancestors 'none'",
        )
}
