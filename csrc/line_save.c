/* line_save.c - pintas_line_save / pintas_line_load: the portable save format
 * of a line game.
 *
 * Format version 1: PINTAS_LINE_SAVE_SIZE (192) bytes, every multi-byte field
 * little-endian, written byte by byte (no struct dumps):
 *     0  'P' 'L' 'N' 1    magic, format version
 *     4  rules: game players pairs redeal_doubles block_scoring tranque
 *               capicua max_rounds (was reserved: 0 without a limit)    (u8 each)
 *    12  rules: target pass_points capicua_bonus pase_corrido_bonus
 *               pase_de_salida_bonus                                    (u16 each)
 *    22  rng.state, rng.inc                                             (u64 each)
 *    38  hand[0..3]                                                     (u64 each)
 *    70  aside                                                          (u64)
 *    78  score[0..3]                                          (i32, two's complement)
 *    94  bone_len bone_pos                                              (u8 each)
 *    96  boneyard[28]                               (u8; 0xFF from bone_len on)
 *   124  line_len                                                       (u8)
 *   125  line[28]                 (u8: tile | 0x80 when at RIGHT; 0xFF from line_len on)
 *   153  ends[2] end_double[2]                                          (u8 each)
 *   157  phase to_move leader forced_tile last_placer passes winner end_reason (u8)
 *   165  round                                                          (u16)
 *   167  external chance: chance pending dealt redeals deal_first deal_leader
 *        drawer tb_tied tb_fewest tb_best tb_seat tb_round (u8 each), tb_drawn
 *        (u32); all 0 with the PRNG (these bytes were reserved, always 0)
 *   183  zero bytes up to 192 (reserved)
 *
 * The loader accepts only states the engine can reach and safely continue:
 * see state_is_consistent() for the full list of checks.
 */
#include <string.h>

#include "bytes_internal.h"
#include "common_internal.h"
#include "pintas/line.h"
#include "line_internal.h"

#define SAVE_TAG "PLN"
#define SAVE_VERSION 1u
#define USED_BYTES 183u

int pintas_line_save(const pintas_line_state *s, uint8_t *buf, size_t cap)
{
    pintas__writer w;
    unsigned i;
    int status = pintas__buffer_args(s && buf, cap, PINTAS_LINE_SAVE_SIZE);
    if (status != PINTAS_OK)
        return status;
    pintas__image_start(&w, buf, PINTAS_LINE_SAVE_SIZE, SAVE_TAG, SAVE_VERSION);
    pintas__put_u8(&w, s->rules.game);
    pintas__put_u8(&w, s->rules.players);
    pintas__put_u8(&w, s->rules.pairs);
    pintas__put_u8(&w, s->rules.redeal_doubles);
    pintas__put_u8(&w, s->rules.block_scoring);
    pintas__put_u8(&w, s->rules.tranque);
    pintas__put_u8(&w, s->rules.capicua);
    pintas__put_u8(&w, s->rules.max_rounds);
    pintas__put_u16(&w, s->rules.target);
    pintas__put_u16(&w, s->rules.pass_points);
    pintas__put_u16(&w, s->rules.capicua_bonus);
    pintas__put_u16(&w, s->rules.pase_corrido_bonus);
    pintas__put_u16(&w, s->rules.pase_de_salida_bonus);
    pintas__put_u64(&w, s->rng.state);
    pintas__put_u64(&w, s->rng.inc);
    for (i = 0; i < PINTAS_LINE_MAX_SEATS; ++i)
        pintas__put_u64(&w, s->hand[i]);
    pintas__put_u64(&w, s->aside);
    for (i = 0; i < PINTAS_LINE_MAX_SEATS; ++i)
        pintas__put_u32(&w, (uint32_t)s->score[i]);
    pintas__put_u8(&w, s->bone_len);
    pintas__put_u8(&w, s->bone_pos);
    pintas__put_bytes(&w, s->boneyard, PINTAS_TILE_COUNT);
    pintas__put_u8(&w, s->line_len);
    pintas__put_bytes(&w, s->line, PINTAS_TILE_COUNT);
    pintas__put_u8(&w, s->ends[0]);
    pintas__put_u8(&w, s->ends[1]);
    pintas__put_u8(&w, s->end_double[0]);
    pintas__put_u8(&w, s->end_double[1]);
    pintas__put_u8(&w, s->phase);
    pintas__put_u8(&w, s->to_move);
    pintas__put_u8(&w, s->leader);
    pintas__put_u8(&w, s->forced_tile);
    pintas__put_u8(&w, s->last_placer);
    pintas__put_u8(&w, s->passes);
    pintas__put_u8(&w, s->winner);
    pintas__put_u8(&w, s->end_reason);
    pintas__put_u16(&w, s->round);
    pintas__put_u8(&w, s->chance);
    pintas__put_u8(&w, s->pending);
    pintas__put_u8(&w, s->dealt);
    pintas__put_u8(&w, s->redeals);
    pintas__put_u8(&w, s->deal_first);
    pintas__put_u8(&w, s->deal_leader);
    pintas__put_u8(&w, s->drawer);
    pintas__put_u8(&w, s->tb_tied);
    pintas__put_u8(&w, s->tb_fewest);
    pintas__put_u8(&w, s->tb_best);
    pintas__put_u8(&w, s->tb_seat);
    pintas__put_u8(&w, s->tb_round);
    pintas__put_u32(&w, s->tb_drawn);
    return PINTAS_OK;
}

