"""The HTTP and WebSocket API plus the static browser UI (see docs/play.md).

Routes are thin: they check the request shape and hand over to
:class:`~westfront.server.service.GameService`. Handlers are plain ``def`` so
FastAPI runs them on its thread pool — game work is CPU-bound Python and must
not block the event loop that serves the WebSockets.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from .. import api
from ..ai import base as ai_base
from ..core.errors import MapError, UnknownGame
from . import schemas as sc
from .db import make_engine, resolve_db_url
from .errors import Forbidden, NotFound, ServiceError
from .mapview import render_map
from .rulesref import rules_reference
from .service import GameService, Settings
from .store import Store

log = logging.getLogger("westfront.server")

WEB = Path(__file__).resolve().parent.parent / "web"
GameId = Annotated[str, PathParam(pattern=sc.GAME_ID, description="game id")]
Token = Annotated[str | None, Query(max_length=64, description="seat token")]


def fast_json(payload: dict[str, Any]) -> Response:
    """The seat payload as JSON without re-validating it through pydantic (it is built by
    the service in the documented shape; validation on every move costs more than the move)."""
    return Response(json.dumps(payload, separators=(",", ":"), ensure_ascii=False, default=str),
                    media_type="application/json")


def agent_levels() -> list[str]:
    """The AI levels ``get_agent`` knows, strongest last where the names say so."""
    names = getattr(ai_base, "known_agents", None)
    found = list(names()) if callable(names) else sorted(getattr(ai_base, "_FACTORIES", {}))
    order = {"random": 0, "easy": 1, "normal": 2, "hard": 3}
    return sorted(found, key=lambda n: (order.get(n, 9), n))


@functools.cache
def first_players(game: str) -> dict[str, str | None]:
    """Who makes the first decision in each scenario (the lobby's default side)."""
    info = api.registry.info(game)
    return {sc_.id: api.load(game, sc_.id, seed=0).current_player() for sc_ in info.scenarios}


def create_app(db_url: str | None = None, settings: Settings | None = None) -> FastAPI:
    url = resolve_db_url(db_url)
    store = Store(make_engine(url))
    service = GameService(store, settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service.hub.bind(asyncio.get_running_loop())
        threading.Thread(target=service.resume_ai_games, name="westfront-resume", daemon=True).start()
        yield
        service.ai.stop()

    app = FastAPI(title="westfront", version="1", lifespan=lifespan,
                  description="Play westfront games: seats, moves, undo, replay. See docs/play.md.")
    app.state.service = service
    app.state.db_url = url

    @app.exception_handler(ServiceError)
    async def _service_error(_: Request, e: ServiceError) -> JSONResponse:
        body: dict[str, Any] = {"detail": e.detail}
        if hasattr(e, "version"):
            body["version"] = e.version
        return JSONResponse(body, status_code=e.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_: Request, e: RequestValidationError) -> JSONResponse:
        parts = []
        for err in e.errors()[:3]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return JSONResponse({"detail": "malformed request: " + "; ".join(parts)}, status_code=400)

    # ----- catalog and maps ------------------------------------------------------
    @app.get("/api/catalog", tags=["catalog"])
    def catalog() -> dict[str, Any]:
        """Registered games (scenarios, options, sides) and the AI levels on offer."""
        games = []
        for info in api.list_games():
            d = info.to_dict()
            d["has_ui_layer"] = (WEB / "games" / f"{info.id}.js").exists()
            d["first_player"] = first_players(info.id)
            games.append(d)
        soon = [{"id": g, "title": t} for g, t in api.registry.planned()]
        return {"games": games, "ai_levels": agent_levels(), "coming_soon": soon}

    @app.get("/api/rules/{game}", tags=["catalog"], responses={404: sc.ERRORS[404]})
    def rules(game: Annotated[str, PathParam(max_length=64)]) -> dict[str, Any]:
        """The game's rules reference: section titles, summaries in our own words, where implemented."""
        try:
            return rules_reference(game)
        except UnknownGame as e:
            raise NotFound(str(e)) from None

    @app.get("/api/maps/{game}", tags=["catalog"], responses={404: sc.ERRORS[404]})
    def game_map(game: Annotated[str, PathParam(max_length=64)]) -> dict[str, Any]:
        """Drawing data for a game's map: hex centres and corners, hexsides, places, boxes."""
        try:
            return render_map(game)
        except UnknownGame as e:
            raise NotFound(str(e)) from None
        except MapError as e:
            raise ServiceError(f"map of {game} cannot be drawn: {e}") from None

    # ----- games -----------------------------------------------------------------------
    @app.get("/api/games", tags=["games"], response_model=list[sc.LobbyGame])
    def lobby(status: Annotated[str | None, Query(pattern="^(active|over|broken)$")] = None,
              limit: Annotated[int, Query(ge=1, le=500)] = 100) -> list[dict[str, Any]]:
        """Games on this server, newest first (no tokens, no seeds)."""
        return service.lobby(status, limit)

    def created(request: Request, g_id: str, version: int, seats: dict[str, Any]) -> dict[str, Any]:
        base = str(request.base_url).rstrip("/")
        return {"id": g_id, "version": version, "seats": {
            side: {"kind": s.kind, "token": s.token, "url": f"{base}/play/{g_id}?token={s.token}" if s.token else None}
            for side, s in seats.items()}}

    @app.post("/api/games", tags=["games"], response_model=sc.Created, responses={400: sc.ERRORS[400]})
    def create_game(request: Request, body: sc.CreateGame) -> dict[str, Any]:
        """Start a game. Each human seat gets a secret token and a URL to play it (an invite link)."""
        g, seats = service.create(body.game, body.scenario, body.options, body.seed, body.seats)
        return created(request, g.id, g.version, seats)

    @app.post("/api/games/import", tags=["games"], response_model=sc.Created, responses={400: sc.ERRORS[400]})
    def import_game(request: Request, body: sc.ImportGame) -> dict[str, Any]:
        """Continue an uploaded save as a new game (its actions are replayed and verified)."""
        g, seats = service.import_save(body.save, body.seats)
        return created(request, g.id, g.version, seats)

    seat_errors = sc.errors(400, 403, 404)

    @app.get("/api/games/{game_id}", tags=["play"], response_model=sc.SeatView, responses=seat_errors)
    def get_game(game_id: GameId, token: Token = None,
                 log_since: Annotated[int | None, Query(ge=0)] = None) -> Response:
        """The view for this seat only, its legal actions (if it must decide) and its log."""
        return fast_json(service.view_for(game_id, token, log_since))

    @app.post("/api/games/{game_id}/actions", tags=["play"], response_model=sc.SeatView,
              responses=sc.errors(400, 403, 404, 409))
    def post_action(game_id: GameId, body: sc.ActionRequest) -> Response:
        """Play one action. 400 with the rule's reason if illegal (nothing changes); 409 if stale."""
        return fast_json(service.act(game_id, body.token, body.version, body.action))

    @app.post("/api/games/{game_id}/undo", tags=["play"], response_model=sc.SeatView,
              responses=sc.errors(400, 403, 404, 409))
    def post_undo(game_id: GameId, body: sc.TokenRequest) -> Response:
        """Take back this seat's last action, unless it rolled dice, revealed something or handed over play."""
        return fast_json(service.undo(game_id, body.token))

    @app.post("/api/games/{game_id}/previews", tags=["play"], response_model=sc.Previews, responses=seat_errors)
    def post_previews(game_id: GameId, body: sc.PreviewRequest) -> dict[str, Any]:
        """What legal actions would do (path costs, odds, dice) — for the seat that must decide."""
        return service.previews(game_id, body.token, body.actions)

    @app.get("/api/games/{game_id}/log", tags=["record"], response_model=sc.Record, responses=seat_errors)
    def get_log(game_id: GameId, token: Token = None) -> dict[str, Any]:
        """The action log with the state hash after every action (seed and hidden moves once it is over)."""
        return service.record(game_id, token)

    @app.get("/api/games/{game_id}/replay", tags=["record"], response_model=sc.ReplayFrame, responses=seat_errors)
    def get_replay(game_id: GameId, token: Token = None, at: Annotated[int, Query(ge=0)] = 0,
                   side: Annotated[str | None, Query(max_length=32)] = None) -> dict[str, Any]:
        """The position after ``at`` actions seen from ``side`` (your own side until the game is over)."""
        return service.replay(game_id, token, at, side)

    @app.get("/api/games/{game_id}/save", tags=["record"], responses=seat_errors)
    def get_save(game_id: GameId,
                 token: Annotated[list[str], Query(max_length=8, description="seat tokens (repeatable)")]
                 ) -> Response:
        """Download the save file (when the game is over, or if you hold every seat)."""
        text, name = service.save(game_id, token)
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    # ----- websocket -------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def ws_game(ws: WebSocket, game_id: str, token: str | None = None) -> None:
        """Pushes this seat's payload (as GET /api/games/{id}) whenever the game changes."""
        try:
            g = await run_in_threadpool(service.live, game_id)
            side = service.seat(g, token)
        except (ServiceError, Forbidden, NotFound):
            await ws.close(code=1008)
            return
        await ws.accept()
        first = await run_in_threadpool(service.view_for, game_id, token)
        await service.hub.serve(ws, game_id, side, first)

    # ----- the browser UI -----------------------------------------------------------------
    index = WEB / "index.html"

    def page() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    def home() -> FileResponse:
        return page()

    @app.get("/play/{game_id}", include_in_schema=False)
    def play_page(game_id: str) -> FileResponse:
        return page()

    @app.get("/replay/{game_id}", include_in_schema=False)
    def replay_page(game_id: str) -> FileResponse:
        return page()

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
