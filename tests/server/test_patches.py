"""Answers that carry only what changed: view patches on actions and websocket pushes (issue 18, item 9)."""

from __future__ import annotations

import json
import random

import westfront
from westfront.server import patch

from .conftest import new_game, token, view


def test_a_patch_rebuilds_the_new_value_exactly():
    cases = [
        ({"a": 1, "b": [1, 2], "c": None}, {"a": 1, "b": [1, 3], "d": None}),
        ({"units": [{"id": "x", "hex": "0101"}, {"id": "y", "hex": None}]},
         {"units": [{"id": "z", "hex": "0202"}, {"id": "x", "hex": "0102"}]}),
        ({"units": [{"id": 1, "s": 2}, {"id": 2, "s": 1}]}, {"units": [{"id": 2, "s": 0}, {"id": 1, "s": 2}]}),
        ({"f": 1}, {"f": True}), ({"f": [1]}, {"f": {"a": 1}}), ([{"id": "a"}], []), ("x", "y"),
    ]
    for old, new in cases:
        p = json.loads(json.dumps(patch.diff(old, new)))  # it travels as JSON (int ids become text)
        assert patch.apply(old, p) == new, (old, new, p)
    assert patch.diff({"a": [1]}, {"a": [1]}) is None
    # real views along a random 1944 game
    s = westfront.load("dday-to-the-rhine", options={"phantoms": True}, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        before = {side: s.view(side) for side in ("german", "allied")}
        s.apply(rng.choice(s.legal_actions()))
        for side, old in before.items():
            new = s.view(side)
            assert patch.apply(old, json.loads(json.dumps(patch.diff(old, new)))) == new


def test_actions_and_pushes_can_carry_patches_and_a_resync_is_one_request_away(client):
    g = new_game(client, game="dday-to-the-rhine", seats={"german": "human", "allied": "human"})
    gid, tg, ta = g["id"], token(g, "german"), token(g, "allied")
    rng = random.Random(1)
    full_sizes, patch_sizes = [], []
    with client.websocket_connect(f"/ws/games/{gid}?token={ta}&diff=1") as ws:
        allied_view = ws.receive_json()["view"]  # the first message is always whole
        for _ in range(25):
            cur = view(client, gid, tg if view(client, gid, tg)["your_turn"] else ta)
            side_tok = tg if cur["seat"] == "german" else ta
            r = client.post(f"/api/games/{gid}/actions", json={"token": side_tok, "version": cur["version"],
                                                               "action": rng.choice(cur["actions"]), "diff": True})
            assert r.status_code == 200
            body = r.json()
            assert "view" not in body and body["view_base"] == cur["version"]
            fresh = view(client, gid, side_tok)
            assert patch.apply(cur["view"], body["view_patch"]) == fresh["view"]
            full_sizes.append(len(json.dumps(fresh)))
            patch_sizes.append(len(r.content))
            push = ws.receive_json()
            assert "view" not in push, (push["version"], push.get("view_base"), cur["version"])
            allied_view = patch.apply(allied_view, push["view_patch"])
            assert allied_view == view(client, gid, ta)["view"]
        ws.send_text("resync")
        full = ws.receive_json()
        assert full["view"] == allied_view
    assert sum(patch_sizes) * 3 < sum(full_sizes), (sum(patch_sizes), sum(full_sizes))
    # without "diff" nothing changes for old clients
    cur = view(client, gid, tg if view(client, gid, tg)["your_turn"] else ta)
    r = client.post(f"/api/games/{gid}/actions", json={"token": tg if cur["seat"] == "german" else ta,
                                                       "version": cur["version"], "action": cur["actions"][0]})
    assert "view" in r.json() and "view_patch" not in r.json()
