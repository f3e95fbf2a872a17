// The shared cases of spec/cases/ typed into the page: each `allowed`
// check's body pasted into the editor, each agent into the agent field, its
// URLs into the URL list. The verdicts (and the deciding lines, where the
// case gives them) must be the case's; every deciding line and own-group
// mark must be the Rust core's (`robots --check --explain`).
//
// The page shows verdicts only, and takes what a person can type: a check
// of another kind, and a query the fields cannot hold as it is, are counted
// as skipped, by reason, in the closing line.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { REPO, editorText, fill, launchBrowser, openPage, readResults, rustAnswers, startServer } from "./harness.mjs";

const CASES = join(REPO, "spec", "cases");
/** The longest body pasted: Google's long-line cases (33 KB) are, the 600 KB one is not. */
const MAX_PASTE = 64 * 1024;
const encoder = new TextEncoder();
const strict = new TextDecoder("utf-8", { fatal: true });

/** A bytes value: a string, or a list of strings, {hex} and {repeat, times} segments. */
function bytesOf(value) {
  if (typeof value === "string") return encoder.encode(value);
  const parts = value.map((segment) => {
    if (typeof segment === "string") return encoder.encode(segment);
    if ("hex" in segment) return Uint8Array.from(segment.hex.match(/../g) ?? [], (h) => parseInt(h, 16));
    const unit = bytesOf(segment.repeat);
    const out = new Uint8Array(unit.length * segment.times);
    for (let i = 0; i < segment.times; i++) out.set(unit, i * unit.length);
    return out;
  });
  return Uint8Array.from(parts.flatMap((p) => Array.from(p)));
}

/** The bytes as text a person can type, or null: UTF-8 with no control character but line ends and tabs. */
function typable(value, { lines }) {
  let text;
  try {
    text = strict.decode(bytesOf(value));
  } catch {
    return null;
  }
  const allowed = lines ? /^[\t\n\r]$/ : /^\t$/;
  for (const ch of text) {
    if ((/\p{Cc}/u.test(ch) && !allowed.test(ch)) || ch === "\ufeff") return null;
  }
  return text;
}

/** Why a query cannot be typed as it is, or null when it can. */
function untypable(robots, agent, url) {
  if (robots === null) return "a body the editor cannot hold (control bytes, invalid UTF-8, a byte order mark)";
  if (robots.length > MAX_PASTE) return "a body over 64 KiB (filling the editor takes longer than the test waits)";
  if (url === "") return "an empty URL (a URL list has no empty line)";
  if (url === null || url.trim() !== url || /[\r\n]/.test(url)) return "a URL with control bytes or spaces at its ends";
  if (url.startsWith("/") && !url.startsWith("//")) return "a path (the page completes it against its site field)";
  if (agent === null || agent.includes(",") || agent.trim() !== agent) return "an agent with a comma, spaces at its ends or control bytes";
  return null;
}

const skipped = new Map();
const skip = (why) => skipped.set(why, (skipped.get(why) ?? 0) + 1);
const counts = { checks: 0, cases: 0 };

/** The cases with something to type: [name, [{robots, agent, queries}]] each. */
const cases = [];
for (const file of readdirSync(CASES, { recursive: true }).filter((f) => f.endsWith(".json")).sort()) {
  const doc = JSON.parse(readFileSync(join(CASES, file), "utf8"));
  for (const t of doc.tests) {
    const fills = [];
    for (const check of t.checks) {
      if (check.kind !== "allowed") {
        skip(`a check of kind ${check.kind} (the page shows verdicts only)`);
        continue;
      }
      const robots = typable(check.robots, { lines: true });
      for (const q of check.queries) {
        const agent = q.agent === "" ? "" : typable(q.agent, { lines: false });
        const url = typable(q.url, { lines: false });
        const why = untypable(robots, agent, url);
        if (why !== null) {
          skip(why);
          continue;
        }
        let f = fills.find((x) => x.robots === robots && x.agent === agent);
        if (f === undefined) fills.push((f = { robots, agent, queries: [] }));
        f.queries.push({ ...q, url });
      }
    }
    if (fills.length > 0) cases.push([`${doc.suite}.${t.name}`, fills]);
  }
}

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await openPage(browser, server.url);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  const skips = [...skipped].map(([why, n]) => `${n} ${why}`).join("; ");
  console.log(`spec: ${counts.checks} checks in ${counts.cases} cases through the tester page; skipped: ${skips}`);
});

for (const [name, fills] of cases) {
  test(`${name}: the case's verdicts, the Rust core's deciding lines`, async () => {
    counts.cases += 1;
    for (const { robots, agent, queries } of fills) {
      const urls = queries.map((q) => q.url);
      await fill(page, { robots, agent, urls: urls.join("\n") });
      const shown = await readResults(page);
      // The page tests the text as the editor holds it (line breaks as "\n").
      const rust = rustAnswers(editorText(robots), [agent], urls);
      assert.equal(shown.length, urls.length, "one result row per URL");
      queries.forEach((q, i) => {
        const what = `${agent} ${q.url.length > 80 ? `${q.url.slice(0, 80)}…` : q.url}`;
        assert.equal(shown[i].url, q.url, what);
        assert.equal(shown[i].verdict, q.allowed ? "ALLOWED" : "DISALLOWED", `${what}: the case's verdict`);
        assert.equal(rust[i].allowed, q.allowed, `${what}: the Rust core agrees with the case`);
        assert.equal(shown[i].line, rust[i].line, `${what}: deciding line`);
        if (q.line !== undefined) assert.equal(shown[i].line, q.line, `${what}: the case's deciding line`);
        assert.equal(shown[i].specific, rust[i].specific, `${what}: own group`);
        if (q.specific !== undefined) assert.equal(shown[i].specific, q.specific, `${what}: the case's own group`);
        counts.checks += 1;
      });
    }
    assert.deepEqual(page.errors, [], "no error in the page");
  });
}
