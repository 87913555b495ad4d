"""Conceding through the server: any seat, on its turn or not, for itself only (SFN 1.1, 4.1)."""

from __future__ import annotations

from tests.server.conftest import act, new_game, token, view


def test_the_waiting_seat_concedes_and_the_other_wins(client):  # SFN 1.1, 4.1
    g = new_game(client)
    gid = g["id"]
    first = view(client, gid, token(g, "blue"))["current_player"]
    waiting = "red" if first == "blue" else "blue"
    r = act(client, gid, token(g, waiting), f"concede {waiting}")
    assert r.status_code == 200, r.text
    for side in ("blue", "red"):
        p = view(client, gid, token(g, side))
        assert p["result"]["winner"] == first and p["result"]["level"] == "concession"
        assert any(e.get("type") == "concession" for e in p["log"])
    # the record replays: the seat that conceded is recorded as its actor
    rec = client.get(f"/api/games/{gid}/log", params={"token": token(g, first)}).json()
    assert rec["actions"][-1]["action"] == f"concede {waiting}" and rec["actions"][-1]["side"] == waiting


def test_a_seat_cannot_concede_for_the_other_side(client):
    g = new_game(client)
    gid = g["id"]
    before = view(client, gid, token(g, "blue"))
    r = act(client, gid, token(g, "blue"), "concede red")
    assert r.status_code == 400 and "only for itself" in r.json()["detail"]
    after = view(client, gid, token(g, "blue"))
    assert after["version"] == before["version"] and after["result"] is None
