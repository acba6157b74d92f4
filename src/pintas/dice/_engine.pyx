# cython: language_level=3, auto_pickle=False, cdivision=True
"""Binding of the C dice engine: scoring, keeps, moves, events and the C state.

:mod:`pintas.dice` builds the public API on top of this module; use that.
What every game's binding shares is in :mod:`pintas._base`; the optimal-turn
solver is in :mod:`pintas.dice._search`.

Dice are passed as sequences of ints 1..6. Inside, a multiset of dice is the
C core's ``pintas_dice_set`` (3 bits per face); scoring is a lookup in a
924-entry table built once per rules and cached here.
"""

cimport cython
from cpython.exc cimport PyErr_Clear
from cpython.object cimport PyObject, PyTypeObject, Py_TYPE
from cpython.sequence cimport PySequence_Fast_ITEMS
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcmp, memcpy, memset
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.list cimport PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM
from cpython.ref cimport Py_INCREF

from pintas._base cimport (
    PINTAS_NOTATION_MAX,
    Codec,
    parse_full,
    pintas_dice_notation,
    action_index,
    Engine,
    pintas_dice_engine,
    Event as BaseEvent,
    pintas_dice_texts,
    pintas_event_fields,
    pintas_texts,
    Move as BaseMove,
    PINTAS_E_OVER,
    PINTAS_OK,
    PyList_New,
    hold,
    put_item,
    pintas_rng,
    release,
    seed64,
    settings_struct,
    whole,
)

from pintas._base import class_name, rules_verdict
from pintas._checks import check_notation_length
from pintas.errors import (
    NotationError,
    NotationTypeError,
    PintasError,
    RulesError,
    RulesTypeError,
    SeatError,
)

cdef extern from "Python.h":
    # Declared here without Cython's exception check: the caller checks the range.
    long _as_long "PyLong_AsLong"(PyObject *o)
    PyTypeObject *_type "Py_TYPE"(PyObject *o)
    PyTypeObject PyLong_Type
    PyTypeObject PyList_Type
    PyTypeObject PyTuple_Type
    Py_ssize_t Py_SIZE(object o)
    void PyObject_GC_UnTrack(object o)

SAVE_SIZE = PINTAS_DICE_SAVE_SIZE
MAX_EVENTS = PINTAS_DICE_MAX_EVENTS
MAX_PLAYERS = PINTAS_DICE_MAX_PLAYERS
MAX_TARGET = PINTAS_DICE_MAX_TARGET
MAX_TURN_TOTAL = PINTAS_DICE_MAX_CLOSED + 42 * PINTAS_DICE_MAX_VALUE

SCORINGS = ("dice_of_doom", "farkle")
EVENT_KINDS = ("rolled", "doom", "roll_out", "kept", "hot_dice", "banked", "final_round",
               "turn_end", "game_end")
REASONS = (None, "bank", "doom", "roll_out", "target", "final_round", "max_rounds")
PHASES = ("roll", "keep", "bank_or_roll", "over")
cdef tuple EVENT_KINDS_T = EVENT_KINDS
cdef int N_EVENT_KINDS = len(EVENT_KINDS)
cdef tuple _SEATS = tuple(range(PINTAS_DICE_MAX_PLAYERS))

# Move codes (Move.code): what the C core calls the move.
cdef enum:
    CODE_ROLL = 0
    CODE_ROLL_GIVEN = 1
    CODE_KEEP = 2
    CODE_BANK = 3

# How a move is written, for the refusal of a value that is no text.
WRITTEN_LIKE = "'roll', 'keep 1 5' or 'bank'"


# ---- dice sets ---------------------------------------------------------------

cdef list _tokens(str text):
    """The dice written in ``text``: ``1 5 6``, ``1,5,6`` or ``156`` (None if not dice)."""
    check_notation_length(text, "dice")
    words = text.replace(",", " ").split()
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():
        words = list(words[0])
    if not all(len(w) == 1 and "0" <= w <= "9" for w in words):
        return None
    return [int(w) for w in words]


cdef list _items(object values, int lo, int hi, str what):
    """The dice of ``values`` in the order given, checked: lo..hi ints 1..6."""
    import operator
    expected = (f"{what} is {lo} to {hi} dice, each a whole number 1..6" if lo != hi
                else f"{what} is {lo} dice, each a whole number 1..6")
    if isinstance(values, str):
        items = _tokens(values)
        if items is None:
            raise NotationError(f"{expected}: got {values!r}")
    else:
        items = _at_most(values, hi, expected)
    if not lo <= len(items) <= hi:
        raise NotationError(f"{expected}: got {len(items)} in {values!r}")
    out = []
    for item in items:
        # A die is a whole number: a bool or a float is a wrong type.
        if isinstance(item, bool):
            raise NotationTypeError(f"{expected}: got {values!r}")
        try:
            v = operator.index(item)
        except TypeError:
            raise NotationTypeError(f"{expected}: got {values!r}") from None
        if not 1 <= v <= 6:
            raise NotationError(f"{expected}: got {values!r}")
        out.append(v)
    return out


