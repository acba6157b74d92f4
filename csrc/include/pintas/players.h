/* pintas/players.h - the computer players below the searches, for every
 * game: each chooses a move for the seat of a view (views.h) and sees nothing
 * else. They choose exactly as the CPython players of pintas.domino.players,
 * pintas.caminos.players and pintas.dice.players do, move for move:
 *
 *  - random: a uniformly random legal move, drawn as random.Random.choice
 *    draws it (pintas_mt_below over the legal moves in the engine's order),
 *    from a caller-owned MT19937 (hash.h): a pintas_mt seeded with
 *    pintas_mt_seed(mt, seed) and passed to every choice of one player
 *    continues the stream exactly as one RandomPlayer(seed) does;
 *  - greedy: the line games' most points now, else the heaviest tile;
 *    Caminos' placement that leaves the most tiles placeable;
 *  - suit: the "most accompanied tile" heuristic with its weights as
 *    parameters, scored in IEEE double in the Python order of operations,
 *    ties to the heavier tile and then to the first legal move;
 *  - dice: the threshold player and the optimal single-turn policy, read from
 *    a solved policy or from its book.
 *
 * Every chooser writes one legal move of the view's seat to *out and returns
 * PINTAS_OK; PINTAS_E_OVER once the game is over, PINTAS_E_ILLEGAL when
 * another seat is to move, PINTAS_E_ARG for NULL or a view whose fields are
 * out of range (or, for the players that read the line search's knowledge, a
 * view that pintas_line_knowledge_of refuses). *out is untouched on error.
 * Weights must be finite numbers (a NaN orders as no Python sort does).
 */
#ifndef PINTAS_PLAYERS_H
#define PINTAS_PLAYERS_H

#include "common.h"
#include "dice.h"
#include "hash.h"
#include "views.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- line games --------------------------------------------------------- */

/* SuitWeights of pintas.domino.players: what each consideration counts. */
typedef struct pintas_line_suit_weights {
    double accompanied;    /* per tile left in hand showing the number the move opens */
    double playable_after; /* per tile left in hand that fits an open end afterwards */
    double double_bonus;   /* for placing a double ... */
    double stranding;      /* ... plus this per tile of its number already on the line */
    double opponent_lacks; /* per opponent known to lack the opened number (x2 the next) */
    double partner_lacks;  /* per partner known to lack it */
    double points;         /* per point scored now (pintas_line_immediate_points) */
    double pips;           /* per pip of the tile placed */
} pintas_line_suit_weights;

/* The tuned weights of `game` (pintas_line_game): SuitWeights.for_game.
 * PINTAS_E_ARG for NULL or an unknown game. */
int pintas_line_suit_weights_for(int game, pintas_line_suit_weights *w);

/* The points *m surely scores at once as far as the view tells (Python's
 * immediate_points): Muggins fives (a double at an end counts twice, a lone
 * opening tile its pips); Capicua pass points for every opponent who must
 * pass next, known to lack both open ends with nothing left to draw (0 when
 * nobody can place at all: a block). voids: the numbers each seat is known
 * to lack (pintas_line_knowledge.voids), or NULL to derive them when needed.
 * 0 for a draw or a pass. PINTAS_E_ARG for NULL, fields out of range, or a
 * view the knowledge refuses when it is needed. */
int pintas_line_immediate_points(const pintas_line_view *v, const pintas_line_move *m,
                                 const uint8_t *voids, int32_t *points);

/* RandomPlayer: one pintas_mt_below(mt, n) over the n legal moves. */
int pintas_line_random_choose(const pintas_line_view *v, pintas_mt *mt, pintas_line_move *out);

/* GreedyPlayer: the most immediate points, then the heaviest tile (most pips,
 * then the higher high end), the first legal move on a tie. */
int pintas_line_greedy_choose(const pintas_line_view *v, pintas_line_move *out);

/* SuitPlayer(weights): the best-scored move (weights NULL: the game's own,
 * pintas_line_suit_weights_for). A single legal move, a draw or a pass is
 * taken as it is. */
int pintas_line_suit_choose(const pintas_line_view *v, const pintas_line_suit_weights *weights,
                            pintas_line_move *out);

/* SuitPlayer.rank: moves[0..n), legal plays of the view's seat, reordered
 * from best to worst as the suit player scores them (weights NULL: the
 * game's own), equal scores keeping their order; fewer than two moves, or
 * a first move that is not a play, are left as they are. PINTAS_E_ARG for
 * NULL, n > PINTAS_LINE_MAX_MOVES, fields out of range or a play that does
 * not fit the end it names (then moves is unchanged). */
int pintas_line_suit_rank(const pintas_line_view *v, const pintas_line_suit_weights *weights,
                          pintas_line_move *moves, size_t n);

/* ---- Caminos ------------------------------------------------------------ */

/* SuitWeights of pintas.caminos.players. */
typedef struct pintas_caminos_suit_weights {
    double reach;    /* per other tile of mine an open side takes after the move */
    double depth;    /* ... and that two open sides take */
    double hardness; /* per open side the placed tile fits now (subtracted) */
    double double_bonus; /* the placed tile is a double */
    double starve;   /* per open side the next seats can use (subtracted, less for later) */
    double block;    /* the next seat known to lack every open number (subtracted) */
} pintas_caminos_suit_weights;

/* The default weights (SuitWeights()). PINTAS_E_ARG for NULL. */
int pintas_caminos_suit_weights_default(pintas_caminos_suit_weights *w);

/* RandomPlayer: one pintas_mt_below(mt, n) over the n legal moves, reveals
 * included. */
int pintas_caminos_random_choose(const pintas_caminos_view *v, pintas_mt *mt,
                                 pintas_caminos_move *out);

