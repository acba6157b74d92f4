/* pintas/observe.h - what a seat may know, as a fixed-size vector for a
 * learner and as a key for a search's tables.
 *
 * An observation is made from a seat's view (pintas/views.h) alone, so it
 * can hold nothing the seat may not know. Every entry is 0 or 1: tiles as
 * 28 flags (tile index order), numbers and seats as one-hot groups, counts as
 * thermometers (entry i is 1 when the count is above i), points as the share
 * of the target in twentieths (a thermometer of 20). Seats are counted from
 * the observer (0 is the observer, 1 the next to play, ...), and scoring
 * sides from the observer's side, in slots for the most seats the game has;
 * slots beyond the game's seats are 0. The named parts of each vector are in
 * pintas_<game>_obs_parts, in order; their sizes add up to
 * PINTAS_<GAME>_OBS_SIZE.
 *
 * A key is the view's content as canonical bytes (little-endian integers,
 * no padding, nothing past a log's length): two views give the same key
 * exactly when they show the same. For a search's tables of information
 * states.
 *
 * Nothing allocates; the buffers are the caller's.
 */
#ifndef PINTAS_OBSERVE_H
#define PINTAS_OBSERVE_H

#include "views.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PINTAS_LINE_OBS_SIZE 408
#define PINTAS_CAMINOS_OBS_SIZE 929
#define PINTAS_DICE_OBS_SIZE 341
/* The longest key of each game's views, in bytes. */
#define PINTAS_LINE_KEY_MAX 608
#define PINTAS_CAMINOS_KEY_MAX 736
#define PINTAS_DICE_KEY_MAX 208
/* The largest of each: buffers that fit any game's observation and key. */
#define PINTAS_OBS_MAX PINTAS_CAMINOS_OBS_SIZE
#define PINTAS_KEY_MAX PINTAS_CAMINOS_KEY_MAX

/* A named part of an observation: entries [start, start + size). */
typedef struct pintas_obs_part {
    const char *name;
    uint16_t start;
    uint16_t size;
} pintas_obs_part;

/* The parts of each game's observation, in order, and how many. */
extern const pintas_obs_part pintas_line_obs_parts[];
extern const pintas_obs_part pintas_caminos_obs_parts[];
extern const pintas_obs_part pintas_dice_obs_parts[];
#define PINTAS_LINE_OBS_PARTS 19
#define PINTAS_CAMINOS_OBS_PARTS 26
#define PINTAS_DICE_OBS_PARTS 14

/* Write the observation of view *v to out[0..PINTAS_<GAME>_OBS_SIZE).
 * PINTAS_OK; PINTAS_E_ARG for NULL or a view with fields out of range
 * (rules not valid, a seat, tile or number outside the set);
 * PINTAS_E_BUFFER when cap is below the size. out is untouched on error. */
int pintas_line_observe(const pintas_line_view *v, uint8_t *out, size_t cap);
int pintas_caminos_observe(const pintas_caminos_view *v, uint8_t *out, size_t cap);
int pintas_dice_observe(const pintas_dice_view *v, uint8_t *out, size_t cap);

/* Write the observation `seat` has of a game in state *s to
 * out[0..PINTAS_<GAME>_OBS_SIZE), exactly as pintas_<game>_observe writes
 * that seat's view (pintas_<game>_view_of of *s and, in a tile game, the
 * game's record *r, kept up to date with every event so far): without a view
 * for the caller to hold. Reads only what the view would (never another
 * seat's hidden tiles). PINTAS_OK; PINTAS_E_ARG for NULL, a seat the game
 * does not have or a record view_of refuses; PINTAS_E_BUFFER when cap is
 * below the size. out is untouched on error. */
int pintas_line_observe_state(const pintas_line_state *s, const pintas_line_record *r,
                              int seat, uint8_t *out, size_t cap);
int pintas_caminos_observe_state(const pintas_caminos_state *s, const pintas_caminos_record *r,
                                 int seat, uint8_t *out, size_t cap);
int pintas_dice_observe_state(const pintas_dice_state *s, int seat, uint8_t *out, size_t cap);

/* Write the key of view *v to out[0..*len) (at most PINTAS_<GAME>_KEY_MAX
 * bytes). PINTAS_OK; PINTAS_E_ARG for NULL or a view whose log is longer
 * than its bound; PINTAS_E_BUFFER when cap is below PINTAS_<GAME>_KEY_MAX. */
int pintas_line_view_key(const pintas_line_view *v, uint8_t *out, size_t cap, size_t *len);
int pintas_caminos_view_key(const pintas_caminos_view *v, uint8_t *out, size_t cap,
                            size_t *len);
int pintas_dice_view_key(const pintas_dice_view *v, uint8_t *out, size_t cap, size_t *len);

/* Each game's observation and key behind untyped pointers to its view
 * struct, with their sizes: one piece of host code encodes any game's views. */
typedef struct pintas_observer {
    uint16_t obs_size; /* PINTAS_<GAME>_OBS_SIZE */
    uint16_t key_max;  /* PINTAS_<GAME>_KEY_MAX */
    int (*observe)(const void *view, uint8_t *out, size_t cap);
    int (*view_key)(const void *view, uint8_t *out, size_t cap, size_t *len);
} pintas_observer;

extern const pintas_observer pintas_line_observer;
extern const pintas_observer pintas_caminos_observer;
extern const pintas_observer pintas_dice_observer;

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_OBSERVE_H */
