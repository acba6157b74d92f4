/* notation_tables.c - the notation tables of pintas/notation.h: each game's
 * typed notation functions behind untyped pointers, as engine.c does for play. */
#include "pintas/notation.h"

#define PINTAS__NOTATION_TABLE(game)                                                     \
    static int game##_move_parse(const uint8_t *t, size_t len, void *m, pintas_refusal *w) \
    {                                                                                    \
        return pintas_##game##_move_parse(t, len, m, w);                                 \
    }                                                                                    \
    static int game##_parse_in(const void *s, const uint8_t *t, size_t len, void *m,     \
                               pintas_refusal *w)                                        \
    {                                                                                    \
        return pintas_##game##_parse_in(s, t, len, m, w);                                \
    }                                                                                    \
    static int game##_move_print(const void *m, char *buf, size_t cap, size_t *n)        \
    {                                                                                    \
        return pintas_##game##_move_print(m, buf, cap, n);                               \
    }                                                                                    \
    static int game##_why(const void *s, const void *m, pintas_refusal *w)               \
    {                                                                                    \
        return pintas_##game##_why(s, m, w);                                             \
    }                                                                                    \
    static int game##_refusal_text(const void *s, const pintas_refusal *w, const uint8_t *t, \
                                   size_t len, char *buf, size_t cap, size_t *n)         \
    {                                                                                    \
        return pintas_##game##_refusal_text(s, w, t, len, buf, cap, n);                  \
    }                                                                                    \
    const pintas_notation_table pintas_##game##_notation = {                             \
        game##_move_parse, game##_parse_in, game##_move_print, game##_why,               \
        game##_refusal_text}

PINTAS__NOTATION_TABLE(line);
PINTAS__NOTATION_TABLE(caminos);
PINTAS__NOTATION_TABLE(dice);
