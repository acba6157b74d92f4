# cython: language_level=3
"""The settings of each family's rules, and why a set of them is refused,
from the C core's table (pintas/settings.h): the one copy every home checks
rules by. A host converts each value to the core's int and checks its type;
the core checks the ranges and the rules that tie settings together."""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int8_t, int32_t, uint8_t

cdef extern from "pintas/settings.h" nogil:
    ctypedef struct pintas_setting:
        const char *name
        const char *option
        const char *const *choices
        int32_t low
        int32_t high
        int32_t default_value
        uint8_t kind
        uint8_t n_choices
        int8_t owner
        uint8_t neutral
    ctypedef struct pintas_settings_refusal:
        uint8_t family
        uint8_t cause
        uint8_t setting
        uint8_t other
        int32_t value
        int32_t other_value
        int32_t game
    enum: PINTAS_SETTINGS_MAX
    enum: PINTAS_SETTING_REQUIRED
    int pintas_settings(int family, const pintas_setting **settings, size_t *n)
    int pintas_settings_why(int family, const int32_t *values, size_t n,
                            pintas_settings_refusal *why)
    int pintas_settings_refusal_text(const pintas_settings_refusal *why, const char *got,
                                     size_t len, char *buf, size_t cap, size_t *n)
    int pintas_settings_text(int family, const int32_t *values, size_t n, char *buf,
                             size_t cap, size_t *len)
    int pintas_settings_own(int family, const int32_t *values, size_t n, unsigned flags,
                            uint8_t *out, size_t cap, size_t *count)
    int pintas_settings_unknown_text(int family, const int32_t *values, size_t n,
                                     const char *const *refused, const char *const *hints,
                                     size_t n_refused, unsigned flags, char *buf, size_t cap,
                                     size_t *len)
    ctypedef struct pintas_preset_seating:
        const char *name
        uint8_t players
        uint8_t pairs
    ctypedef struct pintas_preset:
        const char *name
        const char *const *takes
        const pintas_preset_seating *seatings
        uint8_t n_seatings
        uint8_t choice
        uint8_t players
        uint8_t pairs
    enum: PINTAS_PRESET_NO_LIMITS
    int pintas_presets(int family, const pintas_preset **presets, size_t *n)
    int pintas_preset_values(int family, int preset, int32_t *values, size_t n)
    const char *pintas_settings_seating(int family, const int32_t *values, size_t n)
    int pintas_preset_refusal_text(int family, int preset, const char *const *refused,
                                   const char *const *hints, size_t n_refused, unsigned flags,
                                   char *buf, size_t cap, size_t *n)

#: The kinds of a setting (pintas_setting_kind).
WHOLE, FLAG, CHOICE, LIMIT = 0, 1, 2, 3

#: A host that offers no limits (pintas_preset_refusal_text's flag).
NO_LIMITS = PINTAS_PRESET_NO_LIMITS


cdef str _str(const char *s):
    return None if s == NULL else s.decode("ascii")


cdef dict _TABLES = {}


def settings(int family):
    """The settings of ``family`` (0 line, 1 Caminos, 2 dice), in order: tuples
    ``(name, option, kind, low, high, choices, owner, neutral, default)``,
    ``option`` the other name presets take it by (else ``name``), ``owner``
    the index of the game that alone may change it (else -1), ``default``
    the core's value a constructor gives it (PINTAS_SETTING_REQUIRED: none).
    Read once: every Rules made reads it."""
    cdef const pintas_setting *table
    cdef size_t n
    found = _TABLES.get(family)
    if found is not None:
        return found
    if pintas_settings(family, &table, &n) != 0:
        raise ValueError(f"no rules family {family}")
    found = _TABLES[family] = tuple(
        (_str(table[i].name), _str(table[i].option) or _str(table[i].name),
         table[i].kind, table[i].low, table[i].high,
         tuple(_str(table[i].choices[k]) for k in range(table[i].n_choices)),
         table[i].owner, table[i].neutral, table[i].default_value) for i in range(n))
    return found


#: What a refusal is: a setting out of range or settings that do not go
#: together, a value of the wrong type, a name not among a choice's.
RANGE, TYPE, UNKNOWN = 0, 1, 2

cdef int32_t _INT32_MIN = -2147483648


cdef dict _SPECS = {}


cdef tuple _spec(int family):
    """Per setting of ``family``: its name, kind and, for a choice, its names
    (else None), from the cached table: ``core_values`` runs on every game
    made."""
    spec = _SPECS.get(family)
    if spec is None:
        spec = _SPECS[family] = tuple((s[0], s[2], s[5] if s[2] == CHOICE else None)
                                      for s in settings(family))
    return <tuple>spec


