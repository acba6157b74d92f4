/* line.c - the line-game engine: Muggins, Capicua and Dominican domino, as
 * docs/rules.md section 1 states them.
 *
 * Parameters (pintas_line_rules): game, players 2..4, pairs (4 players, not
 * Muggins), redeal_doubles, block_scoring (Muggins), tranque (Dominican),
 * capicua and pass_points (Capicua), capicua_bonus, pase_corrido_bonus and
 * pase_de_salida_bonus (Dominican), target.
 *
 * Rules implemented:
 *  - Deal: a Fisher-Yates shuffle of 0..27 on the game's PCG32; seat s takes
 *    shuffled[7s..7s+7); the rest is the boneyard in that order where the rules
 *    draw (not Dominican, < 4 players), else set aside. A hand with
 *    redeal_doubles or more doubles voids the deal (REDEAL, new full shuffle),
 *    at most PINTAS_LINE_MAX_REDEALS times in a row. Hand-made deals obey it too.
 *  - Leads: round 1, the holder of the highest double held (6|6 first) must
 *    open with it, else the holder of the heaviest tile; later rounds the
 *    previous round's winner opens with any tile (Muggins block tie: the same
 *    leader again). The opening tile's high end becomes the left end.
 *  - Moves: a tile matching an open end goes there; a tile fitting both ends
 *    is two moves unless the ends are alike: the same number and, in Muggins,
 *    a double at both ends or at neither: then only LEFT is listed, and
 *    RIGHT, the mirror image of the same position, is accepted too and
 *    placed there). No play: draw one tile (the same player moves again)
 *    while the boneyard lasts, else pass.
 *  - Round end: domino (last tile placed), checked first, else block (nobody
 *    can play or draw), declared right after the placement or the draw of the
 *    last boneyard tile that caused it; nobody passes into a block.
 *  - Muggins: fives in play (a double at an end counts twice; a lone opening
 *    tile counts its pips); domino = round5(others' pips); block: cascade or
 *    lowest-takes-all, a tie for fewest scores nothing; the game ends the
 *    moment a side reaches the target; ties for the highest at a round's end
 *    are broken by tile draws from the game's PCG32.
 *  - Capicua: pass points to the last placer when an opponent passes; domino
 *    and block score 1 / 2 / ceil(T/10) of the other hands' pips T, a capicua
 *    domino twice (a second SCORE); the game ends the moment a side reaches the
 *    target, zapatero when every other side is still on 0.
 *  - Dominican: never draws; domino scores the other hands' pips plus the
 *    capicua bonus; tranque "lowest" or "blocker" scores every pip in the
 *    hands; pase de salida and pase corrido bonuses; the target is checked only
 *    at a round's end (equal highest: first side in turn order from the round
 *    winner).
 *
 * Engine decisions (those a player meets are in docs/rules.md section 1;
 * all are pinned by csrc/tests/test_line.c):
 *  - A SCORE of 0 points is never emitted (ROUND_END always is).
 *  - A game won mid-round (Muggins fives, Capicua pass points) emits GAME_END
 *    right after the SCORE: no ROUND_END, the hands stay as they were.
 *  - A block caused by drawing the last tile has ROUND_END tile = NO_TILE (the
 *    drawn tile is private to the drawer).
 *  - Once OVER, to_move is PINTAS_NO_SEAT. GAME_END points = the winner's score.
 *  - DEAL: seat = leader, side = its side, tile = the forced opening tile (or
 *    NO_TILE), points = round. The round counter saturates at 65535.
 *  - max_rounds (a house limit, any game): when round max_rounds has been
 *    scored and the target has not ended the game, the game ends with
 *    reason MAX_ROUNDS; every side with the highest score wins (no tie-break
 *    draw: a tie shares the win), one GAME_END each in side order, and
 *    winner is that side, or NO_SEAT when several share the win. A round
 *    ended by a Muggins block tie counts as a round.
 */
#include <string.h>

#include "pintas/line.h"
#include "pintas/notation.h"
#include "common_internal.h"
#include "line_internal.h"
#include "tiles_internal.h"

#define N_TILES PINTAS_TILE_COUNT
#define HAND PINTAS_LINE_HAND_SIZE

/* Round ends happen once in ~25 moves: keeping them out of line keeps the
 * move path's registers free (GCC/Clang only; other compilers ignore it). */
#if defined(__GNUC__)
#define RARE_PATH __attribute__((noinline))
#else
#define RARE_PATH
#endif

/* ---- rules --------------------------------------------------------------- */

/* An option's ceiling: `limit` in the game that owns it, 0 in the others. */
static unsigned owned(const pintas_line_rules *r, unsigned game, unsigned limit)
{
    return r->game == game ? limit : 0u;
}

int pintas_line_rules_check(const pintas_line_rules *r)
{
    if (!r)
        return PINTAS_E_ARG;
    if (r->game > PINTAS_LINE_DOMINICAN || r->players < 2 || r->players > PINTAS_LINE_MAX_SEATS)
        return PINTAS_E_RULES;
    if (r->pairs > 1 || (r->pairs && (r->players != 4 || r->game == PINTAS_LINE_MUGGINS)))
        return PINTAS_E_RULES;
    /* Below 3 doubles nearly every deal (with 4 players every deal: 7 doubles
     * in 4 hands) would be void, so such thresholds are refused. */
    if ((r->redeal_doubles != 0 && r->redeal_doubles < PINTAS_LINE_MIN_REDEAL_DOUBLES) ||
        r->redeal_doubles > 7)
        return PINTAS_E_RULES;
    if (r->block_scoring > owned(r, PINTAS_LINE_MUGGINS, 1) ||
        r->tranque > owned(r, PINTAS_LINE_DOMINICAN, 1) ||
        r->capicua > owned(r, PINTAS_LINE_CAPICUA, 1))
        return PINTAS_E_RULES;
    if (r->pass_points > owned(r, PINTAS_LINE_CAPICUA, PINTAS_LINE_MAX_BONUS) ||
        r->capicua_bonus > owned(r, PINTAS_LINE_DOMINICAN, PINTAS_LINE_MAX_BONUS) ||
        r->pase_corrido_bonus > owned(r, PINTAS_LINE_DOMINICAN, PINTAS_LINE_MAX_BONUS) ||
        r->pase_de_salida_bonus > owned(r, PINTAS_LINE_DOMINICAN, PINTAS_LINE_MAX_BONUS))
        return PINTAS_E_RULES;
    if (r->target < 1 || r->target > PINTAS_LINE_MAX_TARGET)
        return PINTAS_E_RULES;
    return PINTAS_OK;
}

int pintas_line_rules_preset(pintas_line_rules *rules, int game, int players, int pairs)
{
    pintas_line_rules r;
    if (!rules)
        return PINTAS_E_ARG;
    if (game < 0 || game > PINTAS_LINE_DOMINICAN || players < 2 || players > 4 || pairs < 0 ||
        pairs > 1)
        return PINTAS_E_RULES;
    memset(&r, 0, sizeof r);
    r.game = (uint8_t)game;
    r.players = (uint8_t)players;
    r.pairs = (uint8_t)pairs;
    switch (game) {
    case PINTAS_LINE_MUGGINS:
        r.target = 200;
        r.redeal_doubles = 5;
        r.block_scoring = PINTAS_BLOCK_CASCADE;
        break;
    case PINTAS_LINE_CAPICUA:
        r.target = 20;
        r.redeal_doubles = 5;
        r.capicua = 1;
        r.pass_points = 2;
        break;
    default:
        r.target = 200;
        r.tranque = PINTAS_TRANQUE_LOWEST;
        r.capicua_bonus = 25;
        break;
    }
    if (pintas_line_rules_check(&r) != PINTAS_OK)
        return PINTAS_E_RULES;
    *rules = r;
    return PINTAS_OK;
}

