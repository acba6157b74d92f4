# cython: language_level=3, cdivision=True
"""Binding of the C line-game search: what a seat knows, consistent samples of
what it does not, and Monte Carlo totals per legal move (GIL released).

:mod:`pintas.domino.players` builds the players on top of this module; use that.
Only a :class:`pintas.domino.View` goes in: its fields are copied into a plain
C struct, so the search never sees the game.
"""

cimport cython
from libc.string cimport memcpy, memset
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from libc.stdint cimport int32_t

from pintas._base cimport pintas_line_observer, encode_view, view_key
from pintas._base cimport PINTAS_LINE_OBS_PARTS, obs_parts, pintas_line_obs_parts
from pintas._base cimport PINTAS_E_ARG, PINTAS_E_ILLEGAL, PINTAS_NO_SEAT, PINTAS_NO_TILE
from pintas._base cimport PINTAS_OK, PINTAS_TILE_COUNT, CView, Twister, chose, game_view
from pintas._base cimport Engine, keep_view, kept_view, put_moves
from pintas._base cimport pintas_rng, pintas_rng_seed, seed64, settings_struct, stop_flag, whole
from pintas.domino._engine cimport PINTAS_LINE_MAX_MOVES, PINTAS_LINE_MAX_SEATS, pintas_line_state
from pintas.domino._engine cimport _c_move, _moves, move_of, pintas_line_sides

from pintas.domino._engine import LineGame
from pintas._base import no_world
from pintas.errors import CorruptStateError, IllegalMoveError, NotationError, RulesError
from pintas.errors import RulesTypeError, ViewError
from pintas.tiles import TILES, TileSet

cdef str _GAME = "pintas.domino.game"
cdef tuple TILES_T = TILES
cdef tuple ENDS_T = ("L", "R")

POLICIES = {"random": PINTAS_POLICY_RANDOM, "greedy": PINTAS_POLICY_GREEDY}
MAX_SAMPLES = PINTAS_LINE_SEARCH_MAX_SAMPLES
_KINDS = {"play": 0, "draw": 1, "pass": 2}
# The C stream of samples drawn one at a time by sample(): "search".
_SAMPLE_STREAM = 0x736561726368


cdef int _fill_info(pintas_line_info *info, view) except -1:
    # Every value is range-checked as it is written (whole, bounds-checked
    # indexing): a view built around its constructor cannot reach C unchecked.
    # The round's log is _fill_log's.
    cdef pintas_line_rules *r = &info.rules
    memset(info, 0, sizeof(pintas_line_info))
    settings_struct(0, view.rules._fields(), r, sizeof(pintas_line_rules))
    for i, points in enumerate(view.scores[:PINTAS_LINE_MAX_SEATS]):
        info.score[i] = whole(points, -2**31, 2**31 - 1, "a score")
    info.hand = whole(int(view.hand), 0, (1 << 28) - 1, "a hand")
    info.seat = PINTAS_NO_SEAT if view.seat is None else whole(
        view.seat, 0, PINTAS_LINE_MAX_SEATS - 1, "the seat")
    info.leader = whole(view.leader, 0, PINTAS_LINE_MAX_SEATS - 1, "the leader")
    info.forced_tile = PINTAS_NO_TILE if view.forced_tile is None else view.forced_tile.index
    info.round = min(whole(view.round, 1, 2**62, "the round"), 0xFFFF)
    return 0


