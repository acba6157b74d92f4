# cython: language_level=3, cdivision=True
"""Binding of the Caminos search (csrc/caminos_search.c): what one seat knows,
read from its :class:`~pintas.caminos.View` alone, and the Monte Carlo search.

:class:`Info` reads the view once: the table, the hands' sizes, the tiles
known in other hands (revealed and not placed), and from the round's log the
*cohorts* of each hand (the deal, then one per draw) with the numbers the seat
was seen to lack after each (it drew or passed while an open side showed
them), and for each tile the last moment a renewal put it into the pile.
caminos_search.h explains why every sample that respects these is a world
the seat cannot rule out. :mod:`pintas.caminos.players` uses this; the search
runs in C without the GIL.
"""

cimport cython
from libc.string cimport memcpy, memset
from libc.stdint cimport uint64_t, uint32_t

from libc.stdint cimport int32_t, int64_t

from pintas._base cimport pintas_caminos_observer, encode_view, view_key
from pintas._base cimport PINTAS_CAMINOS_OBS_PARTS, obs_parts, pintas_caminos_obs_parts
from pintas._base cimport PINTAS_NO_SEAT, PINTAS_NO_TILE, chose
from pintas._base cimport PINTAS_OK, CView, Engine, Twister, kept_view, put_moves
from pintas._base cimport pintas_rng, pintas_rng_seed, stop_flag, whole
from pintas.caminos._engine cimport _c_move, _moves, move_of

from pintas.caminos._engine import CaminosGame, full_path_names
from pintas._base import no_world
from pintas.errors import CorruptStateError, IllegalMoveError, RulesError, RulesTypeError
from pintas.errors import ViewError
from pintas.tiles import TILES, TileSet

MAX_COHORTS = PINTAS_CAMINOS_SEARCH_MAX_COHORTS
MAX_SAMPLES = PINTAS_CAMINOS_SEARCH_MAX_SAMPLES
_SEED_LIMIT = 1 << 64
_FULL_PATH = {name: i for i, name in enumerate(full_path_names())}  # (the core's numbers)
# What the replay of a round's log reads of each kind of event.
_NEEDS = {"path": ("path", "tile"), "place": ("path", "tile", "side", "seat"),
          "close": ("path",), "no_path": ("path",), "draw": ("seat",), "pass": ("seat",)}

cdef int _open_numbers(list slots, int side_tiles) except -1:
    """The numbers the open sides show (bit n), from the replayed slots."""
    cdef int numbers = 0
    for slot in slots:
        if slot is None:
            continue
        ends, lens = slot
        for side in range(2):
            if lens[side] < side_tiles:
                numbers |= 1 << ends[side]
    return numbers


def derive(view):
    """Replay the round's public log of ``view``: the cohorts of every hand
    (``[at, tiles, voids]`` lists, oldest first), the ``since`` of every tile
    (log position of the last renewal that put it into the pile, else 0) and
    the path slots as the log leaves them (``(ends, lens)`` or None).

    Positions count from the round's ``deal`` event (0). The deal is cohort
    ``[0, hand_size, 0]``; a draw at position p first adds the numbers open
    then to the drawer's newest cohort's voids (it could place none of its
    tiles), then opens cohort ``[p, 1, 0]``; a pass adds them too.
    """
    from pintas.caminos.game import View
    View.check(view)
    try:
        return _derive(view)[:3]
    except (ValueError, TypeError, AttributeError, LookupError) as exc:
        if isinstance(exc, CorruptStateError):
            raise
        # only a view built around its constructor gets here
        raise CorruptStateError(f"not a view of a Caminos round ({exc!r})") from None


