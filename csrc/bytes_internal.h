/* bytes_internal.h - little-endian writing and reading of save images, shared
 * by the games' save files. Internal: not part of the public API.
 *
 * Saves are written byte by byte (never struct dumps), so an image is the same
 * on every platform. Every image has the same frame: a tag naming the game
 * and a format-version byte first, a fixed size, zeros after the last field.
 * The callers check every length before they read or write (the frame checks
 * the image's): the field helpers do no bounds checks of their own.
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

/* Two's complement, as the u32 of the same bits. */
static inline void pintas__put_i32(pintas__writer *w, int32_t v)
{
    pintas__put_u32(w, (uint32_t)v);
}

/* Leaves n reserved bytes zero (an image starts zeroed). */
static inline void pintas__put_zeros(pintas__writer *w, size_t n)
{
    w->p += n;
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

/* A tile mask, stored as a u64 field: its low word; *wide becomes 1 if the
 * high word is not zero (no mask of the set has such bits: the image is
 * corrupt). */
static inline uint32_t pintas__get_mask(pintas__reader *r, int *wide)
{
    uint32_t lo = pintas__get_u32(r);
    *wide |= pintas__get_u32(r) != 0;
    return lo;
}

/* Two's complement from its bits, without an implementation-defined cast. */
static inline int32_t pintas__get_i32(pintas__reader *r)
{
    uint32_t u = pintas__get_u32(r);
    if (u <= 0x7FFFFFFFu)
        return (int32_t)u;
    return -(int32_t)(0xFFFFFFFFu - u) - 1;
}

/* Skips n reserved bytes; 0 if one of them is not zero. */
static inline int pintas__get_zeros(pintas__reader *r, size_t n)
{
    int zero = 1;
    for (; n > 0; --n)
        zero &= pintas__get_u8(r) == 0;
    return zero;
}

static inline void pintas__get_bytes(pintas__reader *r, uint8_t *dst, size_t n)
{
    memcpy(dst, r->p, n);
    r->p += n;
}

/* ---- the frame -------------------------------------------------------- */

/* Starts an image of `size` bytes in buf: zeroes it and writes the game's
 * tag and the format version; w then writes the fields. */
static inline void pintas__image_start(pintas__writer *w, uint8_t *buf, size_t size,
                                       const char *tag, unsigned version)
{
    memset(buf, 0, size);
    w->p = buf;
    while (*tag)
        pintas__put_u8(w, (uint8_t)*tag++);
    pintas__put_u8(w, version);
}

/* Whether a reader's arguments are there: what it reads into (`given`), and
 * the bytes wherever len is not 0. */
static inline int pintas__bytes_given(int given, const uint8_t *bytes, size_t len)
{
    return given && (bytes != NULL || len == 0);
}

/* Checks the frame of a saved image of len bytes: PINTAS_E_CORRUPT unless it
 * starts with the game's tag, then PINTAS_E_VERSION for another format
 * version, then PINTAS_E_CORRUPT unless it is `size` bytes long with zeros
 * from byte `used` on. On PINTAS_OK r reads the fields after the version. */
static inline int pintas__image_open(pintas__reader *r, const uint8_t *buf, size_t len,
                                     const char *tag, unsigned version, size_t size,
                                     size_t used)
{
    size_t i, n = 0;
    while (tag[n])
        ++n;
    if (len < n + 1)
        return PINTAS_E_CORRUPT;
    for (i = 0; i < n; ++i)
        if (buf[i] != (uint8_t)tag[i])
            return PINTAS_E_CORRUPT;
    if (buf[n] != version)
        return PINTAS_E_VERSION;
    if (len != size)
        return PINTAS_E_CORRUPT;
    for (i = used; i < size; ++i)
        if (buf[i] != 0)
            return PINTAS_E_CORRUPT;
    r->p = buf + n + 1;
    return PINTAS_OK;
}

#endif /* PINTAS_BYTES_INTERNAL_H */
