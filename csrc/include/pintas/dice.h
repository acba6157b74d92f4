/* pintas/dice.h - Dice of Doom and Farkle: six-dice push-your-luck, as
 * docs/rules.md section 3 states them.
 *
 * Rules are data: a pintas_dice_rules struct holds every combination value and
 * option, so Dice of Doom and Farkle are two tables, not two code paths.
 *
 * A multiset of dice is a pintas_dice_set: 3 bits per face, the count of face f
 * (1..6) in bits 3(f-1) .. 3(f-1)+2, so {1, 5, 5} = 1 + (2 << 12). A valid set
 * has every count 0..6, a total of 0..6 dice and no bit above bit 17. Sets add
 * as integers (as long as the total stays <= 6). pintas_dice_set_index maps the
 * 924 valid sets densely onto 0..923 (the empty set is 0) for table lookups.
 *
 * The caller owns every struct: a pintas_dice_table (scores of all 924 sets,
 * built once from the rules), a pintas_dice_state (the whole game: copying it
 * copies the game) and the solver's workspace, which becomes the policy. No
 * function allocates, prints or keeps global state; all are reentrant. A call
 * that fails returns a negative status (common.h) and changes nothing.
 */
#ifndef PINTAS_DICE_H
#define PINTAS_DICE_H

#include "common.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- bounds -------------------------------------------------------------- */

#define PINTAS_DICE_COUNT 6          /* dice in play */
#define PINTAS_DICE_FACES 6
#define PINTAS_DICE_SETS 924         /* multisets of 0..6 dice */
#define PINTAS_DICE_MAX_PLAYERS 8
/* Non-empty sub-multisets of one roll: at most 2^6 - 1 (six different faces). */
#define PINTAS_DICE_MAX_KEEPS 64
/* Events one move can write. A roll writes ROLLED [, DOOM or ROLL_OUT,
 * TURN_END [, GAME_END...]]; a keep KEPT [, HOT_DICE] [, then what a bank
 * writes when it was the turn's last roll (max_rolls)]; a bank BANKED, then
 * FINAL_ROUND and TURN_END, or TURN_END [, GAME_END...]. One GAME_END, or at
 * the round limit one per winner (up to 8): at most 12. (It was 8 before the
 * round limit.) */
#define PINTAS_DICE_MAX_EVENTS 16
/* The largest value a rules struct may give one combination, and the largest target. */
#define PINTAS_DICE_MAX_VALUE 100000
#define PINTAS_DICE_MAX_TARGET 10000000
/* Points of pools closed by hot dice saturate here (a turn can go on forever
 * with hot dice; this keeps every total inside int32_t). */
#define PINTAS_DICE_MAX_CLOSED 1000000000
/* Bytes written by pintas_dice_save. */
#define PINTAS_DICE_SAVE_SIZE 240
/* The largest round limit and roll limit a rules struct may set (0: none). */
#define PINTAS_DICE_MAX_ROUNDS 255
#define PINTAS_DICE_MAX_ROLLS 255
#define PINTAS_DICE_NO_PLAYER 0xFF
/* pintas_dice_score of a set that cannot be split into combinations. */
#define PINTAS_DICE_NO_SCORE (-1)

/* ---- dice sets ----------------------------------------------------------- */

typedef uint32_t pintas_dice_set;

#define PINTAS_DICE_SHIFT(f) (3u * ((unsigned)(f)-1u))
/* Count of face f (1..6) in set s. */
#define PINTAS_DICE_SET_COUNT(s, f) (((uint32_t)(s) >> PINTAS_DICE_SHIFT(f)) & 7u)
/* The set of one die showing f (1..6). */
#define PINTAS_DICE_SET_ONE(f) ((pintas_dice_set)1u << PINTAS_DICE_SHIFT(f))
#define PINTAS_DICE_SET_BITS 0x3FFFFu

/* 1 if s is a valid set (every count and the total 0..6, no stray bits), else 0. */
int pintas_dice_set_is_valid(pintas_dice_set s);

/* Number of dice in s (0..6); PINTAS_E_ARG for an invalid set. */
int pintas_dice_set_size(pintas_dice_set s);

/* Dense index of a valid set in 0..PINTAS_DICE_SETS-1 (lexicographic on the
 * counts of faces 1..6; the empty set is 0); PINTAS_E_ARG for an invalid set. */
int pintas_dice_set_index(pintas_dice_set s);

/* The set with dense index `index` into *out; PINTAS_E_ARG if index is out of
 * 0..PINTAS_DICE_SETS-1. */
int pintas_dice_set_at(int index, pintas_dice_set *out);

/* The set of values[0..n): n <= 6, each value 1..6, else PINTAS_E_ARG. */
int pintas_dice_set_from_values(const uint8_t *values, size_t n, pintas_dice_set *out);

