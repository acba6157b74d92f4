/* test_players.c - the C views and players against CPython's (golden vectors).
 *
 * csrc/tests/golden_players.h holds games played by the Python players
 * (tools/golden/players.py): at every decision, the seat to move, its view
 * (its hand, and a hash of every other field) and the move its player chose.
 * Each game is replayed here with the C engine, the record kept from the
 * events; at every decision the C view of that seat must hash alike and the
 * C player of that seat must choose the very same move (a random player
 * continuing its own MT19937 stream from game to game move). Then: a view
 * holds nothing of the other seats' hidden tiles (moving them changes no
 * byte of it), and the players' statuses on views that have no move.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "golden_players.h"
#include "pintas/pintas.h"

static uint32_t mix(uint32_t h, uint32_t v)
{
    return h * UINT32_C(1000003) + v;
}

/* A golden game's rules: its setup's first values are the family's settings
 * in the table's order without the limits (no golden game sets one), which
 * pintas_settings_rules places in the struct (`size` its sizeof). */
static void rules_of(int family, const golden_game *g, void *rules, size_t size)
{
    int32_t v[PINTAS_SETTINGS_MAX] = {0};
    size_t n = 0, i, limits = family == PINTAS_FAMILY_LINE ? 1 : 2;
    const pintas_setting *table;
    CHECK_EQ(pintas_settings(family, &table, &n), PINTAS_OK);
    for (i = 0; i + limits < n; ++i)
        v[i] = (int32_t)g->setup[i];
    CHECK_EQ(pintas_settings_rules(family, v, n, rules, size), PINTAS_OK);
}

/* ---- line games ----------------------------------------------------------- */

/* The hash tools/golden/players.py line_row makes of a view. */
static uint32_t line_view_hash(const pintas_line_view *v)
{
    pintas_line_knowledge k;
    uint32_t h = 0, log_hash = 0;
    unsigned i, sides = (unsigned)pintas_line_sides(&v->info.rules);
    CHECK_EQ(pintas_line_knowledge_of(&v->info, &k), PINTAS_OK);
    h = mix(h, v->to_move);
    h = mix(h, v->boneyard_size);
    h = mix(h, v->info.leader);
    h = mix(h, v->info.forced_tile);
    h = mix(h, v->line_len);
    h = mix(h, v->line_len ? v->ends[0] : GOLDEN_NONE);
    h = mix(h, v->line_len ? v->ends[1] : GOLDEN_NONE);
    for (i = 0; i < 4; ++i)
        h = mix(h, v->hand_size[i]);
    for (i = 0; i < 4; ++i)
        h = mix(h, i < v->info.rules.players ? k.voids[i] : 0u);
    h = mix(h, v->info.round);
    h = mix(h, v->info.log_len);
    for (i = 0; i < v->info.log_len; ++i) {
        const pintas_line_log_entry *e = &v->info.log[i];
        log_hash = mix(mix(mix(mix(log_hash, e->kind), e->seat), e->tile), e->end);
    }
    h = mix(h, log_hash);
    for (i = 0; i < sides; ++i)
        h = mix(h, (uint32_t)v->info.score[i]);
    return h;
}

/* A suit player's ranking of its legal moves (ranked: ranked[0..n), each of
 * `size` bytes, and again: the ranking ranked once more, with their
 * statuses) puts its choice (out, when st is PINTAS_OK) first and is stable:
 * ranking the ranking changes nothing. */
static void check_ranking(int ranked_st, const void *ranked, int again_st, const void *again,
                          size_t n, size_t size, int st, const void *out)
{
    CHECK_EQ(ranked_st, PINTAS_OK);
    CHECK_EQ(again_st, PINTAS_OK);
    CHECK(memcmp(again, ranked, n * size) == 0);
    if (st == PINTAS_OK)
        CHECK(memcmp(ranked, out, size) == 0);
}

