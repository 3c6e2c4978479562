/*
 * ghash_sw.c: the GCM specification's software methods for GHASH (Section 4.1, Table 1), compiled,
 * plus a constant-time method without secret-indexed tables. Built by the package build as the
 * extension module authcore.sw._ghash_sw; the Python side calls the plain C functions below
 * through ctypes (authcore/sw/__init__.py). The reference model stays the oracle: the tests
 * compare every method with it.
 *
 * Bit order as in the spec: a block is 16 bytes, spec bit 0 (the field's 1) is the most
 * significant bit of byte 0, and the spec's rightshift is a right shift of the 128-bit big-endian
 * number. Here a block is two uint64: hi (bytes 0-7) and lo (bytes 8-15), big-endian each.
 *
 * Methods (GHASH_*): Algorithm 1 without tables; Shoup's method with 4-bit and 8-bit digits (one
 * table M0 per key, 256 B or 4 KiB, and a shared reduction table); the spec's simple tables M_i of
 * Algorithm 2 with 4-bit and 8-bit digits (8 KiB or 64 KiB per key: X*H is one lookup per digit and
 * no reduction); and a constant-time carry-less multiplication (integer multiplies of operands
 * with holes, then reduction; no table, no branch, no memory access indexed by secret data).
 * The table methods load table entries at addresses that depend on H and on the data: through the
 * cache, their timing can reveal H. The constant-time method is what current libraries use
 * without carry-less multiply instructions.
 */
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define HAVE_RDTSC 1
#endif

typedef struct { uint64_t hi, lo; } u128;

enum { GHASH_NONE = 0, GHASH_SHOUP4 = 1, GHASH_SHOUP8 = 2, GHASH_SIMPLE4 = 3, GHASH_SIMPLE8 = 4, GHASH_CT = 5,
       GHASH_METHODS = 6 };

static const uint64_t R_HI = 0xE100000000000000ULL;   /* a^128 folded into the leftmost bits */

static uint64_t load_be64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = (v << 8) | p[i];
    return v;
}

static void store_be64(uint8_t *p, uint64_t v) {
    for (int i = 7; i >= 0; i--) { p[i] = (uint8_t)v; v >>= 8; }
}

static u128 load_block(const uint8_t *p) { u128 v = { load_be64(p), load_be64(p + 8) }; return v; }
static void store_block(uint8_t *p, u128 v) { store_be64(p, v.hi); store_be64(p + 8, v.lo); }

/* V * a: the spec's rightshift, reducing the bit that falls off. */
static u128 mul_a(u128 v) {
    uint64_t carry = v.lo & 1;
    u128 r = { v.hi >> 1, (v.lo >> 1) | (v.hi << 63) };
    if (carry) r.hi ^= R_HI;
    return r;
}

/* ---- no tables: Algorithm 1 ------------------------------------------------------------------ */

static u128 mul_none(u128 x, u128 h) {
    u128 z = { 0, 0 }, v = h;
    for (int i = 0; i < 128; i++) {
        uint64_t bit = i < 64 ? (x.hi >> (63 - i)) & 1 : (x.lo >> (127 - i)) & 1;
        if (bit) { z.hi ^= v.hi; z.lo ^= v.lo; }
        v = mul_a(v);
    }
    return z;
}

/* ---- Shoup's method -------------------------------------------------------------------------- */

/* R8[b] / R4[b]: b * a^8 (a^4) for b in the lowest 8 (4) bits: (Z >> bits) ^ R[Z & mask] is Z * a^bits. */
static u128 R8[256], R4[16];
static int r_ready = 0;

static void build_r(void) {
    if (r_ready) return;
    for (int b = 0; b < 256; b++) {
        u128 v = { 0, (uint64_t)b };
        for (int k = 0; k < 8; k++) v = mul_a(v);
        R8[b] = v;
    }
    for (int b = 0; b < 16; b++) {
        u128 v = { 0, (uint64_t)b };
        for (int k = 0; k < 4; k++) v = mul_a(v);
        R4[b] = v;
    }
    r_ready = 1;
}

/* Algorithm 3: M0[d] = d * H for every bits-bit digit d (its top bit is spec bit 0 of the digit). */
static void build_m0(u128 *m0, u128 h, int bits) {
    int size = 1 << bits;
    memset(m0, 0, sizeof(u128) * size);
    int i = size >> 1;
    m0[i] = h;
    while (i > 1) { m0[i >> 1] = mul_a(m0[i]); i >>= 1; }
    for (i = 2; i < size; i <<= 1)
        for (int j = 1; j < i; j++) { m0[i + j].hi = m0[i].hi ^ m0[j].hi; m0[i + j].lo = m0[i].lo ^ m0[j].lo; }
}

static unsigned digit_at(u128 x, int bits, int i) {   /* digit i from the left */
    int pos = 128 - bits * (i + 1);                /* bit position of its lowest bit */
    uint64_t w = pos >= 64 ? x.hi >> (pos - 64) : x.lo >> pos;
    return (unsigned)(w & ((1u << bits) - 1));
}

