"""Hidden information never reaches a seat that may not see it (fog-of-war test game)."""

from __future__ import annotations

import json

from .conftest import FOG, act, new_game, token, view


def play_blue_moves(c, gid, tb):
    # blue's armour drives east, out of red's sight (fog: only adjacent enemies are seen)
    for a in ("move b-arm-1", "to 0305", "move b-inf-2", "to 0406"):
        r = act(c, gid, tb, a)
        assert r.status_code == 200, r.text


def test_the_opponent_sees_no_hidden_units_moves_or_record(client):
    g = new_game(client, game=FOG, seed=None)  # a secret server seed
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    play_blue_moves(client, gid, tb)
    blue_ids = {"b-inf-1", "b-inf-2", "b-arm-1"}
    red = view(client, gid, tr)
    assert not blue_ids & {u["id"] for u in red["view"]["units"]}
    assert not any(e.get("type") == "move" for e in red["log"])
    blob = json.dumps(red)
    assert not any(b in blob for b in blue_ids) and "0406" not in blob and "rng" not in blob
    assert red["actions"] == []  # and red cannot act
    assert act(client, gid, tr, "end").status_code == 400
    # the record shows red that blue acted, not where blue went, and never the seed
    rec = client.get(f"/api/games/{gid}/log", params={"token": tr}).json()
    assert rec["seed"] is None and not rec["seed_public"]
    # nor the position hashes: each is an oracle for blue's hidden moves (try candidates, compare)
    assert rec["setup_hash"] is None and all(a["hash"] is None for a in rec["actions"])
    assert [a["action"] for a in rec["actions"]] == ["move b-arm-1", None, "move b-inf-2", None]
    own = client.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    assert own["seed"] is None and own["setup_hash"] is None
    assert [a["action"] for a in own["actions"]] == ["move b-arm-1", "to 0305", "move b-inf-2", "to 0406"]
    # replay: red may only look from red's side while the game is on
    assert client.get(f"/api/games/{gid}/replay", params={"token": tr, "at": 4, "side": "blue"}).status_code == 403
    assert client.get(f"/api/games/{gid}/replay", params={"at": 4}).status_code == 403
    frame = client.get(f"/api/games/{gid}/replay", params={"token": tr, "at": 4, "side": "red"}).json()
    assert frame["action"] is None and "0406" not in json.dumps(frame)
    # a save holds everything: not for one seat of a game in progress
    assert client.get(f"/api/games/{gid}/save", params={"token": tr}).status_code == 403
    # previews are only for the seat that decides
    assert client.post(f"/api/games/{gid}/previews", json={"token": tr, "actions": ["end"]}).status_code == 403


def test_websocket_pushes_each_seat_its_own_view(client):
    g = new_game(client, game=FOG)
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    with client.websocket_connect(f"/ws/games/{gid}?token={tr}") as wr, \
            client.websocket_connect(f"/ws/games/{gid}?token={tb}") as wb:
        assert wr.receive_json()["seat"] == "red"
        assert wb.receive_json()["seat"] == "blue"
        play_blue_moves(client, gid, tb)
        red_msgs = [wr.receive_json() for _ in range(4)]
        blue_msgs = [wb.receive_json() for _ in range(4)]
    assert [m["version"] for m in red_msgs] == [1, 2, 3, 4] == [m["version"] for m in blue_msgs]
    assert all(m["seat"] == "red" for m in red_msgs)
    assert "0406" not in json.dumps(red_msgs) and "b-arm-1" not in json.dumps(red_msgs[1:])
    assert any(e.get("type") == "move" for m in blue_msgs for e in m["log"])
    # the log arrives as deltas that line up with what the seat already has
    assert blue_msgs[1]["log_start"] == blue_msgs[0]["log_start"] + len(blue_msgs[0]["log"])


def test_websocket_refuses_a_missing_or_wrong_token(client):
    import pytest
    from starlette.websockets import WebSocketDisconnect

    g = new_game(client)
    for url in (f"/ws/games/{g['id']}", f"/ws/games/{g['id']}?token=wrong", "/ws/games/nosuch?token=x"):
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(url) as ws:
            ws.receive_json()
