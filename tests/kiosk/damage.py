"""Ways to damage a kiosk's database, for the tests of what the store does
about it: flip one bit of one column of a row, overwrite one page of the file
with garbage, and find which page holds what (SQLite's ``dbstat``, and the
b-tree's leaf pages read as the file format describes them).

Every function works on the file with no server using it.
"""

from __future__ import annotations

import random
import struct
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pintas.kiosk.postgres import is_postgres_url
from pintas.kiosk.store import COLUMNS, TableStore, row_checksum
from pintas.kiosk.tables import Table, TableSpec
from tests.kiosk.postgres import connect

__all__ = ["DAMAGES", "POSTGRES_DAMAGES", "checkpoint", "damage", "damages", "flip_bit",
           "ids_on_page", "make_table", "overwrite_page", "pages", "raw"]

#: Every way :func:`damage` damages a row: a one-bit flip of each column, and
#: the changes the attacks of the issue made.
DAMAGES = (*(f"flip:{c}" for c in (*COLUMNS, "checksum")), "flip:id:high", "flip:spec:high",
           "tokens:[]", "tokens:{}", "spec:''", "version:+3", "extra:[]", "save:''",
           "referee:'soon'", "updated:'soon'")
#: Those a PostgreSQL row can suffer: its text is always UTF-8, and its
#: numbers always numbers (the column types refuse anything else).
POSTGRES_DAMAGES = tuple(d for d in DAMAGES if not d.endswith((":high", "'soon'")))


def damages(db: Path | str) -> tuple[str, ...]:
    """The ways :func:`damage` can damage a row in the database ``db``."""
    return POSTGRES_DAMAGES if is_postgres_url(db) else DAMAGES


@contextmanager
def raw(db: Path | str) -> Iterator[Any]:
    """A plain connection to the database (an SQLite file or a PostgreSQL URL),
    each statement committed at once; it takes ``?`` placeholders."""
    with connect(db) as connection:
        yield connection


def make_table(store: TableStore, body: dict[str, Any], client: str = "192.0.2.7"
               ) -> tuple[str, dict[str, str]]:
    """A new table kept in ``store`` as the kiosk keeps it: its id and tokens."""
    now = time.time()
    table, tokens = Table.create(TableSpec.from_request(body, allow_seeds=True), now)
    store.insert(table, referee=table.due(0.0, now) is not None, client=client)
    return table.id, {str(seat): token for seat, token in tokens.items()}


def play_on(store: TableStore, id: str, moves: int, choose: Callable[[list[Any]], Any]) -> Table:
    """Play up to ``moves`` moves on table ``id`` (each chosen by ``choose``
    from the legal ones), kept one by one as the kiosk keeps them; the table."""
    table = store.load(id)
    assert table is not None
    for _ in range(moves):
        if table.game.is_over:
            break
        table.game.play(choose(table.game.legal_moves()))
        store.update(table, referee=False)
    return table


def flip_bit(value: Any, rng: random.Random, high: bool = False) -> Any:
    """``value`` with one bit flipped, of the same kind (text comes back as
    bytes to be stored as text: it may no longer be UTF-8)."""
    if isinstance(value, int):
        return value ^ (1 << rng.randrange(4))
    if isinstance(value, float):
        bits = bytearray(struct.pack(">d", value))
        bits[rng.randrange(1, 8)] ^= 1 << rng.randrange(8)
        return struct.unpack(">d", bytes(bits))[0]
    data = bytearray(value)
    data[rng.randrange(len(data))] ^= 0x80 if high else 1 << rng.randrange(7)
    return bytes(data)


