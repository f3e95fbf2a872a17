//! The `--agent` values: their bytes, and a warning for each one Google's
//! matcher can only match as `*`.

use std::ffi::OsString;
use std::io::{self, Write};

use robotstxt_exact::{extract_user_agent, is_valid_user_agent_to_obey};

use crate::args::arg_bytes;

/// The bytes of the `--agent` values, as the C `main` would see them; warns
/// on standard error about each that no group can name.
pub fn from_args(values: &[OsString]) -> Vec<Vec<u8>> {
    let agents: Vec<Vec<u8>> = values.iter().map(arg_bytes).collect();
    warn_agents(&agents);
    agents
}

/// Warns about agents Google's matcher can only match as `*`: a user agent
/// is compared whole with the product tokens (`[a-zA-Z_-]+`) of the file.
fn warn_agents(agents: &[Vec<u8>]) {
    for agent in agents {
        if is_valid_user_agent_to_obey(agent) {
            continue;
        }
        let shown = String::from_utf8_lossy(agent);
        let advice = match product_token(agent) {
            Some(token) => format!("; did you mean \"{}\"?", String::from_utf8_lossy(token)),
            None => String::new(),
        };
        let _ = writeln!(
            io::stderr().lock(),
            "warning: user agent \"{shown}\" is not a product token ([a-zA-Z_-]+): Google's \
             matcher compares it whole, so no group can name it and only \"*\" applies{advice}"
        );
    }
}

/// The product token an agent string probably means: the first word that
/// ends in "bot" (as in a `User-Agent` header), else the leading word.
fn product_token(agent: &[u8]) -> Option<&[u8]> {
    let words = agent
        .split(|b| !(b.is_ascii_alphabetic() || *b == b'-' || *b == b'_'))
        .filter(|w| !w.is_empty());
    let mut first = None;
    for word in words {
        if word.to_ascii_lowercase().ends_with(b"bot") {
            return Some(word);
        }
        first = first.or(Some(word));
    }
    let leading = extract_user_agent(agent);
    if leading.is_empty() {
        first
    } else {
        Some(leading)
    }
}
