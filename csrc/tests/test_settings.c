/* test_settings.c - the rules settings table and its refusals: each cause
 * with the message the hosts print, the first refusal in the table's order,
 * every preset accepted, and the calls' guards. */
#include <string.h>

#include "pintas/pintas.h"
#include "check.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* game, players, pairs, target, redeal_doubles, block_scoring, tranque,
 * capicua_doubles, pass_points, capicua_bonus, pase_corrido_bonus,
 * pase_de_salida_bonus, max_rounds: Dominican pairs to 200 */
static const int32_t dominican[13] = {2, 4, 1, 200, 0, 0, 0, 0, 0, 25, 0, 0, 0};
/* scoring, target, doom, doom_loses, hot_dice, combine_kept, final_round,
 * max_rounds, max_rolls: Dice of Doom */
static const int32_t doom[9] = {0, 100000, 1, 0, 0, 1, 0, 0, 0};
/* variant, players, rounds, max_rounds, max_round_moves */
static const int32_t caminos[5] = {0, 3, 3, 0, 0};

/* The message of family's values with values[at] = v (got: the host's rendering, or NULL). */
static int message(int family, const int32_t *base, size_t n, size_t at, int32_t v,
                   const char *got, char *buf, size_t cap)
{
    int32_t values[PINTAS_SETTINGS_MAX];
    pintas_settings_refusal why;
    size_t len = 0;
    memcpy(values, base, n * sizeof *base);
    if (at < n)
        values[at] = v;
    if (pintas_settings_why(family, values, n, &why) != PINTAS_E_RULES)
        return 0;
    return pintas_settings_refusal_text(&why, got, got ? strlen(got) : 0, buf, cap, &len) ==
               PINTAS_OK && len == strlen(buf);
}

static int says(int family, const int32_t *base, size_t n, size_t at, int32_t v,
                const char *got, const char *expected)
{
    char buf[256];
    if (!message(family, base, n, at, v, got, buf, sizeof buf)) {
        fprintf(stderr, "no refusal for setting %u = %ld\n", (unsigned)at, (long)v);
        return 0;
    }
    if (strcmp(buf, expected) != 0)
        fprintf(stderr, "got:      %s\nexpected: %s\n", buf, expected);
    return strcmp(buf, expected) == 0;
}

static int accepted(int family, const int32_t *base, size_t n, size_t at, int32_t v)
{
    int32_t values[PINTAS_SETTINGS_MAX];
    pintas_settings_refusal why;
    memcpy(values, base, n * sizeof *base);
    values[at] = v;
    return pintas_settings_why(family, values, n, &why) == PINTAS_OK &&
           why.cause == PINTAS_SETTINGS_OK;
}

static void test_tables(void)
{
    const pintas_setting *t;
    size_t n = 0, i;
    CHECK(pintas_settings(PINTAS_FAMILY_LINE, &t, &n) == PINTAS_OK && n == 13);
    CHECK(strcmp(t[0].name, "game") == 0 && t[0].n_choices == 3 &&
          strcmp(t[0].choices[2], "dominican") == 0);
    CHECK(strcmp(t[7].name, "capicua_doubles") == 0 && strcmp(t[7].option, "capicua") == 0 &&
          t[7].owner == PINTAS_LINE_CAPICUA);
    CHECK(pintas_settings(PINTAS_FAMILY_CAMINOS, &t, &n) == PINTAS_OK && n == 5);
    CHECK(pintas_settings(PINTAS_FAMILY_DICE, &t, &n) == PINTAS_OK && n == 9);
    CHECK(t[1].high == PINTAS_DICE_MAX_TARGET);
    for (i = 0; i < 3; ++i) {
        CHECK(pintas_settings((int)i, &t, &n) == PINTAS_OK && n <= PINTAS_SETTINGS_MAX);
        CHECK(t[0].kind == PINTAS_SETTING_CHOICE); /* setting 0 names the game */
    }
    CHECK(pintas_settings(3, &t, &n) == PINTAS_E_ARG);
    CHECK(pintas_settings(-1, &t, &n) == PINTAS_E_ARG);
    CHECK(pintas_settings(0, NULL, &n) == PINTAS_E_ARG);
    CHECK(pintas_settings(0, &t, NULL) == PINTAS_E_ARG);
}

/* The rules constructors' defaults (what every host's Rules(game=...,
 * players=...) fills in), pinned. */
