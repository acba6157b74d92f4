"""The kiosk's soak benchmark: thousands of games through the HTTP API, with
the server's memory and open files watched, so that a kiosk left running for
months neither grows nor leaks.

A kiosk server (``python -m pintas kiosk --pace 0``) runs in its own process
on a fresh database; client threads, each on one kept-alive connection, play
games of every preset through the API (most seats human, played by the
client with moves chosen at random; the others random or greedy computer
seats), timing every request. Every few seconds the server's resident memory
(VmRSS) and open file descriptors are read from /proc.

It reports the games and requests played, requests per second, the latency of
each kind of request (p50, p90, p99, max), the server's memory and descriptors
after the warm-up, in the middle and at the end with the memory's slope per
1000 games, and the database's size; it exits 1 if the memory grew past the
bound it states after the warm-up, or the descriptors grew at all.

Run: python benchmarks/kiosk_soak.py [--games 2000 | --minutes M] [--clients 4]
     [--seed 1] [--db PATH] [--quick]   (--quick: 20 games, a smoke test)
docs/performance.md has the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository's root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.kiosk.server import KioskServer

__all__ = ["GAMES", "Report", "Sample", "soak"]

#: Every preset, with options that end a game in a few dozen moves.
GAMES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("dominican", {"target": 25}, 4),
    ("muggins", {"target": 30}, 3),
    ("capicua", {}, 4),
    ("caminos", {"rounds": 1}, 3),
    ("caminos_no_renewal", {"rounds": 1}, 3),
    ("caminos_two_paths", {"rounds": 1}, 2),
    ("dice_of_doom", {"target": 1000}, 3),
    ("farkle", {"target": 1000}, 2),
)
#: The longest a long poll waits for a computer seat (seconds).
POLL = 5.0
#: The share of the run (games, or minutes) that warms the server up: its
#: thread pool, caches and allocator arenas fill, and memory is measured from
#: its end.
WARM_UP = 0.1
#: How much the server's memory may grow from the end of the warm-up to the
#: end of the run: this many MiB, or this share of it, whichever is more.
RSS_GROWTH_MIB = 16.0
RSS_GROWTH_SHARE = 0.10


@dataclass(frozen=True)
class Sample:
    """The server process at one moment."""

    seconds: float
    games: int
    rss_kib: int
    fds: int
    #: Descriptors that are not sockets (the database, its WAL, logs): these
    #: must stay exactly flat; sockets come and go with the clients.
    files: int
    threads: int


def read_process(pid: int) -> tuple[int, int, int, int]:
    """(VmRSS in KiB, open descriptors, of which not sockets, threads) of ``pid``, from /proc."""
    rss = threads = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    fds = files = 0
    folder = f"/proc/{pid}/fd"
    for name in os.listdir(folder):
        try:
            target = os.readlink(os.path.join(folder, name))
        except OSError:  # closed while we looked
            continue
        fds += 1
        if not target.startswith(("socket:", "pipe:", "anon_inode:")):
            files += 1
    return rss, fds, files, threads


@dataclass
class Report:
    """What a soak run measured."""

    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    #: Each request's latency in seconds, by kind: create, get, move, poll
    #: (a long poll, which waits for a computer seat by design).
    latencies: dict[str, list[float]] = field(default_factory=dict)
    samples: list[Sample] = field(default_factory=list)
    db_bytes: int = 0
    clients: int = 0
    errors: list[str] = field(default_factory=list)
    quick: bool = False

    @property
    def requests(self) -> int:
        return sum(len(v) for v in self.latencies.values())

    def warm(self) -> list[Sample]:
        """The samples after the warm-up (all of them if too few)."""
        if not self.samples:
            return []
        last = self.samples[-1]
        after = [s for s in self.samples
                 if s.games >= WARM_UP * last.games and s.seconds >= WARM_UP * last.seconds]
        return after if len(after) >= 2 else self.samples

    def rss_bound_kib(self) -> int:
        warm = self.warm()
        start = warm[0].rss_kib if warm else 0
        return int(max(RSS_GROWTH_MIB * 1024, RSS_GROWTH_SHARE * start))

    def slope_kib_per_1000_games(self, last_half: bool = False) -> float:
        """The least-squares slope of memory against games played, after the
        warm-up (or over the last half of those samples: still growing, or flat?)."""
        warm = self.warm()
        if last_half:
            warm = warm[len(warm) // 2:]
        if len(warm) < 2 or warm[-1].games == warm[0].games:
            return 0.0
        games = [s.games for s in warm]
        rss = [s.rss_kib for s in warm]
        return 1000 * statistics.linear_regression(games, rss).slope

    def problems(self) -> list[str]:
        """Why the run failed: errors, memory past its bound, descriptors that grew."""
        found = list(self.errors)
        warm = self.warm()
        if self.quick or len(warm) < 2:
            return found
        first, last = warm[0], warm[-1]
        if last.rss_kib - first.rss_kib > self.rss_bound_kib():
            found.append(f"memory grew {last.rss_kib - first.rss_kib} KiB after the warm-up, "
                         f"over the bound of {self.rss_bound_kib()} KiB")
        if last.files > first.files:
            found.append(f"open files grew from {first.files} to {last.files}")
        if last.fds > first.fds:
            found.append(f"open descriptors grew from {first.fds} to {last.fds}")
        return found

    def text(self) -> str:
        lines = [f"games {self.games}, moves {self.moves}, requests {self.requests} "
                 f"in {self.seconds:.1f} s: {self.requests / max(self.seconds, 1e-9):.0f} "
                 f"requests/s, {self.moves / max(self.seconds, 1e-9):.0f} moves/s, "
                 f"{self.clients} clients",
                 "",
                 f"{'request':<8} {'count':>8} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} "
                 f"{'max ms':>8}"]
        for kind in ("create", "get", "move", "continue", "poll"):
            times = sorted(self.latencies.get(kind, []))
            if not times:
                continue
            p50, p90, p99 = (1000 * _quantile(times, q) for q in (0.5, 0.9, 0.99))
            lines.append(f"{kind:<8} {len(times):>8} {p50:>8.1f} {p90:>8.1f} {p99:>8.1f} "
                         f"{1000 * times[-1]:>8.1f}")
        lines.append("(poll: a long poll, waiting for a computer seat to move)")
        warm = self.warm()
        if warm:
            lines += ["",
                      f"{'server':<22} {'games':>6} {'seconds':>8} {'RSS MiB':>8} {'fds':>5} "
                      f"{'files':>5} {'threads':>7}"]
            for name, s in (("after the warm-up", warm[0]), ("middle", warm[len(warm) // 2]),
                            ("end", warm[-1])):
                lines.append(f"{name:<22} {s.games:>6} {s.seconds:>8.1f} "
                             f"{s.rss_kib / 1024:>8.1f} {s.fds:>5} {s.files:>5} {s.threads:>7}")
            lines.append(f"memory slope after the warm-up: "
                         f"{self.slope_kib_per_1000_games():+.0f} KiB per 1000 games, "
                         f"over its last half {self.slope_kib_per_1000_games(True):+.0f} "
                         f"({len(self.samples)} samples)")
            if not self.quick:
                lines.append(f"bounds: memory may grow {self.rss_bound_kib() / 1024:.0f} MiB "
                             f"after the warm-up (the first {WARM_UP:.0%} of the run), "
                             f"descriptors not at all")
        lines.append(f"database with its WAL: {self.db_bytes / 1024 / 1024:.1f} MiB")
        problems = self.problems()
        lines += [f"FAILED: {p}" for p in problems] or ["passed"]
        return "\n".join(lines)


def _quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class _Run:
    """The clients and the sampler of one soak run."""

    def __init__(self, server: KioskServer, games: int | None, seconds: float | None,
                 clients: int, seed: int) -> None:
        self.server = server
        self.target_games = games
        self.seconds = seconds
        self.clients = clients
        self.seed = seed
        self.report = Report(clients=clients)
        self._lock = threading.Lock()
        self._started = 0
        self.done = threading.Event()
        self.start = time.monotonic()

    def claim(self) -> int | None:
        """The number of the next game to play, or None once enough were started."""
        with self._lock:
            if self.target_games is not None and self._started >= self.target_games:
                return None
            if self.seconds is not None and time.monotonic() - self.start >= self.seconds:
                return None
            self._started += 1
            return self._started - 1

    def finished(self, moves: int) -> None:
        with self._lock:
            self.report.games += 1
            self.report.moves += moves

    def record(self, latencies: dict[str, list[float]]) -> None:
        with self._lock:
            for kind, times in latencies.items():
                self.report.latencies.setdefault(kind, []).extend(times)

    def error(self, text: str) -> None:
        with self._lock:
            self.report.errors.append(text)

    def client(self, number: int) -> None:
        rng = random.Random(self.seed * 1_000 + number)
        latencies: dict[str, list[float]] = {"create": [], "get": [], "move": [], "continue": [],
                                             "poll": []}
        connection = self.server.connect()

        def call(kind: str, method: str, path: str, body: Any = None,
                 token: str | None = None) -> Any:
            began = time.perf_counter()
            answer = connection.call(method, path, body, token)
            latencies[kind].append(time.perf_counter() - began)
            return answer

        try:
            while (game := self.claim()) is not None:
                self.finished(_play(call, rng, game))
        except Exception as error:  # a client that fails says why, and the run fails
            self.error(f"client {number}: {error!r}")
        finally:
            connection.close()
            self.record(latencies)

    def sampler(self, every: float) -> None:
        pid = self.server.pid
        assert pid is not None
        while True:
            rss, fds, files, threads = read_process(pid)
            with self._lock:
                self.report.samples.append(Sample(time.monotonic() - self.start,
                                                  self.report.games, rss, fds, files, threads))
            if self.done.wait(every):
                return


def _play(call: Callable[..., Any], rng: random.Random, number: int) -> int:
    """Play game ``number`` to its end; the moves the client played."""
    name, options, seats = GAMES[number % len(GAMES)]
    computer = rng.choice(("random", "greedy"))
    # one computer seat where there are several, the client plays the others
    players = ["human"] * seats
    if seats > 1:
        players[rng.randrange(seats)] = computer
    created = call("create", "POST", "/api/tables",
                   {"game": name, "options": options, "seats": players,
                    "seed": rng.randrange(2**64)})
    id = created["id"]
    tokens: dict[int, str] = {int(s): t for s, t in created["tokens"].items()}
    seen: dict[int, int] = dict.fromkeys(tokens, 0)  # each seat's log read so far
    seat = min(tokens)
    moves = 0
    waited_at: int | None = None
    while True:
        path = f"/api/tables/{id}?since={seen[seat]}"
        kind = "get"
        if waited_at is not None:
            path += f"&after={waited_at}&wait={POLL}"
            kind = "poll"
        state = call(kind, "GET", path, token=tokens[seat])
        seen[seat] = state["log_length"]
        waited_at = None
        if state["is_over"]:
            return moves
        pause = state["break"]
        if pause is not None and seat in pause["waiting"]:  # a round's end: go on
            call("continue", "POST", f"/api/tables/{id}/continue", {"round": pause["round"]},
                 token=tokens[seat])
        elif pause is not None:
            seat = pause["waiting"][0]
        elif state["your_turn"]:
            call("move", "POST", f"/api/tables/{id}/moves",
                 {"move": rng.choice(state["legal_moves"]), "version": state["version"]},
                 token=tokens[seat])
            moves += 1
        elif state["to_move"] in tokens:
            seat = state["to_move"]
        else:
            waited_at = state["revision"]


def soak(db: Path, games: int | None = 2000, minutes: float | None = None, clients: int = 4,
         seed: int = 1, sample_every: float = 2.0, quick: bool = False,
         say: Callable[[str], None] | None = None) -> Report:
    """Play ``games`` games (or for ``minutes``) through a kiosk server on a
    new database at ``db``; what was measured."""
    server = KioskServer(db, pace=0.0)
    server.start()
    run = _Run(server, games, None if minutes is None else 60 * minutes, clients, seed)
    run.report.quick = quick
    sampler = threading.Thread(target=run.sampler, args=(sample_every,), daemon=True)
    sampler.start()
    threads = [threading.Thread(target=run.client, args=(n,), daemon=True)
               for n in range(clients)]
    try:
        for thread in threads:
            thread.start()
        while any(t.is_alive() for t in threads):
            for thread in threads:
                thread.join(10)
            if say is not None:
                report = run.report
                say(f"{report.games} games, {time.monotonic() - run.start:.0f} s, "
                    f"RSS {report.samples[-1].rss_kib / 1024:.1f} MiB, "
                    f"{report.samples[-1].fds} fds")
        run.report.seconds = time.monotonic() - run.start
        # the last sample, with every game over and every client gone
        run.done.set()
        sampler.join()
        pid = server.pid
        assert pid is not None
        rss, fds, files, threads_now = read_process(pid)
        run.report.samples.append(Sample(time.monotonic() - run.start, run.report.games, rss,
                                         fds, files, threads_now))
    finally:
        run.done.set()
        server.stop()
    run.report.db_bytes = sum(f.stat().st_size for f in db.parent.glob(db.name + "*"))
    return run.report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--games", type=int, help="games to play (default 2000)")
    size.add_argument("--minutes", type=float, help="play for this long instead")
    size.add_argument("--quick", action="store_true", help="20 games: a smoke test")
    parser.add_argument("--clients", type=int, default=4, help="client threads (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--sample", type=float, default=2.0, metavar="SECONDS",
                        help="how often the server's memory is read (default 2)")
    parser.add_argument("--db", type=Path, help="the database (default: a temporary file)")
    args = parser.parse_args(argv)
    games: int | None = args.games
    if args.quick:
        games = 20
    elif args.minutes is None and games is None:
        games = 2000
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "kiosk.db"
        report = soak(db, games, args.minutes, args.clients, args.seed,
                      0.5 if args.quick else args.sample, args.quick,
                      say=lambda text: print(text, flush=True))
    command = " ".join(["python benchmarks/kiosk_soak.py", *(argv or sys.argv[1:])])
    print(f"\n{command}\n{report.text()}")
    return 1 if report.problems() else 0


if __name__ == "__main__":
    sys.exit(main())
