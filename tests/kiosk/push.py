"""Helpers of the push tests (a change heard across servers)."""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["HEARD_WITHIN", "until"]

#: The generous bound a change must be heard within in a test (seconds): the
#: latency itself is measured by benchmarks/kiosk_push.py, not asserted.
HEARD_WITHIN = 5.0


def until(condition: Callable[[], bool], seconds: float = HEARD_WITHIN) -> bool:
    """Whether ``condition()`` holds within ``seconds`` (asked every 10 ms)."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True
