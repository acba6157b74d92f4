/* settings.c - the settings of each family's rules and why a set of them is
 * refused (pintas/settings.h): the one copy every host checks rules by. */
#include "pintas/settings.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "pintas/caminos.h"
#include "pintas/dice.h"
#include "pintas/line.h"
#include "notation_internal.h"

/* ---- the tables ------------------------------------------------------------ */

static const char *const line_games[] = {"muggins", "capicua", "dominican"};
static const char *const block_scorings[] = {"cascade", "lowest_takes_all"};
static const char *const tranques[] = {"lowest", "blocker"};
#ifndef PINTAS_ONLY_LINE
static const char *const variants[] = {"base", "no_renewal", "two_paths"};
static const char *const scorings[] = {"dice_of_doom", "farkle"};
static const char *const doom_loses[] = {"turn", "score"};
static const char *const hot_dice[] = {"must", "may"};
#endif

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define WHOLE(name, low, high, owner, deflt) \
    {name, NULL, NULL, low, high, deflt, PINTAS_SETTING_WHOLE, 0, owner, 0}
#define FLAG(name, option, owner, deflt) \
    {name, option, NULL, 0, 1, deflt, PINTAS_SETTING_FLAG, 0, owner, 0}
#define CHOICE(name, names, owner, deflt) \
    {name, NULL, names, 0, (int32_t)COUNT(names) - 1, deflt, PINTAS_SETTING_CHOICE, \
     (uint8_t)COUNT(names), owner, 0}
#define LIMIT(name, high) {name, NULL, NULL, 0, high, 0, PINTAS_SETTING_LIMIT, 0, -1, 0}

enum { MUGGINS = PINTAS_LINE_MUGGINS, CAPICUA = PINTAS_LINE_CAPICUA,
       DOMINICAN = PINTAS_LINE_DOMINICAN, ANY = -1, REQUIRED = PINTAS_SETTING_REQUIRED };

/* In the order of the hosts' Rules fields; the last column is each
 * setting's default_value, what a rules constructor gives it when not named. */
static const pintas_setting line_settings[] = {
    CHOICE("game", line_games, ANY, REQUIRED),
    WHOLE("players", 2, PINTAS_LINE_MAX_SEATS, ANY, REQUIRED),
    FLAG("pairs", NULL, ANY, 0),
    WHOLE("target", 1, PINTAS_LINE_MAX_TARGET, ANY, 200),
    WHOLE("redeal_doubles", 0, 7, ANY, 0),
    CHOICE("block_scoring", block_scorings, MUGGINS, 0),
    CHOICE("tranque", tranques, DOMINICAN, 0),
    FLAG("capicua_doubles", "capicua", CAPICUA, 0),
    WHOLE("pass_points", 0, PINTAS_LINE_MAX_BONUS, CAPICUA, 0),
    WHOLE("capicua_bonus", 0, PINTAS_LINE_MAX_BONUS, DOMINICAN, 0),
    WHOLE("pase_corrido_bonus", 0, PINTAS_LINE_MAX_BONUS, DOMINICAN, 0),
    WHOLE("pase_de_salida_bonus", 0, PINTAS_LINE_MAX_BONUS, DOMINICAN, 0),
    LIMIT("max_rounds", PINTAS_LINE_MAX_ROUNDS),
};
enum { LINE_GAME, LINE_PLAYERS, LINE_PAIRS, LINE_TARGET, LINE_REDEAL };

#ifndef PINTAS_ONLY_LINE /* a one-family build (a board's domino-only module): the line games' alone */
static const pintas_setting caminos_settings[] = {
    CHOICE("variant", variants, ANY, REQUIRED),
    WHOLE("players", 2, PINTAS_CAMINOS_MAX_SEATS, ANY, 3),
    WHOLE("rounds", 1, PINTAS_CAMINOS_MAX_ROUNDS, ANY, 3),
    LIMIT("max_rounds", 255),
    LIMIT("max_round_moves", 255),
};

static const pintas_setting dice_settings[] = {
    CHOICE("scoring", scorings, ANY, 0),
    WHOLE("target", 1, PINTAS_DICE_MAX_TARGET, ANY, 100000),
    FLAG("doom", NULL, ANY, 1),
    CHOICE("doom_loses", doom_loses, ANY, 0),
    CHOICE("hot_dice", hot_dice, ANY, 0),
    FLAG("combine_kept", NULL, ANY, 1),
    FLAG("final_round", NULL, ANY, 0),
    LIMIT("max_rounds", PINTAS_DICE_MAX_ROUNDS),
    LIMIT("max_rolls", 255),
};
enum { DICE_DOOM = 2, DICE_DOOM_LOSES = 3 };
#endif

