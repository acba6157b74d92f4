/* line_search.c - perfect-information Monte Carlo for the line games: the
 * observer's knowledge, uniform consistent samples of the hidden tiles, and
 * playouts that score every legal move (see pintas/line_search.h for the facts
 * derived and why they are sound).
 *
 * Parameters: a pintas_line_info (rules, observer, its hand, the scores, the
 * round's public log), a sample budget, a seed and a playout policy.
 *
 * Randomness (in this order, so another implementation can reproduce it):
 * sample i seeds a PCG32 with initstate = mix(seed, i) on stream
 * PINTAS_LINE_SEARCH_STREAM, then
 *  1. the deal: one below(total) choosing how many tiles of each shared class
 *     the first hidden holder takes, then partial Fisher-Yates picks within
 *     the classes (first holder, then second), then a Fisher-Yates shuffle of
 *     the boneyard;
 *  2. 64 bits (two outputs, high word first) seeding the sampled state's PRNG;
 *  (1 and 2 again, up to 64 times in all, while the sample breaks a public
 *  fact: a blocked round, or round 1's lead held by another seat; then 1 and
 *  2 once more with the tile the fact needs given to its first possible
 *  holder);
 *  3. for every legal move, a copy of the generator as it is now drives that
 *     move's playout (random policy: one below(n) per move; greedy: none).
 */
#include <string.h>

#include "pintas/line_search.h"
#include "line_internal.h"
#include "line_search_internal.h"
#include "tiles_internal.h"

#define N_TILES PINTAS_TILE_COUNT
#define HAND PINTAS_LINE_HAND_SIZE
/* Hidden holders: up to three (other seats, then the boneyard or aside). */
#define HOLDERS 3
#define PILE_HOLDER 0xFE

static int heavier(unsigned a, unsigned b)
{
    return pintas__tile_weight(a) > pintas__tile_weight(b);
}

/* ---- knowledge ----------------------------------------------------------- */

/* What round 1's forced opening tile t says: tiles nobody held at the deal. */
static pintas_mask lead_excludes(unsigned t)
{
    pintas_mask m = 0;
    unsigned u;
    if (pintas__is_double(t)) {
        for (u = pintas__tile_hi(t) + 1u; u <= PINTAS_MAX_PIP; ++u)
            m |= PINTAS_BIT(PINTAS_TILE(u, u));
        return m;
    }
    for (u = 0; u < N_TILES; ++u)
        if (pintas__is_double(u) || heavier(u, t))
            m |= PINTAS_BIT(u);
    return m;
}

typedef struct walker {
    pintas_line_knowledge k;
    int count[PINTAS_LINE_MAX_SEATS];
    pintas_mask placed;
    /* a seat's last action was a draw at these ends (0xFF: it was not) */
    uint8_t drew_at[PINTAS_LINE_MAX_SEATS][2];
} walker;

static pintas_mask ends_suits(const walker *w)
{
    return pintas__suit(w->k.ends[0]) | pintas__suit(w->k.ends[1]);
}

/* The seat acts again after a draw: if it does anything but place, the drawn
 * tile was kept, and a kept tile is only known to lack the draw's ends. */
static void settle_draw(walker *w, unsigned seat, unsigned kind)
{
    if (w->drew_at[seat][0] == 0xFF)
        return;
    if (kind != PINTAS_MOVE_PLAY)
        w->k.not_held[seat] &=
            pintas__suit(w->drew_at[seat][0]) | pintas__suit(w->drew_at[seat][1]);
    w->drew_at[seat][0] = w->drew_at[seat][1] = 0xFF;
}

/* A placement. A seat holds no tile it is known to lack, except the tile it
 * has just drawn (placed at once, it is that very tile). */
static int walk_play(walker *w, const pintas_line_info *info, const pintas_line_log_entry *e,
                     int after_draw)
{
    unsigned t = e->tile, end = e->end ? 1u : 0u;
    pintas_line_knowledge *k = &w->k;
    if (t >= N_TILES || (w->placed & PINTAS_BIT(t)) || e->end > 1)
        return 0;
    if (!after_draw && (k->not_held[e->seat] & PINTAS_BIT(t)))
        return 0;
    if (k->line_len == 0) {
        if (info->round == 1) {
            unsigned seat;
            pintas_mask none = lead_excludes(t);
            for (seat = 0; seat < info->rules.players; ++seat)
                k->not_held[seat] |= none;
        }
        k->ends[0] = (uint8_t)pintas__tile_hi(t);
        k->ends[1] = (uint8_t)pintas__tile_lo(t);
        k->end_double[0] = k->end_double[1] = (uint8_t)pintas__is_double(t);
        end = 0;
    } else {
        unsigned at = k->ends[end];
        if (!(pintas__suit(at) & PINTAS_BIT(t)))
            return 0;
        k->ends[end] = (uint8_t)(pintas__tile_pips(t) - at);
        k->end_double[end] = (uint8_t)pintas__is_double(t);
    }
    k->line[k->line_len++] = (uint8_t)(t | (end ? PINTAS__LINE_AT_RIGHT : 0u));
    w->placed |= PINTAS_BIT(t);
    if (--w->count[e->seat] <= 0)
        return 0; /* a domino ends the round: no log goes on past it */
    k->last_placer = e->seat;
    k->passes = 0;
    k->to_move = (uint8_t)pintas__line_next_seat(&info->rules, e->seat);
    return 1;
}

