/* games.h - the invariants the harnesses check on every game's state, and
 * rules read from the fuzzer's bytes.
 *
 * A state is *sound* when the engine's own loader takes its save, the loaded
 * state saves to the very same bytes, and every tile is in exactly one place
 * (read here from the public fields, independently of the loader).
 */
#ifndef PINTAS_FUZZ_GAMES_H
#define PINTAS_FUZZ_GAMES_H

#include "fuzz.h"

#define FUZZ_ALL_TILES PINTAS_ALL_TILES

/* Adds the tiles of m to *seen; 0 if one was there already or is no tile. */
static inline int fuzz_add_tiles(pintas_mask *seen, pintas_mask m)
{
    if ((*seen & m) || (m & ~FUZZ_ALL_TILES))
        return 0;
    *seen |= m;
    return 1;
}

/* ---- line games ---------------------------------------------------------- */

/* Every tile once: hands, aside, the boneyard still to draw, the line. */
static inline int fuzz_line_conserved(const pintas_line_state *s)
{
    pintas_mask seen = 0;
    unsigned i;
    for (i = 0; i < PINTAS_LINE_MAX_SEATS; ++i)
        if (!fuzz_add_tiles(&seen, s->hand[i]))
            return 0;
    if (!fuzz_add_tiles(&seen, s->aside) || s->bone_len > PINTAS_TILE_COUNT ||
        s->line_len > PINTAS_TILE_COUNT)
        return 0;
    for (i = s->bone_pos; i < s->bone_len; ++i)
        if (s->boneyard[i] >= PINTAS_TILE_COUNT ||
            !fuzz_add_tiles(&seen, PINTAS_BIT(s->boneyard[i])))
            return 0;
    for (i = 0; i < s->line_len; ++i)
        if ((s->line[i] & 0x7Fu) >= PINTAS_TILE_COUNT ||
            !fuzz_add_tiles(&seen, PINTAS_BIT(s->line[i] & 0x7Fu)))
            return 0;
    /* (a deal by external chance under way: the tiles not dealt yet are nowhere) */
    return seen == FUZZ_ALL_TILES || s->pending == PINTAS_LINE_CHANCE_DEAL;
}

/* The loader takes the state's save, the loaded state saves to the same
 * bytes, and the tiles are conserved. */
static inline void fuzz_line_sound(const pintas_line_state *s)
{
    uint8_t a[PINTAS_LINE_SAVE_SIZE], b[PINTAS_LINE_SAVE_SIZE];
    pintas_line_state back;
    FUZZ_CHECK(pintas_line_save(s, a, sizeof a) == PINTAS_OK);
    FUZZ_CHECK(pintas_line_load(&back, a, sizeof a) == PINTAS_OK);
    FUZZ_CHECK(pintas_line_save(&back, b, sizeof b) == PINTAS_OK);
    FUZZ_CHECK(memcmp(a, b, sizeof a) == 0);
    FUZZ_CHECK(fuzz_line_conserved(s));
}

/* Rules from the input: a preset (game, players, pairs), then maybe some
 * options changed; what the check refuses falls back to the preset. */
static inline void fuzz_line_rules(fuzz_bytes *b, void *out)
{
    pintas_line_rules *r = out;
    static const int configs[11][3] = {{0, 2, 0}, {0, 3, 0}, {0, 4, 0}, {1, 2, 0},
                                       {1, 3, 0}, {1, 4, 0}, {1, 4, 1}, {2, 4, 1},
                                       {2, 4, 0}, {2, 3, 0}, {2, 2, 0}};
    unsigned pick = fuzz_u8(b);
    const int *c = configs[(pick & 0x7Fu) % 11u];
    pintas_line_rules t;
    FUZZ_CHECK(pintas_line_rules_preset(r, c[0], c[1], c[2]) == PINTAS_OK);
    if (!(pick & 0x80u))
        return;
    t = *r;
    t.redeal_doubles = (uint8_t)(fuzz_u8(b) & 7u);
    t.block_scoring = (uint8_t)(fuzz_u8(b) & 1u);
    t.tranque = (uint8_t)(fuzz_u8(b) & 1u);
    t.capicua = (uint8_t)(fuzz_u8(b) & 1u);
    t.target = (uint16_t)(1u + fuzz_below(b, 400));
    t.pass_points = (uint16_t)fuzz_below(b, 6);
    t.capicua_bonus = (uint16_t)fuzz_below(b, 60);
    t.pase_corrido_bonus = (uint16_t)fuzz_below(b, 60);
    t.pase_de_salida_bonus = (uint16_t)fuzz_below(b, 60);
    if (pintas_line_rules_check(&t) == PINTAS_OK)
        *r = t;
}

