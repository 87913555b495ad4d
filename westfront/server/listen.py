"""Websocket fan-out across server processes through PostgreSQL LISTEN/NOTIFY.

With several server processes on one PostgreSQL database, a move committed by
one process must reach the websockets held by the others. Every write sends
``NOTIFY westfront, '<game id> <version> <process>'`` in its own transaction
(:class:`~westfront.server.store.Store`), so the notice arrives exactly when the
move is durable. Each process runs one :class:`Listener` thread on a dedicated
connection; for a notice from another process about a game with sockets here,
it brings its copy of the game up to date and pushes each seat its payload.
SQLite has no such channel: it stays the single-process default.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from .store import CHANNEL

log = logging.getLogger("westfront.server")


def libpq_dsn(url: str) -> str:
    """The SQLAlchemy URL as a libpq connection string for psycopg."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """A daemon thread calling ``on_notice(game_id, version)`` for other processes' writes."""

    def __init__(self, url: str, me: str, on_notice: Callable[[str, int], None]):
        self.dsn = libpq_dsn(url)
        self.me = me
        self.on_notice = on_notice
        self._stop = threading.Event()
        self.ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="westfront-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        import psycopg  # the postgres extra; only needed when this runs

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            self._handle(n.payload)
            except Exception:  # noqa: BLE001 - reconnect after a dropped connection
                log.exception("LISTEN %s failed; reconnecting", CHANNEL)
                self._stop.wait(1.0)

    def _handle(self, payload: str) -> None:
        try:
            game_id, version, origin = payload.split(" ")
            if origin != self.me:
                self.on_notice(game_id, int(version))
        except Exception:  # noqa: BLE001 - one bad notice must not stop the listener
            log.exception("notice %r could not be handled", payload)
