/* test_texts.c - the table of event sentences: lookups by key, variants, the
 * words for seats, and every template well formed. */
#include <string.h>

#include "check.h"
#include "pintas/caminos.h"
#include "pintas/dice.h"
#include "pintas/line.h"
#include "pintas/texts.h"

static const char *find(const pintas_texts *t, const char *key)
{
    const pintas_text *found = pintas_text_find(t, key, strlen(key));
    return found == NULL ? NULL : found->text;
}

/* Braces balance and enclose a field name of letters and underscores. */
static int well_formed(const char *s)
{
    int open = 0, name = 0;
    for (; *s != '\0'; ++s) {
        if (*s == '{') {
            if (open) return 0;
            open = 1;
            name = 0;
        } else if (*s == '}') {
            if (!open || name == 0) return 0;
            open = 0;
        } else if (open) {
            if (!((*s >= 'a' && *s <= 'z') || *s == '_')) return 0;
            ++name;
        }
    }
    return !open;
}

static void test_lookups(void)
{
    CHECK(strcmp(find(&pintas_line_texts, "play"), "{who} plays {tile} at {at}") == 0);
    CHECK(strcmp(find(&pintas_line_texts, "round_end/block_tie"),
                 "round blocked with a tie: nobody scores") == 0);
    CHECK(strcmp(find(&pintas_caminos_texts, "draw/hidden"), "{who} draws") == 0);
    CHECK(strcmp(find(&pintas_dice_texts, "why/roll_out"), "rolled out") == 0);
    CHECK(strcmp(find(&pintas_word_texts, "player"), "player {n}") == 0);
    /* a key is matched whole: no prefix, no longer key, not another table's */
    CHECK(find(&pintas_line_texts, "pla") == NULL);
    CHECK(find(&pintas_line_texts, "plays") == NULL);
    CHECK(find(&pintas_dice_texts, "play") == NULL);
    CHECK(pintas_text_find(&pintas_line_texts, "play/x", 4) != NULL); /* the first 4 bytes */
    CHECK(pintas_text_find(NULL, "play", 4) == NULL);
    CHECK(pintas_text_find(&pintas_line_texts, NULL, 4) == NULL);
    CHECK(pintas_text_find(&pintas_line_texts, "", 0) == NULL);
}

static void test_tables_well_formed(void)
{
    const pintas_texts *tables[] = {&pintas_line_texts, &pintas_caminos_texts,
                                    &pintas_dice_texts, &pintas_word_texts};
    size_t t;
    uint16_t i, j;
    for (t = 0; t < sizeof(tables) / sizeof(tables[0]); ++t) {
        CHECK(tables[t]->count > 0);
        for (i = 0; i < tables[t]->count; ++i) {
            CHECK(well_formed(tables[t]->items[i].text));
            CHECK(strlen(tables[t]->items[i].text) == tables[t]->items[i].length);
            for (j = 0; j < i; ++j) { /* every key once */
                CHECK(strcmp(tables[t]->items[i].key, tables[t]->items[j].key) != 0);
            }
        }
    }
}

/* The text of the event template found, or NULL. */
static const char *event(const pintas_texts *t, const char *kind, const char *reason,
                         unsigned variants)
{
    const pintas_text *found = pintas_event_template(t, kind, strlen(kind), reason,
                                                     reason == NULL ? 0 : strlen(reason),
                                                     variants);
    return found == NULL ? NULL : found->text;
}

