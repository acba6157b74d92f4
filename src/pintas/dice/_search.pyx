# cython: language_level=3, cdivision=True
"""Binding of the C dice solver: the optimal single-turn policy of any rules.

:func:`solve_turn` solves a policy once per rules (in C, the GIL released)
and caches it; :class:`Policy` answers what to keep and when to bank.
:mod:`pintas.dice.players` builds :class:`~pintas.dice.players.OptimalPlayer`
on it.
"""

cimport cython
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

# The C declarations of dice.h and the engine binding's dice-set helpers.
from pintas.dice._engine cimport *
from pintas._base cimport pintas_dice_observer, encode_view, view_key
from pintas._base cimport PINTAS_DICE_OBS_PARTS, obs_parts, pintas_dice_obs_parts
from pintas._base cimport PINTAS_E_ARG, PINTAS_OK, CView, Twister, chose, game_view
from pintas._base cimport Engine, keep_view, kept_view, whole

from pintas._base import status_message
from pintas.dice._engine import MAX_TURN_TOTAL, PHASES, DiceGame

cdef tuple _PHASES = PHASES
cdef int _OVER = PHASES.index("over")
from pintas.errors import CorruptStateError, NotationError, PintasError, PintasTypeError
from pintas.errors import RulesError, RulesTypeError

#: Policies kept at most (a long-running host solving many rules stays bounded).
_MAX_CACHED = 256


@cython.binding(False)
cdef class _Solution:
    """A solved workspace (a bytearray owned here) and the C policy inside it."""
    cdef object workspace
    cdef const pintas_dice_policy *p

    def __init__(self, fields):
        cdef pintas_dice_rules r
        cdef size_t size
        cdef int status
        cdef char *base
        cdef size_t offset
        cdef void *mem
        cdef const pintas_dice_policy *p = NULL
        _rules_from(&r, fields)
        # A host has room for every total: the policy then keeps the default
        # cap whatever the rules (a device would take the smallest workspace).
        with nogil:
            size = pintas_dice_solve_workspace_size_full(&r, 0)
        if size == 0:
            raise RulesError("the solver cannot handle these rules (a keep could lower the "
                             "turn total)")
        self.workspace = bytearray(size + 8)
        base = self.workspace
        offset = (8 - (<size_t>base & 7)) & 7      # the C solver needs 8-byte alignment
        mem = <void *>(base + offset)
        with nogil:
            status = pintas_dice_solve(&r, 0, mem, size, &p)
        if status != PINTAS_OK:
            raise RulesError(f"the solver refuses these rules: {status_message(status)}")
        self.p = p


cdef dict _SOLUTIONS = {}
cdef dict _POLICIES = {}


def solve_turn(rules=None):
    """The optimal single-turn policy of ``rules`` (default Dice of Doom): solved
    once per rules (in C, the GIL released) and cached.

    >>> from pintas.dice import Rules
    >>> p = solve_turn(Rules.farkle())
    >>> round(p.expected_turn_score, 2), p.thresholds
    (446.57, (250, 250, 400, 1000, 2900, 10050))
    >>> p.should_bank(300, dice_left=3), p.best_keep([1, 1, 5, 2, 3, 4])
    (False, Keep((1,), 100))
    """
    if rules is None:
        rules = rules_type().dice_of_doom()
    elif not isinstance(rules, rules_type()):
        raise RulesTypeError(f"solve_turn needs a pintas.dice.Rules: got {rules!r}")
    policy = _POLICIES.get(rules)
    if policy is not None:
        return policy
    fields = rules._fields()
    # Only the scoring, doom, hot dice and combining shape a single turn.
    key = (fields[0], fields[2], fields[4], fields[5])
    solution = _SOLUTIONS.get(key)
    if solution is None:
        solution = _Solution(fields)
        _SOLUTIONS[key] = solution
    policy = Policy.__new__(Policy)
    (<Policy>policy)._solution = solution
    (<Policy>policy).p = (<_Solution>solution).p
    (<Policy>policy).rules = rules
    if len(_POLICIES) >= _MAX_CACHED:
        _POLICIES.clear()
    _POLICIES[rules] = policy
    return policy


