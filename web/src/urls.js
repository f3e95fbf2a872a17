// The URL list as typed: one URL per line, or a path completed against the
// site field, as a person lists the pages they care about.

/**
 * The URLs to check, in order: each non-blank line trimmed (as the CLI's
 * `--urls` reads them); a line starting with `/` is a path on `origin`.
 *
 * @param {string} text the URL list
 * @param {string} origin e.g. `https://example.com`; empty keeps paths as they are
 */
export function urlList(text, origin) {
  const site = origin.trim().replace(/\/+$/, "");
  const urls = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    urls.push(line.startsWith("/") && !line.startsWith("//") && site !== "" ? site + line : line);
  }
  return urls;
}

/**
 * The agents of the agent field: comma-separated, each trimmed; an empty
 * field is the empty agent, which no group names.
 *
 * @param {string} text
 */
export function agentList(text) {
  const agents = text
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "");
  return agents.length > 0 ? agents : [""];
}
