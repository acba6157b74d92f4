/* measure.c - what each game costs on a board: the RAM of its structs, the
 * deepest stack of its calls, and the time of a move, a save and a load.
 *
 * Time is read from port_ticks and printed in nanoseconds of the board's
 * clock. On QEMU run with -icount shift=0 every instruction takes exactly one
 * virtual nanosecond, so the figures are instructions executed (boards/run.sh
 * runs it so); without -icount they mean nothing. On the host they are real
 * nanoseconds (at clock()'s resolution).
 *
 * A move is what a host does for it: one legal() and one play() call, and the
 * random choice among the legal moves (a PCG32 draw, a few dozen
 * instructions). The stack is measured by filling its free part with a
 * pattern before each game and finding the deepest word overwritten: the
 * figure is the depth below the measuring function's frame, the core's calls
 * and the few bytes of their call sites.
 */
#include <string.h>

#include "any_game.h"
#include "pintas/pintas.h"
#include "port.h"
#include "print.h"

#define GAMES 4
#define REPEAT 64
#define PATTERN 0xA5A5A5A5u

static any_rules rules;
static any_state state, copy;
static pintas_engine_events events;
static pintas_engine_moves moves;
static pintas_dice_moves dice_moves;
static uint8_t image[PINTAS_CAMINOS_SAVE_SIZE];

/* ---- time and stack ------------------------------------------------------ */

static uint64_t ticks_to_ns(uint64_t ticks)
{
    uint32_t hz = port_tick_hz();
    return hz == 0 ? 0 : ticks * 1000000000u / hz;
}

static void out_per(const char *what, uint64_t ticks, uint32_t count)
{
    out_s(what);
    out_u64(count == 0 ? 0 : ticks_to_ns(ticks) / count);
}

/* Fill the free stack below this function's frame with the pattern. */
static __attribute__((noinline)) void stack_fill(void)
{
    volatile uint32_t here = 0;
    uint32_t *p = port_stack_limit(), *top;
    if (p == NULL)
        return;
    top = (uint32_t *)((uintptr_t)&here & ~(uintptr_t)3u) - 16;
    while (p < top)
        *p++ = PATTERN;
}

/* How far below `marker` (a local of the caller of stack_fill) the stack
 * went since stack_fill; 0 without a limit. */
static uint32_t stack_depth(const volatile void *marker)
{
    const uint32_t *p = port_stack_limit();
    if (p == NULL)
        return 0;
    while (*p == PATTERN)
        ++p;
    return (uint32_t)((uintptr_t)marker - (uintptr_t)p);
}

/* ---- the games ----------------------------------------------------------- */

static const preset presets[] = {
    {"muggins-4", LINE, PINTAS_LINE_MUGGINS, 4, 0},
    {"capicua-pairs", LINE, PINTAS_LINE_CAPICUA, 4, 1},
    {"dominican-pairs", LINE, PINTAS_LINE_DOMINICAN, 4, 1},
    {"dominican-2", LINE, PINTAS_LINE_DOMINICAN, 2, 0},
    {"caminos-4", CAMINOS, PINTAS_CAMINOS_BASE, 4, 0},
    {"caminos-no-renewal-4", CAMINOS, PINTAS_CAMINOS_NO_RENEWAL, 4, 0},
    {"caminos-two-paths-2", CAMINOS, PINTAS_CAMINOS_TWO_PATHS, 2, 0},
    {"dice-of-doom-2", DICE, 0, 2, 0},
    {"farkle-2", DICE, 1, 2, 0},
};

static const pintas_engine *const engines[] = {&pintas_line_engine, &pintas_caminos_engine,
                                               &pintas_dice_engine};