cdef tuple _derive(view):
    rules = view.rules
    cdef int side_tiles = rules.side_tiles
    cdef int players = rules.players, paths = rules.paths
    cohorts = [[[0, rules.hand_size, 0]] for _ in range(players)]
    since = [0] * 28
    cdef list slots = [None] * paths
    cdef list placed = [0] * players
    cdef list story = []  # the story log (pintas_caminos_log_entry)
    for pos, e in enumerate(view.round_log):
        kind = e.kind
        if e.seat is not None and not 0 <= e.seat < players or \
                e.path is not None and not 1 <= e.path <= paths or \
                any([getattr(e, name) is None for name in _NEEDS.get(kind, ())]):
            raise CorruptStateError(f"the log of the view holds an event that is not one "
                                    f"of a round of {rules}: {e!r}")
        if kind == "path":
            slots[e.path - 1] = ([e.tile.high, e.tile.low], [0, 0])
        elif kind == "place":
            if slots[e.path - 1] is None or e.tile is None or not e.tile.has(
                    slots[e.path - 1][0][0 if e.side == "front" else 1]):
                raise CorruptStateError(f"the log of the view places a tile where "
                                        f"it cannot go: {e!r}")
            ends, lens = slots[e.path - 1]
            placed[e.seat] |= 1 << e.tile.index
            story.append((pos, PINTAS_CAMINOS_EV_PLACE, e.seat, e.tile.index))
            side = 0 if e.side == "front" else 1
            lens[side] += 1
            ends[side] = e.tile.other_end(ends[side])
        elif kind == "close":
            if e.reason == "renew" and e.tiles is not None:
                story.append((pos, PINTAS_CAMINOS_EV_CLOSE, e.seat or 0, int(TileSet(e.tiles))))
                for t in e.tiles:
                    since[t.index] = pos
            elif e.reason == "discard":
                slots[e.path - 1] = None
        elif kind == "no_path":
            slots[e.path - 1] = None
        elif kind == "draw" or kind == "pass":
            cohorts[e.seat][-1][2] |= _open_numbers(slots, side_tiles)
            story.append((pos, PINTAS_CAMINOS_EV_DRAW if kind == "draw" else PINTAS_CAMINOS_EV_PASS,
                          e.seat, _open_numbers(slots, side_tiles)))
            if kind == "draw":
                cohorts[e.seat].append([pos, 1, 0])
    for seat_cohorts in cohorts:
        while len(seat_cohorts) > MAX_COHORTS:
            # merge the two oldest draws: the newer one's constraint is the looser
            older = seat_cohorts.pop(1)
            seat_cohorts[1][1] += older[1]
    return cohorts, since, slots, placed, story


cdef int _fill_info(pintas_caminos_info *k, view, cohorts, since, known) except -1:
    # Every value is range-checked as it is written (whole, bounds-checked
    # indexing), the counts cut to the C arrays: whatever the view holds,
    # nothing is written outside the struct.
    cdef int seat, i, side, j
    memset(k, 0, sizeof(pintas_caminos_info))
    rules = view.rules
    players = whole(rules.players, 2, PINTAS_CAMINOS_MAX_SEATS, "players")
    k.rules.players = players
    k.rules.paths = rules.paths
    k.rules.hand_size = rules.hand_size
    k.rules.side_tiles = rules.side_tiles
    k.rules.full_path = _FULL_PATH[rules.full_path]
    k.rules.rounds = rules.rounds
    for i in range(8):
        k.path[i].centre = 0xFF
        for side in range(2):
            for j in range(2):
                k.path[i].tile[side][j] = 0xFF
    for i, path in enumerate(view.paths[:8]):
        if path.centre is None or path.ends is None:
            continue
        k.path[i].centre = path.centre.index
        for side, tiles in enumerate((path.front, path.back)):
            k.path[i].len[side] = whole(len(tiles), 0, 0xFF, "a side's tiles")
            k.path[i].end[side] = whole(path.ends[side], 0, 6, "a path's end")
            for j, tile in enumerate(tiles[:2]):
                k.path[i].tile[side][j] = tile.index
    k.hand = whole(int(view.hand), 0, (1 << 28) - 1, "a hand")
    k.discard = whole(int(view.discard), 0, (1 << 28) - 1, "the discard")
    k.seat = 0xFF if view.seat is None else whole(view.seat, 0, players - 1, "the seat")
    k.pile_len = whole(view.pile_size, 0, 0xFF, "the pile's size")
    k.passes = whole(view.passes, 0, 0xFF, "the passes")
    k.out_seat = 0xFF if view.out_seat is None else whole(view.out_seat, 0, 0xFE, "out")
    k.last_turns = whole(view.last_turns, 0, 0xFF, "the last turns")
    k.starter = 0xFF if view.starter is None else whole(view.starter, 0, 0xFE, "starter")
    for i in range(28):
        k.since[i] = min(since[i], 0xFFFF)
    for seat in range(players):
        k.hand_len[seat] = whole(view.hand_sizes[seat], 0, 0xFF, "a hand's size")
        if seat != view.seat:
            k.known[seat] = known[seat]
        k.n_cohorts[seat] = min(len(cohorts[seat]), PINTAS_CAMINOS_SEARCH_MAX_COHORTS)
        for i, (at, tiles, voids) in enumerate(cohorts[seat][:PINTAS_CAMINOS_SEARCH_MAX_COHORTS]):
            k.cohort[seat][i].at = min(at, 0xFFFF)
            k.cohort[seat][i].tiles = min(tiles, 0xFF)
            k.cohort[seat][i].voids = voids
    return 0


