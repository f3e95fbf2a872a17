// Google's test cases typed into the page: each file pasted into the editor,
// the agent into the agent field, the URLs into the URL list. The verdicts
// must be Google's (as its tests state them), and the deciding lines and the
// own-group flag those of the Rust core (`robots --check --explain`).

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { CASES } from "./google-cases.mjs";
import { editorText, fill, launchBrowser, openPage, readResults, rustAnswers, startServer } from "./harness.mjs";

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
});

for (const { test: name, robots, checks } of CASES) {
  test(`${name}: Google's verdicts, the Rust core's deciding lines`, async () => {
    // One fill per agent: the URL list holds every URL asked for that agent.
    const agents = [...new Set(checks.map(([agent]) => agent))];
    let first = true;
    for (const agent of agents) {
      const mine = checks.filter(([a]) => a === agent);
      const urls = mine.map(([, url]) => url);
      await fill(page, { ...(first ? { robots } : {}), agent, urls: urls.join("\n") });
      first = false;
      const shown = await readResults(page);
      // The page tests the text as the editor holds it (line breaks as "\n").
      const rust = rustAnswers(editorText(robots), [agent], urls);
      assert.equal(shown.length, urls.length, "one result row per URL");
      mine.forEach(([, url, allowed, line], i) => {
        const what = `${agent} ${url.length > 80 ? `${url.slice(0, 80)}…` : url}`;
        assert.equal(shown[i].url, url, what);
        assert.equal(shown[i].verdict, allowed ? "ALLOWED" : "DISALLOWED", `${what}: Google's verdict`);
        assert.equal(rust[i].allowed, allowed, `${what}: the Rust core agrees with Google`);
        assert.equal(shown[i].line, rust[i].line, `${what}: deciding line`);
        if (line !== undefined) assert.equal(shown[i].line, line, `${what}: Google's line count`);
        assert.equal(shown[i].specific, rust[i].specific, `${what}: own group`);
      });
    }
    assert.deepEqual(page.errors, [], "no error in the page");
  });
}
