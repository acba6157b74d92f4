/* embed.c - a whole Dominican game in C, as a device or server would run it:
 * a person types moves in notation, the C suit player plays every other seat,
 * and the game is saved with a checksum and loaded back.
 *
 * The caller owns every state and buffer (plain structs); the core allocates
 * nothing. Seat 0 reads one move a line from standard input ("6|4L", "6|4",
 * "pass", "paso", ...); a refused line is answered with the core's message
 * and asked again. At the end of the input (or with none, as under ctest) the
 * suit player takes seat 0 too. Build: see CMakeLists.txt (target
 * example_embed) or
 *   cc -std=c99 -Icsrc/include examples/embed.c csrc/[a-z]*.c -o embed
 */
#include <stdio.h>
#include <string.h>

#include "pintas/pintas.h"

#define MAX_LOG 4096 /* moves kept for the save: a game to 200 takes a few hundred */

/* The log a save is written from: the moves in order (a seeded game logs no
 * seeds). */
typedef struct game_log {
    pintas_line_move moves[MAX_LOG];
    size_t count;
} game_log;

static int log_entry(void *ctx, size_t index, pintas_save_entry *out)
{
    const game_log *log = ctx;
    memset(out, 0, sizeof *out);
    out->kind = PINTAS_SAVE_MOVE;
    memcpy(out->move.bytes, &log->moves[index], sizeof log->moves[index]);
    return PINTAS_OK;
}

/* Words for people count from 1: side 0 (seats 0 and 2) is team 1. */
static void print_event(const pintas_line_event *e)
{
    if (e->kind == PINTAS_EV_SCORE)
        printf("  team %u scores %ld\n", (unsigned)e->side + 1, (long)e->points);
    else if (e->kind == PINTAS_EV_ROUND_END)
        printf("  round over (%s)\n", e->reason == PINTAS_WHY_DOMINO ? "domino" : "tranque");
    else if (e->kind == PINTAS_EV_GAME_END)
        printf("  team %u wins the game\n", (unsigned)e->side + 1);
}

/* The person's move, typed; 0 at the end of the input. */
static int typed_move(const pintas_line_state *game, pintas_line_move *move)
{
    char line[256], message[1024];
    size_t n;
    pintas_refusal why;
    for (;;) {
        printf("your move> ");
        if (fgets(line, sizeof line, stdin) == NULL) {
            printf("(no more input: the computer plays your seat)\n");
            return 0;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (pintas_line_parse_in(game, (const uint8_t *)line, strlen(line), move, &why)
            == PINTAS_OK)
            return 1;
        pintas_line_refusal_text(game, &why, (const uint8_t *)line, strlen(line), message,
                                 sizeof message, &n);
        printf("%s\n", message);
    }
}

/* Write the game's save into buf and load it back into a fresh state; 0 when
 * the loaded game is not the one saved. */
static int save_and_load(const pintas_line_rules *rules, const pintas_line_state *game,
                         const game_log *log, uint8_t *buf, size_t cap)
{
    static pintas_save_work work; /* a few KB: kept off the stack */
    pintas_save_setup setup;
    pintas_save_log entries = {0, log_entry, NULL};
    pintas_save_reader reader;
    pintas_save_error err;
    pintas_line_state loaded;
    size_t len = 0;
    memset(&setup, 0, sizeof setup);
    setup.game = PINTAS_SAVE_LINE;
    setup.rules.line = *rules;
    setup.first_seed = 2026;
    setup.seeded = 1;
    entries.count = log->count;
    entries.ctx = (void *)log;
    if (pintas_save_write(&setup, &entries, game, NULL, 0, PINTAS_SAVE_FORMAT, buf, cap, &len)
        != PINTAS_OK)
        return 0;
    printf("saved: %lu bytes ending with a BLAKE2b checksum\n", (unsigned long)len);
    buf[len / 2] ^= 1; /* a damaged save is refused, saying why */
    if (pintas_save_load(&reader, PINTAS_SAVE_LINE, buf, len, NULL, 0, &loaded, &work, &err)
        == PINTAS_OK)
        return 0;
    printf("a damaged copy is refused: %s\n", pintas_save_message(&err));
    buf[len / 2] ^= 1;
    if (pintas_save_load(&reader, PINTAS_SAVE_LINE, buf, len, NULL, 0, &loaded, &work, &err)
        != PINTAS_OK)
        return 0;
    printf("loaded: %lu moves replayed, round %u, score %ld - %ld\n",
           (unsigned long)reader.count, (unsigned)loaded.round, (long)loaded.score[0],
           (long)loaded.score[1]);
    return memcmp(loaded.score, game->score, sizeof game->score) == 0
           && loaded.round == game->round && loaded.phase == game->phase;
}

int main(void)
{
    static game_log log;
    static uint8_t save[16384];
    pintas_line_rules rules;
    pintas_line_state game;
    pintas_line_record record;
    pintas_line_view view;
    pintas_line_event events[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move move;
    char shown[PINTAS_NOTATION_MAX];
    size_t n_events = 0, i, n;
    int person = 1, status;

    status = pintas_line_rules_preset(&rules, PINTAS_LINE_DOMINICAN, 4, 1);
    if (status == PINTAS_OK)
        status = pintas_line_new(&game, &rules, 2026, events, PINTAS_LINE_MAX_EVENTS, &n_events);
    if (status == PINTAS_OK)
        status = pintas_line_record_clear(&record);
    if (status == PINTAS_OK)
        status = pintas_line_record_update(&record, events, n_events);
    if (status != PINTAS_OK) {
        printf("cannot start: %s\n", pintas_status_str(status));
        return 1;
    }
    printf("state: %u bytes, save image: %u bytes; you are player 1, with player 3\n",
           (unsigned)sizeof game, (unsigned)PINTAS_LINE_SAVE_SIZE);
    while (game.phase == PINTAS_LINE_PLAYING && log.count < MAX_LOG) {
        int seat = pintas_line_engine.turn(&game);
        if (seat == 0 && person) {
            pintas_line_view_of(&game, &record, 0, &view);
            printf("your hand: ");
            pintas_tileset_print(view.info.hand, shown, sizeof shown, &n);
            printf("%s\n", shown);
            person = typed_move(&game, &move);
        }
        if (seat != 0 || !person) {
            status = pintas_line_view_of(&game, &record, seat, &view);
            if (status == PINTAS_OK)
                status = pintas_line_suit_choose(&view, NULL, &move);
        }
        if (status == PINTAS_OK)
            status = pintas_line_play(&game, &move, events, PINTAS_LINE_MAX_EVENTS, &n_events);
        if (status == PINTAS_OK)
            status = pintas_line_record_update(&record, events, n_events);
        if (status != PINTAS_OK) {
            printf("error: %s\n", pintas_status_str(status));
            return 1;
        }
        log.moves[log.count++] = move;
        pintas_line_move_print(&move, shown, sizeof shown, &n);
        printf("player %d: %s\n", seat + 1, shown);
        for (i = 0; i < n_events; ++i)
            print_event(&events[i]);
    }
    printf("%lu moves, %u rounds, final score %ld - %ld\n", (unsigned long)log.count,
           (unsigned)game.round, (long)game.score[0], (long)game.score[1]);
    if (!save_and_load(&rules, &game, &log, save, sizeof save)) {
        printf("the save did not load back as the game\n");
        return 1;
    }
    return 0;
}
