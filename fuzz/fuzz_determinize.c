/* fuzz_determinize.c - exact determinization (determinize.h) on views from
 * the fuzzer's bytes.
 *
 * A view is a real one (a line or Caminos game played with moves the bytes
 * pick, stopped where they say, seen by a seat they name, its record kept
 * from the events), maybe with a few bytes of the view (and, in Caminos, of
 * the record's story log) changed.
 *
 * Checked: an unchanged view allows its real world (or is refused as longer
 * than the core keeps), and an unchanged line view is sampled; whatever a
 * sampler refuses leaves its outputs untouched; a world it returns is one
 * the check allows, with the view's own hand, and its state holds exactly
 * that world (and, for an unchanged view, is one the engine's loader takes).
 */
#include "games.h"

/* Fewer draws than the samplers' bound: a changed view may have no world,
 * and each try should stay quick. The seed picks the draws. */
static void line_case(fuzz_bytes *b)
{
    static pintas_line_record rec;
    static pintas_line_view v;
    pintas_line_rules r;
    pintas_line_state s, st, st0;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    pintas_line_world w, w0;
    size_t n = 0;
    unsigned moves_made, i, changes;
    int status, consistent = 7;
    fuzz_line_rules(b, &r);
    FUZZ_CHECK(pintas_line_new(&s, &r, fuzz_u64(b), ev, PINTAS_LINE_MAX_EVENTS, &n) == PINTAS_OK);
    pintas_line_record_clear(&rec);
    FUZZ_CHECK(pintas_line_record_update(&rec, ev, n) == PINTAS_OK);
    moves_made = fuzz_u8(b);
    for (i = 0; i < moves_made && s.phase != PINTAS_LINE_OVER; ++i) {
        FUZZ_CHECK(pintas_line_legal(&s, moves, PINTAS_LINE_MAX_MOVES, &n) == PINTAS_OK);
        if (n == 0)
            break;
        FUZZ_CHECK(pintas_line_play(&s, &moves[fuzz_below(b, (unsigned)n)], ev,
                                    PINTAS_LINE_MAX_EVENTS, &n) == PINTAS_OK);
        if (pintas_line_record_update(&rec, ev, n) != PINTAS_OK)
            return; /* a longer round than a record keeps */
    }
    if (s.phase == PINTAS_LINE_OVER)
        return;
    FUZZ_CHECK(pintas_line_view_of(&s, &rec, (int)fuzz_below(b, r.players), &v) == PINTAS_OK);
    changes = fuzz_below(b, 3);
    if (changes == 0) {
        memset(&w, 0, sizeof w);
        for (i = 0; i < r.players; ++i)
            w.hand[i] = s.hand[i];
        w.pile = s.aside;
        for (i = s.bone_pos; i < s.bone_len; ++i)
            w.pile |= PINTAS_BIT(s.boneyard[i]);
        FUZZ_CHECK(pintas_line_world_check(&v, &w, &consistent) == PINTAS_OK && consistent == 1);
    }
    fuzz_scribble(b, &v, sizeof v, changes);
    memset(&w, FUZZ_PATTERN, sizeof w);
    memset(&st, FUZZ_PATTERN, sizeof st);
    w0 = w;
    st0 = st;
    status = pintas_line_view_sample(&v, fuzz_u64(b), &w, &st);
    if (changes == 0)
        FUZZ_CHECK(status == PINTAS_OK);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(memcmp(&w, &w0, sizeof w) == 0 && memcmp(&st, &st0, sizeof st) == 0);
        return;
    }
    FUZZ_CHECK(pintas_line_world_check(&v, &w, &consistent) == PINTAS_OK && consistent == 1);
    FUZZ_CHECK(w.hand[v.info.seat] == v.info.hand);
    for (i = 0; i < v.info.rules.players; ++i)
        FUZZ_CHECK(st.hand[i] == w.hand[i]);
    if (changes == 0)
        fuzz_line_sound(&st); /* a changed view's scores or round may be none a game has */
}

static void caminos_case(fuzz_bytes *b)
{
    static pintas_caminos_record rec;
    static pintas_caminos_view v;
    pintas_caminos_rules r;
    pintas_caminos_state s, st, st0;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    pintas_caminos_world w, w0;
    size_t n = 0;
    unsigned moves_made, i, changes;
    int status, consistent = 7;
    fuzz_caminos_rules(b, &r);
    FUZZ_CHECK(pintas_caminos_new(&s, &r, fuzz_u64(b), ev, PINTAS_CAMINOS_MAX_EVENTS, &n) ==
               PINTAS_OK);
    FUZZ_CHECK(pintas_caminos_record_start(&rec, &r) == PINTAS_OK);
    FUZZ_CHECK(pintas_caminos_record_update(&rec, ev, n) == PINTAS_OK);
    moves_made = fuzz_u8(b);
    for (i = 0; i < moves_made || s.phase != PINTAS_CAMINOS_PLAYING; ++i) {
        if (s.phase == PINTAS_CAMINOS_OVER || i > 600)
            return;
        FUZZ_CHECK(pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) == PINTAS_OK);
        FUZZ_CHECK(pintas_caminos_play(&s, &moves[fuzz_below(b, (unsigned)n)], ev,
                                       PINTAS_CAMINOS_MAX_EVENTS, &n) == PINTAS_OK);
        FUZZ_CHECK(pintas_caminos_record_update(&rec, ev, n) == PINTAS_OK);
    }
    FUZZ_CHECK(pintas_caminos_view_of(&s, &rec, s.to_move, &v) == PINTAS_OK);
    changes = fuzz_below(b, 3);
    if (changes == 0) {
        memset(&w, 0, sizeof w);
        for (i = 0; i < r.players; ++i)
            w.hand[i] = s.hand[i];
        for (i = 0; i < s.pile_len; ++i)
            w.pile |= PINTAS_BIT(s.pile[i]);
        status = pintas_caminos_world_check(&v, &rec, &w, &consistent);
        /* a round longer than the record's story log or a story's bounds is
         * refused, never judged */
        FUZZ_CHECK((status == PINTAS_OK && consistent == 1) || status == PINTAS_E_RANGE);
    }
    if (fuzz_u8(b) & 1u)
        fuzz_scribble(b, &v, sizeof v, changes);
    else
        fuzz_scribble(b, rec.log, sizeof rec.log, changes);
    memset(&w, FUZZ_PATTERN, sizeof w);
    memset(&st, FUZZ_PATTERN, sizeof st);
    w0 = w;
    st0 = st;
    status = pintas_caminos_view_sample(&v, &rec, fuzz_u64(b), &w, &st);
    if (changes == 0)
        /* a long round with many renewals may leave the rejection sampler
         * without a world in its draws (PINTAS_E_ILLEGAL): a known limit */
        FUZZ_CHECK(status == PINTAS_OK || status == PINTAS_E_RANGE ||
                   status == PINTAS_E_ILLEGAL);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(memcmp(&w, &w0, sizeof w) == 0 && memcmp(&st, &st0, sizeof st) == 0);
        return;
    }
    FUZZ_CHECK(pintas_caminos_world_check(&v, &rec, &w, &consistent) == PINTAS_OK &&
               consistent == 1);
    FUZZ_CHECK(w.hand[v.info.seat] == v.info.hand);
    for (i = 0; i < v.info.rules.players; ++i)
        FUZZ_CHECK(st.hand[i] == w.hand[i]);
    if (changes == 0)
        fuzz_caminos_sound(&st); /* a changed view's scores or round may be none a game has */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_line_or_caminos(data, size, line_case, caminos_case);
}