static int walk_entry(walker *w, const pintas_line_info *info, const pintas_line_log_entry *e)
{
    pintas_line_knowledge *k = &w->k;
    unsigned seat = e->seat;
    int after_draw;
    if (seat != k->to_move)
        return 0;
    after_draw = w->drew_at[seat][0] != 0xFF;
    settle_draw(w, seat, e->kind);
    if (e->kind == PINTAS_MOVE_PLAY)
        return walk_play(w, info, e, after_draw);
    if (k->line_len == 0 || e->tile != PINTAS_NO_TILE || e->end != 0)
        return 0;
    if (e->kind == PINTAS_MOVE_DRAW) {
        if (!k->pile_draws || k->pile_count == 0)
            return 0;
        k->not_held[seat] |= ends_suits(w);
        w->drew_at[seat][0] = k->ends[0];
        w->drew_at[seat][1] = k->ends[1];
        --k->pile_count;
        ++w->count[seat];
        return 1;
    }
    if (e->kind != PINTAS_MOVE_PASS || (k->pile_draws && k->pile_count > 0) ||
        k->passes + 1u >= info->rules.players)
        return 0;
    k->not_held[seat] |= ends_suits(w);
    ++k->passes;
    k->to_move = (uint8_t)pintas__line_next_seat(&info->rules, seat);
    return 1;
}

/* The fields of *info on their own: valid rules, seats in range, reserved
 * 0, a hand inside the set, a log that fits, a round from 1 and not past the
 * rules' round limit, and scores a game in play can hold (the loader's
 * rules). */
static int fields_ok(const pintas_line_info *info)
{
    const pintas_line_rules *r = &info->rules;
    if (pintas_line_rules_check(r) != PINTAS_OK)
        return 0;
    return info->seat < r->players && info->leader < r->players && info->reserved == 0 &&
           (info->hand & ~PINTAS_ALL_TILES) == 0 && info->log_len <= PINTAS_LINE_INFO_MAX_LOG &&
           info->round >= 1 && (r->max_rounds == 0 || info->round <= r->max_rounds) &&
           pintas__line_scores_in_play_ok(r, info->score);
}

/* Scores the round so far can have left: every point is scored by a
 * placement or after one, so none in round 1 before its first placement;
 * and Muggins only ever scores multiples of 5. */
static int scores_reachable(const pintas_line_info *info, unsigned line_len)
{
    unsigned i;
    for (i = 0; i < PINTAS_LINE_MAX_SEATS; ++i) {
        if (info->round == 1 && line_len == 0 && info->score[i] != 0)
            return 0;
        if (info->rules.game == PINTAS_LINE_MUGGINS && info->score[i] % 5 != 0)
            return 0;
    }
    return 1;
}

/* Round 1's forced opening as the engine tells it: to the leader alone,
 * before the round's first placement, and always (the DEAL names it). The
 * leader holds the highest tile of every hand, so the lead rule picks it from
 * the leader's own hand too. */
static int forced_tile_ok(const pintas_line_info *info, unsigned line_len)
{
    if (info->round != 1 || line_len != 0 || info->seat != info->leader)
        return info->forced_tile == PINTAS_NO_TILE;
    return info->forced_tile < N_TILES && info->forced_tile == pintas__line_lead_tile(info->hand);
}

/* Walk the log of *info (fields_ok already) into *out; 0 if it is no
 * possible round for this observer: see walk_entry, and the observer's hand
 * must be the right size, off the line, and clear of every tile the log says
 * the observer lacks (passing or drawing with a tile that fitted, or keeping
 * a tile round 1's lead says nobody held, are impossible for it as for any
 * seat). */
