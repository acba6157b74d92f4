/* determinize.c - exact determinization of the tile games (determinize.h):
 * each hidden seat's story read from the view's log, the matching that tells
 * whether a hand fits it, the exact count of the deals a proposal draws
 * among, and the rejection loops of both games. */
#include <string.h>

#include "pintas/determinize.h"
#include "pintas/caminos_search.h"
#include "pintas/line_search.h"
#include "pintas/rng.h"
#include "line_internal.h"
#include "tiles_internal.h"
#include "views_internal.h"

/* Moments of a round, in order: the deal, round 1's opening rule, then the
 * log's events (2 * position, positions from 1), then now. A tile that never
 * went back into the pile did so at NEVER, before the deal. */
#define NEVER (-1)
#define DEALT 0
#define OPENING 1
#define NOW INT32_MAX

/* Places (the deal and the draws) and placements one seat's story keeps in
 * a round; lacks between two of its own draws or placements are merged, so
 * there are at most one more than those. A longer story is refused
 * (PINTAS_E_RANGE), never judged. */
#define MAX_PLACES 96
#define MAX_PLACED 96
#define MAX_LACKS (MAX_PLACES + MAX_PLACED + 1)

/* ---- stories ------------------------------------------------------------- */

/* What the round's log says of one seat's tiles (see determinize.h), kept
 * small: a moment of the log is 2 * pos (pos >= 1), stored as pos. */
typedef struct story {
    unsigned n_places, n_lacks, n_placed;
    int merge;                        /* a lack now joins the last one */
    uint16_t place[MAX_PLACES];       /* each place was filled at 2 * this (0: dealt) */
    uint16_t lack_pos[MAX_LACKS];     /* at 2 * lack_pos the seat held no tile */
    uint8_t lack_numbers[MAX_LACKS];  /* showing these numbers (bit n) */
    pintas_mask opening;              /* no tile of this at OPENING */
    uint16_t placed_back[MAX_PLACED]; /* the tile last went back at 2 * this (0: never) */
    uint16_t placed_pos[MAX_PLACED];  /* and was placed at 2 * this */
    uint8_t placed_tile[MAX_PLACED];
    unsigned doubles_below; /* the deal held fewer doubles than this (0: no bound) */
    pintas_mask dealt_only; /* tiles from the deal unless back in the pile since */
    int overflow;           /* more than the bounds: no hand fits */
} story;

static int32_t moment(unsigned pos)
{
    return 2 * (int32_t)pos;
}

static int32_t back_moment(unsigned pos)
{
    return pos ? moment(pos) : NEVER;
}

/* The numbers tile t shows (bit n). */
static unsigned numbers_of(unsigned t)
{
    return 1u << pintas__tile_hi(t) | 1u << pintas__tile_lo(t);
}

static void story_start(story *st, unsigned dealt)
{
    unsigned i;
    st->n_places = st->n_lacks = st->n_placed = 0;
    st->merge = 0;
    st->opening = 0;
    st->doubles_below = 0;
    st->dealt_only = 0;
    st->overflow = 0;
    for (i = 0; i < dealt && i < MAX_PLACES; ++i)
        st->place[st->n_places++] = 0;
}

static void story_draw(story *st, unsigned pos)
{
    st->merge = 0;
    if (st->n_places == MAX_PLACES)
        st->overflow = 1;
    else
        st->place[st->n_places++] = (uint16_t)pos;
}

static void story_lack(story *st, unsigned pos, unsigned numbers)
{
    if (numbers == 0)
        return;
    if (st->merge) { /* nothing of its own between: one moment is as good */
        st->lack_numbers[st->n_lacks - 1] |= (uint8_t)numbers;
        return;
    }
    st->merge = 1;
    if (st->n_lacks == MAX_LACKS) {
        st->overflow = 1;
        return;
    }
    st->lack_pos[st->n_lacks] = (uint16_t)pos;
    st->lack_numbers[st->n_lacks++] = (uint8_t)numbers;
}

static void story_place(story *st, unsigned tile, unsigned back, unsigned pos)
{
    st->merge = 0;
    if (st->n_placed == MAX_PLACED) {
        st->overflow = 1;
        return;
    }
    st->placed_tile[st->n_placed] = (uint8_t)tile;
    st->placed_back[st->n_placed] = (uint16_t)back;
    st->placed_pos[st->n_placed++] = (uint16_t)pos;
}

