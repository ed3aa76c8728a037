/* corrupt.c — robustness driver: truncated, corrupted and hostile .pyc data
 * through the whole core (dp_pyc_read + dp_disassemble), in one process.
 *
 *   corrupt [options] FILE.pyc ...
 *
 *   --corruptions K     random single-byte corruptions per file (default 300);
 *                       half replace a byte with a random different byte,
 *                       half flip one bit; positions uniform over the file
 *   --extra-bytes N     exploration beyond the single-byte requirement: each
 *                       corruption also overwrites N more random bytes
 *                       (default 0; the report names the first change only,
 *                       --save-crash keeps the whole input)
 *   --seed S            seed of the corruption generator (default 1); each
 *                       file's stream also depends on the file's bytes, so
 *                       results do not depend on paths or file order
 *   --full-trunc-max N  files up to N bytes are truncated at every length
 *                       0..len-1 (default 16384); longer ones at all of the
 *                       first and last 64 lengths plus a stride giving about
 *   --trunc-samples M   M more lengths (default 1500)
 *   --arena-limit B     arena budget per case (default 0: the core's 1 GiB,
 *                       as the command line uses)
 *   --timeout S         one case running longer than S seconds is a hang:
 *                       report it and exit 3 (default 60)
 *   --no-hostile        skip the built-in hostile inputs
 *   --hostile-only      run only the built-in hostile inputs
 *   --no-dis-check      do not compare the intact file's output with the
 *                       NAME.dis next to it (written by make_pyc_corpus.py)
 *   --save-crash PATH   when a sanitizer stops the process or a case hangs,
 *                       write the input of the case to PATH first
 *   --write-hostile DIR write each built-in hostile input to DIR/NNN.pyc
 *                       (for timing them through the command line) and exit
 *   --verbose           one line per file
 *
 * Every case gets a fresh arena and error context, and a private copy of
 * the input of exactly its length (so AddressSanitizer sees reads past the
 * end).  Each outcome must be either success (rc 0, status DP_OK, the text
 * NUL-terminated at its length; it may hold NUL bytes, as dis prints a name
 * with one as it is) or a clean error (rc -1, a known status other than
 * DP_OK, a non-empty one-line message).  Anything else is counted as
 * inconsistent and makes the exit status 1.  The intact file must
 * disassemble, and match the interpreter's own dis output when a .dis is
 * there (addresses masked).  The hostile inputs must fail with their
 * expected status.
 *
 * Exit status: 0 all consistent, 1 something inconsistent, 2 usage or I/O,
 * 3 a case hung.  Sanitizer reports abort the process (build with
 * -fno-sanitize-recover=all, ASAN_OPTIONS=abort_on_error=1). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena.h"
#include "buf.h"
#include "decompile.h"
#include "disasm.h"
#include "error.h"
#include "marshal.h"
#include "opcodes.h"
#include "pyc.h"
#include "slurp.h"

#if defined(__SANITIZE_ADDRESS__)
#define HAVE_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAVE_SANITIZER 1
#endif
#endif
#ifdef HAVE_SANITIZER
#include <sanitizer/common_interface_defs.h>
#endif

/* ------------------------------------------------------------ options */

typedef struct options {
    unsigned long corruptions;
    unsigned long extra_bytes;
    uint64_t seed;
    size_t full_trunc_max;
    size_t trunc_samples;
    size_t arena_limit;
    unsigned timeout;
    int hostile;
    int files;
    int dis_check;
    int verbose;
    unsigned long decompile_every;  /* also decompile every Nth readable case (0: never) */
    const char *save_crash;
    const char *write_hostile;
} options;

static options opt = {
    .decompile_every = 10,
    .corruptions = 300,
    .seed = 1,
    .full_trunc_max = 16384,
    .trunc_samples = 1500,
    .timeout = 60,
    .hostile = 1,
    .files = 1,
    .dis_check = 1,
};

/* ------------------------------------------------ the case in progress */

/* What runs now, for the hang and sanitizer reports.  Plain globals: read
 * only by the signal handler and the death callback, which then exit. */
static const char *cur_file = "";
static const char *cur_kind = "";
static size_t cur_arg;
static int cur_byte = -1;
static const uint8_t *volatile cur_data;
static volatile size_t cur_len;

