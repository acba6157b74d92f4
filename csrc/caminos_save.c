/* caminos_save.c - pintas_caminos_save / pintas_caminos_load: the portable
 * save format of a Caminos game.
 *
 * Format version 1: PINTAS_CAMINOS_SAVE_SIZE (256) bytes, every multi-byte
 * field little-endian, written byte by byte (no struct dumps):
 *     0  'P' 'C' 'M' 1    magic, format version
 *     4  rules: players paths hand_size side_tiles full_path rounds
 *               max_rounds max_round_moves (were reserved, 0)       (u8 each)
 *    12  rng.state, rng.inc                                         (u64 each)
 *    28  hand[0..3]                                                 (u64 each)
 *    60  revealed[0..3]                                             (u64 each)
 *    92  discard                                                    (u64)
 *   100  score[0..3]                                  (i32, two's complement)
 *   116  pile_len                                                   (u8)
 *   117  pile[28]                              (u8; 0xFF from pile_len on)
 *   145  path[0..7], 10 bytes each: centre len[2] end[2] tile[2][2]
 *        (FRONT's tiles, then BACK's) reserved                      (u8 each)
 *   225  phase to_move round starter passes out_seat last_turns
 *        contenders step                                            (u8 each)
 *   234  choice[4] shown[4] winners round_moves (was reserved, 0)
 *        reserved[2]                                                (u8 each)
 *   246  external chance: chance pending dealt chance_seat chance_path (u8
 *        each); all 0 with the PRNG (these bytes were reserved, always 0)
 *   251  zero bytes up to 256 (reserved)
 *
 * The loader accepts only states the engine can reach and safely continue;
 * state_ok() lists every check. It reads tiles only through the public tile
 * functions, so it is an independent second reading of the rules'
 * invariants; its path check also vets the search's knowledge.
 */
#include <string.h>

#include "bytes_internal.h"
#include "common_internal.h"
#include "pintas/caminos.h"
#include "caminos_internal.h"

#define SAVE_TAG "PCM"
#define SAVE_VERSION 1u
#define USED_BYTES 251u
#define N_TILES PINTAS_TILE_COUNT
#define SEATS PINTAS_CAMINOS_MAX_SEATS
#define PATHS PINTAS_CAMINOS_MAX_PATHS
#define SIDE PINTAS_CAMINOS_MAX_SIDE
#define ALL PINTAS_ALL_TILES
/* Scores lose at most 28 points a round. */
#define ROUND_LOSS_BOUND 28

int pintas_caminos_save(const pintas_caminos_state *s, uint8_t *buf, size_t cap)
{
    pintas__writer w;
    unsigned i;
    int status = pintas__buffer_args(s && buf, cap, PINTAS_CAMINOS_SAVE_SIZE);
    if (status != PINTAS_OK)
        return status;
    pintas__image_start(&w, buf, PINTAS_CAMINOS_SAVE_SIZE, SAVE_TAG, SAVE_VERSION);
    pintas__put_u8(&w, s->rules.players);
    pintas__put_u8(&w, s->rules.paths);
    pintas__put_u8(&w, s->rules.hand_size);
    pintas__put_u8(&w, s->rules.side_tiles);
    pintas__put_u8(&w, s->rules.full_path);
    pintas__put_u8(&w, s->rules.rounds);
    pintas__put_u8(&w, s->rules.max_rounds);
    pintas__put_u8(&w, s->rules.max_round_moves);
    pintas__put_u64(&w, s->rng.state);
    pintas__put_u64(&w, s->rng.inc);
    for (i = 0; i < SEATS; ++i)
        pintas__put_u64(&w, s->hand[i]);
    for (i = 0; i < SEATS; ++i)
        pintas__put_u64(&w, s->revealed[i]);
    pintas__put_u64(&w, s->discard);
    for (i = 0; i < SEATS; ++i)
        pintas__put_i32(&w, s->score[i]);
    pintas__put_u8(&w, s->pile_len);
    pintas__put_bytes(&w, s->pile, N_TILES);
    for (i = 0; i < PATHS; ++i) {
        const pintas_caminos_path *p = &s->path[i];
        pintas__put_u8(&w, p->centre);
        pintas__put_u8(&w, p->len[0]);
        pintas__put_u8(&w, p->len[1]);
        pintas__put_u8(&w, p->end[0]);
        pintas__put_u8(&w, p->end[1]);
        pintas__put_u8(&w, p->tile[0][0]);
        pintas__put_u8(&w, p->tile[0][1]);
        pintas__put_u8(&w, p->tile[1][0]);
        pintas__put_u8(&w, p->tile[1][1]);
        pintas__put_u8(&w, p->reserved);
    }
    pintas__put_u8(&w, s->phase);
    pintas__put_u8(&w, s->to_move);
    pintas__put_u8(&w, s->round);
    pintas__put_u8(&w, s->starter);
    pintas__put_u8(&w, s->passes);
    pintas__put_u8(&w, s->out_seat);
    pintas__put_u8(&w, s->last_turns);
    pintas__put_u8(&w, s->contenders);
    pintas__put_u8(&w, s->step);
    pintas__put_bytes(&w, s->choice, SEATS);
    pintas__put_bytes(&w, s->shown, SEATS);
    pintas__put_u8(&w, s->winners);
    pintas__put_u8(&w, s->round_moves);
    pintas__put_bytes(&w, s->reserved, sizeof s->reserved);
    pintas__put_u8(&w, s->chance);
    pintas__put_u8(&w, s->pending);
    pintas__put_u8(&w, s->dealt);
    pintas__put_u8(&w, s->chance_seat);
    pintas__put_u8(&w, s->chance_path);
    return PINTAS_OK;
}