@cython.binding(False)
cdef class Info:
    """What the seat of ``view`` knows, as the C search reads it. The view must
    be in the playing phase with its seat to move.

    >>> from pintas import caminos
    >>> g = caminos.Game(caminos.Rules.base(players=2), seed=3)
    >>> _ = g.play(g.legal_moves()[0]); _ = g.play(g.legal_moves()[0])
    >>> info = Info(g.view(g.to_move))
    >>> info.cohorts[1 - g.to_move]
    ((0, 6, 0),)
    """

    cdef pintas_caminos_info info
    cdef readonly int seat
    """The observer's seat."""
    cdef readonly tuple cohorts
    """Per seat, its cohorts as ``(at, tiles, voids)``, oldest first."""
    cdef readonly tuple since
    """Per tile index, the log position of the last renewal that put it into
    the pile this round (0: none)."""

    def __init__(self, view):
        cdef const pintas_caminos_info *k = &_c_view(view).v.info
        cdef int s
        if view.is_over or view.phase != "play" or view.to_move != view.seat:
            raise IllegalMoveError(f"seat {view.seat} is not to move in play (phase "
                                   f"{view.phase!r}, seat {view.to_move} to move)")
        if pintas_caminos_info_check(k) != 0:
            raise CorruptStateError(f"the view of seat {view.seat} is not a consistent "
                                    f"Caminos position (round {view.round})")
        self.info = k[0]
        self.seat = view.seat
        self.cohorts = tuple([tuple([(c.at, c.tiles, c.voids)
                                     for c in k.cohort[s][:k.n_cohorts[s]]])
                              for s in range(k.rules.players)])
        self.since = tuple([k.since[s] for s in range(28)])

    @property
    def known(self):
        """Per seat, the mask of tiles known to be in its hand (0 for the observer)."""
        return tuple(self.info.known[s] for s in range(self.info.rules.players))

    def search(self, seed, first, count, stop=None):
        """Score every legal move over samples ``first .. first + count - 1``:
        ``(moves, sums, samples, relaxed)``, the mean of move i being
        ``sums[i] / samples``. Runs without the GIL; a raised ``stop``
        (:class:`pintas._base.Stop`) ends it before the next sample, ``samples``
        saying how many ran."""
        cdef pintas_caminos_search_result result
        cdef const volatile uint8_t *flag = stop_flag(stop)
        cdef uint64_t c_seed = _seed(seed)
        cdef uint32_t c_first, c_count
        cdef int status
        if type(first) is not int or not 0 <= first < (1 << 32):
            raise RulesError(f"first sample must be a whole number 0..2**32-1: got {first!r}")
        if type(count) is not int or not 0 <= count <= MAX_SAMPLES:
            raise RulesError(f"samples must be a whole number 0..{MAX_SAMPLES}: got {count!r}")
        c_first, c_count = first, count
        with nogil:
            status = pintas_caminos_search_until(&self.info, c_seed, c_first, c_count, flag,
                                                 &result)
        if status != 0:
            raise CorruptStateError(f"the search failed on the view of seat {self.seat} "
                                    f"(status {status})")
        moves = [move_of(&result.move[i]) for i in range(result.n_moves)]
        sums = [result.sum[i] for i in range(result.n_moves)]
        return moves, sums, result.samples, result.relaxed

    def sample(self, seed, index=0):
        """The world search's sample ``index`` with ``seed`` sees: ``(hands,
        pile, level)`` with every seat's hand as a mask, the pile in draw
        order as tile indices, and the sampler's fallback level (0: every
        constraint held)."""
        cdef pintas_rng rng
        cdef pintas_caminos_state state
        cdef int level = 0, status
        cdef uint64_t c_seed = _seed(seed)
        if type(index) is not int or not 0 <= index < (1 << 32):
            raise RulesError(f"a sample index is a whole number 0..2**32-1: got {index!r}")
        pintas_rng_seed(&rng, c_seed, PINTAS_CAMINOS_SEARCH_STREAM + <uint64_t>index)
        with nogil:
            status = pintas_caminos_sample(&self.info, &rng, &state, &level)
        if status != 0:
            raise CorruptStateError(f"no sample for the view of seat {self.seat}")
        hands = tuple(state.hand[s] for s in range(self.info.rules.players))
        pile = tuple(state.pile[i] for i in range(state.pile_len))
        return hands, pile, level


