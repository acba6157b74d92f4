/* common_internal.h - the argument checks every game's entry points share;
 * not public API. */
#ifndef PINTAS_COMMON_INTERNAL_H
#define PINTAS_COMMON_INTERNAL_H

#include "pintas/common.h"

/* The first checks of a call that writes into the caller's buffer, in the
 * documented order: PINTAS_E_ARG for a missing pointer (`given` is 0), then
 * PINTAS_E_BUFFER for a capacity below the documented bound. */
static inline int pintas__buffer_args(int given, size_t cap, size_t bound)
{
    if (!given)
        return PINTAS_E_ARG;
    return cap < bound ? PINTAS_E_BUFFER : PINTAS_OK;
}

#endif /* PINTAS_COMMON_INTERNAL_H */
