/* print.c — the syntax tree back to source text for one Python version.
 *
 * Modelled on CPython's Python/ast_unparse.c and Lib/ast.py's _Unparser:
 * every expression is printed with the precedence level its context
 * demands (`level`), and opens a parenthesis only when its own precedence is
 * lower.  Statements are Lib/ast.py's, with the grammar differences of
 * 3.8-3.13 handled where they arise (each is commented there).
 *
 * The hardest part is the f-string before 3.12: a replacement field may not
 * contain a backslash nor the quotes of any enclosing f-string.  There the
 * printer tries the four quote kinds in turn, writing each candidate into a
 * scratch buffer, and splits what no single kind can hold into adjacent
 * literals ('a' "b", f'..' f"..") that the parser joins again.  A string
 * that cannot be written under the current restrictions fails *softly*
 * (returns -1 without an error), so that the enclosing f-string tries its
 * next quote kind; only the outermost f-string turns that into an error.
 * Nesting is bounded by the four quote kinds, so the retries cost a
 * constant factor.
 *
 * Trees the parser never makes (the decompiler's) print as equivalent
 * source: negative numbers and inf/nan as expressions, tuples and
 * frozensets of constants as displays, a format spec nested deeper than the
 * version allows as an f-string inside the field, opaque constants as their
 * placeholder names, unrecovered regions as comments plus a raise. */
#include "print.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "opcodes.h"
#include "repr.h"

/* Precedence levels, lowest first, after ast_unparse.c.  Three levels sit
 * below the conditional expression because the grammar allows three
 * different things bare at statement level: a yield (only as a whole
 * statement or assigned value), a tuple (also after return, in subscripts,
 * in for loops) and `:=` (only in if/while tests and call arguments, and
 * never at statement level). */
typedef enum prec {
    PR_YIELD,   /* statement level: bare yield and bare tuples */
    PR_TUPLE,   /* bare tuples, but not yield */
    PR_NAMED,   /* bare :=, but not tuples (NamedExpr is bare only here) */
    PR_TEST,    /* 'if'-'else', 'lambda' */
    PR_OR,
    PR_AND,
    PR_NOT,
    PR_CMP,
    PR_BOR,
    PR_BXOR,
    PR_BAND,
    PR_SHIFT,
    PR_ARITH,
    PR_TERM,
    PR_FACTOR,  /* unary + - ~, and negative number constants */
    PR_POWER,
    PR_AWAIT,
    PR_ATOM
} prec;

/* Pattern levels (match statements): `p as x` < `p | q` < the rest. */
enum { PAT_AS, PAT_OR, PAT_ATOM };

/* Quote kinds, as bits: ' " ''' """ */
enum { Q_S = 1, Q_D = 2, Q_TS = 4, Q_TD = 8 };

/* Ints with more base-2**15 digits than this print in hex: 3.11+ refuses
 * decimal literals over 4300 digits, and 900 digits stay below that. */
enum { BIG_INT_HEX_DIGITS = 900 };

/* What the surrounding f-strings allow, before 3.12. */
typedef struct fstring_ctx {
    unsigned forbidden; /* quote kinds of the enclosing f-strings */
    int in_fexpr;       /* inside a replacement field: no backslashes at all */
    int newline_ok;     /* every enclosing f-string is triple-quoted */
} fstring_ctx;

typedef struct printer {
    int version;
    const dp_version_info *vi;
    dp_buf *out;
    dp_error *err;
    int depth;
    fstring_ctx f;
    dp_stmt_line_fn on_stmt;   /* told the line of each statement, or NULL */
    dp_expr_line_fn on_expr;   /* and of each expression with a known source */
    void *on_stmt_ctx;
    size_t counted;            /* output scanned for newlines so far */
    int line;                  /* the line (from 1) that output at `counted` is on */
    const char *scope;         /* the innermost def or class being printed, for errors */
    int indent;                /* the statement being printed: its indent */
    int wrapped;               /* long displays open around the output, one element a line */
    int in_fstring;            /* 3.12+ f-strings open around the output */
    int32_t comp_line;         /* 3.10: inside a comprehension whose parts' lines are known,
                                  the source line the output is on; else 0 */
} printer;

/* A list, set or dict display of more elements than this prints one
 * element a line: readable, and (3.8, 3.9) no line holds 255 bytes of
 * code, which makes the peephole pass leave the whole code object alone. */
enum { WRAP_ELEMENTS = 16 };

/* " in NAME" for error messages, or "" at module level. */
#define SCOPE_FMT "%s%s"
#define SCOPE_ARGS(p) ((p)->scope ? " in " : ""), ((p)->scope ? (p)->scope : "")

/* The line the next output goes on (counting only what is new). */
static int current_line(printer *p)
{
    for (; p->counted < p->out->len; p->counted++)
        p->line += p->out->data[p->counted] == '\n';
    return p->line;
}

/* How the literal text of one f-string is written. */
typedef struct fstr_style {
    int quote;          /* Q_* of this f-string */
    int escapes;        /* backslash escapes allowed in its literal text */
    unsigned outer;     /* quote kinds the raw text must avoid (enclosing f-strings) */
    int newline_ok;     /* raw text may hold a newline */
} fstr_style;

static int expr(printer *p, const dp_expr *e, prec level);
static int block(printer *p, const dp_stmt_list *body, int indent);
static int constant(printer *p, const dp_object *o, const char *kind, prec level);

/* ------------------------------------------------------------ output */

/* A dp_buf failure is recorded in the arena's error; copy it to ours. */
static int buf_fail(printer *p)
{
    if (p->err->status != DP_OK)
        return -1;
    dp_error *arena_err = dp_arena_error(p->out->arena);
    if (arena_err != NULL && arena_err != p->err && arena_err->status != DP_OK)
        return dp_error_set(p->err, arena_err->status, "%s", arena_err->message);
    return dp_error_set(p->err, DP_ERR_NOMEM, "printer: the output buffer could not grow");
}

static int putn(printer *p, const char *s, size_t n)
{
    return dp_buf_append(p->out, s, n) < 0 ? buf_fail(p) : 0;
}

static int put(printer *p, const char *s)
{
    return putn(p, s, strlen(s));
}

static int putch(printer *p, char c)
{
    return putn(p, &c, 1);
}

static int open_paren(printer *p, int needed)
{
    return needed ? putch(p, '(') : 0;
}

static int close_paren(printer *p, int needed)
{
    return needed ? putch(p, ')') : 0;
}

static int fill(printer *p, int indent)
{
    return dp_buf_fill(p->out, ' ', (size_t)indent * 4) < 0 ? buf_fail(p) : 0;
}

static int bad_tree(printer *p, const char *what)
{
    return dp_error_set(p->err, DP_ERR_UNSUPPORTED, "printer: malformed syntax tree" SCOPE_FMT ": %s",
                        SCOPE_ARGS(p), what);
}

static int enter(printer *p)
{
    if (++p->depth > DP_PRINT_MAX_DEPTH)
        return dp_error_set(p->err, DP_ERR_TOO_DEEP, "printer: syntax tree nested deeper than %d" SCOPE_FMT,
                            DP_PRINT_MAX_DEPTH, SCOPE_ARGS(p));
    return 0;
}

/* ------------------------------------------------------------ text */

/* One UTF-8 sequence (surrogates allowed, as 'surrogatepass' writes them);
 * 0 when s does not start with a valid one. */
static size_t utf8_decode(const unsigned char *s, size_t avail, uint32_t *cp)
{
    unsigned c = s[0];
    size_t n;
    uint32_t v;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        v = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        v = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        v = c & 0x07;
    } else {
        return 0;
    }
    if (n > avail)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3F);
    }
    if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10FFFF)))
        return 0;
    *cp = v;
    return n;
}

static char quote_char(int q)
{
    return (q & (Q_S | Q_TS)) ? '\'' : '"';
}

static int quote_triple(int q)
{
    return (q & (Q_TS | Q_TD)) != 0;
}

static int put_quote(printer *p, int q)
{
    char c = quote_char(q);
    char three[3] = {c, c, c};
    return putn(p, three, quote_triple(q) ? 3 : 1);
}

/* Whether quote q contains the closing sequence of an enclosing quote. */
static int quote_conflicts(int q, unsigned forbidden)
{
    for (int f = Q_S; f <= Q_TD; f <<= 1)
        if ((forbidden & (unsigned)f) && quote_char(f) == quote_char(q)
            && (quote_triple(q) || !quote_triple(f)))
            return 1;
    return 0;
}

/* Printable ASCII other than a backslash, a quote or a brace: written as it
 * is inside any quote, in any f-string.  A bit per byte value. */
static int always_plain(unsigned char c)
{
    static const uint64_t bits[4] = {
        0xFFFFFFFF00000000u & ~((uint64_t)1 << '"') & ~((uint64_t)1 << '\''),
        0x7FFFFFFFFFFFFFFFu & ~((uint64_t)1 << ('\\' - 64)) & ~((uint64_t)1 << ('{' - 64)) &
            ~((uint64_t)1 << ('}' - 64)),
        0, 0};
    return (int)((bits[c >> 6] >> (c & 63)) & 1);
}

/* Text inside quote q, escaped with backslashes the way repr() does for this
 * version.  In triple quotes a quote character is escaped only where it
 * would start a run of quotes or end the text.  double_braces: f-string
 * literal text.  raw_ws: newline (triple quotes only) and tab stay raw, as
 * in docstrings. */
static int put_escaped(printer *p, const char *s, size_t len, int q, int double_braces,
                       int raw_ws)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned qc = (unsigned char)quote_char(q);
    size_t run = 0, i = 0;
    while (i < len) {
        while (i < len && always_plain(u[i]))   /* (most of any text) */
            i++;
        if (i == len)
            break;
        unsigned c = u[i];
        size_t n = 1;
        char esc[12];
        if (c >= 0x20 && c < 0x7f) {
            if (c == '\\')
                strcpy(esc, "\\\\");
            else if (c == qc && (!quote_triple(q) || i + 1 == len || u[i + 1] == c))
                snprintf(esc, sizeof esc, "\\%c", (char)c);
            else if (double_braces && (c == '{' || c == '}'))
                snprintf(esc, sizeof esc, "%c%c", (char)c, (char)c);
            else {
                i++;
                continue;
            }
        } else if (c == '\n' && raw_ws && quote_triple(q)) {
            i++;
            continue;
        } else if (c == '\t' && raw_ws) {
            i++;
            continue;
        } else if (c == '\n') {
            strcpy(esc, "\\n");
        } else if (c == '\t') {
            strcpy(esc, "\\t");
        } else if (c == '\r') {
            strcpy(esc, "\\r");
        } else if (c < 0x80) {
            snprintf(esc, sizeof esc, "\\x%02x", c);
        } else {
            uint32_t cp;
            n = utf8_decode(u + i, len - i, &cp);
            if (n == 0) {
                n = 1; /* not UTF-8: escape the byte, as repr.c does */
                snprintf(esc, sizeof esc, "\\x%02x", c);
            } else if (dp_is_printable(p->vi, cp)) {
                i += n;
                continue;
            } else if (cp <= 0xff) {
                snprintf(esc, sizeof esc, "\\x%02x", (unsigned)cp);
            } else if (cp <= 0xffff) {
                snprintf(esc, sizeof esc, "\\u%04x", (unsigned)cp);
            } else {
                snprintf(esc, sizeof esc, "\\U%08x", (unsigned)cp);
            }
        }
        DP_RETURN_IF_ERROR(putn(p, s + run, i - run));
        DP_RETURN_IF_ERROR(put(p, esc));
        i += n;
        run = i;
    }
    return putn(p, s + run, i - run);
}