def sample_world(view, seed, into):
    """Put into the Caminos game ``into`` a world of ``view`` drawn in C
    (pintas/determinize.h) from ``seed``, uniformly among those the view
    allows, and the state around it: the pile in a uniform order, the view's
    table, turn, round and scores. The view's seat must be to move in play;
    CorruptStateError when C finds no world (a view no real game shows)."""
    cdef pintas_caminos_world world
    cdef pintas_caminos_state state
    cdef pintas_caminos_record record
    cdef int status
    cdef uint64_t c_seed = _seed(seed)
    cdef CaminosView cv = _c_view(view)
    if not isinstance(into, CaminosGame):
        raise TypeError(f"a sample goes into a caminos.Game: got {into!r}")
    _fill_record(&record, cv, view)
    with nogil:
        status = pintas_caminos_view_sample(&cv.v, &record, c_seed, &world, &state)
    if status != PINTAS_OK:
        raise no_world("Caminos", view)
    memcpy((<Engine>into)._state, &state, sizeof(pintas_caminos_state))


def world_check(view, hands, pile):
    """True if the world where seat s holds ``hands[s]`` (masks) and the pile
    ``pile`` is one ``view`` (in play) allows (determinize.h)."""
    cdef pintas_caminos_world world
    cdef pintas_caminos_record record
    cdef int consistent = 0, s
    cdef CaminosView cv = _c_view(view)
    _fill_record(&record, cv, view)
    memset(&world, 0, sizeof(world))
    for s in range(len(hands)):
        world.hand[whole(s, 0, 3, "a seat")] = whole(hands[s], 0, (1 << 28) - 1, "a hand")
    world.pile = whole(pile, 0, (1 << 28) - 1, "a pile")
    _check(pintas_caminos_world_check(&cv.v, &record, &world, &consistent), view)
    return consistent == 1


cdef uint64_t _seed(seed) except? 0:
    if type(seed) is not int or not 0 <= seed < _SEED_LIMIT:
        raise RulesError(f"a seed is a whole number 0..2**64-1: got {seed!r}")
    return seed


# ---- a seat's view and the players ---------------------------------------------

cdef str _GAME = "pintas.caminos.game"
cdef tuple _PHASES = ("reveal", "play", "over")


@cython.binding(False)
@cython.final
cdef class CaminosView(CView):
    """A caminos.View as the C core reads it (a pintas_caminos_view), kept on the view."""

    cdef pintas_caminos_view v


