/* pintas/line.h - the line-game engine: Muggins, Capicua and Dominican
 * domino, as docs/rules.md section 1 states them.
 *
 * One engine plays all three: a single line with two open ends, no spinner.
 * The caller owns a pintas_line_state (a plain fixed-size struct with no
 * pointers: copying it copies the game). A whole game runs here: every move
 * writes the events it caused into a caller buffer, a finished round is scored
 * and the next one dealt from the game's PRNG, until a side wins.
 *
 * Every function is reentrant and touches only what it is given. A call that
 * fails returns a negative status and leaves every output and the state as it
 * was.
 */
#ifndef PINTAS_LINE_H
#define PINTAS_LINE_H

#include "common.h"
#include "rng.h"
#include "tiles.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- bounds -------------------------------------------------------------- */

#define PINTAS_LINE_MAX_SEATS 4
#define PINTAS_LINE_HAND_SIZE 7
/* Legal moves in any state: at most two placements per tile in a hand. */
#define PINTAS_LINE_MAX_MOVES 56
/* Events one call can write: a play, its points, the round's end and scores,
 * the game's end, the tie-break draws and the next deal. */
#define PINTAS_LINE_MAX_EVENTS 96
/* Rounds of the tie-break draw before the lowest tied seat is declared winner
 * (a tie persisting this long has probability far below 1e-15). */
#define PINTAS_LINE_MAX_TIEBREAK_ROUNDS 16
/* Redeals in a row before a deal is accepted as it is (never reached with the
 * presets: each redeal has a probability of a few percent; a low redeal_doubles
 * such as 1 or 2 with 4 players voids every deal and reaches it each round).
 * Kept small enough that a call's events always fit PINTAS_LINE_MAX_EVENTS:
 * move + 2 scores + round end + 4 scores + 64 REDEAL + DEAL = 73. */
#define PINTAS_LINE_MAX_REDEALS 64
/* Bytes written by pintas_line_save. */
#define PINTAS_LINE_SAVE_SIZE 192
/* The lowest redeal threshold a rules struct may set (0 turns redeals off). */
#define PINTAS_LINE_MIN_REDEAL_DOUBLES 3
/* The largest target a rules struct may set. */
#define PINTAS_LINE_MAX_TARGET 10000
#define PINTAS_LINE_MAX_BONUS 1000
/* The largest round limit a rules struct may set (max_rounds; 0 is no limit). */
#define PINTAS_LINE_MAX_ROUNDS 255

/* ---- rules --------------------------------------------------------------- */

/* The games, each with its section of docs/rules.md. */
typedef enum pintas_line_game {
    PINTAS_LINE_MUGGINS = 0,  /* 1.2: fives in play, 2-4 individuals, to 200 */
    PINTAS_LINE_CAPICUA = 1,  /* 1.3: pass points, capicua doubles, to 20 */
    PINTAS_LINE_DOMINICAN = 2 /* 1.4: no drawing, capicua bonus, tranque, to 200 */
} pintas_line_game;

typedef enum pintas_block_scoring {
    PINTAS_BLOCK_CASCADE = 0,         /* Muggins default: each scores round5(others - own) */
    PINTAS_BLOCK_LOWEST_TAKES_ALL = 1 /* the lowest alone scores round5(others) */
} pintas_block_scoring;

typedef enum pintas_tranque {
    PINTAS_TRANQUE_LOWEST = 0, /* Dominican default: fewest pips takes every pip on the table */
    PINTAS_TRANQUE_BLOCKER = 1 /* blocker vs next player; a tie goes to the blocker */
} pintas_tranque;

/* One set of rules. Options that belong to one game only must keep
 * their zero/default value in the others (pintas_line_rules_check says so).
 * Drawing is allowed exactly when game != DOMINICAN and the deal leaves a
 * boneyard (fewer than 4 players). */
