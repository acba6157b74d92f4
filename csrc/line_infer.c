/* line_infer.c - the line games' stronger search (pintas/line_infer.h): the
 * search's samples, weighted by a model of play over the round's log, and
 * playouts in which every seat plays like the suit player, softly.
 *
 * Randomness: sample i draws its state exactly as pintas_line_search_run's
 * sample i does (the same generator, the same draws); weighing it draws
 * nothing; then every legal move's playout runs on a copy of the generator
 * as it is now: random playouts as the search's, suit-like ones one 32-bit
 * output per choice among two or more moves.
 */
#include <string.h>

#include "pintas/line_infer.h"
#include "pintas/players.h"
#include "line_internal.h"
#include "line_search_internal.h"
#include "tiles_internal.h"

#define N_NUMBERS (PINTAS_MAX_PIP + 1u)
#define MAX_TEMPERATURE 1e6

int pintas_line_infer_defaults(pintas_line_infer_params *p)
{
    if (!p)
        return PINTAS_E_ARG;
    memset(p, 0, sizeof *p);
    p->levers = PINTAS_INFER_ALL;
    p->playout_temperature = 2.0;
    p->model_temperature = 4.0;
    p->model_mix = 0.2;
    p->playout_mix = 0.0;
    return PINTAS_OK;
}

static int temperature_ok(double t)
{
    return t > 0.0 && t <= MAX_TEMPERATURE; /* false for a NaN */
}

static int share_ok(double x)
{
    return x >= 0.0 && x <= 1.0; /* false for a NaN */
}

int pintas_line_infer_params_check(const pintas_line_infer_params *p)
{
    if (!p || (p->levers & ~PINTAS_INFER_ALL) || p->reserved != 0 ||
        !temperature_ok(p->playout_temperature) || !temperature_ok(p->model_temperature) ||
        !share_ok(p->model_mix) || !share_ok(p->playout_mix))
        return PINTAS_E_ARG;
    return PINTAS_OK;
}

/* ---- the model of play ---------------------------------------------------- */

/* e^x for x <= 0 (0 below -700): 2^(x log2 e) as 2^-k (built from its bits:
 * k <= 1011, a normal double) times a degree-7 Taylor polynomial of
 * 2^f = e^(f ln 2), f in (0, 1]; a relative error below 1e-6 is plenty for
 * weights and choices. */
static double exp_neg(double x)
{
    double y, f, g, p, scale;
    uint64_t bits;
    unsigned k;
    if (!(x > -700.0))
        return 0.0;
    if (x >= 0.0)
        return 1.0;
    y = -x * 1.4426950408889634; /* e^x = 2^-y, y > 0 */
    k = (unsigned)y + 1u;        /* 2^-y = 2^-k * 2^f with f = k - y in (0, 1] */
    f = (double)k - y;
    g = f * 0.6931471805599453;
    p = 1.0 + g * (1.0 + g * (0.5 + g * (1.0 / 6 + g * (1.0 / 24 + g * (1.0 / 120 +
        g * (1.0 / 720 + g / 5040.0))))));
    bits = (uint64_t)(1023u - k) << 52;
    memcpy(&scale, &bits, sizeof scale);
    return p * scale;
}

/* What the score of a mover's placement reads: its hand, the line's ends, the
 * tiles of each number already out, and per number what the others lacking
 * it is worth to the mover. */
typedef struct table {
    const pintas_line_suit_weights *w;
    pintas_mask hand;
    uint8_t ends[2];
    uint8_t doubled[2];
    uint8_t line_len;
    uint8_t muggins;
    uint8_t out[N_NUMBERS];
    const double *lacks; /* N_NUMBERS values */
} table;

/* The suit player's score of placing t at `end` (players.h's terms, with the
 * Muggins points of the move and no Capicua pass points). */
static double score_of(const table *tb, unsigned t, unsigned end)
{
    const pintas_line_suit_weights *w = tb->w;
    pintas_mask rest = tb->hand & ~PINTAS_BIT(t);
    unsigned e[2], d[2], opened[2], n_opened = 1, i, count;
    double value = 0.0;
    if (tb->line_len == 0) {
        e[0] = opened[0] = pintas__tile_hi(t);
        e[1] = opened[1] = pintas__tile_lo(t);
        d[0] = d[1] = (unsigned)pintas__is_double(t);
        n_opened = 2u - d[0];
        count = pintas__tile_pips(t);
    } else {
        e[0] = tb->ends[0];
        e[1] = tb->ends[1];
        d[0] = tb->doubled[0];
        d[1] = tb->doubled[1];
        e[end] = opened[0] = pintas__tile_pips(t) - e[end];
        d[end] = (unsigned)pintas__is_double(t);
        count = e[0] * (1u + d[0]) + e[1] * (1u + d[1]);
    }
    for (i = 0; i < n_opened; ++i)
        value += w->accompanied * (double)pintas__popcount(rest & pintas__suit(opened[i])) +
                 tb->lacks[opened[i]];
    value += w->playable_after *
             (double)pintas__popcount(rest & (pintas__suit(e[0]) | pintas__suit(e[1])));
    if (pintas__is_double(t))
        value += w->double_bonus + w->stranding * (double)tb->out[pintas__tile_hi(t)];
    if (tb->muggins && count > 0 && count % 5u == 0)
        value += w->points * (double)count;
    return value + w->pips * (double)pintas__tile_pips(t);
}

