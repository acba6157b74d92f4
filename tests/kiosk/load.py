"""Clients that load a real kiosk server (tests/kiosk/server.py): a person
who plays a table as fast as the server lets them and times the computer's
replies. Used by the referee's attack tests and benchmarks/kiosk_referee.py."""

from __future__ import annotations

import threading
import time
from typing import Any

from .server import KioskServer

__all__ = ["Player", "table"]


def table(server: KioskServer, game: str, seats: list[str], **fields: Any) -> tuple[str, str]:
    """A new table: its id and its first human seat's token."""
    made = server.call("POST", "/api/tables", {"game": game, "seats": seats, **fields})
    return made["id"], made["tokens"][min(made["tokens"], key=int)]


class Player(threading.Thread):
    """A person who plays a table's human seat as fast as the server lets
    them, goes on from every round's end, and times each of the computer's
    replies: from their move's answer to their next turn, per move between."""

    def __init__(self, server: KioskServer, id: str, token: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.server, self.id, self.token, self.stop = server, id, token, stop
        self.per_move: list[float] = []
        self.errors: list[str] = []

    def run(self) -> None:
        try:
            self.play()
        except Exception as error:  # reported by the test
            self.errors.append(repr(error))

    def play(self) -> None:
        path = f"/api/tables/{self.id}"
        state = self.server.call("GET", path, token=self.token)
        moved: tuple[float, int] | None = None
        while not self.stop.is_set() and not state["is_over"]:
            pause = state["break"]
            if pause is not None:
                self.server.call("POST", path + "/continue", {"round": pause["round"]},
                                 token=self.token)
                moved = None
            elif state["your_turn"]:
                if moved is not None and state["version"] > moved[1]:
                    self.per_move.append((time.monotonic() - moved[0])
                                         / (state["version"] - moved[1]))
                answer = self.server.call("POST", path + "/moves",
                                          {"move": state["legal_moves"][0]}, token=self.token)
                moved = (time.monotonic(), answer["version"])
            state = self.server.call("GET", f"{path}?after={state['revision']}&wait=5",
                                     token=self.token)
