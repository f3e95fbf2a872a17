// The package's copy of the shared vocabulary (spec/vocabulary.json at the
// repository's root): the names the API takes and gives, and the numbers
// the WebAssembly module and this layer pass each other. One table per
// idea, used by every module here; test/vocabulary.test.js holds each to
// the shared file, and js/src/vocabulary.rs holds the module's side.

/** Policies by code: what `policy` options take and CacheEntry.policy gives. */
export const POLICIES = Object.freeze(['google', 'rfc9309']);

/** Named fetch outcomes and their codes (an HTTP status is code 0, passed with its number). */
export const OUTCOMES = Object.freeze({ 'network-error': 1, timeout: 2, 'too-many-redirects': 3 });

/** RFC 9309's access results by code, as classify() gives them. */
export const ACCESS = Object.freeze(['successful', 'unavailable', 'unreachable']);

/** Decisions by code, as decide() gives them. */
export const DECISIONS = Object.freeze(['use-rules', 'allow-all', 'disallow-all']);

/** An answer as one number: the matching line times `lineFactor`, plus the flags; negative when memory ran out. */
export const ANSWER = Object.freeze({
  lineFactor: 8,
  allowed: 4,
  everSeenSpecificAgent: 2,
  disallowIgnoreGlobal: 1,
  outOfMemory: -1,
});

/** A yes-or-no query's answer as one number. */
export const VERDICT = Object.freeze({ disallowed: 0, allowed: 1, outOfMemory: 2 });

/** A reported line's tag, typo flag and metadata as one number. */
export const REPORT_LINE = Object.freeze({ tagMask: 7, typoBit: 8, metadataShift: 4 });

/** Google's LineMetadata fields, in bit order (bit i has the value 2^i). */
export const METADATA_FIELDS = Object.freeze([
  'isEmpty',
  'hasComment',
  'isComment',
  'hasDirective',
  'isAcceptableTypo',
  'isLineTooLong',
  'isMissingColonSeparator',
]);

/** The kinds of the parser's recorded callbacks. */
export const PARSE_EVENT = Object.freeze({
  userAgent: 1,
  allow: 2,
  disallow: 3,
  sitemap: 4,
  unknown: 5,
  lineMetadata: 6,
});
