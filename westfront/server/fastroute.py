"""The per-move route without FastAPI's per-request machinery, answering exactly as FastAPI would.

A move is the request the server answers most, and FastAPI's generic path — dependency solving,
reading the body through a ``Request``, ``json.loads`` then pydantic validation, the endpoint
wrappers — cost about a third of the server's CPU per move. :class:`FastBody` serves the route
first: it reads the body itself and validates it with the same pydantic model straight from the
JSON bytes. Only a well-formed request takes this path; anything else — a validation error, a
body with escape sequences (where the two JSON parsers could disagree), another content type, a
game id not of the documented form — is handed, body and all, to the FastAPI route, whose answer
(and the OpenAPI schema) stays the contract. Service errors raised here reach the app's exception
handlers as from any route.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import Message, Receive, Scope, Send

from .schemas import GAME_ID

_GAME_ID = re.compile(GAME_ID)


class FastBody:
    """ASGI app for a ``POST`` route with one path parameter ``game_id`` and one JSON body model."""

    def __init__(self, slow: APIRoute, model: type[BaseModel],
                 handle: Callable[[str, Any], Awaitable[Response]]):
        self.slow, self.model, self.handle = slow, model, handle

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        chunks: list[bytes] = []
        while True:
            msg = await receive()
            if msg["type"] != "http.request":
                return  # the client went away before sending its body
            chunks.append(msg.get("body", b""))
            if not msg.get("more_body", False):
                break
        body = b"".join(chunks)
        parsed = self._parse(scope, body)
        if parsed is None:
            await self.slow.handle(scope, _replay(body, receive), send)
            return
        response = await self.handle(scope["path_params"]["game_id"], parsed)
        await response(scope, receive, send)

    def _parse(self, scope: Scope, body: bytes) -> Any | None:
        if b"\\u" in body or not _GAME_ID.match(scope["path_params"].get("game_id", "")):
            return None
        ctype = next((v for k, v in scope["headers"] if k == b"content-type"), b"")
        if ctype.split(b";", 1)[0].strip().lower() != b"application/json":
            return None
        try:
            return self.model.model_validate_json(body)
        except ValidationError:
            return None


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read once, then whatever the client sends next."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


def serve_first(app: FastAPI, path: str, model: type[BaseModel],
                handle: Callable[[str, Any], Awaitable[Response]]) -> None:
    """Put a :class:`FastBody` for ``POST path`` in front of the FastAPI route of the same path."""
    routes = app.router.routes
    slow = next(r for r in routes if isinstance(r, APIRoute) and r.path == path and "POST" in (r.methods or ()))
    routes.insert(routes.index(slow), Route(path, FastBody(slow, model, handle), methods=["POST"],
                                            include_in_schema=False))
