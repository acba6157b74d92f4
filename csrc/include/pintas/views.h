/* pintas/views.h - what one seat may know, as plain structs, for every game:
 * the input of the computer players (players.h) and of the searches.
 *
 * A view is filled by C from the game's state for one seat and never holds
 * another seat's hidden tiles (its hand, its secret reveal choice, the order
 * of the boneyard or pile, set-aside tiles). Where a seat knows more than the
 * state keeps (the round's public log in the tile games: who passed or drew
 * at which ends, what was revealed), a caller-owned *record* holds it: one per
 * game, shared by every seat, kept up to date from the events of each play
 * (..._record_update(record, events, n)), so that a view costs O(1) per move
 * (copies of fixed-size structs) rather than a rescan of the log.
 *
 * Each game also has a public view, of no seat (pintas_*_view_public): the
 * same struct filled from the same builder with no hand and no secret, what
 * a spectator may see.
 *
 * The tile games' views embed the searches' info structs (line_search.h,
 * caminos_search.h): a view's info is exactly what the search of that seat
 * reads. Dice hide nothing, so a dice view is the public state as it stands.
 *
 * Every function checks its pointers and ranges and returns a status
 * (common.h); on an error the outputs are untouched. No allocation, no
 * globals; reentrant.
 */
#ifndef PINTAS_VIEWS_H
#define PINTAS_VIEWS_H

#include "caminos.h"
#include "caminos_search.h"
#include "common.h"
#include "dice.h"
#include "line.h"
#include "line_search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- line games (Muggins, Capicua, Dominican) --------------------------- */

/* The public log of the round being played: its plays, draws and passes in
 * order, as pintas_line_info.log holds them (a drawn tile is never named). */
typedef struct pintas_line_record {
    uint16_t len;
    uint16_t reserved;
    pintas_line_log_entry log[PINTAS_LINE_INFO_MAX_LOG];
} pintas_line_record;

/* Empty *r (a game before its first events). PINTAS_E_ARG for NULL. */
int pintas_line_record_clear(pintas_line_record *r);

/* Add the events of one call (pintas_line_new, _new_dealt, _set_deal or
 * _play) to *r: a DEAL starts the round's log afresh; PLAY, DRAW and PASS are
 * appended (DRAW without its tile); the others say nothing a seat uses.
 * PINTAS_E_ARG for NULL (ev may be NULL when n is 0) or an event naming a
 * seat, tile or end out of range; PINTAS_E_BUFFER if the log would exceed
 * PINTAS_LINE_INFO_MAX_LOG entries (no real round does). On an error *r is
 * unchanged. */
int pintas_line_record_update(pintas_line_record *r, const pintas_line_event *ev, size_t n);

/* What one seat of a line game may know. info: the rules, the scores per
 * side, the seat's hand, the leader, the forced tile (told only to the
 * leader, before the round's first placement; else PINTAS_NO_TILE), the
 * round (cut to 0xFFFF) and the round's public log. The rest is the public
 * table: tiles in each hand, tiles left to draw (0 where the rules never
 * draw), whose turn it is (PINTAS_NO_SEAT once over), the winning side once
 * over (else PINTAS_NO_SEAT), and the line as pintas_line_state holds it
 * (placements in order, tile | 0x80 when placed at RIGHT; the open numbers
 * and whether a double lies at each end, valid when line_len > 0). */
typedef struct pintas_line_view {
    pintas_line_info info;
    uint8_t hand_size[PINTAS_LINE_MAX_SEATS];
    uint8_t boneyard_size;
    uint8_t to_move;
    uint8_t over;
    uint8_t winner;
    uint8_t line_len;
    uint8_t ends[2];
    uint8_t end_double[2];
    uint8_t reserved[3];
    uint8_t line[PINTAS_TILE_COUNT];
} pintas_line_view;

/* Fill *out with what `seat` may know of *s, its round's log taken from *r
 * (the record of the same game, updated with every event so far).
 * PINTAS_E_ARG for NULL, a seat the rules do not have or a record longer
 * than the bound. */
