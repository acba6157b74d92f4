/* caminos_texts.c - the sentences of Caminos' events (pintas/texts.h;
 * texts.c has the lookups). */
#include "texts_internal.h"

static const pintas_text caminos_texts[] = {
    PINTAS__TEXT("deal", "round {count} dealt"),
    PINTAS__TEXT("path", "path {path}: {tile}"),
    PINTAS__TEXT("path/renew", "new path {path}: {tile}"),
    PINTAS__TEXT("path/discard", "new path {path}: {tile}"),
    PINTAS__TEXT("choose", "{who} chooses {tile} to reveal"),
    PINTAS__TEXT("choose/hidden", "{who} chooses a tile to reveal"),
    PINTAS__TEXT("reveal", "{who} reveals {tile} ({pips})"),
    PINTAS__TEXT("tie", "tie between {names}: they reveal again"),
    PINTAS__TEXT("start", "{who} starts the round"),
    PINTAS__TEXT("start/lowest_seat", "{who} starts the round (the lowest-numbered player of the tie)"),
    PINTAS__TEXT("place", "{who} places {tile} on the {side} of path {path}"),
    PINTAS__TEXT("close/renew", "path {path} is full ({tiles}): back into the pile"),
    PINTAS__TEXT("close/stay", "path {path} is full ({tiles}): stays closed"),
    PINTAS__TEXT("close/discard", "path {path} is full ({tiles}): to the discard pile"),
    PINTAS__TEXT("reshuffle", "the pile is shuffled ({count} tiles)"),
    PINTAS__TEXT("no_path", "path {path} is not replaced: the pile is empty"),
    PINTAS__TEXT("draw", "{who} draws {tile}"),
    PINTAS__TEXT("draw/hidden", "{who} draws"),
    PINTAS__TEXT("pass", "{who} passes"),
    PINTAS__TEXT("out", "{who} is out of tiles: {count} last turn(s)"),
    PINTAS__TEXT("round_end", "round {count} over"),
    PINTAS__TEXT("round_end/blocked", "round {count} over: everybody passed"),
    PINTAS__TEXT("score", "{who} scores {points}"),
    PINTAS__TEXT("game_end", "{names} share the win with {points}"),
    PINTAS__TEXT("game_end/alone", "{names} wins with {points}"),
};

/* The kinds and reasons, by the numbers of pintas/caminos.h's enums. */
static const char *const caminos_kinds[] = {
    "deal", "path", "choose", "reveal", "tie", "start", "place", "close", "reshuffle",
    "no_path", "draw", "pass", "out", "round_end", "score", "game_end"};
static const char *const caminos_reasons[] = {NULL, "most_pips", "lowest_seat", "renew", "stay",
                                              "discard", "out", "blocked", "max_rounds"};

const pintas_texts pintas_caminos_texts = PINTAS__EVENT_TEXTS(caminos_texts, 1, caminos_kinds,
                                                              caminos_reasons);
