/**
 * robotstxt-exact: Google's robots.txt answers, byte for byte, from the Rust
 * core compiled to WebAssembly.
 *
 * Inputs are strings (taken as their UTF-8 bytes) or bytes. URLs must be
 * percent-encoded already (RFC 3986), as with Google's library; give product
 * tokens such as `Googlebot` as agents, not whole User-Agent headers.
 *
 * Objects that hold WebAssembly memory (`RobotsMatcher`, `Robots`,
 * `CompiledRobots`, `RobotsParsingReporter`, `CacheEntry`) have `free()`.
 * A FinalizationRegistry frees what is left unreachable, eventually; call
 * `free()` (or declare them with `using`) when making many.
 */

/** A body, agent, URL or pattern: a string (its UTF-8 bytes) or bytes. */
export type Input = string | Uint8Array | ArrayBufferView | ArrayBuffer;

/** One agent, or a list of agents. */
export type Agents = Input | readonly Input[] | Iterable<Input>;

/** The answer to one query, as Google's RobotsMatcher's accessors give it. */
export interface Answer {
  /** Whether the URL may be fetched. */
  allowed: boolean;
  /** The line of the deciding rule, 0 when no rule matched. */
  matchingLine: number;
  /** Whether a group names one of the agents. */
  everSeenSpecificAgent: boolean;
  /** Whether the agents' own groups alone disallow the URL. */
  disallowIgnoreGlobal: boolean;
}

/**
 * Google's JavaScript entry point (robots_wasm.cc): whether `userAgent` may
 * fetch `url` under `robotsContent`.
 */
export function IsAllowed(userAgent: Input, url: Input, robotsContent: Input): boolean;

/**
 * Google's RobotsMatcher: each query parses the body (a body that comes
 * twice in a row is parsed once, unless `memo` is false); the accessors give
 * the rest of the last answer. Not for use by two callers at once.
 */
export class RobotsMatcher {
  constructor(options?: { memo?: boolean });
  /** Whether any of `userAgents` may fetch `url` under `robotsBody`. */
  allowedByRobots(robotsBody: Input, userAgents: Agents, url: Input): boolean;
  /** Whether `userAgent` may fetch `url` under `robotsBody`. */
  oneAgentAllowedByRobots(robotsBody: Input, userAgent: Input, url: Input): boolean;
  /** Whether the last query was disallowed. */
  disallow(): boolean;
  /** Whether the groups naming the agents alone disallowed the last URL. */
  disallowIgnoreGlobal(): boolean;
  /** Whether a group named one of the last query's agents. */
  everSeenSpecificAgent(): boolean;
  /** The line of the rule that decided the last query, 0 if none did. */
  matchingLine(): number;
  /** Google's IsValidUserAgentToObey: non-empty and only [a-zA-Z_-]. */
  static isValidUserAgentToObey(userAgent: Input): boolean;
  /** Releases the matcher's WebAssembly memory. Idempotent. */
  free(): void;
  [Symbol.dispose](): void;
}

/** A `user-agent` line of a group. */
export interface GroupAgent {
  /** The value as written (invalid UTF-8 as U+FFFD). */
  value: string;
  line: number;
}

/** An `allow` or `disallow` line of a group. */
export interface Rule {
  kind: 'allow' | 'disallow';
  /** The pattern, percent-escape normalised as Google's parser hands it over. */
  pattern: string;
  line: number;
}

/** A group: its `user-agent` lines and its rules. */
export interface Group {
  agents: GroupAgent[];
  rules: Rule[];
  /** Whether one of the agents is `*`. */
  isGlobal: boolean;
  /** The group's first valid crawl-delay in seconds, or null. */
  crawlDelay: number | null;
}

/**
 * A parsed robots.txt: parse once, query many times. Answers are those of
 * RobotsMatcher for the same body.
 */
