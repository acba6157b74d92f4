/* embed.c - a whole Dominican game in C, as a device or server would run it.
 *
 * The caller owns the state (a plain struct on the stack) and the buffers; the
 * core allocates nothing. Here every seat plays its first legal move; a real
 * host would ask a player or a bot. Build: see CMakeLists.txt (target
 * example_embed) or
 *   cc -std=c99 -Icsrc/include examples/embed.c csrc/[a-z]*.c -o embed
 */
#include <stdio.h>

#include "pintas/pintas.h"

/* Words for people count from 1: side 0 (seats 0 and 2) is team 1. */
static void print_event(const pintas_line_event *e)
{
    if (e->kind == PINTAS_EV_SCORE)
        printf("  team %u scores %ld\n", (unsigned)e->side + 1, (long)e->points);
    else if (e->kind == PINTAS_EV_ROUND_END)
        printf("  round over (%s)\n", e->reason == PINTAS_WHY_DOMINO ? "domino" : "tranque");
    else if (e->kind == PINTAS_EV_GAME_END)
        printf("  team %u wins the game\n", (unsigned)e->side + 1);
}

int main(void)
{
    pintas_line_rules rules;
    pintas_line_state game;
    pintas_line_event events[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n_events = 0, n_moves = 0, i;
    long total_moves = 0;
    int status;

    status = pintas_line_rules_preset(&rules, PINTAS_LINE_DOMINICAN, 4, 1);
    if (status == PINTAS_OK)
        status = pintas_line_new(&game, &rules, 2026, events, PINTAS_LINE_MAX_EVENTS, &n_events);
    if (status != PINTAS_OK) {
        printf("cannot start: %s\n", pintas_status_str(status));
        return 1;
    }
    printf("state: %u bytes, save: %u bytes\n", (unsigned)sizeof game,
           (unsigned)PINTAS_LINE_SAVE_SIZE);
    while (game.phase == PINTAS_LINE_PLAYING) {
        status = pintas_line_legal(&game, moves, PINTAS_LINE_MAX_MOVES, &n_moves);
        if (status == PINTAS_OK && n_moves > 0)
            status = pintas_line_play(&game, &moves[0], events, PINTAS_LINE_MAX_EVENTS, &n_events);
        if (status != PINTAS_OK) {
            printf("error: %s\n", pintas_status_str(status));
            return 1;
        }
        ++total_moves;
        for (i = 0; i < n_events; ++i)
            print_event(&events[i]);
    }
    printf("%ld moves, %u rounds, final score %ld - %ld\n", total_moves, (unsigned)game.round,
           (long)game.score[0], (long)game.score[1]);
    return 0;
}
