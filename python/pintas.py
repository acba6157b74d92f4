# pintas for MicroPython: the games of pintas on the C core, with the API of
# CPython's pintas where MicroPython allows (docs/micropython.md lists every
# difference).
#
#     from pintas import domino, caminos, dice
#     g = domino.Game(domino.Rules.dominican(), seed=7)
#     g.play(g.legal_moves()[0])
#
# One module: in firmware it is frozen beside the C module _pintas; as a
# dynamic native module (pintas.mpy) it is merged with the C code, whose
# functions then arrive as this module's globals. domino, caminos and dice
# are namespaces (classes) of this module, not submodules.
#
# The C state of a game is a bytearray; the events of a game are kept as the
# C event structs' bytes and become Event objects only when asked for, so a
# game costs a few kilobytes of heap however long it runs.


_C_NAMES = (
    "sizes", "state", "new", "set_deal", "legal", "check", "play", "reseed", "rng",
    "set_rng", "hands", "view", "events", "round_start",
    "table", "line_knowledge", "line_points", "blake2b", "mt_size",
    "mt_seed", "mt_below", "parse", "illegal",
    "save_write", "save_read", "status_str", "choose", "search", "over",
    "to_move", "legal_moves", "game_methods", "history", "game_events", "logs", "seeds",
    "view_log", "round_log", "action",
    "log_codes", "preset", "setting",
    "line_event", "deal_check", "players",
#- caminos, dice: their C functions, which the domino-only module has not (build.sh cuts) -#
    "caminos_known", "chain", "caminos_names", "caminos_rank", "dice_keeps",
    "dice_keep_score", "dice_is_doom", "dice_solve_size", "dice_solve", "dice_policy",
    "dice_book", "caminos_event", "dice_event", "Keep",
#- end of the games' C functions -#
)

try:
    import _pintas as _c
    from _pintas import Tile, TileSet, TILES, as_tile, _tile_or_none, _DominoMove
    from _pintas import _CaminosMove, _DiceMove, _DominoRules, _CaminosRules, _DiceRules
except ImportError:  # pintas.mpy: the C functions and types are globals of this module

    class _C:
        pass

    _c = _C()
    for _name in _C_NAMES:
        if _name in globals():  # (a board's module has no dice solver)
            setattr(_c, _name, globals().pop(_name))
    del _name

__version__ = "0.1.0"

# The built-ins the layer calls, also module globals under their own names: a
# name not found among a module's globals is looked for in MicroPython's table
# of built-ins, one entry after another (five times a global's lookup), and
# every check of an argument reads a few of them. (Their names are interned
# already: no new name.)
type, isinstance, int, bool, str, bytes, bytearray, tuple, list, dict, set = (
    type, isinstance, int, bool, str, bytes, bytearray, tuple, list, dict, set)
len, getattr, setattr, hasattr, object, range, repr, enumerate, zip, iter, sum = (
    len, getattr, setattr, hasattr, object, range, repr, enumerate, zip, iter, sum)

_LINE, _CAMINOS, _DICE = 0, 1, 2
_SIZES = (_c.sizes(0), _c.sizes(1), _c.sizes(2))
_MAX_SEED = (1 << 64) - 1
MAX_NOTATION = 1000
_MOVE_CACHE = 32  # pairs of a Caminos or dice game class's cache of move objects

# Status codes of the C core (pintas/common.h).
_OK, _E_RULES = 0, -2


# ---- errors --------------------------------------------------------------------------
# As CPython's pintas.errors, but MicroPython allows one base class only: a
# *TypeError twin derives from its cause's class, not from TypeError too.


class errors:
    """The error classes (CPython's pintas.errors)."""


# (name, base): made from this table, not a class statement each (a class
# body is a function on the heap; and no name of the loop's own is interned)
for _name, _cls in (
    ("PintasError", "ValueError"), ("PintasTypeError", "PintasError"),
    ("IllegalMoveError", "PintasError"), ("NotationError", "PintasError"),
    ("NotationTypeError", "NotationError"), ("CorruptStateError", "PintasError"),
    ("SaveTypeError", "CorruptStateError"), ("RulesError", "PintasError"),
    ("RulesTypeError", "RulesError"), ("DealError", "RulesError"),
    ("DealTypeError", "DealError"), ("SeatError", "PintasError"),
    ("SeatTypeError", "SeatError"), ("ViewError", "PintasTypeError"),
):
    _cls = type(_name, (ValueError if _cls == "ValueError" else globals()[_cls],), {})
    globals()[_name] = _cls
    setattr(errors, _name, _cls)
del _name, _cls


# ---- checks ------------------------------------------------------------------------


def _is_whole(value):
    return type(value) is int


def _check_int(name, value, low, high):
    if not _is_whole(value) or not low <= value <= high:
        error = RulesError if _is_whole(value) else RulesTypeError
        raise error("{} must be a whole number {}..{}: got {!r}".format(name, low, high, value))


def _check_choice(name, value, choices):
    if not isinstance(value, str) or value not in choices:
        error = RulesError if isinstance(value, str) else RulesTypeError
        raise error("{} must be one of {}: got {!r}".format(
            name, ", ".join(repr(c) for c in choices), value))


def _check_bool(name, value):
    if type(value) is not bool:
        raise RulesTypeError("{} must be True or False: got {!r}".format(name, value))


def _check_seat(seat, seats):
    if not _is_whole(seat):
        raise SeatTypeError("a seat is a whole number 0..{}: got {!r}".format(seats - 1, seat))
    if not 0 <= seat < seats:
        raise SeatError("no seat {!r}: seats are 0..{}".format(seat, seats - 1))


