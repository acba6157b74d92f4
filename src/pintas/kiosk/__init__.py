"""The kiosk: a touch page for every game and the JSON API behind it, with
every table kept in SQLite so that a power cut loses nothing (docs/kiosk.md),
or in PostgreSQL for workers that share one database.

``python -m pintas kiosk [--host 127.0.0.1] [--port 8000] [--db PATH|URL]``
serves it. The web app needs the ``kiosk`` extra (docs/kiosk.md says how to install it:
Starlette and uvicorn); ``import pintas`` never imports this package, and
:class:`~pintas.kiosk.service.Kiosk` (the tables, with no HTTP) needs nothing
but the standard library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ..errors import CorruptStateError

if TYPE_CHECKING:
    from .settings import Settings

__all__ = ["serve"]

NEEDS = ("the kiosk needs Starlette and uvicorn, pintas's kiosk extra: "
         "python -m pip install 'starlette>=0.37' 'uvicorn>=0.29'")


def serve(host: str, port: int, db: str, settings: Settings, err: TextIO) -> int:
    """Serve the kiosk until interrupted; the exit status."""
    try:
        from .app import make_app
        from .connections import check_uvicorn
    except ImportError as error:
        err.write(f"pintas kiosk: {NEEDS} ({error})\n")
        return 2
    from .connections import serving
    from .service import Kiosk

    try:
        check_uvicorn()   # the connection guard builds on uvicorn's h11 protocol
    except RuntimeError as error:
        err.write(f"pintas kiosk: {error}\n")
        return 2
    from .postgres import redacted
    from .rows import DATABASE_FAILURES
    unopened: tuple[type[Exception], ...] = (*DATABASE_FAILURES, ImportError, OSError,
                                              CorruptStateError)
    try:
        kiosk = Kiosk(db, settings=settings)
    except unopened as error:
        err.write(f"pintas kiosk: {error}\n")   # (a database it cannot open, or refuses)
        return 2
    try:
        server = serving(make_app(kiosk), settings, host, port)
    except OSError as error:
        kiosk.close()
        err.write(f"pintas kiosk: cannot listen on {host}:{port}: {error}\n")
        return 1
    err.write(f"pintas kiosk: serving http://{host}:{port}/ (tables in {redacted(db)}; at most "
              f"{server.guard.max_connections} connections at once)\n")
    server.run()
    return 0
