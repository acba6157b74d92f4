/* save_text.c - the refusals of a save in words (pintas_save_message): the
 * Python package's messages, word for word, as templates whose {named}
 * placeholders the host fills (pintas/save.h lists them). */
#include "save_internal.h"

/* The causes whose words are the same in every game, by cause. */
static const char *const common_text[PINTAS_SAVE_CAUSES] = {
    "",
    "{size} bytes are more than the longest save pintas reads (16777216 bytes): not read",
    "a save key is at least 16 bytes: got {size}",
    "these bytes are not a pintas save (a save starts with b'PNTS'): they are empty",
    "these bytes are not a pintas save (a save starts with b'PNTS'): they start {start}",
    "not a pintas save: a save cut short: {start}",
    "the save ends early (wanted {wanted} bytes at {at})",
    "these bytes are a pintas save of format version {version}: this pintas reads versions "
    "1 and 2",
    "this save is signed with a key: load it with from_bytes(data, key=...)",
    "this save was made without a key: it carries no MAC, so it cannot be loaded with a key",
    "a format-1 save (pintas 0.1) carries no MAC, so it cannot be loaded with a key",
    "the save ends early ({size} bytes): {data}",
    "the save's checksum does not match its bytes: the save was damaged or edited (cut "
    "short, a byte changed, bytes added)",
    "the save's MAC does not match its bytes: the save was edited, or signed with another key",
    "these bytes are a saved {other}, not a {what}: use {package}.Game.from_bytes",
    "these bytes are a pintas save of no game this pintas knows (kind {kind}), not a {what}",
    "not a saved {what}: unknown flags {flags} in {start}",
    NULL, /* RULES: by game */
    "bad seats in the save: {players} players, seat {first} first",
    NULL, /* DEAL_TILE: by game */
    NULL, /* DEAL_SEAT: by game */
    NULL, /* DEAL_TWICE: by game */
    "a saved deal is not a deal of its rules: {reason}",
    "the save says its log has {count} entries: its bytes hold {room} at most",
    "bad log entry {tag} in the save",
    "bad dice count {n} in the saved log",
    "bad dice in the saved log: {reason}",
    "trailing bytes after the saved game",
    "unknown format version in {image}...",
    "not a saved state of this game ({reason}): {image}...",
    "a seed in the log where none can be: the game is seeded",
    "a seed in the log where none can be: two seeds in a row",
    "the log ends with a seed that no move used",
    "move {move} of the log drew from the PRNG with no seed logged before it",
    "move {move} of the log did not use the seed logged before it",
    "the saved log does not replay: {reason}",
    "the saved log is not the one its moves make (a roll or deal seed is missing, extra or "
    "misplaced)",
    "the saved log does not reach the saved state",
    NULL, /* NOT_CANONICAL: by where the saves differ */
};

/* What the Python reader reports for an error it did not foresee (a ValueError
 * of the rules or of a deal's tiles): the domino game's refusals of these. */
static const char generic[] = "not a saved {what} ({reason}): {start}...";

static const char *by_game(int cause, int game)
{
    int caminos = game == PINTAS_SAVE_CAMINOS;
    switch (cause) {
    case PINTAS_SAVE_RULES:
        return caminos ? "the save's rules are not Caminos rules: {reason}"
               : game == PINTAS_SAVE_DICE ? "the saved rules are not valid: {reason}"
                                          : generic;
    case PINTAS_SAVE_DEAL_TILE:
        return caminos ? "a saved deal names a tile or a seat that does not exist"
                       : "a saved deal names a tile that does not exist";
    case PINTAS_SAVE_DEAL_SEAT:
        return caminos ? "a saved deal names a tile or a seat that does not exist"
                       : "a saved deal gives tiles to a seat the game does not have";
    case PINTAS_SAVE_DEAL_TWICE:
        return caminos ? "a saved deal lists a tile twice: {reason}" : generic;
    default:
        return "";
    }
}

static const char *not_canonical(const pintas_save_error *err)
{
    if (err->found < 0)
        return "the save is not written the one way its game is: it ends where the game it "
               "holds writes {written}";
    if (err->written < 0)
        return "the save is not written the one way its game is: byte {offset} is {found} "
               "where the game it holds writes no more";
    return "the save is not written the one way its game is: byte {offset} is {found} where "
           "the game it holds writes {written}";
}

const char *pintas_save_message(const pintas_save_error *err)
{
    if (!err || err->cause <= PINTAS_SAVE_OK || err->cause >= PINTAS_SAVE_CAUSES)
        return "";
    if (err->cause == PINTAS_SAVE_NOT_CANONICAL)
        return not_canonical(err);
    return common_text[err->cause] ? common_text[err->cause] : by_game(err->cause, err->game);
}