typedef struct pintas_line_rules {
    uint8_t game;           /* pintas_line_game */
    uint8_t players;        /* 2..4 */
    uint8_t pairs;          /* 1: seats 0+2 against 1+3 (needs 4 players; not Muggins) */
    uint8_t redeal_doubles; /* 0 off, else 3..7: a hand with this many doubles voids the deal */
    uint8_t block_scoring;  /* pintas_block_scoring (Muggins only) */
    uint8_t tranque;        /* pintas_tranque (Dominican only) */
    uint8_t capicua;        /* Capicua only: 1 doubles a capicua domino's points */
    uint8_t max_rounds;     /* 0: no limit (every preset); 1..PINTAS_LINE_MAX_ROUNDS: the
                               game ends after that round is scored, if no side won
                               before (any game; the byte was `reserved`, always 0) */
    uint16_t target;        /* 1..PINTAS_LINE_MAX_TARGET */
    uint16_t pass_points;   /* Capicua only: 0..PINTAS_LINE_MAX_BONUS, default 2 */
    uint16_t capicua_bonus; /* Dominican only: 0..PINTAS_LINE_MAX_BONUS, default 25 */
    uint16_t pase_corrido_bonus;   /* Dominican only: 0..PINTAS_LINE_MAX_BONUS, default 0 */
    uint16_t pase_de_salida_bonus; /* Dominican only: 0..PINTAS_LINE_MAX_BONUS, default 0 */
} pintas_line_rules;

/* Fill *rules with the preset of `game` for `players` seats (pairs 0/1) and
 * every default of RULES.md; PINTAS_E_RULES if that combination is invalid
 * (then *rules is untouched). Dominican modes: pairs = (4, 1), four = (4, 0),
 * three = (3, 0), two = (2, 0). */
int pintas_line_rules_preset(pintas_line_rules *rules, int game, int players, int pairs);

/* PINTAS_OK if *rules is a valid combination, else PINTAS_E_RULES (or
 * PINTAS_E_ARG for NULL). */
int pintas_line_rules_check(const pintas_line_rules *rules);

/* Number of sides that score: 2 with pairs, else the number of players. */
int pintas_line_sides(const pintas_line_rules *rules);

/* Contract: whether a player who cannot play draws from a boneyard: 1 in
 * Muggins and Capicua with 2 or 3 players (the tiles not dealt are the
 * boneyard), 0 otherwise (Dominican, and 4 players: he passes, the tiles
 * not dealt lie aside unseen). PINTAS_E_RULES for invalid rules
 * (pintas_line_rules_check), PINTAS_E_ARG for NULL. */
int pintas_line_draws(const pintas_line_rules *rules);

/* Contract: the most moves (plays, draws and passes) one round of these
 * rules can take, from its deal to its end: p placements (at most the tiles
 * in play less one per other seat, which still holds a tile when the round
 * ends), the boneyard's draws, and at most players - 1 passes after each
 * placement (a pass of every seat in a row would be a block, which ends the
 * round first). 0 for invalid rules or NULL. */
unsigned pintas_line_round_moves(const pintas_line_rules *rules);

/* Contract: an upper bound on the rounds a game of these rules can last, or 0
 * when they set none. max_rounds bounds it; so does the target where every
 * round gives some side at least one point (Capicua always; Dominican with 3
 * or 4 players): no side is at the target after R rounds only if
 * R <= sides * (target - 1). Muggins (a block tie, a domino against 0|1 score
 * nothing) and two-player Dominican (a domino against 0|0) can score a round 0,
 * so only max_rounds bounds them. 0 for invalid rules or NULL. */
unsigned long pintas_line_max_rounds_bound(const pintas_line_rules *rules);

/* ---- moves and events ---------------------------------------------------- */

typedef enum pintas_move_kind {
    PINTAS_MOVE_PLAY = 0,
    PINTAS_MOVE_DRAW = 1,
    PINTAS_MOVE_PASS = 2
} pintas_move_kind;

typedef enum pintas_end { PINTAS_END_LEFT = 0, PINTAS_END_RIGHT = 1 } pintas_end;