static int derive(const pintas_line_info *info, pintas_line_knowledge *out)
{
    walker w;
    const pintas_line_rules *r = &info->rules;
    unsigned seat, i, n;
    memset(&w, 0, sizeof w);
    memset(w.drew_at, 0xFF, sizeof w.drew_at);
    memset(w.k.line, PINTAS_NO_TILE, sizeof w.k.line);
    for (seat = 0; seat < r->players; ++seat)
        w.count[seat] = HAND;
    w.k.pile_draws = (uint8_t)pintas__line_draws(r);
    w.k.pile_count = (uint8_t)(N_TILES - HAND * r->players);
    w.k.to_move = info->leader;
    w.k.last_placer = PINTAS_NO_SEAT;
    for (i = 0; i < info->log_len; ++i)
        if (!walk_entry(&w, info, &info->log[i]))
            return 0;
    /* a draw the drawer has not acted on yet: the new tile may show anything */
    for (seat = 0; seat < r->players; ++seat)
        if (w.drew_at[seat][0] != 0xFF)
            w.k.not_held[seat] = 0;
    if ((info->hand & w.placed) || (int)pintas__popcount(info->hand) != w.count[info->seat] ||
        (info->hand & w.k.not_held[info->seat]))
        return 0;
    if (!forced_tile_ok(info, w.k.line_len))
        return 0;
    if (info->forced_tile != PINTAS_NO_TILE) /* the rule picked it over every hand */
        for (seat = 0; seat < r->players; ++seat)
            w.k.not_held[seat] |= lead_excludes(info->forced_tile);
    w.k.unseen = PINTAS_ALL_TILES & ~info->hand & ~w.placed;
    for (seat = 0; seat < PINTAS_LINE_MAX_SEATS; ++seat) {
        pintas_mask lacks;
        w.k.hand_count[seat] = (uint8_t)(seat < r->players ? w.count[seat] : 0);
        w.k.not_held[seat] &= w.k.unseen;
        if (seat == info->seat)
            w.k.not_held[seat] = w.k.unseen;
        lacks = seat == info->seat ? ~info->hand : w.k.not_held[seat] | ~w.k.unseen;
        w.k.voids[seat] = 0;
        if (seat >= r->players)
            continue;
        for (n = 0; n <= PINTAS_MAX_PIP; ++n)
            if ((pintas__suit(n) & ~lacks) == 0)
                w.k.voids[seat] |= (uint8_t)(1u << n);
    }
    *out = w.k;
    return 1;
}

/* ---- sampling ------------------------------------------------------------ */

/* C(n, k) for n <= 28, in 32-bit arithmetic (C(28, 14) * 28 < 2^32), so no
 * 64-bit division is needed on small targets. */
static uint32_t choose(unsigned n, unsigned k)
{
    uint32_t c = 1;
    unsigned i;
    if (k > n)
        return 0;
    if (k > n - k)
        k = n - k;
    for (i = 0; i < k; ++i)
        c = c * (uint32_t)(n - i) / (uint32_t)(i + 1u);
    return c;
}

typedef struct holders {
    uint8_t who[HOLDERS];       /* seat, PILE_HOLDER, or PINTAS_NO_SEAT (unused) */
    unsigned cap[HOLDERS];
    pintas_mask forbid[HOLDERS];
    pintas_mask got[HOLDERS];
} holders;

/* Tiles of `from` that make up `k` random members (partial Fisher-Yates). */
static pintas_mask pick(pintas_rng *rng, pintas_mask from, unsigned k)
{
    uint8_t items[N_TILES];
    unsigned n = 0, i;
    pintas_mask out = 0;
    for (; from; from &= from - 1)
        items[n++] = (uint8_t)pintas__lowest_bit(from);
    for (i = 0; i < k && i < n; ++i) {
        unsigned j = i + pintas__rng_below(rng, n - i);
        uint8_t t = items[j];
        items[j] = items[i];
        items[i] = t;
        out |= PINTAS_BIT(t);
    }
    return out;
}

/* Holder 0 takes every tile only it may hold, plus k3/k5/k7 of the classes it
 * shares ({0,1}, {0,2}, {0,1,2}); the number of ways to finish the deal is
 * then C(both, c1 - only1). Returns the weight of that choice. */
static uint64_t weight(const unsigned *n, const unsigned *c, unsigned k3, unsigned k5,
                       unsigned k7)
{
    unsigned only1, both;
    if (k3 > n[3] || k5 > n[5] || k7 > n[7])
        return 0;
    only1 = n[2] + n[3] - k3;
    both = n[6] + n[7] - k7;
    if (only1 > c[1] || c[1] - only1 > both || n[4] + n[5] - k5 > c[2])
        return 0;
    return (uint64_t)choose(n[3], k3) * choose(n[5], k5) * choose(n[7], k7) *
           choose(both, c[1] - only1);
}

/* Sort the unseen tiles into classes by the holders that may take them
 * (class c: bit i set when holder i may); n[c] counts class c. */