def _check_notation_length(text, what):
    if len(text) > MAX_NOTATION:
        raise NotationError("{} is written in at most {} characters: got {}".format(
            what, MAX_NOTATION, len(text)))


def _seed8(seed):
    return seed.to_bytes(8, "little")


def _os_seed():
    """A fresh 64-bit seed from the board's entropy (os.urandom where there is one)."""
    try:
        import os

        return int.from_bytes(os.urandom(8), "little")
    except (ImportError, AttributeError, OSError):
        import random

        return random.getrandbits(32) << 32 | random.getrandbits(32)


def _listed(items):
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else "{} and {}".format(", ".join(words[:-1]), words[-1])


# ---- tiles -------------------------------------------------------------------------
# Tile and TileSet are the binding's types, TILES its 28 tiles by index (the
# only Tile objects), as_tile and _tile_or_none its functions.

MAX_PIP = 6
TILE_COUNT = 28


def _tile_list(value, what):
    if isinstance(value, str):
        _check_notation_length(value, what)
        value = value.replace(",", " ").split()
    try:
        items = list(value)
    except TypeError:
        raise DealTypeError("{} is tiles like '6|6 5|3' or a list of tiles: got {!r}".format(
            what, value))
    if len(items) > TILE_COUNT:
        raise DealError("{} lists more than {} tiles".format(what, TILE_COUNT))
    tiles = tuple(as_tile(t) for t in items)
    if len(set(t.index for t in tiles)) != len(tiles):
        raise DealError("{} lists a tile twice: {}".format(what, [str(t) for t in tiles]))
    return tiles


def _hands_of(value):
    if isinstance(value, str):
        raise DealTypeError("hands is a list of hands, one a seat: got {!r}".format(value))
    hands = tuple(h if isinstance(h, TileSet) else TileSet(_tile_list(h, "a hand"))
                  for h in value)
    if len(hands) > 4:
        raise DealError("a deal has at most 4 hands: got more")
    return hands


# ---- rules -------------------------------------------------------------------------


class _Record:
    """The base of the records compared and hashed by value: by _values().
    (No __ne__ here or anywhere: MicroPython's != is `not __eq__`.)"""

    def __eq__(self, other):
        return type(other) is type(self) and other._values() == self._values()

    def __hash__(self):
        return hash(self._values())


# ---- moves and events ----------------------------------------------------------------
# Each game's Move (_DominoMove, _CaminosMove, _DiceMove) is a type of the
# binding: a move is its code, its fields, text and checks the binding's.
# A text for people names seat s "player s+1" and side t of a game of pairs
# "team t+1"; data and errors about arguments count from 0. Events are the
# binding's types (each game's Event: _c.line_event, caminos_event,
# dice_event), their sentences the C core's (pintas_event_text), the same as
# CPython's.


# ---- the game base -----------------------------------------------------------------

MAX_SAVE_SIZE = 16 * 1024 * 1024


class _Game:
    """What every game object shares: the C state and the one way a move is
    played, the logs, views' raw material, copies, replays and saves."""

    _G = 0            # the engine: 0 line, 1 Caminos, 2 dice

    def _state(self):
        return self._st

    # ---- what every game tells ------------------------------------------------------

    @property
    def rules(self):
        return self._rules

    @property
    def seed(self):
        return self._seed

    # The move objects legal_moves gives: the line games' 58 moves are the
    # binding's, made once; for Caminos and dice, a list per game class, a
    # cache of _MOVE_CACHE (code, move) pairs (by a hash of the action index),
    # refilled as moves are met, so the moves a long game meets take no more heap.
    _moves = None
    to_move = property(_c.to_move)
    is_over = property(_c.over)
    # (the binding's methods: play, legal_moves, parse_move, view, hand, the
    # seat checked, a replay's move, the log as a list, the game started from
    # rules, seed, setup and log, a tile game's __init__ and set_deal, the
    # round's log, a view's moves, saves, replays, copies, ==, is_legal, a
    # view's moves to choose from, what a game or view reads of the table
    # (leader, phase, pool, ...: the binding's names of each game's), side_of,
    # repr; history, events and logs its properties)
    (play, legal_moves, parse_move, view, hand, _check_seat, _step, _entries, _start, _init,
     _set_deal, _round_log, _view_moves, to_bytes, replay, copy, __eq__, is_legal,
     _view_choose, __getattr__, side_of, __repr__) = _c.game_methods
    history, events, logs = property(_c.history), property(_c.game_events), property(_c.logs)

    def iter_events(self):
        """The events so far, in order, decoded a few at a time: on a board, a
        long game's log as objects does not fit the heap at once."""
        step = 16 * _SIZES[self._G][2]
        raw = self._raw
        for at in range(0, len(raw), step):
            for event in self._decode(raw[at:at + step]):
                yield event

    def _decode(self, raw):
        """The Event objects of raw events (the binding's types)."""
        return _c.events(self, raw)

    # (the game a save holds; CorruptStateError for anything else)
    from_bytes = classmethod(_c.save_read)


class _TileGame(_Game):
    """What the tile games share: hands, hand-made deals, deal seeds, views."""

    __init__, set_deal, deal_seeds = _Game._init, _Game._set_deal, property(_c.seeds)


class _View:
    """What every game's view shares: made by Game.view(seat) only."""

    __getattr__ = _Game.__getattr__

    def _state(self):
        return self._blob

    legal_moves, _moves_to_choose = _Game._view_moves, _Game._view_choose
    log, round_log = property(_c.view_log), property(_c.round_log)


