/* notation_dice.c - dice moves as text: read (Move.parse, which
 * Game.parse_move reads too), printed as str() prints them, and the messages
 * of their refusals. */
#include <string.h>

#include "notation_internal.h"
#include "dice_internal.h"

static const char *const kinds[] = {"roll", "keep", "bank"};

/* The dice written in `rest` (_tokens): "1 5 6", "1,5,6" or "156"; 1..6 dice,
 * each 1..6, into values[0..*n). 0 if they are not. */
static int read_dice(const uint8_t *text, pintas__span rest, uint8_t *values, uint8_t *n)
{
    pintas__span word;
    size_t pos = rest.off, k;
    size_t words = pintas__word_count(text, rest, 1);
    *n = 0;
    while (pintas__next_word(text, rest, &pos, 1, &word)) {
        for (k = 0; k < word.len; ++k) {
            uint8_t c = text[word.off + k];
            /* one word of ASCII digits is read digit by digit; else one digit a word */
            if ((words != 1 && word.len != 1) || c < '0' || c > '9')
                return 0;
            if (c < '1' || c > '6' || *n >= PINTAS_DICE_COUNT)
                return 0;
            values[(*n)++] = (uint8_t)(c - '0');
        }
    }
    return *n >= 1;
}

/* Refuse the text as no dice move: PINTAS_E_NOTATION. */
static int refuse_form(pintas_refusal *why, size_t len)
{
    return pintas__refuse_text(why, PINTAS_CAUSE_DICE_FORM, PINTAS_NOTATION_DICE, len);
}

int pintas_dice_move_parse(const uint8_t *text, size_t len, pintas_dice_move *m,
                           pintas_refusal *why)
{
    pintas__span all, first, rest;
    pintas_dice_move read;
    size_t pos;
    int kind;
    uint8_t k;
    int status = pintas__read_start(text, len, why, PINTAS_CAUSE_MOVE_LONG, m != NULL);
    if (status != PINTAS_OK)
        return status;
    all = pintas__strip(text, pintas__whole(len));
    pos = all.off;
    if (!pintas__next_word(text, all, &pos, 1, &first))
        return refuse_form(why, len);
    kind = pintas__among(text, first, kinds, 3);
    rest.off = pos;
    rest.len = all.off + all.len - pos;
    memset(&read, 0, sizeof read);
    if (kind < 0)
        return refuse_form(why, len);
    if (pintas__word_count(text, rest, 1) == 0) {
        if (kind == 1)
            return refuse_form(why, len);
        read.kind = kind == 0 ? PINTAS_DICE_ROLL : PINTAS_DICE_BANK;
    } else {
        if (kind == 2 || !read_dice(text, rest, read.values, &read.n))
            return refuse_form(why, len);
        read.kind = kind == 0 ? PINTAS_DICE_ROLL_GIVEN : PINTAS_DICE_KEEP;
        if (kind == 1) {
            for (k = 0; k < read.n; ++k)
                read.keep += PINTAS_DICE_SET_ONE(read.values[k]);
            read.n = 0;
            memset(read.values, 0, sizeof read.values);
        }
    }
    pintas__refuse(why, PINTAS_CAUSE_NONE, len);
    *m = read;
    return PINTAS_OK;
}

int pintas_dice_parse_in(const pintas_dice_state *s, const uint8_t *text, size_t len,
                         pintas_dice_move *m, pintas_refusal *why)
{
    pintas_dice_move read;
    int status;
    if (s == NULL || pintas__read_args(text, len, m, why) != PINTAS_OK)
        return PINTAS_E_ARG;
    status = pintas_dice_move_parse(text, len, &read, why);
    if (status != PINTAS_OK)
        return status;
    status = pintas_dice_why(s, &read, why);
    if (status == PINTAS_OK)
        *m = read;
    return pintas__read_end(why, len, status);
}

/* ---- printing --------------------------------------------------------------- */

static int move_ok(const void *move)
{
    const pintas_dice_move *m = move;
    unsigned k;
    if (m->kind == PINTAS_DICE_ROLL_GIVEN) {
        if (m->n < 1 || m->n > PINTAS_DICE_COUNT)
            return 0;
        for (k = 0; k < m->n; ++k)
            if (m->values[k] < 1 || m->values[k] > PINTAS_DICE_FACES)
                return 0;
        return 1;
    }
    if (m->kind == PINTAS_DICE_KEEP)
        return pintas_dice_set_is_valid(m->keep);
    return m->kind == PINTAS_DICE_ROLL || m->kind == PINTAS_DICE_BANK;
}

static void put_set(pintas__out *o, pintas_dice_set s)
{
    unsigned f, k;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        for (k = 0; k < PINTAS_DICE_SET_COUNT(s, f); ++k) {
            pintas__putc(o, ' ');
            pintas__putc(o, (char)('0' + f));
        }
}

static void put_move(pintas__out *o, const void *move)
{
    const pintas_dice_move *m = move;
    unsigned k;
    if (m->kind == PINTAS_DICE_KEEP) {
        pintas__puts(o, "keep");
        put_set(o, m->keep);
    } else if (m->kind == PINTAS_DICE_BANK)
        pintas__puts(o, "bank");
    else {
        pintas__puts(o, "roll");
        for (k = 0; m->kind == PINTAS_DICE_ROLL_GIVEN && k < m->n && k < PINTAS_DICE_COUNT; ++k) {
            pintas__putc(o, ' ');
            pintas__putc(o, (char)('0' + m->values[k]));
        }
    }
}

/* {legal}: the keeps, sorted as the binding lists them; else roll, bank. */
static void put_legal(pintas__out *o, const pintas_dice_state *s)
{
    pintas_dice_moves moves;
    pintas_dice_move m;
    size_t k;
    if (pintas_dice_legal(s, &moves) != PINTAS_OK)
        return;
    m = pintas__dice_move_of_kind(PINTAS_DICE_KEEP);
    if (moves.n_keeps) {
        pintas_dice_sort_keeps(moves.keeps, moves.n_keeps);
        for (k = 0; k < moves.n_keeps && k < PINTAS_DICE_MAX_KEEPS; ++k) {
            if (k)
                pintas__puts(o, ", ");
            m.keep = moves.keeps[k].keep;
            put_move(o, &m);
        }
        return;
    }
    if (moves.can_roll)
        pintas__puts(o, "roll");
    if (moves.can_roll && moves.can_bank)
        pintas__puts(o, ", ");
    if (moves.can_bank)
        pintas__puts(o, "bank");
}

/* {legal}, given a state (any state, or NULL, fills the rest). */
static int put_own(pintas__out *o, const char *p, const void *s, const pintas_refusal *r)
{
    (void)r;
    if (!pintas__placeholder_is(p, "legal") || s == NULL)
        return PINTAS_E_ARG;
    put_legal(o, s);
    return PINTAS_OK;
}

static const pintas__move_text dice_text = {move_ok, put_move, offsetof(pintas_refusal, dice_move),
                                            NULL, put_own};

PINTAS__MOVE_TEXT_ENTRIES(dice, dice_text)
