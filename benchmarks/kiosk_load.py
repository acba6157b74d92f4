"""The kiosk's server under load, on PostgreSQL beside SQLite: requests a
second with one and two server processes, and thousands of tables whose
clocks all run out.

1. **Requests.** Client threads play games of every preset through the API
   (benchmarks/kiosk_soak.py's clients: reads, moves, long polls, as a page
   makes them), each client kept on one server, the clients spread over the
   servers as a load balancer with sticky sessions spreads them. Reported:
   requests a second, and p50/p99 of each kind of request. On SQLite (one
   process: its referee is the process's own) and on PostgreSQL with 1 and 2
   servers on one database.
2. **Clocks.** ``--tables`` Dominican tables of four people with 15 s clocks,
   made through the API over one clock's length (so that their deadlines
   are spread as those of tables made over time are) and spread over the
   servers, and then nobody moves:
   every seat's clock runs out and the referee moves for it, for
   ``--seconds``. Each such move is timed from the database: a trigger on
   the ``tables`` table (added by this benchmark, not by the server) logs,
   for every row written with a greater version, the clock's deadline the row
   held before (its ``extra`` column) and the transaction's id; the move's
   commit time is PostgreSQL's commit timestamp of that transaction
   (``pg_xact_commit_timestamp``, with ``track_commit_timestamp = on``), or
   where that is off the time the trigger ran (``clock_timestamp()``, a few
   statements before the commit). Lateness = commit time - deadline. Also
   the CPU seconds the servers and PostgreSQL's processes spent a move
   (from /proc), which says where the limit lies.

Run on tools/test_postgres.sh's cluster (a fresh schema of the database
PINTAS_TEST_POSTGRES names):
    eval "$(tools/test_postgres.sh start)"
    python benchmarks/kiosk_load.py [--seconds 20] [--clients 4] [--tables 2000]
        [--clock-seconds 60] [--servers 1 2] [--part requests|clocks|both]
    python benchmarks/kiosk_load.py --quick   (a few seconds of each: a smoke test)
docs/performance.md has the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository's root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.kiosk_soak import _play, _quantile
from tests.kiosk.server import Connection, KioskServer

__all__ = ["ClockReport", "RequestReport", "clocked_tables", "cpu_seconds", "lateness",
           "log_moves", "requests", "servers_on"]

#: The kiosk's clock a move on the clocked tables (seconds).
CLOCK = 15
#: What the benchmark's servers are told besides tests/kiosk/server.py's
#: RELAXED: nobody asks about the clocked tables, which must not fall asleep.
NEVER_IDLE = ("--idle", "1000000")

_LOG_MOVES = """
CREATE TABLE bench_moves (id text, version bigint, deadline double precision,
                          ran double precision, tx xid8 DEFAULT pg_current_xact_id());
CREATE FUNCTION bench_log_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bench_moves (id, version, deadline, ran)
  VALUES (NEW.id, NEW.version, (OLD.extra::jsonb ->> 'deadline')::double precision,
          extract(epoch FROM clock_timestamp()));
  RETURN NULL;
END $$;
CREATE TRIGGER bench_log_move AFTER UPDATE ON tables FOR EACH ROW
  WHEN (NEW.version > OLD.version) EXECUTE FUNCTION bench_log_move();
