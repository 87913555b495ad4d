"""Supply (13.0) and the city control it decides (14.0), on bitboards.

A side's *supplied area* is every hex from which a 5-hex line reaches a
source; sources are its supply edges (and, for the Allies, functioning ports
and beach-heads) grown by chains of its controlled cities no more than 5
hexes apart. Lines may not enter enemy units, enemy ZOC (unless a friendly
unit stands there) or enemy-controlled cities.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.bitboard import bits
from ...core.state import PureMemo
from ...core.supply import chain_sources, passable_for_supply, supplied_area
from .board import board
from .position import Position

RANGE = 5  # 13.0: five hexes to a source, cities five hexes apart


@dataclass(frozen=True)
class SupplyMap:
    side: str
    area: int  # hexes where a unit would be in supply
    sources: int  # supply edges, ports, beach-heads and chained cities (cities "in supply")
    always: int  # hexes whose units are never out of supply (edges, beach-heads, ports)


def german_edge(s: Position) -> int:
    """13.0: the east and south German edges, and the south French edge from June to August."""
    b = board()
    bb = b.zone_bb("german_east_edge") | b.zone_bb("german_south_edge")
    if s.turn <= s.g["south_german_until"]:
        bb |= b.zone_bb("france_south_edge")
    return bb


def allied_edge(s: Position) -> int:
    """13.0: the south French edge from September (July with Accelerated Dragoon)."""
    return board().zone_bb("france_south_edge") if s.turn >= s.g["south_allied_from"] else 0


def compute(s: Position, side: str, own: int | None = None) -> SupplyMap:
    """The side's supply map; ``own`` replaces where its units stand (the AI asks "what if this unit
    moved there": only the mover's own side's map changes, since a unit's ZOC, control and ports
    are not moved by a move)."""
    b = board()
    if own is None:
        own = s.units_bb(side)
    enemy = s.enemy_units_bb(side)  # 18.5: the Allies' supply treats every hidden marker as a unit
    ezoc = s.enemy_zoc_bb(side)
    allied_cities = s.allied_control_bb() & b.city_bb
    if side == "german":
        my_cities = b.city_bb & ~allied_cities
        enemy_cities = allied_cities
        edge = german_edge(s)
        extra = 0
    else:
        my_cities = allied_cities
        enemy_cities = b.city_bb & ~allied_cities
        edge = allied_edge(s)
        extra = s.allied_ports_bb() | s.beachheads_bb()
    passable = passable_for_supply(b.land_bb, enemy, ezoc, own, negate=True) & ~enemy_cities
    sources, area = _trace((edge & passable) | extra, my_cities & passable, passable)
    always = edge | extra
    return SupplyMap(side, area | always, sources | extra, always)


def _flood(base: int, links: int, passable: int) -> tuple[int, int]:
    """13.0: the sources (``base`` grown by chained cities) and the hexes within 5 of them."""
    dil = board().dilator
    sources = chain_sources(dil, base, links, passable, RANGE)
    return sources, supplied_area(dil, sources, passable, RANGE)


_trace = PureMemo(_flood)  # a move that changes no hex a trace may pass leaves the floods as they were


def supply_map(s: Position, side: str) -> SupplyMap:
    """The side's supply map, memoised on the position until it changes (asked per piece and per
    destination scored: the memo is read directly, ``cached`` only on a miss)."""
    got = s.memo.get(("supply", side))
    if got is None:
        got = s.cached(("supply", side), lambda: compute(s, side))
    return got  # type: ignore[no-any-return]


def in_supply(s: Position, uid: str) -> bool:
    """Is this unit in supply where it stands (13.0)?"""
    u = s.unit(uid)
    if not u["hex"]:
        return False
    side = s.side_of(uid)
    i = board().hex(u["hex"])
    if side == "german" and s.is_fortress_unit(uid) and (board().fortress_bb >> i) & 1 and (
            board().coast_bb >> i) & 1:
        return True  # 8.0, 13.0: coastal fortress garrisons are never out of supply
    return bool((supply_map(s, side).area >> i) & 1)


def out_of_supply(s: Position, side: str) -> list[str]:
    return [uid for uid in s.on_map(side) if not in_supply(s, uid)]


def city_in_supply(s: Position, side: str, i: int) -> bool:
    return bool((supply_map(s, side).sources >> i) & 1)


def hexes(bb: int) -> list[int]:
    return bits(bb)
