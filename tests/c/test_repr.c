/* test_repr.c — driver for src/core/repr.c.
 *
 *   test_repr --unit        built-in checks (edge cases CPython cannot make:
 *                           invalid UTF-8, NULL, opaque, limits); exit 0 if
 *                           all pass
 *   test_repr VERSION       read one encoded object per line from stdin,
 *                           print dp_repr() of it per line (tests/test_repr.py
 *                           compares with the real interpreter's repr())
 *
 * Line format: whitespace-separated tokens in prefix order.
 *   N T F E S 0        None True False Ellipsis StopIteration NULL
 *   i<dec>             int that fits in int64 (dp_int.small)
 *   I<+|-><h,h,...>    int as base-2**15 digits, least significant first, hex
 *   f<16 hex>          float, IEEE-754 bits (big-endian hex of the uint64)
 *   c<16 hex><16 hex>  complex (real bits, imag bits)
 *   s<hex>  b<hex>     str (UTF-8, surrogatepass) / bytes, hex of the bytes
 *   t<n> l<n> e<n> z<n> d<n>
 *                      tuple, list, set, frozenset, dict, followed by n
 *                      objects (for a dict, n counts keys and values)
 *   k<hex>:<hex>:<dec> code object: name, filename, firstlineno
 *   o<hex>             opaque object with that placeholder name
 * An error prints "!ERROR <status-name>". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "error.h"
#include "model.h"
#include "opcodes.h"
#include "repr.h"

/* ------------------------------------------------------------ parsing */

typedef struct parser {
    const char *p;
    dp_arena *arena;
    int bad;
} parser;

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static const char *token_end(const char *s)
{
    while (*s != '\0' && *s != ' ' && *s != '\n' && *s != '\r')
        s++;
    return s;
}

/* Decode hex from s up to a character that is not a hex digit. */
static dp_str parse_hex(parser *ps, const char **sp)
{
    const char *s = *sp;
    const char *e = s;
    while (hexval(*e) >= 0)
        e++;
    size_t n = (size_t)(e - s) / 2;
    dp_str out = {NULL, 0};
    char *data = dp_arena_alloc(ps->arena, n + 1);
    if (data == NULL) {
        ps->bad = 1;
        return out;
    }
    for (size_t i = 0; i < n; i++)
        data[i] = (char)(hexval(s[2 * i]) * 16 + hexval(s[2 * i + 1]));
    data[n] = '\0';
    out.data = data;
    out.len = n;
    *sp = e;
    return out;
}

