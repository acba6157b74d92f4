/* pintas/common.h - status codes and shared bounds of the pintas C core.
 *
 * The core is C99, allocates nothing, keeps no mutable global state and never
 * prints, aborts or asserts on input: every fallible call returns a status.
 */
#ifndef PINTAS_COMMON_H
#define PINTAS_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PINTAS_VERSION_MAJOR 0
#define PINTAS_VERSION_MINOR 1
#define PINTAS_VERSION_PATCH 0

/* Status codes: PINTAS_OK is zero, every error is negative. */
typedef enum pintas_status {
    PINTAS_OK = 0,
    PINTAS_E_ARG = -1,      /* a NULL pointer or an argument out of its range */
    PINTAS_E_RULES = -2,    /* a rules struct that is not a valid combination */
    PINTAS_E_ILLEGAL = -3,  /* a move that is not legal in this state */
    PINTAS_E_OVER = -4,     /* the game is over: no move is legal */
    PINTAS_E_BUFFER = -5,   /* an output buffer is smaller than the documented bound */
    PINTAS_E_CORRUPT = -6,  /* saved bytes that are malformed or inconsistent */
    PINTAS_E_VERSION = -7,  /* saved bytes of an unknown format version */
    PINTAS_E_DEAL = -8,     /* a hand-made deal that is not a deal of these rules */
    PINTAS_E_RANGE = -9,    /* a result beyond a documented bound (a save over 16 MiB) */
    PINTAS_E_NOTATION = -10 /* text that is not notation for what was asked (notation.h) */
} pintas_status;

/* A short English description of a status code ("ok", "illegal move", ...).
 * Never NULL; unknown codes give "unknown status". */
const char *pintas_status_str(int status);

/* The library's version as "MAJOR.MINOR.PATCH"; a static string. */
const char *pintas_version(void);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_COMMON_H */
