/* dice_game.c - a whole Dice of Doom / Farkle game (docs/rules.md section 3).
 *
 * Parameters: a pintas_dice_rules (combination values, target, combine_kept,
 * doom and doom_loses, hot_dice, final_round), 1..8 players, the first player
 * (traditionally the youngest; the host says which, default 0) and a seed.
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
 * Limits (0: none): max_rolls, the rolls a turn may make: after the keep of
 * the last one the turn total is banked at once, as a BANK would (under
 * HOT_MUST too, after hot dice). max_rounds: a round is one turn of every
 * player from the first player on; when the last player of round max_rounds
 * ends his turn and nobody has won, the game ends and every player with the
 * highest score wins (one GAME_END each, n = 1, in seat order; winner is
 * NO_PLAYER when several share the win). The round limit ends a final round
 * too, unless that turn was the final round's last: then the final round
 * decides, as without a limit. The counters (state.rounds, state.rolls) stay 0 without their limit.
 *
 * Randomness: ROLL draws die i as 1 + pintas_rng_below(rng, 6) for i = 0..n-1,
 * n = dice to roll, and nothing else draws.
 */
#include <string.h>

#include "pintas/dice.h"
#include "bytes_internal.h"
#include "common_internal.h"
#include "dice_internal.h"
#include "rng_internal.h"

#define SAVE_TAG "PDIC"
#define SAVE_VERSION 1

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
    return (int)pintas__dice_set_size(s);
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
    s->rolls = 0;
}

int pintas_dice_new(pintas_dice_state *s, const pintas_dice_rules *rules, int players,
                    int first_player, uint64_t seed)
{
    return pintas_dice_new_chance(s, rules, players, first_player, seed, 0);
}

int pintas_dice_new_chance(pintas_dice_state *s, const pintas_dice_rules *rules, int players,
                           int first_player, uint64_t seed, int external)
{
    pintas_dice_state t;
    int i, st;
    if (s == NULL || rules == NULL)
        return PINTAS_E_ARG;
    st = pintas_dice_rules_check(rules);
    if (st != PINTAS_OK)
        return st;
    if (players < 1 || players > PINTAS_DICE_MAX_PLAYERS || first_player < 0 ||
        first_player >= players || (external != 0 && external != 1))
        return PINTAS_E_ARG;
    memset(&t, 0, sizeof t); /* padding too: a state's bytes are a function of the game */
    t.rules = *rules;
    t.chance = (uint8_t)external;
    t.pending = 0;
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
    t.rounds = 0;
    *s = t;
    return PINTAS_OK;
}

int pintas_dice_reseed(pintas_dice_state *s, uint64_t seed)
{
    return pintas__game_reseed(s ? &s->rng : NULL, seed);
}

/* 1 once the game was ended by the round limit. */
static int at_limit(const pintas_dice_state *s)
{
    return s->phase == PINTAS_DICE_OVER && s->rules.max_rounds != 0 &&
           s->rounds >= s->rules.max_rounds;
}

/* The players with the highest score, as bits. */
static unsigned top_players(const pintas_dice_state *s)
{
    unsigned n = s->players < PINTAS_DICE_MAX_PLAYERS ? (unsigned)s->players
                                                      : PINTAS_DICE_MAX_PLAYERS;
    return pintas__top_scores(s->score, n);
}

unsigned pintas_dice_winners(const pintas_dice_state *s)
{
    if (s == NULL || s->phase != PINTAS_DICE_OVER)
        return 0;
    if (at_limit(s))
        return top_players(s);
    return s->winner < PINTAS_DICE_MAX_PLAYERS ? 1u << s->winner : 0u;
}

unsigned long pintas_dice_max_moves(const pintas_dice_rules *rules, int players)
{
    if (rules == NULL || pintas_dice_rules_check(rules) != PINTAS_OK || players < 1 ||
        players > PINTAS_DICE_MAX_PLAYERS || rules->max_rounds == 0 || rules->max_rolls == 0)
        return 0;
    return (unsigned long)rules->max_rounds * (unsigned long)players * 2ul *
           (unsigned long)rules->max_rolls;
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
           (s->phase != PINTAS_DICE_OVER || s->winner < s->players ||
            (s->winner == PINTAS_DICE_NO_PLAYER && at_limit(s))) &&
           s->chance <= 1 && s->pending <= s->chance &&
           (!s->pending || s->phase == PINTAS_DICE_MUST_ROLL ||
            s->phase == PINTAS_DICE_BANK_OR_ROLL) &&
           pintas_dice_rules_check(&s->rules) == PINTAS_OK;
}

