/* pintas/save.h - the save of a whole game (format 2, docs/saves.md): written
 * and read here, the same bytes in every home (CPython, MicroPython, C).
 *
 * A save is the magic "PNTS", the format version, the game's kind letter, the
 * flags, the first seed; the game's setup (rules, seats, a hand-made first
 * deal); the count of log entries and the entries (moves, the seeds an
 * unseeded game drew, hand-made deals of later rounds); the C state's save
 * image; and a trailer over every byte before it: a BLAKE2b-128 checksum, or
 * with a key (16 bytes or more) an HMAC-SHA256. Format 1 (pintas 0.1) is the
 * same without the trailer: it is read, and written only on request.
 *
 * Writing takes what a host keeps: the setup, the log through a callback,
 * the current state. Reading checks everything the Python reader checks, in
 * the same order, and says why a save is refused with a cause code
 * (pintas_save_cause) and its details (pintas_save_error); the texts of the
 * causes, word for word those of the Python package, are templates from
 * pintas_save_message. A full load replays the log through the game's engine
 * into a work area and gives the caller the state only once every check
 * passed.
 *
 * Nothing allocates; every buffer is the caller's.
 */
#ifndef PINTAS_SAVE_H
#define PINTAS_SAVE_H

#include "common.h"
#include "caminos.h"
#include "dice.h"
#include "engine.h"
#include "line.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- bounds and layout ---------------------------------------------------- */

#define PINTAS_SAVE_FORMAT 2        /* the format written */
#define PINTAS_SAVE_LEGACY_FORMAT 1 /* pintas 0.1: no trailer; read */
#define PINTAS_SAVE_HEADER_SIZE 15  /* magic, version, kind, flags, first seed */
#define PINTAS_SAVE_CHECKSUM_SIZE 16
#define PINTAS_SAVE_MAC_SIZE 32
#define PINTAS_SAVE_MIN_KEY 16
/* The longest save read or written: 16 MiB (docs/saves.md, the size cap). */
#define PINTAS_SAVE_MAX_SIZE 16777216u
/* Flags: bit 0 seeded, bit 1 (tile games) a hand-made first deal, bit 2
 * (domino, dice) the rules set a length limit, bit 7 keyed. */
#define PINTAS_SAVE_FLAG_SEEDED 0x01u
#define PINTAS_SAVE_FLAG_DEALT 0x02u
/* Set exactly when the rules set a limit (domino max_rounds; dice max_rounds
 * or max_rolls): PINTAS_SAVE_LIMITS_SIZE bytes of limits follow the rules
 * (domino: max_rounds, 0; dice: max_rounds, max_rolls), at least one of
 * them not 0. A save of rules without limits has neither the bit nor the
 * bytes: the very bytes saves had before the limits. */
#define PINTAS_SAVE_FLAG_LIMITS 0x04u
#define PINTAS_SAVE_LIMITS_SIZE 2
/* Format 2 only: the game's chance is external (docs/ai.md, "External
 * chance"); its log holds the chance outcomes (PINTAS_SAVE_CHANCE entries:
 * tag 0xFC, Caminos 0xFFFC, then the outcome, one byte for a tile, two,
 * little-endian, for the dice's set index) and its state image says so. */
#define PINTAS_SAVE_FLAG_CHANCE 0x08u
#define PINTAS_SAVE_FLAG_KEYED 0x80u

/* The games, by the kind letter their saves carry. */
typedef enum pintas_save_game {
    PINTAS_SAVE_LINE = 'L',
    PINTAS_SAVE_CAMINOS = 'C',
    PINTAS_SAVE_DICE = 'D'
} pintas_save_game;

typedef union pintas_save_rules {
    pintas_line_rules line;
    pintas_caminos_rules caminos;
    pintas_dice_rules dice; /* one of the two presets' tables, with its options */
} pintas_save_rules;