@cython.binding(False)
cdef class Policy:
    """The optimal policy for one turn: it maximises the expected turn total
    (a lost turn counting 0). Made by :func:`solve_turn`.

    Pools are the dice kept since the turn began or since the last six-dice
    reroll (``()`` for none). Without ``combine_kept`` only their count
    matters, so ``dice_left`` (1..6, the dice the next roll would throw) may be
    given instead.
    """

    cdef object _solution
    cdef const pintas_dice_policy *p
    cdef readonly object rules
    """The rules solved."""

    def __init__(self, *args, **kwargs):
        raise TypeError("use pintas.dice.solve_turn(rules) to get a Policy")

    cdef const pintas_dice_policy *_solved(self) except NULL:
        # A Policy made by __new__ (not by solve_turn) has no solution to read.
        if self.p == NULL:
            raise PintasTypeError("use pintas.dice.solve_turn(rules) to get a Policy")
        return self.p

    @property
    def expected_turn_score(self):
        """Expected points of a fresh turn under optimal play."""
        return pintas_dice_policy_expected(self._solved())

    cdef pintas_dice_set _pool(self, object pool, object dice_left=None) except? 0xFFFFFFFF:
        cdef long long s
        cdef int left
        self._solved()
        if dice_left is not None:
            if pool != ():
                raise PintasError(f"give the pool or dice_left, not both: got {pool!r} and "
                                  f"dice_left={dice_left!r}")
            if type(dice_left) is not int:
                raise PintasTypeError(f"dice_left is a whole number 1..6: got {dice_left!r}")
            pool = dice_left
        if type(pool) is int:
            left = pool
            if not 1 <= left <= 6:
                raise PintasError(f"dice_left is 1..6: got {pool!r}")
            if self.p.table.rules.combine_kept and left != 6:
                raise PintasError(f"with combine_kept the kept dice matter: pass the pool, not "
                                  f"dice_left={pool!r}")
            return <pintas_dice_set>((6 - left) * _one(1))
        s = _set_of(pool, 0, 5, "a pool")
        if self.p.state_of[pintas_dice_set_index(<pintas_dice_set>s)] == 0xFFFF:
            raise PintasError(f"not a pool of kept dice under these rules (every kept die must "
                              f"score): got {pool!r}")
        return <pintas_dice_set>s

    cdef int32_t _total(self, object turn_total) except -1:
        if type(turn_total) is not int or not 0 <= turn_total <= MAX_TURN_TOTAL:
            error = PintasError if type(turn_total) is int else PintasTypeError
            raise error(f"a turn total is a whole number 0..{MAX_TURN_TOTAL}: got {turn_total!r}")
        return turn_total

    def roll_value(self, turn_total, pool=(), *, dice_left=None):
        """Expected final turn total of rolling now with ``pool`` kept and
        ``turn_total`` at stake, then playing optimally."""
        cdef pintas_dice_set s = self._pool(pool, dice_left)
        cdef int32_t t = self._total(turn_total)
        cdef double v = 0.0
        pintas_dice_policy_roll_value(self.p, s, t, &v)
        return v

    def should_bank(self, turn_total, pool=(), *, dice_left=None):
        """True if banking ``turn_total`` now beats rolling on with ``pool`` kept
        (or ``dice_left`` dice to roll). False where banking is not allowed: at
        the start of a turn, and after hot dice when the rules say ``must``."""
        cdef pintas_dice_set s = self._pool(pool, dice_left)
        cdef int32_t t = self._total(turn_total)
        if s == 0 and (t == 0 or self.p.table.rules.hot_dice == PINTAS_DICE_HOT_MUST):
            return False
        return pintas_dice_policy_should_bank(self.p, s, t) == 1

    def best_keep(self, roll, pool=(), turn_total=0, *, dice_left=None):
        """The optimal :class:`Keep` of ``roll`` with ``pool`` kept and ``turn_total``
        at stake (ties go to the most points, then fewer dice), or None when the
        roll has no legal keep (doom or a roll-out)."""
        cdef long long r = _set_of(roll, 1, 6, "a roll")
        cdef pintas_dice_set s = self._pool(pool, dice_left)
        cdef int32_t t = self._total(turn_total)
        cdef pintas_dice_keep best
        if _size(<pintas_dice_set>r) + _size(s) > 6:
            raise NotationError(f"a roll and the pool hold at most 6 dice together: "
                                f"got roll {roll!r} and pool {pool!r}")
        if pintas_dice_optimal_keep(self.p, <pintas_dice_set>r, s, t, &best) != PINTAS_OK:
            return None
        return _keep_list(&best, 1)[0]

    def keep_value(self, keep, pool=(), turn_total=0, *, dice_left=None):
        """Expected final turn total of making ``keep`` (a Keep, or dice; it must be
        legal) with ``pool`` kept and ``turn_total`` at stake, then playing optimally."""
        cdef pintas_dice_set s = self._pool(pool, dice_left)
        cdef int32_t t = self._total(turn_total)
        cdef pintas_dice_keep k
        cdef long long ks
        cdef int32_t sc
        cdef double value = 0.0
        if isinstance(keep, Keep):
            ks = (<Keep>keep)._set
        else:
            ks = _set_of(keep, 1, 6, "a keep")
        if _size(<pintas_dice_set>ks) + _size(s) > 6:
            raise PintasError(f"the pool and the keep hold more than 6 dice: {keep!r}")
        if self.p.table.rules.combine_kept:
            sc = pintas_dice_score(&self.p.table, <pintas_dice_set>(s + ks))
            if sc < 0:
                raise PintasError(f"not a legal keep with this pool: {keep!r}")
            sc -= pintas_dice_score(&self.p.table, s)
        else:
            sc = pintas_dice_score(&self.p.table, <pintas_dice_set>ks)
            if sc <= 0:
                raise PintasError(f"not a legal keep: {keep!r}")
        k.keep, k.points = <pintas_dice_set>ks, sc
        pintas_dice_optimal_keep_value(self.p, s, t, &k, &value)
        return value

    def threshold(self, pool=(), *, dice_left=None):
        """The smallest turn total from which banking is optimal with ``pool``
        kept (or ``dice_left`` dice to roll). With hot dice ``must`` and an
        empty pool banking is never allowed; the figure is then what banking
        would need were it allowed."""
        cdef pintas_dice_set s = self._pool(pool, dice_left)
        cdef int32_t th = 0
        pintas_dice_policy_threshold(self.p, s, &th)
        return th

    @property
    def thresholds(self):
        """Bank thresholds with 1, 2, ... 6 dice left to roll, when they depend on
        the count alone (``combine_kept`` off); None otherwise (see :meth:`threshold`)."""
        if self._solved().table.rules.combine_kept:
            return None
        return tuple(self.threshold(left) for left in range(1, 7))

    def pools(self):
        """Every pool the policy knows (each scoring in full with ``combine_kept``,
        one per size without), as tuples of dice."""
        cdef uint32_t i
        if not self._solved().table.rules.combine_kept:
            return [tuple([1] * (<int>self.p.state_set[i])) for i in range(self.p.n_states)]
        return [_values(self.p.state_set[i]) for i in range(self.p.n_states)]

    def book(self):
        """The policy's decisions as bytes a device keeps in flash (the C core's
        pintas_dice_policy_book; docs/c-api.md): its bank decision and best keep
        for every pool, roll and turn total, read back in C with
        pintas_dice_book_open and its queries, no solve and no floating point.
        Dice of Doom's is about 7 KB."""
        cdef const pintas_dice_policy *p = self._solved()
        cdef size_t n = 0
        cdef int status
        cdef bytearray out
        cdef char *raw
        with nogil:
            pintas_dice_policy_book(p, NULL, 0, &n)
        out = bytearray(n)
        raw = out
        with nogil:
            status = pintas_dice_policy_book(p, <uint8_t *>raw, n, &n)
        if status != PINTAS_OK:
            raise PintasError(f"the policy has no book: {status_message(status)}")
        return bytes(out)

    def __repr__(self):
        return (f"<dice.Policy {self.rules}: expected turn score "
                f"{self.expected_turn_score:.2f}>")

    def __reduce__(self):
        return (solve_turn, (self.rules,))