/* The pieces of a matching: tiles held now or placed, each allowed the places
 * [lo, hi) (places are in time order, the dealt ones first). */
typedef struct pieces {
    unsigned n;
    uint8_t lo[MAX_PLACES + 1], hi[MAX_PLACES + 1], dbl[MAX_PLACES + 1], used[MAX_PLACES + 1];
} pieces;

/* Add `tile`, back in the pile until `after` and held until `until`: the
 * places it may have entered by form a run, since a place is allowed when it
 * was filled after `after` and after every moment the seat lacked the tile
 * before `until` (a later place then is too), and before `until`; a tile the
 * seat revealed and that never went back came from the deal. */
static void piece(const story *st, pieces *p, unsigned tile, int32_t after, int32_t until)
{
    int32_t last = after; /* places filled at or before this are out */
    unsigned i, j, shows = numbers_of(tile), lo = 0, hi = 0;
    int strict = 1;       /* a place at `last` itself is out (after), or in (a lack) */
    if (OPENING < until && (st->opening & PINTAS_BIT(tile)) && OPENING >= last) {
        last = OPENING;
        strict = 0;
    }
    for (i = 0; i < st->n_lacks; ++i) {
        int32_t at = moment(st->lack_pos[i]);
        if (at < until && (st->lack_numbers[i] & shows) && at >= last) {
            strict = at == last ? strict : 0;
            last = at;
        }
    }
    for (j = 0; j < st->n_places; ++j) {
        int32_t entered = moment(st->place[j]);
        if (entered < last || (strict && entered == last))
            lo = j + 1;
        if (entered < until)
            hi = j + 1;
    }
    if ((st->dealt_only & PINTAS_BIT(tile)) && after < DEALT) {
        for (j = 0; j < hi && st->place[j] == 0; ++j)
            ;
        hi = j;
    }
    p->lo[p->n] = (uint8_t)lo;
    p->hi[p->n] = (uint8_t)(hi > lo ? hi : lo);
    p->dbl[p->n++] = (uint8_t)pintas__is_double(tile);
}

/* 1 if every piece takes its own place among the first `slots` (n <= slots),
 * the first `for_doubles` of them kept for doubles and the next `for_others`
 * for the rest (both 0: no such rule): place by place in time order, each
 * to the piece it may go to whose run ends first (intervals: that choice is
 * never worse), and no piece left whose run has passed. */
static int greedy(pieces *p, unsigned slots, unsigned for_doubles, unsigned for_others)
{
    unsigned j, i, taken = 0;
    for (i = 0; i < p->n; ++i)
        p->used[i] = 0;
    for (j = 0; j < slots && taken < p->n; ++j) {
        unsigned best = p->n;
        int kind = j < for_doubles ? 1 : j < for_doubles + for_others ? 0 : -1;
        for (i = 0; i < p->n; ++i) {
            if (p->used[i])
                continue;
            if (p->hi[i] <= j)
                return 0; /* its run has passed */
            if (p->lo[i] <= j && (kind < 0 || p->dbl[i] == (uint8_t)kind) &&
                (best == p->n || p->hi[i] < p->hi[best]))
                best = i;
        }
        if (best < p->n) {
            p->used[best] = 1;
            ++taken;
        } else if (slots == p->n) {
            return 0; /* a place of a perfect matching left empty */
        }
    }
    return taken == p->n;
}

/* 1 if `hand` (held now) and the tiles the seat placed can be put one to a
 * place of the story; after[t]: when tile t last went back into the pile. */
static int fits(const story *st, pintas_mask hand, const int32_t *after)
{
    pieces p;
    unsigned i, t, k, n_dealt = 0, most;
    if (st->overflow || pintas__popcount(hand) + st->n_placed != st->n_places)
        return 0;
    p.n = 0;
    for (t = 0; t < PINTAS_TILE_COUNT; ++t) /* the tiles held, then those placed */
        if (hand & PINTAS_BIT(t))
            piece(st, &p, t, after[t], NOW);
    for (i = 0; i < st->n_placed; ++i)
        piece(st, &p, st->placed_tile[i], back_moment(st->placed_back[i]),
              moment(st->placed_pos[i]));
    while (n_dealt < st->n_places && st->place[n_dealt] == 0)
        ++n_dealt;
    if (st->doubles_below == 0 || n_dealt == 0)
        return greedy(&p, st->n_places, 0, 0);
    /* at most doubles_below - 1 doubles dealt: for each k, k dealt places kept
     * for doubles and the others for the rest (an assignment that fills every
     * place puts exactly k doubles there, so some k answers) */
    most = st->doubles_below - 1u < n_dealt ? st->doubles_below - 1u : n_dealt;
    for (k = 0; k <= most; ++k)
        if (greedy(&p, st->n_places, k, n_dealt - k))
            return 1;
    return 0;
}

