/* fuzz_dice_book.c - pintas_dice_book_open on any bytes, then its queries.
 *
 * Refused bytes: PINTAS_E_CORRUPT or PINTAS_E_VERSION, the book untouched.
 * Taken bytes: for every pool the book has (probed among all sets of up to
 * five dice), the bank decision is 0 or 1 at every total tried, and the best
 * keep of a roll of the dice left is one of the roll's legal keeps (or the
 * roll has none: PINTAS_E_ILLEGAL); bad input is refused with PINTAS_E_ARG.
 */
#include "fuzz.h"

/* The keep is one pintas_dice_keeps_rules lists for the roll. */
static int listed(const pintas_dice_rules *r, pintas_dice_set roll, pintas_dice_set pool,
                  const pintas_dice_keep *k)
{
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    size_t n = 0, i;
    if (pintas_dice_keeps_rules(r, roll, pool, ks, PINTAS_DICE_MAX_KEEPS, &n) != PINTAS_OK)
        return 0;
    for (i = 0; i < n; ++i)
        if (ks[i].keep == k->keep && ks[i].points == k->points)
            return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int32_t totals[] = {0, 50, 300, 2950, 12000, 99999, 1000000000};
    pintas_dice_book b, before;
    int status, i, j, t, pools = 0;
    memset(&b, 0xA5, sizeof b);
    before = b;
    status = pintas_dice_book_open(&b, data, size);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_CORRUPT || status == PINTAS_E_VERSION);
        FUZZ_CHECK(memcmp(&b, &before, sizeof b) == 0);
        return 0;
    }
    FUZZ_CHECK(b.bytes == data && b.len == size && b.n_states >= 1);
    FUZZ_CHECK(pintas_dice_rules_check(&b.rules) == PINTAS_OK);
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        pintas_dice_set pool, roll;
        int left;
        pintas_dice_set_at(i, &pool);
        left = PINTAS_DICE_COUNT - pintas_dice_set_size(pool);
        status = pintas_dice_book_should_bank(&b, pool, 0);
        if (left == 0 || status == PINTAS_E_ARG) {
            FUZZ_CHECK(status == PINTAS_E_ARG);
            continue;
        }
        ++pools;
        for (t = 0; t < (int)(sizeof totals / sizeof totals[0]); ++t) {
            status = pintas_dice_book_should_bank(&b, pool, totals[t]);
            FUZZ_CHECK(status == 0 || status == 1);
        }
        FUZZ_CHECK(pintas_dice_book_should_bank(&b, pool, -1) == PINTAS_E_ARG);
        /* a spread of rolls: those of the dice left, and others refused */
        for (j = i % 13; j < PINTAS_DICE_SETS; j += 29) {
            pintas_dice_keep k;
            pintas_dice_set_at(j, &roll);
            status = pintas_dice_book_best_keep(&b, roll, pool, totals[j % 7], &k);
            if (pintas_dice_set_size(roll) != left) {
                FUZZ_CHECK(status == PINTAS_E_ARG);
                continue;
            }
            FUZZ_CHECK(status == PINTAS_OK || status == PINTAS_E_ILLEGAL ||
                       status == PINTAS_E_CORRUPT);
            if (status == PINTAS_OK)
                FUZZ_CHECK(listed(&b.rules, roll, pool, &k));
        }
    }
    FUZZ_CHECK(pools >= 1); /* at least the empty pool */
    return 0;
}
