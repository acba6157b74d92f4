/* dice_book.c - reading a dice policy's book (dice.h): the decisions of a
 * solved policy as bytes a device keeps in flash, read without a workspace
 * and without floating point.
 *
 * Layout (little-endian; pintas_dice_policy_book in dice_solve.c writes it):
 *   0   "PDBK", format version (1), 3 zero bytes
 *   8   the rules, as the dice save has them (152 bytes), with target 1 and
 *       final_round, doom_loses, max_rounds and max_rolls 0 (the policy does
 *       not depend on them)
 *   160 cap_units (u32: 1..65535), n_states (u16), 2 zero bytes
 *   168 the offset of each state's record (u32 each), in the solver's state
 *       order: the empty pool, then pools of 5, 4, ..., 1 dice (with
 *       combine_kept every fully scoring pool, by set index; else one per size)
 *   then the records, each up to the next (the last to the end):
 *       pool (u16: its set index with combine_kept, else its size);
 *       n (u16), bank (u8: the decision at total 0), a zero byte, then the n
 *       totals (u16, in units, increasing) where the bank decision flips;
 *       a code (u8) per roll of the dice left, rolls in set order: the best
 *       keep's index in the roll's pintas_dice_keeps list at every total
 *       (0 for a roll with no keep), or 0x80 when it changes with the total;
 *       for each 0x80 code in turn: the keep at total 0 (u8), n (u16), and n
 *       times the total (u16) from which the keep is another and that keep
 *       (u8). From cap_units on the policy banks, and keeps as at cap_units.
 */
#include "pintas/dice.h"
#include "dice_internal.h"

#define BOOK_MAGIC 0x4B424450u /* "PDBK" */
#define HEADER 168u
#define MULTI 0x80u
#define MAX_STATES 462u /* the sets of 0..5 dice */

static uint32_t rd16(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
    return rd16(p) | (rd16(p + 2) << 16);
}

/* The ways n dice show k faces (k >= 1): C(n + k - 1, k - 1). */
static uint32_t ways(unsigned n, unsigned k)
{
    uint32_t c = 1;
    unsigned i;
    for (i = 1; i < k; ++i)
        c = c * (n + i) / i;
    return c;
}

/* The rank of a set of d dice among the sets of d dice in set order: the sets
 * before it have fewer dice of the first face where they differ. */
static uint32_t rank_of(pintas_dice_set s, unsigned d)
{
    uint32_t r = 0;
    unsigned f, x, rest = d;
    for (f = 1; f < PINTAS_DICE_FACES; ++f) {
        unsigned c = PINTAS_DICE_SET_COUNT(s, f);
        for (x = 0; x < c; ++x)
            r += ways(rest - x, PINTAS_DICE_FACES - f);
        rest -= c;
    }
    return r;
}

/* Where one state's record lies, and its parts. */
typedef struct record {
    uint32_t pool;    /* as stored */
    unsigned size;    /* dice in the pool */
    uint32_t flips;   /* bank decision flips */
    size_t toggles;   /* the flips' totals */
    size_t codes;     /* a code per roll */
    uint32_t n_codes;
    size_t lists;     /* the keep lists of the 0x80 codes */
    size_t end;
} record;

/* Record k of a book whose offsets are checked. 0 if it does not hold its
 * parts (only while opening: an open book's records are checked). */
static int record_at(const uint8_t *bytes, size_t len, uint32_t n_states, int combine,
                     uint32_t k, record *rec)
{
    size_t at = rd32(bytes + HEADER + 4u * k);
    rec->end = k + 1 < n_states ? rd32(bytes + HEADER + 4u * (k + 1)) : len;
    if (rec->end - at < 6)
        return 0;
    rec->pool = rd16(bytes + at);
    if (combine) {
        pintas_dice_set s;
        if (pintas_dice_set_at((int)rec->pool, &s) != PINTAS_OK)
            return 0;
        rec->size = pintas__dice_set_size(s);
    } else {
        rec->size = rec->pool;
    }
    if (rec->size >= PINTAS_DICE_COUNT)
        return 0;
    rec->flips = rd16(bytes + at + 2);
    rec->toggles = at + 6;
    rec->codes = rec->toggles + 2u * rec->flips;
    rec->n_codes = ways(PINTAS_DICE_COUNT - rec->size, PINTAS_DICE_FACES);
    rec->lists = rec->codes + rec->n_codes;
    return rec->lists <= rec->end;
}

