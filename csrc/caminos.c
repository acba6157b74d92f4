/* caminos.c - Caminos and its variants, as docs/rules.md section 2 states
 * them: rules, deals, the reveal for the starting player, moves, paths,
 * rounds and the game. Saving is in caminos_save.c, the batch simulation in
 * caminos_sim.c.
 *
 * Parameters (pintas_caminos_rules): players 2..4, paths revealed at the deal,
 * hand_size, side_tiles (tiles a side takes), full_path (what a full path
 * does: RENEW, STAY, DISCARD), rounds. Presets: base = 5 paths, 1 tile a
 * side, RENEW, 6 tiles a hand (5 with 4 players); no_renewal = the same with
 * 2 tiles a side and STAY; two_paths = 2 paths, 2 tiles a side, DISCARD, 6
 * tiles a hand for any number of players. All three play 3 rounds.
 *
 * Rules implemented:
 *  - Deal (every round): shuffle the 28 tiles; the first `paths` become the
 *    path centres, then each seat's hand, the rest is the draw pile.
 *  - Starting player (every round): each player chooses a tile of the hand to
 *    reveal; the choices are shown once all have chosen; the most pips starts;
 *    players tied for the most choose another tile not revealed before, and
 *    so on; if they have shown every tile and are still tied, the lowest seat
 *    among them starts. Revealed tiles stay in the hands.
 *  - Paths: a tile goes on a side that has room and shows one of its numbers.
 *    A full path (1 + 2 x side_tiles tiles) closes at once: RENEW puts its
 *    tiles into the pile, shuffles the pile and reveals the top tile as a new
 *    path in the same slot; STAY leaves it closed on the table; DISCARD moves
 *    its tiles to the discard pile and reveals the pile's top tile as a new
 *    path in the same slot, or leaves the slot empty when the pile is empty.
 *  - Turn: a player who can place must place exactly one tile (any legal
 *    placement); otherwise draws the pile's top tile, and the turn ends; with
 *    an empty pile passes.
 *  - Round end: when a player places the last tile of the hand, every other
 *    player has one last turn, in turn order, then the round ends; it also
 *    ends when every player has passed in a row. Each player scores -1 per
 *    tile left. After `rounds` rounds every seat with the highest total wins.
 *  - House limits (rules bytes that no preset sets, 0: none): max_rounds ends
 *    the game once that round is scored, if it comes before `rounds` (the
 *    same winners; GAME_END reason MAX_ROUNDS); max_round_moves ends a round
 *    whose play (placements, draws, passes; the reveal is bounded anyway)
 *    reaches that many moves as a blocked round ends: ROUND_END reason
 *    BLOCKED, -1 per tile left (state.round_moves counts them). Together
 *    they bound the base game, whose renewed paths can feed a round for ever.
 *
 * Decisions (listed as D1-D11 in docs/rules.md section 2; pinned by
 * csrc/tests/test_caminos.c and tests/caminos/test_rules.py):
 *  D1 Front and back: a centre a|b with a >= b shows a at the FRONT and b at
 *     the BACK. A double shows its number on both sides; while both of its
 *     sides are empty, front and back lead to the same position (mirrored),
 *     so only FRONT is listed; BACK is accepted too and placed there.
 *  D2 A side's number: the number its outermost tile shows outwards, i.e. the
 *     placed tile's end that did not match (a double shows the same number
 *     again); the centre's number while the side is empty. A side with
 *     side_tiles tiles is full and takes nothing; its number stays visible.
 *  D3 Reveal ties compare pips only (the most pips starts: 6|3 ties 5|4),
 *     and each later step compares only the tiles shown in that step.
 *  D4 The choices are made one at a time in ascending seat order among the
 *     players still in the reveal (to_move is the next chooser); nobody sees
 *     a choice until all of the step have chosen. Hands are dealt equal, so
 *     tied players run out of unrevealed tiles together, after hand_size steps.
 *  D5 The reveal happens every round (rounds 2 and 3 too); the starter of a
 *     round plays first and play goes on in seat order from there.
 *  D6 A path fills and closes during the placer's turn, which then ends; the
 *     new path is open to the next player. A renewed path keeps its slot
 *     (its path number); so does a closed STAY path and an empty DISCARD slot.
 *  D7 The reshuffle: the list "pile in draw order, then the closed path's
 *     tiles: centre, front tiles from the centre out, back tiles from the
 *     centre out" is shuffled (Fisher-Yates); its first item becomes the new
 *     centre, the rest is the pile in draw order. (Under RENEW the pile always
 *     holds the closed path's tiles then, so a new path is always revealed:
 *     a renewal never finds the pile empty in the base game.)
 *  D8 A drawn tile ends the turn even if it could be placed. A player going
 *     out during the last turns changes nothing: the last turns go on, and a
 *     tile drawn in a last turn counts against its drawer.
 *  D9 A blocked round ends only after every player has actually passed in a
 *     row (each pass is a move); a draw or a placement restarts the count.
 *  D10 The round's final board, hands and pile stay in the state once the
 *     game is over. SCORE is written only for seats that lose points.
 *  D11 All 28 tiles are gathered and shuffled afresh for every round.
 *
 * Randomness (the determinism contract, docs/determinism.md): the game's
 * PCG32 is seeded with (seed, PINTAS_RNG_STREAM) and draws exactly:
 *  - every deal: a Fisher-Yates shuffle (pintas_rng_shuffle) of the array
 *    [0, 1, ..., 27] of tile indices; path slot i (0-based) gets item i for
 *    i < paths, seat s gets the next hand_size items after the paths and the
 *    seats before it, and the remaining items are the pile in draw order;
 *  - every RENEW closing: one Fisher-Yates shuffle of the list of D7.
 * Nothing else draws: reveals, placements, draws from the pile, DISCARD
 * closings and hand-made deals consume no randomness.
 */
#include <string.h>

#include "pintas/caminos.h"
#include "pintas/notation.h"
#include "caminos_internal.h"
#include "common_internal.h"

#define N_TILES PINTAS_TILE_COUNT
#define SEATS PINTAS_CAMINOS_MAX_SEATS
#define PATHS PINTAS_CAMINOS_MAX_PATHS
#define ALL PINTAS_ALL_TILES

/* ---- rules --------------------------------------------------------------- */

