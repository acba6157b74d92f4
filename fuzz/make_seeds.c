/* make_seeds.c - the harnesses' seed corpora, generated deterministically:
 * `make_seeds DIR` writes DIR/<harness>/seed-NN for every harness.
 *
 * The loaders get real save images (every game, at the start, in play and
 * over), since random bytes almost never pass a magic number and a
 * consistency check; the other harnesses get a few short inputs in their
 * own layout (a game, a seed, then choices), from a fixed PCG32 stream.
 * Run by fuzz/run.sh; nothing here is checked in but this file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pintas/pintas.h"

static const char *ROOT;
static unsigned COUNT;

static void write_seed(const char *harness, const uint8_t *bytes, size_t n)
{
    char path[512];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", ROOT, harness);
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        perror(path);
        return;
    }
    snprintf(path, sizeof path, "%s/%s/seed-%02u", ROOT, harness, COUNT++);
    f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return;
    }
    fwrite(bytes, 1, n, f);
    fclose(f);
}

/* A save image for a loader, and the same behind a table byte for the
 * engine tables' loader. */
static void write_save(const char *harness, unsigned table, const uint8_t *image, size_t n)
{
    uint8_t framed[1 + PINTAS_CAMINOS_SAVE_SIZE];
    write_seed(harness, image, n);
    framed[0] = (uint8_t)table;
    memcpy(framed + 1, image, n);
    write_seed("fuzz_engine_load", framed, n + 1);
}

/* Saves of line games after 0, 12 and 40 random moves, and once over. */
static void line_saves(void)
{
    static const int configs[4][3] = {{0, 2, 0}, {1, 4, 1}, {2, 4, 1}, {2, 3, 0}};
    pintas_rng pick;
    unsigned c, moves;
    pintas_rng_seed(&pick, 1, 1);
    for (c = 0; c < 4; ++c) {
        pintas_line_rules r;
        pintas_line_state s;
        pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
        pintas_line_move legal[PINTAS_LINE_MAX_MOVES];
        uint8_t image[PINTAS_LINE_SAVE_SIZE];
        size_t n = 0;
        pintas_line_rules_preset(&r, configs[c][0], configs[c][1], configs[c][2]);
        r.target = 60; /* short games: the last image is a game over */
        pintas_line_new(&s, &r, 10u + c, ev, PINTAS_LINE_MAX_EVENTS, &n);
        for (moves = 0; moves < 100000; ++moves) {
            if (moves == 0 || moves == 12 || moves == 40 || s.phase == PINTAS_LINE_OVER) {
                pintas_line_save(&s, image, sizeof image);
                write_save("fuzz_line_load", 0, image, sizeof image);
            }
            if (s.phase == PINTAS_LINE_OVER)
                break;
            pintas_line_legal(&s, legal, PINTAS_LINE_MAX_MOVES, &n);
            pintas_line_play(&s, &legal[pintas_rng_below(&pick, (uint32_t)n)], ev,
                             PINTAS_LINE_MAX_EVENTS, &n);
        }
    }
}

/* Saves of Caminos games: in the reveal, in play, later, once over. */
static void caminos_saves(void)
{
    pintas_rng pick;
    unsigned variant, moves;
    pintas_rng_seed(&pick, 2, 2);
    for (variant = 0; variant < 3; ++variant) {
        pintas_caminos_rules r;
        pintas_caminos_state s;
        pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
        pintas_caminos_move legal[PINTAS_CAMINOS_MAX_MOVES];
        uint8_t image[PINTAS_CAMINOS_SAVE_SIZE];
        size_t n = 0;
        pintas_caminos_rules_preset(&r, (int)variant, 2 + (int)variant);
        pintas_caminos_new(&s, &r, 20u + variant, ev, PINTAS_CAMINOS_MAX_EVENTS, &n);
        for (moves = 0; moves < 100000; ++moves) {
            if (moves == 0 || moves == 8 || moves == 30 || s.phase == PINTAS_CAMINOS_OVER) {
                pintas_caminos_save(&s, image, sizeof image);
                write_save("fuzz_caminos_load", 1, image, sizeof image);
            }
            if (s.phase == PINTAS_CAMINOS_OVER)
                break;
            pintas_caminos_legal(&s, legal, PINTAS_CAMINOS_MAX_MOVES, &n);
            pintas_caminos_play(&s, &legal[pintas_rng_below(&pick, (uint32_t)n)], ev,
                                PINTAS_CAMINOS_MAX_EVENTS, &n);
        }
    }
}

