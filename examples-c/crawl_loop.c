/*
 * crawl_loop: the robots.txt side of a crawler, against a simulated web.
 *
 *     crawl_loop USER_AGENT [SCRIPT]
 *
 * For every page it is asked to crawl, the loop finds the robots.txt URL
 * that governs it (robotstxt_robots_txt_url), keeps one cache entry per
 * robots.txt URL (robotstxt_cache_entry), fetches robots.txt when the entry
 * says so, following redirects as robotstxt_should_follow_redirect allows,
 * records the result, and asks the entry what to do: use the rules (parsed
 * once per fetched body into a robotstxt_robots), allow all or disallow all.
 * The library reads no clock and does no I/O: the loop passes the time and
 * the fetch results in, so runs are reproducible.
 *
 * The SCRIPT (a built-in one when none is given) drives the simulation, one
 * command a line; blank lines and lines starting with '#' are skipped:
 *
 *     serve ROBOTS_URL STATUS CACHE_CONTROL [BODY | LOCATION]
 *         From now on, fetching ROBOTS_URL answers STATUS (an HTTP status,
 *         or "error" for a network error) with the Cache-Control value
 *         CACHE_CONTROL ("-" for none). For a 3xx the rest of the line is
 *         the redirect target, otherwise the body, where \n is a newline.
 *         URLs nobody serves answer 404.
 *     policy google | rfc9309
 *         The policy of cache entries created from now on (default google).
 *     available ROBOTS_URL yes | no
 *         Whether the rest of that site answers normally (default yes).
 *     at TIME
 *         Sets the clock, counted from the start: "13h" or "31d".
 *     crawl PAGE_URL
 *         Decides whether USER_AGENT may fetch PAGE_URL now.
 *
 * At the end it prints what each cache entry knows. Exit status: 0, or 2
 * on an error (a bad script line, out of memory).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <robotstxt/robotstxt.h>

/* The simulated clock starts here (seconds since the Unix epoch). */
#define START 1700000000u
#define MAX_SERVED 32
#define MAX_HOSTS 32
#define URL_CAP 512

/* What the simulated web answers for one robots.txt URL. */
struct served {
    char url[URL_CAP];
    int status; /* -1: network error */
    char *cache_control; /* NULL: none */
    char *arg; /* the body, or for a 3xx the redirect target */
};

/* What the crawler keeps per robots.txt URL. */
struct host {
    char url[URL_CAP];
    robotstxt_cache_entry *entry;
    robotstxt_robots *rules; /* the entry's body, parsed once; NULL if none */
};

struct crawler {
    const char *agent;
    uint32_t policy;
    uint64_t now;
    struct served served[MAX_SERVED];
    size_t served_len;
    struct host hosts[MAX_HOSTS];
    size_t hosts_len;
};

static char *copy_string(const char *s) {
    size_t len = strlen(s);
    char *copy = malloc(len + 1);
    if (copy != NULL) {
        memcpy(copy, s, len + 1);
    }
    return copy;
}

/* Replaces "\n" by a newline and "\\" by a backslash, in place. */
static void unescape(char *s) {
    char *out = s;
    for (; *s != '\0'; s++) {
        if (s[0] == '\\' && s[1] == 'n') {
            *out++ = '\n';
            s++;
        } else if (s[0] == '\\' && s[1] == '\\') {
            *out++ = '\\';
            s++;
        } else {
            *out++ = *s;
        }
    }
    *out = '\0';
}

/* The next space-separated token of *line (NUL-terminated), or NULL. */
static char *next_token(char **line) {
    char *start = *line + strspn(*line, " \t");
    char *end;
    if (*start == '\0') {
        return NULL;
    }
    end = start + strcspn(start, " \t");
    if (*end != '\0') {
        *end++ = '\0';
    }
    *line = end;
    return start;
}

/* Prints a time relative to the start of the simulation. */
static void print_time(uint64_t t) {
    uint64_t rel = t >= START ? t - START : 0;
    if (rel % 3600 == 0) {
        printf("%luh", (unsigned long)(rel / 3600));
    } else {
        printf("%lus", (unsigned long)rel);
    }
}

static const struct served *lookup(const struct crawler *c, const char *url) {
    size_t i;
    for (i = 0; i < c->served_len; i++) {
        if (strcmp(c->served[i].url, url) == 0) {
            return &c->served[i];
        }
    }
    return NULL;
}

static struct host *find_host(struct crawler *c, const char *url) {
    size_t i;
    for (i = 0; i < c->hosts_len; i++) {
        if (strcmp(c->hosts[i].url, url) == 0) {
            return &c->hosts[i];
        }
    }
    return NULL;
}

/*
 * Fetches the robots.txt of `host` from the simulated web and records the
 * result in its cache entry. Returns false on an error.
 */
