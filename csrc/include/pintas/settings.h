/* pintas/settings.h - the settings of each family's rules, as a host names
 * and takes them, and why a set of them is refused.
 *
 * A host (the CPython and MicroPython layers, a C program reading options)
 * offers a game's rules as named settings: "players", "target", "tranque" ...
 * pintas_settings() lists them, in order, each with its kind, its range and
 * the names of its choices, so a host builds and checks rules from this table
 * rather than from a copy of it. A set of settings is given as one int32_t a
 * setting, in that order: a whole number as itself, a flag as 0 or 1, a
 * choice as its index, a limit as 0 (no limit) or 1..high.
 * pintas_settings_why() checks them, first each setting's own range in the
 * table's order, then the rules that tie settings together, and names the
 * first refusal; pintas_settings_refusal_text() writes its message.
 *
 * What a host adds is what its language has: the check of a value's type (a
 * flag must be a bool, a whole number an int) before it is converted, where
 * the host asks for the same message with its own rendering of the value
 * (`got`).
 *
 * The tables are constant data; nothing here writes but the caller's structs.
 *
 * A build for the line games alone (PINTAS_ONLY_LINE defined, as a board's
 * domino-only module is built) holds the line family's table alone: the
 * others are then unknown families (PINTAS_E_ARG), and nothing of Caminos'
 * or the dice's is linked from here.
 */
#ifndef PINTAS_SETTINGS_H
#define PINTAS_SETTINGS_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The families of rules. */
#define PINTAS_FAMILY_LINE 0    /* Muggins, Capicua, Dominican (pintas_line_rules) */
#define PINTAS_FAMILY_CAMINOS 1 /* Caminos (pintas_caminos_rules) */
#define PINTAS_FAMILY_DICE 2    /* Dice of Doom, Farkle (pintas_dice_rules) */

/* The most settings a family has. */
#define PINTAS_SETTINGS_MAX 16

/* What a setting holds. */
typedef enum pintas_setting_kind {
    PINTAS_SETTING_WHOLE = 0,  /* a whole number low..high */
    PINTAS_SETTING_FLAG = 1,   /* 0 or 1 (a host's False or True) */
    PINTAS_SETTING_CHOICE = 2, /* an index into choices[0..n_choices) */
    PINTAS_SETTING_LIMIT = 3   /* 0: no limit (a host's None), else 1..high */
} pintas_setting_kind;

/* A setting's default_value when a rules constructor must be given it (the
 * game, the line games' players, the Caminos variant): below every range. */
#define PINTAS_SETTING_REQUIRED (-1)

typedef struct pintas_setting {
    const char *name;           /* as every host names it */
    const char *option;         /* the name presets also take it by (and a
                                   range refusal says), or NULL: name */
    const char *const *choices; /* CHOICE: the names of its values; else NULL */
    int32_t low, high;          /* the range of its value (CHOICE: 0..n_choices - 1) */
    int32_t default_value;      /* what a host's rules constructor (Python's
                                   Rules(game=..., players=...)) gives it when
                                   not named (a limit: 0, none), or
                                   PINTAS_SETTING_REQUIRED */
    uint8_t kind;               /* pintas_setting_kind */
    uint8_t n_choices;
    int8_t owner;               /* the value of setting 0 (the game) under which
                                   alone it may change, or -1 (under any) */
    uint8_t neutral;            /* its value under any other game */
} pintas_setting;

/* Why a set of settings is refused: a cause and the setting it names. */
typedef enum pintas_settings_cause {
    PINTAS_SETTINGS_OK = 0,
    PINTAS_SETTINGS_RANGE,       /* the setting is out of its range (or, from a
                                    host, of the wrong type) */
    PINTAS_SETTINGS_OWNER,       /* another game's option moved from its neutral value */
    PINTAS_SETTINGS_PAIRS_SEATS, /* line: pairs without 4 players */
    PINTAS_SETTINGS_INDIVIDUALS, /* line: pairs in Muggins */
    PINTAS_SETTINGS_REDEAL_FEW,  /* line: redeal_doubles 1 or 2 */
    PINTAS_SETTINGS_DOOM_LOSES,  /* dice: doom_loses other than "turn" without doom */
    PINTAS_SETTINGS_CAUSES
} pintas_settings_cause;

typedef struct pintas_settings_refusal {
    uint8_t family;  /* PINTAS_FAMILY_* */
    uint8_t cause;   /* pintas_settings_cause */
    uint8_t setting; /* the index of the setting refused */
    uint8_t other;   /* the index of the setting it conflicts with (else = setting) */
    int32_t value;   /* the refused setting's value, as given */
    int32_t other_value;
    int32_t game;    /* setting 0's value (the game), as given */
} pintas_settings_refusal;

