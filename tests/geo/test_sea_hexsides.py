"""No all-sea hexside of the committed 1944 map runs between two hexes whose coast joins over land.

No geography package needed: the land is the committed board geometry
(``geometry.json``: the frame minus its water rings, from the same GSHHG coast,
1944-corrected, that the builder used), sampled on a fine lattice. An all-sea
hexside must have water between the two hexes: no piece of land inside them may
hold a tenth of a hex in each (the builder's ``sea_side_land_join``, issue 37).
"""

from __future__ import annotations

import json
from collections import deque

import numpy as np
import pytest

from westfront.core.hexgrid import grid_for
from westfront.geo.project import pixel_to_axial
from westfront.geo.spec import geometry_path, map_path

GAME = "dday-to-the-rhine"
STEP = 0.04  # lattice spacing in grid units (hex circumradius 1): about 900 samples per 40 km hex
JOIN = 0.1  # the spec's sea_side_land_join


@pytest.fixture(scope="module")
def board() -> tuple[dict, list[np.ndarray]]:
    m = json.loads(map_path(GAME).read_text(encoding="utf-8"))
    g = json.loads(geometry_path(GAME).read_text(encoding="utf-8"))
    return m, [np.array(ring, dtype=float) for ring in g["water"]]


def _water(pts: np.ndarray, rings: list[np.ndarray]) -> np.ndarray:
    """Even-odd point-in-polygon over every water ring near the points."""
    x0, y0 = pts.min(axis=0)
    x1, y1 = pts.max(axis=0)
    inside = np.zeros(len(pts), dtype=bool)
    px, py = pts[:, 0][:, None], pts[:, 1][:, None]
    for ring in rings:
        a, b = ring[:-1], ring[1:]
        near = ~((np.maximum(a[:, 0], b[:, 0]) < x0) | (np.minimum(a[:, 1], b[:, 1]) > y1)
                 | (np.maximum(a[:, 1], b[:, 1]) < y0))  # edges left of, above or below the box can't cross a ray east
        a, b = a[near], b[near]
        if not len(a):
            continue
        ax, ay, bx, by = a[:, 0][None], a[:, 1][None], b[:, 0][None], b[:, 1][None]
        spans = (ay > py) != (by > py)
        with np.errstate(divide="ignore", invalid="ignore"):
            xc = ax + (py - ay) * (bx - ax) / (by - ay)
        inside ^= (spans & (px < xc)).sum(axis=1) % 2 == 1
    return inside


def land_join(m: dict, rings: list[np.ndarray], h1: str, h2: str) -> float:
    """The largest land piece inside hexes h1 and h2, as the smaller of its shares of each hex."""
    grid = grid_for(m["grid"]["scheme"])
    a1, a2 = grid.to_axial(h1), grid.to_axial(h2)
    c = np.array([grid.center(a1, 1.0), grid.center(a2, 1.0)])
    lo, hi = c.min(axis=0) - 1.0, c.max(axis=0) + 1.0
    xs, ys = np.arange(lo[0], hi[0], STEP), np.arange(lo[1], hi[1], STEP)
    gx, gy = np.meshgrid(xs, ys)
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    owner = pixel_to_axial(grid, pts)
    which = np.array([1 if o == a1 else 2 if o == a2 else 0 for o in owner])
    land = (which > 0) & ~_water(pts, rings)
    nx = len(xs)
    seen = np.zeros(len(pts), dtype=bool)
    n1, n2 = (which == 1).sum(), (which == 2).sum()
    best = 0.0
    for start in np.flatnonzero(land):
        if seen[start]:
            continue
        seen[start] = True
        count = {1: 0, 2: 0}
        todo = deque([int(start)])
        while todo:
            k = todo.popleft()
            count[int(which[k])] += 1
            row, col = divmod(k, nx)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                r2, c2 = row + dr, col + dc
                if 0 <= r2 < len(ys) and 0 <= c2 < nx:
                    j = r2 * nx + c2
                    if land[j] and not seen[j]:
                        seen[j] = True
                        todo.append(j)
        best = max(best, min(count[1] / n1, count[2] / n2))
    return best


def test_no_all_sea_hexside_where_the_coast_joins(board) -> None:
    # 1944 map, issue 37: an all-sea hexside has water between its hexes; the straight line between the
    # centres alone had cut Lessay-Coutances (0814|0815) and Granville-Avranches (0815|0816), as at 0913.
    # Only a hexside the overrides make all-sea for a rule (0813|0913, §6.2) is exempt.
    m, rings = board
    forced = {o["hexside"] for o in m["provenance"]["hexside_overrides"]}
    seas = sorted(k for k, v in m["hexsides"].items() if "sea" in v.get("features", []))
    assert seas
    joined = {k: round(land_join(m, rings, *k.split("|")), 2) for k in seas if k not in forced}
    assert all(v < JOIN for v in joined.values()), joined
    assert "0813|0913" in forced and "0813|0913" in seas


def test_the_west_cotentin_coast_is_land(board) -> None:
    # 1944 map, issue 37: Lessay (0814), Coutances (0815) and Granville-Avranches (0816) are joined along
    # the coast, so the Cotentin opens south on its west side too, not only through Saint-Lô (0914)
    m, rings = board
    for side in ("0814|0815", "0815|0816"):
        assert "sea" not in m["hexsides"].get(side, {}).get("features", [])
        assert land_join(m, rings, *side.split("|")) > 0.3  # the check above would catch it if it were sea
    land = {h for h, v in m["hexes"].items() if v["terrain"] not in ("sea", "lake")}
    grid = grid_for(m["grid"]["scheme"])

    def open_neighbours(h: str) -> set[str]:
        out = set()
        for lab in grid.neighbors(h):
            key = grid.side_id(h, lab)
            if lab in land and "sea" not in m["hexsides"].get(key, {}).get("features", []):
                out.add(lab)
        return out

    assert {"0814", "0816", "0914", "0915"} <= open_neighbours("0815")
    reach, todo = {"0813"}, ["0813"]  # from Cherbourg south, never through Saint-Lô
    while todo:
        for n in open_neighbours(todo.pop()) - reach - {"0914"}:
            reach.add(n)
            if int(n[2:]) <= 17:
                todo.append(n)
    assert "0816" in reach and "0817" in reach
