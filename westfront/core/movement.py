"""Movement reach: one Dijkstra, many cost models.

A :class:`MoveModel` describes what one moving unit (or stack) pays and may do
this activation; :func:`reach` returns every hex it can end in, the cost and the
cheapest path. The four hex games differ only in how they fill the model:

* terrain costs per hex (``enter``) and surcharges per hexside (``side_extra``),
  e.g. 1944's +1 MP Rhine, SFN's +1 MP major river;
* ``stop``: hexes that end the move on entry (marsh, mountain, and enemy ZOC
  under the stop-on-entry rules of Onslaught 6.2, SFN 11.4 and D-Day §9.1.4);
* ``zoc`` + ``zoc_cost``: 1944 11.0 — entering an enemy ZOC hex costs 2 MP (the
  higher of that and the terrain, not the sum);
* ``first_step_forbidden``: Onslaught's "no ZOC to ZOC" (all enemy ZOC) or
  D-Day's engagement rule (the ZOC of the units the mover is engaged with);
* ``side_all``: hexsides whose crossing takes the whole allowance (Onslaught
  6.5 major waterways): only as the first step, and the move ends there;
* ``min_one_hex``: SFN 12.4 — a unit may always move one hex by spending all;
* ``blocked``/``no_end``: hexes that cannot be entered / entered but not ended in.

Motorised (1944 11.2: hexes, not terrain) and strategic moves are models too;
rail and other unlimited moves use :func:`flood_reach` on bitboards.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field

from .bitboard import Dilator, bits

PROHIBITED = -1


@dataclass(slots=True)
class MoveModel:
    mp: int
    enter: Sequence[int]  # cost to enter each slot, PROHIBITED (-1) when it cannot be entered
    side_extra: dict[tuple[int, int], int] = field(default_factory=dict)  # (from, to) -> extra MP, -1 = blocked
    side_all: frozenset[tuple[int, int]] = frozenset()  # crossing uses the whole allowance
    blocked: int = 0
    stop: int = 0
    no_end: int = 0
    zoc: int = 0
    zoc_cost: int | None = None
    first_step_forbidden: int = 0
    min_one_hex: bool = False


@dataclass(slots=True)
class Reach:
    start: int
    cost: dict[int, int]
    pred: dict[int, int]
    ends: list[int]

    def path(self, to: int) -> list[int]:
        """The hexes from start to ``to`` inclusive along the cheapest route found."""
        if to not in self.cost:
            raise KeyError(to)
        out = [to]
        while out[-1] != self.start:
            out.append(self.pred[out[-1]])
        out.reverse()
        return out


def reach(nbrs: Sequence[Sequence[int]], start: int, model: MoveModel) -> Reach:
    """All hexes reachable from ``start`` within ``model.mp``; Dijkstra on small integer costs."""
    mp = model.mp
    enter = model.enter
    side_extra = model.side_extra
    side_all = model.side_all
    # bitboards -> sets once per call: membership tests on big ints allocate
    blocked = set(bits(model.blocked))
    stop = set(bits(model.stop))
    stop.discard(start)
    zoc = set(bits(model.zoc)) if model.zoc_cost is not None else set()
    zoc_cost = model.zoc_cost or 0
    first_forbidden = set(bits(model.first_step_forbidden))
    big = 1 << 30
    cost: dict[int, int] = {start: 0}
    pred: dict[int, int] = {}
    heap: list[tuple[int, int]] = [(0, start)]
    while heap:
        c, h = heapq.heappop(heap)
        if c != cost[h] or h in stop:
            continue  # stale entry, or a must-stop hex: the move ends there
        at_start = h == start
        for n in nbrs[h]:
            if n in blocked:
                continue
            e = enter[n]
            if e < 0:
                continue
            if n in zoc and zoc_cost > e:
                e = zoc_cost
            if at_start:
                if n in first_forbidden:
                    continue
                if (h, n) in side_all:
                    if mp > 0 and mp < cost.get(n, big):
                        cost[n] = mp  # the whole allowance, and no further
                        pred[n] = h
                    continue
            elif side_all and (h, n) in side_all:
                continue
            extra = side_extra.get((h, n), 0) if side_extra else 0
            if extra < 0:
                continue
            nc = c + e + extra
            if nc > mp:
                if at_start and model.min_one_hex and mp > 0:
                    nc = mp  # SFN 12.4: one hex for everything the unit has
                else:
                    continue
            if nc < cost.get(n, big):
                cost[n] = nc
                pred[n] = h
                if nc < mp:
                    heapq.heappush(heap, (nc, n))
    no_end = model.no_end
    ends = [h for h in cost if h != start and not (no_end >> h) & 1]
    ends.sort()
    return Reach(start, cost, pred, ends)


def flood_reach(dilator: Dilator, start: int, passable: int, allowed_ends: int, limit: int | None = None) -> list[int]:
    """Hexes an unlimited (or ``limit``-hex) move may end in: rail moves, redeployments."""
    area = dilator.flood(1 << start, passable, limit)
    return [h for h in bits(area & allowed_ends) if h != start]


def zoc_of(dilator: Dilator, units: int, *, no_out_of: int = 0, no_into: int = 0) -> int:
    """The ZOC projected by units on ``units`` (a bitboard of hexes).

    ``dilator`` must already skip the hexsides ZOC does not cross (sea, and rivers
    in D-Day §4.1); ``no_out_of``/``no_into`` exclude hexes (fortresses,
    impassable mountains) from projecting or receiving ZOC.
    """
    return dilator.step(units & ~no_out_of) & ~no_into


def within_mp(dilator: Dilator, sources: int, passable: int, k: int) -> int:
    """Hexes within ``k`` one-MP steps of ``sources`` (Onslaught 6.4 distance counting)."""
    return dilator.flood(sources, passable, k)