cdef int _seats(seats) except -1:
    """A tuple of seats as a mask."""
    cdef int mask = 0
    for s in seats:
        mask |= 1 << whole(s, 0, PINTAS_CAMINOS_MAX_SEATS - 1, "a seat")
    return mask


cdef int _fill_view(CView cv, view) except -1:
    """The C view of ``view``'s fields: the search's info, from the round's
    log replayed (derive), and the rest of the table."""
    cdef pintas_caminos_view *v = &(<CaminosView>cv).v
    cdef int s
    cohorts, since, _, placed, _ = _derive(view)
    # a seat's reveals it has not placed are in its hand (View.known_tiles)
    revealed = [int(TileSet(tiles)) for tiles in view.revealed[:PINTAS_CAMINOS_MAX_SEATS]]
    _fill_info(&v.info, view, cohorts, since,
               [r & ~p for r, p in zip(revealed, placed, strict=True)])
    for s in range(v.info.rules.players):
        v.score[s] = whole(view.scores[s], -2**31, 2**31 - 1, "a score")
        v.revealed[s] = revealed[s]
    v.phase = _PHASES.index(view.phase)
    v.to_move = PINTAS_NO_SEAT if view.to_move is None else whole(
        view.to_move, 0, PINTAS_CAMINOS_MAX_SEATS - 1, "the seat to move")
    v.round = min(whole(view.round, 1, 2**62, "the round"), 0xFF)
    v.step = whole(view.step, 0, 0xFF, "the step")
    v.contenders = _seats(view.contenders)
    v.chosen = _seats(view.chosen)
    v.winners = _seats(view.winners)
    v.my_choice = PINTAS_NO_TILE if view.my_choice is None else view.my_choice.index
    return 0


cdef int _fill_record(pintas_caminos_record *r, CaminosView cv, view) except -1:
    """The part of a record determinize.h reads: the rules and the round's
    story log, from the view's log (the first entries of a longer round)."""
    cdef int i
    story = _derive(view)[4]
    memset(r, 0, sizeof(pintas_caminos_record))
    r.rules = cv.v.info.rules
    r.log_lost = len(story) > PINTAS_CAMINOS_RECORD_MAX_LOG
    r.log_len = min(len(story), PINTAS_CAMINOS_RECORD_MAX_LOG)
    for i in range(r.log_len):
        r.log[i].at = story[i][0] & 0xFFFF
        r.log[i].kind, r.log[i].seat, r.log[i].what = story[i][1:]
    return 0


cdef CaminosView _c_view(view, bint public=False):
    return <CaminosView>kept_view(view, _GAME, CaminosView, _fill_view, public)


def encode(view, out=None):
    """The observation of ``view`` (pintas/observe.h): into ``out`` or a new bytearray."""
    return encode_view(&pintas_caminos_observer, &_c_view(view).v, out)


def encoding():
    """The named parts of an observation, as slices of it, in order."""
    return obs_parts(pintas_caminos_obs_parts, PINTAS_CAMINOS_OBS_PARTS)


def key(view):
    """The key of ``view``: what it shows, as canonical bytes."""
    return view_key(&pintas_caminos_observer, &_c_view(view, True).v)


cdef int _check(int status, view) except -1:
    if status != PINTAS_OK:
        raise CorruptStateError(f"the view of seat {view.seat} (round {view.round}) is not a "
                                f"consistent Caminos position")
    return 0


def legal(view):
    """The legal moves of ``view``'s seat (which is to move), listed by C."""
    cdef pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES]
    cdef size_t n = 0, i
    _check(pintas_caminos_view_legal(&_c_view(view).v, moves, PINTAS_CAMINOS_MAX_MOVES, &n),
           view)
    return _moves(NULL, moves, n)


def known_lacks(view):
    """Per seat, the numbers (bit n) it is known to lack (0 outside play)."""
    cdef uint8_t lacks[PINTAS_CAMINOS_MAX_SEATS]
    cdef CaminosView cv = _c_view(view)
    _check(pintas_caminos_view_lacks(&cv.v, lacks), view)
    return [lacks[s] for s in range(cv.v.info.rules.players)]


