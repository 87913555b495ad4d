"""Supplies and trucks: Take Supplies, Take Trucks, Truck Supplies, and the Logistics Step's bookkeeping.

Base rules are reconstructed (tables.toml says from what); the Patch-Devers
parts follow the expansion (rttr Main Supply Base, rttr Logistics Step).
"""

from __future__ import annotations

from functools import cache

from ...core import tokens
from ...core.routes import extensions, route_spaces
from .abilities import take_one_kind
from .board import board
from .data import KINDS
from .position import Position


def trucks_per_action(s: Position, commander: str) -> int:
    """Trucks one action may take or place at the commander's Logistics Level (rttr Truck Supplies example: L3 -> 4)."""
    return s.tables.trucks_per_action[s.gg["level"][commander]]


def supply_destinations(s: Position, commander: str, mixed: bool) -> list[str]:
    """Where a Take Supplies action may put its supplies: the Main Supply Base, and for 1-of-each
    also a small depot of the commander's area that he controls (reconstructed, metagames review)."""
    base = s.gg["main_base"][commander]
    out = [] if axis_held(s, base) else [base]
    out += [p for p in own_ports(s, commander) if p != base]
    return _with_depots(s, commander, out) if mixed else out


def _with_depots(s: Position, commander: str, out: list[str]) -> list[str]:
    """``out`` and the small depots of the commander's area he controls (the 1-of-each destinations)."""
    control = s.gg["control"]
    return out + [d for d in _area_spaces(commander, "depot") if control.get(d) == commander and d not in out]


@cache
def _area_spaces(commander: str, flag: str) -> list[str]:
    """The spaces of the commander's area with ``flag`` (the board's: once per process)."""
    b = board()
    return b.graph.names(b.flagged(flag) & b.areas[commander].spaces)  # type: ignore[no-any-return]


def axis_held(s: Position, sid: str) -> bool:
    """A base in an Axis-held space (a garrisoned port: Marseille) takes no supplies and sends no trucks until
    freed (reconstructed: supplies land only in ports the Allies hold)."""
    return s.has_axis(sid)


def own_ports(s: Position, commander: str) -> list[str]:
    """Ports of the commander's area under his own Control: supply points for any Take Supplies (reconstructed,
    tables.toml [supplies].port_capacity: Montgomery's Channel ports, czechboardgamer review)."""
    control = s.gg["control"]
    return [p for p in _area_spaces(commander, "port") if control.get(p) == commander]


def take_options(s: Position, commander: str) -> list[tuple[str, str]]:
    """``(what, where)`` pairs a Take Supplies action may choose: 3 of a kind (Devers 4, rttr 17) or ``mixed`` (1 each)."""
    t = s.tables
    pool = s.gg["pool"]
    out: list[tuple[str, str]] = []
    one = take_one_kind(s, commander)
    kinds = [k for k in KINDS if pool[k] >= one]
    mixed = all(pool[k] >= t.take_mixed for k in KINDS)
    if not kinds and not mixed:
        return out
    dest = supply_destinations(s, commander, False)  # the destinations and their room, once for all takes
    if kinds:
        fit = [w for w in dest if _fits(s, commander, w, one)]
        out += [(what, where) for what in kinds for where in fit]
    if mixed:
        n = t.take_mixed * len(KINDS)
        out += [("mixed", w) for w in _with_depots(s, commander, dest) if _fits(s, commander, w, n)]
    return out


def _fits(s: Position, commander: str, where: str, n: int) -> bool:
    return tokens.fits(s.stock(commander, where), n, s.base_capacity(commander, where))


def take_supplies(s: Position, commander: str, what: str, where: str) -> dict[str, int]:
    t = s.tables
    need = {k: t.take_mixed for k in KINDS} if what == "mixed" else {what: take_one_kind(s, commander)}
    dst = s.stock_for_update(commander, where)
    pool = s.mut("pool")
    for k, n in need.items():
        tokens.move(pool, dst, k, n, s.base_capacity(commander, where))
    return need  # no derived fact reads the pool or the bases: nothing to touch


def truck_sources(s: Position, commander: str) -> list[str]:
    """Spaces a Truck Supplies action may start from: the commander's bases and depots holding supplies."""
    return sorted(sid for sid, stock in s.gg["bases"][commander].items()
                  if tokens.total(stock) > 0 and not axis_held(s, sid))


def route_allowed(s: Position, commander: str) -> set[str]:
    """Spaces a truck route may enter: in the commander's area, Allied-controlled or holding one of his Corps,
    and free of the Axis (reconstructed: trucks run behind the front)."""
    return set(s.graph.names(route_allowed_bits(s, commander)))


def route_allowed_bits(s: Position, commander: str) -> int:
    """:func:`route_allowed` as a bitset."""
    sets = s.sets()
    return (sets["control"] | s.occupied_by(commander)) & s.board.areas[commander].spaces & ~sets["axis"]


def loadable(s: Position, commander: str, start: str, links: list[str]) -> list[tuple[str, str]]:
    """``(kind, target)`` a route can deliver now: the source holds the kind and the target stands on the
    route with room — one of the commander's Corps, or a small depot he controls (reconstructed: supplies
    are carried forward depot by depot)."""
    on = set(route_spaces(start, links))
    stock = s.gg["bases"][commander].get(start, {})
    kinds = [k for k in KINDS if stock.get(k, 0) > 0]
    out = []
    for c in s.corps_of(commander):
        if c["space"] in on and s.room(c) > 0:
            out += [(k, c["id"]) for k in kinds]
    for d in sorted(on - {start}):
        if (s.board.has_flag(d, "depot") and s.controller(d) == commander
                and tokens.fits(s.stock(commander, d), 1, s.base_capacity(commander, d))):
            out += [(k, d) for k in kinds]
    return out


def route_useful(s: Position, commander: str, start: str) -> bool:
    """Whether a Truck Supplies action from ``start`` could deliver anything (else it is not offered)."""
    if loadable(s, commander, start, []):
        return True
    return bool(extensions(s.graph, start, [], s.gg["trucks_on"], route_allowed(s, commander)))


def next_level(s: Position, commander: str) -> int:
    """rttr Logistics Step: +1 (to the top level); Patch-Devers jumps to 3 at the first step."""
    t = s.tables
    if commander == "patch_devers" and s.gg["logistics_steps"] == 0:
        return t.pd_first_step_level
    return min(t.max_level, s.gg["level"][commander] + 1)


def patch_devers_base(steps_done: int) -> str:
    """rttr Main Supply Base: the Landing Zone until the 1st Logistics Step, Marseille until the 2nd, then
    Supply Base 901 (capacities: ``Position.base_capacity``)."""
    return ("landing_zone", "marseille", "supply_base_901")[min(steps_done, 2)]
