"""How many tables one client may create: a token bucket per client
(docs/kiosk.md, "Security: what the server refuses"). Standard library only.

A client is the address a request comes from: an IPv4 address, or the /64
network of an IPv6 one (a single machine is usually given a whole /64, and
could otherwise take a fresh address for every table).
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable

__all__ = ["MOST_CLIENTS", "CreateLimiter", "client_key"]

#: The most clients whose buckets are remembered at once; beyond it the one
#: that asked longest ago is forgotten (its bucket has almost always filled up
#: again by then, which is what forgetting it gives).
MOST_CLIENTS = 10_000


def client_key(address: str | None) -> str:
    """Who asks, for the limits: the IPv4 address, the /64 of an IPv6 address
    (an IPv4 address mapped into IPv6 is the IPv4 one), anything else as given
    ("" for no address)."""
    if not address:
        return ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


class CreateLimiter:
    """A token bucket per client: ``burst`` tables at once, then
    ``per_minute`` a minute (``per_minute`` 0: no limit at all).

    Not thread-safe: the web app calls it from its event loop only. Memory is
    bounded: at most ``most_clients`` buckets are kept.
    """

    def __init__(self, per_minute: float, burst: int,
                 clock: Callable[[], float] = time.monotonic,
                 most_clients: int = MOST_CLIENTS) -> None:
        if per_minute < 0 or burst < 1 or most_clients < 1:
            raise ValueError("per_minute must be >= 0, burst and most_clients >= 1")
        self.per_second = per_minute / 60.0
        self.burst = float(burst)
        self.clock = clock
        self.most_clients = most_clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, when

    @property
    def limited(self) -> bool:
        return self.per_second > 0

    def take(self, client: str) -> float:
        """Take a table for ``client``: 0.0 if it may create one now, else the
        seconds until it may."""
        if not self.limited:
            return 0.0
        tokens, now = self._tokens(client)
        if tokens >= 1.0:
            self._keep(client, tokens - 1.0, now)
            return 0.0
        self._keep(client, tokens, now)
        return (1.0 - tokens) / self.per_second

    def give_back(self, client: str) -> None:
        """Undo a :meth:`take` whose table was not made after all."""
        if not self.limited:
            return
        tokens, now = self._tokens(client)
        if tokens + 1.0 >= self.burst:
            self._buckets.pop(client, None)   # a full bucket is what a new client gets
        else:
            self._keep(client, tokens + 1.0, now)

    def __len__(self) -> int:
        return len(self._buckets)

    def _tokens(self, client: str) -> tuple[float, float]:
        now = self.clock()
        kept = self._buckets.get(client)
        if kept is None:
            return self.burst, now
        tokens, when = kept
        return min(self.burst, tokens + max(0.0, now - when) * self.per_second), now

    def _keep(self, client: str, tokens: float, now: float) -> None:
        self._buckets[client] = (tokens, now)
        self._buckets.move_to_end(client)
        while len(self._buckets) > self.most_clients:
            self._buckets.popitem(last=False)