/* 1 if `tile` may be held now beside every tile the seat placed: they find
 * places one each (the doubles' bound aside). Every hand that fits holds
 * only such tiles, so the proposal keeps the rest away from the seat. */
static int could_hold(const story *st, unsigned tile, int32_t after)
{
    pieces p;
    unsigned i;
    if (st->overflow || st->n_placed + 1u > st->n_places)
        return 0;
    p.n = 0;
    piece(st, &p, tile, after, NOW);
    for (i = 0; i < st->n_placed; ++i)
        piece(st, &p, st->placed_tile[i], back_moment(st->placed_back[i]),
              moment(st->placed_pos[i]));
    return greedy(&p, st->n_places, 0, 0);
}

/* ---- counting and drawing deals ------------------------------------------- */

#define MAX_HIDDEN 3
#define MAX_CLASSES (1u << MAX_HIDDEN)
#define MAX_VARS (MAX_CLASSES * MAX_HIDDEN)
#define NO_VAR 0xFF

/* The deals of the unseen tiles to hidden holders of given sizes, the rest to
 * the pile (which takes any tile), each tile to a holder that allows it:
 * tiles allowed alike form a class, and a deal is, per class, how many of its
 * tiles each holder takes (the variables), weighted by the ways to choose
 * them. */
typedef struct deals {
    unsigned n_hidden, n_cls, n_vars;
    uint8_t members[MAX_CLASSES];
    uint8_t count[MAX_CLASSES];
    pintas_mask tiles[MAX_CLASSES];
    uint8_t size[MAX_HIDDEN];
    uint8_t var_cls[MAX_VARS], var_holder[MAX_VARS];
    uint8_t last_of[MAX_HIDDEN];
    uint64_t total;
} deals;

static uint64_t choose(unsigned n, unsigned k)
{
    uint64_t r = 1;
    unsigned i;
    if (k > n)
        return 0;
    for (i = 0; i < k; ++i)
        r = r * (n - i) / (i + 1u);
    return r;
}

/* The deals one assignment x of the variables stands for. */
static uint64_t weight(const deals *d, const uint8_t *x)
{
    uint64_t w = 1;
    unsigned v, left = 0, cls = MAX_CLASSES;
    for (v = 0; v < d->n_vars; ++v) {
        if (d->var_cls[v] != cls) {
            cls = d->var_cls[v];
            left = d->count[cls];
        }
        w *= choose(left, x[v]);
        left -= x[v];
    }
    return w;
}

/* Walk every assignment in order: with pick == UINT64_MAX return how many
 * deals they stand for; else write into out the assignment whose deals hold
 * the pick-th (0-based) and return 1. */
static uint64_t walk(const deals *d, uint64_t pick, uint8_t *out)
{
    uint8_t x[MAX_VARS];
    unsigned used[MAX_CLASSES] = {0}, room[MAX_HIDDEN] = {0};
    uint64_t sum = 0;
    int j = 0, forward = 1;
    unsigned h;
    for (h = 0; h < d->n_hidden; ++h) {
        room[h] = d->size[h];
        if (room[h] > 0 && d->last_of[h] == NO_VAR)
            return pick == UINT64_MAX ? 0 : 0;
    }
    for (;;) {
        if (forward) {
            if (j == (int)d->n_vars) {
                uint64_t w = weight(d, x);
                if (pick != UINT64_MAX && pick - sum < w) {
                    memcpy(out, x, d->n_vars);
                    return 1;
                }
                sum += w;
                forward = 0;
                --j;
            } else {
                unsigned c = d->var_cls[j], hh = d->var_holder[j];
                unsigned hi = d->count[c] - used[c];
                hi = hi < room[hh] ? hi : room[hh];
                if (d->last_of[hh] == j) {
                    if (room[hh] > hi) {
                        forward = 0;
                        --j;
                        continue;
                    }
                    x[j] = (uint8_t)room[hh];
                } else {
                    x[j] = 0;
                }
                used[c] += x[j];
                room[hh] -= x[j];
                ++j;
            }
        } else {
            unsigned c, hh, hi;
            if (j < 0)
                return pick == UINT64_MAX ? sum : 0;
            c = d->var_cls[j];
            hh = d->var_holder[j];
            used[c] -= x[j];
            room[hh] += x[j];
            hi = d->count[c] - used[c];
            hi = hi < room[hh] ? hi : room[hh];
            if (d->last_of[hh] != j && x[j] < hi) {
                ++x[j];
                used[c] += x[j];
                room[hh] -= x[j];
                ++j;
                forward = 1;
            } else {
                --j;
            }
        }
    }
}

