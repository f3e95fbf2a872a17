//! The table a consent study needs: per agent, how many hosts allow all,
//! block all, block some, and how many could not be read, and why.
//!
//! A host counts once, by its latest capture (`WARC-Date`; the later one
//! read when two share a date). Memory: one entry per host.

use std::collections::{BTreeMap, HashMap};

use crate::query::Rows;
use crate::verdict::{Class, Outcome};

/// Per host, the classes of its latest capture.
#[derive(Debug, Default)]
pub struct Summary {
    hosts: HashMap<String, Latest>,
    order: u64,
}

#[derive(Debug)]
struct Latest {
    date: String,
    order: u64,
    classes: Vec<Class>,
    reason: Option<String>,
}

/// The counts for one agent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AgentCounts {
    /// Hosts per class, in the order of [`Class::ALL`].
    pub classes: [u64; 4],
    /// The unreadable hosts per reason (the status, for a status; the
    /// reason's words otherwise).
    pub unreadable: BTreeMap<String, u64>,
}

impl Summary {
    /// An empty summary.
    pub fn new() -> Summary {
        Summary::default()
    }

    /// Counts the rows of a capture (which must carry classes: see
    /// [`crate::Query::classes`]); page-URL rows without a robots.txt are
    /// not hosts and are left out.
    pub fn add(&mut self, rows: &Rows) {
        self.order += 1;
        if rows.robots_url.is_none() || rows.verdicts.classes.is_empty() {
            return;
        }
        let v = &rows.verdicts;
        let reason = match v.outcome {
            Outcome::Rules | Outcome::AllowAll => None,
            Outcome::DisallowAll => Some(format!(
                "HTTP {}",
                v.status.map_or_else(|| "?".to_string(), |s| s.to_string())
            )),
            Outcome::Unknown => Some(
                v.reason
                    .as_deref()
                    .map_or("unknown", |r| {
                        if r.starts_with("the redirect's target") {
                            "redirect target not captured"
                        } else if r.starts_with("the robots.txt is not captured") {
                            "not captured"
                        } else {
                            "body cannot be decoded"
                        }
                    })
                    .to_string(),
            ),
        };
        let latest = Latest {
            date: rows.date.clone(),
            order: self.order,
            classes: v.classes.clone(),
            reason,
        };
        match self.hosts.get_mut(&rows.host) {
            Some(old) if (old.date.as_str(), old.order) > (latest.date.as_str(), latest.order) => {}
            Some(old) => *old = latest,
            None => {
                self.hosts.insert(rows.host.clone(), latest);
            }
        }
    }

    /// How many hosts were counted.
    pub fn hosts(&self) -> usize {
        self.hosts.len()
    }

    /// The counts of the agent at `index`.
    pub fn agent(&self, index: usize) -> AgentCounts {
        let mut counts = AgentCounts::default();
        for latest in self.hosts.values() {
            let Some(&class) = latest.classes.get(index) else {
                continue;
            };
            let at = Class::ALL.iter().position(|&c| c == class).unwrap_or(3);
            counts.classes[at] += 1;
            if class == Class::Unreadable {
                let reason = latest.reason.clone().unwrap_or_else(|| "unknown".into());
                *counts.unreadable.entry(reason).or_default() += 1;
            }
        }
        counts
    }
}