cdef int32_t _core_value(int kind, object choices, object value, int *refused):
    """``value`` as the core reads a setting of ``kind`` (a choice's names
    ``choices``); ``refused[0]`` TYPE for a value of the wrong type, UNKNOWN
    for a name not among a choice's (each then an out-of-range int, so that
    the core names the first refusal)."""
    if kind == FLAG:
        if type(value) is bool:
            return 1 if value else 0
    elif kind == CHOICE:
        if isinstance(value, str):
            for k in range(len(<tuple>choices)):
                if (<tuple>choices)[k] == value:
                    return k
            refused[0] = UNKNOWN
            return len(<tuple>choices)
    elif value is None and kind == LIMIT:
        return 0
    elif isinstance(value, int) and type(value) is not bool:
        if kind == LIMIT and value == 0:
            return -1  # a limit of 0 is refused: None is no limit
        if value < -2147483647:  # (out of every range: the core refuses it)
            return -2147483647
        return 2147483647 if value > 2147483647 else value
    refused[0] = TYPE
    return _INT32_MIN


def core_values(int family, rules):
    """The settings of ``rules`` (a Rules of ``family``, valid: RulesError
    refused them when it was made) as the C core reads them, in its table's
    order: a flag 0 or 1, a choice its index, a limit 0 for none (what
    pintas_settings_rules places in a struct)."""
    cdef int refused = RANGE
    out = []
    for name, kind, choices in _spec(family):
        out.append(_core_value(kind, choices, getattr(rules, name), &refused))
    return tuple(out)


def refusal(int family, given):
    """None when ``given`` (a value a setting, in the order of
    :func:`settings`: str, bool, int or None as its kind wants) are valid
    rules of ``family``; else ``(index, message, what)``: the first setting
    refused, the message (its value shown by its repr) and what refused it
    (RANGE, TYPE or UNKNOWN)."""
    cdef int32_t c_values[PINTAS_SETTINGS_MAX]
    cdef int what[PINTAS_SETTINGS_MAX]
    cdef pintas_settings_refusal why
    cdef char buf[256]
    cdef size_t n, length
    cdef tuple spec
    try:
        spec = _spec(family)
    except ValueError:
        spec = ()  # not a family: refused below, as a wrong number of values
    n = len(spec)
    if n == 0 or len(given) != n:
        raise ValueError(f"not the settings of rules family {family}: {given!r}")
    for i in range(n):
        what[i] = RANGE
        c_values[i] = _core_value(spec[i][1], spec[i][2], given[i], &what[i])
    if pintas_settings_why(family, c_values, n, &why) == 0:
        return None
    shown = repr(given[why.setting]).encode("utf-8")
    if pintas_settings_refusal_text(&why, shown, len(shown), buf, sizeof(buf), &length) == 0:
        return why.setting, buf[:length].decode("utf-8"), what[why.setting]
    room = bytearray(length + 1)  # a long value: the message at its length
    pintas_settings_refusal_text(&why, shown, len(shown), room, len(room), &length)
    return why.setting, room[:length].decode("utf-8"), what[why.setting]


def presets(int family):
    """The presets of ``family``, in order: tuples ``(name, takes, seatings)``,
    ``takes`` the options the preset takes (as a refusal lists them),
    ``seatings`` its seatings' ``(name, players, pairs)`` (a Dominican mode)."""
    cdef const pintas_preset *table
    cdef size_t n
    if pintas_presets(family, &table, &n) != 0:
        raise ValueError(f"no rules family {family}")
    out = []
    for i in range(n):
        takes = []
        k = 0
        while table[i].takes[k] != NULL:
            takes.append(_str(table[i].takes[k]))
            k += 1
        seatings = tuple((_str(table[i].seatings[k].name), table[i].seatings[k].players,
                          bool(table[i].seatings[k].pairs)) for k in range(table[i].n_seatings))
        out.append((_str(table[i].name), tuple(takes), seatings))
    return tuple(out)


cdef object _host_value(tuple setting, int32_t value):
    """A core value of a setting as a host holds it: a choice's name, a bool,
    None for no limit, an int."""
    name, kind, choices = setting
    if kind == CHOICE:
        return (<tuple>choices)[value]
    if kind == FLAG:
        return bool(value)
    if kind == LIMIT and value == 0:
        return None
    return value


cdef dict _DEFAULTS = {}


def defaults(int family):
    """The rules constructor's defaults of ``family``'s settings, by name, as
    a host holds them (a choice's name, a bool, None for no limit, an int),
    from the C core's table: every setting but those a constructor must be
    given (PINTAS_SETTING_REQUIRED). Read once."""
    found = _DEFAULTS.get(family)
    if found is None:
        spec = _spec(family)
        found = _DEFAULTS[family] = {
            spec[i][0]: _host_value(spec[i], s[8]) for i, s in enumerate(settings(family))
            if s[8] != PINTAS_SETTING_REQUIRED}
    return found


def default_of(int family, str name, kind):
    """The rules constructor's default of ``family``'s setting ``name`` (see
    :func:`defaults`), which must be of type ``kind`` (bool, int, str, or
    ``type(None)`` for a limit's None): a Rules dataclass's field default."""
    value = defaults(family)[name]
    if type(value) is not kind:
        raise TypeError(f"the C core's default of {name} is {value!r}, not a {kind.__name__}")
    return value


def seating(int family, rules):
    """The name of the seating of the game's preset that ``rules`` (a valid
    Rules of ``family``) are seated as (a Dominican mode), else None
    (pintas_settings_seating)."""
    cdef int32_t values[PINTAS_SETTINGS_MAX]
    cdef size_t n = _core_array(family, rules, values)
    return _str(pintas_settings_seating(family, values, n))


