/* repr.c — Python's repr() of constants, as the target version prints it.
 *
 * Every function appends to a dp_buf and returns 0, or -1 with the error
 * recorded in the buffer's arena error context.  Nothing here depends on
 * the C locale: floats are converted with printf/strtod, but only the
 * digits and the exponent of printf's output are read back, and the
 * strings handed to strtod have no decimal point.
 *
 * Differences from CPython, all for inputs CPython itself would not print:
 * - CPython 3.11+ refuses to convert an int of more than 4300 decimal digits
 *   to str (sys.set_int_max_str_digits), so dis would raise ValueError for
 *   such a constant; we print the full decimal instead (as 3.8-3.10 do).
 *   The conversion is quadratic, as in CPython, so an int of more than
 *   about DP_REPR_INT_MAX_DIGITS decimal digits (hostile input: the compiler
 *   folds no constant that large) fails with DP_ERR_LIMIT rather than run
 *   for seconds (1,000,000 digits take ~13 s).
 * - A str that is not valid UTF-8 (marshal would have rejected it) has each
 *   invalid byte escaped as \xhh; lone surrogates are valid (surrogatepass)
 *   and come out as \udxxx exactly as in CPython.
 * - One dp_repr() call stops with DP_ERR_LIMIT once its own output exceeds
 *   DP_REPR_MAX_OUTPUT bytes (shared sub-objects make a DAG whose repr can
 *   be exponentially longer than the input), and with DP_ERR_TOO_DEEP past
 *   DP_REPR_MAX_DEPTH nested containers (a cyclic graph). */
#include "repr.h"

#include "pyhash.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DP_REPR_MAX_OUTPUT ((size_t)64 * 1024 * 1024)
#define DP_REPR_MAX_DEPTH 1000 /* CPython's own repr stops near its recursion limit, 1000 */
#define DP_REPR_INT_MAX_DIGITS ((size_t)100000) /* about 0.1 s of conversion */

static const char hexdigits[] = "0123456789abcdef";

static dp_error *buf_error(dp_buf *out)
{
    return dp_arena_error(out->arena);
}

/* ---------------------------------------------------------------- int */

static int repr_u64(dp_buf *out, int negative, uint64_t mag)
{
    char tmp[24];
    size_t n = sizeof tmp;
    do {
        tmp[--n] = (char)('0' + mag % 10);
        mag /= 10;
    } while (mag != 0);
    if (negative)
        tmp[--n] = '-';
    return dp_buf_append(out, tmp + n, sizeof tmp - n);
}

int dp_repr_int(dp_buf *out, const dp_int *value)
{
    if (!value->is_big) {
        int64_t v = value->small;
        uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        return repr_u64(out, v < 0, mag);
    }

    /* Magnitude in base 2**15, least significant first; ignore (invalid)
     * leading zero digits and bits above 15. */
    const uint16_t *d = value->digits;
    size_t nd = d != NULL ? value->ndigits : 0;
    while (nd > 0 && (d[nd - 1] & 0x7fff) == 0)
        nd--;
    if (nd == 0)
        return dp_buf_putc(out, '0');
    if (nd <= 4) {
        uint64_t mag = 0;
        for (size_t i = nd; i-- > 0;)
            mag = (mag << 15) | (d[i] & 0x7fff);
        return repr_u64(out, value->negative, mag);
    }
    /* 15 bits are log10(2**15) = 4.515 decimal digits: the value has at
     * least (nd - 1) * 4.515 + 1 of them. */
    if (nd > DP_REPR_INT_MAX_DIGITS / 4) {
        size_t est = nd > SIZE_MAX / 4516 ? SIZE_MAX : (nd - 1) * 4515 / 1000 + 1;
        if (est > DP_REPR_INT_MAX_DIGITS) {
            out->failed = 1;
            return dp_error_set(buf_error(out), DP_ERR_LIMIT,
                                "int constant of about %zu decimal digits is too large to print", est);
        }
    }

    /* Schoolbook conversion to base 10**9, 30 input bits per step (as
     * CPython's long_to_decimal_string does with 15 or 30). */
    size_t cap = nd / 2 + nd / 40 + 4; /* >= nd * 15 * log10(2) / 9 + 1 */
    uint32_t *limb = malloc(cap * sizeof *limb);
    if (limb == NULL) {
        out->failed = 1;
        return dp_error_set(buf_error(out), DP_ERR_NOMEM, "out of memory printing an int");
    }
    size_t nl = 0;
    size_t i = nd;
    while (i > 0) {
        unsigned shift;
        uint64_t carry;
        if (i % 2 == 1) {
            shift = 15;
            carry = d[i - 1] & 0x7fff;
            i -= 1;
        } else {
            shift = 30;
            carry = ((uint64_t)(d[i - 1] & 0x7fff) << 15) | (d[i - 2] & 0x7fff);
            i -= 2;
        }
        for (size_t k = 0; k < nl; k++) {
            uint64_t t = ((uint64_t)limb[k] << shift) + carry;
            limb[k] = (uint32_t)(t % 1000000000u);
            carry = t / 1000000000u;
        }
        while (carry != 0) {
            if (nl == cap) { /* cannot happen: cap bounds the result */
                free(limb);
                out->failed = 1;
                return dp_error_set(buf_error(out), DP_ERR_LIMIT, "int conversion overflow");
            }
            limb[nl++] = (uint32_t)(carry % 1000000000u);
            carry /= 1000000000u;
        }
    }

    int rc = 0;
    if (value->negative)
        rc = dp_buf_putc(out, '-');
    if (rc == 0)
        rc = dp_buf_printf(out, "%u", (unsigned)limb[nl - 1]);
    for (size_t k = nl - 1; rc == 0 && k-- > 0;) {
        char tmp[9];
        uint32_t v = limb[k];
        for (int j = 8; j >= 0; j--) {
            tmp[j] = (char)('0' + v % 10);
            v /= 10;
        }
        rc = dp_buf_append(out, tmp, 9);
    }
    free(limb);
    return rc;
}

