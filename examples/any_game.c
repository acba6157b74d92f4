/* any_game.c - one loop that plays every tile game through pintas/engine.h.
 *
 * A host that serves several games keeps one buffer of each kind and drives
 * each game through its engine table: here a Dominican game and a Caminos game
 * are played to their end by their first legal move, and their results read
 * from the same status. Built and run by ctest.
 */
#include <stdio.h>

#include "pintas/pintas.h"

/* Any game's state fits here, aligned for every game's structs. */
typedef union any_state {
    pintas_line_state line;
    pintas_caminos_state caminos;
    pintas_dice_state dice;
} any_state;

static int play_out(const pintas_engine *e, const void *rules, uint64_t seed)
{
    any_state state;
    pintas_engine_events ev;
    pintas_engine_moves moves;
    pintas_engine_status st;
    size_t n = 0;
    int side, plays = 0;
    if (sizeof state < e->state_size)
        return 1;
    if (e->start(&state, rules, seed, NULL, &ev, e->max_events, &n) != PINTAS_OK)
        return 1;
    while (e->turn(&state) >= 0) {
        if (e->legal(&state, &moves, e->max_moves, &n) != PINTAS_OK || n == 0)
            return 1;
        if (e->play(&state, &moves, &ev, e->max_events, &n) != PINTAS_OK)
            return 1;
        ++plays;
    }
    e->status(&state, &st);
    printf("%s: %d moves, %d rounds; scores", e->name, plays, st.round);
    for (side = 0; side < st.sides; ++side)
        printf(" %ld%s", (long)st.score[side], st.winners >> side & 1 ? " (won)" : "");
    printf("\n");
    return 0;
}

int main(void)
{
    pintas_line_rules dominican;
    pintas_caminos_rules caminos;
    pintas_line_rules_preset(&dominican, PINTAS_LINE_DOMINICAN, 4, 1);
    pintas_caminos_rules_preset(&caminos, 0, 3);
    return play_out(&pintas_line_engine, &dominican, 7) ||
           play_out(&pintas_caminos_engine, &caminos, 7);
}
