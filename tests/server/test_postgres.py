"""The same server on a real PostgreSQL (a throw-away cluster started for the test)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from westfront.server.app import create_app

from .conftest import act, free_port, new_game, token, undo, view, wait_for

ROOT = Path(__file__).resolve().parents[2]


def test_play_undo_race_and_restart_on_postgresql(pg_url, fog_game, monkeypatch):
    monkeypatch.setenv("WESTFRONT_DATABASE_URL", pg_url)
    app = create_app()  # the URL comes from WESTFRONT_DATABASE_URL
    assert app.state.db_url.startswith("postgresql")
    with TestClient(app) as c:
        g = new_game(c)
        gid, tb = g["id"], token(g, "blue")
        assert act(c, gid, tb, "move b-inf-1", 0).status_code == 200
        assert act(c, gid, tb, "to 0303", 1).status_code == 200
        assert act(c, gid, tb, "end", 0).status_code == 409
        assert undo(c, gid, tb).status_code == 200
        codes: list[int] = []
        go = threading.Barrier(2)

        def race(action: str) -> None:
            go.wait()
            codes.append(act(c, gid, tb, action, 3).status_code)

        threads = [threading.Thread(target=race, args=(a,)) for a in ("to 0302", "cancel")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409]
        before = view(c, gid, tb)
    with TestClient(create_app(pg_url)) as c:
        assert view(c, gid, tb) == before
        rec = c.get(f"/api/games/{gid}/log", params={"token": tb}).json()
        assert len(rec["actions"]) == 2 and rec["version"] == 4


@pytest.mark.parametrize("check", ["socket", "1"])
def test_a_connection_the_database_dropped_costs_no_request(pg_url, fog_game, monkeypatch, check):
    """Every pooled connection's backend is terminated (as in a PostgreSQL restart): the next moves
    get fresh connections instead of a 500 — by the socket look (the default, no round trip) or by
    SQLAlchemy's pre-ping (WESTFRONT_DB_PRE_PING=1)."""
    import psycopg

    monkeypatch.setenv("WESTFRONT_DB_PRE_PING", check)
    with TestClient(create_app(pg_url)) as c:
        g = new_game(c)
        gid, tb = g["id"], token(g, "blue")
        assert act(c, gid, tb, "move b-inf-1", 0).status_code == 200
        with psycopg.connect(pg_url.replace("+psycopg", ""), autocommit=True) as admin:
            gone = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                 "WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'").fetchone()
        assert gone is not None and gone[0] >= 1
        time.sleep(0.2)  # the backends' farewells reach the pooled sockets
        assert act(c, gid, tb, "to 0303", 1).status_code == 200
        assert undo(c, gid, tb).status_code == 200
        assert view(c, gid, tb)["version"] == 3


def test_bad_input_is_a_clear_400_on_postgresql(pg_url, fog_game):
    from .test_bad_input import nul_notices_refused
    from .test_hardening import save_with_seed

    with TestClient(create_app(pg_url)) as c:
        nul_notices_refused(c)  # issue 38: a NUL was a 500 here (PostgreSQL text cannot hold one)
        before = len(c.get("/api/games").json())
        for body in ('{"game": "skirmish", "seats": {"blue": "human", "red": "human", "\\ud800": "human"}}',
                     '{"game": "skirmish", "options": {"\\ud800": true}, "seats": {"blue": "human", "red": "human"}}'):
            r = c.post("/api/games", content=body.encode(), headers={"content-type": "application/json"})
            assert r.status_code == 400 and "surrogate" in r.json()["detail"]
        seats = {"blue": "human", "red": "human"}
        for bad in (True, 2**256):
            assert c.post("/api/games/import", json={"save": save_with_seed(bad), "seats": seats}).status_code == 400
        big = c.post("/api/games/import", json={"save": save_with_seed(2**64 + 5), "seats": seats})
        assert big.status_code == 200, big.text[:300]
        gid, tb = big.json()["id"], big.json()["seats"]["blue"]["token"]
        assert len(c.get("/api/games").json()) == before + 1
    with TestClient(create_app(pg_url)) as c:
        assert c.get(f"/api/games/{gid}/log", params={"token": tb}).json()["seed"] == 2**64 + 5