"""


# -- the servers ---------------------------------------------------------------------------


@contextmanager
def servers_on(db: Path | str, count: int, logs: Path,
               extra: tuple[str, ...] = ()) -> Iterator[list[KioskServer]]:
    """``count`` kiosk servers on ``db`` (pace 0), started; stopped after."""
    with ExitStack() as stack:
        servers = []
        for i in range(count):
            server = KioskServer(db, pace=0.0, extra=extra, log=logs / f"server{i}.log")
            server.start()
            stack.callback(server.stop)
            servers.append(server)
        yield servers


def cpu_seconds(pids: Sequence[int]) -> float:
    """User and system CPU seconds the processes ``pids`` have used (from
    /proc; a process gone counts 0)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def postgres_pids(url: str) -> list[int]:
    """The processes of the PostgreSQL cluster serving ``url`` on this
    machine: its postmaster and the postmaster's children (empty if it is
    not on this machine)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:  # (read while its process is there)
        row = db.execute("SELECT pg_backend_pid()").fetchone()
        assert row is not None
        try:
            with open(f"/proc/{row[0]}/stat") as stat:
                master = int(stat.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            return []
    found = [master]
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == master:
                        found.append(int(name))
            except OSError:
                continue
    return found


# -- 1. requests ---------------------------------------------------------------------------


@dataclass
class RequestReport:
    """What a run of clients measured."""

    label: str
    seconds: float = 0.0
    games: int = 0
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    @property
    def requests(self) -> int:
        return sum(len(times) for kind, times in self.latencies.items())

    def lines(self) -> list[str]:
        out = [f"{self.label}: {self.requests} requests in {self.seconds:.1f} s, "
               f"{self.requests / max(self.seconds, 1e-9):.0f} requests/s, {self.games} games"]
        every = sorted(t for kind, times in self.latencies.items() if kind != "poll"
                       for t in times)
        for kind, times in [*sorted(self.latencies.items()), ("all but polls", every)]:
            ordered = sorted(times)
            if ordered:
                out.append(f"  {kind:<14} {len(ordered):>7} p50 "
                           f"{1000 * _quantile(ordered, 0.5):7.1f} ms  p99 "
                           f"{1000 * _quantile(ordered, 0.99):7.1f} ms")
        return out + [f"  error: {e}" for e in self.errors[:5]]


def requests(servers: Sequence[KioskServer], clients: int, seconds: float, label: str,
             seed: int = 1) -> RequestReport:
    """``clients`` threads playing games for ``seconds``, client ``n`` on
    server ``n % len(servers)``."""
    report = RequestReport(label)
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def client(number: int) -> None:
        rng = random.Random(seed * 1000 + number)
        latencies: dict[str, list[float]] = {}
        connection: Connection = servers[number % len(servers)].connect()
        games = 0

        def call(kind: str, method: str, path: str, body: Any = None,
                 token: str | None = None) -> Any:
            began = time.perf_counter()
            answer = connection.call(method, path, body, token)
            latencies.setdefault(kind, []).append(time.perf_counter() - began)
            return answer

        try:
            while time.monotonic() < end:
                _play(call, rng, seed * 1000 + number * 100 + games)
                games += 1
        except Exception as error:  # said in the report
            with lock:
                report.errors.append(f"client {number}: {error!r}")
        finally:
            connection.close()
            with lock:
                report.games += games
                for kind, times in latencies.items():
                    report.latencies.setdefault(kind, []).extend(times)

    began = time.monotonic()
    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    report.seconds = time.monotonic() - began
    return report


# -- 2. clocks -----------------------------------------------------------------------------


@dataclass
class ClockReport:
    """The clocked tables' run."""

    label: str
    tables: int
    seconds: float
    #: Each clock move's lateness (commit time - deadline, seconds).
    late: list[float]
    #: Whether commit times are PostgreSQL's commit timestamps (else the
    #: trigger's clock_timestamp()).
    committed: bool
    server_cpu: float
    postgres_cpu: float
    errors: list[str] = field(default_factory=list)
    #: Clocks run out and not yet moved for at the end (counted in ``late``
    #: with their wait so far).
    overdue: int = 0

    def lines(self) -> list[str]:
        late = sorted(self.late)
        moves = len(late)
        out = [f"{self.label}: {self.tables} tables, {CLOCK} s clocks, nobody moving, "
               f"{self.seconds:.0f} s: {moves} clock moves ({moves / self.seconds:.1f}/s; "
               f"the tables' own pace is {self.tables / CLOCK:.1f}/s)"]
        if late:
            out.append(f"  deadline -> {'commit' if self.committed else 'write'}: p50 "
                       f"{1000 * _quantile(late, 0.5):.0f} ms, p99 "
                       f"{1000 * _quantile(late, 0.99):.0f} ms, max {1000 * late[-1]:.0f} ms, "
                       f"{sum(x > 1.0 for x in late)} over 1 s, {self.overdue} not moved yet "
                       "at the end")
            out.append(f"  CPU a clock move: servers {1000 * self.server_cpu / moves:.2f} ms, "
                       f"PostgreSQL {1000 * self.postgres_cpu / moves:.2f} ms "
                       f"(servers {self.server_cpu / self.seconds:.2f} cores, PostgreSQL "
                       f"{self.postgres_cpu / self.seconds:.2f} cores)")
        return out + [f"  error: {e}" for e in self.errors[:5]]


def _commit_timestamps(url: str) -> bool:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SHOW track_commit_timestamp").fetchone()
    return row is not None and row[0] == "on"