def preset_settings(int family, int preset):
    """The settings of ``family``'s preset number ``preset`` (its default
    seats), by name, as a host holds them: what the preset's call starts from."""
    cdef int32_t values[PINTAS_SETTINGS_MAX]
    cdef tuple spec = _spec(family)
    if pintas_preset_values(family, preset, values, len(spec)) != 0:
        raise ValueError(f"no preset {preset} of rules family {family}")
    return {spec[i][0]: _host_value(spec[i], values[i]) for i in range(len(spec))}


cdef bytes _c_text(str text):
    """``text`` as a C string: UTF-8, what cannot be encoded or would end it escaped."""
    return text.encode("utf-8", "backslashreplace").replace(b"\0", b"\\x00")


cdef class _Names:
    """Names and their hints as the C calls take them: arrays of C strings
    (as many as given), kept alive with the bytes they point into."""
    cdef const char **names
    cdef const char **hints
    cdef size_t n
    cdef list _keep

    def __init__(self, names, hints):
        self.n = len(names)
        if len(hints) != self.n:
            raise ValueError("a hint (or None) for each name")
        self.names = <const char **>PyMem_Malloc((self.n + 1) * sizeof(char *))
        self.hints = <const char **>PyMem_Malloc((self.n + 1) * sizeof(char *))
        if self.names == NULL or self.hints == NULL:
            raise MemoryError()
        self._keep = []
        for i in range(self.n):
            self._keep.append(_c_text(names[i]))
            self.names[i] = self._keep[-1]
            self.hints[i] = NULL
            if hints[i] is not None:
                self._keep.append(_c_text(hints[i]))
                self.hints[i] = self._keep[-1]

    def __dealloc__(self):
        PyMem_Free(self.names)
        PyMem_Free(self.hints)


cdef str _message(int status, bytearray room, size_t length):
    if status != 0:
        raise ValueError("not a message the core writes for these values")
    return room[:length].decode("utf-8")


def preset_refusal(int family, int preset, refused, hints, unsigned flags=0):
    """The message refusing the options ``refused`` (str names, as given) of
    ``family``'s preset number ``preset``: why it does not take each that
    is a setting, ``hints[i]`` (a str or None) after each that is not."""
    cdef _Names given = _Names(refused, hints)
    cdef size_t length = 0
    room = bytearray(512)
    status = pintas_preset_refusal_text(family, preset, given.names, given.hints, given.n, flags,
                                        room, len(room), &length)
    if status != 0 and length >= len(room):  # long names: the message at its length
        room = bytearray(length + 1)
        status = pintas_preset_refusal_text(family, preset, given.names, given.hints, given.n,
                                            flags, room, len(room), &length)
    return _message(status, room, length)


cdef size_t _core_array(int family, rules, int32_t *values) except? 0:
    """The settings of ``rules`` (valid, of ``family``) into values[]; their number."""
    core = core_values(family, rules)
    for i in range(len(core)):
        values[i] = core[i]
    return len(core)


def own_settings(int family, rules):
    """The names of the settings that mean something for the game of
    ``rules`` (a valid Rules of ``family``), in order (pintas_settings_own)."""
    cdef int32_t values[PINTAS_SETTINGS_MAX]
    cdef uint8_t own[PINTAS_SETTINGS_MAX]
    cdef size_t count = 0, n = _core_array(family, rules, values)
    if pintas_settings_own(family, values, n, 0, own, PINTAS_SETTINGS_MAX, &count) != 0:
        raise ValueError(f"not valid rules of family {family}: {rules!r}")
    spec = _spec(family)
    return [spec[own[i]][0] for i in range(count)]


def unknown_refusal(int family, rules, names, hints):
    """The message refusing ``names`` (str, as given), no setting of
    ``rules`` (a valid Rules of ``family``), each followed by ``hints[i]``
    (a str or None): and the settings of the rules' game."""
    cdef _Names given = _Names(names, hints)
    cdef int32_t values[PINTAS_SETTINGS_MAX]
    cdef size_t length = 0, n = _core_array(family, rules, values)
    room = bytearray(512)
    status = pintas_settings_unknown_text(family, values, n, given.names, given.hints, given.n, 0,
                                          room, len(room), &length)
    if status != 0 and length >= len(room):
        room = bytearray(length + 1)
        status = pintas_settings_unknown_text(family, values, n, given.names, given.hints,
                                              given.n, 0, room, len(room), &length)
    return _message(status, room, length)


def description(int family, rules):
    """What ``rules`` (a valid Rules of ``family``) print as: the core's
    description (pintas_settings_text), the same in every home."""
    cdef int32_t values[PINTAS_SETTINGS_MAX]
    cdef char buf[256]
    cdef size_t length, n = _core_array(family, rules, values)
    if pintas_settings_text(family, values, n, buf, sizeof(buf), &length) != 0:
        raise ValueError(f"not valid rules of family {family}: {rules!r}")
    return buf[:length].decode("utf-8")