/* -------------------------------------------------------------- float */

/* Does the decimal digits[0..n) * 10**scale read back as x? */
static int round_trips(double x, const char *digits, int n, int scale)
{
    char tmp[48];
    memcpy(tmp, digits, (size_t)n);
    /* No decimal point, so strtod's locale does not matter. */
    snprintf(tmp + n, sizeof tmp - (size_t)n, "e%d", scale);
    return strtod(tmp, NULL) == x;
}

/* Add delta (+1 or -1) to the n-digit decimal in digits, in place.  Returns
 * 0, or 1 if the result no longer has n digits (it is 10**n or has a
 * leading zero); digits then holds garbage. */
static int step_digits(char *digits, int n, int delta)
{
    int k = n - 1;
    if (delta > 0) {
        while (k >= 0 && digits[k] == '9')
            digits[k--] = '0';
        if (k < 0)
            return 1;
        digits[k]++;
    } else {
        while (k >= 0 && digits[k] == '0')
            digits[k--] = '9';
        if (k < 0)
            return 1;
        digits[k]--;
    }
    return digits[0] == '0';
}

/* The shortest decimal that reads back as x (finite, > 0), as David Gay's
 * dtoa mode 0 (which CPython's repr uses) finds it: digits (no trailing
 * zeros) and decpt, with x = 0.DIGITS * 10**decpt. */
static void shortest_digits(double x, char digits[20], int *ndigits, int *decpt)
{
    /* Overwritten below; only a printf that misbehaves leaves this. */
    digits[0] = '0';
    digits[1] = '\0';
    *ndigits = 1;
    *decpt = 1;
    for (int p = 1; p <= 17; p++) {
        char tmp[64];
        /* The correctly rounded p-digit decimal: glibc's printf is exact. */
        snprintf(tmp, sizeof tmp, "%.*e", p - 1, x);
        /* Read back digits and exponent, skipping whatever the locale uses
         * as the decimal point. */
        int n = 0;
        const char *s = tmp;
        while (*s != '\0' && *s != 'e' && *s != 'E') {
            if (*s >= '0' && *s <= '9' && n < 19)
                digits[n++] = *s;
            s++;
        }
        int e = 0;
        if (*s != '\0')
            e = atoi(s + 1);
        if (n != p) /* cannot happen */
            continue;
        int scale = e - (p - 1); /* x ~ digits * 10**scale */
        int found = round_trips(x, digits, p, scale);
        if (!found && p > 1) {
            /* At a power of two the interval of decimals that read back as x
             * is lopsided: the nearest p-digit decimal can miss it while its
             * neighbour on the wide side hits it. */
            char alt[20];
            for (int delta = -1; delta <= 1 && !found; delta += 2) {
                memcpy(alt, digits, (size_t)p);
                if (step_digits(alt, p, delta) == 0 && round_trips(x, alt, p, scale)) {
                    memcpy(digits, alt, (size_t)p);
                    found = 1;
                }
            }
        }
        if (found || p == 17) {
            while (n > 1 && digits[n - 1] == '0')
                n--;
            digits[n] = '\0';
            *ndigits = n;
            *decpt = e + 1;
            return;
        }
    }
}