cdef list _at_most(object values, int hi, str expected):
    """The first ``hi + 1`` items of ``values`` (enough to tell there are too
    many): a huge iterable is never materialised."""
    from itertools import islice
    try:
        if hasattr(values, "__len__") and len(values) > hi:
            raise NotationError(f"{expected}: got {len(values)} values")
        return list(islice(values, hi + 1))
    except TypeError:
        raise NotationTypeError(f"{expected}: got {values!r}") from None


cdef long long _set_slow(object values, int lo, int hi, str what) except -1:
    """Any iterable of ints 1..6 (or text like '1 5 6'), with a clear error."""
    cdef long long s = 0
    for v in _items(values, lo, hi, what):
        s += _one(v)
    return s


cdef long long _set_of(object values, int lo, int hi, str what) except -1:
    """The dice set of ``values`` (lo..hi dice, each 1..6): a tight loop for a
    list or tuple of ints, the general (and error-reporting) path otherwise."""
    cdef PyTypeObject *t = Py_TYPE(values)
    cdef Py_ssize_t n, i
    cdef PyObject **items
    cdef PyObject *item
    cdef long v
    cdef long long s = 0
    if t == &PyList_Type or t == &PyTuple_Type:
        n = Py_SIZE(values)
        if lo <= n <= hi:
            items = PySequence_Fast_ITEMS(values)
            for i in range(n):
                item = items[i]
                if _type(item) != &PyLong_Type:
                    break
                v = _as_long(item)
                if v < 1 or v > 6:
                    if v == -1:
                        PyErr_Clear()
                    break
                s += _one(v)
            else:
                return s
    return _set_slow(values, lo, hi, what)


cdef tuple _values(pintas_dice_set s):
    """The dice of a set in ascending order."""
    cdef list out = []
    cdef int f, k
    for f in range(1, 7):
        for k in range((s >> (3 * (f - 1))) & 7):
            out.append(f)
    return tuple(out)


cdef int _size(pintas_dice_set s) noexcept nogil:
    cdef int f, n = 0
    for f in range(6):
        n += (s >> (3 * f)) & 7
    return n


def dice_set(values):
    """The C core's 18-bit code of a multiset of 0..6 dice (3 bits per face)."""
    return _set_of(values, 0, 6, "a set of dice")


def dice_values(code):
    """The dice (ascending) of a set code made by :func:`dice_set`."""
    whole(code, 0, 0x3FFFF, "a dice set code", NotationError)
    if not pintas_dice_set_is_valid(<pintas_dice_set>code):
        raise NotationError(f"not a dice set code: {code!r}")
    return _values(<pintas_dice_set>code)


# ---- rules and tables --------------------------------------------------------

cdef int _rules_from(pintas_dice_rules *r, object fields) except -1:
    """C rules from Rules._fields() (the settings in the C core's order)."""
    return settings_struct(2, fields, r, sizeof(pintas_dice_rules))


def max_moves(fields, players):
    """pintas_dice_max_moves: the most moves a game of these rules with
    ``players`` players takes (0: no bound)."""
    cdef pintas_dice_rules r
    _rules_from(&r, fields)
    return pintas_dice_max_moves(&r, whole(players, 1, PINTAS_DICE_MAX_PLAYERS, "players"))


def check_rules(fields):
    """The C core's verdict on a rules tuple (raises RulesError)."""
    cdef pintas_dice_rules r
    _rules_from(&r, fields)
    rules_verdict(pintas_dice_rules_check(&r))


def rules_unit(fields):
    """The gcd of every combination value (every score is a multiple of it)."""
    cdef pintas_dice_rules r
    _rules_from(&r, fields)
    return pintas_dice_rules_unit(&r)


def rules_values(fields):
    """The combination values of a rules tuple, by name (0 = no such combination)."""
    cdef pintas_dice_rules r
    cdef int f, n
    _rules_from(&r, fields)
    out = {}
    for f in range(1, 7):
        if r.single[f]:
            out[f"single {f}"] = r.single[f]
    for f in range(1, 7):
        for n in range(3, 7):
            if r.kind[f][n]:
                out[f"{n} x {f}"] = r.kind[f][n]
    for name, value in (("straight 1-5", r.straight_low), ("straight 2-6", r.straight_high),
                        ("straight 1-6", r.straight_six), ("three pairs", r.three_pairs),
                        ("two triplets", r.two_triplets)):
        if value:
            out[name] = value
    return out


@cython.binding(False)
cdef class _Table:
    """The 924-entry score table of one set of rules (read-only once built)."""
    cdef pintas_dice_table t

    def __init__(self, fields):
        cdef pintas_dice_rules r
        _rules_from(&r, fields)
        rules_verdict(pintas_dice_table_init(&self.t, &r))