/* The mover's placements: tiles[i] at ends[i], as the engine lists them (a
 * tile that fits both ends twice unless the ends are alike). */
typedef struct choices {
    uint8_t tile[PINTAS_LINE_MAX_MOVES];
    uint8_t end[PINTAS_LINE_MAX_MOVES];
    double value[PINTAS_LINE_MAX_MOVES]; /* e^((score - best) / temperature) */
    double sum;
    unsigned n;
} choices;

static void list_choices(const table *tb, choices *c)
{
    pintas_mask fit = tb->hand;
    unsigned alike = tb->ends[0] == tb->ends[1] &&
                     (!tb->muggins || tb->doubled[0] == tb->doubled[1]);
    c->n = 0;
    if (tb->line_len > 0)
        fit &= pintas__suit(tb->ends[0]) | pintas__suit(tb->ends[1]);
    for (; fit; fit &= fit - 1) {
        unsigned t = pintas__lowest_bit(fit), end;
        for (end = 0; end < 2; ++end) {
            if (tb->line_len == 0 ? end == 1 : !(pintas__suit(tb->ends[end]) & PINTAS_BIT(t)))
                continue;
            if (end == 1 && alike)
                continue;
            c->tile[c->n] = (uint8_t)t;
            c->end[c->n++] = (uint8_t)end;
        }
    }
}

/* The softmax of the choices' scores at `temperature` (c->n >= 1). */
static void soften(const table *tb, choices *c, double temperature)
{
    double best = 0.0;
    unsigned i;
    for (i = 0; i < c->n; ++i) {
        c->value[i] = score_of(tb, c->tile[i], c->end[i]);
        if (i == 0 || c->value[i] > best)
            best = c->value[i];
    }
    c->sum = 0.0;
    for (i = 0; i < c->n; ++i) {
        c->value[i] = exp_neg((c->value[i] - best) / temperature);
        c->sum += c->value[i];
    }
}

/* What `mover` gains from others lacking each number (voids[seat], bit n:
 * the seat lacks n): the suit weights' opponent terms (x2 for the next seat)
 * and partner terms. */
static void set_lacks(double lacks[N_NUMBERS], const pintas_line_suit_weights *w,
                      const pintas_line_rules *r, unsigned mover,
                      const uint8_t voids[PINTAS_LINE_MAX_SEATS])
{
    unsigned seat, n, next = pintas__line_next_seat(r, mover);
    memset(lacks, 0, N_NUMBERS * sizeof lacks[0]);
    for (seat = 0; seat < r->players; ++seat) {
        double each;
        if (seat == mover)
            continue;
        if (r->pairs && pintas__line_side_of(r, seat) == pintas__line_side_of(r, mover))
            each = w->partner_lacks;
        else
            each = w->opponent_lacks * (seat == next ? 2.0 : 1.0);
        for (n = 0; n < N_NUMBERS; ++n)
            if (voids[seat] >> n & 1u)
                lacks[n] += each;
    }
}

/* ---- weighing a sample ------------------------------------------------------ */

/* The placement of *e on the replayed line of *tb. */
static void replay_play(table *tb, const pintas_line_log_entry *e)
{
    unsigned t = e->tile, end = e->end ? 1u : 0u;
    if (tb->line_len == 0) {
        tb->ends[0] = (uint8_t)pintas__tile_hi(t);
        tb->ends[1] = (uint8_t)pintas__tile_lo(t);
        tb->doubled[0] = tb->doubled[1] = (uint8_t)pintas__is_double(t);
    } else {
        tb->ends[end] = (uint8_t)(pintas__tile_pips(t) - tb->ends[end]);
        tb->doubled[end] = (uint8_t)pintas__is_double(t);
    }
    ++tb->out[pintas__tile_hi(t)];
    if (!pintas__is_double(t))
        ++tb->out[pintas__tile_lo(t)];
    ++tb->line_len;
}

