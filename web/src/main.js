// The page: two editors, the agent and URL fields, and what the analysis
// thread (worker.js) says about them. The main thread only edits and draws;
// parsing, matching and linting happen in the worker, at most one request at
// a time, the newest inputs winning.

import { createEditor, setText, showFindings, showLine } from "./editor.js";
import { CRAWLERS } from "./crawlers.js";
import { loadSite } from "./live.js";

const SAMPLE = `# Try it: edit the rules, the agent or the URLs.
User-agent: *
Disallow: /private/
Crawl-delay: 10

User-agent: Googlebot
Disallow: /search
Allow: /search/about
Disallow: /private/
Allow: /private/press/index.html
Disallow: /*.pdf$

Sitemap: https://example.com/sitemap.xml
`;

const SAMPLE_URLS = `/search?q=robots
/search/about
/private/press/
/private/plans.pdf
/docs/guide.pdf
/docs/guide.pdf?download=1
`;

/** Milliseconds of quiet before the inputs are analysed again. */
const DEBOUNCE_MS = 60;

const $ = (id) => document.getElementById(id);

const agentInput = $("agent");
const originInput = $("origin");
const urlsInput = $("urls");
const resultsPanel = $("results");
const compare = $("compare");
const fileStatus = $("file-status");

for (const [token, who] of CRAWLERS) {
  const option = document.createElement("option");
  option.value = token;
  option.label = who;
  $("crawlers").append(option);
}

/** A fetch's verdict for every URL when it gave no file: {allowed, why}. */
let noRules = null;
/** Set while the page itself replaces the text, so it is not a user's edit. */
let replacing = false;

const editor = createEditor($("editor"), {
  doc: SAMPLE,
  testId: "robots",
  labelledBy: "robots-label",
  onChange() {
    if (!replacing) clearNoRules();
    schedule();
  },
  onFileDrop: (file) => openFile(file),
});

const oldEditor = createEditor($("old-editor"), {
  doc: "",
  testId: "old",
  labelledBy: "old-label",
  onChange: () => schedule(),
  onFileDrop: (file) => readFile(file).then(({ text }) => setText(oldEditor, text)),
});

urlsInput.value = SAMPLE_URLS;

// --- Talking to the worker -------------------------------------------------

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
let nextId = 1;
let inFlight = null;
let timer = 0;
/** Counts changes to the inputs; the results on screen are of `shownVersion`. */
let version = 0;
let shownVersion = -1;

function schedule() {
  version += 1;
  resultsPanel.dataset.state = "pending";
  resultsPanel.setAttribute("aria-busy", "true");
  clearTimeout(timer);
  timer = setTimeout(send, DEBOUNCE_MS);
}

function send() {
  // One request at a time: the reply to the one in flight sends the newest.
  if (inFlight !== null) return;
  if (shownVersion === version) {
    if (resultsPanel.dataset.state !== "error") markReady();
    return;
  }
  // The worker fingerprints the inputs (key.js): hashing a 500 KiB file on
  // every keystroke is work the main thread need not do.
  inFlight = { id: nextId++, version, doc: editor.state.doc };
  worker.postMessage({
    id: inFlight.id,
    version,
    body: editor.state.doc.toString(),
    old: compare.open ? oldEditor.state.doc.toString() : null,
    agentText: agentInput.value,
    urlsText: urlsInput.value,
    origin: originInput.value,
    noRules: noRules === null ? null : { allowed: noRules.allowed, why: noRules.why },
  });
}

worker.onmessage = ({ data: reply }) => {
  const sent = inFlight;
  inFlight = null;
  if (reply.error) {
    // Shown, and not asked again until the inputs change.
    shownVersion = reply.version;
    resultsPanel.dataset.state = "error";
    fileStatus.textContent = `The analysis failed: ${reply.error}`;
  } else {
    render(reply, sent);
  }
  send();
};

worker.onerror = (event) => {
  inFlight = null;
  fileStatus.textContent = `The analysis thread failed to start: ${event.message ?? "unknown error"}`;
};

function markReady() {
  resultsPanel.dataset.state = "ready";
  resultsPanel.removeAttribute("aria-busy");
}

// --- Drawing ---------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/**
 * At most this many rows per list: drawing tens of thousands of rows on every
 * keystroke would hold up typing. The summaries count them all.
 */
const SHOWN_ROWS = 1000;

/** The first SHOWN_ROWS items, mapped to rows, and a line saying how many more. */
function rows(items, toRow) {
  const shown = items.slice(0, SHOWN_ROWS).map(toRow);
  if (items.length > SHOWN_ROWS) {
    shown.push(el("li", { class: "more" }, `… and ${(items.length - SHOWN_ROWS).toLocaleString("en")} more`));
  }
  return shown;
}

/** At most this many characters of a rule are shown beside a result. */
const SHOWN_RULE = 120;

function ruleText(text) {
  return text.length > SHOWN_RULE ? `${text.slice(0, SHOWN_RULE)}…` : text;
}

function verdict(allowed) {
  return el("span", { class: allowed ? "verdict allowed" : "verdict disallowed" }, allowed ? "ALLOWED" : "DISALLOWED");
}

/** The deciding line as a button that shows it in `view`, or why none. */
function decidingLine(answer, view, side = "") {
  if (answer.line === 0) {
    const why = noRules !== null && view === editor ? `no rules: ${noRules.why}` : "no rule matched";
    return el("span", { class: "line none" }, why);
  }
  const label = `${side}line ${answer.line}`;
  return el(
    "button",
    {
      type: "button",
      class: "line",
      title: `Show line ${answer.line} in the editor`,
      onclick: () => {
        if (view === oldEditor) compare.open = true;
        showLine(view, answer.line);
      },
    },
    el("span", { class: "line-number" }, label),
    el("code", { class: "rule" }, ruleText(answer.text)),
  );
}

