//! The parse-once `Robots` and its compiled per-agent view.

use robotstxt_exact::{CompiledRobots, Robots, RuleKind};
use wasm_bindgen::prelude::*;

use crate::answer::{OUT_OF_MEMORY, VERDICT_OUT_OF_MEMORY, pack};
use crate::json::Json;
use crate::list::Items;
use crate::memory::{oom, vec_with_capacity};
use crate::stage::{stage_mismatch, with_agent_and_staged, with_staged, with_staged_items};

const QUERY: &str = "matching a URL";

/// The `Error` for a query that could not copy its URL's path.
fn query_oom(error: std::collections::TryReserveError) -> JsError {
    oom(QUERY, error)
}

/// `f` on the staged URLs and a vector with room for one answer per URL,
/// reserved before the queries run.
fn each_staged<T>(
    total: usize,
    lens: &[u32],
    utf16: bool,
    f: impl FnOnce(&mut dyn Iterator<Item = &[u8]>, &mut Vec<T>) -> Result<(), JsError>,
) -> Result<Vec<T>, JsError> {
    with_staged_items(total, lens, utf16, |urls| {
        let mut out = vec_with_capacity(urls.len(), QUERY)?;
        f(&mut urls.iter(), &mut out)?;
        Ok(out)
    })
    .ok_or_else(|| JsError::new("robotstxt-exact: staged URLs do not match their lengths"))?
}

/// A parsed robots.txt.
#[wasm_bindgen]
pub struct Parsed {
    inner: Robots,
}

#[wasm_bindgen]
impl Parsed {
    /// Parses the staged body of `len` bytes; any bytes are accepted.
    pub fn parse_staged(len: usize) -> Result<Parsed, JsError> {
        with_staged(len, |body| Robots::try_parse(body))
            .ok_or_else(stage_mismatch)?
            .map(|inner| Parsed { inner })
            .map_err(|e| oom("parsing a robots.txt body", e))
    }

    /// The packed answer ([`crate::answer`]) for the agents of a packed list
    /// and the staged URL of `url_len` bytes; -1 when memory ran out.
    pub fn check_staged(&self, agents: &[u8], agent_ends: &[u32], url_len: usize) -> f64 {
        let Ok(agents) = Items::new(agents, agent_ends) else {
            return OUT_OF_MEMORY;
        };
        with_staged(url_len, |url| {
            agents
                .with_slice(QUERY, |agents| self.inner.try_check(agents, url).ok())
                .ok()
                .flatten()
        })
        .flatten()
        .map_or(OUT_OF_MEMORY, pack)
    }

    /// The packed answer for the staged agent and the staged URL; -1 when
    /// memory ran out.
    pub fn check_one_staged(&self, url_len: usize) -> f64 {
        with_agent_and_staged(url_len, |agent, url| {
            self.inner.try_check(&[agent], url).ok()
        })
        .flatten()
        .map_or(OUT_OF_MEMORY, pack)
    }

    /// Whether the staged agent may fetch the staged URL: 1 or 0; 2 when
    /// memory ran out.
    pub fn allowed_staged(&self, url_len: usize) -> u32 {
        with_agent_and_staged(url_len, |agent, url| {
            self.inner.try_allowed(agent, url).ok()
        })
        .flatten()
        .map_or(VERDICT_OUT_OF_MEMORY, u32::from)
    }

    /// The packed answers for each staged URL (see [`crate::list::item_ends`]).
    pub fn check_many_staged(
        &self,
        agents: &[u8],
        agent_ends: &[u32],
        total: usize,
        lens: &[u32],
        utf16: bool,
    ) -> Result<Vec<f64>, JsError> {
        let agents = Items::new(agents, agent_ends)?;
        each_staged(total, lens, utf16, |urls, out| {
            agents.with_slice(QUERY, |agents| {
                for url in urls {
                    out.push(pack(self.inner.try_check(agents, url).map_err(query_oom)?));
                }
                Ok(())
            })?
        })
    }

    /// Whether the agents may fetch each staged URL: 1 or 0.
    pub fn allowed_many_staged(
        &self,
        agents: &[u8],
        agent_ends: &[u32],
        total: usize,
        lens: &[u32],
        utf16: bool,
    ) -> Result<Vec<u8>, JsError> {
        let agents = Items::new(agents, agent_ends)?;
        each_staged(total, lens, utf16, |urls, out| {
            agents.with_slice(QUERY, |agents| {
                for url in urls {
                    let allowed = match agents {
                        [agent] => self.inner.try_allowed(agent, url),
                        _ => self.inner.try_check(agents, url).map(|a| a.allowed),
                    };
                    out.push(u8::from(allowed.map_err(query_oom)?));
                }
                Ok(())
            })?
        })
    }

