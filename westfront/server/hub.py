"""WebSocket fan-out: every connected seat gets its own view when a game changes.

Game work happens on worker threads (request threads, AI threads); sockets live
on the event loop. :meth:`Hub.publish` is thread-safe: it drops each message
into the connection's queue with ``call_soon_threadsafe``, and one writer task
per connection sends them in order, so a slow browser never blocks a game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from . import jsonout, patch

log = logging.getLogger("westfront.server")


def encode(msg: dict[str, Any]) -> str:
    """A message as the JSON text sent (once per seat and base, however many sockets share it)."""
    return jsonout.dumps_text(msg)


@dataclass(eq=False)
class Connection:
    ws: WebSocket
    game_id: str
    side: str
    diff: bool = False  # send view_patch against the last view sent on this socket
    token: str | None = None  # the seat token the socket was opened with (a claim closes it)
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    last: tuple[int, dict[str, Any]] | None = None  # (version, view) last sent, for patches
    lock: threading.Lock = field(default_factory=threading.Lock)

    def advance(self, msg: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
        """Note ``msg``'s view as sent on this socket; the (version, view) to patch it against,
        or None when the socket gets it whole."""
        view = msg.get("view")
        if not self.diff or view is None:
            return None
        with self.lock:
            last, self.last = self.last, (msg["version"], view)
        return last

    def prepare(self, msg: dict[str, Any]) -> dict[str, Any]:
        """The message for this socket: with a patch instead of the view when it asked for diffs."""
        return patched(msg, self.advance(msg))


def patched(msg: dict[str, Any], base: tuple[int, dict[str, Any]] | None) -> dict[str, Any]:
    if base is None:
        return msg
    out = {k: v for k, v in msg.items() if k != "view"}
    out["view_patch"], out["view_base"] = patch.diff(base[1], msg["view"]), base[0]
    return out


class Hub:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._conns: dict[str, set[Connection]] = {}
        self._lock = threading.Lock()
        self._pushed: dict[str, int] = {}  # game -> newest version pushed to its sockets here

    def newer(self, game_id: str, version: int) -> bool:
        """Whether ``version`` is newer than anything pushed for this game (and note it as pushed)."""
        with self._lock:
            if self._pushed.get(game_id, -1) >= version:
                return False
            self._pushed[game_id] = version
            return True

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def sides(self, game_id: str) -> set[str | None]:
        """The seats with at least one open socket on this game."""
        with self._lock:
            return {c.side for c in self._conns.get(game_id, ())}

    def publish(self, game_id: str, build: Callable[[str], dict[str, Any]]) -> None:
        """Send ``build(side)`` to every socket of the game (call from any thread)."""
        with self._lock:
            conns = list(self._conns.get(game_id, ()))
        if not conns or self.loop is None:
            return
        payloads: dict[str, dict[str, Any]] = {}
        texts: dict[tuple[str, int | None], str] = {}  # (seat, base version) -> encoded message
        for c in conns:
            if c.side not in payloads:
                payloads[c.side] = build(c.side)
            base = c.advance(payloads[c.side])
            key = (c.side, base[0] if base is not None else None)
            text = texts.get(key)
            if text is None:
                text = texts[key] = encode(patched(payloads[c.side], base))
            with contextlib.suppress(RuntimeError):  # loop already closed at shutdown
                self.loop.call_soon_threadsafe(c.queue.put_nowait, text)

    def send_to_seats(self, game_id: str, msg: dict[str, Any], sides: set[str]) -> None:
        """Send ``msg`` (not a view: no patch bookkeeping) to the game's sockets opened by ``sides``."""
        with self._lock:
            conns = [c for c in self._conns.get(game_id, ()) if c.side in sides]
        if not conns or self.loop is None:
            return
        text = encode(msg)
        for c in conns:
            with contextlib.suppress(RuntimeError):  # loop already closed at shutdown
                self.loop.call_soon_threadsafe(c.queue.put_nowait, text)

    def drop(self, game_id: str, token: str, reason: str) -> None:
        """Close (1008) every socket of the game opened with ``token``, which no longer holds a seat."""
        with self._lock:
            gone = [c for c in self._conns.get(game_id, ()) if c.token == token]
        if not gone or self.loop is None:
            return
        for c in gone:
            with contextlib.suppress(RuntimeError):  # loop already closed at shutdown
                asyncio.run_coroutine_threadsafe(self._close(c, reason), self.loop)

    @staticmethod
    async def _close(conn: Connection, reason: str) -> None:
        conn.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await conn.ws.close(code=1008, reason=reason)

    async def serve(self, ws: WebSocket, game_id: str, side: str, first: dict[str, Any], diff: bool = False,
                    resync: Callable[[], Awaitable[dict[str, Any]]] | None = None, token: str | None = None) -> None:
        """Run one accepted socket until the browser goes away. The client may send "ping"
        (answered "pong") and, on a socket with diffs, "resync" (answered with the full payload)."""
        conn = Connection(ws, game_id, side, diff=diff, token=token)
        with self._lock:
            self._conns.setdefault(game_id, set()).add(conn)
        conn.queue.put_nowait(encode(conn.prepare(first)))
        writer = asyncio.create_task(self._writer(conn))
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                msg = frame.get("text")
                if msg is None:  # a binary frame: this protocol is text (RFC 6455 7.4.1, 1003)
                    await ws.close(code=1003, reason="text frames only: send ping or resync")
                    break
                if msg == "ping":
                    conn.queue.put_nowait('{"type":"pong"}')
                elif msg == "resync" and resync is not None:
                    full = await resync()
                    with conn.lock:
                        conn.last = (full["version"], full["view"])
                    conn.queue.put_nowait(encode(full))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            with self._lock:
                peers = self._conns.get(game_id)
                if peers is not None:
                    peers.discard(conn)
                    if not peers:
                        del self._conns[game_id]
                        self._pushed.pop(game_id, None)
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer

    async def _writer(self, conn: Connection) -> None:
        while True:
            msg = await conn.queue.get()
            if msg is None:
                return
            try:
                await conn.ws.send_text(msg)
            except Exception:  # noqa: BLE001 - the socket is gone; the reader loop will clean up
                log.debug("websocket send failed for game %s", conn.game_id)
                return
