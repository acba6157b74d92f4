/* line_texts.c - the sentences of the line games' events (pintas/texts.h;
 * texts.c has the lookups). */
#include "texts_internal.h"

/* The line games (Muggins, Capicua, Dominican): in pairs a side is a team, named
 * with its players. why/<reason>: how a reason reads where its name does not
 * (the others read as their names). */
static const pintas_text line_texts[] = {
    PINTAS__TEXT("play", "{who} plays {tile} at {at}"),
    PINTAS__TEXT("draw", "{who} draws {tile}"),
    PINTAS__TEXT("draw/hidden", "{who} draws"),
    PINTAS__TEXT("pass", "{who} passes"),
    PINTAS__TEXT("score", "{who} scores {points} ({why})"),
    PINTAS__TEXT("score/team", "{who} scores {points} for {team} ({why})"),
    PINTAS__TEXT("deal", "round {count} dealt; {player} leads"),
    PINTAS__TEXT("redeal", "deal void: {player} held {count} doubles"),
    PINTAS__TEXT("round_end", "round won by {who} ({why})"),
    PINTAS__TEXT("round_end/block_tie", "round blocked with a tie: nobody scores"),
    PINTAS__TEXT("tiebreak", "tie-break draw {count}: {player} draws {tile}"),
    PINTAS__TEXT("game_end", "game won by {winner}"),
    PINTAS__TEXT("game_end/zapatero", "game won by {winner} (zapatero!)"),
    PINTAS__TEXT("game_end/tiebreak", "game won by {winner} (tie-break draw)"),
    PINTAS__TEXT("game_end/max_rounds", "game won by {winner} at the round limit"),
    PINTAS__TEXT("why/block_tie", "block tie"),
    PINTAS__TEXT("why/pase_corrido", "pase corrido"),
    PINTAS__TEXT("why/pase_de_salida", "pase de salida"),
};

/* The kinds and reasons, by the numbers of pintas/line.h's enums. */
static const char *const line_kinds[] = {"deal", "redeal", "play", "draw", "pass",
                                         "score", "round_end", "game_end", "tiebreak"};
static const char *const line_reasons[] = {
    NULL, "fives", "domino", "block", "block_tie", "pass", "capicua", "pase_corrido",
    "pase_de_salida", "normal", "zapatero", "tiebreak", "max_rounds"};

const pintas_texts pintas_line_texts = PINTAS__EVENT_TEXTS(line_texts, 0, line_kinds,
                                                           line_reasons);