/* Decode the fields after the frame into *s; 0 if a mask has bits above the
 * 32 a mask holds (such an image is corrupt). */
static int decode(pintas__reader *r, pintas_caminos_state *s)
{
    unsigned i;
    int wide = 0;
    s->rules.players = pintas__get_u8(r);
    s->rules.paths = pintas__get_u8(r);
    s->rules.hand_size = pintas__get_u8(r);
    s->rules.side_tiles = pintas__get_u8(r);
    s->rules.full_path = pintas__get_u8(r);
    s->rules.rounds = pintas__get_u8(r);
    s->rules.max_rounds = pintas__get_u8(r);
    s->rules.max_round_moves = pintas__get_u8(r);
    s->rng.state = pintas__get_u64(r);
    s->rng.inc = pintas__get_u64(r);
    for (i = 0; i < SEATS; ++i)
        s->hand[i] = pintas__get_mask(r, &wide);
    for (i = 0; i < SEATS; ++i)
        s->revealed[i] = pintas__get_mask(r, &wide);
    s->discard = pintas__get_mask(r, &wide);
    for (i = 0; i < SEATS; ++i)
        s->score[i] = pintas__get_i32(r);
    s->pile_len = pintas__get_u8(r);
    pintas__get_bytes(r, s->pile, N_TILES);
    for (i = 0; i < PATHS; ++i) {
        pintas_caminos_path *p = &s->path[i];
        p->centre = pintas__get_u8(r);
        p->len[0] = pintas__get_u8(r);
        p->len[1] = pintas__get_u8(r);
        p->end[0] = pintas__get_u8(r);
        p->end[1] = pintas__get_u8(r);
        p->tile[0][0] = pintas__get_u8(r);
        p->tile[0][1] = pintas__get_u8(r);
        p->tile[1][0] = pintas__get_u8(r);
        p->tile[1][1] = pintas__get_u8(r);
        p->reserved = pintas__get_u8(r);
    }
    s->phase = pintas__get_u8(r);
    s->to_move = pintas__get_u8(r);
    s->round = pintas__get_u8(r);
    s->starter = pintas__get_u8(r);
    s->passes = pintas__get_u8(r);
    s->out_seat = pintas__get_u8(r);
    s->last_turns = pintas__get_u8(r);
    s->contenders = pintas__get_u8(r);
    s->step = pintas__get_u8(r);
    pintas__get_bytes(r, s->choice, SEATS);
    pintas__get_bytes(r, s->shown, SEATS);
    s->winners = pintas__get_u8(r);
    s->round_moves = pintas__get_u8(r);
    pintas__get_bytes(r, s->reserved, sizeof s->reserved);
    s->chance = pintas__get_u8(r);
    s->pending = pintas__get_u8(r);
    s->dealt = pintas__get_u8(r);
    s->chance_seat = pintas__get_u8(r);
    s->chance_path = pintas__get_u8(r);
    return !wide;
}