/* The dice of a valid set in ascending order into values[0..*n).
 * PINTAS_E_BUFFER if cap < size (nothing written), PINTAS_E_ARG if invalid. */
int pintas_dice_set_values(pintas_dice_set s, uint8_t *values, size_t cap, size_t *n);

/* 1 if every count of `sub` is <= the count in `of` (both valid), else 0. */
int pintas_dice_set_contains(pintas_dice_set of, pintas_dice_set sub);

/* ---- rules --------------------------------------------------------------- */

typedef enum pintas_dice_doom_loses {
    PINTAS_DICE_DOOM_TURN = 0, /* doom loses the turn total (default) */
    PINTAS_DICE_DOOM_SCORE = 1 /* doom also sets the banked score to 0 */
} pintas_dice_doom_loses;

typedef enum pintas_dice_hot {
    PINTAS_DICE_HOT_MUST = 0, /* all six kept: must roll six again before banking (default) */
    PINTAS_DICE_HOT_MAY = 1   /* all six kept: may bank or roll six again */
} pintas_dice_hot;

/* Bits of pintas_dice_rules.add_singles: the combination's value adds the
 * single values of its dice (1000 plus 1000 per 1 and 500 per 5 in it). */
#define PINTAS_DICE_ADD_STRAIGHTS 1u
#define PINTAS_DICE_ADD_THREE_PAIRS 2u
#define PINTAS_DICE_ADD_TWO_TRIPLETS 4u

/* One set of rules. Every value is 0 ("no such combination") or
 * 1..PINTAS_DICE_MAX_VALUE. A kept set scores its best split into
 * combinations, every die in one (see dice_score.c for the exact reading):
 *   single[f]      one die of face f;
 *   kind[f][n]     n = 3..6 dice of face f as one set; a split holds at most
 *                  one such set per face (Farkle's "two triplets of 2s" is
 *                  written as kind[2][6] = 2 * kind[2][3]);
 *   straight_*     1-2-3-4-5, 2-3-4-5-6 and 1-2-3-4-5-6;
 *   three_pairs    exactly two dice of each of three different faces;
 *   two_triplets   exactly three dice of each of two different faces.
 * Unused entries (single[0], kind[0][*], kind[*][0..2]) must be 0. */
typedef struct pintas_dice_rules {
    int32_t single[PINTAS_DICE_FACES + 1];
    int32_t kind[PINTAS_DICE_FACES + 1][PINTAS_DICE_COUNT + 1];
    int32_t straight_low;
    int32_t straight_high;
    int32_t straight_six;
    int32_t three_pairs;
    int32_t two_triplets;
    int32_t target;       /* 1..PINTAS_DICE_MAX_TARGET: a bank reaching it wins */
    uint8_t add_singles;  /* PINTAS_DICE_ADD_* bits */
    uint8_t combine_kept; /* 1: the dice kept since the last six-dice roll form one pool
                             scored as a whole; 0: each keep is scored on its own */
    uint8_t doom;         /* 1: two or more 6s in one roll end the turn */
    uint8_t doom_loses;   /* pintas_dice_doom_loses (0 when doom is off) */
    uint8_t hot_dice;     /* pintas_dice_hot */
    uint8_t final_round;  /* 1: after a player reaches the target the others get one last turn */
    /* Two house limits that bound a game's length (0: none, every preset; these
     * bytes were `reserved`, always 0). A round is one turn of every player,
     * from the first player on. */
    uint8_t max_rounds;   /* 1..255: the game ends when the last player of round
                             max_rounds ends his turn, if nobody won before; every
                             player with the highest score wins (a tie shares it).
                             It cuts a final round short, unless that turn was
                             the final round's last (then the final round decides) */
    uint8_t max_rolls;    /* 1..255: the rolls a turn may make; after the keep of
                             the last one the turn total is banked at once (also
                             after hot dice under HOT_MUST) */
} pintas_dice_rules;

/* Fill *rules with the Dice of Doom preset of docs/rules.md section 3
 * (single 1 = 1000, single 5 = 500, 3..6 of a kind = f x 100, straights
 * 1000 + singles, three pairs and two triplets 1000 + singles, combine on,
 * doom on losing the turn, hot dice must, no final round, target 100,000).
 * PINTAS_E_ARG for NULL. */
int pintas_dice_rules_dice_of_doom(pintas_dice_rules *rules);

/* Fill *rules with the `farkle` preset of docs/rules.md section 3 (Busche &
 * Neller's minimal rules: single 1 = 100, single 5 = 50, three 1s = 1000,
 * three f = 100 f, six of a kind = two triplets, no straights or pairs,
 * combine off, no doom, hot dice may, target 10,000). PINTAS_E_ARG for NULL. */
int pintas_dice_rules_farkle(pintas_dice_rules *rules);