static void classify(const holders *h, pintas_mask unseen, pintas_mask *cls, unsigned *n)
{
    unsigned i;
    memset(cls, 0, 8 * sizeof cls[0]);
    for (; unseen; unseen &= unseen - 1) {
        unsigned t = pintas__lowest_bit(unseen), c = 0;
        for (i = 0; i < HOLDERS; ++i)
            if (h->cap[i] > 0 && !(h->forbid[i] & PINTAS_BIT(t)))
                c |= 1u << i;
        cls[c] |= PINTAS_BIT(t);
    }
    for (i = 0; i < 8; ++i)
        n[i] = pintas__popcount(cls[i]);
}

/* The number of deals of the classified tiles that respect every holder's
 * forbidden tiles (0: none). */
static uint64_t deal_total(const holders *h, const unsigned *n)
{
    unsigned k3, k5, free0;
    uint64_t total = 0;
    if (n[0] > 0 || n[1] > h->cap[0])
        return 0;
    free0 = h->cap[0] - n[1];
    for (k3 = 0; k3 <= free0; ++k3)
        for (k5 = 0; k3 + k5 <= free0; ++k5)
            total += weight(n, h->cap, k3, k5, free0 - k3 - k5);
    return total;
}

/* 1 if some deal of the unseen tiles respects every holder's forbidden tiles. */
static int some_deal(const holders *h, pintas_mask unseen)
{
    pintas_mask cls[8];
    unsigned n[8];
    classify(h, unseen, cls, n);
    return deal_total(h, n) > 0;
}

/* Deal the unseen tiles to the holders uniformly among the deals that respect
 * every holder's forbidden tiles. 0 if no such deal exists. */
static int deal_exact(holders *h, pintas_mask unseen, pintas_rng *rng)
{
    pintas_mask cls[8];
    unsigned n[8], k3, k5, free0;
    uint64_t total, r;
    classify(h, unseen, cls, n);
    total = deal_total(h, n);
    if (total == 0 || total > UINT32_MAX) /* at most 21!/(7!)^3 < 2^32 deals */
        return 0;
    free0 = h->cap[0] - n[1];
    r = pintas__rng_below(rng, (uint32_t)total);
    for (k3 = 0; k3 <= free0; ++k3)
        for (k5 = 0; k3 + k5 <= free0; ++k5) {
            uint64_t wgt = weight(n, h->cap, k3, k5, free0 - k3 - k5);
            pintas_mask take3, take5, take7, both;
            if (r >= wgt) {
                r -= wgt;
                continue;
            }
            take3 = pick(rng, cls[3], k3);
            take5 = pick(rng, cls[5], k5);
            take7 = pick(rng, cls[7], free0 - k3 - k5);
            h->got[0] = cls[1] | take3 | take5 | take7;
            both = cls[6] | (cls[7] & ~take7);
            h->got[1] = cls[2] | (cls[3] & ~take3);
            h->got[1] |= pick(rng, both, h->cap[1] - pintas__popcount(h->got[1]));
            h->got[2] = cls[4] | (cls[5] & ~take5) | (both & ~h->got[1]);
            return 1;
        }
    return 0;
}

/* The fallback: the right counts, the facts ignored. */
static void deal_relaxed(holders *h, pintas_mask unseen, pintas_rng *rng)
{
    uint8_t items[N_TILES];
    unsigned n = 0, i, at = 0;
    for (; unseen; unseen &= unseen - 1)
        items[n++] = (uint8_t)pintas__lowest_bit(unseen);
    pintas__rng_shuffle(rng, items, n);
    for (i = 0; i < HOLDERS; ++i) {
        unsigned j;
        h->got[i] = 0;
        for (j = 0; j < h->cap[i] && at < n; ++j)
            h->got[i] |= PINTAS_BIT(items[at++]);
    }
}

/* The hidden holders of the unseen tiles, in the sampler's order: the other
 * seats (each lacking its "not held" tiles), then the boneyard or the
 * set-aside tiles when some are left; unused slots take nothing. */
static void holders_of(const pintas_line_info *info, const pintas_line_knowledge *k, holders *h)
{
    unsigned seat, i = 0;
    memset(h, 0, sizeof *h);
    for (seat = 0; seat < info->rules.players; ++seat) {
        if (seat == info->seat || i >= HOLDERS)
            continue;
        h->who[i] = (uint8_t)seat;
        h->cap[i] = k->hand_count[seat];
        h->forbid[i++] = k->not_held[seat];
    }
    if (k->pile_count > 0 && i < HOLDERS) {
        h->who[i] = PILE_HOLDER;
        h->cap[i++] = k->pile_count;
    }
    for (; i < HOLDERS; ++i) {
        h->who[i] = PINTAS_NO_SEAT;
        h->forbid[i] = PINTAS_ALL_TILES;
    }
}

