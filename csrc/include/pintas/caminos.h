/* pintas/caminos.h - Caminos and its variants sin renovación and 2 caminos,
 * as docs/rules.md section 2 states them (decisions in caminos.c).
 *
 * Tiles are placed on short *paths* laid out on the table: each path has a
 * centre tile and two *sides*, front and back, that take a limited number of
 * tiles, each matching the number showing at that side. A full path closes:
 * it is renewed from the draw pile, stays closed, or goes to a discard pile,
 * as the rules say. Players place one tile a turn, or draw, or pass; the round
 * ends when a player has gone out and the others had a last turn, or when
 * everyone passed in a row; every tile left in a hand costs a point. Who
 * starts each round is decided by secret reveals of a tile from the hand.
 *
 * Rules are data: the three presets are three settings of one engine. The
 * caller owns a pintas_caminos_state (a plain fixed-size struct without
 * pointers: copying it copies the game). Every move writes the events it
 * caused into a caller buffer; a finished round is scored and the next one
 * dealt from the game's PRNG until the last round is over.
 *
 * Every function is reentrant and touches only what it is given. A call that
 * fails returns a negative status (common.h) and leaves the state and every
 * output as they were.
 */
#ifndef PINTAS_CAMINOS_H
#define PINTAS_CAMINOS_H

#include "common.h"
#include "rng.h"
#include "tiles.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- bounds -------------------------------------------------------------- */

#define PINTAS_CAMINOS_MAX_SEATS 4
/* Path slots on the table (the presets use 5 and 2). */
#define PINTAS_CAMINOS_MAX_PATHS 8
/* Tiles one side of a path may take (base 1, the variants 2). */
#define PINTAS_CAMINOS_MAX_SIDE 2
/* Tiles dealt to a hand. */
#define PINTAS_CAMINOS_MAX_HAND 7
#define PINTAS_CAMINOS_MAX_ROUNDS 99
/* Legal moves in any state: each of the 2 x MAX_PATHS sides shows one number,
 * which at most 7 tiles show; a reveal offers at most MAX_HAND tiles. */
#define PINTAS_CAMINOS_MAX_MOVES (2 * PINTAS_CAMINOS_MAX_PATHS * 7)
/* Events one call can write. The longest call places a tile that closes a
 * path and ends the game's round: PLACE, CLOSE, RESHUFFLE, PATH, OUT,
 * ROUND_END, 4 x SCORE, then DEAL and MAX_PATHS x PATH (or GAME_END) = 19;
 * a reveal writes CHOOSE, 4 x REVEAL and TIE or START = 6. */
#define PINTAS_CAMINOS_MAX_EVENTS 32
/* Bytes written by pintas_caminos_save. */
#define PINTAS_CAMINOS_SAVE_SIZE 256
#define PINTAS_CAMINOS_NO_PATH 0xFF
#ifndef PINTAS_NO_SEAT
#define PINTAS_NO_SEAT 0xFF
#endif

/* ---- rules --------------------------------------------------------------- */

/* What happens to a path once it holds 1 + 2 x side_tiles tiles. */
typedef enum pintas_caminos_full {
    PINTAS_CAMINOS_RENEW = 0,   /* base: its tiles go into the draw pile, the pile is
                                   shuffled and its top tile becomes a new path */
    PINTAS_CAMINOS_STAY = 1,    /* sin renovación: it stays on the table, closed */
    PINTAS_CAMINOS_DISCARD = 2  /* 2 caminos: its tiles leave the round (discard pile) and
                                   the pile's top tile becomes a new path (none if empty) */
} pintas_caminos_full;

/* The presets of docs/rules.md section 2. */
typedef enum pintas_caminos_variant {
    PINTAS_CAMINOS_BASE = 0,       /* `caminos`: 5 paths, 1 tile a side, renewal;
                                      6 tiles a hand, 5 with 4 players */
    PINTAS_CAMINOS_NO_RENEWAL = 1, /* `caminos_no_renewal`: as base, 2 tiles a side,
                                      a full path stays closed */
    PINTAS_CAMINOS_TWO_PATHS = 2   /* `caminos_two_paths`: 2 paths, 2 tiles a side,
                                      full paths discarded, 6 tiles a hand */
} pintas_caminos_variant;

