"""map.json schema validation and the compiled map."""

import json

import pytest

from westfront.core.errors import MapError
from westfront.core.mapdata import GameMap


def tiny(**over):
    doc = {
        "schema": "westfront-map/1", "game": "t", "grid": {"scheme": "colrow"},
        "hexes": {f"{c:02d}{r:02d}": {"terrain": "clear"} for c in range(1, 5) for r in range(1, 5)},
        "hexsides": {"0101|0102": {"features": ["river"], "name": "Test"}},
        "places": [{"name": "Town", "hex": "0202", "kind": "city"}],
        "zones": {"edge": {"hexes": ["0101", "0102"]}},
        "lines": {"l": {"hexsides": ["0101|0102"]}},
        "boxes": {"box": {"name": "Box", "entries": ["0404"]}},
    }
    doc.update(over)
    return doc


def test_compiles():
    m = GameMap.from_dict(tiny())
    assert len(list(m.hexes())) == 16
    a, b = m.index["0101"], m.index["0102"]
    assert m.side(a, b) == m.side(b, a) == frozenset({"river"})
    assert m.place("Town") == m.index["0202"]
    assert m.zone("edge") == frozenset({a, b})
    assert (a, b) in m.lines["l"]
    assert m.distance(m.index["0101"], m.index["0404"]) == COLROW_DIST


COLROW_DIST = 4  # 0101 -> 0404 on the odd-q grid


@pytest.mark.parametrize("mutate,msg", [
    (lambda d: d.pop("hexes"), "hexes"),
    (lambda d: d.update(schema="other/1"), "schema"),
    (lambda d: d["hexes"].update({"0505x": {"terrain": "clear"}}), "0505x"),
    (lambda d: d["hexsides"].update({"0101|0303": {"features": ["river"]}}), "not adjacent"),
    (lambda d: d["hexsides"].update({"0101-0102": {"features": ["river"]}}), "should look like"),
    (lambda d: d["places"].append({"name": "Sea", "hex": "0909"}), "not on the map"),
    (lambda d: d["zones"].update({"z": {"hexes": ["0909"]}}), "zone"),
    (lambda d: d["boxes"].update({"b": {"name": "B", "entries": ["0909"]}}), "box"),
    (lambda d: d.update(unexpected=1), "unexpected"),
])
def test_invalid_maps_are_refused_with_a_reason(mutate, msg):
    d = tiny()
    mutate(d)
    with pytest.raises(MapError, match=msg):
        GameMap.from_dict(d)


def test_load_errors(tmp_path):
    p = tmp_path / "m.json"
    p.write_text("{not json")
    with pytest.raises(MapError, match="cannot read"):
        GameMap.load(p)
    p.write_text(json.dumps(tiny()))
    assert GameMap.load(p).game == "t"


def test_letterrow_map():
    hexes = {lab: {"terrain": "clear"} for lab in ["A1", "A2", "B1", "B2", "C2"]}
    m = GameMap.from_dict({"schema": "westfront-map/1", "game": "d", "grid": {"scheme": "letterrow"}, "hexes": hexes})
    # north neighbours of B1 are A0 and A1, south ones C1 and C2 (numbers grow westward)
    assert set(m.labels_of(m.bb(m.nbrs[m.index["B1"]]))) == {"A1", "B2", "C2"}


def test_dilator_respects_blocked_sides():
    m = GameMap.from_dict(tiny())
    a, b = m.index["0101"], m.index["0102"]
    assert (m.dilator().step(1 << a) >> b) & 1
    assert not (m.dilator(["river"]).step(1 << a) >> b) & 1


def test_skirmish_map_is_valid():
    from westfront.games.skirmish.rules import game_map

    m = game_map()
    assert m.places["Ostburg"].hex == "0905"
    assert m.terrain[m.index["0107"]] == "sea"