static u128 mul_shoup(u128 x, const u128 *m0, int bits) {
    const u128 *red = bits == 8 ? R8 : R4;
    unsigned mask = (1u << bits) - 1;
    u128 z = { 0, 0 };
    for (int i = 128 / bits - 1; i >= 0; i--) {
        u128 r = red[z.lo & mask];
        z.lo = (z.lo >> bits) | (z.hi << (64 - bits));
        z.hi >>= bits;
        z.hi ^= r.hi; z.lo ^= r.lo;
        u128 m = m0[digit_at(x, bits, i)];
        z.hi ^= m.hi; z.lo ^= m.lo;
    }
    return z;
}

/* ---- the simple tables M_i of Algorithm 2 ------------------------------------------------------ */

static void build_simple(u128 *m, u128 h, int bits) {
    int size = 1 << bits, digits = 128 / bits;
    build_m0(m, h, bits);
    for (int i = 1; i < digits; i++)
        for (int d = 0; d < size; d++) {
            u128 v = m[(i - 1) * size + d];
            for (int k = 0; k < bits; k++) v = mul_a(v);
            m[i * size + d] = v;
        }
}

static u128 mul_simple(u128 x, const u128 *m, int bits) {
    int size = 1 << bits, digits = 128 / bits;
    u128 z = { 0, 0 };
    for (int i = 0; i < digits; i++) {
        u128 e = m[i * size + digit_at(x, bits, i)];
        z.hi ^= e.hi; z.lo ^= e.lo;
    }
    return z;
}

/* ---- constant time: carry-less products from integer multiplies -------------------------------- */

/* The low 64 bits of the carry-less product of x and y. Each operand is split into four masks of
 * every fourth bit; an integer product of two masks has its partial sums in every fourth column,
 * and a column of the low 64 bits sums at most 15 ones (16 only in the top column, whose carries
 * leave the word), so no carry reaches the next column of its class. */
static uint64_t bmul64(uint64_t x, uint64_t y) {
    const uint64_t m0 = 0x1111111111111111ULL, m1 = 0x2222222222222222ULL,
                   m2 = 0x4444444444444444ULL, m3 = 0x8888888888888888ULL;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static uint64_t rev64(uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    x = ((x >> 8) & 0x00FF00FF00FF00FFULL) | ((x & 0x00FF00FF00FF00FFULL) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFULL) | ((x & 0x0000FFFF0000FFFFULL) << 16);
    return (x >> 32) | (x << 32);
}

/* The full 128-bit carry-less product (hi:lo) of two 64-bit polynomials: the high half is the
 * reversed low half of the reversed operands, shifted by one. */
static void clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo) {
    *lo = bmul64(x, y);
    *hi = rev64(bmul64(rev64(x), rev64(y))) >> 1;
}

/* In polynomial order (bit k = coefficient of a^k; p1 the high word), Karatsuba over 64-bit halves
 * and reduction by a^128 = a^7 + a^2 + a + 1. */
static u128 mul_ct_poly(u128 x, u128 h) {   /* u128 here: hi = a^64..a^127, lo = a^0..a^63 */
    uint64_t a_hi, a_lo, b_hi, b_lo, c_hi, c_lo;
    clmul64(x.lo, h.lo, &a_hi, &a_lo);                        /* low halves */
    clmul64(x.hi, h.hi, &b_hi, &b_lo);                        /* high halves */
    clmul64(x.lo ^ x.hi, h.lo ^ h.hi, &c_hi, &c_lo);          /* sums */
    c_hi ^= a_hi ^ b_hi;
    c_lo ^= a_lo ^ b_lo;
    uint64_t p0 = a_lo, p1 = a_hi ^ c_lo, p2 = b_lo ^ c_hi, p3 = b_hi;
    /* fold p3:p2 (a^128..a^255) down: times (1 + a + a^2 + a^7), twice for what the shifts push
       past a^127 */
    uint64_t ov = (p3 >> 63) ^ (p3 >> 62) ^ (p3 >> 57);       /* a^128.. of the shifted p3 */
    p2 ^= ov;
    p1 ^= p3 ^ (p3 << 1) ^ (p3 << 2) ^ (p3 << 7) ^ (p2 >> 63) ^ (p2 >> 62) ^ (p2 >> 57);
    p0 ^= p2 ^ (p2 << 1) ^ (p2 << 2) ^ (p2 << 7);
    u128 r = { p1, p0 };
    return r;
}

static u128 to_poly(u128 v) { u128 r = { rev64(v.lo), rev64(v.hi) }; return r; }

/* ---- the exported functions -------------------------------------------------------------------- */

