/* pintas/caminos_search.h - what one Caminos seat knows, whole states sampled
 * consistently with it, and perfect-information Monte Carlo over them.
 *
 * A player never sees the game, only its view. pintas_caminos_info is that
 * view as a plain struct: the table, the observer's hand, the other seats'
 * hand sizes and the tiles they are known to hold, the pile's size, and what
 * the round's log says about who could not place when. From it:
 *
 *  - pintas_caminos_sample() deals the unseen tiles (the other hands and the
 *    pile, in a random order) into a whole pintas_caminos_state that agrees
 *    with everything the observer knows (the "determinization");
 *  - pintas_caminos_playout() plays a state to the end of its round with a
 *    fast default policy;
 *  - pintas_caminos_search() scores each legal move of the observer by
 *    sampling states, playing the move and then the default policy to the
 *    end of the round, and summing the observer's outcome.
 *
 * What the sampler derives, and why it is sound (every real deal satisfies
 * it, so no consistent world is excluded):
 *  S1 Seen tiles are nowhere else. The observer's hand, every tile on a path
 *     (closed STAY paths included) and the discard pile are visible; the
 *     tiles known to be in another hand (revealed for the starting player
 *     and not placed since: revealed tiles stay in the hand) go to that
 *     hand. Every other tile is *unseen*: exactly the other hands' unknown
 *     tiles and the pile, so their sizes must add up (else PINTAS_E_ARG).
 *  S2 Could not place. A seat draws or passes only when no tile of its hand
 *     shows a number some open side shows. So each tile it held at that
 *     moment shows none of those numbers (the seat's *voids* then). A tile
 *     drawn later is not bound by it. Hence the hand is cut into *cohorts*:
 *     the tiles dealt (cohort 0), then one cohort per draw; a tile of cohort
 *     c still in hand shows no number of any void recorded after cohort c
 *     entered. These sets only grow from older to newer cohorts, so a hand
 *     of h tiles (k of them known) is consistent exactly when its h - k
 *     unknown tiles can be matched to the h - k *loosest* cohort places
 *     (newest first; a real hand fits there by exchange, since its tiles sit
 *     in h distinct places of which the known ones are dealt, the tightest).
 *     The sampler fills those places, each with a tile its constraint allows.
 *  S3 Closed paths go back into the pile. Under RENEW a full path's tiles are
 *     shuffled into the pile at a known moment; an unseen tile whose last
 *     such moment is `since` can only be in the pile or in a cohort drawn
 *     after it (never in a dealt one). This order constraint also grows
 *     from older to newer cohorts, so S2's matching argument still holds.
 *  S4 The pile's order is unknown and every order is equally likely (it is
 *     shuffled at the deal and at every renewal): the unseen tiles that no
 *     hand takes are shuffled into it.
 *  S5 The seats that passed since the last placement (the `passes` seats
 *     just before the observer) hold no tile that an open side takes now:
 *     the table has not changed since they passed. Like S1 it is a fact of
 *     the table as it is, so the sampler keeps it at every level; then
 *     every sample is a state the engine's loader (pintas_caminos_load)
 *     accepts.
 *  The sampler is not an exact posterior (the places are filled one at a
 *  time, most constrained first, each with a uniform tile among those left
 *  that it allows), but every sample it returns at level 0 meets S1-S5.
 *  Nor is S2 the whole truth: it leaves out the places the tiles a seat
 *  placed came from. A tile placed after the seat was seen to lack one of
 *  its numbers was drawn after that moment, so it took one of the loose
 *  places S2 hands to the unknown tiles; S2 then allows hands no course of
 *  the round leads to (a seat that lacked 6, drew, placed 6|6 and drew again
 *  holds at most one tile showing 6, the last one drawn: 6|6 took the first
 *  draw's place; S2 lets it hold two). The search accepts
 *  that; the Python View.sample_game matches placed and held tiles to the
 *  places together and deals exactly uniformly among the worlds a view
 *  allows.
 *
 * Only real positions are sampled: pintas_caminos_info_check refuses every
 * info no real game shows its observer, including one whose S1-S3 and S5
 * admit no deal at all (it matches every unknown place to a tile exactly),
 * so the real deal always exists among those the sampler aims at.
 *
 * Bounded work: a fill that runs out of tiles for a place (the one-at-a-time
 * fill can, rarely, though a deal exists) is retried
 * PINTAS_CAMINOS_SEARCH_RETRIES times; then S2 is dropped (level 1) for as
 * many tries; then S3 too (level 2: only S1, S5 and the sizes, which always
 * succeeds in one try on a checked info). The level used is reported; a
 * genuine view almost never needs a fallback.
 *
 * Randomness (all PCG32, rng.h): sample i of pintas_caminos_search() with
 * seed `seed` uses a generator seeded (seed, PINTAS_CAMINOS_SEARCH_STREAM + i),
 * so a sample depends only on (info, seed, i), however samples are batched.
 * It draws the sample (pintas_caminos_sample's order: per try, one below()
 * per place filled, most constrained place first; then one Fisher-Yates
 * shuffle of the pile, listed by ascending tile; then two next() calls, high
 * word first, whose 64 bits seed the state's own generator with stream
 * PINTAS_RNG_STREAM, for renewals); then each move's playout starts from a
 * copy of the generator as it is then (every move of a sample meets the same
 * chance: common random numbers make the comparison sharper).
 */
