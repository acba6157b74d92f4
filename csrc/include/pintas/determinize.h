/* pintas/determinize.h - exact determinization of the tile games: from what
 * one seat may know (a view, views.h) and a seed, a whole *world* - where
 * every tile the seat cannot see is, in which other hand or in the pile (the
 * boneyard, the tiles set aside) - drawn uniformly among the worlds the view
 * allows, and the test of whether a given world is one of them.
 *
 * A world is *consistent* with a view when some course of the round leads to
 * it that shows the seat exactly its view. The round's public log (a line
 * view's info.log; for Caminos, whose view holds no log, the story log of
 * the game's record, views.h) is read into one *story* per hidden seat: the places its tiles entered
 * by (the deal, then one per draw), the moments it showed it lacked tiles (it
 * drew or passed while no tile it held fitted a number open then; round 1's
 * forced opening; with a redeal rule, the deal held fewer doubles than void
 * it) and the tiles it placed and when. A hand fits its story when its tiles
 * and those the seat placed can be put one to a place, each in a place it may
 * have come by: entered before it was placed (in Caminos, after it last went
 * back into the pile, and from the deal if the seat revealed it), and not
 * lacked by the seat at any moment between. That is a bipartite matching, so
 * the test is exact; the places a tile may have come by form a run in time
 * order, so it is solved greedily (each place, in order, to the tile whose
 * run ends first). A story longer than the core keeps (96 places or 96
 * placements of one seat in a round) is refused with PINTAS_E_RANGE. Two
 * facts are not of that kind: a line round in play is not blocked, and
 * before round 1's opening its leader holds the tile the lead rule picks.
 *
 * Sampling is rejection sampling from a proposal uniform over a set that
 * holds every consistent world: the line games take the search's sampler
 * (pintas_line_determinize, uniform among the deals that keep every tile from
 * a seat that surely lacks it; draw i seeded (seed, PINTAS_DETERMINIZE_LINE_STREAM
 * + i)); Caminos counts the deals of the unseen tiles that keep each tile from
 * a seat that could not hold it beside the tiles it placed (a matching of
 * those to its places), exactly, class by class of tiles allowed alike, and
 * draws among them (seeded (seed, PINTAS_DETERMINIZE_CAMINOS_STREAM
 * + i)). The first draw consistent with the view is kept: the proposal's
 * uniformity holds on the subset it accepts. A view no real game shows has no
 * consistent world; after PINTAS_DETERMINIZE_MAX_TRIES draws the sampler says
 * so (PINTAS_E_ILLEGAL).
 *
 * Known limits: in a long Caminos round with many renewals the proposal can
 * be far looser than the worlds allowed (a tile's places are checked one
 * tile at a time), so the draws may run out before one is accepted
 * (PINTAS_E_ILLEGAL for a real view); and a line deal voided PINTAS_LINE_MAX_REDEALS times in a row
 * stands as dealt; the view does not tell how many redeals came before its
 * round, so the redeal rule's bound on dealt doubles is always applied (a
 * run of that many redeals has a probability far below 1e-60).
 *
 * Pure functions of their inputs: no allocation, no globals, no stdio;
 * reentrant. On an error the outputs are untouched.
 */
#ifndef PINTAS_DETERMINIZE_H
#define PINTAS_DETERMINIZE_H

#include "caminos.h"
#include "common.h"
#include "line.h"
#include "views.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Draws of the proposal before a sampler gives up on a view. */
#define PINTAS_DETERMINIZE_MAX_TRIES 100000u
/* The line games' generator streams: draw i of the proposal is the search's
 * sampler seeded (seed, PINTAS_DETERMINIZE_LINE_STREAM + i) ("search"). */
#define PINTAS_DETERMINIZE_LINE_STREAM UINT64_C(0x736561726368)
/* Caminos: draw i is seeded (seed, PINTAS_DETERMINIZE_CAMINOS_STREAM + i)
 * ("worlds"); the state around the world kept is then built by
 * pintas_caminos_sample seeded (seed, PINTAS_CAMINOS_SEARCH_STREAM). */
