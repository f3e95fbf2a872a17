// robotstxt-exact: Google's robots.txt answers, byte for byte, from the Rust
// core compiled to WebAssembly. See index.d.ts for the API.

export { IsAllowed, RobotsMatcher } from './matcher.js';
export { CompiledRobots, Robots } from './robots.js';
export {
  RobotsParsingReporter,
  RobotsTagName,
  extractUserAgent,
  getPathParamsQuery,
  lint,
  maybeEscapePattern,
  parseRobotsTxt,
} from './parse.js';
export {
  CacheEntry,
  MAX_REDIRECT_HOPS,
  MAX_ROBOTS_TXT_BYTES,
  appliesTo,
  classify,
  decide,
  isRobotsTxtUrl,
  maxAgeFromCacheControl,
  robotsTxtUrl,
  shouldFollowRedirect,
  truncateBody,
} from './crawler.js';
