/* libc.c - the C library functions the dynamic native module calls that no
 * MicroPython firmware exports to native modules and that the toolchain's
 * libgcc does not hold (the compiler emits calls to them for struct copies
 * and loops, strlen for a loop that counts a string). Only the native module
 * is built with this file. The loops
 * must not be turned back into calls to themselves. */
#include <stddef.h>
#include <stdint.h>

#define PINTAS_PLAIN_LOOPS __attribute__((optimize("no-tree-loop-distribute-patterns")))

PINTAS_PLAIN_LOOPS void *memmove(void *dest, const void *src, size_t n) {
    uint8_t *d = dest;
    const uint8_t *s = src;
    if (d < s) {
        while (n--) {
            *d++ = *s++;
        }
    } else {
        d += n;
        s += n;
        while (n--) {
            *--d = *--s;
        }
    }
    return dest;
}

PINTAS_PLAIN_LOOPS void *memcpy(void *dest, const void *src, size_t n) {
    uint8_t *d = dest;
    const uint8_t *s = src;
    while (n--) {
        *d++ = *s++;
    }
    return dest;
}

PINTAS_PLAIN_LOOPS void *memset(void *dest, int c, size_t n) {
    uint8_t *d = dest;
    while (n--) {
        *d++ = (uint8_t)c;
    }
    return dest;
}

PINTAS_PLAIN_LOOPS size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n] != '\0') {
        n++;
    }
    return n;
}
