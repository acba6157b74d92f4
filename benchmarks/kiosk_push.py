"""Push across kiosk servers: two servers on one PostgreSQL database, moves
made on one while a long poll and a WebSocket wait on the other; the wake
latency of each, from the move's answer to the waiter's (the machinery of
tests/kiosk/push.py, which tests/kiosk/test_push_servers.py runs briefly in CI).

Run: python benchmarks/kiosk_push.py [--moves 400] [--tables 8] [--servers 2]
     [--db URL]   (default: a fresh schema of $PINTAS_TEST_POSTGRES, which
                   tools/test_postgres.sh start gives)
Prints the median, p90, p99 and worst per waiter; exits 1 if a waiter was
not woken within 5 s. docs/performance.md has the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.kiosk.postgres import fresh_schema
from tests.kiosk.push import HEARD_WITHIN, percentile, wake_latencies
from tests.kiosk.server import KioskServer


@contextlib.contextmanager
def database(url: str | None) -> Iterator[str]:
    if url:
        yield url
    else:
        with fresh_schema() as fresh:
            yield fresh


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=400, help="moves made (default 400)")
    parser.add_argument("--tables", type=int, default=8, help="tables (default 8)")
    parser.add_argument("--servers", type=int, default=2, help="servers (default 2)")
    parser.add_argument("--db", help="a PostgreSQL URL (default: a fresh test schema)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder, database(args.db) as url:
        servers = [KioskServer(url, log=Path(folder) / f"server{i}.log")
                   for i in range(args.servers)]
        try:
            for server in servers:
                server.start()
            latencies = wake_latencies(servers, args.moves, args.tables)
        finally:
            for server in servers:
                server.stop()
    print(f"python benchmarks/kiosk_push.py --moves {args.moves} --tables {args.tables} "
          f"--servers {args.servers}")
    print("| waiter | wakes | median | p90 | p99 | worst |")
    print("|---|---:|---:|---:|---:|---:|")
    for how, seconds in latencies.items():
        shown = [f"{1000 * percentile(seconds, share):.1f} ms" for share in (0.5, 0.9, 0.99)]
        print(f"| {how} | {len(seconds)} | {' | '.join(shown)} | "
              f"{1000 * max(seconds):.1f} ms |")
    worst = max(max(seconds) for seconds in latencies.values())
    return 0 if math.isfinite(worst) and worst < HEARD_WITHIN else 1


if __name__ == "__main__":
    sys.exit(main())
