/* pintas/line_search.h - perfect-information Monte Carlo search for the line
 * games (Muggins, Capicua, Dominican): what one seat knows, consistent samples
 * of what it does not, and playouts that score each legal move.
 *
 * The seat's knowledge is a plain struct (pintas_line_info: the rules, its
 * own hand, the scores and the round's public log), so a binding fills it
 * from a view and no pointer into the host is kept. Everything is a pure
 * function of (info, seed): sample i of a search draws from its own PCG32,
 * seeded from (seed, i), so a search split into batches gives the same totals
 * as one call. Caller-owned structs, no malloc, no globals; reentrant.
 *
 * What the sampler derives from the log (pintas_line_knowledge_of), and why it
 * is sound:
 *  - unseen = every tile not in the observer's hand and not on the line: each
 *    one is in another hand, in the boneyard or set aside.
 *  - Hand sizes: 7 - tiles placed + tiles drawn, per seat; the boneyard keeps
 *    its initial 28 - 7 * players tiles minus the draws; where the rules never
 *    draw, 28 - 7 * players tiles are set aside (no constraint on them).
 *  - A seat that passed while the ends showed (a, b) held no tile with a or b
 *    then (passing is legal only with nothing to place); likewise a seat that
 *    drew at (a, b) held none just before the draw.
 *  - Such "not held" facts stay true while the seat only loses tiles. A seat
 *    gains tiles only by drawing: a drawn tile that is placed at once (the next
 *    action of the drawer is a play) is that very tile, since before it nothing
 *    fitted, so the seat's hand is as before; a drawn tile that is kept (the
 *    drawer draws again or passes) did not fit (a, b) but may show any other
 *    number, so the seat's facts shrink to {a, b}. A draw that is the last
 *    event (the drawer is to move, holding a tile that may fit) clears them.
 *  - Round 1's lead is forced (docs/rules.md section 1.1): a first tile d|d
 *    other than 6|6 means nobody held a higher double at the deal; a first
 *    tile that is not a double means nobody held any double nor a heavier
 *    tile. Those tiles
 *    were in the boneyard or set aside, and stay out of every hand that has
 *    not kept a drawn tile since (the same shrinking rule applies). Before
 *    the opening, a leader told its forced tile knows the same of the others.
 * Two more public facts are not of the "not held" kind: a round in play is
 * not blocked (some hand can place, or the boneyard has a tile: else the
 * engine would have ended it), and before round 1's opening the leader holds
 * the tile the lead rule picks. A sample that breaks one is redrawn (up to 64
 * draws; then one more deal gives the tile the fact needs to a seat that can
 * hold it, and is reported as relaxed: every fact holds, the draw is merely
 * less uniform).
 * Facts the sampler does not use (sound to omit, merely weaker): anything
 * about how a seat chose among its playable tiles. (That no earlier moment
 * blocked the round needs no fact of its own: a later placement shows that
 * its placer then held a tile that fitted, and after the last placement
 * only passes at the same ends follow, so the current moment answers.)
 *
 * Only positions a real round reaches are searched: pintas_line_knowledge_of
 * refuses any info that no real game shows its observer (see its contract),
 * so every state the sampler returns is one the engine's own loader
 * (pintas_line_load) accepts.
 *
 * Sampling (pintas_line_determinize): with at most three hidden holders (the
 * other seats, plus the boneyard or the set-aside tiles when fewer than four
 * play), the deals consistent with the facts are counted exactly by tile
 * class, so a sample is drawn uniformly among them in one pass: no dead ends
 * and no retry loop for them (a deliberate choice over sequential assignment
 * with retries, which is neither uniform nor bounded-safe). Only the two
 * public facts above may cost redraws, at most 64. The real game is always
 * one of the deals counted, so an info whose "not held" facts admit no deal
 * at all is no real position and is refused (csrc/tests/test_line_search.c
 * checks both).
 *
 * Playouts: from a sampled state the candidate move is played, then every seat
 * follows the default policy to the end of the round (or the game, when a
 * target is reached mid-round). The outcome of one playout is, in points
 * scored from the candidate move on, the observer's side minus the best other
 * side (pairs: my team minus the other team).
 */
#ifndef PINTAS_LINE_SEARCH_H
#define PINTAS_LINE_SEARCH_H

#include "common.h"
#include "line.h"
#include "rng.h"
#include "tiles.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Entries one round's public log can hold: at most 28 placements, 14 draws
 * and 3 passes per placement (4 passes in a row would be a block) = 126. */