# ---- a seat's view and the players ---------------------------------------------

cdef str _GAME = "pintas.dice.game"


@cython.binding(False)
@cython.final
cdef class DiceView(CView):
    """A dice.View as the C core reads it (a pintas_dice_view), kept on the view."""

    cdef pintas_dice_view v


cdef int _fill_view(CView cv, view) except -1:
    """The C view of ``view``'s fields, each checked as it is written."""
    cdef pintas_dice_view *v = &(<DiceView>cv).v
    cdef int i
    memset(v, 0, sizeof(pintas_dice_view))
    _rules_from(&v.rules, view.rules._fields())
    v.players = whole(view.players, 1, PINTAS_DICE_MAX_PLAYERS, "players")
    for i in range(v.players):
        v.score[i] = whole(view.scores[i], -2**31, 2**31 - 1, "a score")
    v.turn_total = whole(view.turn_total, 0, MAX_TURN_TOTAL, "the turn total")
    v.pool = <pintas_dice_set>_set_of(view.pool, 0, 6, "the pool")
    v.first_player = whole(view.first_player, 0, v.players - 1, "the first player")
    v.seat = PINTAS_DICE_NO_PLAYER if view.seat is None else whole(
        view.seat, 0, v.players - 1, "the seat")
    v.to_move = PINTAS_DICE_NO_PLAYER if view.to_move is None else whole(
        view.to_move, 0, v.players - 1, "the seat to move")
    v.phase = _PHASES.index(view.phase)
    v.winner = PINTAS_DICE_NO_PLAYER if view.winner is None else whole(
        view.winner, 0, v.players - 1, "the winner")
    v.final_left = whole(view.final_turns_left, 0, 0xFF, "the final turns left")
    v.dice_to_roll = whole(view.dice_to_roll, 0, 6, "the dice to roll")
    roll = view.last_roll
    v.last_roll_len = whole(len(roll), 0, 6, "the last roll")
    for i in range(v.last_roll_len):
        v.last_roll[i] = whole(roll[i], 1, 6, "a die")
    return 0


