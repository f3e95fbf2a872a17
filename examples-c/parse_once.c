/*
 * parse_once: parse a robots.txt once, then answer many URLs from it.
 *
 *     parse_once ROBOTS_TXT USER_AGENT [URL...]
 *
 * With no URL arguments, URLs are read from standard input, one per line.
 * For each URL prints "ALLOWED" or "DISALLOWED", the URL, and the line of
 * the rule that decided it, if one did. Then prints the crawl-delay that
 * applies to the agent, the groups (their agents and rules) and the
 * sitemaps. Exit status: 0 when every URL is allowed, 1 when one is
 * disallowed, 2 on an error.
 *
 * Unlike check_urls, which hands the body to robotstxt_matcher for every
 * URL (Google's API, which parses it each time), the body is parsed once
 * into a robotstxt_robots. That handle is immutable: a multi-threaded
 * crawler can share it between threads and query it without locks.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <robotstxt/robotstxt.h>

#include "example_util.h"

/* Returns 0 (allowed), 1 (disallowed) or 2 (error). */
static int check(const robotstxt_robots *robots, const char *agent, const char *url,
                 size_t url_len) {
    robotstxt_str agents[1];
    robotstxt_answer answer;
    robotstxt_status status;

    agents[0].ptr = agent;
    agents[0].len = strlen(agent);
    status = robotstxt_robots_check(robots, agents, 1, url, url_len, &answer);
    if (status != ROBOTSTXT_STATUS_OK) {
        fprintf(stderr, "robotstxt error %u\n", (unsigned)status);
        return 2;
    }
    printf("%-10s ", answer.allowed ? "ALLOWED" : "DISALLOWED");
    print_bytes(url, url_len);
    if (answer.matching_line > 0) {
        printf(" (line %lu)", (unsigned long)answer.matching_line);
    }
    putchar('\n');
    return answer.allowed ? 0 : 1;
}

/* Prints the groups: agents as written, then each rule with its line. */
static int print_groups(const robotstxt_robots *robots) {
    size_t groups = robotstxt_robots_group_count(robots);
    size_t g, i;
    for (g = 0; g < groups; g++) {
        size_t agents = robotstxt_robots_group_agent_count(robots, g);
        size_t rules = robotstxt_robots_group_rule_count(robots, g);
        double delay;
        printf("group %lu%s:", (unsigned long)(g + 1),
               robotstxt_robots_group_is_global(robots, g) ? " (global)" : "");
        for (i = 0; i < agents; i++) {
            robotstxt_group_agent agent;
            if (robotstxt_robots_group_agent(robots, g, i, &agent) != ROBOTSTXT_STATUS_OK) {
                return 2;
            }
            printf("%s\"", i > 0 ? ", " : " ");
            print_bytes(agent.value.ptr, agent.value.len);
            printf("\"@%lu", (unsigned long)agent.line);
        }
        if (robotstxt_robots_group_crawl_delay(robots, g, &delay) == ROBOTSTXT_STATUS_OK) {
            printf(", crawl-delay %g", delay);
        }
        putchar('\n');
        for (i = 0; i < rules; i++) {
            robotstxt_rule rule;
            if (robotstxt_robots_group_rule(robots, g, i, &rule) != ROBOTSTXT_STATUS_OK) {
                return 2;
            }
            printf("  %lu: %s ", (unsigned long)rule.line,
                   rule.kind == ROBOTSTXT_RULE_KIND_ALLOW ? "allow" : "disallow");
            print_bytes(rule.pattern.ptr, rule.pattern.len);
            putchar('\n');
        }
    }
    return 0;
}

/* Prints what a crawler keeps besides the verdicts. Returns 0, or 2. */
static int print_summary(const robotstxt_robots *robots, const char *agent) {
    size_t sitemaps = robotstxt_robots_sitemap_count(robots);
    size_t i;
    double delay;
    robotstxt_status status =
        robotstxt_robots_crawl_delay(robots, agent, strlen(agent), &delay);
    if (status == ROBOTSTXT_STATUS_OK) {
        printf("crawl-delay for %s: %g\n", agent, delay);
    } else if (status == ROBOTSTXT_STATUS_NOT_FOUND) {
        printf("crawl-delay for %s: none\n", agent);
    } else {
        return 2;
    }
    if (print_groups(robots) != 0) {
        return 2;
    }
    for (i = 0; i < sitemaps; i++) {
        robotstxt_str sitemap;
        if (robotstxt_robots_sitemap(robots, i, &sitemap) != ROBOTSTXT_STATUS_OK) {
            return 2;
        }
        printf("sitemap: ");
        print_bytes(sitemap.ptr, sitemap.len);
        putchar('\n');
    }
    return 0;
}

int main(int argc, char **argv) {
    size_t body_len = 0;
    char *body;
    robotstxt_robots *robots;
    int result = 0;
    int i;

    if (argc < 3) {
        fprintf(stderr, "usage: %s ROBOTS_TXT USER_AGENT [URL...]\n", argv[0]);
        return 2;
    }
    body = read_file(argv[1], &body_len);
    if (body == NULL) {
        return 2;
    }
    robots = robotstxt_robots_parse(body, body_len);
    /* The handle keeps its own copy: the body is not needed any more. */
    free(body);
    if (robots == NULL) {
        return 2;
    }
    if (argc > 3) {
        for (i = 3; i < argc && result < 2; i++) {
            int r = check(robots, argv[2], argv[i], strlen(argv[i]));
            result = r > result ? r : result;
        }
    } else {
        char url[8192];
        while (result < 2 && fgets(url, sizeof url, stdin) != NULL) {
            size_t len = strcspn(url, "\r\n");
            int r;
            if (len == 0) {
                continue;
            }
            r = check(robots, argv[2], url, len);
            result = r > result ? r : result;
        }
    }
    if (result < 2 && print_summary(robots, argv[2]) != 0) {
        result = 2;
    }
    robotstxt_robots_free(robots);
    return result;
}