/* Saves of dice games: at the start, mid-turn, and after some turns. */
static void dice_saves(void)
{
    pintas_rng pick;
    unsigned preset, moves;
    pintas_rng_seed(&pick, 3, 3);
    for (preset = 0; preset < 2; ++preset) {
        pintas_dice_rules r;
        pintas_dice_state s;
        pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
        pintas_dice_moves legal;
        uint8_t image[PINTAS_DICE_SAVE_SIZE];
        size_t n = 0;
        if (preset)
            pintas_dice_rules_farkle(&r);
        else
            pintas_dice_rules_dice_of_doom(&r);
        pintas_dice_new(&s, &r, 3, 1, 30u + preset);
        for (moves = 0; moves < 60; ++moves) {
            pintas_dice_move m;
            if (moves == 0 || moves == 1 || moves == 2 || moves == 25 || moves == 59) {
                pintas_dice_save(&s, image, sizeof image);
                write_save("fuzz_dice_load", 2, image, sizeof image);
            }
            pintas_dice_legal(&s, &legal);
            memset(&m, 0, sizeof m);
            if (legal.n_keeps > 0) {
                m.kind = PINTAS_DICE_KEEP;
                m.keep = legal.keeps[pintas_rng_below(&pick, legal.n_keeps)].keep;
            } else if (legal.can_bank && pintas_rng_below(&pick, 2)) {
                m.kind = PINTAS_DICE_BANK;
            } else if (legal.can_roll) {
                m.kind = PINTAS_DICE_ROLL;
            } else {
                break;
            }
            pintas_dice_play(&s, &m, ev, PINTAS_DICE_MAX_EVENTS, &n);
        }
    }
}

/* Short inputs in a harness's own layout: `first` bytes given, the rest of
 * `len` bytes from a fixed PCG32 stream. */
static void byte_seeds(const char *harness, const uint8_t *first, size_t n_first, size_t len,
                       unsigned copies)
{
    uint8_t bytes[512];
    pintas_rng rng;
    unsigned c;
    size_t i;
    for (c = 0; c < copies; ++c) {
        pintas_rng_seed(&rng, 77u + c, 5);
        for (i = 0; i < len && i < sizeof bytes; ++i)
            bytes[i] = (uint8_t)pintas_rng_next(&rng);
        if (n_first > 0)
            memcpy(bytes, first, n_first);
        bytes[n_first] = (uint8_t)(bytes[n_first] + c); /* vary the first free byte */
        write_seed(harness, bytes, len);
    }
}

/* The books of both presets' policies, and of one with kept dice combined. */
static void book_seeds(void)
{
    int which;
    for (which = 0; which < 3; ++which) {
        pintas_dice_rules r;
        const pintas_dice_policy *p = NULL;
        size_t size, len = 0;
        void *mem;
        uint8_t *book;
        if (which == 1)
            pintas_dice_rules_farkle(&r);
        else
            pintas_dice_rules_dice_of_doom(&r);
        if (which == 2)
            r.hot_dice = PINTAS_DICE_HOT_MAY;
        size = pintas_dice_solve_workspace_size(&r);
        mem = malloc(size);
        if (mem == NULL || pintas_dice_solve(&r, 0, mem, size, &p) != PINTAS_OK) {
            free(mem);
            continue;
        }
        pintas_dice_policy_book(p, NULL, 0, &len);
        book = malloc(len);
        if (book != NULL && pintas_dice_policy_book(p, book, len, &len) == PINTAS_OK)
            write_seed("fuzz_dice_book", book, len);
        free(book);
        free(mem);
    }
}

/* Saves of games with external chance, through the engine tables: every
 * tenth step and at each kind of pending event (mid-deal, a draw, a
 * tie-break, a new centre, a roll), outcomes and moves picked at random. */