/* The longest prefix of s (whole code points) that can be written raw,
 * without any backslash, inside quote q while the enclosing f-strings use
 * the quote kinds in `forbidden`.  Raw text cannot hold a backslash, NUL or
 * CR (the tokenizer turns CR into LF), a lone surrogate, a newline unless
 * every quote around it is triple, non-ASCII bytes in a bytes literal, its
 * own closing quote, or an enclosing one.  A triple-quoted text must not end
 * in its quote character either. */
static size_t raw_prefix(const char *s, size_t len, int q, unsigned forbidden, int newline_ok,
                         int is_bytes)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned qc = (unsigned char)quote_char(q);
    size_t best = 0, i = 0;
    while (i < len) {
        unsigned c = u[i];
        size_t n = 1;
        if (c == '\\' || c == '\0' || c == '\r')
            break;
        if (c == '\n' && !(newline_ok && quote_triple(q)))
            break;
        if (c >= 0x80) {
            uint32_t cp;
            if (is_bytes)
                break;
            n = utf8_decode(u + i, len - i, &cp);
            if (n == 0 || (cp >= 0xD800 && cp <= 0xDFFF))
                break;
        }
        if (c == '\'' || c == '"') {
            int run3 = i + 2 < len && u[i + 1] == c && u[i + 2] == c;
            int bad = c == qc && (!quote_triple(q) || run3);
            for (int f = Q_S; f <= Q_TD; f <<= 1)
                if ((forbidden & (unsigned)f) && (unsigned char)quote_char(f) == c
                    && (!quote_triple(f) || run3))
                    bad = 1;
            if (bad)
                break;
        }
        i += n;
        if (!(quote_triple(q) && c == qc))
            best = i;
    }
    return best;
}

/* A str or bytes literal inside a replacement field of a 3.8-3.11 f-string:
 * no backslashes, and none of the enclosing quotes.  When no quote kind can
 * hold the whole text, it is split into adjacent literals (implicit
 * concatenation).  Fails softly when even that is impossible. */
static int raw_string(printer *p, const char *s, size_t len, int is_bytes, const char *prefix)
{
    static const int order[4] = {Q_S, Q_D, Q_TD, Q_TS};
    for (int k = 0; k < 4; k++) {
        int q = order[k];
        if (quote_conflicts(q, p->f.forbidden)
            || raw_prefix(s, len, q, p->f.forbidden, p->f.newline_ok, is_bytes) != len)
            continue;
        DP_RETURN_IF_ERROR(put(p, prefix));
        DP_RETURN_IF_ERROR(put_quote(p, q));
        DP_RETURN_IF_ERROR(putn(p, s, len));
        return put_quote(p, q);
    }
    size_t pos = 0;
    while (pos < len) {
        size_t best = 0;
        int best_q = 0;
        for (int k = 0; k < 4; k++) {
            int q = order[k];
            if (quote_conflicts(q, p->f.forbidden))
                continue;
            size_t n = raw_prefix(s + pos, len - pos, q, p->f.forbidden, p->f.newline_ok,
                                  is_bytes);
            if (n > best) {
                best = n;
                best_q = q;
            }
        }
        if (best == 0)
            return -1; /* soft: the enclosing f-string tries another quote */
        if (pos > 0)
            DP_RETURN_IF_ERROR(putch(p, ' '));
        DP_RETURN_IF_ERROR(is_bytes ? put(p, "b") : pos == 0 ? put(p, prefix) : 0);
        DP_RETURN_IF_ERROR(put_quote(p, best_q));
        DP_RETURN_IF_ERROR(putn(p, s + pos, best));
        DP_RETURN_IF_ERROR(put_quote(p, best_q));
        pos += best;
    }
    return 0;
}

/* A str's bytes, "" for a NULL one. */
static dp_str text_of(const dp_str *s)
{
    dp_str t = {"", 0};
    if (s != NULL && s->data != NULL)
        t = *s;
    return t;
}

static int contains(const dp_str *s, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= s->len; i++)
        if (memcmp(s->data + i, needle, n) == 0)
            return 1;
    return 0;
}

/* A docstring: triple quotes, real newlines and tabs, as Lib/ast.py does.
 * ''' only where it saves escapes; put_escaped keeps either one valid. */
static int docstring(printer *p, const dp_str *doc, const char *kind)
{
    dp_str text = text_of(doc);
    int q = Q_TD;
    if (text.len > 0 && (contains(&text, "\"\"\"") || text.data[text.len - 1] == '"')
        && !contains(&text, "'''") && text.data[text.len - 1] != '\'')
        q = Q_TS;
    if (kind != NULL && kind[0] == 'u')
        DP_RETURN_IF_ERROR(putch(p, 'u'));
    DP_RETURN_IF_ERROR(put_quote(p, q));
    DP_RETURN_IF_ERROR(put_escaped(p, text.data, text.len, q, 0, 1));
    return put_quote(p, q);
}

/* ------------------------------------------------------------ constants */

static int put_int_hex(printer *p, const dp_int *v)
{
    size_t nbits = v->ndigits * 15;
    size_t nibbles = (nbits + 3) / 4;
    int started = 0;
    DP_RETURN_IF_ERROR(put(p, v->negative ? "-0x" : "0x"));
    for (size_t k = nibbles; k-- > 0;) {
        unsigned nib = 0;
        for (unsigned b = 4; b-- > 0;) {
            size_t bit = k * 4 + b;
            size_t d = bit / 15;
            unsigned set = d < v->ndigits ? (v->digits[d] >> (bit % 15)) & 1u : 0u;
            nib = nib << 1 | set;
        }
        if (nib == 0 && !started && k > 0)
            continue;
        started = 1;
        DP_RETURN_IF_ERROR(putch(p, "0123456789abcdef"[nib]));
    }
    return 0;
}

static int put_int(printer *p, const dp_int *v)
{
    if (v->is_big && v->ndigits > BIG_INT_HEX_DIGITS)
        return put_int_hex(p, v);
    return dp_repr_int(p->out, v) < 0 ? buf_fail(p) : 0;
}

static int int_negative(const dp_int *v)
{
    return v->is_big ? v->negative : v->small < 0;
}

/* inf has no literal: 1e309 overflows to it, as in ast_unparse.c. */
static int put_float(printer *p, double x)
{
    if (isinf(x))
        return put(p, x < 0 ? "-1e309" : "1e309");
    if (isnan(x))
        return put(p, "(1e309-1e309)");
    return dp_repr_float(p->out, x) < 0 ? buf_fail(p) : 0;
}

/* An imaginary literal for im >= 0 (or nan). */
static int put_imag(printer *p, double im)
{
    if (isnan(im))
        return put(p, "(1e309j-1e309j)");
    if (isinf(im))
        return put(p, "1e309j");
    size_t start = p->out->len;
    if (dp_repr_float(p->out, im) < 0)
        return buf_fail(p);
    /* 1.0 -> 1j, as complex's repr writes it */
    if (p->out->len - start > 2 && memcmp(p->out->data + p->out->len - 2, ".0", 2) == 0) {
        p->out->len -= 2;
        p->out->data[p->out->len] = '\0';
    }
    return putch(p, 'j');
}

/* Complex values keep both signs: the parser makes only 0+xj, anything else
 * is written as an expression that computes exactly that value (except an
 * imaginary -0.0 beside a non-zero real part). */
static int put_complex(printer *p, double re, double im, prec level)
{
    if (re == 0.0 && !signbit(re)) {
        if (!signbit(im) || isnan(im))
            return put_imag(p, im);
        DP_RETURN_IF_ERROR(put(p, "(0-"));
        DP_RETURN_IF_ERROR(put_imag(p, -im));
        return putch(p, ')');
    }
    if (signbit(re) && !isnan(re)) {
        int paren = level > PR_FACTOR;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(putch(p, '-'));
        DP_RETURN_IF_ERROR(put_complex(p, -re, -im, PR_ATOM));
        return close_paren(p, paren);
    }
    DP_RETURN_IF_ERROR(putch(p, '('));
    DP_RETURN_IF_ERROR(put_float(p, re));
    int neg = signbit(im) && !isnan(im);
    DP_RETURN_IF_ERROR(putch(p, neg ? '-' : '+'));
    DP_RETURN_IF_ERROR(put_imag(p, neg ? -im : im));
    return putch(p, ')');
}

static int put_str(printer *p, const dp_str *str, const char *kind)
{
    dp_str s = text_of(str);
    const char *prefix = kind != NULL && kind[0] == 'u' ? "u" : "";
    if (p->f.in_fexpr)
        return raw_string(p, s.data, s.len, 0, prefix);
    DP_RETURN_IF_ERROR(put(p, prefix));
    return dp_repr_str(p->out, s.data, s.len, p->vi) < 0 ? buf_fail(p) : 0;
}

static int put_bytes(printer *p, const dp_str *str)
{
    dp_str s = text_of(str);
    if (p->f.in_fexpr)
        return raw_string(p, s.data, s.len, 1, "b");
    return dp_repr_bytes(p->out, s.data, s.len) < 0 ? buf_fail(p) : 0;
}

static int const_items(printer *p, dp_object *const *items, size_t count, const char *sep)
{
    for (size_t i = 0; i < count; i++) {
        if (i > 0)
            DP_RETURN_IF_ERROR(put(p, sep));
        DP_RETURN_IF_ERROR(constant(p, items[i], NULL, PR_TEST));
    }
    return 0;
}

static int constant_inner(printer *p, const dp_object *o, const char *kind, prec level)
{
    switch (o->kind) {
    case DP_OBJ_NONE:
        return put(p, "None");
    case DP_OBJ_TRUE:
        return put(p, "True");
    case DP_OBJ_FALSE:
        return put(p, "False");
    case DP_OBJ_ELLIPSIS:
        return put(p, "...");
    case DP_OBJ_STOPITER:
        return put(p, "StopIteration");
    case DP_OBJ_INT: {
        int paren = int_negative(&o->u.integer) && level > PR_FACTOR;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(put_int(p, &o->u.integer));
        return close_paren(p, paren);
    }
    case DP_OBJ_FLOAT: {
        int paren = signbit(o->u.real) && !isnan(o->u.real) && level > PR_FACTOR;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(put_float(p, o->u.real));
        return close_paren(p, paren);
    }
    case DP_OBJ_COMPLEX:
        return put_complex(p, o->u.complex.real, o->u.complex.imag, level);
    case DP_OBJ_STR:
        return put_str(p, &o->u.str, kind);
    case DP_OBJ_BYTES:
        return put_bytes(p, &o->u.str);
    case DP_OBJ_TUPLE:
        DP_RETURN_IF_ERROR(putch(p, '('));
        DP_RETURN_IF_ERROR(const_items(p, o->u.seq.items, o->u.seq.count, ", "));
        return put(p, o->u.seq.count == 1 ? ",)" : ")");
    case DP_OBJ_LIST:
        DP_RETURN_IF_ERROR(putch(p, '['));
        DP_RETURN_IF_ERROR(const_items(p, o->u.seq.items, o->u.seq.count, ", "));
        return putch(p, ']');
    case DP_OBJ_SET:
    case DP_OBJ_FROZENSET: {
        int frozen = o->kind == DP_OBJ_FROZENSET;
        if (o->u.seq.count == 0)
            return put(p, frozen ? "frozenset()" : "set()");
        DP_RETURN_IF_ERROR(put(p, frozen ? "frozenset({" : "{"));
        DP_RETURN_IF_ERROR(const_items(p, o->u.seq.items, o->u.seq.count, ", "));
        return put(p, frozen ? "})" : "}");
    }
    case DP_OBJ_DICT:
        if (o->u.seq.count % 2 != 0)
            return bad_tree(p, "dict constant with an odd item count");
        DP_RETURN_IF_ERROR(putch(p, '{'));
        for (size_t i = 0; i < o->u.seq.count; i += 2) {
            if (i > 0)
                DP_RETURN_IF_ERROR(put(p, ", "));
            DP_RETURN_IF_ERROR(constant(p, o->u.seq.items[i], NULL, PR_TEST));
            DP_RETURN_IF_ERROR(put(p, ": "));
            DP_RETURN_IF_ERROR(constant(p, o->u.seq.items[i + 1], NULL, PR_TEST));
        }
        return putch(p, '}');
    case DP_OBJ_OPAQUE:
        if (o->u.opaque.name.data == NULL || o->u.opaque.name.len == 0)
            return bad_tree(p, "opaque constant without a placeholder name");
        return putn(p, o->u.opaque.name.data, o->u.opaque.name.len);
    case DP_OBJ_CODE:
        return bad_tree(p, "code object as a constant expression");
    case DP_OBJ_NULL:
        break;
    }
    return bad_tree(p, "NULL constant");
}

