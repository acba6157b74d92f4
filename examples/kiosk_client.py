"""Play a kiosk table from another program, through the kiosk's JSON API
(docs/kiosk.md), with nothing but the standard library.

The program takes seat 0 of a Farkle table against the computer's strongest
player (at dice, the optimal policy), and banks as soon as its turn is worth
300 points. It starts its own kiosk server on a free port with a throwaway
database, unless given the address of one that runs.

Run: python examples/kiosk_client.py [http://127.0.0.1:8000]
(the server needs Starlette and uvicorn, pintas's kiosk extra: docs/kiosk.md)
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One request; its JSON answer (an error's JSON answer is raised as RuntimeError)."""
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        raise RuntimeError(json.loads(error.read())) from None


def choose(state: dict[str, Any]) -> str:
    """Bank at 300 or more; else keep the most dice that score, then roll."""
    moves: list[str] = state["legal_moves"]
    if "bank" in moves and state["view"]["turn_total"] >= 300:
        return "bank"
    keeps = [m for m in moves if m.startswith("keep")]
    return max(keeps, key=len) if keeps else moves[0]


def play(base: str) -> None:
    table = call(base, "POST", "/api/tables",
                 {"game": "farkle", "options": {"target": 2000}, "seats": ["human", "search"]})
    id, token = table["id"], table["tokens"]["0"]
    seen, wait = 0, ""
    while True:
        state = call(base, "GET", f"/api/tables/{id}?since={seen}{wait}", token=token)
        for event in state["log"]:
            print(event["text"])
        seen, version = state["log_length"], state["version"]
        # then the long poll: answers as soon as anything changed, or after 20 s
        wait = f"&after={state['revision']}&wait=20"
        if state["is_over"]:
            names = ", ".join(state["side_names"][side] for side in state["winners"])
            print(f"over after {version} moves: {state['scores']}, won by {names}")
            return
        if state["your_turn"]:
            call(base, "POST", f"/api/tables/{id}/moves", {"move": choose(state)}, token=token)


def own_server(folder: Path) -> tuple[str, subprocess.Popen[bytes]]:
    """A kiosk server of our own on a free port, and its process."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "pintas", "kiosk", "--port", str(port),
                               "--db", str(folder / "kiosk.db"), "--pace", "0"])
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            call(base, "GET", "/api/games")
            return base, server
        except (OSError, RuntimeError):
            time.sleep(0.05)
    server.kill()
    raise SystemExit("the kiosk server did not start")


def main() -> None:
    if len(sys.argv) > 1:
        play(sys.argv[1].rstrip("/"))
        return
    with tempfile.TemporaryDirectory() as folder:
        base, server = own_server(Path(folder))
        try:
            play(base)
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
