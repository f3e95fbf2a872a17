// The crawler side of RFC 9309 and Google's documentation: which robots.txt
// governs a URL, what a fetch of it means, and what to cache. Nothing here
// fetches: the crawler does, and these functions decide.

import * as wasm from './wasm.js';
import { toArgument, toBytes } from './bytes.js';
import { withStaged } from './stage.js';
import { disposable, freed } from './owned.js';
import { ACCESS, DECISIONS, OUTCOMES, POLICIES } from './vocabulary.js';

/** Google's 500 KiB: how much of a robots.txt Google reads. */
export const MAX_ROBOTS_TXT_BYTES = wasm.max_robots_txt_bytes();

/** How many redirect hops to follow when fetching robots.txt. */
export const MAX_REDIRECT_HOPS = wasm.max_redirect_hops();

/** The robots.txt URL that governs `pageUrl`; throws when there is none. */
export function robotsTxtUrl(pageUrl) {
  return wasm.robots_txt_url(String(pageUrl));
}

/** Whether the robots.txt at `robotsUrl` governs `pageUrl`. */
export function appliesTo(robotsUrl, pageUrl) {
  return wasm.applies_to(String(robotsUrl), String(pageUrl));
}

/** Whether `url` is where a robots.txt can be (path /robots.txt, no query). */
export function isRobotsTxtUrl(url) {
  return wasm.is_robots_txt_url(String(url));
}

/** Whether to follow one more redirect after `hopsFollowed` hops. */
export function shouldFollowRedirect(hopsFollowed) {
  return wasm.should_follow_redirect(count(hopsFollowed, 'hopsFollowed'));
}

/** The max-age of a Cache-Control header value in seconds, or undefined. */
export function maxAgeFromCacheControl(value) {
  return wasm.max_age_from_cache_control(toArgument(value, 'the Cache-Control value'));
}

/** The first 500 KiB of a body: what a crawler should parse (the cut is the core's). */
export function truncateBody(body) {
  const bytes = toBytes(body, 'the robots.txt body');
  return bytes.subarray(0, wasm.truncated_len(bytes.length));
}

function count(n, what) {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) {
    throw new RangeError(`robotstxt-exact: ${what} must be an integer from 0 to 2^32 - 1`);
  }
  return n;
}

function policyCode(policy) {
  const code = POLICIES.indexOf(policy);
  if (code < 0) throw new TypeError(`robotstxt-exact: the policy must be 'google' or 'rfc9309', not ${String(policy)}`);
  return code;
}

/** [kind, status] for the module: an HTTP status or one of the OUTCOMES. */
function outcomeArgs(outcome) {
  if (typeof outcome === 'number') {
    if (!Number.isInteger(outcome) || outcome < 0 || outcome > 65535) {
      throw new RangeError(`robotstxt-exact: an HTTP status must be an integer from 0 to 65535, not ${outcome}`);
    }
    return [0, outcome];
  }
  const kind = Object.hasOwn(OUTCOMES, outcome) ? OUTCOMES[outcome] : undefined;
  if (kind === undefined) {
    throw new TypeError(
      `robotstxt-exact: a fetch outcome is an HTTP status or 'network-error', 'timeout' or 'too-many-redirects', not ${String(outcome)}`,
    );
  }
  return [kind, 0];
}

/** RFC 9309's access result of a fetch: 'successful', 'unavailable' or 'unreachable'. */
export function classify(outcome, policy = 'google') {
  return ACCESS[wasm.classify(policyCode(policy), ...outcomeArgs(outcome))];
}

/** What to do right after a fetch, with nothing cached: 'use-rules', 'allow-all' or 'disallow-all'. */
export function decide(outcome, policy = 'google') {
  return DECISIONS[wasm.decide(policyCode(policy), ...outcomeArgs(outcome))];
}

function time(now) {
  if (typeof now !== 'number' || !Number.isFinite(now)) {
    throw new TypeError('robotstxt-exact: a time is a finite number of milliseconds since the epoch (Date.now())');
  }
  return now;
}

/**
 * What a crawler knows about one robots.txt URL: fed fetch results, it says
 * what to do with the site's URLs and when to fetch again. Times are
 * milliseconds since the epoch (Date.now()), passed in: it reads no clock.
 */
export class CacheEntry {
  #c;

  /**
   * @param {{policy?: 'google'|'rfc9309', lifetime?: number, sizeLimit?: number|null}} [options]
   *   lifetime: seconds a result stays fresh without max-age (default 24
   *   hours); sizeLimit: bytes of a body kept (default 500 KiB, null for all).
   */
  constructor(options = {}) {
    const { policy = 'google', lifetime, sizeLimit = MAX_ROBOTS_TXT_BYTES } = options;
    if (lifetime !== undefined && (typeof lifetime !== 'number' || !(lifetime >= 0))) {
      throw new RangeError('robotstxt-exact: lifetime must be a number of seconds');
    }
    if (sizeLimit !== null && (typeof sizeLimit !== 'number' || !(sizeLimit >= 0))) {
      throw new RangeError('robotstxt-exact: sizeLimit must be a number of bytes or null');
    }
    this.#c = new wasm.Cache(policyCode(policy), lifetime, sizeLimit === null ? -1 : sizeLimit);
  }

  #cache() {
    if (this.#c === null) throw freed('CacheEntry');
    return this.#c;
  }

  /**
   * Records how a fetch ended at `now`: `outcome` is an HTTP status or
   * 'network-error', 'timeout' or 'too-many-redirects'; `body` is read for a
   * 2xx; `maxAge` (seconds) from maxAgeFromCacheControl.
   */
  record(now, outcome, body = new Uint8Array(0), maxAge = undefined) {
    const [kind, status] = outcomeArgs(outcome);
    if (maxAge !== undefined && maxAge !== null && (typeof maxAge !== 'number' || !(maxAge >= 0))) {
      throw new RangeError('robotstxt-exact: maxAge must be a number of seconds');
    }
    const c = this.#cache();
    const at = time(now);
    withStaged(body, 'the robots.txt body', (len) => c.record_staged(at, kind, status, len, maxAge ?? undefined));
  }

  /** Whether the robots.txt should be fetched (again) at `now`. */
  needsFetch(now) {
    return this.#cache().needs_fetch(time(now));
  }

  /** What to do with the site's URLs at `now`: 'use-rules' (with `body`), 'allow-all' or 'disallow-all'. */
  decide(now) {
    return DECISIONS[this.#cache().decide(time(now))];
  }

  /** Tells whether the rest of the site answers (Google's policy, after 30 unreachable days). */
  setSiteAvailable(available) {
    this.#cache().set_site_available(Boolean(available));
  }

  /** The last good body (cut to the size limit), or null. */
  get body() {
    return this.#cache().body() ?? null;
  }

  /** Until when the last result is fresh (ms since the epoch), or null. */
  get freshUntil() {
    return this.#cache().fresh_until() ?? null;
  }

  /** Since when the robots.txt has been unreachable (ms since the epoch), or null. */
  get unreachableSince() {
    return this.#cache().unreachable_since() ?? null;
  }

  /** 'google' or 'rfc9309'. */
  get policy() {
    return POLICIES[this.#cache().policy()];
  }

  /** Releases the entry's memory (its cached body). Idempotent. */
  free() {
    if (this.#c !== null) {
      this.#c.free();
      this.#c = null;
    }
  }
}
disposable(CacheEntry);
