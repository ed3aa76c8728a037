/* print_ast.c — driver for src/core/print.c.
 *
 *   print_ast VERSION < records
 *
 * Reads records, one per line, written by tests/tools/ast_to_dp.py from
 * Python's own `ast` trees, builds the dp_ syntax tree of each, prints it
 * for VERSION (308 ... 313) and writes, per record,
 *   "=== ok <nbytes>\n<source>"      or
 *   "=== error <status> <nbytes>\n<message>".
 *
 * A record is "M <module>" (dp_print_stmts, indent 0) or "X <expr>"
 * (dp_print_expr).  Tokens are separated by single spaces:
 *   <Name> <fields...>  a node, by its class name in Python's ast, then its
 *                       fields in the order of FIELDS in ast_to_dp.py
 *   ~                   None / NULL
 *   L<n>                a list of n items
 *   '<hex>              an identifier or str field, UTF-8 as hex
 *   #<dec>              an int field
 * Constant values (Constant.value, MatchSingleton.value) are objects:
 *   N T F E S           None True False Ellipsis StopIteration
 *   i<dec>              int that fits int64
 *   I<+|-><h,h,...>     int as base-2**15 digits, least significant first, hex
 *   f<16 hex>           float, IEEE-754 bits
 *   c<16 hex><16 hex>   complex: real bits, imaginary bits
 *   s<hex> b<hex>       str (UTF-8, surrogatepass) / bytes
 *   t<n> z<n>           tuple / frozenset of n objects
 *   o<hex>              opaque object with that placeholder name
 * Two nodes exist only here: "Unrecovered '<reason> '<disasm>" (a
 * DP_S_UNRECOVERED statement).  A malformed record prints an error record
 * with status "bad-record"; the driver never stops early. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "ast.h"
#include "buf.h"
#include "error.h"
#include "print.h"

/* Deeper input than this is refused by the reader (the printer's own limit
 * is lower, so the tests can see DP_ERR_TOO_DEEP). */
enum { READER_MAX_DEPTH = 20000 };

typedef struct reader {
    const char *p;
    const char *end;
    dp_arena *arena;
    int depth;
    const char *problem;   /* first reason the record is malformed */
} reader;

/* ------------------------------------------------------------ tokens */

static int fail(reader *r, const char *why)
{
    if (r->problem == NULL)
        r->problem = why;
    return -1;
}

static int next_token(reader *r, const char **tok, size_t *len)
{
    while (r->p < r->end && *r->p == ' ')
        r->p++;
    const char *start = r->p;
    while (r->p < r->end && *r->p != ' ')
        r->p++;
    if (r->p == start)
        return fail(r, "record ends early");
    *tok = start;
    *len = (size_t)(r->p - start);
    return 0;
}

static int token_is(const char *tok, size_t len, const char *word)
{
    return strlen(word) == len && memcmp(tok, word, len) == 0;
}

static int expect(reader *r, const char *word)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    return token_is(tok, len, word) ? 0 : fail(r, "unexpected node name");
}

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

/* Hex digits to bytes, NUL-terminated, in the arena. */
static int decode_hex(reader *r, const char *s, size_t n, dp_str *out)
{
    if (n % 2 != 0)
        return fail(r, "odd hex length");
    char *data = dp_arena_alloc(r->arena, n / 2 + 1);
    if (data == NULL)
        return fail(r, "out of memory");
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return fail(r, "bad hex digit");
        data[i] = (char)(hi * 16 + lo);
    }
    data[n / 2] = '\0';
    out->data = data;
    out->len = n / 2;
    return 0;
}

/* '<hex> or ~ */
static int rd_ident(reader *r, const char **out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    if (token_is(tok, len, "~")) {
        *out = NULL;
        return 0;
    }
    if (tok[0] != '\'')
        return fail(r, "expected an identifier");
    dp_str s;
    DP_RETURN_IF_ERROR(decode_hex(r, tok + 1, len - 1, &s));
    *out = s.data;
    return 0;
}

static int rd_int(reader *r, int *out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    if (tok[0] != '#' || len < 2)
        return fail(r, "expected an int");
    char buf[32];
    if (len - 1 >= sizeof buf)
        return fail(r, "int too long");
    memcpy(buf, tok + 1, len - 1);
    buf[len - 1] = '\0';
    char *endp;
    long v = strtol(buf, &endp, 10);
    if (*endp != '\0')
        return fail(r, "bad int");
    *out = (int)v;
    return 0;
}

static int rd_count(reader *r, size_t *n)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    if (tok[0] != 'L' || len < 2)
        return fail(r, "expected a list");
    size_t v = 0;
    for (size_t i = 1; i < len; i++) {
        if (tok[i] < '0' || tok[i] > '9' || v > (size_t)1 << 40)
            return fail(r, "bad list length");
        v = v * 10 + (size_t)(tok[i] - '0');
    }
    if (v > (size_t)(r->end - r->p))
        return fail(r, "list longer than the record");
    *n = v;
    return 0;
}

