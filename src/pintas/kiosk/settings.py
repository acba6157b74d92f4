"""What an operator may set on a kiosk server, in one place, with defaults
that suit a kiosk on its own machine (docs/kiosk.md, "Running it").

The command line (``python -m pintas kiosk --help``) sets each field;
:class:`~pintas.kiosk.service.Kiosk` and :func:`~pintas.kiosk.app.make_app`
take the whole value. Standard library only.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

__all__ = ["Settings"]


@dataclass(frozen=True)
class Settings:
    """A kiosk server's settings; every field has a default that is safe to serve."""

    # -- the tables --------------------------------------------------------------------------

    #: Seconds a computer player waits before it moves, so that people see each move.
    pace: float = 0.8
    #: Let a table's creator choose its seed (every seat is then told so).
    allow_seeds: bool = False
    #: Unfinished tables one client (an address) may have at once.
    tables_per_client: int = 20
    #: Unfinished tables the whole server may have at once.
    max_tables: int = 2000
    #: Hours a table is kept after its last move; then it is deleted.
    expire_hours: float = 24.0
    #: Seconds after the last request of any of its seats when the referee
    #: stops acting on a table (its clock and computer seats sleep until a
    #: seat asks again).
    idle_seconds: float = 120.0
    #: Threads that choose the computer seats' moves (each table one at a time).
    workers: int = 2
    #: On a table with a clock, the longest a round's end waits for every
    #: person to go on (seconds); without a clock it waits for them all.
    break_seconds: float = 60.0

    # -- the web server ----------------------------------------------------------------------

    #: Host names served besides IP addresses and ``localhost`` (DNS rebinding:
    #: any other name in a request's Host is refused).
    allowed_hosts: tuple[str, ...] = ()
    #: Origins (``scheme://host[:port]``) allowed to change tables besides the
    #: server's own.
    allowed_origins: tuple[str, ...] = ()
    #: Seconds a connection may take to send a request's headers, and its body.
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    #: Seconds an idle kept-alive connection stays open.
    keep_alive: float = 5.0
    #: Connections open at once (None: as many as the open-files limit allows,
    #: less what the server needs for itself).
    max_connections: int | None = None
    #: Tables one client may create: ``create_burst`` at once, then
    #: ``create_per_minute`` a minute (0: no limit).
    create_per_minute: float = 10.0
    create_burst: int = 10
    #: Seconds a person to move may be out of contact (no request, no long
    #: poll or socket open) before the computer plays for them, as the clock
    #: does when it runs out (0: never).
    absent_seconds: float = 0.0

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or value is None or isinstance(value, tuple):
                continue
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise ValueError(f"{f.name} must be a finite number >= 0: got {value!r}")
        for name in ("tables_per_client", "max_tables", "workers", "create_burst"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number >= 1: got {value!r}")
        if self.max_connections is not None and (not isinstance(self.max_connections, int)
                                                 or self.max_connections < 8):
            raise ValueError(f"max_connections must be a whole number >= 8 or None: "
                             f"got {self.max_connections!r}")
        for name in ("header_timeout", "body_timeout", "keep_alive"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be more than 0 seconds: got {getattr(self, name)!r}")

    def but(self, **changes: object) -> Settings:
        """These settings with some fields changed."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]
