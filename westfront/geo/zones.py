"""Selectors: turn the override files' geographic descriptions into hex sets.

Zones, boxes, hex overrides and line end-points in ``map_overrides.toml`` are
written geographically ("the two coast hexes nearest these beaches", "German
hexes on the east edge between 51.3 and 52.8 N", "everything on the French side
of the Rhine") so the 1944 and Onslaught grids, which the builder lays out
itself, need no hand-typed labels. Maps whose rulebooks print hex numbers use
``hexes = [...]`` directly.

Selector keys (one selector is a TOML table; a list of them is a union):

* ``hexes`` labels; ``at`` lon/lat points (containing hex); ``coast_at`` lon/lat
  points (nearest distinct coastal land hex); ``places`` place names;
  ``near_places`` + ``radius``; ``zone`` another zone; ``polygon`` lon/lat ring
  (hex centres inside); ``region`` a named region (``min_cover``);
  ``edge`` ``north|south|east|west|any`` (hexes with a missing neighbour that way);
  ``side_of`` {``barrier`` = line or river name(s), ``from`` = lon/lat,
  ``avoid_countries``}: hexes reachable from a point without crossing the
  barrier hexsides (nor entering those countries); ``edge_range`` [from, to]
  map-edge hexes clockwise (or the other way round to pass ``via``); ``rows_by_col`` {col: last row} (colrow maps); ``all``;
* filters on any of them: ``countries``, ``terrain``, ``not_terrain``, ``land``
  (default true), ``lat``/``lon`` = [min, max] of the hex centre,
  ``features`` (any of), ``coastal``, ``borders_countries`` (a land neighbour
  in one of them).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from .cells import Cells
from .project import GridTransform, pixel_to_axial

WATER = {"sea", "lake"}


@dataclass
class MapState:
    """What selectors can look at while the map is being assembled."""

    cells: Cells
    tf: GridTransform
    terrain: list[str]
    country: list[str | None]
    features: list[set[str]]
    place_hex: dict[str, int]
    zones: dict[str, list[int]] = field(default_factory=dict)
    barriers: dict[str, set[tuple[int, int]]] = field(default_factory=dict)  # name -> hexside pairs (i<j)
    impassable: set[str] = field(default_factory=lambda: {"sea", "lake", "impassable"})
    _lonlat: np.ndarray | None = None

    @property
    def lonlat(self) -> np.ndarray:
        if self._lonlat is None:
            self._lonlat = self.tf.inverse(self.cells.centers)
        return self._lonlat

    def is_land(self, i: int) -> bool:
        return self.terrain[i] not in WATER

    def is_coastal(self, i: int) -> bool:
        return self.is_land(i) and any(not self.is_land(j) for j in self.cells.neighbours(i))

    def hex_at(self, lonlat: tuple[float, float]) -> int | None:
        g = self.tf(np.array([lonlat]))
        a = pixel_to_axial(self.cells.grid, g)[0]
        return self.cells.by_axial.get(a)

    def grid_point(self, lonlat: tuple[float, float]) -> np.ndarray:
        return self.tf(np.array([lonlat]))[0]


def select(ms: MapState, sel: Any, what: str) -> list[int]:
    """Evaluate a selector (table or list of tables) to sorted hex indices."""
    if isinstance(sel, list):
        out: set[int] = set()
        for s in sel:
            out |= set(select(ms, s, what))
        return sorted(out)
    if not isinstance(sel, dict):
        raise ValueError(f"{what}: a selector must be a table, got {sel!r}")
    base = _base(ms, sel, what)
    return sorted(i for i in base if _passes(ms, sel, i))


def _label_index(ms: MapState, lab: str, what: str) -> int:
    if lab not in ms.cells.index:
        raise ValueError(f"{what}: hex {lab} is not on the map")
    return ms.cells.index[lab]


def _base(ms: MapState, sel: dict[str, Any], what: str) -> set[int]:
    c = ms.cells
    if "hexes" in sel:
        return {_label_index(ms, h, what) for h in sel["hexes"]}
    if "at" in sel:
        out = set()
        for p in sel["at"]:
            i = ms.hex_at(tuple(p))
            if i is None:
                raise ValueError(f"{what}: point {p} is off the map")
            out.add(i)
        return out
    if "coast_at" in sel:
        return set(_coast_at(ms, sel["coast_at"], what))
    if "places" in sel:
        try:
            return {ms.place_hex[p] for p in sel["places"]}
        except KeyError as e:
            raise ValueError(f"{what}: unknown place {e}") from None
    if "near_places" in sel:
        r = int(sel.get("radius", 1))
        out = set()
        for p in sel["near_places"]:
            out |= _within(ms, ms.place_hex[p], r)
        return out
    if "zone" in sel:
        if sel["zone"] not in ms.zones:
            raise ValueError(f"{what}: zone {sel['zone']!r} is not defined (yet)")
        return set(ms.zones[sel["zone"]])
    if "polygon" in sel:
        poly = shapely.transform(Polygon(sel["polygon"]), lambda pts: ms.tf(pts))
        inside = shapely.contains_xy(poly, c.centers[:, 0], c.centers[:, 1])
        return set(np.nonzero(inside)[0].tolist())
    if "region" in sel:
        from .terrain import region_cover

        cover = region_cover(c, ms.tf, sel["region"])
        return set(np.nonzero(cover >= float(sel.get("min_cover", 0.5)))[0].tolist())
    if "edge" in sel:
        return {i for i in range(len(c)) if _on_edge(ms, i, sel["edge"])}
    if "side_of" in sel:
        so = sel["side_of"]
        names = so["barrier"] if isinstance(so["barrier"], list) else [so["barrier"]]
        start = ms.hex_at(tuple(so["from"]))
        if start is None:
            raise ValueError(f"{what}: side_of start point is off the map")
        return _flood(ms, start, names, what, set(so.get("avoid_countries", [])))
    if "all" in sel:
        return set(range(len(c)))
    if "edge_range" in sel:
        return set(_edge_range(ms, sel["edge_range"][0], sel["edge_range"][1], what, sel.get("via")))
    if "rows_by_col" in sel:  # colrow maps: {col: last row} (hexes at or north of it)
        out = set()
        for i in range(len(c)):
            col, row = c.grid.to_offset(c.axial[i])
            last = sel["rows_by_col"].get(str(col))
            if last is not None and row <= int(last):
                out.add(i)
        return out
    raise ValueError(f"{what}: selector {sel!r} has no base key")


def _passes(ms: MapState, sel: dict[str, Any], i: int) -> bool:
    land_only = sel.get("land", "hexes" not in sel)
    if land_only and not ms.is_land(i):
        return False
    if "countries" in sel and ms.country[i] not in sel["countries"]:
        return False
    if "terrain" in sel and ms.terrain[i] not in sel["terrain"]:
        return False
    if "not_terrain" in sel and ms.terrain[i] in sel["not_terrain"]:
        return False
    if "features" in sel and not (ms.features[i] & set(sel["features"])):
        return False
    if "coastal" in sel and ms.is_coastal(i) != bool(sel["coastal"]):
        return False
    if "borders_countries" in sel:  # a land neighbour in one of these countries
        other = set(sel["borders_countries"])
        if not any(ms.is_land(j) and ms.country[j] in other for j in ms.cells.neighbours(i)):
            return False
    lon, lat = ms.lonlat[i]
    if "lat" in sel and not (sel["lat"][0] <= lat <= sel["lat"][1]):
        return False
    return not ("lon" in sel and not (sel["lon"][0] <= lon <= sel["lon"][1]))


def _coast_at(ms: MapState, points: list[list[float]], what: str) -> list[int]:
    c = ms.cells
    coastal = [i for i in range(len(c)) if ms.is_coastal(i)]
    used: list[int] = []
    for p in points:
        g = ms.grid_point((float(p[0]), float(p[1])))
        cand = sorted(coastal, key=lambda i: (float(((c.centers[i] - g) ** 2).sum()), i))
        pick = next((i for i in cand if i not in used), None)
        if pick is None:
            raise ValueError(f"{what}: no coastal hex left for {p}")
        used.append(pick)
    return used


def _within(ms: MapState, i: int, r: int) -> set[int]:
    out = {i}
    frontier = {i}
    for _ in range(r):
        nxt = set()
        for h in frontier:
            nxt |= set(ms.cells.neighbours(h))
        frontier = nxt - out
        out |= nxt
    return out


_SIDES = {"east": (-50.0, 50.0), "north": (40.0, 140.0), "west": (130.0, 230.0), "south": (220.0, 320.0)}


def _on_edge(ms: MapState, i: int, side: str) -> bool:
    """True when every neighbour direction facing ``side`` is off the map.

    Flat-topped hexes face east through NE and SE, pointy-topped ones through E
    alone; requiring all of them keeps corner hexes of the top row out of the
    east edge.
    """
    from ..core.hexgrid import DIRECTIONS

    c = ms.cells
    q, r = c.axial[i]
    cx, cy = c.centers[i]
    facing = []
    for dq, dr in DIRECTIONS:
        nx, ny = c.grid.center((q + dq, r + dr), 1.0)
        ang = math.degrees(math.atan2(-(ny - cy), nx - cx)) % 360.0
        missing = (q + dq, r + dr) not in c.by_axial
        if side == "any":
            if missing:
                return True
            continue
        lo, hi = _SIDES[side]
        a = ang if side != "east" else (ang + 180.0) % 360.0 - 180.0
        if lo < a < hi:
            facing.append(missing)
    return bool(facing) and all(facing)


def _edge_range(ms: MapState, a: str, b: str, what: str, via: str | None = None) -> list[int]:
    """Map-edge hexes from ``a`` to ``b`` inclusive, clockwise as drawn, or
    counter-clockwise when the clockwise arc does not pass ``via``."""
    c = ms.cells
    edge = [i for i in range(len(c)) if _on_edge(ms, i, "any")]
    cx, cy = c.centers[:, 0].mean(), c.centers[:, 1].mean()
    # y grows south, so increasing atan2(dy, dx) runs clockwise on screen
    ring = sorted(edge, key=lambda i: (math.atan2(c.centers[i, 1] - cy, c.centers[i, 0] - cx), i))
    pos = {i: k for k, i in enumerate(ring)}
    for lab in (a, b):
        if lab not in c.index or c.index[lab] not in pos:
            raise ValueError(f"{what}: {lab} is not a map-edge hex")
    ia, ib = pos[c.index[a]], pos[c.index[b]]
    n = len(ring)
    arc = [ring[(ia + k) % n] for k in range((ib - ia) % n + 1)]
    if via is not None and c.index.get(via) not in arc:
        arc = [ring[(ia - k) % n] for k in range((ia - ib) % n + 1)]
        if c.index.get(via) not in arc:
            raise ValueError(f"{what}: {via} is on neither arc from {a} to {b}")
    return arc


def _flood(ms: MapState, start: int, barriers: list[str], what: str, avoid: set[str] | None = None) -> set[int]:
    blocked: set[tuple[int, int]] = set()
    for b in barriers:
        if b not in ms.barriers:
            raise ValueError(f"{what}: barrier {b!r} is neither a line nor a river of this map")
        blocked |= ms.barriers[b]
    seen = {start}
    dq = deque([start])
    while dq:
        u = dq.popleft()
        for v in ms.cells.neighbours(u):
            if v in seen or ms.terrain[v] in ms.impassable or (avoid and ms.country[v] in avoid):
                continue
            if (min(u, v), max(u, v)) in blocked:
                continue
            seen.add(v)
            dq.append(v)
    return seen
