/* error.h — the error context every phase reports into.
 *
 * A dp_error is passed in by the caller, never kept in a global, so two
 * decompilations can run on two threads at once.  The first error raised
 * wins and stays set (later ones are ignored), as in QuickJS's reader: deep
 * call chains can simply propagate -1 without overwriting the root cause. */
#ifndef DEPYF_ERROR_H
#define DEPYF_ERROR_H

#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define DP_MUST_CHECK __attribute__((warn_unused_result))
#define DP_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
/* Kept out of the frames of a recursion, so that each level stays small. */
#define DP_NOINLINE __attribute__((noinline))
#else
#define DP_MUST_CHECK
#define DP_PRINTF(fmt, args)
#define DP_NOINLINE
#endif

/* Each kind of failure has its own code; the Python layer maps them to
 * exception types (ValueError for bad data, DecompilationError otherwise). */
typedef enum dp_status {
    DP_OK = 0,
    DP_ERR_NOMEM,       /* an allocation failed */
    DP_ERR_LIMIT,       /* a resource limit (memory, output size, work) was hit */
    DP_ERR_TRUNCATED,   /* the data ends before the structure it describes */
    DP_ERR_BAD_MAGIC,   /* not a .pyc, or a magic number of an unsupported version */
    DP_ERR_BAD_MARSHAL, /* invalid marshal type code or value */
    DP_ERR_BAD_REF,     /* marshal back-reference to a missing object */
    DP_ERR_TOO_DEEP,    /* nesting deeper than the recursion limit */
    DP_ERR_BAD_CODE,    /* code object whose fields contradict each other */
    DP_ERR_BAD_BYTECODE,/* bytecode, line table or exception table is malformed */
    DP_ERR_UNSUPPORTED, /* valid input we cannot handle (yet) */
    DP_ERR_UNRECOVERED, /* decompilation left regions unrecovered */
    DP_ERR_IO,          /* reading a file failed (front ends only) */
    DP_STATUS_COUNT
} dp_status;

typedef struct dp_error {
    dp_status status;
    char message[480];
} dp_error;

void dp_error_init(dp_error *err);

/* Record an error (if none is recorded yet) and return -1, so callers can
 * write `return dp_error_set(err, ...)`. */
int dp_error_set(dp_error *err, dp_status status, const char *fmt, ...) DP_PRINTF(3, 4);

/* A stable, lower-case name for a status ("truncated", "bad-magic", ...). */
const char *dp_status_name(dp_status status);

#define DP_RETURN_IF_ERROR(x) \
    do { if ((x) < 0) return -1; } while (0)

#endif
