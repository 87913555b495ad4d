"""Named rivers, traced on the WDBII network and routed along hexsides.

WDBII rivers carry no names. A river is named by an ordered list of *anchor*
towns on it (``data/rivers.toml``): each anchor snaps to the nearest network
vertex and consecutive anchors are joined by the shortest path through the
network. Rivers missing from WDBII (Roer, Saar, Orne, Dyle, Sambre, Ourthe,
Sauer, Vire, Ruhr, …) are given as waypoint lists instead.

A course is then drawn on the hex grid as a continuous chain of hex *edges*:
the corners of the map's hexes form a graph, each edge costs more the farther
its midpoint lies from the course, and a shortest path joins samples taken
along the course. Continuity is guaranteed because the result is a path.
"""

from __future__ import annotations

import heapq
import math
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, Point

from . import sources
from .cells import Cells
from .project import GridTransform

DATA = Path(__file__).parent / "data"
SNAP_KM = 6.0  # an anchor farther than this from the network is an authoring error


@lru_cache(maxsize=1)
def load_rivers() -> dict[str, dict[str, Any]]:
    with open(DATA / "rivers.toml", "rb") as f:
        return tomllib.load(f)["rivers"]


# ----- the WDBII network in lon/lat ---------------------------------------------------


def _km(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    lat = np.radians((a[..., 1] + b[..., 1]) / 2)
    dx = (a[..., 0] - b[..., 0]) * 111.32 * np.cos(lat)
    dy = (a[..., 1] - b[..., 1]) * 110.57
    return np.hypot(dx, dy)


@dataclass
class Network:
    pts: np.ndarray  # (V, 2) lon/lat
    adj: list[list[tuple[int, float]]]

    def nearest(self, lonlat: tuple[float, float]) -> tuple[int, float]:
        d = _km(self.pts, np.array(lonlat))
        i = int(np.argmin(d))
        return i, float(d[i])

    def path(self, a: int, b: int) -> list[int]:
        dist = {a: 0.0}
        prev: dict[int, int] = {}
        heap = [(0.0, a)]
        while heap:
            d, u = heapq.heappop(heap)
            if u == b:
                break
            if d > dist.get(u, math.inf):
                continue
            for v, w in self.adj[u]:
                nd = d + w
                if nd < dist.get(v, math.inf):
                    dist[v] = nd
                    prev[v] = u
                    heapq.heappush(heap, (nd, v))
        if b not in dist:
            raise ValueError("no path through the river network")
        out = [b]
        while out[-1] != a:
            out.append(prev[out[-1]])
        return out[::-1]


def build_network(box: sources.Box, res: str = "h", join_km: float = 1.5) -> Network:
    lines = sources.river_lines(box, res)
    pts_list: list[np.ndarray] = []
    starts: list[int] = []
    n = 0
    for ln in lines:
        starts.append(n)
        pts_list.append(ln)
        n += len(ln)
    pts = np.vstack(pts_list) if pts_list else np.zeros((0, 2))
    adj: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for s, ln in zip(starts, lines, strict=True):
        seg = _km(ln[:-1], ln[1:])
        for k, w in enumerate(seg):
            adj[s + k].append((s + k + 1, float(w)))
            adj[s + k + 1].append((s + k, float(w)))
    # WDBII junctions are not always shared vertices: join each line end to the
    # nearest vertex of another line within join_km.
    owner = np.repeat(np.arange(len(lines)), [len(x) for x in lines]) if lines else np.zeros(0, int)
    for li, (s, ln) in enumerate(zip(starts, lines, strict=True)):
        for end in (s, s + len(ln) - 1):
            d = _km(pts, pts[end])
            d[owner == li] = np.inf
            j = int(np.argmin(d))
            if d[j] <= join_km:
                adj[end].append((j, float(d[j])))
                adj[j].append((end, float(d[j])))
    return Network(pts=pts, adj=adj)


def _anchor_lonlat(a: Any) -> tuple[float, float]:
    if isinstance(a, str):
        name, _, cc = a.partition("/")
        t = sources.find_town(name, cc or None)
        return (t.lon, t.lat)
    return (float(a[0]), float(a[1]))


def trace_course(name: str, net: Network, box: sources.Box) -> tuple[np.ndarray, list[str]]:
    """The river's lon/lat course and notes (snap distances) for provenance."""
    r = load_rivers()[name]
    notes: list[str] = []
    if "waypoints" in r:
        course = np.array([_anchor_lonlat(a) for a in r["waypoints"]], dtype=np.float64)
        notes.append("hand-drawn waypoints (absent from WDBII)")
    else:
        anchors = [_anchor_lonlat(a) for a in r["anchors"]]
        idx = []
        for a, raw in zip(anchors, r["anchors"], strict=True):
            i, d = net.nearest(a)
            if d > SNAP_KM:
                raise ValueError(f"river {name}: anchor {raw!r} is {d:.1f} km from the WDBII network")
            idx.append(i)
        path: list[int] = [idx[0]]
        for ia, ib in zip(idx[:-1], idx[1:], strict=True):
            path.extend(net.path(ia, ib)[1:])
        course = net.pts[path]
        notes.append(f"WDBII network between {len(anchors)} anchor towns")
    if "head" in r:
        course = np.vstack([np.array([_anchor_lonlat(a) for a in r["head"]]), course])
    if "mouth" in r:
        course = np.vstack([course, np.array([_anchor_lonlat(a) for a in r["mouth"]])])
    return course, notes


# ----- routing along hexsides -----------------------------------------------------------


@dataclass
class EdgeGraph:
    """Hex corners as vertices, hex edges (one per hexside) as graph edges."""

    verts: np.ndarray  # (V, 2) grid units
    edges: list[tuple[int, int, int, int]]  # (v0, v1, hex_i, hex_j) with i < j
    adj: list[list[int]] = field(default_factory=list)  # vertex -> edge ids
    mids: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))

    @classmethod
    def build(cls, cells: Cells, allowed: np.ndarray | None = None) -> EdgeGraph:
        """``allowed[i]`` false removes hex i's edges unless the other hex allows them."""
        key: dict[tuple[int, int], int] = {}
        verts: list[tuple[float, float]] = []

        def vid(p: tuple[float, float]) -> int:
            k = (round(p[0] * 1000), round(p[1] * 1000))
            v = key.get(k)
            if v is None:
                v = len(verts)
                key[k] = v
                verts.append(p)
            return v

        edges = []
        for i in range(len(cells)):
            for j in cells.neighbours(i):
                if j <= i:
                    continue
                if allowed is not None and not (allowed[i] or allowed[j]):
                    continue
                p, q = cells.shared_edge(i, j)
                edges.append((vid(p), vid(q), i, j))
        g = cls(verts=np.array(verts), edges=edges)
        g.adj = [[] for _ in verts]
        for e, (a, b, _, _) in enumerate(edges):
            g.adj[a].append(e)
            g.adj[b].append(e)
        g.mids = np.array([(g.verts[a] + g.verts[b]) / 2 for a, b, _, _ in edges])
        return g

    def route(self, line: LineString, step: float = 1.5, reach: float = 2.5) -> list[int]:
        """Edge ids of a continuous chain following ``line`` (grid units)."""
        if line.length < 0.5 or not self.edges:
            return []
        d = shapely.distance(shapely.points(self.mids), line)
        cost = np.where(d <= reach, 1.0 + 6.0 * d * d, np.inf)
        live = np.isfinite(cost)
        live_verts = np.unique(np.array([[a, b] for (a, b, _, _), ok in zip(self.edges, live, strict=True) if ok]))
        if len(live_verts) == 0:
            return []
        nsamp = max(2, int(math.ceil(line.length / step)) + 1)
        samples = [line.interpolate(t, normalized=True) for t in np.linspace(0.0, 1.0, nsamp)]
        vv = self.verts[live_verts]
        snapped: list[int] = []
        for s in samples:
            k = int(np.argmin(((vv - np.array([s.x, s.y])) ** 2).sum(1)))
            v = int(live_verts[k])
            if not snapped or snapped[-1] != v:
                snapped.append(v)
        chain: list[int] = []
        for a, b in zip(snapped[:-1], snapped[1:], strict=True):
            seg = self._dijkstra(a, b, cost)
            for e in seg:
                if chain and chain[-1] == e:
                    chain.pop()  # immediate back-track: drop the spur
                else:
                    chain.append(e)
        return _dedupe_keep_order(chain)

    def _dijkstra(self, a: int, b: int, cost: np.ndarray) -> list[int]:
        dist = {a: 0.0}
        prev: dict[int, tuple[int, int]] = {}
        heap = [(0.0, a)]
        while heap:
            d, u = heapq.heappop(heap)
            if u == b:
                break
            if d > dist.get(u, math.inf):
                continue
            for e in self.adj[u]:
                c = cost[e]
                if not math.isfinite(c):
                    continue
                v0, v1, _, _ = self.edges[e]
                v = v1 if v0 == u else v0
                nd = d + c
                if nd < dist.get(v, math.inf):
                    dist[v] = nd
                    prev[v] = (u, e)
                    heapq.heappush(heap, (nd, v))
        if b not in dist:
            return []
        out = []
        u = b
        while u != a:
            u, e = prev[u]
            out.append(e)
        return out[::-1]