/* GreedyPlayer: a reveal of the heaviest tile not revealed yet; a placement
 * that leaves the most of my other tiles placeable next turn, then one that
 * fills its path, then a double, then the heaviest tile, the first legal
 * move on a tie; else the draw or pass there is. */
int pintas_caminos_greedy_choose(const pintas_caminos_view *v, pintas_caminos_move *out);

/* SuitPlayer(weights) (NULL: the defaults): a reveal of the heaviest tile;
 * the best-scored placement (ties: the heavier tile, then the first legal
 * move); else the draw or pass there is. */
int pintas_caminos_suit_choose(const pintas_caminos_view *v,
                               const pintas_caminos_suit_weights *weights,
                               pintas_caminos_move *out);

/* SuitPlayer.rank: moves[0..n), legal placements of the view's seat,
 * reordered from best to worst as the suit player scores them (weights
 * NULL: the defaults), equal scores keeping their order. PINTAS_E_ARG for
 * NULL, n > PINTAS_CAMINOS_MAX_MOVES, fields out of range or a move that is
 * not a placement on a path in play (then moves is unchanged). */
int pintas_caminos_suit_rank(const pintas_caminos_view *v,
                             const pintas_caminos_suit_weights *weights,
                             pintas_caminos_move *moves, size_t n);

/* SearchPlayer's choice among the placements moves[0..n) of the view's
 * seat, whose summed search outcomes are sums[0..n) (sums[i] is moves[i]'s,
 * as pintas_caminos_search and its batches add them up; sums NULL when no
 * search ran): the first of the moves, in the suit player's order with the
 * default weights (pintas_caminos_suit_rank), whose sum is the highest.
 * PINTAS_E_ARG for NULL v, moves or out, n of 0 or above
 * PINTAS_CAMINOS_MAX_MOVES, or moves pintas_caminos_suit_rank refuses; then
 * *out is untouched. */
int pintas_caminos_search_pick(const pintas_caminos_view *v, const pintas_caminos_move *moves,
                               const int64_t *sums, size_t n, pintas_caminos_move *out);

/* ---- dice --------------------------------------------------------------- */

/* RandomPlayer: one pintas_mt_below(mt, n) over pintas_dice_view_legal. */
int pintas_dice_random_choose(const pintas_dice_view *v, pintas_mt *mt, pintas_dice_move *out);

/* ThresholdPlayer(bank_at): the first keep of pintas_dice_view_legal (most
 * points, then fewest dice); bank once the turn total reaches bank_at where
 * banking is allowed; else roll. PINTAS_E_ARG also for bank_at < 0. */
int pintas_dice_threshold_choose(const pintas_dice_view *v, int32_t bank_at,
                                 pintas_dice_move *out);

/* OptimalPlayer(rules, bank_to_win) over a solved policy (pintas_dice_solve;
 * the Python player solves the view's rules with the full workspace,
 * pintas_dice_solve_workspace_size_full, cap 0): keep the keep of the
 * highest expected final turn total, valued from the policy's roll values,
 * the first in pintas_dice_view_legal's order unless another beats it by
 * more than 1e-9; bank when banking wins the game at once (bank_to_win, no
 * final round), or when the policy says so; else roll. PINTAS_E_ARG also
 * for a pool or total the policy does not know. */
int pintas_dice_optimal_choose(const pintas_dice_view *v, const pintas_dice_policy *policy,
                               int bank_to_win, pintas_dice_move *out);

/* The optimal player's worth of keep *k (its points included) with `pool`
 * kept at `turn_total` (Policy.keep_value): the expected final turn total
 * of the bank-or-roll choice that follows as the policy makes it (after hot
 * dice under HOT_MUST: rolling on), a value the policy does not hold read as
 * 0. PINTAS_E_ARG for NULL. */
int pintas_dice_optimal_keep_value(const pintas_dice_policy *policy, pintas_dice_set pool,
                                   int32_t turn_total, const pintas_dice_keep *k,
                                   double *value);

/* The optimal player's keep of `roll` with `pool` kept at `turn_total`
 * (Policy.best_keep): of the keeps in pintas_dice_view_legal's order, the
 * first of the highest pintas_dice_optimal_keep_value unless a later one
 * beats it by more than 1e-9, into *keep with its points. PINTAS_E_ILLEGAL
 * when the roll has no keep; PINTAS_E_ARG for NULL or a roll and pool of
 * more than six dice. */
int pintas_dice_optimal_keep(const pintas_dice_policy *policy, pintas_dice_set roll,
                             pintas_dice_set pool, int32_t turn_total, pintas_dice_keep *keep);

/* As pintas_dice_optimal_choose from the policy's book (no workspace, no
 * floating point): the book's keep (the policy's, ties to the first in
 * pintas_dice_keeps order: on an exact tie it may differ from the solved
 * player's) and the book's bank decision. */
int pintas_dice_book_choose(const pintas_dice_view *v, const pintas_dice_book *book,
                            int bank_to_win, pintas_dice_move *out);

/* WinPlayer(rules): the move that maximises the probability of winning a
 * 2-player game, from the opened table of win (pintas_dice_win_open): the
 * keep of the best value (the first in pintas_dice_view_legal's order unless
 * another beats it by more than 1e-9), bank when banking is worth at least
 * rolling on (and always when it reaches the target). Solves the turn's DAG
 * when the scores differ from the last call's (so win is written to).
 * PINTAS_E_ARG for a view of another number of players or other rules, or a
 * win with no table. */
int pintas_dice_win_choose(const pintas_dice_view *v, pintas_dice_win *win,
                           pintas_dice_move *out);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_PLAYERS_H */