static int constant(printer *p, const dp_object *o, const char *kind, prec level)
{
    if (o == NULL)
        return bad_tree(p, "Constant without a value");
    DP_RETURN_IF_ERROR(enter(p));
    int rc = constant_inner(p, o, kind, level);
    p->depth--;
    return rc;
}

/* ------------------------------------------------------------ f-strings */

static int fparts(printer *p, const dp_expr_list *values, const fstr_style *st, int level);
static int put_raw_doubling_braces(printer *p, const char *s, size_t len);

static void scan_quotes(const dp_expr_list *values, int *has_single, int *has_double, int depth)
{
    if (depth > 8)
        return; /* only a preference; deep specs do not matter */
    for (size_t i = 0; i < values->count; i++) {
        const dp_expr *v = values->items[i];
        if (v == NULL)
            continue;
        if (v->kind == DP_E_CONSTANT && v->u.constant.value != NULL
            && v->u.constant.value->kind == DP_OBJ_STR) {
            dp_str s = text_of(&v->u.constant.value->u.str);
            *has_single |= contains(&s, "'");
            *has_double |= contains(&s, "\"");
        } else if (v->kind == DP_E_FORMATTEDVALUE && v->u.formatted.format_spec != NULL
                   && v->u.formatted.format_spec->kind == DP_E_JOINEDSTR) {
            scan_quotes(&v->u.formatted.format_spec->u.joinedstr.values, has_single, has_double,
                        depth + 1);
        }
    }
}

/* repr()'s choice: double quotes only for text with ' and no ". */
static int prefers_double(const dp_expr_list *values)
{
    int has_single = 0, has_double = 0;
    scan_quotes(values, &has_single, &has_double, 0);
    return has_single && !has_double;
}

/* Literal text of an f-string.  In a format spec braces cannot be doubled
 * (they start and end fields there), so a brace becomes the field {'{'}. */
static int fliteral(printer *p, const dp_str *str, const fstr_style *st, int in_spec)
{
    dp_str text = text_of(str);
    const dp_str *s = &text;
    if (!in_spec || (!contains(s, "{") && !contains(s, "}"))) {
        if (st->escapes)
            return put_escaped(p, s->data, s->len, st->quote, !in_spec, 0);
        if (raw_prefix(s->data, s->len, st->quote, st->outer, st->newline_ok, 0) != s->len)
            return -1; /* soft */
        return put_raw_doubling_braces(p, s->data, s->len);
    }
    size_t run = 0;
    for (size_t i = 0; i <= s->len; i++) {
        if (i < s->len && s->data[i] != '{' && s->data[i] != '}')
            continue;
        if (i > run) {
            dp_str piece = {s->data + run, i - run};
            DP_RETURN_IF_ERROR(fliteral(p, &piece, st, 0));
        }
        if (i < s->len) {
            dp_object brace;
            memset(&brace, 0, sizeof brace);
            brace.kind = DP_OBJ_STR;
            brace.u.str.data = s->data[i] == '{' ? "{" : "}";
            brace.u.str.len = 1;
            DP_RETURN_IF_ERROR(putch(p, '{'));
            DP_RETURN_IF_ERROR(constant(p, &brace, NULL, PR_OR));
            DP_RETURN_IF_ERROR(putch(p, '}'));
        }
        run = i + 1;
    }
    return 0;
}

static int fstring(printer *p, const dp_expr_list *values);

static int spec_has_field(const dp_expr *fv)
{
    const dp_expr *spec = fv->u.formatted.format_spec;
    if (spec == NULL || spec->kind != DP_E_JOINEDSTR)
        return 0;
    for (size_t i = 0; i < spec->u.joinedstr.values.count; i++) {
        const dp_expr *v = spec->u.joinedstr.values.items[i];
        if (v != NULL && v->kind != DP_E_CONSTANT)
            return 1;
    }
    return 0;
}

/* {value!c:spec}, a field `level` format specs deep.  brace_space: write
 * "{ {" where the value starts with a brace, since "{{" is a literal brace. */
static int ffield(printer *p, const dp_expr *fv, const fstr_style *st, int brace_space,
                  int level)
{
    if (fv->u.formatted.value == NULL)
        return bad_tree(p, "FormattedValue without a value");
    /* Fields nest at most one format spec deep before 3.12, two after
     * ("expressions nested too deeply"): {x:{y:{z}}} is written
     * {x:{f'{y:{z}}'}} there, which formats to the same text. */
    if (level >= (p->version < 312 ? 1 : 2) && spec_has_field(fv)) {
        dp_expr *self = (dp_expr *)fv;
        dp_expr_list alone = {&self, 1};
        DP_RETURN_IF_ERROR(putch(p, '{'));
        DP_RETURN_IF_ERROR(fstring(p, &alone));
        return putch(p, '}');
    }
    DP_RETURN_IF_ERROR(putch(p, '{'));
    size_t start = p->out->len;
    DP_RETURN_IF_ERROR(expr(p, fv->u.formatted.value, PR_TEST + 1));
    if (brace_space && p->out->len > start && p->out->data[start] == '{') {
        /* "{{" would be a literal brace: write "{ {" */
        DP_RETURN_IF_ERROR(putch(p, ' '));
        memmove(p->out->data + start + 1, p->out->data + start, p->out->len - start - 1);
        p->out->data[start] = ' ';
    }
    int conv = fv->u.formatted.conversion;
    if (conv >= 0) {
        if (conv != 's' && conv != 'r' && conv != 'a')
            return bad_tree(p, "FormattedValue with an unknown conversion");
        DP_RETURN_IF_ERROR(putch(p, '!'));
        DP_RETURN_IF_ERROR(putch(p, (char)conv));
    }
    const dp_expr *spec = fv->u.formatted.format_spec;
    if (spec != NULL) {
        DP_RETURN_IF_ERROR(putch(p, ':'));
        if (spec->kind == DP_E_JOINEDSTR) {
            DP_RETURN_IF_ERROR(fparts(p, &spec->u.joinedstr.values, st, level + 1));
        } else if (spec->kind == DP_E_CONSTANT && spec->u.constant.value != NULL
                   && spec->u.constant.value->kind == DP_OBJ_STR) {
            DP_RETURN_IF_ERROR(fliteral(p, &spec->u.constant.value->u.str, st, 1));
        } else {
            return bad_tree(p, "format spec that is not a JoinedStr");
        }
    }
    return putch(p, '}');
}

/* 3.12's parser reads "{{" in a format spec as an empty literal followed by
 * a field whose value starts with a brace ({x:{{}}} has the spec ['', {},
 * '']).  Writing that spelling gives such a tree back. */
static int spec_empty_before_field(const printer *p, const dp_expr_list *values, size_t i,
                                   int level)
{
    const dp_expr *prev = i > 0 ? values->items[i - 1] : NULL;
    return p->version == 312 && level > 0 && prev != NULL && prev->kind == DP_E_CONSTANT
           && prev->u.constant.value != NULL && prev->u.constant.value->kind == DP_OBJ_STR
           && prev->u.constant.value->u.str.len == 0;
}

static int fparts(printer *p, const dp_expr_list *values, const fstr_style *st, int level)
{
    DP_RETURN_IF_ERROR(enter(p));
    for (size_t i = 0; i < values->count; i++) {
        const dp_expr *v = values->items[i];
        int rc;
        if (v == NULL)
            rc = bad_tree(p, "JoinedStr with a NULL part");
        else if (v->kind == DP_E_CONSTANT && v->u.constant.value != NULL
                 && v->u.constant.value->kind == DP_OBJ_STR)
            rc = fliteral(p, &v->u.constant.value->u.str, st, level > 0);
        else if (v->kind == DP_E_FORMATTEDVALUE)
            rc = ffield(p, v, st, !spec_empty_before_field(p, values, i, level), level);
        else if (v->kind == DP_E_JOINEDSTR)
            rc = fparts(p, &v->u.joinedstr.values, st, level);
        else
            rc = bad_tree(p, "JoinedStr part that is neither a str nor a FormattedValue");
        if (rc < 0) {
            p->depth--;
            return -1;
        }
    }
    p->depth--;
    return 0;
}

/* 3.12+ (PEP 701): replacement fields may reuse the quotes and contain
 * backslashes, so one quote kind chosen from the literal text is enough. */
static int fstring_modern(printer *p, const dp_expr_list *values)
{
    fstr_style st = {prefers_double(values) ? Q_D : Q_S, 1, 0, 0};
    DP_RETURN_IF_ERROR(putch(p, 'f'));
    DP_RETURN_IF_ERROR(put_quote(p, st.quote));
    p->in_fstring++;
    int rc = fparts(p, values, &st, 0);
    p->in_fstring--;
    DP_RETURN_IF_ERROR(rc);
    return put_quote(p, st.quote);
}

/* Raw literal text of an f-string: braces doubled, nothing else escaped. */
static int put_raw_doubling_braces(printer *p, const char *s, size_t len)
{
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '{' && s[i] != '}')
            continue;
        DP_RETURN_IF_ERROR(putn(p, s + run, i + 1 - run));
        DP_RETURN_IF_ERROR(putch(p, s[i]));
        run = i + 1;
    }
    return putn(p, s + run, len - run);
}

static size_t count_parts(const dp_expr_list *values, int depth)
{
    size_t n = 0;
    for (size_t i = 0; i < values->count; i++) {
        const dp_expr *v = values->items[i];
        if (v != NULL && v->kind == DP_E_JOINEDSTR && depth < DP_PRINT_MAX_DEPTH)
            n += count_parts(&v->u.joinedstr.values, depth + 1);
        else
            n++;
    }
    return n;
}

static void fill_parts(const dp_expr_list *values, dp_expr **out, size_t *n, int depth)
{
    for (size_t i = 0; i < values->count; i++) {
        dp_expr *v = values->items[i];
        if (v != NULL && v->kind == DP_E_JOINEDSTR && depth < DP_PRINT_MAX_DEPTH)
            fill_parts(&v->u.joinedstr.values, out, n, depth + 1);
        else
            out[(*n)++] = v;
    }
}

/* The parts of a JoinedStr with nested JoinedStr parts flattened (the
 * decompiler may nest them; Python's parser never does). */
static int flat_parts(printer *p, const dp_expr_list *values, dp_expr_list *flat)
{
    int nested = 0;
    for (size_t i = 0; i < values->count; i++)
        nested |= values->items[i] != NULL && values->items[i]->kind == DP_E_JOINEDSTR;
    if (!nested) {
        *flat = *values;
        return 0;
    }
    size_t n = count_parts(values, p->depth);
    flat->items = dp_arena_array(p->out->arena, n, sizeof(dp_expr *));
    if (flat->items == NULL)
        return buf_fail(p);
    flat->count = 0;
    fill_parts(values, flat->items, &flat->count, p->depth);
    return 0;
}

/* A place in an f-string's parts: part index, byte offset in a literal. */
typedef struct fpos { size_t part; size_t off; } fpos;

static int fpos_after(fpos a, fpos b)
{
    return a.part > b.part || (a.part == b.part && a.off > b.off);
}

