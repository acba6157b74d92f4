"""The kiosk's store (docs/kiosk.md, "Nothing lost"): every row checked whole,
damaged rows refused one by one, damaged pages repaired when the file is
opened, schema versions, writes that fail and then succeed again, and the
queries the service's quotas and expiry use."""

from __future__ import annotations

import json
import logging
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from pintas.kiosk import store as store_module
from pintas.kiosk.store import (
    COLUMNS,
    SCHEMA_VERSION,
    DamagedRowError,
    NewerDatabaseError,
    NotADatabaseError,
    NotKeptError,
    StaleVersionError,
    Store,
    TableStore,
    check,
    open_store,
    recover,
    row_checksum,
)
from pintas.kiosk.tables import Table, TableSpec
from tests.kiosk.conftest import STORES
from tests.kiosk.damage import (
    DAMAGES,
    checkpoint,
    damage,
    damages,
    ids_on_page,
    make_table,
    overwrite_page,
    pages,
    play_on,
    raw,
)

COMPUTER_FIRST = {"game": "farkle", "seats": ["random", "human"], "seed": 3}
PERSON_FIRST = {"game": "farkle", "seats": ["human", "random"], "seed": 4}
SHORT = {"game": "farkle", "options": {"target": 50}, "seats": ["human", "random"], "seed": 1}


@pytest.fixture
def store(db: Path | str) -> Any:
    s = open_store(db)
    yield s
    s.close()


def play_to_the_end(table: Table) -> None:
    rng = random.Random(1)
    while not table.game.is_over:
        table.game.play(rng.choice(table.game.legal_moves()))


# ---- the checksum ---------------------------------------------------------------------------


def test_the_checksum_covers_every_column_and_their_bounds() -> None:
    row: list[Any] = ["3f0c9a61b2d4e587", "{}", "{}", b"save", "{}", 4, 1, "192.0.2.7", 0,
                      1.5, 2.5]
    assert len(row) == len(COLUMNS)
    digest = row_checksum(*row)
    assert len(digest) == 32
    for i, value in enumerate(row):
        changed = list(row)
        changed[i] = value + (1 if isinstance(value, (int, float)) else value[:1])
        assert row_checksum(*changed) != digest, COLUMNS[i]
    assert row_checksum("ab", "c") != row_checksum("a", "bc")   # lengths are in it
    assert row_checksum(1) != row_checksum("1") != row_checksum(1.0)  # and kinds
    assert row_checksum("é") == row_checksum("é".encode())   # text is its UTF-8


def test_a_row_is_written_with_its_checksum_in_the_same_statement(store: Store,
                                                                  db: Path) -> None:
    id, _ = make_table(store, PERSON_FIRST)
    table = store.load(id)
    assert table is not None
    table.play(0, "roll", None, time.time())
    store.update(table, referee=True)
    with raw(db) as connection:
        connection.text_factory = bytes
        row = connection.execute(f"SELECT {', '.join(COLUMNS)}, checksum FROM tables").fetchone()
    assert row[-1] == row_checksum(*row[:-1])
    assert row[COLUMNS.index("version")] == 1 and row[COLUMNS.index("referee")] == 1
    assert row[COLUMNS.index("client")] == b"192.0.2.7"


# ---- a damaged row --------------------------------------------------------------------------


@pytest.mark.stores(*STORES)
@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("body", [COMPUTER_FIRST, PERSON_FIRST], ids=["computer", "person"])
def test_a_damaged_row_is_refused_alone_naming_the_table(db: Path | str, how: str,
                                                         body: dict[str, Any]) -> None:
    if how not in damages(db):
        pytest.skip("the column's type in PostgreSQL refuses this damage")
    first = open_store(db)
    broken, _ = make_table(first, body)
    good, _ = make_table(first, COMPUTER_FIRST)
    first.close()
    damage(db, broken, how)
    second = open_store(db)   # opens, whatever the row holds
    try:
        with pytest.raises(DamagedRowError) as refused:
            second.load(broken)
        assert refused.value.id == broken and broken in str(refused.value)
        assert refused.value.reason
        assert second.load(good) is not None
        assert good in second.referee_ids()
        assert second.count() == 2 and second.live_count() >= 1
    finally:
        second.close()


