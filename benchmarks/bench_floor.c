/* bench_floor.c - pintas_line_simulate beside the floor of its work: a bare
 * random playout of four-player block dominoes, timed in the same process,
 * interleaved (floor, engine, floor, engine ...), each figure the median of
 * RUNS runs.
 *
 * The floor plays rounds, not games: 28 tiles shuffled (Fisher-Yates), 7 to
 * each of 4 seats, no boneyard; seat 0 opens with a random tile of its hand;
 * each seat in turn plays a random (tile, end) placement among those that fit
 * an open end, or passes; the round ends when a hand is empty or after four
 * passes in a row (blocked). Hands and suits are bitmasks, the moves are
 * never listed (the choice is the k-th set bit of two masks), nothing is
 * scored, no event is written; the randomness is PCG32 (XSH-RR) with
 * Lemire's bounded draws, the generator of the core, drawn only when there is
 * a choice. It is the least work a random round of this game can be: the
 * engine's simulation does all of it plus what the rules and the statistics
 * need (deals checked for redeals, the lead, scores, game ends, totals).
 *
 * The engine plays Dominican pairs (block dominoes: 4 seats, 7 tiles each,
 * nobody draws). The ratio printed is the engine's rounds/s over the
 * floor's; moves/s are printed too (the floor's rounds end on four passes,
 * the engine's at once when blocked, so its rounds have a few moves fewer).
 *
 * Usage: bench_floor [rounds-per-run]   (default 200000)
 */
#include "bench.h"

#include <stdint.h>

#include "pintas/pintas.h"

/* PCG32's output (XSH-RR) and Lemire's multiply-and-reject, as the core draws. */
static inline uint32_t pcg_next(pintas_rng *rng)
{
    uint64_t old = rng->state;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    rng->state = old * PINTAS_RNG_MULT + rng->inc;
    return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31u));
}