static int line_suit(const pintas_line_view *v, const pintas_line_suit_weights *w,
                     pintas_line_move *out)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES], again[PINTAS_LINE_MAX_MOVES];
    size_t n = 0;
    int st = pintas_line_suit_choose(v, w, out), ranked_st;
    CHECK_EQ(pintas_line_view_legal(v, moves, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
    ranked_st = pintas_line_suit_rank(v, w, moves, n);
    memcpy(again, moves, sizeof moves);
    check_ranking(ranked_st, moves, pintas_line_suit_rank(v, w, again, n), again, n,
                  sizeof moves[0], st, out);
    CHECK_EQ(pintas_line_suit_rank(v, w, moves, PINTAS_LINE_MAX_MOVES + 1), PINTAS_E_ARG);
    return st;
}

static int line_choose(const golden_game *g, unsigned seat, const pintas_line_view *v,
                       pintas_mt *mt, pintas_line_move *out)
{
    const uint32_t *p = g->seat[seat];
    pintas_line_suit_weights w;
    if (p[0] == GOLDEN_RANDOM)
        return pintas_line_random_choose(v, mt, out);
    if (p[0] == GOLDEN_GREEDY)
        return pintas_line_greedy_choose(v, out);
    if (p[2] == GOLDEN_NONE)
        return line_suit(v, NULL, out);
    w.accompanied = LINE_WEIGHTS[p[2]][0];
    w.playable_after = LINE_WEIGHTS[p[2]][1];
    w.double_bonus = LINE_WEIGHTS[p[2]][2];
    w.stranding = LINE_WEIGHTS[p[2]][3];
    w.opponent_lacks = LINE_WEIGHTS[p[2]][4];
    w.partner_lacks = LINE_WEIGHTS[p[2]][5];
    w.points = LINE_WEIGHTS[p[2]][6];
    w.pips = LINE_WEIGHTS[p[2]][7];
    return line_suit(v, &w, out);
}

static int line_start(const golden_game *g, pintas_line_state *s, pintas_line_record *rec)
{
    pintas_line_rules rules;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0;
    int st;
    rules_of(PINTAS_FAMILY_LINE, g, &rules, sizeof rules);
    pintas_line_record_clear(rec);
    if (g->deal == GOLDEN_NONE) {
        st = pintas_line_new(s, &rules, (uint64_t)g->setup[12], ev, PINTAS_LINE_MAX_EVENTS, &n);
    } else {
        pintas_line_deal d;
        const uint32_t *row = LINE_DEALS[g->deal];
        unsigned i;
        memset(&d, 0, sizeof d);
        for (i = 0; i < 4; ++i)
            d.hand[i] = row[i];
        d.boneyard_len = (uint8_t)row[4];
        for (i = 0; i < d.boneyard_len; ++i)
            d.boneyard[i] = (uint8_t)row[5 + i];
        st = pintas_line_new_dealt(s, &rules, (uint64_t)g->setup[12], &d, ev,
                                   PINTAS_LINE_MAX_EVENTS, &n);
    }
    if (st == PINTAS_OK)
        st = pintas_line_record_update(rec, ev, n);
    return st;
}

static void test_line_golden(void)
{
    size_t gi, decisions = 0;
    for (gi = 0; gi < sizeof LINE_GAMES / sizeof LINE_GAMES[0]; ++gi) {
        const golden_game *g = &LINE_GAMES[gi];
        pintas_line_state s;
        pintas_line_record rec;
        pintas_mt mt[4];
        uint32_t i;
        for (i = 0; i < 4; ++i)
            pintas_mt_seed(&mt[i], g->seat[i][1]);
        if (!CHECK_EQ(line_start(g, &s, &rec), PINTAS_OK))
            continue;
        for (i = 0; i < g->steps; ++i) {
            const golden_step_line *step = &LINE_STEPS[g->first + i];
            pintas_line_move want = {step->kind, step->tile, step->end}, got;
            pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
            pintas_line_view v;
            size_t n = 0;
            if (!CHECK_EQ(s.to_move, step->seat))
                break;
            CHECK_EQ(pintas_line_view_of(&s, &rec, step->seat, &v), PINTAS_OK);
            CHECK_EQ(v.info.hand, step->hand);
            if (!CHECK_EQ(line_view_hash(&v), step->view_hash))
                fprintf(stderr, "  line game %zu step %u\n", gi, (unsigned)i);
            if (step->decided) {
                ++decisions;
                memset(&got, 0xEE, sizeof got);
                CHECK_EQ(line_choose(g, step->seat, &v, &mt[step->seat], &got), PINTAS_OK);
                if (!CHECK(got.kind == want.kind && got.tile == want.tile && got.end == want.end))
                    fprintf(stderr, "  line game %zu step %u: chose %u %u %u, not %u %u %u\n", gi,
                            (unsigned)i, got.kind, got.tile, got.end, want.kind, want.tile,
                            want.end);
            }
            if (!CHECK_EQ(pintas_line_play(&s, &want, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK))
                break;
            CHECK_EQ(pintas_line_record_update(&rec, ev, n), PINTAS_OK);
        }
    }
    printf("line: %zu decisions\n", decisions);
}

/* ---- Caminos -------------------------------------------------------------- */

static uint32_t caminos_view_hash(const pintas_caminos_view *v)
{
    const pintas_caminos_info *k = &v->info;
    uint8_t lacks[4];
    uint32_t h = 0, paths = 0, record = 0, known = 0;
    unsigned i, j, side, players = k->rules.players;
    CHECK_EQ(pintas_caminos_view_lacks(v, lacks), PINTAS_OK);
    for (i = 0; i < k->rules.paths; ++i) {
        const pintas_caminos_path *p = &k->path[i];
        if (p->centre == PINTAS_NO_TILE) {
            paths = mix(paths, GOLDEN_NONE);
            continue;
        }
        paths = mix(paths, p->centre);
        for (side = 0; side < 2; ++side) {
            paths = mix(paths, p->len[side]);
            for (j = 0; j < p->len[side]; ++j)
                paths = mix(paths, p->tile[side][j]);
        }
        paths = mix(mix(paths, p->end[0]), p->end[1]);
    }
    for (i = 0; i < players; ++i) {
        record = mix(record, k->n_cohorts[i]);
        for (j = 0; j < k->n_cohorts[i]; ++j)
            record = mix(mix(mix(record, k->cohort[i][j].at), k->cohort[i][j].tiles),
                         k->cohort[i][j].voids);
    }
    for (i = 0; i < PINTAS_TILE_COUNT; ++i)
        record = mix(record, k->since[i]);
    for (i = 0; i < players; ++i)
        known = mix(mix(known, k->known[i]), v->revealed[i]);
    h = mix(h, v->phase);
    h = mix(h, v->to_move);
    h = mix(h, v->round);
    h = mix(h, v->step);
    h = mix(h, v->contenders);
    h = mix(h, v->chosen);
    h = mix(h, v->my_choice);
    h = mix(h, v->winners);
    h = mix(h, k->pile_len);
    h = mix(h, k->passes);
    h = mix(h, k->out_seat);
    h = mix(h, k->last_turns);
    h = mix(h, k->starter);
    for (i = 0; i < 4; ++i)
        h = mix(h, k->hand_len[i]);
    for (i = 0; i < 4; ++i)
        h = mix(h, lacks[i]);
    h = mix(h, k->discard);
    h = mix(h, paths);
    h = mix(h, record);
    h = mix(h, known);
    for (i = 0; i < players; ++i)
        h = mix(h, (uint32_t)v->score[i]);
    return h;
}

static int same_caminos_move(const pintas_caminos_move *a, const pintas_caminos_move *b)
{
    return a->kind == b->kind && a->tile == b->tile && a->path == b->path && a->side == b->side;
}

/* The search player's pick over the legal placements moves[0..n): no sums
 * or equal sums, the suit player's first (default weights); one best sum,
 * its move; a tie for the best, the earlier of the two in the suit order. */
static void check_search_pick(const pintas_caminos_view *v, const pintas_caminos_move *moves,
                              size_t n)
{
    pintas_caminos_move order[PINTAS_CAMINOS_MAX_MOVES], got, before;
    int64_t sums[PINTAS_CAMINOS_MAX_MOVES];
    size_t i, a, b;
    memcpy(order, moves, n * sizeof moves[0]);
    CHECK_EQ(pintas_caminos_suit_rank(v, NULL, order, n), PINTAS_OK);
    CHECK_EQ(pintas_caminos_search_pick(v, moves, NULL, n, &got), PINTAS_OK);
    CHECK(same_caminos_move(&got, &order[0]));
    for (i = 0; i < n; ++i)
        sums[i] = -7;
    CHECK_EQ(pintas_caminos_search_pick(v, moves, sums, n, &got), PINTAS_OK);
    CHECK(same_caminos_move(&got, &order[0]));
    sums[n - 1] = 40;
    CHECK_EQ(pintas_caminos_search_pick(v, moves, sums, n, &got), PINTAS_OK);
    CHECK(same_caminos_move(&got, &moves[n - 1]));
    if (n >= 2) { /* a tie between the first and last legal moves */
        sums[0] = 40;
        for (a = 0; !same_caminos_move(&order[a], &moves[0]); ++a)
            ;
        for (b = 0; !same_caminos_move(&order[b], &moves[n - 1]); ++b)
            ;
        CHECK_EQ(pintas_caminos_search_pick(v, moves, sums, n, &got), PINTAS_OK);
        CHECK(same_caminos_move(&got, &order[a < b ? a : b]));
    }
    memset(&before, 0xEE, sizeof before);
    got = before;
    CHECK_EQ(pintas_caminos_search_pick(v, moves, sums, 0, &got), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_search_pick(NULL, moves, sums, n, &got), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_search_pick(v, moves, sums, PINTAS_CAMINOS_MAX_MOVES + 1, &got),
             PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_search_pick(v, moves, sums, n, NULL), PINTAS_E_ARG);
    CHECK(same_caminos_move(&got, &before));
}

/* As line_suit, for the placements of a Caminos turn (a reveal, draw or
 * pass is no placement: the ranking refuses it). */
static int caminos_suit(const pintas_caminos_view *v, const pintas_caminos_suit_weights *w,
                        pintas_caminos_move *out)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES], again[PINTAS_CAMINOS_MAX_MOVES];
    size_t n = 0;
    int st = pintas_caminos_suit_choose(v, w, out), ranked_st;
    CHECK_EQ(pintas_caminos_view_legal(v, moves, PINTAS_CAMINOS_MAX_MOVES, &n), PINTAS_OK);
    if (n == 0 || moves[0].kind != PINTAS_CAMINOS_PLACE) {
        if (n)
            CHECK_EQ(pintas_caminos_suit_rank(v, w, moves, n), PINTAS_E_ARG);
        return st;
    }
    check_search_pick(v, moves, n);
    ranked_st = pintas_caminos_suit_rank(v, w, moves, n);
    memcpy(again, moves, sizeof moves);
    check_ranking(ranked_st, moves, pintas_caminos_suit_rank(v, w, again, n), again, n,
                  sizeof moves[0], st, out);
    return st;
}