/* Where each setting lies in its family's rules struct, in the table's order
 * (width 0: the preset's choice, which the struct holds otherwise: Caminos'
 * paths and hands, the dice's scoring table). */
typedef struct setting_slot {
    uint16_t at;
    uint8_t width;
} setting_slot;
#define SLOT(type, field) {offsetof(type, field), sizeof(((type *)0)->field)}
#define L(field) SLOT(pintas_line_rules, field)
#define C(field) SLOT(pintas_caminos_rules, field)
#define D(field) SLOT(pintas_dice_rules, field)
static const setting_slot line_slots[COUNT(line_settings)] = {
    L(game), L(players), L(pairs), L(target), L(redeal_doubles), L(block_scoring), L(tranque),
    L(capicua), L(pass_points), L(capicua_bonus), L(pase_corrido_bonus),
    L(pase_de_salida_bonus), L(max_rounds)};
#ifndef PINTAS_ONLY_LINE
static const setting_slot caminos_slots[COUNT(caminos_settings)] = {
    {0, 0}, C(players), C(rounds), C(max_rounds), C(max_round_moves)};
static const setting_slot dice_slots[COUNT(dice_settings)] = {
    {0, 0}, D(target), D(doom), D(doom_loses), D(hot_dice), D(combine_kept), D(final_round),
    D(max_rounds), D(max_rolls)};
#endif
#undef L
#undef C
#undef D

/* The presets, each family's in the order of its setting 0's choices. */
static const char *const muggins_takes[] = {"players", "target", "redeal_doubles",
                                            "block_scoring", "max_rounds", NULL};
static const char *const capicua_takes[] = {"players", "pairs", "target", "redeal_doubles",
                                            "capicua", "pass_points", "max_rounds", NULL};
static const char *const dominican_takes[] = {"mode", "target", "redeal_doubles", "tranque",
                                              "capicua_bonus", "pase_corrido_bonus",
                                              "pase_de_salida_bonus", "max_rounds", NULL};
static const pintas_preset_seating dominican_modes[] = {
    {"pairs", 4, 1}, {"four", 4, 0}, {"three", 3, 0}, {"two", 2, 0}};
static const pintas_preset line_presets[] = {
    {"muggins", muggins_takes, NULL, 0, MUGGINS, 3, 0},
    {"capicua", capicua_takes, NULL, 0, CAPICUA, 4, 0},
    {"dominican", dominican_takes, dominican_modes, (uint8_t)COUNT(dominican_modes), DOMINICAN,
     4, 1},
};
#ifndef PINTAS_ONLY_LINE
static const char *const caminos_takes[] = {"players", "rounds", "max_rounds",
                                            "max_round_moves", NULL};
static const pintas_preset caminos_presets[] = {
    {"caminos", caminos_takes, NULL, 0, 0, 3, 0},
    {"caminos_no_renewal", caminos_takes, NULL, 0, 1, 3, 0},
    {"caminos_two_paths", caminos_takes, NULL, 0, 2, 3, 0},
};
static const char *const dice_takes[] = {"target", "doom", "doom_loses", "hot_dice",
                                         "combine_kept", "final_round", "max_rounds",
                                         "max_rolls", NULL};
static const pintas_preset dice_presets[] = {
    {"dice_of_doom", dice_takes, NULL, 0, 0, 0, 0},
    {"farkle", dice_takes, NULL, 0, 1, 0, 0},
};
#endif

typedef struct family_table {
    const pintas_setting *settings;
    size_t n;
    const setting_slot *slots;
    size_t size; /* of the family's rules struct */
    const pintas_preset *presets;
    size_t n_presets;
} family_table;

static const family_table families[] = {
    {line_settings, COUNT(line_settings), line_slots, sizeof(pintas_line_rules), line_presets,
     COUNT(line_presets)},
#ifndef PINTAS_ONLY_LINE
    {caminos_settings, COUNT(caminos_settings), caminos_slots, sizeof(pintas_caminos_rules),
     caminos_presets, COUNT(caminos_presets)},
    {dice_settings, COUNT(dice_settings), dice_slots, sizeof(pintas_dice_rules), dice_presets,
     COUNT(dice_presets)},
#endif
};