/* CPython's PyOS_double_to_string(x, 'r', 0, flags, NULL): add_dot_0 is
 * Py_DTSF_ADD_DOT_0 (float repr), always_sign is Py_DTSF_SIGN.  dst needs
 * 40 bytes.  Returns the length. */
static size_t format_r(double x, int add_dot_0, int always_sign, char *dst)
{
    char *p = dst;
    if (isnan(x)) {
        /* The sign of a nan is ignored. */
        if (always_sign)
            *p++ = '+';
        memcpy(p, "nan", 3);
        return (size_t)(p + 3 - dst);
    }
    if (signbit(x))
        *p++ = '-';
    else if (always_sign)
        *p++ = '+';
    if (isinf(x)) {
        memcpy(p, "inf", 3);
        return (size_t)(p + 3 - dst);
    }

    char digits[20];
    int nd = 1, decpt = 1;
    double ax = fabs(x);
    if (ax == 0.0) {
        digits[0] = '0';
        digits[1] = '\0';
        nd = 1;
        decpt = 1;
    } else {
        shortest_digits(ax, digits, &nd, &decpt);
    }

    /* format_float_short's layout rules for mode 'r'. */
    int use_exp = decpt <= -4 || decpt > 16;
    int sci_exp = 0;
    if (use_exp) {
        sci_exp = decpt - 1;
        decpt = 1;
    }
    int vstart = decpt <= 0 ? decpt - 1 : 0;
    int vend;
    if (!use_exp && add_dot_0)
        vend = nd > decpt ? nd : decpt + 1;
    else
        vend = nd > decpt ? nd : decpt;
    /* Digits at positions [vstart, vend), the point before position decpt. */
    for (int i = vstart; i < vend; i++) {
        if (i == decpt)
            *p++ = '.';
        *p++ = (i >= 0 && i < nd) ? digits[i] : '0';
    }
    if (use_exp) {
        int ae = sci_exp < 0 ? -sci_exp : sci_exp;
        *p++ = 'e';
        *p++ = sci_exp < 0 ? '-' : '+';
        if (ae >= 100)
            *p++ = (char)('0' + ae / 100);
        *p++ = (char)('0' + ae / 10 % 10);
        *p++ = (char)('0' + ae % 10);
    }
    return (size_t)(p - dst);
}

int dp_repr_float(dp_buf *out, double x)
{
    char tmp[48];
    size_t n = format_r(x, 1, 0, tmp);
    return dp_buf_append(out, tmp, n);
}

static int repr_complex(dp_buf *out, double re, double im)
{
    char tmp[48];
    size_t n;
    if (re == 0.0 && !signbit(re)) {
        n = format_r(im, 0, 0, tmp);
        DP_RETURN_IF_ERROR(dp_buf_append(out, tmp, n));
        return dp_buf_putc(out, 'j');
    }
    DP_RETURN_IF_ERROR(dp_buf_putc(out, '('));
    n = format_r(re, 0, 0, tmp);
    DP_RETURN_IF_ERROR(dp_buf_append(out, tmp, n));
    n = format_r(im, 0, 1, tmp);
    DP_RETURN_IF_ERROR(dp_buf_append(out, tmp, n));
    return dp_buf_append(out, "j)", 2);
}

/* ---------------------------------------------------------- str, bytes */

static char choose_quote(const char *s, size_t len)
{
    int single = memchr(s, '\'', len) != NULL;
    int dbl = memchr(s, '"', len) != NULL;
    return single && !dbl ? '"' : '\'';
}

/* Decode one code point of UTF-8 with surrogates allowed (marshal's
 * 'surrogatepass').  Returns the sequence length, or 0 if s[0] does not
 * start a valid, complete, shortest-form sequence within avail bytes. */