cdef DiceView _c_view(view, bint public=False):
    return <DiceView>kept_view(view, _GAME, DiceView, _fill_view, public)


def encode(view, out=None):
    """The observation of ``view`` (pintas/observe.h): into ``out`` or a new bytearray."""
    return encode_view(&pintas_dice_observer, &_c_view(view).v, out)


def encoding():
    """The named parts of an observation, as slices of it, in order."""
    return obs_parts(pintas_dice_obs_parts, PINTAS_DICE_OBS_PARTS)


def key(view):
    """The key of ``view``: what it shows, as canonical bytes."""
    return view_key(&pintas_dice_observer, &_c_view(view, True).v)


def view_of(Engine game not None, seat, rules, tuple log):
    """The dice.View of ``seat`` (a seat of the game, or None for the public
    view) of ``game`` with its rules and log: every field read from the C
    view, which the view keeps."""
    cdef DiceView cv = DiceView.__new__(DiceView)
    cdef pintas_dice_view *v = &cv.v
    cdef const pintas_dice_state *s
    cdef int i, st = PINTAS_E_ARG
    if isinstance(game, DiceGame):
        s = <const pintas_dice_state *>game._state
        st = (pintas_dice_view_public(s, v) if seat is None else pintas_dice_view_of(
            s, whole(seat, 0, PINTAS_DICE_MAX_PLAYERS - 1, "a seat"), v))
    if st != PINTAS_OK:
        raise PintasError(f"no view of seat {seat} of {game!r}")
    cls = game_view(_GAME)
    view = cls.__new__(cls)
    view.__dict__.update(
        seat=seat, rules=rules, to_move=None if v.to_move == PINTAS_DICE_NO_PLAYER else v.to_move,
        scores=tuple([v.score[i] for i in range(v.players)]), is_over=v.phase == _OVER,
        log=log, players=v.players, first_player=v.first_player, phase=_PHASES[v.phase],
        turn_total=v.turn_total, dice_to_roll=v.dice_to_roll,
        last_roll=tuple([v.last_roll[i] for i in range(v.last_roll_len)]), pool=_values(v.pool),
        final_turns_left=v.final_left,
        winner=None if v.winner == PINTAS_DICE_NO_PLAYER else v.winner)
    keep_view(view, cv)
    return view


