/* bytes_internal.h - little-endian writing and reading of save images, shared
 * by the games' save files. Internal: not part of the public API.
 *
 * Saves are written byte by byte (never struct dumps), so an image is the same
 * on every platform. The callers check every length before they read or
 * write: these helpers do no bounds checks of their own.
 */
#ifndef PINTAS_BYTES_INTERNAL_H
#define PINTAS_BYTES_INTERNAL_H

#include <string.h>

#include "pintas/common.h"

typedef struct pintas__writer {
    uint8_t *p;
} pintas__writer;

typedef struct pintas__reader {
    const uint8_t *p;
} pintas__reader;

static inline void pintas__put_u8(pintas__writer *w, unsigned v)
{
    *w->p++ = (uint8_t)v;
}

static inline void pintas__put_u16(pintas__writer *w, unsigned v)
{
    pintas__put_u8(w, v & 0xFFu);
    pintas__put_u8(w, (v >> 8) & 0xFFu);
}

static inline void pintas__put_u32(pintas__writer *w, uint32_t v)
{
    pintas__put_u16(w, (unsigned)(v & 0xFFFFu));
    pintas__put_u16(w, (unsigned)(v >> 16));
}

static inline void pintas__put_u64(pintas__writer *w, uint64_t v)
{
    pintas__put_u32(w, (uint32_t)(v & 0xFFFFFFFFu));
    pintas__put_u32(w, (uint32_t)(v >> 32));
}

static inline void pintas__put_bytes(pintas__writer *w, const uint8_t *src, size_t n)
{
    memcpy(w->p, src, n);
    w->p += n;
}

static inline uint8_t pintas__get_u8(pintas__reader *r)
{
    return *r->p++;
}

static inline uint16_t pintas__get_u16(pintas__reader *r)
{
    unsigned lo = pintas__get_u8(r);
    return (uint16_t)(lo | ((unsigned)pintas__get_u8(r) << 8));
}

static inline uint32_t pintas__get_u32(pintas__reader *r)
{
    uint32_t lo = pintas__get_u16(r);
    return lo | ((uint32_t)pintas__get_u16(r) << 16);
}

static inline uint64_t pintas__get_u64(pintas__reader *r)
{
    uint64_t lo = pintas__get_u32(r);
    return lo | ((uint64_t)pintas__get_u32(r) << 32);
}

static inline void pintas__get_bytes(pintas__reader *r, uint8_t *dst, size_t n)
{
    memcpy(dst, r->p, n);
    r->p += n;
}

#endif /* PINTAS_BYTES_INTERNAL_H */