cdef object _RULES_TYPE = None   # pintas.dice.Rules, imported at first use
cdef dict _TABLES = {}
cdef object _last_rules = None
cdef _Table _last_table = None
cdef _Table _DOOM = _Table((0, 100000, 1, 0, 0, 1, 0, 0, 0))
_MAX_CACHED = 256


cdef object rules_type():
    """pintas.dice.Rules (imported here at first use: that module imports this one)."""
    global _RULES_TYPE
    if _RULES_TYPE is None:
        from pintas.dice.rules import Rules
        _RULES_TYPE = Rules
    return _RULES_TYPE


cdef _Table _table_for(object rules):
    """The table of ``rules`` (None = Dice of Doom), built once per rules value."""
    global _last_rules, _last_table
    if rules is None:
        return _DOOM
    if rules is _last_rules:
        return _last_table
    if not isinstance(rules, rules_type()):
        raise RulesTypeError(f"rules must be a pintas.dice.Rules (or None for Dice of Doom): "
                             f"got {rules!r}")
    table = _TABLES.get(rules)
    if table is None:
        table = _Table(rules._fields())
        if len(_TABLES) >= _MAX_CACHED:
            _TABLES.clear()
        _TABLES[rules] = table
    _last_rules, _last_table = rules, table
    return table


def score(values, rules=None):
    """The best points any keep of these dice can make (0 if none; 0 for doom).

    ``values`` are 1 to 6 dice, each 1..6; ``rules`` default to Dice of Doom.
    A table lookup: the rules' table is built once and cached.

    >>> score([1, 5, 6, 4, 4, 3]), score([6, 6, 1, 1, 1, 1]), score([2, 3, 4])
    (1500, 0, 0)
    >>> from pintas.dice import Rules
    >>> score([1, 5, 6, 4, 4, 3], Rules.farkle())
    150
    """
    cdef long long s = _set_of(values, 1, 6, "a roll")
    cdef _Table t = _DOOM if rules is None else _table_for(rules)
    return pintas_dice_best_keep(&t.t, <pintas_dice_set>s)


def keep_score(values, rules=None):
    """The points of keeping exactly these dice (their best split into
    combinations), or None if some die cannot be placed in a combination.

    >>> keep_score([5, 5, 5, 5]), keep_score([4, 4, 4, 4]), keep_score([1, 4])
    (2000, 400, None)
    """
    cdef long long s = _set_of(values, 1, 6, "a keep")
    cdef _Table t = _table_for(rules)
    cdef int32_t v = pintas_dice_score(&t.t, <pintas_dice_set>s)
    return None if v < 0 else v


def is_doom(values, rules=None):
    """True if this roll is doom under the rules: doom is on and it shows two or more 6s.

    >>> is_doom([6, 6, 1, 2, 3, 4]), is_doom([6, 1, 2, 3, 4, 5])
    (True, False)
    """
    cdef long long s = _set_of(values, 1, 6, "a roll")
    cdef _Table t = _table_for(rules)
    return pintas_dice_is_doom(&t.t.rules, <pintas_dice_set>s) == 1


cdef list _keep_list(const pintas_dice_keep *ks, size_t n):
    cdef list out = []
    cdef size_t i
    cdef Keep k
    for i in range(n):
        k = Keep.__new__(Keep)
        k._set = ks[i].keep
        k.dice = _values(ks[i].keep)
        k.points = ks[i].points
        out.append(k)
    return out


cdef int _check_pool(_Table t, long long pool, object given) except -1:
    if t.t.rules.combine_kept and pintas_dice_score(&t.t, <pintas_dice_set>pool) < 0:
        raise PintasError(f"not a pool of kept dice under these rules (every kept die must "
                          f"score): got {given!r}")
    return 0


def keeps(roll, pool=(), rules=None):
    """Every legal keep of ``roll`` with ``pool`` already kept this turn, as
    :class:`Keep` records, most points first (then fewer dice, then the dice).
    Empty for a doom roll or a roll-out. With ``combine_kept`` a keep must leave
    the pool fully scoring and makes the pool's gain:

    >>> keeps([2, 3, 4, 4], pool=[1, 5])
    [Keep((2, 3, 4), 1000)]
    """
    cdef long long r = _set_of(roll, 1, 6, "a roll")
    cdef long long p = _set_of(pool, 0, 5, "a pool")
    cdef _Table t = _table_for(rules)
    cdef pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS]
    cdef size_t n = 0
    if _size(<pintas_dice_set>r) + _size(<pintas_dice_set>p) > 6:
        raise NotationError(f"a roll and the pool hold at most 6 dice together: "
                            f"got roll {roll!r} and pool {pool!r}")
    _check_pool(t, p, pool)
    pintas_dice_keeps(&t.t, <pintas_dice_set>r, <pintas_dice_set>p, ks, PINTAS_DICE_MAX_KEEPS, &n)
    pintas_dice_sort_keeps(ks, n)
    return _keep_list(ks, n)


