/* fuzz_engine_load.c - the engine tables' load (engine.c) on any bytes: the
 * first byte picks the table (line, Caminos, dice), the rest is the image.
 *
 * Refused bytes leave the state untouched. A loaded state saves back to the
 * same bytes through the table; its status agrees with its turn (the seat to
 * move, or over with winners); for the tile games every move the table lists
 * passes the table's check and plays, and the state it leaves loads again.
 */
#include "games.h"

typedef union any_state {
    pintas_line_state line;
    pintas_caminos_state caminos;
    pintas_dice_state dice;
} any_state;

/* The status and the turn tell the same. */
static void check_status(const pintas_engine *e, const any_state *s)
{
    pintas_engine_status st;
    int turn = e->turn(s);
    FUZZ_CHECK(e->status(s, &st) == PINTAS_OK);
    FUZZ_CHECK(st.sides >= 1 && st.sides <= PINTAS_ENGINE_MAX_SIDES && st.seats >= 1);
    if (st.over) {
        FUZZ_CHECK(turn == -1 && st.to_move == PINTAS_NO_SEAT && st.winners != 0);
        FUZZ_CHECK((st.winners >> st.sides) == 0);
    } else if (e->pending(s)) { /* an external chance event */
        FUZZ_CHECK(turn == PINTAS_TURN_CHANCE && st.to_move == PINTAS_CHANCE_SEAT &&
                   st.winners == 0);
    } else {
        FUZZ_CHECK(turn >= 0 && turn == st.to_move && turn < st.seats && st.winners == 0);
    }
}

/* Through the table: save, load back, save again: the same bytes. */
static void check_round_trip(const pintas_engine *e, const any_state *s)
{
    uint8_t a[PINTAS_CAMINOS_SAVE_SIZE], b[PINTAS_CAMINOS_SAVE_SIZE];
    any_state back;
    FUZZ_CHECK(e->save_size <= sizeof a);
    FUZZ_CHECK(e->save(s, a, sizeof a) == PINTAS_OK);
    FUZZ_CHECK(e->load(&back, a, e->save_size) == PINTAS_OK);
    FUZZ_CHECK(e->save(&back, b, sizeof b) == PINTAS_OK);
    FUZZ_CHECK(memcmp(a, b, e->save_size) == 0);
}

static void check_moves(const pintas_engine *e, const any_state *s)
{
    pintas_engine_moves moves;
    pintas_engine_events ev;
    size_t n = 0, i, n_ev;
    if (e->legal == NULL)
        return;
    FUZZ_CHECK(e->legal(s, &moves, e->max_moves, &n) == PINTAS_OK);
    FUZZ_CHECK(n <= e->max_moves);
    for (i = 0; i < n; ++i) {
        const uint8_t *m = moves.bytes + i * e->move_size;
        any_state t = *s;
        FUZZ_CHECK(e->check(s, m) == PINTAS_OK);
        FUZZ_CHECK(e->play(&t, m, &ev, e->max_events, &n_ev) == PINTAS_OK);
        FUZZ_CHECK((n_ev >= 1 || e->pending(&t)) && n_ev <= e->max_events);
        check_round_trip(e, &t);
        check_status(e, &t);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const pintas_engine *const tables[3] = {&pintas_line_engine, &pintas_caminos_engine,
                                                   &pintas_dice_engine};
    const pintas_engine *e;
    any_state s, before;
    uint8_t again[PINTAS_CAMINOS_SAVE_SIZE];
    int status;
    if (size < 1)
        return 0;
    e = tables[data[0] % 3u];
    FUZZ_CHECK(e->state_size <= sizeof s);
    memset(&s, FUZZ_PATTERN, sizeof s);
    before = s;
    status = e->load(&s, data + 1, size - 1);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_CORRUPT || status == PINTAS_E_VERSION);
        FUZZ_CHECK(memcmp(&s, &before, sizeof s) == 0);
        return 0;
    }
    FUZZ_CHECK(size - 1 == e->save_size);
    FUZZ_CHECK(e->save(&s, again, sizeof again) == PINTAS_OK);
    FUZZ_CHECK(memcmp(again, data + 1, e->save_size) == 0);
    check_status(e, &s);
    check_moves(e, &s);
    return 0;
}