/* ---- the checks ---------------------------------------------------------- */

static pintas_mask tbit(unsigned t)
{
    return PINTAS_BIT(t);
}

static unsigned mask_count(pintas_mask m)
{
    return pintas_popcount(m);
}

/* Hands, revealed tiles and the discard inside the set; absent seats empty. */
static int masks_ok(const pintas_caminos_state *s)
{
    unsigned seat;
    for (seat = 0; seat < SEATS; ++seat) {
        if ((s->hand[seat] | s->revealed[seat]) & ~ALL)
            return 0;
        if (seat >= s->rules.players && (s->hand[seat] || s->revealed[seat] ||
                                         s->choice[seat] != PINTAS_NO_TILE ||
                                         s->shown[seat] != PINTAS_NO_TILE || s->score[seat]))
            return 0;
    }
    if (s->discard & ~ALL)
        return 0;
    return s->discard == 0 || s->rules.full_path == PINTAS_CAMINOS_DISCARD;
}

/* One path slot, as caminos_internal.h says. */
int pintas__caminos_path_ok(const pintas_caminos_rules *r, const pintas_caminos_path *p,
                            pintas_mask *tiles, int *full, int *empty)
{
    unsigned side, j, limit = r->side_tiles;
    *tiles = 0;
    *full = 0;
    *empty = p->centre == PINTAS_NO_TILE;
    if (p->reserved != 0)
        return 0;
    if (*empty) {
        for (side = 0; side < 2; ++side) {
            if (p->len[side] || p->end[side])
                return 0;
            for (j = 0; j < SIDE; ++j)
                if (p->tile[side][j] != PINTAS_NO_TILE)
                    return 0;
        }
        return 1;
    }
    if (p->centre >= N_TILES)
        return 0;
    *tiles = tbit(p->centre);
    for (side = 0; side < 2; ++side) {
        unsigned n = side == PINTAS_CAMINOS_FRONT ? pintas_tile_high(p->centre)
                                                  : pintas_tile_low(p->centre);
        if (p->len[side] > limit)
            return 0;
        for (j = 0; j < SIDE; ++j) {
            unsigned t = p->tile[side][j], h, l;
            if (j >= p->len[side]) {
                if (t != PINTAS_NO_TILE)
                    return 0;
                continue;
            }
            if (t >= N_TILES || (*tiles & tbit(t)))
                return 0;
            h = pintas_tile_high((uint8_t)t);
            l = pintas_tile_low((uint8_t)t);
            if (h != n && l != n)
                return 0;
            n = h == n ? l : h;
            *tiles |= tbit(t);
        }
        if (p->end[side] != n)
            return 0;
    }
    *full = p->len[0] == limit && p->len[1] == limit;
    return 1;
}

/* Paths: slots beyond rules.paths empty; a full path only where full paths
 * stay; an empty slot only where full paths are discarded, during play, with
 * the pile empty (it is never refilled then), and no more empty slots than
 * paths discarded. Writes the tiles on the table,
 * the numbers open sides show (as a suit mask) and the tiles placed so far. */
static int paths_ok(const pintas_caminos_state *s, pintas_mask *table, pintas_mask *open,
                    unsigned *placed)
{
    unsigned i, gone = 0;
    *table = 0;
    *open = 0;
    *placed = 0;
    for (i = 0; i < PATHS; ++i) {
        const pintas_caminos_path *p = &s->path[i];
        pintas_mask tiles;
        int full, empty;
        if (!pintas__caminos_path_ok(&s->rules, p, &tiles, &full, &empty) || (*table & tiles))
            return 0;
        *table |= tiles;
        if (i >= s->rules.paths) {
            if (!empty)
                return 0;
            continue;
        }
        if (empty && (s->rules.full_path != PINTAS_CAMINOS_DISCARD ||
                      s->phase == PINTAS_CAMINOS_REVEALING || s->pile_len != 0))
            return 0;
        if (full && s->rules.full_path != PINTAS_CAMINOS_STAY)
            return 0;
        if (empty) {
            ++gone;
            continue;
        }
        *placed += p->len[0] + p->len[1];
        if (p->len[0] < s->rules.side_tiles)
            *open |= pintas_suit_mask(p->end[0]);
        if (p->len[1] < s->rules.side_tiles)
            *open |= pintas_suit_mask(p->end[1]);
    }
    /* each empty slot is a path discarded: the discard holds at least as many */
    return gone * (1u + 2u * s->rules.side_tiles) <= pintas_popcount(s->discard);
}