/* ---- Caminos ------------------------------------------------------------- */

/* Every tile once: hands, the pile, the paths, the discard (or nowhere yet,
 * mid-deal). */
static inline int fuzz_caminos_conserved(const pintas_caminos_state *s)
{
    pintas_mask seen = 0;
    unsigned i;
    for (i = 0; i < PINTAS_CAMINOS_MAX_SEATS; ++i)
        if (!fuzz_add_tiles(&seen, s->hand[i]))
            return 0;
    if (!fuzz_add_tiles(&seen, s->discard) || s->pile_len > PINTAS_TILE_COUNT)
        return 0;
    for (i = 0; i < s->pile_len; ++i)
        if (s->pile[i] >= PINTAS_TILE_COUNT || !fuzz_add_tiles(&seen, PINTAS_BIT(s->pile[i])))
            return 0;
    for (i = 0; i < PINTAS_CAMINOS_MAX_PATHS; ++i)
        if (!fuzz_add_tiles(&seen, pintas_caminos_path_tiles(s, (int)i)))
            return 0;
    /* (a deal by external chance under way: the tiles not dealt yet are nowhere) */
    return seen == FUZZ_ALL_TILES || s->pending == PINTAS_CAMINOS_CHANCE_DEAL;
}

static inline void fuzz_caminos_sound(const pintas_caminos_state *s)
{
    uint8_t a[PINTAS_CAMINOS_SAVE_SIZE], b[PINTAS_CAMINOS_SAVE_SIZE];
    pintas_caminos_state back;
    FUZZ_CHECK(pintas_caminos_save(s, a, sizeof a) == PINTAS_OK);
    FUZZ_CHECK(pintas_caminos_load(&back, a, sizeof a) == PINTAS_OK);
    FUZZ_CHECK(pintas_caminos_save(&back, b, sizeof b) == PINTAS_OK);
    FUZZ_CHECK(memcmp(a, b, sizeof a) == 0);
    FUZZ_CHECK(fuzz_caminos_conserved(s));
}

/* Rules from the input: a preset (variant, players), maybe reshaped; what
 * the check refuses falls back to the preset. */
static inline void fuzz_caminos_rules(fuzz_bytes *b, void *out)
{
    pintas_caminos_rules *r = out;
    unsigned pick = fuzz_u8(b);
    pintas_caminos_rules t;
    FUZZ_CHECK(pintas_caminos_rules_preset(r, (int)(pick % 3u), 2 + (int)(pick / 3u % 3u)) ==
               PINTAS_OK);
    if (!(pick & 0x80u))
        return;
    t = *r;
    t.paths = (uint8_t)(1u + fuzz_below(b, PINTAS_CAMINOS_MAX_PATHS));
    t.hand_size = (uint8_t)(1u + fuzz_below(b, PINTAS_CAMINOS_MAX_HAND));
    t.side_tiles = (uint8_t)(1u + fuzz_below(b, PINTAS_CAMINOS_MAX_SIDE));
    t.full_path = (uint8_t)fuzz_below(b, 3);
    t.rounds = (uint8_t)(1u + fuzz_below(b, 4));
    if (pintas_caminos_rules_check(&t) == PINTAS_OK)
        *r = t;
}

/* The two checks above for a state the engine table hands over untyped. */
static inline void fuzz_line_sound_any(const void *s)
{
    fuzz_line_sound((const pintas_line_state *)s);
}

static inline void fuzz_caminos_sound_any(const void *s)
{
    fuzz_caminos_sound((const pintas_caminos_state *)s);
}

/* ---- dice ---------------------------------------------------------------- */

static inline void fuzz_dice_sound(const pintas_dice_state *s)
{
    uint8_t a[PINTAS_DICE_SAVE_SIZE], b[PINTAS_DICE_SAVE_SIZE];
    pintas_dice_state back;
    FUZZ_CHECK(pintas_dice_save(s, a, sizeof a) == PINTAS_OK);
    FUZZ_CHECK(pintas_dice_load(&back, a, sizeof a) == PINTAS_OK);
    FUZZ_CHECK(pintas_dice_save(&back, b, sizeof b) == PINTAS_OK);
    FUZZ_CHECK(memcmp(a, b, sizeof a) == 0);
}

/* Rules from the input: a preset, maybe with its options changed; what the
 * check refuses falls back to the preset. */