/* PINTAS_OK if *rules is valid (values in range, unused entries 0, flags 0/1,
 * at least one combination, doom_loses 0 when doom is off), else
 * PINTAS_E_RULES; PINTAS_E_ARG for NULL. */
int pintas_dice_rules_check(const pintas_dice_rules *rules);

/* The granularity of the rules: the gcd of every non-zero value (every score
 * and total is a multiple of it): 100 for Dice of Doom, 50 for Farkle.
 * 0 for invalid rules. */
int32_t pintas_dice_rules_unit(const pintas_dice_rules *rules);

/* ---- scoring ------------------------------------------------------------- */

/* Scores of all 924 sets under one set of rules. Build it once with
 * pintas_dice_table_init; it is read-only afterwards (and may be shared). */
typedef struct pintas_dice_table {
    pintas_dice_rules rules;
    int32_t score[PINTAS_DICE_SETS]; /* best split, PINTAS_DICE_NO_SCORE if none; empty = 0 */
    int32_t best[PINTAS_DICE_SETS];  /* best score of a non-empty fully scoring subset, 0 if none */
    int32_t unit;
} pintas_dice_table;

/* Check *rules and fill *table from it. PINTAS_E_RULES / PINTAS_E_ARG. */
int pintas_dice_table_init(pintas_dice_table *table, const pintas_dice_rules *rules);

/* The best split of set s into combinations, every die used: > 0 for a fully
 * scoring set, 0 for the empty set, PINTAS_DICE_NO_SCORE if some die cannot be
 * placed; PINTAS_E_ARG (< -1) for an invalid set or NULL table. A table lookup.
 * Doom is not applied: this scores a kept set, not a roll. */
int32_t pintas_dice_score(const pintas_dice_table *table, pintas_dice_set s);

/* As pintas_dice_score, computed directly from the rules without a table
 * (slower; same result; PINTAS_E_ARG also for invalid rules). */
int32_t pintas_dice_score_rules(const pintas_dice_rules *rules, pintas_dice_set s);

/* The best points any keep of the rolled dice `roll` can make: the largest
 * score of a non-empty fully scoring subset, 0 if none. A roll that is doom
 * under the rules makes 0. A table lookup; PINTAS_E_ARG for bad input. */
int32_t pintas_dice_best_keep(const pintas_dice_table *table, pintas_dice_set roll);

/* 1 if `roll` is doom under the rules (doom on and two or more 6s), else 0. */
int pintas_dice_is_doom(const pintas_dice_rules *rules, pintas_dice_set roll);

/* A keep that may be made: the dice kept and the points it makes. */
typedef struct pintas_dice_keep {
    pintas_dice_set keep;
    int32_t points;
} pintas_dice_keep;

/* Every legal keep of `roll` given the current `pool` into out[0..*n), in
 * increasing set order. With combine_kept a non-empty K is legal when pool+K is
 * fully scoring and makes score(pool+K) - score(pool) points (0 is possible:
 * {2,2,2} + {2}); without, when K itself is fully scoring and makes score(K).
 * A doom roll has no keep; a roll-out is *n == 0 for a roll that is not doom.
 * pool must be empty or fully scoring (with combine_kept) and
 * |pool| + |roll| <= 6, else PINTAS_E_ARG. cap must be >= PINTAS_DICE_MAX_KEEPS. */
int pintas_dice_keeps(const pintas_dice_table *table, pintas_dice_set roll, pintas_dice_set pool,
                      pintas_dice_keep *out, size_t cap, size_t *n);

/* Sort ks[0..n) as the players and the bindings list keeps: most points,
 * then fewer dice, then the dice ascending, compared face by face; stable
 * (keeps alike keep their order). ks may be NULL when n is 0; of more than
 * PINTAS_DICE_MAX_KEEPS keeps (more than any roll has) only the first
 * PINTAS_DICE_MAX_KEEPS are sorted. */
void pintas_dice_sort_keeps(pintas_dice_keep *ks, size_t n);

/* As pintas_dice_keeps, scoring from the rules directly (no table needed). */
int pintas_dice_keeps_rules(const pintas_dice_rules *rules, pintas_dice_set roll,
                            pintas_dice_set pool, pintas_dice_keep *out, size_t cap, size_t *n);

/* ---- the game ------------------------------------------------------------ */

typedef enum pintas_dice_phase {
    PINTAS_DICE_MUST_ROLL = 0,   /* start of a turn, or after hot dice under HOT_MUST */
    PINTAS_DICE_MUST_KEEP = 1,   /* after a roll that is neither doom nor a roll-out */
    PINTAS_DICE_BANK_OR_ROLL = 2,/* after a keep (or hot dice under HOT_MAY) */
    PINTAS_DICE_OVER = 3
} pintas_dice_phase;