static void test_defaults(void)
{
    static const int32_t line_d[13] = {-1, -1, 0, 200, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static const int32_t caminos_d[5] = {-1, 3, 3, 0, 0};
    static const int32_t dice_d[9] = {0, 100000, 1, 0, 0, 1, 0, 0, 0};
    static const int32_t *const want[3] = {line_d, caminos_d, dice_d};
    const pintas_setting *t;
    size_t n = 0, i;
    int family;
    CHECK(PINTAS_SETTING_REQUIRED == -1);
    for (family = 0; family < 3; ++family) {
        CHECK(pintas_settings(family, &t, &n) == PINTAS_OK);
        for (i = 0; i < n; ++i) {
            CHECK(t[i].default_value == want[family][i]);
            /* a default is in its setting's range, and a limit's is none */
            CHECK(t[i].default_value == PINTAS_SETTING_REQUIRED ||
                  (t[i].default_value >= t[i].low && t[i].default_value <= t[i].high));
            CHECK(t[i].kind != PINTAS_SETTING_LIMIT || t[i].default_value == 0);
        }
    }
}

/* Dominican's modes, by the seats of rules. */
static void test_seatings(void)
{
    int32_t v[13];
    memcpy(v, dominican, sizeof v);
    CHECK(strcmp(pintas_settings_seating(0, v, 13), "pairs") == 0);
    v[2] = 0;
    CHECK(strcmp(pintas_settings_seating(0, v, 13), "four") == 0);
    v[1] = 3;
    CHECK(strcmp(pintas_settings_seating(0, v, 13), "three") == 0);
    v[1] = 2;
    CHECK(strcmp(pintas_settings_seating(0, v, 13), "two") == 0);
    v[0] = 1; /* Capicua has no seatings */
    CHECK(pintas_settings_seating(0, v, 13) == NULL);
    v[0] = 3;
    CHECK(pintas_settings_seating(0, v, 13) == NULL);
    CHECK(pintas_settings_seating(0, dominican, 12) == NULL);
    CHECK(pintas_settings_seating(0, NULL, 13) == NULL);
    CHECK(pintas_settings_seating(1, caminos, 5) == NULL);
    CHECK(pintas_settings_seating(7, dominican, 13) == NULL);
}

static void test_presets_pass(void)
{
    pintas_settings_refusal why;
    int32_t muggins[13] = {0, 3, 0, 200, 5, 0, 0, 0, 0, 0, 0, 0, 0};
    int32_t capicua[13] = {1, 4, 1, 20, 5, 0, 0, 1, 2, 0, 0, 0, 10};
    int32_t farkle[9] = {1, 10000, 0, 0, 1, 0, 0, 255, 255};
    CHECK(pintas_settings_why(0, dominican, 13, &why) == PINTAS_OK && why.cause == 0);
    CHECK(pintas_settings_why(0, muggins, 13, &why) == PINTAS_OK);
    CHECK(pintas_settings_why(0, capicua, 13, &why) == PINTAS_OK);
    CHECK(pintas_settings_why(1, caminos, 5, &why) == PINTAS_OK);
    CHECK(pintas_settings_why(2, doom, 9, &why) == PINTAS_OK);
    CHECK(pintas_settings_why(2, farkle, 9, &why) == PINTAS_OK);
}

static void test_ranges(void)
{
    CHECK(says(0, dominican, 13, 1, 5, NULL, "players must be a whole number 2..4: got 5"));
    CHECK(says(0, dominican, 13, 1, 1, NULL, "players must be a whole number 2..4: got 1"));
    CHECK(says(0, dominican, 13, 3, -3, NULL, "target must be a whole number 1..10000: got -3"));
    CHECK(says(0, dominican, 13, 0, 7, "'domino'",
               "game must be one of 'muggins', 'capicua', 'dominican': got 'domino'"));
    CHECK(says(0, dominican, 13, 7, 2, "'yes'", "capicua must be True or False: got 'yes'"));
    CHECK(says(0, dominican, 13, 12, 256, NULL,
               "max_rounds must be None (no limit) or a whole number 1..255: got 256"));
    CHECK(says(0, dominican, 13, 12, -1, NULL,
               "max_rounds must be None (no limit) or a whole number 1..255: got -1"));
    CHECK(says(1, caminos, 5, 2, 100, NULL, "rounds must be a whole number 1..99: got 100"));
    CHECK(says(2, doom, 9, 4, 2, "'sometimes'",
               "hot_dice must be one of 'must', 'may': got 'sometimes'"));
    CHECK(says(2, doom, 9, 1, 10000001, NULL,
               "target must be a whole number 1..10000000: got 10000001"));
    /* the first setting out of range in the table's order is the one named */
    {
        int32_t v[13];
        memcpy(v, dominican, sizeof v);
        v[11] = 5000;
        CHECK(says(0, v, 13, 3, 0, NULL, "target must be a whole number 1..10000: got 0"));
    }
}

static void test_ties(void)
{
    int32_t v[13];
    CHECK(says(0, dominican, 13, 1, 3, NULL, "pairs needs 4 players: got players=3"));
    memcpy(v, dominican, sizeof v);
    v[9] = 0; /* no capicua bonus: only the pairs are wrong for Muggins */
    CHECK(says(0, v, 13, 0, 0, NULL,
               "muggins is played by individuals: pairs=True is not allowed"));
    CHECK(says(0, dominican, 13, 4, 2, NULL,
               "redeal_doubles must be 0 (off) or 3..7: got 2 (nearly every deal would be "
               "void)"));
    CHECK(accepted(0, dominican, 13, 6, 1)); /* the blocker's tranque is Dominican's */
    CHECK(says(0, dominican, 13, 5, 1, NULL,
               "block_scoring is an option of muggins only: got "
               "block_scoring='lowest_takes_all' for dominican"));
    CHECK(says(0, dominican, 13, 7, 1, NULL,
               "capicua_doubles is an option of capicua only: got capicua_doubles=True for "
               "dominican"));
    CHECK(says(0, dominican, 13, 8, 2, NULL,
               "pass_points is an option of capicua only: got pass_points=2 for dominican"));
    CHECK(accepted(2, doom, 9, 2, 0)); /* no doom, the turn lost to nothing: fine */
    {
        int32_t d[9];
        memcpy(d, doom, sizeof d);
        d[3] = 1;
        CHECK(says(2, d, 9, 2, 0, NULL,
                   "doom_loses='score' needs doom=True (without doom nothing is lost to it)"));
    }
}

static void test_guards(void)
{
    pintas_settings_refusal why;
    char buf[64];
    size_t n = 0;
    memset(&why, 0x5A, sizeof why);
    CHECK(pintas_settings_why(0, dominican, 12, &why) == PINTAS_E_ARG);
    CHECK(why.cause == 0x5A); /* untouched */
    CHECK(pintas_settings_why(3, dominican, 13, &why) == PINTAS_E_ARG);
    CHECK(pintas_settings_why(0, NULL, 13, &why) == PINTAS_E_ARG);
    CHECK(pintas_settings_why(0, dominican, 13, NULL) == PINTAS_E_ARG);
    /* a refusal that names nothing, or is out of the table, has no text */
    CHECK(pintas_settings_why(0, dominican, 13, &why) == PINTAS_OK);
    CHECK(pintas_settings_refusal_text(&why, NULL, 0, buf, sizeof buf, &n) == PINTAS_E_ARG);
    why.cause = PINTAS_SETTINGS_RANGE;
    why.setting = 13;
    CHECK(pintas_settings_refusal_text(&why, NULL, 0, buf, sizeof buf, &n) == PINTAS_E_ARG);
    why.setting = 1;
    why.cause = PINTAS_SETTINGS_CAUSES;
    CHECK(pintas_settings_refusal_text(&why, NULL, 0, buf, sizeof buf, &n) == PINTAS_E_ARG);
    why.cause = PINTAS_SETTINGS_RANGE;
    why.value = 9;
    CHECK(pintas_settings_refusal_text(NULL, NULL, 0, buf, sizeof buf, &n) == PINTAS_E_ARG);
    CHECK(pintas_settings_refusal_text(&why, NULL, 0, NULL, sizeof buf, &n) == PINTAS_E_ARG);
    CHECK(pintas_settings_refusal_text(&why, NULL, 0, buf, sizeof buf, NULL) == PINTAS_E_ARG);
    /* a buffer too small: as much as fits, and the length needed */
    CHECK(pintas_settings_refusal_text(&why, NULL, 0, buf, 10, &n) == PINTAS_E_BUFFER);
    CHECK(n == strlen("players must be a whole number 2..4: got 9") && strlen(buf) == 9);
    CHECK(pintas_settings_refusal_text(&why, NULL, 0, buf, 0, &n) == PINTAS_E_BUFFER);
    CHECK(pintas_settings_refusal_text(&why, NULL, 0, buf, sizeof buf, &n) == PINTAS_OK);
    CHECK(strcmp(buf, "players must be a whole number 2..4: got 9") == 0);
}

/* The line rules struct of settings values (each within its field's type). */
static void line_struct(const int32_t *v, pintas_line_rules *r)
{
    memset(r, 0, sizeof *r);
    r->game = (uint8_t)v[0];
    r->players = (uint8_t)v[1];
    r->pairs = (uint8_t)v[2];
    r->target = (uint16_t)v[3];
    r->redeal_doubles = (uint8_t)v[4];
    r->block_scoring = (uint8_t)v[5];
    r->tranque = (uint8_t)v[6];
    r->capicua = (uint8_t)v[7];
    r->pass_points = (uint16_t)v[8];
    r->capicua_bonus = (uint16_t)v[9];
    r->pase_corrido_bonus = (uint16_t)v[10];
    r->pase_de_salida_bonus = (uint16_t)v[11];
    r->max_rounds = (uint8_t)v[12];
}

/* The settings and the core's own check of a rules struct agree: over a grid
 * of every line setting at and past its bounds, a set of settings is taken
 * exactly when the struct made of it is. */
static void test_agrees_with_the_line_check(void)
{
    /* each setting: three values it may take and one past its range (or a tie) */
    static const int32_t grid[13][4] = {
        {0, 1, 2, 3}, {2, 3, 4, 5}, {0, 1, 1, 2}, {1, 200, 10000, 10001},
        {0, 3, 7, 2}, {0, 1, 1, 2}, {0, 1, 1, 2}, {0, 1, 1, 2},
        {0, 2, 1000, 1001}, {0, 25, 1000, 1001}, {0, 0, 1000, 1001},
        {0, 0, 1000, 1001}, {0, 1, 255, 0}};
    int32_t v[13];
    pintas_line_rules r;
    pintas_settings_refusal why;
    unsigned long combos = 0, taken = 0, agree = 0, k;
    unsigned i;
    /* 2 bits a setting: 4^13 sets, one in 13 of them (every setting's every
     * value still meets every value of each other) */
    for (k = 0; k < (1ul << 26); k += 13) {
        for (i = 0; i < 13; ++i)
            v[i] = grid[i][(k >> (2 * i)) & 3u];
        line_struct(v, &r);
        ++combos;
        if (pintas_settings_why(PINTAS_FAMILY_LINE, v, 13, &why) == PINTAS_OK) {
            ++taken;
            agree += pintas_line_rules_check(&r) == PINTAS_OK;
        } else
            agree += pintas_line_rules_check(&r) == PINTAS_E_RULES;
    }
    CHECK_EQ(agree, combos);
    CHECK(taken > 1000); /* the grid reaches valid rules, not only refusals */
}

/* The dice rules struct of settings values: the scoring's preset, then the
 * settings (0 when the preset is refused). */
static int dice_struct(const int32_t *v, pintas_dice_rules *r)
{
    if (v[0] ? pintas_dice_rules_farkle(r) : pintas_dice_rules_dice_of_doom(r))
        return 0;
    r->target = v[1];
    r->doom = (uint8_t)v[2];
    r->doom_loses = (uint8_t)v[3];
    r->hot_dice = (uint8_t)v[4];
    r->combine_kept = (uint8_t)v[5];
    r->final_round = (uint8_t)v[6];
    r->max_rounds = (uint8_t)v[7];
    r->max_rolls = (uint8_t)v[8];
    return 1;
}

static void test_agrees_with_the_dice_check(void)
{
    static const int32_t grid[9][2] = {{0, 1}, {1, 10000000}, {0, 1}, {0, 1},
                                       {0, 1}, {0, 1}, {0, 1}, {0, 255}, {0, 1}};
    int32_t v[9];
    pintas_dice_rules r;
    pintas_settings_refusal why;
    unsigned k, i, combos = 0, agree = 0;
    for (k = 0; k < (1u << 9); ++k) {
        for (i = 0; i < 9; ++i)
            v[i] = grid[i][(k >> i) & 1u];
        if (!dice_struct(v, &r))
            continue;
        ++combos;
        agree += (pintas_settings_why(PINTAS_FAMILY_DICE, v, 9, &why) == PINTAS_OK) ==
                 (pintas_dice_rules_check(&r) == PINTAS_OK);
    }
    CHECK_EQ(agree, combos);
    CHECK_EQ(combos, 512);
}

/* pintas_settings_rules places every setting in its field: the struct it
 * makes is the struct made by hand, field by field, for every family over a
 * grid of each setting's values; a value out of range, a wrong count or size,
 * NULL or an unknown family is refused with the struct untouched. */
static void test_rules_structs(void)
{
    static const int32_t line_grid[13][2] = {
        {0, 2}, {2, 4}, {0, 1}, {1, 10000}, {0, 7}, {0, 1}, {0, 1}, {0, 1},
        {0, 1000}, {0, 25}, {0, 1000}, {1000, 0}, {0, 255}};
    static const int32_t dice_grid[9][2] = {{0, 1}, {1, 10000000}, {0, 1}, {0, 1},
                                            {0, 1}, {0, 1}, {0, 1}, {0, 255}, {0, 1}};
    pintas_line_rules lr, lw;
    pintas_dice_rules dr, dw;
    pintas_caminos_rules cr, cw;
    int32_t v[13];
    unsigned k, i, same = 0;
    int variant, players;
    for (k = 0; k < (1u << 13); ++k) {
        for (i = 0; i < 13; ++i)
            v[i] = line_grid[i][(k >> i) & 1u];
        line_struct(v, &lw);
        memset(&lr, 0xA5, sizeof lr);
        same += pintas_settings_rules(PINTAS_FAMILY_LINE, v, 13, &lr, sizeof lr) == PINTAS_OK &&
                memcmp(&lr, &lw, sizeof lr) == 0;
    }
    CHECK_EQ(same, 1u << 13);
    for (k = same = 0; k < (1u << 9); ++k) {
        for (i = 0; i < 9; ++i)
            v[i] = dice_grid[i][(k >> i) & 1u];
        CHECK(dice_struct(v, &dw));
        memset(&dr, 0xA5, sizeof dr);
        same += pintas_settings_rules(PINTAS_FAMILY_DICE, v, 9, &dr, sizeof dr) == PINTAS_OK &&
                memcmp(&dr, &dw, sizeof dr) == 0;
    }
    CHECK_EQ(same, 1u << 9);
    for (variant = 0; variant < 3; ++variant)
        for (players = 2; players <= 4; ++players)
            for (k = 0; k < 8; ++k) {
                const int32_t c[5] = {variant, players, (int32_t)(1 + (k & 1u) * 4),
                                      (int32_t)((k >> 1) & 1u) * 7,
                                      (int32_t)((k >> 2) & 1u) * 255};
                CHECK(pintas_caminos_rules_preset(&cw, variant, players) == PINTAS_OK);
                cw.rounds = (uint8_t)c[2];
                cw.max_rounds = (uint8_t)c[3];
                cw.max_round_moves = (uint8_t)c[4];
                memset(&cr, 0xA5, sizeof cr);
                CHECK(pintas_settings_rules(PINTAS_FAMILY_CAMINOS, c, 5, &cr, sizeof cr) ==
                      PINTAS_OK);
                CHECK(memcmp(&cr, &cw, sizeof cr) == 0);
            }
    /* refusals leave the struct as it was */
    memcpy(v, dominican, sizeof dominican);
    memset(&lr, 0x5A, sizeof lr);
    lw = lr;
    for (i = 0; i < 13; ++i) {
        const pintas_setting *table;
        size_t n;
        CHECK(pintas_settings(PINTAS_FAMILY_LINE, &table, &n) == PINTAS_OK);
        v[i] = table[i].high + 1;
        CHECK(pintas_settings_rules(PINTAS_FAMILY_LINE, v, 13, &lr, sizeof lr) == PINTAS_E_ARG);
        v[i] = table[i].low - 1;
        CHECK(pintas_settings_rules(PINTAS_FAMILY_LINE, v, 13, &lr, sizeof lr) == PINTAS_E_ARG);
        v[i] = dominican[i];
    }
    CHECK(pintas_settings_rules(PINTAS_FAMILY_LINE, v, 12, &lr, sizeof lr) == PINTAS_E_ARG);
    CHECK(pintas_settings_rules(PINTAS_FAMILY_LINE, v, 13, &lr, sizeof lr - 1) == PINTAS_E_ARG);
    CHECK(pintas_settings_rules(PINTAS_FAMILY_DICE, v, 13, &lr, sizeof lr) == PINTAS_E_ARG);
    CHECK(pintas_settings_rules(3, v, 13, &lr, sizeof lr) == PINTAS_E_ARG);
    CHECK(pintas_settings_rules(-1, v, 13, &lr, sizeof lr) == PINTAS_E_ARG);
    CHECK(pintas_settings_rules(PINTAS_FAMILY_LINE, NULL, 13, &lr, sizeof lr) == PINTAS_E_ARG);
    CHECK(pintas_settings_rules(PINTAS_FAMILY_LINE, v, 13, NULL, sizeof lr) == PINTAS_E_ARG);
    CHECK(memcmp(&lr, &lw, sizeof lr) == 0);
    CHECK(pintas_settings_rules(PINTAS_FAMILY_CAMINOS, caminos, 5, &cr, sizeof cr) == PINTAS_OK);
    CHECK(pintas_caminos_rules_check(&cr) == PINTAS_OK);
    /* the example of docs/c-api.md: the Dominican pairs preset */
    CHECK(pintas_settings_rules(PINTAS_FAMILY_LINE, dominican, 13, &lr, sizeof lr) == PINTAS_OK);
    CHECK(pintas_line_rules_preset(&lw, PINTAS_LINE_DOMINICAN, 4, 1) == PINTAS_OK);
    CHECK(memcmp(&lr, &lw, sizeof lr) == 0);
}

/* pintas_settings_values reads back what pintas_settings_rules placed, the
 * preset's choice included; a struct of no preset shows a choice past the
 * table's; the guards. */
static void test_rules_values(void)
{
    static const int32_t farkle[9] = {1, 10000, 0, 0, 1, 0, 0, 7, 0};
    const int32_t *sets[] = {dominican, doom, farkle, caminos};
    const int families[] = {PINTAS_FAMILY_LINE, PINTAS_FAMILY_DICE, PINTAS_FAMILY_DICE,
                            PINTAS_FAMILY_CAMINOS};
    const size_t counts[] = {13, 9, 9, 5};
    union {
        pintas_line_rules line;
        pintas_caminos_rules caminos;
        pintas_dice_rules dice;
    } r;
    const size_t sizes[] = {sizeof r.line, sizeof r.dice, sizeof r.dice, sizeof r.caminos};
    int32_t back[PINTAS_SETTINGS_MAX];
    int32_t c[5];
    unsigned i;
    int variant;
    for (i = 0; i < COUNT(sets); ++i) {
        CHECK(pintas_settings_rules(families[i], sets[i], counts[i], &r, sizes[i]) == PINTAS_OK);
        CHECK(pintas_settings_values(families[i], &r, sizes[i], back, counts[i]) == PINTAS_OK);
        CHECK(memcmp(back, sets[i], counts[i] * sizeof *back) == 0);
    }
    for (variant = 0; variant < 3; ++variant) {
        memcpy(c, caminos, sizeof c);
        c[0] = variant;
        c[1] = 2 + variant;
        CHECK(pintas_settings_rules(PINTAS_FAMILY_CAMINOS, c, 5, &r, sizeof r.caminos) ==
              PINTAS_OK);
        CHECK(pintas_settings_values(PINTAS_FAMILY_CAMINOS, &r, sizeof r.caminos, back, 5) ==
              PINTAS_OK);
        CHECK(memcmp(back, c, sizeof c) == 0);
    }
    r.caminos.hand_size = 1; /* no preset deals one tile */
    CHECK(pintas_settings_values(PINTAS_FAMILY_CAMINOS, &r, sizeof r.caminos, back, 5) ==
          PINTAS_OK);
    CHECK_EQ(back[0], 3);
    CHECK(pintas_settings_values(PINTAS_FAMILY_CAMINOS, &r, sizeof r.caminos, back, 4) ==
          PINTAS_E_ARG);
    CHECK(pintas_settings_values(PINTAS_FAMILY_CAMINOS, &r, sizeof r.line, back, 5) ==
          PINTAS_E_ARG);
    CHECK(pintas_settings_values(PINTAS_FAMILY_CAMINOS, NULL, sizeof r.caminos, back, 5) ==
          PINTAS_E_ARG);
    CHECK(pintas_settings_values(PINTAS_FAMILY_CAMINOS, &r, sizeof r.caminos, NULL, 5) ==
          PINTAS_E_ARG);
    CHECK(pintas_settings_values(7, &r, sizeof r.caminos, back, 5) == PINTAS_E_ARG);
}

/* The text of a preset's refusal of `refused` (hints: NULL or one a name). */
static int refusal_says(int family, int preset, const char *const *refused,
                        const char *const *hints, size_t n, unsigned flags,
                        const char *expected)
{
    char buf[400];
    size_t len = 0;
    int status = pintas_preset_refusal_text(family, preset, refused, hints, n, flags, buf,
                                            sizeof buf, &len);
    if (status != PINTAS_OK || len != strlen(buf) || strcmp(buf, expected) != 0) {
        fprintf(stderr, "got:      %s\nexpected: %s\n", buf, expected);
        return 0;
    }
    return 1;
}

static void test_presets(void)
{
    const pintas_preset *p;
    size_t n;
    int32_t v[PINTAS_SETTINGS_MAX];
    static const int32_t muggins[13] = {0, 3, 0, 200, 5, 0, 0, 0, 0, 0, 0, 0, 0};
    static const int32_t capicua[13] = {1, 4, 0, 20, 5, 0, 0, 1, 2, 0, 0, 0, 0};
    static const int32_t farkle[9] = {1, 10000, 0, 0, 1, 0, 0, 0, 0};
    static const int32_t two_paths[5] = {2, 3, 3, 0, 0};
    static const char *const taget[] = {"taget"};
    static const char *const typo[] = {" (did you mean 'target'?)"};
    static const char *const seats[] = {"players", "pairs"};
    static const char *const others[] = {"tranque", "block_scoring", "max_rounds"};
    static const char *const preset_own[] = {"variant"};
    /* each family's presets, in the order of its setting 0's choices */
    CHECK(pintas_presets(PINTAS_FAMILY_LINE, &p, &n) == PINTAS_OK && n == 3);
    CHECK(strcmp(p[0].name, "muggins") == 0 && p[0].choice == 0 && p[0].players == 3);
    CHECK(strcmp(p[2].name, "dominican") == 0 && p[2].n_seatings == 4 &&
          strcmp(p[2].seatings[2].name, "three") == 0 && p[2].seatings[2].players == 3 &&
          p[2].seatings[0].pairs == 1 && strcmp(p[2].takes[0], "mode") == 0);
    CHECK(pintas_presets(PINTAS_FAMILY_CAMINOS, &p, &n) == PINTAS_OK && n == 3 &&
          strcmp(p[2].name, "caminos_two_paths") == 0);
    CHECK(pintas_presets(PINTAS_FAMILY_DICE, &p, &n) == PINTAS_OK && n == 2 &&
          strcmp(p[1].name, "farkle") == 0 && p[1].takes[8] == NULL);
    /* their settings: the games' own preset functions', read back */
    {
        static const struct {
            int family, preset;
            const int32_t *values;
            size_t n;
        } expected[] = {
            {PINTAS_FAMILY_LINE, 0, muggins, 13},    {PINTAS_FAMILY_LINE, 1, capicua, 13},
            {PINTAS_FAMILY_LINE, 2, dominican, 13},  {PINTAS_FAMILY_CAMINOS, 2, two_paths, 5},
            {PINTAS_FAMILY_DICE, 0, doom, 9},        {PINTAS_FAMILY_DICE, 1, farkle, 9},
        };
        size_t k;
        for (k = 0; k < COUNT(expected); ++k)
            CHECK(pintas_preset_values(expected[k].family, expected[k].preset, v,
                                       expected[k].n) == PINTAS_OK &&
                  memcmp(v, expected[k].values, expected[k].n * sizeof *v) == 0);
    }
    /* the refusals: why each setting is not taken, a host's hint for a typo */
    CHECK(refusal_says(PINTAS_FAMILY_LINE, 0, taget, typo, 1, 0,
                       "not an option of muggins: taget (did you mean 'target'?); muggins "
                       "takes players, target, redeal_doubles, block_scoring, max_rounds"));
    CHECK(refusal_says(PINTAS_FAMILY_LINE, 0, seats + 1, NULL, 1, PINTAS_PRESET_NO_LIMITS,
                       "not an option of muggins: pairs (muggins is played by individuals); "
                       "muggins takes players, target, redeal_doubles, block_scoring"));
    CHECK(refusal_says(PINTAS_FAMILY_LINE, 2, seats, NULL, 2, 0,
                       "not an option of dominican: players (set by mode: 'pairs', 'four', "
                       "'three', 'two'), pairs (set by mode: 'pairs', 'four', 'three', "
                       "'two'); dominican takes mode, target, redeal_doubles, tranque, "
                       "capicua_bonus, pase_corrido_bonus, pase_de_salida_bonus, max_rounds"));
    CHECK(refusal_says(PINTAS_FAMILY_LINE, 1, others, NULL, 3, PINTAS_PRESET_NO_LIMITS,
                       "not an option of capicua: tranque (an option of dominican only), "
                       "block_scoring (an option of muggins only), max_rounds; capicua takes "
                       "players, pairs, target, redeal_doubles, capicua, pass_points"));
    CHECK(refusal_says(PINTAS_FAMILY_CAMINOS, 1, preset_own, NULL, 1, 0,
                       "not an option of caminos_no_renewal: variant (set by the preset); "
                       "caminos_no_renewal takes players, rounds, max_rounds, max_round_moves"));
    /* by name, and what each takes for a host with or without limits */
    {
        int index = -1;
        const char *took[8];
        CHECK(pintas_preset_named(PINTAS_FAMILY_CAMINOS, "caminos_two_paths", &index) ==
                  PINTAS_OK && index == 2);
        CHECK(pintas_preset_named(PINTAS_FAMILY_LINE, "farkle", &index) == PINTAS_E_ARG &&
              index == 2);
        CHECK(pintas_preset_named(PINTAS_FAMILY_LINE, "muggin", &index) == PINTAS_E_ARG);
        CHECK(pintas_preset_named(PINTAS_FAMILY_LINE, NULL, &index) == PINTAS_E_ARG);
        CHECK(pintas_preset_takes(PINTAS_FAMILY_LINE, 1, PINTAS_PRESET_NO_LIMITS, took, 8, &n) ==
                  PINTAS_OK && n == 6 && strcmp(took[0], "players") == 0 &&
              strcmp(took[4], "capicua") == 0 && strcmp(took[5], "pass_points") == 0);
        CHECK(pintas_preset_takes(PINTAS_FAMILY_LINE, 1, 0, took, 8, &n) == PINTAS_OK && n == 7 &&
              strcmp(took[6], "max_rounds") == 0);
        CHECK(pintas_preset_takes(PINTAS_FAMILY_DICE, 0, 0, took, 4, &n) == PINTAS_E_BUFFER &&
              n == 8 && strcmp(took[3], "hot_dice") == 0);
        CHECK(pintas_preset_takes(PINTAS_FAMILY_DICE, 2, 0, took, 8, &n) == PINTAS_E_ARG);
    }
    /* guards */
    CHECK(pintas_presets(7, &p, &n) == PINTAS_E_ARG && pintas_presets(0, NULL, &n) ==
                                                            PINTAS_E_ARG);
    CHECK(pintas_preset_values(PINTAS_FAMILY_LINE, 3, v, 13) == PINTAS_E_ARG);
    CHECK(pintas_preset_values(PINTAS_FAMILY_LINE, 0, v, 12) == PINTAS_E_ARG);
    CHECK(pintas_preset_values(PINTAS_FAMILY_DICE, -1, v, 9) == PINTAS_E_ARG);
    {
        char small[8];
        size_t len = 0;
        CHECK(pintas_preset_refusal_text(0, 0, taget, NULL, 1, 0, small, sizeof small, &len) ==
                  PINTAS_E_BUFFER &&
              len > sizeof small && small[sizeof small - 1] == 0);
        CHECK(pintas_preset_refusal_text(0, 0, NULL, NULL, 1, 0, small, sizeof small, &len) ==
              PINTAS_E_ARG);
    }
}

/* The description of family's values with values[at] = v (and [at2] = v2). */
static int described(int family, const int32_t *base, size_t n, size_t at, int32_t v, size_t at2,
                     int32_t v2, const char *expected)
{
    int32_t values[PINTAS_SETTINGS_MAX];
    char buf[160];
    size_t len = 0;
    memcpy(values, base, n * sizeof *base);
    values[at] = v;
    values[at2] = v2;
    if (pintas_settings_text(family, values, n, buf, sizeof buf, &len) != PINTAS_OK ||
        len != strlen(buf) || strcmp(buf, expected) != 0) {
        fprintf(stderr, "got:      %s\nexpected: %s\n", buf, expected);
        return 0;
    }
    return 1;
}

static void test_descriptions(void)
{
    static const int32_t capicua[13] = {1, 4, 0, 20, 5, 0, 0, 1, 2, 0, 0, 0, 0};
    static const int32_t muggins[13] = {0, 3, 0, 200, 5, 0, 0, 0, 0, 0, 0, 0, 0};
    static const int32_t farkle[9] = {1, 10000, 0, 0, 1, 0, 0, 0, 0};
    char small[6];
    size_t len = 0;
    CHECK(described(0, dominican, 13, 0, 2, 0, 2, "dominican (pairs) to 200"));
    CHECK(described(0, dominican, 13, 1, 3, 2, 0, "dominican (three) to 200"));
    CHECK(described(0, capicua, 13, 2, 1, 12, 5, "capicua (4 players in pairs) to 20, at most 5 rounds"));
    CHECK(described(0, muggins, 13, 1, 4, 3, 150, "muggins (4 players) to 150"));
    CHECK(described(1, caminos, 5, 2, 1, 1, 3, "caminos (3 players, 1 rounds)"));
    CHECK(described(1, caminos, 5, 0, 2, 3, 1, "caminos_two_paths (3 players, at most 1 round)"));
    CHECK(described(1, caminos, 5, 3, 2, 4, 9,
                    "caminos (3 players, at most 2 rounds, rounds of at most 9 moves)"));
    CHECK(described(2, doom, 9, 1, 5000, 1, 5000, "Dice of Doom to 5000"));
    CHECK(described(2, farkle, 9, 2, 1, 7, 4, "Farkle to 10000 (doom=True, max_rounds=4)"));
    CHECK(described(2, doom, 9, 4, 1, 3, 1, "Dice of Doom to 100000 (doom_loses='score', "
                                            "hot_dice='may')"));
    /* refused values, guards, a short buffer */
    CHECK(pintas_settings_text(0, capicua, 12, small, sizeof small, &len) == PINTAS_E_ARG);
    CHECK(pintas_settings_text(2, farkle, 9, NULL, 0, &len) == PINTAS_E_ARG);
    {
        int32_t bad[9];
        memcpy(bad, farkle, sizeof bad);
        bad[3] = 1; /* doom_loses score without doom */
        CHECK(pintas_settings_text(2, bad, 9, small, sizeof small, &len) == PINTAS_E_ARG);
    }
    CHECK(pintas_settings_text(2, farkle, 9, small, sizeof small, &len) == PINTAS_E_BUFFER &&
          len == strlen("Farkle to 10000") && strcmp(small, "Farkl") == 0);
}

static void test_unknown_names(void)
{
    static const int32_t muggins[13] = {0, 3, 0, 200, 5, 0, 0, 0, 0, 0, 0, 0, 0};
    static const int32_t farkle[9] = {1, 10000, 0, 0, 1, 0, 0, 0, 0};
    static const char *const names[] = {"taget", "spinner"};
    static const char *const hints[] = {" (did you mean 'target'?)", NULL};
    char buf[300], small[4];
    size_t len = 0;
    int32_t odd[5] = {3, 3, 3, 0, 0};
    CHECK(pintas_settings_unknown_text(0, muggins, 13, names, hints, 2, 0, buf, sizeof buf,
                                       &len) == PINTAS_OK && len == strlen(buf));
    CHECK(strcmp(buf, "no such rules setting: taget (did you mean 'target'?), spinner; the "
                      "settings of muggins rules: game, players, target, redeal_doubles, "
                      "block_scoring, max_rounds") == 0);
    CHECK(pintas_settings_unknown_text(0, dominican, 13, names + 1, NULL, 1,
                                       PINTAS_PRESET_NO_LIMITS, buf, sizeof buf, &len) ==
          PINTAS_OK);
    CHECK(strcmp(buf, "no such rules setting: spinner; the settings of dominican rules: game, "
                      "players, pairs, target, redeal_doubles, tranque, capicua_bonus, "
                      "pase_corrido_bonus, pase_de_salida_bonus") == 0);
    CHECK(pintas_settings_unknown_text(2, farkle, 9, names + 1, NULL, 1, 0, buf, sizeof buf,
                                       &len) == PINTAS_OK);
    CHECK(strcmp(buf, "no such rules setting: spinner; the settings of farkle rules: scoring, "
                      "target, doom, doom_loses, hot_dice, combine_kept, final_round, "
                      "max_rounds, max_rolls") == 0);
    CHECK(pintas_settings_unknown_text(1, caminos, 5, names + 1, NULL, 1, PINTAS_PRESET_NO_LIMITS,
                                       buf, sizeof buf, &len) == PINTAS_OK);
    CHECK(strcmp(buf, "no such rules setting: spinner; the settings of caminos rules: variant, "
                      "players, rounds") == 0);
    CHECK(pintas_settings_unknown_text(1, odd, 5, names, NULL, 1, 0, buf, sizeof buf, &len) ==
          PINTAS_E_ARG);
    CHECK(pintas_settings_unknown_text(1, caminos, 4, names, NULL, 1, 0, buf, sizeof buf, &len) ==
          PINTAS_E_ARG);
    CHECK(pintas_settings_unknown_text(0, muggins, 13, names, NULL, 1, 0, small, sizeof small,
                                       &len) == PINTAS_E_BUFFER &&
          len > sizeof small);
    {
        uint8_t own[16];
        size_t count = 0;
        CHECK(pintas_settings_own(0, muggins, 13, 0, own, 16, &count) == PINTAS_OK &&
              count == 6 && own[0] == 0 && own[1] == 1 && own[2] == 3 && own[4] == 5 &&
              own[5] == 12);
        CHECK(pintas_settings_own(0, dominican, 13, PINTAS_PRESET_NO_LIMITS, own, 16, &count) ==
                  PINTAS_OK &&
              count == 9 && own[2] == 2 && own[5] == 6 && own[6] == 9);
        CHECK(pintas_settings_own(2, farkle, 9, PINTAS_PRESET_NO_LIMITS, own, 3, &count) ==
                  PINTAS_E_BUFFER &&
              count == 7 && own[2] == 2);
        CHECK(pintas_settings_own(1, odd, 5, 0, own, 16, &count) == PINTAS_E_ARG);
    }
}

int main(void)
{
    test_unknown_names();
    test_descriptions();
    test_presets();
    test_rules_structs();
    test_rules_values();
    test_agrees_with_the_line_check();
    test_agrees_with_the_dice_check();
    test_tables();
    test_defaults();
    test_seatings();
    test_presets_pass();
    test_ranges();
    test_ties();
    test_guards();
    return check_summary();
}