static void *rd_alloc(reader *r, size_t size)
{
    void *p = dp_arena_alloc(r->arena, size);
    if (p == NULL)
        fail(r, "out of memory");
    return p;
}

static int enter(reader *r)
{
    return ++r->depth > READER_MAX_DEPTH ? fail(r, "record nested too deeply") : 0;
}

/* ------------------------------------------------------------ objects */

static int parse_u64_hex(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        int h = hexval(s[i]);
        if (h < 0)
            return -1;
        v = v << 4 | (uint64_t)h;
    }
    *out = v;
    return 0;
}

static double bits_to_double(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static int rd_object(reader *r, dp_object **out);

static int rd_object_items(reader *r, const char *tok, size_t len, dp_object *o)
{
    size_t n = 0;
    for (size_t i = 1; i < len; i++) {
        if (tok[i] < '0' || tok[i] > '9' || n > (size_t)1 << 40)
            return fail(r, "bad object count");
        n = n * 10 + (size_t)(tok[i] - '0');
    }
    if (n > (size_t)(r->end - r->p))
        return fail(r, "object count longer than the record");
    o->u.seq.count = n;
    o->u.seq.items = n ? dp_arena_array(r->arena, n, sizeof(dp_object *)) : NULL;
    if (n && o->u.seq.items == NULL)
        return fail(r, "out of memory");
    for (size_t i = 0; i < n; i++)
        DP_RETURN_IF_ERROR(rd_object(r, &o->u.seq.items[i]));
    return 0;
}

static int rd_big_int(reader *r, const char *tok, size_t len, dp_object *o)
{
    if (len < 3 || (tok[1] != '+' && tok[1] != '-'))
        return fail(r, "bad big int");
    size_t ndigits = 1;
    for (size_t i = 2; i < len; i++)
        ndigits += tok[i] == ',';
    uint16_t *digits = dp_arena_array(r->arena, ndigits, sizeof(uint16_t));
    if (digits == NULL)
        return fail(r, "out of memory");
    size_t k = 0;
    unsigned v = 0;
    for (size_t i = 2; i <= len; i++) {
        if (i == len || tok[i] == ',') {
            if (v >= 1u << 15)
                return fail(r, "big int digit out of range");
            digits[k++] = (uint16_t)v;
            v = 0;
            continue;
        }
        int h = hexval(tok[i]);
        if (h < 0 || v > 0xffff)
            return fail(r, "bad big int digit");
        v = v * 16 + (unsigned)h;
    }
    o->u.integer.is_big = 1;
    o->u.integer.negative = tok[1] == '-';
    o->u.integer.digits = digits;
    o->u.integer.ndigits = ndigits;
    return 0;
}

static int rd_object(reader *r, dp_object **out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(enter(r));
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    dp_object *o = rd_alloc(r, sizeof *o);
    if (o == NULL)
        return -1;
    *out = o;
    switch (tok[0]) {
    case 'N': o->kind = DP_OBJ_NONE; break;
    case 'T': o->kind = DP_OBJ_TRUE; break;
    case 'F': o->kind = DP_OBJ_FALSE; break;
    case 'E': o->kind = DP_OBJ_ELLIPSIS; break;
    case 'S': o->kind = DP_OBJ_STOPITER; break;
    case 'i': {
        char buf[32];
        if (len - 1 >= sizeof buf || len < 2)
            return fail(r, "bad int object");
        memcpy(buf, tok + 1, len - 1);
        buf[len - 1] = '\0';
        char *endp;
        o->kind = DP_OBJ_INT;
        o->u.integer.small = strtoll(buf, &endp, 10);
        if (*endp != '\0')
            return fail(r, "bad int object");
        break;
    }
    case 'I':
        o->kind = DP_OBJ_INT;
        DP_RETURN_IF_ERROR(rd_big_int(r, tok, len, o));
        break;
    case 'f': {
        uint64_t bits;
        if (len != 17 || parse_u64_hex(tok + 1, &bits) < 0)
            return fail(r, "bad float object");
        o->kind = DP_OBJ_FLOAT;
        o->u.real = bits_to_double(bits);
        break;
    }
    case 'c': {
        uint64_t re, im;
        if (len != 33 || parse_u64_hex(tok + 1, &re) < 0 || parse_u64_hex(tok + 17, &im) < 0)
            return fail(r, "bad complex object");
        o->kind = DP_OBJ_COMPLEX;
        o->u.complex.real = bits_to_double(re);
        o->u.complex.imag = bits_to_double(im);
        break;
    }
    case 's':
    case 'b':
        o->kind = tok[0] == 's' ? DP_OBJ_STR : DP_OBJ_BYTES;
        DP_RETURN_IF_ERROR(decode_hex(r, tok + 1, len - 1, &o->u.str));
        break;
    case 'o':
        o->kind = DP_OBJ_OPAQUE;
        DP_RETURN_IF_ERROR(decode_hex(r, tok + 1, len - 1, &o->u.opaque.name));
        break;
    case 't':
    case 'z':
        o->kind = tok[0] == 't' ? DP_OBJ_TUPLE : DP_OBJ_FROZENSET;
        DP_RETURN_IF_ERROR(rd_object_items(r, tok, len, o));
        break;
    default:
        return fail(r, "unknown object kind");
    }
    r->depth--;
    return 0;
}

/* ------------------------------------------------------------ lists */

static int rd_expr(reader *r, dp_expr **out);
static int rd_stmt(reader *r, dp_stmt **out);
static int rd_pattern(reader *r, dp_pattern **out);
static int rd_arguments(reader *r, dp_arguments **out);
static int rd_arg(reader *r, dp_arg **out);
static int rd_keyword(reader *r, dp_keyword **out);
static int rd_comprehension(reader *r, dp_comprehension **out);
static int rd_withitem(reader *r, dp_withitem **out);
static int rd_handler(reader *r, dp_excepthandler **out);
static int rd_match_case(reader *r, dp_match_case **out);
static int rd_alias(reader *r, dp_alias **out);
static int rd_type_param(reader *r, dp_type_param **out);

#define DEFINE_LIST_READER(fname, list_type, item_type, item_reader)                    \
    static int fname(reader *r, list_type *out)                                        \
    {                                                                                   \
        size_t n;                                                                       \
        DP_RETURN_IF_ERROR(rd_count(r, &n));                                            \
        out->count = n;                                                                 \
        out->items = n ? dp_arena_array(r->arena, n, sizeof(item_type)) : NULL;         \
        if (n && out->items == NULL)                                                    \
            return fail(r, "out of memory");                                            \
        for (size_t i = 0; i < n; i++)                                                  \
            DP_RETURN_IF_ERROR(item_reader(r, &out->items[i]));                         \
        return 0;                                                                       \
    }

DEFINE_LIST_READER(rd_exprs, dp_expr_list, dp_expr *, rd_expr)
DEFINE_LIST_READER(rd_stmts, dp_stmt_list, dp_stmt *, rd_stmt)
DEFINE_LIST_READER(rd_patterns, dp_pattern_list, dp_pattern *, rd_pattern)
DEFINE_LIST_READER(rd_args, dp_arg_list, dp_arg *, rd_arg)
DEFINE_LIST_READER(rd_keywords, dp_keyword_list, dp_keyword *, rd_keyword)
DEFINE_LIST_READER(rd_comprehensions, dp_comprehension_list, dp_comprehension *, rd_comprehension)
DEFINE_LIST_READER(rd_withitems, dp_withitem_list, dp_withitem *, rd_withitem)
DEFINE_LIST_READER(rd_handlers, dp_handler_list, dp_excepthandler *, rd_handler)
DEFINE_LIST_READER(rd_cases, dp_match_case_list, dp_match_case *, rd_match_case)
DEFINE_LIST_READER(rd_aliases, dp_alias_list, dp_alias *, rd_alias)
DEFINE_LIST_READER(rd_names, dp_name_list, const char *, rd_ident)
DEFINE_LIST_READER(rd_type_params, dp_type_param_list, dp_type_param *, rd_type_param)

/* ------------------------------------------------------------ operators */

static const char *const BINOP_NAMES[DP_BINOP_COUNT] = {
    [DP_ADD] = "Add", [DP_BITAND] = "BitAnd", [DP_FLOORDIV] = "FloorDiv",
    [DP_LSHIFT] = "LShift", [DP_MATMUL] = "MatMult", [DP_MULT] = "Mult", [DP_MOD] = "Mod",
    [DP_BITOR] = "BitOr", [DP_POW] = "Pow", [DP_RSHIFT] = "RShift", [DP_SUB] = "Sub",
    [DP_DIV] = "Div", [DP_BITXOR] = "BitXor",
};

static const char *const CMPOP_NAMES[] = {
    [DP_EQ] = "Eq", [DP_NOTEQ] = "NotEq", [DP_LT] = "Lt", [DP_LTE] = "LtE", [DP_GT] = "Gt",
    [DP_GTE] = "GtE", [DP_IS] = "Is", [DP_ISNOT] = "IsNot", [DP_IN] = "In", [DP_NOTIN] = "NotIn",
};

static int rd_binop(reader *r, dp_binop *out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    for (int i = 0; i < DP_BINOP_COUNT; i++)
        if (token_is(tok, len, BINOP_NAMES[i])) {
            *out = (dp_binop)i;
            return 0;
        }
    return fail(r, "unknown binary operator");
}

static int rd_cmpops(reader *r, dp_cmpop **out, size_t *count)
{
    size_t n;
    DP_RETURN_IF_ERROR(rd_count(r, &n));
    *count = n;
    *out = n ? dp_arena_array(r->arena, n, sizeof(dp_cmpop)) : NULL;
    if (n && *out == NULL)
        return fail(r, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const char *tok;
        size_t len;
        DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
        size_t k = 0;
        while (k <= DP_NOTIN && !token_is(tok, len, CMPOP_NAMES[k]))
            k++;
        if (k > DP_NOTIN)
            return fail(r, "unknown comparison operator");
        (*out)[i] = (dp_cmpop)k;
    }
    return 0;
}

static int rd_ctx(reader *r, dp_ctx *out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    if (token_is(tok, len, "Load"))
        *out = DP_LOAD;
    else if (token_is(tok, len, "Store"))
        *out = DP_STORE;
    else if (token_is(tok, len, "Del"))
        *out = DP_DEL;
    else
        return fail(r, "unknown expression context");
    return 0;
}

/* ------------------------------------------------------------ expressions */

typedef struct name_kind { const char *name; int kind; } name_kind;

static const name_kind EXPR_KINDS[] = {
    {"BoolOp", DP_E_BOOLOP}, {"NamedExpr", DP_E_NAMEDEXPR}, {"BinOp", DP_E_BINOP},
    {"UnaryOp", DP_E_UNARYOP}, {"Lambda", DP_E_LAMBDA}, {"IfExp", DP_E_IFEXP},
    {"Dict", DP_E_DICT}, {"Set", DP_E_SET}, {"ListComp", DP_E_LISTCOMP},
    {"SetComp", DP_E_SETCOMP}, {"DictComp", DP_E_DICTCOMP},
    {"GeneratorExp", DP_E_GENERATOREXP}, {"Await", DP_E_AWAIT}, {"Yield", DP_E_YIELD},
    {"YieldFrom", DP_E_YIELDFROM}, {"Compare", DP_E_COMPARE}, {"Call", DP_E_CALL},
    {"FormattedValue", DP_E_FORMATTEDVALUE}, {"JoinedStr", DP_E_JOINEDSTR},
    {"Constant", DP_E_CONSTANT}, {"Attribute", DP_E_ATTRIBUTE},
    {"Subscript", DP_E_SUBSCRIPT}, {"Starred", DP_E_STARRED}, {"Name", DP_E_NAME},
    {"List", DP_E_LIST}, {"Tuple", DP_E_TUPLE}, {"Slice", DP_E_SLICE},
};

static int lookup(const name_kind *table, size_t n, const char *tok, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (token_is(tok, len, table[i].name))
            return table[i].kind;
    return -1;
}

static int rd_expr_fields(reader *r, dp_expr *e)
{
    const char *tok;
    size_t len;
    switch (e->kind) {
    case DP_E_BOOLOP:
        DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
        if (token_is(tok, len, "And"))
            e->u.boolop.op = DP_AND;
        else if (token_is(tok, len, "Or"))
            e->u.boolop.op = DP_OR;
        else
            return fail(r, "unknown boolean operator");
        return rd_exprs(r, &e->u.boolop.values);
    case DP_E_NAMEDEXPR:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.namedexpr.target));
        return rd_expr(r, &e->u.namedexpr.value);
    case DP_E_BINOP:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.binop.left));
        DP_RETURN_IF_ERROR(rd_binop(r, &e->u.binop.op));
        return rd_expr(r, &e->u.binop.right);
    case DP_E_UNARYOP:
        DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
        if (token_is(tok, len, "Invert"))
            e->u.unaryop.op = DP_INVERT;
        else if (token_is(tok, len, "Not"))
            e->u.unaryop.op = DP_NOT;
        else if (token_is(tok, len, "UAdd"))
            e->u.unaryop.op = DP_UADD;
        else if (token_is(tok, len, "USub"))
            e->u.unaryop.op = DP_USUB;
        else
            return fail(r, "unknown unary operator");
        return rd_expr(r, &e->u.unaryop.operand);
    case DP_E_LAMBDA:
        DP_RETURN_IF_ERROR(rd_arguments(r, &e->u.lambda.args));
        return rd_expr(r, &e->u.lambda.body);
    case DP_E_IFEXP:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.ifexp.test));
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.ifexp.body));
        return rd_expr(r, &e->u.ifexp.orelse);
    case DP_E_DICT:
        DP_RETURN_IF_ERROR(rd_exprs(r, &e->u.dict.keys));
        return rd_exprs(r, &e->u.dict.values);
    case DP_E_SET:
        return rd_exprs(r, &e->u.set.elts);
    case DP_E_LISTCOMP:
    case DP_E_SETCOMP:
    case DP_E_GENERATOREXP:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.comp.elt));
        return rd_comprehensions(r, &e->u.comp.generators);
    case DP_E_DICTCOMP:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.dictcomp.key));
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.dictcomp.value));
        return rd_comprehensions(r, &e->u.dictcomp.generators);
    case DP_E_AWAIT:
    case DP_E_YIELD:
    case DP_E_YIELDFROM:
        return rd_expr(r, &e->u.value.value);
    case DP_E_COMPARE: {
        size_t nops;
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.compare.left));
        DP_RETURN_IF_ERROR(rd_cmpops(r, &e->u.compare.ops, &nops));
        DP_RETURN_IF_ERROR(rd_exprs(r, &e->u.compare.comparators));
        return nops == e->u.compare.comparators.count ? 0 : fail(r, "Compare ops/comparators differ");
    }
    case DP_E_CALL:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.call.func));
        DP_RETURN_IF_ERROR(rd_exprs(r, &e->u.call.args));
        return rd_keywords(r, &e->u.call.keywords);
    case DP_E_FORMATTEDVALUE:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.formatted.value));
        DP_RETURN_IF_ERROR(rd_int(r, &e->u.formatted.conversion));
        return rd_expr(r, &e->u.formatted.format_spec);
    case DP_E_JOINEDSTR:
        return rd_exprs(r, &e->u.joinedstr.values);
    case DP_E_CONSTANT: {
        dp_object *o;
        DP_RETURN_IF_ERROR(rd_object(r, &o));
        e->u.constant.value = o;
        return rd_ident(r, &e->u.constant.kind);
    }
    case DP_E_ATTRIBUTE:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.attribute.value));
        DP_RETURN_IF_ERROR(rd_ident(r, &e->u.attribute.attr));
        return rd_ctx(r, &e->ctx);
    case DP_E_SUBSCRIPT:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.subscript.value));
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.subscript.slice));
        return rd_ctx(r, &e->ctx);
    case DP_E_STARRED:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.starred.value));
        return rd_ctx(r, &e->ctx);
    case DP_E_NAME:
        DP_RETURN_IF_ERROR(rd_ident(r, &e->u.name.id));
        return rd_ctx(r, &e->ctx);
    case DP_E_LIST:
    case DP_E_TUPLE:
        DP_RETURN_IF_ERROR(rd_exprs(r, &e->u.set.elts));
        return rd_ctx(r, &e->ctx);
    case DP_E_SLICE:
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.slice.lower));
        DP_RETURN_IF_ERROR(rd_expr(r, &e->u.slice.upper));
        return rd_expr(r, &e->u.slice.step);
    default:
        return fail(r, "unknown expression kind");
    }
}

