/* test_actions.c - the actions of pintas/actions.h, through the engine tables
 * for every preset: every action names one move and back (a bijection onto
 * the moves the game can name), the mask marks exactly the listed legal
 * moves (every action check() accepts, but the twin of a listed placement that
 * makes the same position), playing an
 * action is playing its move (the same events and state), and every bad
 * argument is refused with the mask untouched. */
#include <string.h>

#include "check.h"
#include "pintas/pintas.h"
#include "presets.h"

#define GAMES 6
#define MOVES_A_GAME 4000

static pintas_save_state state, twin;
static pintas_engine_events ev, ev_twin;

/* Start game `seed` of *p into *s. */
static int start(const preset *p, void *s, uint64_t seed)
{
    size_t n = 0;
    return preset_start(p, s, seed, &ev, &n);
}

/* Every action names a move that names the action back; out of range is refused. */
static void check_numbering(const pintas_engine *e)
{
    pintas_engine_move m;
    int a;
    for (a = 0; a < e->actions; ++a) {
        if (!CHECK_EQ(e->action_move(a, &m), PINTAS_OK))
            return;
        CHECK_EQ(e->action(&m), a);
    }
    CHECK_EQ(e->action_move(-1, &m), PINTAS_E_ARG);
    CHECK_EQ(e->action_move(e->actions, &m), PINTAS_E_ARG);
    CHECK_EQ(e->action_move(0, NULL), PINTAS_E_ARG);
    CHECK_EQ(e->action(NULL), PINTAS_E_ARG);
    CHECK(e->actions <= PINTAS_MAX_ACTIONS);
}

/* 1 if action a is the second of two placements that may make one position
 * (a line game's RIGHT on ends alike, Caminos' BACK of a double centre with
 * both sides empty), which legal() lists once, as the first (a - 1). */
static int is_twin(const pintas_engine *e, int a)
{
    if (e == &pintas_line_engine)
        return (a & 1) && a < 56;
    return e == &pintas_caminos_engine && (a & 1) && a < 448;
}

/* At this state: the mask is the actions whose moves check() accepts (but
 * the twin placements legal() leaves out: accepted, not marked), and their
 * count; then one legal action, chosen by `pick`, is played through
 * play_action on *s and through play on the twin, alike. 0 once over. */
static int check_state(const pintas_engine *e, void *s, void *t, unsigned pick)
{
    uint8_t mask[PINTAS_MAX_ACTIONS + 1];
    pintas_engine_move m;
    size_t n = 0, legal = 0, n_ev = 0, n_twin = 0;
    int a, chosen = -1;
    mask[e->actions] = 0xA5; /* past the game's actions: never written */
    if (!CHECK_EQ(e->legal_mask(s, mask, e->actions, &n), PINTAS_OK))
        return 0;
    CHECK_EQ(mask[e->actions], 0xA5);
    for (a = 0; a < e->actions; ++a) {
        e->action_move(a, &m);
        if (mask[a])
            CHECK_EQ(e->check(s, &m), PINTAS_OK);
        else if (e->check(s, &m) == PINTAS_OK) /* only the twin of a marked placement */
            CHECK(is_twin(e, a) && mask[a - 1]);
        if (mask[a] && legal++ == pick % (n ? n : 1))
            chosen = a;
    }
    CHECK_EQ(legal, n);
    if (n == 0)
        return 0;
    e->action_move(chosen, &m);
    CHECK_EQ(e->play_action(s, chosen, &ev, e->max_events, &n_ev), PINTAS_OK);
    CHECK_EQ(e->play(t, &m, &ev_twin, e->max_events, &n_twin), PINTAS_OK);
    CHECK(n_ev == n_twin && memcmp(&ev, &ev_twin, n_ev * e->event_size) == 0);
    CHECK(memcmp(s, t, e->state_size) == 0);
    return 1;
}

