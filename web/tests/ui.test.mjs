// The page as a person uses it: clicking a deciding line, comparing two
// versions, reading lint marks, the keyboard alone, a phone's width. The
// expected values are worked out by hand from Google's rules (longest match
// wins, allow wins a tie, a crawler with its own group ignores `*`).

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";

import { REPO, fill, launchBrowser, openPage, readResults, settle, startServer } from "./harness.mjs";
import { PAGE_HEADER } from "../src/live.js";

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A file whose deciding lines are far apart: 200 lines of comments between. */
const LONG_FILE = [
  "User-agent: *",
  "Disallow: /top/",
  ...Array.from({ length: 200 }, (_, i) => `# filler ${i + 1}`),
  "Disallow: /bottom/",
  "",
].join("\n");

/** The editor line with the deciding-line mark: its text and whether it is in view. */
function highlighted(page) {
  return page.evaluate(() => {
    const marked = [...document.querySelectorAll("#editor .cm-deciding-line")];
    const scroller = document.querySelector("#editor .cm-scroller").getBoundingClientRect();
    return marked.map((line) => {
      const box = line.getBoundingClientRect();
      return { text: line.textContent, visible: box.top >= scroller.top && box.bottom <= scroller.bottom };
    });
  });
}

/**
 * The highlighted line once the editor has finished scrolling. CodeMirror
 * measures and scrolls over a few animation frames (more on a busy machine),
 * so this reads again until the line is in view or five seconds pass, and
 * returns the last reading either way for the assertion to judge.
 */
async function highlightedAfterScroll(page) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const marked = await highlighted(page);
    if ((marked.length > 0 && marked.every((m) => m.visible)) || Date.now() > deadline) return marked;
    await page.waitForTimeout(50);
  }
}