/* A move: for a play, tile and end; for draw and pass, tile = PINTAS_NO_TILE
 * and end = 0. The opening tile of a round is played with end LEFT. When both
 * open ends show the same number the legal moves list only the LEFT placement
 * (except in Muggins, where the ends can differ in points, so both are listed);
 * the RIGHT one is then not listed, but check and play accept it, as the
 * mirror image of the LEFT one. */
typedef struct pintas_line_move {
    uint8_t kind;
    uint8_t tile;
    uint8_t end;
} pintas_line_move;

typedef enum pintas_line_event_kind {
    PINTAS_EV_DEAL = 0,     /* a round was dealt: seat = leader, points = round number */
    PINTAS_EV_REDEAL = 1,   /* a deal was voided: seat = a seat with too many doubles,
                               points = its number of doubles */
    PINTAS_EV_PLAY = 2,     /* seat placed tile at end */
    PINTAS_EV_DRAW = 3,     /* seat drew tile from the boneyard (hidden from the others) */
    PINTAS_EV_PASS = 4,     /* seat passed */
    PINTAS_EV_SCORE = 5,    /* side scored points (seat: who earned them), reason says why */
    PINTAS_EV_ROUND_END = 6,/* reason = DOMINO/BLOCK/BLOCK_TIE; seat = round winner (or
                               PINTAS_NO_SEAT), side its side; tile = blocking/winning tile
                               (PINTAS_NO_TILE for a block caused by drawing the last
                               boneyard tile: the drawn tile stays private) */
    PINTAS_EV_GAME_END = 7, /* side won the game; reason = NORMAL/ZAPATERO/TIEBREAK, or
                               MAX_ROUNDS: the round limit ended the game and every side
                               with the highest score wins (one GAME_END each, in side
                               order: a tie shares the win) */
    PINTAS_EV_TIEBREAK = 8  /* seat drew tile in the tie-break draw; points = draw round */
} pintas_line_event_kind;

typedef enum pintas_line_reason {
    PINTAS_WHY_NONE = 0,
    PINTAS_WHY_FIVES = 1,       /* Muggins: open ends summed to a multiple of 5 */
    PINTAS_WHY_DOMINO = 2,      /* a player played their last tile */
    PINTAS_WHY_BLOCK = 3,       /* nobody could play or draw */
    PINTAS_WHY_BLOCK_TIE = 4,   /* Muggins block with a tie for fewest pips: nobody scores */
    PINTAS_WHY_PASS = 5,        /* Capicua pass points */
    PINTAS_WHY_CAPICUA = 6,     /* capicua: Capicua's doubling or Dominican's bonus */
    PINTAS_WHY_PASE_CORRIDO = 7,
    PINTAS_WHY_PASE_DE_SALIDA = 8,
    PINTAS_WHY_NORMAL = 9,      /* game end: the highest score at or past the target */
    PINTAS_WHY_ZAPATERO = 10,   /* game end: every opponent still on 0 (Capicua) */
    PINTAS_WHY_TIEBREAK = 11,   /* game end decided by the tie-break draw (Muggins) */
    PINTAS_WHY_MAX_ROUNDS = 12  /* game end: the round limit (rules.max_rounds) was reached */
} pintas_line_reason;

#define PINTAS_NO_SEAT 0xFF

typedef struct pintas_line_event {
    uint8_t kind;   /* pintas_line_event_kind */
    uint8_t seat;   /* or PINTAS_NO_SEAT */
    uint8_t side;   /* or PINTAS_NO_SEAT */
    uint8_t tile;   /* or PINTAS_NO_TILE */
    uint8_t end;    /* PLAY only */
    uint8_t reason; /* pintas_line_reason */
    uint16_t reserved;
    int32_t points;
} pintas_line_event;

/* ---- the state ----------------------------------------------------------- */

typedef enum pintas_line_phase {
    PINTAS_LINE_PLAYING = 0,
    PINTAS_LINE_OVER = 1
} pintas_line_phase;

/* A hand-made deal: hands of exactly 7 tiles for seats 0..players-1 (empty
 * masks beyond), pairwise disjoint. Where the rules draw, boneyard lists every
 * other tile in draw order; where they do not, boneyard_len is 0 and the other
 * tiles are set aside. */
