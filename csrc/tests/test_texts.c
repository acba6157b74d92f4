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

int main(void)
{
    test_lookups();
    test_tables_well_formed();
    return check_summary();
}
