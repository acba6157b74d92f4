/* dice_game.c - a whole Dice of Doom / Farkle game (RULES.md section 3).
 *
 * Parameters: a pintas_dice_rules (combination values, target, combine_kept,
 * doom and doom_loses, hot_dice, final_round), 1..8 players, the first player
 * (RULES: "the youngest"; the host says which, default 0) and a seed.
 *
 * A turn: roll the dice not kept (six at the start and after hot dice). After
 * each roll, in this order: doom (two or more 6s, when on) ends the turn and
 * loses the turn total (doom_loses = score: the banked score becomes 0 too);
 * a roll-out (no legal keep) ends the turn and loses the turn total; else the
 * player must keep a legal non-empty set, then may bank or roll the rest.
 * Once all six dice are kept (hot dice) the pool closes into the turn total
 * and six dice are rolled again: under HOT_MUST the player must roll before
 * banking, under HOT_MAY he may bank. A bank adds the turn total to the score.
 *
 * End: without final_round the first player whose bank reaches the target wins
 * at once. With final_round, a bank reaching the target gives every other
 * player one last turn (in seat order after him), then the highest score wins;
 * a tie goes to the tied player who reached his score first in that order: the
 * player who reached the target, then the others in the order they played.
 * With one player the final round is empty and reaching the target wins.
 *
 * Randomness: ROLL draws die i as 1 + pintas_rng_below(rng, 6) for i = 0..n-1,
 * n = dice to roll, and nothing else draws.
 */
#include "pintas/dice.h"
#include "dice_internal.h"

#define SAVE_MAGIC0 'P'
#define SAVE_MAGIC1 'D'
#define SAVE_MAGIC2 'I'
#define SAVE_MAGIC3 'C'
#define SAVE_VERSION 1
/* Byte offsets of the save layout (see pintas_dice_save). */
#define O_RULES 8   /* 30 int32: single[1..6], kind[1..6][3..6], straights, pairs, triplets, target */
#define O_FLAGS 152 /* add_singles .. reserved[1], 8 bytes */
#define O_RNG 160   /* state, inc: 2 x u64 */
#define O_SEATS 176 /* players .. last_roll_len (8), last_roll[6], reserved[2] */
#define O_POOL 192  /* pool u32, pool_score, closed; 204..207 zero */
#define O_SCORE 208 /* score[8] */

/* Upper bound of any banked score: a score below the target plus one turn. */
#define MAX_SCORE                                                                       \
    ((int32_t)PINTAS_DICE_MAX_TARGET + (int32_t)PINTAS_DICE_MAX_CLOSED +                \
     (int32_t)(6 * 7) * (int32_t)PINTAS_DICE_MAX_VALUE)

static int sane(const pintas_dice_state *s);

static int32_t total_of(const pintas_dice_state *s)
{
    return s->closed + s->pool_score;
}

static int size_of(pintas_dice_set s)
{
    return pintas_dice_set_size(s);
}

int32_t pintas_dice_turn_total(const pintas_dice_state *s)
{
    return s == NULL || !sane(s) ? 0 : total_of(s);
}

int pintas_dice_dice_to_roll(const pintas_dice_state *s)
{
    if (s == NULL || !pintas_dice_set_is_valid(s->pool))
        return PINTAS_E_ARG;
    if (s->phase == PINTAS_DICE_OVER)
        return 0;
    return PINTAS_DICE_COUNT - size_of(s->pool);
}

static void clear_turn(pintas_dice_state *s)
{
    s->closed = 0;
    s->pool_score = 0;
    s->pool = 0;
}

