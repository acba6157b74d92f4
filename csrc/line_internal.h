/* line_internal.h - helpers line.c shares with line_save.c, line_sim.c and
 * line_search.c; not public API. */
#ifndef PINTAS_LINE_INTERNAL_H
#define PINTAS_LINE_INTERNAL_H

#include "pintas/line.h"
#include "tiles_internal.h"

/* No reachable state holds a score above this, 2^20 - 1 (a target is at most 10,000 and
 * one round adds well under 100,000); the engine and the loader refuse more, so
 * adding a round's points can never overflow an int32_t. */
#define PINTAS__LINE_SCORE_BOUND 0xFFFFF

/* Placement flag in pintas_line_state.line[]: the tile went to the RIGHT end. */
#define PINTAS__LINE_AT_RIGHT 0x80u

/* The move of these fields (the engine's and the view's lists of legal
 * moves). */
static inline pintas_line_move pintas__line_move(unsigned kind, unsigned tile, unsigned end)
{
    pintas_line_move m;
    m.kind = (uint8_t)kind;
    m.tile = (uint8_t)tile;
    m.end = (uint8_t)end;
    return m;
}

/* 1 if these rules draw from a boneyard (not Dominican, fewer than 4 players). */
static inline int pintas__line_draws(const pintas_line_rules *r)
{
    return r->game != PINTAS_LINE_DOMINICAN && r->players < 4;
}

/* The sides that score: two with pairs, else every seat for itself. */
static inline unsigned pintas__line_sides(const pintas_line_rules *r)
{
    return r->pairs ? 2u : r->players;
}

/* Seats 0..3: with pairs the side is seat & 1, else the seat itself. */
static inline unsigned pintas__line_side_of(const pintas_line_rules *r, unsigned seat)
{
    return seat & (3u >> (r->pairs & 1u));
}

/* The seat after `seat` in turn order. Branch-free: who moves next is as
 * random as the game itself. */
static inline unsigned pintas__line_next_seat(const pintas_line_rules *r, unsigned seat)
{
    unsigned n = seat + 1u;
    return n & (0u - (unsigned)(n < r->players));
}

static inline int pintas__line_can_draw(const pintas_line_state *s)
{
    return s->bone_pos < s->bone_len;
}

/* The tiles that match an open end. */
static inline pintas_mask pintas__line_open_suits(const pintas_line_state *s)
{
    return pintas__suit(s->ends[0]) | pintas__suit(s->ends[1]);
}

/* 1 when a tile that fits both ends leads to the same position on either:
 * the ends show the same number and nothing tells them apart. Muggins tells
 * them apart when a double lies at one end only (it counts twice there). */
static inline int pintas__line_ends_alike(const pintas_line_state *s)
{
    return s->ends[0] == s->ends[1] &&
           (s->rules.game != PINTAS_LINE_MUGGINS || s->end_double[0] == s->end_double[1]);
}

/* The tiles `seat` could place now (the forced tile or any tile before the
 * round's first placement). */
static inline pintas_mask pintas__line_playable(const pintas_line_state *s, unsigned seat)
{
    pintas_mask h = s->hand[seat & 3u] & PINTAS_ALL_TILES;
    if (s->line_len == 0)
        return s->forced_tile < PINTAS_TILE_COUNT ? h & PINTAS_BIT(s->forced_tile) : h;
    return h & pintas__line_open_suits(s);
}

/* 1 if the line is open, nobody can draw and no seat can place a tile.
 * Absent seats' hands are always empty, so one union answers for all seats. */
static inline int pintas__line_blocked(const pintas_line_state *s)
{
    pintas_mask held = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    return s->line_len > 0 && !pintas__line_can_draw(s) &&
           (held & pintas__line_open_suits(s)) == 0;
}

/* Every tile in exactly one place: a hand, aside, `left` (the boneyard's
 * tiles still to draw) or `placed` (the line's). */
