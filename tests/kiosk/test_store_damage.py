"""A real kiosk server (``python -m pintas kiosk`` in a child process) against
a damaged or failing disk (docs/kiosk.md, "Security: what the server refuses",
"From the disk"):

- every column of a row damaged (one bit flipped, and the attacks of the
  issue), on a table the referee must act on and on one a person is to move:
  the server starts, that table alone is answered ``410 corrupt_table``, and
  the other tables' computer seats go on moving;
- a page of the tables' b-tree (a leaf, the root) or of the id index
  overwritten with garbage: the server starts, repairs the file, serves and
  moves every table the damaged page did not hold, and says what it lost;
- the disk full, then space again; every write refused (as on a read-only
  file system), then allowed again; the database file read-only, then
  writable again: all with the server running, which answers
  ``503 not_kept`` meanwhile and keeps every change once it can.

The disk is made to fail without mount privileges: ``RLIMIT_FSIZE`` on the
server's process (lowered and raised again with ``prlimit``), and for the
read-only file, a server that cannot override file permissions even as root
(``CAP_DAC_OVERRIDE`` dropped from its capability bounding set).
"""

from __future__ import annotations

import ctypes
import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pintas.kiosk.store import Store, open_store
from tests.kiosk import damage as kit
from tests.kiosk.conftest import STORES
from tests.kiosk.server import ApiError, KioskServer

pytestmark = pytest.mark.skipif(sys.platform != "linux",
                                reason="RLIMIT_FSIZE, prlimit and capabilities as on Linux")

COMPUTER_FIRST = {"game": "farkle", "seats": ["random", "human"]}
PERSON_FIRST = {"game": "farkle", "seats": ["human", "random"]}
PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE = 1