export class Robots {
  /** Parses a body; any bytes are accepted. */
  constructor(body: Input);
  /** Same as `new Robots(body)`. */
  static parse(body: Input): Robots;
  /** The full answer for `userAgents` (one agent or a list) and `url`. */
  check(userAgents: Agents, url: Input): Answer;
  /** Whether `userAgent` may fetch `url`. */
  allowed(userAgent: Input, url: Input): boolean;
  /** `check` for each URL, in one call into the module. */
  checkMany(userAgents: Agents, urls: readonly Input[] | Iterable<Input>): Answer[];
  /** `allowed` for each URL (for every agent of a list, as `check`), in one call. */
  allowedMany(userAgents: Agents, urls: readonly Input[] | Iterable<Input>): boolean[];
  /** The rules for fixed agents, compiled: same answers as `check` with them. */
  compile(userAgents: Agents): CompiledRobots;
  /** The sitemap URLs, in file order (invalid UTF-8 as U+FFFD). */
  sitemaps(): string[];
  /** The groups in file order. Rules before the first user-agent line are in none. */
  groups(): Group[];
  /**
   * The crawl-delay for `userAgent` in seconds (the first valid one of the
   * groups naming it, else of the `*` groups), or undefined. An extension:
   * Google ignores crawl-delay, and so do the verdicts.
   */
  crawlDelay(userAgent: Input): number | undefined;
  /**
   * The usage preferences (Content-Signal, Content-Usage) that apply to
   * `userAgents` for `url`, with the line that stated each. An extension:
   * no verdict uses them; nothing applies where `allowed` is false.
   */
  preferences(userAgents: Agents, url: Input): Preferences;
  /** The Request-rate for `userAgent`, or null. An extension. */
  requestRate(userAgent: Input): RequestRate | null;
  /** Which known crawlers this file blocks, and what it asks of them. */
  audit(options?: AuditOptions): Audit;
  /** The `License` URLs (RSL 1.0, absolute URLs only), in file order. */
  licenses(): FileValue[];
  /** The `LLM-Policy` values, in file order. */
  llmPolicies(): FileValue[];
  /** The policy tokens (`__usage_ai-training`) the file's groups name. */
  policyTokens(): { token: string; known: boolean; line: number }[];
  /**
   * What the groups naming a policy token say for `url` (allowed: the
   * purpose is allowed there), or null when no group names it.
   */
  policy(token: Input, url: Input): { allowed: boolean; line: number } | null;
  /** Bytes of WebAssembly memory held (grows as queries index more agents). */
  heapBytes(): number;
  /** Releases the WebAssembly memory. Idempotent. */
  free(): void;
  [Symbol.dispose](): void;
}

/** A usage preference and the line that stated it. */
export interface Stated {
  /** true for yes / allowed, false for no / disallowed. */
  allowed: boolean;
  line: number;
}

/** The usage preferences that apply to a crawler for a URL. */
export interface Preferences {
  /** Google's verdict; when false, nothing applies. */
  allowed: boolean;
  /** Content-Signal: `search`, `ai-input`, `ai-train`. */
  signals: Partial<Record<'search' | 'ai-input' | 'ai-train', Stated>>;
  /** Content-Usage (draft-ietf-aipref-vocab-08): `train-ai`, `ai-use`, `search`. */
  usage: Partial<Record<'train-ai' | 'ai-use' | 'search', Stated>>;
  /** Content-Usage for uses within a search application, where a stated `search` overrides the others (vocab-08 §4.3). */
  usageInSearch: Partial<Record<'train-ai' | 'ai-use' | 'search', Stated>>;
  /** Content-Signal's `use=` item (Cloudflare), or null. */
  contentUse: { value: 'immediate' | 'reference' | 'full'; line: number } | null;
}

/** A file-wide value (`License`, `LLM-Policy`) and its line. */
export interface FileValue {
  value: string;
  line: number;
}

/** A Request-rate: `requests` every `seconds`, in the UTC window (minutes) if any. */
export interface RequestRate {
  requests: number;
  seconds: number;
  window: [number, number] | null;
}

export type CrawlerCategory =
  | 'ai-training'
  | 'ai-search'
  | 'ai-assistant'
  | 'search-engine'
  | 'seo'
  | 'archiver'
  | 'ai'
  | 'other';

export interface AuditOptions {
  /** Paths (or URLs) to check besides `/`. */
  paths?: readonly string[];
  /**
   * Crawlers to audit instead of the shipped list: tokens or objects, or a
   * list's text (the shipped list's format, ai.robots.txt's robots.json, or
   * a token a line).
   */
  crawlers?: readonly (string | { token: string; category?: CrawlerCategory })[] | string;
}

export interface CrawlerAudit {
  token: string;
  /** The token's [A-Za-z_-] prefix, as Google's matcher compares agents. */
  matchedAs: string;
  operator: string;
  /** What its list says it does (ai.robots.txt's `function`), or "". */
  function: string;
  category: CrawlerCategory;
  /** Whether a group names the crawler (else the `*` groups apply). */
  specificGroup: boolean;
  /** The first line of each group that applies, at most 16 of them. */
  groups: number[];
  /** How many groups apply. */
  groupCount: number;
  /** `/` first, then each path asked. */
  paths: { path: string; allowed: boolean; line: number; preferences: Preferences }[];
  crawlDelay: number | null;
  requestRate: RequestRate | null;
  source: string;
  checked: string;
  note: string;
}

