// The one place the page meets the robotstxt-exact package: everything else
// speaks this module's small interface, so a change in the package's API is
// a change here only.
//
// Runs inside the worker (worker.js): the WebAssembly module never runs on
// the page's main thread.

import * as robotstxt from "robotstxt-exact";

/**
 * Loads the WebAssembly module. Resolves to the engine:
 *
 * - `parse(body)`: the body parsed once, with `check(agents, urls)` giving
 *   `{allowed, line, specific}` per URL (`line` 0 when no rule decided,
 *   `specific` when a group names one of the agents) and `free()`;
 * - `lint(body)`: `{findings, firstLinePastLimit}`: `{line, code, severity,
 *   message}` per finding, in line order, and the first line not wholly
 *   within the 500 KiB Google reads (0 when the body is smaller);
 * - `isProductToken(agent)`: whether Google's matcher can match the agent
 *   by name (Google's `IsValidUserAgentToObey`).
 */
export async function loadEngine() {
  if (typeof robotstxt.default === "function") await robotstxt.default();
  return {
    parse(body) {
      const robots = robotstxt.Robots.parse(body);
      return {
        check(agents, urls) {
          return urls.map((url) => {
            const answer = robots.check(agents, url);
            return {
              allowed: answer.allowed,
              line: answer.matchingLine,
              specific: answer.everSeenSpecificAgent,
            };
          });
        },
        free() {
          robots.free();
        },
      };
    },
    lint(body) {
      const findings = robotstxt.lint(body).map((f) => ({
        line: f.line,
        code: f.code,
        severity: f.severity,
        message: f.message,
      }));
      const tooLarge = findings.find((f) => f.code === "file-too-large");
      return { findings, firstLinePastLimit: tooLarge?.line ?? 0 };
    },
    isProductToken(agent) {
      return robotstxt.isValidUserAgentToObey(agent);
    },
  };
}
