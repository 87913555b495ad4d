"""Imports (issue 38 item 7): a cap on the actions of an imported save, and one replay.

A legal 1.68 MB save of 120,000 move/cancel actions took 7.8 s of server time and slowed everyone
else's requests; it was replayed three times, twice with a hash after every action."""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient

import westfront
from westfront.core.canon import digest
from westfront.core.state import State
from westfront.server.app import create_app
from westfront.server.service import Settings

from .conftest import view

SEATS = {"blue": "human", "red": "human"}


def played(n: int, seed: int = 4) -> westfront.State:
    s = westfront.load("skirmish", seed=seed)
    rnd = random.Random(seed)
    while len(s.history) < n and not s.is_terminal():
        s.apply(rnd.choice(s.legal_actions()))
    return s


def test_a_save_with_more_actions_than_the_cap_is_refused_clearly(db_url, fog_game):
    s = played(40)
    with TestClient(create_app(db_url, Settings(ai_time=0.2, max_import_actions=30))) as c:
        r = c.post("/api/games/import", json={"save": s.to_json(), "seats": SEATS})
        assert r.status_code == 400
        assert r.json()["detail"] == "this save holds 40 actions; this server imports games of at most 30 actions"
        assert c.get("/api/games").json() == []
    assert Settings().max_import_actions == 20_000


def test_an_import_replays_the_save_once_and_serves_that_replay(client, monkeypatch):
    s = played(40)
    calls = {"apply": 0, "hash": 0}
    apply, hash_ = State.apply, State.hash

    def counting_apply(self, a):
        calls["apply"] += 1
        return apply(self, a)

    def counting_hash(self):
        calls["hash"] += 1
        return hash_(self)

    monkeypatch.setattr(State, "apply", counting_apply)
    monkeypatch.setattr(State, "hash", counting_hash)
    r = client.post("/api/games/import", json={"save": s.to_json(), "seats": SEATS})
    assert r.status_code == 200, r.text
    assert calls["apply"] == 40  # was 120: verify, record, rebuild
    assert calls["hash"] <= 40 + 2  # the record's hash after every action, the start, the lobby line
    monkeypatch.undo()
    gid, tb = r.json()["id"], r.json()["seats"]["blue"]["token"]
    p = view(client, gid, tb)
    assert p["n_actions"] == 40 and p["view"] == s.view("blue")
    log = client.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    assert [a["action"] for a in log["actions"]] == s.history


def test_a_save_whose_actions_do_not_reach_its_position_is_refused(client):
    s, other = played(40), played(41)
    doc = json.loads(s.to_json())
    doc["actions"] = list(other.history)  # legal, but it ends elsewhere
    r = client.post("/api/games/import", json={"save": json.dumps(doc), "seats": SEATS})
    assert r.status_code == 400 and "different position" in r.json()["detail"]
    doc["actions"] = [*s.history[:-1], "attack nowhere"]
    doc["hash"] = digest(doc["state"])
    r = client.post("/api/games/import", json={"save": json.dumps(doc), "seats": SEATS})
    assert r.status_code == 400 and "action 40" in r.json()["detail"] and "illegal" in r.json()["detail"]
    assert client.get("/api/games").json() == []
