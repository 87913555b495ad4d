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
rail and other unlimited moves use :func:`flood_reach` on bitboards. Where every
step costs one (D-Day 3rd, Onslaught), :func:`layered_reach` finds the reach ring
by ring on bitboards with the same interface (:class:`LayeredReach`).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .bitboard import Dilator, bits
from .kernels import KERNELS

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


# --------------------------------------------------------------------------
# Layered reach: every step costs 1 (D-Day §9.1.1, Onslaught 6.1)
# --------------------------------------------------------------------------
Step = tuple[Dilator, int]
"""One kind of step of a layered move: along a :class:`Dilator`, into the hexes of a mask (``-1``: any)."""


class LayeredReach:
    """Where a move goes when every step costs one: ``layers[k]`` = the hexes first reached after k steps,
    ``expand[k]`` = those the move may go on from (the start is ``layers[0]``), ``crossing`` = hexes entered
    by a whole-allowance first step. The interface of :class:`Reach` (``start``, ``cost``, ``pred``,
    ``ends``, ``path``), with the sets as bitboards; ``cost`` and ``pred`` are built only when asked.

    A path goes back one layer at a time to a hex the move went on from that steps into the hex: the
    lowest-numbered one (the hex a lowest-first Dijkstra reaches it from), or the first in ``order[h]``
    when an order is given. ``ends_bb`` is every hex reached unless the caller narrows it (stacking)."""

    __slots__ = ("start", "layers", "expand", "crossing", "allowance", "ends_bb", "steps", "into", "order", "_cost")

    def __init__(self, start: int, layers: list[int], expand: list[int], crossing: int, allowance: int,
                 ends_bb: int, steps: tuple[Step, ...], into: Sequence[int] | None,
                 order: Sequence[Sequence[int]] | None):
        self.start = start
        self.layers = layers
        self.expand = expand
        self.crossing = crossing
        self.allowance = allowance
        self.ends_bb = ends_bb
        self.steps = steps
        self.into = into  # per hex, the hexes a step may come from (static), or None: from the steps
        self.order = order
        self._cost: dict[int, int] | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LayeredReach):
            return NotImplemented
        return (self.start, self.layers, self.expand, self.crossing, self.allowance, self.ends_bb) == \
            (other.start, other.layers, other.expand, other.crossing, other.allowance, other.ends_bb)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LayeredReach(start={self.start}, layers={len(self.layers)}, ends={self.ends_bb.bit_count()})"

    @property
    def reached(self) -> int:
        """Every hex entered (not the start), as a bitboard."""
        out = self.crossing
        for layer in self.layers[1:]:
            out |= layer
        return out

    @property
    def ends(self) -> list[int]:
        return bits(self.ends_bb)

    @property
    def cost(self) -> dict[int, int]:
        """Hex -> steps to reach it (the start 0, a whole-allowance crossing the allowance)."""
        if self._cost is None:
            self._cost = _layer_costs(self.start, self.layers, self.crossing, self.allowance)
        return self._cost

    def cost_of(self, h: int) -> int:
        """``cost[h]`` without building the dict (KeyError when not reached)."""
        for k, layer in enumerate(self.layers):
            if (layer >> h) & 1:
                return k
        if (self.crossing >> h) & 1:
            return self.allowance
        raise KeyError(h)

    @property
    def pred(self) -> dict[int, int]:
        """Hex -> the hex the route :meth:`path` takes reaches it from (as ``Reach.pred``; built when asked)."""
        out = {}
        for k, ring in enumerate(self.layers):
            if k:
                for h in bits(ring):
                    out[h] = self._came(self.expand[k - 1], h)
        for h in bits(self.crossing):
            out[h] = self.start
        return out

    def _came(self, layer: int, h: int) -> int:
        came = layer & (self.into[h] if self.into is not None else _into_by(self.steps, h))
        if self.order is None:
            return (came & -came).bit_length() - 1
        return next(p for p in self.order[h] if (came >> p) & 1)

    def path(self, to: int) -> list[int]:
        """The hexes from start to ``to`` inclusive (KeyError when not reached, like :meth:`Reach.path`)."""
        if (self.crossing >> to) & 1:
            return [self.start, to]
        cost = self.cost
        k = cost[to]
        out = [to]
        while k:
            out.append(self._came(self.expand[k - 1], out[-1]))
            k = cost[out[-1]]  # the hex came from may have been reached before it was gone on from (side_stop)
        out.reverse()
        return out