int pintas_caminos_rules_check(const pintas_caminos_rules *r)
{
    if (!r)
        return PINTAS_E_ARG;
    if (r->players < 2 || r->players > SEATS || r->paths < 1 || r->paths > PATHS ||
        r->hand_size < 1 || r->hand_size > PINTAS_CAMINOS_MAX_HAND || r->side_tiles < 1 ||
        r->side_tiles > PINTAS_CAMINOS_MAX_SIDE || r->full_path > PINTAS_CAMINOS_DISCARD ||
        r->rounds < 1 || r->rounds > PINTAS_CAMINOS_MAX_ROUNDS)
        return PINTAS_E_RULES;
    /* max_rounds and max_round_moves: every value of their byte is valid (0: none) */
    if ((unsigned)r->paths + (unsigned)r->players * r->hand_size > N_TILES)
        return PINTAS_E_RULES;
    return PINTAS_OK;
}

int pintas_caminos_path_size(const pintas_caminos_rules *r)
{
    if (!r)
        return PINTAS_E_ARG;
    if (pintas_caminos_rules_check(r) != PINTAS_OK)
        return PINTAS_E_RULES;
    return 1 + 2 * r->side_tiles;
}

/* By pintas_caminos_full: RENEW, STAY, DISCARD. */
static const char *const FULL_PATHS[] = {"renew", "stay", "discard"};
static const char *const SIDES[] = {"front", "back"};

const char *pintas_caminos_side_name(int side)
{
    return side == PINTAS_CAMINOS_FRONT || side == PINTAS_CAMINOS_BACK ? SIDES[side] : NULL;
}

const char *pintas_caminos_full_path_name(int full_path)
{
    return full_path >= 0 && full_path < (int)(sizeof FULL_PATHS / sizeof FULL_PATHS[0])
               ? FULL_PATHS[full_path]
               : NULL;
}

/* The presets by variant (BASE, NO_RENEWAL, TWO_PATHS), as listed at the
 * top of this file; every preset plays 3 rounds. */
typedef struct preset {
    uint8_t paths, side_tiles, full_path;
    uint8_t hand_size, hand_size_of_4; /* with 2-3 players, with 4 */
} preset;

static const preset PRESETS[3] = {
    {5, 1, PINTAS_CAMINOS_RENEW, 6, 5},
    {5, 2, PINTAS_CAMINOS_STAY, 6, 5},
    {2, 2, PINTAS_CAMINOS_DISCARD, 6, 6},
};

int pintas_caminos_rules_preset(pintas_caminos_rules *rules, int variant, int players)
{
    pintas_caminos_rules r;
    const preset *p;
    if (!rules)
        return PINTAS_E_ARG;
    if (variant < PINTAS_CAMINOS_BASE || variant > PINTAS_CAMINOS_TWO_PATHS || players < 2 ||
        players > SEATS)
        return PINTAS_E_RULES;
    p = &PRESETS[variant - PINTAS_CAMINOS_BASE];
    memset(&r, 0, sizeof r);
    r.players = (uint8_t)players;
    r.rounds = 3;
    r.paths = p->paths;
    r.hand_size = players == 4 ? p->hand_size_of_4 : p->hand_size;
    r.side_tiles = p->side_tiles;
    r.full_path = p->full_path;
    if (pintas_caminos_rules_check(&r) != PINTAS_OK)
        return PINTAS_E_RULES;
    *rules = r;
    return PINTAS_OK;
}

/* ---- events -------------------------------------------------------------- */

/* Where a call writes its events; the capacity was checked against the
 * documented bound up front, the test here only keeps a bug from overrunning. */
typedef struct event_sink {
    pintas_caminos_event *ev;
    size_t n;
    size_t cap;
    unsigned kinds; /* bit k: an event of kind k was left out (a quiet call's, cap 0) */
} event_sink;

static pintas_caminos_event *emit(event_sink *o, unsigned kind, unsigned seat, unsigned tile,
                                  unsigned path, unsigned reason, int32_t value)
{
    pintas_caminos_event *e;
    if (o->n >= o->cap) {
        o->kinds |= 1u << kind;
        return NULL;
    }
    e = &o->ev[o->n++];
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->seat = (uint8_t)seat;
    e->tile = (uint8_t)tile;
    e->path = (uint8_t)path;
    e->reason = (uint8_t)reason;
    e->value = value;
    return e;
}

/* ---- sanity of a caller-held state --------------------------------------- */

/* What every call needs to stay inside its arrays on any bytes at all: a
 * rules shape that fits the arrays (and a deal that fits the set, for the
 * next round's deal) and a pile length inside the pile. Every other index
 * read from the state is masked or checked where it is used (tiles through
 * the masked lookups and pintas__tile_bit() of tiles_internal.h, ends through
 * pintas__suit(), side lengths against side_tiles, seats against players). */
static int usable(const pintas_caminos_state *s)
{
    const pintas_caminos_rules *r = &s->rules;
    return (r->players - 2u <= 2u) & (r->paths - 1u < (unsigned)PATHS) &
           (r->side_tiles - 1u < (unsigned)PINTAS_CAMINOS_MAX_SIDE) &
           (r->hand_size - 1u < (unsigned)PINTAS_CAMINOS_MAX_HAND) &
           ((unsigned)r->paths + (unsigned)r->players * r->hand_size <= N_TILES) &
           (s->pile_len <= N_TILES);
}

static int seat_ok(const pintas_caminos_state *s)
{
    return s->to_move < s->rules.players;
}

static int chance_pending(const pintas_caminos_state *s)
{
    return s->pending != PINTAS_CAMINOS_CHANCE_NONE;
}

static unsigned next_seat(const pintas_caminos_state *s, unsigned seat)
{
    unsigned n = seat + 1u;
    return n >= s->rules.players ? 0u : n;
}

static unsigned lowest_seat(unsigned mask)
{
    unsigned seat = 0;
    while (seat < SEATS && !(mask & (1u << seat)))
        ++seat;
    return seat;
}

/* ---- paths --------------------------------------------------------------- */

static void new_path(pintas_caminos_path *p, unsigned centre)
{
    pintas__caminos_clear_path(p);
    p->centre = (uint8_t)centre;
    p->end[PINTAS_CAMINOS_FRONT] = (uint8_t)pintas__tile_hi(centre);
    p->end[PINTAS_CAMINOS_BACK] = (uint8_t)pintas__tile_lo(centre);
}

/* 1 when placing on the path's front or its back leads to the same
 * position: a double centre with both sides still empty (D1). */
static int sides_alike(const pintas_caminos_path *p)
{
    return p->centre < N_TILES && pintas__is_double(p->centre) && p->len[0] == 0 &&
           p->len[1] == 0;
}

