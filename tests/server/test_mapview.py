"""Map drawing data: both hex orientations from the engine's own geometry, and p2p maps."""

from __future__ import annotations

import json
import math

import pytest

from westfront.core.errors import MapError
from westfront.core.hexgrid import COLROW, LETTERROW
from westfront.server.mapview import HEX_SIZE, render_hex_map, render_map, render_p2p_map


def test_colrow_maps_are_flat_topped_with_odd_columns_lower():
    m = render_map("skirmish")
    assert m["orientation"] == "flat" and m["scheme"] == "colrow"
    xy = {h["id"]: (h["x"], h["y"]) for h in m["hexes"]}
    assert xy["0305"] == pytest.approx(COLROW.center(COLROW.to_axial("0305"), HEX_SIZE), abs=0.01)
    assert xy["0101"][1] > xy["0201"][1]  # odd column sits half a hex lower
    assert xy["0102"][1] - xy["0101"][1] == pytest.approx(HEX_SIZE * math.sqrt(3), abs=0.02)
    # a flat-topped corner template: two corners on the horizontal axis
    assert sorted(round(y, 1) for _, y in m["corner"]).count(0.0) == 2
    # hexside segments are the edge the two hexes share (length = side = circumradius)
    river = next(s for s in m["hexsides"] if "river" in s["features"])
    x1, y1, x2, y2 = river["seg"]
    assert math.dist((x1, y1), (x2, y2)) == pytest.approx(HEX_SIZE, abs=0.05)
    a, b = river["id"].split("|")
    mid = ((x1 + x2) / 2, (y1 + y2) / 2)
    assert math.dist(mid, xy[a]) == pytest.approx(math.dist(mid, xy[b]), abs=0.05)


def test_letterrow_maps_are_pointy_topped(tmp_path):
    labels = ["A1", "A2", "B1", "B2", "C2", "C3"]
    doc = {"schema": "westfront-map/1", "game": "t", "grid": {"scheme": "letterrow"},
           "hexes": {lab: {"terrain": "clear"} for lab in labels},
           "hexsides": {"A1|B1": {"features": ["river"]}}}
    p = tmp_path / "map.json"
    p.write_text(json.dumps(doc))
    m = render_hex_map(p)
    assert m["orientation"] == "pointy"
    xy = {h["id"]: (h["x"], h["y"]) for h in m["hexes"]}
    for lab in labels:
        assert xy[lab] == pytest.approx(LETTERROW.center(LETTERROW.to_axial(lab), HEX_SIZE), abs=0.01)
    assert xy["A2"][0] < xy["A1"][0] and xy["A1"][1] == xy["A2"][1]  # numbers grow westward along a row
    assert sorted(round(x, 1) for x, _ in m["corner"]).count(0.0) == 2  # pointy: corners straight up and down
    assert len(m["hexsides"]) == 1 and len(m["hexsides"][0]["seg"]) == 4


def test_point_to_point_maps_become_nodes_and_links():
    raw = {"schema": "westfront-p2p/1", "game": "p", "nodes": {
        "paris": {"name": "Paris", "x": 0, "y": 0}, "reims": {"name": "Reims", "x": 2, "y": -1},
        "metz": {"lonlat": [6.17, 49.12]}},
        "links": [{"a": "paris", "b": "reims", "kind": "road"}, {"from": "reims", "to": "metz", "kind": "rail"}]}
    raw["nodes"]["metz"] = {"x": 4, "y": 0}
    m = render_p2p_map(raw)
    assert m["kind"] == "p2p" and {n["id"] for n in m["nodes"]} == {"paris", "reims", "metz"}
    assert [(ln["a"], ln["b"], ln["kind"]) for ln in m["links"]] == [("paris", "reims", "road"), ("reims", "metz", "rail")]
    x = {n["id"]: n["x"] for n in m["nodes"]}
    assert x["paris"] < x["reims"] < x["metz"]
    with pytest.raises(MapError):
        render_p2p_map({"nodes": {"a": {"x": 0, "y": 0}}, "links": [{"a": "a", "b": "zzz"}]})


def test_committed_point_to_point_map_renders():
    # Race to the Rhine's map names its nodes "spaces" and gives board positions "xy" (0..1)
    from westfront.server.mapview import render_map
    m = render_map("race-to-the-rhine")
    assert m["kind"] == "p2p" and len(m["nodes"]) == 133 and len(m["links"]) > 200
    nodes = {n["id"]: n for n in m["nodes"]}
    assert nodes["freiburg"]["x"] > nodes["avranches"]["x"] and nodes["freiburg"]["y"] > nodes["arnhem"]["y"]
    assert "axis_flag" in nodes["freiburg"]["features"] and nodes["freiburg"]["areas"] == ["patch_devers"]
    assert m["areas"]["patch_devers"]["color"] == "#2f7d32"
    assert {ln["kind"] for ln in m["links"]} == {"road", "rhine_crossing"}
    # each node is tinted by its commander's area (several: a neutral tint)
    assert nodes["freiburg"]["terrain"] == "patch_devers" and nodes["argentan"]["terrain"] == "shared"
    assert m["terrain"]["patch_devers"]["label"].startswith("Patch-Devers")
