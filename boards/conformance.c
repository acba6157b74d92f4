/* conformance.c - the same games give the same bytes on every machine.
 *
 * Plays seeded games of every game and preset through pintas/engine.h, the
 * players choosing random legal moves with a second PCG32, and prints one line
 * per game: its moves, rounds, scores and winners, and a 64-bit FNV-1a hash of
 * everything the core said along the way - every legal-move list, every event
 * field, every save image, the status check() gives a neighbour of each chosen
 * move and the status load() gives a save with one bit flipped - after
 * checking that each save loads back and saves again to the same bytes. Then
 * the dice solver's results for both presets: the expected turn score as IEEE
 * 754 bits, every bank threshold, the value of rolling at every turn total of
 * every pool state, and the best keep of every first roll.
 *
 * Built for the host and for the QEMU boards (boards/CMakeLists.txt), it must
 * print the same lines everywhere but the first (the board's name):
 * boards/run.sh compares them. Where the board's RAM cannot hold the solver's
 * workspace the solver's line says "skipped" instead.
 *
 * Everything is in .bss (about 4 KB) so that the stack holds only the
 * core's own frames.
 */
#include <string.h>

#include "any_game.h"
#include "pintas/pintas.h"
#include "port.h"
#include "print.h"

/* Games per preset: seeds 1..GAMES. */
#define GAMES 16

/* ---- FNV-1a, 64 bits, over little-endian fields -------------------------- */

typedef uint64_t hash_t;
#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME UINT64_C(0x100000001b3)

static void h8(hash_t *h, uint32_t byte)
{
    *h = (*h ^ (byte & 0xFFu)) * FNV_PRIME;
}

static void h32(hash_t *h, uint32_t v)
{
    h8(h, v);
    h8(h, v >> 8);
    h8(h, v >> 16);
    h8(h, v >> 24);
}

static void h64(hash_t *h, uint64_t v)
{
    h32(h, (uint32_t)v);
    h32(h, (uint32_t)(v >> 32));
}

static void hbytes(hash_t *h, const uint8_t *p, size_t n)
{
    while (n-- > 0)
        h8(h, *p++);
}

static uint64_t double_bits(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return bits;
}

/* ---- each game's moves and events, field by field ------------------------ */

static void hash_line_move(hash_t *h, const void *p)
{
    const pintas_line_move *m = p;
    h8(h, m->kind);
    h8(h, m->tile);
    h8(h, m->end);
}

static void hash_line_event(hash_t *h, const void *p)
{
    const pintas_line_event *e = p;
    h8(h, e->kind);
    h8(h, e->seat);
    h8(h, e->side);
    h8(h, e->tile);
    h8(h, e->end);
    h8(h, e->reason);
    h32(h, (uint32_t)e->points);
}

static void hash_caminos_move(hash_t *h, const void *p)
{
    const pintas_caminos_move *m = p;
    h8(h, m->kind);
    h8(h, m->tile);
    h8(h, m->path);
    h8(h, m->side);
}

static void hash_caminos_event(hash_t *h, const void *p)
{
    const pintas_caminos_event *e = p;
    h8(h, e->kind);
    h8(h, e->seat);
    h8(h, e->tile);
    h8(h, e->path);
    h8(h, e->side);
    h8(h, e->reason);
    h8(h, e->seats);
    h32(h, (uint32_t)e->value);
    h64(h, e->tiles);
}

static void hash_dice_event(hash_t *h, const void *p)
{
    const pintas_dice_event *e = p;
    unsigned i;
    h8(h, e->kind);
    h8(h, e->player);
    h8(h, e->n);
    for (i = 0; i < e->n && i < PINTAS_DICE_COUNT; ++i)
        h8(h, e->dice[i]);
    h32(h, (uint32_t)e->points);
    h32(h, (uint32_t)e->total);
}

/* ---- the presets --------------------------------------------------------- */

