/* caminos_view.c - what one seat of a Caminos game may know (views.h): the
 * round's public record kept from the events (as the search binding derives
 * it from a view's log), the view filled from the state and that record, and
 * the legal moves and known lacks read from the view alone. */
#include <string.h>

#include "pintas/views.h"
#include "caminos_internal.h"
#include "views_internal.h"

int pintas_caminos_record_start(pintas_caminos_record *r, const pintas_caminos_rules *rules)
{
    int st;
    if (r == NULL || rules == NULL)
        return PINTAS_E_ARG;
    st = pintas_caminos_rules_check(rules);
    if (st != PINTAS_OK)
        return st;
    memset(r, 0, sizeof *r);
    r->rules = *rules;
    return PINTAS_OK;
}

/* A new round: every hand one cohort of its dealt tiles, an empty table. */
static void new_round(pintas_caminos_record *r)
{
    pintas_caminos_rules rules = r->rules;
    unsigned s;
    memset(r, 0, sizeof *r);
    r->rules = rules;
    for (s = 0; s < rules.players; ++s) {
        r->n_cohorts[s] = 1;
        r->cohort[s][0].tiles = rules.hand_size;
    }
}

/* The numbers the open sides show (bit n), as the log leaves the table. */
static unsigned open_numbers(const pintas_caminos_record *r)
{
    unsigned p, side, numbers = 0;
    for (p = 0; p < r->rules.paths; ++p)
        for (side = 0; side < 2; ++side)
            if ((r->live >> p & 1u) && r->len[p][side] < r->rules.side_tiles &&
                r->end[p][side] <= PINTAS_MAX_PIP)
                numbers |= 1u << r->end[p][side];
    return numbers;
}

/* A draw by seat s opens a cohort; with the list full the two oldest draws
 * merge first (the newer one's `at` and voids are kept: the looser). */
static void open_cohort(pintas_caminos_record *r, unsigned s)
{
    pintas_caminos_cohort *c = r->cohort[s];
    unsigned i, n = r->n_cohorts[s];
    if (n == PINTAS_CAMINOS_SEARCH_MAX_COHORTS) {
        c[2].tiles = (uint8_t)(c[2].tiles + c[1].tiles);
        for (i = 1; i + 1 < n; ++i)
            c[i] = c[i + 1];
        --n;
    }
    c[n].at = r->pos;
    c[n].tiles = 1;
    c[n].voids = 0;
    r->n_cohorts[s] = (uint8_t)(n + 1);
}

/* 1 if an event names only seats, paths, sides and tiles the record has. */
static int event_ok(const pintas_caminos_record *r, const pintas_caminos_event *e)
{
    switch (e->kind) {
    case PINTAS_CAMINOS_EV_PATH:
        return e->path < r->rules.paths && e->tile < PINTAS_TILE_COUNT;
    case PINTAS_CAMINOS_EV_PLACE:
        return e->path < r->rules.paths && e->side <= 1 && e->tile < PINTAS_TILE_COUNT &&
               e->seat < r->rules.players;
    case PINTAS_CAMINOS_EV_CLOSE:
    case PINTAS_CAMINOS_EV_NO_PATH:
        return e->path < r->rules.paths;
    case PINTAS_CAMINOS_EV_REVEAL:
        return e->seat < r->rules.players && e->tile < PINTAS_TILE_COUNT;
    case PINTAS_CAMINOS_EV_DRAW:
    case PINTAS_CAMINOS_EV_PASS:
        return e->seat < r->rules.players;
    default:
        return 1;
    }
}

/* Add a placement, draw, pass or renewal to the story log (or, when it is
 * full, mark it lost). */
static void note(pintas_caminos_record *r, const pintas_caminos_event *e, uint32_t what)
{
    pintas_caminos_log_entry *x;
    if (r->log_len >= PINTAS_CAMINOS_RECORD_MAX_LOG) {
        r->log_lost = 1;
        return;
    }
    x = &r->log[r->log_len++];
    x->at = r->pos;
    x->kind = e->kind;
    x->seat = e->seat;
    x->what = what;
}

