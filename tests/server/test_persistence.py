"""Nothing acknowledged is lost: restarts, kill -9, and records that do not replay."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from westfront.server import db
from westfront.server.app import create_app
from westfront.server.service import Settings

from .conftest import act, free_port, new_game, token, undo, view, wait_for

ROOT = Path(__file__).resolve().parents[2]


def test_a_new_server_on_the_same_database_finds_the_game_as_it_was(db_url, fog_game):
    with TestClient(create_app(db_url)) as c:
        g = new_game(c)
        gid, tb = g["id"], token(g, "blue")
        for a in ("move b-inf-1", "to 0303", "move b-arm-1"):
            act(c, gid, tb, a)
        before = view(c, gid, tb)
        rec_before = c.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    with TestClient(create_app(db_url)) as c:
        after = view(c, gid, tb)
        assert after == before
        assert c.get(f"/api/games/{gid}/log", params={"token": tb}).json() == rec_before
        # undo still knows where the last barrier was
        assert undo(c, gid, tb).status_code == 200
        assert act(c, gid, tb, "move b-inf-2").status_code == 200


def test_a_tampered_record_is_refused_loudly(db_url, caplog):
    with TestClient(create_app(db_url)) as c:
        g = new_game(c)
        gid, tb = g["id"], token(g, "blue")
        act(c, gid, tb, "move b-inf-1")
        act(c, gid, tb, "to 0303")
    with create_engine(db_url).begin() as conn:
        conn.execute(update(db.actions).where(db.actions.c.game_id == gid, db.actions.c.ordinal == 2)
                     .values(action="to 0302"))
    with TestClient(create_app(db_url)) as c:
        r = c.get(f"/api/games/{gid}", params={"token": tb})
        assert r.status_code == 500 and "does not replay" in r.json()["detail"] and "action 2" in r.json()["detail"]
        assert act(c, gid, tb, "cancel", 2).status_code == 500
        assert any("RECORD MISMATCH" in rec.message for rec in caplog.records)
        assert c.get("/api/games", params={"status": "broken"}).json()[0]["id"] == gid


def test_kill_9_loses_nothing_that_was_acknowledged(tmp_path):
    url = f"sqlite:///{tmp_path / 'crash.db'}"

    def start() -> tuple[subprocess.Popen[bytes], str]:
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        p = subprocess.Popen([sys.executable, "-m", "westfront", "serve", "--port", str(port), "--db", url],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        wait_for(lambda: _up(base), timeout=30, every=0.1)
        return p, base

    p, base = start()
    try:
        with httpx.Client(base_url=base, timeout=10) as c:
            g = c.post("/api/games", json={"game": "skirmish", "seed": 9,
                                           "seats": {"blue": "human", "red": "human"}}).json()
            gid, tb = g["id"], g["seats"]["blue"]["token"]
            acked = []
            for a in ("move b-inf-1", "to 0303", "move b-arm-1", "to 0405", "move b-inf-2"):
                v = c.get(f"/api/games/{gid}", params={"token": tb}).json()["version"]
                r = c.post(f"/api/games/{gid}/actions", json={"token": tb, "version": v, "action": a})
                assert r.status_code == 200
                acked.append(a)
        p.send_signal(signal.SIGKILL)
        p.wait(10)
        p, base = start()
        with httpx.Client(base_url=base, timeout=10) as c:
            rec = c.get(f"/api/games/{gid}/log", params={"token": tb}).json()
            assert [x["action"] for x in rec["actions"]] == acked
            v = c.get(f"/api/games/{gid}", params={"token": tb}).json()
            assert v["version"] == 5 and v["prompt"].startswith("Move b-inf-2")
    finally:
        p.kill()
        p.wait(10)


def _up(base: str) -> bool:
    try:
        return httpx.get(base + "/api/catalog", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def test_the_ai_starts_again_after_a_restart(db_url):
    with TestClient(create_app(db_url, Settings(ai_delay=5.0))) as c:
        g = new_game(c, seats={"blue": "human", "red": "ai:random"})
        gid, tb = g["id"], token(g, "blue")
        act(c, gid, tb, "end", 0)  # red (AI) to move; this server dies before it does
    with TestClient(create_app(db_url, Settings(ai_delay=0.0))) as c:
        assert wait_for(lambda: view(c, gid, tb)["your_turn"], timeout=20)


def test_a_database_from_before_issue_18_gets_the_new_columns(tmp_path):
    """Seeds beyond 63 bits, announced seeds and turn notifications added columns: an older
    database is brought up to date when the server opens it, and its games still play."""
    from sqlalchemy import inspect, text

    url = f"sqlite:///{tmp_path / 'old.db'}"
    with TestClient(create_app(url)) as c:
        g = new_game(c)
        gid, tb = g["id"], token(g, "blue")
        act(c, gid, tb, "move b-inf-1", 0)
    engine = create_engine(url)
    with engine.begin() as conn:
        for table, col in (("games", "seed_text"), ("games", "seed_public"), ("seats", "notify_webhook"),
                           ("seats", "notify_email"), ("seats", "notify_link")):
            conn.execute(text(f"ALTER TABLE {table} DROP COLUMN {col}"))
    assert "seed_public" not in {col["name"] for col in inspect(engine).get_columns("games")}
    with TestClient(create_app(url)) as c:
        assert view(c, gid, tb)["version"] == 1
        assert act(c, gid, tb, "to 0303", 1).status_code == 200
    assert "notify_email" in {col["name"] for col in inspect(create_engine(url)).get_columns("seats")}