class _Budget:
    """How a search player spends its budget: samples, and optionally seconds."""

    MAX_BATCH = 32
    BATCH_SAFETY = 1.5
    MIN_SEARCH_SECONDS = 0.002

    def __init__(self, samples, seconds, seed, max_samples):
        _check_int("samples", samples, 1, max_samples)
        if seconds is not None:
            if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
                raise RulesTypeError("seconds must be a finite number >= 0 or None: got "
                                     "{!r}".format(seconds))
            if not 0 <= seconds < float("inf"):
                raise RulesError("seconds must be a finite number >= 0 or None: got "
                                 "{!r}".format(seconds))
        if not _is_whole(seed) or not 0 <= seed <= _MAX_SEED:
            error = RulesError if _is_whole(seed) else RulesTypeError
            raise error("seed must be a whole number 0..2**64-1: got {!r}".format(seed))
        self.samples = samples
        self.seconds = None if seconds is None else float(seconds)
        self.seed = seed

    def run(self, search, start_us=None):
        """(moves, sums, samples run): search(first, count) -> (moves, sums, run)."""
        if self.seconds is None:
            return search(0, self.samples)
        import time

        now = time.ticks_us()
        start = now if start_us is None else start_us
        deadline = time.ticks_add(start, int(self.seconds * 1000000))
        moves, sums = [], []
        batch, done = 1, 0
        began = now
        while done < self.samples:
            now = time.ticks_us()
            left = time.ticks_diff(deadline, now) / 1000000
            if done == 0:
                count = 1 if left >= self.MIN_SEARCH_SECONDS else 0
            else:
                per_sample = time.ticks_diff(now, began) / 1000000 / done
                count = min(batch, self.samples - done,
                            int(left / (per_sample * self.BATCH_SAFETY)) if per_sample > 0
                            else batch)
            if count <= 0:
                break
            found, part, ran = search(done, count)
            moves = list(found)
            sums = [a + b for a, b in zip(sums, part)] if sums else list(part)
            done += ran
            batch = min(2 * batch, self.MAX_BATCH)
        return moves, sums, done


def _ticks():
    try:
        import time

        return time.ticks_us()
    except (ImportError, AttributeError):
        return None


class _Random:
    """CPython's random.Random(seed) (MT19937) for the choices of RandomPlayer:
    the same seed makes the same choices on both."""

    def __init__(self, seed=None):
        self._mt = bytearray(_c.mt_size())
        _c.mt_seed(self._mt, _seed8(_os_seed() if seed is None else seed))

    def below(self, n):
        return _c.mt_below(self._mt, n)

    def choice(self, seq):
        return _c.mt_below(self._mt, seq)


# ---- the players of the core (pintas/players.h) -----------------------------------
# Each game's RandomPlayer, GreedyPlayer and SuitPlayer (and the dice's
# ThresholdPlayer) is one of the binding's types, _c.players (in that order,
# family by family): the core chooses, from the view.


def _check_view(view, cls, package):
    if not isinstance(view, cls):
        raise ViewError("a {0} player chooses from a {0}.View: got {1!r}".format(package, view))


class _SearchPlayer:
    """What both search players share: the core's search over the seat's view,
    in batches within the budget; a move's outcome is summed over the samples
    (over the other seats too in Caminos, whose evaluate divides by them).
    Each game's class adds _pick: the move, from the view and its legal moves."""

    def __init__(self, samples=200, seconds=None, seed=0):
        self.budget = _Budget(samples, seconds, seed, self.MAX_SAMPLES)
        self.samples, self.seconds, self.seed = samples, self.budget.seconds, seed
        self.last_samples = 0

    def choose(self, view):
        start = _ticks()
        _check_view(view, self._VIEW, self._PACKAGE)
        return self._pick(view, view._moves_to_choose(), start)

    __call__ = choose

    def __repr__(self):
        policy = getattr(self, "policy", "random")
        extra = "" if policy == "random" else ", policy={!r}".format(policy)
        return "SearchPlayer(samples={}, seconds={!r}, seed={}{})".format(
            self.samples, self.seconds, self.seed, extra)

    def evaluate_sums(self, view, start=None):
        seed, g = _seed8(self.seed), view._game._G
        policy = _D_POLICIES[self.policy] if g == _LINE else 0

        def search(first, count):
            out = _c.search(g, view._cv, seed, first, count, policy)
            if type(out) is int:
                raise CorruptStateError(self._REFUSED.format(view.seat, view.round))
            return out[0], out[1], out[2]

        codes, sums, done = self.budget.run(search, start)
        self.last_samples = done
        return (codes, sums, done) if done else None

    def evaluate(self, view, start=None):
        """Mean playout outcome of every legal move (None: no sample fitted)."""
        found = self.evaluate_sums(view, start)
        if found is None:
            return None
        codes, sums, done = found
        scale = done * (view.rules.players - 1 if view._game._G == _CAMINOS else 1)
        return {view._game._move(c): s / scale for c, s in zip(codes, sums)}


