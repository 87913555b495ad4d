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
    """One unit's move. ``enter``, ``side_extra`` and ``side_all`` should be per-board constants
    (the same objects every call, never mutated): :func:`reach` compiles them once per object."""

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
    """All hexes reachable from ``start`` within ``model.mp``.

    A bucket queue over the integer costs 0..mp with the hexside costs compiled once per
    (adjacency, ``enter``, ``side_extra``, ``side_all``) — so those must not be mutated after
    use; games pass per-board constants. Within one cost the hexes are expanded lowest index
    first, which is the order of :func:`reach_dijkstra` (a heap of ``(cost, hex)``), so costs,
    predecessors and paths are the same as there. Graphs with free (0-MP) steps use that one.
    """
    graph = _compiled(nbrs, model.enter, model.side_extra, model.side_all)
    mp = model.mp
    if graph is None or graph.free_steps or mp > _BUCKETS_MAX:
        return reach_dijkstra(nbrs, start, model)
    if mp < 0:
        return Reach(start, {start: 0}, {}, [])
    # Only hexes within mp steps matter (every step costs at least 1): cutting the bitboards
    # to that ball first makes turning them into sets cheap on big maps.
    ball = graph.ball(start, mp)
    big = 1 << 30
    costs = [big] * len(nbrs)
    for h in bits(model.blocked & ball):
        costs[h] = -1  # never improved on: blocked hexes are never entered
    stop = set(bits(model.stop & ball))
    stop.discard(start)
    zoc = set(bits(model.zoc & ball)) if model.zoc_cost is not None else _EMPTY
    zoc_cost = model.zoc_cost or 0
    cost: dict[int, int] = {start: 0}
    pred: dict[int, int] = {}
    buckets: list[list[int]] = [[] for _ in range(mp + 1)]
    _first_step(nbrs, start, model, model.blocked, zoc, zoc_cost, cost, pred, buckets)
    reached = list(cost)  # in the order first reached, as the heap version fills its dict
    for h in reached:
        costs[h] = cost[h]
    adj = graph.adj
    adjz = graph.with_zoc(zoc_cost) if zoc else graph.adjz
    for c in range(1, mp):
        bucket = buckets[c]
        if not bucket:
            continue
        if len(bucket) > 1:
            bucket.sort()  # the heap's tie order: lowest hex first
        for h in bucket:
            if costs[h] != c or h in stop:
                continue  # reached more cheaply since, or a must-stop hex: the move ends there
            if zoc:
                for n, t, tz in adjz[h]:
                    nc = c + (tz if n in zoc else t)
                    if nc <= mp and nc < costs[n]:
                        if costs[n] == big:
                            reached.append(n)
                        costs[n] = nc
                        pred[n] = h
                        if nc < mp:
                            buckets[nc].append(n)
            else:
                for n, t in adj[h]:
                    nc = c + t
                    if nc <= mp and nc < costs[n]:
                        if costs[n] == big:
                            reached.append(n)
                        costs[n] = nc
                        pred[n] = h
                        if nc < mp:
                            buckets[nc].append(n)
    cost = {h: costs[h] for h in reached}
    no_end = set(bits(model.no_end & ball))
    ends = [h for h in reached if h != start and h not in no_end]
    ends.sort()
    return Reach(start, cost, pred, ends)


def can_end_anywhere(nbrs: Sequence[Sequence[int]], start: int, model: MoveModel) -> bool:
    """Whether ``reach(nbrs, start, model).ends`` is non-empty, usually from the first step alone.

    A unit may move at all when some hex it can enter first may be ended in; only when every
    first step lands on a no-end hex (a full stack) does this search further.
    """
    if model.mp <= 0:
        return False
    cost: dict[int, int] = {start: 0}
    zoc_bb = model.zoc if model.zoc_cost is not None else 0
    zoc = {n for n in nbrs[start] if (zoc_bb >> n) & 1}
    _first_step(nbrs, start, model, model.blocked, zoc, model.zoc_cost or 0, cost, {}, None)
    no_end = model.no_end
    if any(not (no_end >> h) & 1 for h in cost if h != start):
        return True
    if len(cost) == 1:
        return False  # not even one hex can be entered
    return bool(reach(nbrs, start, model).ends)


def _first_step(nbrs: Sequence[Sequence[int]], start: int, model: MoveModel, blocked: int,
                zoc: set[int] | frozenset[int], zoc_cost: int, cost: dict[int, int], pred: dict[int, int],
                buckets: list[list[int]] | None) -> None:
    """Relax the moves out of ``start``: the only step where ``first_step_forbidden``,
    ``side_all`` (the whole allowance) and ``min_one_hex`` apply."""
    mp = model.mp
    enter = model.enter
    side_extra = model.side_extra
    side_all = model.side_all
    forbidden = model.first_step_forbidden
    big = 1 << 30
    for n in nbrs[start]:
        if (blocked >> n) & 1:
            continue
        e = enter[n]
        if e < 0:
            continue
        if n in zoc and zoc_cost > e:
            e = zoc_cost
        if forbidden and (forbidden >> n) & 1:
            continue
        if side_all and (start, n) in side_all:
            if mp > 0 and mp < cost.get(n, big):
                cost[n] = mp  # the whole allowance, and no further
                pred[n] = start
            continue
        extra = side_extra.get((start, n), 0) if side_extra else 0
        if extra < 0:
            continue
        nc = e + extra
        if nc > mp:
            if model.min_one_hex and mp > 0:
                nc = mp  # SFN 12.4: one hex for everything the unit has
            else:
                continue
        if nc < cost.get(n, big):
            cost[n] = nc
            pred[n] = start
            if nc < mp and buckets is not None:
                buckets[nc].append(n)


