/* replay_main.c — runs a fuzz target's LLVMFuzzerTestOneInput on files,
 * without libFuzzer: the regression inputs of tests/regress/<target>/ are
 * replayed by an ordinary build (and an ASan build) of every target.
 *
 *   replay_<target> FILE|DIR ...
 *
 * Each file is one input, read whole into a buffer of exactly its size (so
 * AddressSanitizer sees a read past its end).  A crash, a sanitizer report
 * or an inconsistent outcome (fuzz_common.h aborts) ends the process with
 * the input's name on stderr; otherwise it prints how many inputs ran and
 * exits 0. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

static unsigned long n_inputs;

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *data = malloc(cap);
    for (;;) {
        if (data == NULL) {
            fprintf(stderr, "replay: out of memory\n");
            exit(2);
        }
        n += fread(data + n, 1, cap - n, f);
        if (n < cap)
            break;
        cap *= 2;
        data = realloc(data, cap);
    }
    fclose(f);
    uint8_t *exact = malloc(n ? n : 1);
    if (exact == NULL) {
        fprintf(stderr, "replay: out of memory\n");
        exit(2);
    }
    memcpy(exact, data, n);
    free(data);
    fprintf(stderr, "replay: %s\n", path);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    n_inputs++;
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return replay_file(path);
    DIR *dir = opendir(path);
    if (dir == NULL) {
        perror(path);
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *ent;
    while ((ent = readdir(dir)) != NULL) {
        if (ent->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, cap * sizeof *names);
            if (names == NULL)
                exit(2);
        }
        size_t len = strlen(path) + strlen(ent->d_name) + 2;
        names[count] = malloc(len);
        if (names[count] == NULL)
            exit(2);
        snprintf(names[count], len, "%s/%s", path, ent->d_name);
        count++;
    }
    closedir(dir);
    if (count)
        qsort(names, count, sizeof *names, cmp_names);
    int rc = 0;
    for (size_t i = 0; i < count; i++) {
        if (replay_path(names[i]) < 0)
            rc = -1;
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR ...\n", argv[0]);
        return 2;
    }
    int rc = 0;
    for (int i = 1; i < argc; i++)
        if (replay_path(argv[i]) < 0)
            rc = 2;
    printf("replay: %lu inputs ran without a crash\n", n_inputs);
    return rc;
}