def _dedupe_keep_order(chain: list[int]) -> list[int]:
    seen: set[int] = set()
    out = []
    for e in chain:
        if e not in seen:
            seen.add(e)
            out.append(e)
    return out


def course_on_map(course_grid: np.ndarray, near_land: shapely.Geometry, frame: shapely.Geometry) -> list[LineString]:
    """Pieces of a course (grid units) that lie near land inside the map frame."""
    line = LineString(course_grid)
    clip = line.intersection(frame).intersection(near_land)
    if clip.is_empty:
        return []
    if isinstance(clip, LineString):
        parts = [clip]
    elif isinstance(clip, MultiLineString):
        parts = list(clip.geoms)
    else:
        parts = [g for g in getattr(clip, "geoms", []) if isinstance(g, LineString)]
    parts = [p for p in parts if p.length >= 0.8]
    # keep course order: sort pieces by where they start along the original line
    parts.sort(key=lambda p: line.project(Point(p.coords[0])))
    return _merge_close(parts)


def _merge_close(parts: list[LineString], gap: float = 0.8) -> list[LineString]:
    out: list[LineString] = []
    for p in parts:
        if out and Point(out[-1].coords[-1]).distance(Point(p.coords[0])) <= gap:
            out[-1] = LineString(list(out[-1].coords) + list(p.coords))
        else:
            out.append(p)
    return out


