/* oom.c — out of memory on every allocation the core makes.
 *
 *   oom [--max-points N] FILE.pyc|@LIST ...
 *
 * Two levels of allocation fail, one at a time.  The system's: the driver is
 * linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc, so that every
 * malloc of the core (arena chunks, the arena itself, big-int printing)
 * goes through the wrappers below.  The arena's: dp_arena_fail_at makes the
 * k-th dp_arena_alloc call fail, which reaches every allocation site of every
 * phase (reader, decoder, recovery, printer), not only those that happen to
 * need a new chunk.  For each file the driver reads, decompiles and
 * disassembles it once counting both (the reference), then once per k with
 * the k-th allocation failing: every malloc, and every arena allocation up
 * to --max-points per file and phase (evenly spread past that, always
 * including the first and last).  Each such run must end in a clean
 * DP_ERR_NOMEM: return -1, status "nomem", a message; never a crash, a
 * leak (under LeakSanitizer), another status, or a result.  A run that
 * succeeds although an allocation failed would mean a failure was swallowed
 * and the output may silently differ, so it counts as a failure too.
 * `make check-oom` runs it under AddressSanitizer + UBSan.
 *
 * Exit status: 0 every run as expected, 1 some run was not, 2 usage or I/O. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "decompile.h"
#include "disasm.h"
#include "pyc.h"
#include "slurp.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

/* Armed only around the core's calls: the driver's own allocations (file
 * contents, lists) are not counted.  Single-threaded by design. */
static int armed;
static unsigned long n_allocs;  /* allocations seen while armed */
static unsigned long fail_at;   /* 1-based index of the one that fails, 0: none */

static int should_fail(void)
{
    if (!armed)
        return 0;
    n_allocs++;
    return fail_at != 0 && n_allocs == fail_at;
}

void *__wrap_malloc(size_t size)
{
    return should_fail() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return should_fail() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    return should_fail() ? NULL : __real_realloc(p, size);
}

typedef struct outcome {
    int rc;
    dp_status status;
    char message[480];
} outcome;

static unsigned long arena_allocs; /* dp_arena_alloc calls of the last run */

/* One phase (0: read + decompile, 1: read + disassemble) in a fresh arena
 * whose arena_fail_at-th allocation fails (0: none). */
static void run_phase(const uint8_t *data, size_t len, int phase, unsigned long arena_fail_at,
                      outcome *o)
{
    dp_error err;
    dp_error_init(&err);
    armed = 1;
    dp_arena *arena = dp_arena_new(0, &err);
    if (arena != NULL)
        dp_arena_fail_at(arena, arena_fail_at);
    int rc = -1;
    dp_pyc pyc;
    if (arena != NULL && dp_pyc_read(data, len, arena, &err, &pyc) == 0) {
        if (phase == 0) {
            dp_decompile_result res;
            rc = dp_decompile_module(pyc.module, arena, &err, &res);
        } else {
            dp_buf out;
            dp_buf_init(&out, arena);
            rc = dp_disassemble(pyc.module, arena, &err, &out);
        }
    }
    arena_allocs = arena ? dp_arena_allocations(arena) : 0;
    dp_arena_free(arena);
    armed = 0;
    o->rc = rc;
    o->status = err.status;
    memcpy(o->message, err.message, sizeof o->message);
}

static unsigned long max_points = 3000;

static int clean_nomem(const outcome *o)
{
    return o->rc == -1 && o->status == DP_ERR_NOMEM && o->message[0] != '\0';
}

static void report(const char *path, int phase, const char *level, unsigned long k,
                   unsigned long total, const outcome *o)
{
    fprintf(stderr, "oom: %s: %s with %s allocation %lu of %lu failing: rc %d, status %s (%s)\n",
            path, phase == 0 ? "decompile" : "disassemble", level, k, total, o->rc,
            dp_status_name(o->status), o->message);
}

/* Returns the number of failing runs for this file. */
static unsigned long check_file(const char *path, unsigned long *n_runs)
{
    size_t len;
    uint8_t *data = slurp(path, &len);
    if (data == NULL) {
        fprintf(stderr, "oom: cannot read %s\n", path);
        exit(2);
    }
    unsigned long bad = 0;
    for (int phase = 0; phase < 2; phase++) {
        outcome ref, o;
        n_allocs = 0;
        fail_at = 0;
        run_phase(data, len, phase, 0, &ref);
        unsigned long total = n_allocs, arena_total = arena_allocs;
        for (unsigned long k = 1; k <= total; k++) {
            n_allocs = 0;
            fail_at = k;
            run_phase(data, len, phase, 0, &o);
            ++*n_runs;
            if (!clean_nomem(&o)) {
                bad++;
                report(path, phase, "system", k, total, &o);
            }
        }
        fail_at = 0;
        unsigned long points = arena_total < max_points ? arena_total : max_points;
        for (unsigned long i = 0; i < points; i++) {
            /* 1..arena_total when it fits, else evenly spread, ends included */
            unsigned long k = points == arena_total ? i + 1
                              : 1 + (unsigned long)((double)i * (double)(arena_total - 1) / (double)(points - 1));
            run_phase(data, len, phase, k, &o);
            ++*n_runs;
            if (!clean_nomem(&o)) {
                bad++;
                report(path, phase, "arena", k, arena_total, &o);
            }
        }
    }
    fail_at = 0;
    free(data);
    return bad;
}

int main(int argc, char **argv)
{
    int first = 1;
    if (argc > 2 && strcmp(argv[1], "--max-points") == 0) {
        max_points = strtoul(argv[2], NULL, 10);
        first = 3;
    }
    if (argc <= first || max_points < 2) {
        fprintf(stderr, "usage: oom [--max-points N>=2] FILE.pyc|@LIST ...\n");
        return 2;
    }
    unsigned long files = 0, runs = 0, bad = 0;
    for (int i = first; i < argc; i++) {
        if (argv[i][0] != '@') {
            bad += check_file(argv[i], &runs);
            files++;
            continue;
        }
        FILE *list = fopen(argv[i] + 1, "r");
        if (list == NULL) {
            fprintf(stderr, "oom: cannot read %s\n", argv[i] + 1);
            return 2;
        }
        char line[4096];
        while (fgets(line, sizeof line, list) != NULL) {
            line[strcspn(line, "\n")] = '\0';
            if (line[0] != '\0') {
                bad += check_file(line, &runs);
                files++;
            }
        }
        fclose(list);
    }
    printf("oom: %lu files, %lu runs with one allocation failing, %lu not ending in a clean "
           "out-of-memory error\n", files, runs, bad);
    return bad ? 1 : 0;
}