/* One move: the legal moves, a random one of them, play it. */
static int move_once(const preset *p, pintas_rng *choice)
{
    const pintas_engine *e = engines[p->family];
    pintas_engine_move move;
    size_t n = 0;
    uint32_t pick = 0;
    int status;
    if (p->family == DICE) {
        pintas_dice_move *m = (pintas_dice_move *)(void *)&move;
        const pintas_dice_moves *d = &dice_moves;
        status = pintas_dice_legal(&state.dice, &dice_moves);
        if (status != PINTAS_OK)
            return status;
        n = (size_t)d->can_roll + d->can_bank + d->n_keeps;
        if (n > 1)
            pick = pintas_rng_below(choice, (uint32_t)n);
        memset(m, 0, sizeof *m);
        if (pick < d->can_roll)
            m->kind = PINTAS_DICE_ROLL;
        else if (pick < (uint32_t)d->can_roll + d->can_bank)
            m->kind = PINTAS_DICE_BANK;
        else {
            m->kind = PINTAS_DICE_KEEP;
            m->keep = d->keeps[pick - d->can_roll - d->can_bank].keep;
        }
    } else {
        status = e->legal(&state, &moves, e->max_moves, &n);
        if (status != PINTAS_OK || n == 0)
            return status != PINTAS_OK ? status : PINTAS_E_ARG;
        if (n > 1)
            pick = pintas_rng_below(choice, (uint32_t)n);
        memcpy(move.bytes, moves.bytes + pick * e->move_size, e->move_size);
    }
    return e->play(&state, &move, &events, e->max_events, &n);
}

static int start(const preset *p, uint64_t seed)
{
    const pintas_engine *e = engines[p->family];
    size_t n = 0;
    if (p->family == DICE)
        return pintas_dice_new(&state.dice, &rules.dice, p->players, 0, seed);
    return e->start(&state, &rules, seed, NULL, &events, e->max_events, &n);
}

static int measure(const preset *p)
{
    const pintas_engine *e = engines[p->family];
    uint64_t move_ticks = 0, save_ticks = 0, load_ticks = 0, t0;
    uint32_t played = 0, saves = 0, stack = 0, used;
    volatile uint32_t marker = 0;
    uint64_t seed;
    int status = PINTAS_OK, i;

    status = preset_rules(p, &rules);

    for (seed = 1; seed <= GAMES && status == PINTAS_OK; ++seed) {
        pintas_rng choice;
        uint32_t in_game = 0;
        pintas_rng_seed(&choice, seed, PINTAS_RNG_STREAM + 1u);
        stack_fill();
        status = start(p, seed);
        t0 = port_ticks();
        while (status == PINTAS_OK && e->turn(&state) >= 0) {
            status = move_once(p, &choice);
            ++played;
            /* Saves and loads of a state from the middle of the game. */
            if (++in_game == 20 && status == PINTAS_OK) {
                move_ticks += port_ticks() - t0;
                t0 = port_ticks();
                for (i = 0; i < REPEAT; ++i)
                    status |= e->save(&state, image, sizeof image);
                save_ticks += port_ticks() - t0;
                t0 = port_ticks();
                for (i = 0; i < REPEAT; ++i)
                    status |= e->load(&copy, image, e->save_size);
                load_ticks += port_ticks() - t0;
                saves += REPEAT;
                t0 = port_ticks();
            }
        }
        move_ticks += port_ticks() - t0;
        used = stack_depth(&marker);
        stack = used > stack ? used : stack;
    }
    if (status != PINTAS_OK) {
        out_s(p->name);
        out_s(": error: ");
        out_s(pintas_status_str(status));
        out_nl();
        return 1;
    }
    out_s(p->name);
    out_s(": ");
    out_u(played);
    out_s(" moves");
    out_per(", per move ", move_ticks, played);
    out_per(", save ", save_ticks, saves);
    out_per(", load ", load_ticks, saves);
    out_s("; stack ");
    out_u(stack);
    out_s(" B");
    out_nl();
    return 0;
}

/* ---- sizes --------------------------------------------------------------- */

static void out_size(const char *what, size_t bytes)
{
    out_s("  ");
    out_s(what);
    out_s(": ");
    out_u((uint32_t)bytes);
    out_nl();
}

