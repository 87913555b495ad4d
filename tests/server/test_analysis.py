"""GET /api/games/{id}/analysis (issue 36): refused while a game is in progress, for every caller;
given once it is over, with turning points that are replay frames."""

from __future__ import annotations

from .conftest import act, new_game, token, view


def play_out(client, gid, toks):
    """Both people end every phase until the game is over (skirmish: the turn limit)."""
    for _ in range(60):
        for tok in toks.values():
            v = view(client, gid, tok)
            if v["view"].get("result"):
                return v
            if v["your_turn"]:
                assert act(client, gid, tok, "end").status_code == 200
    raise AssertionError("the game did not end")


def test_refused_for_an_unfinished_game_between_people(client):
    # a hotseat / invite game between two people: neither seat, nor anyone else, gets the chances mid-game
    g = new_game(client, options={"turns": 4})
    gid = g["id"]
    toks = {s: token(g, s) for s in ("blue", "red")}
    assert act(client, gid, toks["blue"], "end").status_code == 200
    for params in ({}, {"token": toks["blue"]}, {"token": toks["red"]}):
        r = client.get(f"/api/games/{gid}/analysis", params=params)
        assert r.status_code == 403, r.text
        assert "once the game is over" in r.json()["detail"]
    assert "turning_points" not in r.text


def test_given_once_the_game_is_over_and_its_turning_points_are_replay_frames(client):
    # skirmish 4: the game ends after its last turn; then the record is public, and so is its analysis
    g = new_game(client, options={"turns": 4})
    gid = g["id"]
    play_out(client, gid, {s: token(g, s) for s in ("blue", "red")})
    r = client.get(f"/api/games/{gid}/analysis")
    assert r.status_code == 200, r.text
    a = r.json()
    log = client.get(f"/api/games/{gid}/replay", params={"at": 10**9}).json()
    assert a["id"] == gid and a["n_actions"] == log["n_actions"]
    assert [p["at"] for p in a["points"]] == list(range(a["n_actions"] + 1))
    assert 1 <= len(a["turning_points"]) <= 3
    for t in a["turning_points"]:
        frame = client.get(f"/api/games/{gid}/replay", params={"at": t["at"]}).json()
        assert frame["action"] == t["action"] and frame["actor"] == t["actor"]
    assert a["losses"] == {"blue": 0, "red": 0}
    assert client.get(f"/api/games/{gid}/analysis").json() == a  # kept: a finished game does not change


def test_unknown_game_is_404(client):
    assert client.get("/api/games/nosuchgame/analysis").status_code == 404