static size_t utf8_decode(const unsigned char *s, size_t avail, uint32_t *cp)
{
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t n;
    uint32_t v;
    unsigned lo = 0x80, hi = 0xbf; /* range of the second byte */
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
        v = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        v = c & 0x0f;
        if (c == 0xe0)
            lo = 0xa0;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        v = c & 0x07;
        if (c == 0xf0)
            lo = 0x90;
        else if (c == 0xf4)
            hi = 0x8f;
    } else {
        return 0;
    }
    if (avail < n)
        return 0;
    for (size_t k = 1; k < n; k++) {
        unsigned b = s[k];
        if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xbf))
            return 0;
        v = (v << 6) | (b & 0x3f);
    }
    *cp = v;
    return n;
}

static int is_printable(const dp_version_info *vi, uint32_t cp)
{
    /* Without a version table, escape everything non-ASCII. */
    if (vi == NULL)
        return 0;
    return dp_is_printable(vi, cp);
}

static int put_hex_escape(dp_buf *out, char kind, uint32_t v, int width)
{
    char tmp[10];
    tmp[0] = '\\';
    tmp[1] = kind;
    for (int i = width - 1; i >= 0; i--) {
        tmp[2 + i] = hexdigits[v & 0xf];
        v >>= 4;
    }
    return dp_buf_append(out, tmp, (size_t)(2 + width));
}

/* Escape of an ASCII byte shared by str and bytes; NULL if it is kept. */
static const char *ascii_escape(unsigned c, char quote)
{
    switch (c) {
    case '\\': return "\\\\";
    case '\t': return "\\t";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\'': return quote == '\'' ? "\\'" : NULL;
    case '"': return quote == '"' ? "\\\"" : NULL;
    default: return NULL;
    }
}

int dp_repr_str(dp_buf *out, const char *s, size_t len, const dp_version_info *vi)
{
    if (s == NULL)
        len = 0;
    char quote = len ? choose_quote(s, len) : '\'';
    DP_RETURN_IF_ERROR(dp_buf_putc(out, quote));
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    size_t run = 0; /* start of bytes copied verbatim */
    while (i < len) {
        unsigned c = u[i];
        if (c >= 0x20 && c < 0x7f && c != '\\' && c != (unsigned)quote) {
            i++;
            continue;
        }
        uint32_t cp = 0;   /* (set when n > 0) */
        size_t n = utf8_decode(u + i, len - i, &cp);
        if (n > 1 && is_printable(vi, cp)) {
            i += n;
            continue;
        }
        DP_RETURN_IF_ERROR(dp_buf_append(out, s + run, i - run));
        if (n == 0) {
            /* Not UTF-8: escape the byte itself. */
            DP_RETURN_IF_ERROR(put_hex_escape(out, 'x', c, 2));
            n = 1;
        } else {
            const char *esc = ascii_escape(cp, quote);
            if (esc != NULL)
                DP_RETURN_IF_ERROR(dp_buf_puts(out, esc));
            else if (cp <= 0xff)
                DP_RETURN_IF_ERROR(put_hex_escape(out, 'x', cp, 2));
            else if (cp <= 0xffff)
                DP_RETURN_IF_ERROR(put_hex_escape(out, 'u', cp, 4));
            else
                DP_RETURN_IF_ERROR(put_hex_escape(out, 'U', cp, 8));
        }
        i += n;
        run = i;
    }
    DP_RETURN_IF_ERROR(dp_buf_append(out, s + run, i - run));
    return dp_buf_putc(out, quote);
}

int dp_repr_bytes(dp_buf *out, const char *s, size_t len)
{
    if (s == NULL)
        len = 0;
    char quote = len ? choose_quote(s, len) : '\'';
    DP_RETURN_IF_ERROR(dp_buf_append(out, "b", 1));
    DP_RETURN_IF_ERROR(dp_buf_putc(out, quote));
    const unsigned char *u = (const unsigned char *)s;
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned c = u[i];
        if (c >= 0x20 && c < 0x7f && c != '\\' && c != (unsigned)quote)
            continue;
        DP_RETURN_IF_ERROR(dp_buf_append(out, s + run, i - run));
        const char *esc = ascii_escape(c, quote);
        if (esc != NULL)
            DP_RETURN_IF_ERROR(dp_buf_puts(out, esc));
        else
            DP_RETURN_IF_ERROR(put_hex_escape(out, 'x', c, 2));
        run = i + 1;
    }
    DP_RETURN_IF_ERROR(dp_buf_append(out, s + run, len - run));
    return dp_buf_putc(out, quote);
}

