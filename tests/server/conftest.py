"""Fixtures for the server tests: an app on a temporary SQLite file, a real uvicorn
server on a free port, and the fog-of-war test game."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

from westfront.ai.hooks import hooks_for
from westfront.games import registry
from westfront.server.app import create_app
from westfront.server.service import Settings

FOG = "fog-skirmish"
LOOP = "loop-toy"


@pytest.fixture(scope="session")
def fog_game() -> Iterator[str]:
    registry.register(FOG, "tests.server.foggame")
    yield FOG
    registry.unregister(FOG)


@pytest.fixture(scope="session")
def loop_game() -> Iterator[str]:
    """The toy game built to trap agents in loops (tests/ai/loopgame)."""
    registry.register(LOOP, "tests.ai.loopgame")
    hooks_for.cache_clear()
    yield LOOP
    registry.unregister(LOOP)
    hooks_for.cache_clear()


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    """A throw-away PostgreSQL cluster for the module's tests."""
    bindir = _pg_bin()
    if bindir is None or shutil.which("runuser") is None or os.geteuid() != 0:
        pytest.skip("needs Debian's postgresql server binaries and root (to run them as the postgres user)")
    pytest.importorskip("psycopg")
    data = tempfile.mkdtemp(prefix="westfront-pg-")
    shutil.chown(data, "postgres", "postgres")
    port = free_port()

    def as_pg(*cmd: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *cmd], check=True, capture_output=True, timeout=60)

    as_pg(f"{bindir}/initdb", "-D", f"{data}/db", "-A", "trust", "-U", "postgres", "--no-sync")
    as_pg(f"{bindir}/pg_ctl", "-D", f"{data}/db", "-w", "-l", f"{data}/log",
          "-o", f"-p {port} -k {data} -h 127.0.0.1 -c fsync=off", "start")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        as_pg(f"{bindir}/pg_ctl", "-D", f"{data}/db", "-m", "immediate", "stop")
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'westfront.db'}"


@pytest.fixture
def client(db_url: str, fog_game: str) -> Iterator[TestClient]:
    app = create_app(db_url, Settings(ai_time=0.2, ai_delay=0.0))
    with TestClient(app) as c:
        yield c


def new_game(c: Any, game: str = "skirmish", seats: dict[str, str] | None = None, **kw: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats or {"blue": "human", "red": "human"}, "seed": 11, **kw}
    r = c.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def token(created: dict[str, Any], side: str) -> str:
    return created["seats"][side]["token"]


def view(c: Any, gid: str, tok: str) -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}", params={"token": tok})
    assert r.status_code == 200, r.text
    return r.json()


def act(c: Any, gid: str, tok: str, action: str, version: int | None = None) -> Any:
    if version is None:
        version = view(c, gid, tok)["version"]
    return c.post(f"/api/games/{gid}/actions", json={"token": tok, "version": version, "action": action})


def undo(c: Any, gid: str, tok: str, version: int | None = None) -> Any:
    if version is None:
        r = c.get(f"/api/games/{gid}", params={"token": tok})
        version = r.json()["version"] if r.status_code == 200 else 0
    return c.post(f"/api/games/{gid}/undo", json={"token": tok, "version": version})


def wait_for(pred: Any, timeout: float = 10.0, every: float = 0.05) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        time.sleep(every)
    raise AssertionError("condition not met in time")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ThreadServer:
    """uvicorn in a thread of this process: a real HTTP/WebSocket server on loopback."""

    def __init__(self, db_url: str, settings: Settings | None = None):
        self.port = free_port()
        self.app = create_app(db_url, settings or Settings(ai_time=0.2, ai_delay=0.0))
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        wait_for(lambda: self.server.started, timeout=15)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def live_server(db_url: str, fog_game: str) -> Iterator[ThreadServer]:
    with ThreadServer(db_url) as srv:
        yield srv


@pytest.fixture
def http(live_server: ThreadServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server.url, timeout=10) as c:
        yield c