cdef int _fill_log(pintas_line_info *info, view) except -1:
    """The round's plays, draws and passes of ``view`` into info.log."""
    cdef tuple log = view.log
    cdef Py_ssize_t start = len(log), i
    cdef int n = 0
    while start > 0 and log[start - 1].kind != "deal":
        start -= 1
    if start > 0:
        start -= 1
    for i in range(start, len(log)):
        e = log[i]
        kind = _KINDS.get(e.kind)
        if kind is None:
            continue
        if n == PINTAS_LINE_INFO_MAX_LOG:
            raise CorruptStateError(f"a round cannot hold more than "
                                    f"{PINTAS_LINE_INFO_MAX_LOG} actions")
        info.log[n].kind = kind
        info.log[n].seat = whole(e.seat, 0, PINTAS_LINE_MAX_SEATS - 1, "an event's seat")
        if kind == 0:
            info.log[n].tile = e.tile.index
            info.log[n].end = 1 if e.end == "R" else 0
        else:
            info.log[n].tile = PINTAS_NO_TILE
            info.log[n].end = 0
        n += 1
    info.log_len = n
    return 0


cdef int _fill_view(CView cv, view) except -1:
    """The C view of ``view``'s fields (its round's log left for _c_view)."""
    cdef pintas_line_view *v = &(<LineView>cv).v
    cdef int i, n
    _fill_info(&v.info, view)
    sizes = view.hand_sizes
    for i in range(min(len(sizes), PINTAS_LINE_MAX_SEATS)):
        v.hand_size[i] = whole(sizes[i], 0, PINTAS_TILE_COUNT, "a hand's size")
    v.boneyard_size = whole(view.boneyard_size, 0, PINTAS_TILE_COUNT, "the boneyard's size")
    v.over = view.is_over is True
    v.to_move = PINTAS_NO_SEAT if view.to_move is None else whole(
        view.to_move, 0, PINTAS_LINE_MAX_SEATS - 1, "the seat to move")
    v.winner = PINTAS_NO_SEAT if view.winner is None else whole(
        view.winner, 0, PINTAS_LINE_MAX_SEATS - 1, "the winner")
    placements = view.placements
    n = whole(len(placements), 0, PINTAS_TILE_COUNT, "the placements")
    for i in range(n):
        tile, end = placements[i]
        v.line[i] = tile.index | (0x80 if end == "R" else 0)
    v.line_len = n
    if n:
        line = view.line
        v.ends[0], v.ends[1] = [whole(n, 0, 6, "an end") for n in view.ends]
        v.end_double[0] = line[0][0] == line[0][1]
        v.end_double[1] = line[-1][0] == line[-1][1]
    return 0


@cython.binding(False)
@cython.final
cdef class LineView(CView):
    """A domino.View as the C core reads it (a pintas_line_view), built once
    and kept on the view; the round's log is read only when a player needs
    what the seat knows of the others."""

    cdef pintas_line_view v
    cdef bint logged


cdef LineView _c_view(view, bint log=False, bint public=False):
    """The C view of ``view`` (a domino.View: else ViewError; a public view
    only where ``public`` says so)."""
    cdef LineView cv = <LineView>kept_view(view, _GAME, LineView, _fill_view, public)
    if log and not cv.logged:
        try:
            _fill_log(&cv.v.info, view)
        except (ValueError, TypeError, AttributeError, LookupError, ArithmeticError) as exc:
            if isinstance(exc, CorruptStateError):
                raise
            raise CorruptStateError(f"not a view of a line game in play ({exc}): seat "
                                    f"{view.seat!r}, round {view.round!r}") from None
        cv.logged = True
    return cv


def encode(view, out=None):
    """The observation of ``view`` (pintas/observe.h): into ``out`` or a new bytearray."""
    return encode_view(&pintas_line_observer, &_c_view(view, True).v, out)


def encoding():
    """The named parts of an observation, as slices of it, in order."""
    return obs_parts(pintas_line_obs_parts, PINTAS_LINE_OBS_PARTS)


def key(view):
    """The key of ``view``: what it shows, as canonical bytes."""
    return view_key(&pintas_line_observer, &_c_view(view, True, True).v)


