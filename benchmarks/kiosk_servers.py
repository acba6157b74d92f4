"""What answering any request on any server costs: two kiosk servers (the
service, without HTTP) on one PostgreSQL database, each request of a seat
sent to either at random; a seat's view read (GET) and its moves played
(POST), timed with the servers' checks on (a copy's version and revision
read from its row before answering, each seat's contact written coarsely and
read for the connection status) and off (as when each client kept to one
server), in alternating rounds.

Run: python benchmarks/kiosk_servers.py [--rounds 10] [--requests 300]
     [--tables 16] [--db URL]   (default: a fresh schema of
                                 $PINTAS_TEST_POSTGRES, which
                                 tools/test_postgres.sh start gives)
Prints the median and p99 per request of each kind, on and off.
docs/performance.md has the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository's root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.kiosk_push import database
from pintas.kiosk.service import Kiosk
from pintas.kiosk.settings import Settings
from pintas.kiosk.tables import KioskError
from tests.kiosk.push import percentile

#: Two people at a dice table, so that every request is a person's.
BODY = {"game": "farkle", "seats": ["human", "human"]}
SETTINGS = Settings(pace=0, create_per_minute=0, tables_per_client=100_000,
                    max_tables=100_000)


@contextlib.contextmanager
def checks_off(servers: list[Kiosk]) -> Iterator[None]:
    """The servers as they were when each client kept to one: no look at the
    row before answering, no contact written or read."""
    for server in servers:
        server._current = lambda table: table   # type: ignore[method-assign]
        server._mark = lambda *_, **__: None   # type: ignore[method-assign]
        server._contact_elsewhere = lambda *_, **__: {}   # type: ignore[method-assign]
    try:
        yield
    finally:
        for server in servers:
            for name in ("_current", "_mark", "_contact_elsewhere"):
                delattr(server, name)


def one_round(servers: list[Kiosk], tables: list[dict[str, Any]], requests: int,
              rng: random.Random, times: dict[str, list[float]]) -> None:
    """``requests`` requests, each of a random seat on a random server: a read,
    and the move if it is the seat's turn."""
    for _ in range(requests):
        made = rng.choice(tables)
        server = rng.choice(servers)
        token = made["tokens"][str(rng.randrange(2))]
        held = server._tables.get(made["id"])
        start = time.perf_counter()
        view = server.state(made["id"], token)
        took = time.perf_counter() - start
        times["read" if server._tables.get(made["id"]) is held else "read again"].append(took)
        if view["is_over"]:
            tables.remove(made)
            tables.append(servers[0].create(BODY))
            continue
        if view["your_turn"]:
            move = {"move": rng.choice(view["legal_moves"]), "version": view["version"]}
            start = time.perf_counter()
            try:
                server.play(made["id"], token, move)
            except KioskError:   # (the other server's copy was stale: off only)
                times["refused"].append(0.0)
                continue
            times["play"].append(time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    for name, default, what in (("--rounds", 10, "rounds of each"),
                                ("--requests", 300, "requests per round"),
                                ("--tables", 16, "tables")):
        parser.add_argument(name, type=int, default=default, help=f"{what} (default {default})")
    parser.add_argument("--db", help="a PostgreSQL URL (default: a fresh test schema)")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    kinds = ("read", "read again", "play", "refused")
    figures: dict[str, dict[str, list[float]]] = {
        mode: {kind: [] for kind in kinds} for mode in ("on", "off")}
    with database(args.db) as url:
        servers = [Kiosk(url, settings=SETTINGS) for _ in range(2)]
        try:
            tables = [servers[0].create(BODY) for _ in range(args.tables)]
            for round in range(2 * args.rounds):
                mode = ("on", "off")[round % 2]
                if mode == "on":
                    one_round(servers, tables, args.requests, rng, figures[mode])
                else:
                    with checks_off(servers):
                        one_round(servers, tables, args.requests, rng, figures[mode])
        finally:
            for server in servers:
                server.close()
    print(f"python benchmarks/kiosk_servers.py --rounds {args.rounds} "
          f"--requests {args.requests} --tables {args.tables}")
    print("| request | checks | count | median ms | p99 ms |")
    print("|---|---|---|---|---|")
    for kind in ("read", "read again", "play"):
        for mode in ("off", "on"):
            times = sorted(figures[mode][kind])
            if not times:
                continue
            print(f"| {kind} | {mode} | {len(times)} | {1000 * statistics.median(times):.2f} "
                  f"| {1000 * percentile(times, 0.99):.2f} |")
    print(f"moves refused on a stale copy: {len(figures['off']['refused'])} off, "
          f"{len(figures['on']['refused'])} on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
