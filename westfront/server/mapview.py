"""Drawing data for a game's map, computed once per game from its ``MAP_FILE``.

The browser should not re-implement hex geometry: the server runs the same
:class:`~westfront.core.hexgrid.Grid` code the engine uses (flat-topped
``colrow``, pointy-topped ``letterrow``) and hands the UI pixel centres, one
corner template, hexside segments and the places, zones, lines and boxes of
the map. Point-to-point maps (``westfront-p2p/1``) become nodes and links.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any

from ..core.errors import MapError
from ..core.hexgrid import grid_for
from ..core.mapdata import load_map
from ..games import registry

HEX_SIZE = 40.0  # circumradius in SVG pixels
NODE_SPACING = 80.0  # p2p: pixels per unit of the map's own coordinates, when it gives small numbers


def _r(x: float) -> float:
    return round(x, 2)


@cache
def render_map(game_id: str) -> dict[str, Any]:
    """The drawing data for ``game_id`` (cached: maps never change while serving)."""
    mod = registry.module(game_id)
    path = getattr(mod, "MAP_FILE", None)
    if path is None:
        raise MapError(f"game {game_id} exposes no MAP_FILE")
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    schema = raw.get("schema")
    if schema == "westfront-map/1":
        return render_hex_map(path)
    if schema == "westfront-p2p/1":
        return render_p2p_map(raw)
    raise MapError(f"{path}: unknown map schema {schema!r}")


def render_hex_map(path: str | Path) -> dict[str, Any]:
    m = load_map(path)
    spec = m.spec
    grid = grid_for(spec.grid.scheme)
    centres: dict[str, tuple[float, float]] = {}
    hexes = []
    for lab, h in spec.hexes.items():
        ax = grid.to_axial(lab)
        x, y = grid.center(ax, HEX_SIZE)
        centres[lab] = (x, y)
        hexes.append({"id": lab, "x": _r(x), "y": _r(y), "terrain": h.terrain, "country": h.country,
                      "features": list(h.features), "name": h.name})
    corner = [(_r(cx), _r(cy)) for cx, cy in grid.corners((0, 0), HEX_SIZE)]
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    pad = HEX_SIZE * 1.2
    sides = []
    for sid, sd in spec.hexsides.items():
        a, b = sid.split("|")
        seg = _shared_edge(grid, a, b)
        if seg:
            sides.append({"id": sid, "features": list(sd.features), "name": sd.name, "seg": seg})
    lines = {}
    for name, ln in spec.lines.items():
        segs = [s for s in (_shared_edge(grid, *sid.split("|")) for sid in ln.hexsides) if s]
        lines[name] = {"kind": ln.kind, "note": ln.note, "segs": segs}
    return {
        "kind": "hex",
        "game": spec.game,
        "title": spec.title,
        "scheme": spec.grid.scheme,
        "orientation": grid.orientation,
        "hex_size": HEX_SIZE,
        "corner": corner,
        "bounds": [_r(min(xs) - pad), _r(min(ys) - pad), _r(max(xs) + pad), _r(max(ys) + pad)],
        "terrain": {k: {"color": t.color, "label": t.label or k} for k, t in spec.terrain.items()},
        "hexes": hexes,
        "hexsides": sides,
        "places": [{"name": p.name, "hex": p.hex, "kind": p.kind} for p in spec.places],
        "zones": {k: {"kind": z.kind, "hexes": list(z.hexes), "note": z.note} for k, z in spec.zones.items()},
        "lines": lines,
        "boxes": {k: {"name": b.name, "entries": list(b.entries), "note": b.note} for k, b in spec.boxes.items()},
        "geometry": board_geometry(Path(path).with_name("geometry.json")),
    }


def _d(rings: list[list[list[float]]], close: bool) -> str:
    """SVG path data for rings or lines in grid units, scaled to board pixels."""
    out = []
    for ring in rings:
        pts = [f"{x * HEX_SIZE:.1f},{y * HEX_SIZE:.1f}" for x, y in ring]
        out.append("M" + "L".join(pts) + ("Z" if close else ""))
    return "".join(out)


def board_geometry(path: Path) -> dict[str, Any] | None:
    """The map's presentation geometry (``geometry.json``, built with the map by
    ``westfront.geo``) as SVG-ready data in board pixels: water (fill even-odd,
    its outline is the coast), river courses, other streams, towns with their
    population and the relief image. ``None`` when the map has none."""
    if not path.exists():
        return None
    g = json.loads(path.read_text(encoding="utf-8"))
    x0, y0, x1, y1 = (v * HEX_SIZE for v in g["frame"])
    rb = [v * HEX_SIZE for v in g["relief"]["bounds"]]
    return {
        "frame": [_r(x0), _r(y0), _r(x1), _r(y1)],
        "water": _d(g["water"], True),
        "rivers": [{"name": k, "class": r["class"], "d": _d(r["lines"], False)} for k, r in g["rivers"].items()],
        "streams": _d(g["streams"], False),
        "towns": [{"name": t["name"], "x": _r(t["x"] * HEX_SIZE), "y": _r(t["y"] * HEX_SIZE),
                   "population": t["population"], "place": t["place"]} for t in g["towns"]],
        "relief": {"href": "data:image/png;base64," + g["relief"]["png"], "x": _r(rb[0]), "y": _r(rb[1]),
                   "width": _r(rb[2] - rb[0]), "height": _r(rb[3] - rb[1])},
    }


def _shared_edge(grid: Any, a: str, b: str) -> list[float] | None:
    """Endpoints [x1, y1, x2, y2] of the edge two adjacent hexes share."""
    try:
        ca = grid.corners(grid.to_axial(a), HEX_SIZE)
        cb = grid.corners(grid.to_axial(b), HEX_SIZE)
    except ValueError:
        return None
    common = [p for p in ca if any(math.dist(p, q) < 1e-6 * HEX_SIZE + 1e-6 for q in cb)]
    if len(common) != 2:
        return None
    (x1, y1), (x2, y2) = common
    return [_r(x1), _r(y1), _r(x2), _r(y2)]


def _tint(color: str, share: float = 0.35) -> str:
    """``color`` mixed with white (``share`` of the colour): a light fill behind counters."""
    c = color.lstrip("#")
    rgb = [int(c[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(255 - (255 - v) * share):02x}" for v in rgb)


def render_p2p_map(raw: dict[str, Any]) -> dict[str, Any]:
    """Nodes and links of a point-to-point map (schema in docs/view-contract.md)."""
    nodes_in = raw.get("nodes") or raw.get("spaces") or {}  # committed maps name them "spaces" (geo/p2p.py)
    if isinstance(nodes_in, list):
        nodes_in = {n["id"]: n for n in nodes_in}
    pts: dict[str, tuple[float, float]] = {}
    for nid, n in nodes_in.items():
        if "x" in n and "y" in n:
            pts[nid] = (float(n["x"]), float(n["y"]))
        elif "pos" in n or "xy" in n:  # xy: board position 0..1, y grows south
            p = n.get("pos") or n["xy"]
            pts[nid] = (float(p[0]), float(p[1]))
        elif "pos" in n:
            pts[nid] = (float(n["pos"][0]), float(n["pos"][1]))
        elif "lonlat" in n:  # equirectangular, y grows south
            lon, lat = n["lonlat"]
            pts[nid] = (float(lon) * math.cos(math.radians(float(lat))), -float(lat))
        else:
            raise MapError(f"p2p node {nid!r} has no x/y, pos or lonlat")
    if not pts:
        raise MapError("a point-to-point map needs nodes")
    xs = [p[0] for p in pts.values()]
    ys = [p[1] for p in pts.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    scale = NODE_SPACING * math.sqrt(len(pts)) * 1.5 / span if span < 100 else 1.0
    areas = raw.get("areas") or {}
    terrain = {k: {"color": v.get("color", "#dddddd"), "label": v.get("label") or k}
               for k, v in (raw.get("terrain") or {}).items()}
    if areas and not terrain:  # no terrain: tint each node with its area (several areas: a neutral tint)
        terrain = {k: {"color": _tint(v.get("color") or "#999999"), "label": v.get("name", k)} for k, v in areas.items()}
        terrain["shared"] = {"color": "#e8e4c9", "label": "shared by several areas"}
    nodes = []
    for nid, (x, y) in pts.items():
        n = nodes_in[nid]
        own = list(n.get("areas", []))
        default = (own[0] if len(own) == 1 else "shared") if areas and own and not raw.get("terrain") else "clear"
        nodes.append({"id": nid, "x": _r((x - min(xs)) * scale), "y": _r((y - min(ys)) * scale),
                      "name": n.get("name"), "terrain": n.get("terrain", default), "kind": n.get("kind"),
                      "features": list(n.get("features", n.get("flags", []))), "areas": list(n.get("areas", []))})
    links_in = raw.get("links") or []
    if isinstance(links_in, dict):
        links_in = [{"a": k.split("|")[0], "b": k.split("|")[1], **v} for k, v in links_in.items()]
    links = []
    for ln in links_in:
        a, b = ln.get("a") or ln.get("from"), ln.get("b") or ln.get("to")
        if a not in pts or b not in pts:
            raise MapError(f"p2p link {a}-{b} names a node that does not exist")
        links.append({"a": a, "b": b, "kind": ln.get("kind", "road"), "name": ln.get("name")})
    w = (max(xs) - min(xs)) * scale
    h = (max(ys) - min(ys)) * scale
    pad = NODE_SPACING
    return {
        "kind": "p2p",
        "game": raw.get("game"),
        "title": raw.get("title", ""),
        "node_radius": 18.0,
        "bounds": [-pad, -pad, _r(w + pad), _r(h + pad)],
        "terrain": terrain,
        "nodes": nodes,
        "links": links,
        "boxes": {k: {"name": v.get("name", k), "entries": list(v.get("entries", [])), "note": v.get("note")}
                  for k, v in (raw.get("boxes") or {}).items()},
        "places": [],
        "zones": {},
        "lines": {},
        "areas": {k: {"name": v.get("name", k), "color": v.get("color")} for k, v in (raw.get("areas") or {}).items()},
    }