typedef struct pintas_line_deal {
    pintas_mask hand[PINTAS_LINE_MAX_SEATS];
    uint8_t boneyard[PINTAS_TILE_COUNT];
    uint8_t boneyard_len;
} pintas_line_deal;

/* The whole game. Treat the fields as read-only: change it only through the
 * functions below. */
typedef struct pintas_line_state {
    pintas_line_rules rules;
    pintas_rng rng;                         /* deals and tie-break draws */
    pintas_mask hand[PINTAS_LINE_MAX_SEATS];
    pintas_mask aside;                      /* set aside unseen (no drawing) */
    int32_t score[PINTAS_LINE_MAX_SEATS];   /* per side */
    uint8_t boneyard[PINTAS_TILE_COUNT];    /* draw order; boneyard[bone_pos..bone_len) remain */
    uint8_t bone_len;
    uint8_t bone_pos;
    uint8_t line[PINTAS_TILE_COUNT];        /* placements in order: tile | 0x80 if at RIGHT */
    uint8_t line_len;
    uint8_t ends[2];                        /* open numbers (valid when line_len > 0) */
    uint8_t end_double[2];                  /* 1 if the tile at that end is a double */
    uint8_t phase;                          /* pintas_line_phase */
    uint8_t to_move;                        /* PINTAS_NO_SEAT once OVER */
    uint8_t leader;                         /* who led this round */
    uint8_t forced_tile;                    /* tile the leader must open with, or PINTAS_NO_TILE */
    uint8_t last_placer;                    /* PINTAS_NO_SEAT before the first placement */
    uint8_t passes;                         /* passes in a row since the last placement */
    uint8_t winner;                         /* winning side once OVER, else PINTAS_NO_SEAT
                                               (also once OVER by MAX_ROUNDS with a tie:
                                               pintas_line_winners names the sides) */
    uint8_t end_reason;                     /* GAME_END reason once OVER */
    uint16_t round;                         /* 1-based */
    /* External chance (all 0 with the internal PRNG). */
    uint8_t chance;                         /* 1: the game's chance comes from outside */
    uint8_t pending;                        /* pintas_line_chance: what chance waits for */
    uint8_t dealt;                          /* DEAL: hand tiles dealt so far */
    uint8_t redeals;                        /* DEAL: deals voided in a row this round */
    uint8_t deal_first;                     /* DEAL: 1 if round 1's lead rule applies */
    uint8_t deal_leader;                    /* DEAL: the leader of a later round */
    uint8_t drawer;                         /* DRAW: the seat that drew */
    uint8_t tb_tied;                        /* TIEBREAK: the tied seats, as bits */
    uint8_t tb_fewest;                      /* TIEBREAK: seats on the fewest pips this round */
    uint8_t tb_best;                        /* TIEBREAK: the fewest pips this round */
    uint8_t tb_seat;                        /* TIEBREAK: the seat that draws next */
    uint8_t tb_round;                       /* TIEBREAK: the draw round, from 1 */
    pintas_mask tb_drawn;                   /* TIEBREAK: tiles drawn this draw round */
} pintas_line_state;

/* What a game with external chance waits for (pintas_line_state.pending). */
typedef enum pintas_line_chance {
    PINTAS_LINE_CHANCE_NONE = 0,
    PINTAS_LINE_CHANCE_DEAL = 1,    /* the next hand tile of the deal */
    PINTAS_LINE_CHANCE_DRAW = 2,    /* the tile a DRAW takes from the boneyard */
    PINTAS_LINE_CHANCE_TIEBREAK = 3 /* the tile a tied seat draws in the tie-break */
} pintas_line_chance;

/* Start a game: check *rules, seed the PRNG with (seed, PINTAS_RNG_STREAM) and
 * deal round 1 from it (redealing as the rules say). Writes the deal's events
 * (REDEAL..., DEAL) to ev[0..*n_ev); ev_cap must be >= PINTAS_LINE_MAX_EVENTS.
 * Returns PINTAS_OK, PINTAS_E_ARG, PINTAS_E_RULES or PINTAS_E_BUFFER. */