int pintas_dice_new(pintas_dice_state *s, const pintas_dice_rules *rules, int players,
                    int first_player, uint64_t seed)
{
    pintas_dice_state t;
    int i, st;
    if (s == NULL || rules == NULL)
        return PINTAS_E_ARG;
    st = pintas_dice_rules_check(rules);
    if (st != PINTAS_OK)
        return st;
    if (players < 1 || players > PINTAS_DICE_MAX_PLAYERS || first_player < 0 ||
        first_player >= players)
        return PINTAS_E_ARG;
    t.rules = *rules;
    pintas_rng_seed(&t.rng, seed, PINTAS_RNG_STREAM);
    for (i = 0; i < PINTAS_DICE_MAX_PLAYERS; ++i)
        t.score[i] = 0;
    clear_turn(&t);
    t.players = (uint8_t)players;
    t.first_player = (uint8_t)first_player;
    t.to_move = (uint8_t)first_player;
    t.phase = PINTAS_DICE_MUST_ROLL;
    t.winner = PINTAS_DICE_NO_PLAYER;
    t.final_trigger = PINTAS_DICE_NO_PLAYER;
    t.final_left = 0;
    t.last_roll_len = 0;
    for (i = 0; i < PINTAS_DICE_COUNT; ++i)
        t.last_roll[i] = 0;
    t.reserved[0] = t.reserved[1] = 0;
    *s = t;
    return PINTAS_OK;
}

int pintas_dice_reseed(pintas_dice_state *s, uint64_t seed)
{
    if (s == NULL)
        return PINTAS_E_ARG;
    pintas_rng_seed(&s->rng, seed, PINTAS_RNG_STREAM);
    return PINTAS_OK;
}

/* The fields every function indexes with are in range (a state made by
 * pintas_dice_new / pintas_dice_load always is; this guards hand-made ones). */
static int sane(const pintas_dice_state *s)
{
    int p;
    for (p = 0; p < PINTAS_DICE_MAX_PLAYERS; ++p)
        if (s->score[p] < 0 || s->score[p] > MAX_SCORE)
            return 0;
    return s->closed >= 0 && s->closed <= PINTAS_DICE_MAX_CLOSED && s->pool_score >= 0 &&
           s->pool_score <= 6 * 7 * PINTAS_DICE_MAX_VALUE && s->players >= 1 && s->players <= PINTAS_DICE_MAX_PLAYERS &&
           s->to_move < s->players && s->phase <= PINTAS_DICE_OVER &&
           s->last_roll_len <= PINTAS_DICE_COUNT && pintas_dice_set_is_valid(s->pool) &&
           size_of(s->pool) < PINTAS_DICE_COUNT &&
           (s->final_trigger == PINTAS_DICE_NO_PLAYER || s->final_trigger < s->players) &&
           (s->phase != PINTAS_DICE_OVER || s->winner < s->players) &&
           pintas_dice_rules_check(&s->rules) == PINTAS_OK;
}

static pintas_dice_set last_roll_set(const pintas_dice_state *s)
{
    pintas_dice_set r = 0;
    if (pintas_dice_set_from_values(s->last_roll, s->last_roll_len, &r) != PINTAS_OK)
        return 0;
    return r;
}

int pintas_dice_legal(const pintas_dice_state *s, pintas_dice_moves *out)
{
    pintas_dice_moves m;
    size_t i, n = 0;
    if (s == NULL || out == NULL || !sane(s))
        return PINTAS_E_ARG;
    m.can_roll = m.can_bank = 0;
    m.dice_to_roll = (uint8_t)pintas_dice_dice_to_roll(s);
    m.n_keeps = 0;
    for (i = 0; i < PINTAS_DICE_MAX_KEEPS; ++i) {
        m.keeps[i].keep = 0;
        m.keeps[i].points = 0;
    }
    switch (s->phase) {
    case PINTAS_DICE_MUST_ROLL:
        m.can_roll = 1;
        break;
    case PINTAS_DICE_BANK_OR_ROLL:
        m.can_roll = 1;
        m.can_bank = 1;
        break;
    case PINTAS_DICE_MUST_KEEP:
        if (pintas_dice_keeps_rules(&s->rules, last_roll_set(s), s->pool, m.keeps,
                                    PINTAS_DICE_MAX_KEEPS, &n) != PINTAS_OK)
            n = 0;
        m.n_keeps = (uint8_t)n;
        break;
    default:
        m.dice_to_roll = 0;
        break;
    }
    *out = m;
    return PINTAS_OK;
}