/* Every tile exactly once: hands, pile, table and discard are disjoint and
 * together the whole set; the discard holds whole paths. */
static int tiles_conserved(const pintas_caminos_state *s, pintas_mask pile, pintas_mask table)
{
    pintas_mask parts[SEATS + 3];
    unsigned i;
    for (i = 0; i < SEATS; ++i)
        parts[i] = s->hand[i];
    parts[SEATS] = pile;
    parts[SEATS + 1] = table;
    parts[SEATS + 2] = s->discard;
    return pintas__tiles_partition(parts, SEATS + 3) &&
           mask_count(s->discard) % (1u + 2u * s->rules.side_tiles) == 0;
}

/* The reveal: the deal untouched; step 1 with every seat in it and nothing
 * shown, or a later step whose contenders are exactly the seats that showed
 * the most pips in the step before (each of them with step - 1 tiles shown,
 * the others with fewer); choices made by the lowest contenders first, each
 * a tile of the hand not shown before, the next chooser to move. */
static int reveal_ok(const pintas_caminos_state *s, unsigned placed)
{
    const pintas_caminos_rules *r = &s->rules;
    unsigned seat, best = 0, most = 0, waiting = 0;
    unsigned contenders = s->contenders;
    if (placed != 0 || s->discard != 0 ||
        s->pile_len != N_TILES - r->paths - (unsigned)r->players * r->hand_size)
        return 0;
    if (s->passes || s->out_seat != PINTAS_NO_SEAT || s->last_turns || s->winners ||
        s->starter != PINTAS_NO_SEAT)
        return 0;
    if (s->step < 1 || s->step > r->hand_size || (contenders & ~pintas__caminos_all_seats(r)) ||
        mask_count(contenders) < 2)
        return 0;
    for (seat = 0; seat < r->players; ++seat) {
        unsigned shown = s->shown[seat], n = mask_count(s->revealed[seat]);
        if (mask_count(s->hand[seat]) != r->hand_size || (s->revealed[seat] & ~s->hand[seat]))
            return 0;
        if (shown == PINTAS_NO_TILE) {
            /* out of the last step: dropped earlier (or nothing shown yet) */
            if (s->step == 1 ? n != 0 : (n == 0 || n + 1 >= s->step))
                return 0;
            continue;
        }
        if (s->step == 1 || shown >= N_TILES || !(s->revealed[seat] & tbit(shown)) ||
            n != s->step - 1u)
            return 0;
        if (pintas_tile_pips((uint8_t)shown) > best) {
            best = pintas_tile_pips((uint8_t)shown);
            most = 0;
        }
        if (pintas_tile_pips((uint8_t)shown) == best)
            most |= 1u << seat;
    }
    if (s->step == 1 ? contenders != pintas__caminos_all_seats(r) : contenders != most)
        return 0;
    for (seat = 0; seat < r->players; ++seat) {
        unsigned c = s->choice[seat];
        if (!(contenders & (1u << seat))) {
            if (c != PINTAS_NO_TILE)
                return 0;
            continue;
        }
        if (c == PINTAS_NO_TILE) {
            waiting |= 1u << seat;
            continue;
        }
        if (waiting || c >= N_TILES || !(s->hand[seat] & ~s->revealed[seat] & tbit(c)))
            return 0; /* chosen after a lower contender who has not chosen */
    }
    if (!waiting)
        return 0;
    return s->to_move < r->players && (waiting & (1u << s->to_move)) &&
           !(waiting & ((1u << s->to_move) - 1u));
}

/* Play: the reveal cleared; a starter; passes only with an empty pile, fewer
 * than the players, by the seats just before the one to move, none of whom
 * could place; after a player went out, its hand empty, the last turns
 * counted from it and the seats still to play holding tiles; otherwise every
 * hand holding tiles. */