static inline int pintas__line_tiles_conserved(const pintas_line_state *s, pintas_mask left,
                                               pintas_mask placed)
{
    pintas_mask parts[7];
    parts[0] = s->hand[0];
    parts[1] = s->hand[1];
    parts[2] = s->hand[2];
    parts[3] = s->hand[3];
    parts[4] = s->aside;
    parts[5] = left;
    parts[6] = placed;
    return pintas__tiles_partition(parts, 7);
}

/* More points than one round can give a side: every pip twice over, and a
 * Dominican bonus for each placement (a pase corrido) and two more (the
 * capicua, the pase de salida). A bound, not the exact most. */
#define PINTAS__LINE_ROUND_POINTS_MAX \
    (2u * 168u + (PINTAS_TILE_COUNT + 2u) * (unsigned)PINTAS_LINE_MAX_BONUS)

/* Scores a game still in play can hold, per side: sides beyond the rules'
 * on 0, the others within 0..PINTAS__LINE_SCORE_BOUND and, in Muggins and
 * Capicua, below the target (those games end the moment a side reaches it);
 * in Dominican, which checks the target only at a round's end, below the
 * target by more than this round can have given. So no round's points take
 * a score past the bound: a state the engine plays on is one it loads.
 * Shared by the loader and the search's check of what a seat knows. */
static inline int pintas__line_scores_in_play_ok(const pintas_line_rules *r,
                                                 const int32_t *score)
{
    unsigned sides = pintas__line_sides(r), i;
    for (i = 0; i < PINTAS_LINE_MAX_SEATS; ++i) {
        if (score[i] < 0 || score[i] > PINTAS__LINE_SCORE_BOUND || (i >= sides && score[i] != 0))
            return 0;
        if (i < sides && r->game != PINTAS_LINE_DOMINICAN && score[i] >= (int32_t)r->target)
            return 0;
        if (i < sides && score[i] >= (int32_t)(r->target + PINTAS__LINE_ROUND_POINTS_MAX))
            return 0;
    }
    return 1;
}

/* Round 1's opening tile among the tiles `held`: the highest double held
 * (6|6 first), else the heaviest tile held; PINTAS_NO_TILE for none. */
uint8_t pintas__line_lead_tile(pintas_mask held);

/* Round 1's lead on the current hands: pintas__line_lead_tile of all the
 * hands; *leader is its holder. */
void pintas__line_first_lead(const pintas_line_state *s, uint8_t *leader, uint8_t *tile);

/* 1 if every index the engine reads from *s is in range, so no call can
 * overrun an array even on a state whose public fields were scribbled on. */
int pintas__line_usable(const pintas_line_state *s);

/* What a quiet call (below) tells instead of its events: kinds gets bit k
 * for every event of kind k the call caused; when tally is not NULL, the
 * points of its SCORE events are added to tally->points[side] and its
 * ROUND_ENDs by block counted in tally->blocks, as pintas_line_simulate
 * counts them. */
typedef struct pintas__line_quiet {
    unsigned kinds;
    pintas_line_stats *tally;
} pintas__line_quiet;

/* pintas_line_new and pintas_line_play for the core's own game loops
 * (pintas_line_simulate, playouts): the same checks, the same game, no event
 * buffer (a call's events may take PINTAS_LINE_MAX_EVENTS entries, over a
 * kilobyte of stack); *q (kinds zeroed first) says what happened. */
int pintas__line_new_quiet(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                           pintas__line_quiet *q);
int pintas__line_play_quiet(pintas_line_state *s, const pintas_line_move *m,
                            pintas__line_quiet *q);

/* The core's own random games (pintas_line_simulate), on states the engine
 * made and moves it listed: pintas__line_list_moves writes the moves
 * pintas_line_legal lists (out: PINTAS_LINE_MAX_MOVES entries) and gives
 * their count, on a state in play; pintas__line_play_listed_quiet plays one of
 * them as pintas__line_play_quiet does, without checking it again. */
size_t pintas__line_list_moves(const pintas_line_state *s, pintas_line_move *out);
void pintas__line_play_listed_quiet(pintas_line_state *s, const pintas_line_move *m,
                                    pintas__line_quiet *q);

#endif /* PINTAS_LINE_INTERNAL_H */
