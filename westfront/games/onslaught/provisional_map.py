"""Build the provisional Onslaught map from hand-traced geography.

The real map comes from the project's geodata builder (branch ``geo``). Until it
lands, ``data/provisional_geo.toml`` (coastline, borders, rivers and terrain
regions as lon/lat polygons and polylines, traced by hand) is rasterised onto the
game's 11-mile flat-topped ``colrow`` grid here, so the rules can be played and
tested on a board of the right size and shape. Run it after editing the TOML::

    PYTHONPATH=. python -m westfront.games.onslaught.provisional_map

Pure Python on purpose: it needs no geo extra and runs in a second.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...core.hexgrid import COLROW

DATA = Path(__file__).parent / "data"
SOURCE = DATA / "provisional_geo.toml"
OUTPUT = DATA / "provisional_map.json"
KM_PER_DEG_LAT = 110.57

Point = tuple[float, float]


class Projection:
    """Equirectangular lon/lat <-> km, and hex label <-> km centre."""

    def __init__(self, box: dict[str, Any]):
        self.lon_w = float(box["lon_w"])
        self.lat_n = float(box["lat_n"])
        self.kx = 111.32 * math.cos(math.radians(float(box["lat0"])))
        self.size = float(box["hex_km"]) / math.sqrt(3)  # circumradius
        self.cols = int(box["cols"])
        self.rows = int(box["rows"])

    def km(self, lon: float, lat: float) -> Point:
        return ((lon - self.lon_w) * self.kx, (self.lat_n - lat) * KM_PER_DEG_LAT)

    def centre(self, col: int, row: int) -> Point:
        x = 1.5 * self.size * (col - 1)
        y = math.sqrt(3) * self.size * ((row - 1) + (0.5 if col & 1 else 0.0))
        return (x, y)

    def lonlat(self, p: Point) -> Point:
        return (self.lon_w + p[0] / self.kx, self.lat_n - p[1] / KM_PER_DEG_LAT)


def inside(p: Point, ring: Sequence[Point]) -> bool:
    """Even-odd ray casting."""
    x, y = p
    hit = False
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Segments ab and cd properly intersect."""
    o1, o2 = _orient(a, b, c), _orient(a, b, d)
    o3, o4 = _orient(c, d, a), _orient(c, d, b)
    return (o1 > 0) != (o2 > 0) and (o3 > 0) != (o4 > 0)


