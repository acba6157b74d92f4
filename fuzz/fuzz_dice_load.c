/* fuzz_dice_load.c - pintas_dice_load on any bytes.
 *
 * Refused bytes: PINTAS_E_CORRUPT or PINTAS_E_VERSION, the state untouched.
 * Taken bytes: exactly a save image, which the loaded state saves back to
 * byte for byte; every legal move (a roll, a bank, each keep) passes check
 * and plays, and leaves a state the loader takes again.
 */
#include "games.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pintas_dice_state s, before;
    uint8_t again[PINTAS_DICE_SAVE_SIZE];
    int status;
    memset(&s, FUZZ_PATTERN, sizeof s);
    before = s;
    status = pintas_dice_load(&s, data, size);
    if (status != PINTAS_OK) {
        FUZZ_CHECK(status == PINTAS_E_CORRUPT || status == PINTAS_E_VERSION);
        FUZZ_CHECK(memcmp(&s, &before, sizeof s) == 0);
        return 0;
    }
    FUZZ_CHECK(size == PINTAS_DICE_SAVE_SIZE);
    FUZZ_CHECK(pintas_dice_save(&s, again, sizeof again) == PINTAS_OK);
    FUZZ_CHECK(memcmp(again, data, size) == 0);
    fuzz_dice_sound(&s);
    fuzz_dice_every_move(&s);
    return 0;
}