/* Writes the parts from *pos on with style st, as far as they can go, and
 * leaves *pos at the first part (or literal byte) not written.  A part that
 * cannot be written just ends the run; -1 only for a real error. */
static int fstring_run(printer *p, const dp_expr_list *parts, fpos *pos, const fstr_style *st)
{
    while (pos->part < parts->count) {
        const dp_expr *v = parts->items[pos->part];
        if (v != NULL && v->kind == DP_E_CONSTANT && v->u.constant.value != NULL
            && v->u.constant.value->kind == DP_OBJ_STR) {
            dp_str text = text_of(&v->u.constant.value->u.str);
            const char *rest = text.data + pos->off;
            size_t len = text.len - pos->off;
            if (st->escapes) {
                DP_RETURN_IF_ERROR(put_escaped(p, rest, len, st->quote, 1, 0));
            } else {
                size_t n = raw_prefix(rest, len, st->quote, st->outer, st->newline_ok, 0);
                DP_RETURN_IF_ERROR(put_raw_doubling_braces(p, rest, n));
                if (n < len) {
                    pos->off += n;
                    return 0;
                }
            }
        } else if (v != NULL && v->kind == DP_E_FORMATTEDVALUE) {
            size_t mark = p->out->len;
            int depth = p->depth;
            if (ffield(p, v, st, 1, 0) < 0) {
                if (p->err->status != DP_OK)
                    return -1;
                if (p->out->data != NULL) { /* soft: take the partial field back */
                    p->out->len = mark;
                    p->out->data[mark] = '\0';
                }
                p->depth = depth;
                return 0;
            }
        } else {
            return bad_tree(p, "JoinedStr part that is neither a str nor a FormattedValue");
        }
        pos->part++;
        pos->off = 0;
    }
    return 0;
}

/* 3.8-3.11: the whole f-string is first read as one string token, then its
 * fields are parsed; a field may hold neither a backslash nor a quote that
 * would end an enclosing string.  Each quote kind is tried in a scratch
 * buffer, and the one that gets furthest is taken; when none gets through
 * the whole text, the rest goes into further f-strings after it
 * (f'..' f".."), which the parser joins into the same tree. */
static int fstring_legacy(printer *p, const dp_expr_list *values)
{
    dp_expr_list parts;
    DP_RETURN_IF_ERROR(flat_parts(p, values, &parts));
    fstring_ctx saved = p->f;
    dp_buf *saved_out = p->out;
    int saved_depth = p->depth;
    int dbl = prefers_double(&parts);
    const int order[4] = {dbl ? Q_D : Q_S, dbl ? Q_S : Q_D, Q_TD, Q_TS};
    fpos pos = {0, 0};
    int pieces = 0;
    do {
        fpos best_end = pos;
        int best_q = 0;
        dp_buf best;
        dp_buf_init(&best, saved_out->arena);
        for (int k = 0; k < 4; k++) {
            int q = order[k];
            if (quote_conflicts(q, saved.forbidden))
                continue;
            int newline_ok = (saved.in_fexpr ? saved.newline_ok : 1) && quote_triple(q);
            fstr_style st = {q, !saved.in_fexpr, saved.forbidden, newline_ok};
            dp_buf scratch;
            dp_buf_init(&scratch, saved_out->arena);
            p->out = &scratch;
            p->f.forbidden = saved.forbidden | (unsigned)q;
            p->f.in_fexpr = 1;
            p->f.newline_ok = newline_ok;
            fpos end = pos;
            int rc = fstring_run(p, &parts, &end, &st);
            p->out = saved_out;
            p->f = saved;
            p->depth = saved_depth;
            if (rc < 0)
                return -1;
            int done = end.part == parts.count;
            if ((done || fpos_after(end, pos)) && (best_q == 0 || fpos_after(end, best_end))) {
                best_end = end;
                best_q = q;
                best = scratch;
            }
            if (done)
                break;
        }
        if (best_q == 0) {
            if (saved.in_fexpr)
                return -1; /* soft: the enclosing f-string tries its next quote kind */
            return dp_error_set(p->err, DP_ERR_UNSUPPORTED,
                                "printer: an f-string" SCOPE_FMT " cannot be written for Python %d.%d "
                                "(its fields would need backslashes or more quote kinds)",
                                SCOPE_ARGS(p), p->version / 100, p->version % 100);
        }
        if (pieces++ > 0)
            DP_RETURN_IF_ERROR(putch(p, ' '));
        DP_RETURN_IF_ERROR(putch(p, 'f'));
        DP_RETURN_IF_ERROR(put_quote(p, best_q));
        DP_RETURN_IF_ERROR(putn(p, best.data != NULL ? best.data : "", best.len));
        DP_RETURN_IF_ERROR(put_quote(p, best_q));
        pos = best_end;
    } while (pos.part < parts.count);
    return 0;
}

static int fstring(printer *p, const dp_expr_list *values)
{
    if (p->version >= 312)
        return fstring_modern(p, values);
    return fstring_legacy(p, values);
}

/* ------------------------------------------------------------ expressions */

typedef struct binop_info { const char *text; prec level; } binop_info;

static const binop_info BINOPS[DP_BINOP_COUNT] = {
    [DP_ADD] = {" + ", PR_ARITH},      [DP_BITAND] = {" & ", PR_BAND},
    [DP_FLOORDIV] = {" // ", PR_TERM}, [DP_LSHIFT] = {" << ", PR_SHIFT},
    [DP_MATMUL] = {" @ ", PR_TERM},    [DP_MULT] = {" * ", PR_TERM},
    [DP_MOD] = {" % ", PR_TERM},       [DP_BITOR] = {" | ", PR_BOR},
    [DP_POW] = {" ** ", PR_POWER},     [DP_RSHIFT] = {" >> ", PR_SHIFT},
    [DP_SUB] = {" - ", PR_ARITH},      [DP_DIV] = {" / ", PR_TERM},
    [DP_BITXOR] = {" ^ ", PR_BXOR},
};

static const char *const CMPOPS[] = {
    [DP_EQ] = " == ", [DP_NOTEQ] = " != ", [DP_LT] = " < ", [DP_LTE] = " <= ",
    [DP_GT] = " > ",  [DP_GTE] = " >= ",   [DP_IS] = " is ", [DP_ISNOT] = " is not ",
    [DP_IN] = " in ", [DP_NOTIN] = " not in ",
};

static int has_starred(const dp_expr_list *elts)
{
    for (size_t i = 0; i < elts->count; i++)
        if (elts->items[i] != NULL && elts->items[i]->kind == DP_E_STARRED)
            return 1;
    return 0;
}

/* 3.8's grammar has no starred items in the bare tuples after `for ... in`
 * and augmented assignment (3.9's PEG grammar has). */
static prec starred_tuple_level(const printer *p, const dp_expr *e, prec level)
{
    if (p->version < 309 && e != NULL && e->kind == DP_E_TUPLE && has_starred(&e->u.set.elts))
        return PR_TEST;
    return level;
}

/* An if's, while's or assert's test: bare at `level`, but a conditional
 * expression, which reads better in parentheses: `if (x if c else y):`. */
static prec test_level(const dp_expr *e, prec level)
{
    return e != NULL && e->kind == DP_E_IFEXP ? PR_OR : level;
}

/* Whether a display of n elements prints one element a line (not inside
 * an f-string's replacement field, where before 3.12 a newline may not go,
 * and where from 3.12 it would spread the string over lines). */
static int wraps(const printer *p, size_t n)
{
    return n > WRAP_ELEMENTS && !p->f.in_fexpr && !p->in_fstring;
}

/* Before element i of a display (wrap: one element a line, at the
 * indent past the statement's and the displays' around it). */
static int element_sep(printer *p, size_t i, int wrap)
{
    if (i > 0)
        DP_RETURN_IF_ERROR(putch(p, ','));
    if (!wrap)
        return i > 0 ? putch(p, ' ') : 0;
    DP_RETURN_IF_ERROR(putch(p, '\n'));
    return fill(p, p->indent + p->wrapped);
}

/* After a display's last element: the closing bracket on a line of its
 * own, at the indent its line began with. */
static int display_close(printer *p, int wrap, char bracket)
{
    if (wrap) {
        p->wrapped--;
        DP_RETURN_IF_ERROR(put(p, ",\n"));
        DP_RETURN_IF_ERROR(fill(p, p->indent + p->wrapped));
    }
    return putch(p, bracket);
}

/* The elements of a list or set display, after its opening bracket. */
static int display_elts(printer *p, const dp_expr_list *items, char bracket)
{
    int wrap = wraps(p, items->count);
    p->wrapped += wrap;
    for (size_t i = 0; i < items->count; i++) {
        DP_RETURN_IF_ERROR(element_sep(p, i, wrap));
        DP_RETURN_IF_ERROR(expr(p, items->items[i], PR_TEST));
    }
    return display_close(p, wrap, bracket);
}

static int expr_list(printer *p, const dp_expr_list *items, prec level)
{
    for (size_t i = 0; i < items->count; i++) {
        if (i > 0)
            DP_RETURN_IF_ERROR(put(p, ", "));
        DP_RETURN_IF_ERROR(expr(p, items->items[i], level));
    }
    return 0;
}

/* 3.10: before a comprehension's part that the source began on a later
 * line than the one the output is on, a new line (3.10 threads jumps only
 * within a line): 1 where it began one, 0 where not, -1 on error. */
static int comp_break(printer *p, int32_t line)
{
    if (p->comp_line <= 0 || line <= p->comp_line || p->f.in_fexpr || p->in_fstring)
        return 0;   /* (no newline inside an f-string's replacement field) */
    p->comp_line = line;
    DP_RETURN_IF_ERROR(putch(p, '\n'));   /* (two indents: apart from a block's body) */
    DP_RETURN_IF_ERROR(fill(p, p->indent + p->wrapped + 2));
    return 1;
}

/* " for " or " if " before a comprehension's clause, or, where it begins
 * a new line, "for " or "if ". */
static int comp_clause(printer *p, const dp_expr *first, const char *word)
{
    int r = comp_break(p, first ? first->lineno : 0);
    DP_RETURN_IF_ERROR(r);
    if (!r)
        DP_RETURN_IF_ERROR(putch(p, ' '));
    return put(p, word);
}

/* Opening a comprehension: its parts' lines are kept apart where known
 * (not in a replacement field, where no newline may go before 3.12). */
static int32_t comp_open(printer *p, const dp_expr *e, char bracket)
{
    int32_t saved = p->comp_line;
    p->comp_line = e->lineno > 0 && !p->f.in_fexpr && !p->in_fstring ? e->lineno : 0;
    if (putch(p, bracket) < 0)
        return -1;
    return saved;
}

/* Closing a comprehension opened by comp_open: back to the enclosing one's
 * line, or past it where this one went on to later lines. */
static int comp_close(printer *p, int32_t saved, char bracket)
{
    p->comp_line = saved > 0 && p->comp_line > saved ? p->comp_line : saved;
    return putch(p, bracket);
}

static int comprehensions(printer *p, const dp_comprehension_list *gens)
{
    if (gens->count == 0)
        return bad_tree(p, "comprehension without a for clause");
    for (size_t i = 0; i < gens->count; i++) {
        const dp_comprehension *g = gens->items[i];
        if (g == NULL)
            return bad_tree(p, "NULL comprehension");
        DP_RETURN_IF_ERROR(comp_clause(p, g->target, g->is_async ? "async for " : "for "));
        DP_RETURN_IF_ERROR(expr(p, g->target, PR_TUPLE));
        DP_RETURN_IF_ERROR(put(p, " in "));
        DP_RETURN_IF_ERROR(expr(p, g->iter, PR_OR));
        for (size_t k = 0; k < g->ifs.count; k++) {
            DP_RETURN_IF_ERROR(comp_clause(p, g->ifs.items[k], "if "));
            DP_RETURN_IF_ERROR(expr(p, g->ifs.items[k], PR_OR));
        }
    }
    return 0;
}