static int rd_expr(reader *r, dp_expr **out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    if (token_is(tok, len, "~")) {
        *out = NULL;
        return 0;
    }
    int kind = lookup(EXPR_KINDS, sizeof EXPR_KINDS / sizeof EXPR_KINDS[0], tok, len);
    if (kind < 0)
        return fail(r, "unknown expression node");
    DP_RETURN_IF_ERROR(enter(r));
    dp_expr *e = rd_alloc(r, sizeof *e);
    if (e == NULL)
        return -1;
    e->kind = (dp_expr_kind)kind;
    *out = e;
    DP_RETURN_IF_ERROR(rd_expr_fields(r, e));
    r->depth--;
    return 0;
}

/* ------------------------------------------------------------ helper nodes */

static int rd_arg(reader *r, dp_arg **out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    if (token_is(tok, len, "~")) {
        *out = NULL;
        return 0;
    }
    if (!token_is(tok, len, "arg"))
        return fail(r, "expected arg");
    dp_arg *a = rd_alloc(r, sizeof *a);
    if (a == NULL)
        return -1;
    *out = a;
    DP_RETURN_IF_ERROR(rd_ident(r, &a->arg));
    return rd_expr(r, &a->annotation);
}

static int rd_arguments(reader *r, dp_arguments **out)
{
    DP_RETURN_IF_ERROR(expect(r, "arguments"));
    dp_arguments *a = rd_alloc(r, sizeof *a);
    if (a == NULL)
        return -1;
    *out = a;
    DP_RETURN_IF_ERROR(rd_args(r, &a->posonlyargs));
    DP_RETURN_IF_ERROR(rd_args(r, &a->args));
    DP_RETURN_IF_ERROR(rd_arg(r, &a->vararg));
    DP_RETURN_IF_ERROR(rd_args(r, &a->kwonlyargs));
    DP_RETURN_IF_ERROR(rd_exprs(r, &a->kw_defaults));
    DP_RETURN_IF_ERROR(rd_arg(r, &a->kwarg));
    return rd_exprs(r, &a->defaults);
}

