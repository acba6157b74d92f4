/* fuzz_line_moves.c - a line game driven by the fuzzer's bytes: rules (a
 * preset, maybe with options changed), a seed, then moves, each either a pick
 * among the legal moves or one made up from the bytes (often illegal), and
 * now and then a reseed.
 *
 * For every move: play() says what check() said; a refused move leaves the
 * state and the outputs byte for byte as they were; a played one writes
 * 1..MAX_EVENTS events and leaves a sound state (the loader takes it, it
 * saves back to the same bytes, every tile in one place); a made-up move
 * check() takes is listed by legal(), or is the mirror placement legal()
 * leaves out (RIGHT on ends alike, with the LEFT one listed). The moves are
 * played by fuzz_play_moves (games.h), shared with fuzz_caminos_moves.
 */
#include "games.h"

static void made_up(fuzz_bytes *b, unsigned op, void *move)
{
    pintas_line_move *m = move;
    m->kind = (uint8_t)fuzz_below(b, 4);
    m->tile = (uint8_t)(op & 1u ? PINTAS_NO_TILE : fuzz_below(b, 32));
    m->end = (uint8_t)fuzz_below(b, 3);
}

/* The RIGHT placement on ends alike, whose LEFT twin legal() lists. */
static int mirror(const void *before, const void *move, void *twin)
{
    const pintas_line_state *s = before;
    const pintas_line_move *m = move;
    pintas_line_move *left = twin;
    *left = *m;
    left->end = PINTAS_END_LEFT;
    return m->kind == PINTAS_MOVE_PLAY && m->end == PINTAS_END_RIGHT &&
           s->ends[0] == s->ends[1];
}

static const fuzz_tile_game line_game = {&pintas_line_engine, fuzz_line_sound_any, made_up, mirror,
                                         fuzz_line_rules};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_play_moves(&line_game, data, size);
}