#ifndef PINTAS_CAMINOS_SEARCH_H
#define PINTAS_CAMINOS_SEARCH_H

#include "caminos.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Cohorts kept per seat (the deal and its draws this round); a longer list is
 * merged by the caller, see pintas_caminos_cohort. */
#define PINTAS_CAMINOS_SEARCH_MAX_COHORTS 32
/* Tries per fallback level of the sampler. */
#define PINTAS_CAMINOS_SEARCH_RETRIES 16
/* Moves a playout makes at most before it is scored as it stands. */
#define PINTAS_CAMINOS_SEARCH_MAX_PLAYOUT 1000
/* Samples one pintas_caminos_search() call takes at most (keeps sums exact). */
#define PINTAS_CAMINOS_SEARCH_MAX_SAMPLES (UINT32_C(1) << 24)
/* Stream base of the search's generators ("caminoS"). */
#define PINTAS_CAMINOS_SEARCH_STREAM UINT64_C(0x63616d696e6f53)

/* The tiles that entered a hand at one moment, and what the seat was seen to
 * lack afterwards. `at`: 0 for the deal, else the position (1-based) of the
 * draw in the round's log. `tiles`: how many entered (hand_size at the deal,
 * 1 for a draw). `voids`: bit n set when, after these tiles entered and
 * before the next cohort did, the seat drew or passed while an open side
 * showed n (a draw's own check belongs to the cohort before it). Merging two
 * neighbouring cohorts is sound when the merged one keeps the newer `at` and
 * `voids` and the sum of `tiles` (the older voids are forgotten). */
typedef struct pintas_caminos_cohort {
    uint16_t at;
    uint8_t tiles;
    uint8_t voids;
} pintas_caminos_cohort;

/* What the observer `seat` knows, in the playing phase with `seat` to move.
 * rules: the game's rules (rounds is ignored: playouts end with the round).
 * path: the path slots as the table shows them (pintas_caminos_path).
 * hand: the observer's tiles. known[s]: tiles known to be in seat s's hand
 * (0 for the observer). discard: the discard pile. since[t]: the position
 * (1-based) in the round's log of the last RENEW close that put tile t into
 * the pile, 0 if none. hand_len[s]: tiles in each hand. pile_len: tiles in the
 * pile. passes, out_seat, last_turns, starter: the turn as in
 * pintas_caminos_state. cohort[s][0..n_cohorts[s]): seat s's cohorts, oldest
 * first (ignored for the observer). */
typedef struct pintas_caminos_info {
    pintas_caminos_rules rules;
    pintas_caminos_path path[PINTAS_CAMINOS_MAX_PATHS];
    pintas_mask hand;
    pintas_mask known[PINTAS_CAMINOS_MAX_SEATS];
    pintas_mask discard;
    uint16_t since[PINTAS_TILE_COUNT];
    uint8_t hand_len[PINTAS_CAMINOS_MAX_SEATS];
    uint8_t seat;
    uint8_t pile_len;
    uint8_t passes;
    uint8_t out_seat;
    uint8_t last_turns;
    uint8_t starter;
    uint8_t n_cohorts[PINTAS_CAMINOS_MAX_SEATS];
    pintas_caminos_cohort cohort[PINTAS_CAMINOS_MAX_SEATS][PINTAS_CAMINOS_SEARCH_MAX_COHORTS];
} pintas_caminos_info;

/* The observer's legal moves (pintas_caminos_legal's order) and what search
 * found: sum[i] is the sum over `samples` samples of the outcome after
 * move[i], so its mean value is sum[i] / samples (left to the caller: the
 * core does no division). The outcome of one playout is the observer's
 * round score times (players - 1) minus the sum of the other seats' round
 * scores (scores are -1 per tile left): (players - 1) times its margin over
 * the others' mean, -84..84. (The observer's own score alone plays much
 * worse: making the next player draw is worth as much as saving a tile.)
 * relaxed counts the samples that needed
 * a sampler fallback (level 1 or 2). */