/* ------------------------------------------------------------- objects */

typedef struct repr_ctx {
    dp_buf *out;
    const dp_version_info *vi;
    size_t start; /* out->len when the dp_repr call began */
} repr_ctx;

static int check_size(repr_ctx *ctx)
{
    if (ctx->out->failed)
        return -1;
    if (ctx->out->len - ctx->start > DP_REPR_MAX_OUTPUT) {
        ctx->out->failed = 1;
        return dp_error_set(buf_error(ctx->out), DP_ERR_LIMIT,
                            "repr of a constant exceeds %zu bytes", DP_REPR_MAX_OUTPUT);
    }
    return 0;
}

static int repr_obj(repr_ctx *ctx, const dp_object *obj, int depth);

static int repr_items(repr_ctx *ctx, dp_object *const *items, size_t count, int depth)
{
    for (size_t i = 0; i < count; i++) {
        if (i > 0)
            DP_RETURN_IF_ERROR(dp_buf_append(ctx->out, ", ", 2));
        DP_RETURN_IF_ERROR(repr_obj(ctx, items != NULL ? items[i] : NULL, depth + 1));
    }
    return 0;
}

/* A set's elements in the order CPython's hash table iterates them after
 * marshal.loads rebuilt it (see pyhash.h); the stored order when an element's
 * hash is not reproducible. */
static int repr_set_items(repr_ctx *ctx, const dp_object *set, int depth)
{
    dp_object *const *items = set->u.seq.items;
    size_t count = set->u.seq.count;
    if (ctx->vi == NULL || items == NULL || count < 2)
        return repr_items(ctx, items, count, depth);
    dp_arena *arena = ctx->out->arena;
    size_t *order = dp_arena_array(arena, count, sizeof *order);
    if (order == NULL)
        return -1;
    size_t distinct;
    if (dp_set_order(items, count, ctx->vi->version, arena, order, &distinct) < 0)
        return -1;
    for (size_t i = 0; i < distinct; i++) {
        if (i > 0)
            DP_RETURN_IF_ERROR(dp_buf_append(ctx->out, ", ", 2));
        DP_RETURN_IF_ERROR(repr_obj(ctx, items[order[i]], depth + 1));
    }
    return 0;
}

static int repr_dict(repr_ctx *ctx, dp_object *const *items, size_t count, int depth)
{
    DP_RETURN_IF_ERROR(dp_buf_putc(ctx->out, '{'));
    for (size_t i = 0; i < count; i += 2) {
        if (i > 0)
            DP_RETURN_IF_ERROR(dp_buf_append(ctx->out, ", ", 2));
        DP_RETURN_IF_ERROR(repr_obj(ctx, items != NULL ? items[i] : NULL, depth + 1));
        DP_RETURN_IF_ERROR(dp_buf_append(ctx->out, ": ", 2));
        /* An odd count leaves the last key without a value: NULL. */
        const dp_object *v = items != NULL && i + 1 < count ? items[i + 1] : NULL;
        DP_RETURN_IF_ERROR(repr_obj(ctx, v, depth + 1));
    }
    return dp_buf_putc(ctx->out, '}');
}

static int repr_raw(dp_buf *out, dp_str s)
{
    return dp_buf_append(out, s.data != NULL ? s.data : "", s.data != NULL ? s.len : 0);
}

static int repr_code(repr_ctx *ctx, const dp_code *co)
{
    dp_buf *out = ctx->out;
    if (co == NULL)
        return dp_buf_puts(out, "<code object ??? at 0x0000, file ???, line -1>");
    DP_RETURN_IF_ERROR(dp_buf_puts(out, "<code object "));
    DP_RETURN_IF_ERROR(repr_raw(out, co->name));
    DP_RETURN_IF_ERROR(dp_buf_puts(out, " at 0x0000, file \""));
    DP_RETURN_IF_ERROR(repr_raw(out, co->filename));
    /* code_repr prints line -1 when co_firstlineno is 0. */
    return dp_buf_printf(out, "\", line %ld>",
                         co->firstlineno != 0 ? (long)co->firstlineno : -1L);
}