/* Set up *d for `unseen` among n_hidden holders (allowed[h], size[h]) and a
 * pile of pile_size, and count its deals (0 when the sizes do not add up). */
static void deals_init(deals *d, pintas_mask unseen, const pintas_mask *allowed,
                       const unsigned *size, unsigned n_hidden, unsigned pile_size)
{
    unsigned t, m, h, sum = 0;
    memset(d, 0, sizeof *d);
    d->n_hidden = n_hidden;
    for (h = 0; h < n_hidden; ++h) {
        d->size[h] = (uint8_t)size[h];
        d->last_of[h] = NO_VAR;
        sum += size[h];
    }
    for (m = 0; m < (1u << n_hidden); ++m) {
        pintas_mask tiles = 0;
        for (t = 0; t < PINTAS_TILE_COUNT; ++t) {
            unsigned key = 0;
            if (!(unseen & PINTAS_BIT(t)))
                continue;
            for (h = 0; h < n_hidden; ++h)
                if (allowed[h] & PINTAS_BIT(t))
                    key |= 1u << h;
            if (key == m)
                tiles |= PINTAS_BIT(t);
        }
        if (tiles == 0)
            continue;
        d->members[d->n_cls] = (uint8_t)m;
        d->tiles[d->n_cls] = tiles;
        d->count[d->n_cls] = (uint8_t)pintas__popcount(tiles);
        for (h = 0; h < n_hidden; ++h)
            if (m >> h & 1u) {
                d->var_cls[d->n_vars] = (uint8_t)d->n_cls;
                d->var_holder[d->n_vars] = (uint8_t)h;
                d->last_of[h] = (uint8_t)d->n_vars++;
            }
        ++d->n_cls;
    }
    d->total = sum + pile_size == pintas__popcount(unseen) ? walk(d, UINT64_MAX, NULL) : 0;
}

/* A uniform integer below bound (> 0). */
static uint64_t below64(pintas_rng *rng, uint64_t bound)
{
    uint64_t limit, r;
    if (bound <= UINT32_MAX)
        return pintas_rng_below(rng, (uint32_t)bound);
    limit = UINT64_MAX - UINT64_MAX % bound;
    do {
        r = (uint64_t)pintas_rng_next(rng) << 32;
        r |= pintas_rng_next(rng);
    } while (r >= limit);
    return r % bound;
}

/* One deal drawn uniformly (d->total > 0): hand[h] per hidden holder. */
static void deals_draw(const deals *d, pintas_rng *rng, pintas_mask *hand)
{
    uint8_t x[MAX_VARS], order[PINTAS_TILE_COUNT];
    unsigned v = 0, c, h, n, at, i;
    walk(d, below64(rng, d->total), x);
    for (h = 0; h < d->n_hidden; ++h)
        hand[h] = 0;
    for (c = 0; c < d->n_cls; ++c) {
        n = 0;
        for (i = 0; i < PINTAS_TILE_COUNT; ++i)
            if (d->tiles[c] & PINTAS_BIT(i))
                order[n++] = (uint8_t)i;
        pintas_rng_shuffle(rng, order, n);
        at = 0;
        for (; v < d->n_vars && d->var_cls[v] == c; ++v)
            for (i = 0; i < x[v]; ++i)
                hand[d->var_holder[v]] |= PINTAS_BIT(order[at++]);
    }
}

/* ---- line games ------------------------------------------------------------ */

