/* threads.c — the core from many threads at once (ThreadSanitizer driver),
 * and on small thread stacks.
 *
 *   threads [--threads N] [--rounds R] [--stack-size BYTES] FILE.pyc|@LIST ...
 *   threads --measure-stack FILE.pyc|@LIST ...
 *
 * Every file is first decompiled and disassembled once on the main thread
 * (the reference).  Then N threads (default 8), each with a stack of the
 * given size (default: the system's), run R rounds (default 2) over all the
 * files, each thread starting at a different file, so that the same file is
 * processed by several threads at once and different files run side by
 * side.  Each result (status, error message, text) must equal the
 * reference.  An argument starting with @ names a file that lists .pyc
 * paths, one a line.
 *
 * Built with -fsanitize=thread by `make tsan`, which runs it over a sample
 * of the stdlib of every version: any data race in the core (shared mutable
 * state) is reported there.  With --stack-size 524288 it checks that the
 * core's recursion limits fit a 512 KiB thread stack.  --measure-stack runs
 * each file alone on a painted 8 MiB thread stack and prints how many bytes
 * of it the core touched, the deepest file last.
 *
 * Exit status: 0 all equal, 1 a result differed, 2 usage or I/O. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
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

typedef struct result {
    int rc_dec, rc_dis;
    dp_status st_dec, st_dis;
    char msg_dec[480], msg_dis[480];
    char *text_dec, *text_dis; /* malloc'd, NULL when failed */
    size_t len_dec, len_dis;
    size_t n_unrecovered;
} result;

typedef struct file {
    const char *path;
    uint8_t *data;
    size_t len;
    result ref;
} file;

static file *files;
static size_t n_files;
static int rounds = 2;

static char *copy_text(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c == NULL) {
        fprintf(stderr, "threads: out of memory\n");
        exit(2);
    }
    memcpy(c, s, n);
    c[n] = '\0';
    return c;
}

/* Read, decompile and disassemble one file, each step in a fresh arena. */
static void run_one(const file *f, result *r)
{
    memset(r, 0, sizeof *r);
    for (int pass = 0; pass < 2; pass++) {
        dp_error err;
        dp_error_init(&err);
        dp_arena *arena = dp_arena_new(0, &err);
        dp_pyc pyc;
        int rc = -1;
        const char *text = NULL;
        size_t len = 0;
        if (arena != NULL && dp_pyc_read(f->data, f->len, arena, &err, &pyc) == 0) {
            if (pass == 0) {
                dp_decompile_result res;
                rc = dp_decompile_module(pyc.module, arena, &err, &res);
                if (rc == 0) {
                    text = res.text;
                    len = res.len;
                    r->n_unrecovered = res.n_unrecovered;
                }
            } else {
                dp_buf out;
                dp_buf_init(&out, arena);
                rc = dp_disassemble(pyc.module, arena, &err, &out);
                if (rc == 0) {
                    text = out.data;
                    len = out.len;
                }
            }
        }
        if (pass == 0) {
            r->rc_dec = rc;
            r->st_dec = err.status;
            memcpy(r->msg_dec, err.message, sizeof r->msg_dec);
            r->text_dec = text ? copy_text(text, len) : NULL;
            r->len_dec = len;
        } else {
            r->rc_dis = rc;
            r->st_dis = err.status;
            memcpy(r->msg_dis, err.message, sizeof r->msg_dis);
            r->text_dis = text ? copy_text(text, len) : NULL;
            r->len_dis = len;
        }
        dp_arena_free(arena);
    }
}

static void free_result(result *r)
{
    free(r->text_dec);
    free(r->text_dis);
}

static int same_text(const char *a, size_t la, const char *b, size_t lb)
{
    if ((a == NULL) != (b == NULL))
        return 0;
    return a == NULL || (la == lb && memcmp(a, b, la) == 0);
}

static const char *differs(const result *a, const result *b)
{
    if (a->rc_dec != b->rc_dec || a->st_dec != b->st_dec || strcmp(a->msg_dec, b->msg_dec) != 0)
        return "decompile status or message";
    if (!same_text(a->text_dec, a->len_dec, b->text_dec, b->len_dec) || a->n_unrecovered != b->n_unrecovered)
        return "decompiled text";
    if (a->rc_dis != b->rc_dis || a->st_dis != b->st_dis || strcmp(a->msg_dis, b->msg_dis) != 0)
        return "disassembly status or message";
    if (!same_text(a->text_dis, a->len_dis, b->text_dis, b->len_dis))
        return "disassembly text";
    return NULL;
}

typedef struct worker {
    pthread_t tid;
    size_t first;
    unsigned long runs, mismatches;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    for (int round = 0; round < rounds; round++) {
        for (size_t k = 0; k < n_files; k++) {
            const file *f = &files[(w->first + k) % n_files];
            result r;
            run_one(f, &r);
            const char *why = differs(&r, &f->ref);
            if (why != NULL) {
                w->mismatches++;
                fprintf(stderr, "threads: %s: %s differs from the single-threaded run\n", f->path, why);
            }
            free_result(&r);
            w->runs++;
        }
    }
    return NULL;
}