static int play_ok(const pintas_caminos_state *s, pintas_mask open)
{
    const pintas_caminos_rules *r = &s->rules;
    unsigned p = r->players, seat, i, taken = 0;
    if (s->starter >= p || s->to_move >= p || s->passes >= p || s->winners)
        return 0;
    if (s->passes && s->pile_len != 0)
        return 0;
    if (s->out_seat == PINTAS_NO_SEAT) {
        if (s->last_turns)
            return 0;
        for (seat = 0; seat < p; ++seat)
            if (s->hand[seat] == 0)
                return 0;
    } else {
        if (s->out_seat >= p || s->hand[s->out_seat] != 0 || s->last_turns < 1 ||
            s->last_turns > p - 1u || s->to_move != (s->out_seat + p - s->last_turns) % p)
            return 0;
        taken = p - 1u - s->last_turns;
        if (s->passes > taken)
            return 0;
        for (i = 0, seat = s->to_move; i < s->last_turns; ++i, seat = (seat + 1u) % p)
            if (s->hand[seat] == 0)
                return 0;
    }
    for (i = 1, seat = s->to_move; i <= s->passes; ++i) {
        seat = (seat + p - 1u) % p;
        if (s->hand[seat] & open)
            return 0;
    }
    return 1;
}

/* The last round a game of these rules plays: `rounds`, or max_rounds when
 * that limit comes first. */
static unsigned last_round(const pintas_caminos_state *s)
{
    unsigned limit = s->rules.max_rounds;
    return limit != 0 && limit < s->rules.rounds ? limit : s->rules.rounds;
}

static int over_ok(const pintas_caminos_state *s)
{
    if (s->to_move != PINTAS_NO_SEAT || s->passes || s->out_seat != PINTAS_NO_SEAT ||
        s->last_turns || s->starter >= s->rules.players || s->round != last_round(s))
        return 0;
    return s->winners == pintas__caminos_top_seats(s);
}

/* Scores: 0 or negative, losing at most 28 points in each round scored. */
static int scores_ok(const pintas_caminos_state *s)
{
    unsigned seat, scored = s->phase == PINTAS_CAMINOS_OVER ? s->round : s->round - 1u;
    int32_t floor = -(int32_t)(ROUND_LOSS_BOUND * scored);
    for (seat = 0; seat < s->rules.players; ++seat)
        if (s->score[seat] > 0 || s->score[seat] < floor)
            return 0;
    return 1;
}

/* The fields the reveal alone uses, cleared outside it. */
static int reveal_cleared(const pintas_caminos_state *s)
{
    unsigned seat;
    if (s->contenders || s->step)
        return 0;
    for (seat = 0; seat < SEATS; ++seat)
        if (s->revealed[seat] || s->choice[seat] != PINTAS_NO_TILE ||
            s->shown[seat] != PINTAS_NO_TILE)
            return 0;
    return 1;
}

static int played_state_ok(const pintas_caminos_state *s);

/* A deal by chance under way: the centres, then the hands, filled in order
 * up to `dealt`; the rest of the round empty; the reveal not begun. */
static int chance_deal_ok(const pintas_caminos_state *s)
{
    const pintas_caminos_rules *r = &s->rules;
    pintas_mask seen = 0;
    unsigned i, k = s->dealt, hands = k > r->paths ? k - r->paths : 0u;
    if (k >= r->paths + (unsigned)r->players * r->hand_size || s->chance_seat || s->chance_path)
        return 0;
    for (i = 0; i < PATHS; ++i) {
        const pintas_caminos_path *p = &s->path[i];
        pintas_mask tiles;
        int full, empty;
        if (!pintas__caminos_path_ok(r, p, &tiles, &full, &empty) ||
            empty != (i >= k || i >= r->paths) ||
            p->len[0] || p->len[1] || (tiles & seen))
            return 0;
        seen |= tiles;
    }
    for (i = 0; i < SEATS; ++i) {
        unsigned want = hands >= (i + 1u) * r->hand_size ? r->hand_size
                        : hands > i * r->hand_size ? hands - i * r->hand_size : 0u;
        if ((s->hand[i] & ~ALL) || (s->hand[i] & seen) || mask_count(s->hand[i]) != want ||
            s->revealed[i] || s->choice[i] != PINTAS_NO_TILE || s->shown[i] != PINTAS_NO_TILE)
            return 0;
        seen |= s->hand[i];
    }
    for (i = 0; i < N_TILES; ++i)
        if (s->pile[i] != PINTAS_NO_TILE)
            return 0;
    return s->phase == PINTAS_CAMINOS_REVEALING && s->pile_len == 0 && s->discard == 0 &&
           s->starter == PINTAS_NO_SEAT && s->passes == 0 && s->out_seat == PINTAS_NO_SEAT &&
           s->last_turns == 0 && s->contenders == 0 && s->step == 1 && s->winners == 0 &&
           scores_ok(s);
}