static inline void fuzz_dice_rules(fuzz_bytes *b, void *out)
{
    pintas_dice_rules *r = out;
    unsigned pick = fuzz_u8(b);
    pintas_dice_rules t;
    if (pick & 1u)
        FUZZ_CHECK(pintas_dice_rules_farkle(r) == PINTAS_OK);
    else
        FUZZ_CHECK(pintas_dice_rules_dice_of_doom(r) == PINTAS_OK);
    if (!(pick & 0x80u))
        return;
    t = *r;
    t.target = (int32_t)(1u + fuzz_below(b, 20000));
    t.combine_kept = (uint8_t)(fuzz_u8(b) & 1u);
    t.doom = (uint8_t)(fuzz_u8(b) & 1u);
    t.doom_loses = (uint8_t)(t.doom ? fuzz_u8(b) & 1u : 0u);
    t.hot_dice = (uint8_t)(fuzz_u8(b) & 1u);
    t.final_round = (uint8_t)(fuzz_u8(b) & 1u);
    if (pintas_dice_rules_check(&t) == PINTAS_OK)
        *r = t;
}

/* ---- every chance outcome of a state (external chance) -------------------- */

/* Every outcome chance_outcomes() lists plays, leaving a sound state; the
 * probabilities add up to 1; none is listed unless a chance event is
 * pending; an outcome not listed is refused. */
#define FUZZ_EVERY_OUTCOME(game, GAME, s)                                                    \
    do {                                                                                     \
        uint16_t codes_[PINTAS_MAX_CHANCE_OUTCOMES];                                         \
        uint32_t num_[PINTAS_MAX_CHANCE_OUTCOMES], den_ = 0, sum_ = 0;                       \
        pintas_##game##_event ev_[PINTAS_##GAME##_MAX_EVENTS];                               \
        size_t n_ = 0, i_, n_ev_;                                                            \
        FUZZ_CHECK(pintas_##game##_chance_outcomes(s, codes_, num_, &den_,                   \
                                                   PINTAS_MAX_CHANCE_OUTCOMES,               \
                                                   &n_) == PINTAS_OK);                       \
        FUZZ_CHECK(pintas_##game##_chance_pending(s) ? n_ >= 1 : n_ == 0);                   \
        for (i_ = 0; i_ < n_; ++i_) {                                                        \
            pintas_##game##_state t_ = *s;                                                   \
            sum_ += num_[i_];                                                                \
            FUZZ_CHECK(i_ == 0 || codes_[i_] > codes_[i_ - 1]);                              \
            FUZZ_CHECK(pintas_##game##_play_chance(&t_, codes_[i_], ev_,                     \
                                                   PINTAS_##GAME##_MAX_EVENTS,               \
                                                   &n_ev_) == PINTAS_OK);                    \
            FUZZ_CHECK(n_ev_ <= PINTAS_##GAME##_MAX_EVENTS);                                 \
            fuzz_##game##_sound(&t_);                                                        \
        }                                                                                    \
        FUZZ_CHECK(n_ == 0 || sum_ == den_);                                                 \
    } while (0)

/* ---- every legal move of a state ------------------------------------------ */

/* Every move legal() lists passes check() and plays, leaving a sound state;
 * none is listed once the game is over or while a chance event is pending,
 * at least one before; a move writes an event, unless it leaves a chance
 * event pending (a draw or a roll of external chance). */
static inline void fuzz_line_every_move(const pintas_line_state *s)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0, i, n_ev;
    FUZZ_CHECK(pintas_line_legal(s, moves, PINTAS_LINE_MAX_MOVES, &n) == PINTAS_OK);
    FUZZ_CHECK(s->phase == PINTAS_LINE_OVER || pintas_line_chance_pending(s) ? n == 0 : n >= 1);
    for (i = 0; i < n; ++i) {
        pintas_line_state t = *s;
        FUZZ_CHECK(pintas_line_check(s, &moves[i]) == PINTAS_OK);
        FUZZ_CHECK(pintas_line_play(&t, &moves[i], ev, PINTAS_LINE_MAX_EVENTS, &n_ev) ==
                   PINTAS_OK);
        FUZZ_CHECK((n_ev >= 1 || pintas_line_chance_pending(&t)) &&
                   n_ev <= PINTAS_LINE_MAX_EVENTS);
        fuzz_line_sound(&t);
    }
    FUZZ_EVERY_OUTCOME(line, LINE, s);
}

