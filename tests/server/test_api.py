"""The HTTP API contract (docs/play.md): every status code, seats, undo, the record."""

from __future__ import annotations

import threading

import httpx
from sqlalchemy import create_engine, select

import westfront
from westfront.server import db

from .conftest import act, new_game, token, undo, view


def test_create_returns_a_secret_seat_per_human_side_and_none_for_the_ai(client):
    g = new_game(client, seats={"blue": "human", "red": "ai:random"})
    assert set(g["seats"]) == {"blue", "red"}
    blue = g["seats"]["blue"]
    assert blue["kind"] == "human" and len(blue["token"]) >= 20
    assert blue["url"].endswith(f"/play/{g['id']}?invite={blue['token']}")  # the browser claims it (issue 38)
    assert g["seats"]["red"] == {"kind": "ai:random", "token": None, "url": None}


def test_create_refuses_bad_games_scenarios_options_and_seats(client):
    bad = [
        {"game": "no-such-game", "seats": {"a": "human"}},
        {"game": "skirmish", "scenario": "nope", "seats": {"blue": "human", "red": "human"}},
        {"game": "skirmish", "options": {"zoc": "banana"}, "seats": {"blue": "human", "red": "human"}},
        {"game": "skirmish", "options": {"nonsense": 1}, "seats": {"blue": "human", "red": "human"}},
        {"game": "skirmish", "seats": {"blue": "human"}},  # every side needs a seat
        {"game": "skirmish", "seats": {"blue": "human", "red": "ai:grandmaster"}},
        {"game": "skirmish", "seats": {"blue": "human", "red": "robot"}},
        {"game": "skirmish", "seats": {"blue": "human", "red": "human", "green": "human"}},
        {"game": "skirmish", "seed": -1, "seats": {"blue": "human", "red": "human"}},
        {"seats": {}},
    ]
    for body in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["detail"]
    assert client.get("/api/games").json() == []


def test_view_needs_the_right_token(client):
    g = new_game(client)
    gid = g["id"]
    assert client.get(f"/api/games/{gid}").status_code == 403
    assert client.get(f"/api/games/{gid}", params={"token": "wrong"}).status_code == 403
    assert client.get("/api/games/nosuchgame", params={"token": token(g, "blue")}).status_code == 404
    v = view(client, gid, token(g, "blue"))
    assert set(v) >= {"version", "view", "prompt", "actions", "log", "result"}
    assert v["seat"] == "blue" and v["version"] == 0 and v["your_turn"]
    assert "move b-inf-1" in v["actions"]
    r = view(client, gid, token(g, "red"))
    assert r["actions"] == [] and not r["your_turn"] and r["prompt"].startswith("Waiting")


def test_an_action_returns_the_new_view_and_bumps_the_version(client):
    g = new_game(client)
    gid, tb = g["id"], token(g, "blue")
    r = act(client, gid, tb, "move b-inf-1", 0)
    assert r.status_code == 200
    body = r.json()
    assert body["version"] == 1 and body["prompt"].startswith("Move b-inf-1")
    assert "cancel" in body["actions"] and any(a.startswith("to ") for a in body["actions"])
    r = act(client, gid, tb, "to 0303", 1)  # skirmish 2: one hex, 1 MP in clear
    assert r.status_code == 200
    moved = {u["id"]: u for u in r.json()["view"]["units"]}["b-inf-1"]
    assert moved["hex"] == "0303" and "moved" in moved["flags"]
    assert any(e.get("type") == "move" for e in r.json()["log"])