static const preset presets[] = {
    {"muggins-2", LINE, PINTAS_LINE_MUGGINS, 2, 0},
    {"muggins-3", LINE, PINTAS_LINE_MUGGINS, 3, 0},
    {"muggins-4", LINE, PINTAS_LINE_MUGGINS, 4, 0},
    {"capicua-2", LINE, PINTAS_LINE_CAPICUA, 2, 0},
    {"capicua-4", LINE, PINTAS_LINE_CAPICUA, 4, 0},
    {"capicua-pairs", LINE, PINTAS_LINE_CAPICUA, 4, 1},
    {"dominican-2", LINE, PINTAS_LINE_DOMINICAN, 2, 0},
    {"dominican-3", LINE, PINTAS_LINE_DOMINICAN, 3, 0},
    {"dominican-4", LINE, PINTAS_LINE_DOMINICAN, 4, 0},
    {"dominican-pairs", LINE, PINTAS_LINE_DOMINICAN, 4, 1},
    {"caminos-2", CAMINOS, PINTAS_CAMINOS_BASE, 2, 0},
    {"caminos-3", CAMINOS, PINTAS_CAMINOS_BASE, 3, 0},
    {"caminos-4", CAMINOS, PINTAS_CAMINOS_BASE, 4, 0},
    {"caminos-no-renewal-2", CAMINOS, PINTAS_CAMINOS_NO_RENEWAL, 2, 0},
    {"caminos-no-renewal-4", CAMINOS, PINTAS_CAMINOS_NO_RENEWAL, 4, 0},
    {"caminos-two-paths-2", CAMINOS, PINTAS_CAMINOS_TWO_PATHS, 2, 0},
    {"caminos-two-paths-3", CAMINOS, PINTAS_CAMINOS_TWO_PATHS, 3, 0},
    {"dice-of-doom-2", DICE, 0, 2, 0},
    {"dice-of-doom-3", DICE, 0, 3, 0},
    {"farkle-2", DICE, 1, 2, 0},
    {"farkle-4", DICE, 1, 4, 0},
};

/* ---- one game ------------------------------------------------------------ */

static any_rules rules;
static any_state state, copy;
static pintas_engine_events events;
static pintas_engine_moves moves;
static pintas_dice_moves dice_moves;
static uint8_t image[PINTAS_CAMINOS_SAVE_SIZE], image2[PINTAS_CAMINOS_SAVE_SIZE];

typedef struct game_kind {
    const pintas_engine *engine;
    void (*hash_move)(hash_t *, const void *);
    void (*hash_event)(hash_t *, const void *);
} game_kind;

static const game_kind kinds[] = {
    {&pintas_line_engine, hash_line_move, hash_line_event},
    {&pintas_caminos_engine, hash_caminos_move, hash_caminos_event},
    {&pintas_dice_engine, NULL, hash_dice_event},
};

static int fail(const preset *p, uint64_t seed, const char *what, int status)
{
    out_s(p->name);
    out_s(" seed ");
    out_u((uint32_t)seed);
    out_s(": error: ");
    out_s(what);
    out_s(": ");
    out_s(pintas_status_str(status));
    out_nl();
    return 1;
}

static void hash_events(hash_t *h, const game_kind *k, size_t n)
{
    size_t i;
    h32(h, (uint32_t)n);
    for (i = 0; i < n; ++i)
        k->hash_event(h, events.bytes + i * k->engine->event_size);
}

/* Pick the move of a dice game into *m: roll (a quarter of the rolls with
 * dice given by the player), bank or one of the keeps, uniformly. */
static int dice_choose(pintas_rng *choice, hash_t *h, pintas_dice_move *m)
{
    const pintas_dice_moves *d = &dice_moves;
    uint32_t n, pick;
    unsigned i;
    int status = pintas_dice_legal(&state.dice, &dice_moves);
    if (status != PINTAS_OK)
        return status;
    h8(h, d->can_roll);
    h8(h, d->can_bank);
    h8(h, d->dice_to_roll);
    h8(h, d->n_keeps);
    for (i = 0; i < d->n_keeps; ++i) {
        h32(h, d->keeps[i].keep);
        h32(h, (uint32_t)d->keeps[i].points);
    }
    n = (uint32_t)d->can_roll + d->can_bank + d->n_keeps;
    if (n == 0)
        return PINTAS_E_ILLEGAL;
    pick = n > 1 ? pintas_rng_below(choice, n) : 0;
    memset(m, 0, sizeof *m);
    if (pick < d->can_roll) {
        m->kind = PINTAS_DICE_ROLL;
        if (pintas_rng_below(choice, 4) == 0) {
            m->kind = PINTAS_DICE_ROLL_GIVEN;
            m->n = d->dice_to_roll;
            for (i = 0; i < m->n; ++i)
                m->values[i] = (uint8_t)(1u + pintas_rng_below(choice, 6));
        }
    } else if (pick < (uint32_t)d->can_roll + d->can_bank) {
        m->kind = PINTAS_DICE_BANK;
    } else {
        m->kind = PINTAS_DICE_KEEP;
        m->keep = d->keeps[pick - d->can_roll - d->can_bank].keep;
    }
    return PINTAS_OK;
}

