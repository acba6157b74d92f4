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

#endif
