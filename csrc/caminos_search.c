/* caminos_search.c - sampling Caminos states from one seat's knowledge and
 * perfect-information Monte Carlo over them (caminos_search.h says what is
 * derived, why it is sound, and the order of every random draw).
 *
 * Built on the public engine (caminos.h) and the loader's path check
 * (caminos_internal.h): a sampled state is a plain pintas_caminos_state in
 * the playing phase of a one-round game, so the engine's own play() ends it
 * at the round's end and scores it; playouts go through
 * pintas_caminos_legal() and pintas_caminos_play().
 *
 * The default policy is deliberately cheap (a few mask operations a legal
 * move) and is the core of the Suit heuristic: a turn that cannot place
 * costs a draw, so the mover keeps as many of its tiles placeable as it can
 * (counting tiles two open sides would take again: an opponent may take one
 * side first) and places first the tile that fits fewest sides. Measured
 * against playouts that score only "tiles still placeable", it about doubles
 * the search's margin over the Suit player.
 */
#include <string.h>

#include "pintas/caminos_search.h"
#include "caminos_internal.h"

#define N_TILES PINTAS_TILE_COUNT
#define SEATS PINTAS_CAMINOS_MAX_SEATS
#define PATHS PINTAS_CAMINOS_MAX_PATHS
#define COHORTS PINTAS_CAMINOS_SEARCH_MAX_COHORTS
#define ALL PINTAS_ALL_TILES
#define LEVELS 3

/* The tiles showing any number of the 7-bit set `numbers`. */
static pintas_mask numbers_mask(unsigned numbers)
{
    pintas_mask m = 0;
    unsigned n;
    for (n = 0; n <= PINTAS_MAX_PIP; ++n)
        if (numbers & (1u << n))
            m |= pintas__suit(n);
    return m;
}

/* The k-th (0-based) set bit of m; m must have more than k bits. */
static unsigned kth_bit(pintas_mask m, uint32_t k)
{
    for (; k > 0; --k)
        m &= m - 1;
    return pintas__lowest_bit(m);
}

/* ---- checking the knowledge ---------------------------------------------- */

/* One path slot of the knowledge: one the engine can hold, full only where
 * full paths stay and empty only where they are discarded. Adds its tiles to
 * *seen (0 if a tile is there already). */
static int path_ok(const pintas_caminos_rules *r, const pintas_caminos_path *p,
                   pintas_mask *seen)
{
    pintas_mask tiles;
    int full, empty;
    if (!pintas__caminos_path_ok(r, p, &tiles, &full, &empty) || (*seen & tiles))
        return 0;
    *seen |= tiles;
    if (empty)
        return r->full_path == PINTAS_CAMINOS_DISCARD;
    return !full || r->full_path == PINTAS_CAMINOS_STAY;
}

/* A slot beyond the rules' paths: empty, as the engine clears it. */
static int absent_path_ok(const pintas_caminos_rules *r, const pintas_caminos_path *p)
{
    pintas_mask tiles;
    int full, empty;
    return pintas__caminos_path_ok(r, p, &tiles, &full, &empty) && empty;
}

/* The discard and the empty slots, as the loader has them: a discard only
 * where full paths are discarded, of whole paths; a slot left empty only
 * after the pile ran out, one per path discarded at most. */
static int discard_ok(const pintas_caminos_info *k)
{
    const pintas_caminos_rules *r = &k->rules;
    unsigned size = 1u + 2u * r->side_tiles, gone = 0, i, discarded;
    if (k->discard & ~ALL)
        return 0;
    discarded = pintas__popcount(k->discard);
    if ((discarded && r->full_path != PINTAS_CAMINOS_DISCARD) || discarded % size != 0)
        return 0;
    for (i = 0; i < r->paths && i < PATHS; ++i)
        gone += k->path[i].centre == PINTAS_NO_TILE;
    return gone == 0 || (k->pile_len == 0 && gone * size <= discarded);
}

/* 1 if seat holds at least one tile. */
static int holds_tiles(const pintas_caminos_info *k, unsigned seat)
{
    return k->hand_len[seat] > 0;
}