@cython.binding(False)
cdef class Keep:
    """A legal keep: the dice kept (ascending) and the points it makes.

    >>> k = Keep((5, 1), 1500)
    >>> k, str(k), k.move
    (Keep((1, 5), 1500), '1 5: 1500', Move('keep', (1, 5)))

    ``dice`` are the dice kept, ascending; ``points`` what the keep adds to
    the turn total.
    """

    def __init__(self, dice, points):
        cdef long long s = _set_of(dice, 1, 6, "a keep")
        self.points = whole(points, -2**31, 2**31 - 1, "a keep's points", NotationError)
        self._set = <pintas_dice_set>s
        self.dice = _values(self._set)

    @property
    def move(self):
        """The move that makes this keep."""
        return _keep_move(self._set)

    def __iter__(self):
        return iter((self.dice, self.points))

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return (self.dice, self.points)[i]

    def __eq__(self, other):
        if not isinstance(other, Keep):
            return NotImplemented
        return (<Keep>other)._set == self._set and (<Keep>other).points == self.points

    def __hash__(self):
        return hash((self.dice, self.points))

    def __repr__(self):
        return f"Keep({self.dice!r}, {self.points})"

    def __str__(self):
        return f"{' '.join(map(str, self.dice))}: {self.points}"

    def __reduce__(self):
        return (Keep, (self.dice, self.points))


# ---- moves -------------------------------------------------------------------

@cython.binding(False)
@cython.no_gc
@cython.final
cdef class Move(BaseMove):
    """A move of the dice game: ``roll`` (the game's dice, or the values given),
    ``keep`` some dice of the last roll, or ``bank``.

    Notation: ``roll``, ``roll 1 5 6 4 4 3`` (physical dice, in roll order),
    ``keep 1 5`` (a multiset: any order), ``bank``. Moves are immutable and
    compare by value.

    >>> Move.parse("keep 5 1")
    Move('keep', (1, 5))
    >>> str(Move.roll([1, 5, 6, 4, 4, 3])), Move.parse("BANK")
    ('roll 1 5 6 4 4 3', Move('bank'))
    """

    _FIELDS = (("kind", str, None), ("dice", tuple[int, ...], ()))

    cdef readonly tuple dice
    """The values of a given roll (in roll order), the dice kept (ascending), else ``()``.
    ``code`` is 0 for a roll, 1 a roll with given values, 2 a keep, 3 a bank."""
    cdef pintas_dice_set _set

    def __init__(self, kind, dice=()):
        self._fresh()
        cdef Move m = _move_from(kind, dice)
        self.kind, self.dice, self.code, self._set = m.kind, m.dice, m.code, m._set

    @staticmethod
    def roll(values=None):
        """Roll the dice not kept: with the game's PRNG, or showing ``values``."""
        return _move_from("roll", () if values is None else values)

    @staticmethod
    def keep(values):
        """Keep these dice (a multiset of values from the last roll)."""
        return _move_from("keep", values)

    @staticmethod
    def bank():
        """Bank the turn total."""
        return _BANK

    @staticmethod
    def parse(text):
        """The move written ``roll``, ``roll 1 5 6 4 4 3``, ``keep 1 5`` or ``bank``."""
        return parse_full(text, &pintas_dice_notation, _moves, WRITTEN_LIKE)

    @property
    def given(self):
        """True for a roll whose values the caller gave (physical dice)."""
        return self.code == CODE_ROLL_GIVEN

    @property
    def index(self):
        """This move's action: its place, from 0, in the fixed list of every
        decision (roll 0, bank 1, each keep 2..924; ``Game.action_count``). A
        roll with given values is chance, not a decision: NotationError."""
        cdef pintas_dice_move cm
        _c_move(&cm, self)
        cdef int action = pintas_dice_action(&cm)
        if action < 0:
            raise NotationError(f"a roll with given dice is chance, not a decision: "
                                f"{self} has no index")
        return action

    @staticmethod
    def from_index(index):
        """The move whose :attr:`index` is ``index`` (an int, or anything with
        ``__index__``, such as a numpy integer)."""
        cdef pintas_dice_move cm
        pintas_dice_action_move(action_index(index, PINTAS_DICE_ACTIONS, "a move index"), &cm)
        if cm.kind == PINTAS_DICE_KEEP:
            return _keep_move(cm.keep)
        return _ROLL if cm.kind == PINTAS_DICE_ROLL else _BANK

    cdef object _extra(self):
        return self.dice

    def __str__(self):
        cdef pintas_dice_move cm
        cdef char text[PINTAS_NOTATION_MAX]
        cdef size_t n = 0
        _c_move(&cm, self)
        pintas_dice_notation.move_print(&cm, text, PINTAS_NOTATION_MAX, &n)
        return text[:n].decode()


