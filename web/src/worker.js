// The page's analysis thread: parses, checks and lints with the WebAssembly
// module, so that a 500 KiB file never holds up typing on the main thread.
//
// Request: {id, version, body, old, agentText, urlsText, origin, noRules}:
// the fields as typed; `old` is the earlier version for the comparison (null
// when not comparing); `noRules` is {allowed, why} when a fetch said the site
// has no rules to read.
// Reply: {id, version, key, urls, results, changes, findings,
// firstLinePastLimit, agentWarnings, ms} or {id, version, key, error}; `key`
// fingerprints the inputs (key.js).

import { loadEngine } from "./engine.js";
import { inputKey } from "./key.js";
import { agentList, urlList } from "./urls.js";

const enginePromise = loadEngine();

/** One body, parsed and linted once for as long as it stays the same. */
class Parsed {
  constructor(engine, body, withLint) {
    this.body = body;
    this.robots = engine.parse(body);
    this.lines = null;
    this.lint = withLint ? engine.lint(body) : null;
  }

  lineText(n) {
    this.lines ??= this.body.split("\n");
    return this.lines[n - 1] ?? "";
  }

  free() {
    this.robots.free();
  }
}

let current = null;
let earlier = null;

function parsedFor(engine, slot, body, withLint) {
  if (slot !== null && slot.body === body && (slot.lint !== null || !withLint)) return slot;
  slot?.free();
  return new Parsed(engine, body, withLint);
}

function answer(parsed, agents, urls, noRules) {
  if (noRules !== null) {
    return urls.map(() => ({ allowed: noRules.allowed, line: 0, specific: false, text: "" }));
  }
  return parsed.robots.check(agents, urls).map((a) => ({
    ...a,
    text: a.line > 0 ? parsed.lineText(a.line) : "",
  }));
}

self.onmessage = async ({ data: request }) => {
  const { id, version, body, old, agentText, urlsText, origin, noRules } = request;
  const key = inputKey([body, old ?? "", agentText, urlsText, origin, noRules === null ? "" : String(noRules.allowed)]);
  try {
    const engine = await enginePromise;
    const start = performance.now();
    const agents = agentList(agentText);
    const urls = urlList(urlsText, origin);
    current = parsedFor(engine, current, body, true);
    const results = answer(current, agents, urls, noRules);
    const pastLimit = current.lint.firstLinePastLimit;
    for (const r of results) r.pastLimit = pastLimit > 0 && r.line >= pastLimit;
    let changes = null;
    if (old !== null) {
      earlier = parsedFor(engine, earlier, old, false);
      const before = answer(earlier, agents, urls, null);
      changes = [];
      results.forEach((after, i) => {
        if (before[i].allowed !== after.allowed) {
          changes.push({ url: urls[i], old: before[i], new: after });
        }
      });
    } else if (earlier !== null) {
      earlier.free();
      earlier = null;
    }
    const agentWarnings = agents.filter((a) => !engine.isProductToken(a));
    self.postMessage({
      id,
      version,
      key,
      urls,
      results,
      changes,
      findings: current.lint.findings,
      firstLinePastLimit: pastLimit,
      agentWarnings,
      ms: performance.now() - start,
    });
  } catch (error) {
    self.postMessage({ id, version, key, error: String(error?.stack ?? error) });
  }
};