/* The turn fields of the playing phase with the observer to move, as the
 * engine can reach them (the loader's play_ok): passes only with an empty
 * pile and by fewer than the players; before anyone went out, every hand
 * holding tiles; after, that hand empty, the observer the seat its last
 * turns have reached, the passes within the turns taken since, and every
 * seat still to play holding tiles. */
static int turn_ok(const pintas_caminos_info *k)
{
    unsigned p = k->rules.players, seat, i;
    if (k->passes >= p || (k->passes && k->pile_len != 0))
        return 0;
    if (k->starter != PINTAS_NO_SEAT && k->starter >= p)
        return 0;
    if (k->out_seat == PINTAS_NO_SEAT) {
        for (seat = 0; seat < p; ++seat)
            if (!holds_tiles(k, seat))
                return 0;
        return k->last_turns == 0;
    }
    if (k->out_seat >= p || k->out_seat == k->seat || k->hand_len[k->out_seat] != 0 ||
        k->last_turns < 1 || k->last_turns > p - 1u ||
        k->seat != (k->out_seat + p - k->last_turns) % p ||
        k->passes > p - 1u - k->last_turns)
        return 0;
    for (i = 0, seat = k->seat; i < k->last_turns; ++i, seat = (seat + 1u) % p)
        if (!holds_tiles(k, seat))
            return 0;
    return 1;
}

/* The tiles an open side would take: those showing a number an open side
 * of a path in play shows. */
static pintas_mask open_tiles(const pintas_caminos_info *k)
{
    pintas_mask m = 0;
    unsigned i, side;
    for (i = 0; i < k->rules.paths && i < PATHS; ++i) {
        const pintas_caminos_path *p = &k->path[i];
        if (p->centre == PINTAS_NO_TILE)
            continue;
        for (side = 0; side < 2; ++side)
            if (p->len[side] < k->rules.side_tiles)
                m |= pintas__suit(p->end[side]);
    }
    return m;
}

/* 1 if seat passed since the last placement: the `passes` seats just
 * before the observer, who is to move. */
static int passed(const pintas_caminos_info *k, unsigned seat)
{
    unsigned p = k->rules.players;
    return seat != k->seat && (k->seat + p - seat) % p <= k->passes;
}

/* The tiles nobody can see: neither the observer's, on the table, discarded
 * nor known in a hand. */
static pintas_mask unseen_tiles(const pintas_caminos_info *k)
{
    pintas_mask seen = k->hand | k->discard;
    unsigned i;
    for (i = 0; i < SEATS; ++i)
        seen |= k->known[i];
    for (i = 0; i < k->rules.paths && i < PATHS; ++i)
        seen |= pintas__caminos_path_tiles(&k->path[i]);
    return ALL & ~seen;
}

/* Everything of *k but whether its unseen tiles can be dealt: the rules, the
 * table, the counts, the turn. */
static int info_shape_ok(const pintas_caminos_info *k)
{
    pintas_caminos_rules r;
    pintas_mask seen = 0, open;
    unsigned i, seat, unknown = 0;
    r = k->rules;
    r.rounds = 1;
    if (pintas_caminos_rules_check(&r) != PINTAS_OK || k->seat >= r.players)
        return 0;
    for (i = 0; i < PATHS; ++i) {
        const pintas_caminos_path *p = &k->path[i];
        if (i >= r.paths ? !absent_path_ok(&r, p) : !path_ok(&r, p, &seen))
            return 0;
    }
    if (!discard_ok(k))
        return 0;
    if ((k->hand | k->discard) & ~ALL || (seen & k->hand) || (seen & k->discard) ||
        (k->hand & k->discard) || pintas__popcount(k->hand) != k->hand_len[k->seat] ||
        k->pile_len > N_TILES)
        return 0;
    seen |= k->hand | k->discard;
    open = open_tiles(k);
    for (seat = 0; seat < SEATS; ++seat) {
        pintas_mask known = k->known[seat];
        if (seat >= r.players) {
            if (known || k->hand_len[seat] || k->n_cohorts[seat])
                return 0;
            continue;
        }
        if ((known & ~ALL) || (known & seen) || k->n_cohorts[seat] > COHORTS ||
            k->hand_len[seat] > N_TILES || pintas__popcount(known) > k->hand_len[seat] ||
            (seat == k->seat && known) || (passed(k, seat) && (known & open)))
            return 0;
        seen |= known;
        if (seat != k->seat)
            unknown += k->hand_len[seat] - pintas__popcount(known);
    }
    return pintas__popcount(ALL & ~seen) == unknown + k->pile_len && turn_ok(k);
}