def view_of(Engine game not None, seat, rules, tuple log):
    """The domino.View of ``seat`` (a seat of the game, or None for the
    public view) of ``game`` with the rules and the log it sees: every field
    read from the C view of that seat, or of no seat, which the view keeps
    (its round's log read at first need)."""
    cdef pintas_line_record record
    cdef LineView cv = LineView.__new__(LineView)
    cdef pintas_line_view *v = &cv.v
    cdef const pintas_line_state *s
    cdef int i, st = PINTAS_E_ARG
    pintas_line_record_clear(&record)
    if isinstance(game, LineGame):
        s = <const pintas_line_state *>game._state
        st = (pintas_line_view_public(s, &record, v) if seat is None else pintas_line_view_of(
            s, &record, whole(seat, 0, PINTAS_LINE_MAX_SEATS - 1, "a seat"), v))
    if st != PINTAS_OK:
        raise CorruptStateError(f"no view of seat {seat} of {game!r}")
    placements = tuple([(TILES_T[v.line[i] & 0x7F], ENDS_T[v.line[i] >> 7])
                        for i in range(v.line_len)])
    cls = game_view(_GAME)
    view = cls.__new__(cls)
    view.__dict__.update(
        seat=seat, rules=rules,
        to_move=None if v.over or v.to_move == PINTAS_NO_SEAT else v.to_move,
        scores=tuple([v.info.score[i] for i in range(pintas_line_sides(&v.info.rules))]),
        is_over=v.over != 0, log=log, hand=TileSet.from_mask(v.info.hand),
        hand_sizes=tuple([v.hand_size[i] for i in range(v.info.rules.players)]),
        round=v.info.round, placements=placements, line=oriented_line(placements),
        ends=(v.ends[0], v.ends[1]) if v.line_len else None, boneyard_size=v.boneyard_size,
        leader=v.info.leader,
        forced_tile=None if v.info.forced_tile == PINTAS_NO_TILE else TILES_T[v.info.forced_tile],
        winner=None if v.winner == PINTAS_NO_SEAT else v.winner)
    keep_view(view, cv)
    return view


def oriented_line(placements):
    """The line ``placements`` ((tile, end) pairs) make, left to right, each
    tile turned so that touching ends match (NotationError for pairs that
    make no line)."""
    cdef list lefts = [], rights = []
    cdef int left = 0, right = 0
    try:
        for tile, end in placements:
            if not rights:
                left, right = tile.high, tile.low
                rights.append((left, right))
            elif end == "L":
                lefts.append((tile.other_end(left), left))
                left = lefts[-1][0]
            else:
                rights.append((right, tile.other_end(right)))
                right = rights[-1][1]
    except (ValueError, TypeError, AttributeError) as exc:
        raise NotationError(f"placements that make no line ({exc}): "
                            f"got {placements!r:.80}") from None
    lefts.reverse()
    return tuple(lefts + rights)


def legal(view):
    """The legal moves of ``view``'s seat (which is to move), listed by C."""
    cdef pintas_line_move moves[PINTAS_LINE_MAX_MOVES]
    cdef size_t n = 0, i
    cdef LineView cv = _c_view(view)
    _check(pintas_line_view_legal(&cv.v, moves, PINTAS_LINE_MAX_MOVES, &n), view)
    return _moves(NULL, moves, n)


cdef const pintas_line_suit_weights *_weights(weights, pintas_line_suit_weights *w) except? NULL:
    """SuitWeights as C reads them (None: NULL, the game's own)."""
    if weights is None:
        return NULL
    try:
        w.accompanied, w.playable_after = float(weights.accompanied), float(weights.playable_after)
        w.double_bonus, w.stranding = float(weights.double), float(weights.stranding)
        w.opponent_lacks = float(weights.opponent_lacks)
        w.partner_lacks = float(weights.partner_lacks)
        w.points, w.pips = float(weights.points), float(weights.pips)
    except (AttributeError, ValueError) as exc:
        raise RulesTypeError(f"weights must be SuitWeights or None: got {weights!r}") from None
    return w