def test_illegal_and_malformed_actions_get_400_with_the_reason_and_change_nothing(client):
    g = new_game(client)
    gid, tb = g["id"], token(g, "blue")
    act(client, gid, tb, "move b-inf-1", 0)
    before = client.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    for bad, words in [("to 1209", "cannot reach"),  # skirmish 2: beyond the unit's movement points
                       ("move r-inf-1", "not legal"), ("", "malformed"), ("to", "not legal"),
                       ("fly me to the moon", "not legal"), ("to 0303\x00", "malformed")]:
        r = act(client, gid, tb, bad, 1)
        assert r.status_code == 400, (bad, r.text)
        assert words in r.json()["detail"], (bad, r.json())
    for body in [{"token": tb, "version": 1}, {"token": tb, "version": "x", "action": "end"},
                 {"token": tb, "version": 1, "action": 5}, {"version": 1, "action": "cancel"}]:
        r = client.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code == 400, body
    after = client.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    assert after == before


def test_wrong_token_is_403_and_the_opponent_cannot_act(client):
    g = new_game(client)
    gid = g["id"]
    r = client.post(f"/api/games/{gid}/actions", json={"token": "nope", "version": 0, "action": "end"})
    assert r.status_code == 403
    r = client.post("/api/games/nosuchgame/actions", json={"token": "nope", "version": 0, "action": "end"})
    assert r.status_code == 404
    r = act(client, gid, token(g, "red"), "end", 0)  # skirmish 1: blue moves first
    assert r.status_code == 400 and "blue" in r.json()["detail"]
    assert view(client, gid, token(g, "blue"))["version"] == 0


def test_a_stale_version_is_409(client):
    g = new_game(client)
    gid, tb = g["id"], token(g, "blue")
    assert act(client, gid, tb, "move b-inf-1", 0).status_code == 200
    r = act(client, gid, tb, "cancel", 0)
    assert r.status_code == 409 and r.json()["version"] == 1
    assert view(client, gid, tb)["version"] == 1


def test_two_clients_racing_on_one_game_exactly_one_wins(http, live_server):
    g = http.post("/api/games", json={"game": "skirmish", "seed": 2,
                                      "seats": {"blue": "human", "red": "human"}}).json()
    gid, tb = g["id"], g["seats"]["blue"]["token"]
    for round_ in range(5):
        v = http.get(f"/api/games/{gid}", params={"token": tb}).json()
        moves = [a for a in v["actions"] if a != "end"][:2] or v["actions"][:1] * 2
        go = threading.Barrier(2)
        codes: list[int] = []

        def post(action: str, version: int = v["version"], go: threading.Barrier = go,
                 codes: list[int] = codes) -> None:
            with httpx.Client(base_url=live_server.url, timeout=10) as c:
                go.wait()
                codes.append(c.post(f"/api/games/{gid}/actions",
                                    json={"token": tb, "version": version, "action": action}).status_code)

        threads = [threading.Thread(target=post, args=(m,)) for m in moves[:2]]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409], (round_, codes)
        after = http.get(f"/api/games/{gid}", params={"token": tb}).json()
        assert after["version"] == v["version"] + 1
        if any(a == "cancel" for a in after["actions"]):
            http.post(f"/api/games/{gid}/actions", json={"token": tb, "version": after["version"], "action": "cancel"})
    log = http.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    assert [a["ordinal"] for a in log["actions"]] == list(range(1, len(log["actions"]) + 1))


def test_undo_goes_back_to_the_last_decision_that_revealed_nothing(client, db_url):
    g = new_game(client)
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    start_hash = westfront.load("skirmish", seed=11).hash()
    act(client, gid, tb, "move b-inf-1", 0)
    act(client, gid, tb, "to 0303", 1)
    assert undo(client, gid, tr).status_code == 400  # not red's move
    r = undo(client, gid, tb)
    assert r.status_code == 200
    v = r.json()
    assert v["version"] == 3 and v["prompt"].startswith("Move b-inf-1")
    assert {u["id"]: u for u in v["view"]["units"]}["b-inf-1"]["hex"] == "0304"
    r = undo(client, gid, tb)
    assert r.status_code == 200 and "move b-inf-1" in r.json()["actions"]
    assert undo(client, gid, tb).status_code == 400  # nothing left
    log = client.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    assert log["actions"] == [] and log["setup_hash"] == start_hash
    # a hand-over is a barrier: ending the turn cannot be undone
    act(client, gid, tb, "end")
    r = undo(client, gid, tb)
    assert r.status_code == 400 and "hand-over" in r.json()["detail"]
    assert undo(client, gid, "bad").status_code == 403
    # the undone actions stay in the database for audit
    with create_engine(db_url).connect() as conn:
        rows = conn.execute(select(db.actions.c.action, db.actions.c.undone).where(db.actions.c.game_id == gid)
                            .order_by(db.actions.c.id)).all()
    assert [(a, bool(u)) for a, u in rows] == [("move b-inf-1", True), ("to 0303", True), ("end", False)]


