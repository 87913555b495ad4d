"""The operational plan the Onslaught AI steers by (issue 21): objectives drawn from the victory conditions.

Victory points (13.3) are Allied divisions in supply east of the Victory Line
against German divisions in supply west of the Rhine, and the Allied automatic
victory (13.2) wants no German division in supply west of the Rhine. A German
division west of the Rhine draws supply from the east edge or from a fortified
port never captured (8.4), through hexes free of Allied ZOC (8.3). So the Allied
plan is to

* take the ports (income, 8.1; a captured fortified port is no German source, 8.4),
* *seal the Victory Line*: stand so that Allied ZOC covers every hex on the east
  side of the line (the "front"); every supply line from the east edge to the
  Germans behind it must cross one, so sealed they are all out of supply (pockets)
  while the sealing divisions themselves score,
* hunt the German divisions west of the Rhine that still trace supply, and
* put every other division east of the line in supply.

The German plan is the mirror: hold west of the Rhine, in the fortifications first.

The plan is re-derived whenever the position changes (memoised on it like
supply) from facts both players see. Objectives are hex sets with a head start
(a lower number is more urgent); their union becomes one land distance field,
so a destination's worth is "hexes nearer the plan".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.bitboard import bits
from ...core.state import PureMemo
from .board import Board, board
from .data import UNITS
from .position import Position
from .supply import allied_sources, supply_area

FAR = 60  # distance where no objective is reachable
LODGEMENT_TURNS = 4  # ports first until an Allied port works or this turn passes (8.1)


@dataclass(frozen=True)
class Objective:
    """One named aim: the hexes that fulfil it and its head start in the distance field."""

    name: str  # "forts" | "ports" | "seal" | "hunt" | "east" (Allies); "hold" | "gap" (Germans)
    hexes: tuple[int, ...]
    head: int  # added to the distance: 0 most urgent


@dataclass(frozen=True)
class Plan:
    """One side's plan this moment: its phase, its objectives and the combined distance field."""

    side: str
    phase: str  # "lodgement" | "seal" | "close" (Allies); "hold" (Germans)
    objectives: tuple[Objective, ...]
    field: tuple[int, ...]  # per hex: head start + land distance to the nearest objective hex (FAR: none)
    front_cover: dict[int, int]  # front hex -> Allied stacks whose ZOC covers it (both sides read it)
    anchor: int = 0  # hexes where an Allied division already serves the plan and stays (siege slots)

    def summary(self) -> dict[str, object]:
        """What the plan says, for the player who asks after the game (issue 21, 'the AI explains itself')."""
        m = board().m
        ordered = sorted((o for o in self.objectives if o.hexes), key=lambda o: o.head)
        return {"side": self.side, "phase": self.phase, "text": PHASE_TEXT[self.phase],
                "objectives": [{"name": o.name, "text": OBJECTIVE_TEXT[o.name], "priority": o.head,
                                "hexes": [m.label(h) for h in o.hexes], "count": len(o.hexes)} for o in ordered]}


PHASE_TEXT = {
    "lodgement": "Take a port: the beaches alone cannot feed the advance (8.1).",
    "seal": "Seal the Victory Line: Allied ZOC over every hex just east of it cuts the Germans behind it off "
            "from the east edge, so they stop scoring (8.3, 13.3).",
    "close": "The line is sealed: destroy the Germans still in supply west of the Rhine and bring every "
             "division east of the Victory Line in supply (13.2, 13.3).",
    "hold": "Hold west of the Rhine, in the fortifications first: every German division there in supply "
            "scores (13.3).",
}
OBJECTIVE_TEXT = {
    "ports": "ports to take for their supply income (8.1), and German-held fortified ports to besiege (8.4)",
    "forts": "empty fortified ports never captured: they feed every German they reach until an Allied division "
             "walks in (8.4)",
    "seal": "gaps in the line east of the Victory Line (and east-edge hexes west of it) not yet in Allied ZOC",
    "hunt": "hexes next to German divisions that still score west of the Rhine",
    "east": "hexes east of the Victory Line in Allied supply, where a division scores",
    "hold": "fortifications west of the Rhine to hold",
}