/* Score of the pool after keeping k (the keep is legal): the new pool_score. */
static int32_t keep_pool_score(const pintas_dice_state *s, pintas_dice_set k)
{
    if (s->rules.combine_kept)
        return pintas_dice_score_rules(&s->rules, s->pool + k);
    return s->pool_score + pintas_dice_score_rules(&s->rules, k);
}

int pintas_dice_check(const pintas_dice_state *s, const pintas_dice_move *m)
{
    int i, to_roll;
    if (s == NULL || m == NULL || !sane(s))
        return PINTAS_E_ARG;
    if (s->phase == PINTAS_DICE_OVER)
        return PINTAS_E_OVER;
    to_roll = PINTAS_DICE_COUNT - size_of(s->pool);
    switch (m->kind) {
    case PINTAS_DICE_ROLL:
        return s->phase == PINTAS_DICE_MUST_ROLL || s->phase == PINTAS_DICE_BANK_OR_ROLL
                   ? PINTAS_OK
                   : PINTAS_E_ILLEGAL;
    case PINTAS_DICE_ROLL_GIVEN:
        if (s->phase != PINTAS_DICE_MUST_ROLL && s->phase != PINTAS_DICE_BANK_OR_ROLL)
            return PINTAS_E_ILLEGAL;
        if (m->n != to_roll)
            return PINTAS_E_ILLEGAL;
        for (i = 0; i < to_roll; ++i)
            if (m->values[i] < 1 || m->values[i] > PINTAS_DICE_FACES)
                return PINTAS_E_ILLEGAL;
        return PINTAS_OK;
    case PINTAS_DICE_KEEP: {
        pintas_dice_set k = m->keep;
        int32_t sc;
        if (s->phase != PINTAS_DICE_MUST_KEEP)
            return PINTAS_E_ILLEGAL;
        if (k == 0 || !pintas_dice_set_is_valid(k) || !pintas_dice_set_contains(last_roll_set(s), k))
            return PINTAS_E_ILLEGAL;
        sc = pintas_dice_score_rules(&s->rules, s->rules.combine_kept ? s->pool + k : k);
        return sc > 0 ? PINTAS_OK : PINTAS_E_ILLEGAL;
    }
    case PINTAS_DICE_BANK:
        return s->phase == PINTAS_DICE_BANK_OR_ROLL ? PINTAS_OK : PINTAS_E_ILLEGAL;
    default:
        return PINTAS_E_ILLEGAL;
    }
}

/* ---- applying moves (on a private copy; cannot fail) ---------------------- */

typedef struct emitter {
    pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
    size_t n;
} emitter;

static pintas_dice_event *emit(emitter *e, int kind, int player, int32_t points, int32_t total)
{
    pintas_dice_event *v = &e->ev[e->n++];
    int i;
    v->kind = (uint8_t)kind;
    v->player = (uint8_t)player;
    v->n = 0;
    for (i = 0; i < PINTAS_DICE_COUNT; ++i)
        v->dice[i] = 0;
    v->reserved[0] = v->reserved[1] = v->reserved[2] = 0;
    v->points = points;
    v->total = total;
    return v;
}

/* The winner after a final round: the highest score, ties to the first in
 * the order trigger, trigger+1, ... */
static int final_winner(const pintas_dice_state *s)
{
    int i, best = s->final_trigger;
    for (i = 1; i < s->players; ++i) {
        int p = (s->final_trigger + i) % s->players;
        if (s->score[p] > s->score[best])
            best = p;
    }
    return best;
}

static void game_over(pintas_dice_state *s, int winner, emitter *e)
{
    s->phase = PINTAS_DICE_OVER;
    s->winner = (uint8_t)winner;
    emit(e, PINTAS_DICE_EV_GAME_END, winner, 0, s->score[winner]);
}

