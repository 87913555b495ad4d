"""The hexes of one map as geometry: labels, axial coordinates, centres, polygons.

A map's hexes are a rectangle in *offset* coordinates (``Grid.to_offset``):
for ``colrow`` maps these are the printed column and row numbers; for
``letterrow`` maps the east edge is offset column 0 and columns grow negative
westward. Cells are kept in row-major order so every loop over them is
deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

from ..core.hexgrid import DIRECTIONS, Axial, Grid, LabelError


@dataclass
class Cells:
    grid: Grid
    labels: list[str]
    axial: list[Axial]
    centers: np.ndarray  # (N, 2) grid units
    polys: np.ndarray  # (N,) shapely polygons
    index: dict[str, int]
    by_axial: dict[Axial, int]

    def __len__(self) -> int:
        return len(self.labels)

    def neighbours(self, i: int) -> list[int]:
        q, r = self.axial[i]
        out = []
        for dq, dr in DIRECTIONS:
            j = self.by_axial.get((q + dq, r + dr))
            if j is not None:
                out.append(j)
        return out

    def on_edge(self, i: int) -> bool:
        """True when the hex has fewer than six neighbours on the map."""
        return len(self.neighbours(i)) < 6

    def subset(self, keep: list[int]) -> Cells:
        keep = sorted(keep)
        labels = [self.labels[i] for i in keep]
        axial = [self.axial[i] for i in keep]
        return Cells(
            grid=self.grid,
            labels=labels,
            axial=axial,
            centers=self.centers[keep],
            polys=self.polys[keep],
            index={lab: k for k, lab in enumerate(labels)},
            by_axial={a: k for k, a in enumerate(axial)},
        )

    def shared_edge(self, i: int, j: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners that hexes i and j share (grid units)."""
        return shared_edge(self.grid, self.axial[i], self.axial[j])


def shared_edge(grid: Grid, a: Axial, b: Axial) -> tuple[tuple[float, float], tuple[float, float]]:
    ca = grid.corners(a, 1.0)
    cb = grid.corners(b, 1.0)
    common = [p for p in ca if any(abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6 for q in cb)]
    if len(common) != 2:
        raise ValueError(f"hexes {a} and {b} are not adjacent")
    return common[0], common[1]


def _max_col(cut: list[list[float]] | None, row: int) -> float:
    """Piecewise-linear east limit [[row, max_col], ...] (a map with a cut corner)."""
    if not cut:
        return float("inf")
    pts = sorted(cut)
    if row <= pts[0][0]:
        return float("inf") if row < pts[0][0] else pts[0][1]
    for (r0, c0), (r1, c1) in zip(pts[:-1], pts[1:], strict=True):
        if r0 <= row <= r1:
            return c0 + (c1 - c0) * (row - r0) / (r1 - r0)
    return pts[-1][1]


def make_cells(grid: Grid, cols: tuple[int, int], rows: tuple[int, int], cut: list[list[float]] | None = None) -> Cells:
    labels: list[str] = []
    axial: list[Axial] = []
    for row in range(rows[0], rows[1] + 1):
        for col in range(cols[0], cols[1] + 1):
            if col > _max_col(cut, row) + 1e-9:
                continue
            a = _offset_to_axial(grid, col, row)
            try:
                lab = grid.label(a)
            except LabelError:
                continue
            labels.append(lab)
            axial.append(a)
    centers = np.array([grid.center(a, 1.0) for a in axial], dtype=np.float64)
    polys = np.array([Polygon(grid.corners(a, 1.0)) for a in axial], dtype=object)
    return Cells(
        grid=grid,
        labels=labels,
        axial=axial,
        centers=centers,
        polys=polys,
        index={lab: i for i, lab in enumerate(labels)},
        by_axial={a: i for i, a in enumerate(axial)},
    )


def _offset_to_axial(grid: Grid, col: int, row: int) -> Axial:
    if grid.scheme == "colrow":
        return (col, row - (col - (col & 1)) // 2)
    return (col - (row + (row & 1)) // 2, row)


def area_fractions(cells: Cells, geom: shapely.Geometry | None) -> np.ndarray:
    """Fraction of each hex covered by ``geom`` (vectorised shapely)."""
    if geom is None or geom.is_empty:
        return np.zeros(len(cells))
    shapely.prepare(geom)
    hit = shapely.intersects(cells.polys, geom)
    out = np.zeros(len(cells))
    idx = np.nonzero(hit)[0]
    if len(idx):
        inter = shapely.intersection(cells.polys[idx], geom)
        out[idx] = shapely.area(inter) / shapely.area(cells.polys[idx])
    return np.clip(out, 0.0, 1.0)
