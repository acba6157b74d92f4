/* fuzz_line_search.c - the line-game search on infos from the fuzzer's bytes.
 *
 * An info is either a real view (a game played with moves the bytes pick,
 * stopped where they say, seen by the seat they name, its log recorded as
 * test_line_search.c records it), maybe with a few bytes changed, or raw
 * bytes with the rules (and, as the bytes say, the log's length) made
 * plausible so that deeper checks are reached.
 *
 * Checked: a real view, unchanged, is taken, and the real hands keep every
 * fact derived from it; whatever knowledge_of refuses leaves its output
 * untouched and is refused by determinize and the search alike; whatever it
 * takes samples states the engine's loader takes (every tile in one place),
 * with the observer's hand and the line as known; a search it starts runs
 * without error on the same info, its best move one of its moves; so does
 * the stronger search (line_infer.h), whose weight of a sample is positive.
 */
#include "games.h"
#include "pintas/line_infer.h"
#include "tests/line_info.h"

/* A real view from a game the bytes play; 0 if the game ended first. */
static int real_view(fuzz_bytes *b, tracked *g, pintas_line_info *info)
{
    pintas_line_rules r;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n = 0;
    unsigned moves_made, i;
    memset(g, 0, sizeof *g);
    fuzz_line_rules(b, &r);
    FUZZ_CHECK(pintas_line_new(&g->st, &r, fuzz_u64(b), ev, PINTAS_LINE_MAX_EVENTS, &n) ==
               PINTAS_OK);
    FUZZ_CHECK(tracked_record(g, ev, n)); /* a round's log always fits */
    moves_made = fuzz_u8(b);
    for (i = 0; i < moves_made; ++i) {
        FUZZ_CHECK(pintas_line_legal(&g->st, moves, PINTAS_LINE_MAX_MOVES, &n) == PINTAS_OK);
        if (n == 0)
            return 0;
        FUZZ_CHECK(pintas_line_play(&g->st, &moves[fuzz_below(b, (unsigned)n)], ev,
                                    PINTAS_LINE_MAX_EVENTS, &n) == PINTAS_OK);
        FUZZ_CHECK(tracked_record(g, ev, n));
    }
    if (g->st.phase != PINTAS_LINE_PLAYING)
        return 0;
    tracked_info(g, fuzz_below(b, r.players), info);
    return 1;
}

/* Raw bytes, with plausible rules and, as the bytes say, a short log. */
static void raw_info(fuzz_bytes *b, pintas_line_info *info)
{
    unsigned how = fuzz_raw_info(b, info, sizeof *info, offsetof(pintas_line_info, rules),
                                 sizeof info->rules, fuzz_line_rules);
    if (how & 2u)
        info->log_len = (uint16_t)(info->log_len % 48u);
    if (how & 4u) {
        info->seat %= 4u;
        info->leader %= 4u;
    }
}

/* The real hands keep every fact the observer derives. */
static void check_facts(const tracked *g, unsigned seat, const pintas_line_knowledge *k)
{
    unsigned p;
    FUZZ_CHECK(k->to_move == g->st.to_move && k->line_len == g->st.line_len);
    for (p = 0; p < g->st.rules.players; ++p) {
        FUZZ_CHECK(k->hand_count[p] == pintas_popcount(g->st.hand[p]));
        if (p != seat)
            FUZZ_CHECK((g->st.hand[p] & k->not_held[p]) == 0);
    }
}

static void check_sample(const pintas_line_info *info, const pintas_line_knowledge *k,
                         const pintas_line_state *s)
{
    fuzz_line_sound(s);
    FUZZ_CHECK(s->hand[info->seat] == info->hand && s->to_move == k->to_move);
    FUZZ_CHECK(s->line_len == k->line_len && memcmp(s->line, k->line, k->line_len) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static tracked g;
    fuzz_bytes b = fuzz_start(data, size);
    pintas_line_info info;
    pintas_line_knowledge k, k0;
    pintas_line_search_result res, res0;
    pintas_line_state s;
    pintas_rng rng;
    unsigned mode = fuzz_u8(&b), changes = 0, i;
    int status, policy, best;
    if (mode & 1u) {
        raw_info(&b, &info);
        changes = 1;
    } else {
        if (!real_view(&b, &g, &info))
            return 0;
        changes = fuzz_below(&b, 4);
        fuzz_scribble(&b, &info, sizeof info, changes);
    }
    memset(&k, FUZZ_PATTERN, sizeof k);
    k0 = k;
    status = pintas_line_knowledge_of(&info, &k);
    if (changes == 0) {
        FUZZ_CHECK(status == PINTAS_OK); /* a real view is always taken */
        check_facts(&g, info.seat, &k);
    }
    pintas_rng_seed(&rng, fuzz_u64(&b), 1);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_ARG && memcmp(&k, &k0, sizeof k) == 0);
        memset(&res, FUZZ_PATTERN, sizeof res);
        res0 = res;
        FUZZ_CHECK(pintas_line_determinize(&info, &rng, &s, NULL) == status);
        FUZZ_CHECK(pintas_line_search_init(&info, &res) == status);
        FUZZ_CHECK(memcmp(&res, &res0, sizeof res) == 0);
        return 0;
    }
    for (i = 0; i < 3; ++i) {
        uint8_t relaxed = 7;
        FUZZ_CHECK(pintas_line_determinize(&info, &rng, &s, &relaxed) == PINTAS_OK);
        FUZZ_CHECK(relaxed <= 1);
        check_sample(&info, &k, &s);
    }
    status = pintas_line_search_init(&info, &res);
    if (k.to_move != info.seat) {
        FUZZ_CHECK(status == PINTAS_E_ILLEGAL);
        return 0;
    }
    FUZZ_CHECK(status == PINTAS_OK && res.n_moves >= 1 && res.samples == 0);
    policy = (int)fuzz_below(&b, 2);
    FUZZ_CHECK(pintas_line_search_run(&info, fuzz_u64(&b), 0, 1 + fuzz_below(&b, 3), policy,
                                      &res) == PINTAS_OK);
    best = pintas_line_search_best(&res);
    FUZZ_CHECK(best >= 0 && (uint32_t)best < res.n_moves);
    {
        pintas_line_infer_result inf;
        double weight = -1.0;
        FUZZ_CHECK(pintas_line_infer(&info, NULL, 1 + fuzz_below(&b, 2), fuzz_u64(&b), &inf) ==
                   PINTAS_OK);
        best = pintas_line_infer_best(&inf);
        FUZZ_CHECK(best >= 0 && (uint32_t)best < inf.n_moves && inf.n_moves == res.n_moves);
        FUZZ_CHECK(pintas_line_infer_weight(&info, NULL, &s, &weight) == PINTAS_OK && weight > 0);
    }
    return 0;
}