/* The player to move ends his turn having banked `banked` points. */
static void finish_turn(pintas_dice_state *s, int32_t banked, emitter *e)
{
    int p = s->to_move;
    emit(e, PINTAS_DICE_EV_TURN_END, p, banked, s->score[p]);
    clear_turn(s);
    if (s->final_trigger != PINTAS_DICE_NO_PLAYER && p != s->final_trigger) {
        s->final_left--;
        if (s->final_left == 0) {
            game_over(s, final_winner(s), e);
            return;
        }
    }
    s->to_move = (uint8_t)((p + 1) % s->players);
    s->phase = PINTAS_DICE_MUST_ROLL;
}

static void apply_roll(pintas_dice_state *s, const uint8_t *values, int n, emitter *e)
{
    pintas_dice_event *v;
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    pintas_dice_set r = 0;
    size_t nk = 0;
    int i, p = s->to_move;
    int32_t lost = total_of(s);
    v = emit(e, PINTAS_DICE_EV_ROLLED, p, 0, lost);
    v->n = (uint8_t)n;
    for (i = 0; i < PINTAS_DICE_COUNT; ++i) {
        s->last_roll[i] = (uint8_t)(i < n ? values[i] : 0);
        v->dice[i] = s->last_roll[i];
    }
    s->last_roll_len = (uint8_t)n;
    pintas_dice_set_from_values(values, (size_t)n, &r);
    if (pintas_dice_is_doom(&s->rules, r)) {
        if (s->rules.doom_loses == PINTAS_DICE_DOOM_SCORE)
            s->score[p] = 0;
        emit(e, PINTAS_DICE_EV_DOOM, p, lost, s->score[p]);
        finish_turn(s, 0, e);
        return;
    }
    pintas_dice_keeps_rules(&s->rules, r, s->pool, ks, PINTAS_DICE_MAX_KEEPS, &nk);
    if (nk == 0) {
        emit(e, PINTAS_DICE_EV_ROLL_OUT, p, lost, s->score[p]);
        finish_turn(s, 0, e);
        return;
    }
    s->phase = PINTAS_DICE_MUST_KEEP;
}

static void apply_keep(pintas_dice_state *s, pintas_dice_set k, emitter *e)
{
    pintas_dice_event *v;
    size_t n = 0;
    int32_t before = total_of(s), after;
    s->pool_score = keep_pool_score(s, k);
    s->pool += k;
    after = total_of(s);
    v = emit(e, PINTAS_DICE_EV_KEPT, s->to_move, after - before, after);
    pintas_dice_set_values(k, v->dice, PINTAS_DICE_COUNT, &n);
    v->n = (uint8_t)n;
    if (size_of(s->pool) == PINTAS_DICE_COUNT) {
        int32_t pool_pts = s->pool_score;
        s->closed = s->closed > PINTAS_DICE_MAX_CLOSED - pool_pts ? PINTAS_DICE_MAX_CLOSED
                                                                  : s->closed + pool_pts;
        s->pool = 0;
        s->pool_score = 0;
        emit(e, PINTAS_DICE_EV_HOT_DICE, s->to_move, pool_pts, total_of(s));
        s->phase = s->rules.hot_dice == PINTAS_DICE_HOT_MUST ? PINTAS_DICE_MUST_ROLL
                                                             : PINTAS_DICE_BANK_OR_ROLL;
    } else {
        s->phase = PINTAS_DICE_BANK_OR_ROLL;
    }
}

static void apply_bank(pintas_dice_state *s, emitter *e)
{
    int p = s->to_move;
    int32_t pts = total_of(s);
    s->score[p] += pts;
    emit(e, PINTAS_DICE_EV_BANKED, p, pts, s->score[p]);
    if (s->final_trigger == PINTAS_DICE_NO_PLAYER && s->score[p] >= s->rules.target) {
        if (s->rules.final_round && s->players > 1) {
            pintas_dice_event *v;
            s->final_trigger = (uint8_t)p;
            s->final_left = (uint8_t)(s->players - 1);
            v = emit(e, PINTAS_DICE_EV_FINAL_ROUND, p, 0, s->score[p]);
            v->n = s->final_left;
        } else {
            emit(e, PINTAS_DICE_EV_TURN_END, p, pts, s->score[p]);
            clear_turn(s);
            game_over(s, p, e);
            return;
        }
    }
    finish_turn(s, pts, e);
}