/* Holder `i` must take tile t: every other holder is forbidden it. */
static void force_tile(holders *h, unsigned i, unsigned t)
{
    unsigned j;
    for (j = 0; j < HOLDERS; ++j)
        if (j != i)
            h->forbid[j] |= PINTAS_BIT(t);
}

/* The public facts that are not of the "not held" kind, each as a tile some
 * seat must hold:
 *  - a round in play is not blocked: where nothing can be drawn and the
 *    observer holds no tile that fits, another seat holds one;
 *  - before round 1's opening the leader holds the lead tile: where the
 *    observer is not the leader, the leader holds the top unseen tile (the
 *    lead rule's pick among every tile the observer cannot see), which must
 *    beat every tile of the observer's.
 * 0 when neither applies; 1 with the first (holder, tile), by holder then
 * tile, that some deal respecting the "not held" facts gives; -1 when no
 * deal meets the fact: no real round looks like this. */
static int public_need(const pintas_line_info *info, const pintas_line_knowledge *k,
                       const holders *h, unsigned *holder, unsigned *tile)
{
    pintas_mask wanted, ends = pintas__suit(k->ends[0]) | pintas__suit(k->ends[1]);
    unsigned i, only = PINTAS_NO_SEAT;
    if (k->line_len > 0) {
        if ((k->pile_draws && k->pile_count > 0) || (info->hand & ends))
            return 0;
        wanted = ends & k->unseen;
    } else {
        unsigned lead = pintas__line_lead_tile(k->unseen | info->hand);
        if (info->round != 1 || info->seat == info->leader)
            return 0;
        wanted = PINTAS_BIT(lead) & k->unseen;
        only = info->leader;
    }
    for (i = 0; i < HOLDERS; ++i) {
        pintas_mask m;
        if (h->who[i] >= PINTAS_LINE_MAX_SEATS || (only != PINTAS_NO_SEAT && h->who[i] != only))
            continue;
        for (m = wanted & ~h->forbid[i]; m; m &= m - 1) {
            holders forced = *h;
            force_tile(&forced, i, pintas__lowest_bit(m));
            if (some_deal(&forced, k->unseen)) {
                *holder = i;
                *tile = pintas__lowest_bit(m);
                return 1;
            }
        }
    }
    return -1;
}

int pintas_line_knowledge_of(const pintas_line_info *info, pintas_line_knowledge *out)
{
    pintas_line_knowledge k;
    holders h;
    unsigned holder, tile;
    if (!info || !out || !fields_ok(info) || !derive(info, &k) ||
        !scores_reachable(info, k.line_len))
        return PINTAS_E_ARG;
    /* the real deal respects every fact: an info no deal respects is no
     * real position, and would leave the sampler nothing to draw from */
    holders_of(info, &k, &h);
    if (!some_deal(&h, k.unseen) || public_need(info, &k, &h, &holder, &tile) < 0)
        return PINTAS_E_ARG;
    *out = k;
    return PINTAS_OK;
}

static void fill_state(pintas_line_state *s, const pintas_line_info *info,
                       const pintas_line_knowledge *k, const holders *h, pintas_rng *rng)
{
    unsigned i, n = 0, drawn;
    pintas_mask pile = 0, gone;
    uint64_t seed;
    memset(s, 0, sizeof *s);
    s->rules = info->rules;
    s->hand[info->seat] = info->hand;
    memset(s->boneyard, PINTAS_NO_TILE, sizeof s->boneyard);
    for (i = 0; i < HOLDERS; ++i) {
        if (h->who[i] < PINTAS_LINE_MAX_SEATS)
            s->hand[h->who[i]] = h->got[i];
        else if (h->who[i] == PILE_HOLDER)
            pile = h->got[i];
    }
    if (!k->pile_draws) {
        s->aside = pile;
    } else {
        /* The engine keeps drawn tiles at boneyard[0..bone_pos); which ones
         * they were is private and never read again, so any tiles outside the
         * pile stand in for them (in index order), and the pile follows in a
         * uniformly random order. */
        drawn = N_TILES - HAND * (unsigned)info->rules.players - pintas__popcount(pile);
        for (gone = PINTAS_ALL_TILES & ~pile; n < drawn && gone; gone &= gone - 1)
            s->boneyard[n++] = (uint8_t)pintas__lowest_bit(gone);
        for (; pile; pile &= pile - 1)
            s->boneyard[n++] = (uint8_t)pintas__lowest_bit(pile);
        pintas__rng_shuffle(rng, s->boneyard + drawn, n - drawn);
        s->bone_pos = (uint8_t)drawn;
        s->bone_len = (uint8_t)n;
    }
    seed = (uint64_t)pintas__rng_next(rng) << 32;
    seed |= pintas__rng_next(rng);
    pintas_rng_seed(&s->rng, seed, PINTAS_RNG_STREAM);
    for (i = 0; i < PINTAS_LINE_MAX_SEATS; ++i)
        s->score[i] = info->score[i];
    memcpy(s->line, k->line, sizeof s->line);
    s->line_len = k->line_len;
    s->ends[0] = k->ends[0];
    s->ends[1] = k->ends[1];
    s->end_double[0] = k->end_double[0];
    s->end_double[1] = k->end_double[1];
    s->phase = PINTAS_LINE_PLAYING;
    s->to_move = k->to_move;
    s->leader = info->leader;
    s->forced_tile = PINTAS_NO_TILE;
    if (k->line_len == 0 && info->round == 1) {
        /* the forced lead: known to its holder, else the rule on the sample */
        s->forced_tile = info->forced_tile;
        if (s->forced_tile == PINTAS_NO_TILE)
            s->forced_tile =
                pintas__line_lead_tile(s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]);
    }
    s->last_placer = k->last_placer;
    s->passes = k->passes;
    s->winner = PINTAS_NO_SEAT;
    s->end_reason = PINTAS_WHY_NONE;
    s->round = info->round;
}