int pintas_settings(int family, const pintas_setting **settings, size_t *n)
{
    if (!settings || !n || family < 0 || family >= (int)COUNT(families))
        return PINTAS_E_ARG;
    *settings = families[family].settings;
    *n = families[family].n;
    return PINTAS_OK;
}

/* ---- the structs ------------------------------------------------------------ */

/* The family's struct before its settings are placed: its preset's. */
static int preset(int family, int32_t choice, int32_t players, void *rules)
{
#ifndef PINTAS_ONLY_LINE
    if (family == PINTAS_FAMILY_CAMINOS)
        return pintas_caminos_rules_preset(rules, (int)choice, (int)players);
    if (family == PINTAS_FAMILY_DICE)
        return choice == 0 ? pintas_dice_rules_dice_of_doom(rules) : pintas_dice_rules_farkle(rules);
#else
    (void)family, (void)choice, (void)players;
#endif
    memset(rules, 0, sizeof(pintas_line_rules));
    return PINTAS_OK;
}

/* The family whose struct of `size` bytes holds `n` settings (NULL pointers,
 * an unknown family, a wrong n or size: NULL). */
static const family_table *struct_family(int family, size_t n, size_t size, const void *values,
                                         const void *rules)
{
    const pintas_setting *table;
    size_t count;
    if (!values || !rules || pintas_settings(family, &table, &count) != PINTAS_OK ||
        n != count || size != families[family].size)
        return NULL;
    return &families[family];
}

/* A setting's field of `rules`, 1, 2 or 4 bytes wide: *v written into it
 * (into 1), or it read into *v (into 0). */
static void field_copy(setting_slot slot, unsigned char *rules, int32_t *v, int into)
{
    uint8_t b = (uint8_t)*v;
    uint16_t h = (uint16_t)*v;
    void *own = slot.width == 1 ? (void *)&b : slot.width == 2 ? (void *)&h : (void *)v;
    if (into) {
        memcpy(rules + slot.at, own, slot.width);
        return;
    }
    memcpy(own, rules + slot.at, slot.width);
    *v = slot.width == 1 ? (int32_t)b : slot.width == 2 ? (int32_t)h : *v;
}

/* The preset's choice a struct holds otherwise (see pintas_settings_values). */
static int32_t preset_choice(int family, const void *rules)
{
    int32_t v = 0;
#ifndef PINTAS_ONLY_LINE
    if (family == PINTAS_FAMILY_CAMINOS) {
        const pintas_caminos_rules *c = rules;
        pintas_caminos_rules p;
        while (v < 3 && (pintas_caminos_rules_preset(&p, (int)v, c->players) != PINTAS_OK ||
                         p.paths != c->paths || p.hand_size != c->hand_size ||
                         p.side_tiles != c->side_tiles || p.full_path != c->full_path))
            ++v;
    } else if (family == PINTAS_FAMILY_DICE) {
        const pintas_dice_rules *d = rules;
        pintas_dice_rules doom;
        int f;
        pintas_dice_rules_dice_of_doom(&doom);
        for (f = 0; f <= PINTAS_DICE_FACES; ++f)
            v |= doom.single[f] != d->single[f];
    }
#else
    (void)family, (void)rules;
#endif
    return v;
}

/* A family's settings between values[0..n) and its struct: into 1 places
 * the values in *rules (each in its range, the preset first), into 0 reads
 * *rules into the values. Each side is only read where the other is written
 * (the public calls' const). */
static int copy_settings(int family, int32_t *values, size_t n, unsigned char *rules,
                         size_t size, int into)
{
    const family_table *f = struct_family(family, n, size, values, rules);
    size_t i;
    if (!f)
        return PINTAS_E_ARG;
    if (into) {
        for (i = 0; i < n; ++i)
            if (values[i] < f->settings[i].low || values[i] > f->settings[i].high)
                return PINTAS_E_ARG;
        if (preset(family, values[0], values[1], rules) != PINTAS_OK)
            return PINTAS_E_ARG;
    }
    for (i = 0; i < n; ++i) {
        if (f->slots[i].width != 0)
            field_copy(f->slots[i], rules, &values[i], into);
        else if (!into)
            values[i] = preset_choice(family, rules);
    }
    return PINTAS_OK;
}

int pintas_settings_rules(int family, const int32_t *values, size_t n, void *rules,
                          size_t size)
{
    return copy_settings(family, (int32_t *)(uintptr_t)values, n, rules, size, 1);
}

