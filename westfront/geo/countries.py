"""Which country each land hex belongs to.

WDBII borders are unlabelled lines that do not close against the coast, so
polygonising them is fragile. Instead each hex is sampled at 13 points and each
land sample takes the country of its nearest GeoNames town (5,000+ people,
roughly one every 10 km); the hex takes the majority. At 15 km or more per hex
this reproduces the borders to within a sample spacing. Modern borders equal
the 1939 ones here except for small Dutch-German corrections of 1949, which no
hex of these maps can see.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import shapely

from . import sources
from .cells import Cells
from .project import GridTransform
from .terrain import _OFFSETS


def hex_countries(
    cells: Cells, tf: GridTransform, land: shapely.Geometry, is_land: list[bool], box: sources.Box
) -> list[str | None]:
    towns = sources.towns_in_box(box, 5000)
    tpos = np.array([(t.lon, t.lat) for t in towns])
    tcc = np.array([t.country for t in towns])
    coslat = np.cos(np.radians(tpos[:, 1].mean()))
    n = len(cells)
    pts = (cells.centers[:, None, :] + _OFFSETS[None, :, :]).reshape(-1, 2)
    shapely.prepare(land)
    on_land = shapely.contains_xy(land, pts[:, 0], pts[:, 1])
    ll = tf.inverse(pts)
    cc = np.empty(len(pts), dtype=object)
    for s in range(0, len(pts), 2000):
        chunk = ll[s : s + 2000]
        dx = (chunk[:, None, 0] - tpos[None, :, 0]) * coslat
        dy = chunk[:, None, 1] - tpos[None, :, 1]
        cc[s : s + 2000] = tcc[np.argmin(dx * dx + dy * dy, axis=1)]
    cc2 = cc.reshape(n, -1)
    land2 = on_land.reshape(n, -1)
    out: list[str | None] = []
    for i in range(n):
        if not is_land[i]:
            out.append(None)
            continue
        votes = Counter(cc2[i][land2[i]]) or Counter(cc2[i])
        # ties go to the centre sample's country, then alphabetically
        best = max(votes.items(), key=lambda kv: (kv[1], kv[0] == cc2[i][0], kv[0]))
        out.append(str(best[0]))
    return out