typedef union pintas_save_deal {
    pintas_line_deal line;
    pintas_caminos_deal caminos;
} pintas_save_deal;

/* How a game was set up. */
typedef struct pintas_save_setup {
    pintas_save_rules rules;
    pintas_save_deal deal; /* the first deal, when `dealt` */
    uint64_t first_seed;   /* the game's seed, or an unseeded game's first one */
    uint8_t game;          /* pintas_save_game */
    uint8_t seeded;        /* 1: seeded (the log holds no seeds); 0: the OS seeds each move */
    uint8_t dealt;         /* tile games: 1 if the first deal was made by hand */
    uint8_t players;       /* dice: the seats (tile games: ignored, the rules say) */
    uint8_t first_player;  /* dice: the seat that plays first */
    uint8_t external;      /* 1: external chance (PINTAS_SAVE_FLAG_CHANCE) */
} pintas_save_setup;

/* One log entry. */
typedef enum pintas_save_entry_kind {
    PINTAS_SAVE_MOVE = 0,   /* move: the game's move struct */
    PINTAS_SAVE_RESEED = 1, /* seed: what the next move of an unseeded game drew from */
    PINTAS_SAVE_DEAL = 2,   /* deal: a hand-made deal of the round about to start (set_deal) */
    PINTAS_SAVE_CHANCE = 3  /* outcome: a chance outcome (external chance only) */
} pintas_save_entry_kind;

typedef struct pintas_save_entry {
    uint8_t kind;            /* pintas_save_entry_kind */
    uint64_t seed;           /* RESEED */
    pintas_engine_move move; /* MOVE: a pintas_line_move, _caminos_move or _dice_move */
    pintas_save_deal deal;   /* DEAL */
    uint16_t outcome;        /* CHANCE: the *_play_chance outcome */
} pintas_save_entry;

/* The log, as the writer reads it: `count` entries, entry i written by
 * entry(ctx, i, out), which returns PINTAS_OK or a status the writer passes
 * on. A callback rather than an array: hosts keep their logs their own way (a
 * Python list of move objects, an array of moves with the seeds in a side
 * table, a file), and the log of a long game (thousands of entries) need not
 * be copied into a second layout to be saved. The writer asks for every entry
 * once per call, in order. */
typedef int (*pintas_save_entry_fn)(void *ctx, size_t index, pintas_save_entry *out);

typedef struct pintas_save_log {
    size_t count;
    pintas_save_entry_fn entry;
    void *ctx;
} pintas_save_log;

/* One game's part of the saves: how its setup, deals and moves are written
 * and which engine replays them. The functions that take a game's kind
 * letter (pintas_save_write, _open, _load) reach every game's part, so a
 * program that calls them links the code of all three games; the _part
 * functions take the part itself, so a program that names one game's part
 * links only that game (with --gc-sections: a board that plays dominoes
 * carries no Caminos or dice). Opaque: only its address is used. */
typedef struct pintas__save_codec pintas_save_part;
extern const pintas_save_part pintas_save_line_part;
extern const pintas_save_part pintas_save_caminos_part;
extern const pintas_save_part pintas_save_dice_part;

/* ---- writing -------------------------------------------------------------- */

/* Write the save of the game set up as *setup, with the log *log (NULL: no
 * entries) and the current state *state (the game's state struct), to
 * buf[0..*len): format `version` (PINTAS_SAVE_FORMAT, or 1 for a pintas 0.1
 * save, which takes no key), ending with a checksum, or with key[0..key_len)
 * (NULL: no key) an HMAC-SHA256. buf NULL: only *len is written, the size
 * needed. The bytes are those the Python package writes for the same game.
 * Returns PINTAS_OK; PINTAS_E_ARG for a NULL setup, state or len, an unknown
 * game or version, a key with format 1, a key shorter than
 * PINTAS_SAVE_MIN_KEY, or a log entry that is no entry of the game;
 * PINTAS_E_RULES for rules that are not valid (dice: whose tables are neither
 * preset's); PINTAS_E_BUFFER when cap is smaller than the save (*len: its
 * size); PINTAS_E_CORRUPT when the state does not save; PINTAS_E_RANGE when
 * the save would be longer than PINTAS_SAVE_MAX_SIZE (*len: its size); or the status of a
 * failed entry callback. On any error buf may hold part of the save. */