/* One set of rules. Valid when players is 2..4, paths 1..MAX_PATHS,
 * hand_size 1..MAX_HAND, side_tiles 1..MAX_SIDE, full_path a
 * pintas_caminos_full, rounds 1..MAX_ROUNDS, reserved 0, and the deal fits
 * the set: paths + players x hand_size <= 28. */
typedef struct pintas_caminos_rules {
    uint8_t players;
    uint8_t paths;       /* paths revealed at the deal */
    uint8_t hand_size;   /* tiles dealt to each player */
    uint8_t side_tiles;  /* tiles a side takes: a path is full with 1 + 2 x this */
    uint8_t full_path;   /* pintas_caminos_full */
    uint8_t rounds;      /* rounds in a game (the presets: 3) */
    /* Two house limits that bound a game's length (0: none, every preset; these
     * bytes were `reserved`, always 0). */
    uint8_t max_rounds;      /* 1..255: the game ends once round max_rounds is
                                scored, if that comes before `rounds`; every
                                seat with the highest total wins (GAME_END
                                reason MAX_ROUNDS) */
    uint8_t max_round_moves; /* 1..255: the moves a round's play may take
                                (placements, draws and passes, not the reveal);
                                the move that makes it max_round_moves ends the
                                round, if it did not, as a blocked round ends
                                (ROUND_END reason BLOCKED, -1 a tile left) */
} pintas_caminos_rules;

/* Fill *rules with the preset `variant` (pintas_caminos_variant) for
 * `players` seats, 3 rounds. PINTAS_E_RULES for an unknown variant or players
 * outside 2..4 (then *rules is untouched), PINTAS_E_ARG for NULL. */
int pintas_caminos_rules_preset(pintas_caminos_rules *rules, int variant, int players);

/* PINTAS_OK if *rules is valid (see pintas_caminos_rules), else
 * PINTAS_E_RULES; PINTAS_E_ARG for NULL. */
int pintas_caminos_rules_check(const pintas_caminos_rules *rules);

/* The tiles a full path holds: its centre and side_tiles on each side,
 * 1 + 2 x side_tiles (3 in the base game, 5 in the variants).
 * PINTAS_E_RULES for invalid rules, PINTAS_E_ARG for NULL. */
int pintas_caminos_path_size(const pintas_caminos_rules *rules);

/* The name of what a full path does, by its pintas_caminos_full number:
 * "renew", "stay", "discard" (as every host names rules' full_path); NULL
 * for any other number. Static, constant. */
const char *pintas_caminos_full_path_name(int full_path);

/* ---- moves and events ---------------------------------------------------- */

typedef enum pintas_caminos_side {
    PINTAS_CAMINOS_FRONT = 0, /* the side of the centre tile's high end */
    PINTAS_CAMINOS_BACK = 1   /* the side of its low end */
} pintas_caminos_side;

/* The name of a path's side, by its pintas_caminos_side number: "front",
 * "back" (as every host names a placement's side, and notation writes it);
 * NULL for any other number. Static, constant. */
const char *pintas_caminos_side_name(int side);

typedef enum pintas_caminos_move_kind {
    PINTAS_CAMINOS_PLACE = 0,  /* tile on path at side */
    PINTAS_CAMINOS_DRAW = 1,   /* no tile can be placed: take the pile's top tile */
    PINTAS_CAMINOS_PASS = 2,   /* no tile can be placed and the pile is empty */
    PINTAS_CAMINOS_REVEAL = 3  /* choose the tile to reveal for the starting player */
} pintas_caminos_move_kind;

