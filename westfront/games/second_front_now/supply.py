"""Supply (SFN 9.0, 11.3, 15.8): paths of any length to a source, blocked by enemy units and
by enemy ZOC that no friendly unit negates."""

from __future__ import annotations

from ...core.supply import passable_for_supply, supplied_area
from .data import ALLIED, GERMAN, units
from .position import Position, opponent


def passable(s: Position, side: str) -> int:
    """11.3: enemy ZOC blocks a supply path unless a friendly unit is in the hex."""
    enemy = opponent(side)
    return passable_for_supply(s.b.land, s.side_bb(enemy), s.zoc_bb(enemy), s.side_bb(side), negate=True)


def sources(s: Position, side: str) -> int:
    """9.3: German map-edge hexes 1013-3100; Allied active beaches; each lost while enemy-held or in un-negated EZOC."""
    b = s.b
    if side == GERMAN:
        src = b.supply_edge
    else:
        src = b.map.bb(s.active_beaches())
    return src & passable(s, side)


def regular_area(s: Position, side: str) -> int:
    """Hexes with a regular (overland) supply path (memoised)."""
    got = s.memo.get(("supply_area", side))
    if got is not None:
        return got  # type: ignore[no-any-return]
    return s.cached(("supply_area", side),  # type: ignore[no-any-return]
                    lambda: supplied_area(s.b.zoc_dilator, sources(s, side), passable(s, side)))


def supply_kind(s: Position, uid: str) -> str:
    """9.1-9.3, 15.6, 15.8: regular, fortress, coastal, aerial, box or none (out of supply)."""
    us = s.u(uid)
    side = units()[uid].side
    if us["box"]:
        return "box"
    b = s.b
    i = b.hex(us["hex"])  # type: ignore[arg-type]
    if (regular_area(s, side) >> i) & 1:
        return "regular"
    if side == GERMAN and (b.fortress >> i) & 1 and us["hex"] not in s.g["fortress_lost"]:
        return "fortress"
    if side == ALLIED:
        if (b.coastal >> i) & 1:
            return "coastal"
        if uid in s.g["aerial"]:
            return "aerial"
        if us["dropped"] == s.g["turn"]:
            return "aerial"  # 15.6: supplied throughout the turn of its drop
    return "none"


def check_supply(s: Position) -> list[str]:
    """9.2: set every unit's status for both sides; returns the units now out of supply."""
    out = []
    b = s.b
    slot = b.map.index
    turn = s.g["turn"]
    aerial = s.g["aerial"]
    lost = s.g["fortress_lost"]
    defs = units()
    area: dict[str, int] = {}
    for uid, us in s.g["units"].items():
        lab = us["hex"]
        if lab is None:
            if us["box"] is None:
                continue
            kind = "box"  # ``supply_kind`` of a unit in a box
        else:  # ``supply_kind`` of a unit on the map, unrolled
            side = defs[uid].side
            got = area.get(side)
            if got is None:
                got = area[side] = regular_area(s, side)
            i = slot[lab]
            if (got >> i) & 1:
                kind = "regular"
            elif side == GERMAN:
                kind = "fortress" if (b.fortress >> i) & 1 and lab not in lost else "none"
            elif (b.coastal >> i) & 1:
                kind = "coastal"
            elif uid in aerial or us["dropped"] == turn:
                kind = "aerial"
            else:
                kind = "none"
        if us["supply"] != kind:
            s.set_fields(uid, supply=kind)
        if kind == "none":
            out.append(uid)
    s.touch_fields()  # supply moves no unit: the placement, stacks and ZOC stay
    return sorted(out)


def traces_to_beach(s: Position, label: str) -> bool:
    """6.1: a population centre counts for Allied CP when a supply path joins it to an active beach."""
    return bool((regular_area(s, ALLIED) >> s.b.hex(label)) & 1)
