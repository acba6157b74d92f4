/* save_dice.c - what a dice game writes in a save: its seats and rules and
 * its moves (docs/saves.md, "Dice"). The container is save.c's; dice have no
 * hand-made deals. */
#include <string.h>

#include "pintas/hash.h"
#include "save_internal.h"

/* Log tags of the moves (a reseed is 0xFE). */
#define TAG_ROLL 0u
#define TAG_ROLL_GIVEN 1u
#define TAG_KEEP 2u
#define TAG_BANK 3u

/* The preset whose combination values *r has (0 Dice of Doom, 1 Farkle), or
 * -1: a save names the scoring, not the table. */
static int scoring_of(const pintas_dice_rules *r)
{
    pintas_dice_rules p;
    int scoring;
    for (scoring = 0; scoring <= 1; ++scoring) {
        if (scoring == 0)
            pintas_dice_rules_dice_of_doom(&p);
        else
            pintas_dice_rules_farkle(&p);
        if (pintas_equal_ct((const uint8_t *)p.single, (const uint8_t *)r->single,
                            sizeof p.single) &&
            pintas_equal_ct((const uint8_t *)p.kind, (const uint8_t *)r->kind, sizeof p.kind) && p.straight_low == r->straight_low &&
            p.straight_high == r->straight_high && p.straight_six == r->straight_six &&
            p.three_pairs == r->three_pairs && p.two_triplets == r->two_triplets &&
            p.add_singles == r->add_singles)
            return scoring;
    }
    return -1;
}

/* Seats and rules: players, first player, scoring, doom, doom loses, hot
 * dice, combine kept, final round; then the target, 32-bit. */
static int put_setup(pintas__sink *s, const pintas_save_setup *setup)
{
    const pintas_dice_rules *r = &setup->rules.dice;
    int scoring = scoring_of(r);
    if (scoring < 0 || pintas_dice_rules_check(r) != PINTAS_OK)
        return PINTAS_E_RULES;
    if (setup->players < 1 || setup->players > PINTAS_DICE_MAX_PLAYERS ||
        setup->first_player >= setup->players)
        return PINTAS_E_ARG;
    pintas__sink_u8(s, setup->players);
    pintas__sink_u8(s, setup->first_player);
    pintas__sink_u8(s, (unsigned)scoring);
    pintas__sink_u8(s, r->doom);
    pintas__sink_u8(s, r->doom_loses);
    pintas__sink_u8(s, r->hot_dice);
    pintas__sink_u8(s, r->combine_kept);
    pintas__sink_u8(s, r->final_round);
    pintas__sink_u32(s, (uint32_t)r->target);
    return PINTAS_OK;
}

/* The limits after the rules: max_rounds, max_rolls (any byte is valid). */
static void limits(const pintas_save_setup *setup, uint8_t out[PINTAS_SAVE_LIMITS_SIZE])
{
    out[0] = setup->rules.dice.max_rounds;
    out[1] = setup->rules.dice.max_rolls;
}

static int set_limits(pintas_save_setup *setup, const uint8_t in[PINTAS_SAVE_LIMITS_SIZE])
{
    setup->rules.dice.max_rounds = in[0];
    setup->rules.dice.max_rolls = in[1];
    return 1;
}

static int take_setup(pintas__cursor *c, pintas_save_setup *setup)
{
    pintas_dice_rules *r = &setup->rules.dice;
    const uint8_t *b;
    uint32_t target;
    if (!pintas__take(c, 8, &b) || !pintas__take_u32(c, &target))
        return 0;
    /* The rules first, then the seats, as the Python reader checks them. */
    if (b[2] > 1 || target > PINTAS_DICE_MAX_TARGET)
        return pintas__save_refuse(c->err, PINTAS_SAVE_RULES);
    if (b[2] == 0)
        pintas_dice_rules_dice_of_doom(r);
    else
        pintas_dice_rules_farkle(r);
    r->doom = b[3];
    r->doom_loses = b[4];
    r->hot_dice = b[5];
    r->combine_kept = b[6];
    r->final_round = b[7];
    r->target = (int32_t)target;
    if (pintas_dice_rules_check(r) != PINTAS_OK)
        return pintas__save_refuse(c->err, PINTAS_SAVE_RULES);
    if (b[0] < 1 || b[0] > PINTAS_DICE_MAX_PLAYERS || b[1] >= b[0]) {
        c->err->value = b[0];
        c->err->other = b[1];
        return pintas__save_refuse(c->err, PINTAS_SAVE_SEATS);
    }
    setup->players = b[0];
    setup->first_player = b[1];
    return 1;
}

