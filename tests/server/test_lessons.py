"""Lessons over HTTP (issue 36, docs/lessons.md): the Learn list, a lesson's frames rebuilt from its id and
step, a move off the script refused with a reason and a hint (the frame unchanged), the example's moves
taken one by one up to the rulebook's stated outcome."""

from __future__ import annotations

from westfront import lessons


def test_the_learn_list_names_every_games_lessons_in_rulebook_order(client):
    got = client.get("/api/lessons").json()["games"]
    for game in lessons.MODULES:
        assert [x["id"] for x in got[game]] == [x.id for x in lessons.lessons_for(game)]
        assert "sequence" in got[game][0]["title"].lower()


def test_abbeville_through_the_api(client):
    # SFN 14.3: artillery first (13.1); a legal shot at the 276th is not the example's; then the script
    x = lessons.get("sfn-14-3-abbeville")
    f = client.get(f"/api/lessons/{x.id}?at=1").json()
    assert f["step"]["section"] == "SFN 14.2" and "fire cw-i g-9ss" in f["actions"]
    assert f["checks"] == [{"says": f["checks"][0]["says"], "value": 4, "ok": True}]  # hits on 4 or less
    bad = client.post(f"/api/lessons/{x.id}/try", json={"at": 1, "action": "fire cw-i g-276"}).json()
    assert not bad["ok"] and "not what the example does" in bad["refusal"] and "fire cw-i g-9ss" in bad["hint"]
    rule = client.post(f"/api/lessons/{x.id}/try", json={"at": 1, "action": "fire cw-gds g-9ss"}).json()
    assert not rule["ok"] and rule["refusal"].startswith("SFN 13.1")  # the engine's own refusal
    assert client.get(f"/api/lessons/{x.id}?at=1").json()["view"] == f["view"]
    at = 0
    for st in x.steps:
        r = client.post(f"/api/lessons/{x.id}/try", json={"at": at, "action": st.action}).json()
        assert r["ok"], (at, r)
        at = r["frame"]["at"]
    end = r["frame"]
    assert end["done"] and end["outcome"] == x.outcome and all(c["ok"] for c in end["results"])
    units = {u["id"]: u for u in end["view"]["units"]}
    assert units["g-9ss"]["hex"] == "2310" and units["cw-gds"]["hex"] == "2210"


def test_show_me_plays_the_examples_move_and_bad_ids_are_404(client):
    r = client.post("/api/lessons/sfn-sequence/try", json={"at": 1, "show": True}).json()
    assert r["ok"] and r["frame"]["at"] == 2
    assert client.get("/api/lessons/no-such-lesson").status_code == 404
    assert client.post("/api/lessons/no-such-lesson/try", json={"at": 0}).status_code == 404
    assert client.get("/api/lessons/sfn-sequence?at=9999").json()["done"]
    assert client.get("/learn/sfn-sequence").status_code == 200