int pintas_line_new(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                    pintas_line_event *ev, size_t ev_cap, size_t *n_ev);

/* As pintas_line_new, but round 1 uses the hand-made *deal (checked as
 * described at pintas_line_deal; PINTAS_E_DEAL if it is not one). The redeal
 * rule applies to it too: a voided hand-made deal is redealt from the PRNG. */
int pintas_line_new_dealt(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                          const pintas_line_deal *deal, pintas_line_event *ev, size_t ev_cap,
                          size_t *n_ev);

/* Replace the current round's deal by *deal before anyone has moved in it
 * (PINTAS_E_ILLEGAL once a move was made or the game is over). The round's
 * leader rule is applied again to the new hands (round 1: the 6|6 rule; later
 * rounds: the same leader). Writes REDEAL.../DEAL events. */
int pintas_line_set_deal(pintas_line_state *s, const pintas_line_deal *deal,
                         pintas_line_event *ev, size_t ev_cap, size_t *n_ev);

/* As pintas_line_new (hand-made *deal when not NULL, as pintas_line_new_dealt)
 * with external chance when `external` is 1 (0: exactly pintas_line_new /
 * _new_dealt): the game never draws from its PRNG but stops at each chance
 * event, with to_move = PINTAS_CHANCE_SEAT, until pintas_line_play_chance
 * gives its outcome (docs/ai.md, "External chance"):
 *  - a deal: one event per hand tile, in the order the PRNG deal fills the
 *    hands (seat 0's 7 tiles, then seat 1's, ...); the other tiles form the
 *    boneyard or the set-aside as a set. The redeal rule applies after the
 *    last hand tile: a voided deal (REDEAL) starts a new chance deal;
 *  - a DRAW move: the tile drawn, among the boneyard's;
 *  - each tile of a Muggins tie-break draw, among those left of its fresh set.
 * The deal's events (REDEAL..., DEAL) come from the play_chance that ends it.
 * PINTAS_E_ARG for `external` other than 0 or 1. */
int pintas_line_new_chance(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                           const pintas_line_deal *deal, int external, pintas_line_event *ev,
                           size_t ev_cap, size_t *n_ev);

/* Contract: 1 if a chance event is pending (external chance only), else 0
 * (also for NULL). */
int pintas_line_chance_pending(const pintas_line_state *s);

/* Contract: the outcomes of the pending chance event, ascending by code
 * (a tile's index 0..27), into codes[0..*n), each with probability
 * num[i] / *den exactly (uniform: num[i] = 1, *den = *n); *n = 0 and *den = 1
 * when none is pending. cap must be >= PINTAS_TILE_COUNT (PINTAS_E_BUFFER).
 * PINTAS_E_ARG on NULL or a state no engine call made. */
int pintas_line_chance_outcomes(const pintas_line_state *s, uint16_t *codes, uint32_t *num,
                                uint32_t *den, size_t cap, size_t *n);

/* Contract: give the pending chance event the outcome `outcome` (a tile
 * index) and play on until the next decision or chance event, writing the
 * events caused (DEAL/REDEAL once a deal is complete, DRAW, TIEBREAK, and
 * what follows them) as pintas_line_play does. PINTAS_E_NO_CHANCE when none
 * is pending, PINTAS_E_OUTCOME when `outcome` is not one of
 * pintas_line_chance_outcomes; on any error *s is unchanged. */
int pintas_line_play_chance(pintas_line_state *s, int outcome, pintas_line_event *ev,
                            size_t ev_cap, size_t *n_ev);

/* Reseed the PRNG with (seed, PINTAS_RNG_STREAM); the next deal uses it. Used by
 * hosts that give every deal a fresh seed from the OS. */
int pintas_line_reseed(pintas_line_state *s, uint64_t seed);

/* Write the legal moves of the player to move into out[0..*n) (none while
 * a chance event is pending) in a fixed order (plays by ascending tile then LEFT before RIGHT; else one DRAW or one
 * PASS). A tile that fits both ends is listed once, at LEFT, when the ends are
 * alike (the same number and, in Muggins, a double at both ends or neither):
 * both placements lead to the same position, mirrored. *n is 0 when the game is over.
 * cap must be >= PINTAS_LINE_MAX_MOVES. */
