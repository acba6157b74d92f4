/* line_internal.h - helpers line.c shares with line_save.c; not public API. */
#ifndef PINTAS_LINE_INTERNAL_H
#define PINTAS_LINE_INTERNAL_H

#include "pintas/line.h"
#include "rng_internal.h"

/* No reachable state holds a score above this, 2^20 - 1 (a target is at most 10,000 and
 * one round adds well under 100,000); the engine and the loader refuse more, so
 * adding a round's points can never overflow an int32_t. */
#define PINTAS__LINE_SCORE_BOUND 0xFFFFF

/* Placement flag in pintas_line_state.line[]: the tile went to the RIGHT end. */
#define PINTAS__LINE_AT_RIGHT 0x80u

/* 1 if these rules draw from a boneyard (not Dominican, fewer than 4 players). */
int pintas__line_draws(const pintas_line_rules *rules);

/* Round 1's opening tile among the tiles `held`: the highest double held
 * (6|6 first), else the heaviest tile held; PINTAS_NO_TILE for none. */
uint8_t pintas__line_lead_tile(pintas_mask held);

/* Round 1's lead on the current hands: pintas__line_lead_tile of all the
 * hands; *leader is its holder. */
void pintas__line_first_lead(const pintas_line_state *s, uint8_t *leader, uint8_t *tile);

/* The tiles `seat` could place now (the forced tile or any tile before the
 * round's first placement). */
pintas_mask pintas__line_playable(const pintas_line_state *s, unsigned seat);

/* 1 if the line is open, nobody can draw and no seat can place a tile. */
int pintas__line_blocked(const pintas_line_state *s);

/* 1 if every index the engine reads from *s is in range, so no call can
 * overrun an array even on a state whose public fields were scribbled on. */
int pintas__line_usable(const pintas_line_state *s);

#endif /* PINTAS_LINE_INTERNAL_H */
