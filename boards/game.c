/* game.c - the firmware example: a whole Dominican game of pairs on a
 * microcontroller, every move and score written to the console.
 *
 * The core needs nothing from the board but RAM: the state, the legal moves
 * and the events are plain structs here, in .bss (about 1.8 KB on a
 * Cortex-M). Every seat plays a random legal move chosen by a second PCG32, so
 * the game is a pure function of the seed: the same lines come out on every
 * board and on the host (boards/run.sh compares them).
 */
#include "pintas/pintas.h"
#include "port.h"
#include "print.h"

#define SEED 2026u

static pintas_line_rules rules;
static pintas_line_state game;
static pintas_line_event events[PINTAS_LINE_MAX_EVENTS];
static pintas_line_move moves[PINTAS_LINE_MAX_MOVES];

static const char *const reasons[] = {
    "", "fives", "domino", "tranque", "tranque, tied", "pass", "capicua",
    "pase corrido", "pase de salida", "target reached", "zapatero", "tie-break"};

static void out_tile(uint8_t tile)
{
    out_u(pintas_tile_high(tile));
    out_c('|');
    out_u(pintas_tile_low(tile));
}

static void out_reason(uint8_t reason)
{
    if (reason < sizeof reasons / sizeof reasons[0] && reasons[reason][0] != '\0') {
        out_s(" (");
        out_s(reasons[reason]);
        out_c(')');
    }
}

/* Words for people count from 1: seat 0 is player 1, side 0 (seats 0 and 2)
 * team 1 (docs/rules.md, "Seats and players"). */
static void print_event(const pintas_line_event *e)
{
    switch (e->kind) {
    case PINTAS_EV_DEAL:
        out_s("round ");
        out_d(e->points);
        out_s(": player ");
        out_u(e->seat + 1u);
        out_s(" leads");
        break;
    case PINTAS_EV_REDEAL:
        out_s("  deal voided: player ");
        out_u(e->seat + 1u);
        out_s(" holds ");
        out_d(e->points);
        out_s(" doubles");
        break;
    case PINTAS_EV_PLAY:
        out_s("  player ");
        out_u(e->seat + 1u);
        out_s(" plays ");
        out_tile(e->tile);
        out_s(e->end == PINTAS_END_LEFT ? " left" : " right");
        break;
    case PINTAS_EV_PASS:
        out_s("  player ");
        out_u(e->seat + 1u);
        out_s(" passes");
        break;
    case PINTAS_EV_SCORE:
        out_s("  team ");
        out_u(e->side + 1u);
        out_s(" scores ");
        out_d(e->points);
        out_reason(e->reason);
        break;
    case PINTAS_EV_ROUND_END:
        out_s("  round over");
        out_reason(e->reason);
        break;
    case PINTAS_EV_GAME_END:
        out_s("team ");
        out_u(e->side + 1u);
        out_s(" wins");
        out_reason(e->reason);
        break;
    default:
        out_s("  event ");
        out_u(e->kind);
        break;
    }
    out_nl();
}

static int fail(const char *what, int status)
{
    out_s("error: ");
    out_s(what);
    out_s(": ");
    out_s(pintas_status_str(status));
    out_nl();
    return 1;
}

int main(void)
{
    pintas_rng choice;
    size_t n_events = 0, n_moves = 0, i;
    uint32_t played = 0;
    int status;

    out_s("pintas ");
    out_s(pintas_version());
    out_s(" on ");
    out_s(port_name());
    out_s(": Dominican pairs to 200, seed ");
    out_u(SEED);
    out_nl();
    status = pintas_line_rules_preset(&rules, PINTAS_LINE_DOMINICAN, 4, 1);
    if (status != PINTAS_OK)
        return fail("rules", status);
    status = pintas_line_new(&game, &rules, SEED, events, PINTAS_LINE_MAX_EVENTS, &n_events);
    if (status != PINTAS_OK)
        return fail("new game", status);
    for (i = 0; i < n_events; ++i)
        print_event(&events[i]);
    pintas_rng_seed(&choice, SEED, PINTAS_RNG_STREAM + 1u);
    while (game.phase == PINTAS_LINE_PLAYING) {
        uint32_t pick = 0;
        status = pintas_line_legal(&game, moves, PINTAS_LINE_MAX_MOVES, &n_moves);
        if (status != PINTAS_OK || n_moves == 0)
            return fail("legal moves", status);
        if (n_moves > 1)
            pick = pintas_rng_below(&choice, (uint32_t)n_moves);
        status = pintas_line_play(&game, &moves[pick], events, PINTAS_LINE_MAX_EVENTS, &n_events);
        if (status != PINTAS_OK)
            return fail("play", status);
        ++played;
        for (i = 0; i < n_events; ++i)
            print_event(&events[i]);
    }
    out_s("final score ");
    out_d(game.score[0]);
    out_s(" - ");
    out_d(game.score[1]);
    out_s(" after ");
    out_u(played);
    out_s(" moves in ");
    out_u(game.round);
    out_s(" rounds");
    out_nl();
    return 0;
}