static void add_file(const char *path)
{
    static size_t cap;
    if (n_files == cap) {
        cap = cap ? cap * 2 : 256;
        files = realloc(files, cap * sizeof *files);
        if (files == NULL) {
            fprintf(stderr, "threads: out of memory\n");
            exit(2);
        }
    }
    file *f = &files[n_files];
    memset(f, 0, sizeof *f);
    f->path = strdup(path);
    f->data = slurp(path, &f->len);
    if (f->data == NULL || f->path == NULL) {
        fprintf(stderr, "threads: cannot read %s\n", path);
        exit(2);
    }
    n_files++;
}

static void add_list(const char *list)
{
    FILE *fp = fopen(list, "r");
    if (fp == NULL) {
        fprintf(stderr, "threads: cannot read %s\n", list);
        exit(2);
    }
    char line[4096];
    while (fgets(line, sizeof line, fp) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0])
            add_file(line);
    }
    fclose(fp);
}

/* --measure-stack: the bytes of a painted thread stack that one file's
 * read, decompile and disassemble touched. */
static void *measure_one(void *arg)
{
    result r;
    run_one(arg, &r);
    free_result(&r);
    return NULL;
}

static int measure_stacks(void)
{
    enum { SIZE = 8 << 20 };
    size_t worst = 0;
    const char *worst_path = "";
    unsigned char *stack = malloc(SIZE);
    if (stack == NULL)
        return 2;
    for (size_t k = 0; k < n_files; k++) {
        memset(stack, 0xA5, SIZE);
        pthread_attr_t attr;
        pthread_t tid;
        pthread_attr_init(&attr);
        if (pthread_attr_setstack(&attr, stack, SIZE) != 0 ||
            pthread_create(&tid, &attr, measure_one, &files[k]) != 0) {
            fprintf(stderr, "threads: cannot start a thread on a painted stack\n");
            return 2;
        }
        pthread_join(tid, NULL);
        pthread_attr_destroy(&attr);
        size_t untouched = 0;
        while (untouched < SIZE && stack[untouched] == 0xA5)
            untouched++;
        size_t used = SIZE - untouched;
        printf("%8zu  %s\n", used, files[k].path);
        if (used > worst) {
            worst = used;
            worst_path = files[k].path;
        }
    }
    printf("threads: deepest stack %zu bytes (%s)\n", worst, worst_path);
    free(stack);
    return 0;
}

int main(int argc, char **argv)
{
    int measure = 0;
    int n_threads = 8;
    size_t stack_size = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--threads") == 0 && i + 1 < argc)
            n_threads = atoi(argv[++i]);
        else if (strcmp(a, "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (strcmp(a, "--stack-size") == 0 && i + 1 < argc)
            stack_size = (size_t)strtoull(argv[++i], NULL, 0);
        else if (strcmp(a, "--measure-stack") == 0)
            measure = 1;
        else if (a[0] == '@')
            add_list(a + 1);
        else if (a[0] == '-') {
            fprintf(stderr, "usage: threads [--threads N] [--rounds R] [--stack-size BYTES] FILE.pyc|@LIST ...\n");
            return 2;
        } else
            add_file(a);
    }
    if (n_files == 0 || n_threads < 1 || n_threads > 256 || rounds < 1) {
        fprintf(stderr, "usage: threads [--threads N] [--rounds R] [--stack-size BYTES] FILE.pyc|@LIST ...\n");
        return 2;
    }
    if (measure)
        return measure_stacks();
    /* the reference, on the main thread; the workers get the stack size */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (stack_size && pthread_attr_setstacksize(&attr, stack_size) != 0) {
        fprintf(stderr, "threads: bad stack size %zu\n", stack_size);
        return 2;
    }
    for (size_t k = 0; k < n_files; k++)
        run_one(&files[k], &files[k].ref);
    worker *ws = calloc((size_t)n_threads, sizeof *ws);
    if (ws == NULL)
        return 2;
    for (int t = 0; t < n_threads; t++) {
        ws[t].first = (size_t)t * n_files / (size_t)n_threads / 2; /* overlapping windows */
        if (pthread_create(&ws[t].tid, &attr, work, &ws[t]) != 0) {
            fprintf(stderr, "threads: cannot start thread %d\n", t);
            return 2;
        }
    }
    unsigned long runs = 0, mismatches = 0;
    for (int t = 0; t < n_threads; t++) {
        pthread_join(ws[t].tid, NULL);
        runs += ws[t].runs;
        mismatches += ws[t].mismatches;
    }
    size_t ok = 0, unrecovered = 0, failed = 0;
    for (size_t k = 0; k < n_files; k++) {
        if (files[k].ref.rc_dec != 0)
            failed++;
        else if (files[k].ref.n_unrecovered)
            unrecovered++;
        else
            ok++;
        free_result(&files[k].ref);
        free(files[k].data);
        free((void *)files[k].path);
    }
    free(files);
    free(ws);
    pthread_attr_destroy(&attr);
    printf("threads: %d threads x %d rounds over %zu files (%zu decompiled whole, %zu partly, %zu failed): "
           "%lu runs, %lu differ\n",
           n_threads, rounds, n_files, ok, unrecovered, failed, runs, mismatches);
    if (stack_size)
        printf("threads: thread stack size %zu bytes\n", stack_size);
    return mismatches ? 1 : 0;
}
