/* caminos_texts.c - the sentences of Caminos' events (pintas/texts.h;
 * texts.c has the lookups), and a path as it reads on the table. */
#include "notation_internal.h" /* (pintas__out: a caller's buffer being written) */
#include "pintas/views.h"     /* (pintas_caminos_path_chain) */
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

/* A path's side in its sentence: "front 3 (1 free)", "back 4 (full)". */
static void put_side(pintas__out *o, int side, uint8_t end, uint8_t free)
{
    pintas__puts(o, side == PINTAS_CAMINOS_FRONT ? "front " : "back ");
    pintas__put_uint(o, end);
    if (free == 0) {
        pintas__puts(o, " (full)");
        return;
    }
    pintas__puts(o, " (");
    pintas__put_uint(o, free);
    pintas__puts(o, " free)");
}

int pintas_caminos_path_text(const pintas_caminos_path *p, unsigned number,
                             const uint8_t free[2], char *buf, size_t cap, size_t *len)
{
    uint8_t nums[2 * (1 + 2 * PINTAS_CAMINOS_MAX_SIDE)];
    size_t n = 0, i;
    int closed;
    pintas__out o;
    if (p == NULL || free == NULL || (buf == NULL && cap > 0) || len == NULL
        || pintas_caminos_path_chain(p, nums, sizeof(nums), &n) != PINTAS_OK)
        return PINTAS_E_ARG;
    closed = free[PINTAS_CAMINOS_FRONT] == 0 && free[PINTAS_CAMINOS_BACK] == 0;
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    pintas__puts(&o, "path ");
    pintas__put_uint(&o, number);
    pintas__puts(&o, ": ");
    if (n == 0) {
        pintas__puts(&o, "(no path)");
        return pintas__out_end(&o, len);
    }
    if (!closed) {
        put_side(&o, PINTAS_CAMINOS_BACK, nums[0], free[PINTAS_CAMINOS_BACK]);
        pintas__putc(&o, ' ');
    }
    for (i = 0; i < n; ++i) { /* the row, from the back end: "[4|4][4|3]" */
        pintas__putc(&o, '[');
        pintas__put_uint(&o, nums[2 * i]);
        pintas__putc(&o, '|');
        pintas__put_uint(&o, nums[2 * i + 1]);
        pintas__putc(&o, ']');
    }
    if (closed) {
        pintas__puts(&o, " closed");
    } else {
        pintas__putc(&o, ' ');
        put_side(&o, PINTAS_CAMINOS_FRONT, nums[2 * n - 1], free[PINTAS_CAMINOS_FRONT]);
    }
    return pintas__out_end(&o, len);
}