static int caminos_choose(const golden_game *g, unsigned seat, const pintas_caminos_view *v,
                          pintas_mt *mt, pintas_caminos_move *out)
{
    const uint32_t *p = g->seat[seat];
    pintas_caminos_suit_weights w;
    if (p[0] == GOLDEN_RANDOM)
        return pintas_caminos_random_choose(v, mt, out);
    if (p[0] == GOLDEN_GREEDY)
        return pintas_caminos_greedy_choose(v, out);
    if (p[2] == GOLDEN_NONE)
        return caminos_suit(v, NULL, out);
    w.reach = CAMINOS_WEIGHTS[p[2]][0];
    w.depth = CAMINOS_WEIGHTS[p[2]][1];
    w.hardness = CAMINOS_WEIGHTS[p[2]][2];
    w.double_bonus = CAMINOS_WEIGHTS[p[2]][3];
    w.starve = CAMINOS_WEIGHTS[p[2]][4];
    w.block = CAMINOS_WEIGHTS[p[2]][5];
    return caminos_suit(v, &w, out);
}

static int caminos_start(const golden_game *g, pintas_caminos_state *s,
                         pintas_caminos_record *rec)
{
    pintas_caminos_rules rules;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n = 0;
    int st;
    rules_of(PINTAS_FAMILY_CAMINOS, g, &rules, sizeof rules);
    st = pintas_caminos_record_start(rec, &rules);
    if (st != PINTAS_OK)
        return st;
    if (g->deal == GOLDEN_NONE) {
        st = pintas_caminos_new(s, &rules, (uint64_t)g->setup[3], ev, PINTAS_CAMINOS_MAX_EVENTS,
                                &n);
    } else {
        pintas_caminos_deal d;
        const uint32_t *row = CAMINOS_DEALS[g->deal];
        unsigned i;
        memset(&d, 0, sizeof d);
        for (i = 0; i < row[0]; ++i)
            d.path[i] = (uint8_t)row[1 + i];
        for (i = 0; i < 4; ++i)
            d.hand[i] = row[9 + i];
        d.pile_len = (uint8_t)row[13];
        for (i = 0; i < d.pile_len; ++i)
            d.pile[i] = (uint8_t)row[14 + i];
        st = pintas_caminos_new_dealt(s, &rules, (uint64_t)g->setup[3], &d, ev,
                                      PINTAS_CAMINOS_MAX_EVENTS, &n);
    }
    if (st == PINTAS_OK)
        st = pintas_caminos_record_update(rec, ev, n);
    return st;
}

