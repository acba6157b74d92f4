"""A kiosk server in its own process, for the tests that need a real one (the
crash test, the browser test) and for the benchmarks: start it on a free
port, talk to it over HTTP, kill it with SIGKILL, start it again on the same
database."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Any

from pintas.kiosk.postgres import is_postgres_url

__all__ = ["RELAXED", "ApiError", "Connection", "KioskServer", "free_port"]

#: The options a test server starts with unless told otherwise: the crash and
#: browser tests create many tables from one address and choose their seeds.
RELAXED = ("--create-per-minute", "0", "--tables-per-client", "100000", "--max-tables",
           "100000", "--allow-seeds")


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ApiError(Exception):
    """A 4xx or 5xx answer: its status and its JSON body."""

    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"{status}: {body!r}")
        self.status = status
        self.body = body


def _parse(status: int, text: bytes) -> Any:
    """The JSON of an answer, or ApiError for a 4xx or 5xx."""
    try:
        parsed: Any = json.loads(text)
    except ValueError:
        parsed = text.decode(errors="replace")
        if status < 400:
            raise ApiError(status, parsed) from None
    if status >= 400:
        raise ApiError(status, parsed)
    return parsed


class Connection:
    """One kept-alive HTTP connection to a kiosk server, for clients that send
    many requests (the crash test, the soak benchmark).

    A request that fails on the wire raises (OSError or
    http.client.HTTPException) and is never sent again by this class: whether
    a move whose answer was lost landed is the caller's question.
    """

    #: Open a new connection before a request when the kept one has been idle
    #: this long, so the server's keep-alive timeout (5 s by default) never
    #: closes it under a request.
    IDLE = 2.0

    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 30.0) -> None:
        self.host = host
        self.port = port
        self.timeout = timeout
        self._http: http.client.HTTPConnection | None = None
        self._used = 0.0
        #: How many TCP connections were opened (a client of keep-alive opens few).
        self.opened = 0

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        """Send one request as given; its status and body."""
        now = time.monotonic()
        if self._http is not None and now - self._used > self.IDLE:
            self.close()
        if self._http is None:
            self._http = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            self.opened += 1
        try:
            self._http.request(method, path, body=body, headers=headers or {})
            answer = self._http.getresponse()
            data = answer.read()
        except BaseException:
            self.close()
            raise
        self._used = time.monotonic()
        if answer.will_close:
            self.close()
        return answer.status, data

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        """The JSON answer of one request (ApiError for a 4xx or 5xx)."""
        headers: dict[str, str] = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        status, text = self.request(method, path, data, headers)
        return _parse(status, text)

    def close(self) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


class KioskServer:
    """``python -m pintas kiosk`` on ``db`` (an SQLite file's path, or a
    PostgreSQL URL with ``log``, where its output goes), in a child process.

    ``options``: the command's options besides the port, database and pace
    (default :data:`RELAXED`); ``extra``: more, after them (an option given
    twice takes its last value). ``open_files``: the process's limit of open
    files, soft and hard (default: this process's).

    >>> with KioskServer(tmp_path / "k.db", pace=0) as server:   # doctest: +SKIP
    ...     body = {"game": "farkle", "seats": ["human", "random"]}
    ...     table = server.call("POST", "/api/tables", body)
    """

    def __init__(self, db: Path | str, pace: float = 0.0, port: int | None = None,
                 extra: tuple[str, ...] = (), options: tuple[str, ...] = RELAXED,
                 open_files: int | None = None, log: Path | None = None) -> None:
        self.db = db if is_postgres_url(db) else Path(db)
        self.pace = pace
        self.port = port or free_port()
        self.extra = extra
        self.options = options
        self.open_files = open_files
        self.process: subprocess.Popen[bytes] | None = None
        self.log = log or Path(db).with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def command(self) -> list[str]:
        """The server's command line."""
        return [sys.executable, "-m", "pintas", "kiosk", "--port", str(self.port),
                "--db", str(self.db), "--pace", str(self.pace), *self.options, *self.extra]

    def start(self, timeout: float = 30.0) -> None:
        """Start the server and wait until it answers."""
        self.process = self._spawn()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the kiosk server exited with {self.process.returncode}:\n"
                                   + self.output()[-4000:])
            try:
                self.call("GET", "/api/games")
                return
            except (OSError, ApiError):
                time.sleep(0.05)
        raise RuntimeError("the kiosk server did not answer in time")

    def _spawn(self) -> subprocess.Popen[bytes]:
        """The server's process, writing to :attr:`log`."""
        with open(self.log, "ab") as log:
            return subprocess.Popen(self.command, stdout=log, stderr=subprocess.STDOUT,
                                    preexec_fn=None if self.open_files is None else self._limit)

    def output(self) -> str:
        """What the server has written (all of it, once it has stopped)."""
        return self.log.read_text(errors="replace")

    def _limit(self) -> None:
        """In the child, before the server starts: its open-files limit."""
        if self.open_files is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def kill(self) -> None:
        """SIGKILL: the process gets no chance to tidy up, as in a power cut."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None

    def stop(self) -> None:
        """Stop politely (SIGTERM), or kill after a few seconds."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def restart(self) -> None:
        self.kill()
        self.start()

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             timeout: float = 30.0) -> Any:
        """The JSON answer of one request (ApiError for a 4xx or 5xx)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return _parse(error.code, error.read())

    def connect(self, timeout: float = 30.0) -> Connection:
        """A kept-alive connection to this server (it follows no restart on
        another port: restart() keeps the port)."""
        return Connection(self.port, timeout=timeout)

    @property
    def pid(self) -> int | None:
        """The server process's id while it runs."""
        return None if self.process is None else self.process.pid

    def __enter__(self) -> KioskServer:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