static void apply(pintas_caminos_record *r, const pintas_caminos_event *e)
{
    unsigned t, s = e->seat, p = e->path;
    if (e->kind == PINTAS_CAMINOS_EV_DEAL) {
        new_round(r);
        return;
    }
    ++r->pos;
    switch (e->kind) {
    case PINTAS_CAMINOS_EV_PATH:
        r->live |= (uint8_t)(1u << p);
        r->end[p][0] = (uint8_t)pintas__tile_hi(e->tile);
        r->end[p][1] = (uint8_t)pintas__tile_lo(e->tile);
        r->len[p][0] = r->len[p][1] = 0;
        break;
    case PINTAS_CAMINOS_EV_PLACE:
        note(r, e, e->tile);
        ++r->len[p][e->side];
        r->end[p][e->side] = (uint8_t)(pintas__tile_hi(e->tile) + pintas__tile_lo(e->tile) -
                                       r->end[p][e->side]);
        r->known[s] &= ~PINTAS_BIT(e->tile);
        break;
    case PINTAS_CAMINOS_EV_CLOSE:
        if (e->reason == PINTAS_CAMINOS_WHY_RENEW) {
            note(r, e, e->tiles & PINTAS_ALL_TILES);
            for (t = 0; t < PINTAS_TILE_COUNT; ++t)
                if (e->tiles & PINTAS_BIT(t))
                    r->since[t] = r->pos;
        }
        if (e->reason == PINTAS_CAMINOS_WHY_DISCARD)
            r->live &= (uint8_t)~(1u << p);
        break;
    case PINTAS_CAMINOS_EV_NO_PATH:
        r->live &= (uint8_t)~(1u << p);
        break;
    case PINTAS_CAMINOS_EV_REVEAL:
        r->revealed[s] |= PINTAS_BIT(e->tile);
        r->known[s] |= PINTAS_BIT(e->tile);
        break;
    case PINTAS_CAMINOS_EV_DRAW:
    case PINTAS_CAMINOS_EV_PASS:
        /* it could place none of its tiles on any open number */
        r->cohort[s][r->n_cohorts[s] - 1].voids |= (uint8_t)open_numbers(r);
        note(r, e, open_numbers(r));
        if (e->kind == PINTAS_CAMINOS_EV_DRAW)
            open_cohort(r, s);
        break;
    default:
        break;
    }
}

/* 1 if *r is a record pintas_caminos_record_start made and update kept. */
static int record_ok(const pintas_caminos_record *r)
{
    unsigned s, p;
    if (pintas_caminos_rules_check(&r->rules) != PINTAS_OK)
        return 0;
    for (s = 0; s < r->rules.players; ++s)
        if (r->n_cohorts[s] > PINTAS_CAMINOS_SEARCH_MAX_COHORTS)
            return 0;
    for (p = 0; p < r->rules.paths; ++p)
        if (r->end[p][0] > PINTAS_MAX_PIP || r->end[p][1] > PINTAS_MAX_PIP)
            return 0;
    return r->log_len <= PINTAS_CAMINOS_RECORD_MAX_LOG;
}

int pintas_caminos_record_update(pintas_caminos_record *r, const pintas_caminos_event *ev,
                                 size_t n)
{
    size_t i;
    int dealt = 0;
    if (r == NULL || (ev == NULL && n > 0) || !record_ok(r))
        return PINTAS_E_ARG;
    for (i = 0; i < n; ++i) {
        dealt |= ev[i].kind == PINTAS_CAMINOS_EV_DEAL;
        if (!event_ok(r, &ev[i]))
            return PINTAS_E_ARG;
    }
    /* a draw or pass before any deal would have no cohort to note */
    for (i = 0; !dealt && i < n; ++i)
        if ((ev[i].kind == PINTAS_CAMINOS_EV_DRAW || ev[i].kind == PINTAS_CAMINOS_EV_PASS) &&
            r->n_cohorts[ev[i].seat] == 0)
            return PINTAS_E_ARG;
    for (i = 0; i < n; ++i)
        apply(r, &ev[i]);
    return PINTAS_OK;
}

