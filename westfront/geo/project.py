"""From lon/lat to a game's hex grid.

Two steps, kept separate so that calibration can adjust the second:

1. a spherical Lambert azimuthal equal-area projection to kilometres (x east,
   y north) around a centre chosen per game; equal-area keeps hex areas honest
   and the distortion over a 1,000 km map is a few per cent;
2. an affine map from kilometres to *grid units* — the pixel space of
   :meth:`westfront.core.hexgrid.Grid.center` with ``size=1`` (hex circumradius
   1, y growing south) — optionally followed by a smooth warp (thin-plate
   spline) that moves each rulebook-named place exactly onto its hex.

All geometry (coasts, rivers, borders, towns) goes through the same
:class:`GridTransform`, so rivers and coasts follow the places when a warp bends
the map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..core.hexgrid import Axial, Grid

EARTH_KM = 6371.0088
SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class LAEA:
    """Spherical Lambert azimuthal equal-area projection centred on (lon0, lat0)."""

    lon0: float
    lat0: float

    def forward(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        lam = np.radians(np.asarray(lon, dtype=np.float64) - self.lon0)
        phi = np.radians(np.asarray(lat, dtype=np.float64))
        phi0 = math.radians(self.lat0)
        cosc = math.sin(phi0) * np.sin(phi) + math.cos(phi0) * np.cos(phi) * np.cos(lam)
        k = np.sqrt(2.0 / (1.0 + cosc))
        x = EARTH_KM * k * np.cos(phi) * np.sin(lam)
        y = EARTH_KM * k * (math.cos(phi0) * np.sin(phi) - math.sin(phi0) * np.cos(phi) * np.cos(lam))
        return x, y

    def inverse(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = np.asarray(x, dtype=np.float64) / EARTH_KM
        y = np.asarray(y, dtype=np.float64) / EARTH_KM
        rho = np.hypot(x, y)
        c = 2.0 * np.arcsin(np.clip(rho / 2.0, -1.0, 1.0))
        phi0 = math.radians(self.lat0)
        with np.errstate(invalid="ignore", divide="ignore"):
            sinc, cosc = np.sin(c), np.cos(c)
            phi = np.arcsin(cosc * math.sin(phi0) + np.where(rho > 0, y * sinc * math.cos(phi0) / rho, 0.0))
            lam = np.arctan2(x * sinc, rho * math.cos(phi0) * cosc - y * math.sin(phi0) * sinc)
        return np.degrees(lam) + self.lon0, np.degrees(phi)


@dataclass
class ThinPlate:
    """A 2-D thin-plate spline displacement field in grid units.

    ``fit`` makes the field pass (almost, with ``smooth`` > 0) through the given
    displacements at the control points and stay affine-free far from them, so
    places the rulebook does not name move with their neighbours.
    """

    ctrl: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    w: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    a: np.ndarray = field(default_factory=lambda: np.zeros((3, 2)))

    @staticmethod
    def _u(r2: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            out = np.where(r2 > 0, r2 * np.log(r2) * 0.5, 0.0)
        return out

    @classmethod
    def fit(cls, src: np.ndarray, disp: np.ndarray, smooth: float = 0.0) -> ThinPlate:
        n = len(src)
        if n == 0:
            return cls()
        d2 = ((src[:, None, :] - src[None, :, :]) ** 2).sum(-1)
        k = cls._u(d2) + smooth * np.eye(n)
        p = np.hstack([np.ones((n, 1)), src])
        top = np.hstack([k, p])
        bot = np.hstack([p.T, np.zeros((3, 3))])
        lhs = np.vstack([top, bot])
        rhs = np.vstack([disp, np.zeros((3, 2))])
        sol = np.linalg.lstsq(lhs, rhs, rcond=None)[0]
        return cls(ctrl=src.copy(), w=sol[:n], a=sol[n:])

    def __call__(self, pts: np.ndarray) -> np.ndarray:
        """The displacement at each point.

        Written with element-wise products and fixed-order sums, not ``@``: a
        BLAS matrix product may round a row differently depending on where it
        sits in the batch, so a ring's first and last point (the same lon/lat)
        came out a few ulps apart and GEOS (3.14, shapely 2.2) rejects the
        unclosed ring.
        A point's image must depend only on the point.
        """
        if len(self.ctrl) == 0:
            return np.zeros_like(pts)
        out = _lin(pts, self.a[1:]) + self.a[0]
        # chunk to keep memory bounded on large coastlines
        for i in range(0, len(pts), 20000):
            chunk = pts[i : i + 20000]
            d2 = ((chunk[:, None, :] - self.ctrl[None, :, :]) ** 2).sum(-1)
            out[i : i + 20000] += (self._u(d2)[:, :, None] * self.w[None, :, :]).sum(axis=1)
        return out


def _lin(pts: np.ndarray, m: np.ndarray) -> np.ndarray:
    """``pts @ m`` for (N, 2) points and a 2x2 matrix, rounded the same for every row."""
    return np.stack([pts[:, 0] * m[0, 0] + pts[:, 1] * m[1, 0], pts[:, 0] * m[0, 1] + pts[:, 1] * m[1, 1]], axis=-1)


@dataclass
class GridTransform:
    """lon/lat -> grid units for one game."""

    proj: LAEA
    A: np.ndarray  # 2x2, km -> grid units
    b: np.ndarray  # 2
    warp: ThinPlate | None = None

    @classmethod
    def north_up(cls, proj: LAEA, hex_km: float) -> GridTransform:
        """North at the top, ``hex_km`` flat-to-flat; origin at the projection centre."""
        r = hex_km / SQRT3  # circumradius in km
        return cls(proj, np.array([[1.0 / r, 0.0], [0.0, -1.0 / r]]), np.zeros(2))

    def km(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        x, y = self.proj.forward(lon, lat)
        return np.stack([np.atleast_1d(x), np.atleast_1d(y)], axis=-1)

    def affine(self, km: np.ndarray) -> np.ndarray:
        return _lin(km, self.A.T) + self.b

    def __call__(self, lonlat: np.ndarray) -> np.ndarray:
        """(N, 2) lon/lat degrees -> (N, 2) grid units."""
        lonlat = np.asarray(lonlat, dtype=np.float64).reshape(-1, 2)
        g = self.affine(self.km(lonlat[:, 0], lonlat[:, 1]))
        if self.warp is not None:
            g = g + self.warp(g)
        return g

    def inverse(self, g: np.ndarray) -> np.ndarray:
        """Grid units -> lon/lat (the warp is undone by fixed-point iteration)."""
        g = np.asarray(g, dtype=np.float64).reshape(-1, 2)
        ga = g.copy()
        if self.warp is not None:
            for _ in range(4):
                ga = g - self.warp(ga)
        km = (ga - self.b) @ np.linalg.inv(self.A).T
        lon, lat = self.proj.inverse(km[:, 0], km[:, 1])
        return np.stack([lon, lat], axis=-1)

    def scale_km(self) -> float:
        """Kilometres per flat-to-flat hex width implied by the affine part."""
        return SQRT3 / math.sqrt(abs(np.linalg.det(self.A)))


def pixel_to_axial(grid: Grid, pts: np.ndarray) -> list[Axial]:
    """Grid units -> the axial coordinates of the hexes containing the points."""
    pts = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
    x, y = pts[:, 0], pts[:, 1]
    if grid.scheme == "colrow":  # flat-topped
        q = 2.0 / 3.0 * x
        r = -1.0 / 3.0 * x + SQRT3 / 3.0 * y
    else:  # pointy-topped
        q = SQRT3 / 3.0 * x - 1.0 / 3.0 * y
        r = 2.0 / 3.0 * y
    return [_cube_round(float(a), float(b)) for a, b in zip(q, r, strict=True)]


def _cube_round(q: float, r: float) -> Axial:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def hex_polygon(grid: Grid, a: Axial) -> list[tuple[float, float]]:
    return grid.corners(a, 1.0)