def suit_weights_for(game):
    """The tuned SuitWeights fields of ``game`` (its C code), in field order."""
    cdef pintas_line_suit_weights w
    if pintas_line_suit_weights_for(whole(game, 0, 0xFF, "a line game"), &w) != PINTAS_OK:
        raise RulesError(f"no line game {game}")
    return (w.accompanied, w.playable_after, w.double_bonus, w.stranding, w.opponent_lacks,
            w.partner_lacks, w.points, w.pips)


def random_choose(view, Twister rng not None):
    """RandomPlayer's move: one draw of ``rng`` over the legal moves."""
    cdef pintas_line_move m
    cdef LineView cv = _c_view(view)
    chose(pintas_line_random_choose(&cv.v, &rng.mt, &m), view)
    return move_of(&m)


def greedy_choose(view):
    """GreedyPlayer's move."""
    cdef pintas_line_move m
    cdef LineView cv = _c_view(view, True)
    chose(pintas_line_greedy_choose(&cv.v, &m), view)
    return move_of(&m)


def suit_choose(view, weights):
    """SuitPlayer's move with ``weights`` (None: the game's own)."""
    cdef pintas_line_move m
    cdef pintas_line_suit_weights w
    cdef LineView cv = _c_view(view, True)
    chose(pintas_line_suit_choose(&cv.v, _weights(weights, &w), &m), view)
    return move_of(&m)


def suit_rank(view, weights, list moves):
    """``moves`` (legal in ``view``) from SuitPlayer's best to its worst."""
    cdef pintas_line_move cm[PINTAS_LINE_MAX_MOVES]
    cdef pintas_line_suit_weights w
    cdef LineView cv = _c_view(view, True)
    cdef size_t n = put_moves(moves, cm, sizeof(cm[0]), PINTAS_LINE_MAX_MOVES, _c_move)
    _check(pintas_line_suit_rank(&cv.v, _weights(weights, &w), cm, n), view)
    return _moves(NULL, cm, n)


def immediate_points(view, move, voids=None):
    """pintas_line_immediate_points of ``move`` in ``view``; ``voids`` (per
    seat, the numbers it lacks) or None to derive them."""
    cdef pintas_line_move m
    cdef uint8_t masks[PINTAS_LINE_MAX_SEATS]
    cdef int32_t points = 0
    cdef LineView cv = _c_view(view, voids is None)
    _c_move(move, &m)
    if voids is not None:
        memset(masks, 0, sizeof(masks))
        for s in range(min(len(voids), PINTAS_LINE_MAX_SEATS)):
            for number in voids[s]:
                if 0 <= number <= 6:
                    masks[s] |= 1 << number
    _check(pintas_line_immediate_points(&cv.v, &m, NULL if voids is None else masks, &points),
           view)
    return points


cdef _check(int status, view):
    if status == PINTAS_E_ILLEGAL:
        raise IllegalMoveError(f"seat {view.seat} has no move to search: "
                               + ("the game is over" if view.is_over else
                                  f"seat {view.to_move} is to move"))
    if status != PINTAS_OK:
        raise CorruptStateError(f"the view of seat {view.seat} (round {view.round}) does not "
                                f"describe a round in play")


def knowledge(view):
    """What ``view``'s seat can deduce: a dict of masks and counts.

    ``unseen`` (mask of tiles in no known place), ``not_held`` (per seat, the
    unseen tiles it surely lacks), ``voids`` (per seat, the numbers it surely
    lacks, as a list of numbers), ``hand_counts``, ``pile`` (tiles in the
    boneyard or set aside), ``to_move``, ``last_placer``, ``passes``.
    """
    cdef pintas_line_info info
    cdef pintas_line_knowledge k
    info = _c_view(view, True).v.info
    _check(pintas_line_knowledge_of(&info, &k), view)
    players = info.rules.players
    return {
        "unseen": k.unseen,
        "not_held": tuple(k.not_held[s] for s in range(players)),
        "voids": tuple(tuple(n for n in range(7) if k.voids[s] >> n & 1) for s in range(players)),
        "hand_counts": tuple(k.hand_count[s] for s in range(players)),
        "pile": k.pile_count,
        "to_move": k.to_move,
        "last_placer": None if k.last_placer == PINTAS_NO_SEAT else k.last_placer,
        "passes": k.passes,
    }