int pintas_save_write(const pintas_save_setup *setup, const pintas_save_log *log,
                      const void *state, const uint8_t *key, size_t key_len, int version,
                      uint8_t *buf, size_t cap, size_t *len);

/* pintas_save_write for the game whose part is *part (setup->game must be
 * that game's letter, else PINTAS_E_ARG; NULL part: PINTAS_E_ARG). */
int pintas_save_write_part(const pintas_save_part *part, const pintas_save_setup *setup,
                           const pintas_save_log *log, const void *state, const uint8_t *key,
                           size_t key_len, int version, uint8_t *buf, size_t cap, size_t *len);

/* ---- reading -------------------------------------------------------------- */

/* Why a save is refused. Every cause has a template (pintas_save_message). */
typedef enum pintas_save_cause {
    PINTAS_SAVE_OK = 0,
    PINTAS_SAVE_TOO_BIG,         /* size: more than PINTAS_SAVE_MAX_SIZE bytes */
    PINTAS_SAVE_KEY_SHORT,       /* size: a key shorter than PINTAS_SAVE_MIN_KEY */
    PINTAS_SAVE_EMPTY,           /* no bytes at all */
    PINTAS_SAVE_NOT_A_SAVE,      /* no magic */
    PINTAS_SAVE_MAGIC_CUT,       /* fewer than 4 bytes, the start of the magic */
    PINTAS_SAVE_ENDS_EARLY,      /* wanted bytes at `at`: a save cut short */
    PINTAS_SAVE_VERSION,         /* value: a format version not read */
    PINTAS_SAVE_KEY_NEEDED,      /* a keyed save, no key given */
    PINTAS_SAVE_KEY_UNKEYED,     /* a key given for a format-2 save made without one */
    PINTAS_SAVE_KEY_LEGACY,      /* a key given for a format-1 save */
    PINTAS_SAVE_SHORT,           /* size: a format-2 save too short for its trailer */
    PINTAS_SAVE_CHECKSUM,        /* the checksum does not match */
    PINTAS_SAVE_MAC,             /* the MAC does not match */
    PINTAS_SAVE_OTHER_GAME,      /* value: the kind letter of another game's save */
    PINTAS_SAVE_UNKNOWN_GAME,    /* value: a kind letter of no game */
    PINTAS_SAVE_FLAGS,           /* value: flags with unknown bits */
    PINTAS_SAVE_RULES,           /* rules that are not valid */
    PINTAS_SAVE_SEATS,           /* dice: value players, other first player */
    PINTAS_SAVE_DEAL_TILE,       /* at: a deal names a tile that does not exist */
    PINTAS_SAVE_DEAL_SEAT,       /* at: a deal gives tiles to a seat the game does not have */
    PINTAS_SAVE_DEAL_TWICE,      /* at: a deal's list (paths, boneyard, pile) names a tile twice */
    PINTAS_SAVE_DEAL_RULES,      /* at: a deal that is not a deal of the rules */
    PINTAS_SAVE_COUNT,           /* count: a log longer than its bytes can hold (room) */
    PINTAS_SAVE_ENTRY,           /* entry, value: a log entry's tag names nothing */
    PINTAS_SAVE_DICE_COUNT,      /* entry, value: a dice count not 1..6 */
    PINTAS_SAVE_DICE_VALUE,      /* entry, tag, at, value: a die not 1..6 (the dice, their count) */
    PINTAS_SAVE_TRAILING,        /* bytes after the state image */
    PINTAS_SAVE_STATE_VERSION,   /* at: the state image is of another version */
    PINTAS_SAVE_STATE,           /* status, at: the state image does not load */
    PINTAS_SAVE_SEED_SEEDED,     /* entry: a seed in the log of a seeded game */
    PINTAS_SAVE_SEED_TWICE,      /* entry: two seeds in a row */
    PINTAS_SAVE_SEED_AT_END,     /* the log ends with a seed no move used */
    PINTAS_SAVE_DREW_UNSEEDED,   /* entry: a move drew from the PRNG with no seed before it */
    PINTAS_SAVE_SEED_UNUSED,     /* entry: a move did not use the seed before it */
    PINTAS_SAVE_NO_REPLAY,       /* entry, status: a move or deal the game refuses */
    PINTAS_SAVE_LOG_MISMATCH,    /* the log is not the one its moves make */
    PINTAS_SAVE_STATE_MISMATCH,  /* the log does not reach the saved state */
    PINTAS_SAVE_NOT_CANONICAL,   /* offset, found, written: not the game's one save */
    PINTAS_SAVE_CAUSES
} pintas_save_cause;