@cache
def front() -> tuple[int, ...]:
    """The hexes just east of the Victory Line (13.2), and any east-edge hex west of it: Allied ZOC over all of
    them cuts every German supply line from the east edge to the divisions west of the line (8.3, 8.4)."""
    b = board()
    east = b.east_of_vl & b.land
    line = [h for h in bits(east) if any(not (east >> j) & 1 and (b.land >> j) & 1 for j in b.land_nbrs[h])]
    # an east-edge hex west of the line is a German source of its own (8.4): Allied ZOC must cover it too
    return tuple(sorted(line + bits(b.east_edge & b.land & ~east)))


@cache
def front_bb() -> int:
    return board().m.bb(front())


def weighted_field(b: Board, objectives: list[Objective]) -> tuple[int, ...]:
    """Per land hex: min over objectives of (head + distance), grown ring by ring as bitboards.
    A pure function of the objectives: positions whose objectives did not change share it (the
    German plan's almost never change, and a search visits thousands of positions)."""
    return _fields(b, tuple(objectives))  # type: ignore[no-any-return]


def _weighted_field(b: Board, objectives: tuple[Objective, ...]) -> tuple[int, ...]:
    dist = [FAR] * b.m.size
    seeds: dict[int, int] = {}
    for o in objectives:
        if o.hexes:
            seeds[o.head] = seeds.get(o.head, 0) | b.m.bb(o.hexes)
    if not seeds:
        return tuple(dist)
    reached = 0
    frontier = 0
    for k in range(FAR):
        grown = (b.dil.step(frontier) | seeds.get(k, 0)) & b.land & ~reached
        if not grown and k > max(seeds):
            break
        for h in bits(grown):
            dist[h] = k
        reached |= grown
        frontier = grown
    return tuple(dist)


_fields = PureMemo(_weighted_field, limit=512)


def levels(field: tuple[int, ...]) -> tuple[int, ...]:
    """The hexes of ``field`` at each distance below FAR, as bitboards (``levels(f)[k]``: where ``f`` is
    ``k``), so "the nearest of these hexes" is a few bitboard tests instead of a look-up per hex.
    Kept per field object (fields are shared through ``_fields``)."""
    got = _LEVELS.get(id(field))
    if got is not None and got[0] is field:
        return got[1]
    top = max((d for d in field if d < FAR), default=-1)
    by = [0] * (top + 1)
    for h, d in enumerate(field):
        if d < FAR:
            by[d] |= 1 << h
    if len(_LEVELS) >= 512:
        _LEVELS.clear()
    out = tuple(by)
    _LEVELS[id(field)] = (field, out)  # the field is kept alive with it, so its id is not reused meanwhile
    return out


_LEVELS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def cover_counts(s: Position) -> dict[int, int]:
    """Front hex -> how many Allied stacks put it in their ZOC (6.2). Shared by the positions with the
    same Allied hexes: read it, never change it."""
    return _covers(s.board, s.side_bb("allied"))  # type: ignore[no-any-return]


def _cover_counts(b: Board, allied: int) -> dict[int, int]:
    out = {}
    for h in front():
        n = (allied >> h) & 1
        for j in b.land_nbrs[h]:
            n += (allied >> j) & 1
        out[h] = n
    return out


_covers = PureMemo(_cover_counts, limit=512)


def german_scorers(s: Position) -> list[int]:
    """Hexes of German stacks west of the Rhine in supply: what the German victory points count (13.3)."""
    b = s.board
    sup = supply_area(s, "german")
    return [h for h in bits(s.side_bb("german") & b.west_of_rhine & sup)]


def allied_phase(s: Position) -> str:
    """Ports until one works (or the lodgement turns pass); then seal the line; once sealed, close the pockets."""
    ports = [lab for lab in allied_sources(s) if lab != "B" and s.map.index[lab] in s.board.port_at]
    if not ports and s.turn <= LODGEMENT_TURNS:
        return "lodgement"
    gaps = [h for h, n in cover_counts(s).items() if n == 0]
    return "close" if not gaps else "seal"