cdef Move _new_move(str kind, tuple dice, int code, pintas_dice_set s):
    cdef Move m = Move.__new__(Move)
    m.kind, m.dice, m.code, m._set = kind, dice, code, s
    return m


cdef Move _ROLL = _new_move("roll", (), CODE_ROLL, 0)
cdef Move _BANK = _new_move("bank", (), CODE_BANK, 0)
cdef list _KEEP_MOVES = [None] * PINTAS_DICE_SETS


cdef Move _keep_move(pintas_dice_set s):
    """The keep move of a set (interned)."""
    cdef int i = pintas_dice_set_index(s)
    cdef Move m = _KEEP_MOVES[i]
    if m is None:
        m = _new_move("keep", _values(s), CODE_KEEP, s)
        _KEEP_MOVES[i] = m
    return m


cdef object move_of(const pintas_dice_move *m):
    if m.kind == PINTAS_DICE_KEEP:
        return _keep_move(m.keep)
    return _BANK if m.kind == PINTAS_DICE_BANK else _ROLL


cdef Move _move_from(object kind, object dice):
    cdef long long s
    if not isinstance(kind, str):
        raise NotationTypeError(f"a move's kind is 'roll', 'keep' or 'bank': got {kind!r}")
    if kind == "bank":
        if dice not in ((), None, [], ""):
            raise NotationError(f"a bank takes no dice: got {dice!r}")
        return _BANK
    if kind == "roll":
        if dice in ((), None, [], ""):
            return _ROLL
        values = tuple(_items(dice, 1, 6, "a roll"))
        s = _set_of(values, 1, 6, "a roll")
        return _new_move("roll", values, CODE_ROLL_GIVEN, <pintas_dice_set>s)
    if kind == "keep":
        s = _set_of(dice, 1, 6, "a keep")
        return _keep_move(<pintas_dice_set>s)
    raise NotationError(f"a move's kind is 'roll', 'keep' or 'bank': got {kind!r}")


cdef int _c_move(pintas_dice_move *cm, Move m) except -1:
    cdef int i
    memset(cm, 0, sizeof(pintas_dice_move))
    if m.code == CODE_ROLL:
        cm.kind = PINTAS_DICE_ROLL
    elif m.code == CODE_ROLL_GIVEN:
        cm.kind = PINTAS_DICE_ROLL_GIVEN
        cm.n = len(m.dice)
        for i in range(cm.n):
            cm.values[i] = m.dice[i]
    elif m.code == CODE_KEEP:
        cm.kind = PINTAS_DICE_KEEP
        cm.keep = m._set
    else:
        cm.kind = PINTAS_DICE_BANK
    return 0


# ---- events ------------------------------------------------------------------

@cython.binding(False)
@cython.no_gc
@cython.final
cdef class Event(BaseEvent):
    """One thing that happened in a dice game, as a small immutable record.

    ``kind`` is one of ``rolled``, ``doom``, ``roll_out``, ``kept``,
    ``hot_dice``, ``banked``, ``final_round``, ``turn_end``, ``game_end``;
    ``seat`` is who acted (or won). ``values`` are the dice of a ``rolled``
    (in roll order) or a ``kept`` (ascending). ``points``: what a keep made, the
    pool a ``hot_dice`` closed, what a ``banked`` or ``turn_end`` banked, what a
    ``doom`` or ``roll_out`` lost. ``total``: the turn total after a roll, keep
    or hot dice, the seat's score after a doom, roll-out, bank or turn end, the
    winner's score on ``game_end``. ``reason``: why a ``turn_end`` came
    (``bank``, ``doom``, ``roll_out``) or how the game ended (``target``:
    reached at once; ``final_round``: after the last turns; ``max_rounds``:
    at the round limit, one ``game_end`` per player sharing the win). ``count``: the
    last turns the others get on ``final_round``.

    >>> Event("kept", seat=0, values=(1, 5), points=1500, total=1500)
    Event('kept', seat=0, values=(1, 5), points=1500, total=1500)
    """

    _KINDS = EVENT_KINDS
    _REASONS = REASONS
    # seat's default ... : a dice event always names its seat, so its repr always shows it
    _FIELDS = (("kind", str, None), ("seat", int, ...), ("values", tuple[int, ...], ()),
               ("points", int, 0), ("total", int, 0), ("reason", str | None, None),
               ("count", int, 0))

    # The dice as the C event holds them (a tuple is made only when read: most
    # events of a game are never read one by one).
    cdef uint8_t _dice[PINTAS_DICE_COUNT]
    cdef uint8_t _n
    cdef readonly int total

    def __init__(self, kind, seat=0, values=(), points=0, total=0, reason=None, count=0):
        cdef int i
        self._fresh()
        if seat is None:
            raise NotationTypeError("a dice event's seat is a whole number: got None")
        self._init(kind, seat, points, reason, count)
        dice = _items(values, 0, PINTAS_DICE_COUNT, "an event's dice")
        self.total = whole(total, -2**31, 2**31 - 1, "an event's total", NotationError)
        for i in range(len(dice)):
            self._dice[i] = dice[i]
        self._n = len(dice)

    @property
    def values(self):
        """The dice of a ``rolled`` (in roll order) or a ``kept`` (ascending); ``()`` otherwise."""
        return _dice_tuple(self._dice, self._n)

    cdef const pintas_texts *_text_fields(self, pintas_event_fields *f) except? NULL:
        BaseEvent._text_fields(self, f)
        f.n_dice, f.total = self._n, self.total
        memcpy(f.dice, self._dice, self._n)
        return &pintas_dice_texts