static bool fetch(struct crawler *c, struct host *host) {
    const char *url = host->url;
    const struct served *answer = lookup(c, url);
    uint32_t hops = 0;
    robotstxt_status status;
    size_t body_len = 0;
    const char *body;

    /* Follow redirects while allowed; RFC 9309 keeps the rules found for
     * the initial authority, so the entry stays keyed by host->url. */
    while (answer != NULL && answer->status >= 300 && answer->status < 400 &&
           robotstxt_should_follow_redirect(hops)) {
        url = answer->arg;
        answer = lookup(c, url);
        hops++;
    }
    printf("  fetch %s: ", host->url);
    if (answer != NULL && answer->status < 0) {
        printf("network error");
        status = robotstxt_cache_entry_record_network_error(host->entry, c->now);
    } else {
        int http = answer != NULL ? answer->status : 404;
        bool has_body = answer != NULL && http >= 200 && http < 300;
        const char *cc = answer != NULL ? answer->cache_control : NULL;
        printf("%d", http);
        status = robotstxt_cache_entry_record_http(
            host->entry, c->now, (uint16_t)http, has_body ? answer->arg : NULL,
            has_body ? strlen(answer->arg) : 0, cc, cc != NULL ? strlen(cc) : 0);
        if (cc != NULL) {
            printf(" (%s)", cc);
        }
        if (status == ROBOTSTXT_STATUS_OK && has_body) {
            /* A new body: parse it once, here, for all the queries until
             * the next fetch. */
            robotstxt_robots_free(host->rules);
            body = robotstxt_cache_entry_body(host->entry, &body_len);
            host->rules = body != NULL ? robotstxt_robots_parse(body, body_len) : NULL;
            if (body != NULL && host->rules == NULL) {
                return false;
            }
        }
    }
    if (hops > 0) {
        printf(" after %lu redirect%s", (unsigned long)hops, hops == 1 ? "" : "s");
    }
    putchar('\n');
    if (status != ROBOTSTXT_STATUS_OK) {
        return false;
    }
    /* After a 4xx the entry drops the body: drop the parsed rules too. */
    if (robotstxt_cache_entry_body(host->entry, NULL) == NULL) {
        robotstxt_robots_free(host->rules);
        host->rules = NULL;
    }
    return true;
}

static bool crawl(struct crawler *c, const char *page) {
    char robots_url[URL_CAP];
    size_t len = 0;
    struct host *host;
    bool allowed = false;
    uint32_t line = 0;
    const char *what = "";

    if (robotstxt_robots_txt_url(page, strlen(page), robots_url, sizeof robots_url, &len) !=
        ROBOTSTXT_STATUS_OK) {
        fprintf(stderr, "%s: robots.txt URL too long\n", page);
        return false;
    }
    if (len == 0) {
        printf("%s: no robots.txt (no authority): skipped\n", page);
        return true;
    }
    host = find_host(c, robots_url);
    if (host == NULL) {
        if (c->hosts_len == MAX_HOSTS) {
            fprintf(stderr, "too many hosts\n");
            return false;
        }
        host = &c->hosts[c->hosts_len];
        memcpy(host->url, robots_url, len + 1);
        host->rules = NULL;
        host->entry = robotstxt_cache_entry_new(c->policy);
        if (host->entry == NULL) {
            return false;
        }
        c->hosts_len++;
    }
    if (robotstxt_cache_entry_needs_fetch(host->entry, c->now) && !fetch(c, host)) {
        return false;
    }
    switch (robotstxt_cache_entry_decide(host->entry, c->now)) {
    case ROBOTSTXT_DECISION_USE_RULES: {
        robotstxt_str agent;
        robotstxt_answer answer;
        agent.ptr = c->agent;
        agent.len = strlen(c->agent);
        if (robotstxt_robots_check(host->rules, &agent, 1, page, strlen(page), &answer) !=
            ROBOTSTXT_STATUS_OK) {
            return false;
        }
        what = "use rules";
        allowed = answer.allowed;
        line = answer.matching_line;
        break;
    }
    case ROBOTSTXT_DECISION_ALLOW_ALL:
        what = "allow all";
        allowed = true;
        break;
    default:
        what = "disallow all";
        allowed = false;
        break;
    }
    printf("%s: %s: %s", page, what, allowed ? "ALLOWED" : "DISALLOWED");
    if (line > 0) {
        printf(" (line %lu)", (unsigned long)line);
    }
    putchar('\n');
    return true;
}

static bool serve(struct crawler *c, char *rest) {
    char *url = next_token(&rest);
    char *status = next_token(&rest);
    char *cc = next_token(&rest);
    struct served *s;
    size_t i;
    if (url == NULL || status == NULL || cc == NULL || strlen(url) >= URL_CAP) {
        return false;
    }
    rest += strspn(rest, " \t");
    for (i = 0; i < c->served_len && strcmp(c->served[i].url, url) != 0; i++) {
    }
    if (i == MAX_SERVED) {
        return false;
    }
    s = &c->served[i];
    if (i == c->served_len) {
        memcpy(s->url, url, strlen(url) + 1);
        c->served_len++;
    } else {
        free(s->cache_control);
        free(s->arg);
    }
    s->status = strcmp(status, "error") == 0 ? -1 : atoi(status);
    s->cache_control = strcmp(cc, "-") == 0 ? NULL : copy_string(cc);
    unescape(rest);
    s->arg = copy_string(rest);
    return s->arg != NULL && (s->cache_control != NULL || strcmp(cc, "-") == 0);
}

