"""1944 through the real game server: the Allied seat never learns what the phantoms hide."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from westfront.server.app import create_app
from westfront.server.service import Settings

GAME = "dday-to-the-rhine"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'w.db'}", Settings(ai_time=0.2, ai_delay=0.0))
    with TestClient(app) as c:
        yield c


def test_phantom_entry_is_secret_through_the_server(client):
    # 1944 18.5: the Allied seat sees two hidden markers and not which one is real, in views and the record
    r = client.post("/api/games", json={"game": GAME, "scenario": "quick-start", "options": {"phantoms": True},
                                        "seats": {"german": "human", "allied": "human"}, "seed": 2})
    assert r.status_code == 200, r.text
    g = r.json()
    gid, ger, alt = g["id"], g["seats"]["german"]["token"], g["seats"]["allied"]["token"]

    def play(action: str) -> dict:
        v = client.get(f"/api/games/{gid}", params={"token": ger}).json()
        res = client.post(f"/api/games/{gid}/actions", json={"token": ger, "version": v["version"], "action": action})
        assert res.status_code == 200, res.text
        return res.json()

    play("place ge-2sspc")
    v = client.get(f"/api/games/{gid}", params={"token": ger}).json()
    play(next(a for a in v["actions"] if a.startswith("at ")))
    v = client.get(f"/api/games/{gid}", params={"token": ger}).json()
    play(next(a for a in v["actions"] if a.startswith("at ")))
    allied = client.get(f"/api/games/{gid}", params={"token": alt}).json()
    hidden = [u for u in allied["view"]["units"] if u["kind"] == "hidden"]
    assert len(hidden) == 2
    text = json.dumps(allied)
    assert "ph-1" not in text and '"ge-2sspc"' not in text.replace('"unit": "ge-2sspc"', "")
    assert not [u for u in allied["view"]["units"] if u["id"] == "ge-2sspc"]
    record = client.get(f"/api/games/{gid}/log", params={"token": alt})
    assert record.status_code == 200, record.text
    shown = [a["action"] for a in record.json()["actions"] if a["action"]]
    assert not [a for a in shown if a.startswith("place ")]  # which unit went under the marker (issue 18)
    assert not [a for a in shown if a.startswith("at ")]  # where the real unit and the phantom went