# ---- the game ----------------------------------------------------------------

cdef tuple _FACES = (0, 1, 2, 3, 4, 5, 6)


cdef tuple _dice_tuple(const uint8_t *dice, int n):
    """The dice of an event as a tuple of ints, kept out of the garbage
    collector (it holds only ints, as CPython itself would find)."""
    if n == 0:
        return ()
    cdef tuple out = PyTuple_New(n)
    cdef int j
    cdef object face
    for j in range(n):
        face = _FACES[dice[j] if dice[j] <= 6 else 0]
        Py_INCREF(face)
        PyTuple_SET_ITEM(out, j, face)
    PyObject_GC_UnTrack(out)
    return out


cdef list _events(const void *state, const void *events, size_t n):
    """The events of a play, as it left ``state``."""
    cdef const pintas_dice_event *ev = <const pintas_dice_event *>events
    cdef const pintas_dice_state *st = <const pintas_dice_state *>state
    cdef list out = PyList_New(n)
    cdef size_t i
    cdef int kind, prev = -1
    cdef Event e
    for i in range(n):
        kind = ev[i].kind
        e = Event.__new__(Event)
        # (the kinds and seats read from tuples: no bounds check past the
        # sizes checked, no int made)
        e.kind = (<str>PyTuple_GET_ITEM(EVENT_KINDS_T, kind) if kind < N_EVENT_KINDS
                  else EVENT_KINDS_T[kind])
        e.seat = (<object>PyTuple_GET_ITEM(_SEATS, ev[i].player)
                  if ev[i].player < PINTAS_DICE_MAX_PLAYERS else ev[i].player)
        e.points, e.total, e.reason, e.count = ev[i].points, ev[i].total, None, 0
        if kind == PINTAS_DICE_EV_ROLLED or kind == PINTAS_DICE_EV_KEPT:
            e._n = min(ev[i].n, PINTAS_DICE_COUNT)
            memcpy(e._dice, ev[i].dice, e._n)
        if kind == PINTAS_DICE_EV_FINAL_ROUND:
            e.count = ev[i].n
        elif kind == PINTAS_DICE_EV_TURN_END:
            e.reason = ("doom" if prev == PINTAS_DICE_EV_DOOM else
                        "roll_out" if prev == PINTAS_DICE_EV_ROLL_OUT else "bank")
        elif kind == PINTAS_DICE_EV_GAME_END:
            e.reason = ("max_rounds" if ev[i].n == 1 else
                        "final_round" if st.final_trigger != PINTAS_DICE_NO_PLAYER
                        else "target")
        if (kind == PINTAS_DICE_EV_DOOM or kind == PINTAS_DICE_EV_ROLL_OUT
                or kind == PINTAS_DICE_EV_BANKED):
            prev = kind
        put_item(out, i, e)
    return out


cdef int _move_c(BaseMove m, void *out) except -1:
    return _c_move(<pintas_dice_move *>out, <Move>m)


cdef list _moves(const void *state, const void *moves, size_t n):
    """C moves as Moves (a save's log): the inverse of _c_move."""
    cdef const pintas_dice_move *m = <const pintas_dice_move *>moves
    cdef list out = []
    cdef size_t i
    for i in range(n):
        if m[i].kind == PINTAS_DICE_ROLL_GIVEN:
            out.append(_move_from("roll", tuple([m[i].values[j] for j in range(m[i].n)])))
        elif m[i].kind == PINTAS_DICE_KEEP:
            out.append(_keep_move(m[i].keep))
        else:
            out.append(_ROLL if m[i].kind == PINTAS_DICE_ROLL else _BANK)
    return out


def chance_dice(code):
    """The dice of chance outcome ``code`` (a multiset's index), ascending."""
    cdef pintas_dice_set s = 0
    if pintas_dice_set_at(code, &s) != PINTAS_OK:
        raise ValueError(f"no set of dice has index {code!r}")
    return _values(s)


