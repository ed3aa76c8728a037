/* slurp.h — read a whole file into malloc'ed memory, for the test drivers
 * in tests/c/ (the command line has its own reader, with messages).
 * NULL when the file cannot be opened, read or held; *len its size. */
#ifndef DEPYF_TESTS_SLURP_H
#define DEPYF_TESTS_SLURP_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    uint8_t *data = malloc(cap);
    while (data != NULL) {
        n += fread(data + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *grown = realloc(data, cap * 2);
        if (grown == NULL) {
            free(data);
            data = NULL;
            break;
        }
        data = grown;
        cap *= 2;
    }
    if (data != NULL && ferror(f)) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *len = n;
    return data;
}

#endif