/* What round 1's forced opening tile t says: tiles nobody was dealt. */
static pintas_mask lead_excludes(unsigned t)
{
    pintas_mask m = 0;
    unsigned u;
    for (u = 0; u < PINTAS_TILE_COUNT; ++u)
        if (pintas__is_double(t) ? pintas__is_double(u) && pintas__tile_hi(u) > pintas__tile_hi(t)
                                 : pintas__is_double(u) ||
                                       pintas__tile_weight(u) > pintas__tile_weight(t))
            m |= PINTAS_BIT(u);
    return m;
}

/* The tile round 1's lead rule picks among mask (not 0): the highest double,
 * else the heaviest tile. */
static unsigned lead_tile(pintas_mask mask)
{
    unsigned t, best = PINTAS_NO_TILE;
    for (t = 0; t < PINTAS_TILE_COUNT; ++t) {
        if (!(mask & PINTAS_BIT(t)))
            continue;
        if (best == PINTAS_NO_TILE ||
            (pintas__is_double(t) && !pintas__is_double(best)) ||
            (pintas__is_double(t) == pintas__is_double(best) &&
             pintas__tile_weight(t) > pintas__tile_weight(best)))
            best = t;
    }
    return best;
}

/* Seat s's story in the round the view shows (log entry i at pos i + 1). */
static void line_story(const pintas_line_view *v, unsigned s, story *st)
{
    const pintas_line_info *k = &v->info;
    unsigned i, ends[2] = {0, 0}, started = 0;
    story_start(st, PINTAS_LINE_HAND_SIZE);
    st->doubles_below = k->rules.redeal_doubles;
    for (i = 0; i < k->log_len; ++i) {
        const pintas_line_log_entry *e = &k->log[i];
        if (e->kind == PINTAS_MOVE_PLAY) {
            unsigned hi = pintas__tile_hi(e->tile), lo = pintas__tile_lo(e->tile);
            if (!started) {
                ends[0] = hi;
                ends[1] = lo;
                started = 1;
                if (k->round == 1)
                    st->opening |= lead_excludes(e->tile);
            } else {
                unsigned side = e->end ? 1u : 0u;
                ends[side] = hi == ends[side] ? lo : hi;
            }
            if (e->seat == s)
                story_place(st, e->tile, 0, i + 1);
        } else if (e->seat == s) {
            story_lack(st, i + 1, started ? 1u << ends[0] | 1u << ends[1] : 0);
            if (e->kind == PINTAS_MOVE_DRAW)
                story_draw(st, i + 1);
        }
    }
    if (k->forced_tile < PINTAS_TILE_COUNT)
        st->opening |= lead_excludes(k->forced_tile);
}

static int line_fields_ok(const pintas_line_view *v)
{
    unsigned i;
    if (!pintas__line_view_ok(v) || v->info.log_len > PINTAS_LINE_INFO_MAX_LOG ||
        v->info.leader >= v->info.rules.players)
        return 0;
    for (i = 0; i < v->line_len; ++i)
        if ((v->line[i] & 0x7Fu) >= PINTAS_TILE_COUNT)
            return 0;
    for (i = 0; i < v->info.log_len; ++i) {
        const pintas_line_log_entry *e = &v->info.log[i];
        if (e->kind > PINTAS_MOVE_PASS || e->seat >= v->info.rules.players ||
            (e->kind == PINTAS_MOVE_PLAY && e->tile >= PINTAS_TILE_COUNT))
            return 0;
    }
    return 1;
}

/* 1 if *w is a world of *v (st: room for one story). */
static int line_consistent(const pintas_line_view *v, const pintas_line_world *w, story *st)
{
    const pintas_line_info *k = &v->info;
    unsigned s, i, players = k->rules.players;
    pintas_mask seen = 0, all = w->pile, line = 0;
    int32_t never[PINTAS_TILE_COUNT];
    for (i = 0; i < v->line_len; ++i)
        line |= PINTAS_BIT(v->line[i] & 0x7Fu);
    seen = line;
    if (w->pile & line)
        return 0;
    for (s = 0; s < PINTAS_LINE_MAX_SEATS; ++s) {
        if (s >= players) {
            if (w->hand[s] != 0)
                return 0;
            continue;
        }
        if ((w->hand[s] & (seen | w->pile)) || pintas__popcount(w->hand[s]) != v->hand_size[s])
            return 0;
        seen |= w->hand[s];
        all |= w->hand[s];
    }
    if ((all | line) != PINTAS_ALL_TILES || w->hand[k->seat] != k->hand ||
        (pintas__line_draws(&k->rules) && pintas__popcount(w->pile) != v->boneyard_size))
        return 0;
    /* the public facts: round 1's leader holds the lead tile before the
     * opening; a round in play is not blocked */
    if (v->line_len == 0) {
        if (k->round == 1 && !(w->hand[k->leader] & PINTAS_BIT(lead_tile(all & ~w->pile))))
            return 0;
    } else {
        pintas_mask fitting = pintas__suit(v->ends[0]) | pintas__suit(v->ends[1]);
        int open = pintas__line_draws(&k->rules) && v->boneyard_size > 0;
        for (s = 0; s < players; ++s)
            open |= (w->hand[s] & fitting) != 0;
        if (!open)
            return 0;
    }
    for (i = 0; i < PINTAS_TILE_COUNT; ++i)
        never[i] = NEVER;
    for (s = 0; s < players; ++s) {
        if (s == k->seat)
            continue;
        line_story(v, s, st);
        if (st->overflow)
            return -1;
        if (!fits(st, w->hand[s], never))
            return 0;
    }
    return 1;
}

