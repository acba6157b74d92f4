/* fuzz_rules.c - rules structs of every game from the fuzzer's bytes (raw,
 * or a preset with a few bytes changed): pintas_*_rules_check, then a game.
 * The first byte picks the game (line, Caminos, dice).
 *
 * Rules the check refuses: PINTAS_E_RULES (never a crash), and every entry
 * that takes rules refuses them the same way, leaving its outputs untouched.
 * Rules it takes: a new game starts, is sound (the loader takes it, every
 * tile in one place) and stays sound over the legal moves the bytes pick;
 * the line games' sides and a one-game simulation agree; the dice table
 * builds and the rules' unit is positive.
 * A first byte of 3 reads settings values instead (pintas/settings.h): any
 * values are taken or refused, a refusal names a setting of the table, and
 * its message fits any buffer (cut, NUL-terminated, its length told).
 */
#include "games.h"

/* A few legal moves the bytes pick, through the game's engine table, each
 * leaving a sound state (checked by sound). */
static void play_some(const pintas_engine *e, fuzz_bytes *b, void *s, void (*sound)(const void *))
{
    pintas_engine_moves moves;
    pintas_engine_events ev;
    size_t n = 0, n_ev;
    unsigned i;
    for (i = 0; i < 40 && b->n > 0; ++i) {
        FUZZ_CHECK(e->legal(s, &moves, e->max_moves, &n) == PINTAS_OK);
        if (n == 0)
            return;
        FUZZ_CHECK(e->play(s, (const unsigned char *)&moves + fuzz_below(b, (unsigned)n) *
                                  e->move_size,
                           &ev, e->max_events, &n_ev) == PINTAS_OK);
        sound(s);
    }
}

static void fuzz_line(fuzz_bytes *b)
{
    pintas_line_rules r;
    pintas_line_state s, before;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_stats stats;
    size_t n_ev = 12345;
    uint64_t seed;
    int ok, status;
    if (fuzz_u8(b) & 1u) {
        fuzz_fill(b, &r, sizeof r);
    } else {
        fuzz_line_rules(b, &r);
        fuzz_scribble(b, &r, sizeof r, 1u + fuzz_below(b, 3));
    }
    seed = fuzz_u64(b);
    status = pintas_line_rules_check(&r);
    FUZZ_CHECK(status == PINTAS_OK || status == PINTAS_E_RULES);
    ok = status == PINTAS_OK;
    FUZZ_CHECK(ok ? pintas_line_sides(&r) == (r.pairs ? 2 : r.players)
                  : pintas_line_sides(&r) == PINTAS_E_RULES);
    memset(&s, FUZZ_PATTERN, sizeof s);
    before = s;
    status = pintas_line_new(&s, &r, seed, ev, PINTAS_LINE_MAX_EVENTS, &n_ev);
    if (!ok) {
        FUZZ_CHECK(status == PINTAS_E_RULES && n_ev == 12345);
        FUZZ_CHECK(memcmp(&s, &before, sizeof s) == 0);
        FUZZ_CHECK(pintas_line_simulate(&r, 1, seed, &stats) == PINTAS_E_RULES);
        return;
    }
    FUZZ_CHECK(status == PINTAS_OK && n_ev >= 1 && n_ev <= PINTAS_LINE_MAX_EVENTS);
    fuzz_line_sound(&s);
    play_some(&pintas_line_engine, b, &s, fuzz_line_sound_any);
    if (r.target <= 300) /* a whole game to a high target is slow under the sanitizers */
        FUZZ_CHECK(pintas_line_simulate(&r, 1, seed, &stats) == PINTAS_OK && stats.games == 1);
}

static void fuzz_caminos(fuzz_bytes *b)
{
    pintas_caminos_rules r;
    pintas_caminos_state s, before;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    pintas_caminos_stats stats;
    size_t n_ev = 12345;
    uint64_t seed;
    int ok, status;
    if (fuzz_u8(b) & 1u) {
        fuzz_fill(b, &r, sizeof r);
    } else {
        fuzz_caminos_rules(b, &r);
        fuzz_scribble(b, &r, sizeof r, 1u + fuzz_below(b, 3));
    }
    seed = fuzz_u64(b);
    status = pintas_caminos_rules_check(&r);
    FUZZ_CHECK(status == PINTAS_OK || status == PINTAS_E_RULES);
    ok = status == PINTAS_OK;
    memset(&s, FUZZ_PATTERN, sizeof s);
    before = s;
    status = pintas_caminos_new(&s, &r, seed, ev, PINTAS_CAMINOS_MAX_EVENTS, &n_ev);
    if (!ok) {
        FUZZ_CHECK(status == PINTAS_E_RULES && n_ev == 12345);
        FUZZ_CHECK(memcmp(&s, &before, sizeof s) == 0);
        FUZZ_CHECK(pintas_caminos_simulate(&r, 1, seed, &stats) == PINTAS_E_RULES);
        return;
    }
    FUZZ_CHECK(status == PINTAS_OK && n_ev >= 1 && n_ev <= PINTAS_CAMINOS_MAX_EVENTS);
    fuzz_caminos_sound(&s);
    play_some(&pintas_caminos_engine, b, &s, fuzz_caminos_sound_any);
    if (r.rounds <= 5)
        FUZZ_CHECK(pintas_caminos_simulate(&r, 1, seed, &stats) == PINTAS_OK &&
                   stats.games == 1);
}