/* The model's probability of *e (a placement by a seat holding `hand`),
 * relative to a uniform choice among the same placements. */
static double play_weight(table *tb, const pintas_line_infer_params *p, pintas_mask hand,
                          const pintas_line_log_entry *e)
{
    choices c;
    unsigned i, end = e->end && tb->line_len > 0 ? 1u : 0u;
    tb->hand = hand;
    list_choices(tb, &c);
    if (c.n < 2)
        return 1.0;
    soften(tb, &c, p->model_temperature);
    for (i = 0; i < c.n; ++i)
        if (c.tile[i] == e->tile && (c.end[i] == end || tb->ends[0] == tb->ends[1]))
            return (double)c.n * ((1.0 - p->model_mix) * c.value[i] / c.sum) + p->model_mix;
    return 1.0; /* not reached: the log's placement is among them */
}

/* The weight of sample *s of *info (see the header). */
static double sample_weight(const pintas_line_info *info, const pintas_line_infer_params *p,
                            const pintas_line_suit_weights *w, const pintas_line_state *s)
{
    const pintas_line_rules *r = &info->rules;
    pintas_mask placed_all[PINTAS_LINE_MAX_SEATS] = {0}, placed[PINTAS_LINE_MAX_SEATS] = {0};
    uint8_t voids[PINTAS_LINE_MAX_SEATS] = {0};
    int last_draw[PINTAS_LINE_MAX_SEATS] = {-1, -1, -1, -1};
    double weight = 1.0, lacks[N_NUMBERS];
    table tb;
    int i;
    for (i = 0; i < (int)info->log_len; ++i) {
        const pintas_line_log_entry *e = &info->log[i];
        if (e->kind == PINTAS_MOVE_PLAY)
            placed_all[e->seat & 3u] |= PINTAS_BIT(e->tile);
        else if (e->kind == PINTAS_MOVE_DRAW)
            last_draw[e->seat & 3u] = i;
    }
    memset(&tb, 0, sizeof tb);
    tb.w = w;
    tb.lacks = lacks;
    tb.muggins = r->game == PINTAS_LINE_MUGGINS;
    for (i = 0; i < (int)info->log_len; ++i) {
        const pintas_line_log_entry *e = &info->log[i];
        unsigned seat = e->seat & 3u;
        if (e->kind != PINTAS_MOVE_PLAY) {
            if (tb.line_len > 0)
                voids[seat] |= (uint8_t)(1u << tb.ends[0] | 1u << tb.ends[1]);
            continue;
        }
        if (seat != info->seat && i > last_draw[seat] && (tb.line_len > 0 || info->round > 1)) {
            set_lacks(lacks, w, r, seat, voids);
            weight *= play_weight(&tb, p, s->hand[seat] | (placed_all[seat] & ~placed[seat]), e);
        }
        placed[seat] |= PINTAS_BIT(e->tile);
        replay_play(&tb, e);
    }
    return weight;
}

/* ---- suit-like playouts ----------------------------------------------------- */

/* A playout's running table: the line's counts kept as tiles are placed,
 * and what every seat is known to lack, publicly (the root's facts and the
 * playout's own passes and draws), not read from the sampled hands. */
typedef struct playout {
    table tb;
    uint8_t voids[PINTAS_LINE_MAX_SEATS];
    uint8_t known;  /* bit s: lacks[s] is up to date with voids */
    double lacks[PINTAS_LINE_MAX_SEATS][N_NUMBERS]; /* set_lacks for each mover */
} playout;

static void playout_start(playout *po, const pintas_line_state *s,
                          const pintas_line_suit_weights *w, const uint8_t *voids)
{
    unsigned i;
    memset(po, 0, sizeof *po);
    po->tb.w = w;
    po->tb.muggins = s->rules.game == PINTAS_LINE_MUGGINS;
    memcpy(po->voids, voids, sizeof po->voids);
    for (i = 0; i < s->line_len && i < PINTAS_TILE_COUNT; ++i) {
        unsigned t = s->line[i] & 0x7Fu;
        ++po->tb.out[pintas__tile_hi(t)];
        if (!pintas__is_double(t))
            ++po->tb.out[pintas__tile_lo(t)];
    }
}

/* Note move *m of the seat to move in *s, before it is played. */
static void playout_note(playout *po, const pintas_line_state *s, const pintas_line_move *m)
{
    if (m->kind != PINTAS_MOVE_PLAY) {
        if (s->line_len > 0) {
            po->voids[s->to_move & 3u] |= (uint8_t)(1u << s->ends[0] | 1u << s->ends[1]);
            po->known = 0;
        }
        return;
    }
    ++po->tb.out[pintas__tile_hi(m->tile)];
    if (!pintas__is_double(m->tile))
        ++po->tb.out[pintas__tile_lo(m->tile)];
}

