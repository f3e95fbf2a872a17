// The one place the page meets the robotstxt-exact package: everything else
// speaks this module's small interface, so a change in the package's API is
// a change here only.
//
// Runs inside the worker (worker.js): the WebAssembly module never runs on
// the page's main thread. The package instantiates its module when it is
// imported; nothing here waits for more.

import { Robots, RobotsMatcher, lint } from "robotstxt-exact";

/**
 * The engine:
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
  return {
    parse(body) {
      const robots = Robots.parse(body);
      return {
        check(agents, urls) {
          // One call into the module for the whole list.
          return robots.checkMany(agents, urls).map((answer) => ({
            allowed: answer.allowed,
            line: answer.matchingLine,
            specific: answer.everSeenSpecificAgent,
          }));
        },
        free() {
          robots.free();
        },
      };
    },
    lint(body) {
      const report = lint(body);
      return {
        findings: report.findings.map((f) => ({
          line: f.line,
          code: f.code,
          severity: f.severity,
          message: f.message,
        })),
        firstLinePastLimit: report.firstLinePastLimit ?? 0,
      };
    },
    isProductToken(agent) {
      return RobotsMatcher.isValidUserAgentToObey(agent);
    },
  };
}