class _SuitWeights:
    """How much each consideration of SuitPlayer counts (resolved to tenths):
    each game's _NAMES, with their defaults."""

    def __init__(self, *values, **named):
        if len(values) > len(self._NAMES):
            raise TypeError("SuitWeights takes {} values: got {}".format(len(self._NAMES),
                                                                         len(values)))
        for name, value in zip(self._NAMES, values + self._DEFAULTS[len(values):]):
            setattr(self, name, value)
        for name, value in named.items():
            if name not in self._NAMES or self._NAMES.index(name) < len(values):
                raise TypeError("unexpected keyword argument {!r}".format(name))
            setattr(self, name, value)

    def _tenths(self):
        return tuple(int(round(getattr(self, n) * 10)) for n in self._NAMES)

    def __repr__(self):
        return "SuitWeights({})".format(", ".join("{}={!r}".format(n, getattr(self, n))
                                                  for n in self._NAMES))


# ======================================================================================
# domino: Muggins, Capicua, Dominican
# ======================================================================================

_D_GAMES = _c.setting(_LINE, "game")  # (the names of the core's settings' choices)
_D_MODES = _c.preset(_LINE, "dominican")  # (name, players, pairs) each
_D_BLOCK = _c.setting(_LINE, "block_scoring")
_D_TRANQUE = _c.setting(_LINE, "tranque")
_D_ENDS = ("L", "R")


class _Deal:
    """What the hand-made deals share: their lists of tiles (_LISTS, in the
    order the core takes them; "hands" a TileSet a seat, each other a list of
    tiles), given to the core and read back from it, compared by value."""

    def _c_args(self, rules):
        return tuple([h.mask for h in self.hands] + [0] * (4 - len(self.hands)) if name == "hands"
                     else bytes(t.index for t in getattr(self, name)) for name in self._LISTS)

    @classmethod
    def _from_c(cls, args, rules):
        return cls(*[[TileSet.from_mask(m) for m in a[:rules.players]] if name == "hands"
                     else [TILES[t] for t in a] for name, a in zip(cls._LISTS, args)])

    def __eq__(self, other):
        return type(other) is type(self) and all(getattr(other, name) == getattr(self, name)
                                                 for name in self._LISTS)

    def check(self, rules):
        """Raise DealError (the core's words) unless this is a deal of ``rules``."""
        _c.deal_check(self._G, rules, self._c_args(rules), len(self.hands))


class _DominoDeal(_Deal):
    """A hand-made deal: each seat's seven tiles and, where the rules draw, the
    boneyard in draw order."""

    _LISTS = ("hands", "boneyard")
    _G = _LINE

    def __init__(self, hands, boneyard=()):
        self.hands = _hands_of(hands)
        self.boneyard = _tile_list(boneyard, "the boneyard")


class _DominoView(_View):
    """What one seat may know: its own hand, the table, counts and the public log
    (hand, hand_sizes, round: the binding's table)."""

    _G = _LINE

    def passes(self, seat):
        _check_seat(seat, self.rules.players)
        return sum(1 for e in self.round_log if e.kind == "pass" and e.seat == seat)


class _DominoGame(_TileGame):
    """A line game from its first deal to its winner: the referee, which sees all."""

    _G = _LINE
    _PACKAGE = "domino"
    _RULES = _DominoRules
    _MOVE = _DominoMove
    _DEAL = _DominoDeal
    _VIEW = _DominoView

    _move = _DominoMove.from_code  # (a bound class method: the move of a code, no self)

    def pips(self, seat):
        return self.hand(seat).pips


# ---- the domino players ----------------------------------------------------------------


class _DominoSuitWeights(_SuitWeights):
    _NAMES = ("accompanied", "playable_after", "double", "stranding", "opponent_lacks",
              "partner_lacks", "points", "pips")
    _DEFAULTS = (3.0, 1.0, 3.0, 1.0, 4.0, -4.0, 2.0, 0.3)

    @classmethod
    def for_game(cls, game):
        if game == "dominican":
            return cls(double=6.0, pips=2.0)
        return cls()


_D_POLICIES = {"random": 0, "greedy": 1}


class domino:
    """The line games: Muggins, Capicua and Dominican domino."""

    Rules = _DominoRules
    Game = _DominoGame
    View = _DominoView
    Move = _DominoMove
    Event = _c.line_event
    Deal = _DominoDeal
    RandomPlayer, GreedyPlayer, SuitPlayer = _c.players[:3]
    SuitWeights = _DominoSuitWeights
    GAMES = _D_GAMES
    MODES = _D_MODES
    BLOCK_SCORING = _D_BLOCK
    TRANQUE = _D_TRANQUE

    class SearchPlayer(_SearchPlayer):
        """Perfect-information Monte Carlo with playouts in C (CPython's SearchPlayer:
        the same move for the same view, samples and seed)."""

        MAX_SAMPLES = 1000000
        _REFUSED = "the view of seat {} (round {}) does not describe a round in play"
        _VIEW, _PACKAGE = _DominoView, "domino"

        def __init__(self, samples=200, seconds=None, seed=0, policy="random"):
            _SearchPlayer.__init__(self, samples, seconds, seed)
            _check_choice("policy", policy, ("random", "greedy"))
            self.policy = policy

        def _pick(self, view, moves, start):
            if len(moves) == 1:
                return moves[0]
            found = self.evaluate_sums(view, start)
            if found is None:
                return domino.SuitPlayer().choose(view)
            codes, sums, _ = found  # (the first of the best sums, as CPython's max)
            return _DominoMove.from_code(codes[max(range(len(codes)), key=lambda i: sums[i])])

    @staticmethod
    def immediate_points(view, move):
        """The points ``move`` surely scores at once, as far as the view can tell."""
        _check_view(view, _DominoView, "domino")
        if not isinstance(move, _DominoMove):
            raise NotationTypeError("immediate_points takes a domino.Move: got {!r}".format(move))
        return _c.line_points(view._cv, move.code)

    @staticmethod
    def knowledge(view):
        """What the view's seat can deduce (CPython's domino._search.knowledge)."""
        _check_view(view, _DominoView, "domino")
        k = _c.line_knowledge(view._cv)
        if type(k) is int:
            raise CorruptStateError("the view of seat {} does not describe a round in "
                                    "play".format(view.seat))
        return k