/* A path slot as the search's info holds it: the table's, or cleared. */
static void copy_path(pintas_caminos_path *to, const pintas_caminos_path *from,
                      const pintas_caminos_rules *r)
{
    unsigned side, j;
    pintas__caminos_clear_path(to);
    if (from->centre >= PINTAS_TILE_COUNT)
        return;
    to->centre = from->centre;
    for (side = 0; side < 2; ++side) {
        to->len[side] = from->len[side] <= r->side_tiles ? from->len[side] : r->side_tiles;
        to->end[side] = from->end[side];
        for (j = 0; j < to->len[side] && j < PINTAS_CAMINOS_MAX_SIDE; ++j)
            to->tile[side][j] = from->tile[side][j];
    }
}

static uint8_t seat_or_none(uint8_t seat)
{
    return seat < PINTAS_CAMINOS_MAX_SEATS ? seat : PINTAS_NO_SEAT;
}

static void fill_info(pintas_caminos_info *k, const pintas_caminos_state *s,
                      const pintas_caminos_record *r, unsigned seat)
{
    unsigned i;
    k->rules = s->rules;
    for (i = 0; i < PINTAS_CAMINOS_MAX_PATHS; ++i) {
        if (i < s->rules.paths)
            copy_path(&k->path[i], &s->path[i], &s->rules);
        else
            pintas__caminos_clear_path(&k->path[i]);
    }
    k->hand = seat < s->rules.players ? s->hand[seat] & PINTAS_ALL_TILES : 0;
    k->discard = s->discard & PINTAS_ALL_TILES;
    memcpy(k->since, r->since, sizeof k->since);
    for (i = 0; i < s->rules.players; ++i) {
        k->hand_len[i] = (uint8_t)pintas__popcount(s->hand[i] & PINTAS_ALL_TILES);
        k->known[i] = i == seat ? 0 : r->known[i];
        k->n_cohorts[i] = r->n_cohorts[i];
        memcpy(k->cohort[i], r->cohort[i], sizeof k->cohort[i]);
    }
    k->seat = (uint8_t)seat;
    k->pile_len = s->pile_len;
    k->passes = s->passes;
    k->out_seat = seat_or_none(s->out_seat);
    k->last_turns = s->last_turns;
    k->starter = seat_or_none(s->starter);
}

static int same_rules(const pintas_caminos_rules *a, const pintas_caminos_rules *b)
{
    return a->players == b->players && a->paths == b->paths && a->hand_size == b->hand_size &&
           a->side_tiles == b->side_tiles && a->full_path == b->full_path;
}

/* The one builder of Caminos views: what `seat` may know of *s, or with seat
 * PINTAS_NO_SEAT what everyone may (no hand, no secret choice; the tiles
 * revealed and not placed are everyone's); the arguments checked by the
 * caller. */
static void fill(const pintas_caminos_state *s, const pintas_caminos_record *r, unsigned seat,
                 pintas_caminos_view *out)
{
    unsigned i, players = s->rules.players;
    memset(out, 0, sizeof *out);
    fill_info(&out->info, s, r, seat);
    for (i = 0; i < players; ++i) {
        out->score[i] = s->score[i];
        out->revealed[i] = r->revealed[i];
        if (s->choice[i] < PINTAS_TILE_COUNT)
            out->chosen |= (uint8_t)(1u << i);
    }
    out->phase = s->phase;
    /* nobody moves while an external chance event is pending */
    out->to_move = s->phase == PINTAS_CAMINOS_OVER || pintas_caminos_chance_pending(s)
                       ? PINTAS_NO_SEAT
                       : s->to_move;
    out->round = s->round;
    out->step = s->step;
    out->contenders = s->contenders;
    out->my_choice = seat < players && s->choice[seat] < PINTAS_TILE_COUNT ? s->choice[seat]
                                                                          : PINTAS_NO_TILE;
    out->winners = s->phase == PINTAS_CAMINOS_OVER ? s->winners : 0;
}