typedef enum pintas_dice_move_kind {
    PINTAS_DICE_ROLL = 0,       /* roll the dice not kept with the game's PRNG */
    PINTAS_DICE_ROLL_GIVEN = 1, /* the same, with values given by the caller (kiosk dice) */
    PINTAS_DICE_KEEP = 2,
    PINTAS_DICE_BANK = 3
} pintas_dice_move_kind;

/* A move. ROLL_GIVEN: values[0..n) in roll order, n = dice to roll, each 1..6.
 * KEEP: keep = the dice kept (a subset of the last roll). Other fields 0. */
typedef struct pintas_dice_move {
    uint8_t kind;
    uint8_t n;
    uint8_t values[PINTAS_DICE_COUNT];
    pintas_dice_set keep;
} pintas_dice_move;

typedef enum pintas_dice_event_kind {
    PINTAS_DICE_EV_ROLLED = 0,   /* dice[0..n) in roll order; total = turn total at stake */
    PINTAS_DICE_EV_DOOM = 1,     /* points = turn total lost; total = player's score after */
    PINTAS_DICE_EV_ROLL_OUT = 2, /* points = turn total lost; total = player's score */
    PINTAS_DICE_EV_KEPT = 3,     /* dice[0..n) ascending; points made; total = turn total */
    PINTAS_DICE_EV_HOT_DICE = 4, /* all six kept: points = the closed pool's score,
                                    total = turn total; six dice to roll */
    PINTAS_DICE_EV_BANKED = 5,   /* points = turn total banked; total = new score */
    PINTAS_DICE_EV_FINAL_ROUND = 6, /* player reached the target; n = last turns the others get */
    PINTAS_DICE_EV_TURN_END = 7, /* points = points the turn banked (0 if lost); total = score */
    PINTAS_DICE_EV_GAME_END = 8  /* player won; total = winner's score; n = 1 when the
                                    round limit ended the game (then one GAME_END per
                                    player with the highest score), else 0 */
} pintas_dice_event_kind;

typedef struct pintas_dice_event {
    uint8_t kind;   /* pintas_dice_event_kind */
    uint8_t player;
    uint8_t n;
    uint8_t dice[PINTAS_DICE_COUNT];
    uint8_t reserved[3];
    int32_t points;
    int32_t total;
} pintas_dice_event;

/* The whole game. Treat the fields as read-only: change it only through the
 * functions below. Turn total = closed + pool_score; dice to roll = 6 - |pool|. */
typedef struct pintas_dice_state {
    pintas_dice_rules rules;
    pintas_rng rng;                           /* dice of ROLL moves */
    int32_t score[PINTAS_DICE_MAX_PLAYERS];   /* banked scores; 0 beyond players */
    int32_t closed;                           /* pools closed by hot dice this turn */
    int32_t pool_score;                       /* the current pool's points */
    pintas_dice_set pool;                     /* dice kept since the last six-dice roll (<= 5) */
    uint8_t players;                          /* 1..PINTAS_DICE_MAX_PLAYERS */
    uint8_t first_player;
    uint8_t to_move;
    uint8_t phase;                            /* pintas_dice_phase */
    uint8_t winner;                           /* once OVER, else PINTAS_DICE_NO_PLAYER
                                                 (also once OVER at the round limit
                                                 with a tie: see pintas_dice_winners) */
    uint8_t final_trigger;                    /* who reached the target (final_round), or NO_PLAYER */
    uint8_t final_left;                       /* last turns still to play in the final round */
    uint8_t last_roll_len;                    /* the latest roll (of any player), 0 before any */
    uint8_t last_roll[PINTAS_DICE_COUNT];
    uint8_t rounds;                           /* rounds played to their end; counted
                                                 only under max_rounds, else 0 */
    uint8_t rolls;                            /* rolls made this turn; counted only
                                                 under max_rolls, else 0 */
    uint8_t chance;                           /* 1: external chance (0: the PRNG rolls) */
    uint8_t pending;                          /* 1: a ROLL waits for its outcome
                                                 (external chance); to_move stays the
                                                 roller's, turn() says chance */
} pintas_dice_state;

/* The legal moves in compact form: roll (ROLL or ROLL_GIVEN of dice_to_roll
 * dice), bank, and the legal keeps (points as pintas_dice_keeps) in
 * keeps[0..n_keeps); pintas_dice_legal does not write the entries past them. */
typedef struct pintas_dice_moves {
    uint8_t can_roll;
    uint8_t can_bank;
    uint8_t dice_to_roll;
    uint8_t n_keeps;
    pintas_dice_keep keeps[PINTAS_DICE_MAX_KEEPS];
} pintas_dice_moves;

/* Start a game: check *rules, players 1..PINTAS_DICE_MAX_PLAYERS (the count of
 * players is a game parameter, not a rule: presets fit any count),
 * first_player < players; seed the PRNG with (seed, PINTAS_RNG_STREAM).
 * first_player is to move with six dice to roll.
 * Returns PINTAS_OK, PINTAS_E_ARG or PINTAS_E_RULES. */
