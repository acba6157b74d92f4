/* pintas/vector.h - many games of one kind stepped at once, for training a
 * learner: one action in per game, and out the observation and legal mask of
 * the seat to move next, each seat's reward and whether the game ended.
 *
 * A *slot* holds one game: its state, the round's public record its views
 * need, and its seeds. The caller owns an array of slots (any number, any
 * memory) and the output arrays; every call of a batch names the same engine
 * and rules the slots were reset with. An engine is one of the three tables
 * of pintas/engine.h, known by its address or its name (a host whose
 * modules each link the core has a copy of each table per module).
 *
 * Seeds: pintas_vector_reset(..., seed, stride) starts the slot's first game
 * with `seed`; each game that ends is replaced at once by the next, whose
 * seed is the last one plus `stride` (wrapping at 2^64). Game k of a slot is
 * the game pintas_<game>_new (dice: pintas_dice_new, first player 0) starts
 * from seed + k * stride: a run is reproducible, and slots i = 0..n-1 reset
 * with (base + i, n) play the seeds base, base + 1, ... each once.
 *
 * Rewards are the zero-sum returns of the game's end (pintas_vector_returns)
 * on the step that ends it, 0 on every other step.
 *
 * Nothing allocates; no globals; every output is the caller's. Each call
 * stays within the core's stack budget (docs/c-api.md), though the module
 * is meant for a training host rather than a device.
 */
#ifndef PINTAS_VECTOR_H
#define PINTAS_VECTOR_H

#include "engine.h"
#include "save.h"
#include "views.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most seats of any game: a row of rewards is at most this long. */
#define PINTAS_VECTOR_MAX_SEATS PINTAS_DICE_MAX_PLAYERS

/* The public record of a tile game's round (dice need none). */
typedef union pintas_vector_record {
    pintas_line_record line;
    pintas_caminos_record caminos;
} pintas_vector_record;

/* One game of a batch. Read-only to the caller, but for copying it whole
 * (a copy is the same game, and plays on alike). */
typedef struct pintas_vector_slot {
    pintas_save_state state;     /* the game's state struct */
    pintas_vector_record record; /* its round's public record (tile games) */
    uint64_t seed;               /* the seed the game being played started from */
    uint64_t stride;             /* added to seed for the next game */
    uint64_t games;              /* games ended since the reset */
    uint8_t players;             /* the game's seats */
    uint8_t reserved[7];
} pintas_vector_slot;

/* Start the first game of *slot: the game of engine *e (pintas_line_engine,
 * pintas_caminos_engine or pintas_dice_engine) with rules *rules (that
 * game's rules struct) and `seed`; later games add `stride` to the seed.
 * `players` is the seats of a dice game (1..PINTAS_DICE_MAX_PLAYERS); the
 * tile games read theirs from the rules and ignore it. PINTAS_OK;
 * PINTAS_E_ARG for NULL, another engine or a bad count of players;
 * PINTAS_E_RULES for invalid rules (checked before *slot is written: it is
 * untouched on an error). */
int pintas_vector_reset(const pintas_engine *e, const void *rules, int players,
                        pintas_vector_slot *slot, uint64_t seed, uint64_t stride);

/* The seats of the slot's game (its row of rewards), or PINTAS_E_ARG for NULL. */
int pintas_vector_seats(const pintas_vector_slot *slot);

/* Each seat's return in the slot's game, into out[0..seats): 0 for every
 * seat until the game is over, and 0 with a single scoring side; else a
 * win is shared equally among the winning sides, and each seat gets its
 * side's share less 1 / sides, times sides / (sides - 1): 1 and -1 between
 * two sides, 1 and -0.5 each among three. They add up to 0 over the sides
 * (pintas' Game.returns(), in single precision). PINTAS_OK; PINTAS_E_ARG for
 * NULL or another engine; PINTAS_E_BUFFER when cap is below the seats. */
int pintas_vector_returns(const pintas_engine *e, const pintas_vector_slot *slot, float *out,
                          size_t cap);

/* What the seat to move of each of the n slots sees: row i of obs (the
 * game's observation size, pintas/observe.h) is the observation of the seat
 * to move in slot i, row i of masks (e->actions bytes) its legal mask, and
 * to_move[i] that seat. For the start of a run (pintas_vector_step writes the
 * same after every step). PINTAS_OK; PINTAS_E_ARG for NULL (when n > 0) or
 * another engine; then the outputs hold what was written before the slot
 * that failed. */
int pintas_vector_observe(const pintas_engine *e, const pintas_vector_slot *slots, size_t n,
                          uint8_t *obs, uint8_t *masks, uint8_t *to_move);

/* Step n slots: slot i plays actions[i] (pintas/actions.h) for its seat to
 * move. Every action is checked first: when one is out of range or refused
 * by the game's check (the mask marks one action of each pair of placements
 * that make the same position; the other is played as the game plays it),
 * nothing is played, no output is written, *refused (if not NULL) is its
 * slot and the status is the refusal (PINTAS_E_ARG out of range, else the
 * check's, e.g. PINTAS_E_ILLEGAL). Else every slot plays, and:
 *   rewards[i * seats + s] (seats: pintas_vector_seats, alike for every
 *     slot) is seat s's return if the game ended, else 0;
 *   done[i] is 1 if it ended, else 0: then the slot already holds its next
 *     game (the seeds as the header says);
 *   obs, masks, to_move are as pintas_vector_observe writes them, for the
 *     game the slot now holds.
 * PINTAS_OK; PINTAS_E_ARG for NULL (when n > 0), another engine or slots of
 * different seats (nothing played). An error of the engine while playing
 * (none is expected once the checks passed) stops the step there with its
 * status and *refused = the slot. */
int pintas_vector_step(const pintas_engine *e, const void *rules, pintas_vector_slot *slots,
                       size_t n, const int32_t *actions, uint8_t *obs, uint8_t *masks,
                       float *rewards, uint8_t *done, uint8_t *to_move, size_t *refused);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_VECTOR_H */
