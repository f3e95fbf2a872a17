// Google's RobotsMatcher: a query parses the body, and the accessors give
// the rest of the last answer.

import * as wasm from './wasm.js';
import { outOfMemory, packAgents, readInput, toArgument } from './bytes.js';
import { stageInput, useAgent, withStaged } from './stage.js';
import { disposable, freed } from './owned.js';

/** A staged query's 1 or 0; 2 means memory ran out. */
function verdict(code) {
  if (code === 2) throw outOfMemory('matching a URL');
  return code === 1;
}

export class RobotsMatcher {
  #m;
  /** The last body given as a string, or undefined when the module holds another. */
  #body = undefined;

  /**
   * @param {{memo?: boolean}} [options] memo (default true): keep the parse
   *   of a body that comes twice in a row; false parses on every query.
   */
  constructor(options = {}) {
    this.#m = new wasm.Matcher(options.memo !== false);
  }

  #matcher() {
    if (this.#m === null) throw freed('RobotsMatcher');
    return this.#m;
  }

  /** Sends a read body to the module, unless it is the string it holds. */
  #setBody(m, body) {
    // A string is immutable: the same one again needs no copy. Bytes may
    // have changed between calls, so they are sent every time.
    if (typeof body === 'string' && body === this.#body) return;
    this.#body = undefined;
    if (!withStaged(body, 'the robots.txt body', (len) => m.set_body_staged(len))) {
      throw outOfMemory('copying the robots.txt body');
    }
    if (typeof body === 'string') this.#body = body;
  }

  /** Whether any of `userAgents` may fetch `url` under `robotsBody`. */
  allowedByRobots(robotsBody, userAgents, url) {
    const m = this.#matcher();
    const body = readInput(robotsBody, 'the robots.txt body');
    const [agents, ends] = packAgents(userAgents);
    const target = readInput(url, 'the URL');
    this.#setBody(m, body);
    return verdict(m.allowed_staged(agents, ends, stageInput(target)));
  }

  /** Whether `userAgent` may fetch `url` under `robotsBody`. */
  oneAgentAllowedByRobots(robotsBody, userAgent, url) {
    const m = this.#matcher();
    const body = readInput(robotsBody, 'the robots.txt body');
    const agent = readInput(userAgent, 'the user agent');
    const target = readInput(url, 'the URL');
    this.#setBody(m, body);
    useAgent(agent);
    return verdict(m.one_agent_staged(stageInput(target)));
  }

  /** Whether the last query was disallowed. */
  disallow() {
    return this.#matcher().disallow();
  }

  /** Whether the groups naming the agents alone disallowed the last URL. */
  disallowIgnoreGlobal() {
    return this.#matcher().disallow_ignore_global();
  }

  /** Whether a group named one of the last query's agents. */
  everSeenSpecificAgent() {
    return this.#matcher().ever_seen_specific_agent();
  }

  /** The line of the rule that decided the last query, 0 if none did. */
  matchingLine() {
    return this.#matcher().matching_line();
  }

  /** Google's IsValidUserAgentToObey: non-empty and only [a-zA-Z_-]. */
  static isValidUserAgentToObey(userAgent) {
    return wasm.is_valid_user_agent_to_obey(toArgument(userAgent, 'the user agent'));
  }

  /** Releases the matcher's memory (the kept body and its parse). Idempotent. */
  free() {
    if (this.#m !== null) {
      this.#m.free();
      this.#m = null;
      this.#body = undefined;
    }
  }
}
disposable(RobotsMatcher);

let shared = null;

/**
 * Google's JavaScript entry point (robots_wasm.cc): whether `userAgent` may
 * fetch `url` under `robotsContent`. One matcher is kept for these calls,
 * so the same body twice in a row is parsed once.
 */
export function IsAllowed(userAgent, url, robotsContent) {
  shared ??= new RobotsMatcher();
  return shared.oneAgentAllowedByRobots(robotsContent, userAgent, url);
}