# The keep moves of a roll depend on the rules, the roll and the pool only:
# for each rules (their C struct's bytes) a memo of the lists listed so far,
# by roll and pool, holding at most _MEMO_ROLLS lists (a game of six dice
# meets a few thousand), cleared when full.
cdef dict _KEEP_MEMOS = {}
cdef enum:
    _MEMO_RULES = 64
    _MEMO_ROLLS = 8192
    _MEMO_BITS = 14  # twice the slots of the lists held: the probes stay short
    _MEMO_SLOTS = 1 << _MEMO_BITS


@cython.final
@cython.no_gc
cdef class _KeepMemo:
    """The keep lists of one rules, found by their key (pool and roll, and a
    flag bit so that no key is 0, an empty slot's) in C, with no Python int
    made or hashed: open addressing, a multiplicative hash, linear probing."""

    cdef uint64_t keys[_MEMO_SLOTS]
    cdef list lists  # the lists, in their keys' slots: tuples, never in a cycle
    cdef Py_ssize_t held

    def __cinit__(self):
        self.lists = [None] * _MEMO_SLOTS

    @cython.boundscheck(False)
    @cython.wraparound(False)
    cdef tuple get(self, uint64_t key, Py_ssize_t *slot):
        """The list of ``key``, or None, *slot then the free slot it would take."""
        cdef Py_ssize_t i = <Py_ssize_t>((key * <uint64_t>0x9E3779B97F4A7C15)
                                         >> (64 - _MEMO_BITS))
        while self.keys[i] != 0:
            if self.keys[i] == key:
                return <tuple>self.lists[i]
            i = (i + 1) & (_MEMO_SLOTS - 1)
        slot[0] = i
        return None

    @cython.boundscheck(False)
    @cython.wraparound(False)
    cdef int put(self, uint64_t key, tuple listed) except -1:
        """Hold ``listed`` for ``key`` (its slot found again: another thread's
        game of these rules may have filled one since)."""
        cdef Py_ssize_t slot = 0
        if self.held >= _MEMO_ROLLS:
            memset(self.keys, 0, _MEMO_SLOTS * sizeof(uint64_t))
            self.lists = [None] * _MEMO_SLOTS
            self.held = 0
        if self.get(key, &slot) is None:
            self.keys[slot] = key
            self.lists[slot] = listed
            self.held += 1
        return 0


cdef _KeepMemo _keeps_memo(const pintas_dice_rules *rules):
    """The memo of keep lists of ``rules``, shared by every game of them."""
    key = PyBytes_FromStringAndSize(<const char *>rules, sizeof(pintas_dice_rules))
    memo = _KEEP_MEMOS.get(key)
    if memo is None:
        if len(_KEEP_MEMOS) >= _MEMO_RULES:
            _KEEP_MEMOS.clear()
        memo = _KEEP_MEMOS[key] = _KeepMemo()
    return <_KeepMemo>memo


