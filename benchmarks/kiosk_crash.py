"""The kiosk's crash test, run long: a kiosk server killed with SIGKILL at
random moments while clients play, restarted on the same database each time,
every table checked against what its clients were last told (the machinery of
tests/kiosk/crash.py, which tests/kiosk/test_crash.py runs briefly in CI).

Run: python benchmarks/kiosk_crash.py [--kills 300] [--clients 4] [--seed 1]
     [--db PATH]   (default: a temporary file)
Prints the figures as a table; exits 1 if anything acknowledged was lost,
changed or played twice. docs/performance.md has the figures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.kiosk.crash import Settings, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=300, help="how many kills (default 300)")
    parser.add_argument("--clients", type=int, default=4,
                        help="client threads playing (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--db", type=Path, help="the database (default: a temporary file)")
    args = parser.parse_args(argv)
    settings = Settings(kills=args.kills, clients=args.clients, seed=args.seed,
                        say=lambda text: print(text, flush=True))
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "kiosk.db"
        figures = run(db, settings)
        size = sum(f.stat().st_size for f in db.parent.glob(db.name + "*"))
    print()
    print(f"python benchmarks/kiosk_crash.py --kills {args.kills} --clients {args.clients} "
          f"--seed {args.seed}")
    print(figures.table((("database size, with its WAL (KiB)", size // 1024),)))
    return 1 if figures.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