class Server(KioskServer):
    """A kiosk server whose output is read through a pipe (a pipe has no
    file-size limit: the log goes on while the disk refuses writes) and whose
    process can be set up before it runs (``setup``, in the child)."""

    def __init__(self, db: Path | str, pace: float = 0.0,
                 setup: Callable[[], None] | None = None, log: Path | None = None) -> None:
        super().__init__(db, pace=pace, log=log)
        self.setup = setup
        self.lines: list[str] = []
        self._reader: threading.Thread | None = None

    def _spawn(self) -> subprocess.Popen[bytes]:
        setup = self.setup

        def child() -> None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails
            if setup is not None:
                setup()

        process = subprocess.Popen(self.command, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, preexec_fn=child)
        self._reader = threading.Thread(target=self._read, args=(process,), daemon=True)
        self._reader.start()
        return process

    def output(self) -> str:
        self._wait_for_output()
        return self.text

    def _read(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        with open(self.log, "ab") as log:
            for line in process.stdout:
                self.lines.append(line.decode(errors="replace"))
                log.write(line)
                log.flush()

    def _wait_for_output(self) -> None:
        if self._reader is not None:
            self._reader.join(10)

    def stop(self) -> None:
        super().stop()
        self._wait_for_output()

    def kill(self) -> None:
        super().kill()
        self._wait_for_output()

    @property
    def text(self) -> str:
        return "".join(self.lines)

    def file_size_limit(self, limit: int) -> None:
        """Set the running server's RLIMIT_FSIZE (bytes; -1: none)."""
        assert self.pid is not None
        _, hard = resource.prlimit(self.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(self.pid, resource.RLIMIT_FSIZE,
                         (resource.RLIM_INFINITY if limit < 0 else limit, hard))


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    """Servers to stop when the test ends, whatever happens."""
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def start(servers: list[Server], db: Path | str, pace: float = 0.0,
          setup: Callable[[], None] | None = None, log: Path | None = None) -> Server:
    server = Server(db, pace=pace, setup=setup, log=log)
    servers.append(server)
    server.start()
    return server


def gone(server: Server, id: str, token: str) -> dict[str, Any]:
    """The answer to a damaged table: 410 corrupt_table, naming it, for a read and a move."""
    answers = []
    for method, path, body in (("GET", f"/api/tables/{id}", None),
                               ("POST", f"/api/tables/{id}/moves", {"move": "roll"})):
        with pytest.raises(ApiError) as refused:
            server.call(method, path, body, token=token)
        assert refused.value.status == 410, (id, refused.value)
        assert isinstance(refused.value.body, dict), refused.value.body   # JSON, not a traceback
        assert refused.value.body["error"] == "corrupt_table" and id in \
            refused.value.body["message"]
        answers.append(refused.value.body)
    return answers[0]


def wait_for(what: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def version(server: Server, id: str, token: str) -> int:
    return int(server.call("GET", f"/api/tables/{id}", token=token)["version"])


def moves_on(server: Server, id: str, token: str) -> None:
    """Wait until the table's computer seat has moved (it was due)."""
    wait_for(lambda: version(server, id, token) >= 1)


def refused(server: Server, method: str, path: str, body: Any = None,
            token: str | None = None) -> ApiError:
    with pytest.raises(ApiError) as refusal:
        server.call(method, path, body, token=token)
    return refusal.value


# ---- a damaged row ----------------------------------------------------------------------------


@pytest.mark.stores(*STORES)
def test_every_damaged_column_is_answered_gone_and_the_rest_moves_on(
        db: Path | str, tmp_path: Path, servers: list[Server]) -> None:
    """In SQLite, and in PostgreSQL (a column altered behind the store's back:
    every damage its column types let through)."""
    store = open_store(db)
    damaged: dict[str, tuple[str, str]] = {}   # id -> (how, a human seat's token)
    for how in kit.damages(db):
        for body in (COMPUTER_FIRST, PERSON_FIRST):
            id, tokens = kit.make_table(store, body)
            damaged[id] = (how, next(iter(tokens.values())))
    computers = [kit.make_table(store, COMPUTER_FIRST) for _ in range(3)]
    person, person_tokens = kit.make_table(store, PERSON_FIRST)
    store.close()
    for id, (how, _) in damaged.items():
        kit.damage(db, id, how)
    server = start(servers, db, log=tmp_path / "kiosk.log")
    for id, (how, token) in damaged.items():
        answer = gone(server, id, token)
        assert answer["message"], how
    for id, tokens in computers:   # their computer seats were due: they moved
        moves_on(server, id, tokens["1"])
    assert server.call("POST", f"/api/tables/{person}/moves", {"move": "roll"},
                       token=person_tokens["0"])["version"] == 1
    assert server.call("POST", "/api/tables", {**PERSON_FIRST, "seed": 1})["version"] == 0
    server.stop()
    assert "Traceback" not in server.text
    for id in damaged:
        assert id in server.text   # each said once in the log


# ---- damaged pages ------------------------------------------------------------------------------


def played_tables(db: Path, count: int) -> dict[str, tuple[dict[str, str], int, bool]]:
    """``count`` tables, a third with a computer seat to move, the others a few
    moves into a game of Muggins: id -> (tokens, version, a computer to move)."""
    store = Store(db)
    made = {}
    for n in range(count):
        if n % 3 == 0:
            id, tokens = kit.make_table(store, {**COMPUTER_FIRST, "seed": n})
            made[id] = (tokens, 0, True)
            continue
        id, tokens = kit.make_table(store, {"game": "muggins", "seats": ["human", "human", "human"],
                                        "seed": n})
        table = kit.play_on(store, id, n % 7, lambda legal: legal[0])
        made[id] = (tokens, table.version, False)
    store.close()
    return made


def served_after_repair(server: Server, made: dict[str, tuple[dict[str, str], int, bool]],
                        lost: set[str]) -> None:
    """After a repair: the ``lost`` tables answered gone, every other one as
    it was, its computer seats moving."""
    for id, (tokens, played, computer) in made.items():
        token = next(iter(tokens.values()))
        if id in lost:
            assert "lost when the damaged database was repaired" in gone(server, id,
                                                                          token)["message"]
        elif computer:
            moves_on(server, id, token)
        else:
            assert version(server, id, token) == played


@pytest.mark.parametrize("where", ["leaf", "root", "index"])
def test_a_damaged_page_costs_only_the_tables_it_held(tmp_path: Path, servers: list[Server],
                                                      where: str) -> None:
    db = tmp_path / "kiosk.db"
    made = played_tables(db, 60)
    kit.checkpoint(db)
    tree = kit.pages(db, "sqlite_autoindex_tables_1" if where == "index" else "tables")
    leaves = [n for n, kind in tree if kind == "leaf"]
    page = leaves[len(leaves) // 2] if where == "leaf" else tree[0][0]
    lost = set(kit.ids_on_page(db, page)) if where == "leaf" else set()
    assert where == "index" or tree[0][1] == "internal"
    kit.overwrite_page(db, page, seed=len(where))
    server = start(servers, db)
    served_after_repair(server, made, lost)
    said = server.text
    assert f"kept {len(made) - len(lost)} table(s)" in said
    assert ("lost none" in said) if not lost else all(id in said for id in lost)
    aside = [p for p in tmp_path.iterdir() if re.fullmatch(r"kiosk\.db\.damaged-\d{8}T\d{6}Z",
                                                           p.name)]
    assert len(aside) == 1 and f"moved the damaged file to {aside[0]}" in said
    assert server.call("POST", "/api/tables", {**PERSON_FIRST, "seed": 1})["version"] == 0
    server.stop()
    assert "Traceback" not in server.text


def test_a_page_damaged_while_the_server_runs_costs_only_its_tables(
        tmp_path: Path, servers: list[Server]) -> None:
    """A leaf page overwritten under a running server: the tables it holds are
    answered gone when they are read from it (a table the server holds in
    memory is served as it was until then); every other table is served, and
    moved on unless its move had to touch the damaged page (SQLite rebalances
    a page with its neighbours): that move waits, ``not_kept``, for the
    restart, which repairs the file and loses only the page's own tables.
    (Another connection's write makes the server read the file afresh, as it
    would once its cache let the page go.)"""
    db = tmp_path / "kiosk.db"
    made = played_tables(db, 60)
    server = start(servers, db)
    leaves = [n for n, kind in kit.pages(db, "tables") if kind == "leaf"]
    page = next(n for n in leaves if not all(made[id][2] for id in kit.ids_on_page(db, n)))
    held = set(kit.ids_on_page(db, page))
    kit.overwrite_page(db, page, seed=7)
    with kit.raw(db) as connection:
        connection.execute("INSERT INTO lost VALUES ('0000000000000000', 'a test', 0)")
    time.sleep(0.5)   # the computer seats' moves, or their refusals
    for id, (tokens, played, computer) in made.items():
        token = next(iter(tokens.values()))
        if id in held and not computer:   # not in the server's memory: read from the page
            assert "pages holding it are damaged" in gone(server, id, token)["message"]
        elif id in held:
            try:
                assert version(server, id, token) >= 0
            except ApiError as error:
                assert error.status == 410 and error.body["error"] == "corrupt_table"
        else:
            assert version(server, id, token) >= played
    assert "restart the server to repair it" in server.text
    server.stop()
    server = start(servers, db)
    served_after_repair(server, made, held)
    assert f"kept {len(made) - len(held)} table(s)" in server.text


# ---- writes that fail, then succeed again ------------------------------------------------------


def test_a_full_disk_then_space_again_without_a_restart(tmp_path: Path,
                                                        servers: list[Server]) -> None:
    """Two failures in turn: a full disk (writes stop part-way: 4 KiB allowed,
    "database or disk is full" or an I/O error), and a disk that refuses every
    write (no byte allowed, as a file system remounted read-only does); after
    each, space again, and every change made, kept."""
    db = tmp_path / "kiosk.db"
    server = start(servers, db, pace=0.5)
    table = server.call("POST", "/api/tables", {**PERSON_FIRST, "seed": 3})
    id, token = table["id"], table["tokens"]["0"]
    for limit in (4096, 0):
        # a computer seat due in half a second, while the disk refuses its move
        computer = server.call("POST", "/api/tables", {**COMPUTER_FIRST, "seed": limit})
        server.file_size_limit(limit)
        before = server.call("GET", f"/api/tables/{id}", token=token)
        move = {"move": before["legal_moves"][0]}
        error = refused(server, "POST", f"/api/tables/{id}/moves", move, token)
        assert error.status == 503 and error.body["error"] == "not_kept", error
        error = refused(server, "POST", "/api/tables", PERSON_FIRST)
        assert error.status == 503 and error.body["error"] == "not_kept", error
        time.sleep(1.0)
        assert server.call("GET", f"/api/tables/{id}", token=token) == before  # nothing changed
        assert version(server, computer["id"], computer["tokens"]["1"]) == 0
        server.file_size_limit(-1)   # space again: no restart
        answer = server.call("POST", f"/api/tables/{id}/moves", move, token=token)
        assert answer["version"] == before["version"] + 1
        assert server.call("POST", "/api/tables", PERSON_FIRST)["version"] == 0
        moves_on(server, computer["id"], computer["tokens"]["1"])
    said = server.text
    assert "database or disk is full" in said or "disk I/O error" in said
    kept = version(server, id, token)
    server.kill()   # what was answered is on disk
    server = start(servers, db)
    assert version(server, id, token) == kept


def _cannot_override_permissions() -> None:
    """In the child: even as root, obey files' permissions (no CAP_DAC_OVERRIDE)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) refused")


def test_a_read_only_database_is_written_once_it_is_writable_again(
        tmp_path: Path, servers: list[Server]) -> None:
    db = tmp_path / "kiosk.db"
    store = Store(db)
    person, tokens = kit.make_table(store, {**PERSON_FIRST, "seed": 5})
    computer, computer_tokens = kit.make_table(store, {**COMPUTER_FIRST, "seed": 6})
    store.close()
    db.chmod(0o444)
    setup = _cannot_override_permissions if os.geteuid() == 0 else None
    try:
        server = start(servers, db, setup=setup)
    except subprocess.SubprocessError:   # prctl refused in the child
        pytest.skip("this root may not drop CAP_DAC_OVERRIDE from its children")
    try:
        state = server.call("GET", f"/api/tables/{person}", token=tokens["0"])   # reads go on
        error = refused(server, "POST", f"/api/tables/{person}/moves", {"move": "roll"},
                        tokens["0"])
        assert error.status == 503 and error.body["error"] == "not_kept", error
        assert "readonly" in error.body["message"]
        wait_for(lambda: f"table {computer}: the table could not be kept" in server.text)
        db.chmod(0o644)   # writable again, the server still running
        assert server.call("POST", f"/api/tables/{person}/moves", {"move": "roll"},
                           token=tokens["0"])["version"] == state["version"] + 1
        moves_on(server, computer, computer_tokens["1"])
        assert server.call("POST", "/api/tables", PERSON_FIRST)["version"] == 0
    finally:
        db.chmod(0o644)