function groupNote(answer) {
  if (answer.line === 0 && !answer.specific) return null;
  return el("span", { class: "group" }, answer.specific ? "own group" : "* group");
}

function render(reply, sent) {
  const resultRows = rows(reply.results, (answer, i) =>
    el(
      "li",
      { class: "result", dataset: { testid: "result", line: String(answer.line), url: reply.urls[i] } },
      verdict(answer.allowed),
      el("span", { class: "url" }, reply.urls[i]),
      el(
        "span",
        { class: "why" },
        decidingLine(answer, editor),
        groupNote(answer),
        answer.pastLimit
          ? el("span", { class: "past-limit", title: "Googlebot reads only the first 500 KiB" }, "past 500 KiB")
          : null,
      ),
    ),
  );
  $("result-list").replaceChildren(...resultRows);
  const disallowed = reply.results.filter((r) => !r.allowed).length;
  $("results-summary").textContent = reply.results.length
    ? `${reply.results.length - disallowed} allowed, ${disallowed} disallowed`
    : "(list URLs to test)";

  $("rules-source").textContent =
    noRules !== null ? `The fetch gave no file to read: ${noRules.why}.` : "";

  const changes = $("changes");
  changes.hidden = reply.changes === null;
  if (reply.changes !== null) {
    const changeRows = rows(reply.changes, (c) =>
      el(
        "li",
        {
          class: "result change",
          dataset: { testid: "change", url: c.url, oldLine: String(c.old.line), newLine: String(c.new.line) },
        },
        verdict(c.old.allowed),
        el("span", { class: "arrow", "aria-label": "becomes" }, "→"),
        verdict(c.new.allowed),
        el("span", { class: "url" }, c.url),
        el("span", { class: "why" }, decidingLine(c.old, oldEditor, "earlier "), decidingLine(c.new, editor, "now ")),
      ),
    );
    $("change-list").replaceChildren(...changeRows);
    const n = reply.changes.length;
    $("changes-summary").textContent = `${n} URL${n === 1 ? "" : "s"} change verdict`;
  }

  const findingRows = rows(reply.findings, (f) =>
    el(
      "li",
      { class: `finding ${f.severity}`, dataset: { testid: "finding", line: String(f.line), code: f.code } },
      el(
        "button",
        { type: "button", class: "line", onclick: () => showLine(editor, f.line) },
        el("span", { class: "line-number" }, `line ${f.line}`),
      ),
      el("span", { class: "severity" }, f.severity),
      el("span", { class: "message" }, f.message),
      el("code", { class: "code" }, f.code),
    ),
  );
  $("finding-list").replaceChildren(...findingRows);
  const count = (severity) => {
    const n = reply.findings.filter((f) => f.severity === severity).length;
    return `${n} ${severity}${n === 1 ? "" : "s"}`;
  };
  $("findings-summary").textContent = `${count("error")}, ${count("warning")}, ${count("note")}`;
  // The marks go where the lines were: only onto the text they were found in.
  if (editor.state.doc === sent.doc) showFindings(editor, reply.findings);

  $("agent-warning").textContent = reply.agentWarnings
    .map(
      (a) =>
        `“${a}” is not a product token ([a-zA-Z_-]+): Google's matcher compares it whole, so no group ` +
        `can name it and only “*” applies.`,
    )
    .join(" ");

  shownVersion = reply.version;
  resultsPanel.dataset.for = reply.key;
  resultsPanel.dataset.ms = reply.ms.toFixed(1);
  if (reply.version === version) markReady();
}

// --- Files and sites -------------------------------------------------------

/** Reads a file as the text a person sees: UTF-8, a byte order mark kept. */
async function readFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  let lossy = false;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    lossy = true;
  }
  return { text, lossy, size: bytes.length };
}

function replaceText(text) {
  replacing = true;
  try {
    setText(editor, text);
  } finally {
    replacing = false;
  }
}

function clearNoRules() {
  if (noRules === null) return;
  noRules = null;
}

async function openFile(file) {
  const { text, lossy, size } = await readFile(file);
  clearNoRules();
  replaceText(text);
  fileStatus.textContent =
    `Opened ${file.name} (${size.toLocaleString("en")} bytes).` +
    (lossy ? " It has bytes that are not UTF-8: they are shown as �, and the answers are for the text shown." : "");
}

$("open-file").addEventListener("change", (event) => {
  const file = event.target.files?.[0];
  if (file) openFile(file);
  event.target.value = "";
});

$("load-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const site = $("site-url").value.trim();
  if (site === "") return;
  $("load-button").disabled = true;
  fileStatus.textContent = `Fetching the robots.txt of ${site}…`;
  try {
    const outcome = await loadSite(site, $("policy").value);
    noRules = null;
    replaceText(outcome.body);
    if (outcome.decision !== "use-rules") {
      noRules = { allowed: outcome.decision === "allow-all", why: outcome.outcome };
    }
    if (outcome.origin) originInput.value = outcome.origin;
    fileStatus.textContent = outcome.summary;
    schedule();
  } catch (error) {
    fileStatus.textContent = String(error.message ?? error);
  } finally {
    $("load-button").disabled = false;
  }
});

$("copy-to-old").addEventListener("click", () => setText(oldEditor, editor.state.doc.toString()));

for (const input of [agentInput, originInput, urlsInput]) input.addEventListener("input", schedule);
compare.addEventListener("toggle", schedule);

schedule();