int pintas_dice_play(pintas_dice_state *s, const pintas_dice_move *m, pintas_dice_event *ev,
                     size_t ev_cap, size_t *n_ev)
{
    pintas_dice_state t;
    emitter e;
    size_t i;
    int st;
    if (s == NULL || m == NULL || ev == NULL || n_ev == NULL)
        return PINTAS_E_ARG;
    if (ev_cap < PINTAS_DICE_MAX_EVENTS)
        return PINTAS_E_BUFFER;
    st = pintas_dice_check(s, m);
    if (st != PINTAS_OK)
        return st;
    t = *s;
    e.n = 0;
    switch (m->kind) {
    case PINTAS_DICE_ROLL: {
        uint8_t v[PINTAS_DICE_COUNT];
        int k, n = PINTAS_DICE_COUNT - size_of(t.pool);
        for (k = 0; k < n; ++k)
            v[k] = (uint8_t)(1u + pintas_rng_below(&t.rng, PINTAS_DICE_FACES));
        apply_roll(&t, v, n, &e);
        break;
    }
    case PINTAS_DICE_ROLL_GIVEN:
        apply_roll(&t, m->values, m->n, &e);
        break;
    case PINTAS_DICE_KEEP:
        apply_keep(&t, m->keep, &e);
        break;
    default:
        apply_bank(&t, &e);
        break;
    }
    *s = t;
    for (i = 0; i < e.n; ++i)
        ev[i] = e.ev[i];
    *n_ev = e.n;
    return PINTAS_OK;
}

/* ---- saving ------------------------------------------------------------------ */

static void put32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
    b[3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *b)
{
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
           ((uint32_t)b[3] << 24);
}

static void put64(uint8_t *b, uint64_t v)
{
    put32(b, (uint32_t)v);
    put32(b + 4, (uint32_t)(v >> 32));
}

static uint64_t get64(const uint8_t *b)
{
    return (uint64_t)get32(b) | ((uint64_t)get32(b + 4) << 32);
}

/* Two's complement int32 from its bits, without implementation-defined casts. */
static int32_t to_i32(uint32_t u)
{
    if (u <= 0x7FFFFFFFu)
        return (int32_t)u;
    return -(int32_t)(0xFFFFFFFFu - u) - 1;
}

/* Layout (offsets, little-endian): 0 magic "PDIC", 4 version, 5..7 zero;
 * 8 rules: single[1..6], kind[1..6][3..6], straight_low/high/six, three_pairs,
 * two_triplets, target (30 int32); 152 add_singles, combine_kept, doom,
 * doom_loses, hot_dice, final_round, 2 zero; 160 rng state, inc (2 x u64);
 * 176 players, first_player, to_move, phase, winner, final_trigger,
 * final_left, last_roll_len, last_roll[6], 2 zero; 192 pool (u32),
 * pool_score, closed (int32), 4 zero; 208 score[8] (int32). 240 bytes. */
