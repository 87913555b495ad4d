"""POST /api/games/{id}/why: the refusal a move would get, without making it (the board, second
pass, item 3: a click on something that is not a choice says why, with the rule).

It must answer exactly what the action endpoint answers — so it tells a seat no more than a
refused move does (issue 38's scan covers those) — and change nothing."""

from __future__ import annotations

import random

import pytest

from tests.contract.test_hidden_information import crafted_actions

from .conftest import act, new_game, token, view
from .test_leaks import all_human_game, hidden_games


def why(c, gid: str, tok: str, text: str) -> dict:
    r = c.post(f"/api/games/{gid}/why", json={"token": tok, "action": text})
    assert r.status_code == 200, r.text
    return r.json()


def test_why_names_the_rule_and_the_actual_reason_and_changes_nothing(client):
    g = new_game(client)  # skirmish 2: a unit moves within its movement allowance
    gid = g["id"]
    side = view(client, gid, token(g, "blue"))["current_player"]
    tok = token(g, side)
    first = view(client, gid, tok)
    unit = first["actions"][0].split()[1]
    assert act(client, gid, tok, f"move {unit}").status_code == 200
    before = view(client, gid, tok)
    far = why(client, gid, tok, "to 1208")
    assert far["legal"] is False and far["reason"].startswith("skirmish 2") and "cannot reach 1208" in far["reason"]
    near = why(client, gid, tok, before["actions"][0])
    assert near == {"version": before["version"], "legal": True, "reason": None}
    after = view(client, gid, tok)
    assert after["version"] == before["version"]
    assert after["view"] == before["view"] and after["actions"] == before["actions"]
    # the same answer a move gets
    r = act(client, gid, tok, "to 1208")
    assert r.status_code == 400 and r.json()["detail"] == far["reason"]


def test_why_out_of_turn_is_the_asking_seat_s_waiting_text(client):
    g = new_game(client)
    gid = g["id"]
    first = view(client, gid, token(g, "blue"))["current_player"]
    other = "red" if first == "blue" else "blue"
    w = why(client, gid, token(g, other), "end")
    assert w["legal"] is False and w["reason"].startswith(f"not {other}'s decision now")
    assert w["reason"] == act(client, gid, token(g, other), "end").json()["detail"]


def test_why_needs_a_seat(client):
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/why", json={"token": "x" * 20, "action": "end"})
    assert r.status_code in (403, 404), r.text


@pytest.mark.parametrize("game", hidden_games())
def test_why_answers_crafted_requests_exactly_as_a_move_is_refused(client, game):
    # 1944 18.5, SFN 10.6, Race decks: what why() says is what the (scanned) action endpoint says
    g = all_human_game(client, game, seed=5)
    gid = g["id"]
    live = client.app.state.service.live(gid)
    with live.lock:
        side = live.state.current_player()
        crafted = crafted_actions(live.state.clone(), side)
    tok = token(g, side)
    before = view(client, gid, tok)
    compared = 0
    for text in random.Random(5).sample(crafted, min(40, len(crafted))):
        w = why(client, gid, tok, text)
        if w["legal"]:
            continue
        r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "version": before["version"], "action": text})
        assert r.status_code == 400 and r.json()["detail"] == w["reason"], (text, w, r.text[:300])
        compared += 1
    assert compared >= 10
    assert view(client, gid, tok)["version"] == before["version"]
