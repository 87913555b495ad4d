"""Reinforcements and replacements (onslaught 10.x, 11.x, 14.2) as functions of the position:
where a division may enter or be rebuilt, and what a rebuild costs.

The decisions (choosing a division, then its hex) are in :mod:`.steps_reinforcement`.
"""

from __future__ import annotations

from ...core.bitboard import bits
from ...core.supply import supplied_area
from .data import REPL_COSTS, STACK_LIMIT, SUPPLY, UNITS, other
from .position import Position
from .supply import (
    allied_source_bb,
    allied_source_hexes,
    german_edge_supply,
    german_source_bb,
    passable_for,
    supply_area,
)

FRENCH_RECRUITS_PER_CITY = 2  # 14.2
GERMAN_REPLACEMENT_DISTANCE = 3  # 11.4: replacements keep more than three MP from the Allies (1-3 MP is barred)


def room(s: Position, side: str, limit: int = STACK_LIMIT) -> int:
    """Hexes holding fewer than ``limit`` of ``side``'s divisions and no enemy (6.3, 10.1)."""
    key = ("room", side, limit)
    bb = s.memo.get(key)  # the fast path of ``cached``: asked once per pending reinforcement
    if bb is None:
        def compute() -> int:
            full = 0
            for h, us in s.occupancy().items():
                if len(us) >= limit and UNITS[us[0]].side == side:
                    full |= 1 << h
            return s.board.land & ~s.side_bb(other(side)) & ~full
        bb = s.cached(key, compute)
    return bb  # type: ignore[no-any-return]


def french_recruit_hexes(s: Position, per_city: dict[str, int]) -> int:
    """14.2: a French city in supply, held or last held by the Allies, more than two MP from any German."""
    b = s.board
    ctrl = s.g["control"]
    out = 0
    for h in bits(b.french_cities & supply_area(s, "allied") & ~s.near_bb("german")):
        lab = s.map.label(h)
        if (ctrl.get(lab) == "allied" or s.side_at(h) == "allied") and per_city.get(lab, 0) < FRENCH_RECRUITS_PER_CITY:
            out |= 1 << h
    return out


def area_b_entry(s: Position) -> int:
    """10.1, 10.3: Allied divisions due at area B may be placed in any of its hexes free of Germans —
    enemy ZOC does not bar a reinforcement (10.1) — once southern France supplies the Allies (8.4:
    from turn 8); a division there traces its line off the southern edge through the hex it stands in."""
    if s.turn < SUPPLY.southern_france_from_turn:
        return 0
    return s.board.area_b & ~s.side_bb("german")


def reinforcement_hexes(s: Position, uid: str, per_city: dict[str, int]) -> int:
    """10.1-10.3, 14.2: where a reinforcement may be placed now."""
    u = UNITS[uid]
    b = s.board
    free = room(s, u.side)
    if u.side == "german":
        area = {"A": b.area_a, "B": b.area_b}.get(u.entry, b.germany)
        return area & free & german_edge_supply(s)
    if u.entry == "B":
        return area_b_entry(s) & free
    if u.entry == "asterisk" and s.options.get("free_french"):
        return french_recruit_hexes(s, per_city) & free
    return allied_source_hexes(s) & free


def rebuild_cost(uid: str, level: str) -> int | None:
    """11.1: cost of bringing an eliminated division back at ``level`` (half / full / germany)."""
    u = UNITS[uid]
    cls = u.type.cls
    if cls == "paratroop":
        return None  # 9.3: eliminated paratroops never return
    if level == "germany":
        return REPL_COSTS["vg_germany_full"] if u.kind == "vg" else None
    return REPL_COSTS.get(f"{cls}_eliminated_{level}")


def refit_cost(uid: str) -> int:
    """11.1: depleted to full strength."""
    return REPL_COSTS[f"{UNITS[uid].type.cls}_half_full"]


def german_replacement_hexes(s: Position) -> int:
    """11.4: not within three MP of an Allied division or an Allied supply source, and in supply by a line
    that never passes within three MP of an Allied division."""
    def compute() -> int:
        b = s.board
        near_allied = b.within(s.side_bb("allied"), GERMAN_REPLACEMENT_DISTANCE)
        near_sources = b.within(allied_source_bb(s), GERMAN_REPLACEMENT_DISTANCE)
        passable = passable_for(s, "german", extra_block=near_allied)
        area = supplied_area(b.dil, german_source_bb(s) & ~near_allied, passable) | (b.fortification & ~near_allied)
        return area & room(s, "german") & ~near_allied & ~near_sources
    return s.cached(("german_replacement_hexes",), compute)  # type: ignore[no-any-return]


def replacement_hexes(s: Position, uid: str, level: str) -> int:
    """11.3, 11.4: where a rebuilt division may be placed."""
    u = UNITS[uid]
    if u.side == "german":
        bb = german_replacement_hexes(s)
        return bb & s.board.germany if level == "germany" else bb
    return allied_source_hexes(s) & room(s, "allied")  # 11.3: like reinforcements, never area B