def test_no_undo_past_a_die_roll(client):
    g = new_game(client, seed=5)
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    # walk blue next to red and attack: skirmish 4, combat rolls a die
    for a in ("move b-arm-1", "to 0605", "end"):
        assert act(client, gid, tb, a).status_code == 200
    for a in ("move r-inf-1", "to 0705", "end"):
        assert act(client, gid, tr, a).status_code == 200
    v = view(client, gid, tb)
    attacks = [a for a in v["actions"] if a.startswith("attack")]
    assert attacks, v["actions"]
    act(client, gid, tb, attacks[0])
    v = view(client, gid, tb)
    add = next(a for a in v["actions"] if a.startswith("add"))
    act(client, gid, tb, add)
    r = act(client, gid, tb, "resolve")
    assert r.status_code == 200
    assert any(e["type"] == "roll" for e in r.json()["log"])
    version = r.json()["version"]
    r = undo(client, gid, tb)
    assert r.status_code == 400 and "die roll" in r.json()["detail"]
    assert view(client, gid, tb)["version"] == version


def test_the_log_has_a_hash_per_action_that_a_replay_reproduces(client):
    g = new_game(client)
    gid, tb = g["id"], token(g, "blue")
    for a in ("move b-inf-1", "to 0303", "move b-arm-1", "to 0405", "end"):
        assert act(client, gid, tb, a).status_code == 200
    log = client.get(f"/api/games/{gid}/log", params={"token": tb}).json()
    assert log["seed"] == 11 and log["seed_public"]  # the creator chose it: announced to every seat
    s = westfront.load("skirmish", log["scenario"], log["options"], seed=11)
    assert s.hash() == log["setup_hash"]
    for entry in log["actions"]:
        s.apply(entry["action"])
        assert s.hash() == entry["hash"]
    assert [e["barrier"] for e in log["actions"]] == [False, False, False, False, True]
    assert client.get(f"/api/games/{gid}/log", params={"token": "x"}).status_code == 403


def test_previews_show_costs_and_odds_for_the_deciding_seat_only(client):
    g = new_game(client)
    gid, tb = g["id"], token(g, "blue")
    v = act(client, gid, tb, "move b-inf-1", 0).json()
    r = client.post(f"/api/games/{gid}/previews", json={"token": tb, "actions": v["actions"] + ["to 9999"]})
    assert r.status_code == 200
    pv = r.json()["previews"]
    assert pv["to 0303"] == {"cost": 1, "path": ["0304", "0303"]}  # skirmish 2: clear costs 1
    assert pv["to 9999"] is None
    r = client.post(f"/api/games/{gid}/previews", json={"token": token(g, "red"), "actions": ["to 0303"]})
    assert r.status_code == 403


def test_lobby_lists_games_without_secrets(client):
    g = new_game(client, seats={"blue": "human", "red": "ai:random"})
    rows = client.get("/api/games").json()
    assert [r["id"] for r in rows] == [g["id"]]
    row = rows[0]
    assert row["seats"] == {"blue": "human", "red": "ai:random"} and row["title"].startswith("Skirmish")
    text = client.get("/api/games").text
    assert token(g, "blue") not in text and "seed" not in text


