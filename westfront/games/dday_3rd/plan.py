"""The Allied operational plan the D-Day (3rd ed.) AI steers by (issue 21), drawn from §13 and §6.2.

The Allies win with 10 supplied units east of the Rhine-Issel line for four weeks (§13). Supply, not ground, is
what they lack: every unit must be served by a supply point within its range and capacity (§6.2), and a point in
German ZOC feeds only its own hex. So the plan is a supply plan, re-derived from the position whenever it changes
(memoised like supply), from facts both players see:

* ``keep``: the Allied supply points with range (Mulberries, in-land ports with an HQ) — hold them, keep them
  clear of German ZOC; ``threats`` are the German hexes that shut one down now (attack those first);
* ``posts``: supply points east of the Rhine-Issel line; a unit standing on one is supplied by it even without a
  line (§6.2), so they are the cheapest places to count for §13;
* ``served``: hexes where one more unit would still be supplied (within range of a point with spare capacity);
  ``slots`` the spare capacity per point — landing more units than that only feeds attrition (§12);
* ``phase``: "ashore" until a point has range, "build" while the supplied capacity that reaches across the Rhine is
  below what §13 needs, then "cross": push the supplied units over the line and hold them there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.bitboard import bits
from ...core.supply import supplied_area
from .board import board
from .position import Position
from .supply import allied_assignment, allied_sources
from .victory import EAST_UNITS

MARGIN = 2  # capacity beyond the 10 units §13 counts: losses and the German ZOC's bites


@dataclass(frozen=True)
class Plan:
    """The Allied supply plan for one position."""

    phase: str  # "ashore", "build" or "cross"
    keep: tuple[str, ...]  # supply points with range to hold
    threats: tuple[str, ...]  # German hexes adjacent to a kept point (their ZOC shuts it down)
    posts: tuple[str, ...]  # supply points east of the Rhine-Issel line with a free place on them
    served: int  # bitboard: hexes where one more unit would be supplied
    slots: int  # spare capacity of the points with range
    reach_east: int  # capacity of the points that can feed a unit east of the line (posts included)
    areas: dict[str, int]  # supply point -> hexes within its range now (bitboard)


@cache
def east_posts_all() -> tuple[str, ...]:
    """Coastal supply hexes and in-land ports east of the Rhine-Issel line (static)."""
    b = board()
    m = b.m
    hexes = [a.coast for a in b.arrows] + [p.hex for p in b.inland_ports]
    return tuple(sorted({h for h in hexes if (b.east_of_rhine >> m.index[h]) & 1}))


def compute(s: Position) -> Plan:
    b = s.board
    m = b.m
    passable = b.playable & ~s.occupied("german") & ~s.zoc("german")
    load: dict[str, int] = {}
    for point in allied_assignment(s).values():
        if point is not None:
            load[point] = load.get(point, 0) + 1
    keep: list[str] = []
    areas: dict[str, int] = {}
    served = 0
    slots = 0
    reach_east = 0
    for src in allied_sources(s):
        lab = m.label(src.hex)
        if s.controller(lab) != "allied":
            continue
        if src.range > 0 or lab in s.g["mulberries"] or lab in b.inland_by_hex:
            keep.append(lab)
        if src.range <= 0:
            continue
        area = supplied_area(b.supply_dilator, 1 << src.hex, passable, src.range)
        areas[lab] = area
        spare = src.capacity - load.get(src.id, 0)
        if spare > 0:
            served |= area
            slots += spare
        if area & b.east_of_rhine:
            reach_east += src.capacity
    gocc = s.occupied("german")
    threats = sorted({m.label(n) for h in keep for n in m.nbrs[m.index[h]] if (gocc >> n) & 1})
    posts = []
    for h in east_posts_all():
        i = m.index[h]
        if (gocc >> i) & 1:
            continue
        cap = next((src.capacity for src in allied_sources(s) if src.hex == i), 0)
        reach_east += cap
        if len([u for u in s.at(h) if s.side_of(u) == "allied"]) < cap:
            posts.append(h)
    if not any(src.range > 0 for src in allied_sources(s) if s.controller(m.label(src.hex)) == "allied"):
        phase = "ashore"
    elif reach_east < EAST_UNITS + MARGIN:
        phase = "build"
    else:
        phase = "cross"
    return Plan(phase, tuple(keep), tuple(threats), tuple(posts), served, slots, reach_east, areas)


def plan(s: Position) -> Plan:
    """The Allied plan for this position, memoised until the position changes."""
    return s.cached("allied_plan", lambda: compute(s))  # type: ignore[no-any-return]


def summary(s: Position) -> dict[str, object]:
    """The plan in words, for the AI's explanation (the sidebar after the game, replays)."""
    p = plan(s)
    return {"phase": p.phase, "hold": list(p.keep), "attack_first": list(p.threats), "posts": list(p.posts),
            "spare_capacity": p.slots, "capacity_reaching_east": p.reach_east, "served_hexes": len(list(bits(p.served)))}


__all__ = ["MARGIN", "Plan", "compute", "east_posts_all", "plan", "summary"]