static inline void fuzz_caminos_every_move(const pintas_caminos_state *s)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n = 0, i, n_ev;
    FUZZ_CHECK(pintas_caminos_legal(s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) == PINTAS_OK);
    FUZZ_CHECK(s->phase == PINTAS_CAMINOS_OVER || pintas_caminos_chance_pending(s) ? n == 0
                                                                                 : n >= 1);
    for (i = 0; i < n; ++i) {
        pintas_caminos_state t = *s;
        FUZZ_CHECK(pintas_caminos_check(s, &moves[i]) == PINTAS_OK);
        FUZZ_CHECK(pintas_caminos_play(&t, &moves[i], ev, PINTAS_CAMINOS_MAX_EVENTS, &n_ev) ==
                   PINTAS_OK);
        FUZZ_CHECK((n_ev >= 1 || pintas_caminos_chance_pending(&t)) &&
                   n_ev <= PINTAS_CAMINOS_MAX_EVENTS);
        fuzz_caminos_sound(&t);
    }
    FUZZ_EVERY_OUTCOME(caminos, CAMINOS, s);
}

/* The dice moves legal() offers: a roll, a bank, each keep. */
static inline size_t fuzz_dice_moves(const pintas_dice_state *s, pintas_dice_move *out)
{
    pintas_dice_moves legal;
    size_t n = 0, i;
    FUZZ_CHECK(pintas_dice_legal(s, &legal) == PINTAS_OK);
    FUZZ_CHECK(legal.n_keeps <= PINTAS_DICE_MAX_KEEPS);
    memset(out, 0, (PINTAS_DICE_MAX_KEEPS + 2) * sizeof *out);
    if (legal.can_roll)
        out[n++].kind = PINTAS_DICE_ROLL;
    if (legal.can_bank)
        out[n++].kind = PINTAS_DICE_BANK;
    for (i = 0; i < legal.n_keeps; ++i) {
        out[n].kind = PINTAS_DICE_KEEP;
        out[n++].keep = legal.keeps[i].keep;
    }
    return n;
}

static inline void fuzz_dice_every_move(const pintas_dice_state *s)
{
    pintas_dice_move moves[PINTAS_DICE_MAX_KEEPS + 2];
    pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
    size_t n = fuzz_dice_moves(s, moves), i, n_ev;
    FUZZ_CHECK(s->phase == PINTAS_DICE_OVER || pintas_dice_chance_pending(s) ? n == 0 : n >= 1);
    for (i = 0; i < n; ++i) {
        pintas_dice_state t = *s;
        FUZZ_CHECK(pintas_dice_check(s, &moves[i]) == PINTAS_OK);
        FUZZ_CHECK(pintas_dice_play(&t, &moves[i], ev, PINTAS_DICE_MAX_EVENTS, &n_ev) ==
                   PINTAS_OK);
        FUZZ_CHECK((n_ev >= 1 || pintas_dice_chance_pending(&t)) &&
                   n_ev <= PINTAS_DICE_MAX_EVENTS);
        fuzz_dice_sound(&t);
    }
    FUZZ_EVERY_OUTCOME(dice, DICE, s);
}

/* ---- fuzzer-chosen moves through the engine table (tile games) ------------ */

/* What the move harnesses need of a tile game beyond its engine table. */
typedef struct fuzz_tile_game {
    const pintas_engine *engine;
    /* Stops unless the state is sound (fuzz_line_sound_any, ...). */
    void (*sound)(const void *state);
    /* A move made up from the bytes, often illegal; `op` is the byte that
     * asked for it, whose low bits the game may use. */
    void (*made_up)(fuzz_bytes *b, unsigned op, void *move);
    /* legal() leaves out a mirror placement it lists the twin of: 1 if
     * `move`, on the state `before`, is one, its listed twin in *twin. */
    int (*mirror)(const void *before, const void *move, void *twin);
    /* The game's rules from the bytes (fuzz_line_rules, ...). */
    void (*rules)(fuzz_bytes *b, void *rules);
} fuzz_tile_game;

/* Room for either tile game's state. */
typedef union fuzz_tile_state {
    pintas_line_state line;
    pintas_caminos_state caminos;
} fuzz_tile_state;

/* Room for either tile game's rules. */
typedef union fuzz_tile_rules {
    pintas_line_rules line;
    pintas_caminos_rules caminos;
} fuzz_tile_rules;

/* Raw bytes for an observer's info of `size` bytes, whose rules (rules_size
 * bytes at offset rules_at) are the game's from the bytes (`make`) when the
 * first byte's bit 0 says so; that byte, whose other bits the caller may use
 * to make more of the info plausible. */
static inline unsigned fuzz_raw_info(fuzz_bytes *b, void *info, size_t size, size_t rules_at,
                                     size_t rules_size, void (*make)(fuzz_bytes *, void *))
{
    unsigned how = fuzz_u8(b);
    fuzz_tile_rules r;
    memset(&r, 0, sizeof r);
    make(b, &r);
    fuzz_fill(b, info, size);
    if (how & 1u)
        memcpy((uint8_t *)info + rules_at, &r, rules_size);
    return how;
}