@cython.binding(False)
cdef class DiceGame(Engine):
    """The C state of one dice game and its verbs (see :class:`pintas.dice.Game`)."""

    cdef pintas_dice_state st
    # the keep lists of the rules in _memo_rules (see _listed_keeps)
    cdef pintas_dice_rules _memo_rules
    cdef _KeepMemo _memo
    _MOVE_TYPE = Move
    _WRITTEN_LIKE = WRITTEN_LIKE

    def __cinit__(self):
        # no tile-game rules and deals: dice start with their seats (moves: a save's log)
        self._bind(&pintas_dice_engine, &self.st,
                   Codec(move=_move_c, events=_events, moves=_moves, rules=NULL, deal=NULL,
                         notation=&pintas_dice_notation))

    def _start(self, rules, seed, players, first_player, external=False):
        cdef pintas_dice_rules r
        cdef uint64_t c_seed = seed64(seed)
        cdef int c_players = whole(players, 1, PINTAS_DICE_MAX_PLAYERS, "players")
        cdef int first = whole(first_player, 0, c_players - 1, "the first player", SeatError)
        _rules_from(&r, rules)
        cdef int status = pintas_dice_new_chance(&self.st, &r, c_players, first, c_seed,
                                                 1 if external else 0)
        self._external = bool(external) and status == PINTAS_OK
        return self._begin(status, [], seed)

    cdef BaseMove _coerce(self, object move):
        if isinstance(move, Keep):
            return _keep_move((<Keep>move)._set)
        raise NotationTypeError(f"a move is a dice.Move, a Keep or its notation: got {move!r}"
                                + (f" (a {class_name(type(move))})"
                                   if isinstance(move, BaseMove) else ""))

    cdef list _c_play(self, BaseMove m, int *status):
        # The state is one the C core made (_start, a load) and only its calls
        # changed: the move is checked, the state not again (its rules were
        # checked where it was made).
        cdef pintas_dice_move move
        cdef pintas_dice_event events[PINTAS_DICE_MAX_EVENTS]
        cdef size_t n = 0
        _c_move(&move, <Move>m)
        status[0] = pintas__dice_play_made(&self.st, &move, events, PINTAS_DICE_MAX_EVENTS, &n)
        return _events(&self.st, events, n) if status[0] == PINTAS_OK else None

    # ---- moves -----------------------------------------------------------

    cdef int _legal(self, pintas_dice_moves *out) except -1:
        """The legal moves, sorted; none in a state the core refuses (a game
        never started): 1 when listed, else 0."""
        if pintas_dice_legal(&self.st, out) != PINTAS_OK:
            out.can_roll = out.can_bank = out.n_keeps = 0
            return 0
        pintas_dice_sort_keeps(out.keeps, out.n_keeps)
        return 1

    cdef tuple _listed_keeps(self):
        """The keep moves of the last roll (the state must keep), as the C core
        lists and sorts them: worked out once per rules, roll and pool, then
        read from the memo of games of the same rules."""
        cdef pintas_dice_moves m
        cdef pintas_dice_set roll = 0
        cdef int i, v
        cdef Py_ssize_t slot = 0
        cdef tuple listed
        for i in range(self.st.last_roll_len):
            v = self.st.last_roll[i]
            if v < 1 or v > 6 or i >= PINTAS_DICE_COUNT:
                return None
            roll += (<pintas_dice_set>1) << (3 * (v - 1))
        if self._memo is None or memcmp(&self._memo_rules, &self.st.rules,
                                        sizeof(pintas_dice_rules)) != 0:
            self._memo = _keeps_memo(&self.st.rules)
            self._memo_rules = self.st.rules
        cdef uint64_t key = ((<uint64_t>1) << 63) | (<uint64_t>self.st.pool << 18) | roll
        listed = self._memo.get(key, &slot)
        if listed is None:
            if not self._legal(&m):
                return ()
            listed = tuple([_keep_move(m.keeps[i].keep) for i in range(m.n_keeps)])
            self._memo.put(key, listed)
        return listed

    def legal_moves(self):
        """The legal moves of the player to move: ``roll`` (a roll with given
        values is legal whenever ``roll`` is), ``bank``, or the legal keeps (most
        points first). Empty once the game is over."""
        # As pintas_dice_legal lists them from the phase (a started game's
        # state is always a sane one), the keeps from their memo.
        cdef pintas_dice_moves m
        cdef tuple listed = None
        cdef Py_ssize_t i
        cdef int phase
        hold(self)
        try:
            # (a game never started has no players: no moves)
            phase = (PINTAS_DICE_OVER if self.st.pending or self.st.players == 0
                     else self.st.phase)
            if phase == PINTAS_DICE_MUST_KEEP:
                listed = self._listed_keeps()
                if listed is None:
                    self._legal(&m)
        finally:
            release(self)
        if phase == PINTAS_DICE_MUST_ROLL:
            return [_ROLL]
        if phase == PINTAS_DICE_BANK_OR_ROLL:
            return [_ROLL, _BANK]
        if phase != PINTAS_DICE_MUST_KEEP:
            return []
        if listed is None:
            return [_keep_move(m.keeps[i].keep) for i in range(m.n_keeps)]
        out = PyList_New(PyTuple_GET_SIZE(listed))
        for i in range(PyTuple_GET_SIZE(listed)):
            put_item(out, i, <object>PyTuple_GET_ITEM(listed, i))
        return out

    def keeps(self):
        """The legal keeps of the last roll with their points (empty unless a keep is due)."""
        cdef pintas_dice_moves m
        self._hold()
        try:
            self._legal(&m)
        finally:
            self._free()
        return _keep_list(m.keeps, m.n_keeps)

    # ---- state -----------------------------------------------------------

    @property
    def first_player(self):
        """The seat that played the first turn."""
        return self.st.first_player

    @property
    def phase(self):
        """``roll`` (must roll), ``keep`` (must keep), ``bank_or_roll`` or ``over``."""
        return PHASES[self.st.phase]

    @property
    def turn_total(self):
        """Points at stake this turn: pools closed by hot dice plus the current pool."""
        return pintas_dice_turn_total(&self.st)

    @property
    def dice_to_roll(self):
        """Dice the next roll throws (0 once the game is over)."""
        return pintas_dice_dice_to_roll(&self.st)

    @property
    def last_roll(self):
        """The latest roll of any player, in roll order (``()`` before the first)."""
        return tuple([self.st.last_roll[i]
                      for i in range(min(self.st.last_roll_len, PINTAS_DICE_COUNT))])

    @property
    def pool(self):
        """The dice kept since the turn began or since the last six-dice reroll, ascending."""
        return _values(self.st.pool)

    @property
    def pool_score(self):
        """The points of the current pool (the turn total minus closed pools)."""
        return self.st.pool_score

    @property
    def final_turns_left(self):
        """Last turns still to play in a final round (0 when none is running)."""
        return self.st.final_left