def sample(view, seed, attempt=0, into=None):
    """One full deal consistent with ``view``, drawn in C from ``seed``: draw
    ``attempt`` (0, 1, ...) of its own generator, so a caller that turns a
    draw down takes the next. With ``into`` (a line game), the sampled state
    (the deal, the boneyard's order, the generator of later deals) replaces
    that game's C state; View.sample_game builds on this.

    Returns a dict: ``hands`` (a mask per seat), ``boneyard`` (tile indices in
    draw order, still to draw), ``aside`` (mask) and ``relaxed`` (True if the
    sampler had to ignore a fact; never for a view of a real game).
    """
    cdef pintas_line_info info
    cdef pintas_line_state st
    cdef pintas_rng rng
    cdef uint8_t relaxed = 0
    cdef int status
    cdef uint64_t c_seed = seed64(seed)
    cdef uint64_t c_attempt = whole(attempt, 0, 2**32 - 1, "an attempt")
    if into is not None and not isinstance(into, LineGame):
        raise TypeError(f"a sample goes into a domino.Game: got {into!r}")
    info = _c_view(view, True).v.info
    pintas_rng_seed(&rng, c_seed, _SAMPLE_STREAM + c_attempt)
    with nogil:
        status = pintas_line_determinize(&info, &rng, &st, &relaxed)
    _check(status, view)
    if into is not None:
        memcpy((<Engine>into)._state, &st, sizeof(pintas_line_state))
    return {
        "hands": tuple(st.hand[s] for s in range(info.rules.players)),
        "boneyard": tuple(st.boneyard[i] for i in range(st.bone_pos, st.bone_len)),
        "aside": st.aside,
        "relaxed": bool(relaxed),
    }


def sample_world(view, seed, into):
    """Put into the line game ``into`` a world of ``view`` drawn in C
    (pintas/determinize.h) from ``seed``, uniformly among those the view
    allows: the deal, the boneyard's order and the generator of later deals
    replace that game's C state. CorruptStateError when C finds no world (a
    view no real game shows)."""
    cdef pintas_line_world world
    cdef pintas_line_state st
    cdef int status
    cdef uint64_t c_seed = seed64(seed)
    cdef LineView cv = _c_view(view, True)
    if not isinstance(into, LineGame):
        raise TypeError(f"a sample goes into a domino.Game: got {into!r}")
    with nogil:
        status = pintas_line_view_sample(&cv.v, c_seed, &world, &st)
    if status != PINTAS_OK:
        raise no_world("line", view)
    memcpy((<Engine>into)._state, &st, sizeof(pintas_line_state))


def world_check(view, hands, pile):
    """True if the world where seat s holds ``hands[s]`` (masks) and the pile
    (boneyard or set aside) ``pile`` is one ``view`` allows (determinize.h)."""
    cdef pintas_line_world world
    cdef int consistent = 0, s
    cdef LineView cv = _c_view(view, True)
    memset(&world, 0, sizeof(world))
    for s in range(len(hands)):
        world.hand[whole(s, 0, 3, "a seat")] = whole(hands[s], 0, (1 << 28) - 1, "a hand")
    world.pile = whole(pile, 0, (1 << 28) - 1, "a pile")
    _check(pintas_line_world_check(&cv.v, &world, &consistent), view)
    return consistent == 1


