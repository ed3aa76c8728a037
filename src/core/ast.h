/* ast.h — the Python syntax tree the decompiler builds and the printer prints.
 *
 * It mirrors CPython's own AST (Parser/Python.asdl of 3.13) node for node, so
 * that anyone who knows the `ast` module knows this, and so that the printer
 * can be tested on its own by converting real `ast.parse` trees into it.
 * All nodes live in the decompilation's arena; lists are arrays of pointers.
 *
 * Two additions that Python's AST does not have:
 *  - DP_S_UNRECOVERED: a region the decompiler could not recover.  It prints
 *    as a marked comment block holding its disassembly, followed by a
 *    statement that raises, so that the output never runs silently wrong.
 *  - DP_E_CONSTANT holds a dp_object from the code model; an opaque constant
 *    prints as its placeholder name. */
#ifndef DEPYF_AST_H
#define DEPYF_AST_H

#include <stddef.h>
#include <stdint.h>
#include "model.h"

typedef struct dp_expr dp_expr;
typedef struct dp_stmt dp_stmt;
typedef struct dp_pattern dp_pattern;

typedef struct dp_expr_list { dp_expr **items; size_t count; } dp_expr_list;
typedef struct dp_stmt_list { dp_stmt **items; size_t count; } dp_stmt_list;
typedef struct dp_pattern_list { dp_pattern **items; size_t count; } dp_pattern_list;
typedef struct dp_name_list { const char **items; size_t count; } dp_name_list;

typedef enum dp_boolop { DP_AND, DP_OR } dp_boolop;

/* In the order of opcode._nb_ops (3.11+ BINARY_OP's argument). */
typedef enum dp_binop {
    DP_ADD, DP_BITAND, DP_FLOORDIV, DP_LSHIFT, DP_MATMUL, DP_MULT, DP_MOD,
    DP_BITOR, DP_POW, DP_RSHIFT, DP_SUB, DP_DIV, DP_BITXOR,
    DP_BINOP_COUNT
} dp_binop;

typedef enum dp_unaryop { DP_INVERT, DP_NOT, DP_UADD, DP_USUB } dp_unaryop;

typedef enum dp_cmpop {
    DP_EQ, DP_NOTEQ, DP_LT, DP_LTE, DP_GT, DP_GTE, DP_IS, DP_ISNOT, DP_IN, DP_NOTIN
} dp_cmpop;

/* Load, Store or Del: the printer does not need it, but the decompiler
 * records it so the tree says what the bytecode did. */
typedef enum dp_ctx { DP_LOAD, DP_STORE, DP_DEL } dp_ctx;

typedef struct dp_comprehension {
    dp_expr *target;
    dp_expr *iter;
    dp_expr_list ifs;
    int is_async;
} dp_comprehension;

typedef struct dp_comprehension_list { dp_comprehension **items; size_t count; } dp_comprehension_list;

typedef struct dp_keyword {
    const char *arg;       /* NULL for **value */
    dp_expr *value;
} dp_keyword;

typedef struct dp_keyword_list { dp_keyword **items; size_t count; } dp_keyword_list;

typedef struct dp_arg {
    const char *arg;
    dp_expr *annotation;   /* may be NULL */
} dp_arg;

typedef struct dp_arg_list { dp_arg **items; size_t count; } dp_arg_list;

typedef struct dp_arguments {
    dp_arg_list posonlyargs;
    dp_arg_list args;
    dp_arg *vararg;        /* may be NULL */
    dp_arg_list kwonlyargs;
    dp_expr_list kw_defaults; /* one per kwonlyarg; an item may be NULL */
    dp_arg *kwarg;         /* may be NULL */
    dp_expr_list defaults; /* for the last len(defaults) of posonlyargs+args */
} dp_arguments;

typedef enum dp_expr_kind {
    DP_E_BOOLOP,          /* values (>= 2), op */
    DP_E_NAMEDEXPR,       /* target := value */
    DP_E_BINOP,
    DP_E_UNARYOP,
    DP_E_LAMBDA,
    DP_E_IFEXP,           /* body if test else orelse */
    DP_E_DICT,            /* keys[i] NULL means **values[i] */
    DP_E_SET,
    DP_E_LISTCOMP,
    DP_E_SETCOMP,
    DP_E_DICTCOMP,
    DP_E_GENERATOREXP,
    DP_E_AWAIT,
    DP_E_YIELD,           /* value may be NULL */
    DP_E_YIELDFROM,
    DP_E_COMPARE,         /* left ops[0] comparators[0] ops[1] ... */
    DP_E_CALL,
    DP_E_FORMATTEDVALUE,  /* only inside JoinedStr */
    DP_E_JOINEDSTR,
    DP_E_CONSTANT,
    DP_E_ATTRIBUTE,
    DP_E_SUBSCRIPT,
    DP_E_STARRED,
    DP_E_NAME,
    DP_E_LIST,
    DP_E_TUPLE,
    DP_E_SLICE,           /* lower/upper/step may be NULL */
    DP_E_KIND_COUNT
} dp_expr_kind;