/* The suit-like move of the seat to move in *s (in play): uniformly random
 * with probability playout_mix, else drawn from the softmax. */
static void model_move(playout *po, const pintas_line_state *s,
                       const pintas_line_infer_params *p, pintas_rng *rng, pintas_line_move *m)
{
    table *tb = &po->tb;
    choices c;
    unsigned i = 0;
    double u;
    if (!pintas__line_playable(s, s->to_move)) {
        m->kind = (uint8_t)(pintas__line_can_draw(s) ? PINTAS_MOVE_DRAW : PINTAS_MOVE_PASS);
        m->tile = PINTAS_NO_TILE;
        m->end = 0;
        return;
    }
    tb->hand = s->hand[s->to_move & 3u];
    if (s->line_len == 0 && s->forced_tile < PINTAS_TILE_COUNT)
        tb->hand = PINTAS_BIT(s->forced_tile);
    tb->ends[0] = s->ends[0];
    tb->ends[1] = s->ends[1];
    tb->doubled[0] = s->end_double[0];
    tb->doubled[1] = s->end_double[1];
    tb->line_len = s->line_len;
    list_choices(tb, &c);
    if (c.n > 1) {
        u = ((double)pintas__rng_next(rng) + 0.5) * (1.0 / 4294967296.0);
        if (u < p->playout_mix) {
            i = (unsigned)(u / p->playout_mix * c.n);
        } else {
            unsigned mover = s->to_move & 3u;
            if (!(po->known >> mover & 1u))
                set_lacks(po->lacks[mover], tb->w, &s->rules, mover, po->voids);
            po->known |= (uint8_t)(1u << mover);
            tb->lacks = po->lacks[mover];
            soften(tb, &c, p->playout_temperature);
            u = (u - p->playout_mix) / (1.0 - p->playout_mix) * c.sum;
            for (; i + 1 < c.n && u >= c.value[i]; ++i)
                u -= c.value[i];
        }
    }
    m->kind = PINTAS_MOVE_PLAY;
    m->tile = c.tile[i];
    m->end = c.end[i];
}

/* Moves of a round at most (see line_search.c's playouts). */
#define PLAYOUT_MAX_MOVES 256

static int32_t suit_playout(const pintas_line_state *state, const pintas_line_move *first,
                            unsigned seat, const pintas_line_infer_params *p,
                            const pintas_line_suit_weights *w, const uint8_t *voids,
                            pintas_rng *rng)
{
    pintas_line_state s = *state;
    pintas__line_quiet q;
    pintas_line_move m;
    playout po;
    unsigned steps;
    const unsigned over = (1u << PINTAS_EV_ROUND_END) | (1u << PINTAS_EV_GAME_END);
    q.tally = NULL;
    playout_start(&po, &s, w, voids);
    playout_note(&po, &s, first);
    if (pintas__line_play_quiet(&s, first, &q) != PINTAS_OK)
        return 0; /* not reached: the moves are legal in every sample */
    for (steps = 0; !(q.kinds & over) && s.phase == PINTAS_LINE_PLAYING &&
                    steps < PLAYOUT_MAX_MOVES;
         ++steps) {
        model_move(&po, &s, p, rng, &m);
        playout_note(&po, &s, &m);
        if (pintas__line_play_quiet(&s, &m, &q) != PINTAS_OK)
            break;
    }
    return pintas__line_outcome(state, &s, seat);
}

/* ---- the search ------------------------------------------------------------- */

int pintas_line_infer_init(const pintas_line_info *info, pintas_line_infer_result *out)
{
    pintas_line_knowledge k;
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n = 0;
    int status;
    if (!out)
        return PINTAS_E_ARG;
    status = pintas_line_knowledge_of(info, &k);
    if (status == PINTAS_OK)
        status = pintas__line_search_moves(info, &k, moves, &n);
    if (status != PINTAS_OK)
        return status;
    memset(out, 0, sizeof *out);
    memcpy(out->moves, moves, n * sizeof moves[0]);
    out->n_moves = (uint32_t)n;
    return PINTAS_OK;
}

/* 1 if *out was started on *info (whose knowledge is *k): the same legal
 * moves, and room for `count` more samples. */
