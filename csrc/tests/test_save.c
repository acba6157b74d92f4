/* test_save.c - the save container against CPython (golden_saves.h, made by
 * tools/golden/saves.py): every good save loads, reaches its state, writes
 * itself back byte for byte and is written again from its log played anew;
 * every damaged save is refused with CPython's cause, the template of that
 * cause matches CPython's message, and the caller's state is untouched. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "golden_saves.h"
#include "pintas/hash.h"
#include "pintas/pintas.h"
#include "pintas/save.h"

#define MAX_SAVE 4096
#define MAX_ENTRIES 4096

static pintas_save_work work;
static pintas_save_reader reader;
static pintas_save_entry entries[MAX_ENTRIES];
static uint8_t buf[MAX_SAVE + 64], out[MAX_SAVE + 64];

static const uint8_t *key_of(int key, size_t *len)
{
    switch (key) {
    case 1: *len = sizeof golden_key_a; return golden_key_a;
    case 2: *len = sizeof golden_key_b; return golden_key_b;
    case 3: *len = sizeof golden_key_short; return golden_key_short;
    default: *len = 0; return NULL;
    }
}

static const pintas_engine *engine_of(int game)
{
    return game == 'L' ? &pintas_line_engine
           : game == 'C' ? &pintas_caminos_engine : &pintas_dice_engine;
}

static const pintas_save_part *part_of(int game)
{
    return game == 'L' ? &pintas_save_line_part
           : game == 'C' ? &pintas_save_caminos_part : &pintas_save_dice_part;
}

/* ---- the templates ---------------------------------------------------------------- */

/* 1 if `message` is `template` with every {placeholder} replaced by some text. */
static int template_matches(const char *template, const char *message)
{
    const char *t = template, *m = message;
    int first = 1;
    while (*t) {
        const char *open = strchr(t, '{');
        size_t n = open ? (size_t)(open - t) : strlen(t);
        if (first) {
            if (strncmp(m, t, n) != 0)
                return 0;
            m += n;
        } else if (!open) { /* the last piece ends the message */
            size_t left = strlen(m);
            return left >= n && strcmp(m + left - n, t) == 0;
        } else {
            const char *found = NULL, *p = m;
            char piece[256];
            if (n >= sizeof piece)
                return 0;
            memcpy(piece, t, n);
            piece[n] = 0;
            found = n ? strstr(p, piece) : p;
            if (!found)
                return 0;
            m = found + n;
        }
        first = 0;
        if (!open)
            return *m == 0;
        t = strchr(open, '}');
        if (!t)
            return 0;
        ++t;
        if (!*t)
            return 1; /* a placeholder ends the template */
    }
    return *m == 0;
}

static void test_templates(void)
{
    pintas_save_error e;
    int cause;
    memset(&e, 0, sizeof e);
    CHECK(strcmp(pintas_save_message(&e), "") == 0);
    CHECK(strcmp(pintas_save_message(NULL), "") == 0);
    for (cause = 1; cause < PINTAS_SAVE_CAUSES; ++cause) {
        int game;
        for (game = 0; game < 3; ++game) {
            e.cause = cause;
            e.game = (uint8_t)"LCD"[game];
            CHECK(strlen(pintas_save_message(&e)) > 10);
        }
    }
    CHECK(template_matches("a {x} b", "a 12 b"));
    CHECK(!template_matches("a {x} b", "a 12 c"));
    CHECK(template_matches("{x} bytes", "5 bytes"));
    CHECK(strcmp(pintas_save_what('C'), "Caminos game") == 0);
    CHECK(strcmp(pintas_save_package('D'), "dice") == 0);
    CHECK(pintas_save_what('X') == NULL);
}

/* ---- good saves -------------------------------------------------------------------- */

static int entry_of_array(void *ctx, size_t index, pintas_save_entry *e)
{
    (void)ctx;
    *e = entries[index];
    return PINTAS_OK;
}