struct dp_expr {
    dp_expr_kind kind;
    dp_ctx ctx;           /* for Name, Attribute, Subscript, Starred, List, Tuple */
    uint32_t src_off1;    /* 1 + the offset of the instruction that computed it; 0: unknown */
    int32_t lineno;       /* 3.10, a comprehension's parts: the line the source began it
                             on, which the printer keeps apart from the other parts'
                             (3.10's bytecode depends on them); 0: unknown */
    uint8_t shared;       /* a list, set or dict display on more than one stack (a
                             branch's copy): copied before an element is added */
    uint8_t own_display;  /* 3.8: a tuple or list display with a star that the source wrote
                             itself (BUILD_TUPLE_UNPACK, not ..._WITH_CALL): a call's
                             `*(a, *b)`, not its arguments `a, *b` */
    union {
        struct { dp_boolop op; dp_expr_list values; } boolop;
        struct { dp_expr *target, *value; } namedexpr;
        struct { dp_expr *left; dp_binop op; dp_expr *right; } binop;
        struct { dp_unaryop op; dp_expr *operand; } unaryop;
        struct { dp_arguments *args; dp_expr *body; } lambda;
        struct { dp_expr *test, *body, *orelse; } ifexp;
        struct { dp_expr_list keys, values; } dict;
        struct { dp_expr_list elts; } set;          /* also List, Tuple */
        struct { dp_expr *elt; dp_comprehension_list generators; } comp; /* List/Set/GeneratorExp */
        struct { dp_expr *key, *value; dp_comprehension_list generators; } dictcomp;
        struct { dp_expr *value; } value;           /* Await, Yield, YieldFrom */
        struct { dp_expr *left; dp_cmpop *ops; dp_expr_list comparators; } compare;
        struct { dp_expr *func; dp_expr_list args; dp_keyword_list keywords; } call;
        /* conversion: -1 none, 's', 'r', 'a'; format_spec is a JoinedStr or NULL */
        struct { dp_expr *value; int conversion; dp_expr *format_spec; } formatted;
        struct { dp_expr_list values; } joinedstr;  /* Constant str and FormattedValue */
        struct { const dp_object *value; const char *kind; } constant; /* kind "u" or NULL */
        struct { dp_expr *value; const char *attr; } attribute;
        struct { dp_expr *value, *slice; } subscript;
        struct { dp_expr *value; } starred;
        struct { const char *id; } name;
        struct { dp_expr *lower, *upper, *step; } slice;
    } u;
};

typedef struct dp_alias {
    const char *name;      /* dotted, or "*" */
    const char *asname;    /* may be NULL */
} dp_alias;

typedef struct dp_alias_list { dp_alias **items; size_t count; } dp_alias_list;

typedef struct dp_withitem {
    dp_expr *context_expr;
    dp_expr *optional_vars; /* may be NULL */
} dp_withitem;

typedef struct dp_withitem_list { dp_withitem **items; size_t count; } dp_withitem_list;

typedef struct dp_excepthandler {
    dp_expr *type;         /* may be NULL (bare except) */
    const char *name;      /* may be NULL */
    dp_stmt_list body;
} dp_excepthandler;

typedef struct dp_handler_list { dp_excepthandler **items; size_t count; } dp_handler_list;

typedef enum dp_pattern_kind {
    DP_P_VALUE,            /* value */
    DP_P_SINGLETON,        /* None, True, False */
    DP_P_SEQUENCE,         /* [p, *rest, ...] */
    DP_P_MAPPING,          /* {k: p, **rest} */
    DP_P_CLASS,            /* cls(p, kw=p) */
    DP_P_STAR,             /* *name, name may be NULL for *_ */
    DP_P_AS,               /* pattern as name; both NULL is `_`; pattern NULL is a capture */
    DP_P_OR,
} dp_pattern_kind;

struct dp_pattern {
    dp_pattern_kind kind;
    union {
        struct { dp_expr *value; } value;
        struct { const dp_object *value; } singleton;
        struct { dp_pattern_list patterns; } sequence;   /* also Or */
        struct { dp_expr_list keys; dp_pattern_list patterns; const char *rest; } mapping;
        struct { dp_expr *cls; dp_pattern_list patterns; dp_name_list kwd_attrs;
                 dp_pattern_list kwd_patterns; } cls;
        struct { const char *name; } star;
        struct { dp_pattern *pattern; const char *name; } as;
    } u;
};