@pytest.mark.parametrize(("change", "says"), [
    (lambda v: v.update(tokens="[]"), "tokens is not a JSON object"),
    (lambda v: v.update(tokens="{}"), "no seat tokens"),
    (lambda v: v.update(tokens=json.dumps({**json.loads(v["tokens"]), "7": "0" * 64})),
     "seat '7'"),
    (lambda v: v.update(tokens=json.dumps({**json.loads(v["tokens"]), "0": "0" * 64})),
     "a computer seat"),
    (lambda v: v.update(tokens=json.dumps({"1": "xyz"})), "64 hex digits"),
    (lambda v: v.update(spec=""), "setup is not JSON"),
    (lambda v: v.update(spec=json.dumps({"game": "farkle"})), "setup has the fields"),
    (lambda v: v.update(version=v["version"] + 1), "version column is 1"),
    (lambda v: v.update(over=1), "over column is 1"),
    (lambda v: v.update(extra="[]"), "extra is not a JSON object"),
    (lambda v: v.update(extra=json.dumps({"rounds": 1, "timed_out": [], "deadline": None})),
     "ended rounds"),
    (lambda v: v.update(save=b"not a save"), "not a pintas save"),
    (lambda v: v.update(spec=v["spec"].replace('"random"', '"human"')),
     "seat.s. 0 have no token"),
    (lambda v: v.update(spec=v["spec"].replace('"random"', '"wizard"')), "is no player"),
    (lambda v: v.update(extra=json.dumps({"rounds": [{"round": 1, "hands": [["x"]],
                                                       "events": [], "scores": []}],
                                          "timed_out": [], "deadline": None})),
     "ended rounds"),
    (lambda v: v.update(referee=2), "referee column"),
    (lambda v: v.update(extra=json.dumps({**json.loads(v["extra"]), "invites": {
        "1": {"code": "0" * 64, "salt": "0" * 32, "spent": "no"}}})), "invitations"),
    (lambda v: v.update(extra=json.dumps({**json.loads(v["extra"]), "rematch": "../x"})),
     "its rematch"),
], ids=["tokens-list", "tokens-empty", "no-such-seat", "computer-seat", "not-hex",
        "spec-empty", "spec-fields", "version", "over", "extra-list", "extra-rounds", "save",
        "no-token", "no-player", "not-a-tile", "referee", "invites", "rematch"])
@pytest.mark.stores(*STORES)
def test_a_row_is_checked_even_with_a_matching_checksum(db: Path | str, change: Any,
                                                        says: str) -> None:
    """The checksum catches damage; what it cannot (a row rewritten with a
    checksum that matches) the checks of each column still refuse."""
    first = open_store(db)
    id, _ = make_table(first, COMPUTER_FIRST)
    first.close()
    with raw(db) as connection:
        row = connection.execute(f"SELECT {', '.join(COLUMNS)} FROM tables").fetchone()
        values = dict(zip(COLUMNS, row, strict=True))
        change(values)
        connection.execute(
            f"UPDATE tables SET {', '.join(f'{c} = ?' for c in COLUMNS)}, checksum = ?",
            (*(values[c] for c in COLUMNS), row_checksum(*(values[c] for c in COLUMNS))))
    second = open_store(db)
    try:
        with pytest.raises(DamagedRowError, match=says):
            second.load(id)
    finally:
        second.close()



def loaded_then_damaged(store: TableStore, db: Path | str, how: str) -> tuple[str, Table]:
    """A new table of ``PERSON_FIRST``, loaded, and then its row damaged
    ``how`` (:func:`damage`) under the copy loaded."""
    id, _ = make_table(store, PERSON_FIRST)
    table = store.load(id)
    assert table is not None
    damage(db, id, how)
    return id, table


@pytest.mark.stores(*STORES)
def test_a_row_damaged_while_open_is_refused_and_never_rewritten(store: TableStore,
                                                                 db: Path | str) -> None:
    id, table = loaded_then_damaged(store, db, "flip:extra")
    with pytest.raises(DamagedRowError):
        store.load(id)
    table.play(0, "roll", None, time.time())
    with pytest.raises(DamagedRowError, match="checksum"):  # not blessed by a new checksum
        store.update(table, referee=False)
    with pytest.raises(DamagedRowError):
        store.load(id)


@pytest.mark.stores(*STORES)
def test_a_changed_version_column_is_damage_not_a_full_disk(store: TableStore,
                                                           db: Path | str) -> None:
    _, table = loaded_then_damaged(store, db, "version:+3")
    table.play(0, "roll", None, time.time())
    with pytest.raises(DamagedRowError):
        store.update(table, referee=False)


