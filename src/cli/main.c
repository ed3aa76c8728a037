/* main.c — the `depyf` command line.
 *
 *   depyf [decompile] FILE.pyc|DIR ...   print source (decompiler)
 *   depyf dis FILE.pyc|DIR ...           print what dis.dis() prints
 *
 * Exit status: 0 when everything succeeded, 1 when some part could not be
 * recovered, 2 on bad input or usage. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arena.h"
#include "buf.h"
#include "decompile.h"
#include "disasm.h"
#include "pyc.h"

#define DEPYF_VERSION "0.1.0"
#define MAX_FILE_SIZE ((size_t)1 << 30)

enum { EXIT_OK = 0, EXIT_PARTIAL = 1, EXIT_BAD = 2 };

typedef enum command { CMD_DECOMPILE, CMD_DIS } command;

typedef struct run {
    command cmd;
    int many;       /* more than one file: print a header before each */
    int status;     /* worst exit status so far */
} run;

static void usage(FILE *to)
{
    fprintf(to,
            "usage: depyf [decompile] FILE.pyc|DIR ...\n"
            "       depyf dis FILE.pyc|DIR ...\n"
            "\n"
            "Decompile or disassemble .pyc files of Python 3.8 to 3.13, on any host.\n"
            "Directories are searched recursively for .pyc files.\n"
            "\n"
            "  dis        print what that Python version's dis.dis() prints\n"
            "  --help     show this help\n"
            "  --version  show the version\n"
            "\n"
            "Exit status: 0 success, 1 some part not recovered, 2 bad input or usage.\n");
}

static void note_status(run *r, int status)
{
    if (status > r->status)
        r->status = status;
}

/* Read a whole file; NULL (and a message on stderr) on failure. */
static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "depyf: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *data = malloc(cap);
    while (data != NULL) {
        size_t got = fread(data + n, 1, cap - n, f);
        n += got;
        if (n < cap) {
            if (ferror(f)) {
                fprintf(stderr, "depyf: %s: read error\n", path);
                free(data);
                data = NULL;
            }
            break;
        }
        if (cap >= MAX_FILE_SIZE) {
            fprintf(stderr, "depyf: %s: file larger than %zu bytes\n", path, MAX_FILE_SIZE);
            free(data);
            data = NULL;
            break;
        }
        uint8_t *grown = realloc(data, cap * 2);
        if (grown == NULL) {
            free(data);
            data = NULL;
            fprintf(stderr, "depyf: %s: out of memory\n", path);
            break;
        }
        data = grown;
        cap *= 2;
    }
    fclose(f);
    *len = n;
    return data;
}

static void process_file(run *r, const char *path)
{
    size_t len;
    uint8_t *data = read_file(path, &len);
    if (data == NULL) {
        note_status(r, EXIT_BAD);
        return;
    }
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = dp_arena_new(0, &err);
    dp_pyc pyc;
    dp_buf out;
    int rc = -1;
    if (arena != NULL && dp_pyc_read(data, len, arena, &err, &pyc) == 0) {
        dp_buf_init(&out, arena);
        if (r->cmd == CMD_DIS)
            rc = dp_disassemble(pyc.module, arena, &err, &out);
        else {
            dp_decompile_result res;
            rc = dp_decompile_module(pyc.module, arena, &err, &res);
            if (rc == 0) {
                dp_buf_init(&out, arena);
                rc = dp_buf_append(&out, res.text, res.len);
                if (res.n_unrecovered) {
                    /* the source is still printed; the status says it is partial */
                    fprintf(stderr, "depyf: %s: %zu region%s not recovered; first: %s\n", path,
                            res.n_unrecovered, res.n_unrecovered == 1 ? "" : "s", res.first_problem);
                    note_status(r, EXIT_PARTIAL);
                }
            }
        }
    }
    if (rc == 0) {
        if (r->many)
            printf("# %s\n", path);
        fwrite(out.data, 1, out.len, stdout);
    } else {
        fprintf(stderr, "depyf: %s: %s\n", path, err.message[0] ? err.message : "failed");
        note_status(r, err.status == DP_ERR_UNRECOVERED ? EXIT_PARTIAL : EXIT_BAD);
    }
    dp_arena_free(arena);
    free(data);
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Directories: every .pyc below, in sorted order so output is stable. */
static void process_path(run *r, const char *path, int depth)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "depyf: %s: %s\n", path, strerror(errno));
        note_status(r, EXIT_BAD);
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        process_file(r, path);
        return;
    }
    if (depth > 64) {
        fprintf(stderr, "depyf: %s: directories nested too deeply\n", path);
        note_status(r, EXIT_BAD);
        return;
    }
    DIR *dir = opendir(path);
    if (dir == NULL) {
        fprintf(stderr, "depyf: %s: %s\n", path, strerror(errno));
        note_status(r, EXIT_BAD);
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *ent;
    while ((ent = readdir(dir)) != NULL) {
        if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (grown == NULL)
                break;
            names = grown;
        }
        size_t len = strlen(path) + strlen(ent->d_name) + 2;
        names[n] = malloc(len);
        if (names[n] == NULL)
            break;
        snprintf(names[n], len, "%s/%s", path, ent->d_name);
        n++;
    }
    closedir(dir);
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    for (size_t i = 0; i < n; i++) {
        struct stat sub;
        if (stat(names[i], &sub) == 0 && (S_ISDIR(sub.st_mode) || has_suffix(names[i], ".pyc"))) {
            r->many = 1;
            process_path(r, names[i], depth + 1);
        }
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    run r = {.cmd = CMD_DECOMPILE};
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "dis") == 0) {
        r.cmd = CMD_DIS;
        first = 2;
    } else if (argc > 1 && strcmp(argv[1], "decompile") == 0) {
        first = 2;
    }
    int files = 0;
    for (int i = first; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("depyf %s (reads Python 3.8 to 3.13 bytecode)\n", DEPYF_VERSION);
            return EXIT_OK;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "depyf: unknown option %s\n", argv[i]);
            usage(stderr);
            return EXIT_BAD;
        }
        files++;
    }
    if (files == 0) {
        usage(stderr);
        return EXIT_BAD;
    }
    r.many = files > 1;
    for (int i = first; i < argc; i++)
        process_path(&r, argv[i], 0);
    fflush(stdout);
    return r.status;
}