def damage(db: Path | str, id: str, how: str, seed: int = 0) -> None:
    """Damage table ``id``'s row as ``how`` (one of :data:`DAMAGES`, or for a
    PostgreSQL database :data:`POSTGRES_DAMAGES`) says."""
    rng = random.Random(f"{how} {seed}")
    kind, _, rest = how.partition(":")
    with raw(db) as connection:
        if kind == "flip" and is_postgres_url(db):
            value = connection.execute(f"SELECT {rest} FROM tables WHERE id = ?",
                                       (id,)).fetchone()[0]
            flipped = flip_bit(value.encode() if isinstance(value, str) else value, rng)
            while isinstance(value, str) and b"\0" in flipped:  # (text holds no NUL)
                flipped = flip_bit(value.encode(), rng)
            connection.execute(f"UPDATE tables SET {rest} = ? WHERE id = ?",
                               (flipped.decode() if isinstance(value, str) else flipped, id))
            return
        if kind == "flip":
            column, _, high = rest.partition(":")
            value = connection.execute(
                f"SELECT CASE typeof({column}) WHEN 'text' THEN CAST({column} AS BLOB) "
                f"ELSE {column} END, typeof({column}) FROM tables WHERE id = ?",
                (id,)).fetchone()
            flipped = flip_bit(value[0], rng, high=bool(high))
            cast = "CAST(? AS TEXT)" if value[1] == "text" else "?"
            connection.execute(f"UPDATE tables SET {column} = {cast} WHERE id = ?",
                               (flipped, id))
            return
        if kind == "version":
            connection.execute("UPDATE tables SET version = version + ? WHERE id = ?",
                               (int(rest), id))
            return
        value = {"[]": "[]", "{}": "{}", "''": "", "'soon'": "soon"}[rest]
        if kind == "save" and is_postgres_url(db):
            value = b""  # (a bytea)
        connection.execute(f"UPDATE tables SET {kind} = ? WHERE id = ?", (value, id))


def rewrite(db: Path | str, id: str, column: str, value: Any) -> None:
    """Set a column of table ``id``'s row and give the row a checksum that
    matches: a row as a kiosk could have written it (a sound row, not damage)."""
    with raw(db) as connection:
        connection.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", (value, id))
        names = ", ".join(COLUMNS)
        row = connection.execute(f"SELECT {names} FROM tables WHERE id = ?", (id,)).fetchone()
        connection.execute("UPDATE tables SET checksum = ? WHERE id = ?",
                           (row_checksum(*row), id))


def checkpoint(db: Path) -> None:
    """Fold the write-ahead log into the file, so that the file holds every page."""
    with raw(db) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def pages(db: Path, name: str) -> list[tuple[int, str]]:
    """The pages of the b-tree ``name`` (a table or an index): number and kind
    (``leaf``, ``internal``, ``overflow``), in the order dbstat walks them
    (the root first)."""
    with raw(db) as connection:
        return [(int(n), str(kind)) for n, kind in connection.execute(
            "SELECT pageno, pagetype FROM dbstat WHERE name = ? ORDER BY path", (name,))]


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: its value and where it ends."""
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


def ids_on_page(db: Path, page: int) -> list[str]:
    """The ids of the tables whose rows a leaf page of ``tables`` holds, read
    from the page's cells (each begins with its payload's size and its rowid)."""
    with raw(db) as connection:
        size = int(connection.execute("PRAGMA page_size").fetchone()[0])
    data = Path(db).read_bytes()[(page - 1) * size:page * size]
    assert data[0] == 0x0D, f"page {page} is not a leaf of a table"
    cells = int.from_bytes(data[3:5], "big")
    rowids = []
    for i in range(cells):
        at = int.from_bytes(data[8 + 2 * i:10 + 2 * i], "big")
        _, at = _varint(data, at)
        rowid, _ = _varint(data, at)
        rowids.append(rowid)
    with raw(db) as connection:
        return [str(row[0]) for rowid in rowids for row in connection.execute(
            "SELECT id FROM tables WHERE rowid = ?", (rowid,))]


def overwrite_page(db: Path, page: int, seed: int = 0) -> None:
    """Fill page ``page`` of the file with random bytes (the file checkpointed first)."""
    checkpoint(db)
    with raw(db) as connection:
        size = int(connection.execute("PRAGMA page_size").fetchone()[0])
    garbage = random.Random(seed).randbytes(size)
    with open(db, "r+b") as file:
        file.seek((page - 1) * size)
        file.write(garbage)