/* A move. PLACE: tile, path (0-based slot) and side. REVEAL: tile, with
 * path = PINTAS_CAMINOS_NO_PATH and side 0. DRAW and PASS: tile =
 * PINTAS_NO_TILE, path = PINTAS_CAMINOS_NO_PATH, side 0. */
typedef struct pintas_caminos_move {
    uint8_t kind;
    uint8_t tile;
    uint8_t path;
    uint8_t side;
} pintas_caminos_move;

typedef enum pintas_caminos_event_kind {
    PINTAS_CAMINOS_EV_DEAL = 0,      /* a round was dealt: value = round; the reveal begins */
    PINTAS_CAMINOS_EV_PATH = 1,      /* tile became the centre of path: reason NONE at the
                                        deal, RENEW or DISCARD after a path closed */
    PINTAS_CAMINOS_EV_CHOOSE = 2,    /* seat chose its reveal tile (secret from the others
                                        until REVEAL); value = reveal step */
    PINTAS_CAMINOS_EV_REVEAL = 3,    /* every chooser has chosen: seat shows tile;
                                        value = reveal step */
    PINTAS_CAMINOS_EV_TIE = 4,       /* seats (mask) tied for the most pips and reveal
                                        again; value = the step that tied */
    PINTAS_CAMINOS_EV_START = 5,     /* seat starts the round with tile shown; reason
                                        MOST_PIPS or LOWEST_SEAT; value = reveal step */
    PINTAS_CAMINOS_EV_PLACE = 6,     /* seat placed tile on path at side; value = tiles now
                                        on that side */
    PINTAS_CAMINOS_EV_CLOSE = 7,     /* seat filled path; tiles = its tiles, value = how
                                        many; reason RENEW, STAY or DISCARD */
    PINTAS_CAMINOS_EV_RESHUFFLE = 8, /* the pile, with a closed path's tiles, was shuffled:
                                        value = its size before the new path is taken */
    PINTAS_CAMINOS_EV_NO_PATH = 9,   /* path was discarded and the pile is empty: the
                                        slot stays empty for the rest of the round */
    PINTAS_CAMINOS_EV_DRAW = 10,     /* seat drew tile (secret from the others); value =
                                        tiles left in the pile */
    PINTAS_CAMINOS_EV_PASS = 11,     /* seat passed; value = passes in a row */
    PINTAS_CAMINOS_EV_OUT = 12,      /* seat placed its last tile: value = last turns the
                                        others get */
    PINTAS_CAMINOS_EV_ROUND_END = 13,/* reason OUT (seat = who went out) or BLOCKED;
                                        value = round */
    PINTAS_CAMINOS_EV_SCORE = 14,    /* seat scored value (negative: -1 per tile left) at
                                        the round's end, reason as ROUND_END's; never
                                        written for 0 */
    PINTAS_CAMINOS_EV_GAME_END = 15  /* seats (mask) share the win with value points;
                                        seat = the lowest of them */
} pintas_caminos_event_kind;

typedef enum pintas_caminos_reason {
    PINTAS_CAMINOS_WHY_NONE = 0,
    PINTAS_CAMINOS_WHY_MOST_PIPS = 1,   /* START: the most pips in the step */
    PINTAS_CAMINOS_WHY_LOWEST_SEAT = 2, /* START: still tied with every tile shown */
    PINTAS_CAMINOS_WHY_RENEW = 3,
    PINTAS_CAMINOS_WHY_STAY = 4,
    PINTAS_CAMINOS_WHY_DISCARD = 5,
    PINTAS_CAMINOS_WHY_OUT = 6,         /* ROUND_END: a player went out, last turns done */
    PINTAS_CAMINOS_WHY_BLOCKED = 7,     /* ROUND_END: every player passed in a row, or
                                           the round reached max_round_moves */
    PINTAS_CAMINOS_WHY_MAX_ROUNDS = 8   /* GAME_END: the rules' max_rounds came first */
} pintas_caminos_reason;

