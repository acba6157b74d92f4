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
 * its message fits any buffer (cut, NUL-terminated, its length told); the
 * struct the values make is refused only for a value out of range, taken by
 * the game's check when the settings are, and reads back as the values; the
 * texts of the values (their description, a refusal of unknown names) and of
 * a preset (its refusal of options, any names) fit any buffer, and every
 * preset's values are taken.
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

/* Rules of `size` bytes from the bytes into r: raw (a first byte odd), else
 * the game's from `make` with a few of their bytes changed. */
static void rules_from(fuzz_bytes *b, void *r, size_t size, void (*make)(fuzz_bytes *, void *))
{
    if (fuzz_u8(b) & 1u) {
        fuzz_fill(b, r, size);
    } else {
        make(b, r);
        fuzz_scribble(b, r, size, 1u + fuzz_below(b, 3));
    }
}

/* 1 if the rules check (its status) took the rules; it refuses them only
 * with PINTAS_E_RULES. */
static int rules_taken(int status)
{
    FUZZ_CHECK(status == PINTAS_OK || status == PINTAS_E_RULES);
    return status == PINTAS_OK;
}

/* Room for either tile game's totals (games, the first field of both). */
typedef union tile_stats {
    pintas_line_stats line;
    pintas_caminos_stats caminos;
} tile_stats;

/* What fuzz_tile needs of a tile game beyond its engine table. */
typedef struct tile_game {
    const pintas_engine *engine;
    size_t rules_size;
    /* The game's rules from the bytes (fuzz_line_rules, ...). */
    void (*rules)(fuzz_bytes *b, void *rules);
    /* 1 if the game's check takes the rules, checking what else answers on
     * them; *whole 1 when a one-game simulation is quick enough (a game to a
     * high target is slow under the sanitizers). */
    int (*taken)(const void *rules, int *whole);
    void (*sound)(const void *state);
} tile_game;

/* A tile game on rules from the bytes and a seed, through its engine table:
 * rules refused leave the state and the event count untouched, and the
 * simulation refuses them too; rules taken start a sound game, played on by
 * play_some, and a one-game simulation plays one game. */
static void fuzz_tile(const tile_game *g, fuzz_bytes *b)
{
    const pintas_engine *e = g->engine;
    fuzz_tile_rules r;
    fuzz_tile_state s, before;
    pintas_engine_events ev;
    tile_stats stats;
    size_t n_ev = FUZZ_NO_COUNT;
    uint64_t seed;
    int ok, whole, status;
    rules_from(b, &r, g->rules_size, g->rules);
    seed = fuzz_u64(b);
    ok = g->taken(&r, &whole);
    memset(&s, FUZZ_PATTERN, sizeof s);
    before = s;
    status = e->start(&s, &r, seed, NULL, &ev, e->max_events, &n_ev);
    if (!ok) {
        FUZZ_CHECK(status == PINTAS_E_RULES && n_ev == FUZZ_NO_COUNT);
        FUZZ_CHECK(memcmp(&s, &before, sizeof s) == 0);
        FUZZ_CHECK(e->simulate(&r, 1, seed, &stats) == PINTAS_E_RULES);
        return;
    }
    FUZZ_CHECK(status == PINTAS_OK && n_ev >= 1 && n_ev <= e->max_events);
    g->sound(&s);
    play_some(e, b, &s, g->sound);
    if (whole)
        FUZZ_CHECK(e->simulate(&r, 1, seed, &stats) == PINTAS_OK && stats.line.games == 1);
}

/* The line games' sides agree with the check. */
static int line_taken(const void *rules, int *whole)
{
    const pintas_line_rules *r = rules;
    int ok = rules_taken(pintas_line_rules_check(r));
    FUZZ_CHECK(ok ? pintas_line_sides(r) == (r->pairs ? 2 : r->players)
                  : pintas_line_sides(r) == PINTAS_E_RULES);
    *whole = r->target <= 300;
    return ok;
}

static int caminos_taken(const void *rules, int *whole)
{
    const pintas_caminos_rules *r = rules;
    *whole = r->rounds <= 5;
    return rules_taken(pintas_caminos_rules_check(r));
}

static const tile_game line_game = {&pintas_line_engine, sizeof(pintas_line_rules),
                                    fuzz_line_rules, line_taken, fuzz_line_sound_any};
static const tile_game caminos_game = {&pintas_caminos_engine, sizeof(pintas_caminos_rules),
                                       fuzz_caminos_rules, caminos_taken,
                                       fuzz_caminos_sound_any};

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
    rules_from(b, &r, sizeof r, fuzz_dice_rules);
    players = (int)fuzz_below(b, 10);
    first = (int)fuzz_below(b, 10);
    seed = fuzz_u64(b);
    status = pintas_dice_rules_check(&r);
    ok = rules_taken(status);
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

