/**
 * A drop-in for robots-parser (3.x) with Google's answers:
 * `import robotsParser from 'robotstxt-exact/robots-parser'`, or, where
 * Node loads ES modules with require (20.19, 22.12 and later),
 * `const robotsParser = require('robotstxt-exact/robots-parser')`, which
 * gives the function itself, as robots-parser's `require` does.
 */

export interface Robot {
  /** true if allowed, false if not, undefined for a URL of another origin. */
  isAllowed(url: string, ua?: string): boolean | undefined;
  /** The opposite of isAllowed (true for a URL of another origin). */
  isDisallowed(url: string, ua?: string): boolean;
  /** The line of the deciding rule, -1 when no rule decided. */
  getMatchingLineNumber(url: string, ua?: string): number;
  /** The crawl-delay (seconds) of the groups that apply to ua, or undefined. */
  getCrawlDelay(ua?: string): number | undefined;
  /** The sitemap URLs, in file order. */
  getSitemaps(): string[];
  /** The value of the last `host` line, lower-cased, or null. */
  getPreferredHost(): string | null;
  /** Drops the parsed file from WebAssembly memory now (an addition). */
  free(): void;
}

/** How many parsed files the adapter keeps in WebAssembly memory. */
export const PARSED_FILES: number;

/**
 * The robots.txt at `url` with body `contents` (a string, or the bytes as
 * fetched), with Google's verdicts.
 */
export default function robotsParser(url: string, contents?: string | Uint8Array): Robot;
