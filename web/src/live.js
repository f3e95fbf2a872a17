// "Load a live site": the page asks the `robots serve` process that served it
// to fetch the site's robots.txt as a crawler does (a browser cannot read
// another site's robots.txt itself), and shows what the outcome means.

/**
 * The header field that says a fetch comes from this page: the server
 * refuses `/api/fetch` without it, which a cross-site `<img>`, link or form
 * cannot send (and a cross-site script only after a preflight the server
 * never allows).
 */
export const PAGE_HEADER = Object.freeze({ "x-robots-tester": "1" });

/**
 * Fetches the robots.txt for `site` through `/api/fetch`. Resolves to
 * `{body, decision, outcome, summary, origin}`: `decision` is `use-rules`,
 * `allow-all` or `disallow-all`, `outcome` what happened (`HTTP 404`),
 * `summary` one sentence for the page. Rejects with a readable message.
 *
 * @param {string} site a site or page URL, `http://` or `https://`
 * @param {string} policy `google` or `rfc9309`
 */
export async function loadSite(site, policy) {
  const query = new URLSearchParams({ url: site, policy });
  let response;
  try {
    response = await fetch(`/api/fetch?${query}`, { headers: { accept: "application/json", ...PAGE_HEADER } });
  } catch {
    throw new Error("Loading a live site needs the page as served by `robots serve`, which did not answer.");
  }
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) {
    throw new Error("Loading a live site needs the page as served by `robots serve` (run it, then open its address).");
  }
  const reply = await response.json();
  if (!response.ok) throw new Error(reply.error ?? `The fetch failed (HTTP ${response.status}).`);
  let summary = reply.summary;
  if (reply.non_utf8) {
    summary += " The file has bytes that are not UTF-8: they are shown as �, and the answers are for the text shown.";
  }
  return {
    body: reply.body,
    decision: reply.decision,
    outcome: reply.outcome,
    summary,
    origin: reply.origin,
  };
}
