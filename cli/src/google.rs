//! Google's form, `robots <robots.txt filename> <user_agent> <URI>`:
//! `robots_main` reproduced from its observable behaviour, the same standard
//! output, standard error and exit status, byte for byte.

use std::ffi::OsString;
use std::io;

use robotstxt_exact::RobotsMatcher;

use crate::args::arg_bytes;
use crate::exit::{EXIT_ERROR, EXIT_FOUND, EXIT_OK};
use crate::output::emit;

/// Google's help text. Without an `argv[0]` (argc 0, possible only on old
/// kernels), the C++ stream fails at the null program name and prints nothing
/// more, so neither do we.
fn google_help(argv0: Option<&[u8]>) -> Vec<u8> {
    let mut text = Vec::new();
    text.extend_from_slice(
        b"Shows whether the given user_agent and URI combination is allowed or \
          disallowed by the given robots.txt file. \n\nUsage: \n  ",
    );
    let Some(argv0) = argv0 else {
        return text;
    };
    text.extend_from_slice(argv0);
    text.extend_from_slice(
        b" <robots.txt filename> <user_agent> <URI>\n\n\
          The URI must be %-encoded according to RFC3986.\n\n\
          Example: \n  ",
    );
    text.extend_from_slice(argv0);
    text.extend_from_slice(b" robots.txt FooBot http://example.com/foo\n");
    text
}

pub fn robots_main(args: &[OsString]) -> u8 {
    let argv0 = args.first().map(arg_bytes);
    let argv0 = argv0.as_deref();
    let filename = args.get(1).map(arg_bytes).unwrap_or_default();
    if matches!(&filename[..], b"-h" | b"-help" | b"--help") {
        emit(io::stderr().lock(), &google_help(argv0));
        return EXIT_ERROR;
    }
    if args.len() != 4 {
        let mut text = b"Invalid amount of arguments. Showing help.\n\n".to_vec();
        text.extend_from_slice(&google_help(argv0));
        emit(io::stderr().lock(), &text);
        return EXIT_ERROR;
    }
    let Ok(body) = std::fs::read(&args[1]) else {
        let mut text = b"failed to read file \"".to_vec();
        text.extend_from_slice(&filename);
        text.extend_from_slice(b"\"\n");
        emit(io::stderr().lock(), &text);
        return EXIT_ERROR;
    };
    let agent = arg_bytes(&args[2]);
    let url = arg_bytes(&args[3]);
    // The function Google's main calls, with its one-element agent list.
    let allowed = RobotsMatcher::new().allowed_by_robots(&body, &[agent.as_slice()], &url);

    let mut text = b"user-agent '".to_vec();
    text.extend_from_slice(&agent);
    text.extend_from_slice(b"' with URI '");
    text.extend_from_slice(&url);
    text.extend_from_slice(if allowed {
        b"': ALLOWED\n"
    } else {
        b"': DISALLOWED\n"
    });
    if body.is_empty() {
        text.extend_from_slice(b"notice: robots file is empty so all user-agents are allowed\n");
    }
    emit(io::stdout().lock(), &text);
    if allowed { EXIT_OK } else { EXIT_FOUND }
}