/* The struct pintas_settings_rules makes of values: refused (untouched) only
 * for a value out of its range; made of settings pintas_settings_why takes
 * (taken), one the game's own check takes; read back, the same values. */
static void struct_of_settings(int family, const int32_t *values, size_t n, int taken)
{
    static const size_t sizes[] = {sizeof(pintas_line_rules), sizeof(pintas_caminos_rules),
                                   sizeof(pintas_dice_rules)};
    union {
        pintas_line_rules line;
        pintas_caminos_rules caminos;
        pintas_dice_rules dice;
        unsigned char bytes[1];
    } r, before;
    int32_t back[PINTAS_SETTINGS_MAX];
    int status, checked;
    memset(&r, 0x5A, sizeof r);
    before = r;
    status = pintas_settings_rules(family, values, n, &r, sizes[family]);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_ARG && !taken && memcmp(&r, &before, sizeof r) == 0);
        return;
    }
    checked = family == 0   ? pintas_line_rules_check(&r.line)
              : family == 1 ? pintas_caminos_rules_check(&r.caminos)
                            : pintas_dice_rules_check(&r.dice);
    FUZZ_CHECK(!taken || checked == PINTAS_OK);
    FUZZ_CHECK(pintas_settings_values(family, &r, sizes[family], back, n) == PINTAS_OK);
    FUZZ_CHECK(memcmp(back, values, n * sizeof *back) == 0);
}

/* A text's call (its status, the cap it had, the length it told, buf): the
 * text fits any buffer (cut, NUL-terminated, its length told). */
static void text_fits(int status, size_t cap, size_t len, const char *buf)
{
    FUZZ_CHECK(status == PINTAS_OK || (status == PINTAS_E_BUFFER && len >= cap));
    FUZZ_CHECK(cap == 0 || buf[len < cap ? len : cap - 1] == '\0');
}

/* The texts of settings values and of a preset: the description only of
 * settings taken (PINTAS_E_ARG else), the refusals of names (any bytes, a
 * hint or none) for any values whose game is one of the family's, and a
 * preset's values always taken and described. */
static void texts_of_settings(fuzz_bytes *b, int family, const int32_t *values, size_t n,
                              int taken)
{
    const pintas_preset *presets;
    char buf[300], names[3][24];
    const char *refused[3], *hints[3];
    int32_t preset_values[PINTAS_SETTINGS_MAX];
    size_t cap = fuzz_below(b, sizeof buf + 1), len = 0, n_presets = 0, k;
    unsigned flags = fuzz_u8(b) & PINTAS_PRESET_NO_LIMITS;
    int status = pintas_settings_text(family, values, n, buf, cap, &len);
    FUZZ_CHECK(taken ? status != PINTAS_E_ARG : status == PINTAS_E_ARG);
    if (taken)
        text_fits(status, cap, len, buf);
    for (k = 0; k < 3; ++k) {
        fuzz_fill(b, names[k], sizeof names[k] - 1);
        names[k][sizeof names[k] - 1] = '\0';
        refused[k] = names[k];
        hints[k] = (fuzz_u8(b) & 1u) ? names[(k + 1) % 3] : NULL;
    }
    FUZZ_CHECK(pintas_presets(family, &presets, &n_presets) == PINTAS_OK);
    status = pintas_settings_unknown_text(family, values, n, refused, hints, 3, flags, buf, cap,
                                          &len);
    if (values[0] >= 0 && (size_t)values[0] < n_presets)
        text_fits(status, cap, len, buf);
    else
        FUZZ_CHECK(status == PINTAS_E_ARG);
    k = fuzz_below(b, (unsigned)n_presets);
    status = pintas_preset_refusal_text(family, (int)k, refused, hints, 1u + fuzz_below(b, 3),
                                        flags, buf, cap, &len);
    text_fits(status, cap, len, buf);
    FUZZ_CHECK(pintas_preset_values(family, (int)k, preset_values, n) == PINTAS_OK);
    FUZZ_CHECK(pintas_settings_text(family, preset_values, n, buf, sizeof buf, &len) ==
               PINTAS_OK);
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
    struct_of_settings(family, values, n, status == PINTAS_OK);
    texts_of_settings(b, family, values, n, status == PINTAS_OK);
    if (status == PINTAS_OK)
        return;
    FUZZ_CHECK(why.setting < n && why.other < n && why.family == family);
    got_len = fuzz_below(b, sizeof got);
    fuzz_fill(b, got, got_len);
    cap = fuzz_below(b, sizeof buf + 1);
    status = pintas_settings_refusal_text(&why, (fuzz_u8(b) & 1u) ? got : NULL, got_len, buf,
                                          cap, &len);
    text_fits(status, cap, len, buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_bytes b = fuzz_start(data, size);
    switch (fuzz_u8(&b) % 4u) {
    case 0:
        fuzz_tile(&line_game, &b);
        break;
    case 1:
        fuzz_tile(&caminos_game, &b);
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
