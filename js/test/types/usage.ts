// Compiled by types.test.js with tsc --strict: the declarations describe
// the API as it is used, and reject what it does not take.

import {
  CacheEntry,
  IsAllowed,
  Robots,
  RobotsMatcher,
  RobotsParsingReporter,
  RobotsTagName,
  decide,
  getPathParamsQuery,
  lint,
  parseRobotsTxt,
  robotsTxtUrl,
  type Answer,
  type Decision,
  type Group,
} from 'robotstxt-exact';
import robotsParser from 'robotstxt-exact/robots-parser';

const body = 'User-agent: *\nDisallow: /x\n';
const ok: boolean = IsAllowed('Bot', 'https://a/x', body);
const matcher = new RobotsMatcher({ memo: false });
const allowed: boolean = matcher.allowedByRobots(new TextEncoder().encode(body), ['Bot', 'Other'], 'https://a/');
const line: number = matcher.matchingLine();
matcher.free();

const robots = Robots.parse(body);
const answer: Answer = robots.check(['Bot'], 'https://a/x');
const many: boolean[] = robots.allowedMany('Bot', ['https://a/', 'https://a/x']);
const groups: Group[] = robots.groups();
const delay: number | undefined = robots.crawlDelay('Bot');
const compiled = robots.compile('Bot');
const viewAnswers: Answer[] = compiled.checkMany(['https://a/']);
compiled.free();
robots.free();

const path: string = getPathParamsQuery('https://a/b?c');
const pathBytes: Uint8Array = getPathParamsQuery(new Uint8Array([47]));
const decision: Decision = decide(503, 'rfc9309');
const robotsUrl: string = robotsTxtUrl('https://a/b');
const findings = lint(body).findings.map((f) => `${f.line} ${f.code} ${f.severity}`);

const reporter = new RobotsParsingReporter();
parseRobotsTxt(body, reporter);
const tag: RobotsTagName = reporter.parseResults()[0].tagName;
const isAgentLine: boolean = tag === RobotsTagName.USER_AGENT;
parseRobotsTxt(body, { handleDisallow(lineNum: number, value: string) {} });

const entry = new CacheEntry({ policy: 'google', sizeLimit: null });
entry.record(Date.now(), 'network-error');
const fresh: number | null = entry.freshUntil;
entry.free();

const rp = robotsParser('https://a/robots.txt', body);
const rpAllowed: boolean | undefined = rp.isAllowed('https://a/x', 'Bot');
const rpLine: number = rp.getMatchingLineNumber('https://a/x');
const sitemaps: string[] = rp.getSitemaps();

// @ts-expect-error a URL is a string or bytes
robots.allowed('Bot', 42);
// @ts-expect-error the policy is 'google' or 'rfc9309'
decide(200, 'bing');
// @ts-expect-error the fetch outcome strings are fixed
decide('dns-error');
// @ts-expect-error CompiledRobots is made by Robots.compile
new (compiled.constructor as typeof import('robotstxt-exact').CompiledRobots)();

export { ok, allowed, line, answer, many, groups, delay, viewAnswers, path, pathBytes, decision, robotsUrl, findings, isAgentLine, fresh, rpAllowed, rpLine, sitemaps };