static void test_event_templates(void)
{
    const pintas_texts *line = &pintas_line_texts, *caminos = &pintas_caminos_texts;
    /* the kind alone, the reason's variant, and the kind where the reason has none */
    CHECK(strcmp(event(line, "pass", NULL, 0), "{who} passes") == 0);
    CHECK(strcmp(event(line, "game_end", "zapatero", 0), "game won by {winner} (zapatero!)") == 0);
    CHECK(strcmp(event(line, "game_end", "domino", 0), "game won by {winner}") == 0);
    /* a named variant before the reason's, only where the table has it */
    CHECK(strcmp(event(line, "draw", NULL, PINTAS_TEXT_HIDDEN), "{who} draws") == 0);
    CHECK(strcmp(event(line, "draw", NULL, 0), "{who} draws {tile}") == 0);
    CHECK(strcmp(event(line, "score", "domino", PINTAS_TEXT_HIDDEN | PINTAS_TEXT_TEAM),
                 "{who} scores {points} for {team} ({why})") == 0);
    CHECK(strcmp(event(line, "play", NULL, PINTAS_TEXT_HIDDEN), "{who} plays {tile} at {at}") == 0);
    CHECK(strcmp(event(caminos, "game_end", NULL, PINTAS_TEXT_ALONE),
                 "{names} wins with {points}") == 0);
    CHECK(strcmp(event(caminos, "choose", NULL, PINTAS_TEXT_HIDDEN | PINTAS_TEXT_ALONE),
                 "{who} chooses a tile to reveal") == 0);
    CHECK(strcmp(event(caminos, "tie", NULL, PINTAS_TEXT_ALONE | 0x80u),
                 "tie between {names}: they reveal again") == 0);
    /* the variant before the reason, and a key matched whole */
    CHECK(strcmp(event(caminos, "draw", "blocked", PINTAS_TEXT_HIDDEN), "{who} draws") == 0);
    CHECK(event(caminos, "close", NULL, 0) == NULL);
    CHECK(strcmp(event(caminos, "close", "stay", 0), "path {path} is full ({tiles}): stays closed")
          == 0);
    CHECK(event(caminos, "close", "sta", 0) == NULL);
    CHECK(event(caminos, "clos", "stay", 0) == NULL);
    CHECK(event(line, "why", "block", 0) == NULL);
    CHECK(pintas_event_template(line, "draw/x", 4, NULL, 0, PINTAS_TEXT_HIDDEN) != NULL);
    CHECK(pintas_event_template(NULL, "draw", 4, NULL, 0, 0) == NULL);
    CHECK(pintas_event_template(line, NULL, 4, NULL, 0, 0) == NULL);
    CHECK(event(&pintas_dice_texts, "play", NULL, 0) == NULL);
}

/* The sentence of e in `t`, or "" (and the status in *status). */
static const char *sentence(const pintas_texts *t, const pintas_event_fields *e, int *status)
{
    static char buf[160];
    size_t len = 0;
    *status = pintas_event_text(t, e, buf, sizeof buf, &len);
    CHECK(*status != PINTAS_OK || len == strlen(buf));
    return *status == PINTAS_OK ? buf : "";
}

/* An event with no field set: kind 0, every optional field absent. */
static pintas_event_fields blank(uint8_t kind)
{
    pintas_event_fields e;
    memset(&e, 0, sizeof e);
    e.kind = kind;
    e.seat = e.side = e.end = e.path = PINTAS_EVENT_NONE;
    e.tile = PINTAS_NO_TILE;
    return e;
}