int pintas_line_view_of(const pintas_line_state *s, const pintas_line_record *r, int seat,
                        pintas_line_view *out);

/* Fill *out with what everyone may know of *s (a spectator's view), as
 * pintas_line_view_of fills a seat's, with no seat: info.seat is
 * PINTAS_NO_SEAT, info.hand 0 and info.forced_tile PINTAS_NO_TILE; every
 * other field is what each seat's view holds. No tile any seat holds and no
 * boneyard or set-aside tile is in it. Such a view has no legal moves and no
 * player chooses from it (PINTAS_E_ARG); it has a key (observe.h) but no
 * observation, which is a seat's. PINTAS_E_ARG for NULL or a record longer
 * than the bound. */
int pintas_line_view_public(const pintas_line_state *s, const pintas_line_record *r,
                            pintas_line_view *out);

/* The legal moves of the view's seat, read from the view alone, into
 * out[0..*n) in pintas_line_legal's order (the forced tile alone; else the
 * plays by ascending tile, LEFT before RIGHT, a tile fitting ends alike
 * listed once at LEFT; else DRAW if the rules draw and the boneyard has
 * tiles, else PASS). *n is 0 when the game is over or another seat is to
 * move. PINTAS_E_ARG for NULL or a view whose fields are out of range
 * (invalid rules, a seat, end or tile outside the set), PINTAS_E_BUFFER if
 * cap < PINTAS_LINE_MAX_MOVES. */
int pintas_line_view_legal(const pintas_line_view *v, pintas_line_move *out, size_t cap,
                           size_t *n);

/* ---- Caminos ------------------------------------------------------------ */

/* Entries of a Caminos round's story log a record keeps at most (read by
 * determinize.h); a longer round keeps the first ones and sets log_lost. */
#define PINTAS_CAMINOS_RECORD_MAX_LOG 255

/* One placement, draw, pass or renewal of a Caminos round, as determinize.h
 * reads it from the record: at is the event's position in the round (its
 * DEAL being 0), kind a pintas_caminos_event_kind: PLACE (what: the tile),
 * DRAW or PASS (what: the numbers the open sides showed then, bit n) or
 * CLOSE, noted only for a renewal (what: the tiles it put into the pile, a
 * mask; seat: who closed). */
typedef struct pintas_caminos_log_entry {
    uint16_t at;
    uint8_t kind;
    uint8_t seat;
    uint32_t what;
} pintas_caminos_log_entry;

/* The public record of a Caminos round, as the searches' binding derives it
 * from a view's log (caminos_search.h): every hand's cohorts, the log
 * position of the last renewal that put each tile into the pile, the tiles
 * each seat revealed this round and those of them it has not placed, and
 * the open sides as the log leaves them (whose numbers a seat that draws or
 * passes is seen to lack), and the round's story log (determinize.h). pos
 * counts the round's events, its DEAL being 0.
 * A seat's cohorts beyond PINTAS_CAMINOS_SEARCH_MAX_COHORTS are merged as
 * pintas_caminos_cohort says (the two oldest draws). */
typedef struct pintas_caminos_record {
    pintas_caminos_rules rules;
    uint16_t pos;
    uint16_t since[PINTAS_TILE_COUNT];
    uint8_t n_cohorts[PINTAS_CAMINOS_MAX_SEATS];
    pintas_caminos_cohort cohort[PINTAS_CAMINOS_MAX_SEATS][PINTAS_CAMINOS_SEARCH_MAX_COHORTS];
    pintas_mask revealed[PINTAS_CAMINOS_MAX_SEATS]; /* revealed this round, in any step */
    pintas_mask known[PINTAS_CAMINOS_MAX_SEATS];    /* revealed and not placed: in hand */
    uint8_t live;                                   /* bit p: slot p holds a path */
    uint8_t end[PINTAS_CAMINOS_MAX_PATHS][2];       /* each side's outward number */
    uint8_t len[PINTAS_CAMINOS_MAX_PATHS][2];       /* tiles on each side */
    uint8_t log_lost;                               /* 1: the round outgrew log */
    uint16_t log_len;                               /* entries in log */
    pintas_caminos_log_entry log[PINTAS_CAMINOS_RECORD_MAX_LOG]; /* the story log */
} pintas_caminos_record;