@cython.binding(False)
cdef class Info:
    """What the seat of ``view`` (which must be to move) knows, read once, and
    the Monte Carlo search over it.

    Sample ``i`` depends only on (view, seed, ``i``), so batches of samples
    add up to the same sums as one call.
    """

    cdef pintas_line_info info
    cdef object _view

    def __init__(self, view):
        self.info = _c_view(view, True).v.info
        self._view = view

    cdef int _span(self, first, count, uint32_t *c_first, uint32_t *c_count) except -1:
        """Samples ``first .. first + count - 1`` as C reads them."""
        c_first[0] = whole(first, 0, 2**32 - 1, "the first sample")
        c_count[0] = whole(count, 0, PINTAS_LINE_SEARCH_MAX_SAMPLES, "samples")
        return 0

    cdef int _read(self) except -1:
        if self._view is None:  # made by __new__: nothing was read
            raise ViewError("an Info reads a domino.View: Info(view)")
        return 0

    def search(self, seed, first, count, policy=PINTAS_POLICY_RANDOM, stop=None):
        """Score every legal move over samples ``first .. first + count - 1``
        with the playout ``policy``: ``(moves, sums, samples, relaxed)``, the
        mean outcome of move i being ``sums[i] / samples``. Runs without the GIL;
        a raised ``stop`` (:class:`pintas._base.Stop`) ends it before the next
        sample, ``samples`` saying how many ran."""
        cdef pintas_line_search_result result
        cdef const volatile uint8_t *flag = stop_flag(stop)
        cdef int status
        cdef uint32_t i, c_first, c_count
        cdef uint64_t c_seed = seed64(seed)
        cdef int c_policy
        self._span(first, count, &c_first, &c_count)
        c_policy = whole(policy, 0, 2**31 - 1, "a playout policy")
        if c_policy not in POLICIES.values():
            raise RulesError(f"unknown playout policy {policy!r}")
        self._read()
        _check(pintas_line_search_init(&self.info, &result), self._view)
        with nogil:
            status = pintas_line_search_run_until(&self.info, c_seed, c_first, c_count, c_policy,
                                                  flag, &result)
        _check(status, self._view)
        moves = [move_of(&result.moves[i]) for i in range(result.n_moves)]
        return moves, [result.total[i] for i in range(result.n_moves)], result.samples, \
            result.relaxed


    def infer(self, seed, first, count, params, stop=None):
        """The stronger search (pintas/line_infer.h) over samples ``first ..
        first + count - 1`` with ``params`` (a dict of
        pintas_line_infer_params' fields, from :func:`infer_defaults`):
        ``(moves, sums, samples, weight)``, the value of move i being
        ``sums[i] / weight``. Runs without the GIL; a raised ``stop`` ends it
        before the next sample."""
        cdef pintas_line_infer_result result
        cdef pintas_line_infer_params p = _infer_params(params)
        cdef const volatile uint8_t *flag = stop_flag(stop)
        cdef int status
        cdef uint32_t i, c_first, c_count
        cdef uint64_t c_seed = seed64(seed)
        self._span(first, count, &c_first, &c_count)
        self._read()
        _check(pintas_line_infer_init(&self.info, &result), self._view)
        with nogil:
            status = pintas_line_infer_run_until(&self.info, &p, c_seed, c_first, c_count, flag,
                                                 &result)
        _check(status, self._view)
        moves = [move_of(&result.moves[i]) for i in range(result.n_moves)]
        return moves, [result.total[i] for i in range(result.n_moves)], result.samples, \
            result.weight


#: The levers of the stronger search, by name (pintas/line_infer.h).
LEVERS = {"suit_playouts": PINTAS_INFER_SUIT_PLAYOUTS, "weighted": PINTAS_INFER_WEIGHTED}


def infer_defaults():
    """The stronger search's tuned parameters: a dict of ``levers`` (a set of
    names of :data:`LEVERS`) and the temperatures and mix of
    pintas_line_infer_params."""
    cdef pintas_line_infer_params p
    pintas_line_infer_defaults(&p)
    return {"levers": frozenset(name for name, bit in LEVERS.items() if p.levers & bit),
            "playout_temperature": p.playout_temperature,
            "model_temperature": p.model_temperature, "model_mix": p.model_mix,
            "playout_mix": p.playout_mix}