/* The record of `pool`, or 0 if the pool is no state of the book. */
static int record_of(const pintas_dice_book *b, pintas_dice_set pool, record *rec)
{
    int combine = b->rules.combine_kept;
    uint32_t k, want;
    if (!pintas_dice_set_is_valid(pool) || pintas__dice_set_size(pool) >= PINTAS_DICE_COUNT)
        return 0;
    want = combine ? (uint32_t)pintas_dice_set_index(pool) : pintas__dice_set_size(pool);
    for (k = 0; k < b->n_states; ++k)
        if (rd16(b->bytes + rd32(b->bytes + HEADER + 4u * k)) == want)
            return record_at(b->bytes, b->len, b->n_states, combine, k, rec);
    return 0;
}

/* The keep list at `at` (one of a record's): 0 if it overruns `end` or is
 * malformed; else its length into *size. */
static int list_ok(const uint8_t *bytes, size_t at, size_t end, uint32_t cap, size_t *size)
{
    uint32_t n, i, last = 0;
    if (end - at < 3 || bytes[at] >= PINTAS_DICE_MAX_KEEPS)
        return 0;
    n = rd16(bytes + at + 1);
    if (n < 1 || (end - at - 3) / 3 < n)
        return 0;
    for (i = 0; i < n; ++i) {
        const uint8_t *c = bytes + at + 3 + 3u * i;
        uint32_t t = rd16(c);
        if (t <= last || t > cap || c[2] >= PINTAS_DICE_MAX_KEEPS)
            return 0;
        last = t;
    }
    *size = 3u + 3u * n;
    return 1;
}

/* Every part of record k in place and well formed, the states in order. */
static int record_ok(const uint8_t *bytes, size_t len, uint32_t n_states,
                     const pintas_dice_rules *r, uint32_t cap, uint32_t k, record *prev)
{
    record rec;
    uint32_t i, last = 0;
    size_t at;
    if (!record_at(bytes, len, n_states, r->combine_kept, k, &rec))
        return 0;
    /* the solver's order: the empty pool, then by size down, by set up */
    if (k == 0 ? rec.pool != 0 || rec.size != 0
               : rec.size == 0 || (prev->size != 0 && rec.size > prev->size) ||
                     (rec.size == prev->size && rec.pool <= prev->pool))
        return 0;
    if (r->combine_kept) {
        pintas_dice_set s;
        pintas_dice_set_at((int)rec.pool, &s);
        if (pintas__dice_split_score(r, s) < 0)
            return 0;
    } else if (n_states != PINTAS_DICE_COUNT || (k > 0 && rec.size != PINTAS_DICE_COUNT - k)) {
        return 0;
    }
    at = rec.toggles - 2;
    if (bytes[at] > 1 || bytes[at + 1] != 0)
        return 0;
    for (i = 0; i < rec.flips; ++i) {
        uint32_t t = rd16(bytes + rec.toggles + 2u * i);
        if (t <= last || t >= cap)
            return 0;
        last = t;
    }
    at = rec.lists;
    for (i = 0; i < rec.n_codes; ++i) {
        unsigned code = bytes[rec.codes + i];
        size_t size;
        if (code == MULTI) {
            if (!list_ok(bytes, at, rec.end, cap, &size))
                return 0;
            at += size;
        } else if (code >= PINTAS_DICE_MAX_KEEPS) {
            return 0;
        }
    }
    *prev = rec;
    return at == rec.end;
}

