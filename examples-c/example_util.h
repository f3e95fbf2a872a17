/*
 * Small helpers shared by the examples: reading a whole file, and printing
 * bytes that may be anything (robots.txt files are not always text). They
 * are `static inline` so that a program using only one draws no warning.
 */
#ifndef ROBOTSTXT_EXAMPLE_UTIL_H
#define ROBOTSTXT_EXAMPLE_UTIL_H

#include <stdio.h>
#include <stdlib.h>

/*
 * Reads the file at `path` into a new buffer (free it with free()) and sets
 * *len to its size. Returns NULL, after printing why, on failure. A robots.txt
 * may contain NUL bytes, so the length, not a terminator, ends the data.
 */
static inline char *read_file(const char *path, size_t *len) {
    FILE *file = fopen(path, "rb");
    char *data = NULL;
    size_t size = 0, cap = 0;
    if (file == NULL) {
        perror(path);
        return NULL;
    }
    for (;;) {
        size_t got;
        if (size == cap) {
            char *bigger;
            cap = cap == 0 ? 4096 : cap * 2;
            bigger = realloc(data, cap);
            if (bigger == NULL) {
                fprintf(stderr, "%s: out of memory\n", path);
                free(data);
                fclose(file);
                return NULL;
            }
            data = bigger;
        }
        got = fread(data + size, 1, cap - size, file);
        size += got;
        if (got == 0) {
            break;
        }
    }
    if (ferror(file)) {
        perror(path);
        free(data);
        fclose(file);
        return NULL;
    }
    fclose(file);
    *len = size;
    return data;
}

/* Prints `len` bytes, with anything but printable ASCII as \xHH. */
static inline void print_bytes(const char *bytes, size_t len) {
    size_t i;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c >= 0x20 && c < 0x7F && c != '\\') {
            putchar(c);
        } else {
            printf("\\x%02X", c);
        }
    }
}

#endif /* ROBOTSTXT_EXAMPLE_UTIL_H */
