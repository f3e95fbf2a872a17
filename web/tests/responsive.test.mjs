// A 600 KB file stays editable: typing into it lands every keystroke, in
// order, and the results follow the edit. The typing latency is measured
// and printed (a measurement, not a pass mark): from each keydown to the
// end of the frame that follows it, on the page's main thread, while the
// analysis thread re-reads the file.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { fill, launchBrowser, openPage, readResults, settle, startServer } from "./harness.mjs";

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

/** About 600 KB of rules: a Googlebot group, then many sections of `*`. */
function bigFile() {
  const lines = ["User-agent: Googlebot", "Disallow: /private/", "", "User-agent: *"];
  let size = 0;
  for (let i = 0; size < 600_000; i++) {
    const line = `Disallow: /section-${i}/page-${i % 97}/`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.push("");
  return lines.join("\n");
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

test("typing into a 600 KB file lands every keystroke and the results follow", async () => {
  const page = await openPage(browser, server.url);
  const text = bigFile();
  assert.ok(text.length >= 600_000, `${text.length} bytes`);
  await page.locator("#open-file").setInputFiles({ name: "big.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
  await settle(page, text);
  // Parsing, linting and checking the whole file once, in the worker.
  const analysis = Number(await page.locator("#results").getAttribute("data-ms"));
  await fill(page, { agent: "Googlebot", urls: "https://example.com/private/x\nhttps://example.com/section-7/page-7/" });
  // Googlebot's own group decides: /private/ (line 2); no rule of its group matches the second.
  assert.deepEqual((await readResults(page)).map((r) => [r.verdict, r.line]), [
    ["DISALLOWED", 2],
    ["ALLOWED", 0],
  ]);

  // Type at the end of line 2, as a quick typist does (one key every 40 ms):
  // "Disallow: /private/" becomes "Disallow: /private/only-this-folder/".
  const typed = "only-this-folder/";
  await page.locator("#editor .cm-line").nth(1).click();
  await page.keyboard.press("End");
  await page.evaluate(() => {
    window.typingLatency = [];
    window.longTasks = [];
    document.addEventListener(
      "keydown",
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => window.typingLatency.push(performance.now() - start), 0));
      },
      { capture: true },
    );
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({
      type: "longtask",
    });
  });

  const started = Date.now();
  await page.keyboard.type(typed, { delay: 40 });
  const typingMs = Date.now() - started;
  const edited = text.replace("Disallow: /private/\n", `Disallow: /private/${typed}\n`);
  await settle(page, edited);
  const settledMs = Date.now() - started - typingMs;

  assert.equal(
    await page.locator("#editor .cm-line").nth(1).textContent(),
    `Disallow: /private/${typed}`,
    "every keystroke landed, in order",
  );
  // The rule now covers only /private/only-this-folder/: /private/x is allowed.
  assert.deepEqual((await readResults(page)).map((r) => [r.verdict, r.line]), [
    ["ALLOWED", 0],
    ["ALLOWED", 0],
  ]);

  const { latency, longTasks } = await page.evaluate(() => ({
    latency: window.typingLatency,
    longTasks: window.longTasks,
  }));
  const sorted = [...latency].sort((a, b) => a - b);
  assert.equal(sorted.length, typed.length, "one measurement per keystroke");
  console.log(
    `typing latency, ${text.length.toLocaleString("en")}-byte file, ${sorted.length} keys 40 ms apart: ` +
      `median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
      `max ${sorted.at(-1).toFixed(1)} ms (keydown to the end of the next frame); ` +
      `main-thread tasks over 50 ms while typing: ${longTasks.length}` +
      (longTasks.length ? ` (longest ${Math.max(...longTasks).toFixed(0)} ms)` : "") +
      `; one analysis of the whole file in the worker: ${analysis.toFixed(0)} ms; ` +
      `results current ${settledMs} ms after the last key`,
  );
  assert.deepEqual(page.errors, []);
  await page.close();
});
