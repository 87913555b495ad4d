"""Supply (onslaught 8.0-8.7) as functions of the position: sources, lines, captures.

Supply lines have any length (8.3) and cannot pass enemy units or enemy ZOC
unless a friendly division stands there; every answer is a bitboard memoised
on the position until a unit moves.
"""

from __future__ import annotations

import math

from ...core.bitboard import bits
from ...core.state import PureMemo
from ...core.supply import supplied_area
from .data import SUPPLY, UNITS, other
from .position import Position

_flood = PureMemo(supplied_area)  # a move that changes no hex a trace may pass leaves the flood as it was


def allied_sources(s: Position) -> dict[str, int]:
    """Active Allied supply sources: hex label (or 'B' for southern France) -> points (8.1, 8.4, 8.5)."""
    def compute() -> dict[str, int]:
        b = s.board
        m = s.map
        ctrl = s.g["control"]
        german = s.side_bb("german")
        out: dict[str, int] = {}
        for h in b.landing_zone:
            lab = m.label(h)
            if ctrl.get(lab) == "allied":
                out[lab] = SUPPLY.landing_hex
        usable: dict[str, bool] = {}
        for p in sorted(b.ports, key=lambda p: p.needs is not None):
            lab = m.label(p.hex)
            ok = ctrl.get(lab) == "allied"
            if ok and p.area is not None:
                ok = not (b.port_areas.get(p.area, 0) & german)
            if ok and p.needs is not None:
                ok = usable.get(p.needs, False)
            usable[p.name] = ok
            if ok:
                out[lab] = p.supply
        if southern_france_open(s):
            out["B"] = SUPPLY.southern_france
        return out
    return s.cached(("allied_sources",), compute)  # type: ignore[no-any-return]


def southern_france_open(s: Position) -> bool:
    """From turn 8 southern France supplies the Allies through entry area B (8.1, 8.4)."""
    return s.turn >= SUPPLY.southern_france_from_turn and bool(southern_france_hexes(s))


def southern_france_hexes(s: Position) -> int:
    """Area B hexes free of German units and of German ZOC not held by the Allies (8.4, 10.1)."""
    if s.turn < SUPPLY.southern_france_from_turn:
        return 0
    blocked = s.side_bb("german") | (s.zoc_bb("german") & ~s.side_bb("allied"))
    return s.board.area_b & ~blocked


def allied_source_bb(s: Position) -> int:
    m = s.map
    bb = 0
    for lab in allied_sources(s):
        if lab == "B":
            bb |= southern_france_hexes(s)
        else:
            bb |= 1 << m.index[lab]
    return bb


def allied_source_hexes(s: Position) -> int:
    """The Allied sources on the map, without area B (10.1, 11.3)."""
    m = s.map
    return s.cached(("allied_source_hexes",),  # type: ignore[no-any-return]
                    lambda: m.bb(m.index[lab] for lab in allied_sources(s) if lab != "B"))


def german_source_bb(s: Position, edge_only: bool = False) -> int:
    """onslaught 8.4: east-edge hexes free of Allied units and ZOC; fortified ports never captured."""
    b = s.board
    bb = b.east_edge & ~s.zoc_bb("allied")
    if not edge_only:
        captured = {s.map.index[lab] for lab in s.g["captured"]}
        forts = b.fortified_ports & ~s.side_bb("allied")
        bb |= s.map.bb(h for h in bits(forts) if h not in captured)
    return bb


def passable_for(s: Position, side: str, extra_block: int = 0) -> int:
    """onslaught 8.3: not through enemy units or enemy ZOC unless a friendly division is there."""
    own = s.side_bb(side)
    enemy = other(side)
    return s.board.land & ~s.side_bb(enemy) & ~(s.zoc_bb(enemy) & ~own) & ~extra_block


def supply_area(s: Position, side: str) -> int:
    """Hexes where a division of ``side`` traces a supply line now."""
    key = ("supply", side)
    bb = s.memo.get(key)
    if bb is None:
        def compute() -> int:
            src = allied_source_bb(s) if side == "allied" else german_source_bb(s)
            area = _flood(s.board.dil, src, passable_for(s, side))
            if side == "german":
                area |= s.board.fortification  # 7.5, 8.4: always in supply in a fortification
            return area
        bb = s.cached(key, compute)
    return bb  # type: ignore[no-any-return]


def german_edge_supply(s: Position) -> int:
    """10.2: German reinforcements must trace supply to the eastern map edge (not to forts or ports)."""
    return s.cached(("edge_supply",), lambda: _flood(  # type: ignore[no-any-return]
        s.board.dil, german_source_bb(s, edge_only=True), passable_for(s, "german")))


def in_supply(s: Position, uid: str) -> bool:
    h = s.hex_of(uid)
    return h is not None and bool((supply_area(s, UNITS[uid].side) >> h) & 1)


def stack_in_supply(s: Position, h: int, side: str) -> bool:
    return bool((supply_area(s, side) >> h) & 1)


def capture_supply(s: Position) -> None:
    """8.7: a German division on an Allied source the Allies drew from last turn takes half those points."""
    m = s.map
    for lab, pts in sorted(s.g["collected"].items()):
        if lab == "B" or pts < 1:
            continue
        if s.side_at(m.index[lab]) == "german":
            gain = math.ceil(pts / 2)
            s.mut("collected")[lab] = 0
            s.gain("german", gain, f"captured Allied supplies at {lab}", s.rule("8.7"))


def threatened_sources(s: Position) -> list[str]:
    """Active Allied sources within two MP of a German division: worth declining (8.1)."""
    m = s.map
    near = s.near_bb("german")
    return [lab for lab in sorted(allied_sources(s)) if lab != "B" and (near >> m.index[lab]) & 1]
