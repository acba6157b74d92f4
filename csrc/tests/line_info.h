/* line_info.h - a line game with its round's public log kept alongside (as a
 * host records it from the events), and the pintas_line_info a seat has of
 * it, for the line search.
 *
 * Shared by csrc/tests/test_line_search.c and fuzz/fuzz_line_search.c (which
 * includes it as "tests/line_info.h"), so that both feed the search the same
 * genuine views.
 */
#ifndef PINTAS_TEST_LINE_INFO_H
#define PINTAS_TEST_LINE_INFO_H

#include <stddef.h>
#include <string.h>

#include "pintas/line.h"
#include "pintas/line_search.h"

typedef struct tracked {
    pintas_line_state st;
    pintas_line_log_entry log[PINTAS_LINE_INFO_MAX_LOG];
    unsigned log_len;
} tracked;

/* Log the n events of one play() (a DEAL starts the round's log afresh).
 * 0 if the log was full and an entry was left out: the fuzzer stops on it,
 * the test carries on without it. */
static inline int tracked_record(tracked *g, const pintas_line_event *ev, size_t n)
{
    size_t i;
    int whole = 1;
    for (i = 0; i < n; ++i) {
        pintas_line_log_entry e;
        e.seat = ev[i].seat;
        e.tile = PINTAS_NO_TILE;
        e.end = 0;
        if (ev[i].kind == PINTAS_EV_DEAL) {
            g->log_len = 0;
            continue;
        }
        if (ev[i].kind == PINTAS_EV_PLAY) {
            e.kind = PINTAS_MOVE_PLAY;
            e.tile = ev[i].tile;
            e.end = ev[i].end;
        } else if (ev[i].kind == PINTAS_EV_DRAW) {
            e.kind = PINTAS_MOVE_DRAW;
        } else if (ev[i].kind == PINTAS_EV_PASS) {
            e.kind = PINTAS_MOVE_PASS;
        } else {
            continue;
        }
        if (g->log_len < PINTAS_LINE_INFO_MAX_LOG)
            g->log[g->log_len++] = e;
        else
            whole = 0;
    }
    return whole;
}

/* What `seat` knows of the game: the public state, its own hand, the log. */
static inline void tracked_info(const tracked *g, unsigned seat, pintas_line_info *info)
{
    memset(info, 0, sizeof *info);
    info->rules = g->st.rules;
    memcpy(info->score, g->st.score, sizeof info->score);
    info->hand = g->st.hand[seat];
    info->seat = (uint8_t)seat;
    info->leader = g->st.leader;
    /* the forced tile is told to the leader only, before the first placement */
    info->forced_tile = (uint8_t)(g->st.line_len == 0 && seat == g->st.leader
                                      ? g->st.forced_tile
                                      : PINTAS_NO_TILE);
    info->round = g->st.round;
    info->log_len = (uint16_t)g->log_len;
    memcpy(info->log, g->log, sizeof info->log);
}

/* The tiles of a text such as "6|6 3|2 1|0". */
static inline pintas_mask tiles_of(const char *tiles)
{
    pintas_mask m = 0;
    for (; tiles[0] && tiles[1] && tiles[2]; tiles += tiles[3] ? 4 : 3)
        m |= PINTAS_BIT(PINTAS_TILE(tiles[0] - '0', tiles[2] - '0'));
    return m;
}

/* A move written "6|3L", "2|2R" or "pass". */
static inline void move_of_text(const char *text, pintas_line_move *m)
{
    m->kind = PINTAS_MOVE_PASS;
    m->tile = PINTAS_NO_TILE;
    m->end = 0;
    if (text[0] == 'p')
        return;
    m->kind = PINTAS_MOVE_PLAY;
    m->tile = (uint8_t)PINTAS_TILE(text[0] - '0', text[2] - '0');
    m->end = text[3] == 'R' ? PINTAS_END_RIGHT : PINTAS_END_LEFT;
}

/* A 2-player Dominican game dealt the tiles of texts a and b, then the moves
 * of script[0..n) played and logged. 0 if the deal or a move is refused. */
static inline int tracked_scripted(tracked *g, const char *a, const char *b,
                                   const char *const *script, size_t n)
{
    pintas_line_rules r;
    pintas_line_deal d;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t k = 0, i;
    memset(&d, 0, sizeof d);
    d.hand[0] = tiles_of(a);
    d.hand[1] = tiles_of(b);
    memset(g, 0, sizeof *g);
    if (pintas_line_rules_preset(&r, PINTAS_LINE_DOMINICAN, 2, 0) != PINTAS_OK ||
        pintas_line_new_dealt(&g->st, &r, 1, &d, ev, PINTAS_LINE_MAX_EVENTS, &k) != PINTAS_OK)
        return 0;
    tracked_record(g, ev, k);
    for (i = 0; i < n; ++i) {
        pintas_line_move m;
        move_of_text(script[i], &m);
        if (pintas_line_play(&g->st, &m, ev, PINTAS_LINE_MAX_EVENTS, &k) != PINTAS_OK)
            return 0;
        tracked_record(g, ev, k);
    }
    return 1;
}

/* Dominican "two", round 1, scripted through the engine. Seat 1 (the
 * observer) is left with 2|2 and 2|1 against ends (3, 2); seat 0 passed at
 * (3, 2), so it holds no 3 and no 2, and has one tile left (1|1):
 *  - 2|2 on the right keeps the ends (3, 2): seat 0 must pass and 2|1 ends
 *    the round by domino for seat 1;
 *  - 2|1 on the right opens a 1, and seat 0's last tile may fit it (here it
 *    does: 1|1 wins the round for seat 0).
 * In every sample 2|2R wins the round; a search must prefer it. 0 if the
 * script is refused. */
static inline int tracked_winning_move(tracked *g)
{
    static const char *const script[] = {"6|6L", "6|3L", "6|0R", "3|0L", "5|0L",
                                         "pass", "5|2L", "3|2L", "2|0R", "4|2R",
                                         "6|4R", "6|2R", "pass"};
    return tracked_scripted(g, "1|1 2|0 5|0 5|2 6|0 6|4 6|6", "2|1 2|2 3|0 3|2 4|2 6|2 6|3",
                            script, sizeof script / sizeof script[0]);
}

#endif /* PINTAS_TEST_LINE_INFO_H */