#- caminos, dice: from here to the end marker, left out of the domino-only module (build.sh) -#

# ======================================================================================
# caminos
# ======================================================================================

_C_VARIANTS = _c.setting(_CAMINOS, "variant")
_C_SIDES = _c.caminos_names(1)  # (the core's names)


_c_new_move = _CaminosMove.from_code


class _CaminosDeal(_Deal):
    """A hand-made deal: the path centres (path 1 first), each seat's hand and
    the draw pile in draw order."""

    _LISTS = ("paths", "hands", "pile")
    _G = _CAMINOS

    def __init__(self, paths, hands, pile=()):
        self.paths = _tile_list(paths, "the paths")
        self.hands = _hands_of(hands)
        self.pile = _tile_list(pile, "the pile")

    @classmethod
    def complete(cls, paths, hands, pile=()):
        partial = cls(paths, hands, pile)
        used = TileSet(partial.paths).mask | TileSet(partial.pile).mask
        for hand in partial.hands:
            used |= hand.mask
        rest = [t for t in reversed(TILES) if not used >> t.index & 1]
        return cls(partial.paths, partial.hands, list(partial.pile) + rest)


class _CaminosPath(_Record):
    """One path on the table, as everybody sees it (see CPython's caminos.Path)."""

    def __init__(self, number, centre, front=(), back=(), ends=None, free=(0, 0)):
        self.number, self.centre = number, centre
        self.front, self.back = tuple(front), tuple(back)
        self.ends, self.free = ends, tuple(free)

    @property
    def closed(self):
        return self.centre is None or self.free == (0, 0)

    @property
    def numbers(self):
        if self.ends is None:
            return (None, None)
        return (self.ends[0] if self.free[0] else None, self.ends[1] if self.free[1] else None)

    @property
    def tiles(self):
        centre = () if self.centre is None else (self.centre,)
        return TileSet(centre + self.front + self.back)

    @property
    def sides_alike(self):
        return (self.centre is not None and self.centre.is_double
                and not self.front and not self.back)

    def sides_for(self, tile):
        t = as_tile(tile)
        return tuple(side for side, n in zip(_C_SIDES, self.numbers) if n is not None and t.has(n))

    @property
    def chain(self):
        if self.centre is None:
            return ()
        return _c.chain(self.centre.index, bytes(t.index for t in self.front),
                        bytes(t.index for t in self.back))

    def _values(self):
        return (self.number, self.centre, self.front, self.back, self.ends, self.free)

    def __str__(self):
        centre = None if self.centre is None else self.centre.index
        return _c.chain(centre, bytes(t.index for t in self.front),
                        bytes(t.index for t in self.back), self.number, self.free)

    def __repr__(self):
        return "Path({}, {!r}, {!r}, {!r}, {!r}, {!r})".format(*self._values())


class _CaminosTable:
    """What a Caminos game and its views both show of the table (the binding's
    table: phase, starter, discard, ...), and their paths as Path records."""

    _G = _CAMINOS

    @property
    def paths(self):
        return tuple(_CaminosPath(slot + 1, *(raw or (None,)))
                     for slot, raw in enumerate(self._paths))

    def _reveals(self, events):
        shown = [[] for _ in range(self.rules.players)]
        for e in events:
            if e.kind == "reveal" and e.seat is not None and e.tile is not None:
                shown[e.seat].append(e.tile)
        return tuple(tuple(s) for s in shown)


class _CaminosView(_View, _CaminosTable):
    """What one seat may know: its own hand, the table, counts, the reveals shown
    so far and the public log."""

    @property
    def revealed(self):
        return self._reveals(self.round_log)

    def known_tiles(self, seat):
        """Tiles ``seat`` revealed this round and has not placed: still in its hand."""
        _check_seat(seat, self.rules.players)
        return TileSet.from_mask(_c.caminos_known(self._cv, seat))


class _CaminosGame(_TileGame, _CaminosTable):
    """A Caminos game from its first deal to its winners: the referee, which sees all."""

    _G = _CAMINOS
    _PACKAGE = "caminos"
    _RULES = _CaminosRules
    _MOVE = _CaminosMove
    _DEAL = _CaminosDeal
    _VIEW = _CaminosView
    _move = _c_new_move  # (a bound class method: the move of a code, no self)

    _moves = [None] * (2 * _MOVE_CACHE)  # (code, move) pairs

    @property
    def chosen(self):
        return tuple(s for s, t in enumerate(self._choices) if t is not None)

    @property
    def reveals(self):
        return self._reveals(self._round_log())

    def choice(self, seat):
        self._check_seat(seat)
        return self._choices[seat]


# ---- the Caminos players ------------------------------------------------------------


class _CaminosSuitWeights(_SuitWeights):
    _NAMES = ("reach", "depth", "hardness", "double", "starve", "block")
    _DEFAULTS = (4.0, 3.0, 2.0, 1.0, 0.3, 2.0)