/* A draw under way: the state of the drawer to move, who may only draw. */
PINTAS__OWN_FRAME static int chance_draw_ok(const pintas_caminos_state *s)
{
    pintas_caminos_state t = *s;
    pintas_caminos_move draw =
        pintas__caminos_move(PINTAS_CAMINOS_DRAW, PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH, 0);
    if (s->dealt || s->chance_path || s->phase != PINTAS_CAMINOS_PLAYING)
        return 0;
    t.to_move = s->chance_seat;
    t.pending = 0;
    t.chance_seat = 0;
    /* under max_round_moves the draw counted already: the seat's turn as it
     * was before it, one move fewer */
    if (s->rules.max_round_moves != 0) {
        if (s->round_moves == 0)
            return 0;
        t.round_moves = (uint8_t)(s->round_moves - 1u);
    }
    /* the seat may draw (its one legal move): the pile holds tiles and none
     * of its tiles fits */
    return played_state_ok(&t) && pintas_caminos_check(&t, &draw) == PINTAS_OK;
}

static int state_ok_but_centre(const pintas_caminos_state *s);

/* The state a pending new centre leaves once the pile's first tile is given
 * (played quietly: no event buffer on the loader's stack). It has no centre
 * pending, so its check is state_ok's without a centre's, which keeps the
 * checks from calling each other. */
PINTAS__OWN_FRAME static int centre_given_ok(const pintas_caminos_state *s)
{
    pintas_caminos_state u = *s;
    return pintas__caminos_play_chance_quiet(&u, s->pile[0]) == PINTAS_OK &&
           state_ok_but_centre(&u);
}

/* A new centre under way: the closed path's slot empty, the pile holding
 * the tiles it may take, the turn of the placer who closed it in play. */
PINTAS__OWN_FRAME static int chance_centre_ok(const pintas_caminos_state *s)
{
    const pintas_caminos_rules *r = &s->rules;
    pintas_mask pile, table, open;
    unsigned placed, p = r->players;
    pintas_caminos_state t = *s;
    pintas_caminos_path *slot;
    pintas_mask tiles;
    int full, empty;
    if (s->dealt || s->chance_seat >= p || s->chance_path >= r->paths ||
        s->phase != PINTAS_CAMINOS_PLAYING || r->full_path == PINTAS_CAMINOS_STAY ||
        s->pile_len == 0 || s->pile[0] >= N_TILES)
        return 0;
    slot = &t.path[s->chance_path];
    /* the slot emptied, as a cleared path is */
    if (!pintas__caminos_path_ok(r, slot, &tiles, &full, &empty) || !empty)
        return 0;
    /* as it is once the pile's first tile is the new centre */
    slot->centre = s->pile[0];
    slot->end[0] = (uint8_t)pintas_tile_high(slot->centre);
    slot->end[1] = (uint8_t)pintas_tile_low(slot->centre);
    memcpy(t.pile, s->pile + 1, N_TILES - 1); /* from *s: no overlap */
    t.pile[N_TILES - 1] = PINTAS_NO_TILE;
    t.pile_len--;
    if (!(masks_ok(&t) && pintas__tile_list_ok(t.pile, t.pile_len, N_TILES, &pile) &&
          paths_ok(&t, &table, &open, &placed) && tiles_conserved(&t, pile, table) &&
          scores_ok(&t) && reveal_cleared(&t) && s->starter < p && s->passes == 0 &&
          (s->out_seat == PINTAS_NO_SEAT ? s->last_turns == 0
                                         : s->out_seat < p && s->last_turns < p) &&
          s->winners == 0))
        return 0;
    /* and the turn ends as one that placed a tile can: the state the outcome
     * leaves (whichever tile it is) is one the loader takes */
    return centre_given_ok(s);
}