typedef struct pintas_caminos_search_result {
    pintas_caminos_move move[PINTAS_CAMINOS_MAX_MOVES];
    int64_t sum[PINTAS_CAMINOS_MAX_MOVES];
    uint32_t n_moves;
    uint32_t samples;
    uint32_t relaxed;
    uint32_t reserved;
} pintas_caminos_search_result;

/* PINTAS_OK if *info is what a real game in play shows its observer, with
 * the observer to move; else PINTAS_E_ARG (NULL too). It checks, with the
 * loader's own rules where the loader has them:
 *  - valid rules (rounds aside), the observer a seat of them;
 *  - paths within the rules (tiles distinct, chains of matching tiles giving
 *    their ends, side lengths within side_tiles, full only where full paths
 *    stay), slots beyond rules.paths cleared; an empty slot only where full
 *    paths are discarded, with the pile empty, and no more of them than
 *    paths discarded; a discard only where full paths are discarded, of
 *    whole paths;
 *  - hand sizes matching hand and known[] (each known[s] a subset of a hand
 *    of hand_len[s] tiles, none for the observer), all the seen tiles
 *    disjoint, the unseen count equal to the unknown hand places plus
 *    pile_len, n_cohorts within bounds;
 *  - the turn: starter a seat or PINTAS_NO_SEAT; passes fewer than the
 *    players and only with an empty pile; before anyone went out, every hand
 *    holding tiles; after (out_seat, never the observer), that hand empty,
 *    last_turns 1..players - 1 counted so that they reach the observer now,
 *    the passes no more than the turns taken since, and every seat still to
 *    play holding tiles; a seat that passed since the last placement known
 *    to hold no tile an open side takes;
 *  - some deal of the unseen tiles meeting S1-S3 and S5 (an exact matching
 *    of the unknown places to tiles). */
int pintas_caminos_info_check(const pintas_caminos_info *info);

/* Deal the unseen tiles of *info into *out, a whole state in the playing
 * phase of a one-round game (round 1 of 1, scores 0) with the observer to
 * move: its hand, the table and the turn as in *info, the other hands and the
 * pile sampled (S1-S5 above), the state's generator seeded from *rng. Draws
 * from *rng only. *level (if not NULL) gets 0 when every constraint held, 1
 * when S2 was dropped, 2 when S3 was too (S1 and S5 always hold: every state
 * returned is one pintas_caminos_load accepts). PINTAS_E_ARG if info_check
 * fails or a pointer is NULL; then *out and *level are untouched. */
int pintas_caminos_sample(const pintas_caminos_info *info, pintas_rng *rng,
                          pintas_caminos_state *out, int *level);

/* Play *s to the end of its round with the default policy, drawing from
 * *rng: a forced move is played; a placement is scored on the table it
 * leaves, 4 per other tile of the mover that an open side would take, 3 more
 * per such tile that two open sides would take, 2 per open side fewer that
 * the placed tile fits now (place the hard tile while it fits), 1 for a
 * double; the best score wins, ties uniformly at random (one below() per
 * tie met). Reveal choices take the heaviest tile. Stops after the move that
 * ends the round (its scores are in *s, which has moved on to the next deal
 * or the game's end) or after PINTAS_CAMINOS_SEARCH_MAX_PLAYOUT moves.
 * Returns the moves made, or PINTAS_E_ARG for NULL or an unplayable state.
 * Only *s and *rng change. */
int pintas_caminos_playout(pintas_caminos_state *s, pintas_rng *rng);

/* Score every legal move of the observer over samples first..first+count-1
 * (see "Randomness" above) and write the moves and sums to *out (overwritten,
 * even for count 0; untouched on an error). PINTAS_E_ARG for NULL, a failed info_check, or count
 * above PINTAS_CAMINOS_SEARCH_MAX_SAMPLES. Deterministic: the same (info,
 * seed, first, count) gives the same result on every platform; the sums of
 * two calls over adjacent ranges add up to the call over their union. */
int pintas_caminos_search(const pintas_caminos_info *info, uint64_t seed, uint32_t first,
                          uint32_t count, pintas_caminos_search_result *out);

/* pintas_caminos_search that also stops early, before the next sample, once
 * *stop is non-zero (stop may be NULL: never). Another thread may set *stop
 * while this runs: a move timer cuts a search at its deadline this way.
 * out->samples says how many ran (samples first .. first + out->samples - 1,
 * the same sums as pintas_caminos_search over that many). */
int pintas_caminos_search_until(const pintas_caminos_info *info, uint64_t seed, uint32_t first,
                                uint32_t count, const volatile uint8_t *stop,
                                pintas_caminos_search_result *out);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_CAMINOS_SEARCH_H */
