"""The kiosk's security figures: the attacks of docs/kiosk.md ("Security: what
the server refuses") against a real server, measured.

1. Slow headers under a file limit: ``--sockets`` connections (default 1,100)
   that send their headers a byte every half second, against a server whose
   open-files limit is 1,024 (soft and hard) and whose header timeout is
   ``--header-timeout`` (default 10 s, the server's default). Meanwhile a
   client asks ``GET /api/games`` on a new connection every 0.1 s: the
   latency of those requests (median, p90, worst) against the same requests
   with no attack; when the slow sockets were closed, after the timeout; how
   large the server's log grew, and whether it says "Too many open files".
2. A flood of tables: one client creates tables as fast as it can for
   ``--flood`` seconds (default 20) against a server with the default limits:
   tables made, refused (429), requests a second.
3. Errors that used to log a traceback: ``--errors`` requests (default 2,000)
   asking for a picture 0x0 (F5), and as many that are not HTTP at all: their
   answers, and the bytes the log grew by.

Run: python benchmarks/kiosk_attacks.py [--sockets 1100] [--header-timeout 10]
     [--flood 20] [--errors 2000] [--quick]
docs/kiosk.md has the figures ("Security figures").
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.kiosk.attacks import SlowHeaders, raw_request, room_for_sockets
from tests.kiosk.server import KioskServer

__all__ = ["errors", "flood", "slow_headers"]

FARKLE = json.dumps({"game": "farkle", "seats": ["human", "random"]}).encode()


def _ms(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"median {statistics.median(ordered) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms, "
            f"worst {ordered[-1] * 1000:.1f} ms (of {len(ordered)})")


def _ask(port: int, method: str, path: str, body: bytes | None = None) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


def _normal_requests(port: int, seconds: float) -> list[float]:
    took = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.monotonic()
        assert _ask(port, "GET", "/api/games") == 200
        took.append(time.monotonic() - start)
        time.sleep(0.1)
    return took


def slow_headers(folder: Path, sockets: int, timeout: float) -> list[str]:
    """Figure 1: slow headers under a 1,024-file limit."""
    if not room_for_sockets(sockets):
        return [f"slow headers: this process may not open {sockets} sockets: skipped"]
    with KioskServer(folder / "slow.db", extra=("--header-timeout", str(timeout)),
                     open_files=1024) as server:
        quiet = _normal_requests(server.port, 3.0)
        with SlowHeaders(server.port, sockets, every=0.5) as slow:
            loud = _normal_requests(server.port, timeout + 2)
            deadline = max(slow.opened) + timeout + 30
            while slow.still_open() and time.monotonic() < deadline:
                time.sleep(0.1)
            last = max(slow.opened)
            closed = [c for c in slow.closed if c is not None]
            late = [c - o - timeout for c, o in zip(slow.closed, slow.opened, strict=True)
                    if c is not None and c - o >= timeout - 0.5]
            early = len(closed) - len(late)
            still = slow.still_open()
        log = server.log.read_text(errors="replace")
    return [
        f"slow headers: {sockets} sockets, a byte every 0.5 s, header timeout {timeout:g} s, "
        f"open-files limit 1,024",
        f"  normal requests, no attack:   {_ms(quiet)}",
        f"  normal requests under attack: {_ms(loud)}",
        f"  slow sockets closed: {len(closed)} ({early} evicted at the cap before their "
        f"timeout), {still} still open; the last {max(closed) - last:.1f} s after the last "
        f"opened; those closed at the timeout: {statistics.median(late):.2f} s after it "
        f"(median), {max(late):.2f} s (worst)" if late else "  (none closed at the timeout)",
        f"  server log: {len(log.encode())} bytes, 'Too many open files' "
        f"{log.count('Too many open files')} times",
    ]


def flood(folder: Path, seconds: float) -> list[str]:
    """Figure 2: one client creating tables as fast as it can (default limits)."""
    with KioskServer(folder / "flood.db", options=()) as server:
        statuses: Counter[int] = Counter()
        end = time.monotonic() + seconds
        start = time.monotonic()
        while time.monotonic() < end:
            statuses[_ask(server.port, "POST", "/api/tables", FARKLE)] += 1
        took = time.monotonic() - start
    sent = sum(statuses.values())
    others = {status: n for status, n in statuses.items() if status not in (201, 429)}
    return [f"table flood: one client, {took:.0f} s, default limits (10 at once, then 10 a "
            f"minute): {sent} requests ({sent / took:.0f}/s), {statuses[201]} tables made, "
            f"{statuses[429]} refused 429, other answers {others}"]


def errors(folder: Path, count: int) -> list[str]:
    """Figure 3: requests that used to log tracebacks, and garbage."""
    with KioskServer(folder / "errors.db") as server:
        made = server.call("POST", "/api/tables", {"game": "dominican",
                                                   "seats": ["human", "random", "random",
                                                             "random"]})
        before = server.log.stat().st_size
        pictures: Counter[int] = Counter()
        path = f"/api/tables/{made['id']}?width=0&height=0"
        token = made["tokens"]["0"]
        for _ in range(count):
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            connection.request("GET", path, headers={"Authorization": f"Bearer {token}"})
            pictures[connection.getresponse().status] += 1
            connection.close()
        garbage: Counter[bytes] = Counter()
        threads = []
        lock = threading.Lock()

        def send(n: int) -> None:
            for _ in range(n):
                answer = raw_request(server.port, b"\x16\x03\x01 not HTTP\r\n\r\n")[0]
                with lock:
                    garbage[answer[:12]] += 1

        for _ in range(4):
            threads.append(threading.Thread(target=send, args=(count // 4,)))
            threads[-1].start()
        for thread in threads:
            thread.join()
        grown = server.log.stat().st_size - before
        log = server.log.read_text(errors="replace")
    return [f"errors: {count} pictures 0x0 answered {dict(pictures)}; {sum(garbage.values())} "
            f"requests not HTTP answered {dict((k.decode(), v) for k, v in garbage.items())}; "
            f"the log grew {grown} bytes, {log.count('Traceback')} tracebacks in it"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sockets", type=int, default=1100, help="slow sockets (default 1100)")
    parser.add_argument("--header-timeout", type=float, default=10.0, metavar="SECONDS",
                        help="the server's header timeout (default 10, the server's default)")
    parser.add_argument("--flood", type=float, default=20.0, metavar="SECONDS",
                        help="how long the table flood lasts (default 20)")
    parser.add_argument("--errors", type=int, default=2000, help="requests of each kind of "
                        "error (default 2000)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 300 sockets, "
                        "2 s timeout, 3 s flood, 100 errors")
    args = parser.parse_args(argv)
    if args.quick:
        args.sockets, args.header_timeout, args.flood, args.errors = 300, 2.0, 3.0, 100
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        figures: list[Callable[[], list[str]]] = [
            lambda: slow_headers(folder, args.sockets, args.header_timeout),
            lambda: flood(folder, args.flood),
            lambda: errors(folder, args.errors)]
        for figure in figures:
            got = figure()
            print("\n".join(got), flush=True)
            lines += got
    command = " ".join(["python benchmarks/kiosk_attacks.py", *(argv or sys.argv[1:])])
    print(f"\n{command}\n" + "\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
