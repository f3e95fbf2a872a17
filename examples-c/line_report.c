/*
 * line_report: what each line of a robots.txt was parsed as.
 *
 *     line_report ROBOTS_TXT
 *
 * Prints, for every line, its number, what it was parsed as (user-agent,
 * allow, disallow, sitemap, unused for keys such as crawl-delay that are
 * known but not used, unknown for anything else) and what the parser noticed
 * about it, then the counts of valid and unused directives.
 */
#include <stdio.h>
#include <stdlib.h>

#include <robotstxt/robotstxt.h>

#include "example_util.h"

static const char *tag_name(robotstxt_tag_name tag) {
    switch (tag) {
    case ROBOTSTXT_TAG_NAME_USER_AGENT:
        return "user-agent";
    case ROBOTSTXT_TAG_NAME_ALLOW:
        return "allow";
    case ROBOTSTXT_TAG_NAME_DISALLOW:
        return "disallow";
    case ROBOTSTXT_TAG_NAME_SITEMAP:
        return "sitemap";
    case ROBOTSTXT_TAG_NAME_UNUSED:
        return "unused";
    default:
        return "unknown";
    }
}

static void print_line(const robotstxt_parsed_line *line) {
    const robotstxt_line_metadata *m = &line->metadata;
    printf("%3lu %s", (unsigned long)line->line_num, tag_name(line->tag_name));
    if (m->is_empty) {
        printf(" empty");
    }
    if (m->is_comment) {
        printf(" comment");
    } else if (m->has_comment) {
        printf(" trailing-comment");
    }
    if (line->is_typo) {
        printf(" typo");
    }
    if (m->is_missing_colon_separator) {
        printf(" missing-colon");
    }
    if (m->is_line_too_long) {
        printf(" too-long");
    }
    if (!m->has_directive && !m->is_empty && !m->is_comment) {
        printf(" no-directive");
    }
    putchar('\n');
}

int main(int argc, char **argv) {
    robotstxt_reporter *reporter;
    robotstxt_parsed_line *lines = NULL;
    size_t body_len = 0, count = 0, i;
    char *body;
    int result = 2;

    if (argc != 2) {
        fprintf(stderr, "usage: %s ROBOTS_TXT\n", argv[0]);
        return 2;
    }
    body = read_file(argv[1], &body_len);
    if (body == NULL) {
        return 2;
    }
    reporter = robotstxt_reporter_new();
    if (reporter == NULL || robotstxt_reporter_parse(reporter, body, body_len) != ROBOTSTXT_STATUS_OK) {
        goto done;
    }
    /* Ask for the number of lines, then fetch them all at once. */
    if (robotstxt_reporter_lines(reporter, NULL, 0, &count) == ROBOTSTXT_STATUS_NULL_ARGUMENT) {
        goto done;
    }
    lines = malloc(count * sizeof *lines + 1);
    if (lines == NULL || robotstxt_reporter_lines(reporter, lines, count, &count) != ROBOTSTXT_STATUS_OK) {
        goto done;
    }
    for (i = 0; i < count; i++) {
        print_line(&lines[i]);
    }
    printf("valid directives: %lu\n", (unsigned long)robotstxt_reporter_valid_directives(reporter));
    printf("unused directives: %lu\n", (unsigned long)robotstxt_reporter_unused_directives(reporter));
    printf("last line: %lu\n", (unsigned long)robotstxt_reporter_last_line_seen(reporter));
    result = 0;
done:
    if (result != 0) {
        fprintf(stderr, "%s: cannot report on %s\n", argv[0], argv[1]);
    }
    free(lines);
    robotstxt_reporter_free(reporter);
    free(body);
    return result;
}