int pintas_dice_save(const pintas_dice_state *s, uint8_t *buf, size_t cap)
{
    size_t i, o;
    int f, n;
    const pintas_dice_rules *r;
    if (s == NULL || buf == NULL)
        return PINTAS_E_ARG;
    if (cap < PINTAS_DICE_SAVE_SIZE)
        return PINTAS_E_BUFFER;
    r = &s->rules;
    for (i = 0; i < PINTAS_DICE_SAVE_SIZE; ++i)
        buf[i] = 0;
    buf[0] = SAVE_MAGIC0;
    buf[1] = SAVE_MAGIC1;
    buf[2] = SAVE_MAGIC2;
    buf[3] = SAVE_MAGIC3;
    buf[4] = SAVE_VERSION;
    o = O_RULES;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f, o += 4)
        put32(buf + o, (uint32_t)r->single[f]);
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        for (n = 3; n <= PINTAS_DICE_COUNT; ++n, o += 4)
            put32(buf + o, (uint32_t)r->kind[f][n]);
    put32(buf + o, (uint32_t)r->straight_low);
    put32(buf + o + 4, (uint32_t)r->straight_high);
    put32(buf + o + 8, (uint32_t)r->straight_six);
    put32(buf + o + 12, (uint32_t)r->three_pairs);
    put32(buf + o + 16, (uint32_t)r->two_triplets);
    put32(buf + o + 20, (uint32_t)r->target);
    o = O_FLAGS;
    buf[o] = r->add_singles;
    buf[o + 1] = r->combine_kept;
    buf[o + 2] = r->doom;
    buf[o + 3] = r->doom_loses;
    buf[o + 4] = r->hot_dice;
    buf[o + 5] = r->final_round;
    buf[o + 6] = r->reserved[0];
    buf[o + 7] = r->reserved[1];
    put64(buf + O_RNG, s->rng.state);
    put64(buf + O_RNG + 8, s->rng.inc);
    o = O_SEATS;
    buf[o] = s->players;
    buf[o + 1] = s->first_player;
    buf[o + 2] = s->to_move;
    buf[o + 3] = s->phase;
    buf[o + 4] = s->winner;
    buf[o + 5] = s->final_trigger;
    buf[o + 6] = s->final_left;
    buf[o + 7] = s->last_roll_len;
    for (i = 0; i < PINTAS_DICE_COUNT; ++i)
        buf[o + 8 + i] = s->last_roll[i];
    buf[o + 14] = s->reserved[0];
    buf[o + 15] = s->reserved[1];
    put32(buf + O_POOL, s->pool);
    put32(buf + O_POOL + 4, (uint32_t)s->pool_score);
    put32(buf + O_POOL + 8, (uint32_t)s->closed);
    for (i = 0; i < PINTAS_DICE_MAX_PLAYERS; ++i)
        put32(buf + O_SCORE + 4 * i, (uint32_t)s->score[i]);
    return PINTAS_OK;
}

static int six_ok(const pintas_dice_rules *r, pintas_dice_set k)
{
    return !r->doom || PINTAS_DICE_SET_COUNT(k, 6) < 2;
}

/* Can `pool` have been kept by legal keeps (each from one roll that was not
 * doom) with the pool scoring `pts`? Depth <= 5, so the search is tiny. */
static int reachable(const pintas_dice_rules *r, pintas_dice_set pool, int32_t pts)
{
    pintas_dice_set k = 0;
    if (pool == 0)
        return pts == 0;
    if (r->combine_kept && pintas_dice_score_rules(r, pool) != pts)
        return 0;
    while ((k = pintas__dice_next_subset(pool, k)) != 0) {
        if (!six_ok(r, k))
            continue;
        if (r->combine_kept) {
            int32_t rest = pintas_dice_score_rules(r, pool - k);
            if (rest >= 0 && reachable(r, pool - k, rest))
                return 1;
        } else {
            int32_t sc = pintas_dice_score_rules(r, k);
            if (sc > 0 && sc <= pts && reachable(r, pool - k, pts - sc))
                return 1;
        }
    }
    return 0;
}