static int rd_keyword(reader *r, dp_keyword **out)
{
    DP_RETURN_IF_ERROR(expect(r, "keyword"));
    dp_keyword *k = rd_alloc(r, sizeof *k);
    if (k == NULL)
        return -1;
    *out = k;
    DP_RETURN_IF_ERROR(rd_ident(r, &k->arg));
    return rd_expr(r, &k->value);
}

static int rd_comprehension(reader *r, dp_comprehension **out)
{
    DP_RETURN_IF_ERROR(expect(r, "comprehension"));
    dp_comprehension *c = rd_alloc(r, sizeof *c);
    if (c == NULL)
        return -1;
    *out = c;
    DP_RETURN_IF_ERROR(rd_expr(r, &c->target));
    DP_RETURN_IF_ERROR(rd_expr(r, &c->iter));
    DP_RETURN_IF_ERROR(rd_exprs(r, &c->ifs));
    return rd_int(r, &c->is_async);
}

static int rd_withitem(reader *r, dp_withitem **out)
{
    DP_RETURN_IF_ERROR(expect(r, "withitem"));
    dp_withitem *w = rd_alloc(r, sizeof *w);
    if (w == NULL)
        return -1;
    *out = w;
    DP_RETURN_IF_ERROR(rd_expr(r, &w->context_expr));
    return rd_expr(r, &w->optional_vars);
}