/**
 * An audit: Google's reading of the file. Each crawler's own parser may read
 * it differently, and preferences are requests, not access control.
 */
export interface Audit {
  /** `blocks N of M AI crawlers from / (...)`. */
  summary: string;
  aiBlocked: { blocked: number; total: number };
  categories: Partial<Record<CrawlerCategory, { blocked: number; total: number }>>;
  /** The `License` URLs, in file order. */
  license: FileValue[];
  /** The `LLM-Policy` values, in file order. */
  llmPolicy: FileValue[];
  /** Each policy token the file's groups name, and what its groups say at `/` and each path. */
  policyTokens: {
    token: string;
    known: boolean;
    line: number;
    paths: { path: string; allowed: boolean; line: number }[];
  }[];
  crawlers: CrawlerAudit[];
}

/** Which known crawlers `robots` (a Robots or a body) blocks: `Robots.audit`. */
export function audit(robots: Robots | Input, options?: AuditOptions): Audit;

/**
 * The rules of a Robots for a fixed list of agents, in one index: only the
 * path work per query. Independent of the Robots it came from.
 */
export class CompiledRobots {
  private constructor();
  check(url: Input): Answer;
  allowed(url: Input): boolean;
  checkMany(urls: readonly Input[] | Iterable<Input>): Answer[];
  allowedMany(urls: readonly Input[] | Iterable<Input>): boolean[];
  /** Whether a group names one of the agents (else the `*` groups apply). */
  everSeenSpecificAgent(): boolean;
  heapBytes(): number;
  /** Releases the WebAssembly memory. Idempotent. */
  free(): void;
  [Symbol.dispose](): void;
}

/** What a line was parsed as: Google's RobotsParsedLine::RobotsTagName. */
export const RobotsTagName: {
  readonly UNKNOWN: 0;
  readonly USER_AGENT: 1;
  readonly ALLOW: 2;
  readonly DISALLOW: 3;
  readonly SITEMAP: 4;
  readonly UNUSED: 5;
};
export type RobotsTagName = 0 | 1 | 2 | 3 | 4 | 5;

/** What the parser learned about a line: Google's LineMetadata. */
export interface LineMetadata {
  isEmpty: boolean;
  hasComment: boolean;
  isComment: boolean;
  hasDirective: boolean;
  isAcceptableTypo: boolean;
  isLineTooLong: boolean;
  isMissingColonSeparator: boolean;
}

/** The report of one line: Google's RobotsParsedLine. */
export interface RobotsParsedLine {
  lineNum: number;
  tagName: RobotsTagName;
  isTypo: boolean;
  metadata: LineMetadata;
}

/**
 * Google's RobotsParsingReporter: give it to parseRobotsTxt. A parse resets
 * the counts but keeps the reports of earlier parses' lines past its end.
 */
export class RobotsParsingReporter {
  constructor();
  parseResults(): RobotsParsedLine[];
  lastLineSeen(): number;
  validDirectives(): number;
  unusedDirectives(): number;
  /** Releases the WebAssembly memory. Idempotent. */
  free(): void;
  [Symbol.dispose](): void;
}

/**
 * Google's RobotsParseHandler. Values are strings (invalid UTF-8 as
 * U+FFFD); allow, disallow and unknown values are percent-escape normalised.
 * Every method is optional.
 */
export interface RobotsParseHandler {
  handleRobotsStart?(): void;
  handleRobotsEnd?(): void;
  handleUserAgent?(lineNum: number, value: string): void;
  handleAllow?(lineNum: number, value: string): void;
  handleDisallow?(lineNum: number, value: string): void;
  handleSitemap?(lineNum: number, value: string): void;
  handleUnknownAction?(lineNum: number, action: string, value: string): void;
  reportLineMetadata?(lineNum: number, metadata: LineMetadata): void;
}

/** Google's ParseRobotsTxt: the directives of `body`, in order, to `handler`. */
export function parseRobotsTxt(body: Input, handler: RobotsParseHandler | RobotsParsingReporter): void;

