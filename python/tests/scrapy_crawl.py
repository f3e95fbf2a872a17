"""Runs one Scrapy crawl of a local site (a script for test_scrapy.py: the
Twisted reactor cannot be restarted inside one pytest process).

Usage: python scrapy_crawl.py START_URL USER_AGENT [PARSER]
"""

import sys

import scrapy
from scrapy.crawler import CrawlerProcess


class SiteSpider(scrapy.Spider):
    name = "site"

    def __init__(self, start_url, **kwargs):
        super().__init__(**kwargs)
        self.start_urls = [start_url]

    def parse(self, response):
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, callback=self.parse)


def main():
    start_url, agent = sys.argv[1], sys.argv[2]
    settings = {
        "ROBOTSTXT_OBEY": True,
        "ROBOTSTXT_USER_AGENT": agent,
        "USER_AGENT": f"{agent}/1.0 (+http://127.0.0.1/)",
        "LOG_LEVEL": "WARNING",
        "TELNETCONSOLE_ENABLED": False,
        "RETRY_ENABLED": False,
        "CONCURRENT_REQUESTS": 4,
        "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
    }
    if len(sys.argv) > 3:
        settings["ROBOTSTXT_PARSER"] = sys.argv[3]
    process = CrawlerProcess(settings=settings)
    process.crawl(SiteSpider, start_url=start_url)
    process.start()


if __name__ == "__main__":
    main()
