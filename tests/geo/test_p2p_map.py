"""Race to the Rhine's committed point-to-point map (schema westfront-p2p/1)."""

from __future__ import annotations

import json

import pytest

from westfront.geo.p2p import P2PGraph, P2PMap, run_p2p_checks
from westfront.geo.spec import load_calibration, map_path
from westfront.geo.writer import dumps_map

GAME = "race-to-the-rhine"


@pytest.fixture(scope="module")
def m() -> dict:
    return json.loads(map_path(GAME).read_text(encoding="utf-8"))


def test_schema(m: dict) -> None:
    spec = P2PMap.model_validate(m)
    assert spec.game == GAME
    assert len(spec.spaces) > 100 and len(spec.links) > 150


def test_canonical_bytes(m: dict) -> None:
    assert dumps_map(m) == map_path(GAME).read_text(encoding="utf-8")


def test_every_calibration_entry_holds(m: dict) -> None:
    failed = [str(r) for r in run_p2p_checks(m, load_calibration(GAME)) if not r.ok]
    assert not failed, "\n".join(failed)


def test_graph_queries(m: dict) -> None:
    g = P2PGraph(P2PMap.model_validate(m))
    assert "remiremont" in g.neighbours("lure")  # Dragoon: Movement halted example
    assert g.link_kind("colmar", "freiburg") == "rhine_crossing"  # Freiburg is across the Rhine
    assert g.distance("mainz", "birkenfeld") == g.distance("mainz", "kaiserslautern") == 2
    assert g.with_flag("axis_source") == ["dusseldorf", "karlsruhe"]


def test_every_area_has_what_the_rules_need(m: dict) -> None:
    spec = P2PMap.model_validate(m)
    assert set(spec.areas) == {"montgomery", "bradley", "patton", "patch_devers"}
    for key, area in spec.areas.items():
        assert area.victory, key
        assert area.supply_bases, key
        assert 7 <= len(area.axis_priority) <= 8, key  # player aids list 7-8 spaces
        assert area.corps, key


def test_rhine_crossings_join_opposite_banks(m: dict) -> None:
    spec = P2PMap.model_validate(m)
    crossings = [ln for ln in spec.links if ln.kind == "rhine_crossing"]
    assert crossings
    east = {"arnhem", "wesel", "dusseldorf", "remagen", "karlsruhe", "freiburg", "mainz"}  # Mainz: its bridge (reconstructed)
    for ln in crossings:
        assert (ln.a in east) != (ln.b in east), f"{ln.a}-{ln.b}"


def test_invalid_maps_are_refused(m: dict) -> None:
    bad = dict(m)
    bad["links"] = m["links"] + [{"a": "paris", "b": "nowhere", "kind": "road", "note": None}]
    with pytest.raises(ValueError):
        P2PMap.model_validate(bad)
