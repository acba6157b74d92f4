/* caminos_pick.c - the Caminos search player's final choice (players.h):
 * the suit player's order over the moves, the first of them whose summed
 * search outcome is the best, as both Python skins' SearchPlayer choose. */
#include <string.h>

#include "pintas/players.h"

int pintas_caminos_search_pick(const pintas_caminos_view *v, const pintas_caminos_move *moves,
                               const int64_t *sums, size_t n, pintas_caminos_move *out)
{
    pintas_caminos_move order[PINTAS_CAMINOS_MAX_MOVES];
    int64_t best;
    size_t i, j;
    int st;
    if (v == NULL || moves == NULL || out == NULL || n == 0 || n > PINTAS_CAMINOS_MAX_MOVES)
        return PINTAS_E_ARG;
    memcpy(order, moves, n * sizeof moves[0]);
    st = pintas_caminos_suit_rank(v, NULL, order, n);
    if (st != PINTAS_OK)
        return st;
    if (sums == NULL) {
        *out = order[0];
        return PINTAS_OK;
    }
    best = sums[0];
    for (i = 1; i < n; ++i)
        if (sums[i] > best)
            best = sums[i];
    for (i = 0; i < n; ++i)
        for (j = 0; j < n; ++j)
            if (order[i].kind == moves[j].kind && order[i].tile == moves[j].tile &&
                order[i].path == moves[j].path && order[i].side == moves[j].side &&
                sums[j] == best) {
                *out = order[i];
                return PINTAS_OK;
            }
    return PINTAS_E_ARG; /* (not reached: the best sum is some move's) */
}