static int rd_handler(reader *r, dp_excepthandler **out)
{
    DP_RETURN_IF_ERROR(expect(r, "ExceptHandler"));
    dp_excepthandler *h = rd_alloc(r, sizeof *h);
    if (h == NULL)
        return -1;
    *out = h;
    DP_RETURN_IF_ERROR(rd_expr(r, &h->type));
    DP_RETURN_IF_ERROR(rd_ident(r, &h->name));
    return rd_stmts(r, &h->body);
}

static int rd_match_case(reader *r, dp_match_case **out)
{
    DP_RETURN_IF_ERROR(expect(r, "match_case"));
    dp_match_case *c = rd_alloc(r, sizeof *c);
    if (c == NULL)
        return -1;
    *out = c;
    DP_RETURN_IF_ERROR(rd_pattern(r, &c->pattern));
    DP_RETURN_IF_ERROR(rd_expr(r, &c->guard));
    return rd_stmts(r, &c->body);
}

static int rd_alias(reader *r, dp_alias **out)
{
    DP_RETURN_IF_ERROR(expect(r, "alias"));
    dp_alias *a = rd_alloc(r, sizeof *a);
    if (a == NULL)
        return -1;
    *out = a;
    DP_RETURN_IF_ERROR(rd_ident(r, &a->name));
    return rd_ident(r, &a->asname);
}

