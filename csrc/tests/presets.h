/* presets.h - the C tests' list of game set-ups over the engine tables: every
 * line game (four seats, and Dominican with two), every Caminos preset, Dice
 * of Doom for two and Farkle for three; and starting a game of one.
 * Include it in one translation unit per test executable. */
#ifndef PINTAS_TEST_PRESETS_H
#define PINTAS_TEST_PRESETS_H

#include "pintas/pintas.h"

typedef struct preset {
    const pintas_engine *engine;
    pintas_save_rules rules; /* any game's rules (a dice rules struct is larger than a setup) */
    int players;             /* the seats (dice: the game's count; tile games: the rules') */
} preset;

#define PRESETS_MAX 9

/* Fill out[0..PRESETS_MAX) with the presets; their count. */
static size_t presets_all(preset *out)
{
    size_t n = 0;
    int g;
    for (g = PINTAS_LINE_MUGGINS; g <= PINTAS_LINE_DOMINICAN; ++g) {
        out[n].engine = &pintas_line_engine;
        out[n].players = 4;
        pintas_line_rules_preset(&out[n++].rules.line, g, 4, g != PINTAS_LINE_MUGGINS);
    }
    out[n].engine = &pintas_line_engine;
    out[n].players = 2;
    pintas_line_rules_preset(&out[n++].rules.line, PINTAS_LINE_DOMINICAN, 2, 0);
    for (g = PINTAS_CAMINOS_BASE; g <= PINTAS_CAMINOS_TWO_PATHS; ++g) {
        int players = g == PINTAS_CAMINOS_TWO_PATHS ? 2 : 4;
        out[n].engine = &pintas_caminos_engine;
        out[n].players = players;
        pintas_caminos_rules_preset(&out[n++].rules.caminos, g, players);
    }
    out[n].engine = &pintas_dice_engine;
    out[n].players = 2;
    pintas_dice_rules_dice_of_doom(&out[n++].rules.dice);
    out[n].engine = &pintas_dice_engine;
    out[n].players = 3;
    pintas_dice_rules_farkle(&out[n++].rules.dice);
    return n;
}

/* Start game `seed` of *p into *s, its events into ev[0..*n) (dice:
 * pintas_dice_new, first player 0, as the engine has no start; no events). */
static int preset_start(const preset *p, void *s, uint64_t seed, pintas_engine_events *ev,
                        size_t *n)
{
    *n = 0;
    if (p->engine->start == NULL)
        return pintas_dice_new(s, &p->rules.dice, p->players, 0, seed);
    return p->engine->start(s, &p->rules, seed, NULL, ev, p->engine->max_events, n);
}

#endif /* PINTAS_TEST_PRESETS_H */