def build(source: Path = SOURCE) -> dict[str, Any]:
    geo = tomllib.loads(source.read_text(encoding="utf-8"))
    pj = Projection(geo["box"])

    def ring_km(ring: list[list[float]]) -> list[Point]:
        return [pj.km(lon, lat) for lon, lat in ring]

    seas = [ring_km(s["ring"]) for s in geo["sea"]]
    countries = [(c["id"], ring_km(c["ring"])) for c in geo["country"]]
    regions = [(t["kind"], ring_km(t["ring"])) for t in geo["terrain"]]

    centres: dict[str, Point] = {}
    land: dict[str, bool] = {}
    for col in range(1, pj.cols + 1):
        for row in range(1, pj.rows + 1):
            lab = f"{col:02d}{row:02d}"
            c = pj.centre(col, row)
            centres[lab] = c
            land[lab] = not any(inside(c, s) for s in seas)

    def is_sea_between(a: str, b: str) -> bool:
        pa, pb = centres[a], centres[b]
        for k in (0.35, 0.5, 0.65):
            p = (pa[0] + (pb[0] - pa[0]) * k, pa[1] + (pb[1] - pa[1]) * k)
            if any(inside(p, s) for s in seas):
                return True
        return False

    hexes: dict[str, dict[str, Any]] = {}
    for lab, c in centres.items():
        if land[lab]:
            country = next((cid for cid, ring in countries if inside(c, ring)), "france")
            terrain = next((kind for kind, ring in regions if inside(c, ring)), "clear")
            hexes[lab] = {"terrain": terrain, "country": country, "features": []}
    # sea hexes next to land, so the coast can be drawn and recognised
    for lab in centres:
        if not land[lab] and any(land.get(n) for n in COLROW.neighbors(lab)):
            hexes[lab] = {"terrain": "sea", "features": []}
    for h in hexes.values():
        if h.get("country") == "switzerland":
            h["terrain"] = "neutral"

    sides: dict[str, dict[str, Any]] = {}

    def add_side(a: str, b: str, feature: str, name: str | None = None) -> None:
        sid = COLROW.side_id(a, b)
        s = sides.setdefault(sid, {"features": []})
        if feature not in s["features"]:
            s["features"].append(feature)
        if name and "name" not in s:
            s["name"] = name

    land_labels = [lab for lab, h in hexes.items() if h["terrain"] != "sea"]
    pairs = []
    for a in land_labels:
        for b in COLROW.neighbors(a):
            if b in hexes and hexes[b]["terrain"] != "sea" and a < b:
                pairs.append((a, b))
    for a, b in pairs:
        if is_sea_between(a, b):
            add_side(a, b, "sea")
    for river in geo["river"]:
        pts = ring_km(river["points"])
        segs = list(zip(pts, pts[1:], strict=False))
        for a, b in pairs:
            pa, pb = centres[a], centres[b]
            if any(crosses(pa, pb, c, d) for c, d in segs):
                sid = COLROW.side_id(a, b)
                have = sides.get(sid, {}).get("features", [])
                if "sea" in have:
                    continue
                if river["kind"] == "major_river":
                    if "river" in have:
                        have.remove("river")
                        sides[sid].pop("name", None)
                    add_side(a, b, "major_river", "Rhine" if river.get("rhine") else river["name"])
                elif "major_river" not in have:
                    add_side(a, b, "river", river["name"])

    def nearest_land(lon: float, lat: float, coastal: bool = False) -> str:
        p = pj.km(lon, lat)
        best = None
        for lab in land_labels:
            if hexes[lab]["terrain"] == "neutral":
                continue
            if coastal and not any(n in hexes and hexes[n]["terrain"] == "sea" for n in COLROW.neighbors(lab)):
                continue
            c = centres[lab]
            d = (c[0] - p[0]) ** 2 + (c[1] - p[1]) ** 2
            if best is None or d < best[0]:
                best = (d, lab)
        assert best is not None
        return best[1]

    places: list[dict[str, Any]] = []
    taken: dict[str, str] = {}
    landing: list[str] = []
    for pl in geo["place"]:
        lon, lat = pl["at"]
        hx = nearest_land(lon, lat, coastal=pl["kind"] == "beach")
        if hx in taken and pl["kind"] == "beach":
            raise ValueError(f"beach {pl['name']} falls on {hx}, already used by {taken[hx]}")
        taken[hx] = pl["name"]
        attrs = {k: pl[k] for k in ("supply", "fortified", "port_area", "needs") if k in pl}
        places.append({"name": pl["name"], "hex": hx, "kind": pl["kind"], "lonlat": [lon, lat], "attrs": attrs})
        if pl["kind"] == "beach":
            landing.append(hx)
        if pl.get("fortified"):
            _fortify(hexes, hx, add_side)
    for name, lon, lat in geo["cities"]["list"]:
        hx = nearest_land(lon, lat)
        places.append({"name": name, "hex": hx, "kind": "city", "lonlat": [lon, lat], "attrs": {}})
        if "city" not in hexes[hx]["features"]:
            hexes[hx]["features"].append("city")
        hexes[hx].setdefault("name", name)
    for pl in places:
        if pl["kind"] == "port":
            hexes[pl["hex"]]["features"].append("port")
            hexes[pl["hex"]]["name"] = pl["name"]

    z = geo["zones"]
    for _name, lon, lat in z["fortresses"]:
        _fortify(hexes, nearest_land(lon, lat), add_side)
    lat_lo, lat_hi = z["westwall_lat"]
    frontier: list[str] = []
    for a in land_labels:
        if hexes[a].get("country") != "germany":
            continue
        lat = pj.lonlat(centres[a])[1]
        if not lat_lo <= lat <= lat_hi:
            continue
        west = [b for b in COLROW.neighbors(a) if b in hexes and hexes[b].get("country") not in (None, "germany", "switzerland")]
        if west:
            if "fortification" not in hexes[a]["features"]:
                hexes[a]["features"].append("fortification")
            for b in west:
                add_side(a, b, "fortified")
    for a in land_labels:
        if hexes[a].get("country") == "germany":
            for b in COLROW.neighbors(a):
                if b in hexes and hexes[b].get("country") not in (None, "germany", "switzerland"):
                    frontier.append(COLROW.side_id(a, b))

    def south_edge_in(lon_lo: float, lon_hi: float) -> list[str]:
        out = []
        for col in range(1, pj.cols + 1):
            lab = f"{col:02d}{pj.rows:02d}"
            if lab in hexes and hexes[lab]["terrain"] not in ("sea", "neutral"):
                lon = pj.lonlat(centres[lab])[0]
                if lon_lo <= lon <= lon_hi:
                    out.append(lab)
        return out

    def box_zone(b: list[float]) -> list[str]:
        out = []
        for lab in land_labels:
            lon, lat = pj.lonlat(centres[lab])
            if b[0] <= lon <= b[2] and b[1] <= lat <= b[3] and hexes[lab]["terrain"] != "neutral":
                out.append(lab)
        return sorted(out)

    east = sorted(lab for lab in land_labels if lab.startswith(f"{pj.cols:02d}") and hexes[lab]["terrain"] != "neutral")
    south = sorted(lab for lab in land_labels if lab.endswith(f"{pj.rows:02d}") and hexes[lab]["terrain"] != "neutral")
    zones = {
        "landing_hexes": {"hexes": landing, "kind": "beach", "note": "onslaught 3.0: the three Allied landing hexes"},
        "east_edge": {"hexes": east, "kind": "edge", "note": "onslaught 8.4: German supply edge"},
        "south_edge": {"hexes": south, "kind": "edge"},
        "entry_area_a": {"hexes": south_edge_in(*z["entry_area_a"]), "kind": "entry", "note": "onslaught 10.1"},
        "entry_area_b": {"hexes": south_edge_in(*z["entry_area_b"]), "kind": "entry", "note": "onslaught 10.1, 8.4"},
        "port_area_seine": {"hexes": box_zone(z["port_area_seine"]), "kind": "port_area", "note": "onslaught 8.5"},
        "port_area_scheldt": {"hexes": box_zone(z["port_area_scheldt"]), "kind": "port_area", "note": "onslaught 8.5"},
    }
    rhine = sorted(sid for sid, s in sides.items() if "major_river" in s["features"] and s.get("name") == "Rhine")
    lines = {
        "victory_line": {"hexsides": sorted(set(frontier)), "kind": "victory",
                         "note": "reconstructed: the 1939 German western frontier (onslaught 13.2, 13.3)"},
        "rhine": {"hexsides": rhine, "kind": "river"},
    }
    for h in hexes.values():
        h["features"].sort()
    return {
        "schema": "westfront-map/1",
        "game": "onslaught",
        "title": "Onslaught (provisional map)",
        "grid": {"scheme": "colrow", "hex_km": 17.7,
                 "note": "provisional: hand-traced geography rasterised by westfront.games.onslaught.provisional_map"},
        "terrain": {
            "clear": {"color": "#e8e0c0"}, "forest": {"color": "#7fa36b"}, "rough": {"color": "#b89a6a"},
            "bocage": {"color": "#a9c27a"}, "sea": {"color": "#9cc3e0"}, "neutral": {"color": "#cccccc"},
        },
        "hexes": dict(sorted(hexes.items())),
        "hexsides": dict(sorted(sides.items())),
        "places": places,
        "zones": zones,
        "lines": lines,
        "provenance": {
            "reconstructed": ("Stand-in for the printed map, which is not available: coastline, borders, "
                              "rivers and terrain regions traced by hand in data/provisional_geo.toml; "
                              "ports' supply numbers, port areas, entry areas, fortifications and the Victory "
                              "Line are reconstructions documented in the game's README."),
        },
    }


def _fortify(hexes: dict[str, dict[str, Any]], hx: str, add_side: Any) -> None:
    """A fortress hex: fortification with every land hexside fortified (onslaught 7.5)."""
    if "fortification" not in hexes[hx]["features"]:
        hexes[hx]["features"].append("fortification")
    for n in COLROW.neighbors(hx):
        if n in hexes and hexes[n]["terrain"] != "sea":
            add_side(hx, n, "fortified")


def main() -> None:
    doc = build()
    OUTPUT.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    n_land = sum(1 for h in doc["hexes"].values() if h["terrain"] != "sea")
    print(f"wrote {OUTPUT}: {len(doc['hexes'])} hexes ({n_land} land), {len(doc['hexsides'])} hexsides")


if __name__ == "__main__":
    main()
