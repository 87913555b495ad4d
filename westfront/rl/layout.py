"""What a game's observations and actions are laid over: its locations, static planes and vocabularies.

Everything here is derived from public, static facts only: the game's ``map.json``
(``MAP_FILE``, hex or point-to-point), its ``INFO`` and the views of its scenarios'
starting positions (what kinds of units, markers, boxes and budgets the game shows).
It never reads a position in play, so it cannot carry hidden information, and it
is the same for every scenario of a game: one policy can play them all.

A :class:`Layout` is computed once per game and process (``layout_for``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from .. import api
from ..core.hexgrid import DIRECTIONS, direction_between
from ..core.mapdata import load_map
from ..games import registry

HIDDEN_KIND = "hidden"


@dataclass(frozen=True)
class Layout:
    """The fixed frame of a game's environment (see docs/rl.md for each part)."""

    game_id: str
    players: tuple[str, ...]
    map_kind: str  # "hex" (planes over the offset rectangle) or "p2p" (planes over the nodes)
    grid_shape: tuple[int, ...]  # (rows, cols) for hex maps, (nodes,) for point-to-point maps
    locations: tuple[str, ...]  # hex labels or node ids, in location-slot order
    cell: np.ndarray  # location slot -> flat cell index of the grid
    static_names: tuple[str, ...]  # one name per static plane
    static_planes: np.ndarray  # float32 (len(static_names), *grid_shape)
    unit_kinds: tuple[str, ...]
    marker_kinds: tuple[str, ...]
    boxes: tuple[str, ...]
    budget_names: tuple[str, ...]
    units: tuple[str, ...]  # unit ids that get an action slot of their own
    neighbours: tuple[tuple[int, ...], ...] = field(default=())  # location slot -> adjacent slots
    loc_index: dict[str, int] = field(default_factory=dict)
    unit_index: dict[str, int] = field(default_factory=dict)
    box_index: dict[str, int] = field(default_factory=dict)

    @property
    def cells(self) -> int:
        return int(np.prod(self.grid_shape))


def _hex_static(path: Path) -> tuple[tuple[int, ...], list[str], np.ndarray, list[str], list[np.ndarray],
                                     tuple[tuple[int, ...], ...], list[str]]:
    m = load_map(path)
    slots = sorted(m.index.values())
    locations = [m.label(i) for i in slots]
    pos = {i: k for k, i in enumerate(slots)}
    n = m.size
    names: list[str] = []
    planes: list[np.ndarray] = []

    def plane(name: str, hexes: Any) -> None:
        p = np.zeros(n, np.float32)
        for i in hexes:
            p[i] = 1.0
        names.append(name)
        planes.append(p)

    plane("on_map", slots)
    for t in sorted({m.terrain[i] for i in slots}):
        plane(f"terrain:{t}", (i for i in slots if m.terrain[i] == t))
    for f in sorted({f for i in slots for f in m.features[i]}):
        plane(f"feature:{f}", (i for i in slots if f in m.features[i]))
    side_kinds = sorted({f for fs in m.side_features.values() for f in fs})
    for f in side_kinds:
        by_direction: list[list[int]] = [[] for _ in DIRECTIONS]
        for i in slots:
            for j in m.nbrs[i]:
                if f in m.side(i, j):
                    by_direction[direction_between(m.axial[i], m.axial[j])].append(i)  # type: ignore[arg-type]
        for d, hexes in enumerate(by_direction):
            plane(f"hexside:{f}:{d}", hexes)
    for z in sorted(m.zones):
        plane(f"zone:{z}", m.zones[z])
    nbrs = tuple(tuple(pos[j] for j in m.nbrs[i]) for i in slots)
    return (m.height, m.width), locations, np.array(slots, np.int64), names, planes, nbrs, list(m.spec.boxes)


def _p2p_nodes(raw: dict[str, Any]) -> dict[str, dict[str, Any]]:
    nodes = raw.get("nodes") or raw.get("spaces") or {}
    if isinstance(nodes, list):
        nodes = {n["id"]: n for n in nodes}
    return {str(k): v for k, v in nodes.items()}


def _p2p_links(raw: dict[str, Any]) -> list[tuple[str, str, str]]:
    links = raw.get("links") or []
    if isinstance(links, dict):
        links = [{"a": k.split("|")[0], "b": k.split("|")[1], **v} for k, v in links.items()]
    return [(ln.get("a") or ln.get("from"), ln.get("b") or ln.get("to"), ln.get("kind") or "link") for ln in links]