/* Decode the fields after the frame into *s; 0 if a mask has bits above the
 * 32 a mask holds or a score does not fit the sane bound (checked here,
 * before the conversions). */
static int decode(pintas__reader *r, pintas_line_state *s)
{
    unsigned i;
    int wide = 0;
    s->rules.game = pintas__get_u8(r);
    s->rules.players = pintas__get_u8(r);
    s->rules.pairs = pintas__get_u8(r);
    s->rules.redeal_doubles = pintas__get_u8(r);
    s->rules.block_scoring = pintas__get_u8(r);
    s->rules.tranque = pintas__get_u8(r);
    s->rules.capicua = pintas__get_u8(r);
    s->rules.max_rounds = pintas__get_u8(r);
    s->rules.target = pintas__get_u16(r);
    s->rules.pass_points = pintas__get_u16(r);
    s->rules.capicua_bonus = pintas__get_u16(r);
    s->rules.pase_corrido_bonus = pintas__get_u16(r);
    s->rules.pase_de_salida_bonus = pintas__get_u16(r);
    s->rng.state = pintas__get_u64(r);
    s->rng.inc = pintas__get_u64(r);
    for (i = 0; i < PINTAS_LINE_MAX_SEATS; ++i)
        s->hand[i] = pintas__get_mask(r, &wide);
    s->aside = pintas__get_mask(r, &wide);
    if (wide)
        return 0;
    for (i = 0; i < PINTAS_LINE_MAX_SEATS; ++i) {
        uint32_t v = pintas__get_u32(r);
        if (v > PINTAS__LINE_SCORE_BOUND)
            return 0;
        s->score[i] = (int32_t)v;
    }
    s->bone_len = pintas__get_u8(r);
    s->bone_pos = pintas__get_u8(r);
    pintas__get_bytes(r, s->boneyard, PINTAS_TILE_COUNT);
    s->line_len = pintas__get_u8(r);
    pintas__get_bytes(r, s->line, PINTAS_TILE_COUNT);
    s->ends[0] = pintas__get_u8(r);
    s->ends[1] = pintas__get_u8(r);
    s->end_double[0] = pintas__get_u8(r);
    s->end_double[1] = pintas__get_u8(r);
    s->phase = pintas__get_u8(r);
    s->to_move = pintas__get_u8(r);
    s->leader = pintas__get_u8(r);
    s->forced_tile = pintas__get_u8(r);
    s->last_placer = pintas__get_u8(r);
    s->passes = pintas__get_u8(r);
    s->winner = pintas__get_u8(r);
    s->end_reason = pintas__get_u8(r);
    s->round = pintas__get_u16(r);
    s->chance = pintas__get_u8(r);
    s->pending = pintas__get_u8(r);
    s->dealt = pintas__get_u8(r);
    s->redeals = pintas__get_u8(r);
    s->deal_first = pintas__get_u8(r);
    s->deal_leader = pintas__get_u8(r);
    s->drawer = pintas__get_u8(r);
    s->tb_tied = pintas__get_u8(r);
    s->tb_fewest = pintas__get_u8(r);
    s->tb_best = pintas__get_u8(r);
    s->tb_seat = pintas__get_u8(r);
    s->tb_round = pintas__get_u8(r);
    s->tb_drawn = pintas__get_u32(r);
    return 1;
}