cdef const pintas_caminos_suit_weights *_weights(weights,
                                                 pintas_caminos_suit_weights *w) except? NULL:
    """SuitWeights as C reads them (None: NULL, the defaults)."""
    if weights is None:
        return NULL
    try:
        w.reach, w.depth = float(weights.reach), float(weights.depth)
        w.hardness, w.double_bonus = float(weights.hardness), float(weights.double)
        w.starve, w.block = float(weights.starve), float(weights.block)
    except (AttributeError, ValueError) as exc:
        raise RulesTypeError(f"weights must be SuitWeights or None: got {weights!r}") from None
    return w


def default_weights():
    """The SuitWeights fields of the C core's defaults, in field order."""
    cdef pintas_caminos_suit_weights w
    pintas_caminos_suit_weights_default(&w)
    return (w.reach, w.depth, w.hardness, w.double_bonus, w.starve, w.block)


def random_choose(view, Twister rng not None):
    """RandomPlayer's move: one draw of ``rng`` over the legal moves."""
    cdef pintas_caminos_move m
    chose(pintas_caminos_random_choose(&_c_view(view).v, &rng.mt, &m), view)
    return move_of(&m)


def greedy_choose(view):
    """GreedyPlayer's move."""
    cdef pintas_caminos_move m
    chose(pintas_caminos_greedy_choose(&_c_view(view).v, &m), view)
    return move_of(&m)


def suit_choose(view, weights):
    """SuitPlayer's move with ``weights`` (None: the defaults)."""
    cdef pintas_caminos_move m
    cdef pintas_caminos_suit_weights w
    chose(pintas_caminos_suit_choose(&_c_view(view).v, _weights(weights, &w), &m), view)
    return move_of(&m)


def suit_rank(view, weights, list moves):
    """``moves`` (placements legal in ``view``) from SuitPlayer's best to its worst."""
    cdef pintas_caminos_move cm[PINTAS_CAMINOS_MAX_MOVES]
    cdef pintas_caminos_suit_weights w
    cdef CaminosView cv = _c_view(view)
    cdef size_t n = put_moves(moves, cm, sizeof(cm[0]), PINTAS_CAMINOS_MAX_MOVES, _c_move)
    _check(pintas_caminos_suit_rank(&cv.v, _weights(weights, &w), cm, n), view)
    return _moves(NULL, cm, n)

def search_pick(view, list moves, sums):
    """SearchPlayer's choice among ``moves`` (placements legal in ``view``)
    whose summed search outcomes are ``sums`` (None when no search ran): the
    first, in SuitPlayer's order with the default weights, of the highest sum."""
    cdef pintas_caminos_move cm[PINTAS_CAMINOS_MAX_MOVES]
    cdef int64_t cs[PINTAS_CAMINOS_MAX_MOVES]
    cdef pintas_caminos_move m
    cdef CaminosView cv = _c_view(view)
    cdef size_t i, n = put_moves(moves, cm, sizeof(cm[0]), PINTAS_CAMINOS_MAX_MOVES, _c_move)
    if sums is not None:
        if len(sums) != n:
            raise RulesError(f"{len(sums)} sums for {n} moves")
        for i in range(n):
            cs[i] = sums[i]
    chose(pintas_caminos_search_pick(&cv.v, cm, NULL if sums is None else cs, n, &m), view)
    return move_of(&m)


# ---- observations straight from the game's state -------------------------------------

from libc.stdint cimport uint8_t, uint16_t
from pintas._base cimport StateObserver
from pintas.caminos._engine cimport PINTAS_CAMINOS_MAX_PATHS, PINTAS_CAMINOS_MAX_SEATS
from pintas.caminos._engine cimport PINTAS_CAMINOS_NO_PATH
from pintas.caminos._engine cimport pintas_caminos_event, pintas_caminos_rules, pintas_caminos_state