_EMPTY: frozenset[int] = frozenset()
_BUCKETS_MAX = 4096  # allowances above this (unlimited moves) use the heap


@dataclass(slots=True)
class _Graph:
    """Hexside costs of one board: ``adj[h]`` = (neighbour, MP) per step a unit may take out of
    ``h`` after its first (``side_all`` crossings excluded); ``with_zoc(k)`` adds the MP when the
    neighbour is in an enemy ZOC that costs ``k`` (the higher of it and the terrain, plus the side)."""

    keep: tuple[object, ...]  # the inputs, held so their ids stay theirs while cached
    adj: list[tuple[tuple[int, int], ...]]
    free_steps: bool
    parts: list[tuple[tuple[int, int, int], ...]]  # (neighbour, enter, extra)
    balls: dict[tuple[int, int], int] = field(default_factory=dict)
    zocs: dict[int, list[tuple[tuple[int, int, int], ...]]] = field(default_factory=dict)
    adjz: list[tuple[tuple[int, int, int], ...]] = field(default_factory=list)
    dilator: list[Dilator | int] = field(default_factory=list)  # [Dilator over the adjacency, all slots], for balls

    def with_zoc(self, zoc_cost: int) -> list[tuple[tuple[int, int, int], ...]]:
        got = self.zocs.get(zoc_cost)
        if got is None:
            got = self.zocs[zoc_cost] = [tuple((n, e + x, max(e, zoc_cost) + x) for n, e, x in row)
                                         for row in self.parts]
        return got

    def ball(self, start: int, radius: int) -> int:
        """Hexes within ``radius`` steps of ``start`` (as a bitboard), remembered per board."""
        key = (start, radius)
        got = self.balls.get(key)
        if got is None:
            if not self.dilator:  # built on first use: a ring flood of big ints, not a hex-by-hex search
                nbrs = self.nbrs_all
                self.dilator.append(Dilator(nbrs))
                self.dilator.append((1 << len(nbrs)) - 1)
            dil, everything = self.dilator
            assert isinstance(dil, Dilator) and isinstance(everything, int)
            got = dil.flood(1 << start, everything, radius)
            if len(self.balls) >= _BALLS_MAX:
                self.balls.clear()
            self.balls[key] = got
        return got

    @property
    def nbrs_all(self) -> Sequence[Sequence[int]]:
        nbrs = self.keep[0]
        assert isinstance(nbrs, Sequence)
        return nbrs


_GRAPHS: dict[tuple[int, ...], _Graph] = {}
_GRAPHS_MAX = 32
_BALLS_MAX = 50_000
_MISSES: dict[int, int] = {}  # compilations per adjacency object
_MISSES_MAX = 16


def _compiled(nbrs: Sequence[Sequence[int]], enter: Sequence[int], side_extra: dict[tuple[int, int], int],
              side_all: frozenset[tuple[int, int]]) -> _Graph | None:
    """The compiled costs, or None when a big board keeps bringing new cost objects (a caller
    that builds ``enter`` per call): compiling each time would cost more than the search."""
    key = (id(nbrs), id(enter), id(side_extra), id(side_all), len(enter), len(side_extra))
    g = _GRAPHS.get(key)
    if g is not None:
        return g
    misses = _MISSES[id(nbrs)] = _MISSES.get(id(nbrs), 0) + 1
    if misses > _MISSES_MAX and len(nbrs) > 300:
        return None
    if len(_MISSES) > 1000:
        _MISSES.clear()
    adj: list[tuple[tuple[int, int], ...]] = []
    parts: list[tuple[tuple[int, int, int], ...]] = []
    free = False
    for h, ns in enumerate(nbrs):
        row = []
        for n in ns:
            e = enter[n]
            if e < 0 or (h, n) in side_all:
                continue
            x = side_extra.get((h, n), 0)
            if x < 0:
                continue
            if e + x <= 0:
                free = True
            row.append((n, e, x))
        parts.append(tuple(row))
        adj.append(tuple((n, e + x) for n, e, x in row))
    if len(_GRAPHS) >= _GRAPHS_MAX:
        del _GRAPHS[next(iter(_GRAPHS))]
    g = _GRAPHS[key] = _Graph((nbrs, enter, side_extra, side_all), adj, free, parts)
    return g


def reach_dijkstra(nbrs: Sequence[Sequence[int]], start: int, model: MoveModel) -> Reach:
    """:func:`reach` by a binary heap: the reference it is tested against, and the search for
    graphs with 0-MP steps."""
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