static void test_caminos_golden(void)
{
    size_t gi, decisions = 0;
    for (gi = 0; gi < sizeof CAMINOS_GAMES / sizeof CAMINOS_GAMES[0]; ++gi) {
        const golden_game *g = &CAMINOS_GAMES[gi];
        pintas_caminos_state s;
        pintas_caminos_record rec;
        pintas_mt mt[4];
        uint32_t i;
        for (i = 0; i < 4; ++i)
            pintas_mt_seed(&mt[i], g->seat[i][1]);
        if (!CHECK_EQ(caminos_start(g, &s, &rec), PINTAS_OK))
            continue;
        for (i = 0; i < g->steps; ++i) {
            const golden_step_caminos *step = &CAMINOS_STEPS[g->first + i];
            pintas_caminos_move want = {step->kind, step->tile, step->path, step->side}, got;
            pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
            pintas_caminos_view v;
            size_t n = 0;
            if (!CHECK_EQ(s.to_move, step->seat))
                break;
            CHECK_EQ(pintas_caminos_view_of(&s, &rec, step->seat, &v), PINTAS_OK);
            CHECK_EQ(v.info.hand, step->hand);
            if (!CHECK_EQ(caminos_view_hash(&v), step->view_hash))
                fprintf(stderr, "  caminos game %zu step %u\n", gi, (unsigned)i);
            if (step->decided) {
                ++decisions;
                memset(&got, 0xEE, sizeof got);
                CHECK_EQ(caminos_choose(g, step->seat, &v, &mt[step->seat], &got), PINTAS_OK);
                if (!CHECK(got.kind == want.kind && got.tile == want.tile &&
                           got.path == want.path && got.side == want.side))
                    fprintf(stderr, "  caminos game %zu step %u: chose %u %u %u %u, not %u %u %u %u\n",
                            gi, (unsigned)i, got.kind, got.tile, got.path, got.side, want.kind,
                            want.tile, want.path, want.side);
            }
            if (!CHECK_EQ(pintas_caminos_play(&s, &want, ev, PINTAS_CAMINOS_MAX_EVENTS, &n),
                          PINTAS_OK))
                break;
            CHECK_EQ(pintas_caminos_record_update(&rec, ev, n), PINTAS_OK);
        }
    }
    printf("caminos: %zu decisions\n", decisions);
}