int pintas_line_world_check(const pintas_line_view *v, const pintas_line_world *w,
                            int *consistent)
{
    story st;
    int c;
    if (v == NULL || w == NULL || consistent == NULL || !line_fields_ok(v))
        return PINTAS_E_ARG;
    c = line_consistent(v, w, &st);
    if (c < 0)
        return PINTAS_E_RANGE;
    *consistent = c;
    return PINTAS_OK;
}

int pintas_line_view_sample(const pintas_line_view *v, uint64_t seed, pintas_line_world *w,
                            pintas_line_state *state)
{
    pintas_line_state st;
    pintas_line_world world;
    pintas_rng rng;
    uint8_t relaxed;
    uint32_t attempt;
    story scratch;
    int c;
    unsigned s, i;
    int status;
    if (v == NULL || w == NULL || !line_fields_ok(v))
        return PINTAS_E_ARG;
    if (v->over)
        return PINTAS_E_OVER;
    for (attempt = 0; attempt < PINTAS_DETERMINIZE_MAX_TRIES; ++attempt) {
        pintas_rng_seed(&rng, seed, PINTAS_DETERMINIZE_LINE_STREAM + attempt);
        relaxed = 0;
        status = pintas_line_determinize(&v->info, &rng, &st, &relaxed);
        if (status != PINTAS_OK)
            return PINTAS_E_ILLEGAL; /* no deal keeps the facts: no real game */
        if (relaxed)
            continue;
        memset(&world, 0, sizeof world);
        for (s = 0; s < v->info.rules.players; ++s)
            world.hand[s] = st.hand[s];
        world.pile = st.aside;
        for (i = st.bone_pos; i < st.bone_len; ++i)
            world.pile |= PINTAS_BIT(st.boneyard[i]);
        c = line_consistent(v, &world, &scratch);
        if (c < 0)
            return PINTAS_E_RANGE;
        if (c) {
            *w = world;
            if (state != NULL)
                *state = st;
            return PINTAS_OK;
        }
    }
    return PINTAS_E_ILLEGAL;
}

/* ---- Caminos ----------------------------------------------------------------- */

/* Seat s's story; after[t] the moment each tile last went back into the
 * pile, as the log leaves it. */
static void caminos_story(const pintas_caminos_view *v, const pintas_caminos_record *r,
                          unsigned s, story *st, int32_t *after)
{
    uint16_t back[PINTAS_TILE_COUNT];
    unsigned i, t;
    story_start(st, v->info.rules.hand_size);
    st->dealt_only = v->revealed[s];
    for (t = 0; t < PINTAS_TILE_COUNT; ++t)
        back[t] = 0;
    for (i = 0; i < r->log_len; ++i) {
        const pintas_caminos_log_entry *e = &r->log[i];
        if (e->kind == PINTAS_CAMINOS_EV_CLOSE) {
            for (t = 0; t < PINTAS_TILE_COUNT; ++t)
                if (e->what & PINTAS_BIT(t))
                    back[t] = e->at;
        } else if (e->seat != s) {
            continue;
        } else if (e->kind == PINTAS_CAMINOS_EV_PLACE) {
            story_place(st, e->what, back[e->what], e->at);
        } else {
            story_lack(st, e->at, e->what);
            if (e->kind == PINTAS_CAMINOS_EV_DRAW)
                story_draw(st, e->at);
        }
    }
    for (t = 0; t < PINTAS_TILE_COUNT; ++t)
        after[t] = back_moment(back[t]);
}