/* A refusal and its details: which fields mean something is said at each cause. */
typedef struct pintas_save_error {
    int cause;       /* pintas_save_cause */
    int status;      /* STATE, NO_REPLAY: the engine's status */
    uint8_t game;    /* the game that was read for (its kind letter) */
    uint8_t value;   /* VERSION, OTHER/UNKNOWN_GAME, FLAGS, ENTRY (low byte), DICE_COUNT, DICE_VALUE, SEATS */
    uint8_t other;   /* SEATS: the first player */
    uint16_t tag;    /* ENTRY: the tag (Caminos' tags are 16-bit) */
    uint32_t entry;  /* the log entry (from 0) of an entry's cause */
    uint32_t count;  /* COUNT */
    size_t room;     /* COUNT: the entries the bytes could hold */
    size_t size;     /* TOO_BIG, SHORT: the save's length; KEY_SHORT: the key's */
    size_t wanted;   /* ENDS_EARLY */
    size_t at;       /* ENDS_EARLY: where; NOT_CANONICAL: the first byte that differs;
                        DEAL_*: where the deal starts; STATE*: where the image starts;
                        DICE_VALUE: where the dice start */
    int found;       /* NOT_CANONICAL: the byte there, -1 if the save ends there */
    int written;     /* NOT_CANONICAL: the byte the game writes there, -1 for none */
} pintas_save_error;

/* What a reader or a load needs for scratch: a state of any game and the
 * events of one call. */
typedef union pintas_save_state {
    pintas_line_state line;
    pintas_caminos_state caminos;
    pintas_dice_state dice;
} pintas_save_state;

typedef struct pintas_save_work {
    pintas_save_state state;
    pintas_engine_events events;
} pintas_save_work;

/* A save being read: where its parts lie. Read-only to the caller but for
 * `setup`, which pintas_save_open fills. */
typedef struct pintas_save_reader {
    pintas_save_setup setup;
    const uint8_t *data;
    size_t body;       /* bytes before the trailer (format 1: every byte) */
    size_t log_at;     /* the first log entry */
    size_t image_at;   /* the state image */
    size_t pos;        /* the next entry pintas_save_next gives */
    uint32_t count;    /* log entries */
    uint32_t index;    /* the next entry's index */
    const pintas_save_part *part; /* the game's part it was opened with */
    uint8_t version;
    uint8_t flags;
} pintas_save_reader;

/* Open save data[0..len) of game `game` (pintas_save_game) with
 * key[0..key_len) (NULL: no key) and check everything a load checks before
 * the replay, in the Python reader's order: the key's length, the size cap,
 * the header, the key against the save, the trailer, the game, the flags, the
 * setup, every log entry, the state image (loaded into work->state), no
 * trailing bytes. data must stay put while *r is used. On PINTAS_OK r->setup
 * holds the setup and pintas_save_next gives the entries; on a refusal *err
 * says why (err may be NULL). Returns PINTAS_OK; PINTAS_E_ARG for a NULL r or
 * work, data NULL with len > 0 or an unknown game; PINTAS_E_VERSION for cause
 * VERSION; PINTAS_E_CORRUPT for every other cause. */