#define PINTAS_DETERMINIZE_CAMINOS_STREAM UINT64_C(0x776f726c6473)

/* Where every tile is in a world of a line game: each seat's hand (the view's
 * seat's own included) and the pile (the boneyard where the rules draw, else
 * the tiles set aside). */
typedef struct pintas_line_world {
    pintas_mask hand[PINTAS_LINE_MAX_SEATS];
    pintas_mask pile;
} pintas_line_world;

/* The same for Caminos: each seat's hand and the draw pile. */
typedef struct pintas_caminos_world {
    pintas_mask hand[PINTAS_CAMINOS_MAX_SEATS];
    pintas_mask pile;
} pintas_caminos_world;

/* *consistent = 1 if the world *w is one the view *v allows (see the file
 * comment): the view's seat holds its hand, every other hand its size, the
 * pile the rest of the unseen tiles, and every story fits; else 0. Seats the
 * rules do not have must hold 0. PINTAS_E_ARG for NULL or a view whose
 * fields are out of range, PINTAS_E_RANGE for a story longer than the bounds
 * above (then *consistent is untouched). */
int pintas_line_world_check(const pintas_line_view *v, const pintas_line_world *w,
                            int *consistent);

/* Write into *w a world of the view *v drawn uniformly among those it allows,
 * from seed alone, and, when state is not NULL, into *state the game state of
 * that world at the view's moment (the boneyard in a uniform order, the
 * scores, round and turn of the view, its own generator for later deals
 * seeded from the draw: pintas_line_determinize's state). PINTAS_E_ARG for
 * NULL v or w, or fields out of range; PINTAS_E_OVER for a game over;
 * PINTAS_E_ILLEGAL when no draw of PINTAS_DETERMINIZE_MAX_TRIES is consistent
 * (a view no real game shows); PINTAS_E_RANGE for a story longer than the
 * bounds above (no line round has one). */
int pintas_line_view_sample(const pintas_line_view *v, uint64_t seed, pintas_line_world *w,
                            pintas_line_state *state);

/* *consistent = 1 if the Caminos world *w is one the view *v allows (the
 * view's seat's hand, the others' sizes and revealed tiles, the pile's size,
 * no tile seen on the table or in the discard, every story fitting); else 0.
 * A Caminos view does not hold the round's log: the stories are read from
 * *r, the record of the same game the view was made from (views.h; only its
 * rules and story log are read). The view must be of the playing phase.
 * PINTAS_E_ARG for NULL, a view out of range or a record of other rules or
 * with entries out of range; PINTAS_E_ILLEGAL for a view outside the playing
 * phase; PINTAS_E_RANGE for a record whose story log was cut (log_lost) or
 * a story longer than the bounds above. */
int pintas_caminos_world_check(const pintas_caminos_view *v, const pintas_caminos_record *r,
                               const pintas_caminos_world *w, int *consistent);

/* Write into *w a world of the Caminos view *v (its round's stories read
 * from the record *r, as above) drawn uniformly among those it allows, from
 * seed alone, and, when state is not NULL, into *state the game state of
 * that world (the pile in a uniform order, the view's table, turn, round,
 * rounds and scores; its generator seeded from seed). The view's seat must
 * be to move in the playing phase. PINTAS_E_ARG for NULL v, r or w, or fields
 * out of range; PINTAS_E_OVER for a game over; PINTAS_E_ILLEGAL for another
 * phase or seat to move, or no consistent world found in
 * PINTAS_DETERMINIZE_MAX_TRIES draws; PINTAS_E_RANGE when r->log_lost or
 * a story is longer than the bounds above. */
int pintas_caminos_view_sample(const pintas_caminos_view *v, const pintas_caminos_record *r,
                               uint64_t seed, pintas_caminos_world *w,
                               pintas_caminos_state *state);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_DETERMINIZE_H */