int pintas_line_sides(const pintas_line_rules *rules)
{
    if (!rules)
        return PINTAS_E_ARG;
    if (pintas_line_rules_check(rules) != PINTAS_OK)
        return PINTAS_E_RULES;
    return (int)pintas__line_sides(rules);
}

int pintas_line_draws(const pintas_line_rules *rules)
{
    if (!rules)
        return PINTAS_E_ARG;
    if (pintas_line_rules_check(rules) != PINTAS_OK)
        return PINTAS_E_RULES;
    return pintas__line_draws(rules);
}

unsigned pintas_line_round_moves(const pintas_line_rules *rules)
{
    unsigned players, in_play, drawn, placements;
    if (!rules || pintas_line_rules_check(rules) != PINTAS_OK)
        return 0;
    players = rules->players;
    drawn = pintas__line_draws(rules) ? PINTAS_TILE_COUNT - HAND * players : 0u;
    in_play = HAND * players + drawn;
    placements = in_play - (players - 1u);
    return placements * players + drawn;
}

unsigned long pintas_line_max_rounds_bound(const pintas_line_rules *rules)
{
    unsigned long by_target = 0;
    if (!rules || pintas_line_rules_check(rules) != PINTAS_OK)
        return 0;
    if (rules->game == PINTAS_LINE_CAPICUA ||
        (rules->game == PINTAS_LINE_DOMINICAN && rules->players >= 3))
        by_target = (unsigned long)pintas__line_sides(rules) * (rules->target - 1u) + 1u;
    if (rules->max_rounds != 0 && (by_target == 0 || rules->max_rounds < by_target))
        return rules->max_rounds;
    return by_target;
}

int pintas_line_side_of(const pintas_line_rules *rules, int seat)
{
    if (!rules || rules->players > PINTAS_LINE_MAX_SEATS || seat < 0 || seat >= rules->players)
        return PINTAS_E_ARG;
    return (int)pintas__line_side_of(rules, (unsigned)seat);
}

/* ---- events -------------------------------------------------------------- */

/* Where a call writes its events; the capacity was checked against the
 * documented bound up front, the test here only keeps a bug from overrunning. */
typedef struct event_sink {
    pintas_line_event *ev;
    size_t n;
    size_t cap;
    pintas__line_quiet *quiet; /* a quiet call's (cap 0): what its events tell */
} event_sink;

/* An event that is not written: a quiet call's. */
static void note(event_sink *o, unsigned kind, unsigned side, unsigned reason, int32_t points)
{
    pintas__line_quiet *q = o->quiet;
    if (q == NULL)
        return;
    q->kinds |= 1u << kind;
    if (q->tally == NULL)
        return;
    if (kind == PINTAS_EV_SCORE && side < PINTAS_LINE_MAX_SEATS)
        q->tally->points[side] += (uint64_t)points;
    else if (kind == PINTAS_EV_ROUND_END && reason != PINTAS_WHY_DOMINO)
        q->tally->blocks++;
}

static void emit(event_sink *o, const pintas_line_state *s, unsigned kind, unsigned seat,
                 unsigned tile, unsigned end, unsigned reason, int32_t points)
{
    pintas_line_event *e;
    /* a seat 0..3 gets its side; NO_SEAT (0xFF) keeps every bit set */
    unsigned side = (uint8_t)(pintas__line_side_of(&s->rules, seat) |
                              (0u - (unsigned)(seat >= PINTAS_LINE_MAX_SEATS)));
    if (o->n >= o->cap) {
        note(o, kind, side, reason, points);
        return;
    }
    e = &o->ev[o->n++];
    e->kind = (uint8_t)kind;
    e->seat = (uint8_t)seat;
    e->side = (uint8_t)side;
    e->tile = (uint8_t)tile;
    e->end = (uint8_t)end;
    e->reason = (uint8_t)reason;
    e->reserved = 0;
    e->points = points;
}

/* GAME_END names a side rather than a seat. */
static void emit_game_end(event_sink *o, unsigned side, unsigned reason, int32_t points)
{
    pintas_line_event *e;
    if (o->n >= o->cap) {
        note(o, PINTAS_EV_GAME_END, side, reason, points);
        return;
    }
    e = &o->ev[o->n++];
    e->kind = PINTAS_EV_GAME_END;
    e->seat = PINTAS_NO_SEAT;
    e->side = (uint8_t)side;
    e->tile = PINTAS_NO_TILE;
    e->end = 0;
    e->reason = (uint8_t)reason;
    e->reserved = 0;
    e->points = points;
}

/* ---- sanity of a caller-held state --------------------------------------- */

/* What every call needs to stay inside its arrays, on any bytes at all: a
 * seat count that fits the arrays and open ends below 8 (PINTAS__SUIT has 8 rows).
 * The player to move is checked where it is used (playing_seat_ok); the rest
 * cannot overrun: tiles are masked or checked where read, sides and the leader
 * are masked with 3, scores saturate (see add_score). Kept branch-free and
 * small because every legal() and play() runs it. */
static int usable(const pintas_line_state *s)
{
    return (s->rules.players - 2u <= 2u) & (((s->ends[0] | s->ends[1]) >> 3) == 0);
}

static int playing_seat_ok(const pintas_line_state *s)
{
    return s->to_move < s->rules.players;
}

/* 1 while an external chance event is pending (to_move is then the CHANCE
 * marker). */
static int chance_pending(const pintas_line_state *s)
{
    return s->pending != PINTAS_LINE_CHANCE_NONE;
}

int pintas__line_usable(const pintas_line_state *s)
{
    return usable(s) && s->ends[0] <= PINTAS_MAX_PIP && s->ends[1] <= PINTAS_MAX_PIP &&
           s->leader < s->rules.players &&
           (s->phase != PINTAS_LINE_PLAYING || playing_seat_ok(s) ||
            (chance_pending(s) && s->to_move == PINTAS_CHANCE_SEAT));
}

/* ---- the deal ------------------------------------------------------------ */

/* Seat s takes order[7s..7s+7); the rest is the boneyard in that order where
 * the rules draw, else the set-aside mask. */
static void deal_in_order(pintas_line_state *s, const uint8_t *order)
{
    unsigned p = s->rules.players, rest = N_TILES - HAND * p, seat;
    for (seat = 0; seat < PINTAS_LINE_MAX_SEATS; ++seat)
        s->hand[seat] = seat < p ? pintas__tiles_mask(order + HAND * seat, HAND) : 0;
    memset(s->boneyard, PINTAS_NO_TILE, sizeof s->boneyard);
    s->bone_pos = 0;
    if (pintas__line_draws(&s->rules)) {
        memcpy(s->boneyard, order + HAND * p, rest);
        s->bone_len = (uint8_t)rest;
        s->aside = 0;
    } else {
        s->bone_len = 0;
        s->aside = pintas__tiles_mask(order + HAND * p, rest);
    }
}