def test_two_server_processes_share_games_moves_and_pushes(pg_url, fog_game):
    """Two servers on one PostgreSQL (as two worker processes would be): a move made through
    one is seen at once through the other, and its websockets get the push (LISTEN/NOTIFY)."""
    from websockets.sync.client import connect

    from westfront.server.service import Settings

    from .conftest import ThreadServer

    shared = Settings(ai_time=0.2, ai_delay=0.0, shared=True)
    with ThreadServer(pg_url, shared) as a, ThreadServer(pg_url, shared) as b, \
            httpx.Client(base_url=a.url, timeout=10) as ca, httpx.Client(base_url=b.url, timeout=10) as cb:
        for srv in (a, b):
            assert srv.app.state.listener is not None and srv.app.state.listener.ready.wait(10)
        g = new_game(ca)
        gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
        assert view(cb, gid, tr)["version"] == 0  # b has it cached from now on
        with connect(b.url.replace("http", "ws") + f"/ws/games/{gid}?token={tr}", open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["version"] == 0
            moves = ["move b-inf-1", "to 0303", "move b-arm-1", "to 0405", "end"]
            for i, action in enumerate(moves):
                client = ca if i % 2 == 0 else cb  # alternate the servers, as a load balancer would
                assert act(client, gid, tb, action, i).status_code == 200, action
                assert view(ca, gid, tb)["version"] == view(cb, gid, tb)["version"] == i + 1
            versions = [json.loads(ws.recv(timeout=10))["version"]]
            while versions[-1] < len(moves):
                versions.append(json.loads(ws.recv(timeout=10))["version"])
        # notices that arrive while b catches up coalesce: versions only go up, and end at the last move
        assert versions == sorted(set(versions)) and versions[-1] == 5
        # undo through one, the other follows; a stale undo through the other is refused
        assert act(cb, gid, tr, "move r-inf-1", 5).status_code == 200
        assert undo(ca, gid, tr, 6).status_code == 200
        assert undo(cb, gid, tr, 6).status_code == 409
        assert view(cb, gid, tr)["version"] == 7 and "move r-inf-1" in view(cb, gid, tr)["actions"]
        # issue 38: red claims its invite link through a; b, which knew the link's token, refuses it now
        claimed = ca.post(f"/api/games/{gid}/claim", json={"token": tr})
        assert claimed.status_code == 200, claimed.text
        fresh = claimed.json()["token"]
        assert cb.get(f"/api/games/{gid}", params={"token": tr}).status_code == 403
        assert view(cb, gid, fresh)["seat"] == "red" and act(cb, gid, fresh, "move r-inf-1", 8).status_code == 200


def test_serve_with_two_workers(pg_url, tmp_path):
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WESTFRONT_DATABASE_URL": pg_url}
    proc = subprocess.Popen([sys.executable, "-m", "westfront", "serve", "--workers", "2", "--port", str(port),
                             "--ai-pool", "thread"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as c:
            wait_for(lambda: _up(c), timeout=60)
            g = new_game(c, seats={"blue": "human", "red": "ai:random"})
            gid, tb = g["id"], token(g, "blue")
            assert act(c, gid, tb, "end", 0).status_code == 200
            v = wait_for(lambda: (x := view(c, gid, tb))["your_turn"] and x, timeout=30)
            assert v["view"]["turn"] == 2
            for _ in range(10):  # every worker answers with the same, current game
                assert view(c, gid, tb)["version"] == v["version"]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(20)


def _up(c: httpx.Client) -> bool:
    try:
        return c.get("/api/catalog").status_code == 200
    except httpx.HTTPError:
        return False


def test_one_process_thinks_for_an_ai_seat(pg_url, fog_game, caplog):
    """With two servers on one database, the AI seat of a game is run by one of them at a time
    (an advisory lock): the other serves the game meanwhile and never plays a second move."""
    from westfront.server.service import Settings

    from .conftest import ThreadServer

    shared = Settings(ai_time=0.2, ai_delay=0.4, shared=True)
    with ThreadServer(pg_url, shared) as a, ThreadServer(pg_url, shared) as b, \
            httpx.Client(base_url=a.url, timeout=10) as ca, httpx.Client(base_url=b.url, timeout=10) as cb:
        g = new_game(ca, seats={"blue": "human", "red": "ai:random"})
        gid, tb = g["id"], token(g, "blue")
        for turn in (2, 3):
            assert act(ca if turn == 2 else cb, gid, tb, "end").status_code == 200
            # both servers are asked about the game while the AI thinks (each may poke the AI)
            v = wait_for(lambda: (view(cb, gid, tb), (x := view(ca, gid, tb)))[1]["your_turn"] and x, timeout=30)
            assert v["view"]["turn"] == turn
        rec = ca.get(f"/api/games/{gid}/log", params={"token": tb}).json()
        assert [a["side"] for a in rec["actions"]].count("blue") == 2
    assert not [r for r in caplog.records if "failed to commit" in r.getMessage()
                or "recorded first" in r.getMessage()]


def test_turn_notices_from_the_outbox_once_across_processes_and_restarts(pg_url, fog_game):
    """Two server processes on one database: a notice queued with a move made through one is
    delivered exactly once (the claim skips rows another process holds), and a notice left
    undelivered when both stop is delivered by the next server."""
    from westfront.server.service import Settings

    from .conftest import ThreadServer
    from .test_notify import Switchable, outbox_rows

    hook = Switchable()
    hook.down = False
    shared = Settings(ai_time=0.2, ai_delay=0.0, shared=True, notify_backoff=0.05, notify_poll=0.1)
    try:
        with ThreadServer(pg_url, shared) as a, ThreadServer(pg_url, shared) as b, \
                httpx.Client(base_url=a.url, timeout=10) as ca, httpx.Client(base_url=b.url, timeout=10) as cb:
            g = new_game(ca)
            gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
            assert ca.put(f"/api/games/{gid}/notify", json={"token": tr, "webhook": hook.url}).status_code == 200
            assert act(cb, gid, tb, "end", 0).status_code == 200  # b reads the registration a stored
            wait_for(lambda: hook.bodies, timeout=10)
            time.sleep(0.5)
            assert len(hook.bodies) == 1 and hook.bodies[0]["version"] == 1
            hook.down = True
            assert act(ca, gid, tr, "end", 1).status_code == 200  # back to blue: no registration, no notice
            assert act(cb, gid, tb, "end", 2).status_code == 200  # red again: refused for now
            wait_for(lambda: hook.calls >= 1, timeout=10)
        mine = [r for r in outbox_rows(pg_url) if r["game_id"] == gid]
        assert [(r["version"], r["delivered_at"] is None) for r in sorted(mine, key=lambda r: r["id"])] == \
            [(1, False), (3, True)]
        hook.down = False
        with ThreadServer(pg_url, shared):
            wait_for(lambda: len(hook.bodies) == 2, timeout=10)
            assert hook.bodies[1]["version"] == 3
    finally:
        hook.close()


def test_chat_on_postgresql(pg_url, fog_game):
    """Issue 35: the seats' chat is stored and limited the same way on PostgreSQL, across a restart."""
    from westfront.server import chat

    with TestClient(create_app(pg_url)) as c:
        g = new_game(c)
        gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
        for i in range(chat.RATE_COUNT):
            assert c.post(f"/api/games/{gid}/chat", json={"token": tb, "text": f"m{i} <b>"}).status_code == 200
        assert c.post(f"/api/games/{gid}/chat", json={"token": tb, "text": "more"}).status_code == 429
        assert c.post(f"/api/games/{gid}/chat", json={"token": tr, "text": "a\x00b"}).status_code == 400
    with TestClient(create_app(pg_url)) as c:
        got = c.get(f"/api/games/{gid}/chat", params={"token": tr}).json()["messages"]
        assert [m["text"] for m in got] == [f"m{i} <b>" for i in range(chat.RATE_COUNT)]
        assert c.get(f"/api/games/{gid}/chat").status_code == 403