/* ---- dice ----------------------------------------------------------------- */

static uint32_t dice_view_hash(const pintas_dice_view *v)
{
    uint32_t h = 0;
    unsigned i;
    h = mix(h, v->phase);
    h = mix(h, v->to_move);
    h = mix(h, v->dice_to_roll);
    h = mix(h, v->final_left);
    h = mix(h, v->winner);
    h = mix(h, v->last_roll_len);
    for (i = 0; i < 6; ++i)
        h = mix(h, i < v->last_roll_len ? v->last_roll[i] : 0u);
    h = mix(h, v->pool);
    for (i = 0; i < v->players; ++i)
        h = mix(h, (uint32_t)v->score[i]);
    return h;
}

/* The policy of the game's rules as the Python player solves it (the full
 * workspace, the default cap) and its book. */
typedef struct solved {
    void *workspace;
    const pintas_dice_policy *policy;
    uint8_t *book_bytes;
    pintas_dice_book book;
} solved;

static int solve(const pintas_dice_rules *r, solved *out)
{
    size_t size = pintas_dice_solve_workspace_size_full(r, 0), len = 0;
    memset(out, 0, sizeof *out);
    out->workspace = malloc(size);
    if (out->workspace == NULL ||
        pintas_dice_solve(r, 0, out->workspace, size, &out->policy) != PINTAS_OK)
        return 0;
    pintas_dice_policy_book(out->policy, NULL, 0, &len);
    out->book_bytes = malloc(len);
    return out->book_bytes != NULL &&
           pintas_dice_policy_book(out->policy, out->book_bytes, len, &len) == PINTAS_OK &&
           pintas_dice_book_open(&out->book, out->book_bytes, len) == PINTAS_OK;
}

static int same_dice_move(const pintas_dice_move *a, const pintas_dice_move *b)
{
    return a->kind == b->kind && a->keep == b->keep;
}

static size_t book_decisions, book_disagreements;

static int dice_choose(const golden_game *g, unsigned seat, const pintas_dice_view *v,
                       pintas_mt *mt, const solved *p, pintas_dice_move *out)
{
    const uint32_t *k = g->seat[seat];
    pintas_dice_move from_book;
    int st;
    if (k[0] == GOLDEN_RANDOM)
        return pintas_dice_random_choose(v, mt, out);
    if (k[0] == GOLDEN_THRESHOLD)
        return pintas_dice_threshold_choose(v, (int32_t)k[3], out);
    st = pintas_dice_optimal_choose(v, p->policy, (int)k[3], out);
    if (st == PINTAS_OK && out->kind == PINTAS_DICE_KEEP) {
        /* Policy.best_keep's answer is the player's keep */
        pintas_dice_keep keep;
        pintas_dice_set roll;
        double value = -1.0;
        CHECK_EQ(pintas_dice_set_from_values(v->last_roll, v->last_roll_len, &roll), PINTAS_OK);
        CHECK_EQ(pintas_dice_optimal_keep(p->policy, roll, v->pool, v->turn_total, &keep),
                 PINTAS_OK);
        CHECK_EQ(keep.keep, out->keep);
        CHECK_EQ(pintas_dice_optimal_keep_value(p->policy, v->pool, v->turn_total, &keep,
                                                &value), PINTAS_OK);
        CHECK(value >= 0.0);
    }
    /* the book's player, whose keep on an exact tie may be another */
    ++book_decisions;
    if (pintas_dice_book_choose(v, &p->book, (int)k[3], &from_book) != PINTAS_OK ||
        !same_dice_move(&from_book, out))
        ++book_disagreements;
    return st;
}