class _CaminosSuitPlayer(_c.players[5]):
    """SuitPlayer (the binding's), and its ranking of placements."""

    def rank(self, view, moves):
        _check_view(view, _CaminosView, "caminos")
        if any(m.kind != "place" for m in moves):
            raise IllegalMoveError("only placements are ranked: got {}".format(_listed(moves)))
        weights = self.weights or _CaminosSuitWeights()
        return [_c_new_move(c) for c in _c.caminos_rank(view._cv, [m.code for m in moves],
                                                         weights._tenths())]


class caminos:
    """Caminos: place your tiles on short paths, and be the first without tiles."""

    Rules = _CaminosRules
    Game = _CaminosGame
    View = _CaminosView
    Path = _CaminosPath
    Move = _CaminosMove
    Event = _c.caminos_event
    Deal = _CaminosDeal
    RandomPlayer, GreedyPlayer = _c.players[3:5]
    SuitPlayer = _CaminosSuitPlayer
    SuitWeights = _CaminosSuitWeights
    VARIANTS = _C_VARIANTS
    FULL_PATH = _c.caminos_names(0)

    class SearchPlayer(_SearchPlayer):
        """Perfect-information Monte Carlo over samples of the hidden tiles (CPython's
        SearchPlayer: the same move for the same view, samples and seed)."""

        MAX_SAMPLES = 1 << 24
        _REFUSED = "the view of seat {} is not a consistent Caminos position (round {})"
        _VIEW, _PACKAGE = _CaminosView, "caminos"

        def _pick(self, view, moves, start):
            self.last_samples = 0
            if moves[0].kind == "reveal":
                return _c_new_move(_c.choose(_CAMINOS, 1, view._cv, None))
            if len(moves) == 1:
                return moves[0]
            # (the core's pick: the best sum, ties to the suit player's order)
            found = self.evaluate_sums(view, start) or ([m.code for m in moves], None)
            return _c_new_move(_c.caminos_rank(view._cv, found[0], None, found[1]))

        def evaluate_sums(self, view, start=None):
            if view.is_over or view.phase != "play" or view.to_move != view.seat:
                raise IllegalMoveError("seat {} is not to move in play".format(view.seat))
            return _SearchPlayer.evaluate_sums(self, view, start)
# ======================================================================================
# dice: Dice of Doom and Farkle
# ======================================================================================

_X_SCORINGS = _c.setting(_DICE, "scoring")
_X_DOOM_LOSES = _c.setting(_DICE, "doom_loses")
_X_HOT = _c.setting(_DICE, "hot_dice")
_X_MAX_TARGET = _c.setting(_DICE, "target")[1]
_X_MAX_PLAYERS = 8


def _x_set(values):
    s = 0
    for v in values:
        s += 1 << (3 * (v - 1))
    return s


def _x_values(s):
    out = []
    for f in range(1, 7):
        out.extend([f] * ((s >> (3 * (f - 1))) & 7))
    return tuple(out)


def _x_items(values, lo, hi, what):
    """The dice of ``values`` in the order given: lo..hi whole numbers 1..6."""
    expected = ("{} is {} to {} dice, each a whole number 1..6".format(what, lo, hi)
                if lo != hi else "{} is {} dice, each a whole number 1..6".format(what, lo))
    if isinstance(values, str):
        _check_notation_length(values, "dice")
        words = values.replace(",", " ").split()
        if len(words) == 1 and words[0].isdigit():
            words = list(words[0])
        if not all(len(w) == 1 and "0" <= w <= "9" for w in words):
            raise NotationError("{}: got {!r}".format(expected, values))
        items = [int(w) for w in words]
    else:
        try:
            items = list(values)
        except TypeError:
            raise NotationTypeError("{}: got {!r}".format(expected, values))
    if not lo <= len(items) <= hi:
        raise NotationError("{}: got {} in {!r}".format(expected, len(items), values))
    for item in items:
        if type(item) is not int:
            raise NotationTypeError("{}: got {!r}".format(expected, values))
        if not 1 <= item <= 6:
            raise NotationError("{}: got {!r}".format(expected, values))
    return items


_x_new_move = _DiceMove._of


_DiceKeep = _c.Keep  # a legal keep: the binding's type (CPython's dice.Keep)


class _DiceTable:
    """What a dice game and its views both show of the table (the binding's
    table: phase, pool, turn total, ...)."""

    _G = _DICE

    def keeps(self):
        """The legal keeps of the last roll with their points (empty unless a keep is due)."""
        if self.phase != "keep":
            return []
        return _x_keeps(self.last_roll, self.pool, self.rules)


class _DiceView(_View, _DiceTable):
    """What one seat knows: in dice everything but the OS seeds is public
    (players, score: the binding's table)."""


class _DiceGame(_Game, _DiceTable):
    """A dice game from the first roll to its winner: the referee."""

    _G = _DICE
    _PACKAGE = "dice"
    _RULES = _DiceRules
    _MOVE = _DiceMove
    _VIEW = _DiceView
    _move = _x_new_move  # (a bound class method: the move of a code, no self)

    def __init__(self, rules=None, players=2, seed=None, first_player=0, log=True):
        _check_int("players", players, 1, _X_MAX_PLAYERS)
        if not _is_whole(first_player) or not 0 <= first_player < players:
            error = SeatError if _is_whole(first_player) else SeatTypeError
            raise error("no seat {!r} to play first: seats are 0..{}".format(
                first_player, players - 1))
        self._start(_DiceRules() if rules is None else rules, seed, (players, first_player), log)

    roll_seeds = property(_c.seeds)

    _moves = [None] * (2 * _MOVE_CACHE)  # (code, move) pairs