@pytest.mark.stores(*STORES)
def test_a_stale_copy_is_refused_and_changes_nothing(store: TableStore) -> None:
    id, _ = make_table(store, PERSON_FIRST)
    first, second = store.load(id), store.load(id)
    assert first is not None and second is not None
    first.play(0, "roll", None, time.time())
    store.update(first, referee=False)
    second.play(0, "roll", None, time.time())
    with pytest.raises(StaleVersionError, match="version 1") as refused:
        store.update(second, referee=False)
    # the store's own error whatever the store (not the SQLite driver's)
    assert isinstance(refused.value, NotKeptError)
    assert not isinstance(refused.value, sqlite3.Error)
    kept = store.load(id)
    assert kept is not None and kept.game.to_bytes() == first.game.to_bytes()
    assert store.delete(id)
    with pytest.raises(StaleVersionError, match="no longer"):
        store.update(second, referee=False)


# ---- what the service's quotas and expiry use ------------------------------------------------


@pytest.mark.stores(*STORES)
def test_live_count_counts_unfinished_tables_by_client(store: TableStore) -> None:
    a, _ = make_table(store, SHORT, client="192.0.2.1")
    make_table(store, SHORT, client="192.0.2.1")
    make_table(store, SHORT, client="192.0.2.2")
    assert store.live_count() == 3 and store.count() == 3
    assert store.live_count("192.0.2.1") == 2 and store.live_count("192.0.2.9") == 0
    table = store.load(a)
    assert table is not None
    moves = table.version
    play_to_the_end(table)
    store.update(table, referee=False, moves=table.version - moves)
    assert store.live_count() == 2 and store.live_count("192.0.2.1") == 1
    assert store.count() == 3


@pytest.mark.stores(*STORES)
def test_delete_and_expire(store: TableStore) -> None:
    old, _ = make_table(store, SHORT)
    older, _ = make_table(store, SHORT)
    time.sleep(0.01)
    cut = time.time()
    time.sleep(0.01)
    new, _ = make_table(store, SHORT)
    assert sorted(store.expire(cut)) == sorted([old, older])
    assert store.load(old) is None and store.load(new) is not None
    assert store.expire(cut) == []
    assert store.delete(new) and not store.delete(new)
    assert store.count() == 0


def test_the_queries_use_their_indexes(store: Store) -> None:
    def plan(query: str, *parameters: Any) -> str:
        with store._lock:
            rows = store._db.execute("EXPLAIN QUERY PLAN " + query, parameters).fetchall()
        return " ".join(str(r[-1]) for r in rows)

    assert "tables_live" in plan("SELECT count(*) FROM tables WHERE over = 0 AND client = ?",
                                 "x")
    assert "tables_live" in plan("SELECT count(*) FROM tables WHERE over = 0")
    assert "tables_by_updated" in plan("SELECT id FROM tables WHERE updated < ?", 1.0)
    assert "tables_for_the_referee" in plan("SELECT id FROM tables WHERE referee = 1")


# ---- writes that fail, then succeed ----------------------------------------------------------


class FailingWrites:
    """A connection whose writes fail as a full disk's do."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.split()[0] in ("INSERT", "UPDATE", "DELETE", "BEGIN"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.connection.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.connection, name)


def test_a_failed_write_changes_nothing_and_the_next_one_opens_the_file_again(
        store: Store) -> None:
    id, _ = make_table(store, PERSON_FIRST)
    table = store.load(id)
    assert table is not None
    before = table.game.to_bytes()
    real = store._db
    store._db = FailingWrites(real)  # type: ignore[assignment]
    table.play(0, "roll", None, time.time())
    with pytest.raises(NotKeptError, match="disk is full") as refused:
        store.update(table, referee=False)
    assert not isinstance(refused.value, StaleVersionError)
    again = store.load(id)   # reads go on
    assert again is not None and again.game.to_bytes() == before
    store.update(table, referee=False)   # the disk is back: a new connection keeps it
    assert store._db is not real and not isinstance(store._db, FailingWrites)
    kept = store.load(id)
    assert kept is not None and kept.version == 1


# ---- schema versions -------------------------------------------------------------------------

#: The first kiosk's schema (version 0), as it wrote it.
SCHEMA_0 = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, spec TEXT NOT NULL, tokens TEXT NOT NULL, save BLOB NOT NULL,
    extra TEXT NOT NULL, version INTEGER NOT NULL, referee INTEGER NOT NULL,
    created REAL NOT NULL, updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_for_the_referee ON tables (referee) WHERE referee = 1;
"""


def make_schema_0(db: Path, bodies: list[dict[str, Any]]) -> list[Table]:
    """A database as the first kiosk wrote it, with a table of each body."""
    tables = []
    with raw(db) as connection:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.executescript(SCHEMA_0)
        for body in bodies:
            table, _ = Table.create(TableSpec.from_request(body, allow_seeds=True), 0.0)
            if body is SHORT:
                play_to_the_end(table)
            now = time.time()
            connection.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, json.dumps(table.spec.to_dict()),
                 json.dumps({str(s): d for s, d in table.tokens.items()}),
                 table.game.to_bytes(), json.dumps(table.extra()), table.version,
                 int(not table.is_human(table.game.to_move or 0)), now, now))
            tables.append(table)
    return tables