int pintas_dice_load(pintas_dice_state *s, const uint8_t *buf, size_t len)
{
    pintas_dice_state t;
    pintas_dice_rules *r = &t.rules;
    size_t i, o;
    int f, n, psize, p;
    int32_t unit;
    if (s == NULL || (buf == NULL && len > 0))
        return PINTAS_E_ARG;
    if (len < 5 || buf[0] != SAVE_MAGIC0 || buf[1] != SAVE_MAGIC1 || buf[2] != SAVE_MAGIC2 ||
        buf[3] != SAVE_MAGIC3)
        return PINTAS_E_CORRUPT;
    if (buf[4] != SAVE_VERSION)
        return PINTAS_E_VERSION;
    if (len != PINTAS_DICE_SAVE_SIZE)
        return PINTAS_E_CORRUPT;
    for (i = 5; i < 8; ++i)
        if (buf[i] != 0)
            return PINTAS_E_CORRUPT;
    for (i = O_POOL + 12; i < O_SCORE; ++i)
        if (buf[i] != 0)
            return PINTAS_E_CORRUPT;
    /* rules */
    o = O_RULES;
    for (f = 0; f <= PINTAS_DICE_FACES; ++f) {
        r->single[f] = 0;
        for (n = 0; n <= PINTAS_DICE_COUNT; ++n)
            r->kind[f][n] = 0;
    }
    for (f = 1; f <= PINTAS_DICE_FACES; ++f, o += 4)
        r->single[f] = to_i32(get32(buf + o));
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        for (n = 3; n <= PINTAS_DICE_COUNT; ++n, o += 4)
            r->kind[f][n] = to_i32(get32(buf + o));
    r->straight_low = to_i32(get32(buf + o));
    r->straight_high = to_i32(get32(buf + o + 4));
    r->straight_six = to_i32(get32(buf + o + 8));
    r->three_pairs = to_i32(get32(buf + o + 12));
    r->two_triplets = to_i32(get32(buf + o + 16));
    r->target = to_i32(get32(buf + o + 20));
    o = O_FLAGS;
    r->add_singles = buf[o];
    r->combine_kept = buf[o + 1];
    r->doom = buf[o + 2];
    r->doom_loses = buf[o + 3];
    r->hot_dice = buf[o + 4];
    r->final_round = buf[o + 5];
    r->reserved[0] = buf[o + 6];
    r->reserved[1] = buf[o + 7];
    if (pintas_dice_rules_check(r) != PINTAS_OK)
        return PINTAS_E_CORRUPT;
    unit = pintas_dice_rules_unit(r);
    t.rng.state = get64(buf + O_RNG);
    t.rng.inc = get64(buf + O_RNG + 8);
    if (!pintas_rng_is_valid(&t.rng))
        return PINTAS_E_CORRUPT;
    o = O_SEATS;
    t.players = buf[o];
    t.first_player = buf[o + 1];
    t.to_move = buf[o + 2];
    t.phase = buf[o + 3];
    t.winner = buf[o + 4];
    t.final_trigger = buf[o + 5];
    t.final_left = buf[o + 6];
    t.last_roll_len = buf[o + 7];
    for (i = 0; i < PINTAS_DICE_COUNT; ++i)
        t.last_roll[i] = buf[o + 8 + i];
    t.reserved[0] = buf[o + 14];
    t.reserved[1] = buf[o + 15];
    t.pool = get32(buf + O_POOL);
    t.pool_score = to_i32(get32(buf + O_POOL + 4));
    t.closed = to_i32(get32(buf + O_POOL + 8));
    for (i = 0; i < PINTAS_DICE_MAX_PLAYERS; ++i)
        t.score[i] = to_i32(get32(buf + O_SCORE + 4 * i));

    /* seats and phase */
    if (t.players < 1 || t.players > PINTAS_DICE_MAX_PLAYERS || t.first_player >= t.players ||
        t.to_move >= t.players || t.phase > PINTAS_DICE_OVER || t.reserved[0] != 0 ||
        t.reserved[1] != 0)
        return PINTAS_E_CORRUPT;
    if ((t.phase == PINTAS_DICE_OVER) != (t.winner < t.players))
        return PINTAS_E_CORRUPT;
    if (t.phase != PINTAS_DICE_OVER && t.winner != PINTAS_DICE_NO_PLAYER)
        return PINTAS_E_CORRUPT;
    /* the last roll */
    if (t.last_roll_len > PINTAS_DICE_COUNT)
        return PINTAS_E_CORRUPT;
    for (i = 0; i < PINTAS_DICE_COUNT; ++i) {
        int ok = i < t.last_roll_len ? (t.last_roll[i] >= 1 && t.last_roll[i] <= PINTAS_DICE_FACES)
                                     : t.last_roll[i] == 0;
        if (!ok)
            return PINTAS_E_CORRUPT;
    }
    /* scores */
    for (p = 0; p < PINTAS_DICE_MAX_PLAYERS; ++p) {
        if (p >= t.players ? t.score[p] != 0 : (t.score[p] < 0 || t.score[p] > MAX_SCORE))
            return PINTAS_E_CORRUPT;
    }
    /* the turn: closed pools, the pool and its score */
    if (!pintas_dice_set_is_valid(t.pool))
        return PINTAS_E_CORRUPT;
    psize = size_of(t.pool);
    if (psize >= PINTAS_DICE_COUNT)
        return PINTAS_E_CORRUPT;
    if (t.closed < 0 || t.closed > PINTAS_DICE_MAX_CLOSED ||
        (t.closed % unit != 0 && t.closed != PINTAS_DICE_MAX_CLOSED))
        return PINTAS_E_CORRUPT;
    if (t.pool_score < 0 || t.pool_score > 6 * 7 * PINTAS_DICE_MAX_VALUE ||
        !reachable(r, t.pool, t.pool_score))
        return PINTAS_E_CORRUPT;
    switch (t.phase) {
    case PINTAS_DICE_MUST_ROLL:
        if (t.pool != 0 || (t.closed > 0 && r->hot_dice != PINTAS_DICE_HOT_MUST))
            return PINTAS_E_CORRUPT;
        break;
    case PINTAS_DICE_MUST_KEEP: {
        pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
        size_t nk = 0;
        if (t.last_roll_len != PINTAS_DICE_COUNT - psize)
            return PINTAS_E_CORRUPT;
        if (pintas_dice_keeps_rules(r, last_roll_set(&t), t.pool, ks, PINTAS_DICE_MAX_KEEPS,
                                    &nk) != PINTAS_OK ||
            nk == 0)
            return PINTAS_E_CORRUPT; /* a doom roll or a roll-out cannot wait for a keep */
        break;
    }
    case PINTAS_DICE_BANK_OR_ROLL:
        if (t.pool == 0 && (t.closed == 0 || r->hot_dice != PINTAS_DICE_HOT_MAY))
            return PINTAS_E_CORRUPT;
        break;
    default: /* OVER */
        if (t.pool != 0 || t.closed != 0)
            return PINTAS_E_CORRUPT;
        break;
    }
    /* the end of the game */
    if (t.final_trigger == PINTAS_DICE_NO_PLAYER) {
        if (t.final_left != 0)
            return PINTAS_E_CORRUPT;
        for (p = 0; p < t.players; ++p) {
            int reached = t.score[p] >= r->target;
            if (reached != (t.phase == PINTAS_DICE_OVER && p == t.winner))
                return PINTAS_E_CORRUPT;
        }
        if (t.phase == PINTAS_DICE_OVER && r->final_round && t.players > 1)
            return PINTAS_E_CORRUPT;
    } else {
        int trig = t.final_trigger;
        if (!r->final_round || t.players < 2 || trig >= t.players || t.score[trig] < r->target)
            return PINTAS_E_CORRUPT;
        if (t.phase == PINTAS_DICE_OVER) {
            if (t.final_left != 0 || t.winner != final_winner(&t))
                return PINTAS_E_CORRUPT;
        } else {
            int k;
            if (t.final_left < 1 || t.final_left > t.players - 1 ||
                t.to_move != (trig + t.players - t.final_left) % t.players)
                return PINTAS_E_CORRUPT;
            /* players still to play their last turn are below the target */
            for (k = 0; k < t.final_left; ++k)
                if (t.score[(t.to_move + k) % t.players] >= r->target)
                    return PINTAS_E_CORRUPT;
        }
    }
    *s = t;
    return PINTAS_OK;
}
