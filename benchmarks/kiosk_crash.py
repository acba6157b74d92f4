"""The kiosk's crash test, run long: a kiosk server killed with SIGKILL at
random moments while clients play, restarted on the same database each time,
every table checked against what its clients were last told (the machinery of
tests/kiosk/crash.py, which tests/kiosk/test_crash.py runs briefly in CI).

Run: python benchmarks/kiosk_crash.py [--kills 300] [--clients 4] [--seed 1]
     [--db PATH]   (default: a temporary file)
On PostgreSQL, with the throwaway cluster of tools/test_postgres.sh (which it
restarts): eval "$(tools/test_postgres.sh start)", then
     python benchmarks/kiosk_crash.py --postgres [--servers 2] [--db-restarts 10]
(a fresh schema of the database PINTAS_TEST_POSTGRES names; the servers share
it, a random one killed each time; the cluster restarted under load, with a
fast and an immediate shutdown in turn).
Prints the figures as a table; exits 1 if anything acknowledged was lost,
changed or played twice. docs/performance.md has the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.kiosk.crash import RESUME_AFTER, Settings, run
from tests.kiosk.postgres import fresh_schema, restart_postgres


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=300, help="how many kills (default 300)")
    parser.add_argument("--clients", type=int, default=4,
                        help="client threads playing (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--db", type=Path, help="the database (default: a temporary file)")
    parser.add_argument("--postgres", action="store_true",
                        help="on tools/test_postgres.sh's cluster (PINTAS_TEST_POSTGRES)")
    parser.add_argument("--servers", type=int, default=2,
                        help="servers on PostgreSQL (default 2)")
    parser.add_argument("--db-restarts", type=int, default=10,
                        help="PostgreSQL restarts under load (default 10)")
    args = parser.parse_args(argv)
    say = lambda text: print(text, flush=True)  # noqa: E731
    command = (f"python benchmarks/kiosk_crash.py --kills {args.kills} --clients "
               f"{args.clients} --seed {args.seed}")
    extra: tuple[tuple[str, object], ...] = ()
    with tempfile.TemporaryDirectory() as folder:
        if args.postgres:
            if not os.environ.get("PINTAS_TEST_POSTGRES_DIR"):
                parser.error("--postgres: start tools/test_postgres.sh first")
            settings = Settings(kills=args.kills, clients=args.clients, seed=args.seed, say=say,
                                servers=args.servers, restart_db=restart_postgres,
                                db_restarts=args.db_restarts, resume_wait=RESUME_AFTER,
                                logs=Path(folder))
            with fresh_schema() as url:
                figures = run(url, settings)
            command += (f" --postgres --servers {args.servers} "
                        f"--db-restarts {args.db_restarts}")
        else:
            settings = Settings(kills=args.kills, clients=args.clients, seed=args.seed, say=say)
            db = args.db or Path(folder) / "kiosk.db"
            figures = run(db, settings)
            size = sum(f.stat().st_size for f in db.parent.glob(db.name + "*"))
            extra = (("database size, with its WAL (KiB)", size // 1024),)
    print()
    print(command)
    print(figures.table(extra))
    return 1 if figures.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