cdef pintas_line_infer_params _infer_params(params) except *:
    """``params`` (a dict as :func:`infer_defaults` gives) as C reads them."""
    cdef pintas_line_infer_params p
    memset(&p, 0, sizeof(p))
    try:
        for name in params["levers"]:
            p.levers |= LEVERS[name]
        p.playout_temperature = float(params["playout_temperature"])
        p.model_temperature = float(params["model_temperature"])
        p.model_mix = float(params["model_mix"])
        p.playout_mix = float(params["playout_mix"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RulesTypeError(f"infer parameters are a dict like infer_defaults(): "
                             f"got {params!r:.80} ({exc})") from None
    if pintas_line_infer_params_check(&p) != PINTAS_OK:
        raise RulesError(f"infer parameters out of range: got {params!r:.80}")
    return p

# ---- observations straight from the game's state -------------------------------------

from pintas._base cimport StateObserver
from pintas.domino._engine cimport pintas_line_event

cdef extern from "pintas/observe.h" nogil:
    int PINTAS_LINE_OBS_SIZE
    int pintas_line_observe_state(const pintas_line_state *s, const pintas_line_record *r,
                                  int seat, uint8_t *out, size_t cap)

cdef extern from "pintas/views.h" nogil:
    int pintas_line_record_update(pintas_line_record *r, const pintas_line_event *ev, size_t n)

# The events' kinds as the C core numbers them (pintas_line_event_kind).
cdef dict _EVENT_CODES = {kind: i for i, kind in enumerate(
    ("deal", "redeal", "play", "draw", "pass", "score", "round_end", "game_end", "tiebreak"))}


cdef int _c_event(object e, pintas_line_event *ev) except -1:
    """The C event of ``e`` (an Event of a line game), as far as the round's
    record reads it: its kind, seat, tile and end (a hidden tile: none)."""
    memset(ev, 0, sizeof(pintas_line_event))
    ev.kind = _EVENT_CODES[e.kind]
    seat, tile = e.seat, e.tile
    ev.seat = PINTAS_NO_SEAT if seat is None else whole(seat, 0, PINTAS_LINE_MAX_SEATS - 1,
                                                         "an event's seat")
    ev.side = PINTAS_NO_SEAT
    ev.tile = PINTAS_NO_TILE if tile is None else tile.index
    ev.end = e.end == "R"
    return 0


@cython.final
cdef class Observer(StateObserver):
    """The observations of a line game's seats straight from its C state
    (:meth:`~pintas._base.StateObserver.observe`): the round's record kept
    from the game's events, read once each."""

    cdef pintas_line_record record
    cdef list events   # the event list followed, its first `seen` taken in
    cdef Py_ssize_t seen
    cdef object last   # the last event taken in

    def __cinit__(self):
        self._game_type = LineGame
        self._obs_size = PINTAS_LINE_OBS_SIZE
        pintas_line_record_clear(&self.record)

    cdef int _follow(self, Engine game) except -1:
        """Bring the record up to date with the game's events."""
        cdef list events = game._events
        cdef Py_ssize_t n = len(events), i
        cdef pintas_line_event ev
        if (events is not self.events or n < self.seen
                or (self.seen and events[self.seen - 1] is not self.last)):
            pintas_line_record_clear(&self.record)   # another log: read it from its start
            self.events, self.seen, self.last = None, 0, None
        for i in range(self.seen, n):
            _c_event(events[i], &ev)
            if pintas_line_record_update(&self.record, &ev, 1) != PINTAS_OK:
                self.events = None
                raise CorruptStateError(f"not an event of a line game's log: {events[i]!r}")
        self.events, self.seen = events, n
        self.last = events[n - 1] if n else None
        return 0

    cdef int _write(self, Engine game, int seat, uint8_t *out) except -1:
        self._follow(game)
        if pintas_line_observe_state(<const pintas_line_state *>game._state, &self.record,
                                     seat, out, PINTAS_LINE_OBS_SIZE) != PINTAS_OK:
            raise CorruptStateError(f"the C core cannot observe seat {seat} of {game!r}")
        return 0
