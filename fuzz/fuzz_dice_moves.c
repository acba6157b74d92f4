/* fuzz_dice_moves.c - a dice game driven by the fuzzer's bytes: rules (a
 * preset, maybe with options changed), 1..8 players, the first player, a
 * seed, then moves: a pick among the legal ones, or one made up from the
 * bytes (a roll of given dice, any keep, a bank; often illegal), and now and
 * then a reseed.
 *
 * For every move: play() says what check() said; a refused move leaves the
 * state and the outputs byte for byte as they were; a played one writes
 * 1..MAX_EVENTS events and leaves a state the loader takes and that saves
 * back to the same bytes; a keep check() takes is one legal() lists.
 */
#include "games.h"

static void try_move(pintas_dice_state *s, const pintas_dice_move *m)
{
    pintas_dice_move moves[PINTAS_DICE_MAX_KEEPS + 2];
    pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS], ev_before[PINTAS_DICE_MAX_EVENTS];
    pintas_dice_state before = *s;
    size_t n = fuzz_dice_moves(s, moves), n_ev = 12345, i;
    int checked = pintas_dice_check(s, m), status, keep_listed = 0;
    for (i = 0; i < n; ++i)
        keep_listed |= moves[i].kind == PINTAS_DICE_KEEP && moves[i].keep == m->keep;
    memset(ev, FUZZ_PATTERN, sizeof ev);
    memcpy(ev_before, ev, sizeof ev);
    status = pintas_dice_play(s, m, ev, PINTAS_DICE_MAX_EVENTS, &n_ev);
    FUZZ_CHECK(status == checked);
    if (m->kind == PINTAS_DICE_KEEP)
        FUZZ_CHECK((status == PINTAS_OK) == keep_listed);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_ILLEGAL || status == PINTAS_E_OVER);
        FUZZ_CHECK(memcmp(s, &before, sizeof *s) == 0);
        FUZZ_CHECK(n_ev == 12345 && memcmp(ev, ev_before, sizeof ev) == 0);
        return;
    }
    FUZZ_CHECK(n_ev >= 1 && n_ev <= PINTAS_DICE_MAX_EVENTS);
    fuzz_dice_sound(s);
}

/* A move made up from the bytes. */
static void made_up(fuzz_bytes *b, pintas_dice_move *m)
{
    unsigned i;
    memset(m, 0, sizeof *m);
    m->kind = (uint8_t)fuzz_below(b, 5);
    if (m->kind == PINTAS_DICE_ROLL_GIVEN) {
        m->n = (uint8_t)fuzz_below(b, 8);
        for (i = 0; i < PINTAS_DICE_COUNT; ++i)
            m->values[i] = (uint8_t)(i < m->n ? 1u + fuzz_below(b, 7) : 0u);
    } else if (m->kind == PINTAS_DICE_KEEP) {
        m->keep = (pintas_dice_set)(fuzz_u16(b) | (uint32_t)(fuzz_u8(b) & 7u) << 16);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_bytes b = fuzz_start(data, size);
    pintas_dice_rules rules;
    pintas_dice_state s;
    int players;
    unsigned steps;
    fuzz_dice_rules(&b, &rules);
    players = 1 + (int)fuzz_below(&b, PINTAS_DICE_MAX_PLAYERS);
    FUZZ_CHECK(pintas_dice_new(&s, &rules, players, (int)fuzz_below(&b, (unsigned)players),
                               fuzz_u64(&b)) == PINTAS_OK);
    fuzz_dice_sound(&s);
    for (steps = 0; steps < 500 && b.n > 0; ++steps) {
        unsigned op = fuzz_u8(&b);
        pintas_dice_move m;
        if (op < 0xB0) { /* a legal move: a roll given or drawn, a bank, a keep */
            pintas_dice_move moves[PINTAS_DICE_MAX_KEEPS + 2];
            size_t n = fuzz_dice_moves(&s, moves);
            if (n == 0)
                break;
            m = moves[op % n];
            if (m.kind == PINTAS_DICE_ROLL && (op & 1u)) {
                unsigned i;
                m.kind = PINTAS_DICE_ROLL_GIVEN;
                m.n = (uint8_t)pintas_dice_dice_to_roll(&s);
                for (i = 0; i < m.n; ++i)
                    m.values[i] = (uint8_t)(1u + fuzz_below(&b, 6));
            }
        } else if (op < 0xFC) {
            made_up(&b, &m);
        } else {
            FUZZ_CHECK(pintas_dice_reseed(&s, fuzz_u64(&b)) == PINTAS_OK);
            fuzz_dice_sound(&s);
            continue;
        }
        try_move(&s, &m);
    }
    return 0;
}