/* A comprehension from its opening bracket (the call's parenthesis in
 * `f(x for x in y)`) to its closing one. */
static int comp_expr(printer *p, const dp_expr *e, char open, char close)
{
    int dict = e->kind == DP_E_DICTCOMP;
    const dp_expr *first = dict ? e->u.dictcomp.key : e->u.comp.elt;
    int32_t saved = comp_open(p, e, open);
    DP_RETURN_IF_ERROR(saved);
    DP_RETURN_IF_ERROR(comp_break(p, first ? first->lineno : 0));
    DP_RETURN_IF_ERROR(expr(p, first, PR_TEST));
    if (dict) {
        DP_RETURN_IF_ERROR(put(p, ": "));
        DP_RETURN_IF_ERROR(expr(p, e->u.dictcomp.value, PR_TEST));
    }
    DP_RETURN_IF_ERROR(comprehensions(p, dict ? &e->u.dictcomp.generators : &e->u.comp.generators));
    return comp_close(p, saved, close);
}

static int arg_with_annotation(printer *p, const dp_arg *a, int annotations)
{
    if (a == NULL || a->arg == NULL)
        return bad_tree(p, "argument without a name");
    DP_RETURN_IF_ERROR(put(p, a->arg));
    if (annotations && a->annotation != NULL) {
        DP_RETURN_IF_ERROR(put(p, ": "));
        DP_RETURN_IF_ERROR(expr(p, a->annotation, PR_TEST));
    }
    return 0;
}

static int arg_default(printer *p, const dp_arg *a, const dp_expr *value, int annotations)
{
    DP_RETURN_IF_ERROR(put(p, annotations && a->annotation != NULL ? " = " : "="));
    return expr(p, value, PR_TEST);
}

static int arguments_empty(const dp_arguments *a)
{
    return a == NULL || (a->posonlyargs.count == 0 && a->args.count == 0 && a->vararg == NULL
                         && a->kwonlyargs.count == 0 && a->kwarg == NULL);
}

/* def f(a, b=1, /, c, *args, d, e=2, **kw): defaults belong to the last
 * positional parameters; kw_defaults pair with kwonlyargs. */
static int arguments(printer *p, const dp_arguments *a, int annotations)
{
    if (a == NULL)
        return 0;
    size_t nposonly = a->posonlyargs.count;
    size_t npos = nposonly + a->args.count;
    if (a->defaults.count > npos)
        return bad_tree(p, "more defaults than positional parameters");
    size_t first_default = npos - a->defaults.count;
    int first = 1;
    for (size_t i = 0; i < npos; i++) {
        const dp_arg *arg = i < nposonly ? a->posonlyargs.items[i] : a->args.items[i - nposonly];
        if (!first)
            DP_RETURN_IF_ERROR(put(p, ", "));
        first = 0;
        DP_RETURN_IF_ERROR(arg_with_annotation(p, arg, annotations));
        if (i >= first_default)
            DP_RETURN_IF_ERROR(arg_default(p, arg, a->defaults.items[i - first_default],
                                           annotations));
        if (i + 1 == nposonly)
            DP_RETURN_IF_ERROR(put(p, ", /"));
    }
    if (a->vararg != NULL || a->kwonlyargs.count > 0) {
        if (!first)
            DP_RETURN_IF_ERROR(put(p, ", "));
        first = 0;
        DP_RETURN_IF_ERROR(putch(p, '*'));
        if (a->vararg != NULL)
            DP_RETURN_IF_ERROR(arg_with_annotation(p, a->vararg, annotations));
    }
    for (size_t i = 0; i < a->kwonlyargs.count; i++) {
        const dp_arg *arg = a->kwonlyargs.items[i];
        DP_RETURN_IF_ERROR(put(p, ", "));
        DP_RETURN_IF_ERROR(arg_with_annotation(p, arg, annotations));
        if (i < a->kw_defaults.count && a->kw_defaults.items[i] != NULL)
            DP_RETURN_IF_ERROR(arg_default(p, arg, a->kw_defaults.items[i], annotations));
    }
    if (a->kwarg != NULL) {
        if (!first)
            DP_RETURN_IF_ERROR(put(p, ", "));
        DP_RETURN_IF_ERROR(put(p, "**"));
        DP_RETURN_IF_ERROR(arg_with_annotation(p, a->kwarg, annotations));
    }
    return 0;
}

static int keyword(printer *p, const dp_keyword *kw)
{
    if (kw == NULL)
        return bad_tree(p, "NULL keyword");
    if (kw->arg != NULL) {
        DP_RETURN_IF_ERROR(put(p, kw->arg));
        DP_RETURN_IF_ERROR(putch(p, '='));
    } else {
        DP_RETURN_IF_ERROR(put(p, "**"));
    }
    return expr(p, kw->value, PR_TEST);
}

/* Positional arguments, then keywords: the tree keeps them apart, and
 * `f(*a, k=1)` and `f(k=1, *a)` give the same tree. */
static int call_arguments(printer *p, const dp_expr_list *args, const dp_keyword_list *keywords)
{
    int first = 1;
    for (size_t i = 0; i < args->count; i++) {
        if (!first)
            DP_RETURN_IF_ERROR(put(p, ", "));
        first = 0;
        DP_RETURN_IF_ERROR(expr(p, args->items[i], PR_NAMED));
    }
    for (size_t i = 0; i < keywords->count; i++) {
        if (!first)
            DP_RETURN_IF_ERROR(put(p, ", "));
        first = 0;
        DP_RETURN_IF_ERROR(keyword(p, keywords->items[i]));
    }
    return 0;
}

static int tuple(printer *p, const dp_expr *e, prec level)
{
    const dp_expr_list *elts = &e->u.set.elts;
    if (elts->count == 0)
        return put(p, "()");
    int paren = level > PR_TUPLE;
    DP_RETURN_IF_ERROR(open_paren(p, paren));
    DP_RETURN_IF_ERROR(expr_list(p, elts, PR_TEST));
    if (elts->count == 1)
        DP_RETURN_IF_ERROR(putch(p, ','));
    return close_paren(p, paren);
}

static int subscript_index(printer *p, const dp_expr *index)
{
    if (index == NULL)
        return bad_tree(p, "Subscript without an index");
    /* a[*b] is 3.11+; before, the tuple needs its parentheses */
    if (index->kind == DP_E_TUPLE && p->version < 311 && has_starred(&index->u.set.elts))
        return expr(p, index, PR_ATOM);
    /* (3.11+ a[*b] is that one-element tuple, as ast.unparse writes it) */
    if (index->kind == DP_E_TUPLE && index->u.set.elts.count == 1 &&
        index->u.set.elts.items[0]->kind == DP_E_STARRED)
        return expr(p, index->u.set.elts.items[0], PR_TUPLE);
    return expr(p, index, PR_TUPLE);
}

static int is_int_literal(const dp_expr *e)
{
    return e != NULL && e->kind == DP_E_CONSTANT && e->u.constant.value != NULL
           && e->u.constant.value->kind == DP_OBJ_INT;
}

