# cython: language_level=3, cdivision=True
"""Binding of the C line-game search: what a seat knows, consistent samples of
what it does not, and Monte Carlo totals per legal move (GIL released).

:mod:`pintas.domino.players` builds the players on top of this module; use that.
Only a :class:`pintas.domino.View` goes in: its fields are copied into a plain
C struct, so the search never sees the game.
"""

cimport cython
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from pintas._base cimport PINTAS_E_ILLEGAL, PINTAS_NO_SEAT, PINTAS_NO_TILE, PINTAS_OK
from pintas._base cimport pintas_rng, pintas_rng_seed, seed64, stop_flag, whole
from pintas.domino._engine cimport PINTAS_LINE_MAX_SEATS, move_of

from pintas.errors import CorruptStateError, IllegalMoveError, RulesError, ViewError

POLICIES = {"random": PINTAS_POLICY_RANDOM, "greedy": PINTAS_POLICY_GREEDY}
MAX_SAMPLES = PINTAS_LINE_SEARCH_MAX_SAMPLES
_KINDS = {"play": 0, "draw": 1, "pass": 2}
# The C stream of samples drawn one at a time by sample(): "search".
_SAMPLE_STREAM = 0x736561726368


cdef int _fill_info(pintas_line_info *info, view) except -1:
    # Every value is range-checked as it is written (whole, bounds-checked
    # indexing): a view built around its constructor cannot reach C unchecked.
    cdef pintas_line_rules *r = &info.rules
    memset(info, 0, sizeof(pintas_line_info))
    (r.game, r.players, r.pairs, r.redeal_doubles, r.block_scoring, r.tranque, r.capicua,
     r.target, r.pass_points, r.capicua_bonus, r.pase_corrido_bonus,
     r.pase_de_salida_bonus) = view.rules._fields()
    for i, points in enumerate(view.scores[:PINTAS_LINE_MAX_SEATS]):
        info.score[i] = whole(points, -2**31, 2**31 - 1, "a score")
    info.hand = whole(int(view.hand), 0, (1 << 28) - 1, "a hand")
    info.seat = whole(view.seat, 0, PINTAS_LINE_MAX_SEATS - 1, "the seat")
    info.leader = whole(view.leader, 0, PINTAS_LINE_MAX_SEATS - 1, "the leader")
    info.forced_tile = PINTAS_NO_TILE if view.forced_tile is None else view.forced_tile.index
    info.round = min(whole(view.round, 1, 2**62, "the round"), 0xFFFF)
    actions = [e for e in view.round_log if e.kind in _KINDS]
    if len(actions) > PINTAS_LINE_INFO_MAX_LOG:
        raise CorruptStateError(f"a round cannot hold {len(actions)} actions "
                                f"(at most {PINTAS_LINE_INFO_MAX_LOG})")
    for i, e in enumerate(actions):
        info.log[i].kind = _KINDS[e.kind]
        info.log[i].seat = whole(e.seat, 0, PINTAS_LINE_MAX_SEATS - 1, "an event's seat")
        if e.kind == "play":
            info.log[i].tile = e.tile.index
            info.log[i].end = 1 if e.end == "R" else 0
        else:
            info.log[i].tile = PINTAS_NO_TILE
            info.log[i].end = 0
    info.log_len = len(actions)
    return 0


cdef int _info_from_view(pintas_line_info *info, view) except -1:
    """Copy what ``view`` shows into *info (CorruptStateError if it cannot)."""
    from pintas.domino.game import View
    if not isinstance(view, View):
        raise ViewError(f"the line-game search takes a domino.View: got {view!r}")
    try:
        _fill_info(info, view)
    except (ValueError, TypeError, AttributeError, LookupError) as exc:
        raise CorruptStateError(f"not a view of a line game in play ({exc}): seat "
                                f"{view.seat!r}, round {view.round!r}") from None
    return 0


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
    _info_from_view(&info, view)
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


def sample(view, seed):
    """One full deal consistent with ``view``, drawn in C from ``seed``.

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
    _info_from_view(&info, view)
    pintas_rng_seed(&rng, c_seed, _SAMPLE_STREAM)
    with nogil:
        status = pintas_line_determinize(&info, &rng, &st, &relaxed)
    _check(status, view)
    return {
        "hands": tuple(st.hand[s] for s in range(info.rules.players)),
        "boneyard": tuple(st.boneyard[i] for i in range(st.bone_pos, st.bone_len)),
        "aside": st.aside,
        "relaxed": bool(relaxed),
    }


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
        _info_from_view(&self.info, view)
        self._view = view

    def search(self, seed, first, count, policy=PINTAS_POLICY_RANDOM, stop=None):
        """Score every legal move over samples ``first .. first + count - 1``
        with the playout ``policy``: ``(moves, sums, samples, relaxed)``, the
        mean outcome of move i being ``sums[i] / samples``. Runs without the GIL;
        a raised ``stop`` (:class:`pintas._base.Stop`) ends it before the next
        sample, ``samples`` saying how many ran."""
        cdef pintas_line_search_result result
        cdef const volatile uint8_t *flag = stop_flag(stop)
        cdef int status
        cdef uint32_t i
        cdef uint64_t c_seed = seed64(seed)
        cdef uint32_t c_first = whole(first, 0, 2**32 - 1, "the first sample")
        cdef uint32_t c_count = whole(count, 0, PINTAS_LINE_SEARCH_MAX_SAMPLES, "samples")
        cdef int c_policy = whole(policy, 0, 2**31 - 1, "a playout policy")
        if c_policy not in POLICIES.values():
            raise RulesError(f"unknown playout policy {policy!r}")
        if self._view is None:  # made by __new__: nothing was read
            raise ViewError("an Info reads a domino.View: Info(view)")
        _check(pintas_line_search_init(&self.info, &result), self._view)
        with nogil:
            status = pintas_line_search_run_until(&self.info, c_seed, c_first, c_count, c_policy,
                                                  flag, &result)
        _check(status, self._view)
        moves = [move_of(&result.moves[i]) for i in range(result.n_moves)]
        return moves, [result.total[i] for i in range(result.n_moves)], result.samples, \
            result.relaxed
