/* fuzz.h - what every libFuzzer harness shares: the fuzzer's bytes read as
 * numbers, and the check that stops on a broken invariant.
 *
 * Harness code, not the core: it may use libc. Every harness returns 0 and
 * traps only when an invariant of the core breaks (FUZZ_CHECK), so libFuzzer
 * reports that input as a crash. A reader past the end of the bytes reads
 * zeros, so every input, however short, is one deterministic run.
 */
#ifndef PINTAS_FUZZ_H
#define PINTAS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pintas/pintas.h"

/* Stop on a broken invariant: name it, then trap (a crash for libFuzzer). */
#define FUZZ_CHECK(cond)                                                                 \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond); \
            __builtin_trap();                                                            \
        }                                                                                \
    } while (0)

/* The fuzzer's input, consumed from the front. */
typedef struct fuzz_bytes {
    const uint8_t *p;
    size_t n;
} fuzz_bytes;

static inline fuzz_bytes fuzz_start(const uint8_t *data, size_t size)
{
    fuzz_bytes b;
    b.p = data;
    b.n = size;
    return b;
}

/* The next byte, or 0 once the input is used up. */
static inline unsigned fuzz_u8(fuzz_bytes *b)
{
    if (b->n == 0)
        return 0;
    --b->n;
    return *b->p++;
}

static inline unsigned fuzz_u16(fuzz_bytes *b)
{
    unsigned lo = fuzz_u8(b);
    return lo | fuzz_u8(b) << 8;
}

static inline uint64_t fuzz_u64(fuzz_bytes *b)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < 8; ++i)
        v |= (uint64_t)fuzz_u8(b) << (8 * i);
    return v;
}

/* A number below n (0 for n == 0): one byte, or two past 256. */
static inline unsigned fuzz_below(fuzz_bytes *b, unsigned n)
{
    if (n == 0)
        return 0;
    return (n <= 256 ? fuzz_u8(b) : fuzz_u16(b)) % n;
}

/* Fill out[0..size) from the input, zeros past its end. */
static inline void fuzz_fill(fuzz_bytes *b, void *out, size_t size)
{
    size_t take = size < b->n ? size : b->n;
    memcpy(out, b->p, take);
    memset((uint8_t *)out + take, 0, size - take);
    b->p += take;
    b->n -= take;
}

/* Change `count` bytes of the object at `at` (size bytes) as the input says:
 * each a position and a new value. */
static inline void fuzz_scribble(fuzz_bytes *b, void *at, size_t size, unsigned count)
{
    uint8_t *bytes = (uint8_t *)at;
    unsigned i;
    for (i = 0; i < count && size > 0; ++i) {
        size_t pos = fuzz_below(b, (unsigned)size);
        bytes[pos] = (uint8_t)fuzz_u8(b);
    }
}

/* The entry of a harness of two cases, one a tile game's (line) and one the
 * other's (caminos): the first byte picks one (odd: caminos), which reads the
 * rest of the input. */
static inline int fuzz_line_or_caminos(const uint8_t *data, size_t size,
                                       void (*line)(fuzz_bytes *), void (*caminos)(fuzz_bytes *))
{
    fuzz_bytes b = fuzz_start(data, size);
    if (fuzz_u8(&b) & 1u)
        caminos(&b);
    else
        line(&b);
    return 0;
}

/* A byte pattern a failed call must leave in place. */
#define FUZZ_PATTERN 0xA5

#endif /* PINTAS_FUZZ_H */