int pintas_dice_book_open(pintas_dice_book *b, const uint8_t *bytes, size_t len)
{
    pintas_dice_rules r;
    pintas__reader rd;
    record prev;
    uint32_t cap, n, k;
    int32_t unit;
    if (!pintas__bytes_given(b != NULL, bytes, len))
        return PINTAS_E_ARG;
    if (len < HEADER || rd32(bytes) != BOOK_MAGIC)
        return PINTAS_E_CORRUPT;
    if (bytes[4] != PINTAS_DICE_BOOK_VERSION)
        return PINTAS_E_VERSION;
    if (bytes[5] || bytes[6] || bytes[7] || bytes[166] || bytes[167])
        return PINTAS_E_CORRUPT;
    rd.p = bytes + 8;
    pintas__dice_get_rules(&rd, &r);
    if (pintas_dice_rules_check(&r) != PINTAS_OK)
        return PINTAS_E_CORRUPT;
    unit = pintas_dice_rules_unit(&r);
    cap = rd32(bytes + 160);
    n = rd16(bytes + 164);
    if (cap < 1 || cap > 0xFFFFu || cap > (uint32_t)(PINTAS_DICE_MAX_CLOSED / unit) || n < 1 ||
        n > MAX_STATES || (len - HEADER) / 4u < n)
        return PINTAS_E_CORRUPT;
    /* the records follow the offsets, in order, up to the end */
    for (k = 0; k < n; ++k) {
        uint32_t at = rd32(bytes + HEADER + 4u * k);
        if (at < (k == 0 ? HEADER + 4u * n : rd32(bytes + HEADER + 4u * (k - 1)) + 1u) ||
            at >= len || (k == 0 && at != HEADER + 4u * n))
            return PINTAS_E_CORRUPT;
    }
    prev.size = 0;
    prev.pool = 0;
    for (k = 0; k < n; ++k)
        if (!record_ok(bytes, len, n, &r, cap, k, &prev))
            return PINTAS_E_CORRUPT;
    b->rules = r;
    b->bytes = bytes;
    b->len = len;
    b->cap_units = cap;
    b->n_states = n;
    b->unit = unit;
    b->magic = BOOK_MAGIC;
    return PINTAS_OK;
}

/* Turn totals a game can reach, as the policy has them. */
static int book_ok(const pintas_dice_book *b, int32_t turn_total)
{
    return b != NULL && b->magic == BOOK_MAGIC && turn_total >= 0 &&
           turn_total <= PINTAS_DICE_MAX_CLOSED + 6 * 7 * PINTAS_DICE_MAX_VALUE;
}

int pintas_dice_book_should_bank(const pintas_dice_book *b, pintas_dice_set pool,
                                 int32_t turn_total)
{
    record rec;
    uint32_t t, i;
    int bank;
    if (!book_ok(b, turn_total) || !record_of(b, pool, &rec))
        return PINTAS_E_ARG;
    t = (uint32_t)(turn_total / b->unit);
    if (t >= b->cap_units)
        return 1; /* valued as banked */
    bank = b->bytes[rec.toggles - 2];
    for (i = 0; i < rec.flips && rd16(b->bytes + rec.toggles + 2u * i) <= t; ++i)
        bank = !bank;
    return bank;
}

int pintas_dice_book_best_keep(const pintas_dice_book *b, pintas_dice_set roll,
                               pintas_dice_set pool, int32_t turn_total,
                               pintas_dice_keep *keep)
{
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    record rec;
    size_t n = 0, at;
    uint32_t t, i, code, lists = 0, changes;
    int st;
    if (!book_ok(b, turn_total) || keep == NULL || !record_of(b, pool, &rec) ||
        !pintas_dice_set_is_valid(roll) ||
        pintas__dice_set_size(roll) != PINTAS_DICE_COUNT - rec.size)
        return PINTAS_E_ARG;
    st = pintas_dice_keeps_rules(&b->rules, roll, pool, ks, PINTAS_DICE_MAX_KEEPS, &n);
    if (st != PINTAS_OK)
        return st;
    if (n == 0)
        return PINTAS_E_ILLEGAL;
    t = (uint32_t)(turn_total / b->unit);
    if (t > b->cap_units)
        t = b->cap_units;
    i = rank_of(roll, PINTAS_DICE_COUNT - rec.size);
    code = b->bytes[rec.codes + i];
    if (code == MULTI) {
        /* the lists of the 0x80 codes before this one come first */
        for (at = 0; at < i; ++at)
            lists += b->bytes[rec.codes + at] == MULTI;
        for (at = rec.lists; lists > 0; --lists)
            at += 3u + 3u * rd16(b->bytes + at + 1);
        code = b->bytes[at];
        changes = rd16(b->bytes + at + 1);
        for (i = 0; i < changes && rd16(b->bytes + at + 3 + 3u * i) <= t; ++i)
            code = b->bytes[at + 5 + 3u * i];
    }
    if (code >= n)
        return PINTAS_E_CORRUPT; /* a keep the roll does not have */
    *keep = ks[code];
    return PINTAS_OK;
}
