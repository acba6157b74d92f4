/* fuzz_caminos_moves.c - a Caminos game driven by the fuzzer's bytes: rules
 * (a preset, maybe reshaped), a seed, then moves, each either a pick among
 * the legal moves or one made up from the bytes (often illegal), and now and
 * then a reseed.
 *
 * For every move: play() says what check() said; a refused move leaves the
 * state and the outputs byte for byte as they were; a played one writes
 * 1..MAX_EVENTS events and leaves a sound state (the loader takes it, it
 * saves back to the same bytes, every tile in one place); a made-up move
 * check() takes is listed by legal(), or is the mirror placement legal()
 * leaves out (BACK of a double centre with both sides empty, FRONT listed).
 */
#include "games.h"

static int listed(const pintas_caminos_move *moves, size_t n, const pintas_caminos_move *m)
{
    size_t i;
    for (i = 0; i < n; ++i)
        if (memcmp(&moves[i], m, sizeof *m) == 0)
            return 1;
    return 0;
}

static void try_move(pintas_caminos_state *s, const pintas_caminos_move *m)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS], ev_before[PINTAS_CAMINOS_MAX_EVENTS];
    pintas_caminos_state before = *s;
    size_t n = 0, n_ev = 12345;
    int checked = pintas_caminos_check(s, m), status;
    FUZZ_CHECK(pintas_caminos_legal(s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) == PINTAS_OK);
    memset(ev, FUZZ_PATTERN, sizeof ev);
    memcpy(ev_before, ev, sizeof ev);
    status = pintas_caminos_play(s, m, ev, PINTAS_CAMINOS_MAX_EVENTS, &n_ev);
    FUZZ_CHECK(status == checked);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_ILLEGAL || status == PINTAS_E_OVER);
        FUZZ_CHECK(memcmp(s, &before, sizeof *s) == 0);
        FUZZ_CHECK(n_ev == 12345 && memcmp(ev, ev_before, sizeof ev) == 0);
        FUZZ_CHECK(!listed(moves, n, m));
        return;
    }
    if (!listed(moves, n, m)) {
        pintas_caminos_move front = *m;
        const pintas_caminos_path *p = &before.path[m->path & 7u];
        front.side = PINTAS_CAMINOS_FRONT;
        FUZZ_CHECK(m->kind == PINTAS_CAMINOS_PLACE && m->side == PINTAS_CAMINOS_BACK &&
                   m->path < PINTAS_CAMINOS_MAX_PATHS && p->len[0] == 0 && p->len[1] == 0 &&
                   p->end[0] == p->end[1] && listed(moves, n, &front));
    }
    FUZZ_CHECK(n_ev >= 1 && n_ev <= PINTAS_CAMINOS_MAX_EVENTS);
    fuzz_caminos_sound(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_bytes b = fuzz_start(data, size);
    pintas_caminos_rules rules;
    pintas_caminos_state s;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n = 0;
    unsigned steps;
    fuzz_caminos_rules(&b, &rules);
    FUZZ_CHECK(pintas_caminos_new(&s, &rules, fuzz_u64(&b), ev, PINTAS_CAMINOS_MAX_EVENTS, &n) ==
               PINTAS_OK);
    fuzz_caminos_sound(&s);
    for (steps = 0; steps < 500 && b.n > 0; ++steps) {
        unsigned op = fuzz_u8(&b);
        pintas_caminos_move m;
        if (op < 0xC0) { /* a legal move */
            pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
            FUZZ_CHECK(pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) ==
                       PINTAS_OK);
            if (n == 0)
                break;
            m = moves[op % n];
        } else if (op < 0xFC) { /* a move made up from the bytes */
            m.kind = (uint8_t)fuzz_below(&b, 5);
            m.tile = (uint8_t)(op & 1u ? PINTAS_NO_TILE : fuzz_below(&b, 32));
            m.path = (uint8_t)(op & 2u ? PINTAS_CAMINOS_NO_PATH : fuzz_below(&b, 10));
            m.side = (uint8_t)fuzz_below(&b, 3);
        } else {
            FUZZ_CHECK(pintas_caminos_reseed(&s, fuzz_u64(&b)) == PINTAS_OK);
            fuzz_caminos_sound(&s);
            continue;
        }
        try_move(&s, &m);
    }
    return 0;
}
