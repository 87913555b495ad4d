"""Tests on the committed maps: they need no geography package.

Every committed map must load as a valid ``westfront-map/1`` document, honour
every rulebook calibration fact, keep its land connected, draw its rivers as
continuous chains of hexsides and keep named towns out of the sea.
"""

from __future__ import annotations

import json
from collections import deque

import pytest

from westfront.core.hexgrid import grid_for
from westfront.core.mapdata import GameMap
from westfront.geo.checks import run_checks
from westfront.geo.spec import HEX_GAMES, load_calibration, map_path
from westfront.geo.writer import dumps_map

WATER = {"sea", "lake"}
GAMES = [g for g in HEX_GAMES if map_path(g).exists()]


def _load(game: str) -> dict:
    return json.loads(map_path(game).read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=GAMES)
def game_map(request: pytest.FixtureRequest) -> tuple[str, dict]:
    return request.param, _load(request.param)


def test_all_hex_maps_committed() -> None:
    assert set(GAMES) == set(HEX_GAMES), "every hex game has a committed map.json"


def test_schema_and_integrity(game_map: tuple[str, dict]) -> None:
    game, m = game_map
    gm = GameMap.from_dict(m)
    assert gm.game == game
    assert len(list(gm.hexes())) == len(m["hexes"])


def test_file_is_in_canonical_format(game_map: tuple[str, dict]) -> None:
    """The committed bytes are exactly what the deterministic writer produces."""
    game, m = game_map
    assert dumps_map(m) == map_path(game).read_text(encoding="utf-8")


def test_every_calibration_entry_holds(game_map: tuple[str, dict]) -> None:
    game, m = game_map
    results = run_checks(m, load_calibration(game))
    failed = [str(r) for r in results if not r.ok]
    assert not failed, "\n".join(failed)


def test_provenance_names_sources_and_licences(game_map: tuple[str, dict]) -> None:
    _, m = game_map
    prov = m["provenance"]
    licences = {s["license"] for s in prov["sources"]}
    assert "LGPL-3.0-or-later" in licences and "CC-BY-4.0" in licences
    assert prov["builder"].startswith("westfront.geo")
    assert "reconstructed" in prov


def _neighbours(grid, lab: str, hexes: dict) -> list[str]:
    return [n for n in grid.neighbors(lab) if n in hexes]


def _components(m: dict) -> list[set[str]]:
    grid = grid_for(m["grid"]["scheme"])
    hexes = m["hexes"]
    sides = m.get("hexsides", {})
    blocked = {frozenset(s.split("|")) for s, v in sides.items() if {"sea", "impassable"} & set(v["features"])}
    land = {h for h, v in hexes.items() if v["terrain"] not in WATER | {"impassable"}}
    seen: set[str] = set()
    comps = []
    for start in sorted(land):
        if start in seen:
            continue
        comp = {start}
        dq = deque([start])
        while dq:
            u = dq.popleft()
            for v in _neighbours(grid, u, hexes):
                if v in land and v not in comp and frozenset((u, v)) not in blocked:
                    comp.add(v)
                    dq.append(v)
        seen |= comp
        comps.append(comp)
    return sorted(comps, key=len, reverse=True)


def test_land_is_connected(game_map: tuple[str, dict]) -> None:
    """One mainland; anything else is a real island (named in the calibration file)."""
    game, m = game_map
    comps = _components(m)
    main = comps[0]
    land = sum(len(c) for c in comps)
    assert len(main) >= 0.95 * land
    islands = set(load_calibration(game).get("islands", []))
    for comp in comps[1:]:
        assert comp <= islands, f"{game}: land cut off from the mainland: {sorted(comp)}"


def test_cities_on_land_and_on_the_mainland(game_map: tuple[str, dict]) -> None:
    game, m = game_map
    comps = _components(m)
    islands = set(load_calibration(game).get("islands", []))
    for p in m["places"]:
        h = m["hexes"][p["hex"]]
        if p.get("kind") != "site":
            assert h["terrain"] not in WATER, f"{p['name']} sits in the sea at {p['hex']}"
        assert p["hex"] in comps[0] or p["hex"] in islands, f"{p['name']} at {p['hex']} is cut off"


def _edge_points(grid, sid: str) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = sid.split("|")
    ca = {(round(x * 1000), round(y * 1000)) for x, y in grid.corners(grid.to_axial(a), 1.0)}
    cb = {(round(x * 1000), round(y * 1000)) for x, y in grid.corners(grid.to_axial(b), 1.0)}
    common = sorted(ca & cb)
    assert len(common) == 2, f"{sid} is not a hexside"
    return common[0], common[1]


def test_rivers_are_continuous_chains_of_hexsides(game_map: tuple[str, dict]) -> None:
    _, m = game_map
    grid = grid_for(m["grid"]["scheme"])
    rivers = m["extra"]["rivers"]
    assert rivers, "a map without rivers"
    for name, chains in rivers.items():
        for chain in chains:
            adj: dict[tuple[int, int], set[tuple[int, int]]] = {}
            for sid in chain:
                p, q = _edge_points(grid, sid)
                adj.setdefault(p, set()).add(q)
                adj.setdefault(q, set()).add(p)
            start = next(iter(adj))
            seen = {start}
            dq = deque([start])
            while dq:
                u = dq.popleft()
                for v in adj[u] - seen:
                    seen.add(v)
                    dq.append(v)
            assert seen == set(adj), f"river {name}: chain {chain[:3]}… is broken"


def test_river_hexsides_carry_river_features(game_map: tuple[str, dict]) -> None:
    _, m = game_map
    sides = m["hexsides"]
    for name, chains in m["extra"]["rivers"].items():
        for chain in chains:
            for sid in chain:
                feats = set(sides[sid]["features"])
                assert feats & {"river", "major_river"}, f"{name}: {sid} has {feats}"


def test_zones_lines_boxes_are_usable(game_map: tuple[str, dict]) -> None:
    _, m = game_map
    gm = GameMap.from_dict(m)
    for name, z in m["zones"].items():
        assert z["hexes"], f"zone {name} is empty"
        assert name == name.lower() and " " not in name
        assert gm.zone(name)
    for name, ln in m.get("lines", {}).items():
        assert ln["hexsides"], f"line {name} is empty"


def test_country_borders_only_between_land(game_map: tuple[str, dict]) -> None:
    _, m = game_map
    for lab, h in m["hexes"].items():
        if h["terrain"] in WATER:
            assert h["country"] is None, f"{lab} is water with a country"
        else:
            assert h["country"], f"{lab} is land without a country"
