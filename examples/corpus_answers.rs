//! Prints Google's answers (through `RobotsMatcher`) for a list of queries,
//! one line each: what the Python package's differential tests compare with.
//!
//! Usage: `corpus_answers <robotfiles dir> < queries`, where each query line
//! is `site<TAB>agent[,agent...]<TAB>url` (the URL is the rest of the line,
//! any bytes). Output lines: `allowed matching_line ever_seen_specific_agent
//! disallow_ignore_global`, each as 0/1 or a number, separated by spaces.

use std::collections::HashMap;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::PathBuf;

use robotstxt_exact::RobotsMatcher;

fn main() -> io::Result<()> {
    let dir = PathBuf::from(
        std::env::args_os()
            .nth(1)
            .expect("usage: corpus_answers <robotfiles dir>"),
    );
    let mut bodies: HashMap<Vec<u8>, Vec<u8>> = HashMap::new();
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut matcher = RobotsMatcher::new();
    for line in stdin.split(b'\n') {
        let line = line?;
        let mut fields = line.splitn(3, |&b| b == b'\t');
        let (Some(site), Some(agents), Some(url)) = (fields.next(), fields.next(), fields.next())
        else {
            panic!("malformed query line: {:?}", String::from_utf8_lossy(&line));
        };
        if !bodies.contains_key(site) {
            let name = String::from_utf8(site.to_vec()).expect("site names are UTF-8");
            bodies.insert(site.to_vec(), std::fs::read(dir.join(name))?);
        }
        let agents: Vec<&[u8]> = agents.split(|&b| b == b',').collect();
        let allowed = matcher.allowed_by_robots(&bodies[site], &agents, url);
        writeln!(
            out,
            "{} {} {} {}",
            u8::from(allowed),
            matcher.matching_line(),
            u8::from(matcher.ever_seen_specific_agent()),
            u8::from(matcher.disallow_ignore_global())
        )?;
    }
    out.flush()
}