typedef struct dp_match_case {
    dp_pattern *pattern;
    dp_expr *guard;        /* may be NULL */
    dp_stmt_list body;
} dp_match_case;

typedef struct dp_match_case_list { dp_match_case **items; size_t count; } dp_match_case_list;

/* PEP 695 type parameters (3.12+). */
typedef enum dp_type_param_kind { DP_TP_TYPEVAR, DP_TP_PARAMSPEC, DP_TP_TYPEVARTUPLE } dp_type_param_kind;

typedef struct dp_type_param {
    dp_type_param_kind kind;
    const char *name;
    dp_expr *bound;        /* TypeVar only; may be NULL */
    dp_expr *default_value;/* 3.13; may be NULL */
} dp_type_param;

typedef struct dp_type_param_list { dp_type_param **items; size_t count; } dp_type_param_list;

typedef enum dp_stmt_kind {
    DP_S_FUNCTIONDEF,      /* also AsyncFunctionDef with is_async */
    DP_S_CLASSDEF,
    DP_S_RETURN,           /* value may be NULL */
    DP_S_DELETE,
    DP_S_ASSIGN,           /* t1 = t2 = value */
    DP_S_TYPEALIAS,
    DP_S_AUGASSIGN,
    DP_S_ANNASSIGN,
    DP_S_FOR,              /* also AsyncFor with is_async */
    DP_S_WHILE,
    DP_S_IF,
    DP_S_WITH,             /* also AsyncWith with is_async */
    DP_S_MATCH,
    DP_S_RAISE,
    DP_S_TRY,              /* also TryStar with is_star */
    DP_S_ASSERT,
    DP_S_IMPORT,
    DP_S_IMPORTFROM,
    DP_S_GLOBAL,
    DP_S_NONLOCAL,
    DP_S_EXPR,
    DP_S_PASS,
    DP_S_BREAK,
    DP_S_CONTINUE,
    DP_S_UNRECOVERED,      /* see the top of this file */
    DP_S_KIND_COUNT
} dp_stmt_kind;

/* Whether a Raise came from an assert: 3.8 compiles `assert` as it does
 * `raise AssertionError`, so there it may have. */
typedef enum { DP_NOT_ASSERTION, DP_ASSERTION, DP_MAYBE_ASSERTION } dp_assertion;

struct dp_stmt {
    dp_stmt_kind kind;
    int32_t lineno;        /* first line in the original, 0 when unknown */
    /* Where it came from: the bytes [src_lo, src_hi) of src_code's bytecode
     * (a compound statement's range includes its bodies'); src_code NULL
     * when unknown. */
    const struct dp_code *src_code;
    uint32_t src_lo, src_hi;
    union {
        struct { const char *name; dp_arguments *args; dp_stmt_list body;
                 dp_expr_list decorator_list; dp_expr *returns;
                 dp_type_param_list type_params; int is_async; } funcdef;
        struct { const char *name; dp_expr_list bases; dp_keyword_list keywords;
                 dp_stmt_list body; dp_expr_list decorator_list;
                 dp_type_param_list type_params; } classdef;
        /* Return, Expr.  const_kept_apart: a Return whose constant was not
         * loaded right before it (3.12+: not fused into RETURN_CONST), as
         * `return CONST` compiles: its return was copied there (recover.c). */
        struct { dp_expr *value; int const_kept_apart; } ret;
        struct { dp_expr_list targets; } del;
        struct { dp_expr_list targets; dp_expr *value; } assign;
        struct { dp_expr *name; dp_type_param_list type_params; dp_expr *value; } typealias;
        struct { dp_expr *target; dp_binop op; dp_expr *value; } augassign;
        struct { dp_expr *target, *annotation, *value; int simple; } annassign;
        struct { dp_expr *target, *iter; dp_stmt_list body, orelse; int is_async; } for_;
        struct { dp_expr *test; dp_stmt_list body, orelse; } while_;  /* also If */
        struct { dp_withitem_list items; dp_stmt_list body; int is_async; } with;
        struct { dp_expr *subject; dp_match_case_list cases; } match;
        struct { dp_expr *exc, *cause; dp_assertion assertion; } raise;
        struct { dp_stmt_list body; dp_handler_list handlers; dp_stmt_list orelse, finalbody;
                 int is_star;
                 uint32_t handlers_lo, handlers_hi; /* recovery's: the handlers' code in src_code, 0 0 unknown */
        } try_;
        struct { dp_expr *test, *msg; } assert_;
        struct { dp_alias_list names; } import;
        struct { const char *module; dp_alias_list names; int level; } importfrom;
        struct { dp_name_list names; } global;       /* Global, Nonlocal */
        /* reason: one line; disasm: the region's disassembly, lines separated by \n */
        struct { const char *reason; const char *disasm; } unrecovered;
    } u;
};

#endif
