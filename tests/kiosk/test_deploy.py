"""What docs/server.md says about running the kiosk on several machines,
proven where it can be here, with the files it ships (deploy/):

- the systemd unit's command line, with the example settings, is one the
  server's own parser takes, every option existing and in range;
- nginx with the documented configuration in front of two servers on one
  PostgreSQL database carries a move, a long poll and a WebSocket, and a move
  made on either server wakes the waiters behind the proxy (skipped without
  nginx, unless PINTAS_NGINX_REQUIRED is set: then it fails; CI sets it);
- a pg_dump of a database with tables in play, restored into a fresh
  database, is carried on by a server started on it (skipped without
  pg_dump, unless PINTAS_POSTGRES_REQUIRED is set).
"""

from __future__ import annotations

import functools
import io
import os
import shlex
import shutil
import subprocess
import time
import urllib.parse
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from pintas.cli import kiosk_settings, make_parser
from tests.kiosk.postgres import fresh_schema, server_url
from tests.kiosk.push import HEARD_WITHIN, TWO_PEOPLE, _Heard, long_poll, seat_to_move, until
from tests.kiosk.server import Connection, KioskServer, free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


# -- the systemd unit ---------------------------------------------------------------------------


def environment_file(path: Path) -> dict[str, str]:
    """The variables of a systemd EnvironmentFile (NAME=value lines)."""
    found = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            found[name.strip()] = value.strip()
    return found


def exec_start(unit: Path, environment: dict[str, str], instance: str) -> list[str]:
    """The unit's ExecStart as systemd runs it: ``${NAME}`` one word,
    ``$NAME`` split on white space, ``%i`` the instance."""
    lines = [line for line in unit.read_text().splitlines() if line.startswith("ExecStart=")]
    assert len(lines) == 1, lines
    words: list[str] = []
    for word in shlex.split(lines[0].removeprefix("ExecStart=")):
        if word.startswith("$") and not word.startswith("${"):
            words += environment[word[1:]].split()
            continue
        for name, value in environment.items():
            word = word.replace("${" + name + "}", value)
        assert "$" not in word, f"{word!r}: a variable the environment file does not set"
        words.append(word.replace("%i", instance))
    return words


def test_the_systemd_unit_runs_the_kiosk_with_options_it_takes() -> None:
    unit = DEPLOY / "systemd" / "pintas-kiosk@.service"
    environment = environment_file(DEPLOY / "systemd" / "kiosk.env")
    command = exec_start(unit, environment, "8001")
    assert command[1:4] == ["-m", "pintas", "kiosk"], command
    args = make_parser(io.StringIO()).parse_args(command[3:])   # exits on an unknown option
    settings = kiosk_settings(args)   # ValueError for a value out of range
    assert args.port == 8001 and args.db == environment["PINTAS_DB"]
    assert args.db.startswith("postgresql://") and args.host == "127.0.0.1"
    assert settings.allowed_hosts == ("pintas.example",)
    assert settings.allowed_origins == ("https://pintas.example",)
    assert settings.create_per_minute == 0   # nginx limits it, per client
    assert "EnvironmentFile=/etc/pintas/kiosk.env" in unit.read_text()
    assert "WantedBy=pintas-kiosk.target" in unit.read_text()
    assert (DEPLOY / "systemd" / "pintas-kiosk.target").exists()


def test_a_variable_the_environment_does_not_set_is_found(tmp_path: Path) -> None:
    unit = tmp_path / "u.service"
    unit.write_text("[Service]\nExecStart=/bin/python -m pintas kiosk --db ${NOPE}\n")
    with pytest.raises(AssertionError, match="NOPE"):
        exec_start(unit, {}, "1")


# -- nginx in front of two servers --------------------------------------------------------------


def _nginx() -> str:
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.path.exists(p)), None)
    if found is None:
        if os.environ.get("PINTAS_NGINX_REQUIRED"):
            pytest.fail("nginx is required (PINTAS_NGINX_REQUIRED) but is not installed")
        pytest.skip("no nginx (apt-get install nginx)")
    return found


def nginx_config(folder: Path, port: int, backends: list[int]) -> Path:
    """An nginx.conf in ``folder`` that listens on ``port`` and includes the
    shipped files (deploy/nginx), the upstream's two servers on ``backends``."""
    upstream = (DEPLOY / "nginx" / "pintas-upstream.conf").read_text()
    for shipped, port_here in zip(("127.0.0.1:8001", "127.0.0.1:8002"), backends, strict=True):
        assert shipped in upstream
        upstream = upstream.replace(shipped, f"127.0.0.1:{port_here}")
    (folder / "pintas-upstream.conf").write_text(upstream)
    for name in ("pintas-proxy.conf", "pintas-proxy-headers.conf"):
        shutil.copy(DEPLOY / "nginx" / name, folder / name)
    for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / name).mkdir()
    temp = "\n".join(f"    {name}_temp_path {folder / t};" for name, t in (
        ("client_body", "body"), ("proxy", "proxy"), ("fastcgi", "fastcgi"),
        ("uwsgi", "uwsgi"), ("scgi", "scgi")))
    config = folder / "nginx.conf"
    config.write_text(f"""{'user root;' if os.getuid() == 0 else ''}
worker_processes 1;
pid {folder / 'nginx.pid'};
error_log {folder / 'error.log'};
events {{ worker_connections 256; }}
http {{
    access_log off;
{temp}
    include pintas-upstream.conf;
    server {{
        listen 127.0.0.1:{port};
        include pintas-proxy.conf;
    }}
}}
""")
    return config


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[int, list[KioskServer]]]:
    """nginx's port, in front of two servers on one fresh PostgreSQL schema."""
    nginx = _nginx()
    with fresh_schema() as url:
        servers = [KioskServer(url, log=tmp_path / f"server{i}.log") for i in range(2)]
        port = free_port()
        config = nginx_config(tmp_path, port, [s.port for s in servers])
        process = None
        try:
            for server in servers:
                server.start()
            process = subprocess.Popen([nginx, "-p", str(tmp_path), "-c", str(config), "-g",
                                        "daemon off;"], stderr=subprocess.PIPE)
            assert until(lambda: _answers(port) or process.poll() is not None, 10)
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            yield port, servers
        finally:
            if process is not None:
                process.terminate()
                process.wait(10)
            for server in servers:
                server.stop()