int pintas_dice_new(pintas_dice_state *s, const pintas_dice_rules *rules, int players,
                    int first_player, uint64_t seed);

/* As pintas_dice_new, with external chance when `external` is 1 (0: exactly
 * pintas_dice_new; other values PINTAS_E_ARG): a ROLL move rolls nothing but
 * leaves a chance event pending (pintas_dice_chance_pending) whose outcome,
 * given by pintas_dice_play_chance, is the multiset of the dice rolled
 * (docs/ai.md, "External chance"). ROLL_GIVEN moves are played as ever. */
int pintas_dice_new_chance(pintas_dice_state *s, const pintas_dice_rules *rules, int players,
                           int first_player, uint64_t seed, int external);

/* Contract: 1 if a ROLL waits for its outcome (external chance), else 0
 * (also for NULL). While one does, no move is legal (pintas_dice_legal lists
 * none; pintas_dice_check says PINTAS_E_CHANCE). */
int pintas_dice_chance_pending(const pintas_dice_state *s);

/* Contract: the outcomes of the pending roll of n dice, ascending by code,
 * into codes[0..*n_out): a code is the pintas_dice_set_index of the multiset
 * of n dice rolled; its probability is num[i] / *den exactly, the multinomial
 * n! / (c1! ... c6!) over *den = 6^n. *n_out = 0 and *den = 1 when none is
 * pending. cap must be >= PINTAS_MAX_CHANCE_OUTCOMES (PINTAS_E_BUFFER);
 * PINTAS_E_ARG on NULL or a state no engine call made. */
int pintas_dice_chance_outcomes(const pintas_dice_state *s, uint16_t *codes, uint32_t *num,
                                uint32_t *den, size_t cap, size_t *n_out);

/* Contract: roll the pending ROLL's dice as the multiset of code `outcome`
 * and play on exactly as a PRNG roll of those dice would (doom, roll-out,
 * hot dice, limits), writing the events as pintas_dice_play (the ROLLED
 * event lists the dice ascending). PINTAS_E_NO_CHANCE when no roll is
 * pending, PINTAS_E_OUTCOME when `outcome` is not the index of a multiset of
 * the dice to roll; on any error *s is unchanged. */
int pintas_dice_play_chance(pintas_dice_state *s, int outcome, pintas_dice_event *ev,
                            size_t ev_cap, size_t *n_ev);

/* Reseed the PRNG with (seed, PINTAS_RNG_STREAM); later ROLL moves use it. */
int pintas_dice_reseed(pintas_dice_state *s, uint64_t seed);

/* The legal moves of the player to move (all zero once the game is over). */
int pintas_dice_legal(const pintas_dice_state *s, pintas_dice_moves *out);

/* PINTAS_OK if *m is legal for the player to move, PINTAS_E_ILLEGAL if not
 * (a malformed ROLL_GIVEN or KEEP is illegal too), PINTAS_E_OVER once over. */
int pintas_dice_check(const pintas_dice_state *s, const pintas_dice_move *m);

/* Play *m and write the events it caused (the move itself first) to
 * ev[0..*n_ev). ROLL draws each die as 1 + pintas_rng_below(rng, 6), in order.
 * After a roll, doom then roll-out are checked, in that order, and may end
 * the turn; a bank may end the game. ev_cap must be >= PINTAS_DICE_MAX_EVENTS.
 * On any error *s and the outputs are unchanged. */
int pintas_dice_play(pintas_dice_state *s, const pintas_dice_move *m, pintas_dice_event *ev,
                     size_t ev_cap, size_t *n_ev);

/* Contract: the players who won once the game is over, bit p for player p
 * (several when a game ended at the round limit is tied), else 0 (also for
 * NULL). */
unsigned pintas_dice_winners(const pintas_dice_state *s);

/* Contract: an upper bound on the moves of a whole game of these rules with
 * `players` players, or 0 when the rules set none. A turn without max_rolls
 * has no bound (hot dice let it roll forever), nor a game without
 * max_rounds (every turn can be doomed or rolled out); with both, a turn
 * makes at most max_rolls rolls and as many keeps (the bank after the last
 * keep is automatic; an earlier bank ends the turn sooner), so a game takes
 * at most max_rounds * players * 2 * max_rolls moves. 0 also for invalid
 * rules or players. */
unsigned long pintas_dice_max_moves(const pintas_dice_rules *rules, int players);

/* The current turn total (closed pools + the pool), and dice to roll. */
int32_t pintas_dice_turn_total(const pintas_dice_state *s);
int pintas_dice_dice_to_roll(const pintas_dice_state *s);

/* Write the state as PINTAS_DICE_SAVE_SIZE bytes (magic "PDIC", version 1,
 * little-endian) to buf. PINTAS_E_BUFFER if cap is smaller. A game with
 * external chance saves its pending event too (in bytes that are 0 with the
 * PRNG). */