static inline uint32_t pcg_below(pintas_rng *rng, uint32_t bound)
{
    uint64_t m = (uint64_t)pcg_next(rng) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (0u - bound) % bound;
        while (low < threshold) {
            m = (uint64_t)pcg_next(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static inline unsigned lowest(uint32_t m)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctz(m);
#else
    unsigned i = 0;
    while (!(m & 1u)) {
        m >>= 1;
        ++i;
    }
    return i;
#endif
}

/* SWAR population count (a builtin would be a library call without -mpopcnt). */
static inline unsigned bits(uint32_t m)
{
    m = m - ((m >> 1) & UINT32_C(0x55555555));
    m = (m & UINT32_C(0x33333333)) + ((m >> 2) & UINT32_C(0x33333333));
    m = (m + (m >> 4)) & UINT32_C(0x0f0f0f0f);
    return (unsigned)((uint32_t)(m * UINT32_C(0x01010101)) >> 24);
}

/* The index of the k-th set bit of m (k below the bits of m). */
static inline unsigned kth_bit(uint32_t m, unsigned k)
{
    for (; k; --k)
        m &= m - 1;
    return lowest(m);
}

/* The ends of each tile and the tiles showing each number. */
typedef struct tables {
    uint8_t hi[PINTAS_TILE_COUNT], lo[PINTAS_TILE_COUNT];
    uint32_t suit[PINTAS_MAX_PIP + 1];
} tables;

static void make_tables(tables *tb)
{
    unsigned a, b;
    for (a = 0; a <= PINTAS_MAX_PIP; ++a)
        tb->suit[a] = 0;
    for (a = 0; a <= PINTAS_MAX_PIP; ++a)
        for (b = 0; b <= a; ++b) {
            unsigned t = PINTAS_TILE(a, b);
            tb->hi[t] = (uint8_t)a;
            tb->lo[t] = (uint8_t)b;
            tb->suit[a] |= PINTAS_BIT(t);
            tb->suit[b] |= PINTAS_BIT(t);
        }
}

/* One random round; adds its moves to *moves; the winning seat, or 4 when blocked. */
static unsigned floor_round(const tables *tb, pintas_rng *rng, uint64_t *moves)
{
    uint8_t order[PINTAS_TILE_COUNT];
    uint32_t hand[4];
    unsigned i, seat = 0, passes = 0, e0, e1, t, n = 0;
    for (i = 0; i < PINTAS_TILE_COUNT; ++i)
        order[i] = (uint8_t)i;
    for (i = PINTAS_TILE_COUNT - 1; i > 0; --i) {
        unsigned j = pcg_below(rng, i + 1u);
        uint8_t x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    for (seat = 0; seat < 4; ++seat) {
        uint32_t h = 0;
        for (i = 0; i < 7; ++i)
            h |= PINTAS_BIT(order[7 * seat + i]);
        hand[seat] = h;
    }
    seat = 0;
    t = kth_bit(hand[0], pcg_below(rng, 7));
    hand[0] &= ~PINTAS_BIT(t);
    e0 = tb->hi[t];
    e1 = tb->lo[t];
    for (;;) {
        uint32_t left, right;
        unsigned nl, k;
        ++n;
        seat = (seat + 1) & 3u;
        left = hand[seat] & tb->suit[e0];
        right = e0 == e1 ? 0 : hand[seat] & tb->suit[e1];
        nl = bits(left);
        k = nl + bits(right);
        if (k == 0) {
            if (++passes == 4) {
                seat = 4;
                break;
            }
            continue;
        }
        passes = 0;
        k = k > 1 ? pcg_below(rng, k) : 0;
        if (k < nl) {
            t = kth_bit(left, k);
            e0 = tb->hi[t] + tb->lo[t] - e0;
        } else {
            t = kth_bit(right, k - nl);
            e1 = tb->hi[t] + tb->lo[t] - e1;
        }
        hand[seat] &= ~PINTAS_BIT(t);
        if (hand[seat] == 0)
            break;
    }
    *moves += n + 1u;
    return seat;
}

int main(int argc, char **argv)
{
    unsigned long rounds = count_arg(argc, argv, 200000ul);
    double floor_rounds[RUNS], floor_moves[RUNS], sim_rounds[RUNS], sim_moves[RUNS];
    double ratio[RUNS];
    uint64_t wins[5] = {0, 0, 0, 0, 0};
    pintas_line_rules rules;
    tables tb;
    unsigned long games;
    int run;
    make_tables(&tb);
    if (pintas_line_rules_preset(&rules, PINTAS_LINE_DOMINICAN, 4, 1) != PINTAS_OK)
        return 1;
    /* Dominican pairs plays about 8 rounds a game: about as many rounds as the floor. */
    games = rounds / 8 + 1;
    for (run = -1; run < RUNS; ++run) { /* run -1 warms up */
        pintas_rng rng;
        pintas_line_stats st;
        uint64_t moves = 0;
        unsigned long r;
        stopwatch t;
        pintas_rng_seed(&rng, (uint64_t)run + 7u, PINTAS_RNG_STREAM + 1u);
        t = stopwatch_start();
        for (r = 0; r < rounds; ++r)
            wins[floor_round(&tb, &rng, &moves)]++;
        t = stopwatch_read(t);
        if (run >= 0) {
            floor_rounds[run] = (double)rounds / t.cpu;
            floor_moves[run] = (double)moves / t.cpu;
        }
        t = stopwatch_start();
        if (pintas_line_simulate(&rules, games, (uint64_t)(run + 1) * 1000003u, &st) != PINTAS_OK)
            return 1;
        t = stopwatch_read(t);
        if (run >= 0) {
            sim_rounds[run] = (double)st.rounds / t.cpu;
            sim_moves[run] = (double)st.moves / t.cpu;
            ratio[run] = sim_rounds[run] / floor_rounds[run];
        }
    }
    printf("%-34s %12s %12s %9s\n", "by this thread's CPU time", "rounds/s", "moves/s",
           "ns/move");
    printf("%-34s %12.0f %12.0f %9.1f\n", "floor: bare block-domino playout",
           median(floor_rounds), median(floor_moves), 1e9 / median(floor_moves));
    printf("%-34s %12.0f %12.0f %9.1f\n", "pintas_line_simulate, dominican 2x2",
           median(sim_rounds), median(sim_moves), 1e9 / median(sim_moves));
    printf("ratio engine/floor (rounds/s, median of %d interleaved pairs): %.2f\n", RUNS,
           median(ratio));
    printf("(floor rounds blocked: %.1f %%)\n",
           100.0 * (double)wins[4] / (double)(wins[0] + wins[1] + wins[2] + wins[3] + wins[4]));
    return 0;
}