static void test_dice_golden(void)
{
    size_t gi, decisions = 0;
    for (gi = 0; gi < sizeof DICE_GAMES / sizeof DICE_GAMES[0]; ++gi) {
        const golden_game *g = &DICE_GAMES[gi];
        pintas_dice_rules rules;
        pintas_dice_state s;
        pintas_mt mt[4];
        solved p;
        uint32_t i;
        rules_of(PINTAS_FAMILY_DICE, g, &rules, sizeof rules);
        for (i = 0; i < 4; ++i)
            pintas_mt_seed(&mt[i], g->seat[i][1]);
        if (!CHECK(solve(&rules, &p)) ||
            !CHECK_EQ(pintas_dice_new(&s, &rules, (int)g->setup[7], 0, (uint64_t)g->setup[8]),
                      PINTAS_OK)) {
            free(p.workspace);
            free(p.book_bytes);
            continue;
        }
        for (i = 0; i < g->steps; ++i) {
            const golden_step_dice *step = &DICE_STEPS[g->first + i];
            pintas_dice_move want, got;
            pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
            pintas_dice_view v;
            size_t n = 0;
            memset(&want, 0, sizeof want);
            want.kind = step->kind;
            want.n = step->n;
            memcpy(want.values, step->values, sizeof want.values);
            want.keep = step->keep;
            if (!CHECK_EQ(s.to_move, step->seat))
                break;
            CHECK_EQ(pintas_dice_view_of(&s, step->seat, &v), PINTAS_OK);
            CHECK_EQ(v.turn_total, step->turn_total);
            if (!CHECK_EQ(dice_view_hash(&v), step->view_hash))
                fprintf(stderr, "  dice game %zu step %u\n", gi, (unsigned)i);
            if (step->decided) {
                ++decisions;
                memset(&got, 0xEE, sizeof got);
                CHECK_EQ(dice_choose(g, step->seat, &v, &mt[step->seat], &p, &got), PINTAS_OK);
                if (!CHECK(same_dice_move(&got, &want)))
                    fprintf(stderr, "  dice game %zu step %u: chose %u %x, not %u %x\n", gi,
                            (unsigned)i, got.kind, (unsigned)got.keep, want.kind,
                            (unsigned)want.keep);
            }
            if (!CHECK_EQ(pintas_dice_play(&s, &want, ev, PINTAS_DICE_MAX_EVENTS, &n), PINTAS_OK))
                break;
        }
        free(p.workspace);
        free(p.book_bytes);
    }
    printf("dice: %zu decisions; the book's player disagreed on %zu of %zu\n", decisions,
           book_disagreements, book_decisions);
}

/* ---- what a view hides, and the statuses -------------------------------- */

/* Move one hidden tile from seat a's hand to seat b's and one back, so that
 * both keep their sizes: a view of any other seat must not change. */
static int swap_hidden(pintas_mask *a, pintas_mask *b)
{
    pintas_mask from_a = *a & (0u - *a), from_b = *b & (0u - *b);
    if (from_a == 0 || from_b == 0)
        return 0;
    *a = (*a & ~from_a) | from_b;
    *b = (*b & ~from_b) | from_a;
    return 1;
}

/* 1 if *pub is a public view (no seat, no hand, no secret) and the seat
 * view *v agrees with it on every other field. */
static int line_public_agrees(const pintas_line_view *v, const pintas_line_view *pub)
{
    pintas_line_view seen = *v;
    seen.info.seat = PINTAS_NO_SEAT;
    seen.info.hand = 0;
    seen.info.forced_tile = PINTAS_NO_TILE;
    return memcmp(&seen, pub, sizeof seen) == 0;
}

static int caminos_public_agrees(const pintas_caminos_view *v, const pintas_caminos_view *pub)
{
    pintas_caminos_view seen = *v;
    unsigned me = v->info.seat;
    seen.info.seat = PINTAS_NO_SEAT;
    seen.info.hand = 0;
    seen.info.known[me] = pub->info.known[me]; /* its own reveals, which it holds */
    seen.my_choice = PINTAS_NO_TILE;
    return memcmp(&seen, pub, sizeof seen) == 0 &&
           (pub->info.known[me] & ~v->info.hand) == 0;
}