/* 1 if *s and *r are what a view is built from. */
static int view_args(const pintas_caminos_state *s, const pintas_caminos_record *r,
                     const pintas_caminos_view *out)
{
    return s != NULL && r != NULL && out != NULL &&
           pintas_caminos_rules_check(&s->rules) == PINTAS_OK && record_ok(r) &&
           same_rules(&r->rules, &s->rules);
}

int pintas_caminos_view_of(const pintas_caminos_state *s, const pintas_caminos_record *r,
                           int seat, pintas_caminos_view *out)
{
    if (!view_args(s, r, out) || seat < 0 || seat >= s->rules.players)
        return PINTAS_E_ARG;
    fill(s, r, (unsigned)seat, out);
    return PINTAS_OK;
}

int pintas_caminos_view_public(const pintas_caminos_state *s, const pintas_caminos_record *r,
                               pintas_caminos_view *out)
{
    if (!view_args(s, r, out))
        return PINTAS_E_ARG;
    fill(s, r, PINTAS_NO_SEAT, out);
    return PINTAS_OK;
}

int pintas__caminos_view_ok(const pintas_caminos_view *v)
{
    const pintas_caminos_info *k = &v->info;
    unsigned p, side;
    if (pintas_caminos_rules_check(&k->rules) != PINTAS_OK || k->seat >= k->rules.players ||
        (k->hand & ~PINTAS_ALL_TILES) != 0 || v->phase > PINTAS_CAMINOS_OVER)
        return 0;
    for (p = 0; p < k->rules.paths; ++p) {
        const pintas_caminos_path *path = &k->path[p];
        if (path->centre == PINTAS_NO_TILE)
            continue;
        if (path->centre >= PINTAS_TILE_COUNT)
            return 0;
        for (side = 0; side < 2; ++side)
            if (path->len[side] > k->rules.side_tiles || path->end[side] > PINTAS_MAX_PIP)
                return 0;
    }
    return 1;
}

int pintas__caminos_view_to_move(const pintas_caminos_view *v)
{
    if (v->phase == PINTAS_CAMINOS_OVER)
        return PINTAS_E_OVER;
    return v->to_move == v->info.seat ? PINTAS_OK : PINTAS_E_ILLEGAL;
}

/* The placements of tile t, path by path, FRONT before BACK. */
static void placements(const pintas_caminos_info *k, unsigned t, pintas_caminos_move *out,
                       size_t *n)
{
    unsigned p, side;
    for (p = 0; p < k->rules.paths; ++p) {
        const pintas_caminos_path *path = &k->path[p];
        /* both sides of a double centre with nothing on them are one position */
        unsigned sides = path->centre < PINTAS_TILE_COUNT && pintas__is_double(path->centre) &&
                                 path->len[0] == 0 && path->len[1] == 0
                             ? 1u
                             : 2u;
        if (path->centre >= PINTAS_TILE_COUNT)
            continue;
        for (side = 0; side < sides; ++side)
            if (path->len[side] < k->rules.side_tiles &&
                (pintas__suit(path->end[side]) & PINTAS_BIT(t)))
                out[(*n)++] = pintas__caminos_move(PINTAS_CAMINOS_PLACE, t, p, side);
    }
}

