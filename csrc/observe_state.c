/* observe_state.c - a seat's observation straight from a game's state
 * (pintas/observe.h): the seat's view filled (views.h) and encoded, in one
 * call, for hosts that keep a game's state and its record but no view. */
#include "pintas/observe.h"
#include "common_internal.h"


PINTAS__OWN_FRAME int pintas_line_observe_state(const pintas_line_state *s, const pintas_line_record *r,
                                        int seat, uint8_t *out, size_t cap)
{
    pintas_line_view v;
    int st;
    if (out == NULL)
        return PINTAS_E_ARG;
    if (cap < PINTAS_LINE_OBS_SIZE)
        return PINTAS_E_BUFFER;
    st = pintas_line_view_of(s, r, seat, &v);
    return st != PINTAS_OK ? st : pintas_line_observe(&v, out, cap);
}

PINTAS__OWN_FRAME int pintas_caminos_observe_state(const pintas_caminos_state *s,
                                           const pintas_caminos_record *r, int seat,
                                           uint8_t *out, size_t cap)
{
    pintas_caminos_view v;
    int st;
    if (out == NULL)
        return PINTAS_E_ARG;
    if (cap < PINTAS_CAMINOS_OBS_SIZE)
        return PINTAS_E_BUFFER;
    st = pintas_caminos_view_of(s, r, seat, &v);
    return st != PINTAS_OK ? st : pintas_caminos_observe(&v, out, cap);
}

PINTAS__OWN_FRAME int pintas_dice_observe_state(const pintas_dice_state *s, int seat, uint8_t *out,
                                        size_t cap)
{
    pintas_dice_view v;
    int st;
    if (out == NULL)
        return PINTAS_E_ARG;
    if (cap < PINTAS_DICE_OBS_SIZE)
        return PINTAS_E_BUFFER;
    st = pintas_dice_view_of(s, seat, &v);
    return st != PINTAS_OK ? st : pintas_dice_observe(&v, out, cap);
}
