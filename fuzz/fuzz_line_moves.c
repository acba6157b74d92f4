/* fuzz_line_moves.c - a line game driven by the fuzzer's bytes: rules (a
 * preset, maybe with options changed), a seed, then moves, each either a pick
 * among the legal moves or one made up from the bytes (often illegal), and
 * now and then a reseed.
 *
 * For every move: play() says what check() said; a refused move leaves the
 * state and the outputs byte for byte as they were; a played one writes
 * 1..MAX_EVENTS events and leaves a sound state (the loader takes it, it
 * saves back to the same bytes, every tile in one place); a made-up move
 * check() takes is listed by legal(), or is the mirror placement legal()
 * leaves out (RIGHT on ends alike, with the LEFT one listed).
 */
#include "games.h"

/* 1 if m is in moves[0..n). */
static int listed(const pintas_line_move *moves, size_t n, const pintas_line_move *m)
{
    size_t i;
    for (i = 0; i < n; ++i)
        if (moves[i].kind == m->kind && moves[i].tile == m->tile && moves[i].end == m->end)
            return 1;
    return 0;
}

static void try_move(pintas_line_state *s, const pintas_line_move *m)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS], ev_before[PINTAS_LINE_MAX_EVENTS];
    pintas_line_state before = *s;
    size_t n = 0, n_ev = 12345;
    int checked = pintas_line_check(s, m), status;
    FUZZ_CHECK(pintas_line_legal(s, moves, PINTAS_LINE_MAX_MOVES, &n) == PINTAS_OK);
    memset(ev, FUZZ_PATTERN, sizeof ev);
    memcpy(ev_before, ev, sizeof ev);
    status = pintas_line_play(s, m, ev, PINTAS_LINE_MAX_EVENTS, &n_ev);
    FUZZ_CHECK(status == checked);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_ILLEGAL || status == PINTAS_E_OVER);
        FUZZ_CHECK(memcmp(s, &before, sizeof *s) == 0);
        FUZZ_CHECK(n_ev == 12345 && memcmp(ev, ev_before, sizeof ev) == 0);
        FUZZ_CHECK(!listed(moves, n, m));
        return;
    }
    if (!listed(moves, n, m)) {
        pintas_line_move left = *m;
        left.end = PINTAS_END_LEFT;
        FUZZ_CHECK(m->kind == PINTAS_MOVE_PLAY && m->end == PINTAS_END_RIGHT &&
                   before.ends[0] == before.ends[1] && listed(moves, n, &left));
    }
    FUZZ_CHECK(n_ev >= 1 && n_ev <= PINTAS_LINE_MAX_EVENTS);
    fuzz_line_sound(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_bytes b = fuzz_start(data, size);
    pintas_line_rules rules;
    pintas_line_state s;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0;
    unsigned steps;
    fuzz_line_rules(&b, &rules);
    FUZZ_CHECK(pintas_line_new(&s, &rules, fuzz_u64(&b), ev, PINTAS_LINE_MAX_EVENTS, &n) ==
               PINTAS_OK);
    fuzz_line_sound(&s);
    for (steps = 0; steps < 500 && b.n > 0; ++steps) {
        unsigned op = fuzz_u8(&b);
        pintas_line_move m;
        if (op < 0xC0) { /* a legal move */
            pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
            FUZZ_CHECK(pintas_line_legal(&s, moves, PINTAS_LINE_MAX_MOVES, &n) == PINTAS_OK);
            if (n == 0)
                break;
            m = moves[op % n];
        } else if (op < 0xFC) { /* a move made up from the bytes */
            m.kind = (uint8_t)fuzz_below(&b, 4);
            m.tile = (uint8_t)(op & 1u ? PINTAS_NO_TILE : fuzz_below(&b, 32));
            m.end = (uint8_t)fuzz_below(&b, 3);
        } else {
            FUZZ_CHECK(pintas_line_reseed(&s, fuzz_u64(&b)) == PINTAS_OK);
            fuzz_line_sound(&s);
            continue;
        }
        try_move(&s, &m);
    }
    return 0;
}