int pintas_dice_save(const pintas_dice_state *s, uint8_t *buf, size_t cap);

/* Read a state written by pintas_dice_save, checking every field (rules, PRNG,
 * seats, phase, scores, the pool reachable by legal keeps with the stored pool
 * score, the roll waiting for a keep being neither doom nor a roll-out, the
 * final-round bookkeeping). Inconsistent bytes give PINTAS_E_CORRUPT (another
 * version PINTAS_E_VERSION) and *s is untouched. Any byte string is safe. */
int pintas_dice_load(pintas_dice_state *s, const uint8_t *buf, size_t len);

/* ---- the optimal single-turn policy -------------------------------------- */

/* The solver maximises the expected final turn total of one turn (a lost turn
 * counts 0), by exact backward induction over (pool state, turn total):
 * turn totals only grow within a turn, so no iteration is needed. The pool
 * state is the pool multiset with combine_kept, else just its size. Totals are
 * counted in units of pintas_dice_rules_unit; totals of cap_units units or more
 * are valued as banked (the default cap is 16 times the best six-dice keep,
 * far above every bank threshold: doubling it changes no figure). The
 * solver's workspace becomes the policy; it must be aligned for double (as
 * malloc gives) and stays valid as long as the caller keeps it.
 *
 * The workspace stores the value of every pool only for the totals below
 * full_units (the smallest workspace: twice the best six-dice keep, Dice of
 * Doom 12,000), and above them the empty pool's alone: up there banking beats
 * rolling on every other pool, so their values decide nothing, and a query
 * recomputes one from the transitions when asked. The solve checks that; the
 * answers are then those of a workspace holding every total, bit for bit. For
 * rules where rolling on pays even above full_units, the solve values the
 * totals from full_units up as banked instead (cap_units becomes full_units);
 * a larger workspace holds more totals in full, the one of
 * pintas_dice_solve_workspace_size_full all of them (cap_units is then always
 * the cap asked for). On a 32-bit target Dice of Doom's default solve needs
 * 128,960 bytes (545,600 with every total), Farkle's 47,616 (70,016). */
typedef struct pintas_dice_policy {
    pintas_dice_table table;
    uint32_t magic;
    uint32_t cap_units;                       /* the cap in effect (see above) */
    uint32_t n_states;
    uint32_t n_rolls;
    uint32_t n_options;
    uint32_t full_units;                      /* totals below it hold every pool's value */
    double expected;                          /* expected turn score from a fresh turn */
    uint16_t state_of[PINTAS_DICE_SETS];      /* pool set index -> state, 0xFFFF if none */
    pintas_dice_set state_set[PINTAS_DICE_SETS]; /* state -> a pool (combine) or pool size */
    uint32_t roll_first[PINTAS_DICE_SETS + 1];/* state -> its rolls (internal) */
    size_t values_offset;                     /* the values (internal) */
    size_t rolls_offset;
    size_t options_offset;
} pintas_dice_policy;

/* Bytes of the smallest workspace pintas_dice_solve accepts for these rules
 * and cap (cap_units 0 = the default); 0 for invalid rules, rules where a
 * keep could lower the turn total, or a cap above 65536 units. */
size_t pintas_dice_solve_workspace_size(const pintas_dice_rules *rules);
size_t pintas_dice_solve_workspace_size_cap(const pintas_dice_rules *rules, uint32_t cap_units);

/* Bytes of a workspace that holds every total below the cap in full: the
 * solve then keeps the cap asked for whatever the rules (0 as above). */
size_t pintas_dice_solve_workspace_size_full(const pintas_dice_rules *rules, uint32_t cap_units);

/* Solve the rules into the workspace (size bytes, aligned for double) and
 * point *policy at it. PINTAS_E_BUFFER if size is too small, PINTAS_E_ARG for
 * a misaligned workspace, PINTAS_E_RULES for invalid rules or rules where a
 * keep could lower the turn total. Uses at most a few hundred bytes of stack. */
int pintas_dice_solve(const pintas_dice_rules *rules, uint32_t cap_units, void *workspace,
                      size_t size, const pintas_dice_policy **policy);

/* Expected final turn total of a fresh turn under optimal play. */
double pintas_dice_policy_expected(const pintas_dice_policy *p);

/* Expected final turn total of rolling now, with `pool` kept and turn total
 * `turn_total` (closed + pool score), playing optimally afterwards, into *out.
 * PINTAS_E_ARG for a pool that is no state of the rules. */
int pintas_dice_policy_roll_value(const pintas_dice_policy *p, pintas_dice_set pool,
                                  int32_t turn_total, double *out);

/* 1 if banking is optimal (banking >= the value of rolling) with `pool` kept
 * and turn total `turn_total`, 0 if rolling is better; negative on bad input.
 * (Whether banking is allowed is the game's business: not under HOT_MUST with
 * an empty pool.) */