int pintas_save_open(pintas_save_reader *r, int game, const uint8_t *data, size_t len,
                     const uint8_t *key, size_t key_len, pintas_save_work *work,
                     pintas_save_error *err);

/* pintas_save_open for the game whose part is *part (NULL: PINTAS_E_ARG). */
int pintas_save_open_part(pintas_save_reader *r, const pintas_save_part *part,
                          const uint8_t *data, size_t len, const uint8_t *key, size_t key_len,
                          pintas_save_work *work, pintas_save_error *err);

/* Write the next log entry of an opened save to *e (its index is r->index
 * before the call). Returns PINTAS_OK; PINTAS_E_OVER after the last entry;
 * PINTAS_E_ARG for NULL or a reader not opened. */
int pintas_save_next(pintas_save_reader *r, pintas_save_entry *e);

/* Make pintas_save_next start again at the first entry. PINTAS_E_ARG on NULL. */
int pintas_save_rewind(pintas_save_reader *r);

/* Replay an opened save's log through the game's engine in work->state, as
 * the Python reader does (a seeded game plays its moves; an unseeded one
 * plays each move from the generator reseeded with the seed logged before
 * it, 0 if none, and keeps that reseeded generator only when the move drew
 * from it, else the one it had: so a host that replays a save by hand
 * reseeds only where a seed is logged; the move must have drawn exactly
 * when a seed was logged), check that it
 * makes the saved log, reaches the saved state and writes the very bytes
 * read; then copy the state to *state (the game's state struct, untouched on
 * any refusal) and rewind r. Returns as pintas_save_open. */
int pintas_save_replay(pintas_save_reader *r, void *state, pintas_save_work *work,
                       pintas_save_error *err);

/* pintas_save_open, then pintas_save_replay: the whole load. */
int pintas_save_load(pintas_save_reader *r, int game, const uint8_t *data, size_t len,
                     const uint8_t *key, size_t key_len, void *state, pintas_save_work *work,
                     pintas_save_error *err);

/* pintas_save_load for the game whose part is *part (NULL: PINTAS_E_ARG). */
int pintas_save_load_part(pintas_save_reader *r, const pintas_save_part *part,
                          const uint8_t *data, size_t len, const uint8_t *key, size_t key_len,
                          void *state, pintas_save_work *work, pintas_save_error *err);

/* ---- the refusals in words ------------------------------------------------ */

/* The text of refusal *err, word for word the Python package's, as a
 * template with named placeholders in braces for the host to fill: from the
 * error, {size} {wanted} {at} {version} {flags} {count} {room} {tag} {n}
 * {players} {first} {offset} {found} {written}; {what} and {other}
 * (pintas_save_what of the game read for and of the save's kind), {package}
 * (pintas_save_package of the save's kind), {kind} (the kind byte as a
 * Python bytes repr); from the host, {start} (repr of the save's first 24
 * bytes), {image} (repr of the state image's first 16 or 8 bytes), {data}
 * (repr of the whole save), {move} (the entry's move in notation) and
 * {reason} (the host's words for what its own checks say: the rules, the
 * deal, the dice or the refused move). Never NULL ("" for PINTAS_SAVE_OK or
 * an unknown cause). */
const char *pintas_save_message(const pintas_save_error *err);

/* What a message calls a game ("domino game", "Caminos game", "dice game"),
 * and the package that loads it ("domino", "caminos", "dice"); NULL for no
 * game. */
const char *pintas_save_what(int game);
const char *pintas_save_package(int game);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_SAVE_H */