static int caminos_fields_ok(const pintas_caminos_view *v, const pintas_caminos_record *r)
{
    unsigned i;
    if (!pintas__caminos_view_ok(v) || r->log_len > PINTAS_CAMINOS_RECORD_MAX_LOG ||
        r->rules.players != v->info.rules.players || r->rules.hand_size != v->info.rules.hand_size)
        return 0;
    for (i = 0; i < r->log_len; ++i) {
        const pintas_caminos_log_entry *e = &r->log[i];
        if (e->kind == PINTAS_CAMINOS_EV_CLOSE ? (e->what & ~PINTAS_ALL_TILES) != 0
            : e->seat >= v->info.rules.players ||
                  (e->kind == PINTAS_CAMINOS_EV_PLACE ? e->what >= PINTAS_TILE_COUNT
                   : (e->kind != PINTAS_CAMINOS_EV_DRAW && e->kind != PINTAS_CAMINOS_EV_PASS) ||
                         e->what > 0x7Fu))
            return 0;
    }
    return 1;
}

/* The tiles the view shows: the seat's hand, the paths, the discard. */
static pintas_mask caminos_seen(const pintas_caminos_view *v)
{
    const pintas_caminos_info *k = &v->info;
    pintas_mask m = k->hand | k->discard;
    unsigned p, side, j;
    for (p = 0; p < k->rules.paths; ++p) {
        const pintas_caminos_path *path = &k->path[p];
        if (path->centre >= PINTAS_TILE_COUNT)
            continue;
        m |= PINTAS_BIT(path->centre);
        for (side = 0; side < 2; ++side)
            for (j = 0; j < path->len[side] && j < PINTAS_CAMINOS_MAX_SIDE; ++j)
                m |= pintas__tile_bit(path->tile[side][j]);
    }
    return m;
}

/* 1 if *w is a world of *v (st: room for one story). */
static int caminos_consistent(const pintas_caminos_view *v, const pintas_caminos_record *r,
                              const pintas_caminos_world *w, story *st)
{
    const pintas_caminos_info *k = &v->info;
    unsigned s, players = k->rules.players;
    pintas_mask seen = caminos_seen(v), all = w->pile;
    int32_t after[PINTAS_TILE_COUNT];
    if ((w->pile & seen) || pintas__popcount(w->pile) != k->pile_len ||
        w->hand[k->seat] != k->hand)
        return 0;
    for (s = 0; s < PINTAS_CAMINOS_MAX_SEATS; ++s) {
        if (s >= players) {
            if (w->hand[s] != 0)
                return 0;
            continue;
        }
        if (s == k->seat)
            continue;
        if ((w->hand[s] & (all | seen)) || pintas__popcount(w->hand[s]) != k->hand_len[s] ||
            (k->known[s] & ~w->hand[s]))
            return 0;
        all |= w->hand[s];
    }
    if ((all | seen) != PINTAS_ALL_TILES)
        return 0;
    for (s = 0; s < players; ++s) {
        if (s == k->seat)
            continue;
        caminos_story(v, r, s, st, after);
        if (st->overflow)
            return -1;
        if (!fits(st, w->hand[s], after))
            return 0;
    }
    return 1;
}

int pintas_caminos_world_check(const pintas_caminos_view *v, const pintas_caminos_record *r,
                               const pintas_caminos_world *w, int *consistent)
{
    story st;
    int c;
    if (v == NULL || r == NULL || w == NULL || consistent == NULL || !caminos_fields_ok(v, r))
        return PINTAS_E_ARG;
    if (v->phase != PINTAS_CAMINOS_PLAYING)
        return PINTAS_E_ILLEGAL;
    if (r->log_lost)
        return PINTAS_E_RANGE;
    c = caminos_consistent(v, r, w, &st);
    if (c < 0)
        return PINTAS_E_RANGE;
    *consistent = c;
    return PINTAS_OK;
}

/* The state of world *w of *v: the search's sampler, told every hand, deals
 * only the pile's order and its generator (seeded (seed, the search's
 * stream)); then the game's rounds, round and scores. */