int pintas_dice_policy_should_bank(const pintas_dice_policy *p, pintas_dice_set pool,
                                   int32_t turn_total);

/* The optimal keep from `roll` with `pool` kept and turn total `turn_total`
 * (ties: the first in pintas_dice_keeps order) into *keep, and its expected
 * final turn total (before the bank-or-roll choice that follows, which is
 * included) into *value (may be NULL). PINTAS_E_ILLEGAL if the roll has no
 * legal keep (doom or roll-out). */
int pintas_dice_policy_best_keep(const pintas_dice_policy *p, pintas_dice_set roll,
                                 pintas_dice_set pool, int32_t turn_total,
                                 pintas_dice_keep *keep, double *value);

/* The bank threshold of a pool state: the smallest turn total T (a multiple
 * of the unit, at least the pool's own score with combine_kept) such that
 * banking is optimal at T and at every larger total below the cap.
 * Without combine_kept, pass any pool of the right size (6 - dice left). */
int pintas_dice_policy_threshold(const pintas_dice_policy *p, pintas_dice_set pool,
                                 int32_t *threshold);

/* ---- the policy as a book: a table for flash ---------------------------- */

/* A device that only plays a policy need not solve it: a host solves, writes
 * the policy's decisions as a book (a few kilobytes: Dice of Doom's
 * 7,402 bytes, Farkle's 2,453), the device keeps it in flash (a const array) and
 * reads the decisions from it, with no workspace, no floating point and under
 * a kilobyte of stack. For every pool, every roll of the dice left and
 * every turn total that is a multiple of the unit (every total a game
 * reaches), the book's bank decision and best keep are the policy's.
 *
 * The bytes (little-endian; the layout opens csrc/dice_book.c): "PDBK", format
 * version 1, the rules, the cap, and per pool state the totals where its bank
 * decision flips and, per roll, its best keep (an index into the roll's
 * pintas_dice_keeps list) or the totals where that keep changes. */
#define PINTAS_DICE_BOOK_VERSION 1

/* Write p's book to buf (cap bytes) and its length to *len. With cap too
 * small (buf may then be NULL) PINTAS_E_BUFFER, and *len is the length
 * needed. PINTAS_E_ARG for NULL, a policy that is not solved, or a cap above
 * 65535 units or beyond the totals a game reaches. Takes about twice as
 * long as the solve. */
int pintas_dice_policy_book(const pintas_dice_policy *p, uint8_t *buf, size_t cap, size_t *len);

/* A book opened for reading: the caller owns it; it points into the bytes,
 * which must outlive it. Treat the fields as read-only. */
typedef struct pintas_dice_book {
    pintas_dice_rules rules; /* the rules solved */
    const uint8_t *bytes;
    size_t len;
    uint32_t cap_units;
    uint32_t n_states;
    int32_t unit;
    uint32_t magic;
} pintas_dice_book;

/* Check the bytes of a book (any bytes are safe) and open it into *b:
 * PINTAS_E_CORRUPT for bytes that are no book, PINTAS_E_VERSION for another
 * format version, PINTAS_E_ARG for NULL. */
int pintas_dice_book_open(pintas_dice_book *b, const uint8_t *bytes, size_t len);

/* As pintas_dice_policy_should_bank: 1 if banking is optimal with `pool` kept
 * at turn total `turn_total`, 0 if rolling is; a total between multiples of
 * the unit is read as the multiple below it. */
int pintas_dice_book_should_bank(const pintas_dice_book *b, pintas_dice_set pool,
                                 int32_t turn_total);

/* As pintas_dice_policy_best_keep without the value: the optimal keep of
 * `roll`, which must hold the dice left (6 - |pool|); PINTAS_E_ILLEGAL for a
 * roll with no legal keep, PINTAS_E_ARG for bad input. */
int pintas_dice_book_best_keep(const pintas_dice_book *b, pintas_dice_set roll,
                               pintas_dice_set pool, int32_t turn_total,
                               pintas_dice_keep *keep);

/* ---- playing to win: two players ------------------------------------------ */