static void sizes(void)
{
    out_s("sizes in bytes:");
    out_nl();
    out_size("pintas_line_state", sizeof(pintas_line_state));
    out_size("pintas_line_rules", sizeof(pintas_line_rules));
    out_size("line events (PINTAS_LINE_MAX_EVENTS)",
             sizeof(pintas_line_event) * PINTAS_LINE_MAX_EVENTS);
    out_size("line moves (PINTAS_LINE_MAX_MOVES)", sizeof(pintas_line_move) * PINTAS_LINE_MAX_MOVES);
    out_size("line save", PINTAS_LINE_SAVE_SIZE);
    out_size("pintas_caminos_state", sizeof(pintas_caminos_state));
    out_size("pintas_caminos_rules", sizeof(pintas_caminos_rules));
    out_size("caminos events (PINTAS_CAMINOS_MAX_EVENTS)",
             sizeof(pintas_caminos_event) * PINTAS_CAMINOS_MAX_EVENTS);
    out_size("caminos moves (PINTAS_CAMINOS_MAX_MOVES)",
             sizeof(pintas_caminos_move) * PINTAS_CAMINOS_MAX_MOVES);
    out_size("caminos save", PINTAS_CAMINOS_SAVE_SIZE);
    out_size("pintas_dice_state", sizeof(pintas_dice_state));
    out_size("pintas_dice_rules", sizeof(pintas_dice_rules));
    out_size("dice events (PINTAS_DICE_MAX_EVENTS)",
             sizeof(pintas_dice_event) * PINTAS_DICE_MAX_EVENTS);
    out_size("pintas_dice_moves", sizeof(pintas_dice_moves));
    out_size("dice save", PINTAS_DICE_SAVE_SIZE);
    out_size("pintas_dice_table", sizeof(pintas_dice_table));
    out_size("pintas_dice_policy (the solver workspace's header)", sizeof(pintas_dice_policy));
    out_size("engine buffers (events + moves + move)",
             sizeof(pintas_engine_events) + sizeof(pintas_engine_moves) + sizeof(pintas_engine_move));
}

/* The solver's workspace and time, where the board has the RAM. */
static int solver(const char *name, int farkle)
{
    const pintas_dice_policy *p = NULL;
    size_t free_bytes, need;
    void *arena = port_arena(&free_bytes);
    volatile uint32_t marker = 0;
    uint64_t t0;
    int status;
    out_s("dice solver, ");
    out_s(name);
    out_s(": ");
    if (free_bytes < sizeof(pintas_dice_policy)) {
        out_s("skipped (no RAM for it)");
        out_nl();
        return 0;
    }
    if (farkle)
        pintas_dice_rules_farkle(&rules.dice);
    else
        pintas_dice_rules_dice_of_doom(&rules.dice);
    stack_fill();
    need = pintas_dice_solve_workspace_size(&rules.dice);
    if (need == 0 || need > free_bytes) {
        out_s("skipped (workspace ");
        out_u((uint32_t)need);
        out_s(" B)");
        out_nl();
        return 0;
    }
    t0 = port_ticks();
    status = pintas_dice_solve(&rules.dice, 0, arena, need, &p);
    t0 = port_ticks() - t0;
    if (status != PINTAS_OK) {
        out_s(pintas_status_str(status));
        out_nl();
        return 1;
    }
    out_s("workspace ");
    out_u((uint32_t)need);
    out_s(" B");
    out_per(", solve ", t0, 1);
    out_s("; stack ");
    out_u(stack_depth(&marker));
    out_s(" B");
    out_nl();
    return 0;
}

int main(void)
{
    size_t i, arena;
    int failed = 0;
    out_s("board: ");
    out_s(port_name());
    out_nl();
    port_arena(&arena);
    out_s("free RAM beside the program and its stack: ");
    out_u((uint32_t)arena);
    out_s(" B");
    out_nl();
    sizes();
    out_s("time in ns of the board's clock: instructions under qemu -icount shift=0");
    out_nl();
    for (i = 0; i < sizeof presets / sizeof presets[0]; ++i)
        failed |= measure(&presets[i]);
    failed |= solver("dice-of-doom", 0);
    failed |= solver("farkle", 1);
    return failed;
}