/* Play the log as a host would, without the reader's replay: start, deal,
 * reseed where a seed was logged, play. */
static int play_log(const pintas_save_setup *setup, size_t n, pintas_save_state *state)
{
    const pintas_engine *engine = engine_of(setup->game);
    size_t i, n_ev;
    int status = setup->game == 'D'
        ? pintas_dice_new(&state->dice, &setup->rules.dice, setup->players, setup->first_player,
                          setup->first_seed)
        : engine->start(state, &setup->rules, setup->first_seed,
                        setup->dealt ? (const void *)&setup->deal : NULL, &work.events,
                        engine->max_events, &n_ev);
    for (i = 0; i < n && status == PINTAS_OK; ++i) {
        if (entries[i].kind == PINTAS_SAVE_RESEED)
            status = engine->reseed(state, entries[i].seed);
        else if (entries[i].kind == PINTAS_SAVE_DEAL)
            status = engine->set_deal(state, &entries[i].deal, &work.events, engine->max_events,
                                      &n_ev);
        else
            status = engine->play(state, &entries[i].move, &work.events, engine->max_events,
                                  &n_ev);
    }
    return status;
}

static void test_good(const golden_save *g)
{
    static pintas_save_state state, again;
    const uint8_t *data = golden_blob + g->offset;
    const pintas_engine *engine = engine_of(g->game);
    pintas_save_log log;
    pintas_save_error err;
    pintas_save_setup setup;
    size_t key_len, len = 0, n = 0;
    const uint8_t *key = key_of(g->key, &key_len);
    uint8_t image[256];
    int ok;
    ok = CHECK_EQ(pintas_save_load(&reader, g->game, data, g->len, key, key_len, &state, &work,
                                   &err), PINTAS_OK);
    if (!ok) {
        fprintf(stderr, "  %s: cause %d\n", g->name, err.cause);
        return;
    }
    /* the saved state is reached */
    CHECK_EQ(engine->save(&state, image, sizeof image), PINTAS_OK);
    CHECK(memcmp(image, data + reader.image_at, engine->save_size) == 0);
    /* the log, entry by entry */
    while (n < MAX_ENTRIES && pintas_save_next(&reader, &entries[n]) == PINTAS_OK)
        ++n;
    CHECK_EQ(n, reader.count);
    CHECK_EQ(pintas_save_next(&reader, &entries[MAX_ENTRIES - 1]), PINTAS_E_OVER);
    setup = reader.setup;
    log.count = n;
    log.entry = entry_of_array;
    log.ctx = NULL;
    /* written back: the same bytes, in its own format, and the size first */
    CHECK_EQ(pintas_save_write(&setup, &log, &state, key, key_len, g->version, NULL, 0, &len),
             PINTAS_OK);
    CHECK_EQ(len, g->len);
    CHECK_EQ(pintas_save_write(&setup, &log, &state, key, key_len, g->version, out, len - 1,
                               &len), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_save_write(&setup, &log, &state, key, key_len, g->version, out, sizeof out,
                               &len), PINTAS_OK);
    if (!CHECK(len == g->len && memcmp(out, data, len) == 0))
        fprintf(stderr, "  %s: written otherwise\n", g->name);
    if (g->version == 1) { /* a format-1 game writes format 2: version 2, then a checksum */
        CHECK_EQ(pintas_save_write(&setup, &log, &state, NULL, 0, 2, out, sizeof out, &len),
                 PINTAS_OK);
        CHECK_EQ(len, g->len + 16);
        CHECK(out[4] == 2 && memcmp(out + 5, data + 5, g->len - 5) == 0);
        memcpy(buf, data, g->len);
        buf[4] = 2;
        pintas_blake2b(buf, g->len, buf + g->len, 16);
        CHECK(memcmp(out, buf, len) == 0);
    }
    /* the log played anew by the host reaches the state and writes the save */
    memset(&again, 0, sizeof again);
    CHECK_EQ(play_log(&setup, n, &again), PINTAS_OK);
    CHECK_EQ(engine->save(&again, out, sizeof out), PINTAS_OK);
    CHECK(memcmp(out, image, engine->save_size) == 0);
    CHECK_EQ(pintas_save_write(&setup, &log, &again, key, key_len, g->version, out, sizeof out,
                               &len), PINTAS_OK);
    CHECK(len == g->len && memcmp(out, data, len) == 0);
    /* through the game's own part (what a one-game firmware links): the same */
    {
        static pintas_save_state by_part;
        CHECK_EQ(pintas_save_load_part(&reader, part_of(g->game), data, g->len, key, key_len,
                                       &by_part, &work, &err), PINTAS_OK);
        CHECK_EQ(engine->save(&by_part, out, sizeof out), PINTAS_OK);
        CHECK(memcmp(out, image, engine->save_size) == 0);
        CHECK_EQ(pintas_save_write_part(part_of(g->game), &setup, &log, &state, key, key_len,
                                        g->version, out, sizeof out, &len), PINTAS_OK);
        CHECK(len == g->len && memcmp(out, data, len) == 0);
        CHECK_EQ(pintas_save_write_part(part_of(g->game == 'D' ? 'L' : 'D'), &setup, &log, &state,
                                        key, key_len, g->version, out, sizeof out, &len),
                 PINTAS_E_ARG);
        CHECK_EQ(pintas_save_load_part(&reader, part_of(g->game == 'C' ? 'L' : 'C'), data, g->len,
                                       key, key_len, &by_part, &work, &err), PINTAS_E_CORRUPT);
        CHECK_EQ(err.cause, PINTAS_SAVE_OTHER_GAME);
        CHECK_EQ(err.value, g->game);
    }
    /* read as another game: refused, naming this one */
    CHECK_EQ(pintas_save_load(&reader, g->game == 'D' ? 'L' : 'D', data, g->len, key, key_len,
                              &state, &work, &err), PINTAS_E_CORRUPT);
    CHECK_EQ(err.cause, PINTAS_SAVE_OTHER_GAME);
    CHECK_EQ(err.value, g->game);
}