static int play_game(const preset *p, uint64_t seed, hash_t *total)
{
    const game_kind *k = &kinds[p->family];
    const pintas_engine *e = k->engine;
    pintas_engine_move move, other;
    pintas_engine_status st;
    pintas_rng choice;
    hash_t h = FNV_OFFSET;
    uint32_t played = 0;
    size_t n = 0, i;
    int status, side;

    pintas_rng_seed(&choice, seed, PINTAS_RNG_STREAM + 1u);
    if (p->family == DICE)
        status = pintas_dice_new(&state.dice, &rules.dice, p->players,
                                 (int)(seed % (uint64_t)p->players), seed);
    else
        status = e->start(&state, &rules, seed, NULL, &events, e->max_events, &n);
    if (status != PINTAS_OK)
        return fail(p, seed, "start", status);
    if (p->family != DICE)
        hash_events(&h, k, n);

    while (e->turn(&state) >= 0) {
        memset(&move, 0, sizeof move);
        if (p->family == DICE) {
            status = dice_choose(&choice, &h, (pintas_dice_move *)(void *)&move);
            if (status != PINTAS_OK)
                return fail(p, seed, "dice moves", status);
        } else {
            uint32_t pick = 0;
            status = e->legal(&state, &moves, e->max_moves, &n);
            if (status != PINTAS_OK || n == 0)
                return fail(p, seed, "legal moves", status != PINTAS_OK ? status : PINTAS_E_ARG);
            h32(&h, (uint32_t)n);
            for (i = 0; i < n; ++i)
                k->hash_move(&h, moves.bytes + i * e->move_size);
            if (n > 1)
                pick = pintas_rng_below(&choice, (uint32_t)n);
            memcpy(move.bytes, moves.bytes + pick * e->move_size, e->move_size);
        }
        /* The chosen move is legal; a neighbour of it (its second byte, the
         * tile or the count of dice, changed) gives some status. */
        status = e->check(&state, &move);
        if (status != PINTAS_OK)
            return fail(p, seed, "check of a legal move", status);
        other = move;
        other.bytes[1] ^= 1u;
        h32(&h, (uint32_t)e->check(&state, &other));

        status = e->play(&state, &move, &events, e->max_events, &n);
        if (status != PINTAS_OK)
            return fail(p, seed, "play", status);
        hash_events(&h, k, n);
        ++played;
        if (played == 40) {
            /* Later deals and rolls come from a fresh seed. */
            status = e->reseed(&state, seed + 1000u);
            if (status != PINTAS_OK)
                return fail(p, seed, "reseed", status);
        }

        /* Save; the save loads and saves again to the same bytes; the save
         * with one bit flipped gives some status. */
        status = e->save(&state, image, sizeof image);
        if (status != PINTAS_OK)
            return fail(p, seed, "save", status);
        hbytes(&h, image, e->save_size);
        status = e->load(&copy, image, e->save_size);
        if (status != PINTAS_OK)
            return fail(p, seed, "load", status);
        status = e->save(&copy, image2, sizeof image2);
        if (status != PINTAS_OK || memcmp(image, image2, e->save_size) != 0)
            return fail(p, seed, "save of the loaded state differs", status);
        image[played % e->save_size] ^= (uint8_t)(1u << (played % 8u));
        h32(&h, (uint32_t)e->load(&copy, image, e->save_size));
    }

    status = e->status(&state, &st);
    if (status != PINTAS_OK)
        return fail(p, seed, "status", status);
    h8(&h, st.seats);
    h8(&h, st.sides);
    h8(&h, st.winners);
    h32(&h, st.round);
    out_s(p->name);
    out_s(" seed ");
    out_u((uint32_t)seed);
    out_s(": ");
    out_u(played);
    out_s(" moves, ");
    out_u(st.round);
    out_s(" rounds, scores");
    for (side = 0; side < st.sides; ++side) {
        h32(&h, (uint32_t)st.score[side]);
        out_c(' ');
        out_d(st.score[side]);
    }
    out_s(", winners ");
    out_x(st.winners, 2);
    out_s(", hash ");
    out_x(h, 16);
    out_nl();
    h64(total, h);
    return 0;
}

static int play_preset(const preset *p, hash_t *total)
{
    uint64_t seed;
    int status;
    status = preset_rules(p, &rules);
    if (status != PINTAS_OK)
        return fail(p, 0, "rules", status);
    for (seed = 1; seed <= GAMES; ++seed)
        if (play_game(p, seed, total) != 0)
            return 1;
    return 0;
}