test("clicking a result's deciding line highlights that line and scrolls it into view", async () => {
  const page = await openPage(browser, server.url);
  await fill(page, {
    robots: LONG_FILE,
    agent: "Googlebot",
    urls: "https://example.com/top/a\nhttps://example.com/bottom/b\nhttps://example.com/other",
  });
  const rows = await readResults(page);
  // Google: the only rule matching each URL decides it; none matches /other.
  assert.deepEqual(
    rows.map((r) => [r.verdict, r.line]),
    [
      ["DISALLOWED", 2],
      ["DISALLOWED", 203],
      ["ALLOWED", 0],
    ],
  );
  assert.deepEqual(await highlighted(page), [], "nothing highlighted before a click");

  await page.getByTestId("result").nth(1).getByRole("button").click();
  assert.deepEqual(await highlightedAfterScroll(page), [{ text: "Disallow: /bottom/", visible: true }]);

  await page.getByTestId("result").nth(0).getByRole("button").click();
  assert.deepEqual(await highlightedAfterScroll(page), [{ text: "Disallow: /top/", visible: true }]);

  // No rule decided: there is no line to show, so no button.
  assert.equal(await page.getByTestId("result").nth(2).getByRole("button").count(), 0);
  assert.match(await page.getByTestId("result").nth(2).textContent(), /no rule matched/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// A hand-made pair of versions. Line numbers:
//   old: 1 UA *, 2 Disallow /private/, 3 Allow /private/public/, 5 UA Googlebot, 6 Disallow /tmp/
//   new: 1 UA *, 2 Disallow /private/, 3 Disallow /drafts/, 5 UA Googlebot, 6 Disallow /tmp/,
//        7 Disallow /*.pdf$, 8 Allow /tmp/shared/
const OLD = "User-agent: *\nDisallow: /private/\nAllow: /private/public/\n\nUser-agent: Googlebot\nDisallow: /tmp/\n";
const NEW =
  "User-agent: *\nDisallow: /private/\nDisallow: /drafts/\n\n" +
  "User-agent: Googlebot\nDisallow: /tmp/\nDisallow: /*.pdf$\nAllow: /tmp/shared/\n";
const DIFF_URLS = [
  "https://example.com/private/x",
  "https://example.com/private/public/x",
  "https://example.com/drafts/a",
  "https://example.com/tmp/a",
  "https://example.com/tmp/shared/doc",
  "https://example.com/tmp/shared/x.pdf",
  "https://example.com/report.pdf",
  "https://example.com/report.pdf?x=1",
];

test("the comparison lists exactly the URLs whose verdict changes, with both deciding lines", async () => {
  const page = await openPage(browser, server.url);
  await fill(page, { old: OLD, robots: NEW, agent: "Googlebot", urls: DIFF_URLS.join("\n") });
  const changes = (await readResults(page, "change")).map((c) => [c.url, c.oldLine, c.newLine, c.text]);
  // Googlebot has its own group in both versions, so "*" never applies:
  // /tmp/shared/doc: old Disallow /tmp/ (6); new Allow /tmp/shared/ (8) is longer.
  // /tmp/shared/x.pdf: old line 6; new: Allow /tmp/shared/ (12 chars) beats
  //   /*.pdf$ (7) and /tmp/ (5).
  // /report.pdf: old no rule (0), new Disallow /*.pdf$ (7); with ?x=1 the $ fails.
  assert.deepEqual(
    changes.map(([url, o, n]) => [url, o, n]),
    [
      ["https://example.com/tmp/shared/doc", 6, 8],
      ["https://example.com/tmp/shared/x.pdf", 6, 8],
      ["https://example.com/report.pdf", 0, 7],
    ],
  );
  assert.match(changes[0][3], /^DISALLOWED→ALLOWED/);
  assert.match(changes[2][3], /^ALLOWED→DISALLOWED/);

  // Bingbot has no group of its own: the "*" groups decide.
  // /private/public/x: old Allow /private/public/ (3) beats Disallow /private/ (2);
  //   new: only Disallow /private/ (2).
  // /drafts/a: old no rule; new Disallow /drafts/ (3).
  await fill(page, { agent: "Bingbot" });
  const bing = (await readResults(page, "change")).map((c) => [c.url, c.oldLine, c.newLine]);
  assert.deepEqual(bing, [
    ["https://example.com/private/public/x", 3, 2],
    ["https://example.com/drafts/a", 0, 3],
  ]);

  // The earlier version's line opens in the earlier editor.
  await page.getByTestId("change").nth(0).getByRole("button", { name: /earlier line 3/ }).click();
  const oldMark = await page.locator("#old-editor .cm-deciding-line").allTextContents();
  assert.deepEqual(oldMark, ["Allow: /private/public/"]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a rule without a leading '/' gets a lint mark in the gutter, on its line", async () => {
  const page = await openPage(browser, server.url);
  await fill(page, { robots: "User-agent: *\nDisallow: private/\nDisallow: /ok/\n" });
  // The core's lint: a pattern starting with neither '/' nor '*' never matches.
  const findings = await page.getByTestId("finding").evaluateAll((rows) =>
    rows.map((r) => [Number(r.dataset.line), r.dataset.code, r.querySelector(".severity").textContent]),
  );
  assert.deepEqual(findings, [[2, "rule-never-matches", "error"]]);
  await page.locator("#editor .cm-lint-marker-error").waitFor();
  const marks = await page.evaluate(() => {
    const lines = [...document.querySelectorAll("#editor .cm-line")].map((l) => l.getBoundingClientRect());
    return [...document.querySelectorAll("#editor .cm-lint-marker")].map((m) => {
      const box = m.getBoundingClientRect();
      const middle = (box.top + box.bottom) / 2;
      return {
        line: lines.findIndex((l) => middle >= l.top && middle <= l.bottom) + 1,
        error: m.classList.contains("cm-lint-marker-error"),
      };
    });
  });
  assert.deepEqual(marks, [{ line: 2, error: true }]);
  // The explanation is one hover away, and in the list for the keyboard.
  await page.locator("#editor .cm-lint-marker-error").hover();
  await page.locator(".cm-tooltip-lint").waitFor();
  assert.match(await page.locator(".cm-tooltip-lint").textContent(), /neither '\/' nor '\*'/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("an agent that is not a product token gets the CLI's warning", async () => {
  const page = await openPage(browser, server.url);
  await fill(page, { robots: "User-agent: Googlebot\nDisallow: /\n", agent: "Googlebot/2.1", urls: "/x" });
  assert.match(await page.locator("#agent-warning").textContent(), /not a product token/);
  // Google's matcher compares "Googlebot/2.1" whole: no group names it.
  assert.deepEqual((await readResults(page)).map((r) => [r.verdict, r.line]), [["ALLOWED", 0]]);
  await fill(page, { agent: "Googlebot" });
  assert.equal(await page.locator("#agent-warning").textContent(), "");
  assert.deepEqual((await readResults(page)).map((r) => [r.verdict, r.line]), [["DISALLOWED", 2]]);
  await page.close();
});

test("every control has a name, and the keyboard alone reaches and works them", async () => {
  const page = await openPage(browser, server.url);
  for (const [role, name] of [
    ["textbox", /^robots\.txt/],
    ["combobox", /^User agent/],
    ["textbox", /^Site for paths/],
    ["textbox", /^URLs or paths/],
    ["textbox", /^Load a live site/],
    ["combobox", /^Policy/],
    ["button", /^Load$/],
    ["button", /^Open a file/],
  ]) {
    assert.equal(await page.getByRole(role, { name }).count(), 1, `${role} named ${name}`);
  }

  // Tab from the top of the page to the editor, type a file, Tab on (Tab
  // leaves the editor) to the agent field and the URL list.
  const focused = () => page.evaluate(() => document.activeElement?.dataset.testid ?? document.activeElement?.id);
  const tabTo = async (target) => {
    for (let i = 0; i < 15; i++) {
      if ((await focused()) === target) return;
      await page.keyboard.press("Tab");
    }
    assert.fail(`Tab never reached ${target}`);
  };
  await tabTo("robots");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("User-agent: *\nDisallow: /a\n");
  await page.keyboard.press("Tab");
  assert.notEqual(await focused(), "robots", "Tab leaves the editor");
  await tabTo("agent");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Googlebot");
  await tabTo("urls");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("/a/b\n/c");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=result]").length === 2);
  await page.waitForSelector("#results[data-state=ready]");
  assert.deepEqual((await readResults(page)).map((r) => [r.verdict, r.line]), [
    ["DISALLOWED", 2],
    ["ALLOWED", 0],
  ]);
  // On to the first result's line button; Enter shows the line.
  for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.classList.contains("line"))); i++) {
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
  assert.deepEqual(await page.locator("#editor .cm-deciding-line").allTextContents(), ["Disallow: /a"]);
  await page.close();
});

test("readable at 320 px: nothing wider than the screen", async () => {
  const page = await openPage(browser, server.url, { width: 320, height: 640 });
  await fill(page, {
    robots: "User-agent: *\nDisallow: /a-rather-long-path-name-that-would-not-fit/\n",
    agent: "Googlebot",
    urls: "https://www.example.com/a-rather-long-path-name-that-would-not-fit/and/more?with=query",
  });
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    widest: Math.max(
      ...[...document.querySelectorAll("main *, header *, footer *")]
        .filter((e) => !e.closest(".cm-editor"))
        .map((e) => e.getBoundingClientRect().right),
    ),
  }));
  assert.ok(widths.page <= 320, `page is ${widths.page} px wide`);
  assert.ok(widths.widest <= 320, `an element reaches ${widths.widest} px`);
  assert.equal((await readResults(page))[0].verdict, "DISALLOWED");
  await page.close();
});

/** A site on 127.0.0.1 whose /robots.txt answers `status` with `body`. */
async function site(status, body) {
  const server = createServer((request, response) => {
    if (request.url !== "/robots.txt") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(status, { "content-type": "text/plain" }).end(body);
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((done) => server.close(done)),
  };
}

test("loading a live site fills the editor and says what the fetch means", async () => {
  const page = await openPage(browser, server.url);
  const body = "User-agent: *\nDisallow: /cart/\n";
  const good = await site(200, body);
  const down = await site(503, "busy");
  try {
    // Typed as a person does, Enter submits.
    await page.getByLabel("Load a live site's robots.txt").fill(`${good.origin}/some/page`);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => /HTTP 200/.test(document.getElementById("file-status").textContent));
    assert.match(await page.locator("#file-status").textContent(), /its rules apply/);
    // Paths are now completed against the site that was loaded.
    assert.equal(await page.locator("#origin").inputValue(), good.origin);
    assert.deepEqual(await page.locator("#editor .cm-line").allTextContents(), ["User-agent: *", "Disallow: /cart/", ""]);
    await settle(page, body);
    await fill(page, { agent: "Googlebot", urls: "/cart/1\n/shop" });
    assert.deepEqual((await readResults(page)).map((r) => [r.url, r.verdict, r.line]), [
      [`${good.origin}/cart/1`, "DISALLOWED", 2],
      [`${good.origin}/shop`, "ALLOWED", 0],
    ]);

    // Google: a 5xx means the site may not be crawled at all for now.
    await page.getByLabel("Load a live site's robots.txt").fill(down.origin);
    await page.getByRole("button", { name: "Load" }).click();
    await page.waitForFunction(() => /HTTP 503/.test(document.getElementById("file-status").textContent));
    assert.match(await page.locator("#file-status").textContent(), /every URL is disallowed \(Google\)/);
    await page.waitForFunction(
      () =>
        document.getElementById("results").dataset.state === "ready" &&
        [...document.querySelectorAll("[data-testid=result]")].every((r) => r.textContent.includes("no rules")),
    );
    assert.deepEqual((await readResults(page)).map((r) => [r.verdict, r.line]), [
      ["DISALLOWED", 0],
      ["DISALLOWED", 0],
    ]);
    // Typing a file of one's own replaces the fetch's verdict.
    await fill(page, { robots: "User-agent: *\nDisallow: /shop\n" });
    assert.deepEqual((await readResults(page)).map((r) => [r.verdict, r.line]), [
      ["ALLOWED", 0],
      ["DISALLOWED", 2],
    ]);
    assert.deepEqual(page.errors, []);
  } finally {
    await good.stop();
    await down.stop();
    await page.close();
  }
});

test("the server fetches for the page only: the same request without the page's field is refused", async () => {
  const page = await openPage(browser, server.url);
  const good = await site(200, "User-agent: *\nDisallow: /\n");
  try {
    // What a cross-site <img> or form could send (no custom field), then
    // what live.js sends.
    const statuses = await page.evaluate(
      async ([origin, field]) => {
        const url = `/api/fetch?url=${encodeURIComponent(origin)}`;
        const bare = await fetch(url);
        const fromPage = await fetch(url, { headers: field });
        return [bare.status, fromPage.status, fromPage.headers.get("x-content-type-options")];
      },
      [good.origin, PAGE_HEADER],
    );
    assert.deepEqual(statuses, [403, 200, "nosniff"]);
  } finally {
    await good.stop();
    await page.close();
  }
});

test("screenshot of the page for the README", async () => {
  const page = await openPage(browser, server.url, { width: 1280, height: 1000 });
  // The page as it opens, with the deciding line of a disallowed URL shown.
  await page.getByTestId("result").nth(3).getByRole("button").click();
  const path = process.env.WEB_SCREENSHOT ?? join(REPO, "target", "web", "web-tester.png");
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
  console.log(`screenshot: ${path}`);
  await page.close();
});