def _answers(port: int) -> bool:
    try:
        with Connection(port, timeout=2) as connection:
            connection.call("GET", "/api/games")
        return True
    except OSError:
        return False


def test_nginx_carries_moves_long_polls_and_websockets_from_either_server(
        proxied: tuple[int, list[KioskServer]]) -> None:
    port, servers = proxied
    with Connection(port) as front:
        made = front.call("POST", "/api/tables", TWO_PEOPLE)
        id, tokens = made["id"], made["tokens"]
        socket = _Heard(f"ws://127.0.0.1:{port}/api/tables/{id}/socket", tokens["0"])
        try:
            # a move through nginx, then one on each server: each wakes the waiters behind it
            for mover in (None, *servers):
                seat, state = seat_to_move(front.call, id, tokens)
                poller = Connection(port)
                poll, answers = long_poll(poller.call, id, tokens["0"], state["revision"], 20)
                time.sleep(0.2)   # (the poll waits behind nginx)
                move = {"move": state["legal_moves"][0], "version": state["version"]}
                if mover is None:
                    front.call("POST", f"/api/tables/{id}/moves", move, token=tokens[seat])
                else:
                    mover.call("POST", f"/api/tables/{id}/moves", move, token=tokens[seat])
                poll.join(HEARD_WITHIN)
                poller.close()
                assert answers and answers[0][1]["version"] == state["version"] + 1, mover
                revision = state["revision"] + 1
                assert until(functools.partial(socket.at.__contains__, revision)), mover
        finally:
            socket.close()


# -- a backup, restored ------------------------------------------------------------------------


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        if os.environ.get("PINTAS_POSTGRES_REQUIRED"):
            pytest.fail(f"{name} is required (PINTAS_POSTGRES_REQUIRED) but is not installed")
        pytest.skip(f"no {name}")
    return found


def _in_database(url: str, database: str) -> str:
    """``url`` with its database changed to ``database``."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + database))


def test_a_dump_restored_into_a_fresh_database_carries_on(tmp_path: Path) -> None:
    import psycopg

    pg_dump, pg_restore = _tool("pg_dump"), _tool("pg_restore")
    base = server_url()
    with fresh_schema() as url:
        schema = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["options"][0]
        schema = schema.removeprefix("-csearch_path=")
        with KioskServer(url, log=tmp_path / "before.log") as server:
            people = server.call("POST", "/api/tables", TWO_PEOPLE)
            computer = server.call("POST", "/api/tables", {
                "game": "muggins", "seats": ["human", "random"], "seed": 3})
            for _ in range(3):   # tables in play: moves made, and the dump taken meanwhile
                seat, state = seat_to_move(server.call, people["id"], people["tokens"])
                server.call("POST", f"/api/tables/{people['id']}/moves",
                            {"move": state["legal_moves"][0], "version": state["version"]},
                            token=people["tokens"][seat])
            dump = tmp_path / "pintas.dump"
            subprocess.run([pg_dump, "--format=custom", "--schema", schema, "--file", str(dump),
                            "--dbname", base], check=True, capture_output=True, timeout=60)
            kept = server.call("GET", f"/api/tables/{people['id']}", token=people["tokens"]["0"])
    database = "restored_" + uuid.uuid4().hex[:12]
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {database}")
    try:
        restored = _in_database(url, database)
        subprocess.run([pg_restore, "--no-owner", "--dbname", _in_database(base, database),
                        str(dump)], check=True, capture_output=True, timeout=60)
        with KioskServer(restored, log=tmp_path / "after.log") as server:
            state = server.call("GET", f"/api/tables/{people['id']}",
                                token=people["tokens"]["0"])
            assert state["version"] == kept["version"] == 3
            seat, state = seat_to_move(server.call, people["id"], people["tokens"])
            moved = server.call("POST", f"/api/tables/{people['id']}/moves",
                                {"move": state["legal_moves"][0], "version": state["version"]},
                                token=people["tokens"][seat])
            assert moved["version"] == 4
            # the computer seat's table is served too, and its referee carries on
            table = f"/api/tables/{computer['id']}"
            token = computer["tokens"]["0"]

            def computer_moved() -> bool:
                now = server.call("GET", table, token=token)
                if now["your_turn"] and now["break"] is None:
                    server.call("POST", table + "/moves", {"move": now["legal_moves"][0],
                                                           "version": now["version"]},
                                token=token)
                return bool(now["version"] >= 2)

            assert until(computer_moved, HEARD_WITHIN * 2)
    finally:
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {database} WITH (FORCE)")


# -- the documentation -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["systemd/pintas-kiosk@.service", "systemd/kiosk.env",
                                  "nginx/pintas-upstream.conf", "nginx/pintas-proxy.conf",
                                  "nginx/pintas-proxy-headers.conf", "nginx/pintas-site.conf"])
def test_docs_show_each_shipped_file_as_it_is(name: str) -> None:
    docs = (DEPLOY.parent / "docs" / "server.md").read_text()
    text = (DEPLOY / name).read_text().rstrip("\n")
    assert f"\n{text}\n```" in docs, f"docs/server.md does not show deploy/{name} as it is"
