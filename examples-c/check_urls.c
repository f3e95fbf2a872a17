/*
 * check_urls: may these URLs be fetched under this robots.txt?
 *
 *     check_urls ROBOTS_TXT USER_AGENT [URL...]
 *
 * With no URL arguments, URLs are read from standard input, one per line.
 * For each URL prints "ALLOWED" or "DISALLOWED", the URL, and the line of
 * the rule that decided it, if one did. Exit status: 0 when every URL is
 * allowed, 1 when one is disallowed, 2 on an error.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <robotstxt/robotstxt.h>

#include "example_util.h"

/* Returns 0 (allowed), 1 (disallowed) or 2 (error). */
static int check(robotstxt_matcher *matcher, const char *body, size_t body_len,
                 const char *agent, const char *url, size_t url_len) {
    bool allowed = false;
    uint32_t line;
    robotstxt_status status = robotstxt_matcher_one_agent_allowed_by_robots(
        matcher, body, body_len, agent, strlen(agent), url, url_len, &allowed);
    if (status != ROBOTSTXT_STATUS_OK) {
        fprintf(stderr, "robotstxt error %u\n", (unsigned)status);
        return 2;
    }
    printf("%-10s ", allowed ? "ALLOWED" : "DISALLOWED");
    print_bytes(url, url_len);
    line = robotstxt_matcher_matching_line(matcher);
    if (line > 0) {
        printf(" (line %lu)", (unsigned long)line);
    }
    putchar('\n');
    return allowed ? 0 : 1;
}

int main(int argc, char **argv) {
    size_t body_len = 0;
    char *body;
    robotstxt_matcher *matcher;
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
    matcher = robotstxt_matcher_new();
    if (matcher == NULL) {
        free(body);
        return 2;
    }
    if (argc > 3) {
        for (i = 3; i < argc && result < 2; i++) {
            int r = check(matcher, body, body_len, argv[2], argv[i], strlen(argv[i]));
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
            r = check(matcher, body, body_len, argv[2], url, len);
            result = r > result ? r : result;
        }
    }
    robotstxt_matcher_free(matcher);
    free(body);
    return result;
}