/* What a call leaves in the event count it does not write. */
#define FUZZ_NO_COUNT 12345

/* 1 if m is among moves[0..n) (the move structs have no padding). */
static inline int fuzz_listed(const pintas_engine *e, const pintas_engine_moves *moves, size_t n,
                              const void *m)
{
    size_t i;
    for (i = 0; i < n; ++i)
        if (memcmp(moves->bytes + i * e->move_size, m, e->move_size) == 0)
            return 1;
    return 0;
}

/* Plays m on s. play() answers what check() answered; a refused move leaves
 * the state, the events and their count byte for byte as they were, and is
 * not listed; a played one writes 1..max_events events and nothing past its
 * capacity, leaves a sound state, and is listed or is the mirror of a listed
 * one. */
static inline void fuzz_try_move(const fuzz_tile_game *g, void *s, const void *m)
{
    const pintas_engine *e = g->engine;
    pintas_engine_moves moves;
    pintas_engine_events ev, ev_before;
    pintas_engine_move twin;
    fuzz_tile_state before;
    size_t n = 0, n_ev = FUZZ_NO_COUNT;
    size_t cap_bytes = (size_t)e->max_events * e->event_size;
    int checked = e->check(s, m), status;
    FUZZ_CHECK(e->state_size <= sizeof before && e->move_size <= sizeof twin &&
               cap_bytes <= sizeof ev);
    memcpy(&before, s, e->state_size);
    FUZZ_CHECK(e->legal(s, &moves, e->max_moves, &n) == PINTAS_OK);
    memset(&ev, FUZZ_PATTERN, sizeof ev);
    memcpy(&ev_before, &ev, sizeof ev);
    status = e->play(s, m, &ev, e->max_events, &n_ev);
    FUZZ_CHECK(status == checked);
    /* The buffer is larger than any game's capacity, so ASan would not see
     * a write past it: the bytes beyond must keep their pattern. */
    FUZZ_CHECK(memcmp(ev.bytes + cap_bytes, ev_before.bytes + cap_bytes,
                      sizeof ev - cap_bytes) == 0);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_ILLEGAL || status == PINTAS_E_OVER);
        FUZZ_CHECK(memcmp(s, &before, e->state_size) == 0);
        FUZZ_CHECK(n_ev == FUZZ_NO_COUNT && memcmp(&ev, &ev_before, sizeof ev) == 0);
        FUZZ_CHECK(!fuzz_listed(e, &moves, n, m));
        return;
    }
    if (!fuzz_listed(e, &moves, n, m))
        FUZZ_CHECK(g->mirror(&before, m, &twin) && fuzz_listed(e, &moves, n, &twin));
    FUZZ_CHECK(n_ev >= 1 && n_ev <= e->max_events);
    g->sound(s);
}

/* The entry of a move harness: a new game with rules and a seed from the
 * bytes, then up to 500 moves the bytes choose, each through fuzz_try_move:
 * a byte below 0xC0 picks a legal move, one below 0xFC makes one up, any
 * other reseeds. Stops when the bytes run out or the game is over. */
static inline int fuzz_play_moves(const fuzz_tile_game *g, const uint8_t *data, size_t size)
{
    const pintas_engine *e = g->engine;
    fuzz_bytes bytes = fuzz_start(data, size), *b = &bytes;
    fuzz_tile_rules rules;
    fuzz_tile_state s;
    pintas_engine_events ev;
    size_t n = 0;
    unsigned steps;
    g->rules(b, &rules);
    FUZZ_CHECK(e->start(&s, &rules, fuzz_u64(b), NULL, &ev, e->max_events, &n) == PINTAS_OK);
    g->sound(&s);
    for (steps = 0; steps < 500 && b->n > 0; ++steps) {
        unsigned op = fuzz_u8(b);
        pintas_engine_move m;
        if (op < 0xC0) {
            pintas_engine_moves moves;
            FUZZ_CHECK(e->legal(&s, &moves, e->max_moves, &n) == PINTAS_OK);
            if (n == 0)
                break;
            memcpy(&m, moves.bytes + op % n * e->move_size, e->move_size);
        } else if (op < 0xFC) {
            g->made_up(b, op, &m);
        } else {
            FUZZ_CHECK(e->reseed(&s, fuzz_u64(b)) == PINTAS_OK);
            g->sound(&s);
            continue;
        }
        fuzz_try_move(g, &s, &m);
    }
    return 0;
}

#endif /* PINTAS_FUZZ_GAMES_H */