def _x_rules(rules):
    if rules is None:
        return _DiceRules()
    if not isinstance(rules, _DiceRules):
        raise RulesTypeError("rules must be a pintas dice.Rules (or None for Dice of Doom): "
                             "got {!r}".format(rules))
    return rules


def _x_keeps(roll, pool=(), rules=None):
    """Every legal keep of ``roll`` with ``pool`` kept, most points first."""
    rules = _x_rules(rules)
    r = _x_set(_x_items(roll, 1, 6, "a roll"))
    p = _x_set(_x_items(pool, 0, 5, "a pool"))
    if len(_x_values(r)) + len(_x_values(p)) > 6:
        raise NotationError("a roll and the pool hold at most 6 dice together: got roll {!r} "
                            "and pool {!r}".format(roll, pool))
    if rules.combine_kept and _c.dice_keep_score(rules, p) < 0:
        raise PintasError("not a pool of kept dice under these rules (every kept die must "
                          "score): got {!r}".format(pool))
    found = _c.dice_keeps(rules, r, p)  # (Keep objects, most points first)
    if type(found) is int:
        raise PintasError("no keeps for roll {!r} and pool {!r}".format(roll, pool))
    return found


def _x_no_solver(*args, **options):
    raise RulesError("this build of pintas has no dice solver (a board's native module): "
                     "give OptimalPlayer a dice.Book")


#- the dice solver: from here to its end marker, left out of the native modules (build.sh) -#
class _DicePolicy:
    """The optimal policy for one turn (made by solve_turn): it maximises the
    expected turn total, a lost turn counting 0."""

    def __init__(self, rules, cap, workspace):
        self.rules, self.cap, self._ws = rules, cap, workspace

    @property
    def expected_turn_score(self):
        return _c.dice_policy(self._ws, 0, 0)

    def _pool(self, pool, dice_left=None):
        if dice_left is not None:
            if pool != ():
                raise PintasError("give the pool or dice_left, not both")
            if not 1 <= dice_left <= 6:
                raise PintasError("dice_left is 1..6: got {!r}".format(dice_left))
            if self.rules.combine_kept and dice_left != 6:
                raise PintasError("with combine_kept the kept dice matter: pass the pool, not "
                                  "dice_left={!r}".format(dice_left))
            return (6 - dice_left) * 1
        return _x_set(_x_items(pool, 0, 5, "a pool"))

    def roll_value(self, turn_total, pool=(), dice_left=None):
        return _c.dice_policy(self._ws, 1, self._pool(pool, dice_left), turn_total)

    def should_bank(self, turn_total, pool=(), dice_left=None):
        return _c.dice_policy(self._ws, 2, self._pool(pool, dice_left), turn_total)

    def best_keep(self, roll, pool=(), turn_total=0, dice_left=None):
        return _c.dice_policy(self._ws, 3, _x_set(_x_items(roll, 1, 6, "a roll")),
                              self._pool(pool, dice_left), turn_total)

    def threshold(self, pool=(), dice_left=None):
        return _c.dice_policy(self._ws, 4, self._pool(pool, dice_left))

    @property
    def thresholds(self):
        if self.rules.combine_kept:
            return None
        return tuple(self.threshold(dice_left=left) for left in range(1, 7))

    def __repr__(self):
        return "<dice.Policy {}: expected turn score {:.2f}>".format(
            self.rules, self.expected_turn_score)


_X_POLICIES = {}


def _x_check_solver():
    if not hasattr(_c, "dice_solve"):
        _x_no_solver()


def _x_solve_turn(rules=None, cap=0):
    """The optimal single-turn policy of ``rules`` (default Dice of Doom), solved
    once per rules and cap. ``cap`` (units of the rules' unit, 0: the core's
    default) bounds the workspace: turn totals from the cap up are valued as
    banked; a board with little RAM passes a smaller cap (docs/micropython.md)."""
    rules = _x_rules(rules)
    _check_int("cap", cap, 0, 65536)
    _x_check_solver()
    key = (rules.scoring, rules.doom, rules.hot_dice, rules.combine_kept, cap)
    found = _X_POLICIES.get(key)
    if found is None:
        size = _c.dice_solve_size(rules, cap)
        if size == 0:
            raise RulesError("the solver cannot handle these rules")
        # One policy is kept (a board has room for one): the last one goes first.
        _X_POLICIES.clear()
        try:
            import gc

            gc.collect()
        except ImportError:
            pass
        workspace = bytearray(size + 8)
        status = _c.dice_solve(rules, cap, workspace)
        if status != _OK:
            raise RulesError("the solver refuses these rules: " + _c.status_str(status))
        _X_POLICIES[key] = found = workspace
    return _DicePolicy(rules, cap, found)


def _x_cap_for(rules=None, budget=100000):
    """The largest cap whose solver workspace takes at most ``budget`` bytes (0,
    the core's default, if that fits), for solve_turn and OptimalPlayer."""
    rules = _x_rules(rules)
    _x_check_solver()
    if _c.dice_solve_size(rules, 0) <= budget:
        return 0
    low, high = 1, 65536
    while low < high:
        mid = (low + high + 1) // 2
        if _c.dice_solve_size(rules, mid) <= budget:
            low = mid
        else:
            high = mid - 1
    return low
#- end of the dice solver -#


if "_x_solve_turn" not in globals():  # a native module: no solver, no policies
    _x_solve_turn = _x_cap_for = _x_no_solver
    _DicePolicy = None