/* The policy that maximises the probability of winning a 2-player game (no
 * final round, no doom that loses the score, no limits). W(a, b) is the
 * probability that the player to start a turn with a banked, the opponent
 * with b (both in units, below the goal: the target in units, rounded up)
 * wins under mutual win-optimal play. Within a turn, with turn total t and
 * pool state s, banking is worth 1 - W(b, a + t) (1 once a + t reaches the
 * goal) and a lost turn 1 - W(b, a); turn totals only grow, so one turn is
 * a DAG over (t, s) once those are known. The solve takes the score pairs by
 * decreasing a + b and for each pair {(a, b), (b, a)} finds the two coupled
 * start values by Newton's method on the turn's value as a function of the
 * lost turn's (piecewise linear: from the value of (a, b + 1), two or three
 * rounds to 1e-13). The rolls of each pool state are grouped by their
 * options (the distinct (next state, gain) pairs, a next state kept with its
 * largest gain, as the turn solver does); each row stores beside R the value
 * max(B, R) a keep reaching it is worth, read in one load an option.
 *
 * A table keeps W(a, b) for every pair as 16-bit fixed point (W * 65535,
 * rounded); a player solves the current turn's DAG from it (the rows of the
 * current (a, b) are kept until the scores change). The workspace is the
 * caller's (aligned for double); it reads the transitions of a solved turn
 * policy of the same scoring, which must outlive it. */
#define PINTAS_DICE_WIN_VERSION 1
#define PINTAS_DICE_WIN_MAX_GOAL 1024u /* targets of at most this many units */
#define PINTAS_DICE_WIN_HEADER 160u    /* bytes before a table's values */

typedef struct pintas_dice_win {
    pintas_dice_rules rules;          /* the rules played (their target) */
    const pintas_dice_policy *policy; /* the transitions */
    const uint8_t *table;             /* the values of an opened table, or NULL */
    uint32_t magic;
    int32_t unit;
    uint32_t goal;                    /* the target in units, rounded up */
    uint32_t n_states;
    uint32_t n_groups;
    uint32_t turn_a, turn_b;          /* the turn the rows hold (goal: none) */
    uint32_t max_gain;                /* one more than the largest gain of a keep */
    double goal_value, goal_slope;    /* the turn at the goal with six dice to roll */
    uint32_t group_first[PINTAS_DICE_SETS + 1]; /* state -> its groups */
    double lost[PINTAS_DICE_SETS];    /* state -> probability that its roll loses the turn */
    size_t groups_offset;
    size_t options_offset;
    size_t rows_offset;
} pintas_dice_win;

/* Bytes of the workspace for the rules (their target) over the solved policy
 * p (solved for the same scoring, doom, hot dice and combining); 0 for rules
 * the win policy does not play (final_round, doom_loses score, max_rounds,
 * max_rolls, a goal above PINTAS_DICE_WIN_MAX_GOAL units) or a policy of
 * other rules. */
size_t pintas_dice_win_workspace_size(const pintas_dice_rules *rules,
                                      const pintas_dice_policy *p);

/* Build the workspace (size bytes, aligned for double) and point *win at it:
 * PINTAS_E_RULES for rules the size query refuses, PINTAS_E_BUFFER for a
 * workspace too small, PINTAS_E_ARG for NULL or misalignment. */
int pintas_dice_win_init(const pintas_dice_rules *rules, const pintas_dice_policy *p,
                         void *workspace, size_t size, pintas_dice_win **win);

/* The offline solve: W(a, b) into values[a * goal + b] (goal * goal doubles,
 * the caller's), and the turn DAGs solved into *evaluations (may be NULL).
 * Minutes of CPU for Farkle to 10,000 (goal 200); seconds to 1,000. */
int pintas_dice_win_solve(pintas_dice_win *win, double *values, uint64_t *evaluations);

/* A table of the solved values: "PWIN", version, the goal (u16), the rules
 * (152 bytes), zeros to PINTAS_DICE_WIN_HEADER bytes, then goal * goal
 * little-endian u16 values (a-major). PINTAS_E_BUFFER with *len the length
 * needed if cap is too small (buf may then be NULL). */
int pintas_dice_win_table(const pintas_dice_win *win, const double *values, uint8_t *buf,
                          size_t cap, size_t *len);

/* Check a table's bytes (any bytes are safe) and attach them to win: they
 * must be the table of win's rules (target included) and outlive it.
 * PINTAS_E_CORRUPT for bytes that are no table, PINTAS_E_VERSION for another
 * version, PINTAS_E_RULES for a table of other rules. */
int pintas_dice_win_open(pintas_dice_win *win, const uint8_t *bytes, size_t len);

/* W(a, b) of the opened table for banked scores a and b (points, below the
 * target), into *out. */
int pintas_dice_win_start(const pintas_dice_win *win, int32_t a, int32_t b, double *out);

/* Into *out, the most probability, over every way to play (never banking),
 * that a turn from any pool state keeps dice gaining `rows` units or more
 * before doom or a roll-out ends it (1 <= rows <= goal): how far a turn's
 * total can run (docs/strength.md: the turn totals a solve must span). Uses
 * the rows: a player's turn is solved again afterwards. PINTAS_E_RULES for
 * transitions it cannot order (a keep that gains nothing and leads to a
 * later state), PINTAS_E_ARG for bad input. */
int pintas_dice_win_reach(pintas_dice_win *win, uint32_t rows, double *out);


#ifdef __cplusplus
}
#endif

#endif /* PINTAS_DICE_H */
