"""AI seats move by themselves, off the request thread, and say that they are thinking."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from westfront.server.app import create_app
from westfront.server.service import Settings

from .conftest import act, new_game, token, view, wait_for


def test_the_ai_answers_a_move_and_hands_back(client):
    g = new_game(client, seats={"blue": "human", "red": "ai:random"})
    gid, tb = g["id"], token(g, "blue")
    t0 = time.monotonic()
    r = act(client, gid, tb, "end", 0)
    assert r.status_code == 200 and time.monotonic() - t0 < 2  # the request does not wait for the AI
    v = wait_for(lambda: (x := view(client, gid, tb))["your_turn"] and x)
    assert v["view"]["turn"] == 2
    rec = client.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    assert {a["side"] for a in rec["actions"][1:]} == {"red"} and rec["actions"][-1]["action"] == "end"


def test_the_ui_can_see_that_the_ai_is_thinking(db_url):
    app = create_app(db_url, Settings(ai_delay=0.4))
    with TestClient(app) as c:
        g = new_game(c, seats={"blue": "human", "red": "ai:random"})
        gid, tb = g["id"], token(g, "blue")
        act(c, gid, tb, "end", 0)
        seen = wait_for(lambda: view(c, gid, tb)["thinking"], timeout=5)
        assert seen == "red"
        rows = c.get("/api/games").json()
        assert rows[0]["thinking"] is True


def test_an_ai_only_game_plays_to_the_end(client):
    g = new_game(client, seats={"blue": "ai:random", "red": "ai:random"}, options={"turns": 4})
    rows = wait_for(lambda: [r for r in client.get("/api/games").json() if r["status"] == "over"], timeout=60)
    assert rows[0]["id"] == g["id"] and rows[0]["result"]["reason"]


def test_ai_seats_can_think_in_worker_processes(db_url, caplog):
    """ai_pool="process" (what `westfront serve` uses): the agent runs in another process,
    so its search never holds this process's interpreter lock."""
    app = create_app(db_url, Settings(ai_time=0.2, ai_delay=0.0, ai_pool="process", ai_workers=1))
    with TestClient(app) as c:
        assert app.state.service.ai._procs
        g = new_game(c, seats={"blue": "human", "red": "ai:easy"})
        gid, tb = g["id"], token(g, "blue")
        act(c, gid, tb, "end", 0)
        v = wait_for(lambda: (x := view(c, gid, tb))["your_turn"] and x, timeout=60)
        assert v["view"]["turn"] == 2
        rec = c.get(f"/api/games/{gid}/log", params={"token": tb}).json()
        assert rec["actions"][-1]["side"] == "red"
    # the moves came from the agent in the pool, not from the random fallback for a crashed agent
    assert not [r for r in caplog.records if "crashed" in r.getMessage() or "illegal" in r.getMessage()]


@pytest.mark.slow
def test_ai_seats_can_think_on_ray(db_url, caplog):
    """ai_pool="ray": the decision is a Ray task (a local Ray here; RAY_ADDRESS names a cluster)."""
    pytest.importorskip("ray")
    app = create_app(db_url, Settings(ai_time=0.2, ai_delay=0.0, ai_pool="ray", ai_workers=1))
    with TestClient(app) as c:
        g = new_game(c, seats={"blue": "human", "red": "ai:easy"})
        gid, tb = g["id"], token(g, "blue")
        act(c, gid, tb, "end", 0)
        v = wait_for(lambda: (x := view(c, gid, tb))["your_turn"] and x, timeout=120)
        assert v["view"]["turn"] == 2
        assert app.state.service.ai._ray_think is not None
    assert not [r for r in caplog.records if "crashed" in r.getMessage() or "illegal" in r.getMessage()]
