// Real files: a fixed sample of the corpus (../shared/corpus), each file
// opened in the page as a person opens one (the file input), then URLs typed
// into the URL list: the first of the site's own link list, and paths the
// file's rules name (spread over the file, so that a large file's last
// rules, past 500 KiB, are asked about too). Every verdict, deciding line, own-group flag and
// "past 500 KiB" mark must be the Rust core's for the text the page shows.

import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";

import {
  CORPUS,
  corpusOrSkip,
  editorText,
  fill,
  launchBrowser,
  openPage,
  readCorpusFile,
  readResults,
  rustAnswers,
  settle,
  startServer,
} from "./harness.mjs";

/** Sites in the sample, spread evenly over the corpus in name order. */
const SITES = 40;
/** URLs per site from its link list, and paths from its rules. */
const URLS_PER_SITE = 8;
const RULE_PATHS_PER_SITE = 4;
/** The largest files, over Googlebot's 500 KiB, are in the sample too. */
const LARGE = ["docs.oracle.com"];
/** The agent lists, in turn: a crawler with its own groups in many files, one without, and two tokens. */
const AGENTS = ["Googlebot", "Bingbot", "Googlebot-Image, Googlebot"];

/**
 * Paths the rules of `text` name, `n` of them spread evenly over the file:
 * each pattern up to its first `*` or `$`, on the site's origin.
 */
function rulePaths(site, text, n) {
  const paths = [];
  for (const line of text.split("\n")) {
    const match = line.match(/^\s*(?:dis)?allow\s*:?\s*(\/[^\s*$#]*)/i);
    if (match) paths.push(`https://${site}${match[1]}`);
  }
  if (paths.length <= n) return paths;
  return Array.from({ length: n }, (_, i) => paths[Math.floor(((i + 1) * paths.length) / n) - 1]);
}

function sample() {
  const files = new Set(readdirSync(join(CORPUS, "robotfiles")));
  const sites = readdirSync(join(CORPUS, "links"))
    .filter((site) => files.has(site))
    .sort();
  const step = Math.max(1, Math.floor(sites.length / SITES));
  const chosen = sites.filter((_, i) => i % step === 0).slice(0, SITES);
  for (const site of LARGE) if (sites.includes(site) && !chosen.includes(site)) chosen.push(site);
  return chosen.map((site, i) => {
    const urls = readCorpusFile("links", site)
      .toString("utf8")
      .split("\n")
      .map((u) => u.trim())
      .filter((u) => u !== "" && !u.includes("\t"))
      .slice(0, URLS_PER_SITE);
    const text = new TextDecoder().decode(readCorpusFile("robotfiles", site));
    urls.push(...rulePaths(site, text, RULE_PATHS_PER_SITE));
    return { site, urls, agent: AGENTS[i % AGENTS.length] };
  });
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
});

test("corpus files opened in the page give the Rust core's answers", async (t) => {
  if (!corpusOrSkip(t)) return;
  const sites = sample();
  let pairs = 0;
  let disallowed = 0;
  let pastLimit = 0;
  for (const { site, urls, agent } of sites) {
    const bytes = readCorpusFile("robotfiles", site);
    // What the page shows: the bytes as UTF-8 (invalid bytes as U+FFFD, a
    // byte order mark kept), line breaks as "\n".
    const text = editorText(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
    await page.locator("#open-file").setInputFiles({ name: site, mimeType: "text/plain", buffer: bytes });
    await settle(page, text);
    await fill(page, { agent, urls: urls.join("\n") });
    const shown = await readResults(page);
    const rust = rustAnswers(text, agent.split(",").map((a) => a.trim()), urls);
    assert.equal(shown.length, urls.length, `${site}: one row per URL`);
    urls.forEach((url, i) => {
      const what = `${site} ${agent} ${url}`;
      assert.equal(shown[i].url, url, what);
      assert.equal(shown[i].verdict, rust[i].allowed ? "ALLOWED" : "DISALLOWED", `${what}: verdict`);
      assert.equal(shown[i].line, rust[i].line, `${what}: deciding line`);
      assert.equal(shown[i].specific, rust[i].specific, `${what}: own group`);
      assert.equal(shown[i].pastLimit, rust[i].pastLimit, `${what}: past 500 KiB`);
      pairs += 1;
      if (!rust[i].allowed) disallowed += 1;
      if (rust[i].pastLimit) pastLimit += 1;
    });
    assert.match(await page.locator("#file-status").textContent(), new RegExp(`Opened ${site.replace(/\./g, "\\.")}`));
  }
  console.log(
    `corpus: ${pairs} (file, URL) pairs from ${sites.length} files: ${disallowed} disallowed, ` +
      `${pastLimit} decided past 500 KiB`,
  );
  assert.ok(pairs >= 250, `a few hundred pairs checked (${pairs})`);
  assert.ok(disallowed > pairs / 10 && disallowed < pairs, "both verdicts occur in the sample");
  assert.ok(pastLimit > 0, "some answers are decided past 500 KiB");
  assert.deepEqual(page.errors, [], "no error in the page");
});