typedef struct pintas_caminos_event {
    uint8_t kind;     /* pintas_caminos_event_kind */
    uint8_t seat;     /* or PINTAS_NO_SEAT */
    uint8_t tile;     /* or PINTAS_NO_TILE */
    uint8_t path;     /* 0-based slot, or PINTAS_CAMINOS_NO_PATH */
    uint8_t side;     /* PLACE only, else 0 */
    uint8_t reason;   /* pintas_caminos_reason */
    uint8_t seats;    /* TIE, GAME_END: bit s = seat s; else 0 */
    uint8_t reserved;
    int32_t value;    /* see the kinds */
    uint32_t reserved2;
    pintas_mask tiles;/* CLOSE: the path's tiles; else 0 */
} pintas_caminos_event;

/* ---- the state ----------------------------------------------------------- */

typedef enum pintas_caminos_phase {
    PINTAS_CAMINOS_REVEALING = 0, /* choosing the reveal tiles for the starting player */
    PINTAS_CAMINOS_PLAYING = 1,
    PINTAS_CAMINOS_OVER = 2
} pintas_caminos_phase;

/* One path slot. centre == PINTAS_NO_TILE: no path here (slots beyond
 * rules.paths, or a discarded path not replaced). tile[side][0..len[side])
 * are the side's tiles from the centre outwards (PINTAS_NO_TILE beyond);
 * end[side] is the number its outermost tile shows outwards (the centre's
 * high end at FRONT and low end at BACK while the side is empty). A side
 * takes a tile while len < side_tiles; the path is full when both sides are. */
typedef struct pintas_caminos_path {
    uint8_t centre;
    uint8_t len[2];
    uint8_t end[2];
    uint8_t tile[2][PINTAS_CAMINOS_MAX_SIDE];
    uint8_t reserved;
} pintas_caminos_path;

/* Write the sentence path *p, numbered `number`, reads as on the table into
 * buf[0..cap), NUL-terminated, its length (without the NUL) into *len, as
 * every home prints it: its tiles in a row from the back end to the front end
 * (pintas_caminos_path_chain), each "[a|b]", between its sides, each with
 * the number it shows outwards and free[side] (indexed by
 * PINTAS_CAMINOS_FRONT / BACK) the tiles it still takes: "path 2: back 4
 * (full) [4|4][4|3] front 3 (1 free)"; with no free place "path 2:
 * [4|4][4|3] closed"; no path (centre PINTAS_NO_TILE) "path 2: (no path)".
 * end[] and reserved are not read. PINTAS_OK; PINTAS_E_BUFFER when cap is
 * too small (buf holds what fits, if cap > 0; *len the length needed);
 * PINTAS_E_ARG for NULL pointers or a path pintas_caminos_path_chain refuses. */
int pintas_caminos_path_text(const pintas_caminos_path *p, unsigned number,
                             const uint8_t free[2], char *buf, size_t cap, size_t *len);

/* A hand-made deal: path[0..rules.paths) the centre tiles, hand[s] exactly
 * rules.hand_size tiles for each seat (0 beyond), pile[0..pile_len) every
 * other tile, in draw order (pile[0] is drawn first). */
typedef struct pintas_caminos_deal {
    uint8_t path[PINTAS_CAMINOS_MAX_PATHS];
    pintas_mask hand[PINTAS_CAMINOS_MAX_SEATS];
    uint8_t pile[PINTAS_TILE_COUNT];
    uint8_t pile_len;
} pintas_caminos_deal;

/* The whole game. Treat the fields as read-only: change it only through the
 * functions below. */
