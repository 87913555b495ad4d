"""Supply (§6): German lines to the east edge, Allied supply points with range and capacity.

German (§6.1): an unlimited line through hexes free of Allied units and Allied ZOC to a hex of the east edge;
a fortress supplies the German units in it. Allied (§6.2): controlled coastal supply hexes and in-land ports,
each with a capacity (its map number) and a range from Table 4 (HQs stacked on it, or a Mulberry); the units on a
supply point are served first, the rest by a maximum matching (``core.supply.assign_capacity``) that serves first
the units the Allied player chose at the supply phase (``g["supply_priority"]``, §6.2).
"""

from __future__ import annotations

from functools import cache

from ...core.bitboard import bits
from ...core.supply import Source, assign_capacity, source_reach, supplied_area
from .data import HQ, tables
from .position import Position


def german_supplied(s: Position) -> set[str]:
    def build() -> set[str]:
        b = s.board
        m = b.m
        passable = b.playable & ~s.occupied("allied") & ~s.zoc("allied")
        area = supplied_area(b.supply_dilator, b.german_edge & passable, passable)
        out = set()
        for uid in s.on_continent("german"):
            i = m.index[s.unit(uid)["hex"]]  # type: ignore[index]
            if (area >> i) & 1 or (b.fortress >> i) & 1:
                out.add(uid)
        return out
    return s.cached("german_supplied", build)  # type: ignore[no-any-return]


def supply_range(s: Position, label: str) -> int:
    """Table 4: 3/2/1 HQs on the point give 24/16/8; a Mulberry 8 (a first HQ adds nothing); otherwise 0."""
    t = tables().supply_range
    ids = s.at(label)
    hqs = sum(1 for uid in ids if s.defn(uid).type == HQ and s.side_of(uid) == "allied") if ids else 0
    by_hq = t["other"] if not hqs else t["hq1"] if hqs == 1 else t["hq2"] if hqs == 2 else t["hq3"]
    invasion = t["invasion"] if label in s.g["mulberries"] else t["other"]
    return max(by_hq, invasion)


@cache
def _source(sid: str, i: int, rng: int, capacity: int) -> Source:
    """One shared (immutable) record per distinct supply point state: building dataclasses is the slow part."""
    return Source(sid, i, rng, capacity)


def allied_sources(s: Position) -> list[Source]:
    """Valid Allied supply points now (§6.2) with their range; in German ZOC a coastal point keeps range 0."""
    def build() -> list[Source]:
        b = s.board
        m = b.m
        gz = s.zoc("german")
        gocc = s.occupied("german")
        out = []
        for a in b.arrows:
            i = m.index[a.coast]
            if (gocc >> i) & 1:
                continue
            if s.controller(a.coast) != "allied":
                out.append(_source(a.coast, i, 0, a.capacity))  # only for units on it
                continue
            rng = 0 if (gz >> i) & 1 else supply_range(s, a.coast)
            out.append(_source(a.coast, i, rng, a.capacity))
        for p in b.inland_ports:
            i = m.index[p.hex]
            if s.controller(p.hex) != "allied" or (gz >> i) & 1 or (gocc >> i) & 1:
                continue
            out.append(_source(p.hex, i, supply_range(s, p.hex), p.capacity))
        return out
    return s.cached("allied_sources", build)  # type: ignore[no-any-return]


def allied_lines(s: Position) -> tuple[list[tuple[str, int]], dict[str, list[str]]]:
    """The Allied units on the continent with their hexes, and for each the supply points within range of it by a
    line free of German units and ZOC (§6.2): traced once per position, matched as often as the choice needs."""
    def build() -> tuple[list[tuple[str, int]], dict[str, list[str]]]:
        b = s.board
        m = b.m
        passable = b.playable & ~s.occupied("german") & ~s.zoc("german")
        placed = [(uid, m.index[s.unit(uid)["hex"]]) for uid in s.on_continent("allied")]  # type: ignore[index]
        return placed, source_reach(m.nbrs, placed, allied_sources(s), passable)
    return s.cached("allied_lines", build)  # type: ignore[no-any-return]