static int result_of(const pintas_line_info *info, const pintas_line_knowledge *k,
                     const pintas_line_infer_result *out, uint32_t count)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n = 0, i;
    if (pintas__line_search_moves(info, k, moves, &n) != PINTAS_OK || n != out->n_moves ||
        out->samples > UINT32_MAX - count)
        return 0;
    for (i = 0; i < n; ++i)
        if (moves[i].kind != out->moves[i].kind || moves[i].tile != out->moves[i].tile ||
            moves[i].end != out->moves[i].end)
            return 0;
    return 1;
}

int pintas_line_infer_run_until(const pintas_line_info *info,
                                const pintas_line_infer_params *params, uint64_t seed,
                                uint32_t first, uint32_t count, const volatile uint8_t *stop,
                                pintas_line_infer_result *out)
{
    pintas_line_knowledge k;
    pintas_line_suit_weights w;
    uint32_t i, j;
    if (!out || pintas_line_infer_params_check(params) != PINTAS_OK ||
        count > PINTAS_LINE_SEARCH_MAX_SAMPLES || pintas_line_knowledge_of(info, &k) != PINTAS_OK ||
        !result_of(info, &k, out, count))
        return PINTAS_E_ARG;
    pintas_line_suit_weights_for(info->rules.game, &w);
    /* nothing fails from here on: the totals grow in place */
    for (i = 0; i < count && !(stop && *stop); ++i) {
        pintas_line_state s;
        pintas_rng rng;
        uint8_t flag;
        double weight = 1.0;
        pintas__line_search_sample(info, &k, seed, (uint64_t)first + i, &rng, &s, &flag);
        out->relaxed += flag;
        if (params->levers & PINTAS_INFER_WEIGHTED)
            weight = sample_weight(info, params, &w, &s);
        for (j = 0; j < out->n_moves; ++j) {
            pintas_rng luck = rng;
            int32_t outcome = 0;
            if (params->levers & PINTAS_INFER_SUIT_PLAYOUTS)
                outcome = suit_playout(&s, &out->moves[j], info->seat, params, &w, k.voids,
                                       &luck);
            else /* legal in every sample: the playout cannot refuse it */
                (void)pintas_line_playout(&s, &out->moves[j], info->seat, PINTAS_POLICY_RANDOM,
                                          &luck, &outcome);
            out->total[j] += weight * (double)outcome;
        }
        out->weight += weight;
    }
    out->samples += i;
    return PINTAS_OK;
}

int pintas_line_infer(const pintas_line_info *info, const pintas_line_infer_params *params,
                      uint32_t samples, uint64_t seed, pintas_line_infer_result *out)
{
    pintas_line_infer_params own;
    pintas_line_infer_result r;
    int status;
    if (!out)
        return PINTAS_E_ARG;
    if (!params) {
        pintas_line_infer_defaults(&own);
        params = &own;
    }
    status = pintas_line_infer_init(info, &r);
    if (status != PINTAS_OK)
        return status;
    status = pintas_line_infer_run_until(info, params, seed, 0, samples, NULL, &r);
    if (status == PINTAS_OK)
        *out = r;
    return status;
}

int pintas_line_infer_best(const pintas_line_infer_result *out)
{
    int best = -1;
    uint32_t i;
    if (out && out->samples > 0 && out->n_moves <= PINTAS_LINE_MAX_MOVES)
        for (i = 0; i < out->n_moves; ++i)
            if (best < 0 || out->total[i] > out->total[best])
                best = (int)i;
    return best;
}

static int same_line(const pintas_line_state *s, const pintas_line_knowledge *k)
{
    unsigned i;
    if (s->line_len != k->line_len)
        return 0;
    for (i = 0; i < k->line_len; ++i)
        if (s->line[i] != k->line[i])
            return 0;
    return 1;
}

int pintas_line_infer_weight(const pintas_line_info *info,
                             const pintas_line_infer_params *params,
                             const pintas_line_state *state, double *weight)
{
    pintas_line_infer_params own;
    pintas_line_knowledge k;
    pintas_line_suit_weights w;
    if (!params) {
        pintas_line_infer_defaults(&own);
        params = &own;
    }
    if (!state || !weight || pintas_line_infer_params_check(params) != PINTAS_OK ||
        pintas_line_knowledge_of(info, &k) != PINTAS_OK || !pintas__line_usable(state) ||
        state->rules.game != info->rules.game || state->rules.players != info->rules.players ||
        state->rules.pairs != info->rules.pairs || state->hand[info->seat] != info->hand ||
        !same_line(state, &k))
        return PINTAS_E_ARG;
    pintas_line_suit_weights_for(info->rules.game, &w);
    *weight = sample_weight(info, params, &w, state);
    return PINTAS_OK;
}
