/* test_texts.c - the table of event sentences: lookups by key, variants, the
 * words for seats, and every template well formed. */
#include <string.h>

#include "check.h"
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

int main(void)
{
    test_lookups();
    test_event_templates();
    test_tables_well_formed();
    return check_summary();
}
