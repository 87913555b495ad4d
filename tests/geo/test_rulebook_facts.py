"""Map facts straight from the rulebooks, one assertion each, with the rule cited.

The calibration files hold every fact (test_committed_maps runs them all);
these spell out the most important ones so rule coverage can see them.
"""

from __future__ import annotations

import json
from functools import cache

from westfront.core.hexgrid import grid_for
from westfront.core.mapdata import GameMap
from westfront.geo.spec import map_path


@cache
def _m(game: str) -> dict:
    return json.loads(map_path(game).read_text(encoding="utf-8"))


def _place(game: str, name: str) -> str:
    return next(p["hex"] for p in _m(game)["places"] if p["name"] == name)


def _side(game: str, a: str, b: str) -> set[str]:
    sides = _m(game)["hexsides"]
    sid = grid_for(_m(game)["grid"]["scheme"]).side_id(a, b)
    return set(sides.get(sid, {}).get("features", []))


def _zone(game: str, name: str) -> set[str]:
    return set(_m(game)["zones"][name]["hexes"])


# ---- Second Front Now! -------------------------------------------------------------


def test_sfn_named_places() -> None:
    g = "second-front-now"
    assert _place(g, "Amiens") == "2412"  # SFN 2.3
    assert _place(g, "Rouen") == "1414"  # SFN 3.4
    assert _place(g, "Dieppe") == "1510"  # SFN 3.5
    assert _place(g, "Boulogne") == "2005"  # SFN 6.1
    assert _place(g, "Fecamp") == "1211"  # SFN 6.1
    assert _place(g, "Orleans") == "1525"  # SFN 11.6
    assert _place(g, "Abbeville") == "2210"  # SFN 14.3


def test_sfn_beaches_and_sea_sides() -> None:
    g = "second-front-now"
    assert _zone(g, "beaches_calais") == {"2006", "2007", "2008", "2009", "1910"}  # SFN 3.2
    assert _zone(g, "beaches_dieppe") == {"1310", "1411", "1510", "1611", "1710"}  # SFN 3.2
    assert "sea" in _side(g, "1012", "1013")  # SFN 12.3
    assert "sea" in _side(g, "2009", "1909")  # SFN 11.2
    assert "major_river" in _side(g, "1414", "1415")  # SFN 12.4
    assert not _side(g, "2210", "2109") | _side(g, "2210", "2110") | _side(g, "2210", "2209")  # SFN 14.3


def test_sfn_edges_boxes_breakout() -> None:
    g = "second-front-now"
    assert {"1013", "3100"} <= _zone(g, "german_supply_edge")  # SFN 9.3
    boxes = _m(g)["boxes"]
    assert {"3100", "2828"} <= set(boxes["north"]["entries"])  # SFN 7.3
    assert {"3421", "2828", "1828"} <= set(boxes["south"]["entries"])  # SFN 7.3, SFN 12.5
    inside = _zone(g, "within_breakout")
    assert "1912" in inside and "2404" in inside and "2013" not in inside  # SFN 6.1
    assert not any(h.startswith("25") for h in inside)  # SFN 6.1


# ---- D-Day (3rd edition) -----------------------------------------------------------


def test_dday_named_hexes() -> None:
    g = "dday-3rd"
    assert _place(g, "Boulogne") == "N24"  # D-Day §5.1
    assert _place(g, "V2 launch site") == "H12"  # D-Day §9.2.2
    assert _place(g, "Brest") == "V43"  # D-Day §9.2.2
    assert _place(g, "Emden") == "B5" and _place(g, "Bremen") == "C2"  # D-Day §9.3
    assert _place(g, "Amsterdam") == "G13" and _place(g, "Antwerp") == "L17"  # D-Day §9.3.2
    assert _place(g, "Bordeaux") == "LL44"  # D-Day §9.3.2
    assert _zone(g, "paris") == {"U26", "V26", "V27"}  # D-Day §9.3.3
    assert _place(g, "Utah") == "R34" and _place(g, "Le Havre") == "R30"  # D-Day §7
    assert _place(g, "Vichy") == "HH30"  # D-Day §10.4.2 (Figure 13)


def test_dday_edges_dyke_lines() -> None:
    g = "dday-3rd"
    assert {"A1", "B1", "C2", "D2", "W12"} <= _zone(g, "german_supply_edge")  # D-Day §6.1
    assert _m(g)["hexes"]["II31"]["terrain"] == "impassable"  # D-Day §10.4.2
    assert grid_for("letterrow").distance("D10", "E12") == 2  # D-Day §9.1.2
    line = _m(g)["lines"]["rhine_issel"]["hexsides"]
    assert any("D10" in s.split("|") for s in line) and any("AA14" in s.split("|") for s in line)  # D-Day §13
    assert "river" in _side(g, "Z24", "Y23") and "river" in _side(g, "Z24", "Z23")  # D-Day §4.1


# ---- 1944: D-Day to the Rhine and Onslaught --------------------------------------------


def test_1944_zones() -> None:
    g = "dday-to-the-rhine"
    assert len(_zone(g, "invasion_brittany")) == 4  # 1944 §18.4
    for z in ("invasion_lower_normandy", "invasion_upper_normandy", "invasion_pas_de_calais", "invasion_belgium"):
        assert len(_zone(g, z)) == 2  # 1944 §18.4
    assert _zone(g, "ruhr") == {_place(g, n) for n in ("Essen", "Dusseldorf", "Dortmund")}  # 1944 §2.0
    assert _place(g, "Walcheren") in _zone(g, "walcheren_north")  # 1944 §8.0
    for z in ("exit_hamburg", "exit_berlin", "exit_prague_vienna"):
        assert _zone(g, z) <= _zone(g, "german_east_edge")  # 1944 §17.1


def test_onslaught_zones() -> None:
    g = "onslaught"
    assert len(_zone(g, "landing_hexes")) == 3  # onslaught 3.0
    assert {_place(g, "Le Havre"), _place(g, "Rouen")} <= _zone(g, "port_area_west")  # onslaught 8.5
    assert {_place(g, "Antwerp"), _place(g, "Ghent")} <= _zone(g, "port_area_east")  # onslaught 8.5
    gm = GameMap.from_dict(_m(g))
    assert any("fortified" in f for f in gm.side_features.values())  # onslaught 7.5
    assert any("estuary" in f for f in gm.side_features.values())  # onslaught 6.5
