// What the browser tests share: the page served by `robots --serve` on
// 127.0.0.1, Debian's Chromium driven by playwright-core, filling the page as
// a person does, and the Rust core's answers from the `robots` CLI.

import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { inputKey } from "../src/key.js";

export const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const REPO = resolve(WEB, "..");
export const CORPUS = process.env.ROBOTSTXT_CORPUS ?? resolve(REPO, "..", "shared", "corpus");

/** The `robots` binary: $ROBOTS_BIN, else the debug build of this checkout. */
export const ROBOTS =
  process.env.ROBOTS_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(REPO, "target"), "debug", "robots");

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

/**
 * Starts `robots --serve --port 0` and resolves to `{url, stop}` once it
 * says where it listens.
 */
export function startServer(extraArgs = []) {
  if (!existsSync(ROBOTS)) throw new Error(`no robots binary at ${ROBOTS} (build the CLI, or set ROBOTS_BIN)`);
  const child = spawn(ROBOTS, ["--serve", "--port", "0", ...extraArgs], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolvePromise, reject) => {
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const match = stdout.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (match) {
        resolvePromise({
          url: match[0],
          stop: () =>
            new Promise((done) => {
              child.once("exit", done);
              child.kill();
            }),
        });
      }
    });
    child.once("exit", (code) => reject(new Error(`robots --serve exited (${code}): ${stderr}`)));
  });
}

/** Debian's Chromium, headless, with a fresh profile and no network of its own. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "robotstxt-web-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new tab on the page, ready for input (the analysis thread has answered once). */
export async function openPage(browser, url, viewport) {
  const page = await browser.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on("pageerror", (error) => errors.push(error));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(new Error(message.text()));
  });
  page.errors = errors;
  await page.goto(url);
  await page.waitForSelector("#results[data-state=ready]");
  return page;
}

/** The text CodeMirror holds for `text`: every line break is "\n". */
export const editorText = (text) => text.replace(/\r\n?/g, "\n");

/** What each page's editors hold, as the tests filled them. */
const texts = new WeakMap();

/**
 * Fills the fields given (as a person pastes into them) and waits until the
 * results on the page are those of the inputs on the page.
 *
 * @param {import("playwright-core").Page} page
 * @param {{robots?: string, old?: string, agent?: string, urls?: string}} fields
 */
export async function fill(page, fields) {
  const held = texts.get(page) ?? {};
  if (fields.old !== undefined) {
    await page.locator("#compare").evaluate((d) => (d.open = true));
    await page.getByTestId("old").fill(fields.old);
    held.old = editorText(fields.old);
  }
  if (fields.robots !== undefined) {
    await page.getByTestId("robots").fill(fields.robots);
    held.robots = editorText(fields.robots);
  }
  texts.set(page, held);
  if (fields.agent !== undefined) await page.getByTestId("agent").fill(fields.agent);
  if (fields.urls !== undefined) await page.getByTestId("urls").fill(fields.urls);
  await settle(page);
}

/**
 * Waits until the results shown belong to the inputs shown. `robots` is the
 * editor's text when the page set it itself (a file opened).
 */
export async function settle(page, robots) {
  const held = texts.get(page) ?? {};
  if (robots !== undefined) held.robots = editorText(robots);
  texts.set(page, held);
  if (held.robots === undefined) throw new Error("settle: the test has not set the editor's text");
  const inputs = await page.evaluate(() => ({
    agent: document.getElementById("agent").value,
    urls: document.getElementById("urls").value,
    origin: document.getElementById("origin").value,
    comparing: document.getElementById("compare").open,
  }));
  const old = inputs.comparing ? (held.old ?? "") : "";
  const key = inputKey([held.robots, old, inputs.agent, inputs.urls, inputs.origin, ""]);
  await page.waitForFunction(
    (k) => {
      const results = document.getElementById("results");
      return results.dataset.for === k && results.dataset.state === "ready";
    },
    key,
    { timeout: 60_000 },
  );
}

/** The result rows: `{verdict, line, url, text}` each. */
export function readResults(page, testId = "result") {
  return page.getByTestId(testId).evaluateAll((rows) =>
    rows.map((row) => ({
      verdict: row.querySelector(".verdict")?.textContent ?? "",
      text: row.textContent,
      line: Number(row.dataset.line),
      oldLine: row.dataset.oldLine === undefined ? undefined : Number(row.dataset.oldLine),
      newLine: row.dataset.newLine === undefined ? undefined : Number(row.dataset.newLine),
      url: row.dataset.url,
      specific: row.querySelector(".group")?.textContent === "own group",
      pastLimit: row.querySelector(".past-limit") !== null,
    })),
  );
}

/**
 * The Rust core's answers for one body: `robots --check FILE --agent A...
 * --explain --json --no-size-limit`, URLs on standard input: `{allowed,
 * line, specific, pastLimit}` per URL.
 */
export function rustAnswers(body, agents, urls) {
  const dir = mkdtempSync(join(tmpdir(), "robotstxt-answers-"));
  try {
    const file = join(dir, "robots.txt");
    writeFileSync(file, body);
    const args = ["--check", file, ...agents.flatMap((a) => ["--agent", a])];
    args.push("--urls", "-", "--explain", "--json", "--no-size-limit");
    const run = spawnSync(ROBOTS, args, { input: urls.join("\n") + "\n", maxBuffer: 1 << 28 });
    if (run.status !== 0 && run.status !== 1) {
      throw new Error(`robots --check failed (${run.status}): ${run.stderr}`);
    }
    const answers = run.stdout
      .toString()
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l))
      .map((a) => ({
        allowed: a.allowed,
        line: a.line ?? 0,
        specific: a.specific_group,
        pastLimit: a.past_size_limit ?? false,
      }));
    if (answers.length !== urls.length) throw new Error(`robots --check gave ${answers.length} answers for ${urls.length} URLs`);
    return answers;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Whether the corpus is there. When not: says so loudly, appends the test to
 * $ROBOTSTXT_SKIP_LOG when that names a file (scripts/test-all.sh counts
 * those lines in its closing line), or fails when ROBOTSTXT_REQUIRE_CORPUS=1
 * (scripts/test-all.sh --require-corpus).
 */
export function corpusOrSkip(t) {
  if (existsSync(join(CORPUS, "robotfiles"))) return true;
  const reason = `no corpus at ${CORPUS} (see the README, "The corpus")`;
  if (process.env.ROBOTSTXT_REQUIRE_CORPUS === "1") {
    throw new Error(`${t.name}: ${reason}, and ROBOTSTXT_REQUIRE_CORPUS=1 requires it`);
  }
  console.error(`\n*** SKIPPED ${t.name} (browser): ${reason} ***\n`);
  if (process.env.ROBOTSTXT_SKIP_LOG) {
    appendFileSync(process.env.ROBOTSTXT_SKIP_LOG, `web\t${t.name}\t${reason}\n`);
  }
  t.skip(reason);
  return false;
}

export const readCorpusFile = (...parts) => readFileSync(join(CORPUS, ...parts));