/* Start *r for a game of *rules (before its first events). PINTAS_E_ARG for
 * NULL, PINTAS_E_RULES for invalid rules. */
int pintas_caminos_record_start(pintas_caminos_record *r, const pintas_caminos_rules *rules);

/* Add the events of one call (pintas_caminos_new, _new_dealt, _set_deal or
 * _play) to *r: a DEAL starts the round afresh (one cohort of hand_size tiles
 * per seat); PATH, PLACE, CLOSE and NO_PATH move the table; REVEAL adds the
 * tile to the seat's reveals; a DRAW or PASS adds the numbers open then to
 * the seat's newest cohort's voids, and a DRAW opens a cohort of one tile.
 * PINTAS_E_ARG for NULL (ev may be NULL when n is 0), a record not started,
 * or an event naming a seat, path, side or tile out of range (then *r is
 * unchanged). */
int pintas_caminos_record_update(pintas_caminos_record *r, const pintas_caminos_event *ev,
                                 size_t n);

/* What one seat of a Caminos game may know. info: as the search reads it
 * (rules, the path slots, the seat's hand, the tiles known in other hands,
 * the discard, since, cohorts, hand sizes, pile size, passes, out_seat,
 * last_turns, starter), filled in every phase. Besides: the scores per seat,
 * the tiles each seat revealed this round, the phase and whose turn it is
 * (PINTAS_NO_SEAT once over), the round, the reveal step (0 while playing),
 * the seats still in the reveal and those that chose in this step (masks),
 * this seat's own secret choice (PINTAS_NO_TILE if none), and the winners
 * (a mask, once over). Path slots without a path hold centre, tiles =
 * PINTAS_NO_TILE and lengths and ends 0. */
typedef struct pintas_caminos_view {
    pintas_caminos_info info;
    int32_t score[PINTAS_CAMINOS_MAX_SEATS];
    pintas_mask revealed[PINTAS_CAMINOS_MAX_SEATS];
    uint8_t phase;
    uint8_t to_move;
    uint8_t round;
    uint8_t step;
    uint8_t contenders;
    uint8_t chosen;
    uint8_t my_choice;
    uint8_t winners;
} pintas_caminos_view;

/* Fill *out with what `seat` may know of *s, the round's public record taken
 * from *r (started for the same rules and updated with every event so far).
 * PINTAS_E_ARG for NULL, a seat the rules do not have, or a record of other
 * rules. */
int pintas_caminos_view_of(const pintas_caminos_state *s, const pintas_caminos_record *r,
                           int seat, pintas_caminos_view *out);

/* Fill *out with what everyone may know of *s (a spectator's view), as
 * pintas_caminos_view_of fills a seat's, with no seat: info.seat is
 * PINTAS_NO_SEAT, info.hand 0, my_choice PINTAS_NO_TILE, and info.known
 * lists every seat's tiles revealed and not placed (which every seat sees);
 * every other field is what each seat's view holds. No other tile a seat
 * holds, no secret reveal choice and no pile tile is in it. Such a view has
 * no legal moves and no player chooses from it (PINTAS_E_ARG); it has a key
 * (observe.h) but no observation. PINTAS_E_ARG for NULL or a record of other
 * rules. */
int pintas_caminos_view_public(const pintas_caminos_state *s, const pintas_caminos_record *r,
                               pintas_caminos_view *out);

/* How path *p reads in a row, from its back end to its front end: its tiles
 * each turned so that touching numbers match, the i-th showing nums[2*i] on
 * its left and nums[2*i+1] on its right (the back's tiles outermost first,
 * the centre as low|high, then the front's from the centre outwards). *n is
 * the number of tiles: 0 for no path (centre PINTAS_NO_TILE; nothing else is
 * read then). end[] and reserved are not read. PINTAS_E_ARG for NULL, a side
 * longer than PINTAS_CAMINOS_MAX_SIDE, a tile code out of the set, or a side
 * whose tiles do not chain out from the centre (nothing is written then);
 * PINTAS_E_BUFFER if cap < 2 * (1 + len[0] + len[1]). */