int pintas_settings_values(int family, const void *rules, size_t size, int32_t *values,
                           size_t n)
{
    return copy_settings(family, values, n, (unsigned char *)(uintptr_t)rules, size, 0);
}

/* ---- the checks ------------------------------------------------------------ */

static int in_range(const pintas_setting *s, int32_t v)
{
    if (s->kind == PINTAS_SETTING_LIMIT)
        return v == 0 || (v >= 1 && v <= s->high);
    return v >= s->low && v <= s->high;
}

static int refuse(pintas_settings_refusal *why, int cause, const int32_t *values, size_t setting,
                  size_t other)
{
    why->cause = (uint8_t)cause;
    why->setting = (uint8_t)setting;
    why->other = (uint8_t)other;
    why->value = values[setting];
    why->other_value = values[other];
    return PINTAS_E_RULES;
}

/* The rules that tie a line game's settings together. */
static int line_ties(const int32_t *v, pintas_settings_refusal *why)
{
    if (v[LINE_PAIRS] && v[LINE_PLAYERS] != 4)
        return refuse(why, PINTAS_SETTINGS_PAIRS_SEATS, v, LINE_PAIRS, LINE_PLAYERS);
    if (v[LINE_PAIRS] && v[LINE_GAME] == MUGGINS)
        return refuse(why, PINTAS_SETTINGS_INDIVIDUALS, v, LINE_PAIRS, LINE_GAME);
    /* below 3 doubles nearly every deal would be void */
    if (v[LINE_REDEAL] > 0 && v[LINE_REDEAL] < PINTAS_LINE_MIN_REDEAL_DOUBLES)
        return refuse(why, PINTAS_SETTINGS_REDEAL_FEW, v, LINE_REDEAL, LINE_REDEAL);
    return PINTAS_OK;
}

#ifndef PINTAS_ONLY_LINE
static int dice_ties(const int32_t *v, pintas_settings_refusal *why)
{
    if (!v[DICE_DOOM] && v[DICE_DOOM_LOSES] != 0)
        return refuse(why, PINTAS_SETTINGS_DOOM_LOSES, v, DICE_DOOM_LOSES, DICE_DOOM);
    return PINTAS_OK;
}
#else
#define dice_ties(v, why) PINTAS_OK
#endif

int pintas_settings_why(int family, const int32_t *values, size_t n,
                        pintas_settings_refusal *why)
{
    const pintas_setting *table;
    size_t count, i;
    int status;
    if (!values || !why || pintas_settings(family, &table, &count) != PINTAS_OK || n != count)
        return PINTAS_E_ARG;
    why->family = (uint8_t)family;
    why->game = values[0];
    for (i = 0; i < n; ++i)
        if (!in_range(&table[i], values[i]))
            return refuse(why, PINTAS_SETTINGS_RANGE, values, i, i);
    status = family == PINTAS_FAMILY_LINE   ? line_ties(values, why)
             : family == PINTAS_FAMILY_DICE ? dice_ties(values, why)
                                            : PINTAS_OK;
    if (status != PINTAS_OK)
        return status;
    for (i = 0; i < n; ++i)
        if (table[i].owner != ANY && values[0] != table[i].owner &&
            values[i] != table[i].neutral)
            return refuse(why, PINTAS_SETTINGS_OWNER, values, i, 0);
    refuse(why, PINTAS_SETTINGS_OK, values, 0, 0);
    return PINTAS_OK;
}

/* ---- the messages ---------------------------------------------------------- */

static const char *const range_templates[] = {
    "{option} must be a whole number {low}..{high}: got {got}",
    "{option} must be True or False: got {got}",
    "{option} must be one of {choices}: got {got}",
    "{option} must be None (no limit) or a whole number 1..{high}: got {got}",
};

static const char *const tie_templates[PINTAS_SETTINGS_CAUSES] = {
    "",
    "",
    "{name} is an option of {owner} only: got {name}={got} for {game}",
    "{name} needs 4 players: got {other_name}={other}",
    "{game} is played by individuals: {name}=True is not allowed",
    "{name} must be 0 (off) or {least}..{high}: got {got} (nearly every deal would be void)",
    "{name}={got} needs {other_name}=True (without doom nothing is lost to it)",
};