def grid_course(course: np.ndarray, tf: GridTransform) -> np.ndarray:
    return tf(course)


# ----- banks ---------------------------------------------------------------------------------


def densify(pts: np.ndarray, step: float = 0.2) -> np.ndarray:
    out = [pts[0]]
    for a, b in zip(pts[:-1], pts[1:], strict=True):
        n = max(1, int(math.ceil(float(np.linalg.norm(b - a)) / step)))
        for k in range(1, n + 1):
            out.append(a + (b - a) * k / n)
    return np.array(out)


def apply_banks(
    course: np.ndarray, constraints: list[tuple[np.ndarray, str]], margin: float = 0.7, radius: float = 1.6
) -> np.ndarray:
    """Bend a course (grid units) so each hex centre lies on its stated bank.

    ``constraints`` are (hex centre, "left"|"right"), banks as seen looking
    downstream. Hex-edge routing follows the course to within half an edge, so
    a centre ``margin`` away on the right side ends up on that side of the
    hexside chain: Strasbourg stays west of the Rhine, Düsseldorf east.
    """
    pts = densify(course)
    for _ in range(8):  # bending for one bank can undo another: repeat until all hold
        moved = False
        for c, side in constraints:
            pts, m = _bank_once(pts, c, side, margin, radius)
            moved |= m
        if not moved:
            break
    return pts


def _bank_once(pts: np.ndarray, c: np.ndarray, side: str, margin: float, radius: float) -> tuple[np.ndarray, bool]:
    seg_a, seg_b = pts[:-1], pts[1:]
    d = seg_b - seg_a
    L2 = np.maximum((d * d).sum(1), 1e-12)
    t = np.clip(((c - seg_a) * d).sum(1) / L2, 0.0, 1.0)
    q = seg_a + t[:, None] * d
    k = int(np.argmin(((q - c) ** 2).sum(1)))
    tang = d[k] / math.sqrt(L2[k])
    n_left = np.array([tang[1], -tang[0]])  # y grows south
    signed = float((c - q[k]) @ n_left)
    want = margin if side == "left" else -margin
    need = want - signed
    if (side == "left" and signed >= margin * 0.99) or (side == "right" and signed <= -margin * 0.99):
        return pts, False
    dist = np.linalg.norm(pts - c, axis=1)
    w = np.clip(1.5 - dist / radius, 0.0, 1.0)
    return densify(pts - (need * w)[:, None] * n_left[None, :]), True