static void deal_from_rng(pintas_line_state *s)
{
    uint8_t order[N_TILES];
    pintas__shuffled_tiles(&s->rng, order);
    deal_in_order(s, order);
}

static void deal_by_hand(pintas_line_state *s, const pintas_line_deal *d)
{
    pintas_mask held = 0;
    unsigned seat;
    for (seat = 0; seat < PINTAS_LINE_MAX_SEATS; ++seat) {
        s->hand[seat] = d->hand[seat];
        held |= d->hand[seat];
    }
    memset(s->boneyard, PINTAS_NO_TILE, sizeof s->boneyard);
    memcpy(s->boneyard, d->boneyard, d->boneyard_len);
    s->bone_len = d->boneyard_len;
    s->bone_pos = 0;
    s->aside = pintas__line_draws(&s->rules) ? 0 : (PINTAS_ALL_TILES & ~held);
}

/* A deal of these rules (pintas_line_deal_why: 7 disjoint tiles a seat,
 * nothing for absent seats, and where the rules draw a boneyard listing every
 * other tile once, where they do not none). */
static int deal_is_valid(const pintas_line_rules *r, const pintas_line_deal *d)
{
    pintas_refusal why;
    return pintas_line_deal_why(r, d, r->players, &why) == PINTAS_OK;
}

/* The lowest seat whose hand voids the deal (*doubles = its doubles), or -1. */
static int voided_seat(const pintas_line_state *s, unsigned *doubles)
{
    unsigned seat, need = s->rules.redeal_doubles;
    if (need == 0)
        return -1;
    for (seat = 0; seat < s->rules.players; ++seat) {
        unsigned n = pintas__popcount(s->hand[seat] & PINTAS_DOUBLES_MASK);
        if (n >= need) {
            *doubles = n;
            return (int)seat;
        }
    }
    return -1;
}

uint8_t pintas__line_lead_tile(pintas_mask held)
{
    unsigned n;
    held &= PINTAS_ALL_TILES;
    for (n = PINTAS_MAX_PIP + 1u; n-- > 0;)
        if (held & PINTAS_BIT(PINTAS_TILE(n, n)))
            return (uint8_t)PINTAS_TILE(n, n);
    return pintas_heaviest_tile(held);
}

void pintas__line_first_lead(const pintas_line_state *s, uint8_t *leader, uint8_t *tile)
{
    pintas_mask held = 0;
    unsigned seat;
    for (seat = 0; seat < s->rules.players; ++seat)
        held |= s->hand[seat];
    *tile = pintas__line_lead_tile(held);
    *leader = 0;
    if (*tile == PINTAS_NO_TILE)
        return;
    for (seat = 0; seat < s->rules.players; ++seat)
        if (s->hand[seat] & PINTAS_BIT(*tile))
            *leader = (uint8_t)seat;
}

/* External chance: the fields of a pending event, back to 0 once none is
 * pending (so a state's bytes say only what is pending; redeals too, which
 * counts only within one round's deal). */
static void clear_chance_fields(pintas_line_state *s)
{
    s->pending = PINTAS_LINE_CHANCE_NONE;
    s->dealt = s->redeals = s->deal_first = s->deal_leader = s->drawer = 0;
    s->tb_tied = s->tb_fewest = s->tb_best = s->tb_seat = s->tb_round = 0;
    s->tb_drawn = 0;
}

/* An empty line for a round about to be played: no placement, no pass. */
static void clear_line(pintas_line_state *s)
{
    s->line_len = 0;
    memset(s->line, PINTAS_NO_TILE, sizeof s->line);
    s->ends[0] = s->ends[1] = 0;
    s->end_double[0] = s->end_double[1] = 0;
    s->passes = 0;
    s->last_placer = PINTAS_NO_SEAT;
    s->phase = PINTAS_LINE_PLAYING;
    s->winner = PINTAS_NO_SEAT;
    s->end_reason = PINTAS_WHY_NONE;
}

/* External chance: empty hands, line and boneyard, and a deal waiting for
 * its first hand tile; the round opens (open_round) once the last is dealt. */
static void begin_chance_deal(pintas_line_state *s, int first_round, unsigned leader)
{
    unsigned seat;
    for (seat = 0; seat < PINTAS_LINE_MAX_SEATS; ++seat)
        s->hand[seat] = 0;
    s->aside = 0;
    memset(s->boneyard, PINTAS_NO_TILE, sizeof s->boneyard);
    s->bone_len = s->bone_pos = 0;
    clear_line(s);
    s->forced_tile = PINTAS_NO_TILE;
    s->dealt = 0;
    s->deal_first = (uint8_t)(first_round != 0);
    s->deal_leader = (uint8_t)(leader & 3u);
    s->pending = PINTAS_LINE_CHANCE_DEAL;
    s->to_move = PINTAS_CHANCE_SEAT;
}

/* Apply the redeal rule to the hands just dealt, then open the round: round
 * 1's lead rule (first_round) or the given leader, empty line, DEAL event.
 * With external chance a voided deal starts a chance deal instead. */
static void open_round(pintas_line_state *s, event_sink *o, int first_round, unsigned leader)
{
    unsigned redeals = 0, doubles = 0;
    int seat;
    if (s->chance) {
        if (s->redeals < PINTAS_LINE_MAX_REDEALS && (seat = voided_seat(s, &doubles)) >= 0) {
            emit(o, s, PINTAS_EV_REDEAL, (unsigned)seat, PINTAS_NO_TILE, 0, PINTAS_WHY_NONE,
                 (int32_t)doubles);
            ++s->redeals;
            begin_chance_deal(s, first_round, leader);
            return;
        }
        clear_chance_fields(s);
    } else {
        while (redeals < PINTAS_LINE_MAX_REDEALS && (seat = voided_seat(s, &doubles)) >= 0) {
            emit(o, s, PINTAS_EV_REDEAL, (unsigned)seat, PINTAS_NO_TILE, 0, PINTAS_WHY_NONE,
                 (int32_t)doubles);
            deal_from_rng(s);
            ++redeals;
        }
    }
    s->forced_tile = PINTAS_NO_TILE;
    if (first_round) {
        uint8_t l, t;
        pintas__line_first_lead(s, &l, &t);
        leader = l;
        s->forced_tile = t;
    }
    s->leader = (uint8_t)leader;
    s->to_move = (uint8_t)leader;
    clear_line(s);
    emit(o, s, PINTAS_EV_DEAL, leader, s->forced_tile, 0, PINTAS_WHY_NONE, (int32_t)s->round);
}

/* The arguments checked but the event buffer, into *o. */
static int start_game(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                      const pintas_line_deal *deal, int external, event_sink *o)
{
    pintas_line_rules r;
    if (pintas_line_rules_check(rules) != PINTAS_OK)
        return PINTAS_E_RULES;
    r = *rules; /* rules may live inside *s */
    if (deal && !deal_is_valid(&r, deal))
        return PINTAS_E_DEAL;
    memset(s, 0, sizeof *s);
    s->rules = r;
    pintas_rng_seed(&s->rng, seed, PINTAS_RNG_STREAM);
    s->round = 1;
    s->chance = (uint8_t)(external != 0);
    if (deal) {
        deal_by_hand(s, deal);
    } else if (external) {
        begin_chance_deal(s, 1, 0);
        return PINTAS_OK;
    } else {
        deal_from_rng(s);
    }
    open_round(s, o, 1, 0);
    return PINTAS_OK;
}

