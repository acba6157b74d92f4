/* reload.h - a state saved, then loaded again, through its game's engine
 * table: what the C tests' field-by-field corruptions of a state check.
 * Include it after check.h. */
#ifndef PINTAS_TEST_RELOAD_H
#define PINTAS_TEST_RELOAD_H

#include <stdint.h>

#include "pintas/pintas.h"

/* What e->load answers on the save of s (the save must be written). */
static inline int reload(const pintas_engine *e, const void *s)
{
    union {
        pintas_line_state line;
        pintas_caminos_state caminos;
        pintas_dice_state dice;
    } t;
    uint8_t buf[512]; /* more than any game's save image (checked) */
    CHECK(e->save_size <= sizeof buf);
    CHECK_EQ(e->save(s, buf, e->save_size), PINTAS_OK);
    return e->load(&t, buf, e->save_size);
}

#endif /* PINTAS_TEST_RELOAD_H */