/* Hands: absent seats empty, every hand inside the set, no hand larger than
 * 7 plus the tiles drawn so far. */
static int hands_ok(const pintas_line_state *s)
{
    unsigned seat;
    for (seat = 0; seat < PINTAS_LINE_MAX_SEATS; ++seat) {
        pintas_mask h = s->hand[seat];
        if (seat >= s->rules.players ? h != 0 : (h & ~PINTAS_ALL_TILES) != 0)
            return 0;
        if (pintas_popcount(h) > PINTAS_LINE_HAND_SIZE + (unsigned)s->bone_pos)
            return 0;
    }
    return (s->aside & ~PINTAS_ALL_TILES) == 0;
}

/* Boneyard: distinct tiles, 0xFF after bone_len, the size the deal gives
 * (28 - 7 per seat where the rules draw, else empty with that many aside). */
static int boneyard_ok(const pintas_line_state *s, pintas_mask *remaining)
{
    unsigned rest = PINTAS_TILE_COUNT - PINTAS_LINE_HAND_SIZE * (unsigned)s->rules.players;
    pintas_mask listed;
    if (s->bone_len > PINTAS_TILE_COUNT || s->bone_pos > s->bone_len)
        return 0;
    if (pintas__line_draws(&s->rules)) {
        if (s->bone_len != rest || s->aside != 0)
            return 0;
    } else if (s->bone_len != 0 || pintas_popcount(s->aside) != rest) {
        return 0;
    }
    if (!pintas__tile_list_ok(s->boneyard, s->bone_len, PINTAS_TILE_COUNT, &listed))
        return 0;
    *remaining = pintas__tiles_mask(s->boneyard + s->bone_pos, s->bone_len - s->bone_pos);
    return 1;
}

/* Line: replay the placements (the opening at LEFT, high end left; each
 * later tile matching the end it names; RIGHT on equal ends only in Muggins)
 * and compare the stored ends; 0xFF after line_len. */
static int line_ok(const pintas_line_state *s, pintas_mask *placed)
{
    uint8_t ends[2] = {0, 0}, dbl[2] = {0, 0};
    unsigned i;
    *placed = 0;
    if (s->line_len > PINTAS_TILE_COUNT)
        return 0;
    for (i = 0; i < PINTAS_TILE_COUNT; ++i) {
        unsigned e = s->line[i], t = e & ~PINTAS__LINE_AT_RIGHT, end = e >> 7, hi, lo;
        if (i >= s->line_len) {
            if (e != PINTAS_NO_TILE)
                return 0;
            continue;
        }
        if (t >= PINTAS_TILE_COUNT || (*placed & PINTAS_BIT(t)))
            return 0;
        *placed |= PINTAS_BIT(t);
        hi = pintas_tile_high((uint8_t)t);
        lo = pintas_tile_low((uint8_t)t);
        if (i == 0) {
            if (end != PINTAS_END_LEFT)
                return 0;
            ends[0] = (uint8_t)hi;
            ends[1] = (uint8_t)lo;
            dbl[0] = dbl[1] = (uint8_t)(hi == lo);
            continue;
        }
        if (ends[end] != hi && ends[end] != lo)
            return 0;
        ends[end] = (uint8_t)(ends[end] == hi ? lo : hi);
        dbl[end] = (uint8_t)(hi == lo);
    }
    return s->ends[0] == ends[0] && s->ends[1] == ends[1] && s->end_double[0] == dbl[0] &&
           s->end_double[1] == dbl[1];
}

/* The round's turn bookkeeping: seats in range, the leader to move before
 * the opening, to_move = the seat after the last placer and its passers, and
 * every passer really unable to play. */