static int start_game_into(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                           const pintas_line_deal *deal, int external, pintas_line_event *ev,
                           size_t ev_cap, size_t *n_ev)
{
    event_sink o = {ev, 0, ev_cap, NULL};
    int status = pintas__buffer_args(s && rules && ev && n_ev, ev_cap, PINTAS_LINE_MAX_EVENTS);
    if (status == PINTAS_OK && external != 0 && external != 1)
        status = PINTAS_E_ARG;
    if (status == PINTAS_OK)
        status = start_game(s, rules, seed, deal, external, &o);
    return pintas__events_written(status, o.n, n_ev);
}

int pintas_line_new(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                    pintas_line_event *ev, size_t ev_cap, size_t *n_ev)
{
    return start_game_into(s, rules, seed, NULL, 0, ev, ev_cap, n_ev);
}

int pintas_line_new_chance(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                           const pintas_line_deal *deal, int external, pintas_line_event *ev,
                           size_t ev_cap, size_t *n_ev)
{
    return start_game_into(s, rules, seed, deal, external, ev, ev_cap, n_ev);
}

int pintas_line_new_dealt(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                          const pintas_line_deal *deal, pintas_line_event *ev, size_t ev_cap,
                          size_t *n_ev)
{
    if (!deal)
        return PINTAS_E_ARG;
    return start_game_into(s, rules, seed, deal, 0, ev, ev_cap, n_ev);
}

int pintas__line_new_quiet(pintas_line_state *s, const pintas_line_rules *rules, uint64_t seed,
                           pintas__line_quiet *q)
{
    event_sink o = {NULL, 0, 0, q};
    if (!s || !rules || !q)
        return PINTAS_E_ARG;
    q->kinds = 0;
    return start_game(s, rules, seed, NULL, 0, &o);
}

int pintas_line_set_deal(pintas_line_state *s, const pintas_line_deal *deal,
                         pintas_line_event *ev, size_t ev_cap, size_t *n_ev)
{
    event_sink o = {ev, 0, ev_cap, NULL};
    int status = pintas__buffer_args(s && deal && ev && n_ev, ev_cap, PINTAS_LINE_MAX_EVENTS);
    if (status != PINTAS_OK)
        return status;
    if (!usable(s))
        return PINTAS_E_ARG;
    if (s->phase != PINTAS_LINE_PLAYING || s->line_len != 0 || s->bone_pos != 0 ||
        (chance_pending(s) && s->pending != PINTAS_LINE_CHANCE_DEAL))
        return PINTAS_E_ILLEGAL;
    if (!deal_is_valid(&s->rules, deal))
        return PINTAS_E_DEAL;
    deal_by_hand(s, deal);
    if (s->pending == PINTAS_LINE_CHANCE_DEAL) {
        unsigned first = s->deal_first, leader = s->deal_leader;
        clear_chance_fields(s);
        open_round(s, &o, (int)first, leader);
    } else {
        s->redeals = 0;
        open_round(s, &o, s->round == 1, s->leader);
    }
    *n_ev = o.n;
    return PINTAS_OK;
}

int pintas_line_reseed(pintas_line_state *s, uint64_t seed)
{
    return pintas__game_reseed(s ? &s->rng : NULL, seed);
}

/* ---- what can be played -------------------------------------------------- */

int pintas_line_legal(const pintas_line_state *s, pintas_line_move *out, size_t cap, size_t *n)
{
    int status = pintas__buffer_args(s && out && n, cap, PINTAS_LINE_MAX_MOVES);
    if (status != PINTAS_OK)
        return status;
    if (!usable(s))
        return PINTAS_E_ARG;
    if (s->phase != PINTAS_LINE_PLAYING || chance_pending(s)) {
        *n = 0;
        return PINTAS_OK;
    }
    if (!playing_seat_ok(s))
        return PINTAS_E_ARG;
    *n = pintas__line_list_moves(s, out);
    return PINTAS_OK;
}

size_t pintas__line_list_moves(const pintas_line_state *s, pintas_line_move *out)
{
    pintas_mask hand, left, right, both;
    size_t k = 0;
    hand = s->hand[s->to_move] & PINTAS_ALL_TILES;
    if (s->line_len == 0) {
        left = pintas__line_playable(s, s->to_move);
        right = 0;
    } else {
        /* ends alike make one move (LEFT) */
        unsigned two_ends = (unsigned)!pintas__line_ends_alike(s);
        left = hand & PINTAS__SUIT[s->ends[0]];
        right = hand & PINTAS__SUIT[s->ends[1]] & (0 - (pintas_mask)two_ends);
    }
    both = left & right; /* rare: the tile {e0,e1}, or every match when e0 == e1 */
    for (right |= left; right; right &= right - 1) {
        unsigned t = pintas__lowest_bit(right);
        /* LEFT if it fits the left */
        out[k++] = pintas__line_move(PINTAS_MOVE_PLAY, t, ((left >> t) & 1u) ^ 1u);
        if ((both >> t) & 1u)
            out[k++] = pintas__line_move(PINTAS_MOVE_PLAY, t, PINTAS_END_RIGHT);
    }
    if (k == 0)
        out[k++] = pintas__line_move(
            pintas__line_can_draw(s) ? PINTAS_MOVE_DRAW : PINTAS_MOVE_PASS, PINTAS_NO_TILE, 0);
    return k;
}

/* The legality test: a move is legal exactly when legal() lists it, or it is
 * the placement legal() leaves out as the same position as one it lists. */
static int check_move(const pintas_line_state *s, const pintas_line_move *m)
{
    pintas_mask bit;
    int status = pintas__move_state(usable(s), s->phase == PINTAS_LINE_PLAYING,
                                    chance_pending(s), playing_seat_ok(s));
    if (status != PINTAS_OK)
        return status;
    if (m->kind == PINTAS_MOVE_PLAY) {
        if (m->tile >= N_TILES || m->end > PINTAS_END_RIGHT || s->line_len >= N_TILES)
            return PINTAS_E_ILLEGAL;
        bit = PINTAS_BIT(m->tile);
        if (!(s->hand[s->to_move] & bit))
            return PINTAS_E_ILLEGAL;
        if (s->line_len == 0)
            return m->end == PINTAS_END_LEFT &&
                           (s->forced_tile >= N_TILES || s->forced_tile == m->tile)
                       ? PINTAS_OK
                       : PINTAS_E_ILLEGAL;
        return (PINTAS__SUIT[s->ends[m->end]] & bit) ? PINTAS_OK : PINTAS_E_ILLEGAL;
    }
    if (m->kind != PINTAS_MOVE_DRAW && m->kind != PINTAS_MOVE_PASS)
        return PINTAS_E_ILLEGAL;
    if (m->tile != PINTAS_NO_TILE || m->end != 0 || s->line_len == 0 ||
        pintas__line_playable(s, s->to_move))
        return PINTAS_E_ILLEGAL;
    if (m->kind == PINTAS_MOVE_DRAW)
        return pintas__line_can_draw(s) && s->bone_pos < N_TILES &&
                       s->boneyard[s->bone_pos] < N_TILES
                   ? PINTAS_OK
                   : PINTAS_E_ILLEGAL;
    return pintas__line_can_draw(s) ? PINTAS_E_ILLEGAL : PINTAS_OK;
}