/* ---- sampling ------------------------------------------------------------ */

/* One unknown place in another seat's hand: the tiles it may take at each
 * fallback level (0: S1-S3, 1: S1 and S3, 2: S1 only; S5 at every level). */
typedef struct place {
    uint8_t seat;
    pintas_mask allow[LEVELS];
} place;

/* The places of every other hand, worked out once per info. */
typedef struct prepared {
    pintas_mask unseen;
    unsigned n_places;
    place places[N_TILES];
} prepared;

/* The unseen tiles that may have entered a hand at log position `at`: those
 * not put into the pile by a renewal after it (S3). */
static pintas_mask in_pile_by(const pintas_caminos_info *k, pintas_mask unseen, unsigned at)
{
    pintas_mask m = 0;
    unsigned t;
    for (t = 0; t < N_TILES; ++t)
        if (k->since[t] <= at)
            m |= PINTAS_BIT(t);
    return m & unseen;
}

/* S2/S3: each other seat's unknown places are its loosest cohort places,
 * newest first, each cohort bound by the voids recorded from its entry on;
 * places no cohort accounts for are bound by nothing. k must pass info_check. */
static void prepare(const pintas_caminos_info *k, prepared *p)
{
    unsigned seat, first, i, lv;
    pintas_mask open = open_tiles(k);
    p->unseen = unseen_tiles(k);
    p->n_places = 0;
    for (seat = 0; seat < k->rules.players; ++seat) {
        unsigned need, voids = 0;
        int c;
        if (seat == k->seat)
            continue;
        first = p->n_places;
        need = k->hand_len[seat] - pintas__popcount(k->known[seat]);
        for (c = (int)k->n_cohorts[seat] - 1; c >= 0 && need > 0; --c) {
            const pintas_caminos_cohort *co = &k->cohort[seat][c];
            pintas_mask order = in_pile_by(k, p->unseen, co->at);
            unsigned take = co->tiles < need ? co->tiles : need;
            voids |= co->voids;
            for (; take > 0 && p->n_places < N_TILES; --take, --need) {
                place *pl = &p->places[p->n_places++];
                pl->seat = (uint8_t)seat;
                pl->allow[0] = order & ~numbers_mask(voids);
                pl->allow[1] = order;
                pl->allow[2] = p->unseen;
            }
        }
        for (; need > 0 && p->n_places < N_TILES; --need) {
            place *pl = &p->places[p->n_places++];
            pl->seat = (uint8_t)seat;
            pl->allow[0] = pl->allow[1] = pl->allow[2] = p->unseen;
        }
        /* a seat that passed since the last placement holds nothing an
         * open side takes: a fact of the table as it is, kept at every level */
        if (passed(k, seat))
            for (i = first; i < p->n_places; ++i)
                for (lv = 0; lv < LEVELS; ++lv)
                    p->places[i].allow[lv] &= ~open;
    }
}

/* Kuhn's augmenting path from place `root`: 1 if it gets a tile of its
 * level-0 set, moving earlier places to other tiles of theirs if need be.
 * owner[t] is the place holding tile t, or N_TILES. A depth-first search
 * over the places with an explicit stack (each tile is visited once, so the
 * path is at most N_TILES places long): place at[d] tries tile via[d]; a free
 * tile ends the path, and every place on it moves to the tile it tried. */
static int augment(const prepared *p, unsigned root, uint8_t *owner)
{
    pintas_mask tried = 0, todo[N_TILES];
    uint8_t at[N_TILES], via[N_TILES];
    int d = 0;
    at[0] = (uint8_t)root;
    todo[0] = p->places[root].allow[0];
    while (d >= 0) {
        pintas_mask m = todo[d] & ~tried;
        unsigned t;
        if (m == 0) {
            --d; /* no tile left for place at[d]: back to the one that moved it */
            continue;
        }
        t = pintas__lowest_bit(m);
        tried |= PINTAS_BIT(t);
        via[d] = (uint8_t)t;
        if (owner[t] == N_TILES) {
            for (; d >= 0; --d)
                owner[via[d]] = at[d];
            return 1;
        }
        if (d + 1 >= N_TILES)
            return 0; /* unreachable: every level takes a tile not tried before */
        ++d;
        at[d] = owner[t];
        todo[d] = p->places[owner[t]].allow[0];
    }
    return 0;
}