static int side_open(const pintas_caminos_state *s, const pintas_caminos_path *p, unsigned side)
{
    return p->centre < N_TILES && p->len[side] < s->rules.side_tiles;
}

/* Every number an open side shows: a tile showing one of them can be placed. */
static pintas_mask open_suits(const pintas_caminos_state *s)
{
    pintas_mask m = 0;
    unsigned i;
    for (i = 0; i < s->rules.paths; ++i) {
        const pintas_caminos_path *p = &s->path[i];
        if (side_open(s, p, 0))
            m |= pintas__suit(p->end[0]);
        if (side_open(s, p, 1))
            m |= pintas__suit(p->end[1]);
    }
    return m;
}

static int can_place(const pintas_caminos_state *s, unsigned seat)
{
    return (s->hand[seat] & ALL & open_suits(s)) != 0;
}

/* ---- the deal ------------------------------------------------------------ */

/* Paths, hands and pile from a tile order, as "Randomness" above says: the
 * paths first, then seat by seat, the rest is the pile in draw order. */
static void deal_in_order(pintas_caminos_state *s, const uint8_t *order)
{
    const pintas_caminos_rules *r = &s->rules;
    unsigned i, seat, k = r->paths;
    for (i = 0; i < PATHS; ++i) {
        if (i < r->paths)
            new_path(&s->path[i], order[i]);
        else
            pintas__caminos_clear_path(&s->path[i]);
    }
    for (seat = 0; seat < SEATS; ++seat) {
        s->hand[seat] = seat < r->players ? pintas__tiles_mask(order + k, r->hand_size) : 0;
        if (seat < r->players)
            k += r->hand_size;
    }
    memset(s->pile, PINTAS_NO_TILE, sizeof s->pile);
    memcpy(s->pile, order + k, N_TILES - k);
    s->pile_len = (uint8_t)(N_TILES - k);
    s->discard = 0;
}

static void deal_from_rng(pintas_caminos_state *s)
{
    uint8_t order[N_TILES];
    pintas__shuffled_tiles(&s->rng, order);
    deal_in_order(s, order);
}

static void deal_by_hand(pintas_caminos_state *s, const pintas_caminos_deal *d)
{
    const pintas_caminos_rules *r = &s->rules;
    uint8_t order[N_TILES];
    unsigned i, k = 0, seat;
    for (i = 0; i < r->paths; ++i)
        order[k++] = d->path[i];
    for (seat = 0; seat < r->players; ++seat) {
        pintas_mask h = d->hand[seat];
        while (h) {
            order[k++] = (uint8_t)pintas__lowest_bit(h);
            h &= h - 1;
        }
    }
    for (i = 0; i < d->pile_len; ++i)
        order[k++] = d->pile[i];
    deal_in_order(s, order);
}

/* A deal of these rules (pintas_caminos_deal_why: distinct centres,
 * hand_size tiles a seat and none beyond, the pile listing every other tile
 * once). */
static int deal_is_valid(const pintas_caminos_rules *r, const pintas_caminos_deal *d)
{
    pintas_refusal why;
    return pintas_caminos_deal_why(r, d, r->paths, r->players, &why) == PINTAS_OK;
}

/* External chance: no paths, hands or pile, and a deal waiting for its first
 * tile; the round opens (open_round) once the last hand tile is dealt. */
static void begin_chance_deal(pintas_caminos_state *s)
{
    unsigned i;
    for (i = 0; i < PATHS; ++i)
        pintas__caminos_clear_path(&s->path[i]);
    for (i = 0; i < SEATS; ++i)
        s->hand[i] = s->revealed[i] = 0;
    memset(s->pile, PINTAS_NO_TILE, sizeof s->pile);
    s->pile_len = 0;
    s->discard = 0;
    s->phase = PINTAS_CAMINOS_REVEALING;
    s->starter = PINTAS_NO_SEAT;
    s->passes = 0;
    s->out_seat = PINTAS_NO_SEAT;
    s->last_turns = 0;
    s->contenders = 0;
    s->step = 1;
    s->winners = 0;
    pintas__caminos_clear_reveal(s);
    s->dealt = 0;
    s->pending = PINTAS_CAMINOS_CHANCE_DEAL;
    s->to_move = PINTAS_CHANCE_SEAT;
}

/* A freshly dealt round: the reveal begins with every seat in it, seat 0
 * chooses first. Writes DEAL and the PATH of every slot. */
static void open_round(pintas_caminos_state *s, event_sink *o)
{
    unsigned i;
    s->phase = PINTAS_CAMINOS_REVEALING;
    s->to_move = 0;
    s->starter = PINTAS_NO_SEAT;
    s->passes = 0;
    s->out_seat = PINTAS_NO_SEAT;
    s->last_turns = 0;
    s->contenders = (uint8_t)pintas__caminos_all_seats(&s->rules);
    s->step = 1;
    s->winners = 0;
    pintas__caminos_clear_reveal(s);
    emit(o, PINTAS_CAMINOS_EV_DEAL, PINTAS_NO_SEAT, PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH,
         PINTAS_CAMINOS_WHY_NONE, s->round);
    for (i = 0; i < s->rules.paths; ++i)
        emit(o, PINTAS_CAMINOS_EV_PATH, PINTAS_NO_SEAT, s->path[i].centre, i,
             PINTAS_CAMINOS_WHY_NONE, 0);
}

static int start_game(pintas_caminos_state *s, const pintas_caminos_rules *rules, uint64_t seed,
                      const pintas_caminos_deal *deal, int external, pintas_caminos_event *ev,
                      size_t ev_cap, size_t *n_ev)
{
    pintas_caminos_rules r;
    event_sink o = {ev, 0, ev_cap, 0};
    int status =
        pintas__buffer_args(s && rules && ev && n_ev, ev_cap, PINTAS_CAMINOS_MAX_EVENTS);
    if (status != PINTAS_OK)
        return status;
    if (external != 0 && external != 1)
        return PINTAS_E_ARG;
    if (pintas_caminos_rules_check(rules) != PINTAS_OK)
        return PINTAS_E_RULES;
    r = *rules; /* rules may live inside *s */
    if (deal && !deal_is_valid(&r, deal))
        return PINTAS_E_DEAL;
    memset(s, 0, sizeof *s);
    s->rules = r;
    pintas_rng_seed(&s->rng, seed, PINTAS_RNG_STREAM);
    s->round = 1;
    s->chance = (uint8_t)external;
    if (deal) {
        deal_by_hand(s, deal);
    } else if (external) {
        begin_chance_deal(s);
        *n_ev = 0;
        return PINTAS_OK;
    } else {
        deal_from_rng(s);
    }
    open_round(s, &o);
    *n_ev = o.n;
    return PINTAS_OK;
}