static int turn_ok(const pintas_line_state *s)
{
    const pintas_line_rules *r = &s->rules;
    unsigned p = r->players, i, seat;
    if (s->leader >= p || s->passes >= p)
        return 0;
    if (s->phase == PINTAS_LINE_OVER ? s->to_move != PINTAS_NO_SEAT : s->to_move >= p)
        return 0;
    if (s->line_len == 0) {
        if (s->last_placer != PINTAS_NO_SEAT || s->passes != 0 || s->bone_pos != 0)
            return 0;
        return s->phase == PINTAS_LINE_OVER || s->to_move == s->leader;
    }
    if (s->last_placer >= p)
        return 0;
    if (s->line_len == 1 && s->last_placer != s->leader)
        return 0;
    if (s->passes > 0 && s->bone_pos < s->bone_len)
        return 0;
    seat = s->last_placer;
    for (i = 0; i < s->passes; ++i) {
        seat = pintas__line_next_seat(r, seat);
        if (pintas__line_playable(s, seat))
            return 0;
    }
    return s->phase == PINTAS_LINE_OVER || s->to_move == pintas__line_next_seat(r, seat);
}

/* Round 1's forced opening: present exactly before round 1's first tile,
 * and then it is the tile (and holder) the lead rule picks. */
static int forced_tile_ok(const pintas_line_state *s)
{
    uint8_t leader, tile;
    int must = s->round == 1 && s->line_len == 0 && s->phase == PINTAS_LINE_PLAYING;
    if (!must)
        return s->forced_tile == PINTAS_NO_TILE;
    pintas__line_first_lead(s, &leader, &tile);
    return tile != PINTAS_NO_TILE && s->forced_tile == tile && s->leader == leader;
}

/* A game ended by the round limit: at round max_rounds, no side at the
 * target (the target is checked first), winner the one side with the highest
 * score or NO_SEAT for a tie. */
static int limit_result_ok(const pintas_line_state *s)
{
    const pintas_line_rules *r = &s->rules;
    unsigned n = pintas__line_sides(r), i, top;
    if (r->max_rounds == 0 || s->round != r->max_rounds || s->line_len == 0)
        return 0;
    for (i = 0; i < n; ++i)
        if (s->score[i] >= (int32_t)r->target)
            return 0;
    /* the sides with the highest score, as the engine finds them: all of them
     * when every score is 0 */
    top = pintas__top_scores(s->score, n);
    if (top & (top - 1))
        return s->winner == PINTAS_NO_SEAT;
    return s->winner < n && top == 1u << s->winner;
}

/* Scores and the game's result: absent sides on 0; while playing, no
 * Muggins/Capicua side at the target (those games end on reaching it) and no
 * round past the limit; once over, the winner at the target with the highest
 * score and a reason that matches how it can have won, or the round limit's
 * result. */
static int result_ok(const pintas_line_state *s)
{
    const pintas_line_rules *r = &s->rules;
    unsigned n = pintas__line_sides(r), i, equal = 0, others_zero = 1;
    int32_t target = (int32_t)r->target;
    if (s->phase == PINTAS_LINE_PLAYING)
        return s->winner == PINTAS_NO_SEAT && s->end_reason == PINTAS_WHY_NONE &&
               (r->max_rounds == 0 || s->round <= r->max_rounds) &&
               pintas__line_scores_in_play_ok(r, s->score);
    for (i = n; i < PINTAS_LINE_MAX_SEATS; ++i)
        if (s->score[i] != 0)
            return 0;
    if (s->end_reason == PINTAS_WHY_MAX_ROUNDS)
        return limit_result_ok(s);
    if (s->winner >= n || s->score[s->winner] < target || s->line_len == 0)
        return 0;
    for (i = 0; i < n; ++i) {
        if (i == s->winner)
            continue;
        if (s->score[i] > s->score[s->winner])
            return 0;
        equal += s->score[i] == s->score[s->winner];
        others_zero &= s->score[i] == 0;
    }
    switch (s->end_reason) {
    case PINTAS_WHY_NORMAL:
        if (r->game == PINTAS_LINE_CAPICUA)
            return !others_zero;
        return r->game == PINTAS_LINE_DOMINICAN || equal == 0;
    case PINTAS_WHY_ZAPATERO:
        return r->game == PINTAS_LINE_CAPICUA && others_zero;
    case PINTAS_WHY_TIEBREAK:
        return r->game == PINTAS_LINE_MUGGINS && equal > 0;
    default:
        return 0;
    }
}