/* ---- the dice solver ----------------------------------------------------- */

static int solve(const char *name, const pintas_dice_rules *r)
{
    const pintas_dice_policy *p = NULL;
    pintas_dice_keep keep;
    pintas_dice_set set;
    size_t free_bytes, need;
    void *arena = port_arena(&free_bytes);
    hash_t thresholds = FNV_OFFSET, values = FNV_OFFSET, keeps = FNV_OFFSET;
    uint32_t n_thresholds = 0, unit, t;
    int32_t threshold, empty_threshold = -1;
    double v;
    int i, status;

    out_s("dice-solver ");
    out_s(name);
    out_s(": ");
    /* The policy's header alone is larger than a small board's RAM; so is the
     * stack that pintas_dice_solve_workspace_size needs to lay it out. */
    if (free_bytes < sizeof(pintas_dice_policy)) {
        out_s("skipped: the workspace is more than ");
        out_u((uint32_t)sizeof(pintas_dice_policy));
        out_s(" bytes, ");
        out_u((uint32_t)free_bytes);
        out_s(" are free");
        out_nl();
        return 0;
    }
    need = pintas_dice_solve_workspace_size(r);
    if (need == 0 || need > free_bytes) {
        out_s("skipped: the workspace is ");
        out_u((uint32_t)need);
        out_s(" bytes, ");
        out_u((uint32_t)free_bytes);
        out_s(" are free");
        out_nl();
        return 0;
    }
    status = pintas_dice_solve(r, 0, arena, need, &p);
    if (status != PINTAS_OK) {
        out_s("error: ");
        out_s(pintas_status_str(status));
        out_nl();
        return 1;
    }
    unit = (uint32_t)pintas_dice_rules_unit(r);
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        pintas_dice_set_at(i, &set);
        if (pintas_dice_policy_threshold(p, set, &threshold) == PINTAS_OK) {
            h32(&thresholds, (uint32_t)i);
            h32(&thresholds, (uint32_t)threshold);
            ++n_thresholds;
            if (i == 0)
                empty_threshold = threshold;
        }
        /* The value of rolling at every turn total below the cap. */
        for (t = 0; t < p->cap_units; ++t)
            if (pintas_dice_policy_roll_value(p, set, (int32_t)(t * unit), &v) == PINTAS_OK)
                h64(&values, double_bits(v));
        /* The best keep of every first roll of six dice. */
        if (pintas_dice_set_size(set) == PINTAS_DICE_COUNT) {
            status = pintas_dice_policy_best_keep(p, set, 0, 0, &keep, &v);
            h32(&keeps, (uint32_t)status);
            if (status == PINTAS_OK) {
                h32(&keeps, keep.keep);
                h32(&keeps, (uint32_t)keep.points);
                h64(&keeps, double_bits(v));
            }
        }
    }
    v = pintas_dice_policy_expected(p);
    out_u(p->n_states);
    out_s(" states, cap ");
    out_u(p->cap_units);
    out_s(" units, expected ");
    out_u((uint32_t)v);
    out_s(" (");
    out_x(double_bits(v), 16);
    out_s("), empty-pool threshold ");
    out_d(empty_threshold);
    out_s(", ");
    out_u(n_thresholds);
    out_s(" thresholds ");
    out_x(thresholds, 16);
    out_s(", values ");
    out_x(values, 16);
    out_s(", keeps ");
    out_x(keeps, 16);
    out_nl();
    return 0;
}

int main(void)
{
    pintas_dice_rules dice;
    hash_t total = FNV_OFFSET;
    size_t i;
    int failed = 0;

    out_s("board: ");
    out_s(port_name());
    out_nl();
    out_s("pintas ");
    out_s(pintas_version());
    out_s(" conformance: ");
    out_u((uint32_t)(sizeof presets / sizeof presets[0]));
    out_s(" presets, ");
    out_u(GAMES);
    out_s(" games each");
    out_nl();
    for (i = 0; i < sizeof presets / sizeof presets[0]; ++i)
        failed |= play_preset(&presets[i], &total);
    out_s("all games: hash ");
    out_x(total, 16);
    out_nl();
    pintas_dice_rules_dice_of_doom(&dice);
    failed |= solve("dice-of-doom", &dice);
    pintas_dice_rules_farkle(&dice);
    failed |= solve("farkle", &dice);
    out_s(failed ? "conformance: FAILED" : "conformance: end");
    out_nl();
    return failed;
}