static int repr_obj(repr_ctx *ctx, const dp_object *obj, int depth)
{
    dp_buf *out = ctx->out;
    DP_RETURN_IF_ERROR(check_size(ctx));
    if (depth > DP_REPR_MAX_DEPTH) {
        out->failed = 1;
        return dp_error_set(buf_error(out), DP_ERR_TOO_DEEP,
                            "constant nested deeper than %d levels", DP_REPR_MAX_DEPTH);
    }
    if (obj == NULL)
        return dp_buf_puts(out, "NULL");
    switch (obj->kind) {
    case DP_OBJ_NULL:
        return dp_buf_puts(out, "NULL");
    case DP_OBJ_NONE:
        return dp_buf_puts(out, "None");
    case DP_OBJ_FALSE:
        return dp_buf_puts(out, "False");
    case DP_OBJ_TRUE:
        return dp_buf_puts(out, "True");
    case DP_OBJ_ELLIPSIS:
        return dp_buf_puts(out, "Ellipsis");
    case DP_OBJ_STOPITER:
        /* repr(StopIteration), the class marshal stores. */
        return dp_buf_puts(out, "<class 'StopIteration'>");
    case DP_OBJ_INT:
        DP_RETURN_IF_ERROR(dp_repr_int(out, &obj->u.integer));
        return check_size(ctx);
    case DP_OBJ_FLOAT:
        return dp_repr_float(out, obj->u.real);
    case DP_OBJ_COMPLEX:
        return repr_complex(out, obj->u.complex.real, obj->u.complex.imag);
    case DP_OBJ_STR:
        DP_RETURN_IF_ERROR(dp_repr_str(out, obj->u.str.data, obj->u.str.len, ctx->vi));
        return check_size(ctx);
    case DP_OBJ_BYTES:
        DP_RETURN_IF_ERROR(dp_repr_bytes(out, obj->u.str.data, obj->u.str.len));
        return check_size(ctx);
    case DP_OBJ_TUPLE:
        DP_RETURN_IF_ERROR(dp_buf_putc(out, '('));
        DP_RETURN_IF_ERROR(repr_items(ctx, obj->u.seq.items, obj->u.seq.count, depth));
        if (obj->u.seq.count == 1)
            DP_RETURN_IF_ERROR(dp_buf_putc(out, ','));
        return dp_buf_putc(out, ')');
    case DP_OBJ_LIST:
        DP_RETURN_IF_ERROR(dp_buf_putc(out, '['));
        DP_RETURN_IF_ERROR(repr_items(ctx, obj->u.seq.items, obj->u.seq.count, depth));
        return dp_buf_putc(out, ']');
    case DP_OBJ_SET:
        if (obj->u.seq.count == 0)
            return dp_buf_puts(out, "set()");
        DP_RETURN_IF_ERROR(dp_buf_putc(out, '{'));
        DP_RETURN_IF_ERROR(repr_set_items(ctx, obj, depth));
        return dp_buf_putc(out, '}');
    case DP_OBJ_FROZENSET:
        if (obj->u.seq.count == 0)
            return dp_buf_puts(out, "frozenset()");
        DP_RETURN_IF_ERROR(dp_buf_puts(out, "frozenset({"));
        DP_RETURN_IF_ERROR(repr_set_items(ctx, obj, depth));
        return dp_buf_puts(out, "})");
    case DP_OBJ_DICT:
        return repr_dict(ctx, obj->u.seq.items, obj->u.seq.count, depth);
    case DP_OBJ_CODE:
        DP_RETURN_IF_ERROR(repr_code(ctx, obj->u.code));
        return check_size(ctx);
    case DP_OBJ_OPAQUE:
        if (obj->u.opaque.name.data == NULL)
            return dp_buf_printf(out, "<opaque %zu>", obj->u.opaque.index);
        DP_RETURN_IF_ERROR(repr_raw(out, obj->u.opaque.name));
        return check_size(ctx);
    }
    return dp_buf_printf(out, "<unknown object kind %d>", (int)obj->kind);
}

int dp_repr(dp_buf *out, const dp_object *obj, const dp_version_info *vi)
{
    repr_ctx ctx = {out, vi, out->len};
    if (out->failed)
        return -1;
    DP_RETURN_IF_ERROR(repr_obj(&ctx, obj, 0));
    return check_size(&ctx);
}
