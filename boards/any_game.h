/* boards/any_game.h - room for the state and rules of any game, so that one
 * program drives every game through its engine table (pintas/engine.h). */
#ifndef BOARDS_ANY_GAME_H
#define BOARDS_ANY_GAME_H

#include "pintas/pintas.h"

typedef union any_state {
    pintas_line_state line;
    pintas_caminos_state caminos;
    pintas_dice_state dice;
} any_state;

typedef union any_rules {
    pintas_line_rules line;
    pintas_caminos_rules caminos;
    pintas_dice_rules dice;
} any_rules;

/* A game of a program's list: its family, which picks the game's union
 * member and engine table, and its preset. */
enum family { LINE, CAMINOS, DICE };

typedef struct preset {
    const char *name;
    enum family family;
    int game;    /* pintas_line_game, pintas_caminos_variant, or 0/1: doom/farkle */
    int players;
    int pairs;
} preset;

/* The rules of preset p into *r, as the game's preset call answers. */
static inline int preset_rules(const preset *p, any_rules *r)
{
    if (p->family == LINE)
        return pintas_line_rules_preset(&r->line, p->game, p->players, p->pairs);
    if (p->family == CAMINOS)
        return pintas_caminos_rules_preset(&r->caminos, p->game, p->players);
    if (p->game == 0)
        return pintas_dice_rules_dice_of_doom(&r->dice);
    return pintas_dice_rules_farkle(&r->dice);
}

#endif
