/* pintas/actions.h - every move of a game as an action: an integer from 0 to
 * the game's action count, the same for every state and every rules of the
 * game, so that a learner has one fixed output per move and a mask of the
 * legal ones (what PettingZoo and OpenSpiel ask of a game).
 *
 * The actions of each game:
 *   line games (Muggins, Capicúa, Dominican): a play is tile * 2 + end
 *     (0..55; end 0 the left, 1 the right), then draw 56 and pass 57;
 *   Caminos: a placement is (tile * 8 + path) * 2 + side (0..447, path from
 *     0, side 0 front, 1 back), a reveal 448 + tile, then draw 476 and pass 477;
 *     rules with fewer than 8 paths never make the placements on the others
 *     legal;
 *   dice: roll 0, bank 1, a keep of the dice set k 1 + pintas_dice_set_index(k)
 *     (2..924). A roll with given values (PINTAS_DICE_ROLL_GIVEN) is chance,
 *     not a decision: it has no action.
 * The tile games' actions are the move codes of the Python package.
 *
 * Nothing allocates; the masks are the caller's, one byte an action.
 */
#ifndef PINTAS_ACTIONS_H
#define PINTAS_ACTIONS_H

#include "caminos.h"
#include "dice.h"
#include "line.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PINTAS_LINE_ACTIONS 58
#define PINTAS_CAMINOS_ACTIONS 478
#define PINTAS_DICE_ACTIONS 925
/* The most actions of any game: a mask of this many bytes fits every game. */
#define PINTAS_MAX_ACTIONS 925

/* The action of move *m (0..PINTAS_<GAME>_ACTIONS - 1), or PINTAS_E_ARG for
 * NULL or a struct that is no move of the game (a tile or path out of
 * range, an unknown kind, a dice keep that is no valid non-empty set, a
 * given roll). Whether the move is legal is not asked. */
int pintas_line_action(const pintas_line_move *m);
int pintas_caminos_action(const pintas_caminos_move *m);
int pintas_dice_action(const pintas_dice_move *m);

/* The move of `action` into *m: PINTAS_OK, or PINTAS_E_ARG for NULL or an
 * action out of range. */
int pintas_line_action_move(int action, pintas_line_move *m);
int pintas_caminos_action_move(int action, pintas_caminos_move *m);
int pintas_dice_action_move(int action, pintas_dice_move *m);

/* The legal moves of state *s as a mask: mask[a] = 1 when the move of
 * action a is one pintas_<game>_legal lists, else 0 (a placement that
 * makes the same position as a listed one is not listed and not marked, though
 * play_action plays it as play does: a line game's RIGHT on ends alike, the
 * BACK of a Caminos double centre with both sides empty), for every a below the game's action count (cap must be at
 * least that count, else PINTAS_E_BUFFER); *n = the legal actions. Once the
 * game is over every byte is 0. PINTAS_E_ARG for NULL, or the state's own
 * refusal as pintas_<game>_legal gives it; mask is untouched on any error. */
int pintas_line_legal_mask(const pintas_line_state *s, uint8_t *mask, size_t cap, size_t *n);
int pintas_caminos_legal_mask(const pintas_caminos_state *s, uint8_t *mask, size_t cap,
                              size_t *n);
int pintas_dice_legal_mask(const pintas_dice_state *s, uint8_t *mask, size_t cap, size_t *n);

/* Play the move of `action`, as pintas_<game>_play plays it (the same
 * events, checks and statuses); PINTAS_E_ARG for an action out of range. */
int pintas_line_play_action(pintas_line_state *s, int action, pintas_line_event *ev,
                            size_t ev_cap, size_t *n_ev);
int pintas_caminos_play_action(pintas_caminos_state *s, int action, pintas_caminos_event *ev,
                               size_t ev_cap, size_t *n_ev);
int pintas_dice_play_action(pintas_dice_state *s, int action, pintas_dice_event *ev,
                            size_t ev_cap, size_t *n_ev);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_ACTIONS_H */
