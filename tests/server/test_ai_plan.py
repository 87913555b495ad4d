"""The AI explains itself (issue 21): its plan reaches the opponent only once the game is over."""

from __future__ import annotations

from westfront import api
from westfront.ai.hooks import explain

from .conftest import act, new_game, token, view, wait_for


def finish(client, gid: str, tok: str) -> dict:
    """Blue ends every turn until the game is over (the AI seat plays red)."""
    def settled() -> dict | None:
        x = view(client, gid, tok)
        return x if x["your_turn"] or x["view"].get("result") else None

    for _ in range(40):
        v = wait_for(settled, timeout=30)
        if v["view"].get("result"):
            return v
        assert act(client, gid, tok, "end").status_code == 200
    raise AssertionError("the game did not end")


def test_the_ai_plan_is_private_during_play_and_shown_after(client):
    g = new_game(client, seats={"blue": "human", "red": "ai:heuristic"}, options={"turns": 4})
    gid, tb = g["id"], token(g, "blue")
    frame = client.get(f"/api/games/{gid}/replay", params={"token": tb, "at": 0, "side": "blue"}).json()
    assert frame["plans"] is None  # the computer's intent is not shown to its opponent during play
    finish(client, gid, tb)
    last = client.get(f"/api/games/{gid}/replay", params={"at": 10**9}).json()
    assert set(last["plans"]) == {"red"}  # the AI seat only, not the human's
    red = last["plans"]["red"]
    assert red["agent"] == "heuristic" and red["text"] and red["objectives"][0]["hexes"] == ["0905"]
    first = client.get(f"/api/games/{gid}/replay", params={"at": 0}).json()
    assert first["plans"]["red"]["phase"] in ("take", "hold")  # every frame re-derives the plan of its moment


def test_campaign_plans_are_derived_from_the_position():
    for game in ("onslaught", "dday-to-the-rhine"):
        s = api.load(game, seed=3)
        for side in ("allied", "german"):
            p = explain(s, side)
            assert p is not None and p["side"] == side and p["text"] and p["objectives"]
            assert all(o["count"] == len(o["hexes"]) for o in p["objectives"])
    s = api.load("onslaught", seed=3)
    assert explain(s, "allied")["phase"] == "lodgement"  # no port yet: the ports come first (8.1)