/* 1 if every place can take its own tile at level 0 (S1-S3 and S5
 * all kept): the real deal is such an assignment, so without one the info is
 * no real position. At most 28 places over 28 tiles. */
static int places_fit(const prepared *p)
{
    uint8_t owner[N_TILES];
    unsigned i;
    memset(owner, N_TILES, sizeof owner);
    for (i = 0; i < p->n_places; ++i)
        if (!augment(p, i, owner))
            return 0;
    return 1;
}

int pintas_caminos_info_check(const pintas_caminos_info *k)
{
    prepared p;
    if (!k || !info_shape_ok(k))
        return PINTAS_E_ARG;
    prepare(k, &p);
    return places_fit(&p) ? PINTAS_OK : PINTAS_E_ARG;
}

/* One try at filling every place at `level`: the place with the fewest tiles
 * left that it allows goes first (the lowest index on a tie), and takes one
 * of them uniformly. 0 when some place has none left. */
static int fill(const prepared *p, unsigned level, pintas_rng *rng, pintas_mask *hands,
                pintas_mask *left)
{
    pintas_mask remaining = p->unseen;
    uint8_t done[N_TILES];
    unsigned step, i;
    memset(done, 0, sizeof done);
    for (step = 0; step < p->n_places; ++step) {
        unsigned best = N_TILES, best_count = N_TILES + 1u;
        pintas_mask choices;
        for (i = 0; i < p->n_places; ++i) {
            unsigned c;
            if (done[i])
                continue;
            c = pintas__popcount(p->places[i].allow[level] & remaining);
            if (c < best_count) {
                best_count = c;
                best = i;
            }
        }
        if (best_count == 0 || best >= p->n_places)
            return 0;
        choices = p->places[best].allow[level] & remaining;
        i = kth_bit(choices, pintas__rng_below(rng, best_count));
        hands[p->places[best].seat & 3u] |= PINTAS_BIT(i);
        remaining &= ~PINTAS_BIT(i);
        done[best] = 1;
    }
    *left = remaining;
    return 1;
}

/* Everything of the state but the other hands and the pile's contents: the
 * observer to move in the playing phase of round 1 of 1. */
static void base_state(const pintas_caminos_info *k, pintas_caminos_state *s)
{
    unsigned i;
    memset(s, 0, sizeof *s);
    s->rules = k->rules;
    s->rules.rounds = 1;
    pintas_rng_seed(&s->rng, 0, PINTAS_RNG_STREAM);
    for (i = 0; i < PATHS; ++i) {
        if (i < k->rules.paths && k->path[i].centre != PINTAS_NO_TILE)
            s->path[i] = k->path[i];
        else
            pintas__caminos_clear_path(&s->path[i]);
    }
    s->hand[k->seat] = k->hand;
    for (i = 0; i < SEATS; ++i)
        if (i != k->seat)
            s->hand[i] = k->known[i];
    s->discard = k->discard;
    memset(s->pile, PINTAS_NO_TILE, sizeof s->pile);
    s->pile_len = k->pile_len;
    s->phase = PINTAS_CAMINOS_PLAYING;
    s->to_move = k->seat;
    s->round = 1;
    s->starter = k->starter == PINTAS_NO_SEAT ? k->seat : k->starter;
    s->passes = k->passes;
    s->out_seat = k->out_seat;
    s->last_turns = k->last_turns;
    pintas__caminos_clear_reveal(s);
}