/* ---- damaged saves ------------------------------------------------------------------- */

/* The damaged save of d into buf; its length. */
static size_t damage(const golden_damage *d)
{
    const golden_save *g = &golden_saves[d->save];
    const uint8_t *data = golden_blob + g->offset;
    size_t trailer = g->version == 1 ? 0 : (data[6] & 0x80) ? 32 : 16;
    size_t len = d->reseal ? g->len - trailer : g->len, key_len;
    const uint8_t *key = key_of(g->key, &key_len);
    memcpy(buf, data, len);
    switch (d->op) {
    case GOLDEN_FLIP: buf[d->offset] ^= (uint8_t)d->value; break;
    case GOLDEN_SET: buf[d->offset] = (uint8_t)d->value; break;
    case GOLDEN_CUT: len = d->offset; break;
    case GOLDEN_APPEND:
        memset(buf + len, (int)d->value, d->offset);
        len += d->offset;
        break;
    default: break;
    }
    if (d->reseal && trailer) {
        if (key)
            pintas_hmac_sha256(key, key_len, buf, len, buf + len);
        else
            pintas_blake2b(buf, len, buf + len, 16);
        len += trailer;
    }
    return len;
}

static void test_damaged(const golden_damage *d, size_t index)
{
    static pintas_save_state state, before;
    const golden_save *g = &golden_saves[d->save];
    const char *message = golden_messages[d->message];
    pintas_save_error err;
    size_t key_len, len = d->op == GOLDEN_SIZE ? d->value : damage(d);
    const uint8_t *key = key_of(d->key, &key_len);
    int status;
    memset(&state, 0xA5, sizeof state);
    before = state;
    status = pintas_save_load(&reader, g->game, buf, len, key, key_len, &state, &work, &err);
    CHECK_EQ(status, d->cause == PINTAS_SAVE_VERSION ? PINTAS_E_VERSION : PINTAS_E_CORRUPT);
    if (!CHECK_EQ(err.cause, d->cause))
        fprintf(stderr, "  damage %zu of %s (op %d at %u, %u): wanted \"%s\"\n", index, g->name,
                d->op, (unsigned)d->offset, (unsigned)d->value, message);
    else if (!CHECK(template_matches(pintas_save_message(&err), message)))
        fprintf(stderr, "  damage %zu: \"%s\" is not \"%s\"\n", index,
                pintas_save_message(&err), message);
    CHECK(memcmp(&state, &before, sizeof state) == 0);
    if (err.cause == PINTAS_SAVE_ENDS_EARLY) { /* the details say what CPython says */
        char words[96];
        snprintf(words, sizeof words, "the save ends early (wanted %zu bytes at %zu)",
                 err.wanted, err.at);
        if (!CHECK(strcmp(words, message) == 0))
            fprintf(stderr, "  damage %zu: %s / %s\n", index, words, message);
    }
    if (err.cause == PINTAS_SAVE_NOT_CANONICAL) {
        char words[160];
        snprintf(words, sizeof words, "byte %zu is %d where the game it holds writes %d", err.at,
                 err.found, err.written);
        CHECK(strstr(message, words) != NULL);
    }
}

