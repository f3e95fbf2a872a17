// What the parser reads: Google's ParseRobotsTxt with a handler, Google's
// RobotsParsingReporter, lint, and Google's URL and pattern helpers.

import * as wasm from './wasm.js';
import { toArgument, toText } from './bytes.js';
import { withStaged } from './stage.js';
import { disposable, freed } from './owned.js';
import { METADATA_FIELDS, PARSE_EVENT, REPORT_LINE } from './vocabulary.js';

/** What a line was parsed as: Google's RobotsParsedLine::RobotsTagName. */
export const RobotsTagName = Object.freeze({
  UNKNOWN: 0,
  USER_AGENT: 1,
  ALLOW: 2,
  DISALLOW: 3,
  SITEMAP: 4,
  UNUSED: 5,
});

/** The seven metadata flags from their bits (METADATA_FIELDS, in bit order). */
function metadata(bits) {
  const out = {};
  METADATA_FIELDS.forEach((field, bit) => {
    out[field] = (bits & (1 << bit)) !== 0;
  });
  return out;
}

/** Google's RobotsParsingReporter: pass it to parseRobotsTxt. */
export class RobotsParsingReporter {
  #r = new wasm.Reporter();

  #reporter() {
    if (this.#r === null) throw freed('RobotsParsingReporter');
    return this.#r;
  }

  /** Used by parseRobotsTxt. */
  _parse(body) {
    const r = this.#reporter();
    withStaged(body, 'the robots.txt body', (len) => r.parse_staged(len));
  }

  /** The report of each line seen, by line number. */
  parseResults() {
    const packed = this.#reporter().results();
    const out = new Array(packed.length / 2);
    for (let i = 0; i < out.length; i++) {
      const bits = packed[2 * i + 1];
      out[i] = {
        lineNum: packed[2 * i],
        tagName: bits & REPORT_LINE.tagMask,
        isTypo: (bits & REPORT_LINE.typoBit) !== 0,
        metadata: metadata(bits >>> REPORT_LINE.metadataShift),
      };
    }
    return out;
  }

  /** The number of the last line of the last parse. */
  lastLineSeen() {
    return this.#reporter().last_line_seen();
  }

  /** How many user-agent, allow, disallow and sitemap lines the last parse found. */
  validDirectives() {
    return this.#reporter().valid_directives();
  }

  /** How many lines of the last parse had a key Google does not use. */
  unusedDirectives() {
    return this.#reporter().unused_directives();
  }

  /** Releases the reporter's memory. Idempotent. */
  free() {
    if (this.#r !== null) {
      this.#r.free();
      this.#r = null;
    }
  }
}
disposable(RobotsParsingReporter);

/** The handler method of each directive's event kind. */
const HANDLERS = {
  [PARSE_EVENT.userAgent]: 'handleUserAgent',
  [PARSE_EVENT.allow]: 'handleAllow',
  [PARSE_EVENT.disallow]: 'handleDisallow',
  [PARSE_EVENT.sitemap]: 'handleSitemap',
};

/**
 * Google's ParseRobotsTxt: calls the handler's methods for each directive
 * of `body` in file order (and reportLineMetadata, when the handler has it,
 * for every line). Values are strings; allow, disallow and unknown values
 * are percent-escape normalised as Google's parser hands them over. A
 * RobotsParsingReporter is filled in place.
 */
export function parseRobotsTxt(body, handler) {
  if (handler instanceof RobotsParsingReporter) {
    handler._parse(body);
    return;
  }
  if (handler === null || typeof handler !== 'object') {
    throw new TypeError('robotstxt-exact: the handler must be an object');
  }
  const withMetadata = typeof handler.reportLineMetadata === 'function';
  const events = JSON.parse(withStaged(body, 'the robots.txt body', (len) => wasm.parse_events_staged(len, withMetadata)));
  handler.handleRobotsStart?.();
  for (const [kind, line, a, b] of events) {
    if (kind === PARSE_EVENT.lineMetadata) handler.reportLineMetadata(line, metadata(a));
    else if (kind === PARSE_EVENT.unknown) handler.handleUnknownAction?.(line, a, b);
    else handler[HANDLERS[kind]]?.(line, a);
  }
  handler.handleRobotsEnd?.();
}

// A string in gives a string out; bytes in give bytes out.
function sameKind(input, bytes) {
  return typeof input === 'string' ? toText(bytes) : bytes;
}

/** Google's GetPathParamsQuery: the path, params and query of a URL. */
export function getPathParamsQuery(url) {
  return sameKind(url, wasm.get_path_params_query(toArgument(url, 'the URL')));
}

/** Google's MaybeEscapePattern: percent-escapes upper-cased, non-ASCII bytes escaped. */
export function maybeEscapePattern(pattern) {
  return sameKind(pattern, wasm.maybe_escape_pattern(toArgument(pattern, 'the pattern')));
}

/** Google's ExtractUserAgent: the leading [a-zA-Z_-] run of a value. */
export function extractUserAgent(userAgent) {
  return sameKind(userAgent, wasm.extract_user_agent(toArgument(userAgent, 'the user agent')));
}

/** The `robots --lint` findings for a body, with the totals. */
export function lint(body) {
  return JSON.parse(withStaged(body, 'the robots.txt body', (len) => wasm.lint_staged(len)));
}