class _DiceBook:
    """A turn policy's decisions as a book: the bytes CPython's
    ``dice.solve_turn(rules).book()`` writes (a few kilobytes), read with no
    solve and no floating point. A board's OptimalPlayer takes one instead of
    solving: ``dice.Book(open("doom.book", "rb").read())``."""

    def __init__(self, data):
        if not isinstance(data, (bytes, bytearray)):
            raise PintasTypeError("a Book is made from bytes: got {}".format(type(data).__name__))
        self._bytes = data if type(data) is bytes else bytes(data)
        found = _c.dice_book(self._bytes, 0, _DiceRules())
        if found not in (_OK, _E_RULES):
            raise CorruptStateError("not a dice policy book ({}): {!r}".format(
                _c.status_str(found), bytes(data[:16])))

    @classmethod
    def load(cls, path):
        """The book in the file ``path``."""
        with open(path, "rb") as f:
            return cls(f.read())

    def fits(self, rules):
        """Whether this is a book of ``rules``' turn (target, doom_loses and
        final_round aside: they do not change it)."""
        return _c.dice_book(self._bytes, 0, _x_rules(rules)) == _OK

    def should_bank(self, turn_total, pool=()):
        _check_int("turn_total", turn_total, 0, _X_MAX_TARGET)
        return _c.dice_book(self._bytes, 1, _x_set(_x_items(pool, 0, 5, "a pool")), turn_total)

    def best_keep(self, roll, pool=(), turn_total=0):
        _check_int("turn_total", turn_total, 0, _X_MAX_TARGET)
        return _c.dice_book(self._bytes, 2, _x_set(_x_items(roll, 1, 6, "a roll")),
                            _x_set(_x_items(pool, 0, 5, "a pool")), turn_total)

    def __len__(self):
        return len(self._bytes)

    def __repr__(self):
        return "<dice.Book: {} bytes>".format(len(self._bytes))


class dice:
    """Dice of Doom and Farkle: six-dice push-your-luck."""

    Rules = _DiceRules
    Game = _DiceGame
    View = _DiceView
    Move = _DiceMove
    Event = _c.dice_event
    Keep = _DiceKeep
    Policy = _DicePolicy
    Book = _DiceBook
    SCORINGS = _X_SCORINGS
    DOOM_LOSES = _X_DOOM_LOSES
    HOT_DICE = _X_HOT
    MAX_TARGET = _X_MAX_TARGET
    MAX_PLAYERS = _X_MAX_PLAYERS
    keeps = staticmethod(_x_keeps)
    solve_turn = staticmethod(_x_solve_turn)
    cap_for = staticmethod(_x_cap_for)

    RandomPlayer, ThresholdPlayer = _c.players[6:]

    class OptimalPlayer:
        """Follows the optimal single-turn policy (solve_turn), or reads its
        decisions from ``book`` (a dice.Book: no solve, a few kilobytes of heap);
        banks whenever banking wins the game at once (no final round). ``cap``:
        see solve_turn."""

        def __init__(self, rules=None, bank_to_win=True, cap=0, book=None):
            if rules is not None and not isinstance(rules, _DiceRules):
                raise RulesTypeError("OptimalPlayer needs dice.Rules or None: got {!r}".format(
                    rules))
            _check_bool("bank_to_win", bank_to_win)
            if book is not None:
                if not isinstance(book, _DiceBook):
                    raise PintasTypeError("book is a dice.Book or None: got {!r}".format(book))
                if rules is not None and not book.fits(rules):
                    raise RulesError("this book is not one of {}".format(rules))
            self.rules, self.bank_to_win, self.cap, self.book = rules, bank_to_win, cap, book
            self.policy = book or (_x_solve_turn(rules, cap) if rules is not None else None)

        def choose(self, view):
            """The core's optimal player (pintas/players.h), over the policy or the book."""
            _check_view(view, _DiceView, "dice")
            view._moves_to_choose()
            if self.book is not None and self.rules is None and not self.book.fits(view.rules):
                raise RulesError("this book is not one of {}".format(view.rules))
            policy = self.policy or _x_solve_turn(view.rules, self.cap)
            code = _c.choose(_DICE, 4, view._cv, (policy._ws, self.bank_to_win)) \
                if self.book is None else _c.choose(_DICE, 5, view._cv,
                                                    (policy._bytes, self.bank_to_win))
            if code < 0:
                raise IllegalMoveError("no legal keep in {}".format(view.last_roll))
            return _x_new_move(code)

        __call__ = choose

        def __repr__(self):
            return "OptimalPlayer({!r})".format(self.rules)

    @staticmethod
    def score(values, rules=None):
        """The best points any keep of these dice can make (0 if none; 0 for doom)."""
        keeps = _x_keeps(values, (), rules)
        return max([k.points for k in keeps]) if keeps else 0

    @staticmethod
    def keep_score(values, rules=None):
        v = _c.dice_keep_score(_x_rules(rules), _x_set(_x_items(values, 1, 6, "a keep")))
        return None if v < 0 else v

    @staticmethod
    def is_doom(values, rules=None):
        return _c.dice_is_doom(_x_rules(rules), _x_set(_x_items(values, 1, 6, "a roll")))
#- end of the games left out of the domino-only module -#


# Every move of a board's loop looks up these on the game: kept on each game's
# own class too, they are found there without walking its bases.
for _cls in (_DominoGame, globals().get("_CaminosGame"), globals().get("_DiceGame")):
    for _name in ("is_over", "to_move", "legal_moves", "play") if _cls else ():
        setattr(_cls, _name, getattr(_Game, _name))
del _cls, _name
