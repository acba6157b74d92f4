"""How a search player spends its budget: a number of samples and, optionally,
a number of seconds.

Every game's Monte Carlo search scores the legal moves over samples of the
hidden tiles, and sample ``i`` depends only on (view, seed, ``i``): the samples
may run in batches, in any split, and add up to the same totals. With a time
budget they run in batches that double from one sample up to
:data:`MAX_BATCH`; a batch starts only if its cost, estimated from the batches
done and padded by :data:`BATCH_SAFETY`, fits the time left, and the first
(one sample) only with :data:`MIN_SEARCH_SECONDS` left.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ._base import Stop
from ._checks import MAX_SEED, check_int, is_number, is_whole
from .errors import RulesError, RulesTypeError

__all__ = ["Budget", "run_batches"]

#: Largest batch of samples in one call into C when a time budget is set; the
#: clock is read between calls.
MAX_BATCH = 32
#: A batch is started only if its estimated cost, times this, fits the time left.
BATCH_SAFETY = 1.5
#: With less time than this, the search is not even started.
MIN_SEARCH_SECONDS = 0.002

#: A move's sum over the samples: whole points, or weighted points.
Sum = TypeVar("Sum", int, float)
#: search(first, count) -> (the legal moves, each move's sum over the samples, samples run)
Search = Callable[[int, int], tuple[Sequence[Any], Sequence[Sum], int]]


class Budget:
    """The budget of a search player: ``samples`` (1 to ``max_samples``) a
    decision, at most ``seconds`` of wall time (None: no limit), and ``seed``;
    ``stop``, a :class:`pintas._base.Stop` flag that another thread raises to
    end every search at once (the move timer's; None: none)."""

    def __init__(self, samples: int, seconds: float | None, seed: int, max_samples: int,
                 stop: Stop | None = None) -> None:
        check_int("samples", samples, 1, max_samples)
        if seconds is not None and (not is_number(seconds) or not 0 <= seconds < math.inf):
            error = RulesError if is_number(seconds) else RulesTypeError
            raise error(f"seconds must be a finite number >= 0 or None: got {seconds!r}")
        if not is_whole(seed) or not 0 <= seed <= MAX_SEED:
            error = RulesError if is_whole(seed) else RulesTypeError
            raise error(f"seed must be a whole number 0..2**64-1: got {seed!r}")
        if stop is not None and not isinstance(stop, Stop):
            raise RulesTypeError(f"stop is a pintas Stop flag or None: got {stop!r}")
        self.samples = samples
        self.seconds = None if seconds is None else float(seconds)
        self.seed = seed
        self.stop = stop

    def run(self, search: Search[Sum],
            start: float | None = None) -> tuple[list[Any], list[Sum], int]:
        """The legal moves, their sums and the samples run, over as many
        samples as the budget allows counting time from ``start`` (a
        ``time.perf_counter()`` value, default now)."""
        if self.seconds is None:
            moves, sums, done = search(0, self.samples)
            return list(moves), list(sums), done
        start = time.perf_counter() if start is None else start
        return run_batches(search, self.samples, start + self.seconds, self.stop)


def run_batches(search: Search[Sum], samples: int, deadline: float,
                stop: Stop | None = None) -> tuple[list[Any], list[Sum], int]:
    """Run ``search`` over samples 0, 1, ... in batches (see the module) until
    ``samples`` are done, the next batch would not fit before ``deadline`` or
    ``stop`` is raised."""
    moves: list[Any] = []
    sums: list[Sum] = []
    batch, done = 1, 0
    began = time.perf_counter()
    while done < samples and not (stop is not None and stop.is_set()):
        now = time.perf_counter()
        left = deadline - now
        if done == 0:  # no estimate yet: one sample, and only with a little room
            count = 1 if left >= MIN_SEARCH_SECONDS else 0
        else:
            per_sample = (now - began) / done
            count = min(batch, samples - done, int(left / (per_sample * BATCH_SAFETY)))
        if count <= 0:
            break
        found, part, ran = search(done, count)
        moves = list(found)
        sums = [a + b for a, b in zip(sums, part, strict=True)] if sums else list(part)
        done += ran
        batch = min(2 * batch, MAX_BATCH)
    return moves, sums, done
