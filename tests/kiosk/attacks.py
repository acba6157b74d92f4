"""Clients that misbehave, for the attack tests (tests/kiosk/test_attacks_http.py)
and the attack figures (benchmarks/kiosk_attacks.py): sockets that send a
request's headers a byte at a time, and single requests written by hand."""

from __future__ import annotations

import contextlib
import resource
import selectors
import socket
import threading
import time
from types import TracebackType

__all__ = ["SlowHeaders", "raw_request", "room_for_sockets"]


def room_for_sockets(wanted: int) -> bool:
    """Raise this process's open-files limit as far as it goes; whether it now
    has room for ``wanted`` more sockets (and some to spare)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft == resource.RLIM_INFINITY or soft >= wanted + 200


def raw_request(port: int, data: bytes, timeout: float = 10.0) -> tuple[bytes, float]:
    """Send ``data`` as it is on a new connection; everything the server sends
    back until it closes the connection or ``timeout`` passes, and the seconds
    that took."""
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        answer = b""
        with contextlib.suppress(OSError):
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                answer += chunk
    return answer, time.monotonic() - start


class SlowHeaders:
    """``count`` connections to a server that each send a request's headers a
    byte at a time, every ``every`` seconds, and never finish them
    (slowloris). A thread sends the bytes and notes when the server closes
    each connection; ``closed[i]`` is the time (``time.monotonic()``) it saw
    connection ``i`` closed, or None.

    >>> with SlowHeaders(port, 500) as slow:   # doctest: +SKIP
    ...     time.sleep(5)
    ...     assert all(slow.closed)
    """

    HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "

    def __init__(self, port: int, count: int, every: float = 0.5) -> None:
        self.port = port
        self.count = count
        self.every = every
        self.sockets: list[socket.socket] = []
        self.opened: list[float] = []
        self.closed: list[float | None] = []
        self.refused = 0   # connections the server did not accept at all
        self._selector = selectors.DefaultSelector()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="slow-headers", daemon=True)

    def open(self) -> None:
        """Open the connections (each sends the start of its headers) and start
        sending the rest a byte at a time."""
        for _ in range(self.count):
            s = socket.socket()
            s.settimeout(10)
            try:
                s.connect(("127.0.0.1", self.port))
                s.sendall(self.HEAD)
            except OSError:
                s.close()
                self.refused += 1
                continue
            s.setblocking(False)
            self.sockets.append(s)
            self.opened.append(time.monotonic())
            self.closed.append(None)
            self._selector.register(s, selectors.EVENT_READ, len(self.sockets) - 1)
        self._thread.start()

    def still_open(self) -> int:
        return sum(1 for c in self.closed if c is None)

    def _run(self) -> None:
        next_byte = time.monotonic() + self.every
        while not self._stop.is_set():
            for key, _ in self._selector.select(0.05):
                index = key.data
                try:
                    data = key.fileobj.recv(4096)  # type: ignore[union-attr]
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    self._closed(index)
            if time.monotonic() >= next_byte:
                next_byte += self.every
                for index, s in enumerate(self.sockets):
                    if self.closed[index] is None:
                        try:
                            s.send(b"a")
                        except BlockingIOError:
                            pass
                        except OSError:
                            self._closed(index)

    def _closed(self, index: int) -> None:
        if self.closed[index] is None:
            self.closed[index] = time.monotonic()
            self._selector.unregister(self.sockets[index])

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(5)
        for s in self.sockets:
            s.close()
        self._selector.close()

    def __enter__(self) -> SlowHeaders:
        self.open()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
