"""The heuristic's campaign plan (issue 31): the chain of Control to the foot of a Rhine crossing, the lead Corps
and what it needs, and where supplies can reach it.

Why a plan: the crossing wins only with an unbroken chain of the commander's own Control markers back to his
start (rttr How to win the game), counter-attacks keep cutting that chain (rttr Counter-attack), and a Corps
moves only on Fuel and fights only on Ammo that Trucks bring one route at a time (rttr Core action: Truck
Supplies). Traced heuristic games stalled on exactly these: half the entries into a Victory space came with a
broken chain, and lead Corps sat without Fuel or Ammo beyond the reach of any stocked source.
"""

from __future__ import annotations

from functools import cache

from ...core.p2p import UNREACHABLE, bits
from ...core.state import PureMemo
from . import supply
from .board import board
from .position import Corps, Position

CROSSING_AMMO = 3  # an average Axis card (2) plus the harder Victory-space unit (1), tables.toml [axis]


def feet(s: Position, commander: str) -> list[str]:
    """Spaces of the area one Rhine crossing from a Victory space he does not control yet."""
    return _feet(commander, s.sets()["control:" + commander])


def _feet(commander: str, own: int) -> list[str]:
    """:func:`feet` from the commander's own Control markers."""
    b = board()
    g = b.graph
    area = b.areas[commander]
    goals = tuple(v for v in area.victory if not own >> g.index[v] & 1)
    return _feet_of(commander, goals)


@cache
def _feet_of(commander: str, goals: tuple[str, ...]) -> list[str]:
    b = board()
    g = b.graph
    return sorted({n for v in goals for n in g.neighbours(v)
                   if g.link_kind(n, v) == "rhine_crossing" and b.in_area(commander, n)})


def _costs_of(commander: str, own: int, control: int, sources: int, through_rivals: bool) -> list[int]:
    """0-1 distances: a space costs 1 unless it holds the commander's own Control marker; a rival's Control
    marker blocks unless ``through_rivals`` (a rival's space joins his chain only after a counter-attack frees
    it), a Victory space always (it is the goal)."""
    b = board()
    g = b.graph
    area = b.areas[commander].spaces & ~g.bb(b.areas[commander].victory)
    open_ = area & ~own if through_rivals else area & ~control
    cost = [UNREACHABLE] * len(g)
    reached = g.flood(sources & own, own) if sources & own else 0
    k = 0
    frontier = reached
    while True:
        for i in bits(frontier):
            cost[i] = k
        k += 1
        new = ((g.step(reached) | sources) & open_) & ~reached
        if not new:
            return cost
        grown = g.flood(reached | new, own | new)
        frontier = grown & ~reached
        reached = grown


def chain(s: Position, commander: str) -> tuple[list[int], list[int], int]:
    """(from the start, from the feet, total): spaces still to take for a chain from the start to the foot of a
    crossing (0: the foot is linked by his own Control markers). When rivals' Control markers cut every way,
    the costs run through them (they must be counter-attacked first: ``blockers``). Cached per position."""
    got = s.memo.get(("ai_chain", commander))  # asked per space by the priors: ``cached`` on a miss only
    if got is not None:
        return got  # type: ignore[no-any-return]

    def compute() -> tuple[list[int], list[int], int]:
        sets = s.sets()
        return _chain(commander, sets["control:" + commander], sets["control"])  # type: ignore[no-any-return]
    return s.cached(("ai_chain", commander), compute)  # type: ignore[no-any-return]


def _chain_of(commander: str, own: int, control: int) -> tuple[list[int], list[int], int]:
    """:func:`chain` from the Control markers alone (his own, everybody's): the board does the rest."""
    b = board()
    g = b.graph
    f = g.bb(_feet(commander, own))
    start = g.bb(b.areas[commander].start)
    for through in (False, True):
        ds = _costs_of(commander, own, control, start, through)
        dg = _costs_of(commander, own, control, f, through)
        total = min((ds[i] for i in bits(f) if ds[i] >= 0), default=UNREACHABLE)
        if total >= 0:
            break
    return ds, dg, total


_chain = PureMemo(_chain_of)  # positions with the same Control markers share the plan (MCTS: most of them)


def blocker(s: Position, commander: str, sid: str) -> bool:
    """A rival's Control marker on a cheapest way of the chain: a counter-attack there reopens it."""
    who = s.controller(sid)
    if who is None or who == commander:
        return False
    ds, dg, total = chain(s, commander)
    i = s.graph.index[sid]
    return total >= 0 and ds[i] >= 0 and dg[i] >= 0 and ds[i] + dg[i] - 1 == total


def chain_gain(s: Position, commander: str, sid: str) -> int:
    """How many spaces fewer the chain needs once ``sid`` is his (0 off the best paths)."""
    ds, dg, total = chain(s, commander)
    i = s.graph.index[sid]
    if ds[i] < 0 or dg[i] < 0 or total < 0 or s.controller(sid) is not None:
        return 0
    return max(0, total - (ds[i] + dg[i] - 2))


def chain_intact(s: Position, commander: str, sid: str) -> bool:
    """Whether ``sid`` links to his start by his own Control markers (the crossing's condition)."""
    g = s.graph
    own = s.sets()["control:" + commander] | g.bb([sid])
    return bool(g.flood(g.bb([sid]), own) & g.bb(s.board.areas[commander].start))


def lead(s: Position, commander: str, to_goal: list[int]) -> Corps | None:
    """The Corps nearest the goal that can still move on (unflipped if any is)."""
    g = s.graph
    corps = s.corps_of(commander)
    if not corps:
        return None

    def key(c: Corps) -> tuple[int, int, str]:
        d = to_goal[g.index[c["space"]]]
        return (1 if c["flipped"] else 0, d if d >= 0 else 99, c["id"])
    return min(corps, key=key)


def route_reach(s: Position, commander: str, src: str) -> list[int]:
    """Links a truck route from ``src`` needs to each space (through spaces a route may enter)."""
    got = s.memo.get(("ai_route", commander, src))
    if got is not None:
        return got  # type: ignore[no-any-return]

    def compute() -> list[int]:
        return _route_reach(s.graph.index[src], supply.route_allowed_bits(s, commander))  # type: ignore[no-any-return]
    return s.cached(("ai_route", commander, src), compute)  # type: ignore[no-any-return]


def _distances_from(src: int, allowed: int) -> list[int]:
    return board().graph.distances(1 << src, allowed)  # type: ignore[no-any-return]


_route_reach = PureMemo(_distances_from)  # a route's reach depends only on its source and the spaces it may enter


def reaches(s: Position, commander: str, src: str, sid: str) -> bool:
    """Whether one Truck Supplies action from ``src`` can load a Corps standing in ``sid``."""
    d = route_reach(s, commander, src)[s.graph.index[sid]]
    return 0 <= d <= supply.trucks_per_action(s, commander)


def supply_point(s: Position, commander: str, sid: str) -> bool:
    """A small depot or a port of his area: once his, Take Supplies can put supplies there (supply.py)."""
    b = s.board
    return b.in_area(commander, sid) and (b.has_flag(sid, "depot") or b.has_flag(sid, "port"))


def sources(s: Position, commander: str) -> list[str]:
    """Where supplies can start a truck route: his Main Supply Base, ports and small depots he holds."""
    return supply.supply_destinations(s, commander, True)