static void check_refusals(const pintas_engine *e, void *s)
{
    uint8_t mask[PINTAS_MAX_ACTIONS];
    size_t n = 7;
    memset(mask, 0x5A, sizeof mask);
    CHECK_EQ(e->legal_mask(NULL, mask, sizeof mask, &n), PINTAS_E_ARG);
    CHECK_EQ(e->legal_mask(s, NULL, sizeof mask, &n), PINTAS_E_ARG);
    CHECK_EQ(e->legal_mask(s, mask, sizeof mask, NULL), PINTAS_E_ARG);
    CHECK_EQ(e->legal_mask(s, mask, (size_t)e->actions - 1, &n), PINTAS_E_BUFFER);
    CHECK(mask[0] == 0x5A && mask[e->actions - 1] == 0x5A && n == 7);
    CHECK_EQ(e->play_action(s, -1, &ev, e->max_events, &n), PINTAS_E_ARG);
    CHECK_EQ(e->play_action(s, e->actions, &ev, e->max_events, &n), PINTAS_E_ARG);
}

static void check_preset(const preset *p)
{
    const pintas_engine *e = p->engine;
    uint64_t seed;
    check_numbering(e);
    for (seed = 1; seed <= GAMES; ++seed) {
        int moves = 0;
        if (!CHECK_EQ(start(p, &state, seed), PINTAS_OK))
            fprintf(stderr, "  %s preset, players %d\n", e->name, p->players);
        memcpy(&twin, &state, e->state_size);
        if (seed == 1)
            check_refusals(e, &state);
        while (moves < MOVES_A_GAME && check_state(e, &state, &twin, (unsigned)(seed * 7 + moves)))
            ++moves;
        CHECK(moves < MOVES_A_GAME); /* the game ended: the mask of an ended game is empty */
    }
}

/* Moves that are no move of their game have no action. */
static void check_malformed(void)
{
    pintas_line_move lm = {PINTAS_MOVE_PLAY, PINTAS_TILE_COUNT, 0};
    pintas_caminos_move cm = {PINTAS_CAMINOS_PLACE, 3, PINTAS_CAMINOS_MAX_PATHS, 0};
    pintas_dice_move dm;
    CHECK_EQ(pintas_line_action(&lm), PINTAS_E_ARG);
    lm.tile = 0;
    lm.end = 2;
    CHECK_EQ(pintas_line_action(&lm), PINTAS_E_ARG);
    lm.kind = 9;
    CHECK_EQ(pintas_line_action(&lm), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_action(&cm), PINTAS_E_ARG);
    cm.path = 0;
    cm.side = 2;
    CHECK_EQ(pintas_caminos_action(&cm), PINTAS_E_ARG);
    cm.kind = PINTAS_CAMINOS_REVEAL;
    cm.tile = PINTAS_NO_TILE;
    CHECK_EQ(pintas_caminos_action(&cm), PINTAS_E_ARG);
    memset(&dm, 0, sizeof dm);
    dm.kind = PINTAS_DICE_ROLL_GIVEN; /* chance, not a decision */
    CHECK_EQ(pintas_dice_action(&dm), PINTAS_E_ARG);
    dm.kind = PINTAS_DICE_KEEP; /* keeping nothing */
    CHECK_EQ(pintas_dice_action(&dm), PINTAS_E_ARG);
    dm.keep = 7u * PINTAS_DICE_SET_ONE(1); /* seven dice */
    CHECK_EQ(pintas_dice_action(&dm), PINTAS_E_ARG);
    /* the fixed numbers a learner's network is built on */
    lm.kind = PINTAS_MOVE_PASS;
    CHECK_EQ(pintas_line_action(&lm), 57);
    dm.kind = PINTAS_DICE_BANK;
    CHECK_EQ(pintas_dice_action(&dm), 1);
}

int main(void)
{
    static preset presets[PRESETS_MAX];
    size_t i, n = presets_all(presets);
    for (i = 0; i < n; ++i)
        check_preset(&presets[i]);
    check_malformed();
    return check_summary();
}