#define PINTAS_LINE_INFO_MAX_LOG 128
/* The PCG32 stream of search samples: the ASCII bytes of "search". */
#define PINTAS_LINE_SEARCH_STREAM UINT64_C(0x736561726368)
/* The largest number of samples one search call runs. */
#define PINTAS_LINE_SEARCH_MAX_SAMPLES 1000000u

/* One public action of the current round, in order: kind is a
 * pintas_move_kind; tile and end are the placement of a PLAY (the round's
 * first placement may give either end); DRAW and PASS carry tile =
 * PINTAS_NO_TILE and end = 0 (a drawn tile is private even when it is the
 * observer's own: the observer's hand already holds it). */
typedef struct pintas_line_log_entry {
    uint8_t kind;
    uint8_t seat;
    uint8_t tile;
    uint8_t end;
} pintas_line_log_entry;

/* What one seat (the observer) knows in the round being played. */
typedef struct pintas_line_info {
    pintas_line_rules rules;
    int32_t score[PINTAS_LINE_MAX_SEATS]; /* per side, before this decision */
    pintas_mask hand;                     /* the observer's tiles */
    uint8_t seat;                         /* the observer */
    uint8_t leader;                       /* who led this round */
    uint8_t forced_tile;  /* the tile the leader must open round 1 with, when the
                             observer is that leader; else PINTAS_NO_TILE */
    uint8_t reserved;     /* 0 */
    uint16_t round;       /* 1-based; round 1 has the forced lead */
    uint16_t log_len;     /* entries in log */
    pintas_line_log_entry log[PINTAS_LINE_INFO_MAX_LOG];
} pintas_line_info;

/* What the observer can deduce from *info (see the file comment). */
typedef struct pintas_line_knowledge {
    pintas_mask unseen;                            /* in no known place */
    pintas_mask not_held[PINTAS_LINE_MAX_SEATS];   /* unseen tiles a seat surely lacks
                                                      (the observer: every unseen tile) */
    uint8_t voids[PINTAS_LINE_MAX_SEATS];          /* bit n: the seat surely holds no tile
                                                      showing n (for the observer: n of
                                                      none of its tiles) */
    uint8_t hand_count[PINTAS_LINE_MAX_SEATS];     /* tiles each seat holds (0 if absent) */
    uint8_t pile_count;      /* boneyard tiles left (draw rules) or tiles set aside */
    uint8_t pile_draws;      /* 1 if the pile is a boneyard, 0 if set aside */
    uint8_t to_move;         /* whose turn it is */
    uint8_t last_placer;     /* PINTAS_NO_SEAT before the round's first placement */
    uint8_t passes;          /* passes since the last placement */
    uint8_t line_len;
    uint8_t ends[2];         /* valid when line_len > 0 */
    uint8_t end_double[2];   /* 1 if the tile at that end is a double */
    uint8_t line[PINTAS_TILE_COUNT]; /* as pintas_line_state.line: tile | 0x80 at RIGHT */
} pintas_line_knowledge;

/* Playout policies for every seat after the candidate move. */
typedef enum pintas_line_policy {
    PINTAS_POLICY_RANDOM = 0, /* a uniformly random legal move */
    PINTAS_POLICY_GREEDY = 1  /* the most points now (Muggins fives), else the heaviest
                                 playable tile; ties to the lower-listed move */
} pintas_line_policy;

/* Per-legal-move totals of a search: mean value of moves[i] is
 * total[i] / samples. Moves are in pintas_line_legal order. */
typedef struct pintas_line_search_result {
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    int64_t total[PINTAS_LINE_MAX_MOVES]; /* sum over samples of the playout outcome */
    uint32_t n_moves;
    uint32_t samples;  /* samples run so far */
    uint32_t relaxed;  /* samples that fell back to the less uniform deal (see
                          pintas_line_determinize) */
    uint32_t reserved;
} pintas_line_search_result;