    /// The rules for the agents of a packed list, compiled.
    pub fn compile(&self, agents: &[u8], agent_ends: &[u32]) -> Result<Compiled, JsError> {
        const WHAT: &str = "compiling the rules for a list of agents";
        let agents = Items::new(agents, agent_ends)?;
        agents
            .with_slice(WHAT, |agents| self.inner.try_compile(agents))?
            .map(|inner| Compiled { inner })
            .map_err(|e| oom(WHAT, e))
    }

    /// The sitemaps as a JSON array of strings.
    pub fn sitemaps_json(&self) -> Result<String, JsError> {
        let mut j = Json::default();
        j.begin_array();
        for sitemap in self.inner.sitemaps() {
            j.string(sitemap);
        }
        j.end_array();
        j.finish().map_err(|e| oom("listing the sitemaps", e))
    }

    /// The groups as JSON: `[{agents: [{value, line}], rules: [{kind,
    /// pattern, line}], isGlobal}]`; their crawl-delays are
    /// [`Parsed::group_crawl_delays`].
    pub fn groups_json(&self) -> Result<String, JsError> {
        let mut j = Json::default();
        j.begin_array();
        for group in self.inner.groups() {
            j.begin_object();
            j.key("agents");
            j.begin_array();
            for (value, line) in group.agents() {
                j.begin_object();
                j.field_string("value", value);
                j.field_number("line", line);
                j.end_object();
            }
            j.end_array();
            j.key("rules");
            j.begin_array();
            for rule in group.rules() {
                j.begin_object();
                let kind: &[u8] = match rule.kind {
                    RuleKind::Allow => b"allow",
                    RuleKind::Disallow => b"disallow",
                };
                j.field_string("kind", kind);
                j.field_string("pattern", rule.pattern);
                j.field_number("line", rule.line);
                j.end_object();
            }
            j.end_array();
            j.field_bool("isGlobal", group.is_global());
            j.end_object();
        }
        j.end_array();
        j.finish().map_err(|e| oom("listing the groups", e))
    }

    /// Each group's crawl-delay in seconds, NaN for none (JavaScript takes
    /// a value that is not finite as none): numbers, not JSON, so that the
    /// module needs no float formatting.
    pub fn group_crawl_delays(&self) -> Result<Vec<f64>, JsError> {
        let groups = self.inner.groups();
        let mut delays = vec_with_capacity(groups.len(), "listing the groups")?;
        delays.extend(groups.map(|group| group.crawl_delay().unwrap_or(f64::NAN)));
        Ok(delays)
    }

    /// The parsed robots.txt, for the exports of other files.
    pub(crate) fn robots(&self) -> &Robots {
        &self.inner
    }

    /// The crawl-delay that applies to the agent, in seconds; `undefined`
    /// when none does.
    pub fn crawl_delay(&self, agent: &[u8]) -> Option<f64> {
        self.inner.crawl_delay(agent)
    }

    /// Heap bytes held by the parsed object.
    pub fn heap_bytes(&self) -> f64 {
        self.inner.heap_bytes() as f64
    }
}

/// A [`Parsed`] narrowed to a fixed list of agents.
#[wasm_bindgen]
pub struct Compiled {
    inner: CompiledRobots,
}

#[wasm_bindgen]
impl Compiled {
    /// The packed answer for the staged URL; -1 when memory ran out.
    pub fn check_staged(&self, url_len: usize) -> f64 {
        with_staged(url_len, |url| self.inner.try_check(url).ok())
            .flatten()
            .map_or(OUT_OF_MEMORY, pack)
    }

    /// Whether the agents may fetch the staged URL: 1 or 0; 2 when memory
    /// ran out.
    pub fn allowed_staged(&self, url_len: usize) -> u32 {
        with_staged(url_len, |url| self.inner.try_allowed(url).ok())
            .flatten()
            .map_or(VERDICT_OUT_OF_MEMORY, u32::from)
    }

    /// The packed answers for each staged URL.
    pub fn check_many_staged(
        &self,
        total: usize,
        lens: &[u32],
        utf16: bool,
    ) -> Result<Vec<f64>, JsError> {
        each_staged(total, lens, utf16, |urls, out| {
            for url in urls {
                out.push(pack(self.inner.try_check(url).map_err(query_oom)?));
            }
            Ok(())
        })
    }

    /// Whether the agents may fetch each staged URL: 1 or 0.
    pub fn allowed_many_staged(
        &self,
        total: usize,
        lens: &[u32],
        utf16: bool,
    ) -> Result<Vec<u8>, JsError> {
        each_staged(total, lens, utf16, |urls, out| {
            for url in urls {
                out.push(u8::from(self.inner.try_allowed(url).map_err(query_oom)?));
            }
            Ok(())
        })
    }

    /// Whether a group names one of the agents.
    pub fn ever_seen_specific_agent(&self) -> bool {
        self.inner.ever_seen_specific_agent()
    }

    /// Heap bytes held by the compiled object.
    pub fn heap_bytes(&self) -> f64 {
        self.inner.heap_bytes() as f64
    }
}