typedef struct pintas_caminos_state {
    pintas_caminos_rules rules;
    pintas_rng rng;                               /* deals and reshuffles */
    pintas_mask hand[PINTAS_CAMINOS_MAX_SEATS];
    pintas_mask revealed[PINTAS_CAMINOS_MAX_SEATS]; /* REVEALING: tiles shown in earlier steps */
    pintas_mask discard;                          /* DISCARD rules: out of the round */
    int32_t score[PINTAS_CAMINOS_MAX_SEATS];      /* totals: 0 or negative */
    pintas_caminos_path path[PINTAS_CAMINOS_MAX_PATHS];
    uint8_t pile[PINTAS_TILE_COUNT];              /* draw order: pile[0] is the top */
    uint8_t pile_len;
    uint8_t phase;                                /* pintas_caminos_phase */
    uint8_t to_move;                              /* PINTAS_NO_SEAT once OVER */
    uint8_t round;                                /* 1-based */
    uint8_t starter;                              /* who started the round (PLAYING) */
    uint8_t passes;                               /* passes in a row */
    uint8_t out_seat;                             /* who went out, else PINTAS_NO_SEAT */
    uint8_t last_turns;                           /* last turns still to play after it */
    uint8_t contenders;                           /* REVEALING: seats in this step (mask) */
    uint8_t step;                                 /* REVEALING: reveal step, from 1 */
    uint8_t choice[PINTAS_CAMINOS_MAX_SEATS];     /* REVEALING: secret choices this step */
    uint8_t shown[PINTAS_CAMINOS_MAX_SEATS];      /* REVEALING: tiles shown in the last step */
    uint8_t winners;                              /* OVER: mask of the winning seats */
    uint8_t round_moves;                          /* PLAYING: the round's moves so far,
                                                     counted only under max_round_moves
                                                     (else 0; was reserved) */
    uint8_t reserved[2];
    /* External chance (all 0 with the internal PRNG). */
    uint8_t chance;                               /* 1: the game's chance comes from outside */
    uint8_t pending;                              /* pintas_caminos_chance */
    uint8_t dealt;                                /* DEAL: centres and hand tiles dealt */
    uint8_t chance_seat;                          /* DRAW, REVEAL: whose turn it is */
    uint8_t chance_path;                          /* REVEAL: the slot of the new path */
} pintas_caminos_state;

/* What a game with external chance waits for (pintas_caminos_state.pending). */
typedef enum pintas_caminos_chance {
    PINTAS_CAMINOS_CHANCE_NONE = 0,
    PINTAS_CAMINOS_CHANCE_DEAL = 1,   /* the next path centre or hand tile of the deal */
    PINTAS_CAMINOS_CHANCE_DRAW = 2,   /* the tile a DRAW takes from the pile */
    PINTAS_CAMINOS_CHANCE_REVEAL = 3  /* the centre of the path that replaces a closed one */
} pintas_caminos_chance;

/* Start a game: check *rules, seed the PRNG with (seed, PINTAS_RNG_STREAM)
 * and deal round 1 from it. Writes DEAL and one PATH per path to ev[0..*n_ev);
 * ev_cap must be >= PINTAS_CAMINOS_MAX_EVENTS. The reveal of round 1 begins:
 * seat 0 is to move. PINTAS_OK, PINTAS_E_ARG, PINTAS_E_RULES or PINTAS_E_BUFFER. */
int pintas_caminos_new(pintas_caminos_state *s, const pintas_caminos_rules *rules,
                       uint64_t seed, pintas_caminos_event *ev, size_t ev_cap, size_t *n_ev);

/* As pintas_caminos_new, but round 1 is the hand-made *deal (PINTAS_E_DEAL
 * if it is not a deal of these rules, see pintas_caminos_deal). Nothing is
 * drawn from the PRNG for it. */
int pintas_caminos_new_dealt(pintas_caminos_state *s, const pintas_caminos_rules *rules,
                             uint64_t seed, const pintas_caminos_deal *deal,
                             pintas_caminos_event *ev, size_t ev_cap, size_t *n_ev);