/* The settings of `family` in *settings and their number in *n: PINTAS_OK;
 * PINTAS_E_ARG for NULL pointers or an unknown family. The table is static
 * and constant; its order is the order pintas_settings_why() reads values in. */
int pintas_settings(int family, const pintas_setting **settings, size_t *n);

/* Check `n` values of `family`'s settings (n must be the family's count).
 * PINTAS_OK with why->cause PINTAS_SETTINGS_OK when they are valid rules;
 * PINTAS_E_RULES with *why naming the first refusal; PINTAS_E_ARG for NULL
 * pointers, an unknown family or a wrong n (*why untouched). */
int pintas_settings_why(int family, const int32_t *values, size_t n,
                        pintas_settings_refusal *why);

/* Fill the family's rules struct (pintas_line_rules, pintas_caminos_rules or
 * pintas_dice_rules, `size` its sizeof) from `n` values in the settings
 * table's order: a Caminos variant's and a dice scoring's preset first (what
 * those structs hold beyond the settings: paths, hand size, the scoring
 * table), then each setting in its field; a line struct starts zeroed. The
 * one place a host's settings become a core struct: the hosts convert their
 * values, this places them. PINTAS_OK; PINTAS_E_ARG for NULL pointers, an
 * unknown family, a wrong n or size, or a value outside its setting's range
 * (low..high; a limit 0..high), *rules then untouched. It does not judge the
 * settings together: pintas_settings_why() and each game's rules check do. */
int pintas_settings_rules(int family, const int32_t *values, size_t n, void *rules,
                          size_t size);

/* The inverse: the `n` settings of the family's rules struct `rules` (`size`
 * its sizeof) into values[0..n), in the table's order, each field as it is
 * (unchecked: a host shows a bad value as it found it). The preset's choice
 * is read from what the struct holds: Caminos' variant is the one whose
 * preset for the struct's players has its paths, hand size, side tiles and
 * full path (3, past the choices, when none has), the dice's scoring is
 * dice_of_doom when its single dice score as that preset's do (else
 * farkle). PINTAS_OK; PINTAS_E_ARG for NULL pointers, an unknown family or a
 * wrong n or size. */
int pintas_settings_values(int family, const void *rules, size_t size, int32_t *values,
                           size_t n);

/* Write the message of a refusal into buf[0..cap), NUL-terminated, and its
 * length (without the NUL) into *n. The refused value reads as `got` (len
 * bytes, as the host renders it: Python's repr of what it was given) or, with
 * got NULL, as the table renders why->value ("'blocker'", "True", "7").
 * PINTAS_OK; PINTAS_E_BUFFER when cap is too small (buf holds as much as
 * fits, if cap > 0, and *n the length needed); PINTAS_E_ARG for NULL
 * pointers (got may be NULL) or a refusal that names no setting. */
int pintas_settings_refusal_text(const pintas_settings_refusal *why, const char *got,
                                 size_t len, char *buf, size_t cap, size_t *n);

/* Write the description of valid rules (the `n` values of `family`'s
 * settings, as pintas_settings_why() takes them) into buf[0..cap),
 * NUL-terminated, its length into *len: what every host prints for its
 * rules ("dominican (pairs) to 200", "capicua (4 players in pairs) to 20,
 * at most 5 rounds", "caminos_two_paths (3 players, 2 rounds)", "Farkle to
 * 10000 (doom=True)": a dice game names the settings that differ from its
 * scoring's preset). PINTAS_OK; PINTAS_E_BUFFER when cap is too small (buf
 * holds what fits, if cap > 0; *len the length needed); PINTAS_E_ARG for
 * NULL pointers, an unknown family, a wrong n or values that
 * pintas_settings_why() refuses. */
int pintas_settings_text(int family, const int32_t *values, size_t n, char *buf, size_t cap,
                         size_t *len);

/* The settings that mean something for the game of rules (the `n` values
 * of `family`'s settings; setting 0 in its range), in the table's order,
 * as indexes into out[0..cap), their number into *count: every setting but
 * another game's options and Muggins' pairs (and the limits, with
 * PINTAS_PRESET_NO_LIMITS in flags). PINTAS_OK; PINTAS_E_BUFFER when cap is
 * too small (out holds the first cap, *count the number); PINTAS_E_ARG for
 * NULL pointers, an unknown family, a wrong n or setting 0 out of range. */
int pintas_settings_own(int family, const int32_t *values, size_t n, unsigned flags,
                        uint8_t *out, size_t cap, size_t *count);

/* The message refusing names that are no setting of rules (the `n` values
 * of `family`'s settings; setting 0 in its range), into buf[0..cap),
 * NUL-terminated, its length into *len: the `n_refused` names as given, each
 * followed by hints[i] when hints and hints[i] are not NULL (a host's guess
 * at a typo), then the settings that mean something for the rules' game
 * (pintas_settings_own's, with `flags`):
 *   no such rules setting: taget (did you mean 'target'?); the settings of
 *   muggins rules: game, players, target, redeal_doubles, block_scoring, ...
 * PINTAS_OK; PINTAS_E_BUFFER when cap is too small (buf holds what fits, if
 * cap > 0; *len the length needed); PINTAS_E_ARG for NULL pointers (hints
 * may be NULL), an unknown family, a wrong n or setting 0 out of range. */