static int expr_inner(printer *p, const dp_expr *e, prec level)
{
    int paren;
    switch (e->kind) {
    case DP_E_BOOLOP: {
        prec pr = e->u.boolop.op == DP_AND ? PR_AND : PR_OR;
        if (e->u.boolop.values.count < 2)
            return bad_tree(p, "BoolOp with fewer than two values");
        paren = level > pr;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        for (size_t i = 0; i < e->u.boolop.values.count; i++) {
            const dp_expr *v = e->u.boolop.values.items[i];
            if (i > 0) {   /* (in a 3.10 comprehension, on the operand's own line) */
                DP_RETURN_IF_ERROR(put(p, pr == PR_AND ? " and" : " or"));
                int r = comp_break(p, v ? v->lineno : 0);
                DP_RETURN_IF_ERROR(r);
                if (!r)
                    DP_RETURN_IF_ERROR(putch(p, ' '));
            }
            /* a same-operator operand needs parentheses: the parser flattens */
            DP_RETURN_IF_ERROR(expr(p, v, (prec)(pr + 1)));
        }
        return close_paren(p, paren);
    }
    case DP_E_NAMEDEXPR:
        paren = level != PR_NAMED;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(expr(p, e->u.namedexpr.target, PR_ATOM));
        DP_RETURN_IF_ERROR(put(p, " := "));
        DP_RETURN_IF_ERROR(expr(p, e->u.namedexpr.value, PR_TEST));
        return close_paren(p, paren);
    case DP_E_BINOP: {
        if ((unsigned)e->u.binop.op >= DP_BINOP_COUNT)
            return bad_tree(p, "unknown binary operator");
        const binop_info *info = &BINOPS[e->u.binop.op];
        int is_pow = e->u.binop.op == DP_POW;
        paren = level > info->level;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        /* ** binds right to left, and its right side is a unary `factor` */
        DP_RETURN_IF_ERROR(expr(p, e->u.binop.left, is_pow ? PR_AWAIT : info->level));
        DP_RETURN_IF_ERROR(put(p, info->text));
        DP_RETURN_IF_ERROR(expr(p, e->u.binop.right, is_pow ? PR_FACTOR : (prec)(info->level + 1)));
        return close_paren(p, paren);
    }
    case DP_E_UNARYOP: {
        const char *text;
        prec pr = PR_FACTOR;
        switch (e->u.unaryop.op) {
        case DP_INVERT: text = "~"; break;
        case DP_NOT: text = "not "; pr = PR_NOT; break;
        case DP_UADD: text = "+"; break;
        case DP_USUB: text = "-"; break;
        default: return bad_tree(p, "unknown unary operator");
        }
        paren = level > pr;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(put(p, text));
        DP_RETURN_IF_ERROR(expr(p, e->u.unaryop.operand, pr));
        return close_paren(p, paren);
    }
    case DP_E_LAMBDA:
        paren = level > PR_TEST;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(put(p, "lambda"));
        if (!arguments_empty(e->u.lambda.args)) {
            DP_RETURN_IF_ERROR(putch(p, ' '));
            DP_RETURN_IF_ERROR(arguments(p, e->u.lambda.args, 0));
        }
        DP_RETURN_IF_ERROR(put(p, ": "));
        DP_RETURN_IF_ERROR(expr(p, e->u.lambda.body, PR_TEST));
        return close_paren(p, paren);
    case DP_E_IFEXP:
        paren = level > PR_TEST;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(expr(p, e->u.ifexp.body, PR_OR));
        DP_RETURN_IF_ERROR(put(p, " if "));
        DP_RETURN_IF_ERROR(expr(p, e->u.ifexp.test, PR_OR));
        DP_RETURN_IF_ERROR(put(p, " else "));
        DP_RETURN_IF_ERROR(expr(p, e->u.ifexp.orelse, PR_TEST));
        return close_paren(p, paren);
    case DP_E_DICT: {
        if (e->u.dict.keys.count != e->u.dict.values.count)
            return bad_tree(p, "Dict with different numbers of keys and values");
        DP_RETURN_IF_ERROR(putch(p, '{'));
        int wrap = wraps(p, e->u.dict.values.count);
        p->wrapped += wrap;
        for (size_t i = 0; i < e->u.dict.values.count; i++) {
            DP_RETURN_IF_ERROR(element_sep(p, i, wrap));
            const dp_expr *key = e->u.dict.keys.items[i];
            if (key == NULL) {
                DP_RETURN_IF_ERROR(put(p, "**"));
                DP_RETURN_IF_ERROR(expr(p, e->u.dict.values.items[i], PR_BOR));
            } else {
                DP_RETURN_IF_ERROR(expr(p, key, PR_TEST));
                DP_RETURN_IF_ERROR(put(p, ": "));
                DP_RETURN_IF_ERROR(expr(p, e->u.dict.values.items[i], PR_TEST));
            }
        }
        return display_close(p, wrap, '}');
    }
    case DP_E_SET:
        if (e->u.set.elts.count == 0)
            return put(p, "{*()}"); /* no literal for the empty set */
        DP_RETURN_IF_ERROR(putch(p, '{'));
        return display_elts(p, &e->u.set.elts, '}');
    case DP_E_LIST:
        DP_RETURN_IF_ERROR(putch(p, '['));
        return display_elts(p, &e->u.set.elts, ']');
    case DP_E_TUPLE:
        return tuple(p, e, level);
    case DP_E_LISTCOMP:
    case DP_E_SETCOMP:
    case DP_E_GENERATOREXP: {
        const char *brackets = e->kind == DP_E_LISTCOMP ? "[]" : e->kind == DP_E_SETCOMP ? "{}" : "()";
        return comp_expr(p, e, brackets[0], brackets[1]);
    }
    case DP_E_DICTCOMP:
        return comp_expr(p, e, '{', '}');
    case DP_E_AWAIT:
        paren = level > PR_AWAIT;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(put(p, "await "));
        DP_RETURN_IF_ERROR(expr(p, e->u.value.value, PR_ATOM));
        return close_paren(p, paren);
    case DP_E_YIELD:
        paren = level > PR_YIELD;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(put(p, "yield"));
        if (e->u.value.value != NULL) {
            DP_RETURN_IF_ERROR(putch(p, ' '));
            DP_RETURN_IF_ERROR(expr(p, e->u.value.value, PR_TUPLE));
        }
        return close_paren(p, paren);
    case DP_E_YIELDFROM:
        paren = level > PR_YIELD;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(put(p, "yield from "));
        DP_RETURN_IF_ERROR(expr(p, e->u.value.value, PR_TEST));
        return close_paren(p, paren);
    case DP_E_COMPARE:
        if (e->u.compare.comparators.count == 0 || e->u.compare.ops == NULL)
            return bad_tree(p, "Compare without comparators");
        paren = level > PR_CMP;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(expr(p, e->u.compare.left, PR_BOR));
        for (size_t i = 0; i < e->u.compare.comparators.count; i++) {
            dp_cmpop op = e->u.compare.ops[i];
            if ((unsigned)op > DP_NOTIN)
                return bad_tree(p, "unknown comparison operator");
            DP_RETURN_IF_ERROR(put(p, CMPOPS[op]));
            DP_RETURN_IF_ERROR(expr(p, e->u.compare.comparators.items[i], PR_BOR));
        }
        return close_paren(p, paren);
    case DP_E_CALL: {
        const dp_expr_list *args = &e->u.call.args;
        DP_RETURN_IF_ERROR(expr(p, e->u.call.func, PR_ATOM));
        if (args->count == 1 && e->u.call.keywords.count == 0 && args->items[0] != NULL
            && args->items[0]->kind == DP_E_GENERATOREXP) {
            /* f(x for x in y): the call's parentheses are the generator's */
            return comp_expr(p, args->items[0], '(', ')');
        }
        DP_RETURN_IF_ERROR(putch(p, '('));
        DP_RETURN_IF_ERROR(call_arguments(p, args, &e->u.call.keywords));
        return putch(p, ')');
    }
    case DP_E_FORMATTEDVALUE: {
        /* only valid inside a JoinedStr; alone it is f'{value}' */
        dp_expr *one = (dp_expr *)e;
        dp_expr_list values = {&one, 1};
        return fstring(p, &values);
    }
    case DP_E_JOINEDSTR:
        return fstring(p, &e->u.joinedstr.values);
    case DP_E_CONSTANT:
        return constant(p, e->u.constant.value, e->u.constant.kind, level);
    case DP_E_ATTRIBUTE: {
        const dp_expr *value = e->u.attribute.value;
        if (e->u.attribute.attr == NULL)
            return bad_tree(p, "Attribute without a name");
        /* 1.real reads as the float "1." followed by a name */
        paren = is_int_literal(value) && !int_negative(&value->u.constant.value->u.integer);
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(expr(p, value, PR_ATOM));
        DP_RETURN_IF_ERROR(close_paren(p, paren));
        DP_RETURN_IF_ERROR(putch(p, '.'));
        return put(p, e->u.attribute.attr);
    }
    case DP_E_SUBSCRIPT:
        DP_RETURN_IF_ERROR(expr(p, e->u.subscript.value, PR_ATOM));
        DP_RETURN_IF_ERROR(putch(p, '['));
        DP_RETURN_IF_ERROR(subscript_index(p, e->u.subscript.slice));
        return putch(p, ']');
    case DP_E_STARRED:
        DP_RETURN_IF_ERROR(putch(p, '*'));
        return expr(p, e->u.starred.value, PR_BOR);
    case DP_E_NAME:
        if (e->u.name.id == NULL)
            return bad_tree(p, "Name without an identifier");
        return put(p, e->u.name.id);
    case DP_E_SLICE:
        if (e->u.slice.lower != NULL)
            DP_RETURN_IF_ERROR(expr(p, e->u.slice.lower, PR_OR));
        DP_RETURN_IF_ERROR(putch(p, ':'));
        if (e->u.slice.upper != NULL)
            DP_RETURN_IF_ERROR(expr(p, e->u.slice.upper, PR_OR));
        if (e->u.slice.step != NULL) {
            DP_RETURN_IF_ERROR(putch(p, ':'));
            DP_RETURN_IF_ERROR(expr(p, e->u.slice.step, PR_OR));
        }
        return 0;
    case DP_E_KIND_COUNT:
        break;
    }
    return bad_tree(p, "unknown expression kind");
}

static int expr(printer *p, const dp_expr *e, prec level)
{
    if (e == NULL)
        return bad_tree(p, "a required expression is missing");
    DP_RETURN_IF_ERROR(enter(p));
    if (p->on_expr && e->src_off1)
        p->on_expr(p->on_stmt_ctx, e, current_line(p));
    int rc = expr_inner(p, e, level);
    p->depth--;
    return rc;
}

/* ------------------------------------------------------------ patterns */

static int pattern(printer *p, const dp_pattern *pt, int level);

/* A value pattern or mapping key.  A complex literal there is a real
 * number, a sign and an imaginary one, without the parentheses and unary
 * minus an expression takes: `1.0+2j`, `-1.0-2j`, `2j`, `-2j`. */
static int pattern_value(printer *p, const dp_expr *e)
{
    if (e == NULL || e->kind != DP_E_CONSTANT || e->u.constant.value == NULL ||
        e->u.constant.value->kind != DP_OBJ_COMPLEX)
        return expr(p, e, PR_TEST);
    double re = e->u.constant.value->u.complex.real, im = e->u.constant.value->u.complex.imag;
    int neg = signbit(im) && !isnan(im);
    if (re == 0.0) {
        if (signbit(re) && neg) {   /* -2j */
            DP_RETURN_IF_ERROR(putch(p, '-'));
            return put_imag(p, -im);
        }
        if (!signbit(re) && !neg)
            return put_imag(p, im);
    }
    DP_RETURN_IF_ERROR(put_float(p, re));
    DP_RETURN_IF_ERROR(putch(p, neg ? '-' : '+'));
    return put_imag(p, neg ? -im : im);
}

static int pattern_list(printer *p, const dp_pattern_list *items, int *first)
{
    for (size_t i = 0; i < items->count; i++) {
        if (!*first)
            DP_RETURN_IF_ERROR(put(p, ", "));
        *first = 0;
        DP_RETURN_IF_ERROR(pattern(p, items->items[i], PAT_AS));
    }
    return 0;
}

static int pattern_inner(printer *p, const dp_pattern *pt, int level)
{
    int first = 1, paren;
    switch (pt->kind) {
    case DP_P_VALUE:
        return pattern_value(p, pt->u.value.value);
    case DP_P_SINGLETON:
        return constant(p, pt->u.singleton.value, NULL, PR_ATOM);
    case DP_P_SEQUENCE:
        DP_RETURN_IF_ERROR(putch(p, '['));
        DP_RETURN_IF_ERROR(pattern_list(p, &pt->u.sequence.patterns, &first));
        return putch(p, ']');
    case DP_P_MAPPING:
        if (pt->u.mapping.keys.count != pt->u.mapping.patterns.count)
            return bad_tree(p, "MatchMapping with different numbers of keys and patterns");
        DP_RETURN_IF_ERROR(putch(p, '{'));
        for (size_t i = 0; i < pt->u.mapping.keys.count; i++) {
            if (i > 0)
                DP_RETURN_IF_ERROR(put(p, ", "));
            DP_RETURN_IF_ERROR(pattern_value(p, pt->u.mapping.keys.items[i]));
            DP_RETURN_IF_ERROR(put(p, ": "));
            DP_RETURN_IF_ERROR(pattern(p, pt->u.mapping.patterns.items[i], PAT_AS));
        }
        if (pt->u.mapping.rest != NULL) {
            if (pt->u.mapping.keys.count > 0)
                DP_RETURN_IF_ERROR(put(p, ", "));
            DP_RETURN_IF_ERROR(put(p, "**"));
            DP_RETURN_IF_ERROR(put(p, pt->u.mapping.rest));
        }
        return putch(p, '}');
    case DP_P_CLASS:
        if (pt->u.cls.kwd_attrs.count != pt->u.cls.kwd_patterns.count)
            return bad_tree(p, "MatchClass with different numbers of names and patterns");
        DP_RETURN_IF_ERROR(expr(p, pt->u.cls.cls, PR_ATOM));
        DP_RETURN_IF_ERROR(putch(p, '('));
        DP_RETURN_IF_ERROR(pattern_list(p, &pt->u.cls.patterns, &first));
        for (size_t i = 0; i < pt->u.cls.kwd_attrs.count; i++) {
            if (!first)
                DP_RETURN_IF_ERROR(put(p, ", "));
            first = 0;
            if (pt->u.cls.kwd_attrs.items[i] == NULL)
                return bad_tree(p, "MatchClass keyword without a name");
            DP_RETURN_IF_ERROR(put(p, pt->u.cls.kwd_attrs.items[i]));
            DP_RETURN_IF_ERROR(putch(p, '='));
            DP_RETURN_IF_ERROR(pattern(p, pt->u.cls.kwd_patterns.items[i], PAT_AS));
        }
        return putch(p, ')');
    case DP_P_STAR:
        DP_RETURN_IF_ERROR(putch(p, '*'));
        return put(p, pt->u.star.name != NULL ? pt->u.star.name : "_");
    case DP_P_AS:
        if (pt->u.as.pattern == NULL)
            return put(p, pt->u.as.name != NULL ? pt->u.as.name : "_");
        if (pt->u.as.name == NULL)
            return bad_tree(p, "MatchAs with a pattern but no name");
        paren = level > PAT_AS;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(pattern(p, pt->u.as.pattern, PAT_OR));
        DP_RETURN_IF_ERROR(put(p, " as "));
        DP_RETURN_IF_ERROR(put(p, pt->u.as.name));
        return close_paren(p, paren);
    case DP_P_OR:
        if (pt->u.sequence.patterns.count < 2)
            return bad_tree(p, "MatchOr with fewer than two patterns");
        paren = level > PAT_OR;
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        for (size_t i = 0; i < pt->u.sequence.patterns.count; i++) {
            if (i > 0)
                DP_RETURN_IF_ERROR(put(p, " | "));
            DP_RETURN_IF_ERROR(pattern(p, pt->u.sequence.patterns.items[i], PAT_ATOM));
        }
        return close_paren(p, paren);
    }
    return bad_tree(p, "unknown pattern kind");
}

