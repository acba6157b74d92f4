/* dice_count.c - fixed dice workloads for counting instructions (callgrind),
 * as wall time on a shared machine swings by a quarter:
 *
 *   dice_count keeps farkle|doom N   the keep lists of N random rolls of six
 *                                    dice, scored from the rules (the game's
 *                                    path: pintas_dice_keeps_rules)
 *   dice_count game farkle|doom N    N moves of random 2-player games through
 *                                    pintas_dice_legal, pintas_dice_sort_keeps
 *                                    and pintas_dice_play
 *
 * Run once with N = 0 and once with N, under
 * `valgrind --tool=callgrind --callgrind-out-file=/dev/null`, and divide the
 * difference by N. Prints a checksum of what was listed or played.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pintas/dice.h"
#include "pintas/rng.h"

static long long keeps(const pintas_dice_rules *r, int n)
{
    pintas_rng rng;
    long long acc = 0;
    int i, k;
    pintas_rng_seed(&rng, 2024, PINTAS_RNG_STREAM);
    for (i = 0; i < n; ++i) {
        pintas_dice_set roll = 0;
        pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
        size_t m = 0, j;
        for (k = 0; k < PINTAS_DICE_COUNT; ++k)
            roll += PINTAS_DICE_SET_ONE(1 + pintas_rng_below(&rng, PINTAS_DICE_FACES));
        pintas_dice_keeps_rules(r, roll, 0, ks, PINTAS_DICE_MAX_KEEPS, &m);
        for (j = 0; j < m; ++j)
            acc = acc * 31 + (long long)ks[j].keep * 7 + ks[j].points;
    }
    return acc;
}

static long long game(const pintas_dice_rules *r, int n)
{
    pintas_rng pick;
    long long acc = 0;
    int moves = 0;
    uint64_t seed = 0;
    pintas_rng_seed(&pick, 7, PINTAS_RNG_STREAM);
    while (moves < n) {
        pintas_dice_state s;
        if (pintas_dice_new(&s, r, 2, 0, seed++) != PINTAS_OK)
            return -1;
        while (moves < n && s.phase != PINTAS_DICE_OVER) {
            pintas_dice_moves m;
            pintas_dice_move mv;
            pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
            size_t ne = 0;
            uint32_t options, at;
            pintas_dice_legal(&s, &m);
            pintas_dice_sort_keeps(m.keeps, m.n_keeps);
            options = m.n_keeps ? m.n_keeps : (uint32_t)(m.can_roll + m.can_bank);
            at = pintas_rng_below(&pick, options);
            memset(&mv, 0, sizeof mv);
            if (m.n_keeps) {
                mv.kind = PINTAS_DICE_KEEP;
                mv.keep = m.keeps[at].keep;
            } else {
                mv.kind = m.can_roll && at == 0 ? PINTAS_DICE_ROLL : PINTAS_DICE_BANK;
            }
            if (pintas_dice_play(&s, &mv, ev, PINTAS_DICE_MAX_EVENTS, &ne) != PINTAS_OK)
                return -1;
            acc = acc * 31 + (long long)ne + mv.keep;
            ++moves;
        }
    }
    return acc;
}

int main(int argc, char **argv)
{
    pintas_dice_rules r;
    int n;
    if (argc != 4 || (strcmp(argv[1], "keeps") != 0 && strcmp(argv[1], "game") != 0)) {
        fprintf(stderr, "usage: dice_count keeps|game farkle|doom N\n");
        return 2;
    }
    if (strcmp(argv[2], "farkle") == 0)
        pintas_dice_rules_farkle(&r);
    else
        pintas_dice_rules_dice_of_doom(&r);
    n = atoi(argv[3]);
    printf("%lld\n", strcmp(argv[1], "keeps") == 0 ? keeps(&r, n) : game(&r, n));
    return 0;
}