size_t ghash_sw_table_bytes(int method) {
    switch (method) {
    case GHASH_SHOUP4: return 16 * sizeof(u128);
    case GHASH_SHOUP8: return 256 * sizeof(u128);
    case GHASH_SIMPLE4: return 32 * 16 * sizeof(u128);
    case GHASH_SIMPLE8: return 16 * 256 * sizeof(u128);
    case GHASH_NONE: case GHASH_CT: return sizeof(u128);   /* H itself */
    default: return 0;
    }
}

/* Build the key's table in `table` (ghash_sw_table_bytes(method) bytes). 0, or -1 for a bad method. */
int ghash_sw_init(int method, const uint8_t *h_bytes, void *table) {
    u128 h = load_block(h_bytes);
    build_r();
    switch (method) {
    case GHASH_NONE: *(u128 *)table = h; return 0;
    case GHASH_CT: *(u128 *)table = to_poly(h); return 0;
    case GHASH_SHOUP4: build_m0((u128 *)table, h, 4); return 0;
    case GHASH_SHOUP8: build_m0((u128 *)table, h, 8); return 0;
    case GHASH_SIMPLE4: build_simple((u128 *)table, h, 4); return 0;
    case GHASH_SIMPLE8: build_simple((u128 *)table, h, 8); return 0;
    default: return -1;
    }
}

/* X <- (X ^ B) * H for each of `blocks` 16-byte blocks of `data`; x is the running value. */
int ghash_sw_update(int method, const void *table, uint8_t *x_bytes, const uint8_t *data, size_t blocks) {
    u128 x = load_block(x_bytes);
    if (method < 0 || method >= GHASH_METHODS) return -1;
    if (method == GHASH_CT) {
        u128 h = *(const u128 *)table;
        u128 xp = to_poly(x);
        for (size_t i = 0; i < blocks; i++) {
            u128 b = to_poly(load_block(data + 16 * i));
            b.hi ^= xp.hi; b.lo ^= xp.lo;
            xp = mul_ct_poly(b, h);
        }
        u128 back = { rev64(xp.lo), rev64(xp.hi) };
        store_block(x_bytes, back);
        return 0;
    }
    for (size_t i = 0; i < blocks; i++) {
        u128 b = load_block(data + 16 * i);
        b.hi ^= x.hi; b.lo ^= x.lo;
        switch (method) {
        case GHASH_NONE: x = mul_none(b, *(const u128 *)table); break;
        case GHASH_SHOUP4: x = mul_shoup(b, (const u128 *)table, 4); break;
        case GHASH_SHOUP8: x = mul_shoup(b, (const u128 *)table, 8); break;
        case GHASH_SIMPLE4: x = mul_simple(b, (const u128 *)table, 4); break;
        default: x = mul_simple(b, (const u128 *)table, 8); break;
        }
    }
    store_block(x_bytes, x);
    return 0;
}

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

uint64_t ghash_sw_ticks(void) {
#ifdef HAVE_RDTSC
    return __rdtsc();
#else
    return 0;
#endif
}

/* `reps` GHASH computations over messages of `len` bytes (whole blocks) from a zero state, taken in
 * turn from the `count` messages at `data` (distinct messages, so that a branch predictor cannot
 * learn one message's data-dependent branches: Algorithm 1 ran three times faster on one 64-byte
 * message repeated than on fresh data): their time in nanoseconds and time-stamp-counter ticks
 * (0 where there is no TSC). The results are xored into out (16 bytes), so the work stays. */
int ghash_sw_bench(int method, const void *table, const uint8_t *data, size_t len, size_t count, uint64_t reps,
                   uint64_t *ns, uint64_t *ticks, uint8_t *out) {
    uint8_t x[16];
    memset(out, 0, 16);
    uint64_t t0 = now_ns(), c0 = ghash_sw_ticks();
    for (uint64_t r = 0; r < reps; r++) {
        memset(x, 0, 16);
        if (ghash_sw_update(method, table, x, data + len * (size_t)(r % count), len / 16)) return -1;
        for (int i = 0; i < 16; i++) out[i] ^= x[i];
    }
    *ticks = ghash_sw_ticks() - c0;
    *ns = now_ns() - t0;
    return 0;
}

/* Building a key's table `reps` times: nanoseconds and ticks in all. */
int ghash_sw_bench_init(int method, const uint8_t *h, void *table, uint64_t reps, uint64_t *ns, uint64_t *ticks) {
    uint64_t t0 = now_ns(), c0 = ghash_sw_ticks();
    for (uint64_t r = 0; r < reps; r++)
        if (ghash_sw_init(method, h, table)) return -1;
    *ticks = ghash_sw_ticks() - c0;
    *ns = now_ns() - t0;
    return 0;
}

/* The extension module itself has no Python functions: it is a shared object the package build
 * compiles and installs, and ctypes calls the functions above. */
static struct PyModuleDef module = { PyModuleDef_HEAD_INIT, "_ghash_sw", "GHASH software methods (use via ctypes)",
                                     -1, NULL, NULL, NULL, NULL, NULL };

PyMODINIT_FUNC PyInit__ghash_sw(void) { return PyModule_Create(&module); }