int pintas_caminos_new_chance(pintas_caminos_state *s, const pintas_caminos_rules *rules,
                              uint64_t seed, const pintas_caminos_deal *deal, int external,
                              pintas_caminos_event *ev, size_t ev_cap, size_t *n_ev)
{
    return start_game(s, rules, seed, deal, external, ev, ev_cap, n_ev);
}

int pintas_caminos_new(pintas_caminos_state *s, const pintas_caminos_rules *rules,
                       uint64_t seed, pintas_caminos_event *ev, size_t ev_cap, size_t *n_ev)
{
    return start_game(s, rules, seed, NULL, 0, ev, ev_cap, n_ev);
}

int pintas_caminos_new_dealt(pintas_caminos_state *s, const pintas_caminos_rules *rules,
                             uint64_t seed, const pintas_caminos_deal *deal,
                             pintas_caminos_event *ev, size_t ev_cap, size_t *n_ev)
{
    if (!deal)
        return PINTAS_E_ARG;
    return start_game(s, rules, seed, deal, 0, ev, ev_cap, n_ev);
}

static int nobody_chose(const pintas_caminos_state *s)
{
    unsigned i;
    for (i = 0; i < SEATS; ++i)
        if (s->choice[i] != PINTAS_NO_TILE)
            return 0;
    return 1;
}

int pintas_caminos_set_deal(pintas_caminos_state *s, const pintas_caminos_deal *deal,
                            pintas_caminos_event *ev, size_t ev_cap, size_t *n_ev)
{
    event_sink o = {ev, 0, ev_cap, 0};
    int status =
        pintas__buffer_args(s && deal && ev && n_ev, ev_cap, PINTAS_CAMINOS_MAX_EVENTS);
    if (status != PINTAS_OK)
        return status;
    if (!usable(s) || pintas_caminos_rules_check(&s->rules) != PINTAS_OK)
        return PINTAS_E_ARG;
    if (s->phase != PINTAS_CAMINOS_REVEALING || s->step != 1 || !nobody_chose(s) ||
        (chance_pending(s) && s->pending != PINTAS_CAMINOS_CHANCE_DEAL))
        return PINTAS_E_ILLEGAL;
    if (!deal_is_valid(&s->rules, deal))
        return PINTAS_E_DEAL;
    deal_by_hand(s, deal);
    s->pending = PINTAS_CAMINOS_CHANCE_NONE;
    open_round(s, &o);
    *n_ev = o.n;
    return PINTAS_OK;
}

int pintas_caminos_reseed(pintas_caminos_state *s, uint64_t seed)
{
    return pintas__game_reseed(s ? &s->rng : NULL, seed);
}

/* ---- what can be played -------------------------------------------------- */