/* What every state with a chance event pending must be. */
static int pending_ok(const pintas_caminos_state *s)
{
    if (pintas_caminos_rules_check(&s->rules) != PINTAS_OK || !pintas_rng_is_valid(&s->rng) ||
        s->round < 1 || s->round > s->rules.rounds || s->to_move != PINTAS_CHANCE_SEAT ||
        s->reserved[0] || s->reserved[1] || !masks_ok(s))
        return 0;
    /* a capped round's moves: at most the cap while the last one's chance
     * event waits (it ends the round once given), none while dealing */
    return s->round_moves == 0 || (s->pending != PINTAS_CAMINOS_CHANCE_DEAL &&
                                   s->round_moves <= s->rules.max_round_moves);
}

/* Every check of state_ok but for a new centre pending (refused here). */
static int state_ok_but_centre(const pintas_caminos_state *s)
{
    if (s->chance > 1 || (!s->chance && (s->pending || s->dealt || s->chance_seat ||
                                         s->chance_path)))
        return 0;
    if (s->pending == PINTAS_CAMINOS_CHANCE_NONE)
        return !s->dealt && !s->chance_seat && !s->chance_path && played_state_ok(s);
    if (!pending_ok(s))
        return 0;
    switch (s->pending) {
    case PINTAS_CAMINOS_CHANCE_DEAL:
        return chance_deal_ok(s);
    case PINTAS_CAMINOS_CHANCE_DRAW:
        return chance_draw_ok(s);
    default:
        return 0;
    }
}

static int state_ok(const pintas_caminos_state *s)
{
    if (s->chance == 1 && s->pending == PINTAS_CAMINOS_CHANCE_REVEAL)
        return pending_ok(s) && chance_centre_ok(s);
    return state_ok_but_centre(s);
}

/* A state with no chance event pending. */
static int played_state_ok(const pintas_caminos_state *s)
{
    pintas_mask pile, table, open;
    unsigned placed;
    if (pintas_caminos_rules_check(&s->rules) != PINTAS_OK || !pintas_rng_is_valid(&s->rng))
        return 0;
    if (s->phase > PINTAS_CAMINOS_OVER || s->round < 1 || s->round > last_round(s))
        return 0;
    if (s->reserved[0] || s->reserved[1])
        return 0;
    /* the round's moves: counted while a capped round is played, below its cap */
    if (s->round_moves != 0 && (s->phase != PINTAS_CAMINOS_PLAYING ||
                                s->round_moves >= s->rules.max_round_moves))
        return 0;
    if (!masks_ok(s) || !pintas__tile_list_ok(s->pile, s->pile_len, N_TILES, &pile) ||
        !paths_ok(s, &table, &open, &placed) || !tiles_conserved(s, pile, table) ||
        !scores_ok(s))
        return 0;
    if (s->phase == PINTAS_CAMINOS_REVEALING)
        return reveal_ok(s, placed);
    if (!reveal_cleared(s))
        return 0;
    if (s->phase == PINTAS_CAMINOS_PLAYING)
        return play_ok(s, open);
    return over_ok(s);
}

int pintas_caminos_load(pintas_caminos_state *s, const uint8_t *buf, size_t len)
{
    pintas_caminos_state t;
    pintas__reader r;
    int status;
    if (!s || !buf)
        return PINTAS_E_ARG;
    status = pintas__image_open(&r, buf, len, SAVE_TAG, SAVE_VERSION, PINTAS_CAMINOS_SAVE_SIZE,
                                USED_BYTES);
    if (status != PINTAS_OK)
        return status;
    memset(&t, 0, sizeof t);
    if (!decode(&r, &t) || !state_ok(&t))
        return PINTAS_E_CORRUPT;
    memcpy(s, &t, sizeof t);
    return PINTAS_OK;
}
