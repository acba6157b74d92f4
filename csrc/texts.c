/* texts.c - the sentences every home prints for the games' events, and the
 * words they are made of: one table, read by the CPython and MicroPython
 * layers alike (see pintas/texts.h), so that a text is never typed twice. */
#include "pintas/texts.h"

/* A text with its length, counted by the compiler. */
#define PINTAS__TEXT(key, text) {key, text, (uint16_t)(sizeof(text) - 1)}
#define PINTAS__TEXTS(table) {table, (uint16_t)(sizeof(table) / sizeof(table[0]))}

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

/* Caminos. */
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

/* How a text for people names seats and sides (counted from 1). */
static const pintas_text word_texts[] = {
    PINTAS__TEXT("player", "player {n}"),
    PINTAS__TEXT("players", "players {list} and {last}"),
    PINTAS__TEXT("team", "team {n} (players {seats})"),
    PINTAS__TEXT("nobody", "nobody"),
};

const pintas_texts pintas_line_texts = PINTAS__TEXTS(line_texts);
const pintas_texts pintas_caminos_texts = PINTAS__TEXTS(caminos_texts);
const pintas_texts pintas_dice_texts = PINTAS__TEXTS(dice_texts);
const pintas_texts pintas_word_texts = PINTAS__TEXTS(word_texts);

/* Whether the NUL-terminated `name` is the `len` bytes at `key`. */
static int same_key(const char *name, const char *key, size_t len)
{
    size_t i;
    for (i = 0; i < len; ++i) {
        if (name[i] == '\0' || name[i] != key[i]) {
            return 0;
        }
    }
    return name[len] == '\0';
}

const pintas_text *pintas_text_find(const pintas_texts *texts, const char *key, size_t len)
{
    uint16_t i;
    if (texts == NULL || key == NULL) {
        return NULL;
    }
    for (i = 0; i < texts->count; ++i) {
        if (same_key(texts->items[i].key, key, len)) {
            return &texts->items[i];
        }
    }
    return NULL;
}

/* Whether the NUL-terminated `name` begins with the `len` bytes at `key`. */
static int starts_with(const char *name, const char *key, size_t len)
{
    size_t i;
    for (i = 0; i < len; ++i) {
        if (name[i] == '\0' || name[i] != key[i]) {
            return 0;
        }
    }
    return 1;
}

/* The entry whose key is `kind` "/" `rest`, or NULL. */
static const pintas_text *find_pair(const pintas_texts *texts, const char *kind, size_t kind_len,
                                    const char *rest, size_t rest_len)
{
    uint16_t i;
    for (i = 0; i < texts->count; ++i) {
        const char *key = texts->items[i].key;
        if (starts_with(key, kind, kind_len) && key[kind_len] == '/'
            && same_key(key + kind_len + 1, rest, rest_len)) {
            return &texts->items[i];
        }
    }
    return NULL;
}

const pintas_text *pintas_event_template(const pintas_texts *texts, const char *kind,
                                         size_t kind_len, const char *reason,
                                         size_t reason_len, unsigned variants)
{
    /* in the order of their bits: PINTAS_TEXT_HIDDEN, _TEAM, _ALONE */
    static const char variant_names[][7] = {"hidden", "team", "alone"};
    const pintas_text *found = NULL;
    size_t i, len;
    if (texts == NULL || kind == NULL) {
        return NULL;
    }
    for (i = 0; found == NULL && i < sizeof(variant_names) / sizeof(variant_names[0]); ++i) {
        if (variants & (1u << i)) {
            for (len = 0; variant_names[i][len] != '\0'; ++len) {
            }
            found = find_pair(texts, kind, kind_len, variant_names[i], len);
        }
    }
    if (found == NULL && reason != NULL) {
        found = find_pair(texts, kind, kind_len, reason, reason_len);
    }
    return found != NULL ? found : pintas_text_find(texts, kind, kind_len);
}
