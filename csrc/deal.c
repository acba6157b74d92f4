/* deal.c - what the tile games' checks of a hand-made deal share
 * (pintas_line_deal_why, pintas_caminos_deal_why in line_why.c and
 * caminos_why.c): the steps of Python's Deal.check that both take, and the
 * refusal's message. */
#include "notation_internal.h"
#include "pintas/settings.h"
#include "tiles_internal.h"

void pintas__deal_start(pintas_refusal *why, int game)
{
    pintas__refuse(why, PINTAS_CAUSE_NONE, 0);
    why->game = (uint8_t)game;
}

int pintas__deal_refuse(pintas_refusal *why, int cause, unsigned given, uint32_t count)
{
    why->cause = (uint16_t)cause;
    why->refused = (uint8_t)pintas_cause_class(cause);
    why->given = (uint8_t)given;
    why->count = count;
    return 1;
}

int pintas__deal_no_tile(const uint8_t *list, unsigned n, const pintas_mask *hand,
                         unsigned seats, pintas_refusal *why)
{
    unsigned i;
    for (i = 0; i < n && i < PINTAS_TILE_COUNT; ++i)
        if (list[i] >= PINTAS_TILE_COUNT)
            return pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_NO_TILE, 0, list[i]);
    for (i = 0; i < seats; ++i)
        if (hand[i] & ~PINTAS_ALL_TILES)
            return pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_NO_TILE, 0,
                                       pintas__lowest_bit(hand[i] & ~PINTAS_ALL_TILES));
    return 0;
}

int pintas__deal_list(const uint8_t *list, unsigned n, int cause, pintas_mask *seen,
                      pintas_refusal *why)
{
    pintas_mask mine = 0, twice = 0;
    unsigned i;
    for (i = 0; i < n && i < PINTAS_TILE_COUNT; ++i) {
        pintas_mask bit = pintas__tile_bit(list[i]);
        twice |= mine & bit;
        mine |= bit;
    }
    why->tiles = *seen & mine;
    if (why->tiles)
        return pintas__deal_refuse(why, cause, 0, 0);
    why->tiles = twice;
    if (twice)
        return pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_TWICE, 0, 0);
    *seen |= mine;
    return 0;
}

int pintas__deal_hands(const pintas_mask *hand, unsigned seats, unsigned players,
                       unsigned hands, unsigned size, pintas_mask *seen, pintas_refusal *why)
{
    unsigned seat;
    for (seat = hands; seat < seats; ++seat)
        if (hand[seat])
            hands = seat + 1;
    if (hands != players)
        return pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_HANDS, players, hands);
    for (seat = 0; seat < players; ++seat) {
        unsigned held = pintas__popcount(hand[seat]);
        why->seat = (uint8_t)seat;
        why->tiles = hand[seat];
        if (held != size)
            return pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_HAND_SIZE, size, held);
        why->tiles = hand[seat] & *seen;
        if (why->tiles)
            return pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_TWICE, 0, 0);
        *seen |= hand[seat];
    }
    why->seat = PINTAS_NOTATION_NONE;
    why->tiles = 0;
    return 0;
}

int pintas__deal_refusal_text(int family, const void *rules, size_t size,
                              const pintas_refusal *why, char *buf, size_t cap, size_t *n)
{
    const pintas_setting *table;
    int32_t values[PINTAS_SETTINGS_MAX];
    size_t count, len, at;
    pintas__out o;
    const char *p;
    if (rules == NULL || why == NULL || buf == NULL || n == NULL ||
        why->refused != PINTAS_REFUSED_DEAL || why->cause >= PINTAS_TEXT_COUNT ||
        pintas_settings(family, &table, &count) != PINTAS_OK ||
        pintas_settings_values(family, rules, size, values, count) != PINTAS_OK)
        return PINTAS_E_ARG;
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    p = pintas_cause_template(why->cause);
    while ((p = pintas__fill(&o, p, why, NULL, 0)) != NULL) {
        if (!pintas__placeholder_is(p, "rules"))
            return PINTAS_E_ARG;
        /* the description straight into the buffer's room, its length counted */
        at = o.len < cap ? o.len : cap;
        if (pintas_settings_text(family, values, count, buf + at, cap - at, &len) ==
            PINTAS_E_ARG)
            return PINTAS_E_ARG;
        o.len += len;
        p = pintas__after(p);
    }
    return pintas__out_end(&o, n);
}