int pintas_caminos_path_chain(const pintas_caminos_path *p, uint8_t *nums, size_t cap,
                              size_t *n);

/* The legal moves of the view's seat, read from the view alone, into
 * out[0..*n) in pintas_caminos_legal's order (reveals of the tiles not
 * revealed yet; placements by tile, path, FRONT before BACK, a double centre
 * with both sides empty offering FRONT only; else DRAW or PASS). *n is 0
 * when the game is over or another seat is to move. PINTAS_E_ARG for NULL or
 * fields out of range, PINTAS_E_BUFFER if cap < PINTAS_CAMINOS_MAX_MOVES. */
int pintas_caminos_view_legal(const pintas_caminos_view *v, pintas_caminos_move *out,
                              size_t cap, size_t *n);

/* The numbers (bit n) each seat is known to lack, as a seat's players read
 * them: the voids of its newest cohort, with those of the cohort before when
 * it has one (the tiles it held at its last draw lacked them; only the drawn
 * tile may not). All 0 outside the playing phase. PINTAS_E_ARG for NULL. */
int pintas_caminos_view_lacks(const pintas_caminos_view *v,
                              uint8_t lacks[PINTAS_CAMINOS_MAX_SEATS]);

/* ---- dice --------------------------------------------------------------- */

/* What one seat of a dice game knows: everything but the PRNG. The turn's
 * phase (pintas_dice_phase), whose turn it is (PINTAS_DICE_NO_PLAYER once
 * over), the winner once over (else PINTAS_DICE_NO_PLAYER), the points at
 * stake (closed pools + the pool), the dice kept since the last six-dice roll
 * (a set), the latest roll of any player in roll order, the last turns left
 * in a final round. */
typedef struct pintas_dice_view {
    pintas_dice_rules rules;
    int32_t score[PINTAS_DICE_MAX_PLAYERS];
    int32_t turn_total;
    pintas_dice_set pool;
    uint8_t players;
    uint8_t first_player;
    uint8_t seat;
    uint8_t to_move;
    uint8_t phase;
    uint8_t winner;
    uint8_t final_left;
    uint8_t dice_to_roll;
    uint8_t last_roll_len;
    uint8_t last_roll[PINTAS_DICE_COUNT];
    uint8_t reserved;
} pintas_dice_view;

/* Fill *out with what `seat` knows of *s. PINTAS_E_ARG for NULL or a seat
 * the game does not have. */
int pintas_dice_view_of(const pintas_dice_state *s, int seat, pintas_dice_view *out);

/* Fill *out with the view of no seat (a spectator's): dice hide nothing, so
 * it is any seat's view with seat PINTAS_DICE_NO_PLAYER; given for a host
 * that builds every game's public view the same way. It has no legal moves
 * and no player chooses from it (PINTAS_E_ARG); it has a key (observe.h) but
 * no observation. PINTAS_E_ARG for NULL or a state of no players. */
int pintas_dice_view_public(const pintas_dice_state *s, pintas_dice_view *out);

/* The legal moves of the view's seat in the order the Python view lists
 * them: the keeps most points first, then fewer dice, then the dice
 * (ascending, compared in order); [ROLL, BANK] when both are allowed; else
 * [ROLL]. Keeps are written as KEEP moves with their points in points[i]
 * (points may be NULL), rolls as ROLL (the game's dice), never ROLL_GIVEN.
 * *n is 0 when the game is over or another seat is to move. PINTAS_E_ARG
 * for NULL or fields out of range, PINTAS_E_BUFFER if cap <
 * PINTAS_DICE_MAX_KEEPS. */
int pintas_dice_view_legal(const pintas_dice_view *v, pintas_dice_move *out, int32_t *points,
                           size_t cap, size_t *n);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_VIEWS_H */