static void put_dice(pintas__sink *s, unsigned tag, const uint8_t *values, size_t n)
{
    pintas__sink_u8(s, tag);
    pintas__sink_u8(s, (unsigned)n);
    pintas__sink_put(s, values, n);
}

static int put_move(pintas__sink *s, const void *move)
{
    const pintas_dice_move *m = (const pintas_dice_move *)move;
    uint8_t values[PINTAS_DICE_COUNT];
    size_t n = 0;
    pintas_dice_set given;
    switch (m->kind) {
    case PINTAS_DICE_ROLL:
    case PINTAS_DICE_BANK:
        pintas__sink_u8(s, m->kind == PINTAS_DICE_ROLL ? TAG_ROLL : TAG_BANK);
        return PINTAS_OK;
    case PINTAS_DICE_ROLL_GIVEN:
        if (m->n < 1 || pintas_dice_set_from_values(m->values, m->n, &given) != PINTAS_OK)
            return PINTAS_E_ARG;
        put_dice(s, TAG_ROLL_GIVEN, m->values, m->n);
        return PINTAS_OK;
    case PINTAS_DICE_KEEP: /* the kept dice in ascending order */
        if (pintas_dice_set_values(m->keep, values, sizeof values, &n) != PINTAS_OK || n < 1)
            return PINTAS_E_ARG;
        put_dice(s, TAG_KEEP, values, n);
        return PINTAS_OK;
    default:
        return PINTAS_E_ARG;
    }
}

static int take_move(pintas__cursor *c, unsigned tag, void *move)
{
    pintas_dice_move *m = (pintas_dice_move *)move;
    const uint8_t *values;
    unsigned n, i;
    memset(m, 0, sizeof *m);
    if (tag == TAG_ROLL || tag == TAG_BANK) {
        m->kind = (uint8_t)(tag == TAG_ROLL ? PINTAS_DICE_ROLL : PINTAS_DICE_BANK);
        return 1;
    }
    if (tag != TAG_ROLL_GIVEN && tag != TAG_KEEP)
        return pintas__save_refuse(c->err, PINTAS_SAVE_ENTRY);
    if (!pintas__take_u8(c, &n))
        return 0;
    if (n < 1 || n > PINTAS_DICE_COUNT) {
        c->err->value = (uint8_t)n;
        return pintas__save_refuse(c->err, PINTAS_SAVE_DICE_COUNT);
    }
    if (!pintas__take(c, n, &values))
        return 0;
    for (i = 0; i < n; ++i)
        if (values[i] < 1 || values[i] > PINTAS_DICE_FACES) {
            c->err->at = c->pos - n; /* the dice, for the host's words */
            c->err->value = (uint8_t)n;
            return pintas__save_refuse(c->err, PINTAS_SAVE_DICE_VALUE);
        }
    if (tag == TAG_KEEP) {
        m->kind = PINTAS_DICE_KEEP;
        pintas_dice_set_from_values(values, n, &m->keep);
    } else {
        m->kind = PINTAS_DICE_ROLL_GIVEN;
        m->n = (uint8_t)n;
        memcpy(m->values, values, n);
    }
    return 1;
}

static int start(void *state, const pintas_save_setup *setup, pintas_engine_events *events)
{
    (void)events;
    return pintas_dice_new_chance((pintas_dice_state *)state, &setup->rules.dice, setup->players,
                                  setup->first_player, setup->first_seed, setup->external != 0);
}

static int external(const void *state)
{
    return ((const pintas_dice_state *)state)->chance != 0;
}

const pintas_save_part pintas_save_dice_part = {
    PINTAS_SAVE_DICE, 1, 0xFE, 0, &pintas_dice_engine,
    put_setup, take_setup, limits, set_limits, NULL, NULL, put_move, take_move, start,
    0xFC, 2, external};
