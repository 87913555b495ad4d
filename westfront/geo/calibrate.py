"""Fit a game's projection to the hexes its rulebook names.

For maps whose rulebooks print hex numbers (Second Front Now, D-Day 3rd) the
grid placement is not a free choice: it is fitted, by least squares, to the
places with known hexes (an affine map from projected kilometres to grid units;
a similarity if the spec asks for it). The residual misfit — board designers
bend geography to fit the grid — is then absorbed by a thin-plate-spline warp
that carries each named place exactly onto its hex centre and drags the coast,
rivers and neighbouring towns along with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.hexgrid import Grid
from . import sources
from .project import GridTransform, ThinPlate


@dataclass
class FitPoint:
    name: str
    lonlat: tuple[float, float]
    target: np.ndarray  # grid units (centre of the hex, or mean of several hexes)
    hexes: list[str]


@dataclass
class FitReport:
    mode: str
    points: int
    rms_before_warp: float  # hex widths
    max_before_warp: float
    worst: list[tuple[str, float]]
    scale_km: float
    rotation_deg: float
    warp: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "points": self.points,
            "rms_hexes_before_warp": round(self.rms_before_warp, 3),
            "max_hexes_before_warp": round(self.max_before_warp, 3),
            "worst_before_warp": [[n, round(d, 2)] for n, d in self.worst],
            "fitted_hex_km": round(self.scale_km, 2),
            "fitted_rotation_deg": round(self.rotation_deg, 2),
            "warp": self.warp,
        }


def place_lonlat(entry: dict[str, Any]) -> tuple[float, float]:
    if "lonlat" in entry:
        return (float(entry["lonlat"][0]), float(entry["lonlat"][1]))
    town = entry.get("town", entry["name"])
    name, _, cc = town.partition("/")
    t = sources.find_town(name, cc or None)
    return (t.lon, t.lat)


def fit_points(grid: Grid, calibration: dict[str, Any], places: list[dict[str, Any]]) -> list[FitPoint]:
    """Calibration places that have a hex and a real position (from the spec's place)."""
    spec_places = {p["name"]: p for p in places}
    out = []
    for c in calibration.get("check", []):
        if c.get("what") != "place" or not c.get("fit", True):
            continue
        hexes = c.get("fit_hexes") or c.get("hexes") or ([c["hex"]] if "hex" in c else [])
        sp = spec_places.get(c["name"], c)
        if not hexes or "at_hex" in sp:
            continue
        centres = np.array([grid.center(grid.to_axial(h), 1.0) for h in hexes])
        out.append(FitPoint(c["name"], place_lonlat(sp), centres.mean(axis=0), list(hexes)))
    return out


def pin_points(grid: Grid, pins: list[dict[str, Any]]) -> list[FitPoint]:
    """Extra warp points from the spec (``[[projection.pins]]``): reconstructed
    positions that rulebook facts imply (a beach hex must be on the coast…)."""
    out = []
    for p in pins:
        c = np.array(grid.center(grid.to_axial(p["hex"]), 1.0))
        out.append(
            FitPoint(
                p.get("name", p.get("town", p["hex"])), place_lonlat({"name": p.get("town", ""), **p}), c, [p["hex"]]
            )
        )
    return out


def fit_transform(
    tf: GridTransform, pts: list[FitPoint], mode: str, warp: bool, smooth: float, extra: list[FitPoint] | None = None
) -> tuple[GridTransform, FitReport]:
    """Least-squares affine (or similarity) from km to grid units, then an optional warp."""
    km = np.vstack([tf.km(np.array([p.lonlat[0]]), np.array([p.lonlat[1]])) for p in pts])
    tgt = np.vstack([p.target for p in pts])
    n = len(pts)
    if mode == "similarity":
        # gx = a x + c y + tx ; gy = c x - a y + ty   (y flips: grid y grows south)
        m = np.zeros((2 * n, 4))
        m[0::2, 0], m[0::2, 1], m[0::2, 2] = km[:, 0], km[:, 1], 1.0
        m[1::2, 0], m[1::2, 1], m[1::2, 3] = -km[:, 1], km[:, 0], 1.0
        sol = np.linalg.lstsq(m, tgt.reshape(-1), rcond=None)[0]
        a, c, tx, ty = sol
        A = np.array([[a, c], [c, -a]])
        b = np.array([tx, ty])
    elif mode == "affine":
        m = np.hstack([km, np.ones((n, 1))])
        sol = np.linalg.lstsq(m, tgt, rcond=None)[0]
        A = sol[:2].T
        b = sol[2]
    else:
        raise ValueError(f"unknown fit mode {mode!r}")
    fitted = GridTransform(tf.proj, A, b)
    g = fitted(np.array([p.lonlat for p in pts]))
    err = np.linalg.norm(g - tgt, axis=1) / np.sqrt(3.0)  # in hex widths
    order = np.argsort(-err)
    # rotation of the grid's east axis relative to geographic east
    rot = float(np.degrees(np.arctan2(-A[1, 0], A[0, 0])))
    report = FitReport(
        mode=mode,
        points=n,
        rms_before_warp=float(np.sqrt((err**2).mean())),
        max_before_warp=float(err.max()),
        worst=[(pts[i].name, float(err[i])) for i in order[:8]],
        scale_km=fitted.scale_km(),
        rotation_deg=rot,
        warp=warp,
    )
    if warp:
        allp = pts + list(extra or [])
        g_all = fitted(np.array([p.lonlat for p in allp]))
        t_all = np.vstack([p.target for p in allp])
        fitted.warp = ThinPlate.fit(g_all, t_all - g_all, smooth=smooth)
    return fitted, report
