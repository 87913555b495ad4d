"""Land, lakes and sea per hex from GSHHG, with 1944 corrections.

GSHHG is the modern coast: Flevoland is land and the IJsselmeer is "sea". The
regions file marks such differences (``water_1944`` polygons are cut out of the
land, ``land_1944`` polygons are added) so each map shows the 1944 coast.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.ops import unary_union

from . import sources
from .cells import Cells, area_fractions
from .project import GridTransform


def to_grid(geom: shapely.Geometry, tf: GridTransform) -> shapely.Geometry:
    """Project a lon/lat geometry into grid units."""
    return shapely.transform(geom, lambda pts: tf(pts))


def _polygonal(g: shapely.Geometry) -> shapely.Geometry:
    """Keep only the polygons of a geometry (make_valid may add lines and points)."""
    if isinstance(g, (Polygon, MultiPolygon)):
        return g
    parts = [x for x in getattr(g, "geoms", []) if isinstance(x, (Polygon, MultiPolygon))]
    return unary_union(parts) if parts else Polygon()


def _clip_ring(ring: np.ndarray, box_: tuple[float, float, float, float]) -> shapely.Geometry:
    """A GSHHG ring as a valid polygon clipped to the box (clip first: the big
    continent rings self-intersect far away, in Kamchatka)."""
    p = shapely.clip_by_rect(Polygon(ring), *box_)
    if not p.is_valid:
        p = shapely.make_valid(p)
    return _polygonal(p)


@dataclass
class Land:
    land: shapely.Geometry  # grid units, 1944 land without lakes
    lakes: shapely.Geometry  # grid units
    land_frac: np.ndarray
    lake_frac: np.ndarray
    _near: shapely.Geometry | None = None

    def near_land(self) -> shapely.Geometry:
        """Land grown by a third of a hex, simplified: where rivers may run."""
        if self._near is None:
            self._near = self.land.simplify(0.05).buffer(0.35, quad_segs=2)
            shapely.prepare(self._near)
        return self._near


def build_land(
    cells: Cells,
    tf: GridTransform,
    data_box: sources.Box,
    res: str,
    water_1944: list[shapely.Geometry],
    land_1944: list[shapely.Geometry],
) -> Land:
    rings = sources.coast_polygons(data_box, res)

    def clipped(level: int) -> shapely.Geometry:
        parts = [_clip_ring(ring, data_box) for ring in rings[level]]
        parts = [p for p in parts if not p.is_empty]
        return _polygonal(unary_union(parts)) if parts else Polygon()

    land_ll = clipped(1)
    lakes_ll = clipped(2)
    islands_ll = clipped(3)
    if water_1944:
        land_ll = land_ll.difference(unary_union(water_1944))
    if land_1944:
        land_ll = land_ll.union(unary_union(land_1944))
    land_ll = land_ll.difference(lakes_ll).union(islands_ll)
    lakes_ll = lakes_ll.difference(islands_ll)
    land = _polygonal(to_grid(land_ll, tf))
    lakes = _polygonal(to_grid(lakes_ll, tf))
    if not land.is_valid:
        land = _polygonal(shapely.make_valid(land))
    if not lakes.is_valid:
        lakes = _polygonal(shapely.make_valid(lakes))
    shapely.prepare(land)
    return Land(land=land, lakes=lakes, land_frac=area_fractions(cells, land), lake_frac=area_fractions(cells, lakes))


def water_fraction_between(land: shapely.Geometry, a: tuple[float, float], b: tuple[float, float]) -> float:
    """Share of the straight line between two hex centres that runs over water (41 samples)."""
    t = np.linspace(0.0, 1.0, 41)
    xs = a[0] + t * (b[0] - a[0])
    ys = a[1] + t * (b[1] - a[1])
    return float(1.0 - shapely.contains_xy(land, xs, ys).mean())


def land_joins(land: shapely.Geometry, a: Polygon, b: Polygon, min_share: float) -> bool:
    """Whether one piece of land inside two neighbouring hexes holds at least ``min_share`` of a hex's
    area in each of them: the coast runs on from one hex into the other, so the water the straight
    line between their centres crosses is a bay or a bend of the coast, not a sea between them
    (coastal hex centres often lie offshore: the Utah-Omaha hex's in the Baie des Veys, the west
    Cotentin's off Coutances and Granville). The hexes are grown by a hair so that their common
    side, whose corners two polygons compute a few ulps apart, does not split the land."""
    eps = 1e-6
    region = shapely.union(a.buffer(eps), b.buffer(eps))
    need = min_share * a.area
    for piece in shapely.get_parts(shapely.intersection(land, region)):
        if not isinstance(piece, Polygon):
            continue
        if shapely.intersection(piece, a).area >= need and shapely.intersection(piece, b).area >= need:
            return True
    return False


def as_multipolygon(g: shapely.Geometry) -> MultiPolygon:
    if isinstance(g, MultiPolygon):
        return g
    if isinstance(g, Polygon):
        return MultiPolygon([g])
    polys = [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon)]
    return MultiPolygon(polys)