def allied_plan(s: Position) -> Plan:
    b = s.board
    m = s.map
    phase = allied_phase(s)
    cover = cover_counts(s)
    german = s.side_bb("german")
    # a front hex is a gap while no Allied ZOC covers it; a German division standing on it keeps it open
    gaps = tuple(h for h, n in cover.items() if n == 0 or (german >> h) & 1)
    sources = allied_sources(s)
    captured = set(s.g["captured"])
    # ports that would pay (8.1) and fortified ports still feeding the Germans (8.4)
    by_name = {p.name: p for p in b.ports}
    # a port held by a German garrison is no walk-in objective: a siege would tie the army down in front
    # of a fortification (7.5); it falls to the hunt once the line is sealed
    ports = tuple(p.hex for p in b.ports
                  if not (german >> p.hex) & 1 and not (p.fortified and m.label(p.hex) not in captured)
                  and p.supply > 0 and m.label(p.hex) not in sources
                  and (p.needs is None or m.label(by_name[p.needs].hex) in sources))  # Rouen after Le Havre (8.5)
    # an empty fortified port never captured feeds every German it reaches (8.4) and falls to the first
    # Allied division that walks in: the cheapest supply source to shut, in every phase
    forts = tuple(p.hex for p in b.ports if p.fortified and not (german >> p.hex) & 1
                  and m.label(p.hex) not in captured)
    # a garrisoned fortified port still feeds the Germans around it (8.4): besiege it from the free hexes
    # next to it, at most a full stack in each, so the rest of the army marches on
    allied = s.side_bb("allied")
    held = m.bb(p.hex for p in b.ports if p.fortified and (german >> p.hex) & 1 and m.label(p.hex) not in captured)
    around = b.dil.step(held) & b.land & ~german
    slots = tuple(h for h in bits(around) if s.stack_count(h, "allied") < 3)
    ports = ports + slots
    # before the line is sealed the army marches; afterwards it hunts every German still scoring
    scorers = german_scorers(s) if phase == "close" else []
    near_scorers = b.dil.step(m.bb(scorers)) & b.land & ~german
    east = b.east_of_vl & supply_area(s, "allied") & b.land & ~german
    # heads: ports, seal, hunt, forts (an empty fort is picked up on the march to the line, not a detour)
    heads = {"lodgement": (0, 6, 8, 0), "seal": (7, 0, 8, 4), "close": (3, 0, 0, 0)}[phase]
    objectives = [
        Objective("forts", forts, heads[3]),
        Objective("ports", ports, heads[0]),
        Objective("seal", gaps, heads[1]),
        Objective("hunt", tuple(bits(near_scorers)), heads[2]),
        Objective("east", tuple(bits(east & ~front_bb())) if phase == "close" else (), 3),
    ]
    return Plan("allied", phase, tuple(objectives), weighted_field(b, objectives), cover, around & allied)


def german_plan(s: Position) -> Plan:
    """Hold west of the Rhine, in the fortifications first (what the German heuristic's hex values reward)."""
    b = s.board
    allied = s.side_bb("allied")
    west_forts = b.fortification & b.west_of_rhine & b.land & ~allied
    objectives = [Objective("hold", tuple(bits(west_forts)), 0)]
    return Plan("german", "hold", tuple(objectives), weighted_field(b, objectives), cover_counts(s))


def plan(s: Position, side: str) -> Plan:
    """The side's plan for this position, memoised until the position changes."""
    return s.cached(("plan", side), lambda: allied_plan(s) if side == "allied" else german_plan(s))  # type: ignore[no-any-return]


def holding(p: Plan, s: Position, uid: str) -> int:
    """How many front hexes only this division's stack covers: leaving opens that many gaps (Allies);
    a division in a siege slot (``Plan.anchor``) counts as holding one."""
    h = s.hex_of(uid)
    if h is None or UNITS[uid].side != "allied":
        return 0
    if (p.anchor >> h) & 1:
        return 1
    if s.stack_count(h, "allied") > 1:
        return 0
    b = s.board
    return sum(1 for j in (h, *b.land_nbrs[h]) if p.front_cover.get(j) == 1)