int pintas_line_check(const pintas_line_state *s, const pintas_line_move *m)
{
    if (!s || !m)
        return PINTAS_E_ARG;
    return check_move(s, m);
}

/* ---- scoring helpers ----------------------------------------------------- */

/* Muggins rounding to the nearest 5, remainders 1-2 down and 3-4 up. */
static int32_t round5(int32_t x)
{
    return x > 0 ? 5 * ((x + 2) / 5) : 0;
}

/* Capicua's domino and block points for T pips in the other hands. */
static int32_t capicua_points(int32_t t)
{
    if (t <= 2)
        return 1;
    if (t <= 20)
        return 2;
    return (t + 9) / 10;
}

/* Scores saturate instead of overflowing: reachable scores stay far below
 * the bound, so this only keeps a scribbled-on state from undefined behaviour. */
static void add_score(pintas_line_state *s, event_sink *o, unsigned seat, int32_t points,
                      unsigned reason)
{
    int32_t *score = &s->score[pintas__line_side_of(&s->rules, seat)];
    if (points <= 0)
        return;
    *score = *score > INT32_MAX - points ? INT32_MAX : *score + points;
    emit(o, s, PINTAS_EV_SCORE, seat, PINTAS_NO_TILE, 0, reason, points);
}

static int side_reached_target(const pintas_line_state *s, unsigned seat)
{
    return s->score[pintas__line_side_of(&s->rules, seat)] >= (int32_t)s->rules.target;
}

static void end_game(pintas_line_state *s, event_sink *o, unsigned side, unsigned reason)
{
    s->phase = PINTAS_LINE_OVER;
    s->winner = (uint8_t)side;
    s->end_reason = (uint8_t)reason;
    s->to_move = PINTAS_NO_SEAT;
    emit_game_end(o, side, reason, s->score[side]);
}

/* Capicua's zapatero: the winner got there while every other side is on 0. */
static unsigned capicua_end_reason(const pintas_line_state *s, unsigned side)
{
    unsigned i;
    for (i = 0; i < pintas__line_sides(&s->rules); ++i)
        if (i != side && s->score[i] != 0)
            return PINTAS_WHY_NORMAL;
    return PINTAS_WHY_ZAPATERO;
}

/* Pips of every seat's hand; returns their total. */
static int32_t seat_pips(const pintas_line_state *s, int32_t pips[PINTAS_LINE_MAX_SEATS])
{
    int32_t total = 0;
    unsigned seat;
    for (seat = 0; seat < PINTAS_LINE_MAX_SEATS; ++seat) {
        pips[seat] = seat < s->rules.players ? (int32_t)pintas__mask_pips(s->hand[seat]) : 0;
        total += pips[seat];
    }
    return total;
}

/* The seat with the fewest pips, ties going to the one nearest the round's
 * leader (the leader first, then turn order): Capicua's block and Dominican's
 * tranque "lowest". */
static unsigned fewest_pips_from_leader(const pintas_line_state *s, const int32_t *pips)
{
    unsigned i, seat = s->leader & 3u, best = seat;
    for (i = 1; i < s->rules.players; ++i) {
        seat = pintas__line_next_seat(&s->rules, seat);
        if (pips[seat] < pips[best])
            best = seat;
    }
    return best;
}

/* ---- round and game end -------------------------------------------------- */

static void next_round(pintas_line_state *s, event_sink *o, unsigned leader)
{
    if (s->round < 0xFFFFu)
        ++s->round;
    if (s->chance) {
        s->redeals = 0;
        begin_chance_deal(s, 0, leader);
        return;
    }
    deal_from_rng(s);
    open_round(s, o, 0, leader);
}

/* Muggins tie for the highest score: the tied seats (bits of `tied`) draw
 * from a fresh shuffle of the 28 tiles in seat order, fewest pips wins, equal
 * fewest draw again; after the cap the lowest tied seat wins. */
static unsigned tiebreak_draw(pintas_line_state *s, event_sink *o, unsigned tied)
{
    unsigned round, seat;
    for (round = 1; round <= PINTAS_LINE_MAX_TIEBREAK_ROUNDS; ++round) {
        uint8_t order[N_TILES];
        unsigned k = 0, best = 99, fewest = 0;
        pintas__shuffled_tiles(&s->rng, order);
        for (seat = 0; seat < s->rules.players; ++seat) {
            unsigned t, p;
            if (!(tied & (1u << seat)))
                continue;
            t = order[k++];
            p = pintas__tile_pips(t);
            emit(o, s, PINTAS_EV_TIEBREAK, seat, t, 0, PINTAS_WHY_NONE, (int32_t)round);
            if (p < best) {
                best = p;
                fewest = 0;
            }
            if (p == best)
                fewest |= 1u << seat;
        }
        tied = fewest;
        if ((tied & (tied - 1)) == 0)
            break;
    }
    return pintas__lowest_bit(tied);
}

/* External chance: the tie-break draw of the tied seats waits for its tiles
 * (play_tiebreak_tile). */
static void begin_tiebreak(pintas_line_state *s, unsigned tied)
{
    s->tb_tied = (uint8_t)tied;
    s->tb_round = 1;
    s->tb_drawn = 0;
    s->tb_best = 99;
    s->tb_fewest = 0;
    s->tb_seat = (uint8_t)pintas__lowest_bit(tied);
    s->pending = PINTAS_LINE_CHANCE_TIEBREAK;
    s->to_move = PINTAS_CHANCE_SEAT;
}

/* The game's end at a round's end, as each game decides it; -1 to play on,
 * -2 when an external tie-break draw is pending. */
static int round_end_winner(pintas_line_state *s, event_sink *o, unsigned round_winner,
                            unsigned *reason)
{
    const pintas_line_rules *r = &s->rules;
    unsigned side, n = pintas__line_sides(r), tied = 0, i, seat;
    int32_t best = 0;
    for (side = 0; side < n; ++side)
        if (s->score[side] > best)
            best = s->score[side];
    if (best < (int32_t)r->target)
        return -1;
    for (side = 0; side < n; ++side)
        if (s->score[side] == best)
            tied |= 1u << side;
    *reason = PINTAS_WHY_NORMAL;
    if (r->game == PINTAS_LINE_CAPICUA) {
        side = pintas__lowest_bit(tied);
        *reason = capicua_end_reason(s, side);
        return (int)side;
    }
    if ((tied & (tied - 1)) == 0)
        return (int)pintas__lowest_bit(tied);
    if (r->game == PINTAS_LINE_MUGGINS) {
        *reason = PINTAS_WHY_TIEBREAK;
        if (s->chance) {
            begin_tiebreak(s, tied);
            return -2;
        }
        return (int)tiebreak_draw(s, o, tied);
    }
    /* Dominican: the tied side first in turn order from the round's winner. */
    seat = (round_winner < r->players ? round_winner : s->leader) & 3u;
    for (i = 0; i < r->players; ++i, seat = pintas__line_next_seat(r, seat))
        if (tied & (1u << pintas__line_side_of(r, seat)))
            return (int)pintas__line_side_of(r, seat);
    return (int)pintas__lowest_bit(tied);
}