def _layer_costs_py(start: int, layers: list[int], crossing: int, allowance: int) -> dict[int, int]:
    """``LayeredReach.cost``: the start 0, the hexes of layer k k, a whole-allowance crossing the allowance."""
    out = {start: 0}
    for k, ring in enumerate(layers):
        if k:
            for h in bits(ring):
                out[h] = k
    for h in bits(crossing):
        out[h] = allowance
    return out


_layer_costs: Callable[[int, list[int], int, int], dict[int, int]] = (
    _layer_costs_py if KERNELS is None else KERNELS.layer_costs)  # the compiled twin (core/_kernels.pyx) when built


def layered_reach(start: int, mp: int, steps: Sequence[Step], passable: int, *, stop: int = 0,
                  first_forbidden: int = 0, whole: Dilator | None = None,
                  side_stop: frozenset[tuple[int, int]] | set[tuple[int, int]] = frozenset(),
                  into: Sequence[int] | None = None, order: Sequence[Sequence[int]] | None = None) -> LayeredReach:
    """Every hex a move of ``mp`` one-cost steps reaches from ``start``, ring by ring on bitboards.

    The layers a game's rules add, each a bitboard or a set of hexsides:

    * ``passable`` — hexes that may be entered (no enemy units; strategic moves: not into ZOC or near the enemy);
    * ``stop`` — the move ends on entering (enemy ZOC, mountains; D-Day §9.1.1, §9.1.4, Onslaught 6.2);
    * ``first_forbidden`` — not as the first step (no ZOC to ZOC: Onslaught 6.2, D-Day §9.1.4);
    * ``whole`` — hexsides (a dilator over them) crossed only as the first step, for the whole allowance,
      ending the move (Onslaught 6.5 major waterways);
    * ``side_stop`` — (from, to) hexsides whose crossing ends the move in the hex entered, though the hex
      may be gone on from when reached another way (D-Day §11.3 river interdiction);
    * ``steps`` — several kinds of step, each into a mask (Onslaught 6.5: the Rhine into bridge hexes).

    ``into`` (per hex, the hexes a step may come from) is derived from the steps unless given; ``order``
    picks a path's predecessors by neighbour order instead of lowest hex first.
    """
    s1 = 1 << start
    reached = free = here = s1  # reached: has a cost; free: the move went on from it (or may)
    layers, expand = [s1], [s1]
    steps = tuple(steps)
    single = steps[0][0].step if len(steps) == 1 and steps[0][1] == -1 else None
    go_on = ~stop
    for k in range(1, mp + 1):
        if single is not None:
            nxt = single(here) & passable
        else:
            nxt = 0
            for dil, mask in steps:
                nxt |= dil.step(here) & mask
            nxt &= passable
        if k == 1 and first_forbidden:
            nxt &= ~first_forbidden
        ring = nxt & ~reached
        went_on = nxt & ~free
        if side_stop:
            into_ = into if into is not None else _into_table(steps)
            for h, n in side_stop:  # entered across such a side, the move ends there unless entered another way
                if (here >> h) & 1 and (went_on >> n) & 1 and \
                        not any((g, n) not in side_stop for g in bits(here & into_[n])):
                    went_on &= ~(1 << n)
        if not ring and not went_on:
            break
        layers.append(ring)
        reached |= ring
        free |= went_on
        here = went_on & go_on
        expand.append(here)
        if not here:
            break
    crossing = 0
    if whole is not None and mp > 0:
        crossing = whole.step(s1) & passable & ~first_forbidden & ~reached
    return LayeredReach(start, layers, expand, crossing, mp, (reached & ~s1) | crossing, steps, into, order)


def reverse_steps(dil: Dilator) -> list[int]:
    """Per slot, the slots one step of ``dil`` comes from (remembered per dilator)."""
    got = _INTO.get(id(dil))
    if got is None or got[0] is not dil:
        out = [0] * dil.size
        for delta, mask in dil.groups:
            for t in bits((mask << delta) if delta > 0 else (mask >> -delta)):
                if t < dil.size:
                    out[t] |= 1 << (t - delta)
        got = _INTO[id(dil)] = (dil, out)
    return got[1]


def _into_by(steps: tuple[Step, ...], h: int) -> int:
    out = 0
    for dil, mask in steps:
        if (mask >> h) & 1:
            table = reverse_steps(dil)
            if h < len(table):
                out |= table[h]
    return out


def _into_table(steps: tuple[Step, ...]) -> list[int]:
    if len(steps) == 1 and steps[0][1] == -1:
        return reverse_steps(steps[0][0])
    size = max(d.size for d, _ in steps)
    return [_into_by(steps, h) for h in range(size)]


_INTO: dict[int, tuple[Dilator, list[int]]] = {}


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