static void write_str(const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t w = write(2, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

static int all_done; /* every case ran: a report now is the leak check at exit */

static void describe_case(const char *what)
{
    char line[1024];
    if (all_done) {
        snprintf(line, sizeof line, "corrupt: %s after all cases ran (the leak check at exit)\n", what);
        write_str(line);
        return;
    }
    if (cur_byte >= 0)
        snprintf(line, sizeof line, "corrupt: %s in %s, %s at byte %zu (new byte 0x%02x), input %zu bytes\n",
                 what, cur_file, cur_kind, cur_arg, (unsigned)cur_byte, (size_t)cur_len);
    else
        snprintf(line, sizeof line, "corrupt: %s in %s, %s %zu, input %zu bytes\n", what, cur_file,
                 cur_kind, cur_arg, (size_t)cur_len);
    write_str(line);
    if (opt.save_crash != NULL && cur_data != NULL) {
        FILE *f = fopen(opt.save_crash, "wb");
        if (f != NULL) {
            fwrite((const void *)cur_data, 1, cur_len, f);
            fclose(f);
            write_str("corrupt: input saved to ");
            write_str(opt.save_crash);
            write_str("\n");
        }
    }
}

static void on_death(void)
{
    describe_case("sanitizer report");
}

static void on_alarm(int sig)
{
    (void)sig;
    describe_case("HANG (timeout)");
#ifdef HAVE_SANITIZER
    __sanitizer_print_stack_trace();
#endif
    _exit(3);
}

/* ------------------------------------------------------------ counting */

typedef struct counts {
    unsigned long long status[DP_STATUS_COUNT];
    unsigned long long cases;
} counts;

enum { PHASE_TRUNC, PHASE_CORRUPT, PHASE_HOSTILE, PHASE_COUNT };
static const char *const phase_names[PHASE_COUNT] = {"truncation", "corruption", "hostile"};

static counts totals[PHASE_COUNT];
static unsigned long long inconsistent;
static unsigned long long silent_bytes; /* successes on corrupted data */

static void count_add(counts *into, const counts *from)
{
    for (int s = 0; s < DP_STATUS_COUNT; s++)
        into->status[s] += from->status[s];
    into->cases += from->cases;
}

static void print_counts(const char *label, const counts *c)
{
    printf("%s: %llu cases", label, c->cases);
    for (int s = 0; s < DP_STATUS_COUNT; s++)
        if (c->status[s])
            printf(", %s %llu", dp_status_name((dp_status)s), c->status[s]);
    printf("\n");
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ------------------------------------------------------------ one case */

static void report_inconsistent(const char *why, int rc, const dp_error *err)
{
    inconsistent++;
    char line[1400];
    if (cur_byte >= 0)
        snprintf(line, sizeof line, "INCONSISTENT: %s: %s at byte %zu (new byte 0x%02x): %s (rc %d, status %d, message \"%.480s\")\n",
                 cur_file, cur_kind, cur_arg, (unsigned)cur_byte, why, rc, (int)err->status, err->message);
    else
        snprintf(line, sizeof line, "INCONSISTENT: %s: %s %zu: %s (rc %d, status %d, message \"%.480s\")\n",
                 cur_file, cur_kind, cur_arg, why, rc, (int)err->status, err->message);
    fputs(line, stdout);
    fflush(stdout);
}

/* The checks every outcome must pass.  Returns the status to count. */
static dp_status check_outcome(int rc, const dp_error *err, const dp_buf *out, int have_out)
{
    if (rc != 0 && rc != -1) {
        report_inconsistent("return value is neither 0 nor -1", rc, err);
        return err->status < DP_STATUS_COUNT ? err->status : DP_OK;
    }
    if ((unsigned)err->status >= DP_STATUS_COUNT) {
        report_inconsistent("status out of range", rc, err);
        return DP_OK;
    }
    if (memchr(err->message, '\0', sizeof err->message) == NULL) {
        report_inconsistent("message not NUL-terminated", rc, err);
        return err->status;
    }
    if (rc == -1) {
        if (err->status == DP_OK)
            report_inconsistent("rc -1 but status DP_OK", rc, err);
        else if (err->message[0] == '\0')
            report_inconsistent("error without a message", rc, err);
        else {
            for (const char *p = err->message; *p; p++) {
                if (*p == '\n' || *p == '\r') {
                    report_inconsistent("message is more than one line", rc, err);
                    break;
                }
            }
        }
        return err->status;
    }
    if (err->status != DP_OK) {
        report_inconsistent("rc 0 but a status is set", rc, err);
        return err->status;
    }
    if (have_out) {
        if (out->data == NULL || out->failed)
            report_inconsistent("success without output text", rc, err);
        else if (out->len >= out->cap || out->data[out->len] != '\0')
            report_inconsistent("output text not NUL-terminated at its length", rc, err);
    }
    return DP_OK;
}

/* Run read+disassemble on a private copy of data[0..len).  When `text` is
 * not NULL and the case succeeds, *text gets a malloc'd copy of the output. */
static dp_status run_case(const uint8_t *data, size_t len, counts *c, char **text, size_t *text_len)
{
    uint8_t *copy = malloc(len ? len : 1);
    if (copy == NULL) {
        fprintf(stderr, "corrupt: out of memory\n");
        exit(2);
    }
    if (len)
        memcpy(copy, data, len);
    cur_data = copy;
    cur_len = len;
    if (opt.timeout)
        alarm(opt.timeout);

    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = dp_arena_new(opt.arena_limit, &err);
    dp_status st;
    if (arena == NULL) {
        st = check_outcome(-1, &err, NULL, 0);
    } else {
        dp_pyc pyc;
        memset(&pyc, 0, sizeof pyc);
        dp_buf out;
        dp_buf_init(&out, arena);
        int rc = dp_pyc_read(copy, len, arena, &err, &pyc);
        if (rc == 0 && pyc.module == NULL) {
            report_inconsistent("dp_pyc_read succeeded without a module", rc, &err);
            rc = -1;
            dp_error_set(&err, DP_ERR_BAD_CODE, "no module");
        }
        int read_rc = rc;
        /* the decompiler on the same (possibly corrupt) code model: it must
         * return a result or a recorded error, never crash */
        static unsigned long readable;
        if (rc == 0 && opt.decompile_every && readable++ % opt.decompile_every == 0) {
            dp_error derr;
            dp_error_init(&derr);
            dp_arena *darena = dp_arena_new(opt.arena_limit, &derr);
            if (darena != NULL) {
                dp_decompile_result res;
                if (dp_decompile_module(pyc.module, darena, &derr, &res) < 0 && derr.status == DP_OK)
                    report_inconsistent("dp_decompile_module failed without an error", -1, &derr);
                dp_arena_free(darena);
            }
        }
        if (rc == 0)
            rc = dp_disassemble(pyc.module, arena, &err, &out);
        st = check_outcome(rc, &err, &out, read_rc == 0);
        if (st == DP_OK && rc == 0 && text != NULL && out.data != NULL) {
            *text = malloc(out.len + 1);
            if (*text != NULL) {
                memcpy(*text, out.data, out.len + 1);
                *text_len = out.len;
            }
        }
        dp_arena_free(arena);
    }
    if (opt.timeout)
        alarm(0);
    cur_data = NULL;
    free(copy);
    if (c != NULL) {
        c->status[st]++;
        c->cases++;
    }
    return st;
}

/* ------------------------------------------------------------ utilities */

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t fnv1a(const uint8_t *data, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++) {
        h ^= data[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* Replace every 0x<hex digits> by "0x", as tests/tools/dis_sweep.py does. */
static char *mask_addresses(const char *s, size_t len, size_t *out_len)
{
    char *out = malloc(len + 1);
    if (out == NULL)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < len;) {
        if (s[i] == '0' && i + 1 < len && s[i + 1] == 'x') {
            out[k++] = '0';
            out[k++] = 'x';
            i += 2;
            while (i < len && ((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f') ||
                               (s[i] >= 'A' && s[i] <= 'F')))
                i++;
        } else {
            out[k++] = s[i++];
        }
    }
    out[k] = '\0';
    *out_len = k;
    return out;
}

/* ------------------------------------------------------------ per file */

typedef struct version_stats {
    int files;
    counts trunc, corrupt;
    double seconds;
} version_stats;

static version_stats per_version[DP_VERSION_MAX - DP_VERSION_MIN + 2]; /* last: unknown */

static int file_version(const uint8_t *data, size_t len)
{
    if (len < 4 || data[2] != '\r' || data[3] != '\n')
        return 0;
    const dp_magic *entry = NULL;
    return dp_version_from_magic((uint16_t)(data[0] | data[1] << 8), &entry);
}

/* The intact file: must succeed; and match NAME.dis if there. */
static void check_baseline(const char *path, const uint8_t *data, size_t len)
{
    cur_kind = "intact file, length";
    cur_arg = len;
    cur_byte = -1;
    char *text = NULL;
    size_t text_len = 0;
    counts ignore = {{0}, 0};
    dp_status st = run_case(data, len, &ignore, &text, &text_len);
    if (st != DP_OK) {
        inconsistent++;
        printf("FAILED: %s: the intact file does not disassemble (%s)\n", path, dp_status_name(st));
        free(text);
        return;
    }
    if (!opt.dis_check || text == NULL) {
        free(text);
        return;
    }
    size_t plen = strlen(path);
    char *dis_path = malloc(plen + 8);
    if (dis_path == NULL) {
        free(text);
        return;
    }
    memcpy(dis_path, path, plen + 1);
    if (plen > 4 && strcmp(dis_path + plen - 4, ".pyc") == 0)
        dis_path[plen - 4] = '\0';
    strcat(dis_path, ".dis");
    size_t expected_len;
    uint8_t *expected = slurp(dis_path, &expected_len);
    if (expected != NULL) {
        size_t a_len, b_len;
        char *a = mask_addresses(text, text_len, &a_len);
        char *b = mask_addresses((const char *)expected, expected_len, &b_len);
        if (a != NULL && b != NULL && (a_len != b_len || memcmp(a, b, a_len) != 0)) {
            size_t line = 1, i = 0;
            while (i < a_len && i < b_len && a[i] == b[i])
                line += a[i++] == '\n';
            inconsistent++;
            printf("FAILED: %s: output differs from %s at line %zu\n", path, dis_path, line);
        }
        free(a);
        free(b);
        free(expected);
    }
    free(dis_path);
    free(text);
}

static void truncations(const uint8_t *data, size_t len, counts *c)
{
    cur_kind = "truncated to length";
    cur_byte = -1;
    size_t stride = 1;
    if (len > opt.full_trunc_max) {
        stride = opt.trunc_samples ? len / opt.trunc_samples : len;
        stride |= 1; /* odd, so the lengths fall on every alignment */
    }
    for (size_t n = 0; n < len; n++) {
        if (stride > 1 && n >= 64 && n + 64 < len && n % stride != 0)
            continue;
        cur_arg = n;
        run_case(data, n, c, NULL, NULL);
    }
}

static void corruptions(const uint8_t *data, size_t len, counts *c)
{
    if (len == 0)
        return;
    uint8_t *mutated = malloc(len);
    if (mutated == NULL)
        return;
    memcpy(mutated, data, len);
    uint64_t state = opt.seed ^ fnv1a(data, len);
    for (unsigned long i = 0; i < opt.corruptions; i++) {
        size_t pos = (size_t)(splitmix64(&state) % len);
        uint8_t old = data[pos], now_byte;
        uint64_t r = splitmix64(&state);
        if (i % 2 == 0) {
            cur_kind = "bit flip";
            now_byte = (uint8_t)(old ^ (1u << (r % 8)));
        } else {
            cur_kind = "byte replaced";
            now_byte = (uint8_t)(old ^ (1 + r % 255)); /* uniform over the other 255 */
        }
        mutated[pos] = now_byte;
        cur_arg = pos;
        cur_byte = now_byte;
        for (unsigned long k = 0; k < opt.extra_bytes; k++) {
            uint64_t e = splitmix64(&state);
            mutated[e % len] = (uint8_t)(e >> 56);
        }
        if (run_case(mutated, len, c, NULL, NULL) == DP_OK)
            silent_bytes++;
        if (opt.extra_bytes)
            memcpy(mutated, data, len);
        else
            mutated[pos] = old;
    }
    cur_byte = -1;
    free(mutated);
}

static int process_file(const char *path)
{
    size_t len;
    uint8_t *data = slurp(path, &len);
    if (data == NULL) {
        fprintf(stderr, "corrupt: %s: %s\n", path, strerror(errno));
        return -1;
    }
    cur_file = path;
    int version = file_version(data, len);
    size_t vslot = version ? (size_t)(version - DP_VERSION_MIN) : DP_VERSION_MAX - DP_VERSION_MIN + 1;
    version_stats *vs = &per_version[vslot];
    double t0 = now();
    counts trunc = {{0}, 0}, corrupt = {{0}, 0};
    check_baseline(path, data, len);
    truncations(data, len, &trunc);
    corruptions(data, len, &corrupt);
    double dt = now() - t0;
    vs->files++;
    vs->seconds += dt;
    count_add(&vs->trunc, &trunc);
    count_add(&vs->corrupt, &corrupt);
    count_add(&totals[PHASE_TRUNC], &trunc);
    count_add(&totals[PHASE_CORRUPT], &corrupt);
    if (opt.verbose) {
        printf("%s (%zu bytes, %.2fs): ", path, len, dt);
        print_counts("truncations", &trunc);
        printf("    ");
        print_counts("corruptions", &corrupt);
        fflush(stdout);
    }
    free(data);
    return 0;
}

/* ------------------------------------------------------ hostile inputs */

typedef struct vec {
    uint8_t *data;
    size_t len, cap;
} vec;

static void v_put(vec *v, const void *p, size_t n)
{
    if (n == 0)
        return;
    if (v->len + n > v->cap) {
        size_t cap = v->cap ? v->cap : 256;
        while (cap < v->len + n)
            cap *= 2;
        uint8_t *grown = realloc(v->data, cap);
        if (grown == NULL) {
            fprintf(stderr, "corrupt: out of memory\n");
            exit(2);
        }
        v->data = grown;
        v->cap = cap;
    }
    memcpy(v->data + v->len, p, n);
    v->len += n;
}

static void v_byte(vec *v, int b)
{
    uint8_t c = (uint8_t)b;
    v_put(v, &c, 1);
}

static void v_i32(vec *v, int32_t x)
{
    uint32_t u = (uint32_t)x;
    uint8_t b[4] = {(uint8_t)u, (uint8_t)(u >> 8), (uint8_t)(u >> 16), (uint8_t)(u >> 24)};
    v_put(v, b, 4);
}

static uint16_t magic_of(int version)
{
    const dp_version_info *vi = dp_version_info_get(version);
    return vi != NULL ? (uint16_t)vi->magic : 0;
}

static void v_header(vec *v, int version)
{
    uint16_t magic = magic_of(version);
    v_byte(v, magic & 0xff);
    v_byte(v, magic >> 8);
    v_byte(v, '\r');
    v_byte(v, '\n');
    for (int i = 0; i < 12; i++)
        v_byte(v, 0);
}

/* 's' bytes, 'z' short ASCII str, '(' empty tuple, ')' tuple of short str. */
static void v_bytes(vec *v, const void *p, size_t n)
{
    v_byte(v, 's');
    v_i32(v, (int32_t)n);
    v_put(v, p, n);
}

static void v_str(vec *v, const char *s)
{
    size_t n = strlen(s);
    v_byte(v, 'z');
    v_byte(v, (int)n);
    v_put(v, s, n);
}

static void v_names(vec *v, const char *const *names, size_t n)
{
    v_byte(v, ')');
    v_byte(v, (int)n);
    for (size_t i = 0; i < n; i++)
        v_str(v, names[i]);
}

typedef struct code_spec {
    int32_t argcount, posonly, kwonly, nlocals, stacksize, flags;
    const uint8_t *code;
    size_t code_len;
    const vec *consts;            /* a whole marshalled tuple; NULL: (None,) */
    const char *const *varnames;
    size_t n_varnames;
    int kinds_mismatch;           /* 3.11+: one more kind byte than names */
    const char *name;
    const uint8_t *linetable;
    size_t linetable_len;
    const uint8_t *exctable;
    size_t exctable_len;
} code_spec;

static void v_code(vec *v, int version, const code_spec *s)
{
    int modern = version >= 311;
    v_byte(v, 'c');
    v_i32(v, s->argcount);
    v_i32(v, s->posonly);
    v_i32(v, s->kwonly);
    if (!modern)
        v_i32(v, s->nlocals);
    v_i32(v, s->stacksize);
    v_i32(v, s->flags);
    v_bytes(v, s->code, s->code_len);
    if (s->consts != NULL) {
        v_put(v, s->consts->data, s->consts->len);
    } else {
        v_byte(v, ')');
        v_byte(v, 1);
        v_byte(v, 'N');
    }
    v_names(v, NULL, 0); /* co_names */
    if (modern) {
        v_names(v, s->varnames, s->n_varnames);
        uint8_t kinds[64];
        size_t nk = s->n_varnames + (s->kinds_mismatch ? 1 : 0);
        for (size_t i = 0; i < nk && i < sizeof kinds; i++)
            kinds[i] = 0x20;
        v_bytes(v, kinds, nk);
    } else {
        v_names(v, s->varnames, s->n_varnames);
        v_names(v, NULL, 0); /* freevars */
        v_names(v, NULL, 0); /* cellvars */
    }
    v_str(v, "<hostile>");
    v_str(v, s->name ? s->name : "<module>");
    if (modern)
        v_str(v, s->name ? s->name : "<module>");
    v_i32(v, 1);
    v_bytes(v, s->linetable, s->linetable_len);
    if (modern)
        v_bytes(v, s->exctable, s->exctable_len);
}

/* LOAD_CONST arg; RETURN_VALUE, in that version's opcode numbering, with
 * 3.11+'s RESUME first.  Returns the length. */
static size_t simple_code(int version, int const_index, uint8_t *out)
{
    const dp_version_info *vi = dp_version_info_get(version);
    size_t n = 0;
    if (version >= 311) {
        out[n++] = vi->raw[DP_OP_RESUME];
        out[n++] = 0;
    }
    out[n++] = vi->raw[DP_OP_LOAD_CONST];
    out[n++] = (uint8_t)const_index;
    out[n++] = vi->raw[DP_OP_RETURN_VALUE];
    out[n++] = 0;
    return n;
}

static void module_with_consts(vec *v, int version, const vec *consts, int const_index)
{
    uint8_t code[16];
    code_spec s = {.stacksize = 1, .consts = consts};
    s.code = code;
    s.code_len = simple_code(version, const_index, code);
    v_header(v, version);
    v_code(v, version, &s);
}

typedef struct hostile {
    char name[96];
    vec data;
    dp_status expect;      /* DP_OK: success or any clean error is fine */
    double max_seconds;    /* 0: no limit beyond --timeout */
    size_t arena_limit;    /* 0: --arena-limit */
} hostile;

#define MAX_HOSTILE 128
static hostile hostiles[MAX_HOSTILE];
static size_t n_hostile;

static hostile *new_hostile(dp_status expect, const char *fmt, ...) DP_PRINTF(2, 3);

static hostile *new_hostile(dp_status expect, const char *fmt, ...)
{
    if (n_hostile == MAX_HOSTILE) {
        fprintf(stderr, "corrupt: too many hostile cases\n");
        exit(2);
    }
    hostile *h = &hostiles[n_hostile++];
    memset(h, 0, sizeof *h);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h->name, sizeof h->name, fmt, ap);
    va_end(ap);
    h->expect = expect;
    return h;
}

/* A DAG of `levels` tuples, each (t, t) for the one below: ~2**levels
 * elements when printed, from a few bytes per level. */
static void v_dag(vec *v, int levels)
{
    /* Pre-order FLAG_REF slots: the top tuple is slot base+0, the one
     * below base+1, ...; the innermost (None, None) is base+levels-1. */
    for (int k = 0; k < levels; k++) {
        v_byte(v, ')' | 0x80);
        v_byte(v, 2);
    }
    v_byte(v, 'N');
    v_byte(v, 'N');
    /* Close from the inside out: after level k's first element (the
     * inline tuple of slot k+1) comes a reference to that same slot. */
    for (int k = levels - 2; k >= 0; k--) {
        v_byte(v, 'r');
        v_i32(v, k + 1);
    }
}

static void build_hostiles(void)
{
    hostile *h;
    const int versions[] = {308, 309, 310, 311, 312, 313};

    /* Containers nested 100000 deep. */
    static const struct { char type; const char *what; } nest[] = {
        {'(', "tuple"}, {')', "small tuple"}, {'[', "list"}, {'<', "set"}, {'{', "dict"},
    };
    for (size_t t = 0; t < sizeof nest / sizeof nest[0]; t++) {
        h = new_hostile(DP_ERR_TOO_DEEP, "%s nested 100000 deep", nest[t].what);
        v_header(&h->data, 312);
        for (int i = 0; i < 100000; i++) {
            v_byte(&h->data, nest[t].type);
            if (nest[t].type == '{')
                v_byte(&h->data, 'N'); /* key; the nested dict is the value */
            else if (nest[t].type == ')')
                v_byte(&h->data, 1);
            else
                v_i32(&h->data, 1);
        }
        v_byte(&h->data, 'N');
    }
    /* Code objects nested to just below and past the depth limit. */
    for (int deep = 0; deep < 2; deep++) {
        int levels = deep ? 1100 : 600;
        h = new_hostile(deep ? DP_ERR_TOO_DEEP : DP_OK, "code objects nested %d deep", levels);
        h->max_seconds = 20;
        vec *v = &h->data;
        v_header(v, 310);
        uint8_t code[16];
        size_t code_len = simple_code(310, 0, code);
        for (int i = 0; i < levels; i++) {
            /* code fields up to co_consts, which holds the next level */
            v_byte(v, 'c');
            for (int k = 0; k < 6; k++)
                v_i32(v, k == 4 ? 1 : 0);
            v_bytes(v, code, code_len);
            v_byte(v, ')');
            v_byte(v, 1);
        }
        v_byte(v, 'N');
        for (int i = 0; i < levels; i++) {
            v_names(v, NULL, 0);
            v_names(v, NULL, 0);
            v_names(v, NULL, 0);
            v_names(v, NULL, 0);
            v_str(v, "<hostile>");
            v_str(v, "f");
            v_i32(v, 1);
            v_bytes(v, "", 0);
        }
    }

    /* References. */
    h = new_hostile(DP_ERR_BAD_REF, "reference to an unfinished tuple (cycle)");
    v_header(&h->data, 312);
    v_byte(&h->data, '(' | 0x80);
    v_i32(&h->data, 1);
    v_byte(&h->data, 'r');
    v_i32(&h->data, 0);
    h = new_hostile(DP_ERR_BAD_REF, "reference to an unfinished code object (cycle)");
    {
        vec consts = {0};
        v_byte(&consts, ')');
        v_byte(&consts, 1);
        v_byte(&consts, 'r');
        v_i32(&consts, 0);
        uint8_t code[16];
        code_spec s = {.stacksize = 1, .consts = &consts};
        s.code = code;
        s.code_len = simple_code(308, 0, code);
        v_header(&h->data, 308);
        v_byte(&h->data, 'c' | 0x80);
        /* v_code writes 'c' itself: drop it. */
        vec body = {0};
        v_code(&body, 308, &s);
        v_put(&h->data, body.data + 1, body.len - 1);
        free(body.data);
        free(consts.data);
    }
    h = new_hostile(DP_ERR_BAD_REF, "reference index out of range");
    v_header(&h->data, 311);
    v_byte(&h->data, ')');
    v_byte(&h->data, 2);
    v_byte(&h->data, 'i' | 0x80);
    v_i32(&h->data, 7);
    v_byte(&h->data, 'r');
    v_i32(&h->data, 1);
    h = new_hostile(DP_ERR_BAD_REF, "negative reference index");
    v_header(&h->data, 311);
    v_byte(&h->data, 'r');
    v_i32(&h->data, -1);
    h = new_hostile(DP_ERR_BAD_REF, "reference before any object");
    v_header(&h->data, 308);
    v_byte(&h->data, 'r');
    v_i32(&h->data, 0);

    /* Sizes. */
    static const char sized[] = {'(', '[', '<', '>', 's', 'u', 'a', 't', 'A'};
    for (size_t i = 0; i < sizeof sized; i++) {
        h = new_hostile(DP_ERR_BAD_MARSHAL, "negative size for type '%c'", sized[i]);
        v_header(&h->data, 313);
        v_byte(&h->data, sized[i]);
        v_i32(&h->data, -1);
        v_put(&h->data, "xxxxxxxx", 8);
        h = new_hostile(DP_ERR_TRUNCATED, "size 0x7fffffff beyond the data for type '%c'", sized[i]);
        v_header(&h->data, 313);
        v_byte(&h->data, sized[i]);
        v_i32(&h->data, 0x7fffffff);
        v_put(&h->data, "xxxxxxxx", 8);
    }
    h = new_hostile(DP_ERR_TRUNCATED, "bytes of size 1000 with 10 bytes of data");
    v_header(&h->data, 309);
    v_byte(&h->data, 's');
    v_i32(&h->data, 1000);
    v_put(&h->data, "0123456789", 10);
    h = new_hostile(DP_ERR_TRUNCATED, "short str of size 200 with 3 bytes of data");
    v_header(&h->data, 309);
    v_byte(&h->data, 'z');
    v_byte(&h->data, 200);
    v_put(&h->data, "abc", 3);
    h = new_hostile(DP_ERR_BAD_MARSHAL, "long with size INT32_MIN");
    v_header(&h->data, 310);
    v_byte(&h->data, 'l');
    v_i32(&h->data, INT32_MIN);
    v_put(&h->data, "xxxxxxxx", 8);
    h = new_hostile(DP_ERR_TRUNCATED, "long with size -0x7fffffff");
    v_header(&h->data, 310);
    v_byte(&h->data, 'l');
    v_i32(&h->data, -0x7fffffff);
    v_put(&h->data, "xxxxxxxx", 8);
    h = new_hostile(DP_ERR_BAD_MARSHAL, "long with a digit out of range");
    v_header(&h->data, 310);
    v_byte(&h->data, 'l');
    v_i32(&h->data, 1);
    v_put(&h->data, "\xff\xff", 2);

    /* Type codes and strings. */
    h = new_hostile(DP_ERR_BAD_MARSHAL, "unknown type code 'Q'");
    v_header(&h->data, 312);
    v_byte(&h->data, 'Q');
    h = new_hostile(DP_ERR_BAD_MARSHAL, "unknown type code 0xff");
    v_header(&h->data, 312);
    v_byte(&h->data, 0xff);
    h = new_hostile(DP_ERR_BAD_MARSHAL, "unknown type code inside a tuple");
    v_header(&h->data, 308);
    v_byte(&h->data, ')');
    v_byte(&h->data, 3);
    v_byte(&h->data, 'N');
    v_byte(&h->data, 'T');
    v_byte(&h->data, '?');
    h = new_hostile(DP_ERR_BAD_MARSHAL, "invalid UTF-8 in a str");
    v_header(&h->data, 311);
    v_byte(&h->data, 'u');
    v_i32(&h->data, 2);
    v_put(&h->data, "\xc3\x28", 2);
    h = new_hostile(DP_ERR_BAD_MARSHAL, "float text that is not a number");
    v_header(&h->data, 311);
    v_byte(&h->data, 'f');
    v_byte(&h->data, 3);
    v_put(&h->data, "abc", 3);
    h = new_hostile(DP_ERR_BAD_MARSHAL, "NULL at top level");
    v_header(&h->data, 311);
    v_byte(&h->data, '0');
    h = new_hostile(DP_ERR_BAD_MARSHAL, "a tuple instead of a code object");
    v_header(&h->data, 313);
    v_byte(&h->data, ')');
    v_byte(&h->data, 0);

    /* Headers. */
    h = new_hostile(DP_ERR_TRUNCATED, "empty file");
    h = new_hostile(DP_ERR_TRUNCATED, "3-byte file");
    v_put(&h->data, "\x55\x0d\x0d", 3);
    h = new_hostile(DP_ERR_TRUNCATED, "header only");
    v_header(&h->data, 313);
    h = new_hostile(DP_ERR_TRUNCATED, "header cut at byte 10");
    v_header(&h->data, 313);
    h->data.len = 10;
    h = new_hostile(DP_ERR_BAD_MAGIC, "unknown magic number 1234");
    v_put(&h->data, "\xd2\x04\r\n", 4);
    for (int i = 0; i < 12; i++)
        v_byte(&h->data, 0);
    v_byte(&h->data, 'N');
    h = new_hostile(DP_ERR_BAD_MAGIC, "magic number of Python 3.7 (3394)");
    v_put(&h->data, "\x42\x0d\r\n", 4);
    for (int i = 0; i < 12; i++)
        v_byte(&h->data, 0);
    v_byte(&h->data, 'N');
    h = new_hostile(DP_ERR_BAD_MAGIC, "magic number of Python 3.14 (3600)");
    v_put(&h->data, "\x10\x0e\r\n", 4);
    for (int i = 0; i < 12; i++)
        v_byte(&h->data, 0);
    v_byte(&h->data, 'N');
    h = new_hostile(DP_ERR_BAD_MAGIC, "not a .pyc (text)");
    v_put(&h->data, "print('hello')\n", 15);
    h = new_hostile(DP_ERR_BAD_MAGIC, "unknown .pyc flags");
    v_header(&h->data, 312);
    h->data.data[4] = 4;
    v_byte(&h->data, 'N');

    /* Code objects with inconsistent fields, in every version's layout. */
    for (size_t vi = 0; vi < sizeof versions / sizeof versions[0]; vi++) {
        int ver = versions[vi];
        uint8_t code[16];
        size_t code_len = simple_code(ver, 0, code);
        static const char *const two[] = {"a", "b"};
        code_spec base = {.stacksize = 1, .code = code, .code_len = code_len};

        code_spec s = base;
        s.posonly = 1;
        h = new_hostile(DP_ERR_BAD_CODE, "%d.%d: posonlyargcount 1 > argcount 0", ver / 100, ver % 100);
        v_header(&h->data, ver);
        v_code(&h->data, ver, &s);

        s = base;
        s.code_len = code_len - 1;
        h = new_hostile(DP_ERR_BAD_CODE, "%d.%d: odd-length co_code", ver / 100, ver % 100);
        v_header(&h->data, ver);
        v_code(&h->data, ver, &s);

        s = base;
        s.code_len = 0;
        h = new_hostile(DP_ERR_BAD_CODE, "%d.%d: empty co_code", ver / 100, ver % 100);
        v_header(&h->data, ver);
        v_code(&h->data, ver, &s);

        s = base;
        s.argcount = -1;
        h = new_hostile(DP_ERR_BAD_CODE, "%d.%d: negative argcount", ver / 100, ver % 100);
        v_header(&h->data, ver);
        v_code(&h->data, ver, &s);

        s = base;
        s.argcount = 3;
        s.nlocals = 2;
        s.varnames = two;
        s.n_varnames = 2;
        h = new_hostile(DP_ERR_BAD_CODE, "%d.%d: argcount 3 with 2 local names", ver / 100, ver % 100);
        v_header(&h->data, ver);
        v_code(&h->data, ver, &s);

        if (ver <= 310) {
            s = base;
            s.nlocals = 5;
            s.varnames = two;
            s.n_varnames = 2;
            h = new_hostile(DP_ERR_BAD_CODE, "%d.%d: co_nlocals 5 with 2 co_varnames", ver / 100, ver % 100);
            v_header(&h->data, ver);
            v_code(&h->data, ver, &s);
        } else {
            s = base;
            s.varnames = two;
            s.n_varnames = 2;
            s.kinds_mismatch = 1;
            h = new_hostile(DP_ERR_BAD_CODE, "%d.%d: 3 localspluskinds for 2 names", ver / 100, ver % 100);
            v_header(&h->data, ver);
            v_code(&h->data, ver, &s);

            static const uint8_t bad_exc[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f};
            s = base;
            s.exctable = bad_exc;
            s.exctable_len = sizeof bad_exc;
            h = new_hostile(DP_ERR_BAD_BYTECODE, "%d.%d: oversized exception table varint", ver / 100, ver % 100);
            v_header(&h->data, ver);
            v_code(&h->data, ver, &s);

            static const uint8_t bad_loc[] = {0x01, 0x02};
            s = base;
            s.linetable = bad_loc;
            s.linetable_len = sizeof bad_loc;
            h = new_hostile(DP_ERR_BAD_BYTECODE, "%d.%d: location table without start marker", ver / 100, ver % 100);
            v_header(&h->data, ver);
            v_code(&h->data, ver, &s);
        }

        /* LOAD_CONST past the end of co_consts, in a code object whose
         * name holds a newline (the message must stay one line). */
        s = base;
        s.code_len = simple_code(ver, 9, code);
        s.name = "two\nlines";
        h = new_hostile(DP_ERR_BAD_BYTECODE, "%d.%d: LOAD_CONST 9 with one constant, name with a newline", ver / 100, ver % 100);
        v_header(&h->data, ver);
        v_code(&h->data, ver, &s);

        /* A run of EXTENDED_ARG prefixes. */
        {
            const dp_version_info *info = dp_version_info_get(ver);
            uint8_t ext[64];
            size_t n = 0;
            for (int i = 0; i < 30; i++) {
                ext[n++] = (uint8_t)info->extended_arg;
                ext[n++] = 0xff;
            }
            ext[n++] = info->raw[DP_OP_LOAD_CONST];
            ext[n++] = 0xff;
            s = base;
            s.code = ext;
            s.code_len = n;
            h = new_hostile(DP_ERR_BAD_BYTECODE, "%d.%d: 30 EXTENDED_ARG prefixes", ver / 100, ver % 100);
            v_header(&h->data, ver);
            v_code(&h->data, ver, &s);
        }
    }

    /* Shared references whose repr would be exponentially long. */
    static const int dag_levels[] = {60, 30};
    for (size_t i = 0; i < sizeof dag_levels / sizeof dag_levels[0]; i++) {
        for (size_t vi = 0; vi < sizeof versions / sizeof versions[0]; vi += 5) {
            int ver = versions[vi];
            h = new_hostile(DP_ERR_LIMIT, "%d.%d: DAG of tuples %d levels deep as a constant",
                            ver / 100, ver % 100, dag_levels[i]);
            h->max_seconds = 30;
            vec consts = {0};
            v_byte(&consts, ')');
            v_byte(&consts, 2);
            v_byte(&consts, 'N');
            /* The module's own FLAG_REF slots come first: none here. */
            v_dag(&consts, dag_levels[i]);
            module_with_consts(&h->data, ver, &consts, 1);
            free(consts.data);
        }
    }
}

/* Output amplification: text far longer than the input, but each repr
 * under the repr limit.  Before the work budget (DP_WORK_BASE and
 * DP_WORK_FACTOR in arena.h) only the 1 GiB arena budget stopped these
 * (0.5-0.8 GB of memory and 2-5 s each); now the budget relative to the
 * input stops each within about 64 MiB, which max_seconds checks (also
 * under the sanitizers, which are several times slower). */
static void build_amplifiers(void)
{
    /* 300 LOAD_CONSTs of a 20-level DAG (about 16 MB of text each). */
    hostile *h = new_hostile(DP_ERR_LIMIT, "3.12: 300 LOAD_CONSTs of a 20-level DAG");
    h->max_seconds = 10;
    {
        const dp_version_info *vi = dp_version_info_get(312);
        vec code = {0};
        v_byte(&code, vi->raw[DP_OP_RESUME]);
        v_byte(&code, 0);
        for (int i = 0; i < 300; i++) {
            v_byte(&code, vi->raw[DP_OP_LOAD_CONST]);
            v_byte(&code, 1);
            v_byte(&code, vi->raw[DP_OP_POP_TOP]);
            v_byte(&code, 0);
        }
        v_byte(&code, vi->raw[DP_OP_RETURN_VALUE]);
        v_byte(&code, 0);
        vec consts = {0};
        v_byte(&consts, ')');
        v_byte(&consts, 2);
        v_byte(&consts, 'N');
        v_dag(&consts, 20);
        code_spec s = {.stacksize = 1, .consts = &consts, .code = code.data, .code_len = code.len};
        v_header(&h->data, 312);
        v_code(&h->data, 312, &s);
        free(code.data);
        free(consts.data);
    }

    /* Code objects 40 levels deep, each holding the one below twice (a
     * reference): dis disassembles 2**40 code objects. */
    h = new_hostile(DP_ERR_LIMIT, "3.10: DAG of code objects 40 levels deep");
    h->max_seconds = 10;
    v_header(&h->data, 310);
    {
        enum { LEVELS = 40 };
        uint8_t code[16];
        size_t code_len = simple_code(310, 0, code);
        /* Level k's fields up to its consts, which hold None, level k-1
         * inline and a reference to level k-1 (FLAG_REF slot LEVELS-k+1). */
        for (int k = LEVELS; k >= 0; k--) {
            v_byte(&h->data, 'c' | 0x80);
            for (int f = 0; f < 6; f++)
                v_i32(&h->data, f == 4 ? 1 : 0);
            v_bytes(&h->data, code, code_len);
            v_byte(&h->data, ')');
            if (k == 0) {
                v_byte(&h->data, 1);
                v_byte(&h->data, 'N');
            } else {
                v_byte(&h->data, 3);
                v_byte(&h->data, 'N');
            }
        }
        for (int k = 0; k <= LEVELS; k++) {
            if (k > 0) {
                /* the second reference to level k-1, closing level k's consts */
                v_byte(&h->data, 'r');
                v_i32(&h->data, LEVELS - k + 1);
            }
            for (int t = 0; t < 4; t++)
                v_names(&h->data, NULL, 0);
            v_str(&h->data, "<hostile>");
            v_str(&h->data, "f");
            v_i32(&h->data, 1);
            v_bytes(&h->data, "", 0);
        }
    }

    /* The same for the decompiler: functions 40 levels deep, each defining
     * the one below twice (`g = <def>` from its two references), so that
     * recovery would walk 2**40 function bodies. */
    h = new_hostile(DP_ERR_LIMIT, "3.10: DAG of functions 40 levels deep (decompiled)");
    h->max_seconds = 10;
    v_header(&h->data, 310);
    {
        enum { LEVELS = 40 };
        const dp_version_info *vi = dp_version_info_get(310);
        uint8_t leaf[16], code[40];
        size_t leaf_len = simple_code(310, 0, leaf), n = 0;
        for (int twice = 1; twice <= 2; twice++) {
            code[n++] = vi->raw[DP_OP_LOAD_CONST];
            code[n++] = (uint8_t)twice;
            code[n++] = vi->raw[DP_OP_LOAD_CONST];
            code[n++] = 3;
            code[n++] = vi->raw[DP_OP_MAKE_FUNCTION];
            code[n++] = 0;
            code[n++] = vi->raw[DP_OP_STORE_NAME];
            code[n++] = 0;
        }
        code[n++] = vi->raw[DP_OP_LOAD_CONST];
        code[n++] = 0;
        code[n++] = vi->raw[DP_OP_RETURN_VALUE];
        code[n++] = 0;
        for (int k = LEVELS; k >= 0; k--) {
            v_byte(&h->data, 'c' | 0x80);
            for (int f = 0; f < 6; f++)
                v_i32(&h->data, f == 4 ? 2 : 0);
            if (k == 0)
                v_bytes(&h->data, leaf, leaf_len);
            else
                v_bytes(&h->data, code, n);
            v_byte(&h->data, ')');
            v_byte(&h->data, k == 0 ? 1 : 4);
            v_byte(&h->data, 'N');
        }
        for (int k = 0; k <= LEVELS; k++) {
            static const char *const g[] = {"g"};
            if (k > 0) {
                v_byte(&h->data, 'r');
                v_i32(&h->data, LEVELS - k + 1);
                v_str(&h->data, "g");
            }
            v_names(&h->data, g, 1);
            for (int t = 0; t < 3; t++)
                v_names(&h->data, NULL, 0);
            v_str(&h->data, "<hostile>");
            v_str(&h->data, k == LEVELS ? "<module>" : "g");
            v_i32(&h->data, 1);
            v_bytes(&h->data, "", 0);
        }
    }
}

/* --write-hostile: every hostile input as DIR/NNN.pyc, and DIR/index.txt
 * naming each (number, expected status, name). */
static int write_hostiles(const char *dir)
{
    build_hostiles();
    build_amplifiers();
    char path[4096];
    snprintf(path, sizeof path, "%s/index.txt", dir);
    FILE *index = fopen(path, "w");
    if (index == NULL) {
        perror(path);
        return 2;
    }
    for (size_t i = 0; i < n_hostile; i++) {
        snprintf(path, sizeof path, "%s/%03zu.pyc", dir, i);
        FILE *f = fopen(path, "wb");
        if (f == NULL) {
            perror(path);
            fclose(index);
            return 2;
        }
        if (hostiles[i].data.len)
            fwrite(hostiles[i].data.data, 1, hostiles[i].data.len, f);
        fclose(f);
        fprintf(index, "%03zu\t%s\t%zu bytes\t%s\n", i, dp_status_name(hostiles[i].expect),
                hostiles[i].data.len, hostiles[i].name);
        free(hostiles[i].data.data);
    }
    fclose(index);
    printf("corrupt: %zu hostile inputs written to %s\n", n_hostile, dir);
    return 0;
}

static void run_hostiles(void)
{
    build_hostiles();
    build_amplifiers();
    unsigned long saved_every = opt.decompile_every;
    opt.decompile_every = 1; /* every readable hostile input is decompiled too */
    cur_file = "(hostile)";
    cur_byte = -1;
    counts *c = &totals[PHASE_HOSTILE];
    for (size_t i = 0; i < n_hostile; i++) {
        hostile *h = &hostiles[i];
        cur_kind = h->name;
        cur_arg = h->data.len;
        size_t saved_limit = opt.arena_limit;
        if (h->arena_limit)
            opt.arena_limit = h->arena_limit;
        double t0 = now();
        dp_status st = run_case(h->data.data ? h->data.data : (const uint8_t *)"", h->data.len, c, NULL, NULL);
        double dt = now() - t0;
        opt.arena_limit = saved_limit;
        int ok = h->expect == DP_OK || st == h->expect;
        if (!ok) {
            inconsistent++;
            printf("FAILED: hostile input \"%s\": expected %s, got %s\n", h->name,
                   dp_status_name(h->expect), dp_status_name(st));
        }
        if (h->max_seconds > 0 && dt > h->max_seconds) {
            inconsistent++;
            printf("FAILED: hostile input \"%s\" took %.1fs (more than %.0fs)\n", h->name, dt,
                   h->max_seconds);
        }
        if (opt.verbose)
            printf("hostile: %-64s %-16s %.3fs\n", h->name, dp_status_name(st), dt);
        free(h->data.data);
    }
    opt.decompile_every = saved_every;
}

/* ------------------------------------------------------------ main */

static int parse_number(const char *s, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end != '\0' || s[0] == '-')
        return -1;
    *out = v;
    return 0;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: corrupt [--corruptions K] [--extra-bytes N] [--seed S]\n"
            "               [--full-trunc-max N] [--trunc-samples M]\n"
            "               [--arena-limit B] [--timeout S] [--no-hostile | --hostile-only]\n"
            "               [--no-dis-check] [--save-crash PATH] [--verbose] FILE.pyc ...\n");
}

int main(int argc, char **argv)
{
    int first_file = argc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        unsigned long long v = 0;
        int takes_value = strcmp(a, "--corruptions") == 0 || strcmp(a, "--seed") == 0 ||
                          strcmp(a, "--extra-bytes") == 0 ||
                          strcmp(a, "--full-trunc-max") == 0 || strcmp(a, "--trunc-samples") == 0 ||
                          strcmp(a, "--arena-limit") == 0 || strcmp(a, "--timeout") == 0 ||
                          strcmp(a, "--save-crash") == 0 || strcmp(a, "--decompile-every") == 0 ||
                          strcmp(a, "--write-hostile") == 0;
        if (takes_value) {
            if (i + 1 >= argc) {
                usage();
                return 2;
            }
            const char *val = argv[++i];
            if (strcmp(a, "--save-crash") == 0) {
                opt.save_crash = val;
                continue;
            }
            if (strcmp(a, "--write-hostile") == 0) {
                opt.write_hostile = val;
                continue;
            }
            if (parse_number(val, &v) < 0) {
                fprintf(stderr, "corrupt: bad number for %s: %s\n", a, val);
                return 2;
            }
            if (strcmp(a, "--corruptions") == 0)
                opt.corruptions = (unsigned long)v;
            else if (strcmp(a, "--seed") == 0)
                opt.seed = v;
            else if (strcmp(a, "--extra-bytes") == 0)
                opt.extra_bytes = (unsigned long)v;
            else if (strcmp(a, "--full-trunc-max") == 0)
                opt.full_trunc_max = (size_t)v;
            else if (strcmp(a, "--trunc-samples") == 0)
                opt.trunc_samples = (size_t)v;
            else if (strcmp(a, "--arena-limit") == 0)
                opt.arena_limit = (size_t)v;
            else if (strcmp(a, "--decompile-every") == 0)
                opt.decompile_every = (unsigned long)v;
            else
                opt.timeout = (unsigned)v;
        } else if (strcmp(a, "--no-hostile") == 0) {
            opt.hostile = 0;
        } else if (strcmp(a, "--hostile-only") == 0) {
            opt.files = 0;
        } else if (strcmp(a, "--no-dis-check") == 0) {
            opt.dis_check = 0;
        } else if (strcmp(a, "--verbose") == 0 || strcmp(a, "-v") == 0) {
            opt.verbose = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "corrupt: unknown option %s\n", a);
            usage();
            return 2;
        } else {
            first_file = i;
            break;
        }
    }
    if (opt.files && first_file >= argc && !opt.hostile) {
        usage();
        return 2;
    }
#ifdef HAVE_SANITIZER
    __sanitizer_set_death_callback(on_death);
#else
    (void)on_death;
#endif
    signal(SIGALRM, on_alarm);

    if (opt.write_hostile)
        return write_hostiles(opt.write_hostile);
    double t0 = now();
    int io_errors = 0;
    if (opt.hostile)
        run_hostiles();
    if (opt.files) {
        for (int i = first_file; i < argc; i++)
            if (process_file(argv[i]) < 0)
                io_errors++;
    }
    double dt = now() - t0;
    all_done = 1;

    printf("== corrupt: seed %llu, %lu corruptions per file, full truncation up to %zu bytes ==\n",
           (unsigned long long)opt.seed, opt.corruptions, opt.full_trunc_max);
    for (size_t v = 0; v < sizeof per_version / sizeof per_version[0]; v++) {
        version_stats *vs = &per_version[v];
        if (vs->files == 0)
            continue;
        char label[64];
        if (v + DP_VERSION_MIN <= DP_VERSION_MAX)
            snprintf(label, sizeof label, "Python %d.%d", (int)(v + DP_VERSION_MIN) / 100,
                     (int)(v + DP_VERSION_MIN) % 100);
        else
            snprintf(label, sizeof label, "unknown version");
        printf("%s: %d files, %llu truncations, %llu corruptions, %.1fs\n", label, vs->files,
               vs->trunc.cases, vs->corrupt.cases, vs->seconds);
    }
    unsigned long long all = 0;
    for (int p = 0; p < PHASE_COUNT; p++) {
        if (totals[p].cases == 0)
            continue;
        print_counts(phase_names[p], &totals[p]);
        all += totals[p].cases;
    }
    printf("corrupted inputs that still disassembled: %llu\n", silent_bytes);
    printf("total: %llu cases in %.1fs, %llu inconsistent%s\n", all, dt, inconsistent,
           io_errors ? ", some files unreadable" : "");
    fflush(stdout);
    if (inconsistent)
        return 1;
    return io_errors ? 2 : 0;
}