static int sample_prepared(const pintas_caminos_info *k, const prepared *p, pintas_rng *rng,
                           pintas_caminos_state *out, int *level)
{
    pintas_caminos_state s;
    pintas_mask hands[SEATS], left = 0;
    unsigned lv, attempt, i, n = 0;
    uint64_t state_seed;
    int ok = 0;
    for (lv = 0; lv < LEVELS && !ok; ++lv) {
        unsigned tries = lv + 1u < LEVELS ? PINTAS_CAMINOS_SEARCH_RETRIES : 1u;
        for (attempt = 0; attempt < tries && !ok; ++attempt) {
            memset(hands, 0, sizeof hands);
            ok = fill(p, lv, rng, hands, &left);
        }
    }
    if (!ok) /* unreachable for a checked info: level 2 always fits */
        return PINTAS_E_ARG;
    base_state(k, &s);
    for (i = 0; i < SEATS; ++i)
        s.hand[i] |= hands[i];
    for (i = 0; i < N_TILES; ++i)
        if (left & PINTAS_BIT(i))
            s.pile[n++] = (uint8_t)i;
    pintas__rng_shuffle(rng, s.pile, n);
    state_seed = (uint64_t)pintas__rng_next(rng) << 32;
    state_seed |= pintas__rng_next(rng);
    pintas_rng_seed(&s.rng, state_seed, PINTAS_RNG_STREAM);
    *out = s;
    if (level)
        *level = (int)lv - 1;
    return PINTAS_OK;
}

int pintas_caminos_sample(const pintas_caminos_info *info, pintas_rng *rng,
                          pintas_caminos_state *out, int *level)
{
    prepared p;
    if (!info || !rng || !out || pintas_caminos_info_check(info) != PINTAS_OK)
        return PINTAS_E_ARG;
    prepare(info, &p);
    return sample_prepared(info, &p, rng, out, level);
}

/* ---- the default policy and playouts ------------------------------------- */

/* The heaviest tile among the reveal moves (most pips, then higher high end). */
static size_t heaviest_move(const pintas_caminos_move *moves, size_t n)
{
    size_t i, best = 0;
    for (i = 1; i < n; ++i)
        if (pintas__tile_weight(moves[i].tile) > pintas__tile_weight(moves[best].tile))
            best = i;
    return best;
}

/* The index of the default policy's move among moves[0..n), n >= 1. */
static size_t policy(const pintas_caminos_state *s, const pintas_caminos_move *moves, size_t n,
                     pintas_rng *rng)
{
    uint8_t open[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    pintas_mask hand;
    unsigned i, best = 0, ties = 0, side_tiles = s->rules.side_tiles;
    size_t j, pick = 0;
    if (n <= 1 || moves[0].kind != PINTAS_CAMINOS_PLACE)
        return n > 1 && moves[0].kind == PINTAS_CAMINOS_REVEAL ? heaviest_move(moves, n) : 0;
    for (i = 0; i < s->rules.paths && i < PATHS; ++i) {
        const pintas_caminos_path *p = &s->path[i];
        if (p->centre >= N_TILES)
            continue;
        open[p->end[0] & 7u] += p->len[0] < side_tiles;
        open[p->end[1] & 7u] += p->len[1] < side_tiles;
    }
    hand = s->hand[s->to_move & 3u];
    for (j = 0; j < n; ++j) {
        const pintas_caminos_path *p = &s->path[moves[j].path & 7u];
        unsigned t = moves[j].tile, side = moves[j].side & 1u, shown = p->end[side] & 7u;
        unsigned hi = pintas__tile_hi(t), lo = pintas__tile_lo(t);
        unsigned other = hi == shown ? lo : hi, score, x, fits;
        pintas_mask reach = 0, twice = 0, rest = hand & ~pintas__tile_bit(t);
        --open[shown];
        if (p->len[side] + 1u < side_tiles)
            ++open[other];
        for (x = 0; x <= PINTAS_MAX_PIP; ++x) {
            if (open[x]) {
                twice |= (reach & pintas__suit(x)) | (open[x] > 1 ? pintas__suit(x) : 0);
                reach |= pintas__suit(x);
            }
        }
        if (p->len[side] + 1u < side_tiles)
            --open[other];
        ++open[shown];
        fits = open[hi] + (hi != lo ? open[lo] : 0u);
        score = 4u * pintas__popcount(rest & reach) + 3u * pintas__popcount(rest & twice) +
                (hi == lo) + 2u * (16u - (fits < 16u ? fits : 16u));
        if (score > best || ties == 0) {
            best = score;
            ties = 1;
            pick = j;
        } else if (score == best && pintas__rng_below(rng, ++ties) == 0) {
            pick = j;
        }
    }
    return pick;
}

/* 1 if a quiet play's events (their kinds) include the end of a round. */
static int round_ended(unsigned kinds)
{
    return (kinds & (1u << PINTAS_CAMINOS_EV_ROUND_END)) != 0;
}

int pintas_caminos_playout(pintas_caminos_state *s, pintas_rng *rng)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n = 0;
    unsigned kinds = 0;
    int made = 0;
    if (!s || !rng)
        return PINTAS_E_ARG;
    while (made < PINTAS_CAMINOS_SEARCH_MAX_PLAYOUT && s->phase != PINTAS_CAMINOS_OVER) {
        if (pintas_caminos_legal(s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) != PINTAS_OK || n == 0)
            return PINTAS_E_ARG;
        if (pintas__caminos_play_quiet(s, &moves[policy(s, moves, n, rng)], &kinds) !=
            PINTAS_OK)
            return PINTAS_E_ARG;
        ++made;
        if (round_ended(kinds))
            break;
    }
    return made;
}

