/* notation_line.c - the line games' moves as text: read in full notation
 * (Move.parse) or in a game's context with its aliases and bare tiles
 * (Game.parse_move), printed as str() prints them, and the messages of their
 * refusals. */
#include "notation_internal.h"
#include "line_internal.h"

static void set_move(pintas_line_move *m, uint8_t kind, uint8_t tile, uint8_t end)
{
    m->kind = kind;
    m->tile = tile;
    m->end = end;
}

/* Move.parse on a text already within the length cap. */
static int read_full(const uint8_t *text, size_t len, pintas_line_move *m, pintas_refusal *why)
{
    pintas__span w = pintas__strip(text, pintas__whole(len)), tile_part;
    size_t last_at = 0;
    uint32_t last;
    uint8_t tile = 0;
    pintas__refuse(why, PINTAS_CAUSE_NONE, len);
    if (pintas__is(text, w, "draw") || pintas__is(text, w, "pass")) {
        set_move(m, pintas__is(text, w, "draw") ? PINTAS_MOVE_DRAW : PINTAS_MOVE_PASS,
                 PINTAS_NO_TILE, 0);
        return PINTAS_OK;
    }
    last = w.len ? pintas__last_char(text, w, &last_at) : 0;
    if (last == 'l' || last == 'r') {
        tile_part.off = w.off;
        tile_part.len = last_at - w.off;
        if (pintas__tile_in(text, tile_part, &tile) == PINTAS_CAUSE_NONE) {
            set_move(m, PINTAS_MOVE_PLAY, tile, last == 'r' ? PINTAS_END_RIGHT : PINTAS_END_LEFT);
            return PINTAS_OK;
        }
    }
    return pintas__refuse_text(why, PINTAS_CAUSE_LINE_FORM, PINTAS_NOTATION_LINE, len);
}

int pintas_line_move_parse(const uint8_t *text, size_t len, pintas_line_move *m,
                           pintas_refusal *why)
{
    pintas_line_move read;
    int status = pintas__read_start(text, len, why, PINTAS_CAUSE_MOVE_LONG, m != NULL);
    if (status == PINTAS_OK)
        status = read_full(text, len, &read, why);
    if (status == PINTAS_OK)
        *m = read;
    return status;
}

/* A bare tile: the one legal placement of it, or why there is none or more. */
static int read_bare_tile(const pintas_line_state *s, const uint8_t *text, size_t len,
                          pintas_line_move *m, pintas_refusal *why)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES], fit = {0, 0, 0};
    size_t n = 0, k, fits = 0;
    uint8_t tile = 0;
    int cause = pintas__tile_in(text, pintas__whole(len), &tile);
    if (cause != PINTAS_CAUSE_NONE) {
        pintas__refuse(why, cause, len);
        return PINTAS_E_NOTATION;
    }
    if (pintas_line_legal(s, moves, PINTAS_LINE_MAX_MOVES, &n) != PINTAS_OK)
        return PINTAS_E_ARG;
    for (k = 0; k < n; ++k)
        if (moves[k].kind == PINTAS_MOVE_PLAY && moves[k].tile == tile) {
            fit = moves[k];
            ++fits;
        }
    if (fits == 1) {
        *m = fit;
        return PINTAS_OK;
    }
    if (fits > 1) {
        pintas__refuse_text(why, PINTAS_CAUSE_LINE_BOTH_ENDS, PINTAS_NOTATION_LINE, len);
        why->tile = tile;
        return PINTAS_E_NOTATION;
    }
    if (s->phase != PINTAS_LINE_PLAYING) {
        pintas__refuse_move(why, PINTAS_CAUSE_OVER, PINTAS_NOTATION_LINE, s->to_move);
        return PINTAS_E_OVER;
    }
    return pintas__line_placement(s, tile, PINTAS_NOTATION_NONE, why);
}