int pintas_caminos_view_legal(const pintas_caminos_view *v, pintas_caminos_move *out,
                              size_t cap, size_t *n)
{
    size_t count = 0;
    pintas_mask hand;
    int st = pintas__buffer_args(v != NULL && out != NULL && n != NULL, cap,
                                 PINTAS_CAMINOS_MAX_MOVES);
    if (st != PINTAS_OK)
        return st;
    if (!pintas__caminos_view_ok(v))
        return PINTAS_E_ARG;
    if (pintas__caminos_view_to_move(v) != PINTAS_OK) {
        *n = 0;
        return PINTAS_OK;
    }
    hand = v->info.hand;
    if (v->phase == PINTAS_CAMINOS_REVEALING) {
        for (hand &= ~v->revealed[v->info.seat]; hand; hand &= hand - 1)
            out[count++] = pintas__caminos_move(PINTAS_CAMINOS_REVEAL, pintas__lowest_bit(hand),
                                                PINTAS_CAMINOS_NO_PATH, 0);
        *n = count;
        return PINTAS_OK;
    }
    for (; hand; hand &= hand - 1)
        placements(&v->info, pintas__lowest_bit(hand), out, &count);
    if (count == 0)
        out[count++] = pintas__caminos_move(v->info.pile_len ? PINTAS_CAMINOS_DRAW
                                                             : PINTAS_CAMINOS_PASS,
                                            PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH, 0);
    *n = count;
    return PINTAS_OK;
}

int pintas_caminos_view_lacks(const pintas_caminos_view *v,
                              uint8_t lacks[PINTAS_CAMINOS_MAX_SEATS])
{
    unsigned s;
    if (v == NULL || lacks == NULL)
        return PINTAS_E_ARG;
    for (s = 0; s < PINTAS_CAMINOS_MAX_SEATS; ++s) {
        unsigned n = v->info.n_cohorts[s];
        const pintas_caminos_cohort *c = v->info.cohort[s];
        lacks[s] = 0;
        if (v->phase != PINTAS_CAMINOS_PLAYING || s >= v->info.rules.players || n == 0 ||
            n > PINTAS_CAMINOS_SEARCH_MAX_COHORTS)
            continue;
        lacks[s] = (uint8_t)(c[n - 1].voids | (n > 1 ? c[n - 2].voids : 0u));
    }
    return PINTAS_OK;
}

/* The number tile `t` shows at the end away from `touching`, or 0xFF when it
 * does not show `touching`. */
static uint8_t other_end(uint8_t t, uint8_t touching)
{
    uint8_t low = pintas_tile_low(t), high = pintas_tile_high(t);
    return low == touching ? high : high == touching ? low : 0xFF;
}

int pintas_caminos_path_chain(const pintas_caminos_path *p, uint8_t *nums, size_t cap,
                              size_t *n)
{
    uint8_t row[2 * (1 + 2 * PINTAS_CAMINOS_MAX_SIDE)];
    size_t back, total, i;
    int side;
    if (p == NULL || nums == NULL || n == NULL) {
        return PINTAS_E_ARG;
    }
    if (p->centre == PINTAS_NO_TILE) {
        *n = 0;
        return PINTAS_OK;
    }
    if (p->centre >= PINTAS_TILE_COUNT || p->len[0] > PINTAS_CAMINOS_MAX_SIDE
        || p->len[1] > PINTAS_CAMINOS_MAX_SIDE) {
        return PINTAS_E_ARG;
    }
    back = p->len[PINTAS_CAMINOS_BACK];
    total = 1 + back + p->len[PINTAS_CAMINOS_FRONT];
    /* the centre at `back`; a side's tiles outwards from it, the front to the
     * right and the back to the left, each showing its touching number inwards */
    row[2 * back] = pintas_tile_low(p->centre);
    row[2 * back + 1] = pintas_tile_high(p->centre);
    for (side = 0; side < 2; ++side) {
        int front = side == PINTAS_CAMINOS_FRONT;
        uint8_t touching = front ? row[2 * back + 1] : row[2 * back];
        for (i = 0; i < p->len[side]; ++i) {
            size_t at = front ? back + 1 + i : back - 1 - i;
            uint8_t t = p->tile[side][i];
            uint8_t out = t < PINTAS_TILE_COUNT ? other_end(t, touching) : 0xFF;
            if (out == 0xFF) {
                return PINTAS_E_ARG;
            }
            row[2 * at + (front ? 0 : 1)] = touching;
            row[2 * at + (front ? 1 : 0)] = out;
            touching = out;
        }
    }
    if (cap < 2 * total) {
        return PINTAS_E_BUFFER;
    }
    memcpy(nums, row, 2 * total);
    *n = total;
    return PINTAS_OK;
}
