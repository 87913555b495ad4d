"""Build ``data/provisional_map.json``: a coarse stand-in board until the real map lands.

The real 1944 board (``data/map.json``) is built from geographic data on the
``geo`` branch. Until it arrives the rules still need a board to be played on,
so this script lays a 40 km flat-topped ``colrow`` grid over a simple
equirectangular projection and classifies each hex from a few hand-drawn
polygons (coast, borders, forests, mountains, marshes) and river polylines,
all written here from general geographic knowledge (accurate to a few km, far
inside one hex). Cities are placed at their real positions and nudged to a free
neighbour when two fall in one hex. The output is deterministic.

Run from the worktree root::

    PYTHONPATH=$PWD /work/venv/bin/python -m westfront.games.dday_to_the_rhine.tools.provisional_map

It is not imported at run time; the board module loads whichever JSON exists.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from shapely.geometry import LineString, Point, Polygon

from ....core.hexgrid import COLROW

OUT = Path(__file__).resolve().parents[1] / "data" / "provisional_map.json"

HEX_KM = 40.0
R = HEX_KM / math.sqrt(3)
LAT_REF = 49.0
KM_PER_LON = 111.32 * math.cos(math.radians(LAT_REF))
KM_PER_LAT = 111.2
COLS, ROWS = 32, 28
LON0, LAT0 = -5.40, 54.26  # centre of the virtual hex at col 0, row 0

# ----- geography (lon, lat), hand-drawn ------------------------------------------------
COAST = [  # Atlantic, Channel and North Sea coast, south to north-east; land lies to the east
    (-1.30, 43.9), (-1.25, 44.5), (-1.18, 45.15), (-1.12, 45.55), (-1.25, 45.85), (-1.20, 46.17),
    (-1.75, 46.45), (-2.15, 46.85), (-2.25, 47.22), (-2.60, 47.45), (-3.20, 47.65), (-3.50, 47.70),
    (-4.20, 47.80), (-4.40, 47.95), (-4.75, 48.10), (-4.80, 48.45), (-4.65, 48.62), (-4.00, 48.72),
    (-3.50, 48.82), (-2.80, 48.55), (-2.10, 48.66), (-1.55, 48.66), (-1.57, 49.05), (-1.85, 49.45),
    (-1.90, 49.70), (-1.60, 49.68), (-1.25, 49.70), (-1.22, 49.42), (-1.00, 49.37), (-0.55, 49.35),
    (-0.20, 49.30), (0.10, 49.42), (0.10, 49.52), (0.25, 49.72), (0.65, 49.87), (1.10, 49.95),
    (1.45, 50.12), (1.58, 50.40), (1.58, 50.75), (1.80, 50.97), (2.40, 51.06), (2.90, 51.24),
    (3.35, 51.38), (3.52, 51.46), (3.70, 51.62), (3.95, 51.83), (4.10, 52.00), (4.40, 52.25),
    (4.60, 52.60), (4.75, 52.96), (5.30, 53.20), (6.00, 53.42), (6.90, 53.45), (7.20, 53.28),
    (7.45, 53.65), (8.00, 53.70), (8.10, 53.50), (8.50, 53.55), (8.65, 53.90), (9.00, 53.90),
    (9.60, 53.65), (10.2, 53.65),
]
IJSSELMEER = [(5.00, 52.35), (5.08, 52.60), (5.05, 52.95), (5.40, 53.08), (5.62, 52.85), (5.88, 52.60),
              (5.80, 52.40), (5.40, 52.30)]
COUNTRIES: dict[str, list[tuple[float, float]]] = {
    "belgium": [(2.55, 51.09), (3.00, 50.75), (3.60, 50.50), (4.20, 50.28), (4.80, 50.10), (4.85, 49.80),
                (5.45, 49.50), (5.80, 49.55), (5.95, 49.90), (6.15, 50.15), (6.40, 50.35), (6.05, 50.75),
                (5.75, 50.77), (5.85, 51.10), (5.25, 51.27), (4.50, 51.47), (3.90, 51.22), (3.40, 51.37)],
    "luxembourg": [(5.75, 49.50), (6.45, 49.45), (6.52, 49.80), (6.15, 50.15), (5.95, 49.90), (5.80, 49.55)],
    "netherlands": [(3.35, 51.38), (3.90, 51.22), (4.50, 51.47), (5.25, 51.27), (5.85, 51.10), (5.75, 50.77),
                    (6.05, 50.75), (6.10, 51.15), (6.20, 51.50), (5.95, 51.82), (6.75, 51.95), (7.00, 52.25),
                    (6.70, 52.50), (7.05, 52.65), (7.20, 53.30), (6.9, 53.6), (4.5, 53.6), (3.0, 51.5)],
    "germany": [(6.05, 50.75), (6.40, 50.35), (6.15, 50.15), (6.52, 49.80), (6.45, 49.45), (6.70, 49.20),
                (7.05, 49.12), (7.60, 49.05), (8.20, 48.97), (7.85, 48.55), (7.57, 48.00), (7.58, 47.57),
                (8.50, 47.60), (9.50, 47.55), (10.5, 47.40), (10.5, 54.5), (7.20, 54.5), (7.20, 53.30),
                (7.05, 52.65), (6.70, 52.50), (7.00, 52.25), (6.75, 51.95), (5.95, 51.82), (6.20, 51.50),
                (6.10, 51.15)],
    "switzerland": [(5.95, 46.12), (6.10, 46.60), (6.75, 47.05), (7.00, 47.45), (7.58, 47.57), (8.50, 47.60),
                    (9.50, 47.55), (10.5, 47.40), (10.5, 45.8), (7.0, 45.8), (6.8, 46.1)],
    "italy": [(6.8, 46.1), (7.0, 45.8), (10.5, 45.8), (10.5, 43.0), (7.4, 43.0), (7.0, 44.0), (6.9, 44.7),
              (7.1, 45.2)],
}
TERRAIN_AREAS: list[tuple[str, list[tuple[float, float]]]] = [
    ("bocage", [(-1.95, 48.55), (-1.95, 49.72), (-1.20, 49.75), (-0.55, 49.32), (-0.25, 48.75), (-0.60, 48.45)]),
    ("marsh", [(-1.42, 49.18), (-1.42, 49.42), (-1.05, 49.42), (-1.05, 49.18)]),
    ("marsh", [(3.45, 51.40), (3.45, 51.75), (4.60, 51.85), (4.60, 51.55)]),
    ("marsh", [(5.70, 51.25), (5.70, 51.55), (6.05, 51.55), (6.05, 51.25)]),
    ("marsh", [(4.20, 51.95), (4.20, 52.40), (4.80, 52.40), (4.80, 51.95)]),
    ("forest", [(4.60, 49.70), (4.60, 50.35), (5.60, 50.55), (6.35, 50.45), (6.30, 49.75), (5.40, 49.65)]),
    ("forest", [(6.20, 50.05), (6.10, 50.75), (6.60, 50.80), (7.20, 50.60), (7.30, 50.10)]),
    ("forest", [(6.80, 49.60), (6.80, 50.05), (7.90, 50.10), (7.90, 49.65)]),
    ("forest", [(7.45, 49.00), (7.45, 49.55), (8.10, 49.55), (8.10, 49.05)]),
    ("forest", [(8.75, 49.45), (8.75, 50.20), (9.70, 50.20), (9.70, 49.45)]),
    ("forest", [(7.60, 50.95), (7.60, 51.40), (8.70, 51.40), (8.70, 50.95)]),
    ("forest", [(7.65, 50.40), (7.65, 50.85), (8.30, 50.85), (8.30, 50.40)]),
    ("forest", [(8.00, 51.80), (8.00, 52.15), (9.20, 52.15), (9.20, 51.80)]),
    ("forest", [(-1.25, 44.00), (-1.25, 44.75), (0.10, 44.75), (0.10, 44.00)]),
    ("forest", [(4.75, 48.90), (4.75, 49.35), (5.20, 49.35), (5.20, 48.90)]),
    ("forest", [(8.80, 48.20), (8.80, 48.60), (9.70, 48.60), (9.70, 48.20)]),
    ("mountain", [(6.75, 47.75), (6.85, 48.85), (7.40, 48.85), (7.35, 47.80)]),
    ("mountain", [(7.75, 47.60), (7.95, 48.85), (8.55, 48.85), (8.55, 47.60)]),
    ("mountain", [(5.75, 46.20), (5.85, 47.15), (6.95, 47.45), (6.95, 46.30)]),
    ("mountain", [(5.80, 43.90), (5.80, 46.20), (7.10, 46.20), (7.10, 43.90)]),
    ("mountain", [(1.90, 44.00), (1.90, 45.90), (4.10, 45.90), (4.10, 44.00)]),
]
RIVERS: dict[str, tuple[str, list[tuple[float, float]]]] = {
    "Rhine": ("major_river", [
        (9.50, 47.60), (8.63, 47.68), (8.21, 47.60), (7.60, 47.57), (7.56, 48.03), (7.80, 48.57), (8.18, 48.97),
        (8.32, 49.10), (8.44, 49.32), (8.45, 49.48), (8.37, 49.64), (8.32, 50.02), (7.90, 49.98), (7.62, 50.37),
        (7.10, 50.76), (7.00, 50.95), (6.82, 51.18), (6.74, 51.44), (6.60, 51.67), (6.25, 51.84), (6.05, 51.87),
        (5.90, 51.96), (5.35, 51.97), (4.95, 51.93), (4.50, 51.88), (4.10, 51.98)]),
    "Waal": ("river", [(6.05, 51.87), (5.86, 51.86), (5.43, 51.88), (4.97, 51.82), (4.67, 51.80), (4.30, 51.75)]),
    "IJssel": ("river", [(5.93, 51.97), (6.20, 52.14), (6.16, 52.25), (5.91, 52.56)]),
    "Meuse": ("river", [(5.70, 48.30), (5.38, 49.16), (4.94, 49.70), (4.87, 50.47), (5.57, 50.63), (5.69, 50.85),
                        (6.00, 51.20), (6.17, 51.37), (5.74, 51.76), (5.14, 51.74), (4.60, 51.70)]),
    "Moselle": ("river", [(6.45, 48.17), (5.90, 48.68), (6.18, 49.12), (6.17, 49.36), (6.64, 49.75), (7.15, 50.05),
                          (7.60, 50.36)]),
    "Seine": ("river", [(4.08, 48.30), (3.20, 48.40), (2.35, 48.85), (1.70, 49.00), (1.10, 49.42), (0.75, 49.53),
                        (0.25, 49.45)]),
    "Loire": ("river", [(4.05, 46.05), (3.16, 46.99), (2.60, 47.60), (1.90, 47.90), (0.69, 47.39), (-0.55, 47.42),
                        (-1.55, 47.21), (-2.20, 47.27)]),
    "Somme": ("river", [(3.29, 49.85), (2.30, 49.89), (1.83, 50.10), (1.55, 50.22)]),
    "Scheldt": ("river", [(3.23, 50.18), (3.39, 50.60), (3.72, 51.05), (4.40, 51.22), (4.10, 51.38), (3.55, 51.42)]),
    "Marne": ("river", [(5.14, 48.10), (4.95, 48.64), (4.37, 48.96), (3.95, 49.04), (2.88, 48.96), (2.41, 48.82)]),
    "Oise": ("river", [(3.60, 49.90), (2.82, 49.42), (2.08, 49.05)]),
    "Orne": ("river", [(-0.02, 48.74), (-0.35, 49.19), (-0.25, 49.30)]),
    "Vire": ("river", [(-1.09, 49.00), (-1.09, 49.12), (-1.20, 49.32)]),
    "Roer": ("river", [(6.48, 50.60), (6.48, 50.80), (6.36, 50.92), (5.99, 51.19)]),
    "Saar": ("river", [(7.07, 48.80), (7.07, 49.11), (7.00, 49.23), (6.64, 49.44), (6.58, 49.70)]),
    "Main": ("river", [(9.80, 49.80), (9.15, 49.97), (8.68, 50.10), (8.32, 50.02)]),
    "Neckar": ("river", [(9.20, 48.50), (9.20, 48.80), (9.22, 49.14), (8.70, 49.41), (8.45, 49.48)]),
    "Weser": ("river", [(9.65, 51.42), (9.30, 51.90), (8.92, 52.29), (8.80, 53.08), (8.50, 53.55)]),
    "Ems": ("river", [(8.00, 51.90), (7.44, 52.28), (7.32, 52.52), (7.20, 53.30)]),
    "Garonne": ("river", [(0.62, 44.10), (-0.57, 44.85), (-0.75, 45.20), (-1.05, 45.55)]),
    "Saone": ("river", [(5.60, 47.45), (4.85, 46.78), (4.83, 46.30), (4.83, 45.76)]),
    "Rhone": ("river", [(6.14, 46.20), (5.40, 45.85), (4.83, 45.76), (4.89, 44.93), (4.70, 43.90)]),
}
# name, lon, lat, kind, extras. Kinds follow the geo builder's place kinds.
CITIES: list[tuple[str, float, float, str, dict[str, Any]]] = [
    ("Paris", 2.35, 48.86, "major_city", {}), ("Caen", -0.37, 49.18, "minor_city", {}),
    ("Cherbourg", -1.62, 49.64, "fortified_port", {}),
    ("Rennes", -1.68, 48.11, "minor_city", {}), ("Saint-Malo", -2.01, 48.65, "fortified_port", {}),
    ("Brest", -4.49, 48.39, "fortified_port", {"pc": 2}), ("Lorient", -3.37, 47.75, "fortified_port", {}),
    ("Saint-Nazaire", -2.21, 47.27, "fortified_port", {}), ("Nantes", -1.55, 47.22, "port", {}),
    ("La Rochelle", -1.15, 46.16, "fortified_port", {}), ("Royan", -1.03, 45.62, "fortress", {}),
    ("Bordeaux", -0.58, 44.84, "port", {}), ("Le Havre", 0.11, 49.49, "fortified_port", {}),
    ("Rouen", 1.10, 49.44, "port", {}), ("Dieppe", 1.08, 49.92, "port", {}),
    ("Boulogne", 1.61, 50.73, "fortified_port", {}), ("Calais", 1.86, 50.95, "fortified_port", {}),
    ("Dunkirk", 2.38, 51.03, "fortified_port", {}), ("Amiens", 2.30, 49.89, "minor_city", {}),
    ("Lille", 3.06, 50.63, "major_city", {}), ("Reims", 4.03, 49.26, "minor_city", {}),
    ("Le Mans", 0.20, 48.00, "minor_city", {}), ("Chartres", 1.49, 48.45, "minor_city", {}),
    ("Orleans", 1.90, 47.90, "minor_city", {}), ("Tours", 0.69, 47.39, "minor_city", {}),
    ("Angers", -0.55, 47.47, "minor_city", {}), ("Poitiers", 0.34, 46.58, "minor_city", {}),
    ("Limoges", 1.26, 45.83, "minor_city", {}), ("Clermont-Ferrand", 3.08, 45.78, "minor_city", {}),
    ("Bourges", 2.40, 47.08, "minor_city", {}), ("Dijon", 5.04, 47.32, "minor_city", {}),
    ("Besancon", 6.02, 47.24, "minor_city", {}), ("Lyon", 4.84, 45.76, "major_city", {}),
    ("Grenoble", 5.72, 45.19, "minor_city", {}), ("Troyes", 4.08, 48.30, "minor_city", {}),
    ("Nancy", 6.18, 48.69, "minor_city", {}), ("Metz", 6.18, 49.12, "fortress", {"city": True}),
    ("Verdun", 5.39, 49.16, "minor_city", {}), ("Strasbourg", 7.75, 48.58, "minor_city", {}),
    ("Mulhouse", 7.34, 47.75, "minor_city", {}),
    ("Brussels", 4.35, 50.85, "major_city", {}), ("Antwerp", 4.40, 51.22, "port", {"pc": 3, "major": True}),
    ("Ghent", 3.72, 51.05, "minor_city", {}), ("Ostend", 2.92, 51.23, "port", {}),
    ("Liege", 5.57, 50.63, "minor_city", {}), ("Namur", 4.87, 50.47, "minor_city", {}),
    ("Bastogne", 5.72, 50.00, "minor_city", {}),
    ("Amsterdam", 4.90, 52.37, "port", {"major": True}), ("Rotterdam", 4.48, 51.92, "port", {"major": True}),
    ("Utrecht", 5.12, 52.09, "minor_city", {}), ("Arnhem", 5.91, 51.98, "minor_city", {}),
    ("Nijmegen", 5.86, 51.84, "minor_city", {}), ("Eindhoven", 5.48, 51.44, "minor_city", {}),
    ("Maastricht", 5.69, 50.85, "minor_city", {}), ("Enschede", 6.89, 52.22, "minor_city", {}),
    ("Groningen", 6.57, 53.22, "minor_city", {}),
    ("Luxembourg", 6.13, 49.61, "minor_city", {}),
    ("Aachen", 6.08, 50.78, "fortress", {"city": True}), ("Koln", 6.96, 50.94, "major_city", {}),
    ("Koblenz", 7.60, 50.36, "minor_city", {}), ("Trier", 6.64, 49.75, "minor_city", {}),
    ("Saarbrucken", 7.00, 49.23, "fortress", {"city": True}), ("Kaiserslautern", 7.77, 49.44, "minor_city", {}),
    ("Mainz", 8.27, 50.00, "minor_city", {}), ("Mannheim", 8.47, 49.49, "minor_city", {}),
    ("Karlsruhe", 8.40, 49.01, "minor_city", {}), ("Stuttgart", 9.18, 48.78, "major_city", {}),
    ("Freiburg", 7.85, 47.99, "minor_city", {}), ("Frankfurt", 8.68, 50.11, "major_city", {}),
    ("Kassel", 9.48, 51.31, "minor_city", {}), ("Essen", 7.01, 51.46, "major_city", {}),
    ("Dusseldorf", 6.78, 51.23, "major_city", {}), ("Dortmund", 7.47, 51.51, "major_city", {}),
    ("Munster", 7.63, 51.96, "minor_city", {}), ("Osnabruck", 8.05, 52.28, "minor_city", {}),
    ("Bremen", 8.80, 53.08, "minor_city", {}), ("Paderborn", 8.75, 51.72, "minor_city", {}),
]
# cities whose hex must lie on a given side of the Rhine (checked; nudged if the grid puts them wrong)
RHINE_SIDE = {"Koln": "west", "Dusseldorf": "east", "Mainz": "west", "Mannheim": "east", "Karlsruhe": "east",
              "Koblenz": "west", "Arnhem": "east", "Nijmegen": "west", "Rotterdam": "east", "Essen": "east",
              "Freiburg": "east", "Strasbourg": "west", "Frankfurt": "east", "Aachen": "west", "Trier": "west"}
PLACES = [("Walcheren", 3.58, 51.50, "island")]


def hex_center_km(col: int, row: int) -> tuple[float, float]:
    x = 1.5 * R * col
    y = math.sqrt(3) * R * (row + 0.5 * (col & 1))
    return x, y


def to_lonlat(col: int, row: int) -> tuple[float, float]:
    x, y = hex_center_km(col, row)
    return LON0 + x / KM_PER_LON, LAT0 - y / KM_PER_LAT


def to_grid(lon: float, lat: float) -> tuple[float, float]:
    return (lon - LON0) * KM_PER_LON, (LAT0 - lat) * KM_PER_LAT


def nearest_hex(lon: float, lat: float, labels: dict[str, tuple[float, float]]) -> str:
    x, y = to_grid(lon, lat)
    best = min(labels, key=lambda lab: ((labels[lab][0] - x) ** 2 + (labels[lab][1] - y) ** 2, lab))
    return best


def _west_of_rhine(hexes: dict[str, dict[str, Any]], sides: dict[str, dict[str, Any]], start: str) -> set[str]:
    """Land hexes reachable from ``start`` without crossing the Rhine or the sea."""
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for nb in COLROW.neighbors(h):
            if nb in seen or nb not in hexes or hexes[nb]["terrain"] in ("sea", "neutral"):
                continue
            feats = sides.get(COLROW.side_id(h, nb), {}).get("features", [])
            if "major_river" in feats or "sea" in feats:
                continue
            seen.add(nb)
            todo.append(nb)
    return seen


def build() -> dict[str, Any]:
    land = Polygon([*COAST, (10.5, 54.5), (10.5, 43.0), (-1.35, 43.0)])
    land = land.difference(Polygon(IJSSELMEER))
    countries = {k: Polygon(v).buffer(0) for k, v in COUNTRIES.items()}
    areas = [(t, Polygon(p)) for t, p in TERRAIN_AREAS]
    centres: dict[str, tuple[float, float]] = {}
    hexes: dict[str, dict[str, Any]] = {}
    for col in range(1, COLS + 1):
        for row in range(1, ROWS + 1):
            lab = f"{col:02d}{row:02d}"
            lon, lat = to_lonlat(col, row)
            p = Point(lon, lat)
            country: str | None = next((k for k, poly in countries.items() if poly.contains(p)), "france")
            if country in ("switzerland", "italy"):
                hexes[lab] = {"terrain": "neutral", "country": country, "features": []}
                centres[lab] = hex_center_km(col, row)
                continue
            if not land.contains(p):
                terrain = "sea"
                country = None
            else:
                terrain = "clear"
                for t, poly in areas:
                    if poly.contains(p):
                        terrain = t
                        break
            hexes[lab] = {"terrain": terrain, "country": country, "features": []}
            centres[lab] = hex_center_km(col, row)
    land_labels = {lab: c for lab, c in centres.items() if hexes[lab]["terrain"] not in ("sea", "neutral")}
    # rivers along hexsides: a side is a river when the centre-to-centre segment crosses the course
    sides: dict[str, dict[str, Any]] = {}
    lines_ll = {name: (kind, LineString(pts)) for name, (kind, pts) in RIVERS.items()}
    for lab in land_labels:
        for nb in COLROW.neighbors(lab):
            if nb not in land_labels or nb < lab:
                continue
            a = to_lonlat(int(lab[:2]), int(lab[2:]))
            b = to_lonlat(int(nb[:2]), int(nb[2:]))
            seg = LineString([a, b])
            feats: list[str] = []
            names: list[str] = []
            for name, (kind, ln) in lines_ll.items():
                if seg.intersects(ln):
                    if kind not in feats:
                        feats.append(kind)
                    names.append(name)
            if not land.contains(seg):
                feats.append("sea")
            if feats:
                if "major_river" in feats and "river" in feats:
                    feats.remove("river")
                sides[COLROW.side_id(lab, nb)] = {"features": sorted(feats), "name": "/".join(names) or None}
    sides = {k: {kk: vv for kk, vv in v.items() if vv is not None} for k, v in sides.items()}
    # places
    places: list[dict[str, Any]] = []
    taken: set[str] = set()

    def free_near(lon: float, lat: float) -> str:
        x, y = to_grid(lon, lat)
        order = sorted(land_labels, key=lambda lab: ((land_labels[lab][0] - x) ** 2 + (land_labels[lab][1] - y) ** 2, lab))
        return next(lab for lab in order if lab not in taken)

    for name, lon, lat, kind, extra in CITIES:
        lab = free_near(lon, lat)
        taken.add(lab)
        attrs = {k: v for k, v in extra.items()}
        places.append({"name": name, "hex": lab, "kind": kind, "lonlat": [lon, lat], "attrs": attrs})
    west = _west_of_rhine(hexes, sides, next(p["hex"] for p in places if p["name"] == "Paris"))
    for p in places:
        want = RHINE_SIDE.get(p["name"])
        if want is None or (p["hex"] in west) == (want == "west"):
            continue
        taken.discard(p["hex"])
        lon, lat = p["lonlat"]
        x, y = to_grid(lon, lat)
        order = sorted(land_labels, key=lambda lab: ((land_labels[lab][0] - x) ** 2 + (land_labels[lab][1] - y) ** 2, lab))
        p["hex"] = next(lab for lab in order if lab not in taken and (lab in west) == (want == "west"))
        taken.add(p["hex"])
    for name, lon, lat, kind in PLACES:
        lab = free_near(lon, lat)
        taken.add(lab)
        places.append({"name": name, "hex": lab, "kind": kind, "lonlat": [lon, lat], "attrs": {"fortress": True}})
    for p in places:  # a city's hex belongs to the city's own country
        lon, lat = p["lonlat"]
        true_country = next((k for k, poly in countries.items() if poly.contains(Point(lon, lat))), "france")
        hexes[p["hex"]]["country"] = true_country
    for p in places:
        h = hexes[p["hex"]]
        k = p["kind"]
        pf: set[str] = set(h["features"])
        if k in ("major_city",) or p["attrs"].get("major"):
            pf.add("major_city")
        elif k in ("minor_city",) or p["attrs"].get("city"):
            pf.add("minor_city")
        if k in ("port", "fortified_port"):
            pf.add("port")
        if k in ("fortified_port", "fortress") or p["attrs"].get("fortress"):
            pf.add("fortress")
        if k in ("port", "fortified_port") and not (pf & {"major_city"}):
            pf.add("minor_city")
        h["features"] = sorted(pf)
    return {
        "schema": "westfront-map/1",
        "game": "dday-to-the-rhine",
        "title": "1944: D-Day to the Rhine (provisional board)",
        "grid": {"scheme": "colrow", "hex_km": HEX_KM,
                 "note": "provisional: equirectangular at 49N, flat-topped, odd columns shifted down"},
        "terrain": {"clear": {"color": "#e8e4c9"}, "forest": {"color": "#7fa36b"}, "bocage": {"color": "#a3b86b"},
                    "marsh": {"color": "#9ec3b5"}, "mountain": {"color": "#c9a97a"}, "sea": {"color": "#8fb8de"},
                    "neutral": {"color": "#bbbbbb"}},
        "hexes": hexes,
        "hexsides": sides,
        "places": places,
        "zones": {},
        "provenance": {
            "source": "hand-drawn polygons and polylines in tools/provisional_map.py (general geographic knowledge)",
            "reconstructed": "stand-in until the geo branch delivers data/map.json; coarse by design",
            "licence": "project's own",
        },
    }


def main() -> None:
    doc = build()
    OUT.write_text(json.dumps(doc, indent=1, sort_keys=False, ensure_ascii=False) + "\n", encoding="utf-8")
    n_land = sum(1 for h in doc["hexes"].values() if h["terrain"] != "sea")
    print(f"wrote {OUT} ({len(doc['hexes'])} hexes, {n_land} land, {len(doc['hexsides'])} hexsides, "
          f"{len(doc['places'])} places)")


if __name__ == "__main__":
    main()