int pintas_settings_unknown_text(int family, const int32_t *values, size_t n,
                                 const char *const *refused, const char *const *hints,
                                 size_t n_refused, unsigned flags, char *buf, size_t cap,
                                 size_t *len);

/* ---- presets ---------------------------------------------------------------
 * A preset is a game as a host offers it in one call (Python's
 * Rules.muggins(players=3, target=100)): it fixes setting 0 (the game, the
 * Caminos variant, the dice scoring) and every setting it leaves out of what
 * it takes, and takes only the options it lists. A seating of a preset (a
 * Dominican mode) names its players and pairs at once. */

typedef struct pintas_preset_seating {
    const char *name; /* "pairs", "four", "three", "two" */
    uint8_t players;
    uint8_t pairs;
} pintas_preset_seating;

typedef struct pintas_preset {
    const char *name;         /* "muggins", "caminos_no_renewal", "farkle" */
    const char *const *takes; /* the options it takes, NULL-terminated, as a
                                 refusal lists them: its call's own first */
    const pintas_preset_seating *seatings; /* its seatings (NULL: none), the
                                              first its default */
    uint8_t n_seatings;
    uint8_t choice;           /* setting 0's value */
    uint8_t players, pairs;   /* its seats when the call names none */
} pintas_preset;

/* Leave the limits (settings of kind LIMIT) out of what a preset takes: for
 * a host that offers no limits. */
#define PINTAS_PRESET_NO_LIMITS 1u

/* The presets of `family` in *presets and their number in *n: PINTAS_OK;
 * PINTAS_E_ARG for NULL pointers or an unknown family. Static, constant. */
int pintas_presets(int family, const pintas_preset **presets, size_t *n);

/* The `n` settings of the family's preset number `preset` (its default
 * seats), in the settings table's order, into values[0..n): a host's
 * preset starts from them, sets the seats its call names, then the options
 * given. PINTAS_OK; PINTAS_E_ARG for NULL pointers, an unknown family or
 * preset, or a wrong n. */
int pintas_preset_values(int family, int preset, int32_t *values, size_t n);

/* The index of `family`'s preset called `name` (NUL-terminated) into
 * *index: PINTAS_OK; PINTAS_E_ARG for NULL pointers, an unknown family or
 * no such preset. */
int pintas_preset_named(int family, const char *name, int *index);

/* The name of the seating of the rules' game's preset that has their seats
 * (the `n` values of `family`'s settings): a Dominican mode, "pairs",
 * "four", "three" or "two", by its players and pairs; the table's own
 * string. NULL when that preset has no seating of those seats (Muggins,
 * Capicua, another family's presets), and for NULL values, an unknown
 * family, a wrong n or setting 0 out of range. */
const char *pintas_settings_seating(int family, const int32_t *values, size_t n);

/* The options the family's preset number `preset` takes, for a host with
 * `flags` (PINTAS_PRESET_NO_LIMITS or 0), into out[0..cap) (the table's own
 * strings), their number into *n: PINTAS_OK; PINTAS_E_BUFFER when cap is
 * too small (out holds the first cap, *n the count); PINTAS_E_ARG for NULL
 * pointers, an unknown family or preset. */
int pintas_preset_takes(int family, int preset, unsigned flags, const char **out, size_t cap,
                        size_t *n);

/* The message refusing the options a preset does not take, into
 * buf[0..cap), NUL-terminated, its length into *n: the `n_refused` names
 * as the caller gave them (refused[i]), each a setting's name or option
 * followed by why the preset does not take it ("(set by the preset)",
 * "(an option of capicua only)", "(set by mode: 'pairs', 'four', 'three',
 * 'two')", "(muggins is played by individuals)"), any other followed by
 * hints[i] when hints and hints[i] are not NULL (a host's guess at a typo);
 * then what the preset takes:
 *   not an option of muggins: pairs (muggins is played by individuals),
 *   taget (did you mean 'target'?); muggins takes players, target, ...
 * flags: PINTAS_PRESET_NO_LIMITS or 0. PINTAS_OK; PINTAS_E_BUFFER when cap
 * is too small (buf holds what fits, if cap > 0; *n the length needed);
 * PINTAS_E_ARG for NULL pointers (hints may be NULL), an unknown family or
 * preset. */
int pintas_preset_refusal_text(int family, int preset, const char *const *refused,
                               const char *const *hints, size_t n_refused, unsigned flags,
                               char *buf, size_t cap, size_t *n);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_SETTINGS_H */