static int pattern(printer *p, const dp_pattern *pt, int level)
{
    if (pt == NULL)
        return bad_tree(p, "a required pattern is missing");
    DP_RETURN_IF_ERROR(enter(p));
    int rc = pattern_inner(p, pt, level);
    p->depth--;
    return rc;
}

/* ------------------------------------------------------------ statements */

static int type_params(printer *p, const dp_type_param_list *params)
{
    if (params->count == 0)
        return 0;
    DP_RETURN_IF_ERROR(putch(p, '['));
    for (size_t i = 0; i < params->count; i++) {
        const dp_type_param *tp = params->items[i];
        if (tp == NULL || tp->name == NULL)
            return bad_tree(p, "type parameter without a name");
        if (i > 0)
            DP_RETURN_IF_ERROR(put(p, ", "));
        DP_RETURN_IF_ERROR(put(p, tp->kind == DP_TP_PARAMSPEC ? "**"
                                  : tp->kind == DP_TP_TYPEVARTUPLE ? "*" : ""));
        DP_RETURN_IF_ERROR(put(p, tp->name));
        if (tp->kind == DP_TP_TYPEVAR && tp->bound != NULL) {
            DP_RETURN_IF_ERROR(put(p, ": "));
            DP_RETURN_IF_ERROR(expr(p, tp->bound, PR_TEST));
        }
        if (tp->default_value != NULL) {
            DP_RETURN_IF_ERROR(put(p, " = "));
            DP_RETURN_IF_ERROR(expr(p, tp->default_value, PR_TEST));
        }
    }
    return putch(p, ']');
}

static int decorators(printer *p, const dp_expr_list *list, int indent)
{
    for (size_t i = 0; i < list->count; i++) {
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(putch(p, '@'));
        DP_RETURN_IF_ERROR(expr(p, list->items[i], PR_TEST));
        DP_RETURN_IF_ERROR(putch(p, '\n'));
    }
    return 0;
}

/* "else:" or "finally:" and its block, when the block is not empty. */
static int clause(printer *p, const char *header, const dp_stmt_list *body, int indent)
{
    if (body->count == 0)
        return 0;
    DP_RETURN_IF_ERROR(fill(p, indent));
    DP_RETURN_IF_ERROR(put(p, header));
    return block(p, body, indent + 1);
}

/* with items: 3.9+ reads `with (a, b):` as two items, so a lone tuple
 * item without `as` keeps a second pair of parentheses. */
static int with_items(printer *p, const dp_withitem_list *items)
{
    if (items->count == 0)
        return bad_tree(p, "With without items");
    for (size_t i = 0; i < items->count; i++) {
        const dp_withitem *item = items->items[i];
        if (item == NULL)
            return bad_tree(p, "NULL withitem");
        if (i > 0)
            DP_RETURN_IF_ERROR(put(p, ", "));
        int extra = p->version >= 309 && items->count == 1 && item->optional_vars == NULL
                    && item->context_expr != NULL && item->context_expr->kind == DP_E_TUPLE
                    && item->context_expr->u.set.elts.count > 0;
        DP_RETURN_IF_ERROR(open_paren(p, extra));
        DP_RETURN_IF_ERROR(expr(p, item->context_expr, PR_TEST));
        DP_RETURN_IF_ERROR(close_paren(p, extra));
        if (item->optional_vars != NULL) {
            DP_RETURN_IF_ERROR(put(p, " as "));
            DP_RETURN_IF_ERROR(expr(p, item->optional_vars, PR_TEST));
        }
    }
    return 0;
}

static int alias_list(printer *p, const dp_alias_list *names)
{
    if (names->count == 0)
        return bad_tree(p, "import without names");
    for (size_t i = 0; i < names->count; i++) {
        const dp_alias *a = names->items[i];
        if (a == NULL || a->name == NULL)
            return bad_tree(p, "import alias without a name");
        if (i > 0)
            DP_RETURN_IF_ERROR(put(p, ", "));
        DP_RETURN_IF_ERROR(put(p, a->name));
        if (a->asname != NULL) {
            DP_RETURN_IF_ERROR(put(p, " as "));
            DP_RETURN_IF_ERROR(put(p, a->asname));
        }
    }
    return 0;
}

/* One line of comment text: a CR or LF would end the comment early. */
static int comment_text(printer *p, const char *s, size_t len)
{
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 || c == '\t')
            continue;
        DP_RETURN_IF_ERROR(putn(p, s + run, i - run));
        DP_RETURN_IF_ERROR(putch(p, ' '));
        run = i + 1;
    }
    return putn(p, s + run, len - run);
}

static int unrecovered(printer *p, const dp_stmt *s, int indent)
{
    const char *reason = s->u.unrecovered.reason != NULL ? s->u.unrecovered.reason : "unknown";
    DP_RETURN_IF_ERROR(fill(p, indent));
    DP_RETURN_IF_ERROR(put(p, "# depyf: could not recover this region: "));
    DP_RETURN_IF_ERROR(comment_text(p, reason, strlen(reason)));
    DP_RETURN_IF_ERROR(putch(p, '\n'));
    const char *line = s->u.unrecovered.disasm != NULL ? s->u.unrecovered.disasm : "";
    while (*line != '\0') {
        const char *end = strchr(line, '\n');
        size_t len = end != NULL ? (size_t)(end - line) : strlen(line);
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, len > 0 ? "#   " : "#"));
        DP_RETURN_IF_ERROR(comment_text(p, line, len));
        DP_RETURN_IF_ERROR(putch(p, '\n'));
        line += len + (end != NULL);
    }
    DP_RETURN_IF_ERROR(fill(p, indent));
    return put(p, "raise RuntimeError('depyf could not decompile this region')\n");
}

/* The body of a def or class; errors inside name it (the innermost only:
 * the scope is restored on success, and an error ends the printing). */
static int scoped_block(printer *p, const char *name, const dp_stmt_list *body, int indent)
{
    const char *outer = p->scope;
    p->scope = name;
    DP_RETURN_IF_ERROR(block(p, body, indent));
    p->scope = outer;
    return 0;
}