/* The sides with the highest score, as bits. */
static unsigned top_sides(const pintas_line_state *s)
{
    return pintas__top_scores(s->score, pintas__line_sides(&s->rules));
}

unsigned pintas_line_winners(const pintas_line_state *s)
{
    if (!s || s->phase != PINTAS_LINE_OVER)
        return 0;
    if (s->end_reason == PINTAS_WHY_MAX_ROUNDS)
        return top_sides(s);
    return s->winner < PINTAS_LINE_MAX_SEATS ? 1u << s->winner : 0u;
}

/* The round limit: every side with the highest score wins, one GAME_END each. */
static void end_game_at_limit(pintas_line_state *s, event_sink *o)
{
    unsigned top = top_sides(s), side;
    s->phase = PINTAS_LINE_OVER;
    s->winner = (top & (top - 1)) == 0 ? (uint8_t)pintas__lowest_bit(top) : PINTAS_NO_SEAT;
    s->end_reason = PINTAS_WHY_MAX_ROUNDS;
    s->to_move = PINTAS_NO_SEAT;
    for (side = 0; side < PINTAS_LINE_MAX_SEATS; ++side)
        if (top & (1u << side))
            emit_game_end(o, side, PINTAS_WHY_MAX_ROUNDS, s->score[side]);
}

/* After a round's scores: end the game (the target first, then the round
 * limit) or deal the next round. */
static void settle_round(pintas_line_state *s, event_sink *o, unsigned round_winner,
                         unsigned next_leader)
{
    unsigned reason = PINTAS_WHY_NORMAL;
    int side = round_end_winner(s, o, round_winner, &reason);
    if (side == -2)
        return;
    if (side >= 0)
        end_game(s, o, (unsigned)side, reason);
    else if (s->rules.max_rounds != 0 && s->round >= s->rules.max_rounds)
        end_game_at_limit(s, o);
    else
        next_round(s, o, next_leader);
}

RARE_PATH static void end_round_by_domino(pintas_line_state *s, event_sink *o, unsigned seat,
                                          unsigned tile, int capicua)
{
    const pintas_line_rules *r = &s->rules;
    int32_t pips[PINTAS_LINE_MAX_SEATS];
    int32_t others = seat_pips(s, pips) - pips[seat];
    emit(o, s, PINTAS_EV_ROUND_END, seat, tile, 0, PINTAS_WHY_DOMINO, 0);
    if (r->game == PINTAS_LINE_MUGGINS) {
        add_score(s, o, seat, round5(others), PINTAS_WHY_DOMINO);
    } else if (r->game == PINTAS_LINE_CAPICUA) {
        int32_t base = capicua_points(others);
        add_score(s, o, seat, base, PINTAS_WHY_DOMINO);
        if (capicua && r->capicua)
            add_score(s, o, seat, base, PINTAS_WHY_CAPICUA);
    } else {
        add_score(s, o, seat, others, PINTAS_WHY_DOMINO);
        if (capicua)
            add_score(s, o, seat, (int32_t)r->capicua_bonus, PINTAS_WHY_CAPICUA);
    }
    settle_round(s, o, seat, seat);
}

/* Muggins block: a tie for the fewest pips scores nothing and the same
 * leader leads again; else cascade or lowest-takes-all. */
static void muggins_block(pintas_line_state *s, event_sink *o, unsigned tile)
{
    int32_t pips[PINTAS_LINE_MAX_SEATS];
    int32_t total = seat_pips(s, pips);
    unsigned seat, low = 0, ties = 0;
    for (seat = 1; seat < s->rules.players; ++seat)
        if (pips[seat] < pips[low])
            low = seat;
    for (seat = 0; seat < s->rules.players; ++seat)
        ties += pips[seat] == pips[low];
    if (ties > 1) {
        emit(o, s, PINTAS_EV_ROUND_END, PINTAS_NO_SEAT, tile, 0, PINTAS_WHY_BLOCK_TIE, 0);
        settle_round(s, o, PINTAS_NO_SEAT, s->leader);
        return;
    }
    emit(o, s, PINTAS_EV_ROUND_END, low, tile, 0, PINTAS_WHY_BLOCK, 0);
    if (s->rules.block_scoring == PINTAS_BLOCK_LOWEST_TAKES_ALL)
        add_score(s, o, low, round5(total - pips[low]), PINTAS_WHY_BLOCK);
    else
        for (seat = 0; seat < s->rules.players; ++seat)
            add_score(s, o, seat, round5(total - 2 * pips[seat]), PINTAS_WHY_BLOCK);
    settle_round(s, o, low, low);
}

RARE_PATH static void end_round_by_block(pintas_line_state *s, event_sink *o, unsigned blocker,
                               unsigned tile)
{
    const pintas_line_rules *r = &s->rules;
    int32_t pips[PINTAS_LINE_MAX_SEATS];
    int32_t total;
    unsigned winner;
    if (r->game == PINTAS_LINE_MUGGINS) {
        muggins_block(s, o, tile);
        return;
    }
    total = seat_pips(s, pips);
    if (r->game == PINTAS_LINE_DOMINICAN && r->tranque == PINTAS_TRANQUE_BLOCKER) {
        unsigned next = pintas__line_next_seat(r, blocker);
        winner = pips[next] < pips[blocker] ? next : blocker;
    } else {
        winner = fewest_pips_from_leader(s, pips);
    }
    emit(o, s, PINTAS_EV_ROUND_END, winner, tile, 0, PINTAS_WHY_BLOCK, 0);
    if (r->game == PINTAS_LINE_CAPICUA)
        add_score(s, o, winner, capicua_points(total - pips[winner]), PINTAS_WHY_BLOCK);
    else
        add_score(s, o, winner, total, PINTAS_WHY_BLOCK);
    settle_round(s, o, winner, winner);
}

/* ---- the three kinds of move --------------------------------------------- */

/* A capicua: the open ends a, b before the winning tile differed and the tile
 * shows both (so it is {a, b}, no double, and could have gone on either end).
 * Only asked on a domino, which never comes from the opening tile. */
static int is_capicua(unsigned a, unsigned b, unsigned t)
{
    return a != b && ((PINTAS__SUIT[a] & PINTAS__SUIT[b]) >> t & 1u);
}

/* Muggins count of the open ends after placing t: a double at an end counts
 * both halves, a lone opening tile counts its pips once (not 4x a double). */
static unsigned open_count(const pintas_line_state *s, unsigned t)
{
    if (s->line_len == 1)
        return pintas__tile_pips(t);
    return s->ends[0] * (1u + s->end_double[0]) + s->ends[1] * (1u + s->end_double[1]);
}