static int rd_type_param(reader *r, dp_type_param **out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    dp_type_param *tp = rd_alloc(r, sizeof *tp);
    if (tp == NULL)
        return -1;
    *out = tp;
    if (token_is(tok, len, "TypeVar")) {
        tp->kind = DP_TP_TYPEVAR;
        DP_RETURN_IF_ERROR(rd_ident(r, &tp->name));
        DP_RETURN_IF_ERROR(rd_expr(r, &tp->bound));
    } else if (token_is(tok, len, "ParamSpec") || token_is(tok, len, "TypeVarTuple")) {
        tp->kind = tok[0] == 'P' ? DP_TP_PARAMSPEC : DP_TP_TYPEVARTUPLE;
        DP_RETURN_IF_ERROR(rd_ident(r, &tp->name));
    } else {
        return fail(r, "unknown type parameter");
    }
    return rd_expr(r, &tp->default_value);
}

/* ------------------------------------------------------------ patterns */

static int rd_pattern(reader *r, dp_pattern **out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    if (token_is(tok, len, "~")) {
        *out = NULL;
        return 0;
    }
    DP_RETURN_IF_ERROR(enter(r));
    dp_pattern *p = rd_alloc(r, sizeof *p);
    if (p == NULL)
        return -1;
    *out = p;
    if (token_is(tok, len, "MatchValue")) {
        p->kind = DP_P_VALUE;
        DP_RETURN_IF_ERROR(rd_expr(r, &p->u.value.value));
    } else if (token_is(tok, len, "MatchSingleton")) {
        dp_object *o;
        p->kind = DP_P_SINGLETON;
        DP_RETURN_IF_ERROR(rd_object(r, &o));
        p->u.singleton.value = o;
    } else if (token_is(tok, len, "MatchSequence") || token_is(tok, len, "MatchOr")) {
        p->kind = tok[5] == 'S' ? DP_P_SEQUENCE : DP_P_OR;
        DP_RETURN_IF_ERROR(rd_patterns(r, &p->u.sequence.patterns));
    } else if (token_is(tok, len, "MatchMapping")) {
        p->kind = DP_P_MAPPING;
        DP_RETURN_IF_ERROR(rd_exprs(r, &p->u.mapping.keys));
        DP_RETURN_IF_ERROR(rd_patterns(r, &p->u.mapping.patterns));
        DP_RETURN_IF_ERROR(rd_ident(r, &p->u.mapping.rest));
    } else if (token_is(tok, len, "MatchClass")) {
        p->kind = DP_P_CLASS;
        DP_RETURN_IF_ERROR(rd_expr(r, &p->u.cls.cls));
        DP_RETURN_IF_ERROR(rd_patterns(r, &p->u.cls.patterns));
        DP_RETURN_IF_ERROR(rd_names(r, &p->u.cls.kwd_attrs));
        DP_RETURN_IF_ERROR(rd_patterns(r, &p->u.cls.kwd_patterns));
    } else if (token_is(tok, len, "MatchStar")) {
        p->kind = DP_P_STAR;
        DP_RETURN_IF_ERROR(rd_ident(r, &p->u.star.name));
    } else if (token_is(tok, len, "MatchAs")) {
        p->kind = DP_P_AS;
        DP_RETURN_IF_ERROR(rd_pattern(r, &p->u.as.pattern));
        DP_RETURN_IF_ERROR(rd_ident(r, &p->u.as.name));
    } else {
        return fail(r, "unknown pattern node");
    }
    r->depth--;
    return 0;
}