static void test_event_sentences(void)
{
    const pintas_texts *line = &pintas_line_texts, *caminos = &pintas_caminos_texts;
    pintas_event_fields e = blank(PINTAS_EV_PLAY);
    char small[8];
    size_t len = 0;
    int status;
    e.seat = e.side = 1;
    e.tile = PINTAS_TILE(6, 4);
    e.end = 0;
    CHECK(strcmp(sentence(line, &e, &status), "player 2 plays 6|4 at left") == 0);
    e.end = 1;
    CHECK(strcmp(sentence(line, &e, &status), "player 2 plays 6|4 at right") == 0);
    /* a hidden tile: its variant, or no sentence where the kind has none */
    e.tile = PINTAS_NO_TILE;
    CHECK(strcmp(sentence(line, &e, &status), "") == 0 && status == PINTAS_E_ARG);
    e.kind = PINTAS_EV_DRAW;
    CHECK(strcmp(sentence(line, &e, &status), "player 2 draws") == 0);
    e = blank(PINTAS_EV_SCORE);
    e.seat = 2;
    e.side = 0;
    e.points = 10;
    e.reason = PINTAS_WHY_PASE_CORRIDO;
    e.teams = 1;
    CHECK(strcmp(sentence(line, &e, &status),
                 "player 3 scores 10 for team 1 (players 1 & 3) (pase corrido)") == 0);
    e.reason = 0; /* a hand-made score without its reason */
    CHECK(strcmp(sentence(line, &e, &status), "") == 0 && status == PINTAS_E_ARG);
    e = blank(PINTAS_EV_GAME_END);
    e.side = 1;
    e.reason = PINTAS_WHY_ZAPATERO;
    CHECK(strcmp(sentence(line, &e, &status), "game won by player 2 (zapatero!)") == 0);
    e.teams = 1;
    CHECK(strcmp(sentence(line, &e, &status), "game won by team 2 (players 2 & 4) (zapatero!)")
          == 0);
    e = blank(PINTAS_EV_ROUND_END);
    e.reason = PINTAS_WHY_BLOCK;
    CHECK(strcmp(sentence(line, &e, &status), "round won by nobody (block)") == 0);
    /* Caminos: seats alone or listed, pips, a closed path's tiles */
    e = blank(PINTAS_CAMINOS_EV_GAME_END);
    e.seats = 0x5;
    e.points = -3;
    CHECK(strcmp(sentence(caminos, &e, &status), "players 1 and 3 share the win with -3") == 0);
    e.seats = 0xB;
    CHECK(strcmp(sentence(caminos, &e, &status), "players 1, 2 and 4 share the win with -3") == 0);
    e.seats = 0x2;
    CHECK(strcmp(sentence(caminos, &e, &status), "player 2 wins with -3") == 0);
    e = blank(PINTAS_CAMINOS_EV_REVEAL);
    e.seat = 0;
    e.tile = PINTAS_TILE(1, 0);
    CHECK(strcmp(sentence(caminos, &e, &status), "player 1 reveals 1|0 (1 pip)") == 0);
    e = blank(PINTAS_CAMINOS_EV_CLOSE);
    e.path = 3;
    e.reason = PINTAS_CAMINOS_WHY_STAY;
    e.has_tiles = 1;
    e.tiles = PINTAS_BIT(PINTAS_TILE(6, 6)) | PINTAS_BIT(PINTAS_TILE(5, 3));
    CHECK(strcmp(sentence(caminos, &e, &status), "path 3 is full (5|3 6|6): stays closed") == 0);
    e = blank(PINTAS_CAMINOS_EV_PLACE);
    e.seat = 3;
    e.tile = PINTAS_TILE(2, 1);
    e.side = 1;
    e.path = 8;
    CHECK(strcmp(sentence(caminos, &e, &status), "player 4 places 2|1 on the back of path 8")
          == 0);
    /* dice: the dice spaced, a reason's words */
    e = blank(PINTAS_DICE_EV_KEPT);
    e.seat = 0;
    e.n_dice = 3;
    e.dice[0] = 1, e.dice[1] = 5, e.dice[2] = 5;
    e.points = 200;
    e.total = 350;
    CHECK(strcmp(sentence(&pintas_dice_texts, &e, &status),
                 "player 1 keeps 1 5 5 for 200 (turn total 350)") == 0);
    e = blank(PINTAS_DICE_EV_TURN_END);
    e.seat = 1;
    e.reason = 3; /* roll_out */
    e.total = 1200;
    CHECK(strcmp(sentence(&pintas_dice_texts, &e, &status),
                 "player 2's turn ends (rolled out): +0, score 1200") == 0);
    CHECK(strcmp(pintas_dice_texts.kinds[PINTAS_DICE_EV_GAME_END], "game_end") == 0);
    CHECK(pintas_line_texts.reasons[0] == NULL && pintas_word_texts.kinds == NULL);
    /* any buffer: what fits, and the length needed */
    e = blank(PINTAS_EV_PASS);
    e.seat = 0;
    CHECK(pintas_event_text(line, &e, small, sizeof small, &len) == PINTAS_E_BUFFER
          && len == strlen("player 1 passes") && strcmp(small, "player ") == 0);
    CHECK(pintas_event_text(line, &e, NULL, 0, &len) == PINTAS_E_BUFFER && len == 15);
    /* refused: NULL pointers, a kind or reason out of the table, the words' table */
    CHECK(pintas_event_text(NULL, &e, small, sizeof small, &len) == PINTAS_E_ARG);
    CHECK(pintas_event_text(line, NULL, small, sizeof small, &len) == PINTAS_E_ARG);
    CHECK(pintas_event_text(&pintas_word_texts, &e, small, sizeof small, &len) == PINTAS_E_ARG);
    e.kind = pintas_line_texts.kind_count;
    CHECK(pintas_event_text(line, &e, small, sizeof small, &len) == PINTAS_E_ARG);
    e.kind = PINTAS_EV_PASS;
    e.reason = pintas_line_texts.reason_count;
    CHECK(pintas_event_text(line, &e, small, sizeof small, &len) == PINTAS_E_ARG);
}

/* What pintas_seat_words wrote, or "" when it refused (status set). */
static const char *words(const char *key, unsigned n, const uint8_t *seats, size_t count,
                         int *status)
{
    static char buf[64];
    size_t len = 0;
    *status = pintas_seat_words(key, n, seats, count, buf, sizeof buf, &len);
    return *status == PINTAS_OK && len == strlen(buf) ? buf : "";
}

