"""Limits at the HTTP boundary: how big a request body may be, how long an error message.

A body larger than ``max_bytes`` is refused with 413 before anything parses it —
whether it announces its length (``Content-Length``) or streams it in chunks —
so a multi-megabyte request can neither tie up a worker nor come back as a
multi-megabyte error echoing its content.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_DETAIL = 600  # characters of an error message


def safe_detail(text: str, limit: int = MAX_DETAIL) -> str:
    """``text`` cut to ``limit`` characters, with anything that is not valid Unicode escaped."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 1] + "…"


class BodyTooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware: 413 for request bodies over ``max_bytes``."""

    def __init__(self, app: ASGIApp, max_bytes: int):
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.max_bytes
                except ValueError:
                    too_big = False
                if too_big:
                    await self._refuse(send)
                    return
        seen = 0
        started = False
        overflow = False  # the body ran over: whatever the route answers, the client gets 413
        replaced = False

        async def limited_receive() -> Message:
            nonlocal seen, overflow
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.max_bytes:
                    overflow = True
                    raise BodyTooLarge
            return msg

        async def tracking_send(msg: Message) -> None:
            # FastAPI turns any failure to read a body into its own 400: a chunked body that ran over
            # the limit is answered 413 all the same
            nonlocal started, replaced
            if replaced:
                return
            if msg["type"] == "http.response.start":
                started = True
                if overflow:
                    replaced = True
                    await self._refuse(send)
                    return
            await send(msg)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body: dict[str, Any] = {"detail": f"request body larger than {self.max_bytes} bytes"}
        data = json.dumps(body).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": data})