static pintas_dice_set last_roll_set(const pintas_dice_state *s)
{
    if (s->last_roll_len > PINTAS_DICE_COUNT)
        return 0;
    return pintas__dice_set_of(s->last_roll, s->last_roll_len);
}

/* The legal moves of a state known to be sane. */
static int list_legal(const pintas_dice_state *s, pintas_dice_moves *out)
{
    size_t n = 0;
    /* written in place; the keeps past n_keeps are left as they were */
    out->can_roll = out->can_bank = 0;
    out->dice_to_roll = (uint8_t)pintas_dice_dice_to_roll(s);
    switch (s->pending ? PINTAS_DICE_OVER : s->phase) {
    case PINTAS_DICE_MUST_ROLL:
        out->can_roll = 1;
        break;
    case PINTAS_DICE_BANK_OR_ROLL:
        out->can_roll = 1;
        out->can_bank = 1;
        break;
    case PINTAS_DICE_MUST_KEEP:
        if (pintas__dice_keeps_of(&s->rules, last_roll_set(s), s->pool, out->keeps,
                                  PINTAS_DICE_MAX_KEEPS, &n) != PINTAS_OK)
            n = 0;
        break;
    default:
        out->dice_to_roll = 0;
        break;
    }
    out->n_keeps = (uint8_t)n;
    return PINTAS_OK;
}

int pintas_dice_legal(const pintas_dice_state *s, pintas_dice_moves *out)
{
    if (s == NULL || out == NULL || !sane(s))
        return PINTAS_E_ARG;
    return list_legal(s, out);
}

int pintas__dice_legal_made(const pintas_dice_state *s, pintas_dice_moves *out)
{
    if (s == NULL || out == NULL || s->players == 0) /* never started: no game to trust */
        return PINTAS_E_ARG;
    return list_legal(s, out);
}

/* The move check of pintas_dice_check on a state known to be sane; a legal
 * KEEP also gives the pool's score after it in *pool_score (the keep scored
 * once: the play uses it). */
static int check_move(const pintas_dice_state *s, const pintas_dice_move *m, int32_t *pool_score)
{
    int i, to_roll;
    if (s->phase == PINTAS_DICE_OVER)
        return PINTAS_E_OVER;
    if (s->pending)
        return PINTAS_E_CHANCE;
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
        pintas_dice_set k = m->keep, kept;
        int32_t sc;
        if (s->phase != PINTAS_DICE_MUST_KEEP)
            return PINTAS_E_ILLEGAL;
        pintas_dice_set roll = last_roll_set(s);
        if (k == 0 || !pintas__dice_set_valid(k) || !pintas__dice_set_within(roll, k))
            return PINTAS_E_ILLEGAL;
        kept = s->rules.combine_kept ? s->pool + k : k;
        if (!pintas__dice_set_valid(kept)) /* a hand-made state's pool and roll may overflow */
            return PINTAS_E_ILLEGAL;
        sc = pintas__dice_split_score(&s->rules, kept);
        if (sc <= 0)
            return PINTAS_E_ILLEGAL;
        *pool_score = s->rules.combine_kept ? sc : s->pool_score + sc;
        return PINTAS_OK;
    }
    case PINTAS_DICE_BANK:
        return s->phase == PINTAS_DICE_BANK_OR_ROLL ? PINTAS_OK : PINTAS_E_ILLEGAL;
    default:
        return PINTAS_E_ILLEGAL;
    }
}

int pintas_dice_check(const pintas_dice_state *s, const pintas_dice_move *m)
{
    int32_t pool_score;
    if (s == NULL || m == NULL || !sane(s))
        return PINTAS_E_ARG;
    return check_move(s, m, &pool_score);
}

/* ---- applying moves (checked first; cannot fail) ---------------------------- */