static void place_tile(pintas_line_state *s, unsigned t, unsigned end)
{
    unsigned hi = pintas__tile_hi(t), lo = pintas__tile_lo(t);
    uint8_t dbl = (uint8_t)pintas__is_double(t);
    if (s->line_len == 0) {
        s->ends[0] = (uint8_t)hi;
        s->ends[1] = (uint8_t)lo;
        s->end_double[0] = s->end_double[1] = dbl;
        s->forced_tile = PINTAS_NO_TILE;
    } else {
        s->ends[end] = (uint8_t)(hi + lo - s->ends[end]); /* the tile's other number */
        s->end_double[end] = dbl;
    }
    s->line[s->line_len++] =
        (uint8_t)(t | (end == PINTAS_END_RIGHT ? PINTAS__LINE_AT_RIGHT : 0u));
}

static void play_tile(pintas_line_state *s, event_sink *o, unsigned seat, unsigned t,
                      unsigned end)
{
    unsigned a = s->ends[0], b = s->ends[1];
    s->hand[seat] &= ~PINTAS_BIT(t);
    place_tile(s, t, end);
    s->last_placer = (uint8_t)seat;
    s->passes = 0;
    s->to_move = (uint8_t)pintas__line_next_seat(&s->rules, seat);
    emit(o, s, PINTAS_EV_PLAY, seat, t, end, PINTAS_WHY_NONE, 0);
    if (s->rules.game == PINTAS_LINE_MUGGINS) {
        unsigned count = open_count(s, t);
        if (count > 0 && count % 5 == 0) {
            add_score(s, o, seat, (int32_t)count, PINTAS_WHY_FIVES);
            if (side_reached_target(s, seat)) {
                end_game(s, o, pintas__line_side_of(&s->rules, seat), PINTAS_WHY_NORMAL);
                return;
            }
        }
    }
    if ((s->hand[seat] & PINTAS_ALL_TILES) == 0)
        end_round_by_domino(s, o, seat, t, is_capicua(a, b, t));
    else if (pintas__line_blocked(s))
        end_round_by_block(s, o, seat, t);
}

/* seat takes the boneyard's next tile, t (external chance: the one chosen). */
static void take_tile(pintas_line_state *s, event_sink *o, unsigned seat, unsigned t)
{
    ++s->bone_pos;
    s->hand[seat] |= PINTAS_BIT(t);
    emit(o, s, PINTAS_EV_DRAW, seat, t, 0, PINTAS_WHY_NONE, 0);
    if (pintas__line_blocked(s))
        end_round_by_block(s, o, seat, PINTAS_NO_TILE);
}

static void draw_tile(pintas_line_state *s, event_sink *o, unsigned seat)
{
    if (s->chance) { /* the tile drawn is the next chance event's outcome */
        s->pending = PINTAS_LINE_CHANCE_DRAW;
        s->drawer = (uint8_t)seat;
        s->to_move = PINTAS_CHANCE_SEAT;
        return;
    }
    take_tile(s, o, seat, s->boneyard[s->bone_pos]);
}

static void pass_turn(pintas_line_state *s, event_sink *o, unsigned seat)
{
    const pintas_line_rules *r = &s->rules;
    unsigned before = s->passes, placer = s->last_placer;
    s->passes = (uint8_t)(before + 1u);
    s->to_move = (uint8_t)pintas__line_next_seat(r, seat);
    emit(o, s, PINTAS_EV_PASS, seat, PINTAS_NO_TILE, 0, PINTAS_WHY_NONE, 0);
    if (r->game == PINTAS_LINE_CAPICUA) {
        if (r->pass_points && pintas__line_side_of(r, placer) != pintas__line_side_of(r, seat)) {
            add_score(s, o, placer, (int32_t)r->pass_points, PINTAS_WHY_PASS);
            if (side_reached_target(s, placer)) {
                unsigned side = pintas__line_side_of(r, placer);
                end_game(s, o, side, capicua_end_reason(s, side));
            }
        }
    } else if (r->game == PINTAS_LINE_DOMINICAN) {
        if (r->pase_de_salida_bonus && s->line_len == 1 && before == 0 &&
            seat == pintas__line_next_seat(r, s->leader))
            add_score(s, o, s->leader, (int32_t)r->pase_de_salida_bonus,
                      PINTAS_WHY_PASE_DE_SALIDA);
        if (r->pase_corrido_bonus && s->passes == r->players - 1u)
            add_score(s, o, placer, (int32_t)r->pase_corrido_bonus, PINTAS_WHY_PASE_CORRIDO);
    }
}

/* Every move: checked by check_move, then made into *o; the public call and
 * its quiet twin share it. */
static void make_move(pintas_line_state *s, const pintas_line_move *m, event_sink *o)
{
    unsigned seat = s->to_move;
    if (m->kind == PINTAS_MOVE_PLAY)
        play_tile(s, o, seat, m->tile, m->end);
    else if (m->kind == PINTAS_MOVE_DRAW)
        draw_tile(s, o, seat);
    else
        pass_turn(s, o, seat);
}

static int play_into(pintas_line_state *s, const pintas_line_move *m, event_sink *o)
{
    int status = check_move(s, m);
    if (status == PINTAS_OK)
        make_move(s, m, o);
    return status;
}

PINTAS__MOVE_CALL int pintas_line_play(pintas_line_state *s, const pintas_line_move *m,
                                        pintas_line_event *ev, size_t ev_cap, size_t *n_ev)
{
    event_sink o = {ev, 0, ev_cap, NULL};
    int status = pintas__buffer_args(s && m && ev && n_ev, ev_cap, PINTAS_LINE_MAX_EVENTS);
    if (status == PINTAS_OK)
        status = play_into(s, m, &o);
    return pintas__events_written(status, o.n, n_ev);
}

int pintas__line_play_quiet(pintas_line_state *s, const pintas_line_move *m,
                            pintas__line_quiet *q)
{
    event_sink o = {NULL, 0, 0, q};
    if (q == NULL)
        return PINTAS_E_ARG;
    q->kinds = 0;
    return s && m ? play_into(s, m, &o) : PINTAS_E_ARG;
}

PINTAS__MOVE_CALL void pintas__line_play_listed_quiet(pintas_line_state *s,
                                                       const pintas_line_move *m,
                                                       pintas__line_quiet *q)
{
    event_sink o = {NULL, 0, 0, q};
    q->kinds = 0;
    make_move(s, m, &o);
}

/* ---- small queries ------------------------------------------------------- */

unsigned pintas_line_hand_pips(const pintas_line_state *s, int seat)
{
    if (!s || seat < 0 || seat >= PINTAS_LINE_MAX_SEATS || seat >= s->rules.players)
        return 0;
    return pintas__mask_pips(s->hand[seat]);
}

int pintas_line_boneyard_size(const pintas_line_state *s)
{
    if (!s)
        return PINTAS_E_ARG;
    return s->bone_pos < s->bone_len ? s->bone_len - s->bone_pos : 0;
}