cdef size_t _legal(pintas_dice_view *v, pintas_dice_move *moves, int32_t *points,
                   view) except? 0:
    cdef size_t n = 0
    if pintas_dice_view_legal(v, moves, points, PINTAS_DICE_MAX_KEEPS, &n) != PINTAS_OK:
        raise PintasError(f"the view of seat {view.seat} is not one of a dice game")
    return n


def legal(view):
    """The legal moves of ``view``'s seat (which is to move), listed by C."""
    cdef pintas_dice_move moves[PINTAS_DICE_MAX_KEEPS]
    cdef size_t n, i
    n = _legal(&_c_view(view).v, moves, NULL, view)
    return [move_of(&moves[i]) for i in range(n)]


def keeps(view):
    """The legal keeps of the view's last roll (whoever is to move)."""
    cdef pintas_dice_move moves[PINTAS_DICE_MAX_KEEPS]
    cdef int32_t points[PINTAS_DICE_MAX_KEEPS]
    cdef pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS]
    cdef pintas_dice_view v = _c_view(view).v
    cdef size_t n, i
    v.seat = v.to_move  # nothing is hidden in dice: the seat to move's keeps are everyone's
    n = _legal(&v, moves, points, view)
    for i in range(n):
        ks[i].keep, ks[i].points = moves[i].keep, points[i]
    return _keep_list(ks, n) if n and moves[0].kind == PINTAS_DICE_KEEP else []


def random_choose(view, Twister rng not None):
    """RandomPlayer's move: one draw of ``rng`` over the legal moves."""
    cdef pintas_dice_move m
    chose(pintas_dice_random_choose(&_c_view(view).v, &rng.mt, &m), view)
    return move_of(&m)


def threshold_choose(view, bank_at):
    """ThresholdPlayer(bank_at)'s move."""
    cdef pintas_dice_move m
    cdef int32_t at = whole(bank_at, 0, 2**31 - 1, "bank_at")
    chose(pintas_dice_threshold_choose(&_c_view(view).v, at, &m), view)
    return move_of(&m)


def optimal_choose(view, Policy policy not None, bint bank_to_win):
    """OptimalPlayer's move under ``policy``."""
    cdef pintas_dice_move m
    chose(pintas_dice_optimal_choose(&_c_view(view).v, policy._solved(), bank_to_win, &m),
          view)
    return move_of(&m)


# ---- playing to win: two players ---------------------------------------------------------