/** Google's GetPathParamsQuery: a string for a string, bytes for bytes. */
export function getPathParamsQuery(url: string): string;
export function getPathParamsQuery(url: Exclude<Input, string>): Uint8Array;
/** Google's MaybeEscapePattern: a string for a string, bytes for bytes. */
export function maybeEscapePattern(pattern: string): string;
export function maybeEscapePattern(pattern: Exclude<Input, string>): Uint8Array;
/** Google's ExtractUserAgent: the leading [a-zA-Z_-] run. */
export function extractUserAgent(userAgent: string): string;
export function extractUserAgent(userAgent: Exclude<Input, string>): Uint8Array;

/** A lint finding; codes are those of `robots --lint` (docs/CLI.md). */
export interface LintFinding {
  line: number;
  code: string;
  severity: 'error' | 'warning' | 'note';
  message: string;
  /** The key as written (accepted-typo, unsupported-key, unknown-key). */
  key?: string;
  /** The line's length in bytes (line-too-long). */
  length?: number;
  /** The part compared with crawler names (partial-user-agent). */
  matched?: string;
  /** duplicate-rule: the earlier rule's line. */
  firstLine?: number;
  /** overridden-disallow: the allow's line. */
  allowLine?: number;
  /** shadowed-rule: the winning rule's line. */
  byLine?: number;
  /** unreachable-group: its number of rules. */
  rules?: number;
  /** file-too-large: the file's size, and whether the line is cut at the limit. */
  size?: number;
  cutInside?: boolean;
}

/** The lint of a body. */
export interface LintReport {
  findings: LintFinding[];
  lines: number;
  directives: number;
  errors: number;
  warnings: number;
  notes: number;
  bytes: number;
  /** The first line not wholly within 500 KiB, when the body is larger. */
  firstLinePastLimit: number | null;
  /** The directives on that line and after it: what Google never reads. */
  directivesPastLimit: number;
}

/** What is wrong or unusual in a body, by Google's reading. */
export function lint(body: Input): LintReport;

/** Google's 500 KiB (512,000 bytes): how much of a robots.txt Google reads. */
export const MAX_ROBOTS_TXT_BYTES: number;
/** How many redirect hops to follow when fetching robots.txt (5). */
export const MAX_REDIRECT_HOPS: number;

/** Whose reading to follow where Google and RFC 9309 differ. */
export type Policy = 'google' | 'rfc9309';
/** How a robots.txt fetch ended: an HTTP status or one of these. */
export type FetchOutcome = number | 'network-error' | 'timeout' | 'too-many-redirects';
/** RFC 9309's access results. */
export type Access = 'successful' | 'unavailable' | 'unreachable';
/** What the crawler may do with the site's URLs. */
export type Decision = 'use-rules' | 'allow-all' | 'disallow-all';

/** The robots.txt URL that governs `pageUrl`; throws when there is none. */
export function robotsTxtUrl(pageUrl: string): string;
/** Whether the robots.txt at `robotsUrl` governs `pageUrl`. */
export function appliesTo(robotsUrl: string, pageUrl: string): boolean;
/** Whether `url` is where a robots.txt can be. */
export function isRobotsTxtUrl(url: string): boolean;
/** Whether to follow one more redirect after `hopsFollowed` hops. */
export function shouldFollowRedirect(hopsFollowed: number): boolean;
/** The max-age of a Cache-Control value in seconds, or undefined. */
export function maxAgeFromCacheControl(value: Input): number | undefined;
/** The first 500 KiB of a body: what a crawler should parse. */
export function truncateBody(body: Input): Uint8Array;
/** Which access result a fetch outcome is. */
export function classify(outcome: FetchOutcome, policy?: Policy): Access;
/** What to do right after a fetch, with nothing cached. */
export function decide(outcome: FetchOutcome, policy?: Policy): Decision;

/**
 * What a crawler knows about one robots.txt URL. Times are milliseconds
 * since the epoch (Date.now()), passed in: it reads no clock.
 */
export class CacheEntry {
  /**
   * lifetime: seconds a result stays fresh without max-age (default 24
   * hours); sizeLimit: bytes of a body kept (default 500 KiB, null: all).
   */
  constructor(options?: { policy?: Policy; lifetime?: number; sizeLimit?: number | null });
  /** Records how a fetch ended at `now`; `maxAge` in seconds. */
  record(now: number, outcome: FetchOutcome, body?: Input, maxAge?: number | null): void;
  needsFetch(now: number): boolean;
  decide(now: number): Decision;
  setSiteAvailable(available: boolean): void;
  readonly body: Uint8Array | null;
  readonly freshUntil: number | null;
  readonly unreachableSince: number | null;
  readonly policy: Policy;
  /** Releases the WebAssembly memory. Idempotent. */
  free(): void;
  [Symbol.dispose](): void;
}