int pintas_line_chain(const pintas_line_state *s, uint8_t *nums, size_t cap, size_t *n)
{
    /* the line grows both ways from the first tile: built from the middle of
     * row, then copied out from its leftmost tile */
    uint8_t row[4 * PINTAS_TILE_COUNT];
    size_t left = 2 * PINTAS_TILE_COUNT, right = left, i;
    if (!s || !nums || !n || s->line_len > PINTAS_TILE_COUNT)
        return PINTAS_E_ARG;
    for (i = 0; i < s->line_len; ++i) {
        uint8_t t = s->line[i] & 0x7Fu, high, low, touching;
        if (t >= PINTAS_TILE_COUNT)
            return PINTAS_E_ARG;
        high = pintas_tile_high(t);
        low = pintas_tile_low(t);
        if (i == 0) {
            row[right++] = high;
            row[right++] = low;
            continue;
        }
        touching = s->line[i] & 0x80u ? row[right - 1] : row[left];
        if (touching != high && touching != low)
            return PINTAS_E_ARG;
        if (s->line[i] & 0x80u) {
            row[right++] = touching;
            row[right++] = touching == high ? low : high;
        } else {
            row[--left] = touching;
            row[--left] = touching == high ? low : high;
        }
    }
    *n = (right - left) / 2;
    if (cap < right - left)
        return PINTAS_E_BUFFER;
    memcpy(nums, row + left, right - left);
    return PINTAS_OK;
}

/* ---- external chance ----------------------------------------------------- */

/* A chance event pending in the play (s is not NULL). */
static int pending_event(const void *state)
{
    const pintas_line_state *s = state;
    return s->phase == PINTAS_LINE_PLAYING && chance_pending(s);
}

/* The possible outcomes of the pending chance event, as a set of tiles. */
static pintas_mask chance_set(const void *state)
{
    const pintas_line_state *s = state;
    pintas_mask set = 0;
    unsigned i;
    switch (s->pending) {
    case PINTAS_LINE_CHANCE_DEAL:
        return PINTAS_ALL_TILES & ~(s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]);
    case PINTAS_LINE_CHANCE_DRAW:
        for (i = s->bone_pos; i < s->bone_len && i < N_TILES; ++i)
            if (s->boneyard[i] < N_TILES)
                set |= PINTAS_BIT(s->boneyard[i]);
        return set;
    case PINTAS_LINE_CHANCE_TIEBREAK:
        return PINTAS_ALL_TILES & ~s->tb_drawn;
    default:
        return 0;
    }
}

/* A state whose chance fields the calls below can trust. */
static int chance_usable(const void *state)
{
    const pintas_line_state *s = state;
    if (!usable(s))
        return 0;
    if (s->pending == PINTAS_LINE_CHANCE_DEAL)
        return s->dealt < HAND * s->rules.players;
    if (s->pending == PINTAS_LINE_CHANCE_DRAW)
        return s->drawer < s->rules.players && s->bone_pos < s->bone_len &&
               s->bone_len <= N_TILES;
    if (s->pending == PINTAS_LINE_CHANCE_TIEBREAK)
        return s->tb_seat < s->rules.players && (s->tb_tied >> s->tb_seat & 1u);
    return s->pending == PINTAS_LINE_CHANCE_NONE;
}

static const pintas__tile_chance CHANCE = {chance_usable, pending_event, chance_set};

int pintas_line_chance_pending(const pintas_line_state *s)
{
    return pintas__tile_chance_pending(&CHANCE, s);
}

int pintas_line_chance_outcomes(const pintas_line_state *s, uint16_t *codes, uint32_t *num,
                                uint32_t *den, size_t cap, size_t *n)
{
    int status = pintas__buffer_args(s && codes && num && den && n, cap, N_TILES);
    return pintas__tile_chance_outcomes(&CHANCE, s, status, codes, num, den, n);
}

/* The deal's next hand tile; the round opens after the last one. */
static void deal_chance_tile(pintas_line_state *s, event_sink *o, unsigned t)
{
    unsigned p = s->rules.players, k = 0, i;
    pintas_mask rest;
    s->hand[(s->dealt / HAND) & 3u] |= PINTAS_BIT(t);
    if (++s->dealt < HAND * p)
        return;
    rest = PINTAS_ALL_TILES & ~(s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]);
    if (pintas__line_draws(&s->rules)) {
        for (i = 0; i < N_TILES; ++i)
            if (rest & PINTAS_BIT(i))
                s->boneyard[k++] = (uint8_t)i;
        s->bone_len = (uint8_t)k;
    } else {
        s->aside = rest;
    }
    s->pending = PINTAS_LINE_CHANCE_NONE;
    open_round(s, o, s->deal_first, s->deal_leader); /* clears the deal's fields */
}

/* The drawer takes tile t: it goes to the boneyard's next place. */
static void draw_chance_tile(pintas_line_state *s, event_sink *o, unsigned t)
{
    unsigned i, seat = s->drawer;
    for (i = s->bone_pos; i < s->bone_len; ++i)
        if (s->boneyard[i] == t) {
            s->boneyard[i] = s->boneyard[s->bone_pos];
            s->boneyard[s->bone_pos] = (uint8_t)t;
            break;
        }
    clear_chance_fields(s);
    s->to_move = (uint8_t)seat;
    take_tile(s, o, seat, t);
}

/* The tied seat drawing next draws t; the draw round ends when every tied
 * seat has drawn, as tiebreak_draw decides it. */
static void tiebreak_chance_tile(pintas_line_state *s, event_sink *o, unsigned t)
{
    unsigned seat = s->tb_seat, p = pintas__tile_pips(t), later, tied;
    emit(o, s, PINTAS_EV_TIEBREAK, seat, t, 0, PINTAS_WHY_NONE, (int32_t)s->tb_round);
    s->tb_drawn |= PINTAS_BIT(t);
    if (p < s->tb_best) {
        s->tb_best = (uint8_t)p;
        s->tb_fewest = 0;
    }
    if (p == s->tb_best)
        s->tb_fewest = (uint8_t)(s->tb_fewest | (1u << seat));
    later = s->tb_tied & ~((2u << seat) - 1u);
    if (later) {
        s->tb_seat = (uint8_t)pintas__lowest_bit(later);
        return;
    }
    tied = s->tb_fewest;
    if ((tied & (tied - 1u)) == 0 || s->tb_round >= PINTAS_LINE_MAX_TIEBREAK_ROUNDS) {
        clear_chance_fields(s);
        end_game(s, o, pintas__lowest_bit(tied), PINTAS_WHY_TIEBREAK);
        return;
    }
    s->tb_tied = (uint8_t)tied;
    ++s->tb_round;
    s->tb_drawn = 0;
    s->tb_best = 99;
    s->tb_fewest = 0;
    s->tb_seat = (uint8_t)pintas__lowest_bit(tied);
}

int pintas_line_play_chance(pintas_line_state *s, int outcome, pintas_line_event *ev,
                            size_t ev_cap, size_t *n_ev)
{
    event_sink o = {ev, 0, ev_cap, NULL};
    int status = pintas__buffer_args(s && ev && n_ev, ev_cap, PINTAS_LINE_MAX_EVENTS);
    unsigned t;
    if (status == PINTAS_OK)
        status = pintas__tile_chance_check(&CHANCE, s, outcome);
    if (status != PINTAS_OK)
        return status;
    t = (unsigned)outcome;
    if (s->pending == PINTAS_LINE_CHANCE_DEAL)
        deal_chance_tile(s, &o, t);
    else if (s->pending == PINTAS_LINE_CHANCE_DRAW)
        draw_chance_tile(s, &o, t);
    else
        tiebreak_chance_tile(s, &o, t);
    *n_ev = o.n;
    return PINTAS_OK;
}