/* Runs one script line. Returns false on an error. */
static bool run_line(struct crawler *c, char *line) {
    char *command;
    char *arg;
    line[strcspn(line, "\r\n")] = '\0';
    command = next_token(&line);
    if (command == NULL || command[0] == '#') {
        return true;
    }
    if (strcmp(command, "serve") == 0) {
        return serve(c, line);
    }
    arg = next_token(&line);
    if (arg == NULL) {
        return false;
    }
    if (strcmp(command, "crawl") == 0) {
        return crawl(c, arg);
    }
    if (strcmp(command, "at") == 0) {
        char *unit;
        unsigned long n = strtoul(arg, &unit, 10);
        if (strcmp(unit, "h") != 0 && strcmp(unit, "d") != 0) {
            return false;
        }
        c->now = START + (uint64_t)n * (unit[0] == 'h' ? 3600u : 86400u);
        printf("at %s\n", arg);
        return true;
    }
    if (strcmp(command, "policy") == 0) {
        if (strcmp(arg, "google") == 0) {
            c->policy = ROBOTSTXT_POLICY_GOOGLE;
        } else if (strcmp(arg, "rfc9309") == 0) {
            c->policy = ROBOTSTXT_POLICY_RFC9309;
        } else {
            return false;
        }
        return true;
    }
    if (strcmp(command, "available") == 0) {
        char *yes = next_token(&line);
        struct host *host = find_host(c, arg);
        if (yes == NULL || host == NULL) {
            return false;
        }
        return robotstxt_cache_entry_set_site_available(host->entry, strcmp(yes, "yes") == 0) ==
               ROBOTSTXT_STATUS_OK;
    }
    return false;
}

/* The built-in script: one of each case of Google's fetch rules. */
static const char *const builtin_script[] = {
    "serve https://example.com/robots.txt 200 max-age=3600 User-agent: *\\nDisallow: /private/\\n",
    "serve https://down.example/robots.txt 503 -",
    "serve http://moved.example/robots.txt 301 - https://moved.example/robots.txt",
    "serve https://moved.example/robots.txt 200 - User-agent: FooBot\\nDisallow: /\\n",
    "serve https://loop.example/robots.txt 301 - https://loop.example/robots.txt",
    "at 0h",
    "crawl https://example.com/public/page",
    "crawl https://EXAMPLE.com:443/private/x",
    "crawl http://example.com/private/x",
    "crawl mailto:someone@example.com",
    "crawl https://down.example/page",
    "crawl http://moved.example/a",
    "crawl https://loop.example/a",
    "at 2h",
    "crawl https://example.com/private/y",
    "at 13h",
    "crawl https://down.example/page",
};

/* Prints what each cache entry knows at the end. */
static void print_cache(const struct crawler *c) {
    size_t i;
    printf("cache:\n");
    for (i = 0; i < c->hosts_len; i++) {
        uint64_t t;
        const struct host *host = &c->hosts[i];
        printf("  %s:", host->url);
        if (robotstxt_cache_entry_fresh_until(host->entry, &t)) {
            printf(" fresh until ");
            print_time(t);
        }
        if (robotstxt_cache_entry_unreachable_since(host->entry, &t)) {
            printf(" unreachable since ");
            print_time(t);
        }
        printf(robotstxt_cache_entry_body(host->entry, NULL) != NULL ? ", has rules\n" : "\n");
    }
}

int main(int argc, char **argv) {
    static struct crawler c;
    char line[4096];
    bool ok = true;
    unsigned long line_no = 0;
    size_t i;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s USER_AGENT [SCRIPT]\n", argv[0]);
        return 2;
    }
    c.agent = argv[1];
    c.policy = ROBOTSTXT_POLICY_GOOGLE;
    c.now = START;
    if (argc == 3) {
        FILE *script = fopen(argv[2], "r");
        if (script == NULL) {
            perror(argv[2]);
            return 2;
        }
        while (ok && fgets(line, sizeof line, script) != NULL) {
            line_no++;
            ok = run_line(&c, line);
        }
        fclose(script);
    } else {
        for (i = 0; ok && i < sizeof builtin_script / sizeof builtin_script[0]; i++) {
            line_no = (unsigned long)i + 1;
            strcpy(line, builtin_script[i]);
            ok = run_line(&c, line);
        }
    }
    if (ok) {
        print_cache(&c);
    } else {
        fprintf(stderr, "script line %lu: cannot run it\n", line_no);
    }
    for (i = 0; i < c.hosts_len; i++) {
        robotstxt_robots_free(c.hosts[i].rules);
        robotstxt_cache_entry_free(c.hosts[i].entry);
    }
    for (i = 0; i < c.served_len; i++) {
        free(c.served[i].cache_control);
        free(c.served[i].arg);
    }
    return ok ? 0 : 2;
}