/* ---- the API's edges -------------------------------------------------------------------- */

static void test_arguments(void)
{
    const golden_save *g = &golden_saves[0];
    pintas_save_setup setup;
    pintas_save_entry e;
    pintas_save_error err;
    size_t len;
    static pintas_save_state state;
    CHECK_EQ(pintas_save_open(NULL, 'L', buf, 1, NULL, 0, &work, &err), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_open(&reader, 'Q', buf, 1, NULL, 0, &work, &err), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_open(&reader, 'L', NULL, 1, NULL, 0, &work, &err), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_open(&reader, 'L', NULL, 0, NULL, 0, &work, NULL), PINTAS_E_CORRUPT);
    CHECK_EQ(pintas_save_load(&reader, 'L', buf, 1, NULL, 0, NULL, &work, &err), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_open_part(&reader, NULL, buf, 1, NULL, 0, &work, &err), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_load_part(&reader, NULL, buf, 1, NULL, 0, &state, &work, &err),
             PINTAS_E_ARG);
    CHECK_EQ(pintas_save_next(NULL, &e), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_rewind(NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_replay(NULL, &state, &work, &err), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_write(NULL, NULL, &state, NULL, 0, 2, NULL, 0, &len), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_write_part(&pintas_save_line_part, NULL, NULL, &state, NULL, 0, 2, NULL, 0,
                                    &len), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_load(&reader, g->game, golden_blob + g->offset, g->len, NULL, 0, &state,
                              &work, &err), PINTAS_OK);
    setup = reader.setup;
    CHECK_EQ(pintas_save_write(&setup, NULL, &state, NULL, 0, 3, NULL, 0, &len), PINTAS_E_ARG);
    CHECK_EQ(pintas_save_write(&setup, NULL, &state, golden_key_a, 32, 1, NULL, 0, &len),
             PINTAS_E_ARG);
    CHECK_EQ(pintas_save_write(&setup, NULL, &state, golden_key_short, 15, 2, NULL, 0, &len),
             PINTAS_E_ARG);
    setup.game = 'Q';
    CHECK_EQ(pintas_save_write(&setup, NULL, &state, NULL, 0, 2, NULL, 0, &len), PINTAS_E_ARG);
}

int main(void)
{
    size_t i;
    test_templates();
    test_arguments();
    for (i = 0; i < GOLDEN_SAVES; ++i)
        if (golden_saves[i].good)
            test_good(&golden_saves[i]);
    for (i = 0; i < GOLDEN_DAMAGES; ++i)
        test_damaged(&golden_damages[i], i);
    return check_summary();
}
