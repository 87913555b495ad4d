"""The HTTP and WebSocket API plus the static browser UI (see docs/play.md).

Routes are thin: they check the request shape and hand over to
:class:`~westfront.server.service.GameService`. Game work is CPU-bound Python and must
not block the event loop that serves the WebSockets: handlers are plain ``def``
(FastAPI runs them on its thread pool), except the per-move routes, which are
``async`` and hand the work to :class:`OffLoop`'s threads (cheaper per call).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import secrets
import socket
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import api
from ..ai import base as ai_base
from ..core.errors import MapError, UnknownGame
from . import jsonout
from . import lessons as lessons_api
from . import schemas as sc
from .db import make_engine, resolve_db_url
from .errors import Forbidden, NotFound, ServiceError
from .fastroute import serve_first
from .labels import labels_catalog
from .lifeline import die_with
from .limits import BodyLimit, safe_detail
from .listen import Listener
from .mapview import render_map
from .rulesref import rules_reference
from .service import GameService, Settings
from .store import Store

log = logging.getLogger("westfront.server")

WEB = Path(__file__).resolve().parent.parent / "web"
WS_FLAGS = {"1": True, "true": True, "0": False, "false": False}  # the websocket's diff= values
GameId = Annotated[str, PathParam(pattern=sc.GAME_ID, description="game id")]
Token = Annotated[str | None, Query(max_length=64, description="seat token")]


def fast_json(payload: dict[str, Any]) -> Response:
    """The seat payload as JSON without re-validating it through pydantic (it is built by
    the service in the documented shape; validation on every move costs more than the move)."""
    return Response(jsonout.dumps(payload), media_type="application/json")


class OffLoop:
    """Runs game work on a thread pool for the async play routes.

    Game work is CPU-bound Python holding the interpreter lock; it runs off the event loop
    so the loop keeps reading sockets while a commit waits for the database. asyncio's own
    ``run_in_executor`` hands a call to a thread for about a quarter of a millisecond of CPU
    less than the anyio path FastAPI takes for plain ``def`` routes (measured in-process:
    skirmish moves 0.98 → 0.72 ms of CPU each), which matters on the per-move routes."""

    def __init__(self, threads: int = 40):
        self.threads = threads
        self.pool: ThreadPoolExecutor | None = None

    async def __call__(self, fn: Callable[..., Any], *args: Any) -> Any:
        if self.pool is None:  # first use, or the app was started again after a shutdown
            self.pool = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="westfront-play")
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def stop(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=False)


def agent_levels() -> list[str]:
    """The AI levels ``get_agent`` knows, strongest last where the names say so."""
    names = getattr(ai_base, "known_agents", None)
    found = list(names()) if callable(names) else sorted(getattr(ai_base, "_FACTORIES", {}))
    order = {"random": 0, "easy": 1, "normal": 2, "hard": 3}
    return sorted(found, key=lambda n: (order.get(n, 9), n))


def app_from_env() -> FastAPI:
    """The app as ``westfront serve --workers N`` starts it in each worker process (uvicorn's
    factory): settings come from the environment the parent process set. The worker ends when
    that parent does, however it ends: uvicorn's workers do not notice a supervisor killed with -9
    (its AI workers then notice this process is gone, westfront.server.lifeline)."""
    env = os.environ
    supervisor = int(env.get("WESTFRONT_SUPERVISOR", "0"))
    if supervisor and supervisor != os.getpid():
        # armed whatever the parent is now: a worker uvicorn (re)starts just before the supervisor dies runs this
        # factory already orphaned, and must end at once rather than serve on (die_with sees the parent changed)
        die_with(supervisor)
    return create_app(None, Settings(ai_time=float(env.get("WESTFRONT_AI_TIME", "2.0")),
                                     ai_delay=float(env.get("WESTFRONT_AI_DELAY", "0.35")),
                                     shared=env.get("WESTFRONT_SHARED") == "1",
                                     smtp=env.get("WESTFRONT_SMTP", "127.0.0.1:25"),
                                     mail_from=env.get("WESTFRONT_MAIL_FROM", "westfront@localhost"),
                                     ai_pool=env.get("WESTFRONT_AI_POOL", "process")))


@functools.cache
def first_players(game: str) -> dict[str, str | None]:
    """Who makes the first decision in each scenario (the lobby's default side)."""
    info = api.registry.info(game)
    return {sc_.id: api.load(game, sc_.id, seed=0).current_player() for sc_ in info.scenarios}


def create_app(db_url: str | None = None, settings: Settings | None = None) -> FastAPI:
    url = resolve_db_url(db_url)
    settings = settings or Settings()
    me = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
    store = Store(make_engine(url), notify_as=me if settings.shared else None)
    service = GameService(store, settings)
    listener = Listener(url, me, service.remote_change) if store.notify_as else None
    off_loop = OffLoop()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service.hub.bind(asyncio.get_running_loop())
        if listener is not None:
            listener.start()
        service.notifier.start()  # also delivers what an earlier run of the server left undelivered
        threading.Thread(target=service.resume_ai_games, name="westfront-resume", daemon=True).start()
        yield
        if listener is not None:
            listener.stop()
        service.ai.stop()
        service.notifier.stop()
        off_loop.stop()

    app = FastAPI(title="westfront", version="1", lifespan=lifespan,
                  description="Play westfront games: seats, moves, undo, replay. See docs/play.md.")
    app.state.service = service
    app.state.db_url = url
    app.state.listener = listener

    app.add_middleware(BodyLimit, max_bytes=service.settings.max_body_bytes)

    @app.exception_handler(ServiceError)
    async def _service_error(_: Request, e: ServiceError) -> JSONResponse:
        body: dict[str, Any] = {"detail": safe_detail(e.detail)}
        if hasattr(e, "version"):
            body["version"] = e.version
        return JSONResponse(body, status_code=e.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_: Request, e: RequestValidationError) -> JSONResponse:
        parts = []
        for err in e.errors()[:3]:
            where = ".".join(safe_detail(str(x), 40) for x in err.get("loc", ()) if x != "body")
            msg = safe_detail(str(err.get("msg")), 200)
            parts.append(f"{where}: {msg}" if where else msg)
        return JSONResponse({"detail": safe_detail("malformed request: " + "; ".join(parts))}, status_code=400)

    def openapi() -> dict[str, Any]:
        """The schema as the server behaves: malformed requests are 400 (never FastAPI's 422)."""
        if app.openapi_schema is None:
            spec = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
            for item in spec.get("paths", {}).values():
                for op in item.values():
                    responses = op.get("responses", {})
                    if responses.pop("422", None) is not None:
                        responses.setdefault("400", {"description": sc.ERRORS[400]["description"],
                                                     "content": {"application/json": {"schema": {
                                                         "$ref": "#/components/schemas/Problem"}}}})
                    if op.get("requestBody"):
                        responses.setdefault("413", {"description": sc.ERRORS[413]["description"]})
            spec.get("components", {}).get("schemas", {}).pop("HTTPValidationError", None)
            spec.get("components", {}).get("schemas", {}).pop("ValidationError", None)
            app.openapi_schema = spec
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

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

    @app.get("/api/labels/{game}", tags=["catalog"], responses={404: sc.ERRORS[404]})
    def labels(game: Annotated[str, PathParam(max_length=64)]) -> dict[str, Any]:
        """Names for the ids in a game's action texts, log texts and prompts (the same for every seat)."""
        try:
            return labels_catalog(game)
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

    @app.get("/api/lessons", tags=["lessons"], response_model=sc.LessonList)
    def lesson_list() -> dict[str, Any]:
        """Every game's lessons (the rulebooks' worked examples), in rulebook order (docs/lessons.md)."""
        return lessons_api.catalog()

    @app.get("/api/lessons/{lesson_id}", tags=["lessons"], response_model=sc.LessonFrame,
             responses=sc.errors(400, 404))
    async def lesson_frame(lesson_id: Annotated[str, PathParam(max_length=64)],
                           at: Annotated[int, Query(ge=0, le=10_000)] = 0) -> Response:
        """The lesson's position after ``at`` of its steps: board, text, highlights, choices, checks."""
        return fast_json(await off_loop(lessons_api.open_frame, lesson_id, at))

    @app.post("/api/lessons/{lesson_id}/try", tags=["lessons"], response_model=sc.LessonAnswer,
              responses=sc.errors(400, 404))
    async def lesson_try(lesson_id: Annotated[str, PathParam(max_length=64)], body: sc.LessonTry) -> Response:
        """Try a move on the frame after ``at`` steps: the example's is played, anything else refused with
        the rule-citing reason and a hint (``show``: play the example's move)."""
        return fast_json(await off_loop(lessons_api.attempt, lesson_id, body.at, body.action, body.show))

    @app.get("/api/metrics", tags=["catalog"])
    def metrics() -> dict[str, Any]:
        """Counters for the operator: computer seats cut short by the watchdog, moves it forced, minds rebuilt."""
        return {"ai": service.ai.metrics()}

    # ----- games -----------------------------------------------------------------------
    @app.get("/api/games", tags=["games"], response_model=list[sc.LobbyGame])
    def lobby(status: Annotated[str | None, Query(pattern="^(active|over|broken)$")] = None,
              limit: Annotated[int, Query(ge=1, le=500)] = 100) -> list[dict[str, Any]]:
        """Games on this server, newest first (no tokens, no seeds)."""
        return service.lobby(status, limit)

    def created(request: Request, g_id: str, version: int, seats: dict[str, Any]) -> dict[str, Any]:
        base = str(request.base_url).rstrip("/")
        return {"id": g_id, "version": version, "seats": {
            side: {"kind": s.kind, "token": s.token, "url": f"{base}/play/{g_id}?invite={s.token}" if s.token else None}
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
    async def get_game(game_id: GameId, token: Token = None,
                       log_since: Annotated[int | None, Query(ge=0)] = None) -> Response:
        """The view for this seat only, its legal actions (if it must decide) and its log."""
        return fast_json(await off_loop(service.view_for, game_id, token, log_since))

    @app.post("/api/games/{game_id}/actions", tags=["play"], response_model=sc.SeatView,
              responses=sc.errors(400, 403, 404, 409))
    async def post_action(game_id: GameId, body: sc.ActionRequest) -> Response:
        """Play one action. 400 with the rule's reason if illegal (nothing changes); 409 if stale."""
        return fast_json(await off_loop(service.act, game_id, body.token, body.version, body.action, body.diff))

    async def fast_post_action(game_id: str, body: sc.ActionRequest) -> Response:
        return fast_json(await off_loop(service.act, game_id, body.token, body.version, body.action, body.diff))

    serve_first(app, "/api/games/{game_id}/actions", sc.ActionRequest, fast_post_action)

    @app.post("/api/games/{game_id}/undo", tags=["play"], response_model=sc.SeatView,
              responses=sc.errors(400, 403, 404, 409))
    async def post_undo(game_id: GameId, body: sc.UndoRequest) -> Response:
        """Take back this seat's last action, unless it rolled dice, revealed something or handed over play.
        409 when ``version`` is stale (a double click undoes one action, not two)."""
        return fast_json(await off_loop(service.undo, game_id, body.token, body.version))

    @app.post("/api/games/{game_id}/claim", tags=["play"], response_model=sc.Claimed,
              responses=sc.errors(400, 403, 404, 409))
    def post_claim(request: Request, game_id: GameId, body: sc.ClaimRequest) -> dict[str, Any]:
        """Take the seat of an invite link: a fresh token only you know; the link's token stops working
        (whoever created the game saw it). The browser does this when it opens an invite link."""
        return service.claim(game_id, body.token, str(request.base_url).rstrip("/"))

    @app.post("/api/games/{game_id}/why", tags=["play"], response_model=sc.WhyNot, responses=seat_errors)
    def post_why(game_id: GameId, body: sc.WhyRequest) -> dict[str, Any]:
        """Would this action be accepted from this seat now, and if not, why (the refusal a move would get:
        its rule and the actual reason, nothing this seat may not see). Changes nothing; for the board's
        answer to a click on something that is not a choice."""
        return service.why_not(game_id, body.token, body.action)

    @app.put("/api/games/{game_id}/notify", tags=["play"], response_model=sc.NotifySettings, responses=seat_errors)
    def put_notify(request: Request, game_id: GameId, body: sc.NotifyRequest) -> dict[str, Any]:
        """Register a webhook URL and/or an e-mail address told when it is this seat's turn (null clears).
        Stored with the seat and shown to nobody else."""
        return service.set_notify(game_id, body.token, body.webhook, body.email, str(request.base_url).rstrip("/"))

    @app.get("/api/games/{game_id}/notify", tags=["play"], response_model=sc.NotifySettings, responses=seat_errors)
    def get_notify(game_id: GameId, token: Token = None) -> dict[str, Any]:
        """This seat's turn-notification settings."""
        return service.get_notify(game_id, token)

    @app.post("/api/games/{game_id}/chat", tags=["play"], response_model=sc.ChatPosted,
              responses=sc.errors(400, 403, 404, 429))
    def post_chat(game_id: GameId, body: sc.ChatRequest) -> dict[str, Any]:
        """Send a chat message to the game's seats (two or more human seats). Not a game action: it never
        enters the log, the hash or replays. 429 past 5 messages per 10 s; 400 for empty, over 500
        characters or control characters."""
        return service.post_chat(game_id, body.token, body.text)

    @app.get("/api/games/{game_id}/chat", tags=["play"], response_model=sc.ChatLog, responses=seat_errors)
    def get_chat(game_id: GameId, token: Token = None,
                 after: Annotated[int, Query(ge=0, le=2**62)] = 0) -> dict[str, Any]:
        """The game's chat for its seats only: messages with an id above ``after`` (the newest 200)."""
        return service.get_chat(game_id, token, after)

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

    @app.get("/api/games/{game_id}/analysis", tags=["record"], response_model=sc.Analysis,
             responses=sc.errors(403, 404))
    async def get_analysis(game_id: GameId) -> Response:
        """Once the game is over: each side's winning chances at every decision point from the game's
        learned evaluation, the three actions that moved them most (replay frames), the victory track and
        losses by side (docs/analysis.md). 403 while the game is in progress, for every caller."""
        return fast_json(await off_loop(service.analysis, game_id))

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
    async def ws_game(ws: WebSocket, game_id: str, token: str | None = None, diff: str | None = None) -> None:
        """Pushes this seat's payload (as GET /api/games/{id}) whenever the game changes.

        A bad token or game is refused after the handshake with close code 1008 (policy
        violation) and a reason, so browsers can tell it from a network failure."""
        await ws.accept()
        flag = WS_FLAGS.get((diff or "0").lower())
        if flag is None:  # after the handshake, as for a bad token: browsers see the reason
            await ws.close(code=1008, reason="diff must be 1 or 0 (true or false)")
            return
        try:
            if token is not None and len(token) > 64:
                raise Forbidden("a valid seat token is required for this game")
            g = await off_loop(service.live, game_id)
            side = service.seat(g, token)
        except ServiceError as e:
            await ws.close(code=1008, reason=safe_detail(e.detail, 120))
            return
        first = await off_loop(service.view_for, game_id, token)
        await service.hub.serve(ws, game_id, side, first, diff=flag,
                                resync=lambda: off_loop(service.view_for, game_id, token), token=token)

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

    @app.get("/learn/{lesson_id}", include_in_schema=False)
    def learn_page(lesson_id: str) -> FileResponse:
        return page()

    @app.get("/replay/{game_id}", include_in_schema=False)
    def replay_page(game_id: str) -> FileResponse:
        return page()

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