static void test_seat_words(void)
{
    static const uint8_t one_three[] = {0, 2}, odd[] = {2, 0}, three[] = {1, 2, 3};
    char small[8];
    size_t len = 0;
    int status;
    CHECK(strcmp(words("player", 1, NULL, 0, &status), "player 1") == 0);
    CHECK(strcmp(words("players", 0, one_three, 2, &status), "players 1 and 3") == 0);
    CHECK(strcmp(words("players", 0, three, 3, &status), "players 2, 3 and 4") == 0);
    CHECK(strcmp(words("players", 0, odd, 2, &status), "players 3 and 1") == 0); /* as given */
    CHECK(strcmp(words("players", 0, three + 2, 1, &status), "player 4") == 0);  /* one seat */
    CHECK(strcmp(words("team", 2, three, 2, &status), "team 2 (players 2 & 3)") == 0);
    CHECK(strcmp(words("nobody", 0, NULL, 0, &status), "nobody") == 0);
    CHECK(pintas_seat_words("players", 0, one_three, 2, small, sizeof small, &len)
              == PINTAS_E_BUFFER
          && len == 15 && strcmp(small, "players") == 0);
    CHECK(strcmp(words("seat", 1, NULL, 0, &status), "") == 0 && status == PINTAS_E_ARG);
    CHECK(pintas_seat_words(NULL, 1, NULL, 0, small, sizeof small, &len) == PINTAS_E_ARG);
    CHECK(pintas_seat_words("players", 0, NULL, 0, small, sizeof small, &len) == PINTAS_E_ARG);
    CHECK(pintas_seat_words("team", 1, one_three, 0, small, sizeof small, &len) == PINTAS_E_ARG);
    CHECK(pintas_seat_words("team", 1, NULL, 2, small, sizeof small, &len) == PINTAS_E_ARG);
    CHECK(pintas_seat_words("player", 1, NULL, 0, NULL, 4, &len) == PINTAS_E_ARG);
    CHECK(pintas_seat_words("player", 1, NULL, 0, small, sizeof small, NULL) == PINTAS_E_ARG);
}

/* What pintas_caminos_path_text wrote for path 2 with `free`, or "" when it
 * refused (status set). */
static const char *path_text(const pintas_caminos_path *p, uint8_t front, uint8_t back,
                             int *status)
{
    static char buf[96];
    uint8_t free[2];
    size_t len = 0;
    free[PINTAS_CAMINOS_FRONT] = front;
    free[PINTAS_CAMINOS_BACK] = back;
    *status = pintas_caminos_path_text(p, 2, free, buf, sizeof buf, &len);
    return *status == PINTAS_OK && len == strlen(buf) ? buf : "";
}

static void test_path_text(void)
{
    pintas_caminos_path p;
    uint8_t free[2] = {0, 0};
    char small[8];
    size_t len = 0;
    int status;
    memset(&p, 0, sizeof p);
    p.centre = PINTAS_TILE(4, 3);
    CHECK(strcmp(path_text(&p, 2, 2, &status), "path 2: back 3 (2 free) [3|4] front 4 (2 free)")
          == 0);
    p.len[PINTAS_CAMINOS_FRONT] = 1;
    p.tile[PINTAS_CAMINOS_FRONT][0] = PINTAS_TILE(4, 4);
    p.len[PINTAS_CAMINOS_BACK] = 1;
    p.tile[PINTAS_CAMINOS_BACK][0] = PINTAS_TILE(5, 3);
    CHECK(strcmp(path_text(&p, 1, 0, &status),
                 "path 2: back 5 (full) [5|3][3|4][4|4] front 4 (1 free)") == 0);
    CHECK(strcmp(path_text(&p, 0, 0, &status), "path 2: [5|3][3|4][4|4] closed") == 0);
    p.centre = PINTAS_NO_TILE;
    CHECK(strcmp(path_text(&p, 0, 0, &status), "path 2: (no path)") == 0);
    /* refused: tiles that do not chain, NULL pointers; any buffer */
    p.centre = PINTAS_TILE(6, 6);
    CHECK(strcmp(path_text(&p, 1, 0, &status), "") == 0 && status == PINTAS_E_ARG);
    CHECK(pintas_caminos_path_text(NULL, 2, free, small, sizeof small, &len) == PINTAS_E_ARG);
    p.centre = PINTAS_NO_TILE;
    CHECK(pintas_caminos_path_text(&p, 2, NULL, small, sizeof small, &len) == PINTAS_E_ARG);
    CHECK(pintas_caminos_path_text(&p, 2, free, small, sizeof small, NULL) == PINTAS_E_ARG);
    CHECK(pintas_caminos_path_text(&p, 2, free, small, sizeof small, &len) == PINTAS_E_BUFFER
          && len == 17 && strcmp(small, "path 2:") == 0);
}

int main(void)
{
    test_seat_words();
    test_path_text();
    test_event_sentences();
    test_lookups();
    test_event_templates();
    test_tables_well_formed();
    return check_summary();
}
