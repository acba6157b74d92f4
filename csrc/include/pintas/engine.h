/* pintas/engine.h - one interface to every game's engine.
 *
 * Each game keeps its own typed functions (pintas_line_play, ...). An engine
 * table calls the ones the games share - start, set_deal, check, play,
 * reseed, save, load - through untyped pointers to the game's own structs,
 * and tells their sizes, so that a host serves every game with one piece of
 * code: the Python binding's base, an interpreter's native module, an FFI
 * wrapper. What differs by game stays with the game: its rules, move, deal and
 * event structs (which the host fills and reads through the game's header),
 * its legal-move list and its views.
 *
 * The tables are constant data; the state is the caller's, as everywhere.
 */
#ifndef PINTAS_ENGINE_H
#define PINTAS_ENGINE_H

#include "common.h"
#include "tiles.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bounds of every game's move struct, of a tile game's legal moves and of
 * the events one call writes, in bytes: a host that keeps one buffer of each
 * size can play any game. And the most scoring sides a game has. */
#define PINTAS_ENGINE_MAX_MOVE_BYTES 16
#define PINTAS_ENGINE_MAX_MOVES_BYTES 512
#define PINTAS_ENGINE_MAX_EVENT_BYTES 1536
#define PINTAS_ENGINE_MAX_SIDES 8
/* ... and of a tile game's rules and deal structs. */
#define PINTAS_ENGINE_MAX_SETUP_BYTES 128

/* Buffers that any game's move, or the events of any call, fit in, aligned
 * for every game's structs. */
typedef union pintas_engine_move {
    uint64_t align;
    uint8_t bytes[PINTAS_ENGINE_MAX_MOVE_BYTES];
} pintas_engine_move;
typedef union pintas_engine_moves {
    uint64_t align;
    uint8_t bytes[PINTAS_ENGINE_MAX_MOVES_BYTES];
} pintas_engine_moves;
typedef union pintas_engine_events {
    uint64_t align;
    uint8_t bytes[PINTAS_ENGINE_MAX_EVENT_BYTES];
} pintas_engine_events;
typedef union pintas_engine_setup {
    uint64_t align;
    uint8_t bytes[PINTAS_ENGINE_MAX_SETUP_BYTES];
} pintas_engine_setup;

/* What every game tells of itself: its seats and scoring sides (a team in a
 * game of pairs, else a seat), each side's points, whose move it is, and, once
 * the game is over, every winning side (more than one when a win is shared). */
typedef struct pintas_engine_status {
    int32_t score[PINTAS_ENGINE_MAX_SIDES];  /* per side; 0 beyond `sides` */
    uint8_t seats;
    uint8_t sides;
    uint8_t over;     /* 1 once the game has ended */
    uint8_t to_move;  /* the seat to move; PINTAS_NO_SEAT once over; PINTAS_CHANCE_SEAT
                         while an external chance event is pending */
    uint8_t winners;  /* once over: bit s set for every winning side, else 0 */
    uint16_t round;   /* tile games: the round being played, from 1; dice: 0 */
} pintas_engine_status;

typedef struct pintas_engine {
    const char *name;     /* "line", "caminos" or "dice" */
    uint16_t state_size;  /* sizeof the game's state struct */
    uint16_t rng_offset;  /* where the state's pintas_rng lies in it */
    uint16_t save_size;   /* bytes of a save image */
    uint16_t move_size;   /* sizeof the game's move struct */
    uint16_t event_size;  /* sizeof the game's event struct */
    uint16_t max_events;  /* events one call can write */
    uint16_t max_moves;   /* legal moves a tile game lists at most (0: dice) */
    /* Tile games (NULL for dice, whose pintas_dice_new also takes the seats,
     * and whose pintas_dice_legal lists keeps): pintas_<game>_new, or
     * pintas_<game>_new_dealt when `deal` is not NULL; pintas_<game>_set_deal
     * and pintas_<game>_legal, with their contracts. */
    int (*start)(void *state, const void *rules, uint64_t seed, const void *deal,
                 void *events, size_t cap, size_t *n);
    int (*set_deal)(void *state, const void *deal, void *events, size_t cap, size_t *n);
    int (*legal)(const void *state, void *moves, size_t cap, size_t *n);
    /* Tile games: the tiles `seat` holds (0 for a seat the game does not have),
     * and pintas_<game>_simulate, whose totals struct is stats_size bytes. */
    pintas_mask (*hand)(const void *state, int seat);
    int (*simulate)(const void *rules, uint64_t games, uint64_t seed, void *stats);
    uint16_t stats_size;
    /* Every game: fill *out with the state's status (PINTAS_E_ARG on NULL);
     * the seat to move, cheaply, or -1 once the game is over (or on NULL),
     * PINTAS_TURN_CHANCE while an external chance event is pending. */
    int (*status)(const void *state, pintas_engine_status *out);
    int (*turn)(const void *state);
    /* Every game: pintas_<game>_check / _play / _reseed / _save / _load, with
     * their contracts. */
    int (*check)(const void *state, const void *move);
    int (*play)(void *state, const void *move, void *events, size_t cap, size_t *n);
    int (*reseed)(void *state, uint64_t seed);
    int (*save)(const void *state, uint8_t *buf, size_t cap);
    int (*load)(void *state, const uint8_t *buf, size_t len);
    /* Every game, its actions (pintas/actions.h): how many
     * (PINTAS_<GAME>_ACTIONS), pintas_<game>_action / _action_move between a
     * move and its action, pintas_<game>_legal_mask and _play_action, with
     * their contracts. */
    uint16_t actions;
    int (*action)(const void *move);
    int (*action_move)(int action, void *move);
    int (*legal_mask)(const void *state, uint8_t *mask, size_t cap, size_t *n);
    int (*play_action)(void *state, int action, void *events, size_t cap, size_t *n);
    /* External chance (docs/ai.md, "External chance"). chance_count: the
     * outcome codes are 0..chance_count - 1 (28 tiles; dice: PINTAS_DICE_SETS,
     * the multisets' pintas_dice_set_index). start_chance: tile games,
     * pintas_<game>_new_chance (deal NULL: dealt by chance); dice:
     * pintas_dice_new_chance, with `rules` a pintas_dice_rules and `deal`
     * pointing at two ints, the players and the first player. pending: 1 while
     * a chance event is pending. chance_outcomes and play_chance:
     * pintas_<game>_chance_outcomes / _play_chance, with their contracts
     * (codes, num: PINTAS_MAX_CHANCE_OUTCOMES entries fit every game). */
    uint16_t chance_count;
    int (*start_chance)(void *state, const void *rules, uint64_t seed, const void *deal,
                        int external, void *events, size_t cap, size_t *n);
    int (*pending)(const void *state);
    int (*chance_outcomes)(const void *state, uint16_t *codes, uint32_t *num, uint32_t *den,
                           size_t cap, size_t *n);
    int (*play_chance)(void *state, int outcome, void *events, size_t cap, size_t *n);
} pintas_engine;

/* The engines of the line games, of Caminos and of the dice games. */
extern const pintas_engine pintas_line_engine;
extern const pintas_engine pintas_caminos_engine;
extern const pintas_engine pintas_dice_engine;

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_ENGINE_H */
