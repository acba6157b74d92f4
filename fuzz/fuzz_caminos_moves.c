/* fuzz_caminos_moves.c - a Caminos game driven by the fuzzer's bytes: rules
 * (a preset, maybe reshaped), a seed, then moves, each either a pick among
 * the legal moves or one made up from the bytes (often illegal), and now and
 * then a reseed.
 *
 * For every move: play() says what check() said; a refused move leaves the
 * state and the outputs byte for byte as they were; a played one writes
 * 1..MAX_EVENTS events and leaves a sound state (the loader takes it, it
 * saves back to the same bytes, every tile in one place); a made-up move
 * check() takes is listed by legal(), or is the mirror placement legal()
 * leaves out (BACK of a double centre with both sides empty, FRONT listed).
 * The moves are played by fuzz_play_moves (games.h), shared with
 * fuzz_line_moves.
 */
#include "games.h"

static void made_up(fuzz_bytes *b, unsigned op, void *move)
{
    pintas_caminos_move *m = move;
    m->kind = (uint8_t)fuzz_below(b, 5);
    m->tile = (uint8_t)(op & 1u ? PINTAS_NO_TILE : fuzz_below(b, 32));
    m->path = (uint8_t)(op & 2u ? PINTAS_CAMINOS_NO_PATH : fuzz_below(b, 10));
    m->side = (uint8_t)fuzz_below(b, 3);
}

/* The BACK placement on a double centre with both sides empty, whose FRONT
 * twin legal() lists. */
static int mirror(const void *before, const void *move, void *twin)
{
    const pintas_caminos_state *s = before;
    const pintas_caminos_move *m = move;
    const pintas_caminos_path *p = &s->path[m->path & 7u];
    pintas_caminos_move *front = twin;
    *front = *m;
    front->side = PINTAS_CAMINOS_FRONT;
    return m->kind == PINTAS_CAMINOS_PLACE && m->side == PINTAS_CAMINOS_BACK &&
           m->path < PINTAS_CAMINOS_MAX_PATHS && p->len[0] == 0 && p->len[1] == 0 &&
           p->end[0] == p->end[1];
}

static const fuzz_tile_game caminos_game = {&pintas_caminos_engine, fuzz_caminos_sound_any,
                                            made_up, mirror, fuzz_caminos_rules};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_play_moves(&caminos_game, data, size);
}
