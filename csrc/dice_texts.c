/* dice_texts.c - the sentences of the dice games' events (pintas/texts.h;
 * texts.c has the lookups). */
#include "texts_internal.h"

/* The dice games; why/<reason>: how a reason reads where its name does not. */
static const pintas_text dice_texts[] = {
    PINTAS__TEXT("rolled", "{who} rolls {dice}"),
    PINTAS__TEXT("doom", "{who} rolls the dice of doom: loses {points} (score {total})"),
    PINTAS__TEXT("roll_out", "{who} rolls out: loses {points}"),
    PINTAS__TEXT("kept", "{who} keeps {dice} for {points} (turn total {total})"),
    PINTAS__TEXT("hot_dice", "hot dice: {who} closes a pool of {points} (turn total {total})"),
    PINTAS__TEXT("banked", "{who} banks {points} (score {total})"),
    PINTAS__TEXT("final_round", "{who} reaches the target with {total}: {count} last turn(s)"),
    PINTAS__TEXT("turn_end", "{who}'s turn ends ({why}): +{points}, score {total}"),
    PINTAS__TEXT("game_end", "{who} wins with {total} ({why})"),
    PINTAS__TEXT("game_end/target", "{who} reaches the target and wins with {total}"),
    PINTAS__TEXT("game_end/final_round", "{who} wins with {total} after the final round"),
    PINTAS__TEXT("game_end/max_rounds", "{who} wins with {total} at the round limit"),
    PINTAS__TEXT("why/roll_out", "rolled out"),
    PINTAS__TEXT("why/final_round", "final round"),
};

/* The kinds, by the numbers of pintas/dice.h's enum; the reasons a host
 * gives a turn's or the game's end (the core's events leave them to it: a
 * turn ends by a bank, a doom or a roll-out; the game at the target, after
 * the final round or at the round limit). */
static const char *const dice_kinds[] = {"rolled", "doom", "roll_out", "kept", "hot_dice",
                                         "banked", "final_round", "turn_end", "game_end"};
static const char *const dice_reasons[] = {NULL, "bank", "doom", "roll_out", "target",
                                           "final_round", "max_rounds"};

const pintas_texts pintas_dice_texts = PINTAS__EVENT_TEXTS(dice_texts, 2, dice_kinds,
                                                           dice_reasons);