/* The two public facts that are not of the "not held" kind: a round in
 * play is not blocked (someone can place, or the boneyard has a tile), and
 * before round 1's opening the leader holds the tile the lead rule picks. */
static int publicly_possible(const pintas_line_state *s)
{
    uint8_t leader, tile;
    if (s->line_len > 0)
        return !pintas__line_blocked(s);
    if (s->round != 1)
        return 1;
    pintas__line_first_lead(s, &leader, &tile);
    return tile != PINTAS_NO_TILE && tile == s->forced_tile && leader == s->leader;
}

/* Redraws of a sample that breaks a public fact before the fallback keeps
 * the last one (and reports it relaxed). */
#define MAX_REDRAWS 64

static void sample_state(const pintas_line_info *info, const pintas_line_knowledge *k,
                         pintas_rng *rng, pintas_line_state *out, uint8_t *relaxed)
{
    holders h;
    unsigned attempt, holder, tile;
    holders_of(info, k, &h);
    *relaxed = 0;
    for (attempt = 1;; ++attempt) {
        if (!deal_exact(&h, k->unseen, rng)) {
            /* unreachable after knowledge_of, which found a deal */
            deal_relaxed(&h, k->unseen, rng);
            *relaxed = 1;
            fill_state(out, info, k, &h, rng);
            return;
        }
        fill_state(out, info, k, &h, rng);
        if (publicly_possible(out))
            return;
        if (attempt >= MAX_REDRAWS)
            break;
    }
    /* Every redraw broke a public fact (a rare deal): draw one more with the
     * tile the fact needs given to a seat that can hold it (knowledge_of
     * found one), so the sample still meets every fact, less uniformly. */
    *relaxed = 1;
    if (public_need(info, k, &h, &holder, &tile) > 0) {
        force_tile(&h, holder, tile);
        if (deal_exact(&h, k->unseen, rng))
            fill_state(out, info, k, &h, rng);
    }
}

int pintas_line_determinize(const pintas_line_info *info, pintas_rng *rng,
                            pintas_line_state *out, uint8_t *relaxed)
{
    pintas_line_knowledge k;
    pintas_line_state s;
    uint8_t flag;
    int status;
    if (!rng || !out)
        return PINTAS_E_ARG;
    status = pintas_line_knowledge_of(info, &k);
    if (status != PINTAS_OK)
        return status;
    sample_state(info, &k, rng, &s, &flag);
    *out = s;
    if (relaxed)
        *relaxed = flag;
    return PINTAS_OK;
}

/* ---- playouts ------------------------------------------------------------ */

/* Muggins points of placing t at end (the engine's count of the open ends). */
static unsigned fives_after(const pintas_line_state *s, unsigned t, unsigned end)
{
    unsigned e[2], d[2], count;
    if (s->line_len == 0)
        count = pintas__tile_pips(t);
    else {
        e[0] = s->ends[0];
        e[1] = s->ends[1];
        d[0] = s->end_double[0];
        d[1] = s->end_double[1];
        e[end] = pintas__tile_pips(t) - e[end];
        d[end] = (unsigned)pintas__is_double(t);
        count = e[0] * (1u + d[0]) + e[1] * (1u + d[1]);
    }
    return count % 5u == 0 ? count : 0u;
}