/* Check *info and derive what its observer knows into *out. PINTAS_OK only
 * for what a real round in play shows its observer; PINTAS_E_ARG for:
 *  - NULL, invalid rules, a seat or leader out of range, reserved not 0, a
 *    round of 0, a hand or tile outside the set, log_len above the bound;
 *  - scores a game in play cannot hold (the loader's rule): a side the
 *    rules do not have not on 0, a score outside 0..2^20 - 1, a Muggins or
 *    Capicua side at or past the target, a Dominican side past the target
 *    by more than one round can give; and scores no round leaves: any
 *    point in round 1 before its first placement, a Muggins score that is
 *    not a multiple of 5;
 *  - a forced_tile other than the engine's: round 1's leader before the
 *    opening must be told the tile the lead rule picks from its hand, and
 *    nobody else, nor at any other time, is told one;
 *  - a log that is not a possible round: a seat acting out of turn, a tile
 *    placed twice or not matching its end, a draw or pass where none is
 *    possible, a hand emptied, a seat placing a tile the log says it lacks
 *    (other than one it has just drawn);
 *  - an observer's hand of the wrong size, or holding a tile the log says
 *    the observer lacks (it passed or drew holding a tile that fitted; it
 *    holds a tile round 1's opening says nobody held);
 *  - facts no deal of the unseen tiles respects: no deal keeps every seat's
 *    "not held" facts, or none keeps the round open (a blocked round is
 *    over), or before round 1's opening the observer, not the leader,
 *    holds a tile above every tile the leader can hold.
 * *out is untouched on error. */
int pintas_line_knowledge_of(const pintas_line_info *info, pintas_line_knowledge *out);

/* A full game state consistent with *info: the observer's hand and the line as
 * known, every other hand, the boneyard (in a uniformly random order) and the
 * set-aside tiles sampled uniformly among the deals that respect the derived
 * facts, drawing from *rng. The state's own PRNG (for later deals) is seeded
 * from *rng too. *relaxed (may be NULL) is set to 1 if 64 draws all broke a
 * public fact and the state returned was drawn with the tile the fact needs
 * given first (it keeps every fact, less uniformly), else 0. Every state
 * returned is one pintas_line_load accepts. Status as knowledge_of; *out is
 * untouched on error. */
int pintas_line_determinize(const pintas_line_info *info, pintas_rng *rng,
                            pintas_line_state *out, uint8_t *relaxed);

/* Play *first on a copy of *state, then `policy` for every seat until the
 * round (or the game) ends; *outcome = points the side of `seat` scored from
 * *first on, minus the most any other side scored. Draws from *rng.
 * PINTAS_E_ILLEGAL if *first is not legal in *state, PINTAS_E_ARG for NULL,
 * a bad seat or policy. */
int pintas_line_playout(const pintas_line_state *state, const pintas_line_move *first,
                        int seat, int policy, pintas_rng *rng, int32_t *outcome);

/* Start a search: check *info (as knowledge_of: PINTAS_E_ARG for anything it
 * refuses), require that its observer is
 * to move (PINTAS_E_ILLEGAL otherwise), and set *out to the observer's legal
 * moves with zero totals. */
int pintas_line_search_init(const pintas_line_info *info, pintas_line_search_result *out);

/* Run samples first .. first + count - 1 of the search of *info with `seed`
 * and add them to *out (started by pintas_line_search_init on the same info).
 * Sample i: a PCG32 seeded from (seed, i) on PINTAS_LINE_SEARCH_STREAM samples
 * one state, then every legal move is played out from it with a copy of that
 * generator (the same hidden tiles and the same luck for every move).
 * PINTAS_E_ARG if count > PINTAS_LINE_SEARCH_MAX_SAMPLES, the policy is
 * unknown or *out does not belong to *info; *out is unchanged on error. */
int pintas_line_search_run(const pintas_line_info *info, uint64_t seed, uint32_t first,
                           uint32_t count, int policy, pintas_line_search_result *out);

/* pintas_line_search_run that also stops early, before the next sample, once
 * *stop is non-zero (stop may be NULL: never). Another thread may set *stop
 * while this runs: a move timer cuts a search at its deadline this way. The
 * samples actually run are added to out->samples (0 if *stop was set before
 * the call); they are samples first .. first + (that number) - 1, so the
 * totals equal those of pintas_line_search_run over that many. */
int pintas_line_search_run_until(const pintas_line_info *info, uint64_t seed, uint32_t first,
                                 uint32_t count, int policy, const volatile uint8_t *stop,
                                 pintas_line_search_result *out);

/* init + run of samples 0 .. samples - 1: the whole search in one call. */
int pintas_line_search(const pintas_line_info *info, uint32_t samples, uint64_t seed, int policy,
                       pintas_line_search_result *out);

/* The index in out->moves of the best mean (ties to the lower index), or -1
 * before any sample (or for NULL). */
int pintas_line_search_best(const pintas_line_search_result *out);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_LINE_SEARCH_H */