def _node_tags(node: dict[str, Any]) -> set[str]:
    tags = {f"terrain:{node['terrain']}"} if node.get("terrain") else set()
    if node.get("kind"):
        tags.add(f"kind:{node['kind']}")
    tags |= {f"feature:{f}" for f in node.get("features", []) or []}
    tags |= {f"feature:{f}" for f in node.get("flags", []) or []}
    tags |= {f"zone:{a}" for a in node.get("areas", []) or []}
    return tags


def _p2p_static(raw: dict[str, Any]) -> tuple[tuple[int, ...], list[str], np.ndarray, list[str], list[np.ndarray],
                                              tuple[tuple[int, ...], ...], list[str]]:
    nodes = _p2p_nodes(raw)
    locations = sorted(nodes)
    pos = {nid: k for k, nid in enumerate(locations)}
    n = len(locations)
    names = ["on_map"]
    planes = [np.ones(n, np.float32)]
    tags = {nid: _node_tags(nodes[nid]) for nid in locations}
    for t in sorted(set().union(*tags.values()) if tags else set()):
        names.append(t)
        planes.append(np.array([1.0 if t in tags[nid] else 0.0 for nid in locations], np.float32))
    links = [(a, b, k) for a, b, k in _p2p_links(raw) if a in pos and b in pos]
    adj: list[set[int]] = [set() for _ in locations]
    for kind in sorted({k for _, _, k in links}):
        deg = np.zeros(n, np.float32)
        for a, b, k in links:
            if k == kind:
                deg[pos[a]] += 1
                deg[pos[b]] += 1
        names.append(f"links:{kind}")
        planes.append(deg)
    for a, b, _ in links:
        adj[pos[a]].add(pos[b])
        adj[pos[b]].add(pos[a])
    nbrs = tuple(tuple(sorted(s)) for s in adj)
    return (n,), locations, np.arange(n, dtype=np.int64), names, planes, nbrs, list(raw.get("boxes") or {})


def _vocabularies(game_id: str) -> tuple[set[str], set[str], set[str], set[str], set[str]]:
    """Unit kinds, marker kinds, boxes, budget names and unit ids shown in the starting views."""
    info = registry.info(game_id)
    kinds: set[str] = set()
    markers: set[str] = set()
    boxes: set[str] = set()
    budgets: set[str] = set()
    units: set[str] = set()
    for sc in info.scenarios:
        s = api.load(game_id, scenario=sc.id, seed=0)
        for side in (*info.players, None):
            v = s.view(side)
            for u in v.get("units") or []:
                if u.get("kind") == HIDDEN_KIND:
                    continue
                kinds.add(str(u.get("kind")))
                units.add(str(u["id"]))
            markers |= {str(mk.get("kind")) for mk in v.get("markers") or []}
            boxes |= set(v.get("boxes") or {})
            for per_side in (v.get("budgets") or {}).values():
                budgets |= set(per_side)
    return kinds, markers, boxes, budgets, units


@cache
def layout_for(game_id: str) -> Layout:
    """The layout of a registered game (cached per process)."""
    mod = registry.module(game_id)
    info = registry.info(game_id)
    path = Path(mod.MAP_FILE)
    raw = json.loads(path.read_text(encoding="utf-8"))
    if raw.get("schema") == "westfront-p2p/1":
        kind = "p2p"
        shape, locations, cell, names, planes, nbrs, map_boxes = _p2p_static(raw)
    else:
        kind = "hex"
        shape, locations, cell, names, planes, nbrs, map_boxes = _hex_static(path)
    static = np.stack(planes).reshape((len(planes), *shape)).astype(np.float32)
    kinds, markers, boxes, budgets, units = _vocabularies(game_id)
    loc_set = set(locations)
    boxes_t = tuple(sorted(boxes | set(map_boxes)))
    units_t = tuple(sorted(units - loc_set))
    return Layout(
        game_id=game_id,
        players=tuple(info.players),
        map_kind=kind,
        grid_shape=shape,
        locations=tuple(locations),
        cell=cell,
        static_names=tuple(names),
        static_planes=static,
        unit_kinds=tuple(sorted(kinds)),
        marker_kinds=tuple(sorted(markers)),
        boxes=boxes_t,
        budget_names=tuple(sorted(budgets)),
        units=units_t,
        neighbours=nbrs,
        loc_index={lab: k for k, lab in enumerate(locations)},
        unit_index={u: k for k, u in enumerate(units_t)},
        box_index={b: k for k, b in enumerate(boxes_t)},
    )
