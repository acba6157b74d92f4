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
    PINTAS_E_NOTATION = -10, /* text that is not notation for what was asked (notation.h) */
    PINTAS_E_NO_CHANCE = -11, /* play_chance without a chance event pending (external chance) */
    PINTAS_E_OUTCOME = -12,   /* a chance outcome that is not possible now */
    PINTAS_E_CHANCE = -13     /* a move while a chance event is pending */
} pintas_status;

/* External chance (docs/ai.md, "External chance"): a game started with
 * external chance stops at every chance event; while one is pending the
 * state's to_move holds PINTAS_CHANCE_SEAT and the engine table's turn()
 * gives PINTAS_TURN_CHANCE. */
#define PINTAS_CHANCE_SEAT 0xFE
#define PINTAS_TURN_CHANCE (-2)
/* The most outcomes one chance event has: 28 tiles, or the multisets of 6 dice. */
#define PINTAS_MAX_CHANCE_OUTCOMES 462

/* A short English description of a status code ("ok", "illegal move", ...).
 * Never NULL; unknown codes give "unknown status". */
const char *pintas_status_str(int status);

/* The library's version as "MAJOR.MINOR.PATCH"; a static string. */
const char *pintas_version(void);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_COMMON_H */