cdef extern from "pintas/views.h" nogil:
    ctypedef struct pintas_caminos_record:
        uint16_t pos

    int pintas_caminos_record_start(pintas_caminos_record *r, const pintas_caminos_rules *rules)
    int pintas_caminos_record_update(pintas_caminos_record *r, const pintas_caminos_event *ev,
                                     size_t n)

cdef extern from "pintas/observe.h" nogil:
    int PINTAS_CAMINOS_OBS_SIZE
    int pintas_caminos_observe_state(const pintas_caminos_state *s,
                                     const pintas_caminos_record *r, int seat, uint8_t *out,
                                     size_t cap)

from pintas.caminos._engine import EVENT_KINDS, REASONS

# The events' kinds and reasons as the C core numbers them.
cdef dict _EVENT_CODES = {kind: i for i, kind in enumerate(EVENT_KINDS)}
cdef dict _REASON_CODES = {reason: i for i, reason in enumerate(REASONS)}
cdef int _SCORE = EVENT_KINDS.index("score"), _GAME_END = EVENT_KINDS.index("game_end")


cdef int _c_event(object e, pintas_caminos_event *ev) except -1:
    """The C event of ``e`` (an Event of a Caminos game): every field the C
    core's event has (a hidden tile: none)."""
    cdef int kind = _EVENT_CODES[e.kind]
    memset(ev, 0, sizeof(pintas_caminos_event))
    ev.kind = kind
    seat, tile, path, tiles = e.seat, e.tile, e.path, e.tiles
    ev.seat = PINTAS_NO_SEAT if seat is None else whole(seat, 0, PINTAS_CAMINOS_MAX_SEATS - 1,
                                                         "an event's seat")
    ev.tile = PINTAS_NO_TILE if tile is None else tile.index
    ev.path = PINTAS_CAMINOS_NO_PATH if path is None else whole(
        path, 1, PINTAS_CAMINOS_MAX_PATHS, "an event's path") - 1
    ev.side = e.side == "back"
    ev.reason = _REASON_CODES[e.reason]
    ev.seats = _seats(e.seats)
    ev.value = e.points if kind == _SCORE or kind == _GAME_END else e.count
    ev.tiles = 0 if tiles is None else int(tiles)
    return 0


@cython.final
cdef class Observer(StateObserver):
    """The observations of a Caminos game's seats straight from its C state
    (:meth:`~pintas._base.StateObserver.observe`): the round's public record
    kept from the game's events, read once each."""

    cdef pintas_caminos_record record
    cdef list events   # the event list followed, its first `seen` taken in
    cdef Py_ssize_t seen
    cdef object last   # the last event taken in

    def __cinit__(self):
        self._game_type = CaminosGame
        self._obs_size = PINTAS_CAMINOS_OBS_SIZE

    cdef int _follow(self, Engine game) except -1:
        """Bring the record up to date with the game's events."""
        cdef list events = game._events
        cdef Py_ssize_t n = len(events), i
        cdef pintas_caminos_event ev
        if (events is not self.events or n < self.seen
                or (self.seen and events[self.seen - 1] is not self.last)):
            # another log: read it from its start
            self.events, self.seen, self.last = None, 0, None
            if pintas_caminos_record_start(
                    &self.record, &(<const pintas_caminos_state *>game._state).rules) != PINTAS_OK:
                raise CorruptStateError(f"not the rules of a Caminos game: {game!r}")
        for i in range(self.seen, n):
            _c_event(events[i], &ev)
            if pintas_caminos_record_update(&self.record, &ev, 1) != PINTAS_OK:
                self.events = None
                raise CorruptStateError(f"not an event of a Caminos game's log: {events[i]!r}")
        self.events, self.seen = events, n
        self.last = events[n - 1] if n else None
        return 0

    cdef int _write(self, Engine game, int seat, uint8_t *out) except -1:
        self._follow(game)
        if pintas_caminos_observe_state(<const pintas_caminos_state *>game._state, &self.record,
                                        seat, out, PINTAS_CAMINOS_OBS_SIZE) != PINTAS_OK:
            raise CorruptStateError(f"the C core cannot observe seat {seat} of {game!r}")
        return 0