/* A game still playing is neither won nor blocked: every seat holds a tile
 * and someone can place or draw. */
static int round_alive(const pintas_line_state *s)
{
    unsigned seat;
    if (s->phase != PINTAS_LINE_PLAYING)
        return 1;
    for (seat = 0; seat < s->rules.players; ++seat)
        if (s->hand[seat] == 0)
            return 0;
    return !pintas__line_blocked(s);
}

static int played_state_ok(const pintas_line_state *s);

/* External chance: the fields of a pending event all 0 (none pending, or
 * with the PRNG, whose states have chance 0). */
static int no_chance_fields(const pintas_line_state *s)
{
    return s->pending == 0 && s->dealt == 0 && s->redeals == 0 && s->deal_first == 0 &&
           s->deal_leader == 0 && s->drawer == 0 && s->tb_tied == 0 && s->tb_fewest == 0 &&
           s->tb_best == 0 && s->tb_seat == 0 && s->tb_round == 0 && s->tb_drawn == 0;
}

/* A deal by chance under way: the hands filled in order up to `dealt`, the
 * rest of the round empty, the game in play. */
static int chance_deal_ok(const pintas_line_state *s)
{
    const pintas_line_rules *r = &s->rules;
    pintas_mask seen = 0;
    unsigned seat, i, full = s->dealt / PINTAS_LINE_HAND_SIZE;
    if (s->dealt >= PINTAS_LINE_HAND_SIZE * r->players || s->redeals > PINTAS_LINE_MAX_REDEALS ||
        s->deal_first != (s->round == 1) || s->deal_leader >= r->players ||
        (s->deal_first && s->deal_leader != 0) || s->drawer != 0)
        return 0;
    if (s->tb_tied | s->tb_fewest | s->tb_best | s->tb_seat | s->tb_round || s->tb_drawn)
        return 0;
    for (seat = 0; seat < PINTAS_LINE_MAX_SEATS; ++seat) {
        unsigned want = seat < full ? PINTAS_LINE_HAND_SIZE
                        : seat == full ? s->dealt % PINTAS_LINE_HAND_SIZE : 0u;
        if ((s->hand[seat] & ~PINTAS_ALL_TILES) || (s->hand[seat] & seen) ||
            pintas_popcount(s->hand[seat]) != want)
            return 0;
        seen |= s->hand[seat];
    }
    for (i = 0; i < PINTAS_TILE_COUNT; ++i)
        if (s->boneyard[i] != PINTAS_NO_TILE || s->line[i] != PINTAS_NO_TILE)
            return 0;
    return s->aside == 0 && s->bone_len == 0 && s->bone_pos == 0 && s->line_len == 0 &&
           (s->ends[0] | s->ends[1] | s->end_double[0] | s->end_double[1]) == 0 &&
           s->forced_tile == PINTAS_NO_TILE && s->last_placer == PINTAS_NO_SEAT &&
           s->passes == 0 && s->winner == PINTAS_NO_SEAT && s->end_reason == PINTAS_WHY_NONE &&
           s->leader < r->players && (r->max_rounds == 0 || s->round <= r->max_rounds) &&
           pintas__line_scores_in_play_ok(r, s->score);
}

/* A draw under way: the state of the drawer to move, who cannot place and
 * may draw. */
static int chance_draw_ok(const pintas_line_state *s)
{
    pintas_line_state t = *s;
    if (s->drawer >= s->rules.players || s->dealt | s->redeals | s->deal_first |
        s->deal_leader | s->tb_tied | s->tb_fewest | s->tb_best | s->tb_seat | s->tb_round ||
        s->tb_drawn)
        return 0;
    t.to_move = s->drawer;
    t.pending = 0;
    t.drawer = 0;
    return played_state_ok(&t) && t.line_len > 0 && pintas__line_can_draw(&t) &&
           !pintas__line_playable(&t, t.to_move);
}

/* A Muggins tie-break under way: the seats tied on the highest score, at
 * the target, drawing in seat order; the round over, its tiles in place. */