@cython.binding(False)
cdef class Win:
    """The win-probability policy of one 2-player rules (dice.h, "playing to
    win"): the C workspace over the rules' turn policy, and its table once
    opened. Made by :func:`win_policy`."""

    cdef object _policy
    cdef object _workspace
    cdef object _table
    cdef pintas_dice_win *w
    cdef readonly object rules
    """The rules played (their target)."""

    def __init__(self, *args, **kwargs):
        raise TypeError("use pintas.dice._search.win_policy(rules) to get a Win")

    cdef pintas_dice_win *_opened(self) except NULL:
        if self.w == NULL or self._table is None:
            raise PintasTypeError("this Win has no table: use win_policy(rules, table)")
        return self.w

    @property
    def goal(self):
        """The target in the rules' units (the table holds goal x goal values)."""
        return self.w.goal if self.w != NULL else 0

    def table(self):
        """Solve every start value (minutes of CPU for Farkle to 10,000; the GIL
        released) and return the table's bytes (dice.h)."""
        cdef size_t n = <size_t>self.w.goal * self.w.goal, length = 0
        cdef int status
        cdef uint64_t evals = 0
        cdef bytearray values = bytearray(n * sizeof(double))
        cdef bytearray out
        cdef double *v = <double *><char *>values
        with nogil:
            status = pintas_dice_win_solve(self.w, v, &evals)
        if status != PINTAS_OK:
            raise RulesError(f"the win solver refuses: {status_message(status)}")
        pintas_dice_win_table(self.w, v, NULL, 0, &length)
        out = bytearray(length)
        status = pintas_dice_win_table(self.w, v, <uint8_t *><char *>out, length, &length)
        if status != PINTAS_OK:
            raise RulesError(f"the win table cannot be written: {status_message(status)}")
        return bytes(out)

    def start(self, mine, theirs):
        """W(mine, theirs): the probability that the player to start a turn wins,
        banked scores ``mine`` and ``theirs`` (points below the target)."""
        cdef double out = 0.0
        cdef int32_t a = whole(mine, 0, 2**31 - 1, "mine")
        cdef int32_t b = whole(theirs, 0, 2**31 - 1, "theirs")
        if pintas_dice_win_start(self._opened(), a, b, &out) != PINTAS_OK:
            raise RulesError(f"no start value for scores {mine!r} and {theirs!r}: scores are "
                             f"multiples of {self.w.unit} below the target")
        return out

    def __repr__(self):
        return f"Win({self.rules!r})"


def win_policy(rules, table=None):
    """The :class:`Win` of 2-player ``rules``, with ``table`` (bytes made by
    :meth:`Win.table` for these rules) opened when given."""
    cdef pintas_dice_rules r
    cdef size_t size
    cdef int status
    cdef char *base
    cdef const uint8_t *raw
    cdef pintas_dice_win *w = NULL
    cdef Policy policy = solve_turn(rules)
    cdef Win win = Win.__new__(Win)
    _rules_from(&r, rules._fields())
    size = pintas_dice_win_workspace_size(&r, policy._solved())
    if size == 0:
        raise RulesError("the win policy plays no final round, no doom that loses the score, "
                         "no round or roll limit, and targets of at most 1024 of the rules' "
                         f"units: got {rules!r}")
    win._workspace = bytearray(size + 8)
    base = win._workspace
    base += (8 - (<size_t>base & 7)) & 7
    status = pintas_dice_win_init(&r, policy._solved(), base, size, &w)
    if status != PINTAS_OK:
        raise RulesError(f"the win policy refuses these rules: {status_message(status)}")
    win._policy = policy
    win.rules = rules
    win.w = w
    if table is not None:
        if not isinstance(table, bytes):
            raise PintasTypeError(f"a win table is bytes: got {type(table).__name__}")
        raw = table
        status = pintas_dice_win_open(w, raw, len(table))
        if status != PINTAS_OK:
            raise CorruptStateError(f"not the win table of {rules!r}: {status_message(status)}")
        win._table = table
    return win


def win_choose(view, Win win not None):
    """WinPlayer's move from ``win``'s table."""
    cdef pintas_dice_move m
    chose(pintas_dice_win_choose(&_c_view(view).v, win._opened(), &m), view)
    return move_of(&m)


# ---- observations straight from the game's state -------------------------------------

from pintas._base cimport StateObserver

cdef extern from "pintas/observe.h" nogil:
    int PINTAS_DICE_OBS_SIZE
    int pintas_dice_observe_state(const pintas_dice_state *s, int seat, uint8_t *out,
                                  size_t cap)


@cython.final
cdef class Observer(StateObserver):
    """The observations of a dice game's seats straight from its C state
    (:meth:`~pintas._base.StateObserver.observe`): dice hide nothing, so the
    state is all a seat's view holds."""

    def __cinit__(self):
        self._game_type = DiceGame
        self._obs_size = PINTAS_DICE_OBS_SIZE

    cdef int _write(self, Engine game, int seat, uint8_t *out) except -1:
        if pintas_dice_observe_state(<const pintas_dice_state *>game._state, seat, out,
                                     PINTAS_DICE_OBS_SIZE) != PINTAS_OK:
            raise CorruptStateError(f"the C core cannot observe seat {seat} of {game!r}")
        return 0
