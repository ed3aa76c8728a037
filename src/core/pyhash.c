/* pyhash.c — Python/pyhash.c, the objects' hash functions and the
 * insertion algorithm of Objects/setobject.c, for 64-bit builds. */
#include "pyhash.h"

#include <math.h>
#include <string.h>

#define HASH_BITS 61
#define HASH_MODULUS (((uint64_t)1 << HASH_BITS) - 1)
#define HASH_INF 314159
#define HASH_IMAG 1000003ULL

/* ---- SipHash, keyed with zeros ----------------------------------------- */

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND(v0, v1, v2, v3) \
    do { \
        v0 += v1; v1 = ROTL(v1, 13); v1 ^= v0; v0 = ROTL(v0, 32); \
        v2 += v3; v3 = ROTL(v3, 16); v3 ^= v2; \
        v0 += v3; v3 = ROTL(v3, 21); v3 ^= v0; \
        v2 += v1; v1 = ROTL(v1, 17); v1 ^= v2; v2 = ROTL(v2, 32); \
    } while (0)

static uint64_t siphash(const uint8_t *p, size_t n, int c_rounds, int d_rounds)
{
    const uint64_t k0 = 0, k1 = 0;
    uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
    uint64_t b = (uint64_t)n << 56;
    size_t blocks = n / 8;
    for (size_t i = 0; i < blocks; i++) {
        uint64_t m = 0;
        for (int k = 7; k >= 0; k--)
            m = m << 8 | p[8 * i + (size_t)k];
        v3 ^= m;
        for (int r = 0; r < c_rounds; r++)
            SIPROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    uint64_t t = 0;
    for (size_t k = n % 8; k-- > 0;)
        t = t << 8 | p[8 * blocks + k];
    b |= t;
    v3 ^= b;
    for (int r = 0; r < c_rounds; r++)
        SIPROUND(v0, v1, v2, v3);
    v0 ^= b;
    v2 ^= 0xff;
    for (int r = 0; r < d_rounds; r++)
        SIPROUND(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

static int64_t fix_minus_one(int64_t h)
{
    return h == -1 ? -2 : h;
}

/* _Py_HashBytes */
static int64_t hash_bytes(const uint8_t *p, size_t n, int version)
{
    if (n == 0)
        return 0;
    uint64_t x = version >= 311 ? siphash(p, n, 1, 3) : siphash(p, n, 2, 4);
    return fix_minus_one((int64_t)x);
}

/* One code point of our UTF-8 (surrogates allowed); 0 on a sequence that
 * runs past the end. */
static size_t utf8_step(const uint8_t *p, size_t avail, uint32_t *cp)
{
    uint8_t c = p[0];
    size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
    if (len > avail)
        return 0;
    uint32_t v = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (size_t k = 1; k < len; k++)
        v = v << 6 | (p[k] & 0x3F);
    *cp = v;
    return len;
}

/* A str hashes its canonical representation: 1, 2 or 4 bytes per code
 * point (little-endian on the hosts CPython runs on), by its widest one. */
static int hash_str(const dp_str *s, int version, dp_arena *arena, int64_t *out)
{
    const uint8_t *p = (const uint8_t *)s->data;
    size_t n = s->len, count = 0;
    uint32_t widest = 0, cp;
    for (size_t i = 0, len; i < n; i += len, count++) {
        if ((len = utf8_step(p + i, n - i, &cp)) == 0)
            return 0;
        if (cp > widest)
            widest = cp;
    }
    size_t kind = widest < 0x100 ? 1 : widest < 0x10000 ? 2 : 4;
    uint8_t *units = dp_arena_array(arena, count + 1, kind);
    if (units == NULL)
        return -1;
    size_t k = 0;
    for (size_t i = 0, len; i < n; i += len) {
        len = utf8_step(p + i, n - i, &cp);
        for (size_t b = 0; b < kind; b++)
            units[k++] = (uint8_t)(cp >> (8 * b));
    }
    *out = hash_bytes(units, k, version);
    return 1;
}

/* long_hash: the value modulo 2**61 - 1, with the sign. */
static int64_t hash_int(const dp_int *v)
{
    if (!v->is_big) {
        uint64_t mag = v->small < 0 ? (uint64_t)0 - (uint64_t)v->small : (uint64_t)v->small;
        int64_t h = (int64_t)(mag % HASH_MODULUS);
        return fix_minus_one(v->small < 0 ? -h : h);
    }
    uint64_t x = 0;
    for (size_t i = v->ndigits; i-- > 0;) {
        /* x = (x * 2**15 + digit) mod P, as a rotation in 61 bits */
        x = ((x << 15) & HASH_MODULUS) | (x >> (HASH_BITS - 15));
        x += v->digits[i];
        if (x >= HASH_MODULUS)
            x -= HASH_MODULUS;
    }
    int64_t h = (int64_t)x;
    return fix_minus_one(v->negative ? -h : h);
}

/* _Py_HashDouble; 0 when the hash is the object's address (NaN, 3.10+). */
static int hash_double(double v, int version, int64_t *out)
{
    if (!isfinite(v)) {
        if (isinf(v)) {
            *out = v > 0 ? HASH_INF : -HASH_INF;
            return 1;
        }
        if (version >= 310)
            return 0;
        *out = 0;
        return 1;
    }
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) {
        x = ((x << 28) & HASH_MODULUS) | x >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MODULUS)
            x -= HASH_MODULUS;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
    *out = fix_minus_one((int64_t)x * sign);
    return 1;
}

/* tuplehash: xxHash-based since 3.8. */
#define XXPRIME_1 11400714785074694791ULL
#define XXPRIME_2 14029467366897019727ULL
#define XXPRIME_5 2870177450012600261ULL

static int hash_object(const dp_object *obj, int version, dp_arena *arena, int64_t *out, int depth);

static int hash_tuple(const dp_object *obj, int version, dp_arena *arena, int64_t *out, int depth)
{
    uint64_t acc = XXPRIME_5;
    for (size_t i = 0; i < obj->u.seq.count; i++) {
        int64_t lane;
        int rc = hash_object(obj->u.seq.items[i], version, arena, &lane, depth + 1);
        if (rc <= 0)
            return rc;
        acc += (uint64_t)lane * XXPRIME_2;
        acc = ROTL(acc, 31);
        acc *= XXPRIME_1;
    }
    acc += obj->u.seq.count ^ (XXPRIME_5 ^ 3527539ULL);
    *out = acc == (uint64_t)-1 ? 1546275796 : (int64_t)acc;
    return 1;
}

static uint64_t shuffle_bits(uint64_t h)
{
    return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL;
}

/* frozenset_hash: independent of the order, so no table is needed. */
static int hash_frozenset(const dp_object *obj, int version, dp_arena *arena, int64_t *out, int depth)
{
    uint64_t hash = 0;
    for (size_t i = 0; i < obj->u.seq.count; i++) {
        int64_t h;
        int rc = hash_object(obj->u.seq.items[i], version, arena, &h, depth + 1);
        if (rc <= 0)
            return rc;
        hash ^= shuffle_bits((uint64_t)h);
    }
    hash ^= ((uint64_t)obj->u.seq.count + 1) * 1927868237ULL;
    hash ^= (hash >> 11) ^ (hash >> 25);
    hash = hash * 69069U + 907133923ULL;
    if (hash == (uint64_t)-1)
        hash = 590923713ULL;
    *out = (int64_t)hash;
    return 1;
}

/* 1: hashed; 0: not reproducible; -1: out of memory. */
static int hash_object(const dp_object *obj, int version, dp_arena *arena, int64_t *out, int depth)
{
    if (depth > 100)
        return 0;
    switch (obj->kind) {
    case DP_OBJ_FALSE:
        *out = 0;
        return 1;
    case DP_OBJ_TRUE:
        *out = 1;
        return 1;
    case DP_OBJ_NONE:
        /* 3.12 gave None a constant hash; before, it was its address. */
        if (version < 312)
            return 0;
        *out = (int64_t)0xFCA86420;
        return 1;
    case DP_OBJ_INT:
        *out = hash_int(&obj->u.integer);
        return 1;
    case DP_OBJ_FLOAT:
        return hash_double(obj->u.real, version, out);
    case DP_OBJ_COMPLEX: {
        int64_t re, im;
        if (!hash_double(obj->u.complex.real, version, &re) ||
            !hash_double(obj->u.complex.imag, version, &im))
            return 0;
        *out = fix_minus_one((int64_t)((uint64_t)re + HASH_IMAG * (uint64_t)im));
        return 1;
    }
    case DP_OBJ_STR:
        return hash_str(&obj->u.str, version, arena, out);
    case DP_OBJ_BYTES:
        *out = hash_bytes((const uint8_t *)obj->u.str.data, obj->u.str.len, version);
        return 1;
    case DP_OBJ_TUPLE:
        return hash_tuple(obj, version, arena, out, depth);
    case DP_OBJ_FROZENSET:
        return hash_frozenset(obj, version, arena, out, depth);
    default:
        return 0;
    }
}

/* ---- set insertion (Objects/setobject.c) ------------------------------- */

#define SET_MINSIZE 8
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

typedef struct slot {
    int64_t hash;
    size_t item;   /* index + 1; 0 for an empty slot */
} slot;

/* set_insert_clean: place a known-new entry in a table without dummies. */
static void insert_clean(slot *table, size_t mask, int64_t hash, size_t item)
{
    size_t perturb = (size_t)hash;
    size_t i = (size_t)hash & mask;
    slot *entry;
    for (;;) {
        entry = &table[i];
        if (entry->item == 0)
            goto found;
        if (i + LINEAR_PROBES <= mask) {
            for (int j = 0; j < LINEAR_PROBES; j++) {
                entry++;
                if (entry->item == 0)
                    goto found;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
found:
    entry->hash = hash;
    entry->item = item;
}

/* Equality for set membership: same kind and same value (constants only;
 * 1 == 1.0 == True across kinds is left out, marshal never dedups those). */
static int same_constant(const dp_object *a, const dp_object *b)
{
    if (a == b)
        return 1;
    if (a->kind != b->kind)
        return 0;
    switch (a->kind) {
    case DP_OBJ_INT:
        if (a->u.integer.is_big != b->u.integer.is_big)
            return 0;
        if (!a->u.integer.is_big)
            return a->u.integer.small == b->u.integer.small;
        return a->u.integer.negative == b->u.integer.negative &&
               a->u.integer.ndigits == b->u.integer.ndigits &&
               memcmp(a->u.integer.digits, b->u.integer.digits,
                      a->u.integer.ndigits * sizeof *a->u.integer.digits) == 0;
    case DP_OBJ_STR:
    case DP_OBJ_BYTES:
        return a->u.str.len == b->u.str.len && memcmp(a->u.str.data, b->u.str.data, a->u.str.len) == 0;
    case DP_OBJ_FLOAT:
        return a->u.real == b->u.real;
    case DP_OBJ_TUPLE:
        if (a->u.seq.count != b->u.seq.count)
            return 0;
        for (size_t i = 0; i < a->u.seq.count; i++)
            if (!same_constant(a->u.seq.items[i], b->u.seq.items[i]))
                return 0;
        return 1;
    default:
        return 1;  /* singletons */
    }
}

int dp_set_order(dp_object *const *items, size_t n, int version, dp_arena *arena,
                 size_t *order, size_t *count)
{
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    *count = n;
    if (n < 2)
        return 0;
    int64_t *hashes = dp_arena_array(arena, n, sizeof *hashes);
    if (hashes == NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int rc = hash_object(items[i], version, arena, &hashes[i], 0);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return 1;
    }
    size_t mask = SET_MINSIZE - 1, fill = 0;
    slot *table = dp_arena_array(arena, mask + 1, sizeof *table);
    if (table == NULL)
        return -1;
    for (size_t k = 0; k < n; k++) {
        int64_t hash = hashes[k];
        size_t perturb = (size_t)hash;
        size_t i = (size_t)hash & mask;
        slot *entry = NULL;
        int duplicate = 0;
        /* set_add_entry without dummies: probe until an empty slot or an
         * equal key. */
        for (;;) {
            entry = &table[i];
            size_t probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
            for (;;) {
                if (entry->item == 0)
                    goto probed;
                if (entry->hash == hash && same_constant(items[entry->item - 1], items[k])) {
                    duplicate = 1;
                    goto probed;
                }
                if (probes-- == 0)
                    break;
                entry++;
            }
            perturb >>= PERTURB_SHIFT;
            i = (i * 5 + 1 + perturb) & mask;
        }
    probed:
        if (duplicate)
            continue;
        entry->hash = hash;
        entry->item = k + 1;
        fill++;
        if (fill * 5 < mask * 3)
            continue;
        /* set_table_resize(so, used > 50000 ? used * 2 : used * 4) */
        size_t minused = fill > 50000 ? fill * 2 : fill * 4;
        size_t newsize = SET_MINSIZE;
        while (newsize <= minused)
            newsize <<= 1;
        slot *grown = dp_arena_array(arena, newsize, sizeof *grown);
        if (grown == NULL)
            return -1;
        for (size_t s = 0; s <= mask; s++)
            if (table[s].item)
                insert_clean(grown, newsize - 1, table[s].hash, table[s].item);
        table = grown;
        mask = newsize - 1;
    }
    size_t out = 0;
    for (size_t s = 0; s <= mask; s++)
        if (table[s].item)
            order[out++] = table[s].item - 1;
    *count = out;  /* fewer than n when the data had duplicates */
    return 0;
}
