/*
 * print_directives: the directives of a robots.txt, as the parser sees them.
 *
 *     print_directives ROBOTS_TXT
 *
 * Prints one line per directive: its line number, its kind and its value
 * (allow, disallow and unknown values percent-escape normalised, as matching
 * uses them), then any remark the parser made about the line: an accepted
 * typo in the key, a missing colon, a line cut for being too long.
 */
#include <stdio.h>
#include <stdlib.h>

#include <robotstxt/robotstxt.h>

#include "example_util.h"

struct counts {
    unsigned long lines;
    unsigned long directives;
};

static void print_value(uint32_t line_num, const char *kind, const char *value, size_t len) {
    printf("%lu: %s \"", (unsigned long)line_num, kind);
    print_bytes(value, len);
    putchar('"');
}

/* The line is finished in on_metadata, which follows each directive. */
static void on_user_agent(void *user_data, uint32_t line_num, const char *value, size_t len) {
    (void)user_data;
    print_value(line_num, "user-agent", value, len);
}

static void on_allow(void *user_data, uint32_t line_num, const char *value, size_t len) {
    (void)user_data;
    print_value(line_num, "allow", value, len);
}

static void on_disallow(void *user_data, uint32_t line_num, const char *value, size_t len) {
    (void)user_data;
    print_value(line_num, "disallow", value, len);
}

static void on_sitemap(void *user_data, uint32_t line_num, const char *value, size_t len) {
    (void)user_data;
    print_value(line_num, "sitemap", value, len);
}

static void on_unknown(void *user_data, uint32_t line_num, const char *key, size_t key_len,
                       const char *value, size_t value_len) {
    (void)user_data;
    print_value(line_num, "unknown", key, key_len);
    printf(" = \"");
    print_bytes(value, value_len);
    putchar('"');
}

static void on_metadata(void *user_data, uint32_t line_num, const robotstxt_line_metadata *m) {
    struct counts *counts = user_data;
    (void)line_num;
    counts->lines++;
    if (!m->has_directive) {
        return;
    }
    counts->directives++;
    if (m->is_acceptable_typo) {
        printf(" [typo]");
    }
    if (m->is_missing_colon_separator) {
        printf(" [missing colon]");
    }
    if (m->is_line_too_long) {
        printf(" [line too long]");
    }
    putchar('\n');
}

int main(int argc, char **argv) {
    struct counts counts = {0, 0};
    robotstxt_parse_callbacks callbacks = {0};
    size_t len = 0;
    char *body;
    robotstxt_status status;

    if (argc != 2) {
        fprintf(stderr, "usage: %s ROBOTS_TXT\n", argv[0]);
        return 2;
    }
    body = read_file(argv[1], &len);
    if (body == NULL) {
        return 2;
    }
    /* Callbacks left NULL (here: start and end of the file) are skipped. */
    callbacks.user_data = &counts;
    callbacks.handle_user_agent = on_user_agent;
    callbacks.handle_allow = on_allow;
    callbacks.handle_disallow = on_disallow;
    callbacks.handle_sitemap = on_sitemap;
    callbacks.handle_unknown_action = on_unknown;
    callbacks.report_line_metadata = on_metadata;
    status = robotstxt_parse(body, len, &callbacks);
    free(body);
    if (status != ROBOTSTXT_STATUS_OK) {
        fprintf(stderr, "robotstxt error %u\n", (unsigned)status);
        return 2;
    }
    printf("%lu lines, %lu directives\n", counts.lines, counts.directives);
    return 0;
}