typedef struct emitter {
    pintas_dice_event *ev; /* the caller's, room for PINTAS_DICE_MAX_EVENTS */
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

/* The round limit: every player with the highest score wins. */
static void game_over_at_limit(pintas_dice_state *s, emitter *e)
{
    unsigned top = top_players(s);
    int p;
    s->phase = PINTAS_DICE_OVER;
    s->winner = PINTAS_DICE_NO_PLAYER;
    for (p = 0; p < s->players; ++p) {
        if (top & (1u << p)) {
            s->winner = (top & (top - 1)) == 0 ? (uint8_t)p : PINTAS_DICE_NO_PLAYER;
            emit(e, PINTAS_DICE_EV_GAME_END, p, 0, s->score[p])->n = 1;
        }
    }
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
    if (s->rules.max_rounds != 0 && (p + 1) % s->players == s->first_player) {
        s->rounds++;
        if (s->rounds >= s->rules.max_rounds) {
            game_over_at_limit(s, e);
            return;
        }
    }
    s->to_move = (uint8_t)((p + 1) % s->players);
    s->phase = PINTAS_DICE_MUST_ROLL;
}

static void apply_roll(pintas_dice_state *s, const uint8_t *values, int n, emitter *e)
{
    pintas_dice_event *v;
    pintas_dice_set r;
    int i, p = s->to_move;
    int32_t lost = total_of(s);
    if (s->rules.max_rolls != 0 && s->rolls < 0xFFu)
        s->rolls++;
    v = emit(e, PINTAS_DICE_EV_ROLLED, p, 0, lost);
    v->n = (uint8_t)n;
    for (i = 0; i < PINTAS_DICE_COUNT; ++i) {
        s->last_roll[i] = (uint8_t)(i < n ? values[i] : 0);
        v->dice[i] = s->last_roll[i];
    }
    s->last_roll_len = (uint8_t)n;
    r = pintas__dice_set_of(values, (unsigned)n); /* 1..6 each: rolled or checked */
    if (pintas__dice_doom(&s->rules, r)) {
        if (s->rules.doom_loses == PINTAS_DICE_DOOM_SCORE)
            s->score[p] = 0;
        emit(e, PINTAS_DICE_EV_DOOM, p, lost, s->score[p]);
        finish_turn(s, 0, e);
        return;
    }
    if (!pintas__dice_any_keep(&s->rules, r, s->pool)) {
        emit(e, PINTAS_DICE_EV_ROLL_OUT, p, lost, s->score[p]);
        finish_turn(s, 0, e);
        return;
    }
    s->phase = PINTAS_DICE_MUST_KEEP;
}

static void apply_bank(pintas_dice_state *s, emitter *e);

/* Keep k (legal), the pool then scoring pool_score (as check_move gave it). */
static void apply_keep(pintas_dice_state *s, pintas_dice_set k, int32_t pool_score, emitter *e)
{
    pintas_dice_event *v;
    int32_t before = total_of(s), after;
    s->pool_score = pool_score;
    s->pool += k;
    after = total_of(s);
    v = emit(e, PINTAS_DICE_EV_KEPT, s->to_move, after - before, after);
    v->n = (uint8_t)pintas__dice_set_list(k, v->dice); /* a legal keep: at most six dice */
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
    if (s->rules.max_rolls != 0 && s->rolls >= s->rules.max_rolls)
        apply_bank(s, e); /* the turn's last roll: its total is banked */
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

/* pintas_dice_play past its argument checks, on a state known to be sane:
 * the move checked, then applied. */
static int play_move(pintas_dice_state *s, const pintas_dice_move *m, pintas_dice_event *ev,
                     size_t *n_ev)
{
    emitter e;
    int32_t pool_score = 0;
    int st = check_move(s, m, &pool_score);
    if (st != PINTAS_OK)
        return st;
    /* a checked move cannot fail: applied to *s and its events written to ev
     * in place (no copy of the state, the hot part of a dice move's cost) */
    e.ev = ev;
    e.n = 0;
    switch (m->kind) {
    case PINTAS_DICE_ROLL: {
        uint8_t v[PINTAS_DICE_COUNT];
        int k, n = PINTAS_DICE_COUNT - size_of(s->pool);
        if (s->chance) { /* the dice are the next chance event's outcome */
            s->pending = 1;
            break;
        }
        for (k = 0; k < n; ++k)
            v[k] = (uint8_t)(1u + pintas_rng_below(&s->rng, PINTAS_DICE_FACES));
        apply_roll(s, v, n, &e);
        break;
    }
    case PINTAS_DICE_ROLL_GIVEN:
        apply_roll(s, m->values, m->n, &e);
        break;
    case PINTAS_DICE_KEEP:
        apply_keep(s, m->keep, pool_score, &e);
        break;
    default:
        apply_bank(s, &e);
        break;
    }
    *n_ev = e.n;
    return PINTAS_OK;
}

int pintas_dice_play(pintas_dice_state *s, const pintas_dice_move *m, pintas_dice_event *ev,
                     size_t ev_cap, size_t *n_ev)
{
    int st = pintas__buffer_args(s != NULL && m != NULL && ev != NULL && n_ev != NULL, ev_cap,
                                 PINTAS_DICE_MAX_EVENTS);
    if (st != PINTAS_OK)
        return st;
    if (!sane(s))
        return PINTAS_E_ARG;
    return play_move(s, m, ev, n_ev);
}

int pintas__dice_play_made(pintas_dice_state *s, const pintas_dice_move *m,
                           pintas_dice_event *ev, size_t ev_cap, size_t *n_ev)
{
    int st = pintas__buffer_args(s != NULL && m != NULL && ev != NULL && n_ev != NULL, ev_cap,
                                 PINTAS_DICE_MAX_EVENTS);
    if (st != PINTAS_OK)
        return st;
    if (s->players == 0) /* never started: no game to trust */
        return PINTAS_E_ARG;
    return play_move(s, m, ev, n_ev);
}

/* ---- external chance ------------------------------------------------------- */

int pintas_dice_chance_pending(const pintas_dice_state *s)
{
    return s != NULL && s->phase != PINTAS_DICE_OVER && s->pending == 1;
}

/* n! / (c1! ... c6!) for the counts of set r (at most 6 dice). */
static uint32_t arrangements(pintas_dice_set r)
{
    static const uint32_t fact[PINTAS_DICE_COUNT + 1] = {1, 1, 2, 6, 24, 120, 720};
    uint32_t ways = fact[size_of(r)];
    int f;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        ways /= fact[PINTAS_DICE_SET_COUNT(r, f)];
    return ways;
}

int pintas_dice_chance_outcomes(const pintas_dice_state *s, uint16_t *codes, uint32_t *num,
                                uint32_t *den, size_t cap, size_t *n_out)
{
    size_t k = 0;
    int i, n, f;
    uint32_t all = 1;
    int st = pintas__buffer_args(s && codes && num && den && n_out, cap,
                                 PINTAS_MAX_CHANCE_OUTCOMES);
    if (st != PINTAS_OK)
        return st;
    if (!sane(s))
        return PINTAS_E_ARG;
    if (!pintas_dice_chance_pending(s)) {
        *n_out = 0;
        *den = 1;
        return PINTAS_OK;
    }
    n = PINTAS_DICE_COUNT - size_of(s->pool);
    for (f = 0; f < n; ++f)
        all *= PINTAS_DICE_FACES;
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        pintas_dice_set r = 0;
        if (pintas_dice_set_at(i, &r) != PINTAS_OK || size_of(r) != n)
            continue;
        codes[k] = (uint16_t)i;
        num[k++] = arrangements(r);
    }
    *den = all;
    *n_out = k;
    return PINTAS_OK;
}

int pintas_dice_play_chance(pintas_dice_state *s, int outcome, pintas_dice_event *ev,
                            size_t ev_cap, size_t *n_ev)
{
    pintas_dice_set r = 0;
    uint8_t v[PINTAS_DICE_COUNT];
    size_t n = 0;
    emitter e;
    int st = pintas__buffer_args(s != NULL && ev != NULL && n_ev != NULL, ev_cap,
                                 PINTAS_DICE_MAX_EVENTS);
    if (st != PINTAS_OK)
        return st;
    if (!sane(s))
        return PINTAS_E_ARG;
    if (!pintas_dice_chance_pending(s))
        return PINTAS_E_NO_CHANCE;
    if (outcome < 0 || outcome >= PINTAS_DICE_SETS || pintas_dice_set_at(outcome, &r) != PINTAS_OK ||
        size_of(r) != PINTAS_DICE_COUNT - size_of(s->pool))
        return PINTAS_E_OUTCOME;
    pintas_dice_set_values(r, v, PINTAS_DICE_COUNT, &n);
    /* a roll of the outcome's dice cannot fail: applied in place, as play does */
    s->pending = 0;
    e.ev = ev;
    e.n = 0;
    apply_roll(s, v, (int)n, &e);
    *n_ev = e.n;
    return PINTAS_OK;
}

/* ---- saving ------------------------------------------------------------------ */

void pintas__dice_put_rules(pintas__writer *w, const pintas_dice_rules *r)
{
    int f, n;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        pintas__put_i32(w, r->single[f]);
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        for (n = 3; n <= PINTAS_DICE_COUNT; ++n)
            pintas__put_i32(w, r->kind[f][n]);
    pintas__put_i32(w, r->straight_low);
    pintas__put_i32(w, r->straight_high);
    pintas__put_i32(w, r->straight_six);
    pintas__put_i32(w, r->three_pairs);
    pintas__put_i32(w, r->two_triplets);
    pintas__put_i32(w, r->target);
    pintas__put_u8(w, r->add_singles);
    pintas__put_u8(w, r->combine_kept);
    pintas__put_u8(w, r->doom);
    pintas__put_u8(w, r->doom_loses);
    pintas__put_u8(w, r->hot_dice);
    pintas__put_u8(w, r->final_round);
    pintas__put_u8(w, r->max_rounds);
    pintas__put_u8(w, r->max_rolls);
}

void pintas__dice_get_rules(pintas__reader *rd, pintas_dice_rules *r)
{
    int f, n;
    for (f = 0; f <= PINTAS_DICE_FACES; ++f) {
        r->single[f] = 0;
        for (n = 0; n <= PINTAS_DICE_COUNT; ++n)
            r->kind[f][n] = 0;
    }
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        r->single[f] = pintas__get_i32(rd);
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        for (n = 3; n <= PINTAS_DICE_COUNT; ++n)
            r->kind[f][n] = pintas__get_i32(rd);
    r->straight_low = pintas__get_i32(rd);
    r->straight_high = pintas__get_i32(rd);
    r->straight_six = pintas__get_i32(rd);
    r->three_pairs = pintas__get_i32(rd);
    r->two_triplets = pintas__get_i32(rd);
    r->target = pintas__get_i32(rd);
    r->add_singles = pintas__get_u8(rd);
    r->combine_kept = pintas__get_u8(rd);
    r->doom = pintas__get_u8(rd);
    r->doom_loses = pintas__get_u8(rd);
    r->hot_dice = pintas__get_u8(rd);
    r->final_round = pintas__get_u8(rd);
    r->max_rounds = pintas__get_u8(rd);
    r->max_rolls = pintas__get_u8(rd);
}

/* Layout (offsets, little-endian): 0 magic "PDIC", 4 version, 5 chance (1:
 * external chance), 6 pending (1: a roll waits for its outcome), 7 zero (5
 * and 6 were zero before external chance, and are with the PRNG);
 * 8 rules: single[1..6], kind[1..6][3..6], straight_low/high/six, three_pairs,
 * two_triplets, target (36 int32); 152 add_singles, combine_kept, doom,
 * doom_loses, hot_dice, final_round, max_rounds, max_rolls (0 without the
 * limits: these two bytes were zero before them); 160 rng state, inc (2 x u64);
 * 176 players, first_player, to_move, phase, winner, final_trigger,
 * final_left, last_roll_len, last_roll[6], rounds, rolls (0 without the
 * limits: were zero); 192 pool (u32),
 * pool_score, closed (int32), 4 zero; 208 score[8] (int32). 240 bytes. */
int pintas_dice_save(const pintas_dice_state *s, uint8_t *buf, size_t cap)
{
    pintas__writer w;
    const pintas_dice_rules *r;
    size_t i;
    int st = pintas__buffer_args(s != NULL && buf != NULL, cap, PINTAS_DICE_SAVE_SIZE);
    if (st != PINTAS_OK)
        return st;
    r = &s->rules;
    pintas__image_start(&w, buf, PINTAS_DICE_SAVE_SIZE, SAVE_TAG, SAVE_VERSION);
    pintas__put_u8(&w, s->chance);
    pintas__put_u8(&w, s->pending);
    pintas__put_zeros(&w, 1);
    pintas__dice_put_rules(&w, r);
    pintas__put_u64(&w, s->rng.state);
    pintas__put_u64(&w, s->rng.inc);
    pintas__put_u8(&w, s->players);
    pintas__put_u8(&w, s->first_player);
    pintas__put_u8(&w, s->to_move);
    pintas__put_u8(&w, s->phase);
    pintas__put_u8(&w, s->winner);
    pintas__put_u8(&w, s->final_trigger);
    pintas__put_u8(&w, s->final_left);
    pintas__put_u8(&w, s->last_roll_len);
    pintas__put_bytes(&w, s->last_roll, PINTAS_DICE_COUNT);
    pintas__put_u8(&w, s->rounds);
    pintas__put_u8(&w, s->rolls);
    pintas__put_u32(&w, s->pool);
    pintas__put_i32(&w, s->pool_score);
    pintas__put_i32(&w, s->closed);
    pintas__put_zeros(&w, 4);
    for (i = 0; i < PINTAS_DICE_MAX_PLAYERS; ++i)
        pintas__put_i32(&w, s->score[i]);
    return PINTAS_OK;
}

/* The limits' counters: 0 without their limit; rounds below the limit but
 * once the game ended at it; rolls 0 between turns, at least 1 once the
 * turn has rolled (a keep to make, or after a keep or hot dice), and below
 * the limit where the turn goes on after a keep. */
static int counters_ok(const pintas_dice_state *t)
{
    const pintas_dice_rules *r = &t->rules;
    if (r->max_rounds == 0 ? t->rounds != 0 : t->rounds > r->max_rounds)
        return 0;
    if (r->max_rounds != 0 && t->rounds == r->max_rounds && t->phase != PINTAS_DICE_OVER)
        return 0;
    if (r->max_rolls == 0)
        return t->rolls == 0;
    if (t->rolls > r->max_rolls)
        return 0;
    switch (t->phase) {
    case PINTAS_DICE_MUST_ROLL:
        return t->closed == 0 ? t->rolls == 0 : t->rolls >= 1 && t->rolls < r->max_rolls;
    case PINTAS_DICE_MUST_KEEP:
        return t->rolls >= 1;
    case PINTAS_DICE_BANK_OR_ROLL:
        return t->rolls >= 1 && t->rolls < r->max_rolls;
    default:
        return t->rolls == 0;
    }
}

/* Decode the fields after the frame into *t (every field of it); 0 if a
 * reserved byte is not zero. */
static int decode(pintas__reader *rd, pintas_dice_state *t)
{
    pintas_dice_rules *r = &t->rules;
    size_t i;
    int zeros;
    t->chance = pintas__get_u8(rd);
    t->pending = pintas__get_u8(rd);
    zeros = pintas__get_zeros(rd, 1);
    pintas__dice_get_rules(rd, r);
    t->rng.state = pintas__get_u64(rd);
    t->rng.inc = pintas__get_u64(rd);
    t->players = pintas__get_u8(rd);
    t->first_player = pintas__get_u8(rd);
    t->to_move = pintas__get_u8(rd);
    t->phase = pintas__get_u8(rd);
    t->winner = pintas__get_u8(rd);
    t->final_trigger = pintas__get_u8(rd);
    t->final_left = pintas__get_u8(rd);
    t->last_roll_len = pintas__get_u8(rd);
    pintas__get_bytes(rd, t->last_roll, PINTAS_DICE_COUNT);
    t->rounds = pintas__get_u8(rd);
    t->rolls = pintas__get_u8(rd);
    t->pool = pintas__get_u32(rd);
    t->pool_score = pintas__get_i32(rd);
    t->closed = pintas__get_i32(rd);
    zeros &= pintas__get_zeros(rd, 4);
    for (i = 0; i < PINTAS_DICE_MAX_PLAYERS; ++i)
        t->score[i] = pintas__get_i32(rd);
    return zeros;
}

static int six_ok(const pintas_dice_rules *r, pintas_dice_set k)
{
    return !r->doom || PINTAS_DICE_SET_COUNT(k, 6) < 2;
}

/* What a pool and its score say before their keeps are looked at: 1 if
 * nothing is left to keep (and the score is all used), 0 if the pool cannot
 * be reached, -1 if its keeps decide. */
static int pool_start(const pintas_dice_rules *r, pintas_dice_set pool, int32_t pts)
{
    if (pool == 0)
        return pts == 0;
    if (r->combine_kept && pintas_dice_score_rules(r, pool) != pts)
        return 0;
    return -1;
}

/* Can `pool` have been kept by legal keeps (each from one roll that was not
 * doom) with the pool scoring `pts`? A depth-first search over the keep made
 * last, with an explicit stack: every level removes a die, so it is at most
 * six deep, and tiny. */
static int reachable(const pintas_dice_rules *r, pintas_dice_set pool, int32_t pts)
{
    pintas_dice_set at[PINTAS_DICE_COUNT + 1], k[PINTAS_DICE_COUNT + 1];
    int32_t need[PINTAS_DICE_COUNT + 1];
    int d = 0, v = pool_start(r, pool, pts);
    if (v >= 0)
        return v;
    at[0] = pool;
    need[0] = pts;
    k[0] = 0;
    while (d >= 0) {
        pintas_dice_set keep = pintas__dice_next_subset(at[d], k[d]), rest;
        int32_t left;
        k[d] = keep;
        if (keep == 0) {
            --d; /* every keep of this pool tried */
            continue;
        }
        if (!six_ok(r, keep))
            continue;
        rest = at[d] - keep;
        if (r->combine_kept) {
            left = pintas_dice_score_rules(r, rest);
            if (left < 0)
                continue;
        } else {
            int32_t sc = pintas_dice_score_rules(r, keep);
            if (sc <= 0 || sc > need[d])
                continue;
            left = need[d] - sc;
        }
        v = pool_start(r, rest, left);
        if (v == 1)
            return 1;
        if (v == 0 || d + 1 > PINTAS_DICE_COUNT)
            continue;
        ++d;
        at[d] = rest;
        need[d] = left;
        k[d] = 0;
    }
    return 0;
}

int pintas_dice_load(pintas_dice_state *s, const uint8_t *buf, size_t len)
{
    pintas_dice_state t;
    pintas_dice_rules *r = &t.rules;
    pintas__reader rd;
    size_t i;
    int psize, p, st;
    int32_t unit;
    if (!pintas__bytes_given(s != NULL, buf, len))
        return PINTAS_E_ARG;
    st = pintas__image_open(&rd, buf, len, SAVE_TAG, SAVE_VERSION, PINTAS_DICE_SAVE_SIZE,
                            PINTAS_DICE_SAVE_SIZE);
    if (st != PINTAS_OK)
        return st;
    if (!decode(&rd, &t) || pintas_dice_rules_check(r) != PINTAS_OK)
        return PINTAS_E_CORRUPT;
    unit = pintas_dice_rules_unit(r);
    if (!pintas_rng_is_valid(&t.rng))
        return PINTAS_E_CORRUPT;

    /* seats and phase */
    if (t.players < 1 || t.players > PINTAS_DICE_MAX_PLAYERS || t.first_player >= t.players ||
        t.to_move >= t.players || t.phase > PINTAS_DICE_OVER)
        return PINTAS_E_CORRUPT;
    /* a roll waits for its outcome only with external chance, where a roll is legal */
    if (t.chance > 1 || t.pending > t.chance ||
        (t.pending && t.phase != PINTAS_DICE_MUST_ROLL && t.phase != PINTAS_DICE_BANK_OR_ROLL))
        return PINTAS_E_CORRUPT;

    if (!counters_ok(&t))
        return PINTAS_E_CORRUPT;
    if (at_limit(&t)) {
        unsigned top = top_players(&t);
        int only = PINTAS_DICE_NO_PLAYER;
        if ((top & (top - 1)) == 0)
            for (only = 0; !(top & (1u << only)); ++only)
                ;
        if (t.winner != only)
            return PINTAS_E_CORRUPT;
    } else if ((t.phase == PINTAS_DICE_OVER) != (t.winner < t.players)) {
        return PINTAS_E_CORRUPT;
    }
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
    case PINTAS_DICE_MUST_KEEP:
        if (t.last_roll_len != PINTAS_DICE_COUNT - psize)
            return PINTAS_E_CORRUPT;
        /* a doom roll or a roll-out cannot wait for a keep (the first keep
         * found is enough: no list of keeps on the loader's stack) */
        if (!pintas__dice_any_keep(r, last_roll_set(&t), t.pool))
            return PINTAS_E_CORRUPT;
        break;
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
    if (at_limit(&t)) {
        /* nobody won before the limit: without a final round, nobody reached
         * the target; with one, only as its trigger or during it */
        if (t.final_trigger == PINTAS_DICE_NO_PLAYER) {
            if (t.final_left != 0)
                return PINTAS_E_CORRUPT;
            for (p = 0; p < t.players; ++p)
                if (t.score[p] >= r->target)
                    return PINTAS_E_CORRUPT;
        } else if (!r->final_round || t.players < 2 || t.final_trigger >= t.players ||
                   t.score[t.final_trigger] < r->target || t.final_left < 1 ||
                   t.final_left > t.players - 1) {
            return PINTAS_E_CORRUPT;
        }
    } else if (t.final_trigger == PINTAS_DICE_NO_PLAYER) {
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
