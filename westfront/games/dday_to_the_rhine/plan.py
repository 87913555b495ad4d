"""The operational plan the 1944 AI steers by (issue 21): objectives drawn from the victory conditions.

Each side's plan is re-derived from the position whenever it changes (memoised on
it like supply), from facts both players see: who controls which city, where the
units stand, the supply map. Nothing here reads hidden identities or the objective
card. The plan is a set of weighted objective hexes per role, turned into land
distance fields, so a destination's worth is "how many hexes nearer the objective".

Allied phases (17.1/17.2, 8.0): ashore and ports (port capacity is RP), break out
to the cities west of the Rhine, then armies drive on the exit zones (an army
exited in supply by February wins at once, 17.1) while corps take the cities that
carry supply east and that the end-of-game test counts (the Ruhr, Essen/Munster,
Frankfurt/Stuttgart). German plan: hold the cities the March test counts.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

from ...core.bitboard import bits
from ...core.state import PureMemo
from . import units as U
from .board import EXIT_ZONES, board
from .position import Position
from .supply import supply_map

FAR = 99  # distance where no objective is reachable


@dataclass(frozen=True)
class Plan:
    """One side's objectives this moment, as distance fields (hexes to the nearest objective)."""

    side: str
    phase: str  # "lodgement", "breakout" or "exit" (Allies); "hold" (Germans)
    cities: tuple[int, ...]  # cities to take (Allies) or keep (Germans), most urgent first
    to_city: tuple[int, ...]  # per hex: land distance to the nearest objective city
    to_exit: tuple[int, ...]  # per hex: land distance to the nearest exit-zone hex (Germans: the threatened zones)


def field(targets: list[int]) -> tuple[int, ...]:
    """Breadth-first land distance from every hex to the nearest target (FAR if none). A pure function
    of the targets, shared by every position with the same objectives (they change with control only,
    and a search scores thousands of positions)."""
    return _fields(tuple(targets))  # type: ignore[no-any-return]


def _field(targets: tuple[int, ...]) -> tuple[int, ...]:
    b = board()
    dist = [FAR] * b.size
    q: deque[int] = deque()
    for t in targets:
        if dist[t] != 0:
            dist[t] = 0
            q.append(t)
    adj = b.adj
    while q:
        i = q.popleft()
        d = dist[i] + 1
        for j in adj[i]:
            if dist[j] > d:
                dist[j] = d
                q.append(j)
    return tuple(dist)


_fields = PureMemo(_field, limit=256)


@cache
def exit_field() -> tuple[int, ...]:
    """Land distance to the nearest exit-zone hex (17.1); the board is static, so built once."""
    return field([h for k in EXIT_ZONES for h in board().zone(k)])


@cache
def zone_field(key: str) -> tuple[int, ...]:
    """Land distance to one exit zone's hexes (static)."""
    return field(list(board().zone(key)))


def threatened_exits(s: Position) -> tuple[int, ...]:
    """For the German screen: distance to the exit zones an Allied army is nearest to (all if no army)."""
    armies = [s.hex_of(u) for u in s.on_map("allied") if U.is_army(u)]
    if not armies:
        return exit_field()
    near = {k: min(zone_field(k)[i] for i in armies) for k in EXIT_ZONES}
    best = min(near.values())
    keys = [k for k, d in near.items() if d <= best + 2]
    if len(keys) == len(EXIT_ZONES):
        return exit_field()
    return field([h for k in keys for h in board().zone(k)])


def allied_phase(s: Position) -> str:
    """Ashore until a port works; breakout until an Allied unit stands by the Rhine; then exit."""
    b = board()
    if not s.allied_ports_bb():
        return "lodgement"
    east_reach = max((b.offset(s.hex_of(u))[0] for u in s.on_map("allied")), default=0)
    rhine_col = min((b.offset(i)[0] for i in bits(b.city_bb & b.east_bb)), default=FAR)
    return "exit" if east_reach >= rhine_col - 2 or s.turn >= 6 else "breakout"


def allied_cities(s: Position, phase: str) -> list[int]:
    """German-held cities worth taking now: ports first while ashore, then everything that counts."""
    b = board()
    held = s.allied_control_bb()
    enemy = [i for i in bits(b.city_bb) if not (held >> i) & 1]
    if phase == "lodgement":
        ports = [i for i in enemy if b.cities[i].port and not b.cities[i].fortress_port]
        return ports or enemy
    return enemy


PHASE_TEXT = {
    "lodgement": "Get a working port: port capacity is what buys replacements (8.0).",
    "breakout": "Break out and take the German-held cities west of the Rhine (17.2).",
    "exit": "Drive the armies on the exit zones: an army exited in supply wins at once (17.1); "
            "corps take the cities that carry supply east.",
    "hold": "Hold the supplied German cities the end-of-game test counts; screen the exit zones an Allied army "
            "nears (17.1, 17.2).",
}


def summary(p: Plan) -> dict[str, object]:
    """The plan for the player who asks after the game (issue 21, 'the AI explains itself')."""
    b = board()
    exits = [b.label(i) for i in range(len(p.to_exit)) if p.to_exit[i] == 0]
    objectives = [{"name": "cities", "priority": 0, "count": len(p.cities), "hexes": [b.label(i) for i in p.cities],
                   "text": "cities to take" if p.side == "allied" else "supplied cities in Germany to keep"}]
    if p.side == "german" or p.phase == "exit":
        objectives.append({"name": "exits", "priority": 0 if p.phase == "exit" else 1, "count": len(exits),
                           "hexes": exits, "text": "exit-zone hexes to reach" if p.side == "allied"
                           else "exit-zone hexes to screen"})
    return {"side": p.side, "phase": p.phase, "text": PHASE_TEXT[p.phase], "objectives": objectives}


def compute(s: Position, side: str) -> Plan:
    b = board()
    if side == "allied":
        phase = allied_phase(s)
        cities = allied_cities(s, phase)
    else:
        phase = "hold"
        held = s.allied_control_bb()
        sources = supply_map(s, "german").sources
        cities = [i for i in bits(b.city_bb & b.germany_bb) if not (held >> i) & 1 and (sources >> i) & 1]
        return Plan(side, phase, tuple(cities), field(cities), threatened_exits(s))
    return Plan(side, phase, tuple(cities), field(cities), exit_field())


def plan(s: Position, side: str) -> Plan:
    """The side's plan for this position, memoised until the position changes."""
    got = s.memo.get(("plan", side))
    if got is None:
        got = s.cached(("plan", side), lambda: compute(s, side))
    return got  # type: ignore[no-any-return]


def army_exit_distance(s: Position) -> int:
    """Hexes from the Allied army nearest an exit zone to that zone (FAR with no army on the map).
    Memoised on the position: the AI's priors ask it for every destination they score."""

    def build() -> int:
        ex = exit_field()
        return min((ex[s.hex_of(u)] for u in s.on_map("allied") if U.is_army(u)), default=FAR)

    got = s.memo.get("army_exit_distance")
    if got is None:
        got = s.cached("army_exit_distance", build)
    return got  # type: ignore[no-any-return]