static int caminos_state(const pintas_caminos_view *v, const pintas_caminos_world *w,
                         uint64_t seed, pintas_caminos_state *state)
{
    pintas_caminos_info info = v->info;
    pintas_caminos_state out;
    pintas_rng rng;
    unsigned s;
    int level = 0;
    for (s = 0; s < info.rules.players; ++s)
        if (s != info.seat)
            info.known[s] = w->hand[s];
    pintas_rng_seed(&rng, seed, PINTAS_CAMINOS_SEARCH_STREAM);
    if (pintas_caminos_sample(&info, &rng, &out, &level) != PINTAS_OK || level != 0)
        return PINTAS_E_ILLEGAL;
    out.rules.rounds = v->info.rules.rounds;
    out.round = v->round;
    for (s = 0; s < info.rules.players; ++s)
        out.score[s] = v->score[s];
    *state = out;
    return PINTAS_OK;
}

/* Draw the world of a checked view into *w (the stories live here only, so
 * the state is built after their room is free). */
static int caminos_draw(const pintas_caminos_view *v, const pintas_caminos_record *r,
                        uint64_t seed, pintas_caminos_world *w)
{
    const pintas_caminos_info *k;
    pintas_mask allowed[MAX_HIDDEN], dealt[MAX_HIDDEN], unseen;
    unsigned size[MAX_HIDDEN], hidden[MAX_HIDDEN], n_hidden = 0, s, t, i;
    int32_t after[PINTAS_TILE_COUNT];
    uint32_t attempt;
    pintas_caminos_world world;
    pintas_rng rng;
    deals d;
    story st;
    k = &v->info;
    unseen = PINTAS_ALL_TILES & ~caminos_seen(v);
    for (s = 0; s < k->rules.players; ++s)
        if (s != k->seat)
            unseen &= ~k->known[s];
    for (s = 0; s < k->rules.players; ++s) {
        unsigned known;
        if (s == k->seat)
            continue;
        known = pintas__popcount(k->known[s]);
        if (known > k->hand_len[s])
            return PINTAS_E_ILLEGAL;
        caminos_story(v, r, s, &st, after);
        if (st.overflow)
            return PINTAS_E_RANGE;
        hidden[n_hidden] = s;
        size[n_hidden] = k->hand_len[s] - known;
        allowed[n_hidden] = 0;
        for (t = 0; t < PINTAS_TILE_COUNT; ++t)
            if ((unseen & PINTAS_BIT(t)) && could_hold(&st, t, after[t]))
                allowed[n_hidden] |= PINTAS_BIT(t);
        ++n_hidden;
    }
    deals_init(&d, unseen, allowed, size, n_hidden, k->pile_len);
    for (attempt = 0; d.total > 0 && attempt < PINTAS_DETERMINIZE_MAX_TRIES; ++attempt) {
        pintas_rng_seed(&rng, seed, PINTAS_DETERMINIZE_CAMINOS_STREAM + attempt);
        deals_draw(&d, &rng, dealt);
        memset(&world, 0, sizeof world);
        world.hand[k->seat] = k->hand;
        world.pile = unseen;
        for (i = 0; i < n_hidden; ++i) {
            world.hand[hidden[i]] = dealt[i] | k->known[hidden[i]];
            world.pile &= ~dealt[i];
        }
        if (!caminos_consistent(v, r, &world, &st))
            continue;
        *w = world;
        return PINTAS_OK;
    }
    return PINTAS_E_ILLEGAL;
}

int pintas_caminos_view_sample(const pintas_caminos_view *v, const pintas_caminos_record *r,
                               uint64_t seed, pintas_caminos_world *w,
                               pintas_caminos_state *state)
{
    pintas_caminos_world world;
    int status;
    if (v == NULL || r == NULL || w == NULL || !caminos_fields_ok(v, r))
        return PINTAS_E_ARG;
    if (v->phase == PINTAS_CAMINOS_OVER)
        return PINTAS_E_OVER;
    if (v->phase != PINTAS_CAMINOS_PLAYING || v->to_move != v->info.seat)
        return PINTAS_E_ILLEGAL;
    if (r->log_lost)
        return PINTAS_E_RANGE;
    status = caminos_draw(v, r, seed, &world);
    if (status != PINTAS_OK)
        return status;
    if (state != NULL && caminos_state(v, &world, seed, state) != PINTAS_OK)
        return PINTAS_E_ILLEGAL;
    *w = world;
    return PINTAS_OK;
}