static double bits_to_double(const char *s)
{
    uint64_t bits = 0;
    for (int i = 0; i < 16; i++)
        bits = bits << 4 | (uint64_t)hexval(s[i]);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static dp_object *parse_obj(parser *ps, int depth)
{
    while (*ps->p == ' ')
        ps->p++;
    const char *t = ps->p;
    const char *end = token_end(t);
    ps->p = end;
    if (t == end || depth > 100) {
        ps->bad = 1;
        return NULL;
    }
    dp_object *obj = dp_arena_alloc(ps->arena, sizeof *obj);
    if (obj == NULL) {
        ps->bad = 1;
        return NULL;
    }
    const char *a = t + 1;
    switch (*t) {
    case 'N': obj->kind = DP_OBJ_NONE; break;
    case 'T': obj->kind = DP_OBJ_TRUE; break;
    case 'F': obj->kind = DP_OBJ_FALSE; break;
    case 'E': obj->kind = DP_OBJ_ELLIPSIS; break;
    case 'S': obj->kind = DP_OBJ_STOPITER; break;
    case '0': obj->kind = DP_OBJ_NULL; break;
    case 'i':
        obj->kind = DP_OBJ_INT;
        obj->u.integer.small = strtoll(a, NULL, 10);
        break;
    case 'I': {
        obj->kind = DP_OBJ_INT;
        obj->u.integer.is_big = 1;
        obj->u.integer.negative = *a == '-';
        a++;
        size_t n = a < end ? 1 : 0;
        for (const char *q = a; q < end; q++)
            n += *q == ',';
        uint16_t *digits = dp_arena_array(ps->arena, n ? n : 1, sizeof *digits);
        if (digits == NULL) {
            ps->bad = 1;
            return NULL;
        }
        for (size_t i = 0; i < n; i++) {
            unsigned v = 0;
            while (a < end && *a != ',')
                v = v * 16 + (unsigned)hexval(*a++);
            a++;
            digits[i] = (uint16_t)v;
        }
        obj->u.integer.digits = digits;
        obj->u.integer.ndigits = n;
        break;
    }
    case 'f':
        obj->kind = DP_OBJ_FLOAT;
        obj->u.real = bits_to_double(a);
        break;
    case 'c':
        obj->kind = DP_OBJ_COMPLEX;
        obj->u.complex.real = bits_to_double(a);
        obj->u.complex.imag = bits_to_double(a + 16);
        break;
    case 's':
    case 'b':
        obj->kind = *t == 's' ? DP_OBJ_STR : DP_OBJ_BYTES;
        obj->u.str = parse_hex(ps, &a);
        break;
    case 'o':
        obj->kind = DP_OBJ_OPAQUE;
        obj->u.opaque.name = parse_hex(ps, &a);
        break;
    case 'k': {
        dp_code *co = dp_arena_alloc(ps->arena, sizeof *co);
        if (co == NULL) {
            ps->bad = 1;
            return NULL;
        }
        co->name = parse_hex(ps, &a);
        a++; /* ':' */
        co->filename = parse_hex(ps, &a);
        a++;
        co->firstlineno = (int32_t)strtol(a, NULL, 10);
        obj->kind = DP_OBJ_CODE;
        obj->u.code = co;
        break;
    }
    case 't': case 'l': case 'e': case 'z': case 'd': {
        obj->kind = *t == 't' ? DP_OBJ_TUPLE : *t == 'l' ? DP_OBJ_LIST
                  : *t == 'e' ? DP_OBJ_SET : *t == 'z' ? DP_OBJ_FROZENSET : DP_OBJ_DICT;
        size_t n = (size_t)strtoul(a, NULL, 10);
        if (n > 100000) {
            ps->bad = 1;
            return NULL;
        }
        dp_object **items = dp_arena_array(ps->arena, n ? n : 1, sizeof *items);
        if (items == NULL) {
            ps->bad = 1;
            return NULL;
        }
        for (size_t i = 0; i < n; i++)
            items[i] = parse_obj(ps, depth + 1);
        obj->u.seq.items = items;
        obj->u.seq.count = n;
        break;
    }
    default:
        ps->bad = 1;
        return NULL;
    }
    return obj;
}

static int run_lines(int version)
{
    const dp_version_info *vi = dp_version_info_get(version);
    if (vi == NULL) {
        fprintf(stderr, "no version info for %d\n", version);
        return 2;
    }
    size_t cap = 1 << 16;
    char *line = malloc(cap);
    if (line == NULL)
        return 2;
    for (;;) {
        /* Read one line of any length. */
        size_t len = 0;
        int c;
        while ((c = getchar()) != EOF && c != '\n') {
            if (len + 1 >= cap) {
                char *grown = realloc(line, cap * 2);
                if (grown == NULL) {
                    free(line);
                    return 2;
                }
                line = grown;
                cap *= 2;
            }
            line[len++] = (char)c;
        }
        if (c == EOF && len == 0)
            break;
        line[len] = '\0';

        dp_error err;
        dp_error_init(&err);
        dp_arena *arena = dp_arena_new(0, &err);
        if (arena == NULL) {
            free(line);
            return 2;
        }
        parser ps = {line, arena, 0};
        dp_object *obj = parse_obj(&ps, 0);
        if (ps.bad) {
            printf("!BADLINE\n");
        } else {
            dp_buf out;
            dp_buf_init(&out, arena);
            if (dp_repr(&out, obj, vi) < 0)
                printf("!ERROR %s\n", dp_status_name(err.status));
            else {
                fwrite(out.data, 1, out.len, stdout);
                putchar('\n');
            }
        }
        dp_arena_free(arena);
    }
    free(line);
    return fflush(stdout) == 0 ? 0 : 2;
}

/* --------------------------------------------------------- unit tests */

static int failures;
static int checks;

static void expect_text(const char *what, int rc, const dp_buf *out, const char *want)
{
    checks++;
    if (rc != 0 || out->len != strlen(want) || memcmp(out->data, want, out->len) != 0) {
        failures++;
        fprintf(stderr, "FAIL %s: rc=%d got [%.*s] want [%s]\n", what, rc,
                rc == 0 ? (int)out->len : 0, rc == 0 ? out->data : "", want);
    }
}

static void expect_status(const char *what, int rc, const dp_error *err, dp_status want)
{
    checks++;
    if (rc != -1 || err->status != want) {
        failures++;
        fprintf(stderr, "FAIL %s: rc=%d status=%s want %s\n", what, rc,
                dp_status_name(err->status), dp_status_name(want));
    }
}

/* Repr of one encoded line in a fresh arena. */
static void check_line(const dp_version_info *vi, const char *line, const char *want)
{
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = dp_arena_new(0, &err);
    if (arena == NULL) {
        failures++;
        return;
    }
    parser ps = {line, arena, 0};
    dp_object *obj = parse_obj(&ps, 0);
    dp_buf out;
    dp_buf_init(&out, arena);
    int rc = ps.bad ? -2 : dp_repr(&out, obj, vi);
    expect_text(line, rc, &out, want);
    dp_arena_free(arena);
}

/* dp_repr_str of exactly len bytes copied to the end of a malloc block, so
 * that the sanitizer catches any read past len. */
static void check_str_exact(const dp_version_info *vi, const char *s, size_t len, const char *want)
{
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = dp_arena_new(0, &err);
    char *copy = malloc(len ? len : 1);
    if (arena == NULL || copy == NULL) {
        failures++;
        free(copy);
        dp_arena_free(arena);
        return;
    }
    memcpy(copy, s, len);
    dp_buf out;
    dp_buf_init(&out, arena);
    int rc = dp_repr_str(&out, copy, len, vi);
    expect_text("str bytes", rc, &out, want);
    dp_buf_init(&out, arena);
    rc = dp_repr_bytes(&out, copy, len);
    checks++;
    if (rc != 0)
        failures++;
    free(copy);
    dp_arena_free(arena);
}

static void unit_basic(const dp_version_info *vi)
{
    check_line(vi, "N", "None");
    check_line(vi, "S", "<class 'StopIteration'>");
    check_line(vi, "0", "NULL");
    check_line(vi, "d4 s61 0 0 N", "{'a': NULL, NULL: None}");
    check_line(vi, "d3 i1 i2 i3", "{1: 2, 3: NULL}"); /* odd count */
    check_line(vi, "o3c74656e736f723e", "<tensor>");
    check_line(vi, "t1 t0", "((),)");
    check_line(vi, "e0", "set()");
    check_line(vi, "z0", "frozenset()");
    check_line(vi, "z2 i1 i2", "frozenset({1, 2})");
    check_line(vi, "l2 E F", "[Ellipsis, False]");
    check_line(vi, "k66:3c733e:0", "<code object f at 0x0000, file \"<s>\", line -1>");
    check_line(vi, "k66:3c733e:7", "<code object f at 0x0000, file \"<s>\", line 7>");
    check_line(vi, "i-9223372036854775808", "-9223372036854775808");
    check_line(vi, "I-", "0");            /* big form, no digits */
    check_line(vi, "I+0,0", "0");         /* unnormalized zero digits */
    check_line(vi, "I+1,0,0", "1");       /* unnormalized leading zeros */
    check_line(vi, "I-0,0,0,0,0,0,0,1", "-40564819207303340847894502572032"); /* -(2**105) */
    check_line(vi, "I+0,0,0,0,0,0,4", "4951760157141521099596496896");        /* 2**92 */
    check_line(vi, "f3ff0000000000000", "1.0");
    check_line(vi, "f4341c37937e08000", "1e+16");
    check_line(vi, "c80000000000000000000000000000000", "(-0+0j)");
    check_line(vi, "c0000000000000000bff0000000000000", "-1j");
    check_line(vi, "c7ff8000000000000fff8000000000000", "(nan+nanj)");
    check_line(vi, "s", "''");
    check_line(vi, "b", "b''");
    check_line(vi, "s27", "\"'\"");
    check_line(vi, "s2722", "'\\'\"'");
    check_line(vi, "b27", "b\"'\"");
    check_line(vi, "s5c0a0d09007f", "'\\\\\\n\\r\\t\\x00\\x7f'");
    check_line(vi, "seda080", "'\\ud800'");   /* lone surrogate */
    check_line(vi, "sf4808080", "'\\U00100000'"); /* private use plane */
}

static void unit_invalid_utf8(const dp_version_info *vi)
{
    check_str_exact(vi, "\xc3", 1, "'\\xc3'");             /* truncated */
    check_str_exact(vi, "a\xe2\x82", 3, "'a\\xe2\\x82'");   /* truncated */
    check_str_exact(vi, "\xf0\x9f\x98", 3, "'\\xf0\\x9f\\x98'");
    check_str_exact(vi, "\xc0\xaf", 2, "'\\xc0\\xaf'");     /* overlong */
    check_str_exact(vi, "\xe0\x80\xaf", 3, "'\\xe0\\x80\\xaf'");
    check_str_exact(vi, "\xf5\x80\x80\x80", 4, "'\\xf5\\x80\\x80\\x80'"); /* > U+10FFFF */
    check_str_exact(vi, "\xf4\x90\x80\x80", 4, "'\\xf4\\x90\\x80\\x80'");
    check_str_exact(vi, "\xff'x", 3, "\"\\xff'x\"");
    check_str_exact(vi, "\x80", 1, "'\\x80'");
    check_str_exact(vi, "", 0, "''");
    /* Every 1- to 3-byte string: no crash, no over-read. */
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = dp_arena_new(0, &err);
    if (arena == NULL) {
        failures++;
        return;
    }
    char *three = malloc(3);
    for (unsigned a = 0; a < 256 && three != NULL; a++) {
        for (unsigned b = 0; b < 256; b += (a >= 0xc0 ? 1 : 17)) {
            for (unsigned c = 0; c < 256; c += 15) {
                three[0] = (char)a;
                three[1] = (char)b;
                three[2] = (char)c;
                for (size_t len = 1; len <= 3; len++) {
                    dp_buf out;
                    dp_buf_init(&out, arena);
                    const char *s = three + 3 - len;
                    if (dp_repr_str(&out, s, len, vi) != 0 || out.len < 2) {
                        failures++;
                        fprintf(stderr, "FAIL utf8 sweep %02x %02x %02x\n", a, b, c);
                    }
                }
            }
        }
        /* Keep the arena small. */
        dp_arena_free(arena);
        arena = dp_arena_new(0, &err);
        if (arena == NULL)
            break;
    }
    checks++;
    free(three);
    dp_arena_free(arena);
}

static void unit_limits(const dp_version_info *vi)
{
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = dp_arena_new(0, &err);
    if (arena == NULL) {
        failures++;
        return;
    }
    /* A DAG of 60 levels, each a pair of the level below: 2**60 leaves. */
    dp_object *leaf = dp_arena_alloc(arena, sizeof *leaf);
    dp_object *cur = leaf;
    if (leaf == NULL) {
        failures++;
        dp_arena_free(arena);
        return;
    }
    leaf->kind = DP_OBJ_STR;
    leaf->u.str.data = "abcdefgh";
    leaf->u.str.len = 8;
    for (int i = 0; i < 60 && cur != NULL; i++) {
        dp_object *pair = dp_arena_alloc(arena, sizeof *pair);
        dp_object **items = dp_arena_array(arena, 2, sizeof *items);
        if (pair == NULL || items == NULL) {
            cur = NULL;
            break;
        }
        items[0] = items[1] = cur;
        pair->kind = DP_OBJ_TUPLE;
        pair->u.seq.items = items;
        pair->u.seq.count = 2;
        cur = pair;
    }
    dp_buf out;
    dp_buf_init(&out, arena);
    int rc = cur != NULL ? dp_repr(&out, cur, vi) : 0;
    expect_status("exponential DAG", rc, &err, DP_ERR_LIMIT);
    dp_arena_free(arena);

    /* A tuple that contains itself. */
    dp_error_init(&err);
    arena = dp_arena_new(0, &err);
    if (arena == NULL) {
        failures++;
        return;
    }
    dp_object *self = dp_arena_alloc(arena, sizeof *self);
    dp_object **items = dp_arena_array(arena, 1, sizeof *items);
    if (self != NULL && items != NULL) {
        items[0] = self;
        self->kind = DP_OBJ_LIST;
        self->u.seq.items = items;
        self->u.seq.count = 1;
        dp_buf_init(&out, arena);
        rc = dp_repr(&out, self, vi);
        expect_status("cycle", rc, &err, DP_ERR_TOO_DEEP);
    }
    dp_arena_free(arena);

    /* An int of 10 million decimal digits is refused, not computed; one
     * of 99,002 is printed. */
    dp_error_init(&err);
    arena = dp_arena_new(0, &err);
    if (arena == NULL) {
        failures++;
        return;
    }
    size_t nd = 2300000;
    uint16_t *digits = dp_arena_array(arena, nd, sizeof *digits);
    if (digits != NULL) {
        for (size_t i = 0; i < nd; i++)
            digits[i] = 0x1234;
        dp_int big = {0, 1, 0, digits, nd};
        dp_buf_init(&out, arena);
        rc = dp_repr_int(&out, &big);
        expect_status("huge int", rc, &err, DP_ERR_LIMIT);
        /* 2**(15 * 21925) - 1: 99,002 decimal digits. */
        for (size_t i = 0; i < 21925; i++)
            digits[i] = 0x7fff;
        dp_error_init(&err);
        big.ndigits = 21925;
        dp_buf_init(&out, arena);
        rc = dp_repr_int(&out, &big);
        checks++;
        if (rc != 0 || out.len != 99002 || memcmp(out.data + out.len - 4, "3567", 4) != 0) {
            failures++;
            fprintf(stderr, "FAIL big int: rc=%d len=%zu\n", rc, rc == 0 ? out.len : 0);
        }
    }
    dp_arena_free(arena);

    /* A failed buffer stays failed. */
    dp_error_init(&err);
    arena = dp_arena_new(0, &err);
    if (arena != NULL) {
        dp_buf_init(&out, arena);
        out.failed = 1;
        dp_object none = {DP_OBJ_NONE, {.real = 0}};
        checks++;
        if (dp_repr(&out, &none, vi) != -1)
            failures++;
    }
    dp_arena_free(arena);
}

/* 10**k for k in 0..300 and 2**k - 1 for many k, against a simple
 * reference: the magnitude from decimal digits by repeated doubling. */
static void unit_int_roundtrip(void)
{
    for (int k = 1; k <= 700; k += 23) {
        /* 2**(15k') - 1 has all digits 0x7fff. */
        size_t nd = (size_t)k;
        uint16_t *digits = malloc(nd * sizeof *digits);
        char *ref = malloc(nd * 5 + 8);
        if (digits == NULL || ref == NULL) {
            failures++;
            free(digits);
            free(ref);
            return;
        }
        for (size_t i = 0; i < nd; i++)
            digits[i] = 0x7fff;
        /* Reference: decimal of 2**(15 nd) computed by doubling, minus 1. */
        size_t len = 1;
        ref[0] = 1; /* little-endian decimal digits */
        for (size_t b = 0; b < nd * 15; b++) {
            int carry = 0;
            for (size_t i = 0; i < len; i++) {
                int v = ref[i] * 2 + carry;
                ref[i] = (char)(v % 10);
                carry = v / 10;
            }
            if (carry)
                ref[len++] = (char)carry;
        }
        size_t i = 0;
        while (ref[i] == 0)
            ref[i++] = 9;
        ref[i]--;
        while (len > 1 && ref[len - 1] == 0)
            len--;
        char *want = malloc(len + 2);
        if (want == NULL) {
            failures++;
            free(digits);
            free(ref);
            return;
        }
        want[0] = '-';
        for (size_t j = 0; j < len; j++)
            want[1 + j] = (char)('0' + ref[len - 1 - j]);
        want[len + 1] = '\0';

        dp_error err;
        dp_error_init(&err);
        dp_arena *arena = dp_arena_new(0, &err);
        if (arena != NULL) {
            dp_int v = {0, 1, 1, digits, nd};
            dp_buf out;
            dp_buf_init(&out, arena);
            int rc = dp_repr_int(&out, &v);
            expect_text("2**(15k)-1", rc, &out, want);
        }
        dp_arena_free(arena);
        free(want);
        free(ref);
        free(digits);
    }
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--unit") == 0) {
        const dp_version_info *vi = dp_version_info_get(311);
        unit_basic(vi);
        unit_invalid_utf8(vi);
        unit_limits(vi);
        unit_int_roundtrip();
        printf("%d checks, %d failures\n", checks, failures);
        return failures ? 1 : 0;
    }
    if (argc == 2)
        return run_lines(atoi(argv[1]));
    fprintf(stderr, "usage: test_repr --unit | test_repr VERSION < cases\n");
    return 2;
}