static void test_line_hides(void)
{
    pintas_line_rules rules;
    pintas_line_state s, other;
    pintas_line_record rec;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_view v, w;
    pintas_line_move m;
    pintas_mt mt;
    size_t n = 0, i;
    pintas_mt_seed(&mt, 3);
    pintas_line_rules_preset(&rules, PINTAS_LINE_MUGGINS, 3, 0);
    pintas_line_record_clear(&rec);
    CHECK_EQ(pintas_line_new(&s, &rules, 9, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    pintas_line_record_update(&rec, ev, n);
    for (i = 0; i < 6; ++i) {
        pintas_line_view_of(&s, &rec, s.to_move, &v);
        CHECK_EQ(pintas_line_random_choose(&v, &mt, &m), PINTAS_OK);
        CHECK_EQ(pintas_line_play(&s, &m, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
        pintas_line_record_update(&rec, ev, n);
    }
    for (i = 0; i < 3; ++i) {
        unsigned a = (unsigned)(i + 1) % 3, b = (unsigned)(i + 2) % 3;
        uint8_t t;
        other = s;
        CHECK(swap_hidden(&other.hand[a], &other.hand[b]));
        t = other.boneyard[other.bone_pos];
        other.boneyard[other.bone_pos] = other.boneyard[other.bone_len - 1];
        other.boneyard[other.bone_len - 1] = t;
        other.rng.state ^= 1u;
        CHECK_EQ(pintas_line_view_of(&s, &rec, (int)i, &v), PINTAS_OK);
        CHECK_EQ(pintas_line_view_of(&other, &rec, (int)i, &w), PINTAS_OK);
        CHECK(memcmp(&v, &w, sizeof v) == 0);
        /* the public view: the same whatever any seat holds, and as each seat sees */
        CHECK_EQ(pintas_line_view_public(&other, &rec, &w), PINTAS_OK);
        CHECK(line_public_agrees(&v, &w));
        CHECK_EQ(pintas_line_view_public(&s, &rec, &v), PINTAS_OK);
        CHECK(memcmp(&v, &w, sizeof v) == 0);
        CHECK(v.info.hand == 0 && v.info.seat == PINTAS_NO_SEAT);
    }
    /* nobody chooses from the public view, which has no legal moves */
    CHECK_EQ(pintas_line_greedy_choose(&v, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_suit_choose(&v, NULL, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_random_choose(&v, &mt, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_view_legal(&v, &m, PINTAS_LINE_MAX_MOVES, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_view_public(NULL, &rec, &v), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_view_public(&s, NULL, &v), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_view_public(&s, &rec, NULL), PINTAS_E_ARG);
    /* statuses: another seat to move, the game over, NULL */
    pintas_line_view_of(&s, &rec, (s.to_move + 1) % 3, &v);
    CHECK_EQ(pintas_line_greedy_choose(&v, &m), PINTAS_E_ILLEGAL);
    CHECK_EQ(pintas_line_suit_choose(&v, NULL, &m), PINTAS_E_ILLEGAL);
    CHECK_EQ(pintas_line_random_choose(&v, &mt, &m), PINTAS_E_ILLEGAL);
    CHECK_EQ(pintas_line_view_legal(&v, &m, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
    CHECK_EQ(n, 0);
    v.over = 1;
    CHECK_EQ(pintas_line_greedy_choose(&v, &m), PINTAS_E_OVER);
    v.info.seat = 9;
    CHECK_EQ(pintas_line_greedy_choose(&v, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_greedy_choose(NULL, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_view_of(&s, &rec, 3, &v), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_view_of(NULL, &rec, 0, &v), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_record_update(NULL, ev, 1), PINTAS_E_ARG);
    rec.len = PINTAS_LINE_INFO_MAX_LOG + 1;
    CHECK_EQ(pintas_line_view_of(&s, &rec, 0, &v), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_view_public(&s, &rec, &v), PINTAS_E_ARG);
}

/* Dominican's first round: the leader alone is told its forced 6|6; the
 * public view is not. */
static void test_line_public_forced_tile(void)
{
    pintas_line_rules rules;
    pintas_line_state s;
    pintas_line_record rec;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_view v, pub;
    size_t n = 0;
    pintas_line_rules_preset(&rules, PINTAS_LINE_DOMINICAN, 4, 1);
    pintas_line_record_clear(&rec);
    CHECK_EQ(pintas_line_new(&s, &rules, 5, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    pintas_line_record_update(&rec, ev, n);
    CHECK_EQ(pintas_line_view_of(&s, &rec, s.leader, &v), PINTAS_OK);
    CHECK(v.info.forced_tile < PINTAS_TILE_COUNT);
    CHECK_EQ(pintas_line_view_public(&s, &rec, &pub), PINTAS_OK);
    CHECK_EQ(pub.info.forced_tile, PINTAS_NO_TILE);
    CHECK(line_public_agrees(&v, &pub));
}

static void test_caminos_hides(void)
{
    pintas_caminos_rules rules;
    pintas_caminos_state s, other;
    pintas_caminos_record rec;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    pintas_caminos_view v, w;
    pintas_caminos_move m;
    size_t n = 0, i;
    pintas_caminos_rules_preset(&rules, PINTAS_CAMINOS_BASE, 3);
    CHECK_EQ(pintas_caminos_record_start(&rec, &rules), PINTAS_OK);
    CHECK_EQ(pintas_caminos_new(&s, &rules, 4, ev, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_OK);
    pintas_caminos_record_update(&rec, ev, n);
    /* seat 0 chooses its reveal: its choice is its own secret */
    pintas_caminos_view_of(&s, &rec, 0, &v);
    CHECK_EQ(pintas_caminos_greedy_choose(&v, &m), PINTAS_OK);
    CHECK_EQ(pintas_caminos_play(&s, &m, ev, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_OK);
    pintas_caminos_record_update(&rec, ev, n);
    for (i = 1; i < 3; ++i) {
        /* seat 0's secret choice, the hands of the two other seats and the
         * pile's order change: seat i sees nothing of it */
        pintas_mask keep = PINTAS_BIT(s.choice[0]), mine, theirs;
        other = s;
        other.choice[0] = (uint8_t)pintas_lowest_bit(s.hand[0] & ~keep);
        mine = other.hand[0] & ~keep;
        theirs = other.hand[3 - i];
        CHECK(swap_hidden(&mine, &theirs));
        other.hand[0] = mine | keep;
        other.hand[3 - i] = theirs;
        other.choice[0] = (uint8_t)pintas_lowest_bit(other.hand[0]);
        other.pile[0] = s.pile[1];
        other.pile[1] = s.pile[0];
        CHECK_EQ(pintas_caminos_view_of(&s, &rec, (int)i, &v), PINTAS_OK);
        CHECK_EQ(pintas_caminos_view_of(&other, &rec, (int)i, &w), PINTAS_OK);
        CHECK(memcmp(&v, &w, sizeof v) == 0);
        CHECK_EQ(v.my_choice, PINTAS_NO_TILE);
        CHECK_EQ(v.chosen, 1);
        /* the public view: seat 0's choice, the hands and the pile unseen */
        CHECK_EQ(pintas_caminos_view_public(&s, &rec, &v), PINTAS_OK);
        CHECK_EQ(pintas_caminos_view_public(&other, &rec, &w), PINTAS_OK);
        CHECK(memcmp(&v, &w, sizeof v) == 0);
        CHECK(v.info.hand == 0 && v.info.seat == PINTAS_NO_SEAT && v.my_choice == PINTAS_NO_TILE);
    }
    for (i = 0; i < 3; ++i) {
        CHECK_EQ(pintas_caminos_view_of(&s, &rec, (int)i, &w), PINTAS_OK);
        CHECK(caminos_public_agrees(&w, &v));
    }
    CHECK_EQ(pintas_caminos_greedy_choose(&v, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_suit_choose(&v, NULL, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_view_legal(&v, &m, PINTAS_CAMINOS_MAX_MOVES, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_view_public(NULL, &rec, &v), PINTAS_E_ARG);
    pintas_caminos_view_of(&s, &rec, 2, &v);
    CHECK_EQ(pintas_caminos_suit_choose(&v, NULL, &m), PINTAS_E_ILLEGAL);
    v.phase = PINTAS_CAMINOS_OVER;
    CHECK_EQ(pintas_caminos_greedy_choose(&v, &m), PINTAS_E_OVER);
    CHECK_EQ(pintas_caminos_view_of(&s, &rec, 3, &v), PINTAS_E_ARG);
    rules.players = 2;
    pintas_caminos_record_start(&rec, &rules);
    CHECK_EQ(pintas_caminos_view_of(&s, &rec, 0, &v), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_view_public(&s, &rec, &v), PINTAS_E_ARG);
}

/* Dice hide nothing: the public view is any seat's with no seat, and no
 * player chooses from it. */
static void test_dice_public(void)
{
    pintas_dice_rules rules;
    pintas_dice_state s;
    pintas_dice_view v, pub;
    pintas_dice_move m;
    pintas_mt mt;
    uint8_t obs[PINTAS_DICE_OBS_SIZE], key[PINTAS_DICE_KEY_MAX];
    size_t len = 0;
    pintas_mt_seed(&mt, 1);
    pintas_dice_rules_farkle(&rules);
    CHECK_EQ(pintas_dice_new(&s, &rules, 3, 0, 7), PINTAS_OK);
    CHECK_EQ(pintas_dice_view_public(&s, &pub), PINTAS_OK);
    CHECK_EQ(pub.seat, PINTAS_DICE_NO_PLAYER);
    CHECK_EQ(pintas_dice_view_of(&s, 1, &v), PINTAS_OK);
    v.seat = PINTAS_DICE_NO_PLAYER;
    CHECK(memcmp(&v, &pub, sizeof v) == 0);
    CHECK_EQ(pintas_dice_random_choose(&pub, &mt, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_observe(&pub, obs, sizeof obs), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_view_key(&pub, key, sizeof key, &len), PINTAS_OK);
    CHECK_EQ(pintas_dice_view_public(NULL, &pub), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_view_public(&s, NULL), PINTAS_E_ARG);
}

int main(void)
{
    test_line_golden();
    test_caminos_golden();
    test_dice_golden();
    test_line_hides();
    test_line_public_forced_tile();
    test_caminos_hides();
    test_dice_public();
    return check_summary();
}