/* ---- search -------------------------------------------------------------- */

/* The observer's outcome of a playout from a round-1-of-1 state: its round
 * score times (players - 1) minus the sum of the others' round scores, i.e.
 * (players - 1) x (its score minus the others' mean), an integer; a playout
 * cut short scores the hands as they are (-1 a tile). */
static int outcome(const pintas_caminos_state *s, unsigned seat)
{
    int mine = 0, others = 0;
    unsigned i;
    for (i = 0; i < s->rules.players; ++i) {
        int v = s->phase == PINTAS_CAMINOS_OVER ? (int)s->score[i]
                                                : -(int)pintas__popcount(s->hand[i] & ALL);
        if (i == seat)
            mine = v;
        else
            others += v;
    }
    return mine * (int)(s->rules.players - 1u) - others;
}

int pintas_caminos_search(const pintas_caminos_info *info, uint64_t seed, uint32_t first,
                          uint32_t count, pintas_caminos_search_result *out)
{
    return pintas_caminos_search_until(info, seed, first, count, NULL, out);
}

int pintas_caminos_search_until(const pintas_caminos_info *info, uint64_t seed, uint32_t first,
                                uint32_t count, const volatile uint8_t *stop,
                                pintas_caminos_search_result *out)
{
    prepared p;
    pintas_caminos_search_result r;
    pintas_caminos_state sampled, s;
    pintas_rng rng, chance;
    size_t n = 0, j;
    uint32_t i;
    unsigned kinds = 0;
    int level = 0;
    if (!info || !out || count > PINTAS_CAMINOS_SEARCH_MAX_SAMPLES ||
        pintas_caminos_info_check(info) != PINTAS_OK)
        return PINTAS_E_ARG;
    base_state(info, &s); /* the observer's moves are the same in every sample */
    memset(&r, 0, sizeof r);
    if (pintas_caminos_legal(&s, r.move, PINTAS_CAMINOS_MAX_MOVES, &n) != PINTAS_OK)
        return PINTAS_E_ARG;
    r.n_moves = (uint32_t)n;
    prepare(info, &p);
    for (i = 0; i < count && !(stop && *stop); ++i) {
        pintas_rng_seed(&rng, seed, PINTAS_CAMINOS_SEARCH_STREAM + (uint64_t)first + i);
        if (sample_prepared(info, &p, &rng, &sampled, &level) != PINTAS_OK)
            return PINTAS_E_ARG;
        r.relaxed += level > 0;
        for (j = 0; j < n; ++j) {
            s = sampled;
            chance = rng;
            if (pintas__caminos_play_quiet(&s, &r.move[j], &kinds) != PINTAS_OK)
                return PINTAS_E_ARG;
            if (!round_ended(kinds) && pintas_caminos_playout(&s, &chance) < 0)
                return PINTAS_E_ARG;
            r.sum[j] += outcome(&s, info->seat);
        }
        r.samples++;
    }
    *out = r;
    return PINTAS_OK;
}