def _match(s: Position, priority: list[str]) -> dict[str, str | None]:
    placed, reach = allied_lines(s)
    return assign_capacity(s.board.m.nbrs, placed, allied_sources(s), 0, priority, reach=reach)


def allied_assignment(s: Position) -> dict[str, str | None]:
    """Each Allied unit on the continent -> the supply point serving it, or None (out of supply)."""
    return s.cached("allied_assignment", lambda: _match(s, list(s.g.get("supply_priority") or ())))  # type: ignore[no-any-return]


def assignment_with(s: Position, first: str) -> dict[str, str | None]:
    """The assignment if ``first`` were served after the units already chosen (§6.2; for the AI's choice)."""
    return _match(s, [*(s.g.get("supply_priority") or ()), first])


def _supplied_if_first(s: Position, uid: str, prio: list[str]) -> bool:
    """Whether ``uid`` would be supplied if served right after the chosen units: the matching decides that before
    it looks at any other unit, so only the units on supply points (served first), the chosen ones and ``uid``
    take part — the same answer as matching every unit."""
    placed, reach = allied_lines(s)
    srcs = allied_sources(s)
    on_point = {src.hex for src in srcs}
    keep = {*prio, uid}
    part = [(u, h) for u, h in placed if h in on_point or u in keep]
    return assign_capacity(s.board.m.nbrs, part, srcs, 0, [*prio, uid], reach=reach)[uid] is not None


def surplus_choices(s: Position) -> list[str]:
    """§6.2: Allied units out of supply only because a supply point is over capacity — those the Allied player may
    still choose to supply (another unit then goes out of supply in its place). Units on a supply point are always
    served first and never displaced."""
    def build() -> list[str]:
        placed, reach = allied_lines(s)
        prio = list(s.g.get("supply_priority") or ())
        now = allied_assignment(s)
        out = []
        for uid, _ in placed:
            # a unit no supply point reaches stays out whatever the order (the matching is tried only for the rest)
            if now[uid] is None and reach[uid] and not s.unit(uid)["fresh"] and _supplied_if_first(s, uid, prio):
                out.append(uid)
        return out
    return s.cached("surplus_choices", build)  # type: ignore[no-any-return]


def allied_supplied(s: Position) -> set[str]:
    return {uid for uid, src in allied_assignment(s).items() if src is not None}


def supplied(s: Position, side: str) -> set[str]:
    return german_supplied(s) if side == "german" else allied_supplied(s)


def allied_capacity(s: Position) -> int:
    """§6.2/§9.3.1: the total capacity of the supply points that can feed units now (the Allied-controlled ones of
    :func:`allied_sources`; their ranges do not matter here, so they are not worked out)."""
    def build() -> int:
        b = s.board
        m = b.m
        gz = s.zoc("german")
        gocc = s.occupied("german")
        allied = s.g["allied_hexes"]
        total = 0
        for a in b.arrows:
            if a.coast in allied and not (gocc >> m.index[a.coast]) & 1:
                total += a.capacity
        for p in b.inland_ports:
            i = m.index[p.hex]
            if p.hex in allied and not ((gz | gocc) >> i) & 1:
                total += p.capacity
        return total
    return s.cached("allied_capacity", build)  # type: ignore[no-any-return]


def reinforcement_room(s: Position) -> int:
    """§9.3.1: total supply capacity minus the Allied units already on the continent."""
    return allied_capacity(s) - len(s.on_continent("allied"))


def unsupplied_hexes(s: Position, side: str) -> list[str]:
    sup = supplied(s, side)
    return sorted({s.unit(u)["hex"] for u in s.on_continent(side) if u not in sup})  # type: ignore[misc]


__all__ = ["allied_assignment", "allied_lines", "assignment_with", "surplus_choices", "allied_capacity", "allied_sources", "allied_supplied", "bits", "german_supplied",
           "reinforcement_room", "supplied", "supply_range", "unsupplied_hexes"]