static void put_int(pintas__out *o, int32_t v)
{
    if (v < 0)
        pintas__putc(o, '-');
    pintas__put_uint(o, v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
}

static void put_quoted(pintas__out *o, const char *name)
{
    pintas__putc(o, '\'');
    pintas__puts(o, name);
    pintas__putc(o, '\'');
}

/* v as the table shows a value of setting s: 'name', True, None, 7. */
static void put_value(pintas__out *o, const pintas_setting *s, int32_t v)
{
    if (s->kind == PINTAS_SETTING_CHOICE && v >= 0 && v < s->n_choices)
        put_quoted(o, s->choices[v]);
    else if (s->kind == PINTAS_SETTING_FLAG && (v == 0 || v == 1))
        pintas__puts(o, v ? "True" : "False");
    else if (s->kind == PINTAS_SETTING_LIMIT && v == 0)
        pintas__puts(o, "None");
    else
        put_int(o, v);
}

static void put_choices(pintas__out *o, const pintas_setting *s)
{
    unsigned i;
    for (i = 0; i < s->n_choices; ++i) {
        if (i)
            pintas__puts(o, ", ");
        put_quoted(o, s->choices[i]);
    }
}

/* The game's name (setting 0's choice), or its number when out of range. */
static void put_game(pintas__out *o, const pintas_setting *game, int32_t v)
{
    if (v >= 0 && v < game->n_choices)
        pintas__puts(o, game->choices[v]);
    else
        put_int(o, v);
}

static void fill(pintas__out *o, const char *p, const pintas_settings_refusal *why,
                 const pintas_setting *table, const char *got, size_t len)
{
    const pintas_setting *s = &table[why->setting], *other = &table[why->other];
    for (; *p; ++p) {
        if (*p != '{') {
            pintas__putc(o, *p);
            continue;
        }
        if (pintas__placeholder_is(p, "name"))
            pintas__puts(o, s->name);
        else if (pintas__placeholder_is(p, "option"))
            pintas__puts(o, s->option ? s->option : s->name);
        else if (pintas__placeholder_is(p, "low"))
            put_int(o, s->low);
        else if (pintas__placeholder_is(p, "high"))
            put_int(o, s->high);
        else if (pintas__placeholder_is(p, "least"))
            put_int(o, PINTAS_LINE_MIN_REDEAL_DOUBLES);
        else if (pintas__placeholder_is(p, "choices"))
            put_choices(o, s);
        else if (pintas__placeholder_is(p, "got")) {
            if (got)
                pintas__put(o, got, len);
            else
                put_value(o, s, why->value);
        } else if (pintas__placeholder_is(p, "owner"))
            put_game(o, &table[0], s->owner);
        else if (pintas__placeholder_is(p, "game"))
            put_game(o, &table[0], why->game);
        else if (pintas__placeholder_is(p, "other_name"))
            pintas__puts(o, other->name);
        else if (pintas__placeholder_is(p, "other"))
            put_value(o, other, why->other_value);
        while (*p && *p != '}')
            ++p;
        if (!*p)
            break;
    }
}

int pintas_settings_refusal_text(const pintas_settings_refusal *why, const char *got,
                                 size_t len, char *buf, size_t cap, size_t *n)
{
    const pintas_setting *table;
    size_t count;
    pintas__out o;
    const char *tmpl;
    if (!why || !buf || !n || pintas_settings(why->family, &table, &count) != PINTAS_OK ||
        why->cause == PINTAS_SETTINGS_OK || why->cause >= PINTAS_SETTINGS_CAUSES ||
        why->setting >= count || why->other >= count)
        return PINTAS_E_ARG;
    tmpl = why->cause == PINTAS_SETTINGS_RANGE ? range_templates[table[why->setting].kind & 3u]
                                               : tie_templates[why->cause];
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    fill(&o, tmpl, why, table, got, got ? len : 0);
    return pintas__out_end(&o, n);
}

/* ---- presets ------------------------------------------------------------- */

static const pintas_preset *preset_of(int family, int index)
{
    if (family < 0 || family >= (int)COUNT(families) || index < 0 ||
        (size_t)index >= families[family].n_presets)
        return NULL;
    return &families[family].presets[index];
}

int pintas_presets(int family, const pintas_preset **presets, size_t *n)
{
    if (!presets || !n || !preset_of(family, 0))
        return PINTAS_E_ARG;
    *presets = families[family].presets;
    *n = families[family].n_presets;
    return PINTAS_OK;
}

int pintas_preset_values(int family, int index, int32_t *values, size_t n)
{
    const pintas_preset *p = preset_of(family, index);
    union {
        pintas_line_rules line;
#ifndef PINTAS_ONLY_LINE
        pintas_caminos_rules caminos;
        pintas_dice_rules dice;
#endif
    } r;
    int status;
    if (!p || !values)
        return PINTAS_E_ARG;
    /* the struct of the game's own preset function, read back as settings */
    status = family == PINTAS_FAMILY_LINE
                 ? pintas_line_rules_preset(&r.line, p->choice, p->players, p->pairs)
                 : preset(family, p->choice, p->players, &r);
    if (status != PINTAS_OK)
        return PINTAS_E_ARG;
    return pintas_settings_values(family, &r, families[family].size, values, n);
}

/* Whether the NUL-terminated texts a and b are the same. */
static int same(const char *a, const char *b)
{
    while (*a && *a == *b)
        ++a, ++b;
    return *a == *b;
}

int pintas_preset_named(int family, const char *name, int *index)
{
    size_t i;
    if (!name || !index || !preset_of(family, 0))
        return PINTAS_E_ARG;
    for (i = 0; i < families[family].n_presets; ++i)
        if (same(name, families[family].presets[i].name)) {
            *index = (int)i;
            return PINTAS_OK;
        }
    return PINTAS_E_ARG;
}

/* The setting a host's option name names (its name, or the option presets
 * take it by), or -1: none, or a limit for a host that offers none. */
static int setting_named(const family_table *f, const char *name, unsigned flags)
{
    size_t i;
    for (i = 0; i < f->n; ++i) {
        const pintas_setting *s = &f->settings[i];
        if (same(name, s->name) || (s->option && same(name, s->option)))
            return (flags & PINTAS_PRESET_NO_LIMITS) && s->kind == PINTAS_SETTING_LIMIT
                       ? -1
                       : (int)i;
    }
    return -1;
}

/* Whether a host with `flags` offers the option `take` of a preset of f
 * (every option but, with PINTAS_PRESET_NO_LIMITS, the limits). */
static int takes(const family_table *f, const char *take, unsigned flags)
{
    int setting = setting_named(f, take, 0);
    return !(flags & PINTAS_PRESET_NO_LIMITS) || setting < 0 ||
           f->settings[setting].kind != PINTAS_SETTING_LIMIT;
}

int pintas_preset_takes(int family, int index, unsigned flags, const char **out, size_t cap,
                        size_t *n)
{
    const pintas_preset *p = preset_of(family, index);
    const char *const *take;
    size_t k = 0;
    if (!p || !out || !n)
        return PINTAS_E_ARG;
    for (take = p->takes; *take; ++take)
        if (takes(&families[family], *take, flags)) {
            if (k < cap)
                out[k] = *take;
            ++k;
        }
    *n = k;
    return k <= cap ? PINTAS_OK : PINTAS_E_BUFFER;
}

/* Why preset p does not take setting i of its family f. */
static void put_not_taken(pintas__out *o, const family_table *f, const pintas_preset *p,
                          size_t i)
{
    const pintas_setting *s = &f->settings[i];
    int line = f->settings == line_settings;
    unsigned k;
    if (s->owner != ANY) {
        pintas__puts(o, "an option of ");
        put_game(o, &f->settings[0], s->owner);
        pintas__puts(o, " only");
    } else if (p->n_seatings && line && (i == LINE_PLAYERS || i == LINE_PAIRS)) {
        pintas__puts(o, "set by mode: ");
        for (k = 0; k < p->n_seatings; ++k) {
            if (k)
                pintas__puts(o, ", ");
            put_quoted(o, p->seatings[k].name);
        }
    } else if (line && i == LINE_PAIRS && p->choice == MUGGINS) {
        put_game(o, &f->settings[0], p->choice);
        pintas__puts(o, " is played by individuals");
    } else {
        pintas__puts(o, "set by the preset");
    }
}

int pintas_preset_refusal_text(int family, int index, const char *const *refused,
                               const char *const *hints, size_t n_refused, unsigned flags,
                               char *buf, size_t cap, size_t *n)
{
    const pintas_preset *p = preset_of(family, index);
    const family_table *f;
    const char *const *take;
    pintas__out o;
    size_t i;
    int first = 1;
    if (!p || !refused || !buf || !n)
        return PINTAS_E_ARG;
    f = &families[family];
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    pintas__puts(&o, "not an option of ");
    pintas__puts(&o, p->name);
    pintas__puts(&o, ": ");
    for (i = 0; i < n_refused; ++i) {
        int setting;
        if (!refused[i])
            return PINTAS_E_ARG;
        setting = setting_named(f, refused[i], flags);
        if (i)
            pintas__puts(&o, ", ");
        pintas__puts(&o, refused[i]);
        if (setting >= 0) {
            pintas__puts(&o, " (");
            put_not_taken(&o, f, p, (size_t)setting);
            pintas__putc(&o, ')');
        } else if (hints && hints[i]) {
            pintas__puts(&o, hints[i]);
        }
    }
    pintas__puts(&o, "; ");
    pintas__puts(&o, p->name);
    pintas__puts(&o, " takes ");
    for (take = p->takes; *take; ++take) {
        if (!takes(f, *take, flags))
            continue;
        if (!first)
            pintas__puts(&o, ", ");
        pintas__puts(&o, *take);
        first = 0;
    }
    return pintas__out_end(&o, n);
}

/* ---- descriptions -------------------------------------------------------- */

#ifndef PINTAS_ONLY_LINE
static const char *const dice_titles[] = {"Dice of Doom", "Farkle"};
enum { CAMINOS_VARIANT, CAMINOS_PLAYERS, CAMINOS_ROUNDS, CAMINOS_MAX_ROUNDS, CAMINOS_MAX_MOVES };
#endif
enum { LINE_MAX_ROUNDS = 12 };

/* ", at most 2 rounds" and the like: a count and its noun, plural unless
 * `singular` and the count is 1. */
static void put_count(pintas__out *o, const char *before, int32_t count, const char *noun,
                      int singular)
{
    pintas__puts(o, before);
    put_int(o, count);
    pintas__putc(o, ' ');
    pintas__puts(o, noun);
    if (!(singular && count == 1))
        pintas__putc(o, 's');
}

/* The seating of the line game v[LINE_GAME]'s preset that has the seats of
 * v (a Dominican mode), or NULL. */
static const char *line_seating(const int32_t *v)
{
    const pintas_preset *p = &line_presets[v[LINE_GAME]];
    unsigned k;
    for (k = 0; k < p->n_seatings; ++k)
        if (p->seatings[k].players == v[LINE_PLAYERS] && p->seatings[k].pairs == v[LINE_PAIRS])
            return p->seatings[k].name;
    return NULL;
}

static void put_line_text(pintas__out *o, const int32_t *v)
{
    const char *seating = line_seating(v);
    put_game(o, &line_settings[0], v[LINE_GAME]);
    pintas__puts(o, " (");
    if (seating) {
        pintas__puts(o, seating);
    } else {
        put_int(o, v[LINE_PLAYERS]);
        pintas__puts(o, v[LINE_PAIRS] ? " players in pairs" : " players");
    }
    pintas__puts(o, ") to ");
    put_int(o, v[LINE_TARGET]);
    if (v[LINE_MAX_ROUNDS])
        put_count(o, ", at most ", v[LINE_MAX_ROUNDS], "round", 0);
}

#ifndef PINTAS_ONLY_LINE
static void put_caminos_text(pintas__out *o, const int32_t *v, const int32_t *preset_v)
{
    pintas__puts(o, caminos_presets[v[CAMINOS_VARIANT]].name);
    pintas__puts(o, " (");
    put_int(o, v[CAMINOS_PLAYERS]);
    pintas__puts(o, " players");
    if (v[CAMINOS_ROUNDS] != preset_v[CAMINOS_ROUNDS])
        put_count(o, ", ", v[CAMINOS_ROUNDS], "round", 0);
    if (v[CAMINOS_MAX_ROUNDS])
        put_count(o, ", at most ", v[CAMINOS_MAX_ROUNDS], "round", 1);
    if (v[CAMINOS_MAX_MOVES])
        put_count(o, ", rounds of at most ", v[CAMINOS_MAX_MOVES], "move", 1);
    pintas__putc(o, ')');
}

static void put_dice_text(pintas__out *o, const int32_t *v, const int32_t *preset_v)
{
    size_t i;
    int changed = 0;
    pintas__puts(o, dice_titles[v[0]]);
    pintas__puts(o, " to ");
    put_int(o, v[1]);
    for (i = 2; i < COUNT(dice_settings); ++i) { /* past the scoring and the target */
        if (v[i] == preset_v[i])
            continue;
        pintas__puts(o, changed ? ", " : " (");
        pintas__puts(o, dice_settings[i].name);
        pintas__putc(o, '=');
        put_value(o, &dice_settings[i], v[i]);
        changed = 1;
    }
    if (changed)
        pintas__putc(o, ')');
}
#endif

int pintas_settings_text(int family, const int32_t *values, size_t n, char *buf, size_t cap,
                         size_t *len)
{
    pintas_settings_refusal why;
    int32_t preset_v[PINTAS_SETTINGS_MAX];
    pintas__out o;
    if (!buf || !len || pintas_settings_why(family, values, n, &why) != PINTAS_OK ||
        pintas_preset_values(family, family == PINTAS_FAMILY_LINE ? 0 : values[0], preset_v,
                             n) != PINTAS_OK)
        return PINTAS_E_ARG;
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
#ifndef PINTAS_ONLY_LINE
    if (family == PINTAS_FAMILY_CAMINOS)
        put_caminos_text(&o, values, preset_v);
    else if (family == PINTAS_FAMILY_DICE)
        put_dice_text(&o, values, preset_v);
    else
#endif
        put_line_text(&o, values);
    return pintas__out_end(&o, len);
}

/* ---- names that are no setting ------------------------------------------- */

/* The names refused[0..n), each with its hint when there is one. */
static void put_refused(pintas__out *o, const char *const *refused, const char *const *hints,
                        size_t n, int *bad)
{
    size_t i;
    for (i = 0; i < n; ++i) {
        if (!refused[i]) {
            *bad = 1;
            return;
        }
        if (i)
            pintas__puts(o, ", ");
        pintas__puts(o, refused[i]);
        if (hints && hints[i])
            pintas__puts(o, hints[i]);
    }
}

/* The family of rules whose n values name a game: NULL for NULL values, an
 * unknown family, a wrong n or setting 0 out of range. */
static const family_table *game_family(int family, const int32_t *values, size_t n)
{
    if (!values || !preset_of(family, 0) || n != families[family].n || values[0] < 0 ||
        (size_t)values[0] >= families[family].n_presets)
        return NULL;
    return &families[family];
}

int pintas_settings_own(int family, const int32_t *values, size_t n, unsigned flags,
                        uint8_t *out, size_t cap, size_t *count)
{
    const family_table *f = game_family(family, values, n);
    size_t i, k = 0;
    if (!f || !out || !count)
        return PINTAS_E_ARG;
    for (i = 0; i < f->n; ++i) {
        const pintas_setting *s = &f->settings[i];
        if ((s->owner != ANY && s->owner != values[0]) ||
            (f->settings == line_settings && i == LINE_PAIRS && values[0] == MUGGINS) ||
            ((flags & PINTAS_PRESET_NO_LIMITS) && s->kind == PINTAS_SETTING_LIMIT))
            continue;
        if (k < cap)
            out[k] = (uint8_t)i;
        ++k;
    }
    *count = k;
    return k <= cap ? PINTAS_OK : PINTAS_E_BUFFER;
}

int pintas_settings_unknown_text(int family, const int32_t *values, size_t n,
                                 const char *const *refused, const char *const *hints,
                                 size_t n_refused, unsigned flags, char *buf, size_t cap,
                                 size_t *len)
{
    const family_table *f = game_family(family, values, n);
    uint8_t own[PINTAS_SETTINGS_MAX];
    size_t n_own, i;
    pintas__out o;
    int bad = 0;
    if (!f || !refused || !buf || !len ||
        pintas_settings_own(family, values, n, flags, own, COUNT(own), &n_own) != PINTAS_OK)
        return PINTAS_E_ARG;
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    pintas__puts(&o, "no such rules setting: ");
    put_refused(&o, refused, hints, n_refused, &bad);
    if (bad)
        return PINTAS_E_ARG;
    pintas__puts(&o, "; the settings of ");
    pintas__puts(&o, f->presets[values[0]].name);
    pintas__puts(&o, " rules: ");
    for (i = 0; i < n_own; ++i) {
        if (i)
            pintas__puts(&o, ", ");
        pintas__puts(&o, f->settings[own[i]].name);
    }
    return pintas__out_end(&o, len);
}

const char *pintas_settings_seating(int family, const int32_t *values, size_t n)
{
    return family == PINTAS_FAMILY_LINE && game_family(family, values, n) ? line_seating(values)
                                                                            : NULL;
}