static int chance_tiebreak_ok(const pintas_line_state *s)
{
    const pintas_line_rules *r = &s->rules;
    pintas_mask remaining, placed;
    unsigned tied = s->tb_tied, before, drew, seat;
    if (r->game != PINTAS_LINE_MUGGINS || (tied & (tied - 1u)) == 0 ||
        tied >= (1u << r->players) || s->tb_seat >= r->players || !(tied >> s->tb_seat & 1u) ||
        s->tb_round < 1 || s->tb_round > PINTAS_LINE_MAX_TIEBREAK_ROUNDS)
        return 0;
    if (s->dealt | s->redeals | s->deal_first | s->deal_leader | s->drawer)
        return 0;
    if (pintas__top_scores(s->score, r->players) != tied ||
        s->score[s->tb_seat] < (int32_t)r->target)
        return 0;
    for (seat = r->players; seat < PINTAS_LINE_MAX_SEATS; ++seat)
        if (s->score[seat] != 0)
            return 0;
    before = tied & ((1u << s->tb_seat) - 1u);
    drew = pintas_popcount(s->tb_drawn);
    if ((s->tb_drawn & ~PINTAS_ALL_TILES) || drew != pintas_popcount(before) ||
        (s->tb_fewest & ~before) != 0 || (before != 0) != (s->tb_fewest != 0) ||
        (before == 0 ? s->tb_best != 99 : s->tb_best > 2 * PINTAS_MAX_PIP))
        return 0;
    return s->line_len > 0 && hands_ok(s) && boneyard_ok(s, &remaining) &&
           line_ok(s, &placed) && pintas__line_tiles_conserved(s, remaining, placed) &&
           s->leader < r->players && s->last_placer < r->players &&
           s->winner == PINTAS_NO_SEAT && s->end_reason == PINTAS_WHY_NONE &&
           s->forced_tile == PINTAS_NO_TILE;
}

static int state_is_consistent(const pintas_line_state *s)
{
    if (s->chance > 1 || (!s->chance && !no_chance_fields(s)))
        return 0;
    if (!s->chance || s->pending == PINTAS_LINE_CHANCE_NONE)
        return no_chance_fields(s) && played_state_ok(s);
    if (pintas_line_rules_check(&s->rules) != PINTAS_OK || !pintas_rng_is_valid(&s->rng) ||
        s->phase != PINTAS_LINE_PLAYING || s->round < 1 || s->to_move != PINTAS_CHANCE_SEAT)
        return 0;
    switch (s->pending) {
    case PINTAS_LINE_CHANCE_DEAL:
        return chance_deal_ok(s);
    case PINTAS_LINE_CHANCE_DRAW:
        return chance_draw_ok(s);
    case PINTAS_LINE_CHANCE_TIEBREAK:
        return chance_tiebreak_ok(s);
    default:
        return 0;
    }
}

/* A state with no chance event pending. */
static int played_state_ok(const pintas_line_state *s)
{
    pintas_mask remaining, placed;
    if (pintas_line_rules_check(&s->rules) != PINTAS_OK || !pintas_rng_is_valid(&s->rng))
        return 0;
    if (s->phase > PINTAS_LINE_OVER || s->round < 1)
        return 0;
    if (!hands_ok(s) || !boneyard_ok(s, &remaining) || !line_ok(s, &placed) ||
        !pintas__line_tiles_conserved(s, remaining, placed))
        return 0;
    if (!turn_ok(s) || !forced_tile_ok(s) || !result_ok(s) || !round_alive(s))
        return 0;
    return pintas__line_usable(s);
}

int pintas_line_load(pintas_line_state *s, const uint8_t *buf, size_t len)
{
    pintas_line_state t;
    pintas__reader r;
    int status;
    if (!s || !buf)
        return PINTAS_E_ARG;
    status = pintas__image_open(&r, buf, len, SAVE_TAG, SAVE_VERSION, PINTAS_LINE_SAVE_SIZE,
                                USED_BYTES);
    if (status != PINTAS_OK)
        return status;
    memset(&t, 0, sizeof t);
    if (!decode(&r, &t) || !state_is_consistent(&t))
        return PINTAS_E_CORRUPT;
    memcpy(s, &t, sizeof t);
    return PINTAS_OK;
}
