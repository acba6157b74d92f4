/* fuzz_deals.c - hand-made deals of the tile games, from the fuzzer's bytes.
 * The first byte picks the game (line or Caminos); then the rules, a seed,
 * a deal (the 28 tiles in an order the bytes give, cut into a deal, then
 * maybe a few bytes of it changed, so that both deals and near-deals come),
 * and how many moves to make before set_deal.
 *
 * pintas_*_new_dealt: PINTAS_E_DEAL or PINTAS_OK, nothing else; refused, the
 * state is untouched; taken, the state is sound (the loader takes it, every
 * tile in one place) and holds the deal as given (line: unless a REDEAL
 * event says the redeal rule voided it). pintas_*_set_deal on a new game
 * answers as new_dealt did, and the same way; after a move it is
 * PINTAS_E_ILLEGAL; refused, the state and the outputs are untouched.
 */
#include "games.h"

/* The 28 tiles in an order drawn from the bytes (Fisher-Yates). */
static void tile_order(fuzz_bytes *b, uint8_t order[PINTAS_TILE_COUNT])
{
    unsigned i;
    for (i = 0; i < PINTAS_TILE_COUNT; ++i)
        order[i] = (uint8_t)i;
    for (i = PINTAS_TILE_COUNT - 1u; i > 0; --i) {
        unsigned j = fuzz_below(b, i + 1u);
        uint8_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

/* What try_deal needs of a tile game beyond its engine table. */
typedef struct deal_game {
    const pintas_engine *engine;
    /* The game's rules from the bytes (fuzz_line_rules, ...), and a deal on
     * them. */
    void (*rules)(fuzz_bytes *b, void *rules);
    void (*deal)(fuzz_bytes *b, const void *rules, void *deal);
    /* Stops unless the state is a round `round` that starts from the deal,
     * with events[0..n) the events of the call that dealt it. */
    void (*started)(const void *state, unsigned round, const void *deal, const void *events,
                    size_t n);
    /* 1 if set_deal takes a deal on the state, a new game after `made` moves. */
    int (*open)(const void *state, unsigned made);
} deal_game;

/* Room for either tile game's deal. */
typedef union tile_deal {
    pintas_line_deal line;
    pintas_caminos_deal caminos;
} tile_deal;

/* Rules, a seed and a deal d from the bytes, through g's engine: a new game dealt d
 * (PINTAS_E_DEAL leaves the state and the count untouched), then set_deal
 * on a new game after up to 2 moves the bytes pick: as new_dealt answered
 * when the game is open to it, else PINTAS_E_ILLEGAL; refused, the state,
 * the events and their count as they were. */
static void try_deal(const deal_game *g, fuzz_bytes *b)
{
    const pintas_engine *e = g->engine;
    fuzz_tile_rules r;
    tile_deal d;
    uint64_t seed;
    fuzz_tile_state s, before;
    pintas_engine_events ev, ev_before;
    pintas_engine_moves moves;
    pintas_engine_status st;
    size_t n = 0, n_ev = FUZZ_NO_COUNT;
    unsigned i, made;
    int dealt, status;
    g->rules(b, &r);
    seed = fuzz_u64(b);
    g->deal(b, &r, &d);
    memset(&s, FUZZ_PATTERN, sizeof s);
    before = s;
    dealt = e->start(&s, &r, seed, &d, &ev, e->max_events, &n_ev);
    FUZZ_CHECK(dealt == PINTAS_OK || dealt == PINTAS_E_DEAL);
    if (dealt == PINTAS_OK)
        g->started(&s, 1, &d, &ev, n_ev);
    else
        FUZZ_CHECK(memcmp(&s, &before, sizeof s) == 0 && n_ev == FUZZ_NO_COUNT);
    /* set_deal on a new game, maybe after a few moves (which may have ended
     * round 1 already: a lead can block a round) */
    FUZZ_CHECK(e->start(&s, &r, seed, NULL, &ev, e->max_events, &n_ev) == PINTAS_OK);
    made = fuzz_below(b, 3);
    for (i = 0; i < made; ++i) {
        FUZZ_CHECK(e->legal(&s, &moves, e->max_moves, &n) == PINTAS_OK);
        if (n == 0)
            break;
        FUZZ_CHECK(e->play(&s, moves.bytes + fuzz_below(b, (unsigned)n) * e->move_size, &ev,
                           e->max_events, &n_ev) == PINTAS_OK);
    }
    before = s;
    memset(&ev, FUZZ_PATTERN, sizeof ev);
    memcpy(&ev_before, &ev, sizeof ev);
    n_ev = FUZZ_NO_COUNT;
    status = e->set_deal(&s, &d, &ev, e->max_events, &n_ev);
    FUZZ_CHECK(status == (g->open(&before, made) ? dealt : PINTAS_E_ILLEGAL));
    if (status == PINTAS_OK) {
        FUZZ_CHECK(e->status(&before, &st) == PINTAS_OK);
        g->started(&s, st.round, &d, &ev, n_ev);
        return;
    }
    FUZZ_CHECK(memcmp(&s, &before, sizeof s) == 0);
    FUZZ_CHECK(n_ev == FUZZ_NO_COUNT && memcmp(&ev, &ev_before, sizeof ev) == 0);
}

/* ---- line games ---------------------------------------------------------- */

static int line_voided(const pintas_line_event *ev, size_t n)
{
    size_t i;
    for (i = 0; i < n; ++i)
        if (ev[i].kind == PINTAS_EV_REDEAL)
            return 1;
    return 0;
}

static void line_deal(fuzz_bytes *b, const void *rules, void *deal)
{
    const pintas_line_rules *r = rules;
    pintas_line_deal *d = deal;
    uint8_t order[PINTAS_TILE_COUNT];
    unsigned seat, i, rest = PINTAS_TILE_COUNT - 7u * r->players;
    tile_order(b, order);
    memset(d, 0, sizeof *d);
    for (seat = 0; seat < r->players; ++seat)
        for (i = 0; i < 7; ++i)
            d->hand[seat] |= PINTAS_BIT(order[7 * seat + i]);
    if (r->game != PINTAS_LINE_DOMINICAN && r->players < 4) {
        memcpy(d->boneyard, order + 7 * r->players, rest);
        d->boneyard_len = (uint8_t)rest;
    }
    fuzz_scribble(b, d, sizeof *d, fuzz_below(b, 4));
}

/* A round that starts from the deal: sound, nothing placed yet, the hands
 * and the boneyard as dealt (unless the redeal rule voided the deal). */
static void check_line_start(const void *state, unsigned round, const void *deal,
                             const void *events, size_t n)
{
    const pintas_line_state *s = state;
    const pintas_line_deal *d = deal;
    const pintas_line_event *ev = events;
    unsigned seat;
    fuzz_line_sound(s);
    FUZZ_CHECK(s->round == round && s->line_len == 0 && s->phase == PINTAS_LINE_PLAYING);
    if (line_voided(ev, n))
        return;
    for (seat = 0; seat < PINTAS_LINE_MAX_SEATS; ++seat)
        FUZZ_CHECK(s->hand[seat] == d->hand[seat]);
    FUZZ_CHECK(s->bone_len == d->boneyard_len &&
               memcmp(s->boneyard, d->boneyard, d->boneyard_len) == 0);
}

/* set_deal takes a deal only before the first tile of a round. */
static int line_open(const void *state, unsigned made)
{
    const pintas_line_state *s = state;
    (void)made;
    return s->phase == PINTAS_LINE_PLAYING && s->line_len == 0 && s->bone_pos == 0;
}

static const deal_game line_game = {&pintas_line_engine, fuzz_line_rules, line_deal,
                                     check_line_start, line_open};

static void fuzz_line_deals(fuzz_bytes *b)
{
    try_deal(&line_game, b);
}

/* ---- Caminos ------------------------------------------------------------- */

static void caminos_deal(fuzz_bytes *b, const void *rules, void *deal)
{
    const pintas_caminos_rules *r = rules;
    pintas_caminos_deal *d = deal;
    uint8_t order[PINTAS_TILE_COUNT];
    unsigned seat, i, at = 0;
    tile_order(b, order);
    memset(d, 0, sizeof *d);
    memset(d->path, PINTAS_NO_TILE, sizeof d->path);
    for (i = 0; i < r->paths; ++i)
        d->path[i] = order[at++];
    for (seat = 0; seat < r->players; ++seat)
        for (i = 0; i < r->hand_size; ++i)
            d->hand[seat] |= PINTAS_BIT(order[at++]);
    d->pile_len = (uint8_t)(PINTAS_TILE_COUNT - at);
    memcpy(d->pile, order + at, d->pile_len);
    fuzz_scribble(b, d, sizeof *d, fuzz_below(b, 4));
}

/* A round that starts from the deal: sound, the first, in the reveal,
 * everything as dealt. */
static void check_caminos_start(const void *state, unsigned round, const void *deal,
                                const void *events, size_t n)
{
    const pintas_caminos_state *s = state;
    const pintas_caminos_deal *d = deal;
    unsigned seat, i;
    (void)round;
    (void)events;
    (void)n;
    fuzz_caminos_sound(s);
    FUZZ_CHECK(s->round == 1 && s->phase == PINTAS_CAMINOS_REVEALING);
    for (seat = 0; seat < PINTAS_CAMINOS_MAX_SEATS; ++seat)
        FUZZ_CHECK(s->hand[seat] == d->hand[seat]);
    for (i = 0; i < s->rules.paths; ++i)
        FUZZ_CHECK(s->path[i].centre == d->path[i]);
    FUZZ_CHECK(s->pile_len == d->pile_len && memcmp(s->pile, d->pile, d->pile_len) == 0);
}

/* set_deal takes a deal only on a new game, before any move. */
static int caminos_open(const void *state, unsigned made)
{
    (void)state;
    return made == 0;
}

static const deal_game caminos_game = {&pintas_caminos_engine, fuzz_caminos_rules,
                                       caminos_deal, check_caminos_start, caminos_open};

static void fuzz_caminos_deals(fuzz_bytes *b)
{
    try_deal(&caminos_game, b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_line_or_caminos(data, size, fuzz_line_deals, fuzz_caminos_deals);
}