int pintas_caminos_legal(const pintas_caminos_state *s, pintas_caminos_move *out, size_t cap,
                         size_t *n)
{
    /* by_number[n]: the open sides showing n, bit 2 x path + side, so that
     * walking a tile's bits up gives path-then-side order */
    uint32_t by_number[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    pintas_mask open = 0, hand;
    unsigned i;
    size_t count = 0;
    int status = pintas__buffer_args(s && out && n, cap, PINTAS_CAMINOS_MAX_MOVES);
    if (status != PINTAS_OK)
        return status;
    if (!usable(s))
        return PINTAS_E_ARG;
    if ((s->phase != PINTAS_CAMINOS_REVEALING && s->phase != PINTAS_CAMINOS_PLAYING) ||
        chance_pending(s)) {
        *n = 0;
        return PINTAS_OK;
    }
    if (!seat_ok(s))
        return PINTAS_E_ARG;
    hand = s->hand[s->to_move] & ALL;
    if (s->phase == PINTAS_CAMINOS_REVEALING) {
        hand &= ~s->revealed[s->to_move];
        for (; hand && count < PINTAS_CAMINOS_MAX_MOVES; hand &= hand - 1)
            out[count++] = pintas__caminos_move(PINTAS_CAMINOS_REVEAL, pintas__lowest_bit(hand),
                                                PINTAS_CAMINOS_NO_PATH, 0);
        *n = count;
        return PINTAS_OK;
    }
    for (i = 0; i < s->rules.paths; ++i) { /* branch-free: which sides are open is random */
        const pintas_caminos_path *p = &s->path[i];
        unsigned present = p->centre < N_TILES, side = s->rules.side_tiles;
        unsigned front = present & (p->len[0] < side),
                 back = present & (p->len[1] < side) & !sides_alike(p);
        by_number[p->end[0] & 7u] |= front << (2u * i);
        by_number[p->end[1] & 7u] |= back << (2u * i + 1u);
        open |= (pintas__suit(p->end[0]) & (0 - (pintas_mask)front)) |
                (pintas__suit(p->end[1]) & (0 - (pintas_mask)back));
    }
    for (hand &= open; hand; hand &= hand - 1) {
        unsigned t = pintas__lowest_bit(hand);
        uint32_t sides = by_number[pintas__tile_hi(t)] | by_number[pintas__tile_lo(t)];
        for (; sides && count < PINTAS_CAMINOS_MAX_MOVES; sides &= sides - 1) {
            unsigned k = pintas__lowest_bit(sides);
            out[count++] = pintas__caminos_move(PINTAS_CAMINOS_PLACE, t, k >> 1, k & 1u);
        }
    }
    if (count == 0)
        out[count++] = pintas__caminos_move(s->pile_len > 0 ? PINTAS_CAMINOS_DRAW
                                                            : PINTAS_CAMINOS_PASS,
                                            PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH, 0);
    *n = count;
    return PINTAS_OK;
}

/* The legality test: a move is legal exactly when legal() lists it, or it is
 * the placement legal() leaves out as the same position as one it lists. */
static int check_move(const pintas_caminos_state *s, const pintas_caminos_move *m)
{
    unsigned seat;
    int status = pintas__move_state(
        usable(s), s->phase == PINTAS_CAMINOS_REVEALING || s->phase == PINTAS_CAMINOS_PLAYING,
        chance_pending(s), seat_ok(s));
    if (status != PINTAS_OK)
        return status;
    seat = s->to_move;
    if (s->phase == PINTAS_CAMINOS_REVEALING) {
        if (m->kind != PINTAS_CAMINOS_REVEAL || m->path != PINTAS_CAMINOS_NO_PATH || m->side != 0)
            return PINTAS_E_ILLEGAL;
        return (s->hand[seat] & ~s->revealed[seat] & pintas__tile_bit(m->tile)) ? PINTAS_OK
                                                                    : PINTAS_E_ILLEGAL;
    }
    if (m->kind == PINTAS_CAMINOS_PLACE) {
        const pintas_caminos_path *p;
        pintas_mask tile;
        if (m->path >= s->rules.paths || m->side > PINTAS_CAMINOS_BACK)
            return PINTAS_E_ILLEGAL;
        p = &s->path[m->path];
        tile = pintas__tile_bit(m->tile);
        if (!(s->hand[seat] & tile) || !side_open(s, p, m->side))
            return PINTAS_E_ILLEGAL;
        return (pintas__suit(p->end[m->side]) & tile) ? PINTAS_OK : PINTAS_E_ILLEGAL;
    }
    if (m->kind != PINTAS_CAMINOS_DRAW && m->kind != PINTAS_CAMINOS_PASS)
        return PINTAS_E_ILLEGAL;
    if (m->tile != PINTAS_NO_TILE || m->path != PINTAS_CAMINOS_NO_PATH || m->side != 0 ||
        can_place(s, seat))
        return PINTAS_E_ILLEGAL;
    if (m->kind == PINTAS_CAMINOS_DRAW)
        return s->pile_len > 0 && s->pile[0] < N_TILES ? PINTAS_OK : PINTAS_E_ILLEGAL;
    return s->pile_len == 0 ? PINTAS_OK : PINTAS_E_ILLEGAL;
}

int pintas_caminos_check(const pintas_caminos_state *s, const pintas_caminos_move *m)
{
    if (!s || !m)
        return PINTAS_E_ARG;
    return check_move(s, m);
}

/* ---- round and game end -------------------------------------------------- */

static void end_game(pintas_caminos_state *s, event_sink *o, unsigned reason)
{
    unsigned winners = pintas__caminos_top_seats(s);
    pintas_caminos_event *e;
    s->phase = PINTAS_CAMINOS_OVER;
    s->to_move = PINTAS_NO_SEAT;
    s->winners = (uint8_t)winners;
    s->passes = 0;
    s->out_seat = PINTAS_NO_SEAT;
    s->last_turns = 0;
    e = emit(o, PINTAS_CAMINOS_EV_GAME_END, lowest_seat(winners), PINTAS_NO_TILE,
             PINTAS_CAMINOS_NO_PATH, reason, pintas__caminos_top_score(s));
    if (e)
        e->seats = (uint8_t)winners;
}

static void end_round(pintas_caminos_state *s, event_sink *o, unsigned reason)
{
    unsigned seat;
    emit(o, PINTAS_CAMINOS_EV_ROUND_END,
         reason == PINTAS_CAMINOS_WHY_OUT ? s->out_seat : PINTAS_NO_SEAT, PINTAS_NO_TILE,
         PINTAS_CAMINOS_NO_PATH, reason, s->round);
    for (seat = 0; seat < s->rules.players; ++seat) {
        int32_t left = (int32_t)pintas__popcount(s->hand[seat] & ALL);
        if (left == 0)
            continue;
        /* saturates: reachable totals stay above -28 x 99 */
        s->score[seat] = s->score[seat] >= INT32_MIN + left ? s->score[seat] - left : INT32_MIN;
        emit(o, PINTAS_CAMINOS_EV_SCORE, seat, PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH,
             reason, -left);
    }
    s->round_moves = 0;
    if (s->round >= s->rules.rounds) {
        end_game(s, o, PINTAS_CAMINOS_WHY_NONE);
        return;
    }
    if (s->rules.max_rounds != 0 && s->round >= s->rules.max_rounds) {
        end_game(s, o, PINTAS_CAMINOS_WHY_MAX_ROUNDS);
        return;
    }
    ++s->round;
    if (s->chance) {
        begin_chance_deal(s);
        return;
    }
    deal_from_rng(s);
    open_round(s, o);
}

/* After seat's turn: count down the last turns, else note a player going out
 * (went_out: the turn placed a tile), then pass the turn on. */
static void end_turn(pintas_caminos_state *s, event_sink *o, unsigned seat, int placed)
{
    if (s->out_seat != PINTAS_NO_SEAT) {
        if (s->last_turns <= 1) {
            s->last_turns = 0;
            end_round(s, o, PINTAS_CAMINOS_WHY_OUT);
            return;
        }
        --s->last_turns;
    } else if (placed && (s->hand[seat] & ALL) == 0) {
        s->out_seat = (uint8_t)seat;
        s->last_turns = (uint8_t)(s->rules.players - 1u);
        emit(o, PINTAS_CAMINOS_EV_OUT, seat, PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH,
             PINTAS_CAMINOS_WHY_NONE, s->last_turns);
    }
    s->to_move = (uint8_t)next_seat(s, seat);
}

/* ---- the moves ----------------------------------------------------------- */

/* External chance: the new centre of slot i waits for its outcome, seat's
 * turn ends after it. */
static void await_centre(pintas_caminos_state *s, unsigned seat, unsigned i)
{
    pintas__caminos_clear_path(&s->path[i]);
    s->pending = PINTAS_CAMINOS_CHANCE_REVEAL;
    s->chance_seat = (uint8_t)seat;
    s->chance_path = (uint8_t)i;
    s->to_move = PINTAS_CHANCE_SEAT;
}

/* The tiles of a full path, then what the rules do with it (D6, D7); 1 when
 * an external chance event (the new centre) is left pending. */
static int close_path(pintas_caminos_state *s, event_sink *o, unsigned seat, unsigned i)
{
    pintas_caminos_path *p = &s->path[i];
    uint8_t list[N_TILES + 1 + 2 * PINTAS_CAMINOS_MAX_SIDE];
    unsigned n = 0, side, j, count = 1u + 2u * s->rules.side_tiles;
    unsigned full = s->rules.full_path;
    pintas_caminos_event *e;
    static const uint8_t WHY[3] = {PINTAS_CAMINOS_WHY_RENEW, PINTAS_CAMINOS_WHY_STAY,
                                   PINTAS_CAMINOS_WHY_DISCARD};
    e = emit(o, PINTAS_CAMINOS_EV_CLOSE, seat, PINTAS_NO_TILE, i, WHY[full < 3 ? full : 0],
             (int32_t)count);
    if (e)
        e->tiles = pintas__caminos_path_tiles(p);
    if (full == PINTAS_CAMINOS_STAY)
        return 0;
    if (full == PINTAS_CAMINOS_DISCARD) {
        s->discard |= pintas__caminos_path_tiles(p);
        pintas__caminos_clear_path(p);
        if (s->pile_len == 0 || s->pile[0] >= N_TILES) {
            emit(o, PINTAS_CAMINOS_EV_NO_PATH, PINTAS_NO_SEAT, PINTAS_NO_TILE, i,
                 PINTAS_CAMINOS_WHY_DISCARD, 0);
            return 0;
        }
        if (s->chance) {
            await_centre(s, seat, i);
            return 1;
        }
        new_path(p, s->pile[0]);
        for (j = 1; j < s->pile_len; ++j)
            s->pile[j - 1] = s->pile[j];
        s->pile[--s->pile_len] = PINTAS_NO_TILE;
        emit(o, PINTAS_CAMINOS_EV_PATH, PINTAS_NO_SEAT, p->centre, i, PINTAS_CAMINOS_WHY_DISCARD,
             0);
        return 0;
    }
    /* RENEW: the pile in draw order, then centre, front out, back out (D7) */
    for (j = 0; j < s->pile_len; ++j)
        list[n++] = s->pile[j];
    list[n++] = p->centre;
    for (side = 0; side < 2; ++side)
        for (j = 0; j < p->len[side] && j < PINTAS_CAMINOS_MAX_SIDE; ++j)
            list[n++] = p->tile[side][j];
    if (s->chance) { /* the pile becomes a set holding the path's tiles */
        pintas_mask set = 0;
        for (j = 0; j < n; ++j)
            set |= pintas__tile_bit(list[j]);
        memset(s->pile, PINTAS_NO_TILE, sizeof s->pile);
        for (n = 0, j = 0; j < N_TILES; ++j)
            if (set & PINTAS_BIT(j))
                s->pile[n++] = (uint8_t)j;
        s->pile_len = (uint8_t)n;
        emit(o, PINTAS_CAMINOS_EV_RESHUFFLE, PINTAS_NO_SEAT, PINTAS_NO_TILE,
             PINTAS_CAMINOS_NO_PATH, PINTAS_CAMINOS_WHY_RENEW, (int32_t)n);
        await_centre(s, seat, i);
        return 1;
    }
    pintas__rng_shuffle(&s->rng, list, n);
    emit(o, PINTAS_CAMINOS_EV_RESHUFFLE, PINTAS_NO_SEAT, PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH,
         PINTAS_CAMINOS_WHY_RENEW, (int32_t)n);
    new_path(p, list[0]);
    memset(s->pile, PINTAS_NO_TILE, sizeof s->pile);
    for (j = 1; j < n && j <= N_TILES; ++j)
        s->pile[j - 1] = list[j];
    s->pile_len = (uint8_t)(j - 1);
    emit(o, PINTAS_CAMINOS_EV_PATH, PINTAS_NO_SEAT, p->centre, i, PINTAS_CAMINOS_WHY_RENEW, 0);
    return 0;
}

static void place(pintas_caminos_state *s, event_sink *o, unsigned seat, unsigned t, unsigned i,
                  unsigned side)
{
    pintas_caminos_path *p = &s->path[i];
    unsigned len = p->len[side];
    pintas_caminos_event *e;
    s->hand[seat] &= ~pintas__tile_bit(t);
    p->tile[side][len] = (uint8_t)t;
    p->len[side] = (uint8_t)(len + 1u);
    /* the tile's other number (D2) */
    p->end[side] = (uint8_t)(pintas__tile_pips(t) - p->end[side]);
    s->passes = 0;
    e = emit(o, PINTAS_CAMINOS_EV_PLACE, seat, t, i, PINTAS_CAMINOS_WHY_NONE, (int32_t)len + 1);
    if (e)
        e->side = (uint8_t)side;
    if (p->len[0] >= s->rules.side_tiles && p->len[1] >= s->rules.side_tiles &&
        close_path(s, o, seat, i))
        return; /* the turn ends after the new centre's outcome */
    end_turn(s, o, seat, 1);
}

/* seat draws the pile's top tile; the turn ends. */
static void take_top(pintas_caminos_state *s, event_sink *o, unsigned seat)
{
    unsigned t = s->pile[0], j;
    for (j = 1; j < s->pile_len; ++j)
        s->pile[j - 1] = s->pile[j];
    s->pile[--s->pile_len] = PINTAS_NO_TILE;
    s->hand[seat] |= pintas__tile_bit(t);
    s->passes = 0;
    emit(o, PINTAS_CAMINOS_EV_DRAW, seat, t, PINTAS_CAMINOS_NO_PATH, PINTAS_CAMINOS_WHY_NONE,
         s->pile_len);
    end_turn(s, o, seat, 0);
}

static void draw(pintas_caminos_state *s, event_sink *o, unsigned seat)
{
    if (s->chance) { /* the tile drawn is the next chance event's outcome */
        s->pending = PINTAS_CAMINOS_CHANCE_DRAW;
        s->chance_seat = (uint8_t)seat;
        s->to_move = PINTAS_CHANCE_SEAT;
        return;
    }
    take_top(s, o, seat);
}

static void pass(pintas_caminos_state *s, event_sink *o, unsigned seat)
{
    s->passes = (uint8_t)(s->passes + 1u);
    emit(o, PINTAS_CAMINOS_EV_PASS, seat, PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH,
         PINTAS_CAMINOS_WHY_NONE, s->passes);
    if (s->out_seat == PINTAS_NO_SEAT && s->passes >= s->rules.players) {
        end_round(s, o, PINTAS_CAMINOS_WHY_BLOCKED);
        return;
    }
    end_turn(s, o, seat, 0);
}

static void start_round(pintas_caminos_state *s, event_sink *o, unsigned seat, unsigned reason)
{
    emit(o, PINTAS_CAMINOS_EV_START, seat, s->shown[seat & 3u], PINTAS_CAMINOS_NO_PATH, reason,
         s->step);
    s->phase = PINTAS_CAMINOS_PLAYING;
    s->starter = (uint8_t)seat;
    s->to_move = (uint8_t)seat;
    s->contenders = 0;
    s->step = 0;
    pintas__caminos_clear_reveal(s);
}

/* seat chose tile t; once the whole step has chosen, show the choices and
 * decide: one seat with the most pips starts; a tie reveals again (D3, D4). */
static void reveal(pintas_caminos_state *s, event_sink *o, unsigned seat, unsigned t)
{
    unsigned i, best = 0, tied = 0;
    unsigned contenders = s->contenders & pintas__caminos_all_seats(&s->rules);
    pintas_caminos_event *e;
    s->choice[seat] = (uint8_t)t;
    emit(o, PINTAS_CAMINOS_EV_CHOOSE, seat, t, PINTAS_CAMINOS_NO_PATH, PINTAS_CAMINOS_WHY_NONE,
         s->step);
    for (i = 0; i < s->rules.players; ++i) {
        if ((contenders & (1u << i)) && s->choice[i] == PINTAS_NO_TILE) {
            s->to_move = (uint8_t)i;
            return;
        }
    }
    for (i = 0; i < SEATS; ++i) {
        unsigned c = s->choice[i];
        s->shown[i] = PINTAS_NO_TILE;
        s->choice[i] = PINTAS_NO_TILE;
        if (!(contenders & (1u << i)))
            continue;
        emit(o, PINTAS_CAMINOS_EV_REVEAL, i, c, PINTAS_CAMINOS_NO_PATH, PINTAS_CAMINOS_WHY_NONE,
             s->step);
        s->shown[i] = (uint8_t)c;
        s->revealed[i] |= pintas__tile_bit(c);
        if (pintas__tile_pips(c) > best) {
            best = pintas__tile_pips(c);
            tied = 0;
        }
        if (pintas__tile_pips(c) == best)
            tied |= 1u << i;
    }
    if ((tied & (tied - 1u)) == 0) {
        start_round(s, o, lowest_seat(tied), PINTAS_CAMINOS_WHY_MOST_PIPS);
        return;
    }
    if (s->step >= s->rules.hand_size) {
        start_round(s, o, lowest_seat(tied), PINTAS_CAMINOS_WHY_LOWEST_SEAT);
        return;
    }
    e = emit(o, PINTAS_CAMINOS_EV_TIE, PINTAS_NO_SEAT, PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH,
             PINTAS_CAMINOS_WHY_NONE, s->step);
    if (e)
        e->seats = (uint8_t)tied;
    s->contenders = (uint8_t)tied;
    s->step = (uint8_t)(s->step + 1u);
    s->to_move = (uint8_t)lowest_seat(tied);
}

/* The move that brings a round to max_round_moves ends it as a block would,
 * once the chance event it left (external chance: a draw's tile, a new
 * centre) has its outcome: the round ends with the move whole. */
static void end_round_at_cap(pintas_caminos_state *s, event_sink *o)
{
    if (s->rules.max_round_moves != 0 && s->phase == PINTAS_CAMINOS_PLAYING &&
        s->pending == PINTAS_CAMINOS_CHANCE_NONE &&
        s->round_moves >= s->rules.max_round_moves)
        end_round(s, o, PINTAS_CAMINOS_WHY_BLOCKED);
}

/* Every move: checked by check_move, then made into *o; the public call and
 * its quiet twin share it. */
static int play_into(pintas_caminos_state *s, const pintas_caminos_move *m, event_sink *o)
{
    unsigned seat, round;
    int status = check_move(s, m);
    if (status != PINTAS_OK)
        return status;
    seat = s->to_move;
    round = s->round;
    switch (m->kind) {
    case PINTAS_CAMINOS_REVEAL:
        reveal(s, o, seat, m->tile);
        return PINTAS_OK;
    case PINTAS_CAMINOS_PLACE:
        place(s, o, seat, m->tile, m->path, m->side);
        break;
    case PINTAS_CAMINOS_DRAW:
        draw(s, o, seat);
        break;
    default:
        pass(s, o, seat);
        break;
    }
    /* max_round_moves: a play move that left the round going counts */
    if (s->rules.max_round_moves != 0 && s->phase == PINTAS_CAMINOS_PLAYING &&
        s->round == round)
        s->round_moves = (uint8_t)(s->round_moves + 1u);
    end_round_at_cap(s, o);
    return PINTAS_OK;
}

PINTAS__MOVE_CALL int pintas_caminos_play(pintas_caminos_state *s, const pintas_caminos_move *m,
                                           pintas_caminos_event *ev, size_t ev_cap,
                                           size_t *n_ev)
{
    event_sink o = {ev, 0, ev_cap, 0};
    int status = pintas__buffer_args(s && m && ev && n_ev, ev_cap, PINTAS_CAMINOS_MAX_EVENTS);
    if (status == PINTAS_OK)
        status = play_into(s, m, &o);
    return pintas__events_written(status, o.n, n_ev);
}

int pintas__caminos_play_quiet(pintas_caminos_state *s, const pintas_caminos_move *m,
                               unsigned *kinds)
{
    event_sink o = {NULL, 0, 0, 0};
    int status = s && m && kinds ? play_into(s, m, &o) : PINTAS_E_ARG;
    if (status == PINTAS_OK)
        *kinds = o.kinds;
    return status;
}

/* ---- small queries ------------------------------------------------------- */

int pintas_caminos_pile_size(const pintas_caminos_state *s)
{
    if (!s)
        return PINTAS_E_ARG;
    return s->pile_len <= N_TILES ? s->pile_len : 0;
}

int pintas_caminos_hand_size(const pintas_caminos_state *s, int seat)
{
    if (!s || seat < 0 || seat >= SEATS || seat >= s->rules.players)
        return PINTAS_E_ARG;
    return (int)pintas__popcount(s->hand[seat] & ALL);
}

int pintas_caminos_side_number(const pintas_caminos_state *s, int path, int side)
{
    const pintas_caminos_path *p;
    if (!s || !usable(s) || path < 0 || path >= s->rules.paths || side < 0 || side > 1)
        return -1;
    p = &s->path[path];
    if (!side_open(s, p, (unsigned)side) || p->end[side] > PINTAS_MAX_PIP)
        return -1;
    return p->end[side];
}

pintas_mask pintas_caminos_path_tiles(const pintas_caminos_state *s, int path)
{
    if (!s || !usable(s) || path < 0 || path >= s->rules.paths)
        return 0;
    return pintas__caminos_path_tiles(&s->path[path]);
}

/* ---- external chance ----------------------------------------------------- */

/* A chance event pending in the reveal or the play (s is not NULL). */
static int pending_event(const void *state)
{
    const pintas_caminos_state *s = state;
    return (s->phase == PINTAS_CAMINOS_REVEALING || s->phase == PINTAS_CAMINOS_PLAYING) &&
           chance_pending(s);
}

/* The tiles dealt so far (centres and hands), or the pile's, as a set. */
static pintas_mask chance_set(const void *state)
{
    const pintas_caminos_state *s = state;
    pintas_mask set = 0;
    unsigned i;
    if (s->pending == PINTAS_CAMINOS_CHANCE_DEAL) {
        for (i = 0; i < s->rules.paths && i < s->dealt; ++i)
            set |= pintas__tile_bit(s->path[i].centre);
        for (i = 0; i < SEATS; ++i)
            set |= s->hand[i];
        return ALL & ~set;
    }
    for (i = 0; i < s->pile_len; ++i)
        set |= pintas__tile_bit(s->pile[i]);
    return set;
}

static int chance_usable(const void *state)
{
    const pintas_caminos_state *s = state;
    if (!usable(s) || pintas_caminos_rules_check(&s->rules) != PINTAS_OK)
        return 0;
    switch (s->pending) {
    case PINTAS_CAMINOS_CHANCE_NONE:
        return 1;
    case PINTAS_CAMINOS_CHANCE_DEAL:
        return s->dealt < s->rules.paths + (unsigned)s->rules.players * s->rules.hand_size;
    case PINTAS_CAMINOS_CHANCE_DRAW:
        return s->chance_seat < s->rules.players && s->pile_len > 0;
    case PINTAS_CAMINOS_CHANCE_REVEAL:
        return s->chance_seat < s->rules.players && s->chance_path < s->rules.paths &&
               s->pile_len > 0;
    default:
        return 0;
    }
}

static const pintas__tile_chance CHANCE = {chance_usable, pending_event, chance_set};

int pintas_caminos_chance_pending(const pintas_caminos_state *s)
{
    return pintas__tile_chance_pending(&CHANCE, s);
}

int pintas_caminos_chance_outcomes(const pintas_caminos_state *s, uint16_t *codes,
                                   uint32_t *num, uint32_t *den, size_t cap, size_t *n)
{
    int status = pintas__buffer_args(s && codes && num && den && n, cap, N_TILES);
    return pintas__tile_chance_outcomes(&CHANCE, s, status, codes, num, den, n);
}

/* Tile t to the top of the pile (it is in the pile). */
static void to_top(pintas_caminos_state *s, unsigned t)
{
    unsigned i;
    for (i = 0; i < s->pile_len; ++i)
        if (s->pile[i] == t) {
            s->pile[i] = s->pile[0];
            s->pile[0] = (uint8_t)t;
            return;
        }
}

static void deal_chance_tile(pintas_caminos_state *s, event_sink *o, unsigned t)
{
    const pintas_caminos_rules *r = &s->rules;
    unsigned k = s->dealt, i, n = 0;
    pintas_mask rest;
    if (k < r->paths)
        new_path(&s->path[k], t);
    else
        s->hand[((k - r->paths) / r->hand_size) & 3u] |= pintas__tile_bit(t);
    s->dealt = (uint8_t)(k + 1u);
    if (s->dealt < r->paths + (unsigned)r->players * r->hand_size)
        return;
    rest = chance_set(s);
    memset(s->pile, PINTAS_NO_TILE, sizeof s->pile);
    for (i = 0; i < N_TILES; ++i)
        if (rest & PINTAS_BIT(i))
            s->pile[n++] = (uint8_t)i;
    s->pile_len = (uint8_t)n;
    s->pending = PINTAS_CAMINOS_CHANCE_NONE;
    s->dealt = 0;
    open_round(s, o);
}

static void centre_chance_tile(pintas_caminos_state *s, event_sink *o, unsigned t)
{
    unsigned i = s->chance_path, seat = s->chance_seat, j;
    pintas_caminos_path *p = &s->path[i];
    unsigned why = s->rules.full_path == PINTAS_CAMINOS_DISCARD ? PINTAS_CAMINOS_WHY_DISCARD
                                                                : PINTAS_CAMINOS_WHY_RENEW;
    to_top(s, t);
    new_path(p, t);
    for (j = 1; j < s->pile_len; ++j)
        s->pile[j - 1] = s->pile[j];
    s->pile[--s->pile_len] = PINTAS_NO_TILE;
    s->pending = PINTAS_CAMINOS_CHANCE_NONE;
    s->chance_seat = s->chance_path = 0;
    s->to_move = (uint8_t)seat;
    emit(o, PINTAS_CAMINOS_EV_PATH, PINTAS_NO_SEAT, p->centre, i, why, 0);
    end_turn(s, o, seat, 1);
}

/* The pending chance event's outcome, checked, then given into *o; the
 * public call and its quiet twin share it. */
static int give_chance(pintas_caminos_state *s, int outcome, event_sink *o)
{
    int status = pintas__tile_chance_check(&CHANCE, s, outcome);
    unsigned t;
    if (status != PINTAS_OK)
        return status;
    t = (unsigned)outcome;
    if (s->pending == PINTAS_CAMINOS_CHANCE_DEAL) {
        deal_chance_tile(s, o, t);
    } else if (s->pending == PINTAS_CAMINOS_CHANCE_DRAW) {
        unsigned seat = s->chance_seat;
        to_top(s, t);
        s->pending = PINTAS_CAMINOS_CHANCE_NONE;
        s->chance_seat = 0;
        s->to_move = (uint8_t)seat;
        take_top(s, o, seat);
    } else {
        centre_chance_tile(s, o, t);
    }
    end_round_at_cap(s, o);
    return PINTAS_OK;
}

int pintas_caminos_play_chance(pintas_caminos_state *s, int outcome, pintas_caminos_event *ev,
                               size_t ev_cap, size_t *n_ev)
{
    event_sink o = {ev, 0, ev_cap, 0};
    int status = pintas__buffer_args(s && ev && n_ev, ev_cap, PINTAS_CAMINOS_MAX_EVENTS);
    if (status == PINTAS_OK)
        status = give_chance(s, outcome, &o);
    return pintas__events_written(status, o.n, n_ev);
}

int pintas__caminos_play_chance_quiet(pintas_caminos_state *s, int outcome)
{
    event_sink o = {NULL, 0, 0, 0};
    return s ? give_chance(s, outcome, &o) : PINTAS_E_ARG;
}
