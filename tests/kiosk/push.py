"""Helpers of the push tests (a change heard across servers)."""

from __future__ import annotations

import functools
import json
import math
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any

from tests.kiosk.server import KioskServer

__all__ = ["HEARD_WITHIN", "TWO_PEOPLE", "long_poll", "percentile", "seat_to_move", "until",
           "wake_latencies"]

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


#: A table of two people, whose moves the push tests make.
TWO_PEOPLE = {"game": "farkle", "seats": ["human", "human"], "seed": 6}


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


class _Heard:
    """One WebSocket's messages as they come: revision -> when (monotonic)."""

    def __init__(self, url: str, token: str) -> None:
        from websockets.sync.client import connect

        self.at: dict[int, float] = {}
        self._open = ExitStack()
        self.socket = self._open.enter_context(connect(url, open_timeout=10))
        self.socket.send(json.dumps({"token": token, "after": 0}))
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for message in self.socket:
                self.at[int(json.loads(message)["revision"])] = time.monotonic()
        except Exception:   # closed
            return

    def close(self) -> None:
        self._open.close()
        self.thread.join(5)


def seat_to_move(call: Callable[..., Any], id: str, tokens: dict[str, str]
                 ) -> tuple[str, dict[str, Any]]:
    """The seat to move at table ``id`` and what it sees (``call``: a
    server's or a connection's ``call``; ``tokens``: every seat's)."""
    seat = str(call("GET", f"/api/tables/{id}", token=tokens["0"])["to_move"])
    return seat, call("GET", f"/api/tables/{id}", token=tokens[seat])


def long_poll(call: Callable[..., Any], id: str, token: str, revision: int, wait: float
              ) -> tuple[threading.Thread, list[tuple[float, Any]]]:
    """A long poll for what comes after ``revision`` at table ``id``, started
    on a thread of its own: the thread, and a list that gets (when, the
    answer) once it is answered."""
    answered: list[tuple[float, Any]] = []

    def run() -> None:
        answer = call("GET", f"/api/tables/{id}?after={revision}&wait={wait:g}", token=token)
        answered.append((time.monotonic(), answer))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, answered


def wake_latencies(servers: Sequence[KioskServer], moves: int, tables: int = 4
                   ) -> dict[str, list[float]]:
    """Moves made on tables spread over ``servers`` as a load balancer would
    spread them (each move on one server, its waiters on the next): for each
    move, the seconds from its answer to the wake of a long poll and of a
    WebSocket waiting on the other server (``long poll``, ``socket``)."""
    made = [servers[i % len(servers)].call("POST", "/api/tables", TWO_PEOPLE)
            for i in range(tables)]
    heard = {(t, s): _Heard(f"ws://127.0.0.1:{server.port}/api/tables/{made[t]['id']}/socket",
                            made[t]["tokens"]["0"])
             for t in range(tables) for s, server in enumerate(servers)}
    latencies: dict[str, list[float]] = {"long poll": [], "socket": []}
    try:
        for i in range(moves):
            t, s = i % tables, (i // tables) % len(servers)
            mover, waiter = servers[s], servers[(s + 1) % len(servers)]
            id, tokens = made[t]["id"], made[t]["tokens"]
            seat, seen = seat_to_move(mover.call, id, tokens)
            poll, polled = long_poll(waiter.call, id, tokens["0"], seen["revision"], 10)
            time.sleep(0.1)   # (the poll waits on the other server)
            mover.call("POST", f"/api/tables/{id}/moves",
                       {"move": seen["legal_moves"][0], "version": seen["version"]},
                       token=tokens[seat])
            answered = time.monotonic()
            poll.join(HEARD_WITHIN * 2)
            socket = heard[t, (s + 1) % len(servers)]
            revision = seen["revision"] + 1
            until(functools.partial(socket.at.__contains__, revision))
            latencies["long poll"].append((polled or [(math.inf, None)])[0][0] - answered)
            latencies["socket"].append(socket.at.get(revision, math.inf) - answered)
    finally:
        for socket in heard.values():
            socket.close()
    return latencies
