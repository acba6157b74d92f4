/* fuzz_caminos_search.c - the Caminos sampler and search on infos from the
 * fuzzer's bytes.
 *
 * An info is either a real view (a game played with moves the bytes pick,
 * stopped at a decision in play, seen by the seat to move, its cohorts and
 * renewals tracked from the public events as a host does, by the tracker
 * test_caminos_search.c uses too), maybe with a few bytes changed, or raw
 * bytes with the rules made plausible.
 *
 * Checked: a real view, unchanged, passes info_check; whatever the check
 * refuses is refused by the sampler and the search, their outputs untouched;
 * whatever it takes samples whole states the engine's loader takes (every
 * tile in one place) with the observer's hand, the table and the counts as
 * known; a search of it runs without error, and its moves are legal in
 * every sample.
 */
#include "games.h"
#include "tests/caminos_tracker.h"

/* A real view at a decision in play of a game the bytes play; 0 if there is
 * none. */
static int real_view(fuzz_bytes *b, pintas_caminos_info *k)
{
    static tracker t;
    pintas_caminos_rules r;
    pintas_caminos_state s;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n = 0, n_ev = 0;
    unsigned moves_made, i;
    fuzz_caminos_rules(b, &r);
    FUZZ_CHECK(pintas_caminos_new(&s, &r, fuzz_u64(b), ev, PINTAS_CAMINOS_MAX_EVENTS, &n_ev) ==
               PINTAS_OK);
    tracker_round(&t, &r);
    moves_made = fuzz_u8(b);
    for (i = 0; i < moves_made || s.phase != PINTAS_CAMINOS_PLAYING; ++i) {
        unsigned open = open_numbers(&s);
        if (s.phase == PINTAS_CAMINOS_OVER || i > 600)
            return 0;
        FUZZ_CHECK(pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) == PINTAS_OK);
        FUZZ_CHECK(pintas_caminos_play(&s, &moves[fuzz_below(b, (unsigned)n)], ev,
                                       PINTAS_CAMINOS_MAX_EVENTS, &n_ev) == PINTAS_OK);
        tracker_events(&t, &s, ev, n_ev, open);
    }
    tracker_info(&s, &t, k);
    return 1;
}

static void raw_info(fuzz_bytes *b, pintas_caminos_info *k)
{
    unsigned how = fuzz_raw_info(b, k, sizeof *k, offsetof(pintas_caminos_info, rules),
                                 sizeof k->rules, fuzz_caminos_rules);
    if (how & 2u)
        k->seat %= 4u;
}

/* A sample keeps what the observer knows, and loads. */
static void check_sample(const pintas_caminos_info *k, const pintas_caminos_state *s)
{
    unsigned i;
    fuzz_caminos_sound(s);
    FUZZ_CHECK(s->phase == PINTAS_CAMINOS_PLAYING && s->to_move == k->seat);
    FUZZ_CHECK(s->hand[k->seat] == k->hand && s->pile_len == k->pile_len);
    FUZZ_CHECK(s->discard == k->discard);
    for (i = 0; i < k->rules.players; ++i)
        FUZZ_CHECK(pintas_caminos_hand_size(s, (int)i) == k->hand_len[i] &&
                   (s->hand[i] & k->known[i]) == k->known[i]);
    for (i = 0; i < k->rules.paths; ++i)
        FUZZ_CHECK(memcmp(&s->path[i], &k->path[i], sizeof s->path[i]) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static pintas_caminos_search_result res, res0;
    fuzz_bytes b = fuzz_start(data, size);
    pintas_caminos_info k;
    pintas_caminos_state s, s0;
    pintas_rng rng;
    unsigned mode = fuzz_u8(&b), changes = 1, i, j;
    int status, level = 7;
    if (mode & 1u) {
        raw_info(&b, &k);
    } else {
        if (!real_view(&b, &k))
            return 0;
        changes = fuzz_below(&b, 4);
        fuzz_scribble(&b, &k, sizeof k, changes);
    }
    status = pintas_caminos_info_check(&k);
    if (changes == 0)
        FUZZ_CHECK(status == PINTAS_OK); /* a real view is always taken */
    pintas_rng_seed(&rng, fuzz_u64(&b), 1);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_ARG);
        memset(&s, FUZZ_PATTERN, sizeof s);
        memset(&res, FUZZ_PATTERN, sizeof res);
        s0 = s;
        res0 = res;
        FUZZ_CHECK(pintas_caminos_sample(&k, &rng, &s, &level) == PINTAS_E_ARG && level == 7);
        FUZZ_CHECK(pintas_caminos_search(&k, 1, 0, 1, &res) == PINTAS_E_ARG);
        FUZZ_CHECK(memcmp(&s, &s0, sizeof s) == 0 && memcmp(&res, &res0, sizeof res) == 0);
        return 0;
    }
    for (i = 0; i < 3; ++i) {
        FUZZ_CHECK(pintas_caminos_sample(&k, &rng, &s, &level) == PINTAS_OK);
        FUZZ_CHECK(level >= 0 && level <= 2);
        check_sample(&k, &s);
    }
    FUZZ_CHECK(pintas_caminos_search(&k, fuzz_u64(&b), fuzz_u8(&b), 1 + fuzz_below(&b, 2),
                                     &res) == PINTAS_OK);
    FUZZ_CHECK(res.n_moves >= 1 && res.n_moves <= PINTAS_CAMINOS_MAX_MOVES);
    for (j = 0; j < res.n_moves; ++j)
        FUZZ_CHECK(pintas_caminos_check(&s, &res.move[j]) == PINTAS_OK);
    return 0;
}