static int stmt_inner(printer *p, const dp_stmt *s, int indent)
{
    p->indent = indent;
    switch (s->kind) {
    case DP_S_FUNCTIONDEF:
        if (s->u.funcdef.name == NULL)
            return bad_tree(p, "FunctionDef without a name");
        DP_RETURN_IF_ERROR(decorators(p, &s->u.funcdef.decorator_list, indent));
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, s->u.funcdef.is_async ? "async def " : "def "));
        DP_RETURN_IF_ERROR(put(p, s->u.funcdef.name));
        DP_RETURN_IF_ERROR(type_params(p, &s->u.funcdef.type_params));
        DP_RETURN_IF_ERROR(putch(p, '('));
        DP_RETURN_IF_ERROR(arguments(p, s->u.funcdef.args, 1));
        DP_RETURN_IF_ERROR(putch(p, ')'));
        if (s->u.funcdef.returns != NULL) {
            DP_RETURN_IF_ERROR(put(p, " -> "));
            DP_RETURN_IF_ERROR(expr(p, s->u.funcdef.returns, PR_TEST));
        }
        DP_RETURN_IF_ERROR(put(p, ":\n"));
        return scoped_block(p, s->u.funcdef.name, &s->u.funcdef.body, indent + 1);
    case DP_S_CLASSDEF:
        if (s->u.classdef.name == NULL)
            return bad_tree(p, "ClassDef without a name");
        DP_RETURN_IF_ERROR(decorators(p, &s->u.classdef.decorator_list, indent));
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "class "));
        DP_RETURN_IF_ERROR(put(p, s->u.classdef.name));
        DP_RETURN_IF_ERROR(type_params(p, &s->u.classdef.type_params));
        if (s->u.classdef.bases.count > 0 || s->u.classdef.keywords.count > 0) {
            DP_RETURN_IF_ERROR(putch(p, '('));
            DP_RETURN_IF_ERROR(call_arguments(p, &s->u.classdef.bases, &s->u.classdef.keywords));
            DP_RETURN_IF_ERROR(putch(p, ')'));
        }
        DP_RETURN_IF_ERROR(put(p, ":\n"));
        return scoped_block(p, s->u.classdef.name, &s->u.classdef.body, indent + 1);
    case DP_S_RETURN:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "return"));
        if (s->u.ret.value != NULL) {
            DP_RETURN_IF_ERROR(putch(p, ' '));
            DP_RETURN_IF_ERROR(expr(p, s->u.ret.value, PR_TUPLE));
        }
        return putch(p, '\n');
    case DP_S_DELETE:
        if (s->u.del.targets.count == 0)
            return bad_tree(p, "Delete without targets");
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "del "));
        /* a tuple target keeps its parentheses: `del (a, b), c` */
        DP_RETURN_IF_ERROR(expr_list(p, &s->u.del.targets, PR_TEST));
        return putch(p, '\n');
    case DP_S_ASSIGN:
        if (s->u.assign.targets.count == 0)
            return bad_tree(p, "Assign without targets");
        DP_RETURN_IF_ERROR(fill(p, indent));
        for (size_t i = 0; i < s->u.assign.targets.count; i++) {
            DP_RETURN_IF_ERROR(expr(p, s->u.assign.targets.items[i], PR_TUPLE));
            DP_RETURN_IF_ERROR(put(p, " = "));
        }
        DP_RETURN_IF_ERROR(expr(p, s->u.assign.value, PR_YIELD));
        return putch(p, '\n');
    case DP_S_TYPEALIAS:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "type "));
        DP_RETURN_IF_ERROR(expr(p, s->u.typealias.name, PR_ATOM));
        DP_RETURN_IF_ERROR(type_params(p, &s->u.typealias.type_params));
        DP_RETURN_IF_ERROR(put(p, " = "));
        DP_RETURN_IF_ERROR(expr(p, s->u.typealias.value, PR_TEST));
        return putch(p, '\n');
    case DP_S_AUGASSIGN: {
        if ((unsigned)s->u.augassign.op >= DP_BINOP_COUNT)
            return bad_tree(p, "unknown augmented assignment operator");
        const char *op = BINOPS[s->u.augassign.op].text; /* " + " */
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(expr(p, s->u.augassign.target, PR_TUPLE));
        DP_RETURN_IF_ERROR(putn(p, op, strlen(op) - 1));
        DP_RETURN_IF_ERROR(put(p, "= "));
        DP_RETURN_IF_ERROR(expr(p, s->u.augassign.value,
                                starred_tuple_level(p, s->u.augassign.value, PR_YIELD)));
        return putch(p, '\n');
    }
    case DP_S_ANNASSIGN: {
        const dp_expr *target = s->u.annassign.target;
        /* `(x): int` is not simple: the name is not a local annotation */
        int paren = !s->u.annassign.simple && target != NULL && target->kind == DP_E_NAME;
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(open_paren(p, paren));
        DP_RETURN_IF_ERROR(expr(p, target, PR_ATOM));
        DP_RETURN_IF_ERROR(close_paren(p, paren));
        DP_RETURN_IF_ERROR(put(p, ": "));
        DP_RETURN_IF_ERROR(expr(p, s->u.annassign.annotation, PR_TEST));
        if (s->u.annassign.value != NULL) {
            DP_RETURN_IF_ERROR(put(p, " = "));
            DP_RETURN_IF_ERROR(expr(p, s->u.annassign.value, PR_YIELD));
        }
        return putch(p, '\n');
    }
    case DP_S_FOR:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, s->u.for_.is_async ? "async for " : "for "));
        DP_RETURN_IF_ERROR(expr(p, s->u.for_.target, PR_TUPLE));
        DP_RETURN_IF_ERROR(put(p, " in "));
        DP_RETURN_IF_ERROR(expr(p, s->u.for_.iter, starred_tuple_level(p, s->u.for_.iter, PR_TUPLE)));
        DP_RETURN_IF_ERROR(put(p, ":\n"));
        DP_RETURN_IF_ERROR(block(p, &s->u.for_.body, indent + 1));
        return clause(p, "else:\n", &s->u.for_.orelse, indent);
    case DP_S_WHILE:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "while "));
        DP_RETURN_IF_ERROR(expr(p, s->u.while_.test, test_level(s->u.while_.test, PR_NAMED)));
        DP_RETURN_IF_ERROR(put(p, ":\n"));
        DP_RETURN_IF_ERROR(block(p, &s->u.while_.body, indent + 1));
        return clause(p, "else:\n", &s->u.while_.orelse, indent);
    case DP_S_IF: {
        /* An else holding exactly one if is an elif: the same tree. */
        const dp_stmt *cur = s;
        const char *keyword = "if ";
        for (;;) {
            DP_RETURN_IF_ERROR(fill(p, indent));
            DP_RETURN_IF_ERROR(put(p, keyword));
            DP_RETURN_IF_ERROR(expr(p, cur->u.while_.test, test_level(cur->u.while_.test, PR_NAMED)));
            DP_RETURN_IF_ERROR(put(p, ":\n"));
            DP_RETURN_IF_ERROR(block(p, &cur->u.while_.body, indent + 1));
            const dp_stmt_list *orelse = &cur->u.while_.orelse;
            if (orelse->count == 1 && orelse->items[0] != NULL && orelse->items[0]->kind == DP_S_IF) {
                cur = orelse->items[0];
                keyword = "elif ";
                continue;
            }
            return clause(p, "else:\n", orelse, indent);
        }
    }
    case DP_S_WITH:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, s->u.with.is_async ? "async with " : "with "));
        DP_RETURN_IF_ERROR(with_items(p, &s->u.with.items));
        DP_RETURN_IF_ERROR(put(p, ":\n"));
        return block(p, &s->u.with.body, indent + 1);
    case DP_S_MATCH:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "match "));
        DP_RETURN_IF_ERROR(expr(p, s->u.match.subject, PR_TUPLE));
        DP_RETURN_IF_ERROR(put(p, ":\n"));
        if (s->u.match.cases.count == 0)
            return bad_tree(p, "Match without cases");
        for (size_t i = 0; i < s->u.match.cases.count; i++) {
            const dp_match_case *c = s->u.match.cases.items[i];
            if (c == NULL)
                return bad_tree(p, "NULL match case");
            DP_RETURN_IF_ERROR(fill(p, indent + 1));
            DP_RETURN_IF_ERROR(put(p, "case "));
            DP_RETURN_IF_ERROR(pattern(p, c->pattern, PAT_AS));
            if (c->guard != NULL) {
                DP_RETURN_IF_ERROR(put(p, " if "));
                DP_RETURN_IF_ERROR(expr(p, c->guard, PR_TEST));
            }
            DP_RETURN_IF_ERROR(put(p, ":\n"));
            DP_RETURN_IF_ERROR(block(p, &c->body, indent + 2));
        }
        return 0;
    case DP_S_RAISE:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "raise"));
        if (s->u.raise.exc != NULL) {
            DP_RETURN_IF_ERROR(putch(p, ' '));
            DP_RETURN_IF_ERROR(expr(p, s->u.raise.exc, PR_TEST));
            if (s->u.raise.cause != NULL) {
                DP_RETURN_IF_ERROR(put(p, " from "));
                DP_RETURN_IF_ERROR(expr(p, s->u.raise.cause, PR_TEST));
            }
        } else if (s->u.raise.cause != NULL) {
            return bad_tree(p, "Raise with a cause but no exception");
        }
        return putch(p, '\n');
    case DP_S_TRY:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "try:\n"));
        DP_RETURN_IF_ERROR(block(p, &s->u.try_.body, indent + 1));
        for (size_t i = 0; i < s->u.try_.handlers.count; i++) {
            const dp_excepthandler *h = s->u.try_.handlers.items[i];
            if (h == NULL)
                return bad_tree(p, "NULL exception handler");
            DP_RETURN_IF_ERROR(fill(p, indent));
            DP_RETURN_IF_ERROR(put(p, s->u.try_.is_star ? "except*" : "except"));
            if (h->type != NULL) {
                DP_RETURN_IF_ERROR(putch(p, ' '));
                DP_RETURN_IF_ERROR(expr(p, h->type, PR_TEST));
                if (h->name != NULL) {
                    DP_RETURN_IF_ERROR(put(p, " as "));
                    DP_RETURN_IF_ERROR(put(p, h->name));
                }
            }
            DP_RETURN_IF_ERROR(put(p, ":\n"));
            DP_RETURN_IF_ERROR(block(p, &h->body, indent + 1));
        }
        DP_RETURN_IF_ERROR(clause(p, "else:\n", &s->u.try_.orelse, indent));
        return clause(p, "finally:\n", &s->u.try_.finalbody, indent);
    case DP_S_ASSERT:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "assert "));
        DP_RETURN_IF_ERROR(expr(p, s->u.assert_.test, test_level(s->u.assert_.test, PR_TEST)));
        if (s->u.assert_.msg != NULL) {
            DP_RETURN_IF_ERROR(put(p, ", "));
            DP_RETURN_IF_ERROR(expr(p, s->u.assert_.msg, PR_TEST));
        }
        return putch(p, '\n');
    case DP_S_IMPORT:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "import "));
        DP_RETURN_IF_ERROR(alias_list(p, &s->u.import.names));
        return putch(p, '\n');
    case DP_S_IMPORTFROM:
        if (s->u.importfrom.level < 0 || (s->u.importfrom.module == NULL && s->u.importfrom.level == 0))
            return bad_tree(p, "ImportFrom without a module");
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, "from "));
        DP_RETURN_IF_ERROR(dp_buf_fill(p->out, '.', (size_t)s->u.importfrom.level) < 0 ? buf_fail(p) : 0);
        if (s->u.importfrom.module != NULL)
            DP_RETURN_IF_ERROR(put(p, s->u.importfrom.module));
        DP_RETURN_IF_ERROR(put(p, " import "));
        DP_RETURN_IF_ERROR(alias_list(p, &s->u.importfrom.names));
        return putch(p, '\n');
    case DP_S_GLOBAL:
    case DP_S_NONLOCAL:
        if (s->u.global.names.count == 0)
            return bad_tree(p, "global/nonlocal without names");
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(put(p, s->kind == DP_S_GLOBAL ? "global " : "nonlocal "));
        for (size_t i = 0; i < s->u.global.names.count; i++) {
            if (s->u.global.names.items[i] == NULL)
                return bad_tree(p, "global/nonlocal with a NULL name");
            if (i > 0)
                DP_RETURN_IF_ERROR(put(p, ", "));
            DP_RETURN_IF_ERROR(put(p, s->u.global.names.items[i]));
        }
        return putch(p, '\n');
    case DP_S_EXPR:
        DP_RETURN_IF_ERROR(fill(p, indent));
        DP_RETURN_IF_ERROR(expr(p, s->u.ret.value, PR_YIELD));
        return putch(p, '\n');
    case DP_S_PASS:
    case DP_S_BREAK:
    case DP_S_CONTINUE:
        DP_RETURN_IF_ERROR(fill(p, indent));
        return put(p, s->kind == DP_S_PASS ? "pass\n" : s->kind == DP_S_BREAK ? "break\n" : "continue\n");
    case DP_S_UNRECOVERED:
        return unrecovered(p, s, indent);
    case DP_S_KIND_COUNT:
        break;
    }
    return bad_tree(p, "unknown statement kind");
}

static int is_docstring(const dp_stmt *s)
{
    return s != NULL && s->kind == DP_S_EXPR && s->u.ret.value != NULL
           && s->u.ret.value->kind == DP_E_CONSTANT && s->u.ret.value->u.constant.value != NULL
           && s->u.ret.value->u.constant.value->kind == DP_OBJ_STR;
}

static int stmt(printer *p, const dp_stmt *s, int indent, int first)
{
    if (s == NULL)
        return bad_tree(p, "NULL statement");
    DP_RETURN_IF_ERROR(enter(p));
    int rc;
    if (first && is_docstring(s)) {
        rc = fill(p, indent);
        if (rc == 0)
            rc = docstring(p, &s->u.ret.value->u.constant.value->u.str,
                           s->u.ret.value->u.constant.kind);
        if (rc == 0)
            rc = putch(p, '\n');
    } else {
        /* a blank line before a def or class that follows other code */
        rc = 0;
        if (!first && (s->kind == DP_S_FUNCTIONDEF || s->kind == DP_S_CLASSDEF))
            rc = putch(p, '\n');
        if (rc == 0 && p->on_stmt)
            p->on_stmt(p->on_stmt_ctx, s, current_line(p));
        int outer = p->indent;   /* (an if's elif test, after its body) */
        if (rc == 0)
            rc = stmt_inner(p, s, indent);
        p->indent = outer;
    }
    p->depth--;
    return rc;
}

static int stmt_list(printer *p, const dp_stmt_list *body, int indent)
{
    for (size_t i = 0; i < body->count; i++)
        DP_RETURN_IF_ERROR(stmt(p, body->items[i], indent, i == 0));
    return 0;
}

/* A compound statement's body: an empty one is `pass`. */
static int block(printer *p, const dp_stmt_list *body, int indent)
{
    if (body->count == 0) {
        DP_RETURN_IF_ERROR(fill(p, indent));
        return put(p, "pass\n");
    }
    return stmt_list(p, body, indent);
}

/* ------------------------------------------------------------ entry points */

static int printer_init(printer *p, int version, dp_buf *out, dp_error *err)
{
    memset(p, 0, sizeof *p);
    p->version = version;
    p->out = out;
    p->err = err;
    if (version < DP_VERSION_MIN || version > DP_VERSION_MAX)
        return dp_error_set(err, DP_ERR_UNSUPPORTED, "printer: Python %d.%d is not supported",
                            version / 100, version % 100);
    p->vi = dp_version_info_get(version);
    if (p->vi == NULL)
        return dp_error_set(err, DP_ERR_UNSUPPORTED, "printer: no tables for Python %d.%d",
                            version / 100, version % 100);
    if (out == NULL || out->failed)
        return dp_error_set(err, DP_ERR_UNSUPPORTED, "printer: no usable output buffer");
    return 0;
}

/* A soft failure (an f-string part that cannot be written) never escapes
 * the outermost f-string; this only guards the contract of -1 => error. */
static int finish(printer *p, int rc)
{
    if (rc < 0 && p->err->status == DP_OK)
        return dp_error_set(p->err, DP_ERR_UNSUPPORTED, "printer: an expression" SCOPE_FMT " cannot be written",
                            SCOPE_ARGS(p));
    return rc;
}

int dp_print_stmts(const dp_stmt_list *body, int version, int indent, dp_buf *out, dp_error *err)
{
    return dp_print_stmts_lines(body, version, indent, out, err, NULL, NULL, NULL);
}

int dp_print_stmts_lines(const dp_stmt_list *body, int version, int indent, dp_buf *out, dp_error *err,
                         dp_stmt_line_fn on_stmt, dp_expr_line_fn on_expr, void *ctx)
{
    printer p;
    DP_RETURN_IF_ERROR(printer_init(&p, version, out, err));
    p.on_stmt = on_stmt;
    p.on_expr = on_expr;
    p.on_stmt_ctx = ctx;
    p.counted = out->len;
    p.line = 1;
    if (body == NULL || indent < 0)
        return bad_tree(&p, "no statement list");
    if (body->count == 0 && indent == 0)
        return 0; /* an empty module */
    return finish(&p, block(&p, body, indent));
}

int dp_print_expr(const dp_expr *e, int version, dp_buf *out, dp_error *err)
{
    printer p;
    DP_RETURN_IF_ERROR(printer_init(&p, version, out, err));
    return finish(&p, expr(&p, e, PR_YIELD));
}
