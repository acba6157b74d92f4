"""The kiosk's database damaged on purpose, at a busy kiosk's size: a file of
2000 tables (every game, a few moves into each), then one page at a time
overwritten with garbage (a leaf and the root of the tables' b-tree, of the
id index and of another index) and rows with one bit flipped; each time the
store opens the file as the server does at start. Says what it kept, what it
lost (against what the damaged page held), how long the check and the repair
took. tests/kiosk/test_store_damage.py does the same against a real server,
smaller, in CI.

Run: python benchmarks/kiosk_damage.py [--tables 2000] [--seed 1]
Exits 1 if a repair lost a table the damaged page did not hold, or kept one
that does not read back as it was. docs/kiosk.md ("From the disk") has the
figures.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pintas.kiosk.store import DamagedRowError, Store, _connect
from tests.kiosk import damage as kit

GAMES = (("dominican", ["human", "suit", "greedy", "random"]),
         ("muggins", ["human", "greedy", "random"]),
         ("caminos", ["human", "greedy", "random"]),
         ("farkle", ["human", "random"]),
         ("dice_of_doom", ["human", "search"]))


def build(db: Path, count: int, seed: int) -> dict[str, bytes]:
    """``count`` tables a few moves in: id -> save."""
    rng = random.Random(seed)
    store = Store(db)
    saves = {}
    with store._lock:   # built fast: this file need not survive a power cut
        store._db.execute("PRAGMA synchronous=OFF")
    for n in range(count):
        game, seats = GAMES[n % len(GAMES)]
        id, _ = kit.make_table(store, {"game": game, "seats": seats, "seed": n})
        saves[id] = kit.play_on(store, id, rng.randrange(30), rng.choice).game.to_bytes()
    store.close()
    return saves


def timed_check(db: Path, pragma: str) -> float:
    connection = _connect(str(db), readonly=True)
    try:
        started = time.perf_counter()
        connection.execute(f"PRAGMA {pragma}").fetchall()
        return time.perf_counter() - started
    finally:
        connection.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=2000, help="tables (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the moves' seed (default 1)")
    args = parser.parse_args(argv)
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        original = Path(folder) / "original.db"
        started = time.perf_counter()
        saves = build(original, args.tables, args.seed)
        kit.checkpoint(original)
        print(f"{len(saves)} tables, {original.stat().st_size / 1e6:.1f} MB, built in "
              f"{time.perf_counter() - started:.0f} s")
        for pragma in ("quick_check", "integrity_check"):
            print(f"{pragma}: {timed_check(original, pragma) * 1000:.0f} ms")
        started = time.perf_counter()
        Store(original).close()
        print(f"opening a sound file (integrity_check, every row's checksum): "
              f"{(time.perf_counter() - started) * 1000:.0f} ms")
        kit.checkpoint(original)
        print()
        print(f"{'damaged':<34} {'held':>5} {'kept':>5} {'lost':>5} {'start':>7}  result")
        cases: list[tuple[str, str, str]] = [
            ("a leaf of the tables", "tables", "leaf"),
            ("another leaf of the tables", "tables", "leaf2"),
            ("the root of the tables (interior)", "tables", "root"),
            ("a leaf of the id index", "sqlite_autoindex_tables_1", "leaf"),
            ("the root of the id index", "sqlite_autoindex_tables_1", "root"),
            ("a leaf of the index by date", "tables_by_updated", "leaf"),
            ("10 rows, a bit of a column each", "", "rows"),
        ]
        for name, tree, which in cases:
            db = Path(folder) / "kiosk.db"
            for stale in Path(folder).glob("kiosk.db*"):
                stale.unlink()
            shutil.copyfile(original, db)
            held: set[str] = set()
            if which == "rows":
                rng = random.Random(args.seed)
                held = set(rng.sample(sorted(saves), 10))
                columns = ["spec", "tokens", "save", "extra", "version", "referee", "client",
                           "over", "updated", "checksum"]
                for n, id in enumerate(sorted(held)):
                    kit.damage(db, id, f"flip:{columns[n % len(columns)]}", seed=n)
            else:
                tree_pages = kit.pages(db, tree)
                leaves = [n for n, kind in tree_pages if kind == "leaf"]
                page = {"leaf": leaves[len(leaves) // 3], "leaf2": leaves[-1],
                        "root": tree_pages[0][0]}[which]
                if tree == "tables" and which != "root":
                    held = set(kit.ids_on_page(db, page))
                kit.overwrite_page(db, page, seed=args.seed)
            started = time.perf_counter()
            store = Store(db)
            seconds = time.perf_counter() - started
            kept = refused = 0
            wrong = []
            for id, save in saves.items():
                try:
                    table = store.load(id)
                except DamagedRowError:
                    refused += 1
                    if id not in held:
                        wrong.append(f"{id} lost")
                    continue
                if table is None or table.game.to_bytes() != save:
                    wrong.append(f"{id} changed")
                else:
                    kept += 1
            store.close()
            ok = not wrong and refused == len(held)
            failed |= not ok
            print(f"{name:<34} {len(held):>5} {kept:>5} {refused:>5} {seconds:>6.2f}s  "
                  + ("as expected" if ok else "WRONG: " + ", ".join(wrong[:5])))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