int pintas_line_legal(const pintas_line_state *s, pintas_line_move *out, size_t cap, size_t *n);

/* PINTAS_OK if *m is legal for the player to move, else PINTAS_E_ILLEGAL
 * (PINTAS_E_OVER once the game is over, PINTAS_E_CHANCE while a chance
 * event is pending). Legal means listed by
 * pintas_line_legal, or the RIGHT placement that legal() leaves out on ends
 * alike (the mirror image of the listed LEFT one; it is placed at RIGHT). */
int pintas_line_check(const pintas_line_state *s, const pintas_line_move *m);

/* Play *m for the player to move and write the events it caused (the move
 * itself first). Ends, scores and deals rounds and ends the game as the rules
 * say. ev_cap must be >= PINTAS_LINE_MAX_EVENTS. On any error *s is unchanged. */
int pintas_line_play(pintas_line_state *s, const pintas_line_move *m, pintas_line_event *ev,
                     size_t ev_cap, size_t *n_ev);

/* Contract: the winning sides once the game is over, bit s for side s (several
 * when a game ended by the round limit is tied), else 0 (also for NULL). */
unsigned pintas_line_winners(const pintas_line_state *s);

/* Pips of every tile in seat's hand (0 for a seat out of range). */
unsigned pintas_line_hand_pips(const pintas_line_state *s, int seat);

/* The side a seat scores for. */
int pintas_line_side_of(const pintas_line_rules *rules, int seat);

/* Tiles left in the boneyard. */
int pintas_line_boneyard_size(const pintas_line_state *s);

/* The line as its pips run from left to right: the two numbers each tile
 * shows, leftmost tile first, into nums[0..2 * *n) (the first tile placed
 * shows its high end to the left), and the number of tiles into *n (0
 * before the round's first placement). PINTAS_OK; PINTAS_E_BUFFER when cap
 * is below 2 * the line's length; PINTAS_E_ARG for NULL pointers or a line
 * whose tiles do not touch. */
int pintas_line_chain(const pintas_line_state *s, uint8_t *nums, size_t cap, size_t *n);

/* ---- saving ------------------------------------------------------------- */

/* Write the state as PINTAS_LINE_SAVE_SIZE bytes (little-endian, versioned; the
 * layout is in docs/c-api.md) to buf. PINTAS_E_BUFFER if cap is smaller. A game with
 * external chance saves its pending event too (in bytes that are 0 with the
 * PRNG). */
int pintas_line_save(const pintas_line_state *s, uint8_t *buf, size_t cap);

/* Read a state written by pintas_line_save. Every field is checked (magic,
 * version, rules, tiles conserved and disjoint, the line a valid chain that
 * gives the stored ends, seats, phase, scores); any inconsistency gives
 * PINTAS_E_CORRUPT (PINTAS_E_VERSION for another format version) and *s is
 * untouched. Any byte string of any length is safe to pass. */
int pintas_line_load(pintas_line_state *s, const uint8_t *buf, size_t len);

/* ---- batch simulation --------------------------------------------------- */

typedef struct pintas_line_stats {
    uint64_t games;
    uint64_t rounds;
    uint64_t moves;
    uint64_t blocks;                            /* rounds ended by a block */
    uint64_t wins[PINTAS_LINE_MAX_SEATS];       /* games won per side (a win shared at
                                                   the round limit counts for each) */
    uint64_t points[PINTAS_LINE_MAX_SEATS];     /* points scored per side, all games */
} pintas_line_stats;

/* Play `games` complete games with uniformly random legal moves. Game i is
 * seeded with seed + i; the players' choices come from a second PCG32 seeded
 * with (seed, PINTAS_RNG_STREAM + 1). Writes the totals to *out. */
int pintas_line_simulate(const pintas_line_rules *rules, uint64_t games, uint64_t seed,
                         pintas_line_stats *out);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_LINE_H */