/* ------------------------------------------------------------ statements */

static const name_kind STMT_KINDS[] = {
    {"FunctionDef", DP_S_FUNCTIONDEF}, {"AsyncFunctionDef", DP_S_FUNCTIONDEF},
    {"ClassDef", DP_S_CLASSDEF}, {"Return", DP_S_RETURN}, {"Delete", DP_S_DELETE},
    {"Assign", DP_S_ASSIGN}, {"TypeAlias", DP_S_TYPEALIAS}, {"AugAssign", DP_S_AUGASSIGN},
    {"AnnAssign", DP_S_ANNASSIGN}, {"For", DP_S_FOR}, {"AsyncFor", DP_S_FOR},
    {"While", DP_S_WHILE}, {"If", DP_S_IF}, {"With", DP_S_WITH}, {"AsyncWith", DP_S_WITH},
    {"Match", DP_S_MATCH}, {"Raise", DP_S_RAISE}, {"Try", DP_S_TRY}, {"TryStar", DP_S_TRY},
    {"Assert", DP_S_ASSERT}, {"Import", DP_S_IMPORT}, {"ImportFrom", DP_S_IMPORTFROM},
    {"Global", DP_S_GLOBAL}, {"Nonlocal", DP_S_NONLOCAL}, {"Expr", DP_S_EXPR},
    {"Pass", DP_S_PASS}, {"Break", DP_S_BREAK}, {"Continue", DP_S_CONTINUE},
    {"Unrecovered", DP_S_UNRECOVERED},
};

static int rd_stmt_fields(reader *r, dp_stmt *s, int is_async)
{
    switch (s->kind) {
    case DP_S_FUNCTIONDEF:
        s->u.funcdef.is_async = is_async;
        DP_RETURN_IF_ERROR(rd_ident(r, &s->u.funcdef.name));
        DP_RETURN_IF_ERROR(rd_arguments(r, &s->u.funcdef.args));
        DP_RETURN_IF_ERROR(rd_stmts(r, &s->u.funcdef.body));
        DP_RETURN_IF_ERROR(rd_exprs(r, &s->u.funcdef.decorator_list));
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.funcdef.returns));
        return rd_type_params(r, &s->u.funcdef.type_params);
    case DP_S_CLASSDEF:
        DP_RETURN_IF_ERROR(rd_ident(r, &s->u.classdef.name));
        DP_RETURN_IF_ERROR(rd_exprs(r, &s->u.classdef.bases));
        DP_RETURN_IF_ERROR(rd_keywords(r, &s->u.classdef.keywords));
        DP_RETURN_IF_ERROR(rd_stmts(r, &s->u.classdef.body));
        DP_RETURN_IF_ERROR(rd_exprs(r, &s->u.classdef.decorator_list));
        return rd_type_params(r, &s->u.classdef.type_params);
    case DP_S_RETURN:
    case DP_S_EXPR:
        return rd_expr(r, &s->u.ret.value);
    case DP_S_DELETE:
        return rd_exprs(r, &s->u.del.targets);
    case DP_S_ASSIGN:
        DP_RETURN_IF_ERROR(rd_exprs(r, &s->u.assign.targets));
        return rd_expr(r, &s->u.assign.value);
    case DP_S_TYPEALIAS:
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.typealias.name));
        DP_RETURN_IF_ERROR(rd_type_params(r, &s->u.typealias.type_params));
        return rd_expr(r, &s->u.typealias.value);
    case DP_S_AUGASSIGN:
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.augassign.target));
        DP_RETURN_IF_ERROR(rd_binop(r, &s->u.augassign.op));
        return rd_expr(r, &s->u.augassign.value);
    case DP_S_ANNASSIGN:
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.annassign.target));
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.annassign.annotation));
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.annassign.value));
        return rd_int(r, &s->u.annassign.simple);
    case DP_S_FOR:
        s->u.for_.is_async = is_async;
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.for_.target));
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.for_.iter));
        DP_RETURN_IF_ERROR(rd_stmts(r, &s->u.for_.body));
        return rd_stmts(r, &s->u.for_.orelse);
    case DP_S_WHILE:
    case DP_S_IF:
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.while_.test));
        DP_RETURN_IF_ERROR(rd_stmts(r, &s->u.while_.body));
        return rd_stmts(r, &s->u.while_.orelse);
    case DP_S_WITH:
        s->u.with.is_async = is_async;
        DP_RETURN_IF_ERROR(rd_withitems(r, &s->u.with.items));
        return rd_stmts(r, &s->u.with.body);
    case DP_S_MATCH:
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.match.subject));
        return rd_cases(r, &s->u.match.cases);
    case DP_S_RAISE:
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.raise.exc));
        return rd_expr(r, &s->u.raise.cause);
    case DP_S_TRY:
        s->u.try_.is_star = is_async; /* TryStar */
        DP_RETURN_IF_ERROR(rd_stmts(r, &s->u.try_.body));
        DP_RETURN_IF_ERROR(rd_handlers(r, &s->u.try_.handlers));
        DP_RETURN_IF_ERROR(rd_stmts(r, &s->u.try_.orelse));
        return rd_stmts(r, &s->u.try_.finalbody);
    case DP_S_ASSERT:
        DP_RETURN_IF_ERROR(rd_expr(r, &s->u.assert_.test));
        return rd_expr(r, &s->u.assert_.msg);
    case DP_S_IMPORT:
        return rd_aliases(r, &s->u.import.names);
    case DP_S_IMPORTFROM:
        DP_RETURN_IF_ERROR(rd_ident(r, &s->u.importfrom.module));
        DP_RETURN_IF_ERROR(rd_aliases(r, &s->u.importfrom.names));
        return rd_int(r, &s->u.importfrom.level);
    case DP_S_GLOBAL:
    case DP_S_NONLOCAL:
        return rd_names(r, &s->u.global.names);
    case DP_S_PASS:
    case DP_S_BREAK:
    case DP_S_CONTINUE:
        return 0;
    case DP_S_UNRECOVERED:
        DP_RETURN_IF_ERROR(rd_ident(r, &s->u.unrecovered.reason));
        return rd_ident(r, &s->u.unrecovered.disasm);
    default:
        return fail(r, "unknown statement kind");
    }
}

