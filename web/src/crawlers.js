// Product tokens of well-known crawlers, as their operators document them for
// robots.txt `User-agent` lines, offered in the agent field. A token is what
// a group names, not the crawler's whole User-Agent header.

/** `[token, who]` pairs, most asked-about first. */
export const CRAWLERS = [
  ["Googlebot", "Google Search (desktop and smartphone)"],
  ["Googlebot-Image", "Google Images"],
  ["Googlebot-News", "Google News"],
  ["Googlebot-Video", "Google Video"],
  ["Storebot-Google", "Google Shopping"],
  ["Google-InspectionTool", "Google Search testing tools"],
  ["GoogleOther", "Google, other crawls"],
  ["Google-Extended", "Google, use for Gemini training (a control token; Googlebot fetches)"],
  ["AdsBot-Google", "Google Ads landing pages"],
  ["Mediapartners-Google", "Google AdSense"],
  ["Bingbot", "Microsoft Bing"],
  ["DuckDuckBot", "DuckDuckGo"],
  ["Applebot", "Apple Search"],
  ["Applebot-Extended", "Apple, use for AI training (a control token)"],
  ["YandexBot", "Yandex"],
  ["Baiduspider", "Baidu"],
  ["facebookexternalhit", "Meta link previews"],
  ["meta-externalagent", "Meta AI crawler"],
  ["GPTBot", "OpenAI training crawler"],
  ["OAI-SearchBot", "OpenAI search"],
  ["ChatGPT-User", "OpenAI, fetches for a user"],
  ["ClaudeBot", "Anthropic crawler"],
  ["PerplexityBot", "Perplexity"],
  ["CCBot", "Common Crawl"],
  ["Amazonbot", "Amazon"],
  ["Bytespider", "ByteDance"],
  ["Twitterbot", "X (Twitter) link previews"],
  ["LinkedInBot", "LinkedIn link previews"],
];