int pintas_line_parse_in(const pintas_line_state *s, const uint8_t *text, size_t len,
                         pintas_line_move *m, pintas_refusal *why)
{
    static const char *const passes[] = {"paso", "p"};
    static const char *const draws[] = {"robo", "robar", "d"};
    pintas__span w;
    pintas_line_move read;
    size_t last_at = 0;
    uint32_t last;
    int status = pintas__read_start(text, len, why, PINTAS_CAUSE_MOVE_LONG,
                                    m != NULL && s != NULL && pintas__line_usable(s));
    if (status != PINTAS_OK)
        return status;
    w = pintas__strip(text, pintas__whole(len));
    last = w.len ? pintas__last_char(text, w, &last_at) : 0;
    if (pintas__has_byte(text, w, '|') && last != 'l' && last != 'r')
        status = read_bare_tile(s, text, len, &read, why);
    else {
        if (pintas__among(text, w, passes, 2) >= 0)
            set_move(&read, PINTAS_MOVE_PASS, PINTAS_NO_TILE, 0);
        else if (pintas__among(text, w, draws, 3) >= 0)
            set_move(&read, PINTAS_MOVE_DRAW, PINTAS_NO_TILE, 0);
        else if (read_full(text, len, &read, why) != PINTAS_OK)
            return PINTAS_E_NOTATION;
        status = pintas_line_why(s, &read, why);
    }
    if (status == PINTAS_OK)
        *m = read;
    return pintas__read_end(why, len, status);
}

/* The move as str() prints it, without checks. */
static void put_move(pintas__out *o, const void *move)
{
    const pintas_line_move *m = move;
    if (m->kind == PINTAS_MOVE_PLAY) {
        pintas__put_tile(o, m->tile);
        pintas__putc(o, m->end ? 'R' : 'L');
    } else
        pintas__puts(o, m->kind == PINTAS_MOVE_DRAW ? "draw" : "pass");
}

static int move_ok(const void *move)
{
    const pintas_line_move *m = move;
    if (m->kind == PINTAS_MOVE_PLAY)
        return m->tile < PINTAS_TILE_COUNT && m->end <= PINTAS_END_RIGHT;
    return m->kind == PINTAS_MOVE_DRAW || m->kind == PINTAS_MOVE_PASS;
}

/* {rules}: as domino.Rules.__str__: "dominican (pairs) to 200",
 * "muggins (4 players) to 200", "capicua (4 players in pairs) to 20". */
static void put_rules(pintas__out *o, const pintas_line_rules *r)
{
    static const char *const games[] = {"muggins", "capicua", "dominican"};
    static const char *const modes[] = {"", "", "two", "three", "four"};
    pintas__puts(o, r->game <= PINTAS_LINE_DOMINICAN ? games[r->game] : "?");
    pintas__puts(o, " (");
    if (r->game == PINTAS_LINE_DOMINICAN && r->players <= 4)
        pintas__puts(o, r->pairs ? "pairs" : modes[r->players]);
    else {
        pintas__put_uint(o, r->players);
        pintas__puts(o, r->pairs ? " players in pairs" : " players");
    }
    pintas__puts(o, ") to ");
    pintas__put_uint(o, r->target);
}

/* A state (or NULL) for the message: usable, and given for an illegal move
 * unless the game is over. */
static int fits(const void *state, const pintas_refusal *r)
{
    const pintas_line_state *s = state;
    return s != NULL ? pintas__line_usable(s)
                     : r->refused != PINTAS_REFUSED_ILLEGAL || r->cause == PINTAS_CAUSE_OVER;
}

/* {legal}: the legal moves; {rules}. */
static int put_own(pintas__out *o, const char *p, const void *state, const pintas_refusal *r)
{
    const pintas_line_state *s = state;
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n = 0;
    (void)r;
    if (s == NULL)
        return PINTAS_E_ARG;
    if (pintas__placeholder_is(p, "legal")) {
        if (pintas_line_legal(s, moves, PINTAS_LINE_MAX_MOVES, &n) == PINTAS_OK)
            pintas__put_moves(o, put_move, moves, sizeof moves[0], n);
    } else if (pintas__placeholder_is(p, "rules"))
        put_rules(o, &s->rules);
    else
        return PINTAS_E_ARG;
    return PINTAS_OK;
}

static const pintas__move_text line_text = {move_ok, put_move, offsetof(pintas_refusal, line_move),
                                            fits, put_own};

PINTAS__MOVE_TEXT_ENTRIES(line, line_text)
