/* test_caminos_path.c - a Caminos path read in a row (pintas_caminos_path_chain):
 * the tiles turned to match, back end first, and every malformed path refused. */
#include <string.h>

#include "check.h"
#include "pintas/views.h"

/* A path of centre a|b with the front's and back's tiles (PINTAS_NO_TILE: none). */
static pintas_caminos_path path(uint8_t centre, uint8_t f0, uint8_t f1, uint8_t b0, uint8_t b1)
{
    pintas_caminos_path p;
    memset(&p, 0, sizeof(p));
    p.centre = centre;
    p.tile[PINTAS_CAMINOS_FRONT][0] = f0;
    p.tile[PINTAS_CAMINOS_FRONT][1] = f1;
    p.tile[PINTAS_CAMINOS_BACK][0] = b0;
    p.tile[PINTAS_CAMINOS_BACK][1] = b1;
    p.len[PINTAS_CAMINOS_FRONT] = (uint8_t)((f0 != PINTAS_NO_TILE) + (f1 != PINTAS_NO_TILE));
    p.len[PINTAS_CAMINOS_BACK] = (uint8_t)((b0 != PINTAS_NO_TILE) + (b1 != PINTAS_NO_TILE));
    p.end[0] = p.end[1] = 0xEE; /* never read */
    return p;
}

static void test_rows(void)
{
    const uint8_t none = PINTAS_NO_TILE;
    uint8_t nums[10];
    size_t n = 99;
    pintas_caminos_path p = path(PINTAS_TILE(5, 6), none, none, none, none);
    CHECK(pintas_caminos_path_chain(&p, nums, sizeof(nums), &n) == PINTAS_OK);
    CHECK(n == 1 && nums[0] == 5 && nums[1] == 6);
    /* 5|6 with 6|4 on the front: [5|6][6|4] */
    p = path(PINTAS_TILE(5, 6), PINTAS_TILE(4, 6), none, none, none);
    CHECK(pintas_caminos_path_chain(&p, nums, sizeof(nums), &n) == PINTAS_OK);
    CHECK(n == 2 && memcmp(nums, "\5\6\6\4", 4) == 0);
    /* 5|6, front 6|6 then 6|3, back 1|5 then 1|1: [1|1][1|5][5|6][6|6][6|3] */
    p = path(PINTAS_TILE(5, 6), PINTAS_TILE(6, 6), PINTAS_TILE(3, 6), PINTAS_TILE(1, 5),
             PINTAS_TILE(1, 1));
    CHECK(pintas_caminos_path_chain(&p, nums, sizeof(nums), &n) == PINTAS_OK);
    CHECK(n == 5 && memcmp(nums, "\1\1\1\5\5\6\6\6\6\3", 10) == 0);
    /* the back alone: [2|0][0|4] for centre 0|4 with 0|2 at the back */
    p = path(PINTAS_TILE(0, 4), none, none, PINTAS_TILE(0, 2), none);
    CHECK(pintas_caminos_path_chain(&p, nums, 4, &n) == PINTAS_OK);
    CHECK(n == 2 && memcmp(nums, "\2\0\0\4", 4) == 0);
    /* no path: no tiles, whatever else the slot holds */
    p = path(none, PINTAS_TILE(1, 1), none, none, none);
    n = 99;
    CHECK(pintas_caminos_path_chain(&p, nums, 0, &n) == PINTAS_OK && n == 0);
}

static void test_refusals(void)
{
    const uint8_t none = PINTAS_NO_TILE;
    uint8_t nums[10];
    size_t n = 99;
    pintas_caminos_path p = path(PINTAS_TILE(5, 6), PINTAS_TILE(4, 6), none, none, none);
    CHECK(pintas_caminos_path_chain(NULL, nums, sizeof(nums), &n) == PINTAS_E_ARG);
    CHECK(pintas_caminos_path_chain(&p, NULL, sizeof(nums), &n) == PINTAS_E_ARG);
    CHECK(pintas_caminos_path_chain(&p, nums, sizeof(nums), NULL) == PINTAS_E_ARG);
    CHECK(pintas_caminos_path_chain(&p, nums, 3, &n) == PINTAS_E_BUFFER);
    /* a front tile that does not touch the centre's high end (4|5 on 5|6) */
    p = path(PINTAS_TILE(5, 6), PINTAS_TILE(4, 5), none, none, none);
    CHECK(pintas_caminos_path_chain(&p, nums, sizeof(nums), &n) == PINTAS_E_ARG);
    /* a back tile that does not touch the outer end of the one before */
    p = path(PINTAS_TILE(5, 6), none, none, PINTAS_TILE(1, 5), PINTAS_TILE(5, 5));
    CHECK(pintas_caminos_path_chain(&p, nums, sizeof(nums), &n) == PINTAS_E_ARG);
    /* tile codes and lengths out of range */
    p = path(PINTAS_TILE_COUNT, none, none, none, none);
    CHECK(pintas_caminos_path_chain(&p, nums, sizeof(nums), &n) == PINTAS_E_ARG);
    p = path(PINTAS_TILE(5, 6), PINTAS_TILE_COUNT, none, none, none);
    CHECK(pintas_caminos_path_chain(&p, nums, sizeof(nums), &n) == PINTAS_E_ARG);
    p = path(PINTAS_TILE(5, 6), none, none, none, none);
    p.len[PINTAS_CAMINOS_BACK] = PINTAS_CAMINOS_MAX_SIDE + 1;
    CHECK(pintas_caminos_path_chain(&p, nums, sizeof(nums), &n) == PINTAS_E_ARG);
    CHECK(n == 99); /* nothing written on a refusal */
}

int main(void)
{
    test_rows();
    test_refusals();
    return check_summary();
}