/* The greedy default move of the seat to move, straight from the masks. */
static void greedy_move(const pintas_line_state *s, pintas_line_move *m)
{
    pintas_mask fit = pintas__line_playable(s, s->to_move);
    unsigned best = PINTAS_NO_TILE, best_end = 0, best_points = 0;
    int muggins = s->rules.game == PINTAS_LINE_MUGGINS;
    if (!fit) {
        m->kind = (uint8_t)(pintas__line_can_draw(s) ? PINTAS_MOVE_DRAW : PINTAS_MOVE_PASS);
        m->tile = PINTAS_NO_TILE;
        m->end = 0;
        return;
    }
    for (; fit; fit &= fit - 1) {
        unsigned t = pintas__lowest_bit(fit), end;
        for (end = 0; end < 2; ++end) {
            unsigned points;
            if (s->line_len == 0 ? end == 1 : !(pintas__suit(s->ends[end]) & PINTAS_BIT(t)))
                continue;
            if (end == 1 && pintas__line_ends_alike(s))
                continue;
            points = muggins ? fives_after(s, t, end) : 0u;
            if (best == PINTAS_NO_TILE || points > best_points ||
                (points == best_points && heavier(t, best))) {
                best = t;
                best_end = end;
                best_points = points;
            }
        }
    }
    m->kind = PINTAS_MOVE_PLAY;
    m->tile = (uint8_t)best;
    m->end = (uint8_t)best_end;
}

static int random_move(const pintas_line_state *s, pintas_rng *rng, pintas_line_move *m)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n = 0;
    int status = pintas_line_legal(s, moves, PINTAS_LINE_MAX_MOVES, &n);
    if (status != PINTAS_OK || n == 0)
        return PINTAS_E_ARG;
    *m = moves[pintas__rng_below(rng, (uint32_t)n)];
    return PINTAS_OK;
}

/* 1 if a quiet call's events ended the round (or the game). */
static int round_over(const pintas__line_quiet *q)
{
    return (q->kinds & ((1u << PINTAS_EV_ROUND_END) | (1u << PINTAS_EV_GAME_END))) != 0;
}

int32_t pintas__line_outcome(const pintas_line_state *before, const pintas_line_state *after,
                             unsigned seat)
{
    unsigned side, sides = pintas__line_sides(&after->rules);
    unsigned mine = pintas__line_side_of(&after->rules, seat);
    int64_t best_other = INT32_MIN;
    for (side = 0; side < sides; ++side) {
        int64_t gained = (int64_t)after->score[side] - before->score[side];
        if (side != mine && gained > best_other)
            best_other = gained;
    }
    best_other = (int64_t)after->score[mine] - before->score[mine] - best_other;
    /* scores only grow by round points, far from the bounds; the clamp keeps a
     * scribbled-on state from overflowing */
    return (int32_t)(best_other > INT32_MAX ? INT32_MAX
                     : best_other < -INT32_MAX ? -INT32_MAX : best_other);
}

/* A round lasts at most 28 placements, 21 draws and 3 passes per placement:
 * the cap only guards against a state scribbled on by the caller. */
#define PLAYOUT_MAX_MOVES 256

int pintas_line_playout(const pintas_line_state *state, const pintas_line_move *first,
                        int seat, int policy, pintas_rng *rng, int32_t *outcome)
{
    pintas_line_state s;
    pintas__line_quiet q;
    pintas_line_move m;
    unsigned steps;
    int status;
    if (!state || !first || !rng || !outcome || policy < PINTAS_POLICY_RANDOM ||
        policy > PINTAS_POLICY_GREEDY || pintas_line_rules_check(&state->rules) != PINTAS_OK ||
        seat < 0 || seat >= state->rules.players)
        return PINTAS_E_ARG;
    s = *state;
    q.tally = NULL;
    status = pintas__line_play_quiet(&s, first, &q);
    if (status != PINTAS_OK)
        return status == PINTAS_E_OVER ? PINTAS_E_ILLEGAL : status;
    for (steps = 0; !round_over(&q) && s.phase == PINTAS_LINE_PLAYING &&
                    steps < PLAYOUT_MAX_MOVES;
         ++steps) {
        if (policy == PINTAS_POLICY_GREEDY)
            greedy_move(&s, &m);
        else if (random_move(&s, rng, &m) != PINTAS_OK)
            break;
        if (pintas__line_play_quiet(&s, &m, &q) != PINTAS_OK)
            break;
    }
    *outcome = pintas__line_outcome(state, &s, (unsigned)seat);
    return PINTAS_OK;
}

/* ---- the search ---------------------------------------------------------- */