def test_save_download_and_upload_round_trip(client):
    g = new_game(client)
    gid, tb, tr = g["id"], token(g, "blue"), token(g, "red")
    for a in ("move b-inf-1", "to 0303", "end"):
        act(client, gid, tb, a)
    r = client.get(f"/api/games/{gid}/save", params={"token": tb})
    assert r.status_code == 403  # red's side of the game is not blue's to read while it is on
    r = client.get(f"/api/games/{gid}/save", params={"token": [tb, tr]})
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    saved = westfront.from_json(r.text, verify=True)
    r = client.post("/api/games/import", json={"save": r.text, "seats": {"blue": "human", "red": "human"}})
    assert r.status_code == 200
    g2 = r.json()
    log2 = client.get(f"/api/games/{g2['id']}/log", params={"token": token(g2, "blue")}).json()
    assert [a["action"] for a in log2["actions"]] == saved.history
    assert log2["actions"][-1]["hash"] == saved.hash()
    bad = client.post("/api/games/import", json={"save": "{\"format\": \"nope\"}", "seats": {"blue": "human"}})
    assert bad.status_code == 400 and "save" in bad.json()["detail"]


def test_a_player_alone_against_the_computer_may_save(client):
    g = new_game(client, seats={"blue": "human", "red": "ai:random"})
    r = client.get(f"/api/games/{g['id']}/save", params={"token": token(g, "blue")})
    assert r.status_code == 200
    assert westfront.from_json(r.text, verify=True).INFO.id == "skirmish"


def test_catalog_maps_and_openapi_are_served(client):
    cat = client.get("/api/catalog").json()
    assert "skirmish" in {g["id"] for g in cat["games"]}
    assert cat["ai_levels"][:4] == ["random", "easy", "normal", "hard"]  # weakest first, for the lobby
    m = client.get("/api/maps/skirmish").json()
    assert m["kind"] == "hex" and m["orientation"] == "flat" and len(m["hexes"]) > 50
    assert client.get("/api/maps/nope").status_code == 404
    spec = client.get("/openapi.json").json()
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions", "/api/games/{game_id}/undo",
                 "/api/games/{game_id}/log"):
        assert path in spec["paths"]
    assert client.get("/").status_code == 200 and "westfront" in client.get("/").text
    assert client.get("/static/js/main.js").status_code == 200


def test_rules_reference_lists_every_section(client):
    r = client.get("/api/rules/onslaught")
    assert r.status_code == 200
    ref = r.json()
    import westfront.games.onslaught as ons

    assert [s["id"] for s in ref["sections"]] == [str(x[0]) for x in ons.RULE_SECTIONS]
    assert all(s["title"] and s["implemented_in"] for s in ref["sections"])
    assert client.get("/api/rules/no-such-game").status_code == 404


def test_a_player_count_option_seats_only_the_sides_that_take_part(client):
    # rttr 10.2: with two players Patch-Devers and Patton play; the others are not seats
    info = westfront.api.registry.info("race-to-the-rhine")
    assert info.seated({"players": 2}) == ("patch_devers", "patton")
    r = client.post("/api/games", json={"game": "race-to-the-rhine", "options": {"players": 2},
                                        "seats": {"patch_devers": "human", "patton": "ai:random"}})
    assert r.status_code == 200, r.text
    r = client.post("/api/games", json={"game": "race-to-the-rhine", "options": {"players": 2},
                                        "seats": {"patch_devers": "human", "patton": "human", "bradley": "human"}})
    assert r.status_code == 400 and "bradley" in r.json()["detail"]
    # rttr 10.2: the base game (option patch_devers off) seats Montgomery and Patton for two, refuses four
    r = client.post("/api/games", json={"game": "race-to-the-rhine", "options": {"players": 2, "patch_devers": False},
                                        "seats": {"montgomery": "human", "patton": "ai:random"}})
    assert r.status_code == 200, r.text
    r = client.post("/api/games", json={"game": "race-to-the-rhine", "options": {"players": 4, "patch_devers": False},
                                        "seats": {"montgomery": "human"}})
    assert r.status_code == 400 and "no seating" in r.json()["detail"]