def test_a_schema_0_file_is_brought_up_to_date_in_place(db: Path) -> None:
    computer, person, over, broken = make_schema_0(
        db, [COMPUTER_FIRST, PERSON_FIRST, SHORT, PERSON_FIRST])
    with raw(db) as connection:
        connection.execute("UPDATE tables SET save = x'00' WHERE id = ?", (broken.id,))
    store = Store(db)
    try:
        for table in (computer, person, over):
            loaded = store.load(table.id)
            assert loaded is not None and loaded.game.to_bytes() == table.game.to_bytes()
        with pytest.raises(DamagedRowError):
            store.load(broken.id)   # refused before, refused after
        assert store.referee_ids() == [computer.id]
        assert store.live_count() == 3 and store.live_count("") == 3   # `broken` counts
    finally:
        store.close()
    with raw(db) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        columns = [r[1] for r in connection.execute("PRAGMA table_info(tables)")]
        assert columns[-3:] == ["client", "over", "checksum"]
        assert connection.execute("SELECT over FROM tables WHERE id = ?",
                                  (over.id,)).fetchone()[0] == 1


def test_a_migration_that_fails_changes_nothing(db: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    make_schema_0(db, [PERSON_FIRST])
    original = store_module._migrate_0_to_1

    def fails_half_way(connection: sqlite3.Connection) -> None:
        original(connection)
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store_module, "_migrate_0_to_1", fails_half_way)
    with pytest.raises(NotKeptError, match="schema version 1"):
        Store(db)
    with raw(db) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 0
        assert len(connection.execute("PRAGMA table_info(tables)").fetchall()) == 9
        assert connection.execute("SELECT count(*) FROM sqlite_master WHERE name = 'lost'"
                                  ).fetchone()[0] == 0
    monkeypatch.undo()
    Store(db).close()


def test_a_newer_schema_is_refused_and_left_alone(db: Path) -> None:
    Store(db).close()
    with raw(db) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = db.read_bytes()
    with pytest.raises(NewerDatabaseError, match=f"schema version {SCHEMA_VERSION + 1}.*newer"):
        Store(db)
    assert db.read_bytes() == before


def test_a_file_that_is_no_database_is_refused_and_left_alone(db: Path) -> None:
    db.write_bytes(b"these are somebody's notes, not a kiosk\n" * 200)
    with pytest.raises(NotADatabaseError, match="not an SQLite database"):
        Store(db)
    assert db.read_bytes().startswith(b"these are")


def test_the_command_line_refuses_a_newer_schema_in_a_sentence(db: Path) -> None:
    import io

    from pintas.cli import main

    Store(db).close()
    with raw(db) as connection:
        connection.execute("PRAGMA user_version = 99")
    err = io.StringIO()
    assert main(["kiosk", "--db", str(db), "--port", "8"], out=io.StringIO(), err=err) == 2
    assert "schema version 99" in err.getvalue()


# ---- damaged pages -----------------------------------------------------------------------------


def many_tables(db: Path, count: int = 40) -> dict[str, str]:
    """``count`` tables of a few moves each (enough rows for several leaf pages):
    id -> their save."""
    store = Store(db)
    rng = random.Random(5)
    saves = {}
    for n in range(count):
        id, _ = make_table(store, {"game": "muggins", "seats": ["human", "greedy", "suit"],
                                   "seed": n})
        saves[id] = play_on(store, id, rng.randrange(12), rng.choice).game.to_bytes().hex()
    store.close()
    return saves


