/* pyhash.h — CPython's hash() of constants and the order a set iterates in.
 *
 * `dis` prints a frozenset constant in the order of the hash table that
 * marshal.loads rebuilt, not in the order stored in the file.  To print
 * what the target version prints we replay that rebuild: CPython's hashes
 * for each constant type (strings and bytes with SipHash-2-4 before 3.11 and
 * SipHash-1-3 after, keyed as with PYTHONHASHSEED=0, i.e. hash
 * randomization off) and Objects/setobject.c's insertion with linear probing
 * and resizing.  The order of strings under a random hash seed is not a
 * property of the file, so that is the reproducible choice. */
#ifndef DEPYF_PYHASH_H
#define DEPYF_PYHASH_H

#include <stddef.h>
#include <stdint.h>
#include "arena.h"
#include "model.h"

/* Fill order[0..*count) with the indices of items in the order a set built
 * by adding them one by one iterates (*count < n when items repeat).
 * Returns 0 when simulated, 1 when some element's hash is not reproducible
 * (order is then the stored order), -1 on allocation failure. */
int dp_set_order(dp_object *const *items, size_t n, int version, dp_arena *arena,
                 size_t *order, size_t *count);

#endif