/* As pintas_caminos_new (hand-made *deal when not NULL) with external chance
 * when `external` is 1 (0: exactly pintas_caminos_new / _new_dealt; other
 * values PINTAS_E_ARG). The game never draws from its PRNG but stops at each
 * chance event, to_move = PINTAS_CHANCE_SEAT, until pintas_caminos_play_chance
 * gives its outcome, a tile (docs/ai.md, "External chance"):
 *  - a deal: the path centres (slot 0 first), then each seat's hand tiles in
 *    seat order, one event a tile; the other tiles form the pile, as a set;
 *    the round opens (DEAL, PATH...) after the last;
 *  - a DRAW move: the tile drawn, among the pile's;
 *  - a path closed under RENEW: its tiles join the pile (RESHUFFLE, no
 *    outcome of its own: the pile is a set), then the new centre is drawn
 *    from the pile; under DISCARD the new centre is drawn from the pile
 *    (none when the pile is empty). The turn ends after the new PATH. */
int pintas_caminos_new_chance(pintas_caminos_state *s, const pintas_caminos_rules *rules,
                              uint64_t seed, const pintas_caminos_deal *deal, int external,
                              pintas_caminos_event *ev, size_t ev_cap, size_t *n_ev);

/* Contract: 1 if a chance event is pending (external chance only), else 0
 * (also for NULL). While one is, no move is legal. */
int pintas_caminos_chance_pending(const pintas_caminos_state *s);

/* Contract: the outcomes of the pending chance event, ascending tile
 * indices, into codes[0..*n), each with probability num[i] / *den exactly
 * (uniform: num[i] = 1, *den = *n); *n = 0, *den = 1 when none is pending.
 * cap must be >= PINTAS_TILE_COUNT (PINTAS_E_BUFFER); PINTAS_E_ARG on NULL or
 * a state no engine call made. */
int pintas_caminos_chance_outcomes(const pintas_caminos_state *s, uint16_t *codes,
                                   uint32_t *num, uint32_t *den, size_t cap, size_t *n);

/* Contract: give the pending chance event the tile `outcome` and play on,
 * writing the events as pintas_caminos_play does. PINTAS_E_NO_CHANCE when
 * none is pending, PINTAS_E_OUTCOME when `outcome` is not one of
 * pintas_caminos_chance_outcomes; on any error *s is unchanged. */
int pintas_caminos_play_chance(pintas_caminos_state *s, int outcome, pintas_caminos_event *ev,
                               size_t ev_cap, size_t *n_ev);

/* Replace the current round's deal by *deal before anyone has moved in it
 * (PINTAS_E_ILLEGAL once a reveal was chosen or the game is over). Writes
 * DEAL and PATH events. */
int pintas_caminos_set_deal(pintas_caminos_state *s, const pintas_caminos_deal *deal,
                            pintas_caminos_event *ev, size_t ev_cap, size_t *n_ev);

/* Reseed the PRNG with (seed, PINTAS_RNG_STREAM); later deals and reshuffles
 * use it. For hosts that give every random event a fresh OS seed. */
int pintas_caminos_reseed(pintas_caminos_state *s, uint64_t seed);

/* Write the legal moves of the player to move to out[0..*n) in a fixed order:
 * while revealing, one REVEAL per unrevealed tile of the hand by ascending
 * tile; while playing, the placements by ascending tile, then path, then
 * FRONT before BACK (a tile fitting both sides of a path is two moves, except
 * on a double centre with both sides empty: the same position either way, so
 * only FRONT is listed), else one DRAW (the pile has tiles) or one PASS. *n is 0 once the game is over.
 * cap must be >= PINTAS_CAMINOS_MAX_MOVES. */
int pintas_caminos_legal(const pintas_caminos_state *s, pintas_caminos_move *out, size_t cap,
                         size_t *n);

/* PINTAS_OK if *m is legal for the player to move, PINTAS_E_ILLEGAL if not,
 * PINTAS_E_OVER once the game is over. The moves legal() lists pass, and so
 * does the BACK placement it leaves out on a double centre with both sides
 * empty (the mirror image of the listed FRONT one; it is placed at BACK). */