static void play_dice(fuzz_bytes *b, pintas_dice_state *s)
{
    pintas_dice_move moves[PINTAS_DICE_MAX_KEEPS + 2];
    pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
    size_t n, n_ev;
    unsigned i;
    for (i = 0; i < 40 && b->n > 0; ++i) {
        n = fuzz_dice_moves(s, moves);
        if (n == 0)
            return;
        FUZZ_CHECK(pintas_dice_play(s, &moves[fuzz_below(b, (unsigned)n)], ev,
                                    PINTAS_DICE_MAX_EVENTS, &n_ev) == PINTAS_OK);
        fuzz_dice_sound(s);
    }
}

static void fuzz_dice(fuzz_bytes *b)
{
    static pintas_dice_table table; /* 7 KiB: off the stack */
    pintas_dice_rules r;
    pintas_dice_state s, before;
    int ok, status, players, first;
    uint64_t seed;
    if (fuzz_u8(b) & 1u) {
        fuzz_fill(b, &r, sizeof r);
    } else {
        fuzz_dice_rules(b, &r);
        fuzz_scribble(b, &r, sizeof r, 1u + fuzz_below(b, 3));
    }
    players = (int)fuzz_below(b, 10);
    first = (int)fuzz_below(b, 10);
    seed = fuzz_u64(b);
    status = pintas_dice_rules_check(&r);
    FUZZ_CHECK(status == PINTAS_OK || status == PINTAS_E_RULES);
    ok = status == PINTAS_OK;
    FUZZ_CHECK(ok ? pintas_dice_rules_unit(&r) > 0 : pintas_dice_rules_unit(&r) == 0);
    FUZZ_CHECK(pintas_dice_table_init(&table, &r) == status);
    memset(&s, FUZZ_PATTERN, sizeof s);
    before = s;
    status = pintas_dice_new(&s, &r, players, first, seed);
    if (!ok || players < 1 || players > PINTAS_DICE_MAX_PLAYERS || first >= players) {
        FUZZ_CHECK(status == (ok ? PINTAS_E_ARG : PINTAS_E_RULES));
        FUZZ_CHECK(memcmp(&s, &before, sizeof s) == 0);
        return;
    }
    FUZZ_CHECK(status == PINTAS_OK);
    fuzz_dice_sound(&s);
    play_dice(b, &s);
}

static void fuzz_settings(fuzz_bytes *b)
{
    const pintas_setting *table;
    pintas_settings_refusal why;
    int32_t values[PINTAS_SETTINGS_MAX];
    char buf[300], got[40];
    size_t n = 0, len = 12345, cap, got_len, i;
    int family = (int)fuzz_below(b, 3), status;
    FUZZ_CHECK(pintas_settings(family, &table, &n) == PINTAS_OK && n <= PINTAS_SETTINGS_MAX);
    fuzz_fill(b, values, sizeof values);
    for (i = 0; i < n; ++i)
        if (fuzz_u8(b) & 1u) /* half of them near their range */
            values[i] = table[i].low - 1 + (int32_t)fuzz_below(b, 4) +
                        (int32_t)(fuzz_u8(b) & 1u) * (table[i].high - table[i].low);
    status = pintas_settings_why(family, values, n, &why);
    FUZZ_CHECK(status == PINTAS_OK || status == PINTAS_E_RULES);
    FUZZ_CHECK((status == PINTAS_OK) == (why.cause == PINTAS_SETTINGS_OK));
    if (status == PINTAS_OK)
        return;
    FUZZ_CHECK(why.setting < n && why.other < n && why.family == family);
    got_len = fuzz_below(b, sizeof got);
    fuzz_fill(b, got, got_len);
    cap = fuzz_below(b, sizeof buf + 1);
    status = pintas_settings_refusal_text(&why, (fuzz_u8(b) & 1u) ? got : NULL, got_len, buf,
                                          cap, &len);
    FUZZ_CHECK(status == PINTAS_OK || (status == PINTAS_E_BUFFER && len >= cap));
    FUZZ_CHECK(cap == 0 || buf[len < cap ? len : cap - 1] == '\0');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_bytes b = fuzz_start(data, size);
    switch (fuzz_u8(&b) % 4u) {
    case 0:
        fuzz_line(&b);
        break;
    case 1:
        fuzz_caminos(&b);
        break;
    case 2:
        fuzz_dice(&b);
        break;
    default:
        fuzz_settings(&b);
        break;
    }
    return 0;
}