/* SplitMix64's finaliser: sample i's seed, far from sample i + 1's. */
static uint64_t mix64(uint64_t z)
{
    z += UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

void pintas__line_search_sample(const pintas_line_info *info, const pintas_line_knowledge *k,
                                uint64_t seed, uint64_t i, pintas_rng *rng,
                                pintas_line_state *out, uint8_t *relaxed)
{
    pintas_rng_seed(rng, mix64(seed ^ mix64((uint64_t)i)), PINTAS_LINE_SEARCH_STREAM);
    sample_state(info, k, rng, out, relaxed);
}

/* The observer's legal moves, from any sample (they depend only on what it
 * knows: its hand, the line and the pile's size). */
static int legal_of(const pintas_line_info *info, const pintas_line_knowledge *k,
                    pintas_line_move *moves, size_t *n)
{
    pintas_line_state s;
    pintas_rng rng;
    uint8_t relaxed;
    if (k->to_move != info->seat)
        return PINTAS_E_ILLEGAL;
    pintas_rng_seed(&rng, 0, PINTAS_LINE_SEARCH_STREAM);
    sample_state(info, k, &rng, &s, &relaxed);
    return pintas_line_legal(&s, moves, PINTAS_LINE_MAX_MOVES, n);
}

int pintas__line_search_moves(const pintas_line_info *info, const pintas_line_knowledge *k,
                              pintas_line_move *moves, size_t *n)
{
    return legal_of(info, k, moves, n);
}

int pintas_line_search_init(const pintas_line_info *info, pintas_line_search_result *out)
{
    pintas_line_knowledge k;
    pintas_line_search_result r;
    size_t n = 0;
    int status;
    if (!out)
        return PINTAS_E_ARG;
    status = pintas_line_knowledge_of(info, &k);
    if (status != PINTAS_OK)
        return status;
    memset(&r, 0, sizeof r);
    status = legal_of(info, &k, r.moves, &n);
    if (status != PINTAS_OK)
        return status;
    r.n_moves = (uint32_t)n;
    *out = r;
    return PINTAS_OK;
}

static int same_moves(const pintas_line_move *a, const pintas_line_move *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; ++i)
        if (a[i].kind != b[i].kind || a[i].tile != b[i].tile || a[i].end != b[i].end)
            return 0;
    return 1;
}

int pintas_line_search_run(const pintas_line_info *info, uint64_t seed, uint32_t first,
                           uint32_t count, int policy, pintas_line_search_result *out)
{
    return pintas_line_search_run_until(info, seed, first, count, policy, NULL, out);
}

int pintas_line_search_run_until(const pintas_line_info *info, uint64_t seed, uint32_t first,
                                 uint32_t count, int policy, const volatile uint8_t *stop,
                                 pintas_line_search_result *out)
{
    pintas_line_knowledge k;
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    int64_t total[PINTAS_LINE_MAX_MOVES];
    size_t n = 0, j;
    uint32_t i, relaxed = 0;
    int status;
    if (!out || count > PINTAS_LINE_SEARCH_MAX_SAMPLES || policy < PINTAS_POLICY_RANDOM ||
        policy > PINTAS_POLICY_GREEDY)
        return PINTAS_E_ARG;
    status = pintas_line_knowledge_of(info, &k);
    if (status != PINTAS_OK)
        return status;
    status = legal_of(info, &k, moves, &n);
    if (status != PINTAS_OK)
        return status;
    if (n != out->n_moves || !same_moves(moves, out->moves, n) ||
        out->samples > UINT32_MAX - count)
        return PINTAS_E_ARG;
    memcpy(total, out->total, sizeof total);
    for (i = 0; i < count && !(stop && *stop); ++i) {
        pintas_line_state s;
        pintas_rng rng;
        uint8_t flag;
        pintas__line_search_sample(info, &k, seed, (uint64_t)first + i, &rng, &s, &flag);
        relaxed += flag;
        for (j = 0; j < n; ++j) {
            pintas_rng luck = rng;
            int32_t outcome = 0;
            if (pintas_line_playout(&s, &moves[j], info->seat, policy, &luck, &outcome) !=
                PINTAS_OK)
                return PINTAS_E_ARG; /* cannot happen: the moves are legal in every sample */
            total[j] += outcome;
        }
    }
    memcpy(out->total, total, sizeof total);
    out->samples += i;
    out->relaxed += relaxed;
    return PINTAS_OK;
}

int pintas_line_search(const pintas_line_info *info, uint32_t samples, uint64_t seed, int policy,
                       pintas_line_search_result *out)
{
    pintas_line_search_result r;
    int status = pintas_line_search_init(info, &r);
    if (status != PINTAS_OK)
        return status;
    status = pintas_line_search_run(info, seed, 0, samples, policy, &r);
    if (status != PINTAS_OK)
        return status;
    if (!out)
        return PINTAS_E_ARG;
    *out = r;
    return PINTAS_OK;
}

int pintas_line_search_best(const pintas_line_search_result *out)
{
    uint32_t i, best = 0;
    if (!out || out->samples == 0 || out->n_moves == 0 || out->n_moves > PINTAS_LINE_MAX_MOVES)
        return -1;
    for (i = 1; i < out->n_moves; ++i)
        if (out->total[i] > out->total[best])
            best = i;
    return (int)best;
}