int pintas_caminos_check(const pintas_caminos_state *s, const pintas_caminos_move *m);

/* Play *m for the player to move and write the events it caused, the move
 * itself first. Closes and renews paths, ends and scores rounds, deals the
 * next round and ends the game as the rules say. ev_cap must be >=
 * PINTAS_CAMINOS_MAX_EVENTS. On any error *s and the outputs are unchanged. */
int pintas_caminos_play(pintas_caminos_state *s, const pintas_caminos_move *m,
                        pintas_caminos_event *ev, size_t ev_cap, size_t *n_ev);

/* Tiles left in the draw pile (PINTAS_E_ARG for NULL). */
int pintas_caminos_pile_size(const pintas_caminos_state *s);

/* Tiles in seat's hand (PINTAS_E_ARG for NULL or a seat out of range). */
int pintas_caminos_hand_size(const pintas_caminos_state *s, int seat);

/* The number a tile must show to go on `side` (FRONT/BACK) of path slot
 * `path`, or -1 when that side takes no tile: no such slot, no path in it,
 * or the side is full. */
int pintas_caminos_side_number(const pintas_caminos_state *s, int path, int side);

/* The tiles of path slot `path` as a mask (0 for an empty or absent slot). */
pintas_mask pintas_caminos_path_tiles(const pintas_caminos_state *s, int path);

/* ---- saving ------------------------------------------------------------- */

/* Write the state as PINTAS_CAMINOS_SAVE_SIZE bytes (magic "PCM", version 1,
 * little-endian; the layout is at the top of caminos_save.c) to buf.
 * PINTAS_E_BUFFER if cap is smaller. A game with external chance
 * saves its pending event too (in bytes that are 0 with the PRNG). */
int pintas_caminos_save(const pintas_caminos_state *s, uint8_t *buf, size_t cap);

/* Read a state written by pintas_caminos_save, checking every field: rules and
 * PRNG; hands, pile, paths and discard disjoint and together the 28 tiles;
 * every path a chain of matching tiles that gives its stored ends, within the
 * side limit and never full unless the rules keep full paths; the reveal
 * bookkeeping (contenders, earlier reveals, secret choices, who chooses next);
 * the turn (passes only with an empty pile and by seats that could not place,
 * the last turns after a player went out); scores and the winners. Any
 * inconsistency gives PINTAS_E_CORRUPT (another format version
 * PINTAS_E_VERSION) and *s is untouched. Any byte string of any length is safe. */
int pintas_caminos_load(pintas_caminos_state *s, const uint8_t *buf, size_t len);

/* ---- batch simulation --------------------------------------------------- */

typedef struct pintas_caminos_stats {
    uint64_t games;
    uint64_t rounds;
    uint64_t moves;                               /* play() calls, reveals included */
    uint64_t blocked;                             /* rounds ended by everyone passing */
    uint64_t closes;                              /* paths filled */
    uint64_t ties;                                /* TIE events of the reveals */
    uint64_t shared;                              /* games won by more than one seat */
    uint64_t longest_round;                       /* most moves in one round */
    uint64_t wins[PINTAS_CAMINOS_MAX_SEATS];      /* games won per seat (shared wins count
                                                     for every winner) */
    uint64_t starts[PINTAS_CAMINOS_MAX_SEATS];    /* rounds started per seat */
    int64_t points[PINTAS_CAMINOS_MAX_SEATS];     /* points per seat, all games (<= 0) */
} pintas_caminos_stats;

/* Play `games` complete games of uniformly random legal moves (reveal choices
 * included). Game i is seeded with seed + i; the players' choices come from a
 * second PCG32 seeded once with (seed, PINTAS_RNG_STREAM + 1): a choice among
 * n legal moves is below(n), drawn only when n > 1. Writes the totals to *out. */
int pintas_caminos_simulate(const pintas_caminos_rules *rules, uint64_t games, uint64_t seed,
                            pintas_caminos_stats *out);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_CAMINOS_H */