static int rd_stmt(reader *r, dp_stmt **out)
{
    const char *tok;
    size_t len;
    DP_RETURN_IF_ERROR(next_token(r, &tok, &len));
    if (token_is(tok, len, "~")) {
        *out = NULL;
        return 0;
    }
    int kind = lookup(STMT_KINDS, sizeof STMT_KINDS / sizeof STMT_KINDS[0], tok, len);
    if (kind < 0)
        return fail(r, "unknown statement node");
    /* AsyncFunctionDef, AsyncFor, AsyncWith, TryStar */
    int flag = (len > 5 && memcmp(tok, "Async", 5) == 0) || token_is(tok, len, "TryStar");
    DP_RETURN_IF_ERROR(enter(r));
    dp_stmt *s = rd_alloc(r, sizeof *s);
    if (s == NULL)
        return -1;
    s->kind = (dp_stmt_kind)kind;
    *out = s;
    DP_RETURN_IF_ERROR(rd_stmt_fields(r, s, flag));
    r->depth--;
    return 0;
}

/* ------------------------------------------------------------ main */

static void emit(const char *status, const char *text, size_t len)
{
    printf("=== %s %zu\n", status, len);
    fwrite(text, 1, len, stdout);
}

static void run_record(const char *line, size_t len, int version)
{
    dp_error err;
    dp_error_init(&err);
    dp_arena *arena = dp_arena_new(0, &err);
    if (arena == NULL) {
        emit("error nomem", "arena", 5);
        return;
    }
    reader r = {line + 1, line + len, arena, 0, NULL};
    dp_buf out;
    dp_buf_init(&out, arena);
    int rc;
    if (line[0] == 'M') {
        dp_stmt_list body;
        rc = rd_stmts(&r, &body);
        if (rc == 0 && r.p != r.end)
            rc = fail(&r, "trailing tokens");
        if (rc == 0)
            rc = dp_print_stmts(&body, version, 0, &out, &err);
    } else if (line[0] == 'X') {
        dp_expr *e;
        rc = rd_expr(&r, &e);
        if (rc == 0 && r.p != r.end)
            rc = fail(&r, "trailing tokens");
        if (rc == 0)
            rc = dp_print_expr(e, version, &out, &err);
    } else {
        rc = fail(&r, "record must start with M or X");
    }
    if (r.problem != NULL) {
        emit("error bad-record", r.problem, strlen(r.problem));
    } else if (rc < 0) {
        char status[64];
        snprintf(status, sizeof status, "error %s", dp_status_name(err.status));
        emit(status, err.message, strlen(err.message));
    } else {
        emit("ok", out.data != NULL ? out.data : "", out.len);
    }
    dp_arena_free(arena);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: print_ast VERSION < records   (VERSION: 308 ... 313)\n");
        return 2;
    }
    int version = atoi(argv[1]);
    size_t cap = 1 << 20, len = 0;
    char *input = malloc(cap);
    if (input == NULL)
        return 2;
    size_t got;
    while ((got = fread(input + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap) {
            char *grown = realloc(input, cap * 2);
            if (grown == NULL) {
                free(input);
                return 2;
            }
            input = grown;
            cap *= 2;
        }
    }
    size_t pos = 0;
    while (pos < len) {
        const char *line = input + pos;
        const char *nl = memchr(line, '\n', len - pos);
        size_t n = nl != NULL ? (size_t)(nl - line) : len - pos;
        if (n > 0)
            run_record(line, n, version);
        pos += n + 1;
    }
    free(input);
    return fflush(stdout) == 0 ? 0 : 2;
}
