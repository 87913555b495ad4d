"""Views and previews follow docs/view-contract.md."""

from __future__ import annotations

import json

from .helpers import clear, lab, new, play, put, quiet_centre, units


def test_view_has_the_contract_keys():
    # onslaught 2.3: counters show full or depleted factors; boxes hold the off-map units
    s = new()
    v = s.view("allied")
    for key in ("turn", "turn_label", "max_turns", "phase", "budgets", "status", "units", "markers", "boxes"):
        assert key in v
    assert v["max_turns"] == 20 and v["budgets"]["german"]["supply"] == 8
    for u in v["units"]:
        assert {"id", "side", "hex", "box", "label", "kind", "factors", "steps", "max_steps"} <= set(u)
        assert (u["hex"] is None) == (u["box"] is not None)
        if u["box"]:
            assert u["box"] in v["boxes"]
    assert {x["id"] for x in v["units"]} | {x["id"] for x in v["schedule"]} == set(s.g["units"])
    assert v == {**s.view(None), "viewer": "allied", "prompt": v["prompt"]}  # nothing hidden
    json.dumps(v)


def test_depleted_and_out_of_supply_flags():
    # onslaught 8.6: units out of supply carry the "oos" flag; depleted ones "reduced" and their back factors
    s = new()
    clear(s)
    c = quiet_centre()
    g = put(s, units("german", "inf", 1)[0], c, full=False)
    for h, u in zip(s.map.nbrs[c], units("allied", "inf", 6), strict=True):
        put(s, u, h)
    v = {u["id"]: u for u in s.view("german")["units"]}
    assert v[g]["factors"] == "2-4" and "reduced" in v[g]["flags"] and "oos" in v[g]["flags"]


def test_activation_preview_shows_the_cost():
    # onslaught 5.2: activating a stack costs one supply point
    s = new()
    play(s, "movement")
    h = s.unit("us-1")["hex"]
    p = s.preview(f"activate {h}")
    assert p["cost"] == 1 and set(p["units"]) == {"us-1", "us-4"}
    assert lab(s.map.index[h]) == h