static void chance_saves(void)
{
    static const pintas_engine *const tables[3] = {&pintas_line_engine, &pintas_caminos_engine,
                                                   &pintas_dice_engine};
    static const char *const harnesses[3] = {"fuzz_line_load", "fuzz_caminos_load",
                                             "fuzz_dice_load"};
    pintas_rng pick;
    unsigned t, game, step, saved_kinds; /* saved_kinds: pending saves already made */
    pintas_rng_seed(&pick, 4, 4);
    for (t = 0; t < 3; ++t)
        for (game = 0; game < 3; ++game) {
            const pintas_engine *e = tables[t];
            union {
                pintas_line_state line;
                pintas_caminos_state caminos;
                pintas_dice_state dice;
            } s;
            union {
                pintas_line_rules line;
                pintas_caminos_rules caminos;
                pintas_dice_rules dice;
            } r;
            pintas_engine_events ev;
            pintas_engine_moves moves;
            uint8_t mask[PINTAS_DICE_ACTIONS + 1];
            uint16_t codes[PINTAS_MAX_CHANCE_OUTCOMES];
            uint32_t num[PINTAS_MAX_CHANCE_OUTCOMES], den;
            uint8_t image[PINTAS_CAMINOS_SAVE_SIZE];
            int seats[2] = {2, 0};
            size_t n = 0;
            if (t == 0) {
                pintas_line_rules_preset(&r.line, (int)game, 3, 0);
                r.line.target = 30;
            } else if (t == 1) {
                pintas_caminos_rules_preset(&r.caminos, (int)game, 2 + (int)game);
            } else {
                pintas_dice_rules_farkle(&r.dice);
                r.dice.target = 1500;
            }
            e->start_chance(&s, &r, 40u + game, t == 2 ? (const void *)seats : NULL, 1, &ev,
                            e->max_events, &n);
            saved_kinds = 0;
            for (step = 0; step < 3000 && e->turn(&s) != -1; ++step) {
                int pending = e->pending(&s);
                if (step % 10 == 0 || (pending && !(saved_kinds & (1u << (step % 7))))) {
                    saved_kinds |= pending ? 1u << (step % 7) : 0u;
                    e->save(&s, image, sizeof image);
                    write_save(harnesses[t], t, image, e->save_size);
                }
                if (pending) {
                    e->chance_outcomes(&s, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES, &n);
                    e->play_chance(&s, codes[pintas_rng_below(&pick, (uint32_t)n)], &ev,
                                   e->max_events, &n);
                } else if (t < 2) {
                    e->legal(&s, &moves, e->max_moves, &n);
                    e->play(&s, moves.bytes + pintas_rng_below(&pick, (uint32_t)n) * e->move_size,
                            &ev, e->max_events, &n);
                } else {
                    size_t i, k = 0;
                    int listed[PINTAS_DICE_ACTIONS];
                    e->legal_mask(&s, mask, PINTAS_DICE_ACTIONS, &n);
                    for (i = 0; i < PINTAS_DICE_ACTIONS; ++i)
                        if (mask[i])
                            listed[k++] = (int)i;
                    e->play_action(&s, listed[pintas_rng_below(&pick, (uint32_t)k)], &ev,
                                   e->max_events, &n);
                }
            }
        }
}

int main(int argc, char **argv)
{
    static const uint8_t real_view[] = {0};
    static const uint8_t raw_info[] = {1};
    static const uint8_t line_game[] = {0}, caminos_game[] = {1}, dice_game[] = {2};
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    ROOT = argv[1];
    if (mkdir(ROOT, 0777) != 0 && errno != EEXIST) {
        perror(ROOT);
        return 1;
    }
    line_saves();
    caminos_saves();
    dice_saves();
    chance_saves();
    book_seeds();
    byte_seeds("fuzz_line_moves", NULL, 0, 120, 6);
    byte_seeds("fuzz_caminos_moves", NULL, 0, 160, 6);
    byte_seeds("fuzz_dice_moves", NULL, 0, 120, 6);
    byte_seeds("fuzz_line_search", real_view, 1, 120, 6);
    byte_seeds("fuzz_line_search", raw_info, 1, 600, 2);
    byte_seeds("fuzz_caminos_search", real_view, 1, 120, 6);
    byte_seeds("fuzz_caminos_search", raw_info, 1, 600, 2);
    byte_seeds("fuzz_determinize", line_game, 1, 120, 6);
    byte_seeds("fuzz_determinize", caminos_game, 1, 160, 6);
    byte_seeds("fuzz_deals", line_game, 1, 60, 4);
    byte_seeds("fuzz_deals", caminos_game, 1, 60, 4);
    byte_seeds("fuzz_rules", line_game, 1, 80, 3);
    byte_seeds("fuzz_rules", caminos_game, 1, 80, 3);
    byte_seeds("fuzz_rules", dice_game, 1, 80, 3);
    return 0;
}