def clocked_tables(url: str, servers: Sequence[KioskServer], tables: int, seconds: float,
                   label: str) -> ClockReport:
    """``tables`` clocked tables made on ``servers`` (on the PostgreSQL
    database ``url``), left for ``seconds`` after the last is made."""
    import psycopg

    log_moves(url)
    errors: list[str] = []
    made = [0] * len(servers)

    began = time.monotonic()

    def make(index: int) -> None:
        with servers[index].connect() as connection:
            for number in range(index, tables, len(servers)):
                # spread over one clock's length, as tables made over time are
                time.sleep(max(0.0, began + number * CLOCK / tables - time.monotonic()))
                try:
                    connection.call("POST", "/api/tables", {
                        "game": "dominican", "seats": ["human"] * 4, "timer": CLOCK})
                    made[index] += 1
                except Exception as error:  # said in the report
                    errors.append(repr(error))

    threads = [threading.Thread(target=make, args=(i,)) for i in range(len(servers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    pids = [s.pid for s in servers if s.pid is not None]
    pg = postgres_pids(url)
    cpu = cpu_seconds(pids), cpu_seconds(pg)
    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT extract(epoch FROM clock_timestamp())").fetchone()
    assert row is not None
    start = float(row[0])
    time.sleep(seconds)
    used = cpu_seconds(pids) - cpu[0], cpu_seconds(pg) - cpu[1]
    late, overdue, committed = lateness(url, start, start + seconds - 2)
    return ClockReport(label, sum(made), seconds, late, committed, used[0], used[1], errors,
                       overdue)


def log_moves(url: str) -> None:
    """From now on, log each move written to the kiosk's schema at ``url``
    (``bench_moves``: the table, its version, the deadline its row held
    before, the transaction)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        db.execute(_LOG_MOVES)


def lateness(url: str, first: float, last: float) -> tuple[list[float], int, bool]:
    """Of the clocks that ran out from ``first`` to ``last`` (seconds since
    the epoch) on the schema at ``url``: the seconds from each deadline to the
    commit of the move made for it (:func:`log_moves`), and for a clock run out
    and not moved yet, its wait so far; how many of those there are; whether
    the commit times are PostgreSQL's commit timestamps (else the times the
    moves were written, a few statements before their commit)."""
    import psycopg

    committed = _commit_timestamps(url)
    when = "extract(epoch FROM pg_xact_commit_timestamp(tx::text::xid))" if committed else "ran"
    with psycopg.connect(url, autocommit=True) as db:
        rows = db.execute(f"SELECT {when} - deadline FROM bench_moves WHERE deadline "
                          f"IS NOT NULL AND deadline >= %s AND deadline <= %s",
                          (first, last)).fetchall()
        overdue = db.execute(
            "SELECT extract(epoch FROM clock_timestamp()) - d FROM (SELECT (extra::jsonb ->> "
            "'deadline')::double precision AS d FROM tables) AS clocks WHERE d >= %s AND "
            "d <= %s AND d < extract(epoch FROM clock_timestamp())", (first, last)).fetchall()
    return [float(r[0]) for r in rows + overdue], len(overdue), committed


# -- the run -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="seconds of requests a configuration (default 20)")
    parser.add_argument("--clients", type=int, default=4, help="client threads (default 4)")
    parser.add_argument("--tables", type=int, default=2000,
                        help="clocked tables (default 2000)")
    parser.add_argument("--clock-seconds", type=float, default=60.0,
                        help="seconds the clocked tables run (default 60)")
    parser.add_argument("--servers", type=int, nargs="+", default=[1, 2],
                        help="server counts on PostgreSQL (default 1 2)")
    parser.add_argument("--part", choices=("requests", "clocks", "both"), default="both")
    parser.add_argument("--quick", action="store_true",
                        help="a few seconds of each, 40 tables: a smoke test")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.tables, args.clock_seconds, args.clients = 2.0, 40, 17.0, 2
    if not os.environ.get("PINTAS_TEST_POSTGRES"):
        parser.error("start tools/test_postgres.sh first (PINTAS_TEST_POSTGRES)")
    from tests.kiosk.postgres import fresh_schema

    say: Callable[[str], None] = lambda text: print(text, flush=True)  # noqa: E731
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        logs = Path(folder)
        if args.part in ("requests", "both"):
            with servers_on(logs / "kiosk.db", 1, logs) as servers:
                report = requests(servers, args.clients, args.seconds, "SQLite, 1 server")
            say("\n".join(report.lines()))
            ok &= not report.errors
            for count in args.servers:
                with fresh_schema() as url, servers_on(url, count, logs) as servers:
                    report = requests(servers, args.clients, args.seconds,
                                      f"PostgreSQL, {count} server{'s' * (count > 1)}")
                say("\n".join(report.lines()))
                ok &= not report.errors
        if args.part in ("clocks", "both"):
            for count in args.servers:
                with fresh_schema() as url, servers_on(url, count, logs, NEVER_IDLE) as servers:
                    clocks = clocked_tables(url, servers, args.tables, args.clock_seconds,
                                            f"PostgreSQL, {count} server{'s' * (count > 1)}")
                say("\n".join(clocks.lines()))
                ok &= not clocks.errors and bool(clocks.late)
    say("\npython benchmarks/kiosk_load.py " + " ".join(argv or sys.argv[1:]))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