@pytest.mark.parametrize("where", ["leaf", "root", "index", "index-leaf"])
def test_a_damaged_page_is_repaired_at_opening_losing_only_what_it_held(
        db: Path, where: str, caplog: pytest.LogCaptureFixture) -> None:
    saves = many_tables(db, 160 if where == "index-leaf" else 40)
    checkpoint(db)
    tree = pages(db, "sqlite_autoindex_tables_1" if where.startswith("index") else "tables")
    leaves = [n for n, kind in tree if kind == "leaf"]
    page = {"leaf": leaves[len(leaves) // 2], "root": tree[0][0], "index": tree[0][0],
            "index-leaf": leaves[-1]}[where]
    assert where != "root" or tree[0][1] == "internal"
    lost = set(ids_on_page(db, page)) if where == "leaf" else set()
    assert where != "leaf" or lost
    overwrite_page(db, page)
    before = db.read_bytes()
    with caplog.at_level(logging.ERROR, "pintas.kiosk"):
        store = Store(db)
    try:
        recovery = store.recovery
        assert recovery is not None and set(recovery.lost) == lost
        assert recovery.kept == len(saves) - len(lost)
        for id, save in saves.items():
            if id in lost:
                with pytest.raises(DamagedRowError, match="lost when the damaged database was "
                                                          "repaired"):
                    store.load(id)
            else:
                table = store.load(id)
                assert table is not None and table.game.to_bytes().hex() == save
        assert store.count() == len(saves) - len(lost)
    finally:
        store.close()
    aside = Path(recovery.aside)
    assert aside.name.startswith("kiosk.db.damaged-") and aside.read_bytes() == before
    assert check(aside) and check(db) == []
    said = caplog.text
    assert f"kept {len(saves) - len(lost)} table(s)" in said and str(aside) in said
    assert all(id in said for id in lost)


def test_a_schema_0_file_with_a_damaged_page_is_repaired_then_migrated(db: Path) -> None:
    tables = make_schema_0(db, [COMPUTER_FIRST, PERSON_FIRST] * 20)
    checkpoint(db)
    leaves = [n for n, kind in pages(db, "tables") if kind == "leaf"]
    lost = set(ids_on_page(db, leaves[1]))
    overwrite_page(db, leaves[1])
    store = Store(db)
    try:
        assert store.recovery is not None and set(store.recovery.lost) == lost
        for table in tables:
            if table.id not in lost:
                assert store.load(table.id) is not None
        assert len(store.referee_ids()) == len([t for t in tables if t.id not in lost
                                                and not t.is_human(0)])
    finally:
        store.close()


def test_a_page_damaged_while_open_refuses_the_tables_it_holds_alone(db: Path) -> None:
    saves = many_tables(db)
    store = Store(db)
    try:
        leaves = [n for n, kind in pages(db, "tables") if kind == "leaf"]
        held = set(ids_on_page(db, leaves[2]))
        overwrite_page(db, leaves[2])
        with raw(db) as connection:   # another writer: the store reads the file afresh
            connection.execute("INSERT INTO lost VALUES ('x', 'a test', 0)")
        for id in saves:
            if id in held:
                with pytest.raises(DamagedRowError, match="pages holding it are damaged"):
                    store.load(id)
            else:
                assert store.load(id) is not None
        assert store.count() == len(saves)
    finally:
        store.close()
    Store(db).close()   # repaired at the next opening
    assert check(db) == []


def test_a_write_that_meets_a_damaged_neighbour_page_is_not_kept_but_its_table_lives(
        db: Path) -> None:
    """A row that grows must share out its page with the pages beside it: if
    one of those is damaged, the change cannot be written, though the table's
    own row is sound; it is not answered as a damaged table (the repair at the
    next opening keeps it)."""
    many_tables(db)
    checkpoint(db)
    leaves = [n for n, kind in pages(db, "tables") if kind == "leaf"]
    store = Store(db)
    try:
        neighbour = ids_on_page(db, leaves[1])[0]
        table = store.load(neighbour)
        assert table is not None
        overwrite_page(db, leaves[2])
        with raw(db) as connection:   # another writer: the store reads the file afresh
            connection.execute("INSERT INTO lost VALUES ('x', 'a test', 0)")
        table.timed_out.extend({"seat": 0, "version": 0} for _ in range(40))
        with pytest.raises(NotKeptError, match="damaged where this change had to be written"):
            store.update(table, referee=False, moves=0)
        assert store.load(neighbour) is not None
    finally:
        store.close()
    store = Store(db)
    try:
        assert store.recovery is not None and neighbour not in store.recovery.lost
        assert store.load(neighbour) is not None
    finally:
        store.close()


def test_recover_and_check_from_the_command_line(db: Path, capsys: Any) -> None:
    saves = many_tables(db, 12)
    checkpoint(db)
    assert store_module.main(["check", str(db)]) == 0
    root = pages(db, "tables")[0][0]
    overwrite_page(db, root)
    assert store_module.main(["check", str(db)]) == 1
    assert "integrity_check" in capsys.readouterr().out
    assert store_module.main(["repair", str(db)]) == 0
    assert check(db) == []
    store = Store(db)
    try:
        assert store.count() == len(saves) and store.recovery is None
    finally:
        store.close()
    damaged = sorted(db.parent.glob("kiosk.db.damaged-*"))
    assert damaged and not check(db)
    report = recover(db)   # asked for, on a sound file: every row kept
    assert report.kept == len(saves) and report.lost == []
